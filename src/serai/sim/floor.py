"""The floor of ``serai bench --server``: a move's rules work alone, on the server's stack.

A Starlette app (:data:`floor_app`) under uvicorn, as ``serai serve`` runs its app, that
plays tables the way the load test's clients play the server: ``POST /api/tables`` makes a
table and answers its hotseat link, ``/ws/tables/{id}`` sends a ``state`` message and then
one after each move. For a move it does what the server does with the rules, with the
same functions: it reads the JSON, applies the action (:func:`~serai.server.tables.played`,
which also words it for every viewer) and what follows by itself
(:func:`~serai.server.tables.settled`: chance nodes, and the windows of seats that do not
stop at them, as every seat of a new table), and sends the view of the seat to act with the
legal actions and their choices (:meth:`~serai.server.tables.Shared.choices`), encoded by
:func:`~serai.server.tables.compact`.

Its process collects garbage as a served one does (:mod:`serai.server.collector`). It does
nothing else: no store, no seats, tokens or accounts, no log in the message, no
clocks, bots, limits or checks of what a client sends (it is only ever run by the load
test, on loopback). So the server's moves per second as a share of the floor's tell what
the platform costs beside the rules, and the floor's as a share of the echo's what the
rules and their messages cost beside the WebSocket itself.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import orjson
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from serai.engine import State, load_game
from serai.server.collector import YOUNG_OBJECTS, collecting_on_time
from serai.server.store import Move, SeatRow
from serai.server.tables import Seen, Shared, compact, played, settled


@dataclass
class FloorTable:
    """A table of the floor: its live state and revision, nothing stored."""

    state: State
    seed: int
    shared: Shared
    seats: tuple[SeatRow, ...]
    revision: int = 0
    moves: list[Move] = field(default_factory=list)
    seen: list[Seen] = field(default_factory=list)

    def settle(self) -> None:
        """Play what follows by itself, as the server does."""
        self.state = settled(self.state, self.seed, self.seats, self.moves, self.seen)

    def move(self, text: str) -> None:
        """Play the action written ``text`` for the seat to act, then what follows."""
        state = self.state
        action = state.string_to_action(text)
        self.state = played(state, state.current_player(), action, self.moves, self.seen)
        self.settle()
        self.revision += 1

    def message(self) -> str:
        """The state message: the view of the seat to act (a spectator's while none is,
        as a hotseat device is shown) with the legal actions and their choices."""
        state = self.state
        over = state.is_terminal()
        to_move = state.current_player()
        choices = [] if over else self.shared.choices(state)
        return compact(
            {
                "type": "state",
                "revision": self.revision,
                "view": state.view(to_move if to_move >= 0 else None),
                "to_move": to_move if to_move >= 0 else None,
                "prompt": "" if over else state.prompt(),
                "legal": [option["text"] for option in choices],
                "choices": choices,
                "over": over,
            }
        )


TABLES: dict[str, FloorTable] = {}
"""The tables being played, each dropped when its connection closes."""


async def _create(request: Request) -> JSONResponse:
    asked: dict[str, Any] = await request.json()
    game = load_game(asked["game"], players=asked["players"], **asked["options"])
    seats = tuple(
        SeatRow(seat, "human", None, f"Player {seat + 1}", None, False)
        for seat in range(game.num_players)
    )
    table = FloorTable(game.new_initial_state(), secrets.randbits(62), Shared.of(game), seats)
    table.settle()
    table_id = secrets.token_urlsafe(9)
    TABLES[table_id] = table
    return JSONResponse({"table": {"id": table_id}, "hotseat": f"/t/{table_id}?token=floor"})


async def _live(socket: WebSocket) -> None:
    await socket.accept()
    table_id = socket.path_params["table_id"]
    table = TABLES.get(table_id)
    if table is None:
        await socket.close(code=4404)
        return
    try:
        await socket.send_text(table.message())
        while True:
            move = orjson.loads(await socket.receive_text())
            if move["revision"] != table.revision:
                await socket.send_text(compact({"type": "error", "code": "stale_state"}))
                continue
            table.move(move["action"])
            await socket.send_text(table.message())
    except WebSocketDisconnect:
        pass
    finally:
        TABLES.pop(table_id, None)


@asynccontextmanager
async def _collecting(_: Starlette) -> AsyncIterator[None]:
    async with collecting_on_time(YOUNG_OBJECTS):
        yield


floor_app = Starlette(
    lifespan=_collecting,
    routes=[
        Route("/api/tables", _create, methods=["POST"]),
        WebSocketRoute("/ws/tables/{table_id}", _live),
    ],
)
"""The floor: tables played with the rules' work alone."""
