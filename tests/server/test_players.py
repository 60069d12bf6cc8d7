"""Players: accounts, sessions, seats bound to accounts, ratings, chat, leaving, rematch."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from sqlalchemy import select, text

from serai.engine import places
from serai.server import create_app, players
from serai.server.guard import RateLimit
from serai.server.ratings import RatedSeat, rate
from serai.server.schema import accounts, ratings, sessions
from serai.server.tables import Hub
from tests.server.test_api import state_of

PASSWORD = "correct horse battery"


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


@pytest.fixture
def browser(db_url: str, executor: ThreadPoolExecutor) -> Iterator[TestClient]:
    """A client that keeps cookies, as a browser does (over HTTPS)."""
    with TestClient(create_app(db_url, executor=executor), base_url="https://testserver") as c:
        yield c


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return client.post("/api/accounts", json={"name": name, "password": password})


def csrf(client: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": client.cookies.get("serai_csrf") or ""}


def post(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    """A signed-in browser's state change: with the CSRF header of its session."""
    return client.post(path, json=body, headers=csrf(client))


# -- accounts and sessions --------------------------------------------------------------


def two_invited(client: TestClient, **extra: Any) -> tuple[str, str, str]:
    """A Five Tribes table of two invited seats: its id and each seat's token."""
    made = client.post(
        "/api/tables", json={"game": "five_tribes", "players": 2, "seats": [{}, {}], **extra}
    ).json()
    one, two = (invite["token"] for invite in made["invites"])
    return made["table"]["id"], one, two


def test_sign_up_sets_a_private_session_cookie(browser: TestClient) -> None:
    made = sign_up(browser, "Amélie")
    assert made.status_code == 201 and made.json() == {"name": "Amélie"}
    cookies = made.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith("serai_session="))
    assert "HttpOnly" in session and "SameSite=lax" in session and "Secure" in session
    token = next(c for c in cookies if c.startswith("serai_csrf="))
    assert "HttpOnly" not in token
    assert browser.get("/api/me").json()["name"] == "Amélie"


def test_names_collide_after_unicode_normalisation_and_case(browser: TestClient) -> None:
    assert sign_up(browser, "Ámélie").status_code == 201
    for same in ("A\u0301ME\u0301LIE", "ámélie", "ÁMÉLIE"):
        taken = sign_up(TestClient(browser.app), same)
        assert taken.status_code == 409 and taken.json()["code"] == "name_taken"


def test_a_name_mixing_look_alike_scripts_is_refused(browser: TestClient) -> None:
    """Latin with a Cyrillic or Greek letter could pass for another player; Latin with
    Japanese, Chinese or Korean, or any one script with accents and digits, cannot."""
    assert sign_up(browser, "Magnus").status_code == 201
    for lookalike in ("M\u0430gnus", "Magn\u03c5s", "\u0391lice", "Bob\u0441at"):
        refused = sign_up(TestClient(browser.app), lookalike)
        assert refused.status_code == 422 and "one script" in refused.json()["message"]
    for fine in ("山田 Taro", "たろう山田", "김민준 Kim", "Ἀλέξανδρος", "Анна 2", "Zoë-Ab\u0301"):
        assert sign_up(TestClient(browser.app), fine).status_code == 201, fine


@pytest.mark.parametrize(
    ("first", "alike"),
    [("Ape", "\u0410\u0440\u0435"), ("BOB", "B0B"), ("Ian", "lan"), ("lan", "IAN")],
)
def test_a_name_looking_like_an_existing_one_is_refused(
    browser: TestClient, first: str, alike: str
) -> None:
    """Each name is in one script, yet it would pass for the other (the all-Cyrillic
    ``Аре``, a zero, a capital I beside a small L)."""
    assert sign_up(browser, first).status_code == 201
    refused = sign_up(TestClient(browser.app), alike)
    assert refused.status_code == 409 and refused.json()["code"] == "name_taken"
    assert refused.json()["message"] == (
        f"the name {alike!r} looks like the existing name {first!r}"
    )


def test_a_name_differing_in_case_alone_is_taken_though_it_looks_otherwise(
    browser: TestClient,
) -> None:
    assert sign_up(browser, "Ian").status_code == 201
    taken = sign_up(TestClient(browser.app), "ian")
    assert taken.status_code == 409 and taken.json()["message"] == "the name 'ian' is taken"


def test_names_that_look_different_are_both_taken_and_each_signs_in_by_its_own(
    browser: TestClient,
) -> None:
    assert sign_up(browser, "Magnus").status_code == 201
    assert sign_up(TestClient(browser.app), "Magnes").status_code == 201
    for name in ("magnus", "MAGNES"):
        signed = TestClient(browser.app).post(
            "/api/session", json={"name": name, "password": PASSWORD}
        )
        assert signed.status_code == 200 and signed.json()["name"] == name.title()


@pytest.mark.parametrize(
    ("name", "password", "says"),
    [
        ("x", PASSWORD, "name"),
        ("mcts:hard", PASSWORD, "name"),
        ("bell\x07", PASSWORD, "name"),
        ("bob12\u3164", PASSWORD, "drawn as nothing"),
        ("\u3164\u3164\u3164", PASSWORD, "drawn as nothing"),
        ("A\uffa0\uffa0B", PASSWORD, "drawn as nothing"),
        ("Magnus\ufe0f", PASSWORD, "drawn as nothing"),
        ("Mag\u034fnus", PASSWORD, "drawn as nothing"),
        ("Magnus\U000e0100", PASSWORD, "drawn as nothing"),
        ("a" + "\u0301" * 21, PASSWORD, "accents"),
        ("Bea", "short", "password"),
        ("Bea", "x" * 300, "password"),
    ],
)
def test_a_bad_name_or_password_is_refused(
    browser: TestClient, name: str, password: str, says: str
) -> None:
    refused = sign_up(browser, name, password)
    assert refused.status_code == 422 and says in refused.json()["message"]
    assert password not in refused.text or len(password) < 6


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(browser: TestClient) -> None:
    sign_up(browser, "Chen")
    browser.cookies.clear()
    players.dummy_hash.cache_clear()
    wrong = browser.post("/api/session", json={"name": "Chen", "password": "not it at all"})
    unknown = browser.post("/api/session", json={"name": "Nobody", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert players.dummy_hash.cache_info().currsize == 1, "the unknown name was hashed too"
    right = browser.post("/api/session", json={"name": "chen", "password": PASSWORD})
    assert right.status_code == 200 and browser.get("/api/me").status_code == 200


def test_sign_in_attempts_are_limited_per_name(browser: TestClient) -> None:
    sign_up(browser, "Dara")
    answers = [
        browser.post("/api/session", json={"name": "Dara", "password": "wrong guess 1"}).status_code
        for _ in range(6)
    ]
    assert answers[:5] == [401] * 5 and answers[5] == 429
    for look_alike in ("DARA", "Ｄａｒａ", "ＤＡＲＡ"):
        again = browser.post("/api/session", json={"name": look_alike, "password": PASSWORD})
        assert again.status_code == 429, "the same name, however it is written"
    elsewhere = TestClient(browser.app, base_url="https://testserver", client=("192.0.2.7", 1))
    right = elsewhere.post("/api/session", json={"name": "Dara", "password": PASSWORD})
    assert right.status_code == 200, "guesses from one address lock nobody out elsewhere"


def test_sign_in_guesses_from_many_addresses_at_one_name_are_limited_too(
    browser: TestClient,
) -> None:
    sign_up(browser, "Eero")
    limits = browser.app.state.limits  # type: ignore[attr-defined]
    assert limits.sign_in_by_name.burst > limits.sign_in_by_name_here.burst
    limits.sign_in_by_name = RateLimit(per_minute=1e-6, burst=8)  # no refill while it runs
    answers = []
    for address in range(10):
        guesser = TestClient(browser.app, client=(f"198.51.100.{address}", 1))
        guess = {"name": "Eero", "password": f"wrong guess {address}"}
        answers.append(guesser.post("/api/session", json=guess).status_code)
    assert answers == [401] * 8 + [429] * 2


def test_signing_out_revokes_the_session_even_for_a_stolen_cookie(browser: TestClient) -> None:
    sign_up(browser, "Emeka")
    stolen = browser.cookies.get("serai_session")
    forged = browser.delete("/api/session")  # another site's request has no CSRF header
    assert forged.status_code == 403 and forged.json()["code"] == "bad_csrf"
    assert browser.get("/api/me").status_code == 200, "still signed in"
    assert browser.delete("/api/session", headers=csrf(browser)).status_code == 200
    assert browser.get("/api/me").status_code == 401
    thief = TestClient(browser.app, base_url="https://testserver")
    thief.cookies.set("serai_session", stolen or "")
    assert thief.get("/api/me").status_code == 401


def test_no_secret_is_stored_in_clear(browser: TestClient) -> None:
    sign_up(browser, "Farah")
    secret = browser.cookies.get("serai_session") or ""
    token = browser.cookies.get("serai_csrf") or ""
    store = hub_of(browser).store
    with store.engine.connect() as db:
        account = db.execute(select(accounts)).mappings().one()
        session = db.execute(select(sessions)).mappings().one()
        dump = " ".join(str(v) for v in [*account.values(), *session.values()])
    assert account["password_hash"].startswith("$argon2id$")
    for clear in (PASSWORD, secret, token):
        assert clear not in dump


def test_a_signed_in_change_needs_the_csrf_header(browser: TestClient) -> None:
    sign_up(browser, "Gus")
    body = {"game": "five_tribes", "players": 2, "seats": [{}, {"kind": "bot", "bot": "random"}]}
    forged = browser.post("/api/tables", json=body)
    assert forged.status_code == 403 and forged.json()["code"] == "bad_csrf"
    cross_site = browser.post(
        "/api/tables", json=body, headers={**csrf(browser), "Origin": "https://evil.example"}
    )
    assert cross_site.status_code == 403
    assert post(browser, "/api/tables", body).status_code == 201
    assert browser.get("/api/me/games").json()["games"][0]["your_seats"] == [0]


# -- seats bound to accounts -----------------------------------------------------------


def test_my_games_from_any_device_with_my_turn_first(browser: TestClient) -> None:
    sign_up(browser, "Hana")
    two_humans = {"game": "through_the_desert", "players": 2, "seats": [{}, {}]}
    played = post(browser, "/api/tables", two_humans).json()
    first = browser.get(f"/api/tables/{played['table']['id']}").json()
    assert first["you"] == [0] and first["legal"], "Hana places the first leader"
    post(
        browser,
        f"/api/tables/{played['table']['id']}/move",
        {"action": first["legal"][0], "revision": first["revision"]},
    )
    waiting = post(browser, "/api/tables", two_humans).json()
    laptop = TestClient(browser.app, base_url="https://testserver")
    assert laptop.post("/api/session", json={"name": "HANA", "password": PASSWORD}).is_success
    games = laptop.get("/api/me/games").json()["games"]
    assert [(g["id"], g["your_turn"]) for g in games] == [
        (waiting["table"]["id"], True),
        (played["table"]["id"], False),
    ]
    # no token: the account's seat
    assert laptop.get(f"/api/tables/{played['table']['id']}").json()["you"] == [0]


def test_a_seat_kept_for_an_account_is_that_accounts_alone(browser: TestClient) -> None:
    sign_up(browser, "Ines")
    browser.cookies.clear()
    sign_up(browser, "Jonas")
    made = post(
        browser,
        "/api/tables",
        {"game": "five_tribes", "players": 2, "seats": [{}, {"kind": "human", "account": "ines"}]},
    ).json()
    assert [i["seat"] for i in made["invites"]] == [0], "no link for Ines's seat"
    assert made["table"]["seats"][1]["name"] == "Ines" and made["table"]["seats"][1]["player"]
    tid = made["table"]["id"]
    assert browser.get(f"/api/tables/{tid}").json()["you"] == [0]
    ines = TestClient(browser.app, base_url="https://testserver")
    ines.post("/api/session", json={"name": "Ines", "password": PASSWORD})
    assert ines.get(f"/api/tables/{tid}").json()["you"] == [1]
    nobody = post(
        browser,
        "/api/tables",
        {"game": "five_tribes", "players": 2, "seats": [{}, {"kind": "human", "account": "zed"}]},
    )
    assert nobody.status_code == 422 and "no player" in nobody.json()["message"]


def test_only_a_signed_in_player_keeps_seats_and_my_games_lists_them_as_invitations(
    browser: TestClient,
) -> None:
    """A stranger cannot put tables into a player's games; a table another player kept a
    seat at for me shows as an invitation (after my turns, before the rest) until I open
    it."""
    sign_up(browser, "Lev")
    kept_for_lev = {"game": "five_tribes", "players": 2, "seats": [{}, {"account": "Lev"}]}
    stranger = TestClient(browser.app, base_url="https://testserver")
    refused = stranger.post("/api/tables", json=kept_for_lev)
    assert refused.status_code == 401 and refused.json()["code"] == "not_signed_in"
    mine = post(  # Lev places the first leader
        browser, "/api/tables", {"game": "through_the_desert", "players": 2, "seats": [{}, {}]}
    ).json()
    sign_up(stranger, "Mia")
    invitation = post(stranger, "/api/tables", kept_for_lev).json()
    lev_to_move = invitation["table"]["to_move"] == 1
    games = browser.get("/api/me/games").json()["games"]
    assert [(g["id"], g["your_turn"], g["invited"]) for g in games] == [
        (mine["table"]["id"], True, False),
        (invitation["table"]["id"], False, True),
    ]
    lev_session = {"cookie": f"serai_session={browser.cookies.get('serai_session')}"}
    url = f"/ws/tables/{invitation['table']['id']}"
    with browser.websocket_connect(url, headers=lev_session) as opened:
        opened.receive_json()
        assert opened.receive_json()["table"]["seats"][1]["claimed"]
    taken = {g["id"]: g for g in browser.get("/api/me/games").json()["games"]}
    assert not taken[invitation["table"]["id"]]["invited"]
    assert taken[invitation["table"]["id"]]["your_turn"] is lev_to_move


def test_everyone_at_the_table_sees_an_invited_player_come(browser: TestClient) -> None:
    tid, one, two = two_invited(browser)
    with browser.websocket_connect(f"/ws/tables/{tid}?token={one}") as first:
        first.receive_json()
        assert not first.receive_json()["table"]["seats"][1]["claimed"]
        with browser.websocket_connect(f"/ws/tables/{tid}?token={two}") as second:
            second.receive_json()
            second.receive_json()
            told = first.receive_json()
            assert told["type"] == "state" and told["table"]["seats"][1]["claimed"]


def test_opening_an_invite_link_signed_in_binds_the_seat(browser: TestClient) -> None:
    anonymous = TestClient(browser.app, base_url="https://testserver")
    made = anonymous.post(
        "/api/tables", json={"game": "five_tribes", "players": 2, "seats": [{}, {}]}
    ).json()
    sign_up(browser, "Kofi")
    token = made["invites"][1]["token"]
    # the test client sends its cookies over ws:// only when told to (a browser would)
    session = {"cookie": f"serai_session={browser.cookies.get('serai_session')}"}
    url = f"/ws/tables/{made['table']['id']}?token={token}"
    with browser.websocket_connect(url, headers=session) as ws:
        ws.receive_json()
        assert ws.receive_json()["you"] == [1]
    games = browser.get("/api/me/games").json()["games"]
    assert [(g["id"], g["your_seats"]) for g in games] == [(made["table"]["id"], [1])]
    # the seat is Kofi's now: its link plays it only signed in as him (whoever made the
    # table holds every seat's link, and could otherwise play and chat as Kofi)
    assert browser.get(f"/api/tables/{made['table']['id']}", params={"token": token}).json()[
        "you"
    ] == [1]
    taken = anonymous.get(f"/api/tables/{made['table']['id']}", params={"token": token})
    assert taken.status_code == 403 and taken.json()["code"] == "bad_token"
    assert "sign in as Kofi" in taken.json()["message"]


# -- ratings -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "results",
    [
        [1, 2],
        [1, 1],
        [2, 1, 3],
        [1, 1, 3],
        [1, 2, 2, 4],
        [3, 1, 2, 1, 5],
        [1, 2, 3, 4, 5, 6],
        [1, 1, 1, 4, 4, 6],
    ],
)
def test_ratings_follow_openskill_plackett_luce(db_url: str, results: list[int]) -> None:
    """Two rounds of ratings, with ties, checked against openskill itself."""
    from serai.server.store import Store

    store = Store(db_url)
    try:
        people = [store_account(store, f"p{i}") for i in range(len(results))]
        model = PlackettLuce()
        expected = [model.rating(name=person) for person in people]
        for round_number, table_id in enumerate(("t1", "t2")):
            ranks = results if round_number == 0 else results[::-1]
            create_table(store, table_id)
            with store.engine.begin() as db:
                rate(
                    db,
                    table_id,
                    "five_tribes",
                    [RatedSeat(p, r) for p, r in zip(people, ranks, strict=True)],
                )
                rate(db, table_id, "five_tribes", [RatedSeat(people[0], 1)])  # once only
            expected = [
                team[0]
                for team in model.rate([[r] for r in expected], ranks=[float(r) for r in ranks])
            ]
        with store.engine.connect() as db:
            rows = {row["account_id"]: row for row in db.execute(select(ratings)).mappings()}
        for person, want in zip(people, expected, strict=True):
            assert rows[person]["mu"] == pytest.approx(want.mu)
            assert rows[person]["sigma"] == pytest.approx(want.sigma)
            assert rows[person]["games"] == 2
    finally:
        store.close()


def store_account(store: Any, name: str) -> str:
    made = players.Players(store).submit_account(name, None).result()
    assert made is not None
    return str(made.id)


def create_table(store: Any, table_id: str) -> None:
    with store.engine.begin() as db:
        db.execute(
            text(
                "INSERT INTO serai_tables (id, game, rules_version, players, options, seed, "
                "listed, revision, status, created_at, updated_at) VALUES (:id, 'five_tribes', "
                "'1', 2, '{}', 1, false, 0, 'finished', 0, 0)"
            ),
            {"id": table_id},
        )


def test_two_processes_rating_one_players_games_at_once_lose_no_update(
    postgres_url: str,
) -> None:
    """Two rated games of one player end at the same moment on two processes: the second
    rating update waits for the first, then starts from its result (both counted)."""
    from serai.server.store import Store

    stores = [Store(postgres_url), Store(postgres_url)]
    try:
        ana, bot = (store_account(stores[0], name) for name in ("ana", "bot"))
        for table_id in ("t0", "t1", "t2"):
            create_table(stores[0], table_id)
        with stores[0].engine.begin() as db:
            rate(db, "t0", "five_tribes", [RatedSeat(ana, 1), RatedSeat(bot, 2)])
        first_rated = threading.Event()
        second_pid: list[int] = []

        def second() -> None:
            first_rated.wait(30)
            with stores[1].engine.begin() as db:
                second_pid.append(db.execute(text("SELECT pg_backend_pid()")).scalar_one())
                rate(db, "t2", "five_tribes", [RatedSeat(ana, 2), RatedSeat(bot, 1)])

        waiting = threading.Thread(target=second)
        waiting.start()
        with stores[0].engine.begin() as db:
            rate(db, "t1", "five_tribes", [RatedSeat(ana, 1), RatedSeat(bot, 2)])
            first_rated.set()
            deadline = time.monotonic() + 30
            waits = text(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE pid = :pid AND wait_event_type = 'Lock'"
            )
            while not (second_pid and db.execute(waits, {"pid": second_pid[0]}).scalar()):
                # the second waits for the first to commit
                assert time.monotonic() < deadline, "the second update never waited"
                time.sleep(0.01)
        waiting.join(30)
        with stores[0].engine.connect() as db:
            games = {
                row["account_id"]: row["games"] for row in db.execute(select(ratings)).mappings()
            }
        assert games == {ana: 3, bot: 3}
    finally:
        for store in stores:
            store.close()


def test_places_put_winners_first_ties_together_and_leavers_last() -> None:
    assert places([1.0, 0.0], [50, 40], set()) == [1, 2]
    assert places([0.5, 0.5, 0.0], [30, 30, 12], set()) == [1, 1, 3]
    assert places([0.0, 1.0, 0.0, 0.0], [20, 40, 30, 20], set()) == [3, 1, 2, 3]
    assert places([1.0, 0.0], [50, 40], {0}) == [2, 1]


def wait_over(client: TestClient, table_id: str) -> None:
    """Wait until the bots have played the table to its end."""
    deadline = time.monotonic() + 300
    while not client.get(f"/api/tables/{table_id}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)


def play_out(
    client: TestClient,
    table_id: str,
    seat_players: dict[int, TestClient],
    until_decided: int | None = None,
) -> None:
    """Play random legal moves with each seat's client until the game ends, or until seat
    ``until_decided`` has made a decision."""
    rng = random.Random(4)
    deadline = time.monotonic() + 300
    while True:
        assert time.monotonic() < deadline, "the game did not end"
        message = state_of(client, {"table": {"id": table_id}})
        if message["over"]:
            return
        to_move = message["to_move"]
        if to_move not in seat_players:
            time.sleep(0.02)  # a bot's turn
            continue
        mover = seat_players[to_move]
        mine = mover.get(f"/api/tables/{table_id}").json()
        if not mine["legal"]:
            continue
        moved = post(
            mover,
            f"/api/tables/{table_id}/move",
            {"action": rng.choice(mine["legal"]), "revision": mine["revision"]},
        )
        if to_move == until_decided and moved.status_code == 200:
            return


def two_players(browser: TestClient) -> TestClient:
    sign_up(browser, "Lina")
    other = TestClient(browser.app, base_url="https://testserver")
    sign_up(other, "Marco")
    return other


def rated_with_marco(lina: TestClient) -> str:
    """Lina's rated Through the Desert table with the second seat kept for Marco: its id."""
    made = post(
        lina,
        "/api/tables",
        {
            "game": "through_the_desert",
            "players": 2,
            "rated": True,
            "seats": [{}, {"kind": "human", "account": "Marco"}],
        },
    )
    assert made.status_code == 201, made.text
    assert made.json()["table"]["rated"]
    table_id: str = made.json()["table"]["id"]
    return table_id


def test_a_rated_game_moves_both_ratings_and_a_leaver_places_last(browser: TestClient) -> None:
    marco = two_players(browser)
    tid = rated_with_marco(browser)
    play_out(browser, tid, {0: browser, 1: marco}, until_decided=1)
    left = post(marco, f"/api/tables/{tid}/leave", {"away": True})
    assert left.status_code == 200 and left.json()["table"]["seats"][1]["absent"]
    play_out(browser, tid, {0: browser})
    board = browser.get("/api/leaderboard/through_the_desert").json()["players"]
    assert {p["name"] for p in board} == {"Lina", "Marco"}
    lina = browser.get("/api/players/lina").json()
    marco_profile = browser.get("/api/players/Marco").json()
    assert lina["recent"][0]["place"] == 1 and marco_profile["recent"][0]["place"] == 2
    assert (
        lina["games"]["through_the_desert"]["rating"]
        > 0
        > marco_profile["games"]["through_the_desert"]["rating"] - 1
    )
    assert lina["recent"][0]["replay"] == f"/replay/{tid}"
    assert len(lina["games"]["through_the_desert"]["history"]) == 1


def test_a_rated_game_declined_before_a_first_decision_rates_no_one(
    browser: TestClient,
) -> None:
    marco = two_players(browser)
    tid = rated_with_marco(browser)
    clients = {0: browser, 1: marco}
    first = marco.get(f"/api/tables/{tid}").json()
    assert first["can_decline"]
    mover, other = clients[first["to_move"]], clients[1 - first["to_move"]]
    mine = mover.get(f"/api/tables/{tid}").json()
    post(
        mover, f"/api/tables/{tid}/move", {"action": mine["legal"][0], "revision": mine["revision"]}
    )
    late = post(mover, f"/api/tables/{tid}/decline", {})
    assert late.status_code == 409 and late.json()["code"] == "cannot_decline"
    assert not mover.get(f"/api/tables/{tid}").json()["can_decline"]
    cookie = {"cookie": f"serai_session={other.cookies.get('serai_session')}"}
    with other.websocket_connect(f"/ws/tables/{tid}", headers=cookie) as socket:
        socket.send_json({"type": "decline"})
        declined = socket.receive_json()
        while declined["type"] != "state" or declined["can_decline"]:
            declined = socket.receive_json()
    seat = declined["table"]["seats"][declined["seat"]]
    assert seat["declined"] and seat["absent"]
    assert not other.get(f"/api/tables/{tid}").json()["can_decline"]
    back = post(other, f"/api/tables/{tid}/leave", {"away": False})
    assert back.status_code == 409 and back.json()["code"] == "declined"
    again = post(other, f"/api/tables/{tid}/decline", {})
    assert again.status_code == 409
    play_out(browser, tid, {first["to_move"]: mover})
    assert browser.get("/api/leaderboard/through_the_desert").json()["players"] == []
    for name in ("Lina", "Marco"):
        assert browser.get(f"/api/players/{name}").json()["recent"] == []


def test_a_declined_seat_is_the_bots_alone(db_url: str, executor: ThreadPoolExecutor) -> None:
    """With no bot to play it yet (this server runs none), Marco's declined seat still
    takes no move of his."""
    app = create_app(db_url, executor=executor, bot_workers=0)
    with TestClient(app, base_url="https://testserver") as lina:
        marco = two_players(lina)
        tid = rated_with_marco(lina)
        opening = lina.get(f"/api/tables/{tid}").json()
        assert opening["to_move"] == 0, "Lina places the first leader"
        placed = {"action": opening["legal"][0], "revision": opening["revision"]}
        assert post(lina, f"/api/tables/{tid}/move", placed).status_code == 200
        assert post(marco, f"/api/tables/{tid}/decline", {}).status_code == 200
        mine = marco.get(f"/api/tables/{tid}").json()
        assert mine["to_move"] == 1 and mine["legal"], "his turn, which only a bot may play"
        refused = post(
            marco,
            f"/api/tables/{tid}/move",
            {"action": mine["legal"][0], "revision": mine["revision"]},
        )
        assert refused.status_code == 409 and refused.json()["code"] == "declined"


def test_only_a_rated_game_can_be_declined(browser: TestClient) -> None:
    tid, one, _ = two_invited(browser)
    refused = browser.post(f"/api/tables/{tid}/decline", json={"token": one})
    assert refused.status_code == 409 and refused.json()["code"] == "cannot_decline"
    spectator = browser.post(f"/api/tables/{tid}/decline", json={})
    assert spectator.status_code == 409 and spectator.json()["code"] == "not_your_turn"
    assert not state_of(browser, {"table": {"id": tid}})["table"]["seats"][0]["absent"]


def test_a_rated_table_needs_signed_in_players(browser: TestClient) -> None:
    body = {"game": "five_tribes", "players": 2, "rated": True, "seats": [{}, {}]}
    anonymous = browser.post("/api/tables", json=body)
    assert anonymous.status_code == 422 and "sign in" in anonymous.json()["message"]
    sign_up(browser, "Noor")
    invited = post(browser, "/api/tables", body)
    assert invited.status_code == 422 and "signed-in" in invited.json()["message"]
    with_bot = post(
        browser,
        "/api/tables",
        {**body, "seats": [{}, {"kind": "bot", "bot": "mcts", "difficulty": "hard"}]},
    )
    assert with_bot.status_code == 201
    opened = post(browser, "/api/tables", {**body, "seats": [{}, {"kind": "open"}]}).json()
    stranger = TestClient(browser.app, base_url="https://testserver")
    refused = stranger.post(f"/api/tables/{opened['table']['id']}/join", json={})
    assert refused.status_code == 401 and refused.json()["code"] == "not_signed_in"


def test_a_player_who_leaves_before_deciding_anything_declines_the_rated_game(
    browser: TestClient,
) -> None:
    """Marco opens the game kept for him and leaves at once: he declines it, and it rates
    no one (a stranger's review: a second account opened only to leave farmed its
    creator's rating, one game after another)."""
    marco = two_players(browser)
    tid = rated_with_marco(browser)
    marco.get(f"/api/tables/{tid}")  # opened: the seat is taken
    left = post(marco, f"/api/tables/{tid}/leave", {"away": True})
    assert left.status_code == 200 and left.json()["table"]["seats"][1]["declined"]
    play_out(browser, tid, {0: browser})
    assert browser.get("/api/leaderboard/through_the_desert").json()["players"] == []
    assert browser.get("/api/players/Marco").json()["recent"] == []


def test_a_hotseat_table_keeps_no_seat_for_a_named_player(browser: TestClient) -> None:
    """The hotseat link plays every human seat: one kept for an account would let its
    holder play and chat as that player."""
    marco = two_players(browser)
    made = post(
        marco,
        "/api/tables",
        {
            "game": "five_tribes",
            "players": 2,
            "hotseat": True,
            "seats": [{}, {"kind": "human", "account": "Lina"}],
        },
    )
    assert made.status_code == 422 and "hotseat" in made.json()["message"]


def test_a_bot_preset_has_a_rating(browser: TestClient) -> None:
    sign_up(browser, "Olu")
    made = post(
        browser,
        "/api/tables",
        {
            "game": "desert_sons",
            "players": 2,
            "rated": True,
            "seats": [{}, {"kind": "bot", "bot": "greedy"}],
        },
    ).json()
    play_out(browser, made["table"]["id"], {0: browser}, until_decided=0)
    post(browser, f"/api/tables/{made['table']['id']}/leave", {"away": True})
    wait_over(browser, made["table"]["id"])
    board = browser.get("/api/leaderboard/desert_sons").json()["players"]
    assert {p["name"]: p["bot"] for p in board} == {"Olu": False, "greedy": True}
    assert browser.get("/api/players/greedy").json()["bot"] is True


# -- chat -----------------------------------------------------------------------------------


def test_chat_is_plain_text_kept_with_the_game_and_read_as_allowed(
    browser: TestClient,
) -> None:
    tid, one, two = two_invited(browser, spectator_chat="apart")
    said = browser.post(f"/api/tables/{tid}/chat", json={"token": one, "text": "<b>hi</b>"})
    assert said.json()["lines"][-1]["text"] == "<b>hi</b>" and said.json()["lines"][-1]["seat"] == 0
    spectator = browser.post(f"/api/tables/{tid}/chat", json={"text": "go blue!"})
    assert spectator.status_code == 200
    too_long = browser.post(f"/api/tables/{tid}/chat", json={"token": two, "text": "x" * 501})
    assert too_long.status_code == 422
    for hidden in ("a\x1bb", "\u200b\ufeff\u00ad", "\u2800\u3164", "a\u2028b"):
        refused = browser.post(f"/api/tables/{tid}/chat", json={"token": two, "text": hidden})
        assert refused.status_code == 422, hidden
    players_read = browser.get(f"/api/tables/{tid}/chat", params={"token": two}).json()["lines"]
    watchers_read = browser.get(f"/api/tables/{tid}/chat").json()["lines"]
    assert [line["text"] for line in players_read] == ["<b>hi</b>"], "spectators kept apart"
    assert [line["text"] for line in watchers_read] == ["<b>hi</b>", "go blue!"]
    muted = browser.post(
        f"/api/tables/{tid}/preferences", json={"token": two, "mute_chat": True}
    ).json()
    assert muted["preferences"]["mute_chat"] is True
    assert browser.get(f"/api/tables/{tid}/chat", params={"token": two}).json()["lines"] == []
    # kept with the game: a new hub reads it from the store
    hub = hub_of(browser)
    hub.tables.clear()
    again = browser.get(f"/api/tables/{tid}/chat", params={"token": one}).json()["lines"]
    assert [line["text"] for line in again] == ["<b>hi</b>"]


def test_chat_lines_are_rate_limited_and_pushed_live(browser: TestClient) -> None:
    tid, one, two = two_invited(browser)
    with browser.websocket_connect(f"/ws/tables/{tid}?token={two}") as reader:
        reader.receive_json()
        reader.receive_json()
        with browser.websocket_connect(f"/ws/tables/{tid}?token={one}") as writer:
            writer.receive_json()
            writer.receive_json()
            read = []
            for index in range(7):
                writer.send_json({"type": "chat", "text": f"line {index}"})
                echoed = writer.receive_json()
                if echoed["type"] == "error":
                    assert echoed["code"] == "too_many"
                    break
                assert echoed["lines"][0]["text"] == f"line {index}"
                heard = reader.receive_json()
                while heard["type"] == "state":  # the writer's seat taken, then the line
                    heard = reader.receive_json()
                read.append(heard["lines"][0]["text"])
    assert read == [f"line {i}" for i in range(5)], "five at once, then a pause"


def test_a_line_said_while_a_connection_receives_the_first_lines_reaches_it(
    db_url: str, executor: ThreadPoolExecutor
) -> None:
    """A line said while a new connection is being sent the table's lines, before it
    listens for new ones, still reaches it, once and in order."""
    app = create_app(db_url, executor=executor)
    meddled = False

    async def saying_meanwhile(scope: Any, receive: Any, send: Any) -> None:
        async def sending(message: dict[str, Any]) -> None:
            nonlocal meddled
            if '"type":"chat"' in message.get("text", "") and not meddled:
                meddled = True
                hub: Hub = app.state.hub
                table = await hub.get(scope["path"].rsplit("/", 1)[1])
                await hub.say(table, [0], None, "meanwhile")
            await send(message)

        await app(scope, receive, sending if scope["type"] == "websocket" else send)

    with TestClient(saying_meanwhile) as client:
        tid, one, two = two_invited(client)
        client.post(f"/api/tables/{tid}/chat", json={"token": one, "text": "before"})
        with client.websocket_connect(f"/ws/tables/{tid}?token={two}") as reader:
            read: list[str] = []
            while "after" not in read:
                heard = reader.receive_json()
                if heard["type"] != "chat":
                    continue
                if not read:
                    client.post(f"/api/tables/{tid}/chat", json={"token": one, "text": "after"})
                read += [line["text"] for line in heard["lines"]]
    assert meddled and read == ["before", "meanwhile", "after"]


def test_a_spectators_chat_limit_holds_over_every_connection_it_opens(
    browser: TestClient,
) -> None:
    made = browser.post(
        "/api/tables", json={"game": "five_tribes", "players": 2, "seats": [{}, {}]}
    ).json()
    tid = made["table"]["id"]
    browser.app.state.limits.chat = RateLimit(per_minute=1e-6, burst=5)  # type: ignore[attr-defined]
    answers = []
    for _ in range(3):
        with browser.websocket_connect(f"/ws/tables/{tid}") as watcher:
            watcher.receive_json()
            watcher.receive_json()
            for _ in range(2):
                watcher.send_json({"type": "chat", "text": "go!"})
                answer = watcher.receive_json()
                while answer["type"] == "chat" and len(answer["lines"]) > 1:  # the chat so far
                    answer = watcher.receive_json()
                answers.append(answer["type"])
    answers.append(browser.post(f"/api/tables/{tid}/chat", json={"text": "go!"}).status_code)
    assert answers == ["chat"] * 5 + ["error", 429]
    seat = browser.post(f"/api/tables/{tid}/chat", json={"token": made["invites"][0]["token"]})
    assert seat.status_code == 422, "a player's lines are counted apart (this one has no text)"


def test_one_address_chatting_at_every_table_is_limited_over_all_of_them(
    browser: TestClient,
) -> None:
    browser.app.state.limits.chat_by_address = RateLimit(per_minute=1e-6, burst=3)  # type: ignore[attr-defined]
    answers = []
    for _ in range(2):
        tid, one, _ = two_invited(browser)
        with browser.websocket_connect(f"/ws/tables/{tid}?token={one}") as player:
            player.receive_json()
            player.receive_json()
            player.send_json({"type": "chat", "text": "hello"})
            answers.append(player.receive_json()["type"])
        said = browser.post(f"/api/tables/{tid}/chat", json={"text": "hi all"})
        answers.append(said.status_code)
    assert answers == ["chat", 200, "chat", 429]
    assert "from your address" in said.json()["message"]


# -- rematch ------------------------------------------------------------------------------


def test_a_rematch_rotates_the_seats_and_hands_each_player_a_link(browser: TestClient) -> None:
    made = browser.post(
        "/api/tables",
        json={
            "game": "through_the_desert",
            "players": 3,
            "seats": [{"name": "Ann"}, {"name": "Bo"}, {"kind": "bot", "bot": "random"}],
            "clock": {"mode": "turn-based", "per_move": 86400, "bank": 3600},
            "hints": False,
        },
    ).json()
    tid = made["table"]["id"]
    tokens = {i["seat"]: i["token"] for i in made["invites"]}
    early = browser.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]})
    assert early.status_code == 409 and early.json()["code"] == "not_finished"
    for seat in (0, 1):
        browser.post(f"/api/tables/{tid}/leave", json={"token": tokens[seat], "away": True})
    wait_over(browser, tid)
    with browser.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as bo:
        bo.receive_json()
        bo.receive_json()
        proposed = browser.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]}).json()
        notice = bo.receive_json()
        while notice["type"] != "rematch":
            notice = bo.receive_json()
    new_id = proposed["table"]["id"]
    assert notice["table"] == new_id
    assert [s["name"] for s in proposed["table"]["seats"]] == ["Bo", "random", "Ann"]
    assert proposed["table"]["clock"] == made["table"]["clock"] and made["table"]["clock"]
    assert proposed["table"]["hints"] is made["table"]["hints"] is False
    ann_url = proposed["url"]
    bo_url = browser.post(f"/api/tables/{tid}/rematch", json={"token": tokens[1]}).json()["url"]
    ann = ann_url.split("token=")[1]
    bo = bo_url.split("token=")[1]
    assert state_of(browser, {"table": {"id": new_id}}, ann)["you"] == [2]
    assert state_of(browser, {"table": {"id": new_id}}, bo)["you"] == [0]
    again = browser.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]}).json()
    assert again["table"]["id"] == new_id, "one rematch per game"
    assert again["url"] == ann_url, "asked again (another tab), the same link"
    assert state_of(browser, {"table": {"id": new_id}}, ann)["you"] == [2], "still valid"


def test_a_rematch_link_asked_through_another_process_is_the_same_and_voids_none(
    browser: TestClient, db_url: str, executor: ThreadPoolExecutor
) -> None:
    """A second tab whose request reaches another process of the group (or the same
    process after a restart) is answered the same link: the first stays valid."""
    made = browser.post(
        "/api/tables",
        json={"game": "through_the_desert", "players": 2, "seats": [{}, {}], "hotseat": True},
    ).json()
    tid, hotseat = made["table"]["id"], made["hotseat"].split("token=")[1]
    browser.post(f"/api/tables/{tid}/leave", json={"token": hotseat, "away": True})
    wait_over(browser, tid)
    first = browser.post(f"/api/tables/{tid}/rematch", json={"token": hotseat}).json()
    with TestClient(create_app(db_url, executor=executor)) as elsewhere:
        again = elsewhere.post(f"/api/tables/{tid}/rematch", json={"token": hotseat}).json()
        assert again["table"]["id"] == first["table"]["id"]
        assert again["url"] == first["url"]
        token = first["url"].split("token=")[1]
        assert state_of(elsewhere, first, token)["you"] == [0, 1]
    assert state_of(browser, first, token)["you"] == [0, 1]
    other = browser.post(f"/api/tables/{tid}/rematch", json={"token": made["invites"][0]["token"]})
    assert other.json()["url"] != first["url"], "each holder's own link"


def test_a_signed_in_players_unrated_game_has_a_rematch_kept_for_them(
    browser: TestClient,
) -> None:
    sign_up(browser, "Noor")
    made = post(
        browser,
        "/api/tables",
        {"game": "desert_sons", "players": 2, "seats": [{}, {"kind": "bot", "bot": "random"}]},
    ).json()
    tid = made["table"]["id"]
    post(browser, f"/api/tables/{tid}/leave", {"away": True})
    wait_over(browser, tid)
    again = post(browser, f"/api/tables/{tid}/rematch", {})
    assert again.status_code == 200, again.text
    seats = again.json()["table"]["seats"]
    assert [(s["name"], s["player"]) for s in seats] == [("random", False), ("Noor", True)]


def test_a_rematch_of_a_hotseat_table_gives_the_hotseat_to_its_holder_alone(
    browser: TestClient,
) -> None:
    made = browser.post(
        "/api/tables",
        json={"game": "desert_sons", "players": 2, "seats": [{}, {}], "hotseat": True},
    ).json()
    tid = made["table"]["id"]
    hotseat = made["hotseat"].split("token=")[1]
    seat_one = {i["seat"]: i["token"] for i in made["invites"]}[1]
    browser.post(f"/api/tables/{tid}/leave", json={"token": hotseat, "away": True})
    wait_over(browser, tid)
    limits = browser.app.state.limits  # type: ignore[attr-defined]
    kept, limits.tables = limits.tables, RateLimit(per_minute=1e-6, burst=0)
    spent = browser.post(f"/api/tables/{tid}/rematch", json={"token": seat_one})
    assert spent.status_code == 429, "a rematch is a new table: it counts as one made"
    limits.tables = kept
    mine = browser.post(f"/api/tables/{tid}/rematch", json={"token": seat_one}).json()
    new_id = mine["table"]["id"]
    token = mine["url"].split("token=")[1]
    assert state_of(browser, {"table": {"id": new_id}}, token)["you"] == [0]
    limits.tables = RateLimit(per_minute=1e-6, burst=0)
    held = browser.post(f"/api/tables/{tid}/rematch", json={"token": hotseat}).json()
    assert held["table"]["id"] == new_id
    both = held["url"].split("token=")[1]
    assert state_of(browser, {"table": {"id": new_id}}, both)["you"] == [0, 1], (
        "taking a seat in a rematch already made makes no table"
    )
    browser.post(f"/api/tables/{tid}/rematch", json={"token": seat_one})
    assert state_of(browser, {"table": {"id": new_id}}, both)["you"] == [0, 1], "still works"


def test_the_replay_shows_the_chat_its_reader_may_read(browser: TestClient) -> None:
    made = browser.post(
        "/api/tables",
        json={"game": "desert_sons", "players": 2, "seats": [{}, {"kind": "bot", "bot": "random"}]},
    ).json()
    tid, token = made["table"]["id"], made["invites"][0]["token"]
    browser.post(f"/api/tables/{tid}/chat", json={"token": token, "text": "good luck"})
    browser.post(f"/api/tables/{tid}/leave", json={"token": token, "away": True})
    wait_over(browser, tid)
    replayed = browser.get(f"/api/tables/{tid}/replay/3", params={"token": token}).json()
    assert [line["text"] for line in replayed["chat"]] == ["good luck"]
    assert json.dumps(replayed).count("good luck") == 1
