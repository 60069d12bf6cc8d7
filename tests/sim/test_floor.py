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

from serai.server.store import Store
from serai.server.tables import Hub, NewSeat
from serai.sim import floor as floor_module
from serai.sim.floor import TABLES, floor_app
from serai.sim.loadtest import ECHO_APP, FLOOR_APP, app_command, free_port, running

MOVES = 150
"""The most moves of a game compared."""

SEED = 20261126
"""The floor's tables' seed here."""

ASKED = {
    "game": "through_the_desert",
    "players": 2,
    "options": {},
    "seats": [{"kind": "human"}] * 2,
    "hotseat": True,
    "listed": False,
}


@pytest.mark.parametrize(
    ("game", "players"), [("through_the_desert", 2), ("five_tribes", 2), ("nomads_of_arabia", 3)]
)
def test_the_floor_answers_each_move_as_the_server_does(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same moves at a hotseat table of the server with the floor's seed: after each,
    the floor sends what the server's state message says of the rules (the revision, the
    view of the seat to act, its legal actions and their choices, whether it is over),
    chance drawn and windows let pass as the server does them. The floor's seed is fixed,
    so that the same game is played each time (one with windows, in Nomads of Arabia)."""
    monkeypatch.setattr(floor_module.secrets, "randbits", lambda _: SEED)
    rng = random.Random(7)
    loop = asyncio.new_event_loop()
    hub = Hub(Store("sqlite://"))
    everyone = tuple(range(players))
    try:
        with TestClient(floor_app) as client:
            made = client.post(
                "/api/tables", json={**ASKED, "game": game, "players": players}
            ).json()
            table_id = made["table"]["id"]
            assert urllib.parse.urlsplit(made["hotseat"]).path == f"/t/{table_id}"
            with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
                floor = TABLES[table_id]
                served, _, _ = loop.run_until_complete(
                    hub.create(
                        game, players, {}, [NewSeat("human")] * players, True, seed=floor.seed
                    )
                )
                for step in range(MOVES + 1):
                    message = socket.receive_json()
                    expected = served.message(everyone)
                    for key in ("revision", "view", "legal", "choices", "over", "to_move"):
                        assert message[key] == expected[key], key
                    if message["over"] or step == MOVES:
                        break
                    text = rng.choice(message["legal"])
                    revision = message["revision"]
                    socket.send_json({"type": "move", "action": text, "revision": revision})
                    loop.run_until_complete(hub.move(served, everyone, text, revision))
                assert [move[:3] for move in floor.moves] == [move[:3] for move in served.moves]
                socket.send_json({"type": "move", "action": "anything", "revision": -1})
                assert socket.receive_json() == {"type": "error", "code": "stale_state"}
        if game == "nomads_of_arabia":  # windows came, and were let pass
            assert any(window for _, _, window in served.seen)
        assert table_id not in TABLES  # dropped with its connection
    finally:
        loop.run_until_complete(hub.stop())
        loop.close()
        hub.store.close()


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
