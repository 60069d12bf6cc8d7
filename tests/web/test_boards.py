"""The four boards in a real browser (Debian's chromium driven by Playwright), on a desktop
and a phone screen: every legal target is reached with Tab and played with Enter,
tapping a piece shows what it is, a bot's move is highlighted once it lands, nothing
scrolls sideways and nothing is logged as an error.

Each table seats greedy bots, which answer at once; every wait is on an event of the page.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.web.browsing import (
    SIZES,
    Live,
    OpenPage,
    click_a_legal_move,
    revision,
    wait_past,
    wait_turn,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

GAMES = {
    "through_the_desert": (2, {}),
    "five_tribes": (2, {}),
    "nomads_of_arabia": (3, {"max_turns": 20}),
    "desert_sons": (2, {}),
}
TARGET = ".board .legal[data-action], .board .legal[data-actions]"
ON_BOARD = f"document.querySelector('{TARGET}') !== null"
BOTS_MOVED = "Number(document.getElementById('board').dataset.recent) > 0"
"""Another seat decided since this seat's last decision (board.js counts them)."""
MAX_OWN_MOVES = 200
MAX_TABS = 400
"""More presses of Tab than any page has elements before the board's first target."""


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(params=sorted(SIZES))
def table(
    request: pytest.FixtureRequest, open_page: OpenPage, live: Live, game: str
) -> Iterator[tuple[Page, list[str]]]:
    """A new table of ``game`` with greedy bots in every seat but the first, opened by the
    first seat on a screen of the parametrised size, once its board offers a target."""
    page, errors = open_page(SIZES[request.param])
    players, options = GAMES[game]
    bots = [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    made = live.create(game=game, players=players, options=options, seats=[{}, *bots])
    page.goto(live.url + made["invites"][0]["url"])
    # play on (the bots answer at once) until the board holds a target of this seat
    rng = random.Random(5)
    while wait_turn(page) and not page.evaluate(ON_BOARD):
        click_a_legal_move(page, rng)
    assert page.evaluate(ON_BOARD), "the game ended before the board offered a target"
    yield page, errors


def play_by_keyboard(page: Page) -> None:
    """Tab to the board's first legal target and press Enter; when the target holds several
    actions, Enter again plays the first one the page offers."""
    seen = revision(page)
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        if page.evaluate("(target) => document.activeElement.matches(target)", TARGET):
            break
    else:
        pytest.fail("Tab never reached a legal target of the board")
    several = page.evaluate("document.activeElement.dataset.actions ?? null")
    page.keyboard.press("Enter")
    if several is not None:
        offered = page.locator("#offer [data-action]").first
        offered.wait_for()
        assert offered.get_attribute("data-action") in several.split("|")
        offered.focus()
        page.keyboard.press("Enter")
    wait_past(page, seen)


def tap_to_inspect(page: Page) -> str:
    """Tap the first thing on the board that describes itself (outside any legal target);
    returns the popover's text."""
    point = page.evaluate(
        """() => {
        for (const node of document.querySelectorAll('.board [data-inspect]')) {
          if (node.closest('.legal')) continue;
          node.scrollIntoView({block: 'center', inline: 'center'});
          const r = node.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          const hit = document.elementFromPoint(x, y);
          const mine = hit && hit.closest('[data-inspect]') === node && !hit.closest('.legal');
          if (r.width > 4 && mine) {
            return [x, y, node.dataset.inspect];
          }
        }
        return null;
      }"""
    )
    assert point is not None, "nothing on the board can be inspected"
    x, y, text = point
    page.mouse.click(x, y)
    popover = page.locator(".bd-popover")
    popover.wait_for()
    assert popover.inner_text().split("\n")[0] == text.split("\n")[0]
    return str(text)


def no_sideways_scroll(page: Page) -> bool:
    return bool(
        page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
    )


def test_a_board_is_played_by_keyboard_inspected_by_tapping_and_shows_the_bots_moves(
    table: tuple[Page, list[str]],
) -> None:
    page, errors = table
    assert no_sideways_scroll(page)
    assert tap_to_inspect(page)
    page.keyboard.press("Escape")
    page.wait_for_selector(".bd-popover", state="detached")
    play_by_keyboard(page)
    # play on until a bot's decision since this seat's last one is marked on the board (a
    # decision with no place there, such as a pass at a window, has no mark: the log says it)
    rng = random.Random(11)
    for _ in range(MAX_OWN_MOVES):
        if not wait_turn(page):
            pytest.fail("the game ended before a bot's move was marked on the board")
        if page.evaluate(BOTS_MOVED) and page.locator(".board .bd-recent").count():
            break
        click_a_legal_move(page, rng)
    else:
        pytest.fail("no bot's move was marked on the board")
    assert no_sideways_scroll(page)
    assert errors == []
