"""Hints (the hard bot's top moves) and the analysis of a finished game."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import serai
from serai.bots import Budget, MCTSBot
from serai.engine.core import Game
from serai.server import analysis
from serai.server import tables as tables_module
from serai.server.analysis import SWING, load_analysis
from serai.server.guard import RateLimit
from serai.server.store import Store
from serai.server.tables import Hub, NewSeat
from tests.server.conftest import Creator
from tests.server.test_api import state_of


def test_a_hint_ranks_the_players_moves(client: TestClient, new_table: Creator) -> None:
    table = new_table("through_the_desert", ["human", "human"], hotseat=True)
    token = table["hotseat"].split("token=")[1]
    message = state_of(client, table, token)
    tid = table["table"]["id"]
    answer = client.get(f"/api/tables/{tid}/hint", params={"token": token})
    assert answer.status_code == 200, answer.text
    moves = answer.json()["moves"]
    assert 1 <= len(moves) <= 5
    assert all(move["text"] in message["legal"] for move in moves)
    assert all(0.0 <= move["value"] <= 1.0 for move in moves)
    assert [m["visits"] for m in moves] == sorted((m["visits"] for m in moves), reverse=True)
    spectator = client.get(f"/api/tables/{tid}/hint")
    assert spectator.status_code == 409


def test_a_table_may_give_no_hints_and_a_rated_one_never(
    client: TestClient, new_table: Creator
) -> None:
    quiet = new_table("five_tribes", ["human", "human"], hints=False)
    seat = client.get(f"/api/tables/{quiet['table']['id']}").json()["to_move"]
    refused = client.get(
        f"/api/tables/{quiet['table']['id']}/hint", params={"token": quiet["tokens"][seat]}
    )
    assert refused.status_code == 422 and refused.json()["code"] == "no_hints"
    assert quiet["table"]["hints"] is False
    rated = client.post(
        "/api/tables",
        json={"game": "five_tribes", "players": 2, "seats": [{}, {}], "rated": True, "hints": True},
    )
    assert rated.status_code == 422


def test_a_hint_reads_only_what_its_player_may_see() -> None:
    """The same search from a state whose hidden values were changed: the same ranking."""
    game = serai.load_game("nomads_of_arabia", players=3)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or len(state.legal_actions()) < 3:
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    scrambled = state.scramble_hidden(seat, random.Random(9))
    assert state.view(seat) == scrambled.view(seat)
    first = MCTSBot(Budget(iterations=150), seed=4).ranked(state)
    second = MCTSBot(Budget(iterations=150), seed=4).ranked(scrambled)
    assert first == second


def finished(client: TestClient, new_table: Creator) -> str:
    table = new_table("desert_sons", ["random", "random"])
    deadline = time.monotonic() + 120
    while not state_of(client, table)["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return str(table["table"]["id"])


def test_the_analysis_of_a_finished_game(client: TestClient, new_table: Creator) -> None:
    tid = finished(client, new_table)
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    assert load_analysis(store, tid) is None, "made only when someone asks for it"
    result = client.get(f"/api/tables/{tid}/analysis").json()
    assert result["status"] == "done"
    points = result["points"]
    steps = [point["step"] for point in points]
    assert steps == sorted(steps) and len(points) > 50
    assert all(sum(point["values"]) == pytest.approx(1.0, abs=1e-3) for point in points)
    final = state_of(client, {"table": {"id": tid}})
    assert points[-1]["values"] == [round(r, 4) for r in final["returns"]]
    by_step = {point["step"]: point["values"] for point in points}
    for step in result["swings"]:
        before = points[steps.index(step) - 1]["values"]
        assert max(abs(a - b) for a, b in zip(by_step[step], before, strict=True)) >= SWING
    assert load_analysis(store, tid) == result
    assert client.get(f"/api/tables/{tid}/analysis").json() == result, "kept once made"


def test_an_analysis_asked_for_at_once_is_made_once(
    monkeypatch: pytest.MonkeyPatch, db_url: str
) -> None:
    """Both players open the replay as the game ends: one analysis is made, both get it,
    and one row is kept."""
    made: list[int] = []

    def counted(game: Game, actions: list[int]) -> dict[str, Any]:
        made.append(len(actions))
        return analysis.analyse(game, actions)

    monkeypatch.setattr(tables_module, "analyse", counted)

    async def play() -> list[dict[str, Any]]:
        store = Store(db_url)
        hub = Hub(store)
        table, _, hotseat = await hub.create(
            "through_the_desert", 2, {}, [NewSeat("human")] * 2, hotseat=True
        )
        seats, rng = table.seats_for(hotseat), random.Random(3)
        while not table.state.is_terminal():
            text = table.state.action_to_string(rng.choice(table.state.legal_actions()))
            await hub.move(table, seats, text, table.revision)
        answers = await asyncio.gather(*(hub.analysis(table) for _ in range(3)))
        assert analysis.load_analysis(store, table.id) == answers[0]
        assert hub.analysing == {}, "nothing left in the making"
        return list(answers)

    answers = asyncio.run(play())
    assert len(made) == 1 and answers[0] == answers[1] == answers[2]
    assert answers[0]["status"] == "done"


def test_an_unfinished_game_has_no_analysis(client: TestClient, new_table: Creator) -> None:
    table = new_table("five_tribes", ["human", "human"])
    answer = client.get(f"/api/tables/{table['table']['id']}/analysis")
    assert answer.status_code == 409 and answer.json()["code"] == "not_finished"


def test_hints_are_limited_per_address_and_never_queued_without_end(
    client: TestClient, new_table: Creator
) -> None:
    """The helper searches one hint at a time, for seconds: an address's hints over all
    its tables are limited, an address waits for one at a time (its burst could take
    every place: a stranger's review), and past a few waiting a hint is refused at once."""
    table = new_table("through_the_desert", ["human", "human"], hotseat=True)
    token = table["hotseat"].split("token=")[1]
    url = f"/api/tables/{table['table']['id']}/hint"
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.asking = {f"192.0.2.{n}" for n in range(tables_module.HINTS_WAITING)}
    busy = client.get(url, params={"token": token})
    assert busy.status_code == 429 and "hint helper is busy" in busy.json()["message"]
    hub.asking = {"testclient"}  # this client's hint on another of its tables
    again = client.get(url, params={"token": token})
    assert again.status_code == 429 and "still being searched" in again.json()["message"]
    hub.asking = {"192.0.2.1"}  # another address's: a place is left
    assert client.get(url, params={"token": token}).status_code == 200
    assert hub.asking == {"192.0.2.1"}, "this client's place is given back"
    limits = client.app.state.limits  # type: ignore[attr-defined]
    limits.hints_by_address = RateLimit(per_minute=1e-6, burst=0)
    limited = client.get(url, params={"token": token})
    assert limited.status_code == 429 and limited.json()["code"] == "too_many"
