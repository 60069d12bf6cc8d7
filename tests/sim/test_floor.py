"""The floor of ``serai bench --server``: the rules' work of a move, as the server does it."""

from __future__ import annotations

import asyncio
import json
import os
import random
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from websockets.asyncio.client import connect

from serai.engine import load_game, sample_chance
from serai.server.tables import Shared, chance_rng
from serai.sim.floor import TABLES, floor_app
from serai.sim.loadtest import ECHO_APP, FLOOR_APP, app_command, free_port, running

ASKED = {
    "game": "through_the_desert",
    "players": 2,
    "options": {},
    "seats": [{"kind": "human"}] * 2,
    "hotseat": True,
    "listed": False,
}


@pytest.mark.parametrize("game", ["through_the_desert", "five_tribes"])
def test_the_floor_plays_a_whole_game_by_the_rules(game: str) -> None:
    """Every answer is the state the engine reaches with the same actions and the chance
    the table's seed draws at each node, as the server draws it: the view of the seat to
    act, its legal actions and their choices."""
    rng = random.Random(7)
    engine = load_game(game, players=2)
    with TestClient(floor_app) as client:
        made = client.post("/api/tables", json={**ASKED, "game": game}).json()
        table_id = made["table"]["id"]
        assert urllib.parse.urlsplit(made["hotseat"]).path == f"/t/{table_id}"
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            table = TABLES[table_id]
            state = engine.new_initial_state()
            revision = 0
            while True:
                while state.is_chance_node():
                    seeded = chance_rng(table.seed, len(state.history()))
                    state.apply_action(sample_chance(state, seeded))
                message = socket.receive_json()
                over = state.is_terminal()
                to_move = state.current_player()
                choices = [] if over else Shared.of(engine).choices(state)
                assert message["revision"] == revision and message["over"] is over
                assert message["view"] == state.view(to_move if to_move >= 0 else 0)
                assert message["legal"] == [choice["text"] for choice in choices]
                assert message["choices"] == choices
                if over:
                    break
                text = rng.choice(message["legal"])
                socket.send_json({"type": "move", "action": text, "revision": revision})
                state.apply_action(state.string_to_action(text))
                revision += 1
            assert [action for action, _, _, _ in table.moves] == state.history()
            socket.send_json({"type": "move", "action": "anything", "revision": 0})
            assert socket.receive_json() == {"type": "error", "code": "stale_state"}
    assert table_id not in TABLES  # dropped with its connection


def _table_of(base: str) -> str:
    """A new table of the floor running at ``base``: its id."""
    request = urllib.request.Request(
        f"{base}/api/tables",
        data=json.dumps(ASKED).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        table_id: str = json.load(answer)["table"]["id"]
        return table_id


@pytest.mark.parametrize("app", [FLOOR_APP, ECHO_APP])
def test_the_floor_and_the_echo_compress_nothing_as_the_server(app: str) -> None:
    """uvicorn compresses each message when a client offers to, and the load test's
    clients offer to; ``serai serve`` never does, so neither may the apps it is set
    beside (a compressed echo was a ceiling set too low)."""

    async def extensions(url: str) -> str | None:
        async with connect(url) as socket:
            assert socket.response is not None
            return socket.response.headers.get("Sec-WebSocket-Extensions")

    port = free_port()
    with running(app_command(port, app), port, Path(os.devnull)) as (base, _):
        ws = base.replace("http://", "ws://", 1)
        path = "/ws/echo" if app == ECHO_APP else f"/ws/tables/{_table_of(base)}"
        assert asyncio.run(extensions(f"{ws}{path}")) is None
