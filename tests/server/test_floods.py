"""Floods and garbage: a flood of password checks stalls nobody else, and a request that
is not HTTP at all still gets a typed error.

Nothing here waits for time to pass: the password work is held on events, and the
timeouts are only guards, so that a server that does stall fails the test instead of
hanging it.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from anyio.from_thread import BlockingPortal
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from serai.server import players
from serai.server.errors import TableError
from tests.server.test_device_sign_in import DEVICE, attempt
from tests.server.test_hardening import LIVE_SERVER_GROUP, live_server, raw_request
from tests.server.test_players import PASSWORD, browser, sign_up

__all__ = ["browser", "live_server"]  # the fixtures, imported for these tests

GUARD_SECONDS = 60.0
"""How long a held job waits before it lets go by itself: a failure guard, never reached
when the server behaves."""


class HeldHasher:
    """argon2, but each hash or check says which thread runs it, then waits for
    ``release`` (set by the guard after :data:`GUARD_SECONDS` at the latest)."""

    def __init__(self) -> None:
        self.real = PasswordHasher()
        self.release = threading.Event()
        self.entered = threading.Semaphore(0)
        self.threads: list[str] = []
        self.guard = threading.Timer(GUARD_SECONDS, self.release.set)
        self.guard.daemon = True

    def _enter(self) -> None:
        self.threads.append(threading.current_thread().name)
        self.entered.release()
        self.release.wait(GUARD_SECONDS)

    def hash(self, password: str) -> str:
        self._enter()
        return self.real.hash(password)

    def verify(self, stored: str, password: str) -> bool:
        self._enter()
        return self.real.verify(stored, password)


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldHasher]:
    """Every password hashed or checked from now on waits for the hasher's ``release``."""
    players.dummy_hash()  # worked out once, before the hasher is held
    hasher = HeldHasher()
    monkeypatch.setattr(players, "hasher", lambda: hasher)
    hasher.guard.start()
    try:
        yield hasher
    finally:
        hasher.release.set()
        hasher.guard.cancel()


async def guess(stored: str | None, password: str) -> bool:
    """A password checked as a sign-in checks it: in a place of its own."""
    with players.PASSWORDS.place() as place:
        return await players.verify_password(place, stored, password)


async def flood(count: int) -> list[asyncio.Task[bool]]:
    """``count`` wrong guesses checked at once, each holding its place until it is done."""
    guesses = [
        asyncio.ensure_future(guess(players.dummy_hash(), "a wrong guess")) for _ in range(count)
    ]
    await asyncio.sleep(0)  # each guess has taken its place when this returns
    return guesses


STRANGERS_PLACES = players.PASSWORD_JOBS - players.PASSWORD_KEPT
"""The places a flood of guesses without a device cookie fills."""


async def new_hash(password: str) -> str:
    with players.PASSWORDS.place() as place:
        return await players.hash_password(place, password)


async def settle(jobs: list[asyncio.Future[Any]]) -> list[Any]:
    return await asyncio.gather(*jobs)


def amelie_then_a_flood(
    browser: TestClient, held: HeldHasher
) -> tuple[BlockingPortal, list[asyncio.Task[bool]]]:
    """Amélie signs up on ``browser``; then strangers' guesses take every place but the kept
    ones, and both threads are held on their first two."""
    held.release.set()
    assert sign_up(browser, "Amélie").status_code == 201
    held.release.clear()
    portal = browser.portal
    assert portal is not None
    guesses = portal.call(flood, STRANGERS_PLACES)
    for _ in range(players.PASSWORD_THREADS):
        assert held.entered.acquire(timeout=GUARD_SECONDS), "the flood never started"
    return portal, guesses


def test_a_flood_of_password_checks_is_refused_at_once_and_stalls_no_one(
    browser: TestClient, held: HeldHasher
) -> None:
    portal, guesses = amelie_then_a_flood(browser, held)

    for _ in range(8):  # she tries again, and again: more than her name's limit here
        refused = attempt(browser, "203.0.113.5", "Amélie", PASSWORD)  # on a new browser
        assert refused.status_code == 429, refused.text
        assert refused.json()["code"] == "too_many" and "passwords" in refused.json()["message"]
        assert refused.headers["retry-after"] == str(players.PASSWORD_RETRY_SECONDS)
    new = sign_up(browser, "Bruno")
    assert new.status_code == 429 and new.json()["code"] == "too_many"
    assert browser.get("/api/tables").status_code == 200
    me = browser.get("/api/me")
    assert me.status_code == 200 and me.json()["name"] == "Amélie"
    assert not held.release.is_set(), "answered only once the guard let the flood go"

    held.release.set()
    assert portal.call(settle, guesses) == [False] * STRANGERS_PLACES
    again = attempt(browser, "203.0.113.5", "Amélie", PASSWORD)
    assert again.status_code == 200, "the refusals spent none of her sign-in limits"
    assert again.json() == {"name": "Amélie"}


def test_a_browser_that_signed_in_before_signs_in_while_strangers_flood_the_checks(
    browser: TestClient, held: HeldHasher
) -> None:
    portal, guesses = amelie_then_a_flood(browser, held)
    genuine = browser.cookies.get(DEVICE) or ""
    stranger = attempt(browser, "203.0.113.5", "Amélie", PASSWORD)
    assert stranger.status_code == 429 and stranger.json()["code"] == "too_many"
    nonce, expires, _ = genuine.split(".")
    forged = attempt(browser, "203.0.113.6", "Amélie", PASSWORD, f"{nonce}.{expires}.{'A' * 43}")
    assert forged.status_code == 429 and forged.json()["code"] == "too_many"
    assert players.PASSWORDS.busy == STRANGERS_PLACES, "the forged cookie's place was given back"

    with ThreadPoolExecutor(1) as returning:
        signing_in = returning.submit(attempt, browser, "203.0.113.7", "Amélie", PASSWORD, genuine)
        deadline = time.monotonic() + GUARD_SECONDS
        while players.PASSWORDS.busy == STRANGERS_PLACES and not signing_in.done():
            assert time.monotonic() < deadline, "her sign-in never took a place"
            time.sleep(0.01)
        assert not signing_in.done(), "she waits behind the flood, in a kept place"
        held.release.set()
        answer = signing_in.result(timeout=GUARD_SECONDS)
    assert answer.status_code == 200 and answer.json() == {"name": "Amélie"}
    assert portal.call(settle, guesses) == [False] * STRANGERS_PLACES


def test_kept_places_are_only_for_sign_ins_a_device_cookie_vouches_for() -> None:
    work = players.PasswordWork(threads=1, most=3, kept=1)
    with work.place() as first, work.place() as second:
        assert not first.kept and not second.kept
        first.vouch(False)  # an ordinary place needs no cookie
        with pytest.raises(TableError) as full, work.place():
            pass
        assert full.value.code == "too_many"
        with work.place(cookie=True) as kept:
            assert kept.kept and work.busy == 3
            with pytest.raises(TableError), work.place(cookie=True):
                pass
            kept.vouch(True)
            with pytest.raises(TableError) as unvouched:
                kept.vouch(False)
            assert unvouched.value.code == "too_many"
        assert work.busy == 2, "a place no job ran in is given back"
    assert work.busy == 0
    with work.place(cookie=True) as free:
        assert not free.kept, "a cookie takes an ordinary place while one is free"
        free.vouch(False)
    work.pool.shutdown()


def test_passwords_are_worked_out_away_from_the_default_thread_pool(
    browser: TestClient, held: HeldHasher
) -> None:
    held.release.set()
    portal = browser.portal
    assert portal is not None
    blocked, free = threading.Event(), threading.Event()
    guard = threading.Timer(GUARD_SECONDS, free.set)
    guard.start()

    def hold_the_thread() -> None:
        blocked.set()
        free.wait(GUARD_SECONDS)

    async def block_the_default_pool() -> asyncio.Future[None]:
        loop = asyncio.get_running_loop()
        loop.set_default_executor(ThreadPoolExecutor(1))  # what every read of the store uses
        return loop.run_in_executor(None, hold_the_thread)

    holding = portal.call(block_the_default_pool)
    try:
        assert blocked.wait(GUARD_SECONDS)
        hashed = portal.call(new_hash, PASSWORD)
        assert portal.call(guess, hashed, PASSWORD) is True
        assert portal.call(guess, None, PASSWORD) is False
        assert not free.is_set(), "the passwords waited for the default pool"
    finally:
        free.set()
        guard.cancel()
        portal.call(settle, [holding])
    assert len(held.threads) == 3
    assert all(name.startswith("serai-passwords") for name in held.threads), held.threads


# -- requests h11 cannot read ---------------------------------------------------------------


@LIVE_SERVER_GROUP
@pytest.mark.parametrize(
    "head",
    [
        b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET /api/games HTTP/1.1\r\n\r\n",
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
        "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ١٢\r\n\r\n".encode(),
        b"HELLO THERE\r\n\r\n",
        b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n<script>: 1\r\n\r\n",
    ],
    ids=["two-hosts", "no-host", "negative-length", "arabic-length", "garbage", "bad-header"],
)
def test_a_request_that_is_not_http_gets_a_typed_error(live_server: int, head: bytes) -> None:
    answer = raw_request(live_server, head)
    status, _, rest = answer.partition(b"\r\n")
    headers, _, body = rest.partition(b"\r\n\r\n")
    assert status.startswith(b"HTTP/1.1 400"), answer
    lines = headers.lower().split(b"\r\n")
    assert b"content-type: application/json" in lines and b"connection: close" in lines
    assert b"x-content-type-options: nosniff" in lines
    error = json.loads(body)
    assert error["type"] == "error" and error["code"] == "bad_request"
    assert error["message"].startswith("this request is not valid HTTP/1.1")
    assert "script" not in error["message"]  # h11's reason, when it quotes the request, is left out
