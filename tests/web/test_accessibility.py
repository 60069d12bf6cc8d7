"""An accessibility scan of every kind of page with axe-core, at 1280×800 and 390×844:
no serious or critical violation on the lobby, the rules, a table (each game, when the
player is to act, with several choices offered, behind the hotseat screen, and a dead
link) and a replay (each game, with its graph). Each page is opened once, at the phone's
size, and scanned in each window size in turn.

axe-core is the npm package, installed by ``make browser`` into ``.cache/node`` (git
ignores it); without it these tests skip.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.web.browsing import (
    SIZES,
    Live,
    OpenPage,
    play_until_several_choices,
    revision,
    wait_past,
    wait_turn,
)
from tests.web.conftest import FINISHED

if TYPE_CHECKING:
    from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / ".cache/node/node_modules/axe-core/axe.min.js"
if not AXE.exists():
    pytest.skip(
        f"no axe-core at {AXE}: `make browser` installs it (`npm install --prefix .cache/node "
        "axe-core`); npm comes with Debian's `npm` package",
        allow_module_level=True,
    )

GAMES = ["through_the_desert", "five_tribes", "nomads_of_arabia", "desert_sons"]
GREEDY = {"kind": "bot", "bot": "greedy"}
SERIOUS = """axe.run(document, {resultTypes: ["violations"]}).then((result) => result.violations
  .filter((v) => v.impact === "serious" || v.impact === "critical")
  .map((v) => `${v.id} (${v.impact}): ${v.help}; ` +
    v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")))"""
FIRST = SIZES["phone"]
"""The size each page is opened at; it is then scanned at every size in :data:`SIZES`."""


def serious_violations(page: Page) -> dict[str, list[str]]:
    """What axe-core finds serious or critical on the page as it is drawn now, at each
    window size (only the sizes with findings)."""
    page.add_script_tag(path=str(AXE))
    found: dict[str, list[str]] = {}
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        if violations := page.evaluate(SERIOUS):
            found[name] = violations
    return found


def test_the_lobby(open_page: OpenPage, live: Live) -> None:
    page, errors = open_page(FIRST)
    live.create(game="five_tribes", players=2, seats=[{}, {"kind": "open"}])
    page.goto(live.url + "/")
    page.wait_for_selector("body[data-ready=true]")
    assert serious_violations(page) == {}
    assert errors == []


@pytest.mark.parametrize("game", GAMES)
def test_the_rules(open_page: OpenPage, live: Live, game: str) -> None:
    page, errors = open_page(FIRST)
    page.goto(f"{live.url}/rules/{game}")
    page.wait_for_selector("body[data-ready=true]")
    assert serious_violations(page) == {}
    assert errors == []


@pytest.mark.parametrize("game", GAMES)
def test_a_table_at_the_players_turn(open_page: OpenPage, live: Live, game: str) -> None:
    players = 3 if game == "nomads_of_arabia" else 2
    made = live.create(game=game, players=players, seats=[{}] + [GREEDY] * (players - 1))
    page, errors = open_page(FIRST)
    page.goto(live.url + made["invites"][0]["url"])
    wait_turn(page)
    assert serious_violations(page) == {}
    assert errors == []


def test_a_table_with_several_choices_offered(open_page: OpenPage, live: Live) -> None:
    made = live.create(game="desert_sons", players=2, seats=[{}, GREEDY])
    page, errors = open_page(FIRST)
    page.goto(live.url + made["invites"][0]["url"])
    rng = random.Random(11)
    play_until_several_choices(page, rng)
    page.locator(".board [data-actions]").first.dispatch_event("click")
    page.wait_for_selector("#offer:not(.hidden)")
    assert serious_violations(page) == {}
    assert errors == []


def test_the_hotseat_screen(open_page: OpenPage, live: Live) -> None:
    made = live.create(game="through_the_desert", players=2, hotseat=True, seats=[{}, {}])
    page, errors = open_page(FIRST)
    page.goto(live.url + made["hotseat"])
    wait_turn(page)
    seen = revision(page)
    page.locator("#legal button").first.click()
    wait_past(page, seen)
    page.wait_for_selector("#pass-screen:not(.hidden)")
    assert serious_violations(page) == {}
    assert errors == []


def test_a_dead_link(open_page: OpenPage, live: Live) -> None:
    page, _ = open_page(FIRST)
    page.goto(live.url + "/table/no-such-table")
    page.wait_for_selector("#dead-end")
    assert serious_violations(page) == {}


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_a_replay_with_its_graph(
    open_page: OpenPage, live: Live, finished: dict[str, str], game: str
) -> None:
    page, errors = open_page(FIRST)
    page.goto(f"{live.url}/replay/{finished[game]}")
    page.wait_for_selector("body[data-analysis=done]")
    assert serious_violations(page) == {}
    assert errors == []
