"""Durability: every acknowledged move survives ``kill -9`` of the server.

A real ``serai serve`` process on a SQLite file is killed with SIGKILL in the middle of
play and started again on the same file; each table must come back exactly as its last
acknowledged state, and a bots-only table must go on to the end by itself.
"""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path
from typing import Any

from tests.live_server import free_port, server
from tests.server.moves import random_move


def test_kill_9_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'serai.db'}"
    port = free_port()
    acknowledged: dict[str, Any] = {}
    with server(db, port) as (process, client):
        made = client.post(
            "/api/tables",
            json={"game": "five_tribes", "players": 2, "seats": [{}, {}], "hotseat": True},
        ).json()
        bots = client.post(
            "/api/tables",
            json={
                "game": "through_the_desert",
                "players": 2,
                "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
            },
        ).json()
        tid = made["table"]["id"]
        token = made["hotseat"].split("token=")[1]
        rng = random.Random(9)
        for _ in range(25):
            acknowledged = random_move(client, tid, token, rng)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)
    with server(db, port) as (_, client):
        resumed = client.get(f"/api/tables/{tid}", params={"token": token}).json()
        assert resumed["revision"] == acknowledged["revision"]
        assert resumed["log"] == acknowledged["log"]
        assert resumed["view"] == acknowledged["view"]
        deadline = time.monotonic() + 120
        finished = client.get(f"/api/tables/{bots['table']['id']}").json()
        while not finished["over"] and time.monotonic() < deadline:
            time.sleep(0.2)
            finished = client.get(f"/api/tables/{bots['table']['id']}").json()
        assert finished["over"], "the bots' table resumes after the restart"
