"""The pages around the boards, in a real browser at 1280×800 and 390×844: the final
scores, the turn banner and the choices on a phone, the replay's controls and graph, dead
links, hotseat, the lobby, hints and the signals of a player's turn.

Greedy bots hold the seats that are not played here; every wait is on an event of a page.
"""

from __future__ import annotations

import itertools
import json
import random
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.live_server import free_port, server
from tests.web.browsing import (
    DESKTOP,
    PHONE,
    SIZES,
    Live,
    OpenPage,
    click_a_legal_move,
    in_view,
    revision,
    sign_up_in_lobby,
    wait_past,
    wait_turn,
    without_missing_resources,
)
from tests.web.conftest import FINISHED

if TYPE_CHECKING:
    from playwright.sync_api import Page

GREEDY = {"kind": "bot", "bot": "greedy"}
BOARD_CHOICE = ".board [data-action], .board [data-actions]"
sizes = pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
LAYOUT_BOX = """node => {
  const box = node.getBoundingClientRect();
  return {x: box.x, y: box.y, width: box.width, height: box.height};
}"""
"""An element's box in the window as the page's own layout measures it."""


def table_id(page: Page) -> str:
    return page.url.split("/table/")[1].split("?")[0]


def scroll_to(page: Page, where: str) -> None:
    """Scroll the window to its ``top`` or ``bottom``."""
    page.evaluate(f"window.scrollTo(0, {'0' if where == 'top' else 'document.body.scrollHeight'})")


def no_sideways_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


# -- final scores -------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(FINISHED))
@pytest.mark.parametrize("where", ["table", "replay"])
def test_final_scores_show_totals_first_in_words_and_fit(
    open_page: OpenPage, live: Live, finished: dict[str, str], game: str, where: str
) -> None:
    """The total is the first row, each part has a label in words (no ``snake_case``),
    and the table fits its panel and the window at each size: no column is hidden
    sideways."""
    page, errors = open_page(DESKTOP)
    page.goto(f"{live.url}/{where}/{finished[game]}")
    scores = page.locator("#final-scores")
    scores.wait_for()
    rows = scores.locator("tbody tr")
    assert rows.first.get_attribute("data-part") == "total"
    labels = rows.locator("th").all_inner_texts()
    assert labels[0] == "Total"
    for label in labels:
        assert "_" not in label and label[0].isupper(), label
    seats = FINISHED[game]["players"]
    assert scores.locator("thead th[data-seat]").count() == seats
    assert rows.first.locator("td").count() == seats
    final = page.locator("#final")
    for size in SIZES.values():
        page.set_viewport_size(size)
        assert final.evaluate("node => node.scrollWidth <= node.clientWidth"), size
        final.scroll_into_view_if_needed()
        for cell in rows.first.locator("td").all():
            box = cell.bounding_box()
            assert box is not None and box["x"] + box["width"] <= size["width"], size
        assert no_sideways_scroll(page), size
    assert errors == []


# -- the turn and the choices ---------------------------------------------------------------


@pytest.mark.parametrize(
    "game", ["through_the_desert", "five_tribes", "nomads_of_arabia", "desert_sons"]
)
def test_the_turn_banner_names_who_is_to_move_and_stays_in_sight(
    open_page: OpenPage, live: Live, game: str
) -> None:
    """Every game's page says whose turn it is, in a banner that stays in the window at
    each size however far the page is scrolled; the seat to act reads "Your turn"."""
    players = 3 if game == "nomads_of_arabia" else 2
    names = ["Ana", "Ben", "Cy"][:players]
    made = live.create(game=game, players=players, seats=[{"name": n} for n in names])
    pages = []
    for invite in made["invites"]:
        page, errors = open_page(PHONE)
        page.goto(live.url + invite["url"])
        page.wait_for_selector(".board svg")
        pages.append((page, errors))
    to_move = int(pages[0][0].evaluate("Number(document.body.dataset.toMove)"))
    for seat, (page, errors) in enumerate(pages):
        banner = page.locator("#turn").inner_text()
        if seat == to_move:
            assert "Your turn" in banner
        else:
            assert f"{names[to_move]} to move" in banner
        for size in SIZES.values():
            page.set_viewport_size(size)
            for where in ("bottom", "top"):
                scroll_to(page, where)
                assert in_view(page, "#turn"), (where, size)
            if seat == to_move:
                assert in_view(page, "#legal button >> nth=0"), "the choices are in sight too"
        assert errors == []


def play_until_a_tap_offers_several(page: Page, rng: random.Random) -> None:
    """Play legal moves until the board has an element that offers several actions."""
    while wait_turn(page):
        if page.locator(".board [data-actions]").count():
            return
        buttons = page.locator("#legal button")
        seen = revision(page)
        buttons.nth(rng.randrange(buttons.count())).click()
        wait_past(page, seen)
    pytest.fail("the game ended before a board element offered several actions")


@sizes
def test_several_choices_for_one_tap_appear_beside_it_or_docked_on_a_phone(
    open_page: OpenPage, live: Live, size: dict[str, int]
) -> None:
    """A board element with several actions offers them next to it on a large screen and
    in a bar at the bottom of a phone's screen, in sight either way, the first of them
    focused; Escape closes the offer; a choice from it is played."""
    made = live.create(game="desert_sons", players=2, seats=[{}, GREEDY])
    page, errors = open_page(size)
    page.goto(live.url + made["invites"][0]["url"])
    play_until_a_tap_offers_several(page, random.Random(11))
    target = page.locator(".board [data-actions]").first
    target.scroll_into_view_if_needed()
    target.dispatch_event("click")
    offer = page.locator("#offer")
    offer.wait_for()
    assert in_view(page, "#offer")
    # the boxes as the page lays them out (an SVG group's painted text and strokes reach a
    # little beyond its layout box, which is what the browser's DevTools box measures)
    box, spot = offer.evaluate(LAYOUT_BOX), target.evaluate(LAYOUT_BOX)
    if size == SIZES["phone"]:
        assert abs(box["y"] + box["height"] - size["height"]) < 1, "docked at the bottom"
    else:
        below = box["y"] - (spot["y"] + spot["height"])
        above = spot["y"] - (box["y"] + box["height"])
        assert 0 <= below <= 12 or 0 <= above <= 12, "next to the element"
    offered = offer.locator("[data-action]")
    assert offered.count() >= 2
    assert page.evaluate("document.activeElement.dataset.action") is not None
    page.keyboard.press("Escape")
    assert not offer.is_visible()
    if target.get_attribute("tabindex") is not None:  # a keyboard target has it back
        assert target.evaluate("node => node === document.activeElement")
    target.dispatch_event("click")
    seen = revision(page)
    offered.first.click()
    wait_past(page, seen)
    assert errors == []


@pytest.mark.parametrize("where", ["top", "bottom"])
def test_on_a_phone_the_choices_wait_in_a_bar_at_the_bottom(
    open_page: OpenPage, live: Live, where: str
) -> None:
    """However the page is scrolled, the player's choices are on screen, one row of them
    that opens to show them all."""
    made = live.create(game="through_the_desert", players=2, seats=[{}, GREEDY])
    page, errors = open_page(SIZES["phone"])
    page.goto(live.url + made["invites"][0]["url"])
    wait_turn(page)
    scroll_to(page, where)
    assert in_view(page, "#action-bar")
    assert in_view(page, "#legal button >> nth=0")
    closed = page.locator("#action-bar").bounding_box()
    page.click("#bar-toggle")
    assert page.get_attribute("#bar-toggle", "aria-expanded") == "true"
    opened = page.locator("#action-bar").bounding_box()
    assert closed is not None and opened is not None and opened["height"] > closed["height"]
    assert in_view(page, "#action-bar")
    assert no_sideways_scroll(page)
    assert errors == []


# -- the replay ---------------------------------------------------------------------------


@sizes
def test_the_replay_buttons_are_svg_icons_with_names(
    open_page: OpenPage, live: Live, finished: dict[str, str], size: dict[str, int]
) -> None:
    """⏮ ◀ ▶ ⏭ are drawn, not taken from a font that may lack them, and each button has
    a name a screen reader says."""
    page, errors = open_page(size)
    page.goto(f"{live.url}/replay/{finished['five_tribes']}")
    page.wait_for_selector("body[data-step]")
    last = page.evaluate("document.body.dataset.step")
    for name, step in [("First move", "0"), ("Next move", "1"), ("Last move", last)]:
        button = page.get_by_role("button", name=name, exact=True)
        assert button.locator("svg.icon path").count() == 1
        assert button.inner_text().strip() == ""
        button.click()
        page.wait_for_function(f"document.body.dataset.step === '{step}'")
    page.get_by_role("button", name="Previous move", exact=True).click()
    page.wait_for_function(f"document.body.dataset.step === '{int(last) - 1}'")
    assert errors == []


@sizes
def test_the_replay_graphs_the_chance_to_win_and_jumps_to_a_move(
    open_page: OpenPage, live: Live, finished: dict[str, str], size: dict[str, int]
) -> None:
    """A line per seat (its letter at its end), the swings marked; a click on the graph
    shows the move under it, a swing's button shows that move."""
    page, errors = open_page(size)
    page.goto(f"{live.url}/replay/{finished['five_tribes']}")
    page.wait_for_selector("body[data-analysis=done]")
    graph = page.locator("#win-graph")
    assert graph.locator("polyline.chance").count() == FINISHED["five_tribes"]["players"]
    assert graph.locator("text.seat-label").all_text_contents() == ["A", "B", "C", "D"]
    steps = int(page.evaluate("document.body.dataset.step"))
    graph.scroll_into_view_if_needed()
    box = graph.bounding_box()
    assert box is not None
    graph.click(position={"x": box["width"] / 2, "y": box["height"] / 2})
    page.wait_for_function(f"document.body.dataset.step !== '{steps}'")
    middle = int(page.evaluate("document.body.dataset.step"))
    assert 0.3 * steps < middle < 0.7 * steps
    swings = page.locator(".swings button[data-swing]")
    assert swings.count() == graph.locator("line.swing").count()
    if swings.count():
        step = swings.first.get_attribute("data-swing")
        swings.first.click()
        page.wait_for_function(f"document.body.dataset.step === '{step}'")
    assert no_sideways_scroll(page)
    assert errors == []


# -- dead links ---------------------------------------------------------------------------

DEAD_LINKS = {
    "unknown table": ("/table/no-such-table", "This table does not exist", None),
    "bad token": ("/table/{id}?token=not-a-seat", "This link does not open a seat", "/table/{id}"),
    "unknown replay": ("/replay/no-such-table", "This game does not exist", None),
    "unfinished replay": ("/replay/{id}", "This game is not over yet", "/table/{id}"),
    "unknown player": ("/players/nobody-at-all", "No such player", None),
    "unknown leaderboard": ("/leaderboard/chess", "No such game", None),
}


@pytest.mark.parametrize("link", sorted(DEAD_LINKS))
def test_a_dead_link_says_what_is_wrong_and_leads_back(
    open_page: OpenPage, live: Live, link: str
) -> None:
    """Never "connecting…" for ever: a page that says what is wrong, the way back to the
    lobby in sight in either window, and where one exists the way on (watch the table, go
    to it)."""
    path, title, way = DEAD_LINKS[link]
    made = live.create(game="five_tribes", players=2, seats=[{}, {}])
    known = made["table"]["id"]
    page, errors = open_page(PHONE)
    page.goto(live.url + path.format(id=known))
    dead = page.locator("#dead-end")
    dead.wait_for()
    assert dead.locator("h2").inner_text() == title
    assert title in page.title()
    if way is not None:
        assert dead.locator(f'a[href="{way.format(id=known)}"]').count() == 1
    for size in SIZES.values():
        page.set_viewport_size(size)
        assert in_view(page, "#back-to-lobby"), size
    page.click("#back-to-lobby")
    page.wait_for_selector("#tables")
    assert without_missing_resources(errors) == []


def test_a_page_turned_away_for_too_many_connections_says_why_and_backs_off(
    open_page: OpenPage, tmp_path: Path
) -> None:
    """An address holding its every live connection: the table page shows the server's
    reason and tries again less and less often (a refusal is accepted first, so the delay
    starts again only once a connection is served), then plays once one is closed."""
    from websockets.sync.client import connect

    port = free_port()
    with server(f"sqlite:///{tmp_path / 'serai.db'}", port, "--sockets-per-address", "1") as (
        _,
        client,
    ):
        made = client.post(
            "/api/tables", json={"game": "five_tribes", "players": 2, "seats": [{}, {}]}
        ).json()
        table = made["table"]["id"]
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}") as holder:
            assert json.loads(holder.recv())["type"] == "hello"
            page, errors = open_page(DESKTOP)
            page.add_init_script(
                "window.opened = []; const Socket = window.WebSocket;"
                "window.WebSocket = new Proxy(Socket, {construct(target, args) {"
                " window.opened.push(performance.now()); return new target(...args); }});"
            )
            page.goto(f"http://127.0.0.1:{port}/table/{table}")
            page.wait_for_selector("#error:has-text('1 live connection already')")
            page.wait_for_function("window.opened.length >= 4")
            opened = page.evaluate("window.opened")
            gaps = [later - earlier for earlier, later in itertools.pairwise(opened[:4])]
            assert gaps[2] >= gaps[0] + 1000, f"0.5 s, 1 s, 2 s apart: {gaps}"
            holder.close()
            page.wait_for_selector(".board svg")
            page.wait_for_function("document.querySelector('#error').classList.contains('hidden')")
        assert without_missing_resources(errors) == [], errors


# -- hotseat ------------------------------------------------------------------------------


def test_hotseat_a_change_is_measured_only_against_what_the_same_seat_saw(
    open_page: OpenPage, live: Live
) -> None:
    """A score's change badge compares it with what this viewer saw at its last decision.
    On a hotseat device the last view may be another seat's: the first seat's own score
    (45, with its hidden gold) must not be the base of the second seat's badge, which
    would tell the second seat the hidden part (a new user's walk-through saw "0 (−45)")."""
    page, errors = open_page(DESKTOP)
    page.goto(live.url + "/")
    before = page.evaluate(
        """async () => {
          const { since } = await import("/static/board.js");
          const line = (seat) => ({ seat, text: "x", words: "x" });
          const message = (seat, seats) => ({ table: { id: "t" }, seat, log: seats.map(line) });
          since(message(1, [0]), "vp:0", 0);          // the second seat's view: no gold shown
          since(message(0, [0, 1]), "vp:0", 45);      // the first seat's own, with its gold
          return since(message(1, [0, 1, 0]), "vp:0", 0);
        }"""
    )
    assert before == 0, "the second seat's own last value, not the first seat's"
    assert errors == []


@sizes
def test_hotseat_hides_the_next_view_until_its_player_has_the_device(
    open_page: OpenPage, live: Live, size: dict[str, int]
) -> None:
    made = live.create(
        game="through_the_desert", players=2, hotseat=True, seats=[{"name": "Ana"}, {"name": "Ben"}]
    )
    page, errors = open_page(size)
    page.goto(live.url + made["hotseat"])
    wait_turn(page)
    assert "Your turn (Ana)" in page.locator("#turn").inner_text()
    assert not page.locator("#pass-screen").is_visible()
    seen = revision(page)
    page.locator("#legal button").first.click()
    wait_past(page, seen)
    screen = page.locator("#pass-screen")
    screen.wait_for()
    assert "Pass the device to Ben" in screen.inner_text()
    assert not page.locator("#board").is_visible(), "Ben's view stays hidden"
    assert not page.locator("#legal").is_visible()
    assert page.evaluate("document.activeElement.id") == "pass-ready"
    page.click("#pass-ready")
    assert page.locator("#board").is_visible()
    assert "Your turn (Ben)" in page.locator("#turn").inner_text()
    assert errors == []


# -- the lobby ----------------------------------------------------------------------------


@sizes
def test_the_lobby_names_each_seat_and_explains_each_option(
    open_page: OpenPage, live: Live, size: dict[str, int]
) -> None:
    page, errors = open_page(size)
    page.goto(live.url + "/")
    page.select_option("#game", "nomads_of_arabia")
    label = page.locator('label[for="option-final_disks"]')
    assert label.inner_text() == "Final disks"
    help_text = page.locator("#option-final_disks-help")
    assert help_text.is_visible() and "short game" in help_text.inner_text()
    assert help_text.locator("a").get_attribute("href") == "/rules/nomads_of_arabia#r41"
    page.select_option("#game", "desert_sons")
    assert page.locator("#option-desert_border option").all_inner_texts() == ["no", "yes"]
    page.select_option("#game", "through_the_desert")
    page.select_option("#players", "3")
    page.fill('[data-seat-name="0"]', "Ana")
    page.select_option('[data-seat-kind="1"]', "human")
    page.fill('[data-seat-name="1"]', "Ben")
    page.select_option('[data-seat-kind="2"]', "greedy")
    assert not page.locator('[data-seat-name="2"]').is_visible(), "a bot needs no name"
    assert page.is_checked("#hints"), "hints are offered unless the players say no"
    page.uncheck("#hints")
    page.click("#create-button")
    # what to do next is in sight: the links, the maker's own seat first and in focus
    page.wait_for_function("document.activeElement.dataset.link === 'Seat 1'")
    assert in_view(page, "#links")
    page.click('[data-link="Seat 1"]')
    wait_turn(page)
    assert not page.locator("#hint").is_visible()
    assert "Ana (you)" in page.locator('#seats li[data-seat="0"]').inner_text()
    assert "Ben" in page.locator('#seats li[data-seat="1"]').inner_text()
    made = table_id(page)
    page.goto(live.url + "/")
    row = page.locator(f'#tables tr[data-table="{made}"]')
    assert "Ana, Ben, greedy (bot)" in row.inner_text()
    assert no_sideways_scroll(page)
    assert errors == []


@sizes
def test_a_table_with_no_move_for_a_day_shows_as_abandoned(
    open_page: OpenPage, live: Live, size: dict[str, int]
) -> None:
    made = live.create(game="five_tribes", players=2, seats=[{}, {"kind": "open"}])
    quiet = made["table"]["id"]
    with sqlite3.connect(live.db) as db:
        db.execute(
            "UPDATE serai_tables SET updated_at = ? WHERE id = ?",
            (time.time() - 30 * 3600, quiet),
        )
    page, errors = open_page(size)
    page.goto(live.url + "/")
    row = page.locator(f'#tables tr[data-table="{quiet}"]')
    row.wait_for()
    assert row.get_attribute("data-status") == "abandoned"
    assert "abandoned: no move since 30 h ago" in row.inner_text()
    assert row.locator("[data-join]").count() == 0, "nobody is sent to a dead table"
    assert errors == []


# -- hints --------------------------------------------------------------------------------


def test_a_hint_shows_the_hard_bots_top_moves_with_their_chances(
    open_page: OpenPage, live: Live
) -> None:
    made = live.create(game="through_the_desert", players=2, seats=[{}, GREEDY], hints=True)
    page, errors = open_page(DESKTOP)
    page.goto(live.url + made["invites"][0]["url"])
    wait_turn(page)
    page.click("#hint")
    hints = page.locator("#hint-list li")
    hints.first.wait_for()
    legal = set(page.locator("#legal button").all_inner_texts())
    for line in hints.all():
        move = line.get_attribute("data-hint")
        assert move in legal
        assert "% to win" in line.inner_text()
    assert page.locator(".board .hinted").count() >= 1, "the best move marked on the board"
    for size in SIZES.values():
        page.set_viewport_size(size)
        assert in_view(page, "#hint-list"), size
    assert errors == []


def test_a_table_without_hints_offers_none(open_page: OpenPage, live: Live) -> None:
    made = live.create(game="through_the_desert", players=2, seats=[{}, GREEDY], hints=False)
    page, errors = open_page(SIZES["desktop"])
    page.goto(live.url + made["invites"][0]["url"])
    wait_turn(page)
    assert not page.locator("#hint").is_visible()
    assert errors == []


# -- a player's turn, when they look elsewhere ----------------------------------------------


@sizes
def test_the_title_and_icon_say_when_it_is_your_turn(
    open_page: OpenPage, live: Live, size: dict[str, int]
) -> None:
    made = live.create(game="through_the_desert", players=2, seats=[{}, {}])
    (first, first_errors), (second, second_errors) = open_page(size), open_page(size)
    first.goto(live.url + made["invites"][0]["url"])
    second.goto(live.url + made["invites"][1]["url"])
    wait_turn(first)
    second.wait_for_selector(".board svg")
    assert first.title().startswith("Your turn · Through the Desert")
    assert not second.title().startswith("Your turn")
    icon = second.locator("link[rel=icon]")
    assert icon.get_attribute("data-yours") == "false"
    quiet = icon.get_attribute("href")
    assert quiet is not None and quiet.startswith("data:image/png;base64,")
    assert not second.is_checked("#sound-choice"), "no sound until the player asks"
    click_a_legal_move(first, random.Random(1))
    second.wait_for_function("document.title.startsWith('Your turn')")
    assert icon.get_attribute("data-yours") == "true"
    assert icon.get_attribute("href") != quiet
    assert not first.title().startswith("Your turn")
    assert first_errors == second_errors == []


def test_notifications_are_asked_for_and_kept(open_page: OpenPage, live: Live) -> None:
    made = live.create(game="five_tribes", players=2, seats=[{}, GREEDY])
    page, errors = open_page(SIZES["desktop"], permissions=("notifications",))
    page.goto(live.url + made["invites"][0]["url"])
    page.wait_for_selector(".board svg")
    page.check("#notify-choice")
    assert page.evaluate("localStorage.getItem('serai.notify')") == "on"
    page.reload()
    page.wait_for_selector(".board svg")
    assert page.is_checked("#notify-choice")
    assert errors == []


@sizes
def test_a_signed_in_player_goes_to_the_next_game_waiting_for_them(
    open_page: OpenPage, live: Live, size: dict[str, int]
) -> None:
    page, errors = open_page(size)
    sign_up_in_lobby(page, live.url, f"Next{size['width']}")
    ids = []
    for _ in range(2):
        # the creator's seat is the first; it moves first in Through the Desert
        made = page.request.post(
            live.url + "/api/tables",
            data={"game": "through_the_desert", "players": 2, "seats": [{}, {}]},
            headers={"X-CSRF-Token": csrf(page)},
        ).json()
        ids.append(made["table"]["id"])
    page.goto(f"{live.url}/table/{ids[0]}")
    wait_turn(page)
    button = page.locator("#next-game")
    button.wait_for()
    assert in_view(page, "#next-game")
    button.click()
    page.wait_for_url(f"**/table/{ids[1]}")
    page.wait_for_selector(".board svg")
    assert errors == []


def csrf(page: Page) -> str:
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    return cookies["serai_csrf"]


def test_only_a_signed_in_player_is_offered_to_keep_a_seat_for_an_account(
    open_page: OpenPage, live: Live
) -> None:
    offered = "!document.querySelector('[data-seat-kind=\"1\"] option[value=account]').hidden"
    page, errors = open_page(DESKTOP)
    page.goto(live.url + "/")
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate(offered) is False
    sign_up_in_lobby(page, live.url, "Keeper")
    page.wait_for_function(offered)
    page.select_option('[data-seat-kind="1"]', "account")
    assert page.locator('[data-seat-account="1"]').is_visible()
    assert errors == []
