"""The web platform's HTTP and WebSocket interface (FastAPI, run by uvicorn).

=====================================  ==============================================
``GET /``, ``/table/{id}``,             the lobby, a table and a finished game's replay
``/replay/{id}``                        (pages from ``serai/web``)
``GET /api/games``                      every game, its player counts and options; bots
``GET /api/tables``                     the lobby: listed tables, open ones first
``POST /api/tables``                    create a table; answers every human seat's invite
``POST /api/tables/{id}/join``          take an open human seat of a listed table
``GET /api/tables/{id}?token=``         the table as that seat (no token: a spectator)
``GET /api/tables/{id}/layout``         the board's fixed geometry, for drawing it
``POST /api/tables/{id}/move``          ``{"token", "action", "revision"}``
``POST /api/tables/{id}/undo``          ``{"token", "revision"}``
``GET /api/tables/{id}/replay/{k}``     a finished game after ``k`` actions, as the seat sees it
``WS /ws/tables/{id}?token=``           the live table: the server pushes ``state`` messages,
                                        the client sends ``move`` / ``undo`` messages
=====================================  ==============================================

A ``state`` message (:meth:`serai.server.tables.Table.message`) holds ``table`` (the lobby
summary), ``revision`` (send it back with a move), ``seat`` (whose view it is; ``null``: a
spectator), ``you`` (the seats this token acts for), ``view`` (the engine's ``view(seat)``),
``to_move``, ``legal`` (the action texts this client may send now), ``can_undo``,
``log_start`` and ``log`` (log lines from ``log_start`` on, as this seat may read them; a live
connection is sent only the lines it lacks), and once the game is over ``over``,
``scores``, ``returns`` and ``breakdown``. A WebSocket first receives ``{"type": "hello",
"table": …, "layout": …}`` with the board's fixed geometry (``Game.layout()``).

Every refusal is ``{"type": "error", "code": …, "message": …}``; a refused move changes
nothing, and a WebSocket stays open after one. ``stale_state``, ``illegal_action`` and
``not_your_turn`` errors carry the current ``state``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError

from serai.bots.presets import BOT_KINDS, DIFFICULTIES
from serai.engine import game_info, list_games
from serai.server.store import Store
from serai.server.tables import Hub, Table, TableError

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_MESSAGE = 4096
"""Bytes a client message may have; a move is a few dozen."""

STATUS = {
    "unknown_table": 404,
    "bad_token": 403,
    "not_your_turn": 409,
    "stale_state": 409,
    "game_over": 409,
    "table_full": 409,
    "not_open": 409,
    "too_large": 413,
}


def error_body(
    error: TableError, table: Table | None = None, seats: tuple[int, ...] = ()
) -> dict[str, Any]:
    body: dict[str, Any] = {"type": "error", "code": error.code, "message": str(error)}
    if table is not None and error.code in ("stale_state", "illegal_action", "not_your_turn"):
        body["state"] = table.message(seats)
    return body


def games_catalogue() -> list[dict[str, Any]]:
    """Every game with what a table needs: player counts and options."""
    catalogue = []
    for name in list_games():
        info = game_info(name)
        catalogue.append(
            {
                "name": info.name,
                "title": info.title,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "default_players": info.default_players,
                "options": [
                    {
                        "name": option.name,
                        "default": option.default,
                        "choices": list(option.choices),
                        "minimum": option.minimum,
                        "help": option.help,
                        "describe": option.describe(),
                    }
                    for option in info.options
                ],
            }
        )
    return catalogue


def create_app(
    db: str = "sqlite:///serai.db", bot_workers: int = 2, executor: Executor | None = None
) -> FastAPI:
    """The server over database URL ``db``; bots think in ``bot_workers`` processes."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, db)
        pool = executor or ProcessPoolExecutor(
            bot_workers, mp_context=multiprocessing.get_context("spawn")
        )
        app.state.hub = Hub(store, pool)
        await app.state.hub.resume()
        try:
            yield
        finally:
            for table in app.state.hub.tables.values():
                if table.bot_task is not None:
                    table.bot_task.cancel()
            if executor is None:
                pool.shutdown(wait=False, cancel_futures=True)
            store.close()

    app = FastAPI(title="serai", lifespan=lifespan)
    app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")

    def hub(request: Request | WebSocket) -> Hub:
        return request.app.state.hub  # type: ignore[no-any-return]

    @app.exception_handler(TableError)
    async def refused(_: Request, error: TableError) -> JSONResponse:
        return JSONResponse(error_body(error), status_code=STATUS.get(error.code, 400))

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "lobby.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {
            "games": games_catalogue(),
            "bots": list(BOT_KINDS),
            "difficulties": list(DIFFICULTIES),
        }

    @app.get("/api/tables")
    async def tables(request: Request) -> dict[str, Any]:
        server = hub(request)
        ids = await asyncio.to_thread(server.store.list_tables)
        listed = []
        for table_id in ids:
            table = await server.get(table_id)
            if table.row.listed:
                listed.append(table.summary())
        return {"tables": listed}

    @app.post("/api/tables", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        body = await _json_body(request)
        seats = body.get("seats")
        options = body.get("options") or {}
        if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
            raise TableError("bad_table", "seats must be a list of {kind: human|bot, …}")
        if not isinstance(options, dict):
            raise TableError("bad_table", "options must be an object of name: value")
        players = body.get("players")
        if players is not None and not isinstance(players, int):
            raise TableError("bad_table", "players must be a whole number")
        table, tokens, hotseat = await hub(request).create(
            str(body.get("game", "")),
            players,
            options,
            seats,
            hotseat=bool(body.get("hotseat", False)),
            listed=bool(body.get("listed", True)),
        )
        return {
            "table": table.summary(),
            "invites": [
                {"seat": seat, "token": token, "url": f"/table/{table.id}?token={token}"}
                for seat, token in tokens.items()
            ],
            "hotseat": None if hotseat is None else f"/table/{table.id}?token={hotseat}",
            "spectate": f"/table/{table.id}",
        }

    @app.post("/api/tables/{table_id}/join")
    async def join(request: Request, table_id: str) -> dict[str, Any]:
        seat, token = await hub(request).join(table_id)
        return {"seat": seat, "token": token, "url": f"/table/{table_id}?token={token}"}

    @app.get("/api/tables/{table_id}")
    async def table_state(request: Request, table_id: str, token: str = "") -> dict[str, Any]:
        table = await hub(request).get(table_id)
        return table.message(table.seats_for(token))

    @app.get("/api/tables/{table_id}/layout")
    async def layout(request: Request, table_id: str) -> dict[str, Any]:
        table = await hub(request).get(table_id)
        return table.game.layout()

    @app.post("/api/tables/{table_id}/move")
    async def move(request: Request, table_id: str) -> JSONResponse:
        return await _act(request, table_id, "move")

    @app.post("/api/tables/{table_id}/undo")
    async def undo(request: Request, table_id: str) -> JSONResponse:
        return await _act(request, table_id, "undo")

    async def _act(request: Request, table_id: str, kind: str) -> JSONResponse:
        table = await hub(request).get(table_id)
        body = await _json_body(request)
        seats = table.seats_for(str(body.get("token") or ""))
        try:
            await _apply(hub(request), table, seats, {**body, "type": kind})
        except TableError as error:
            return JSONResponse(
                error_body(error, table, seats), status_code=STATUS.get(error.code, 400)
            )
        except (SQLAlchemyError, OSError) as error:
            failure = TableError(
                "server_error", f"the move was not stored ({error}); send it again"
            )
            return JSONResponse(error_body(failure, table, seats), status_code=503)
        return JSONResponse(table.message(seats))

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay(request: Request, table_id: str, step: int, token: str = "") -> dict[str, Any]:
        table = await hub(request).get(table_id)
        seats = table.seats_for(token)
        if not table.state.is_terminal():
            raise TableError("not_finished", "a replay opens once the game is over")
        if not 0 <= step <= len(table.moves):
            raise TableError("bad_step", f"step must be 0…{len(table.moves)}, not {step}")
        message = table.message(seats, table.replay(step))
        message["step"] = step
        message["steps"] = len(table.moves)
        message["legal"] = []
        message["can_undo"] = False
        return message

    @app.websocket("/ws/tables/{table_id}")
    async def live(socket: WebSocket, table_id: str, token: str = "") -> None:
        await socket.accept()
        server = hub(socket)
        try:
            table = await server.get(table_id)
            seats = table.seats_for(token)
        except TableError as error:
            await socket.send_json(error_body(error))
            await socket.close(code=4404 if error.code == "unknown_table" else 4403)
            return
        await server.mark_claimed(table, seats)
        outbox: asyncio.Queue[None] = asyncio.Queue(maxsize=1)

        async def push(_: Table) -> None:
            with contextlib.suppress(asyncio.QueueFull):
                outbox.put_nowait(None)

        sent = 0  # log lines this connection already has

        async def send_state() -> None:
            nonlocal sent
            message = table.message(seats, log_from=sent)
            sent = message["log_start"] + len(message["log"])
            await socket.send_json(message)

        async def sender() -> None:
            while True:
                await outbox.get()
                await send_state()

        await socket.send_json(
            {"type": "hello", "table": table.summary(), "layout": table.game.layout()}
        )
        await send_state()
        table.listeners.add(push)
        sending = asyncio.create_task(sender())
        try:
            while True:
                text = await socket.receive_text()
                try:
                    request = _parse(text)
                    if request.get("type") == "ping":
                        await socket.send_json({"type": "pong"})
                        continue
                    await _apply(server, table, seats, request)
                except TableError as error:
                    await socket.send_json(error_body(error, table, seats))
                except (SQLAlchemyError, OSError) as error:
                    # nothing was applied: the table changes only after its commit
                    failure = TableError(
                        "server_error", f"the move was not stored ({error}); send it again"
                    )
                    await socket.send_json(error_body(failure, table, seats))
        except WebSocketDisconnect:
            pass
        finally:
            table.listeners.discard(push)
            sending.cancel()

    return app


def _parse(text: str) -> dict[str, Any]:
    if len(text.encode()) > MAX_MESSAGE:
        raise TableError("too_large", f"a message may have at most {MAX_MESSAGE} bytes")
    try:
        body = json.loads(text)
    except json.JSONDecodeError as error:
        raise TableError("malformed", f"not JSON: {error.msg} at character {error.pos}") from error
    if not isinstance(body, dict):
        raise TableError("malformed", 'a message is a JSON object such as {"type": "move", …}')
    return body


async def _json_body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    return _parse(raw.decode(errors="replace"))


async def _apply(hub: Hub, table: Table, seats: tuple[int, ...], body: dict[str, Any]) -> None:
    """A ``move`` or ``undo`` request for ``seats``, checked field by field."""
    kind = body.get("type")
    if kind not in ("move", "undo"):
        raise TableError("malformed", f"unknown message type {kind!r}; send move, undo or ping")
    revision = body.get("revision")
    if not isinstance(revision, int) or isinstance(revision, bool):
        raise TableError(
            "malformed", "revision must be the whole number of the state you are answering"
        )
    if not seats:
        raise TableError("not_your_turn", "spectators cannot play: open your seat's link")
    if kind == "undo":
        await hub.undo(table, seats, revision)
        return
    action = body.get("action")
    if not isinstance(action, str) or not action.strip():
        raise TableError("malformed", 'a move needs "action": the text of a legal action')
    await hub.move(table, seats, action.strip(), revision)
