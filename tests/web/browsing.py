"""Driving the pages: the sizes they are checked at, waiting for a page's turn, clicking a
legal move the way a player would, creating a table in the lobby. The waits are on the
pages' own signals (``data-revision``, ``data-over`` on the body), never on time."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = Path("/usr/bin/chromium")
WAIT_MS = 300_000
"""The longest wait for an event of a page (a bot's move on a very busy machine)."""
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


@dataclass(frozen=True)
class Live:
    """The server under test: its address and its database file."""

    url: str
    db: Path

    def create(self, **table: Any) -> dict[str, Any]:
        """A new table made through the API (``table``: the request's fields)."""
        answer = httpx.post(f"{self.url}/api/tables", json=table, timeout=30)
        answer.raise_for_status()
        made: dict[str, Any] = answer.json()
        return made

    def wait_over(self, table_id: str) -> None:
        """Wait, as a spectator on the table's WebSocket, for its game to end (no page
        draws the moves meanwhile: bots alone play hundreds of them)."""
        from websockets.sync.client import connect

        with connect(f"ws{self.url.removeprefix('http')}/ws/tables/{table_id}") as socket:
            while True:
                message = json.loads(socket.recv(timeout=WAIT_MS / 1000))
                if message["type"] == "state" and message["over"]:
                    return

    def play_seat_to_the_end(self, page: Page, rng: random.Random) -> None:
        """Play random legal moves for the seat of ``page`` (a table page, its address with
        its token, signed in as its player) over the table's WebSocket, as the page would,
        with its cookies, until the game is over: the bots and the pages of the other seats
        play meanwhile."""
        from websockets.sync.client import connect

        table_id = page.url.split("/table/")[1].split("?")[0]
        token = page.url.split("token=")[1].split("&")[0]
        address = f"ws{self.url.removeprefix('http')}/ws/tables/{table_id}?token={token}"
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies(self.url))
        answered = -1
        with connect(address, additional_headers={"Cookie": cookies}) as socket:
            while True:
                message = json.loads(socket.recv(timeout=WAIT_MS / 1000))
                if message["type"] == "error":  # a move that came too late: its state
                    message = message.get("state") or {}
                if message.get("type") != "state":
                    continue
                if message["over"]:
                    return
                if message["legal"] and message["revision"] != answered:
                    answered = message["revision"]
                    move = {"type": "move", "action": rng.choice(message["legal"])}
                    socket.send(json.dumps({**move, "revision": answered}))


OpenPage = Callable[..., tuple["Page", list[str]]]
"""``open_page(size, csp=False, permissions=(), motion=True)``: a page in a fresh browser
context (``motion=False``: one that asks for reduced motion, so no piece glides), and the
list its console errors and uncaught exceptions are written to."""


def watch_errors(page: Page) -> list[str]:
    """The console errors and uncaught exceptions of ``page``, as they come."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def without_missing_resources(errors: list[str]) -> list[str]:
    """``errors`` but the browser's own note of each answer that was a 404 (a dead link's
    page asks for what is not there)."""
    return [e for e in errors if not e.startswith("Failed to load resource")]


def wait_turn(page: Page) -> bool:
    """Wait until this page may act (True) or the game is over (False); a page still
    opening (no body yet, as just after a link was followed) is waited for too."""
    page.wait_for_function(
        "document.body !== null && (document.body.dataset.over === 'true' || "
        "document.querySelectorAll('#legal button').length > 0)",
        timeout=WAIT_MS,
    )
    return page.evaluate("document.body.dataset.over") != "true"


def revision(page: Page) -> str:
    return str(page.evaluate("document.body.dataset.revision"))


def wait_past(page: Page, seen: str) -> None:
    """Wait until the page draws a state after revision ``seen``."""
    page.wait_for_function(f"document.body.dataset.revision !== '{seen}'", timeout=WAIT_MS)


def play_until_several_choices(page: Page, rng: random.Random) -> None:
    """Play random legal moves from the list until the board offers an element with
    several choices (the game must reach one)."""
    while wait_turn(page) and not page.locator(".board [data-actions]").count():
        buttons = page.locator("#legal button")
        seen = revision(page)
        buttons.nth(rng.randrange(buttons.count())).click()
        wait_past(page, seen)
    assert page.locator(".board [data-actions]").count(), "the game ended first"


def click_a_legal_move(page: Page, rng: random.Random) -> None:
    """Click one legal choice, on the board when the board offers it, and wait for it."""
    seen = revision(page)
    on_board = page.locator(".board [data-action], .board [data-actions]")
    count = on_board.count()
    if count and rng.random() < 0.85:
        target = on_board.nth(rng.randrange(count))
        several = target.get_attribute("data-actions")
        # the element itself, not whatever piece drawn on it lies under the mouse
        target.dispatch_event("click")
        if several:
            offered = page.locator("#offer [data-action]")
            offered.first.wait_for()
            offered.nth(rng.randrange(offered.count())).click()
    else:
        buttons = page.locator("#legal button")
        buttons.nth(rng.randrange(buttons.count())).click()
    wait_past(page, seen)


def create_in_lobby(
    page: Page, base_url: str, game: str, players: int, options: dict[str, str]
) -> None:
    """Make a table in the lobby, greedy bots in every seat but the first, and open it."""
    page.goto(base_url + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for name, value in options.items():
        page.fill(f"#option-{name}", value)
    # greedy bots answer in milliseconds, however busy the machine is
    for seat in range(1, players):
        page.select_option(f'[data-seat-kind="{seat}"]', "greedy")
    page.click("#create-button")
    page.click('[data-link="Seat 1"]')
    page.wait_for_selector(".board svg")


def in_view(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the window as it is scrolled now."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert size is not None
    return (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= size["height"] + 0.5
        and box["x"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
    )


def play_in_turn(pages: list[Page], rng: random.Random, moves: int | None = None) -> None:
    """Play legal moves on whichever of ``pages`` (every seat of a table without bots) may
    act, ``moves`` of them or to the end; each state reaches every page before the next
    move, so exactly one page can act."""
    latest = revision(pages[0])
    played = 0
    while moves is None or played < moves:
        for page in pages:
            page.wait_for_function(
                "(r) => document.body.dataset.revision === r", arg=latest, timeout=WAIT_MS
            )
        if pages[0].evaluate("document.body.dataset.over") == "true":
            return
        mover = next(page for page in pages if page.locator("#legal button").count() > 0)
        click_a_legal_move(mover, rng)
        latest = revision(mover)
        played += 1


def sign_up_in_lobby(page: Page, base_url: str, name: str) -> None:
    """Create the account ``name`` in the lobby's account box (signed in after)."""
    page.goto(base_url + "/")
    page.fill("#account-name", name)
    page.fill("#account-password", "a long enough password")
    page.click("#sign-up")
    page.wait_for_selector("#signed-in")


def rated_game_kept_for(host: Page, guest: Page, base_url: str, names: tuple[str, str]) -> None:
    """``host`` and ``guest`` sign up as ``names``; the host makes a rated Through the
    Desert table of two with the second seat kept for the guest and opens it, and the
    guest opens it from My games, without any link."""
    host_name, guest_name = names
    sign_up_in_lobby(guest, base_url, guest_name)
    sign_up_in_lobby(host, base_url, host_name)
    host.select_option("#game", "through_the_desert")
    host.select_option("#players", "2")
    host.select_option('[data-seat-kind="1"]', "account")
    host.fill('[data-seat-account="1"]', guest_name.lower())
    host.check("#rated")
    host.click("#create-button")
    host.click('[data-link="Seat 1"]')
    host.wait_for_selector(".board svg")
    guest.reload()
    guest.locator("#my-games a").first.click()
    guest.wait_for_selector(".board svg")
