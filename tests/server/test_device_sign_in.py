"""Device cookies: strangers guessing a player's password from many addresses do not lock
out the browser that player signed in from before."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from serai.server.guard import RateLimit
from serai.server.players import DEVICE_SECONDS, Account, remember_device
from serai.server.schema import accounts
from tests.server.test_players import PASSWORD, browser, csrf, hub_of, sign_up

__all__ = ["browser"]  # the fixture, imported for these tests

DEVICE = "serai_device"


def attempt(browser: TestClient, address: str, name: str, password: str, device: str = "") -> Any:
    """A sign-in from ``address``, with ``device`` as its device cookie (none if empty)."""
    client = TestClient(browser.app, base_url="https://testserver", client=(address, 1))
    headers = {"Cookie": f"{DEVICE}={device}"} if device else {}
    return client.post("/api/session", json={"name": name, "password": password}, headers=headers)


def drain(browser: TestClient, name: str) -> None:
    """Strangers at ten addresses guess ``name``'s password until the guesses at that name
    from everywhere are refused."""
    limits = browser.app.state.limits  # type: ignore[attr-defined]
    limits.sign_in_by_name = RateLimit(per_minute=1e-6, burst=8)  # no refill while it runs
    answers = [
        attempt(browser, f"198.51.100.{i}", name, f"wrong guess {i}").status_code for i in range(10)
    ]
    assert answers == [401] * 8 + [429] * 2


def refused(answer: Any) -> bool:
    return bool(answer.status_code == 429 and answer.json()["code"] == "too_many")


def test_a_browser_that_signed_in_before_is_not_locked_out_by_guesses_elsewhere(
    browser: TestClient,
) -> None:
    sign_up(browser, "Hana")
    assert browser.delete("/api/session", headers=csrf(browser)).status_code == 200
    for guess in ("mistyped once", "mistyped twice"):
        wrong = browser.post("/api/session", json={"name": "Hana", "password": guess})
        assert wrong.status_code == 401, "a wrong password does not void the device cookie"
    drain(browser, "Hana")
    elsewhere = attempt(browser, "203.0.113.9", "Hana", PASSWORD)
    assert refused(elsewhere), "a browser with no device cookie is refused as before"
    right = browser.post("/api/session", json={"name": "hana", "password": PASSWORD})
    assert right.status_code == 200, right.text
    assert browser.get("/api/me").json()["name"] == "Hana"


def test_a_forged_expired_or_malformed_device_cookie_is_ignored(browser: TestClient) -> None:
    sign_up(browser, "Other")
    other = browser.cookies.get(DEVICE) or ""
    browser.cookies.clear()
    sign_up(browser, "Ivo")
    genuine = browser.cookies.get(DEVICE) or ""
    with hub_of(browser).store.engine.connect() as db:
        row = db.execute(select(accounts).where(accounts.c.name == "Ivo")).mappings().one()
    ivo = Account(row["id"], row["name"], False, row["created_at"])
    long_ago = time.time() - DEVICE_SECONDS - 60
    expired = remember_device("", ivo, row["password_hash"], now=long_ago)
    nonce, expires, mac = genuine.split(".")
    drain(browser, "Ivo")
    for number, cookie in enumerate(
        (
            other,  # another account's entry
            expired,
            f"{nonce}.{int(expires) + 1}.{mac}",  # a later expiry than was signed
            f"{nonce}.{expires}.{'A' * 43}",
            f"{genuine}x",
            "~".join([other] * 5 + [genuine]),  # past the five entries a cookie may hold
            f"{genuine}~" * 200,
            "~~..~",
            "0000000000000000.99999999999999999999.x",
            '"quoted"',
            "%ff%fe",
        )
    ):  # each from an address of its own: refused by the name's limit from everywhere
        answer = attempt(browser, f"203.0.113.{number}", "Ivo", PASSWORD, device=cookie)
        assert refused(answer) and "from everywhere" in answer.json()["message"], cookie
    right = attempt(browser, "203.0.113.99", "Ivo", PASSWORD, device=genuine)
    assert right.status_code == 200, "the genuine cookie, from any address"


def test_a_stolen_device_cookie_guesses_no_faster_than_its_own_limit(
    browser: TestClient,
) -> None:
    sign_up(browser, "Jun")
    stolen = browser.cookies.get(DEVICE) or ""
    answers = [
        attempt(browser, f"198.51.100.{i}", "Jun", f"wrong guess {i}", stolen).status_code
        for i in range(12)
    ]
    assert answers == [401] * 10 + [429] * 2, "well within the 60 guesses at one name"
    again = attempt(browser, "198.51.100.99", "Jun", PASSWORD, stolen)
    assert refused(again) and "browser" in again.json()["message"]
    without = attempt(browser, "198.51.100.99", "Jun", PASSWORD)
    assert without.status_code == 200, "the guesses at the name from everywhere are not spent"


def test_the_device_cookie_is_http_only_same_site_and_opaque(browser: TestClient) -> None:
    answer = sign_up(browser, "Kiri")
    header = next(h for h in answer.headers.get_list("set-cookie") if h.startswith(DEVICE))
    attributes = {part.strip().split("=")[0].lower(): part for part in header.split(";")}
    assert {"httponly", "secure", "samesite", "max-age", "path"} <= attributes.keys()
    assert attributes["samesite"].strip().lower() == "samesite=lax"
    assert int(attributes["max-age"].split("=")[1]) >= 300 * 24 * 3600
    value = browser.cookies.get(DEVICE) or ""
    with hub_of(browser).store.engine.connect() as db:
        row = db.execute(select(accounts)).mappings().one()
    for secret in (row["id"], row["name"], row["password_hash"], PASSWORD):
        assert secret not in value
    plain = TestClient(browser.app, base_url="http://testserver")
    header = sign_up(plain, "Lale").headers.get_list("set-cookie")
    assert any(h.startswith(DEVICE) and "secure" not in h.lower() for h in header)


def test_one_browser_vouches_for_the_last_five_accounts_it_signed_in_to(
    browser: TestClient,
) -> None:
    names = [f"Player{i}" for i in range(7)]
    for name in names:
        assert sign_up(browser, name).status_code == 201
    again = browser.post("/api/session", json={"name": "Player3", "password": PASSWORD})
    assert again.status_code == 200
    devices = browser.cookies.get(DEVICE) or ""
    assert len(devices.split("~")) == 5, "one entry per account, five at most"
    limits = browser.app.state.limits  # type: ignore[attr-defined]
    limits.sign_in_by_name = RateLimit(per_minute=1e-6, burst=0)  # every name drained
    for name in names:
        answer = attempt(browser, "203.0.113.9", name, PASSWORD, device=devices)
        expected = 429 if name in ("Player0", "Player1") else 200
        assert answer.status_code == expected, name
