"""End to end, in a real browser: Debian's chromium driven by Playwright.

Each game is played to its final score table by clicking legal moves, from a table made
in the lobby with bots in the other seats; two browser contexts play one online game; a
closed page comes back to the same game. Every board is photographed on the way, into
``$SERAI_SCREENSHOTS`` (``make screenshots`` refreshes ``docs/screenshots/``) or a
temporary directory.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_server import free_port, server

CHROMIUM = Path("/usr/bin/chromium")
WAIT_MS = 300_000
"""The longest wait for an event of a page (a bot's move on a very busy machine)."""
SHOTS_ENV = "SERAI_SCREENSHOTS"
"""Where the screenshots go: ``make screenshots`` points it at docs/screenshots."""

playwright_api = pytest.importorskip("playwright.sync_api")
if not CHROMIUM.exists():
    pytest.skip(
        "no /usr/bin/chromium: install Debian's chromium (`apt-get install chromium`; "
        "`make test` does this when it can)",
        allow_module_level=True,
    )

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = f"sqlite:///{tmp_path_factory.mktemp('web') / 'serai.db'}"
    port = free_port()
    with server(db, port):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chosen = os.environ.get(SHOTS_ENV)
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield launched
        launched.close()


# The tests wait on conditions that Playwright evaluates as script text, which the pages'
# Content-Security-Policy forbids (no eval), so their contexts bypass it; the test below
# runs the pages with the policy enforced.


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def wait_turn(page: Page) -> bool:
    """Wait until this page may act (True) or the game is over (False)."""
    page.wait_for_function(
        "document.body.dataset.over === 'true' || "
        "document.querySelectorAll('#legal button').length > 0",
        timeout=WAIT_MS,
    )
    return page.evaluate("document.body.dataset.over") != "true"


def click_a_legal_move(page: Page, rng: random.Random) -> None:
    """Click one legal choice, on the board when the board offers it, and wait for it."""
    revision = page.evaluate("document.body.dataset.revision")
    on_board = page.locator(".board [data-action], .board [data-actions]")
    count = on_board.count()
    if count and rng.random() < 0.85:
        target = on_board.nth(rng.randrange(count))
        several = target.get_attribute("data-actions")
        # the element itself, not whatever piece drawn on it lies under the mouse
        target.dispatch_event("click")
        if several:
            offered = page.locator("#offer button")
            offered.first.wait_for()
            offered.nth(rng.randrange(offered.count())).click()
    else:
        buttons = page.locator("#legal button")
        buttons.nth(rng.randrange(buttons.count())).click()
    page.wait_for_function(f"document.body.dataset.revision !== '{revision}'", timeout=WAIT_MS)


def create_in_lobby(
    page: Page, base_url: str, game: str, players: int, options: dict[str, str]
) -> None:
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


GAMES = [
    ("through_the_desert", 2, {}),
    ("five_tribes", 2, {}),
    ("nomads_of_arabia", 3, {"max_turns": "20"}),
    ("desert_sons", 2, {}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_a_whole_game_by_clicking_legal_moves(
    browser: Browser,
    base_url: str,
    shots: Path,
    game: str,
    players: int,
    options: dict[str, str],
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    errors = watch_errors(page)
    create_in_lobby(page, base_url, game, players, options)
    rng = random.Random(7)
    moves = 0
    while wait_turn(page):
        click_a_legal_move(page, rng)
        moves += 1
        if moves == 8:
            page.screenshot(path=str(shots / f"{game}.png"))
    final = page.locator("#final-scores")
    final.wait_for()
    assert final.locator("tbody tr").count() == players
    assert moves > 10
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(shots / f"{game}-phone-end.png"), full_page=True)
    assert (shots / f"{game}.png").stat().st_size > 10_000
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#replay-link")
    page.wait_for_selector(".board svg")
    last = int(page.evaluate("document.body.dataset.step"))
    assert page.locator("#final-scores tbody tr").count() == players
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
    page.close()


def test_two_browsers_play_one_online_game(browser: Browser, base_url: str) -> None:
    first = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    second = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    setup = first.new_page()
    made = setup.request.post(
        base_url + "/api/tables",
        data={"game": "through_the_desert", "players": 2, "seats": [{}, {}]},
    ).json()
    pages = [first.new_page(), second.new_page()]
    for page, invite in zip(pages, made["invites"], strict=True):
        page.goto(base_url + invite["url"])
        page.wait_for_selector(".board svg")
    rng = random.Random(3)
    for _ in range(16):
        mover = next((p for p in pages if p.locator("#legal button").count() > 0), None)
        if mover is None:
            pages[0].wait_for_timeout(100)
            continue
        click_a_legal_move(mover, rng)
    for page in pages:
        page.wait_for_function(
            "(r) => document.body.dataset.revision === r",
            arg=pages[0].evaluate("document.body.dataset.revision"),
        )
    logs = [page.locator("#log li").all_inner_texts() for page in pages]
    assert logs[0] == logs[1] and len(logs[0]) > 16
    first.close()
    second.close()


def test_a_closed_page_comes_back_to_the_same_game(browser: Browser, base_url: str) -> None:
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    made = page.request.post(
        base_url + "/api/tables",
        data={"game": "desert_sons", "players": 2, "seats": [{}, {"kind": "bot", "bot": "random"}]},
    ).json()
    link = base_url + made["invites"][0]["url"]
    page.goto(link)
    rng = random.Random(5)
    for _ in range(3):
        wait_turn(page)
        click_a_legal_move(page, rng)
    wait_turn(page)
    before = page.locator("#log li").all_inner_texts()
    page.close()
    again = context.new_page()
    again.goto(link)
    again.wait_for_selector(".board svg")
    wait_turn(again)
    assert again.locator("#log li").all_inner_texts() == before
    click_a_legal_move(again, rng)
    context.close()


def test_the_pages_run_under_their_content_security_policy(browser: Browser, base_url: str) -> None:
    """With the policy enforced (no inline scripts, no eval, nothing from elsewhere), the
    lobby creates a table and the table page draws its board, without a console error."""
    page = browser.new_page()
    errors = watch_errors(page)
    create_in_lobby(page, base_url, "five_tribes", 2, {})
    page.wait_for_selector("#legal button")
    assert errors == []
    page.close()


def test_a_nomads_seat_chooses_privately_to_stop_at_windows(
    browser: Browser, base_url: str
) -> None:
    """R33: the choice shows on the seat's own page only, and the server keeps it."""
    import httpx

    page = browser.new_page(bypass_csp=True)
    create_in_lobby(page, base_url, "nomads_of_arabia", 3, {"max_turns": "20"})
    page.wait_for_selector("#windows-choice:not(.hidden)")
    assert not page.is_checked("#stop-at-windows")
    page.check("#stop-at-windows")
    table_id = page.url.split("/table/")[1].split("?")[0]
    token = page.url.split("token=")[1]
    deadline = time.monotonic() + 60
    stored = False
    while not stored and time.monotonic() < deadline:
        answer = httpx.get(f"{base_url}/api/tables/{table_id}", params={"token": token}).json()
        stored = answer["preferences"]["stop_at_windows"] is True
        time.sleep(0 if stored else 0.05)
    assert stored
    spectator = browser.new_page(bypass_csp=True)
    spectator.goto(f"{base_url}/table/{table_id}")
    spectator.wait_for_selector(".board svg")
    assert spectator.locator("#windows-choice.hidden").count() == 1
    spectator.close()
    page.close()


def test_a_refusal_links_to_its_ruling_in_the_rules_panel(browser: Browser, base_url: str) -> None:
    """A typed action the rules refuse is answered with the ruling it breaks; the link
    opens the Rules panel at that ruling, whose text is then on screen."""
    page = browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    errors = watch_errors(page)
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
    assert box is not None and 0 <= box["y"] < 800, "scrolled to the ruling"
    page.fill("#rules-search", "oasis")
    shown = page.locator("#rules-drawer section.ruling:not(.hidden)")
    assert 0 < shown.count() < page.locator("#rules-drawer section.ruling").count()
    page.keyboard.press("Escape")
    assert page.locator("#rules-drawer.hidden").count() == 1
    assert errors == []
    page.close()


def test_the_rules_page_opens_at_a_cited_ruling(browser: Browser, base_url: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = watch_errors(page)
    page.goto(f"{base_url}/rules/five_tribes#r34")
    page.wait_for_selector("body[data-ready=true]")
    ruling = page.locator("#r34")
    assert ruling.evaluate("node => node.classList.contains('cited')")
    box = ruling.bounding_box()
    assert box is not None and 0 <= box["y"] < 844
    assert page.locator("section.ruling").count() == 41
    assert errors == []
    page.close()


def sign_up_in_lobby(page: Page, base_url: str, name: str) -> None:
    page.goto(base_url + "/")
    page.fill("#account-name", name)
    page.fill("#account-password", "a long enough password")
    page.click("#sign-up")
    page.wait_for_selector("#signed-in")


def test_two_accounts_play_a_rated_game_chat_and_rematch(browser: Browser, base_url: str) -> None:
    """Two players sign up in two browsers, play a rated game to the end, see both their
    ratings move, talk in the chat and start a rematch."""
    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True),
        browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True),
    ]
    ana, ben = (context.new_page() for context in contexts)
    errors = [watch_errors(ana), watch_errors(ben)]
    sign_up_in_lobby(ben, base_url, "Ben")
    sign_up_in_lobby(ana, base_url, "Ana")
    ana.select_option("#game", "through_the_desert")
    ana.select_option("#players", "2")
    ana.select_option('[data-seat-kind="1"]', "account")
    ana.fill('[data-seat-account="1"]', "ben")
    ana.check("#rated")
    ana.click("#create-button")
    ana.click('[data-link="Seat 1"]')
    ana.wait_for_selector(".board svg")
    ben.reload()
    ben.locator("#my-games a").first.click()  # from My games, without any link
    ben.wait_for_selector(".board svg")
    ana.fill("#chat-text", "good luck!")
    ana.press("#chat-text", "Enter")
    ben.wait_for_selector("#chat li:has-text('good luck!')")
    assert "Ana:" in ben.locator("#chat li").first.inner_text()
    rng = random.Random(5)
    pages = [ana, ben]
    while not any(page.evaluate("document.body.dataset.over") == "true" for page in pages):
        mover = next((p for p in pages if p.locator("#legal button").count() > 0), None)
        if mover is None:
            pages[0].wait_for_timeout(50)
            continue
        click_a_legal_move(mover, rng)
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
    assert (
        board.locator("[data-player=Ana]").count()
        == board.locator("[data-player=Ben]").count()
        == 1
    )
    board.close()
    old_url = ben.url
    ana.click("#rematch")
    ana.wait_for_url(lambda url: url != old_url and "/table/" in url)
    ben.wait_for_selector("#rematch:has-text('Join the rematch')")
    ben.click("#rematch")
    ben.wait_for_url(lambda url: url != old_url and "/table/" in url)
    ben.wait_for_selector(".board svg")
    assert ana.url.split("?")[0] == ben.url.split("?")[0], "both at the same new table"
    assert errors == [[], []]
    for context in contexts:
        context.close()
