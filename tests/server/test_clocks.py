"""Clocks, turn-based play and players who leave, on a clock the tests move by hand.

The server reads its time from ``create_app(clock=…)``; these tests give it a
:class:`HandClock` and move it forward, then let the hub apply what is due
(``Hub.expire_clocks``): nothing here sleeps to let time pass.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from serai.server import create_app
from serai.server.clocks import Clocks, ClockSettings
from serai.server.schema import tables
from serai.server.store import Store
from serai.server.tables import RETRY_SECONDS, Hub, NewSeat
from tests.server.moves import random_move
from tests.server.test_players import post, two_invited, two_players

START = 2_000_000_000.0


class HandClock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


REALTIME = {"mode": "realtime", "bank": 60, "increment": 10}
TURN_BASED = {"mode": "turn-based", "per_move": 3600, "bank": 7200}


# -- the arithmetic --------------------------------------------------------------------------


def settings(**values: Any) -> ClockSettings:
    return ClockSettings.model_validate(values)


def test_realtime_bank_and_increment() -> None:
    clocks = Clocks.start_of(settings(mode="realtime", bank=300, increment=20), 3)
    clocks = clocks.switch(0, 1000.0)
    assert clocks.deadline == 1300.0
    same = clocks.switch(0, 1050.0)
    assert same is clocks, "a seat's further decisions are the same turn"
    clocks = clocks.switch(None, 1100.0)  # a draw, or a bot: no clock runs
    assert clocks.remaining == [220.0, 300.0, 300.0] and clocks.deadline is None
    clocks = clocks.switch(2, 1500.0).switch(1, 1800.0)
    assert clocks.remaining == [220.0, 300.0, 0.0 + 20.0], "all 300 s spent, 20 gained"
    assert clocks.deadline == 1800.0 + 300.0


def test_a_spent_bank_gains_only_the_increment() -> None:
    clocks = Clocks.start_of(settings(mode="realtime", bank=10, increment=5), 2).switch(0, 0.0)
    clocks = clocks.switch(1, 30.0)
    assert clocks.remaining[0] == 5.0


def test_turn_based_moves_spend_the_bank_only_when_late() -> None:
    clocks = Clocks.start_of(settings(mode="turn-based", per_move=100, bank=50), 2)
    clocks = clocks.switch(0, 0.0)
    assert clocks.deadline == 150.0
    clocks = clocks.switch(1, 90.0)
    assert clocks.remaining == [50.0, 50.0], "on time: the bank is untouched"
    clocks = clocks.switch(0, 90.0 + 130.0)
    assert clocks.remaining == [50.0, 20.0], "30 s late: taken from the bank"


def test_a_timeout_hands_the_turn_to_a_bot_and_counts_in_a_row() -> None:
    clocks = Clocks.start_of(settings(mode="realtime", bank=10, increment=0, timeouts=2), 2)
    clocks = clocks.switch(0, 0.0)
    clocks, absent = clocks.expire(10.0)
    assert clocks.playing_for == 0 and clocks.remaining[0] == 0 and not absent
    clocks = clocks.switch(1, 12.0)
    assert clocks.playing_for is None, "the bot's turn ended with the seat's turn"
    clocks = clocks.switch(0, 20.0)
    clocks, absent = clocks.expire(20.0)
    assert absent, "two in a row"
    assert clocks.moved(0).timeouts == [0, 0], "a move of one's own starts the count over"


def test_a_pause_needs_every_player_and_stops_the_clock() -> None:
    clocks = Clocks.start_of(settings(mode="realtime", bank=100, increment=0), 2).switch(0, 0.0)
    clocks = clocks.vote(0, True, [0, 1], 10.0)
    assert not clocks.paused and clocks.deadline == 100.0
    clocks = clocks.vote(1, True, [0, 1], 20.0)
    assert clocks.paused and clocks.deadline is None and clocks.remaining[0] == 80.0
    clocks = clocks.vote(1, False, [0, 1], 500.0)
    assert not clocks.paused and clocks.deadline == 580.0, "paused time is not counted"


def test_a_vacation_holds_a_turn_based_clock() -> None:
    """The turn stands still until the vacation ends, then goes on with what it had left."""
    clocks = Clocks.start_of(settings(mode="turn-based", per_move=100, bank=30), 2).switch(0, 0.0)
    held = clocks.hold(1000.0, 50.0)
    assert held.deadline == 1000.0 + 50.0 + 30.0
    assert held.switch(1, 1060.0).remaining[0] == 30.0 - 10.0, "110 s of the turn used"


def test_coming_back_from_no_vacation_gives_no_time() -> None:
    clocks = Clocks.start_of(settings(mode="turn-based", per_move=100, bank=0), 2).switch(0, 0.0)
    assert clocks.hold(0.0, 90.0) is clocks and clocks.deadline == 100.0
    back_early = clocks.hold(1000.0, 50.0).hold(0.0, 300.0)
    assert back_early.deadline == 300.0 + 50.0, "a vacation ended early: the turn goes on"


def test_short_vacations_in_a_row_give_no_time_beyond_their_own() -> None:
    """A stranger's review: vacations of a few seconds, one after another, each restarted
    the whole turn, so a turn-based clock never ran out."""
    clocks = Clocks.start_of(settings(mode="turn-based", per_move=3600, bank=0), 2).switch(0, 0.0)
    for start in (10.0, 20.0, 30.0):
        clocks = clocks.hold(start + 8.64, start)
    assert clocks.deadline == 3600.0 + 3 * 8.64
    over = Clocks.start_of(settings(mode="turn-based", per_move=100, bank=50), 2).switch(0, 0.0)
    over = over.hold(200.0, 130.0).hold(300.0, 210.0)  # 30 s over, then 10 s more
    assert over.remaining[0] == 10.0 and over.deadline == 300.0 + 10.0


def test_leaving_and_coming_back_after_a_vacation_gives_no_fresh_turn() -> None:
    """A review of the vacations' fix: a player back from leaving their turn, whose
    vacation the server still held, found their turn started afresh."""
    clocks = Clocks.start_of(settings(mode="turn-based", per_move=100, bank=0), 2).switch(0, 0.0)
    held = clocks.hold(60.0, 50.0)  # 50 s used, then 10 s of vacation
    back = held.switch(None, 70.0, turn_over=False).switch(0, 75.0, 60.0, turn_over=False)
    assert back.deadline == 100.0 + 10.0, "the vacation's 10 s alone were added"
    still = held.hold(1000.0, 55.0).switch(None, 60.0, turn_over=False)
    assert still.switch(0, 70.0, 1000.0, turn_over=False).deadline == 1000.0 + 50.0


def test_leaving_and_coming_back_in_ones_turn_gives_no_time() -> None:
    clocks = Clocks.start_of(settings(mode="realtime", bank=60, increment=10), 2).switch(0, 0.0)
    for second in range(5, 50, 10):  # away at 5 s, back at 7 s, away at 15 s…
        clocks = clocks.switch(None, float(second), turn_over=False)
        assert clocks.deadline is None and clocks.remaining[0] == 60.0 - second, "no increment"
        clocks = clocks.switch(0, second + 2.0, turn_over=False)
        assert clocks.deadline == 60.0, "the clock ran on while they were away"
    clocks = clocks.switch(1, 50.0)
    assert clocks.remaining == [10.0 + 10.0, 60.0], "one turn, one increment"


def test_leaving_and_coming_back_keeps_a_turn_based_turns_start() -> None:
    clocks = Clocks.start_of(settings(mode="turn-based", per_move=100, bank=50), 2)
    clocks = clocks.switch(0, 0.0)
    away = clocks.switch(None, 30.0, turn_over=False)
    assert away.remaining == [50.0, 50.0] and away.deadline is None
    assert away.switch(0, 40.0, turn_over=False).deadline == 150.0, "not a new turn"
    late = clocks.switch(None, 120.0, turn_over=False)
    assert late.remaining == [30.0, 50.0], "20 s late when they left"
    assert late.switch(0, 130.0, turn_over=False).deadline == 150.0, "charged once"
    assert late.switch(1, 140.0).left is None, "the turn passed: they left it"
    stored = Clocks.from_json(away.to_json())
    assert stored == away and stored.switch(0, 40.0, turn_over=False).deadline == 150.0


@pytest.mark.parametrize(
    "values",
    [
        {"mode": "realtime"},
        {"mode": "realtime", "bank": 0.5},
        {"mode": "turn-based", "bank": 10},
        {"mode": "none", "increment": 5},
        {"mode": "realtime", "bank": "300"},
        {"mode": "blitz", "bank": 60},
    ],
)
def test_a_clock_that_makes_no_sense_is_refused(values: dict[str, Any]) -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        settings(**values)


# -- the server -----------------------------------------------------------------------------


@pytest.fixture
def hand() -> HandClock:
    return HandClock()


@pytest.fixture
def clocked(db_url: str, hand: HandClock) -> Iterator[TestClient]:
    """A server whose clock moves only when told to; its tests play games over HTTP at
    full speed, faster than an address may act by default."""
    with ThreadPoolExecutor(2) as pool:
        app = create_app(db_url, executor=pool, clock=hand, bot_pace=0, messages_per_second=10_000)
        with TestClient(app) as client:
            yield client


@pytest.fixture
def me(db_url: str, hand: HandClock) -> Iterator[TestClient]:
    """A client that keeps cookies, as a browser does (over HTTPS), on a server whose
    clock moves only when told to."""
    with (
        ThreadPoolExecutor(2) as pool,
        TestClient(
            create_app(db_url, executor=pool, clock=hand, bot_pace=0),
            base_url="https://testserver",
        ) as client,
    ):
        yield client


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def hotseat(client: TestClient, game: str, players: int, clock: dict[str, Any]) -> tuple[str, str]:
    made = client.post(
        "/api/tables",
        json={
            "game": game,
            "players": players,
            "seats": [{}] * players,
            "hotseat": True,
            "clock": clock,
        },
    ).json()
    return made["table"]["id"], made["hotseat"].split("token=")[1]


def state(client: TestClient, table_id: str, token: str = "") -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/tables/{table_id}", params={"token": token}).json()
    return answer


def expire(client: TestClient) -> list[str]:
    expired: list[str] = client.portal.call(hub_of(client).expire_clocks)  # type: ignore[union-attr]
    return expired


def wait_for(client: TestClient, table_id: str, done: Any) -> dict[str, Any]:
    """The table once ``done(message)`` holds (the bots standing in play meanwhile)."""
    deadline = time.monotonic() + 120
    message = state(client, table_id)
    while not done(message):
        assert time.monotonic() < deadline, "the stand-in bot did not play"
        time.sleep(0.02)
        message = state(client, table_id)
    return message


def test_every_state_message_carries_the_clocks(clocked: TestClient, hand: HandClock) -> None:
    table_id, token = hotseat(clocked, "through_the_desert", 2, REALTIME)
    message = state(clocked, table_id, token)
    clock = message["clock"]
    assert clock["mode"] == "realtime" and clock["remaining"] == [60.0, 60.0]
    assert clock["seat"] == message["to_move"] and clock["deadline"] == START + 60
    hand.advance(25)
    after = random_move(clocked, table_id, token, random.Random(1))
    assert after["clock"]["remaining"][message["to_move"]] == 60 - 25 + 10
    assert after["clock"]["deadline"] == START + 25 + 60
    spectator = state(clocked, table_id)
    assert spectator["clock"] == after["clock"]


def test_undo_gives_no_time_back(clocked: TestClient, hand: HandClock) -> None:
    table_id, token = hotseat(clocked, "through_the_desert", 2, REALTIME)
    rng = random.Random(2)
    message = state(clocked, table_id, token)
    while not (
        message["view"]["phase"] == "camels"
        and message["view"]["placed_this_turn"] == 0
        and message["view"]["camels_this_turn"] == 2
    ):
        message = random_move(clocked, table_id, token, rng)
    seat, deadline = message["to_move"], message["clock"]["deadline"]
    hand.advance(5)
    placed = random_move(clocked, table_id, token, rng)
    assert placed["to_move"] == seat and placed["can_undo"]
    hand.advance(5)
    undone = clocked.post(
        f"/api/tables/{table_id}/undo", json={"token": token, "revision": placed["revision"]}
    ).json()
    assert undone["clock"]["deadline"] == deadline, "the clock ran on through the undo"


def test_a_move_that_arrives_after_the_deadline_is_refused_with_the_state(
    clocked: TestClient, hand: HandClock
) -> None:
    """The clock keeper applies a timeout a moment after the deadline (or, on another
    process, after its own reading of it): a move arriving meanwhile is too late, and
    changes nothing. One just in time is played."""
    table_id, token = hotseat(clocked, "through_the_desert", 2, REALTIME)
    message = state(clocked, table_id, token)
    deadline = message["clock"]["deadline"]
    hand.now = deadline
    late = clocked.post(
        f"/api/tables/{table_id}/move",
        json={"token": token, "action": message["legal"][0], "revision": message["revision"]},
    )
    assert late.status_code == 409 and late.json()["code"] == "out_of_time"
    assert late.json()["state"]["revision"] == message["revision"]
    hand.now = deadline - 0.001
    in_time = clocked.post(
        f"/api/tables/{table_id}/move",
        json={"token": token, "action": message["legal"][0], "revision": message["revision"]},
    )
    assert in_time.status_code == 200, in_time.text


@pytest.mark.parametrize(
    ("game", "players", "where"),
    [
        ("five_tribes", 2, lambda m: any(t.startswith("bid") for t in m["legal"])),
        ("through_the_desert", 2, lambda m: any(t.startswith("camel") for t in m["legal"])),
        ("desert_sons", 2, lambda m: any(t.startswith("move") for t in m["legal"])),
        ("nomads_of_arabia", 3, lambda m: m["legal"] == ["pass"] or "pass" in m["legal"]),
    ],
    ids=[
        "five_tribes-bidding",
        "through_the_desert-camels",
        "desert_sons-explore",
        "nomads_of_arabia-sands_window",
    ],
)
def test_a_timeout_at_any_decision_is_played_by_a_greedy_bot(
    clocked: TestClient, hand: HandClock, game: str, players: int, where: Any
) -> None:
    table_id, token = hotseat(clocked, game, players, {"mode": "realtime", "bank": 600})
    if game == "nomads_of_arabia":  # be asked at the Sands of Time windows
        clocked.post(
            f"/api/tables/{table_id}/preferences", json={"token": token, "stop_at_windows": True}
        )
    rng = random.Random(3)
    message = state(clocked, table_id, token)
    while not where(message):
        message = random_move(clocked, table_id, token, rng)
    seat, revision = message["to_move"], message["revision"]
    hand.advance(599)
    assert expire(clocked) == []
    hand.advance(2)
    assert expire(clocked) == [table_id]
    after = wait_for(clocked, table_id, lambda m: m["to_move"] != seat or m["over"])
    assert after["revision"] > revision + 1, "the bot played the rest of the turn"
    assert after["clock"]["playing_for"] is None
    assert after["clock"]["timeouts"][seat] == 1 and after["clock"]["remaining"][seat] == 0.0


def test_three_timeouts_in_a_row_make_a_player_absent_until_they_return(
    clocked: TestClient, hand: HandClock
) -> None:
    table_id, token = hotseat(
        clocked, "through_the_desert", 2, {"mode": "realtime", "bank": 30, "increment": 10}
    )
    late = state(clocked, table_id, token)["to_move"]
    rng = random.Random(5)
    for count in (1, 2, 3):
        message = state(clocked, table_id, token)
        assert message["to_move"] == late and message["clock"]["playing_for"] is None
        hand.advance(message["clock"]["deadline"] - hand.now + 1)
        assert table_id in expire(clocked)
        message = wait_for(clocked, table_id, lambda m: m["to_move"] != late)
        assert message["table"]["seats"][late]["absent"] is (count == 3)
        while count < 3 and state(clocked, table_id, token)["to_move"] != late:
            random_move(clocked, table_id, token, rng)  # the other player, in time
    back = clocked.post(f"/api/tables/{table_id}/leave", json={"token": token, "away": False})
    assert back.status_code == 200, back.text
    assert not back.json()["table"]["seats"][late]["absent"]


def test_a_restart_resumes_the_clock_and_applies_a_deadline_that_passed(
    db_url: str, hand: HandClock
) -> None:
    with ThreadPoolExecutor(2) as pool:
        with TestClient(create_app(db_url, executor=pool, clock=hand, bot_pace=0)) as first:
            table_id, token = hotseat(first, "through_the_desert", 2, TURN_BASED)
            before = state(first, table_id, token)
        hand.advance(600)
        with TestClient(create_app(db_url, executor=pool, clock=hand, bot_pace=0)) as second:
            resumed = state(second, table_id, token)
            assert resumed["clock"] == before["clock"], "the countdown goes on where it was"
        hand.advance(3600 + 7200)  # the deadline passes while no server runs
        with TestClient(create_app(db_url, executor=pool, clock=hand, bot_pace=0)) as third:
            seat = before["to_move"]
            late = wait_for(third, table_id, lambda m: m["to_move"] != seat)
            assert late["clock"]["remaining"][seat] == 0.0, "timed out at start-up"


def rated_game_kept_for_ben(me: TestClient) -> tuple[TestClient, str]:
    """Ben's client, and my rated Desert Sons table (I am Ana) with a realtime clock, a
    timeout making a player absent, and the second seat kept for Ben and taken by him."""
    ben = TestClient(me.app, base_url="https://testserver")
    for client, name in ((ben, "Ben"), (me, "Ana")):
        client.post("/api/accounts", json={"name": name, "password": "long enough pass"})
    made = me.post(
        "/api/tables",
        json={
            "game": "desert_sons",
            "players": 2,
            "rated": True,
            "seats": [{}, {"kind": "human", "account": "Ben"}],
            "clock": {"mode": "realtime", "bank": 30, "timeouts": 1},
        },
        headers={"X-CSRF-Token": me.cookies.get("serai_csrf") or ""},
    ).json()
    table_id = made["table"]["id"]
    assert not made["table"]["seats"][1]["claimed"], "kept for Ben, not yet taken"
    signed_in = {"cookie": f"serai_session={ben.cookies.get('serai_session')}"}
    with ben.websocket_connect(f"/ws/tables/{table_id}", headers=signed_in) as socket:
        assert socket.receive_json()["type"] == "hello"
    assert state(me, table_id)["table"]["seats"][1]["claimed"]
    return ben, table_id


def play_out(me: TestClient, ben: TestClient, table_id: str, hand: HandClock, moves: int) -> None:
    """Play the game to its end: my moves at random, Ben's first ``moves`` decisions his
    own, then his clock left to run out (a bot plays his turn)."""
    rng = random.Random(4)
    while not (message := state(me, table_id))["over"]:
        if message["to_move"] == 1 and not message["table"]["seats"][1]["absent"]:
            his = ben.get(f"/api/tables/{table_id}").json()
            if moves > 0:
                answer = ben.post(
                    f"/api/tables/{table_id}/move",
                    json={"action": rng.choice(his["legal"]), "revision": his["revision"]},
                    headers={"X-CSRF-Token": ben.cookies.get("serai_csrf") or ""},
                )
                moves -= answer.status_code == 200
            elif message["clock"]["playing_for"] is None:
                hand.advance(31)
                expire(me)
            continue
        mine = me.get(f"/api/tables/{table_id}").json()
        if mine["legal"]:
            me.post(
                f"/api/tables/{table_id}/move",
                json={"action": rng.choice(mine["legal"]), "revision": mine["revision"]},
                headers={"X-CSRF-Token": me.cookies.get("serai_csrf") or ""},
            )
        else:
            time.sleep(0.02)  # the bot standing in for Ben


def test_a_rated_game_with_a_player_timed_out_places_them_last(
    me: TestClient, hand: HandClock
) -> None:
    """Ben, who took the seat kept for him at my table, decided once and then ran out of
    time, places last (a game whose seat he never took waits for him: see
    test_a_rated_game_kept_for_a_player_waits_for_them_and_may_still_be_declined)."""
    ben, table_id = rated_game_kept_for_ben(me)
    play_out(me, ben, table_id, hand, moves=1)
    profiles = [me.get(f"/api/players/{name}").json() for name in ("Ana", "Ben")]
    places = {p["name"]: p["recent"][0]["place"] for p in profiles}
    assert places == {"Ana": 1, "Ben": 2}


def test_a_player_out_of_time_before_their_first_decision_declines_the_rated_game(
    me: TestClient, hand: HandClock
) -> None:
    """Ben opened the table kept for him and his clock ran out before he decided anything
    (a stranger may keep a seat on a clock of a second): the game is declined for him, as
    the big sites abort a game whose player never moved. It rates no one, and a bot plays
    his seat to the end."""
    ben, table_id = rated_game_kept_for_ben(me)
    play_out(me, ben, table_id, hand, moves=0)
    seat = state(me, table_id)["table"]["seats"][1]
    assert seat["declined"] and seat["absent"]
    profiles = [me.get(f"/api/players/{name}").json() for name in ("Ana", "Ben")]
    assert [p["recent"] for p in profiles] == [[], []], "a game that rates no one"


def test_my_games_put_my_turn_first_then_the_nearest_deadline(me: TestClient) -> None:
    me.post("/api/accounts", json={"name": "Cara", "password": "long enough pass"})
    headers = {"X-CSRF-Token": me.cookies.get("serai_csrf") or ""}
    made = []
    for per_move in (7200, 3600):
        made.append(
            me.post(
                "/api/tables",
                json={
                    "game": "through_the_desert",
                    "players": 2,
                    "seats": [{}, {}],
                    "clock": {"mode": "turn-based", "per_move": per_move, "bank": 0},
                },
                headers=headers,
            ).json()["table"]["id"]
        )
    games = me.get("/api/me/games").json()["games"]
    assert [g["id"] for g in games] == made[::-1], "both my turn: the sooner deadline first"


def test_a_vacation_holds_my_turn_based_clocks(me: TestClient) -> None:
    me.post("/api/accounts", json={"name": "Dov", "password": "long enough pass"})
    headers = {"X-CSRF-Token": me.cookies.get("serai_csrf") or ""}
    table_id = me.post(
        "/api/tables",
        json={
            "game": "through_the_desert",
            "players": 2,
            "seats": [{}, {}],
            "clock": TURN_BASED,
        },
        headers=headers,
    ).json()["table"]["id"]
    before = me.get(f"/api/tables/{table_id}").json()["clock"]["deadline"]
    assert me.get("/api/me").json()["vacation"] == {"until": None, "days_left": 30}
    away = me.post("/api/me/vacation", json={"days": 2}, headers=headers).json()
    assert away["days_left"] == 28
    assert me.get("/api/me").json()["vacation"] == {"until": START + 2 * 86400, "days_left": 28}
    held = me.get(f"/api/tables/{table_id}").json()["clock"]["deadline"]
    assert held == START + 2 * 86400 + 3600 + 7200 > before
    too_long = me.post("/api/me/vacation", json={"days": 29}, headers=headers)
    assert too_long.status_code == 429


def signed_in_with_a_turn_based_table(client: TestClient, name: str) -> str:
    """Sign ``name`` up and make a turn-based table of two where it is their turn: its id."""
    client.post("/api/accounts", json={"name": name, "password": "long enough pass"})
    made = client.post(
        "/api/tables",
        json={"game": "through_the_desert", "players": 2, "seats": [{}, {}], "clock": TURN_BASED},
        headers={"X-CSRF-Token": client.cookies.get("serai_csrf") or ""},
    ).json()
    table_id: str = made["table"]["id"]
    assert state(client, table_id)["clock"]["seat"] == 0
    return table_id


def test_a_vacation_holds_the_clocks_of_tables_no_longer_in_memory(me: TestClient) -> None:
    table_id = signed_in_with_a_turn_based_table(me, "Ezra")
    hub_of(me).tables.clear()  # left idle for long, the table was dropped from memory
    headers = {"X-CSRF-Token": me.cookies.get("serai_csrf") or ""}
    me.post("/api/me/vacation", json={"days": 2}, headers=headers)
    held = state(me, table_id)["clock"]["deadline"]
    assert held == START + 2 * 86400 + 3600 + 7200


def test_a_turn_that_runs_out_while_its_player_is_on_vacation_waits(
    me: TestClient, hand: HandClock
) -> None:
    """A vacation the store has but this server was not told of (taken through another
    process of a group after the turn started): when the turn-based clock runs out, it
    waits for the player as it would have from the turn's start, and times out only once
    the vacation is over."""
    table_id = signed_in_with_a_turn_based_table(me, "Fay")
    players = hub_of(me).players
    found = players.by_name("Fay")
    assert found is not None
    until = START + 86400
    players.submit_vacation(found[0], until, 2033, 1).result()
    hand.advance(3600 + 7200 + 1)
    assert expire(me) == []
    clock = state(me, table_id)["clock"]
    assert clock["deadline"] == until + 3600 + 7200
    assert clock["playing_for"] is None and clock["timeouts"] == [0, 0]
    hand.now = until + 3600 + 7200 + 1
    assert expire(me) == [table_id]
    assert state(me, table_id)["clock"]["timeouts"] == [1, 0]


def test_saying_one_is_back_without_a_vacation_holds_no_clock(
    me: TestClient, hand: HandClock
) -> None:
    """``days: 0`` (back now) from a player on no vacation moves no deadline and writes
    nothing (it gave a fresh time per move each time); vacations are limited per player."""
    table_id = signed_in_with_a_turn_based_table(me, "Hal")
    before = state(me, table_id)
    hand.advance(600)
    headers = {"X-CSRF-Token": me.cookies.get("serai_csrf") or ""}
    answers = [
        me.post("/api/me/vacation", json={"days": 0}, headers=headers).status_code for _ in range(7)
    ]
    assert answers == [200] * 6 + [429]
    after = state(me, table_id)
    assert after["revision"] == before["revision"]
    assert after["clock"]["deadline"] == before["clock"]["deadline"]


def test_a_reading_of_the_vacations_begun_before_one_is_taken_does_not_undo_it(
    me: TestClient,
) -> None:
    """The vacations are read again at every look around (a group's processes take them
    too): a reading that began before a vacation was taken here does not replace it."""
    signed_in_with_a_turn_based_table(me, "Gil")
    hub = hub_of(me)
    store_read = hub.players.vacations
    began, finish = threading.Event(), threading.Event()

    def slow_read(now: float) -> dict[str, float]:
        found = store_read(now)  # before the vacation below is stored
        began.set()
        assert finish.wait(60)
        return found

    hub.players.vacations = slow_read  # type: ignore[method-assign]
    portal = me.portal
    assert portal is not None
    reading = portal.start_task_soon(hub.read_vacations)
    assert began.wait(60)
    headers = {"X-CSRF-Token": me.cookies.get("serai_csrf") or ""}
    assert me.post("/api/me/vacation", json={"days": 2}, headers=headers).status_code == 200
    finish.set()
    reading.result(60)
    found = hub.players.by_name("Gil")
    assert found is not None
    assert hub.vacations == {found[0].id: START + 2 * 86400}


def test_a_realtime_pause_needs_every_player(clocked: TestClient, hand: HandClock) -> None:
    table_id, one, two = two_invited(clocked, clock=REALTIME)
    first = clocked.post(f"/api/tables/{table_id}/pause", json={"token": one, "pause": True})
    assert first.json()["clock"]["paused"] is False and first.json()["clock"]["votes"] == [0]
    hand.advance(10)
    both = clocked.post(f"/api/tables/{table_id}/pause", json={"token": two, "pause": True})
    assert both.json()["clock"]["paused"] is True and both.json()["clock"]["deadline"] is None
    hand.advance(1000)
    assert expire(clocked) == []
    again = clocked.post(f"/api/tables/{table_id}/pause", json={"token": one, "pause": False})
    assert again.json()["clock"]["deadline"] == hand.now + 50


@pytest.mark.parametrize(
    ("action", "body"),
    [("leave", {"away": False}), ("pause", {"pause": False})],
    ids=["back-while-there", "go-on-while-running"],
)
def test_asking_for_what_already_is_changes_nothing_and_the_opponent_plays_on(
    clocked: TestClient, action: str, body: dict[str, Any]
) -> None:
    """Coming back while there, or asking the clocks to go on while they run, stores
    nothing: repeated quickly, it raised the revision each time, so every move of the
    opponent arrived stale and their clock ran out."""
    table_id, one, two = two_invited(clocked, clock=REALTIME)
    before = state(clocked, table_id)
    mover = one if before["to_move"] == 0 else two
    idle = two if mover == one else one
    for _ in range(3):
        asked = clocked.post(f"/api/tables/{table_id}/{action}", json={"token": idle, **body})
        assert asked.status_code == 200 and asked.json()["revision"] == before["revision"]
    seen = clocked.get(f"/api/tables/{table_id}", params={"token": mover}).json()
    text = random.Random(1).choice(seen["legal"])
    moved = clocked.post(
        f"/api/tables/{table_id}/move",
        json={"token": mover, "action": text, "revision": before["revision"]},
    )
    assert moved.status_code == 200, moved.text


def test_a_finished_games_clocks_cannot_be_paused(clocked: TestClient) -> None:
    table_id, token = hotseat(clocked, "through_the_desert", 2, REALTIME)
    message, rng = state(clocked, table_id, token), random.Random(2)
    while not message["over"]:
        message = random_move(clocked, table_id, token, rng)
    asked = clocked.post(f"/api/tables/{table_id}/pause", json={"token": token, "pause": True})
    assert asked.status_code == 409 and asked.json()["code"] == "game_over"
    after = state(clocked, table_id, token)
    assert (after["revision"], after["clock"]) == (message["revision"], message["clock"])


def test_a_rated_game_kept_for_a_player_waits_for_them_and_may_still_be_declined(
    me: TestClient, hand: HandClock
) -> None:
    """A rated game kept for Marco, on a clock of seconds: his clock does not run before
    he comes, so no bot decides for him meanwhile (which made the game count, lost on
    time, before he ever saw it); it starts once he takes his seat, and he may still
    decline the game then."""
    marco = two_players(me)
    made = post(
        me,
        "/api/tables",
        {
            "game": "through_the_desert",
            "players": 2,
            "rated": True,
            "seats": [{}, {"kind": "human", "account": "Marco"}],
            "clock": {"mode": "realtime", "bank": 3, "increment": 1, "timeouts": 1},
        },
    )
    table_id, rng = made.json()["table"]["id"], random.Random(1)
    message = me.get(f"/api/tables/{table_id}").json()
    while message["to_move"] == 0:
        answer = post(
            me,
            f"/api/tables/{table_id}/move",
            {"action": rng.choice(message["legal"]), "revision": message["revision"]},
        )
        message = answer.json()
    assert message["to_move"] == 1 and message["clock"]["seat"] is None
    hand.advance(3600)
    assert expire(me) == []
    waiting = me.get(f"/api/tables/{table_id}").json()
    assert waiting["revision"] == message["revision"] and waiting["clock"]["timeouts"] == [0, 0]
    cookie = {"cookie": f"serai_session={marco.cookies.get('serai_session')}"}
    with marco.websocket_connect(f"/ws/tables/{table_id}", headers=cookie) as socket:
        came = socket.receive_json()
        while came["type"] != "state":
            came = socket.receive_json()
        assert came["clock"]["seat"] == 1 and came["clock"]["deadline"] == hand() + 3
        assert came["can_decline"]
        socket.send_json({"type": "decline"})
        declined = socket.receive_json()
        while declined["type"] != "state" or declined["can_decline"]:
            declined = socket.receive_json()
    assert declined["table"]["seats"][1]["declined"]


def rated_table(me: TestClient, seats: list[dict[str, Any]]) -> str:
    """A rated Through the Desert table of mine on a 30 s realtime clock: its id."""
    clock = {"mode": "realtime", "bank": 30, "increment": 1, "timeouts": 1}
    body = {"game": "through_the_desert", "players": 2, "rated": True, "seats": seats}
    made = post(me, "/api/tables", {**body, "clock": clock})
    assert made.status_code == 201, made.text
    table_id: str = made.json()["table"]["id"]
    return table_id


def test_a_player_who_takes_an_open_seat_of_a_rated_game_has_their_clock_run(
    me: TestClient, hand: HandClock
) -> None:
    """Marco takes the open seat, whose turn it is: his clock runs from then (it ran only
    once his page opened; a player of the API alone had all the time of their first
    turn), and the seat taken is stored as a change every process reads."""
    marco = two_players(me)
    table_id = rated_table(me, [{"kind": "open"}, {}])
    before = me.get(f"/api/tables/{table_id}").json()
    assert before["to_move"] == 0 and before["clock"]["seat"] is None
    assert post(marco, f"/api/tables/{table_id}/join", {}).status_code == 200
    after = me.get(f"/api/tables/{table_id}").json()
    assert after["revision"] > before["revision"]
    assert after["clock"]["seat"] == 0 and after["clock"]["deadline"] == hand() + 30


def test_a_kept_player_reading_their_seat_over_the_api_has_their_clock_run(
    me: TestClient, hand: HandClock
) -> None:
    marco = two_players(me)
    table_id, rng = rated_table(me, [{}, {"kind": "human", "account": "Marco"}]), random.Random(1)
    message = me.get(f"/api/tables/{table_id}").json()
    while message["to_move"] == 0:
        chosen = {"action": rng.choice(message["legal"]), "revision": message["revision"]}
        message = post(me, f"/api/tables/{table_id}/move", chosen).json()
    assert message["clock"]["seat"] is None
    hand.advance(60)
    read = marco.get(f"/api/tables/{table_id}").json()
    assert read["legal"] and read["clock"]["seat"] == 1
    assert read["clock"]["deadline"] == hand() + 30


@pytest.mark.parametrize("asked", ["leave", "pause"])
def test_a_request_to_a_process_that_missed_a_change_is_judged_on_the_stored_table(
    db_url: str, asked: str
) -> None:
    """Two processes over one store, told nothing of each other's changes (no Redis):
    coming back, or asking the clocks to go on, through the one that missed the leaving or
    the pause is stored, not dropped as asking for what already is."""

    async def play() -> tuple[bool, bool]:
        one, two = Hub(Store(db_url)), Hub(Store(db_url))
        clock = ClockSettings.model_validate(REALTIME)
        made, _, _ = await one.create(
            "through_the_desert", 2, {}, [NewSeat("human")] * 2, clock=clock
        )
        missed = await two.get(made.id)
        if asked == "leave":
            await one.leave(made, (1,), True)
            await two.leave(missed, (1,), False)
        else:
            await one.pause(made, (0,), True)
            await one.pause(made, (1,), True)
            await two.pause(missed, (1,), False)
        stored = await Hub(Store(db_url)).get(made.id)
        assert stored.clocks is not None
        return stored.row.seats[1].absent, stored.clocks.paused

    assert asyncio.run(play()) == (False, False)


def test_a_finished_game_opened_by_a_seat_never_taken_leaves_it_untaken(db_url: str) -> None:
    """Who played a game is settled at its end: a seat's link opened afterwards does not
    take the seat (a rated game would then count, when the server next starts)."""

    async def play() -> bool:
        hub = Hub(Store(db_url))
        table, _, _ = await hub.create("through_the_desert", 2, {}, [NewSeat("human")] * 2)
        rng = random.Random(3)
        while not table.state.is_terminal():  # played by the hub alone: no link was used
            seat = table.state.current_player()
            text = table.state.action_to_string(rng.choice(table.state.legal_actions()))
            await hub.move(table, (seat,), text, table.revision)
        await hub.seen(table, (0,))
        return table.row.seats[0].claimed

    assert asyncio.run(play()) is False


def test_one_person_alone_against_bots_cannot_pause_a_rated_game(me: TestClient) -> None:
    me.post("/api/accounts", json={"name": "Ana", "password": "long enough pass"})
    made = me.post(
        "/api/tables",
        json={
            "game": "through_the_desert",
            "players": 2,
            "rated": True,
            "seats": [{}, {"kind": "bot", "bot": "greedy"}],
        },
        headers={"X-CSRF-Token": me.cookies.get("serai_csrf") or ""},
    ).json()
    table_id = made["table"]["id"]
    asked = me.post(
        f"/api/tables/{table_id}/pause",
        json={"pause": True},
        headers={"X-CSRF-Token": me.cookies.get("serai_csrf") or ""},
    )
    assert asked.status_code == 409 and asked.json()["code"] == "cannot_pause", asked.text
    assert state(me, table_id)["clock"]["paused"] is False


def test_a_timeout_the_store_refuses_holds_up_no_other_table_and_comes_next_time(
    clocked: TestClient, hand: HandClock
) -> None:
    """Another process moved the first table on (its stored revision is ahead of this
    server's copy): its timeout is refused as stale, the second table's still applies,
    and the clock keeper applies the first one's on its next look, from the refreshed
    table."""
    behind, _ = hotseat(clocked, "through_the_desert", 2, REALTIME)
    other, _ = hotseat(clocked, "through_the_desert", 2, REALTIME)
    before = state(clocked, behind)
    seat, revision = before["to_move"], before["revision"]
    with hub_of(clocked).store.engine.begin() as db:
        db.execute(update(tables).where(tables.c.id == behind).values(revision=revision + 1))
    hand.advance(61)
    assert expire(clocked) == [other]
    after = wait_for(clocked, behind, lambda m: m["clock"]["timeouts"][seat] == 1)
    assert after["revision"] > revision + 1


def test_a_timeout_the_database_refuses_waits_a_moment_and_holds_up_no_other_table(
    clocked: TestClient, hand: HandClock
) -> None:
    """The database refuses the first table's timeout (a trigger stands for a database
    that fails): the second table's still applies, the first is tried again a moment
    later rather than at once, over and over, and applies once the database takes it."""
    refused, _ = hotseat(clocked, "through_the_desert", 2, REALTIME)
    other, _ = hotseat(clocked, "through_the_desert", 2, REALTIME)
    seat = state(clocked, refused)["to_move"]
    hub = hub_of(clocked)
    with hub.store.engine.begin() as db:
        db.exec_driver_sql(  # DDL takes no parameters; the id is the server's own
            f"CREATE TRIGGER refuse BEFORE UPDATE ON {tables.name} WHEN OLD.id = '{refused}' "
            "BEGIN SELECT RAISE(ABORT, 'refused'); END"
        )
    hand.advance(61)
    assert expire(clocked) == [other]
    assert hub.deadlines[refused] == hand() + RETRY_SECONDS, "tried again a moment later"
    assert state(clocked, refused)["clock"]["timeouts"][seat] == 0
    with hub.store.engine.begin() as db:
        db.exec_driver_sql("DROP TRIGGER refuse")
    hand.advance(RETRY_SECONDS)
    expire(clocked)
    wait_for(clocked, refused, lambda m: m["clock"]["timeouts"][seat] == 1)


@pytest.mark.parametrize(
    "clock",
    [REALTIME, TURN_BASED],
    ids=["realtime", "turn-based"],
)
def test_a_player_who_leaves_and_comes_back_again_and_again_gains_no_time(
    db_url: str, clock: dict[str, Any]
) -> None:
    """Through the hub, with no bot to stand in meanwhile: the clock of the player to
    move is where it would be had they stayed."""
    hand = HandClock()

    async def play() -> list[tuple[Any, ...]]:
        store = Store(db_url)
        hub = Hub(store)
        hub.now = hand
        try:
            table, _, _ = await hub.create(
                "through_the_desert",
                2,
                {},
                [NewSeat("human")] * 2,
                hotseat=True,
                clock=ClockSettings.model_validate(clock),
            )
            seat = table.state.current_player()
            assert table.clocks is not None
            seen = [(table.clocks.remaining[seat], table.clocks.deadline)]
            for _ in range(5):
                hand.advance(3)
                await hub.leave(table, (seat,), True)
                hand.advance(1)
                await hub.leave(table, (seat,), False)
                seen.append((table.clocks.remaining[seat], table.clocks.deadline))
            return seen
        finally:
            store.close()

    seen = asyncio.run(play())
    deadlines = {deadline for _, deadline in seen}
    assert len(deadlines) == 1, seen
    assert seen[-1][0] <= seen[0][0], seen


@pytest.mark.parametrize("acting", ["timeout", "leave"])
def test_a_seat_is_marked_absent_only_by_a_change_made_at_the_tables_revision(
    db_url: str, acting: str
) -> None:
    """Two processes (two hubs over one store, neither told of the other's changes): one
    times the player out on its copy of the table (or takes their leave) while the player
    has already moved through the other. The timeout is refused as stale and the seat is
    not marked absent: a bot would otherwise play for a player who moved in time, placing
    them last in a rated game. The leave, the player's wish whatever the revision, is
    taken on the table as it is now, the move kept."""
    hand = HandClock()

    async def play() -> tuple[bool, int]:
        stores = [Store(db_url), Store(db_url)]
        keeper, other = (Hub(store) for store in stores)
        keeper.now = other.now = hand
        try:
            table, _, _ = await keeper.create(
                "through_the_desert",
                2,
                {},
                [NewSeat("human")] * 2,
                clock=settings(mode="realtime", bank=60, timeouts=1),
            )
            seat = table.state.current_player()
            elsewhere = await other.get(table.id)
            text = table.state.action_to_string(table.state.legal_actions()[0])
            await other.move(elsewhere, (seat,), text, elsewhere.revision)
            if acting == "timeout":
                hand.advance(61)  # past the keeper's deadline, which it has not seen move
                assert await keeper.expire_clocks() == []
            else:
                await keeper.leave(table, (seat,), True)
            stored = stores[0].load_table(table.id)
            assert stored is not None
            row, moves = stored
            return row.seats[seat].absent, len(moves) - len(elsewhere.moves)
        finally:
            for store in stores:
                store.close()

    assert asyncio.run(play()) == (acting == "leave", 0)


def test_a_pause_asked_while_a_move_is_being_stored_keeps_what_the_move_did(
    db_url: str,
) -> None:
    """A pause that waits for a move being stored applies to the clocks the move left
    (the mover's time spent, the next seat's clock running), as if asked just after it."""
    hand = HandClock()

    async def play() -> list[tuple[Any, ...]]:
        store = Store(db_url)
        hub = Hub(store)
        hub.now = hand
        outcomes = []
        try:
            for together in (False, True):
                hand.now = START
                table, _, _ = await hub.create(
                    "through_the_desert",
                    2,
                    {},
                    [NewSeat("human")] * 2,
                    hotseat=True,
                    clock=settings(**REALTIME),
                )
                hand.advance(5)
                text = table.state.action_to_string(table.state.legal_actions()[0])
                moving = hub.move(table, (0, 1), text, table.revision)
                pausing = hub.pause(table, (0, 1), True)
                if together:
                    await asyncio.gather(moving, pausing)
                else:
                    await moving
                    await pausing
                assert table.clocks is not None
                outcomes.append((table.clocks.remaining, table.clocks.deadline, table.revision))
        finally:
            store.close()
        return outcomes

    one_after_the_other, together = asyncio.run(play())
    assert together == one_after_the_other
