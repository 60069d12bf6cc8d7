"""End to end, in a real browser: Debian's chromium driven by Playwright.

Each game is played to its final score table by clicking legal moves (the two longest
to their middle, where the player leaves and a bot plays on for them), from a table made
in the lobby with bots in the other seats; two browser contexts play one online game; a
closed page comes back to the same game. Every board is photographed at the start, in the
middle and at the end of its game, on a desktop and a phone, into ``$SERAI_SCREENSHOTS``
(``make screenshots`` refreshes ``docs/screenshots/``) or a temporary directory.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest

from tests.web.browsing import (
    DESKTOP,
    PHONE,
    SIZES,
    Live,
    OpenPage,
    click_a_legal_move,
    create_in_lobby,
    play_in_turn,
    play_until_several_choices,
    rated_game_kept_for,
    wait_turn,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page, WebSocketRoute

SHOTS_ENV = "SERAI_SCREENSHOTS"
"""Where the screenshots go: ``make screenshots`` points it at docs/screenshots."""


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chosen = os.environ.get(SHOTS_ENV)
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def photograph(page: Page, folder: Path, name: str) -> None:
    """``name``-desktop.png and ``name``-phone.png: the window at each size, from the top."""
    for size_name, size in SIZES.items():
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(folder / f"{name}-{size_name}.png"))
    page.set_viewport_size(DESKTOP)


GAMES = [
    ("through_the_desert", 2, {}, 16, False),
    ("five_tribes", 2, {}, 36, True),
    ("nomads_of_arabia", 3, {"max_turns": "20"}, 8, False),
    ("desert_sons", 2, {}, 40, True),
]
"""Each game, its seats and options, the decision of the first seat at which it is
photographed in the middle (a fifth to a half of the decisions it has in such a game),
and whether the first seat then leaves the game to the bot that stands in for it (the two
longest games, whose every click redraws a large board)."""


@pytest.mark.parametrize(("game", "players", "options", "middle", "leaves"), GAMES)
def test_a_game_by_clicking_legal_moves_to_its_final_scores(
    open_page: OpenPage,
    live: Live,
    shots: Path,
    game: str,
    players: int,
    options: dict[str, str],
    middle: int,
    leaves: bool,
) -> None:
    # hundreds of states drawn one after the other: no piece glides from one to the next
    # (they do in every other test)
    page, errors = open_page(DESKTOP, motion=False)
    create_in_lobby(page, live.url, game, players, options)
    wait_turn(page)
    photograph(page, shots, f"{game}-start")
    rng = random.Random(7)
    moves = 0
    while wait_turn(page):
        click_a_legal_move(page, rng)
        moves += 1
        if moves == middle:
            wait_turn(page)
            photograph(page, shots, f"{game}-middle")
            if leaves:
                page.click("#leave")
                # (hidden as soon as the bot standing in has finished the game)
                page.wait_for_selector("#leave:has-text('Take my seat back')", state="attached")
                # the bots play the rest with no page drawing each of their moves
                table = page.url
                page.goto("about:blank")
                live.wait_over(table.split("/table/")[1].split("?")[0])
                page.goto(table)
                break
    final = page.locator("#final-scores")
    final.wait_for()
    assert final.locator("thead th[data-seat]").count() == players
    assert moves == middle if leaves else moves > middle
    photograph(page, shots, f"{game}-end")
    page.click("#replay-link")
    page.wait_for_selector(".board svg")
    last = int(page.evaluate("document.body.dataset.step"))
    assert page.locator("#final-scores thead th[data-seat]").count() == players
    page.click("#prev")
    page.wait_for_function(f"document.body.dataset.step === '{last - 1}'")
    assert page.locator("#final-scores").count() == 0
    page.click("#first")
    page.wait_for_function("document.body.dataset.step === '0'")
    assert page.locator("#log li").count() == 0
    page.click("#next")
    page.wait_for_function("document.body.dataset.step === '1'")
    assert page.locator("#log li").count() == 1
    assert errors == []


def test_two_browsers_play_one_online_game(open_page: OpenPage, live: Live) -> None:
    made = live.create(game="through_the_desert", players=2, seats=[{}, {}])
    pages = []
    for size, invite in zip((DESKTOP, PHONE), made["invites"], strict=True):
        page, _ = open_page(size)
        page.goto(live.url + invite["url"])
        page.wait_for_selector(".board svg")
        pages.append(page)
    play_in_turn(pages, random.Random(3), moves=16)
    # the same actions in both logs; their words may differ (a water token's worth is its
    # taker's to know)
    lines = [page.locator("#log li").count() for page in pages]
    notations = [page.locator("#log li .notation").all_inner_texts() for page in pages]
    assert lines[0] == lines[1] > 16
    assert notations[0] == notations[1] and len(notations[0]) == lines[0]


GLIDE = """(target) => {
  const stays = target.getBoundingClientRect().top;
  const piece = target.closest("[data-piece]") ?? target;
  const far = { translate: "0 320px" };
  piece.animate([far, far], { duration: 600000, id: "glide" });
  return [stays, target.getBoundingClientRect().top];
}"""
"""Start a glide (as board.js names it) of the piece ``target`` is, or is part of, that
keeps it 320 units of the board below its place for ten minutes."""
PLACED = """(target) => {
  const box = document.getElementById("offer").getBoundingClientRect();
  const spot = target.getBoundingClientRect();
  return {
    box: [box.top, box.bottom], spot: [spot.top, spot.bottom],
    gliding: document.getAnimations()
      .filter((a) => a.id === "glide" && a.effect.target.contains(target)).length,
  };
}"""


def test_the_choices_of_a_piece_tapped_while_it_glides_are_listed_where_it_stops(
    open_page: OpenPage, live: Live
) -> None:
    """A board element with several choices, tapped while it is still gliding to its new
    place (here 320 units of its board below it): it is put in its place at once, and the
    list of its choices next to that place, not next to where it was caught mid-glide."""
    made = live.create(game="desert_sons", players=2, seats=[{}, {"kind": "bot", "bot": "greedy"}])
    page, errors = open_page(DESKTOP)
    page.goto(live.url + made["invites"][0]["url"])
    rng = random.Random(11)
    play_until_several_choices(page, rng)
    # the other seat's last move may still glide: measure the element once it is in place
    page.wait_for_function("!document.getAnimations().some((a) => a.id === 'glide')")
    target = page.locator(".board [data-actions]").first
    handle = target.element_handle()
    stays, caught = page.evaluate(GLIDE, handle)
    assert caught - stays > 100, "the element glides far from its place (the board scales it)"
    target.dispatch_event("click")
    page.wait_for_selector("#offer:not(.hidden)")
    placed = page.evaluate(PLACED, handle)
    assert placed["gliding"] == 0 and abs(placed["spot"][0] - stays) < 1
    (box_top, box_bottom), (top, bottom) = placed["box"], placed["spot"]
    assert abs(box_top - (bottom + 6)) < 1 or abs(box_bottom - (top - 6)) < 1, placed
    assert errors == []


def test_chat_lines_are_shown_in_the_order_they_were_said(open_page: OpenPage, live: Live) -> None:
    """A line that arrives after a newer one (a server of a group sends the lines it missed
    while it could not hear the others) is shown above it."""
    made = live.create(game="five_tribes", players=2, seats=[{}, {}])
    one, two = (invite["token"] for invite in made["invites"])
    chat = f"{live.url}/api/tables/{made['table']['id']}/chat"
    said = httpx.post(chat, json={"token": two, "text": "newer"}, timeout=30).json()["lines"]
    page, errors = open_page(DESKTOP)
    routed: list[WebSocketRoute] = []

    def passed_on(socket: WebSocketRoute) -> None:
        socket.connect_to_server()
        routed.append(socket)

    page.route_web_socket("**/ws/tables/**", passed_on)
    page.goto(live.url + made["invites"][0]["url"])
    page.wait_for_selector("#chat li:has-text('newer')")
    older = {"seat": 1, "name": "Player 2", "text": "older", "at": said[-1]["at"] - 5}
    routed[0].send(json.dumps({"type": "chat", "lines": [older]}))
    page.wait_for_selector("#chat li:has-text('older')")
    httpx.post(chat, json={"token": one, "text": "newest"}, timeout=30)
    page.wait_for_selector("#chat li:has-text('newest')")
    texts = [text.split(":", 1)[1] for text in page.locator("#chat li").all_inner_texts()]
    assert texts == ["older", "newer", "newest"]
    assert errors == []


def test_a_player_declines_a_rated_game_kept_for_them(open_page: OpenPage, base_url: str) -> None:
    """Cleo keeps a seat of a rated game for Dario; Dario opens it from My games and
    declines it before his first decision: both see that a bot plays his seat and that
    the game counts for no one, and he is offered neither to decline again nor to come
    back."""
    (cleo, cleo_errors), (dario, dario_errors) = open_page(DESKTOP), open_page(DESKTOP)
    rated_game_kept_for(cleo, dario, base_url, ("Cleo", "Dario"))
    dario.wait_for_selector("#decline-choice:not(.hidden)")
    assert "place last" in dario.locator("#leave-note").inner_text(), "leaving is not declining"
    dario.once("dialog", lambda dialog: dialog.accept())
    dario.click("#decline")
    for page in (dario, cleo):
        page.wait_for_selector('[data-stand-in="1"]:has-text("counts for no one")')
    assert dario.locator("#decline-choice").is_hidden()
    assert dario.locator("#come-back").is_hidden() and dario.locator("#leave").is_hidden()
    assert cleo_errors == [] and dario_errors == []


def test_a_closed_page_comes_back_to_the_same_game(open_page: OpenPage, live: Live) -> None:
    made = live.create(game="desert_sons", players=2, seats=[{}, {"kind": "bot", "bot": "random"}])
    link = live.url + made["invites"][0]["url"]
    page, errors = open_page(DESKTOP)
    page.goto(link)
    rng = random.Random(5)
    for _ in range(3):
        wait_turn(page)
        click_a_legal_move(page, rng)
    wait_turn(page)
    before = page.locator("#log li").all_inner_texts()
    page.close()
    again = page.context.new_page()
    again.goto(link)
    again.wait_for_selector(".board svg")
    wait_turn(again)
    assert again.locator("#log li").all_inner_texts() == before
    click_a_legal_move(again, rng)
    assert errors == []


def test_the_pages_run_under_their_content_security_policy(
    open_page: OpenPage, base_url: str
) -> None:
    """With the policy enforced (no inline scripts, no eval, nothing from elsewhere), the
    lobby creates a table and the table page draws its board, without a console error."""
    page, errors = open_page(DESKTOP, csp=True)
    create_in_lobby(page, base_url, "five_tribes", 2, {})
    page.wait_for_selector("#legal button")
    assert errors == []


def test_a_nomads_seat_chooses_privately_to_stop_at_windows(
    open_page: OpenPage, base_url: str
) -> None:
    """R33: the choice shows on the seat's own page only, and the server keeps it."""
    page, errors = open_page(DESKTOP)
    create_in_lobby(page, base_url, "nomads_of_arabia", 3, {"max_turns": "20"})
    page.wait_for_selector("#windows-choice:not(.hidden)")
    assert not page.is_checked("#stop-at-windows")
    page.check("#stop-at-windows")
    # the box shows what the server sends back, so after a reload it is checked once the
    # server has kept the choice
    page.reload()
    page.wait_for_selector("#stop-at-windows:checked", state="attached")
    table_id = page.url.split("/table/")[1].split("?")[0]
    token = page.url.split("token=")[1]
    answer = httpx.get(f"{base_url}/api/tables/{table_id}", params={"token": token}).json()
    assert answer["preferences"]["stop_at_windows"] is True
    spectator, _ = open_page(DESKTOP)
    spectator.goto(f"{base_url}/table/{table_id}")
    spectator.wait_for_selector(".board svg")
    assert spectator.locator("#windows-choice.hidden").count() == 1
    assert errors == []


def test_a_refusal_links_to_its_ruling_in_the_rules_panel(
    open_page: OpenPage, base_url: str
) -> None:
    """A typed action the rules refuse is answered with the ruling it breaks; the link
    opens the Rules panel at that ruling, whose text is then on screen."""
    page, errors = open_page(DESKTOP)
    create_in_lobby(page, base_url, "through_the_desert", 2, {})
    page.wait_for_selector("#legal button")
    page.fill("#typed-action", "camel red 7,3")
    page.press("#typed-action", "Enter")
    link = page.locator('#error a.ruling-link[data-ruling="8"]')
    link.wait_for()
    link.click()
    ruling = page.locator("#rules-drawer #r8")
    ruling.wait_for()
    assert page.locator("#rules-drawer").is_visible()
    assert "R8 — " in ruling.locator("h3").inner_text()
    assert ruling.evaluate("node => node.classList.contains('cited')")
    box = ruling.bounding_box()
    assert box is not None and 0 <= box["y"] < DESKTOP["height"], "scrolled to the ruling"
    page.fill("#rules-search", "oasis")
    shown = page.locator("#rules-drawer section.ruling:not(.hidden)")
    assert 0 < shown.count() < page.locator("#rules-drawer section.ruling").count()
    page.keyboard.press("Escape")
    assert page.locator("#rules-drawer.hidden").count() == 1
    assert errors == []


def test_the_rules_page_opens_at_a_cited_ruling(open_page: OpenPage, base_url: str) -> None:
    page, errors = open_page(PHONE, csp=True)
    page.goto(f"{base_url}/rules/five_tribes#r34")
    page.wait_for_selector("body[data-ready=true]")
    ruling = page.locator("#r34")
    assert ruling.evaluate("node => node.classList.contains('cited')")
    box = ruling.bounding_box()
    assert box is not None and 0 <= box["y"] < PHONE["height"]
    assert page.locator("section.ruling").count() == 41
    assert errors == []


def test_two_accounts_play_a_rated_game_chat_and_rematch(
    open_page: OpenPage, live: Live, base_url: str
) -> None:
    """Two players sign up in two browsers, play a rated game to the end (Ben leaves
    after a few moves clicked in the pages, which places him last, and the bot standing in
    for him plays on against Ana's moves, sent over her seat's socket), see both their
    ratings move, talk in the chat and start a rematch."""
    (ana, ana_errors), (ben, ben_errors) = open_page(DESKTOP), open_page(PHONE)
    rated_game_kept_for(ana, ben, base_url, ("Ana", "Ben"))
    ana.wait_for_selector('[data-seat="1"] small:has-text("signed-in player")')
    profile_link = ana.locator('[data-seat="1"] a')
    assert profile_link.get_attribute("href") == "/players/Ben", "Ben's name leads to his ratings"
    ana.fill("#chat-text", "good luck!")
    ana.press("#chat-text", "Enter")
    ben.wait_for_selector("#chat li:has-text('good luck!')")
    assert "Ana:" in ben.locator("#chat li").first.inner_text()
    pages = [ana, ben]
    rng = random.Random(5)
    play_in_turn(pages, rng, moves=12)
    ben.click("#leave")
    ben.wait_for_selector("#leave:has-text('Take my seat back')", state="attached")
    # the rest of the game is not what this test is about: Ana's moves go over her seat's
    # WebSocket, as her page sends them, while both pages stay open and draw each state
    live.play_seat_to_the_end(ana, rng)
    for page in pages:
        page.wait_for_selector("#final-scores")
    for name in ("Ana", "Ben"):
        profile = ana.context.new_page()
        profile.goto(f"{base_url}/players/{name}")
        profile.wait_for_selector("body[data-ready=true]")
        assert profile.locator('[data-game="through_the_desert"] circle.rating-dot').count() == 1
        profile.close()
    board = ana.context.new_page()
    board.goto(f"{base_url}/leaderboard/through_the_desert")
    board.wait_for_selector("body[data-ready=true]")
    places = [
        int(board.locator(f"[data-player={name}] td").first.inner_text()) for name in ("Ana", "Ben")
    ]
    assert places[0] < places[1], "the player who left is rated below the one who stayed"
    board.close()
    old_url = ben.url
    ana.click("#rematch")
    ana.wait_for_url(lambda url: url != old_url and "/table/" in url)
    ben.wait_for_selector("#rematch:has-text('Join the rematch')")
    ben.click("#rematch")
    ben.wait_for_url(lambda url: url != old_url and "/table/" in url)
    ben.wait_for_selector(".board svg")
    assert ana.url.split("?")[0] == ben.url.split("?")[0], "both at the same new table"
    assert ana_errors == ben_errors == []
