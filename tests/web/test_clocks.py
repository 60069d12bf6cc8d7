"""Table clocks in a real browser (issue 19): the lobby's clock choice and each table's
clock in its list, each seat's time beside its name counting down, urgent under 30 s, the
pause all players must agree to, the bot that plays for a player out of time or away,
taking the seat back, vacations, a phone's width and an accessibility scan.

Every wait is on the pages' own state (a selector, a data attribute): no test sleeps or
measures how long anything took. Clocks that must run out are tiny (2 s), and assertions
hold however late they are checked.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import httpx
import pytest

from tests.web.browsing import (
    DESKTOP,
    PHONE,
    Live,
    OpenPage,
    in_view,
    sign_up_in_lobby,
    without_missing_resources,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

REALTIME = {"mode": "realtime", "bank": 600, "increment": 20}
TURN_BASED = {"mode": "turn-based", "per_move": 12 * 3600, "bank": 86400}
CLOCK_FACE = re.compile(r"^\d+:\d\d( paused)?$")


def two_players(live: Live, clock: dict[str, Any]) -> dict[str, Any]:
    """A Through the Desert table of Ann and Ben (both invited) with ``clock``."""
    seats = [{"name": "Ann"}, {"name": "Ben"}]
    return live.create(game="through_the_desert", players=2, seats=seats, clock=clock)


def to_move(live: Live, made: dict[str, Any]) -> int:
    """The seat to act, as the server says (the pages may not be open yet)."""
    answer = httpx.get(f"{live.url}/api/tables/{made['table']['id']}", timeout=30)
    seat: int = answer.json()["to_move"]
    return seat


def seat_page(
    open_page: OpenPage, live: Live, made: dict[str, Any], seat: int, size: dict[str, int] = DESKTOP
) -> tuple[Page, list[str]]:
    """``seat``'s page of the table ``made``, drawn."""
    page, errors = open_page(size)
    page.goto(live.url + made["invites"][seat]["url"])
    page.wait_for_selector(".board svg")
    return page, errors


def face(page: Page, seat: int) -> str:
    """What ``seat``'s clock shows now."""
    return page.locator(f'#seats [data-clock="{seat}"]').inner_text()


def wait_for_a_tick(page: Page, seat: int) -> None:
    """Wait until ``seat``'s running clock shows another time than it shows now."""
    shown = face(page, seat)
    page.wait_for_function(
        "([seat, shown]) => document.querySelector(`#seats [data-clock='${seat}']`)"
        ".dataset.text !== shown",
        arg=[seat, shown],
    )


def no_sideways_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def serious_violations(page: Page) -> dict[str, list[str]]:
    """axe-core's serious and critical findings at each window size (the test skips
    without axe-core)."""
    from tests.web.test_accessibility import serious_violations as scan

    return scan(page)


# -- the lobby --------------------------------------------------------------------------


def lobby(
    open_page: OpenPage, live: Live, size: dict[str, int] = DESKTOP, name: str = ""
) -> tuple[Page, list[str]]:
    """The lobby, drawn; signed in to a new account ``name`` if one is given."""
    page, errors = open_page(size)
    if name:
        sign_up_in_lobby(page, live.url, name)
    else:
        page.goto(live.url + "/")
    page.wait_for_selector("body[data-ready=true]")
    return page, errors


def create_with_clock(page: Page, mode: str, fields: dict[str, str]) -> str:
    """Make a two-player table of invited players in the lobby (open on ``page``) with a
    clock of ``mode`` (its ``fields`` filled in); the new table's id."""
    page.select_option("#game", "through_the_desert")
    page.select_option("#players", "2")
    page.select_option('[data-seat-kind="1"]', "human")
    page.check(f"#clock-{mode}")
    for field, value in fields.items():
        page.fill(f"#clock-{field}", value)
    page.click("#create-button")
    link = page.locator('[data-link="Seat 1"]')
    link.wait_for()
    href = link.get_attribute("href")
    assert href is not None
    return href.split("/table/")[1].split("?")[0]


def test_the_lobby_makes_a_realtime_table_and_its_page_shows_both_clocks(
    open_page: OpenPage, live: Live
) -> None:
    page, errors = lobby(open_page, live)
    page.check("#clock-realtime")
    assert [page.input_value(f"#clock-{f}") for f in ("minutes", "increment")] == ["5", "20"]
    assert page.locator("#clock-hours").is_hidden(), "only the chosen clock's fields"
    table = create_with_clock(page, "realtime", {"minutes": "7", "increment": "15"})
    listed = page.locator(f'tr[data-table="{table}"] [data-clock-kind="realtime"]')
    listed.wait_for()
    assert listed.inner_text().strip() == "· 7 min + 15 s"
    page.click('[data-link="Seat 1"]')
    page.wait_for_selector("#seats [data-clock='1']")
    assert page.locator("#clock-kind").inner_text() == "Real-time clock: 7 min + 15 s"
    seats = [page.locator(f'#seats li[data-seat="{seat}"] small').first for seat in (0, 1)]
    assert [seat.inner_text() for seat in seats] == ["guest", "invited"], "no account here"
    assert page.locator("#seats a").count() == 0, "a guest's name leads nowhere"
    running = int(page.evaluate("document.body.dataset.toMove"))
    waiting = 1 - running
    assert face(page, waiting) == "7:00", "a clock that is not running shows its whole bank"
    assert CLOCK_FACE.match(face(page, running))
    running_face = page.locator(f'#seats [data-clock="{running}"]')
    assert running_face.get_attribute("data-running") == "true"
    wait_for_a_tick(page, running)
    assert face(page, running) < "7:00" and face(page, waiting) == "7:00"
    assert page.locator("#pause").is_visible()
    assert errors == []


def test_the_lobby_makes_a_turn_based_table_in_hours_and_spare_days(
    open_page: OpenPage, live: Live
) -> None:
    page, errors = lobby(open_page, live)
    page.check("#clock-turn-based")
    assert page.input_value("#clock-hours") == "24" and page.input_value("#clock-spare") == "2"
    table = create_with_clock(page, "turn-based", {"hours": "12", "spare": "1"})
    listed = page.locator(f'tr[data-table="{table}"] [data-clock-kind="turn-based"]')
    listed.wait_for()
    assert listed.inner_text().strip() == "· 12 h per move + 1 day spare"
    page.click('[data-link="Seat 1"]')
    page.wait_for_selector("#seats [data-clock='1']")
    running = int(page.evaluate("document.body.dataset.toMove"))
    assert face(page, 1 - running) == "1 day spare"
    assert re.fullmatch(r"11 h 59 min|12 h", face(page, running)), face(page, running)
    assert page.locator("#pause-row").is_hidden(), "only a realtime clock pauses"
    assert errors == []


def test_a_rated_table_shows_its_default_clock_and_cannot_have_none(
    open_page: OpenPage, live: Live
) -> None:
    page, errors = lobby(open_page, live, name="Clock Rater")
    page.check("#rated")
    assert page.is_checked("#clock-realtime") and page.is_disabled("#clock-none")
    assert "5 min + 20 s" in page.locator("#rated-clock-note").inner_text()
    assert [page.input_value(f"#clock-{f}") for f in ("minutes", "increment")] == ["5", "20"]
    page.uncheck("#rated")
    assert page.is_enabled("#clock-none") and page.locator("#rated-clock-note").is_hidden()
    assert errors == []


def test_a_signed_in_player_takes_a_vacation_and_comes_back(
    open_page: OpenPage, live: Live
) -> None:
    page, errors = lobby(open_page, live, name="Clock Traveller")
    page.wait_for_selector("#vacation", state="visible")
    page.fill("#vacation-days", "3")
    page.click("#vacation-start")
    page.wait_for_selector("#vacation-status[data-days-left='27']")
    assert page.locator("#vacation-status").inner_text().startswith("On vacation until ")
    assert "27 days of vacation left this year" in page.locator("#vacation-status").inner_text()
    page.reload()  # the lobby says so whenever it is opened
    page.wait_for_selector("#vacation-status[data-days-left='27']:has-text('On vacation until')")
    page.click("#vacation-back")
    page.wait_for_selector("#vacation-status:has-text('Welcome back')")
    page.fill("#vacation-days", "30")
    page.click("#vacation-start")
    page.wait_for_selector("#vacation-status.error:has-text('27 days of vacation left')")
    assert without_missing_resources(errors) == [], "only the refusal's answer (429)"


# -- the table page ----------------------------------------------------------------------


def test_a_bot_takes_over_the_seat_of_a_player_whose_clock_ran_out(
    open_page: OpenPage, live: Live
) -> None:
    """Ann's and Ben's pages are open; the player to move does nothing. Their 2 s run
    out, a greedy bot plays their turn, and after one timeout (``timeouts``: 1) their
    seat is away: the other player's page says a bot plays it, their own offers it back.
    (The other player runs out of time too, later: nothing here depends on when.)"""
    made = two_players(live, {"mode": "realtime", "bank": 2, "timeouts": 1})
    late = to_move(live, made)
    other, other_errors = seat_page(open_page, live, made, 1 - late)
    idle, idle_errors = seat_page(open_page, live, made, late)
    seat = other.locator(f'#seats li[data-seat="{late}"][data-stand-in="away"]')
    seat.wait_for()
    assert seat.locator(".clock").inner_text() == "0:00"
    assert "away: a bot plays" in seat.inner_text()
    mine = idle.locator(f'#seats li[data-seat="{late}"][data-stand-in="away"]')
    mine.wait_for()
    assert idle.locator("#leave").inner_text() == "Take my seat back"
    assert other_errors == [] and idle_errors == []


def test_an_away_player_sees_the_bot_play_for_them_and_takes_the_seat_back(
    open_page: OpenPage, live: Live
) -> None:
    made = two_players(live, REALTIME)
    ann, ann_errors = seat_page(open_page, live, made, 0)
    ben, ben_errors = seat_page(open_page, live, made, 1)
    ann.click("#leave")
    ann.wait_for_selector("#come-back:visible")
    said = ann.locator('#stand-ins [data-stand-in="0"]').inner_text()
    assert said.endswith("A bot plays for you (away)"), said
    ben.wait_for_selector('#stand-ins [data-stand-in="0"]:has-text("A bot plays for Ann (away)")')
    assert ben.locator("#come-back").is_hidden(), "only the away player takes the seat back"
    # the bot plays Ann's turn if it was hers; then Ben is to move, and the game waits
    ben.wait_for_selector("#legal button")
    ann.click("#come-back")
    ann.wait_for_selector("#come-back", state="hidden")
    ben.wait_for_selector("#stand-ins", state="hidden")
    assert ben.locator('#seats li[data-seat="0"]').get_attribute("data-stand-in") is None
    assert ann.locator("#leave").inner_text() == "Leave the game"
    assert ann_errors == [] and ben_errors == []


def test_a_pause_needs_both_players(open_page: OpenPage, live: Live) -> None:
    made = two_players(live, REALTIME)
    ann, ann_errors = seat_page(open_page, live, made, 0)
    ben, ben_errors = seat_page(open_page, live, made, 1)
    running = int(ann.evaluate("document.body.dataset.toMove"))
    assert ann.locator("#pause").inner_text() == "Pause the clocks"
    ann.click("#pause")
    ann.wait_for_selector("#pause-note:has-text('Waiting for Ben to agree to a pause.')")
    ben.wait_for_selector("#pause:has-text('Agree to pause')")
    assert ben.locator("#pause-note").inner_text() == "Ann asks to pause the clocks."
    for page in (ann, ben):
        assert page.evaluate("document.body.dataset.paused") == "false", "one vote is not enough"
    ben.click("#pause")
    for page in (ann, ben):
        page.wait_for_selector("body[data-paused=true]")
        assert page.locator("#pause-note").inner_text() == "Paused: every player agreed."
        assert page.locator("#pause").inner_text() == "Resume the clocks"
        assert face(page, running).endswith(" paused")
        assert page.locator("#seats [data-running=true]").count() == 0
    ann.click("#pause")
    for page in (ann, ben):
        page.wait_for_selector("body[data-paused=false]")
        page.wait_for_selector(f'#seats [data-clock="{running}"][data-running=true]')
        assert page.locator("#pause").inner_text() == "Pause the clocks"
    assert ann_errors == [] and ben_errors == []


def test_a_clock_under_30_seconds_is_urgent_not_by_colour_alone(
    open_page: OpenPage, live: Live
) -> None:
    made = two_players(live, {"mode": "realtime", "bank": 29})
    late = to_move(live, made)
    page, errors = seat_page(open_page, live, made, 1 - late)
    urgent = page.locator("#seats .clock.urgent[data-urgent=true]")
    urgent.first.wait_for()
    assert "!" in urgent.first.inner_text(), "a mark, not only a colour"
    assert urgent.first.locator(".visually-hidden").inner_text() == ": little time left"
    assert urgent.first.evaluate("node => Number(getComputedStyle(node).fontWeight)") >= 700
    assert errors == []


@pytest.mark.parametrize("clock", [REALTIME, TURN_BASED], ids=["realtime", "turn-based"])
def test_the_clocks_fit_a_phone_without_sideways_scroll(
    open_page: OpenPage, live: Live, clock: dict[str, Any]
) -> None:
    made = two_players(live, clock)
    page, errors = seat_page(open_page, live, made, 0, PHONE)
    for seat in (0, 1):
        shown = page.locator(f'#seats [data-clock="{seat}"]')
        shown.scroll_into_view_if_needed()
        assert shown.is_visible() and shown.inner_text().strip()
        box = shown.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.locator("#clock-kind").is_visible()
    running = int(page.evaluate("document.body.dataset.toMove"))
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert in_view(page, "#turn-clock"), "the running clock stays in sight, in the turn bar"
    bar, seat_face = page.evaluate(
        "(seat) => [document.querySelector('#turn-clock'), "
        "document.querySelector(`#seats [data-clock='${seat}']`)].map((f) => f.dataset.text)",
        running,
    )
    assert bar == seat_face, "the same reading (read at once: the clock ticks)"
    assert no_sideways_scroll(page)
    assert errors == []


def test_the_lobby_clock_choice_fits_a_phone(open_page: OpenPage, live: Live) -> None:
    page, errors = lobby(open_page, live, PHONE)
    for mode in ("realtime", "turn-based"):
        page.check(f"#clock-{mode}")
        assert no_sideways_scroll(page), mode
    assert errors == []


# -- accessibility --------------------------------------------------------------------


@pytest.mark.parametrize("clock", [REALTIME, TURN_BASED], ids=["realtime", "turn-based"])
def test_a_table_with_a_clock_has_no_serious_violation(
    open_page: OpenPage, live: Live, clock: dict[str, Any]
) -> None:
    made = two_players(live, clock)
    page, errors = seat_page(open_page, live, made, 0, PHONE)
    if clock["mode"] == "realtime":
        page.click("#pause")  # a vote waiting for the other player
        page.wait_for_selector("#pause-note:has-text('Waiting for Ben')")
    assert serious_violations(page) == {}
    assert errors == []


def test_an_urgent_clock_and_a_bot_standing_in_have_no_serious_violation(
    open_page: OpenPage, live: Live
) -> None:
    made = two_players(live, {"mode": "realtime", "bank": 29})
    page, errors = seat_page(open_page, live, made, 1 - to_move(live, made), PHONE)
    page.wait_for_selector("#seats .clock.urgent")
    page.click("#leave")
    page.wait_for_selector("#come-back:visible")
    assert serious_violations(page) == {}
    assert errors == []


def test_the_lobby_with_its_clock_and_vacation_has_no_serious_violation(
    open_page: OpenPage, live: Live
) -> None:
    page, errors = lobby(open_page, live, PHONE, "Clock Axe")
    page.check("#clock-realtime")
    page.wait_for_selector("#vacation", state="visible")
    assert serious_violations(page) == {}
    assert errors == []
