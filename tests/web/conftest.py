"""What the browser tests share: Debian's chromium driven by Playwright, one real ``serai
serve`` (with its SQLite file) per test process, pages at the two sizes every page is
checked at, and finished games to replay.

Without Playwright or chromium every browser test skips, saying how to get them.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from tests.live_server import free_port, server
from tests.web.browsing import CHROMIUM, WAIT_MS, Live, OpenPage, watch_errors

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


SERVER_OPTIONS = ("--bot-pace", "0", "--tables-per-minute", "600", "--messages-per-second", "999")
"""Bots move at once, and the tests (all from one address) may make many tables and
play some games at full speed."""


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    db = tmp_path_factory.mktemp("web") / "serai.db"
    port = free_port()
    with server(f"sqlite:///{db}", port, *SERVER_OPTIONS):
        yield Live(f"http://127.0.0.1:{port}", db)


@pytest.fixture(scope="session")
def base_url(live: Live) -> str:
    return live.url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if importlib.util.find_spec("playwright") is None:
        pytest.skip("no Playwright: `pip install -e .[dev]` installs it")
    if not CHROMIUM.exists():
        pytest.skip(
            "no /usr/bin/chromium: install Debian's chromium (`apt-get install chromium`; "
            "`make browser` does this when it can)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def open_page(browser: Browser) -> Iterator[OpenPage]:
    contexts = []

    def opened(
        size: dict[str, int],
        csp: bool = False,
        permissions: tuple[str, ...] = (),
        motion: bool = True,
    ) -> tuple[Page, list[str]]:
        # the tests' waits are script text, which the pages' policy (no eval) forbids,
        # so their contexts bypass it unless a test checks the policy itself
        context = browser.new_context(
            viewport=size,
            bypass_csp=not csp,
            reduced_motion="no-preference" if motion else "reduce",
        )
        context.grant_permissions(list(permissions))
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        page = context.new_page()
        return page, watch_errors(page)

    yield opened
    for context in contexts:
        context.close()


FINISHED: dict[str, dict[str, Any]] = {
    "through_the_desert": {"players": 5},
    "five_tribes": {"players": 4},
    "nomads_of_arabia": {"players": 6, "options": {"max_turns": 12}},
    "desert_sons": {"players": 4},
}
"""A game of each, played to the end by greedy bots alone, at its most seats (the most
columns in the final scores); Five Tribes has the most parts in its score."""


@pytest.fixture(scope="session")
def finished(live: Live) -> dict[str, str]:
    """The id of a finished table of each game in :data:`FINISHED`, greedy bots in every
    seat (waited for as a spectator)."""
    ids = {}
    for game, table in FINISHED.items():
        seats = [{"kind": "bot", "bot": "greedy"}] * table["players"]
        ids[game] = live.create(game=game, seats=seats, **table)["table"]["id"]
    for table_id in ids.values():
        live.wait_over(table_id)
    return ids
