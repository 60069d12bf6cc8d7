"""The web platform's HTTP and WebSocket interface (FastAPI, run by uvicorn).

=====================================  ==============================================
``GET /``, ``/table/{id}``,             the lobby, a table and a finished game's replay
``/replay/{id}``                        (pages from ``serai/web``)
``GET /api/games``                      every game, its player counts and options; bots
``GET /api/tables?offset=&limit=``      the lobby: listed tables, open seats first
``POST /api/tables``                    create a table; answers every invited seat's link
``POST /api/tables/{id}/join``          take an open seat of a listed table
``GET /api/tables/{id}?token=``         the table as that seat (no token: a spectator)
``GET /api/tables/{id}/layout``         the board's fixed geometry, for drawing it
``POST /api/tables/{id}/move``          ``{"token", "action", "revision"}``
``POST /api/tables/{id}/undo``          ``{"token", "revision"}``
``POST /api/tables/{id}/preferences``   ``{"token", "stop_at_windows"}``: a seat's private choices
``GET /api/tables/{id}/hint?token=``    the hard bot's top moves for the player to act
``GET /api/tables/{id}/analysis``       a finished game's chances to win, move by move
``GET /api/tables/{id}/replay/{k}``     a finished game after ``k`` actions, as the seat sees it
``POST /api/tables/{id}/leave``         ``{"token", "away"}``: leave (a bot plays) or come back
``POST /api/tables/{id}/decline``       ``{"token"}``: decline a rated game before deciding
``POST /api/tables/{id}/pause``         ``{"token", "pause"}``: stop the realtime clocks (all agree)
``POST /api/tables/{id}/chat``          ``{"token", "text"}``; ``GET …/chat?token=`` reads it
``POST /api/tables/{id}/rematch``       ``{"token"}``: propose a rematch, or take your seat in it
``GET /api/rules/{game}``               the rules reference for the Rules panel (``/rules/{game}``)
``POST /api/accounts``                  ``{"name", "password"}``: sign up (and in)
``POST /api/session``, ``DELETE …``     sign in (sets the session cookie), sign out
``GET /api/me``, ``/api/me/games``      who is signed in; their tables, their turn first
``POST /api/me/vacation``               ``{"days"}``: turn-based clocks wait (30 days a year)
``GET /api/players/{name}``             a profile: ratings per game and their history
``GET /api/leaderboard/{game}``         the rated players of a game, best first
``WS /ws/tables/{id}?token=``           the live table (:mod:`serai.server.routes.live`)
``GET /openapi.json``                   every request and its body, as OpenAPI
=====================================  ==============================================

A ``state`` message (:meth:`serai.server.tables.Table.message`) holds ``table`` (the lobby
summary), ``revision`` (send it back with a move), ``seat`` (whose view it is; ``null``: a
spectator), ``you`` (the seats this token acts for), ``preferences`` (their private
choices), ``view`` (the engine's ``view(seat)``), ``to_move``, ``prompt`` (what the seat to
act decides, in a sentence, for that seat only), ``legal`` (the action texts this client
may send now) and ``choices`` (the same actions decoded: ``{"text", "kind", …parts}``, so a
board never parses a text), ``can_undo``, ``can_decline`` (a rated game this seat may
still decline), ``log_start`` and ``log`` (log lines from
``log_start`` on, as this seat may read them: each its ``text`` in notation, its ``words``
with the players' names, its decoded ``parts`` when the reader saw it whole, and
``"window": true`` when it let a window pass (``State.window_pass``); a live connection is
sent only the lines it lacks), ``clock`` (the table's clocks, or ``null``),
and once the game is over ``over``, ``scores``, ``returns`` and ``breakdown``. A WebSocket
first receives ``{"type": "hello", "table": …, "layout": …, "labels": …}`` with the
board's fixed geometry (``Game.layout()``) and the human labels of the score parts.

Every refusal is ``{"type": "error", "code": …, "message": …}`` with a matching HTTP
status; a refused request changes nothing, and a WebSocket stays open after one.
``stale_state``, ``illegal_action`` and ``not_your_turn`` errors carry the current
``state``. An unexpected failure answers ``server_error`` with an incident number; its
detail is in the server's log only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from serai.server.bots import ProcessWorker, ThreadWorker, Worker
from serai.server.cluster import Cluster, Solo
from serai.server.collector import collecting_on_time
from serai.server.config import Settings
from serai.server.errors import TableError, incident
from serai.server.guard import MESSAGES_BURST, Connections, Guard, Limits, RateLimit
from serai.server.models import readable
from serai.server.routes import accounts, games, live, pages, rules, tables
from serai.server.routes.pages import WEB
from serai.server.store import Store
from serai.server.tables import Hub

log = logging.getLogger("serai.server")


def exit_by(seconds: float) -> None:
    """End this process ``seconds`` from now if it has not ended by itself: a shutdown
    that waits on something stuck (a thread, a connection) must not keep a server up.
    Every acknowledged move is in the store already."""

    def now() -> None:
        log.warning("still stopping after %g s: exiting now", seconds)
        os._exit(1)

    timer = threading.Timer(seconds, now)
    timer.daemon = True
    timer.start()


def create_app(
    db: str = "sqlite:///serai.db",
    executor: ThreadPoolExecutor | None = None,
    clock: Callable[[], float] | None = None,
    **settings: Any,
) -> FastAPI:
    """The server over database URL ``db`` with :class:`~serai.server.config.Settings`.

    Bots think in ``bot_workers`` worker processes, or in the threads of ``executor`` if
    one is given (tests and tools that need no process isolation); table clocks read
    ``clock`` (Unix seconds; tests give their own).
    """
    config = Settings(db=db, **settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, config.db)
        cluster = Solo() if config.redis is None else Cluster(config.redis, store)
        workers: list[Worker] = (
            [ThreadWorker(executor) for _ in range(config.bot_workers)]
            if executor is not None
            else [ProcessWorker() for _ in range(config.bot_workers)]
        )
        helper: Worker = ProcessWorker() if executor is None else ThreadWorker(executor)
        hub = Hub(
            store,
            workers,
            config.max_tables,
            config.idle_seconds,
            config.bot_pace,
            helper,
            cluster,
        )
        if clock is not None:
            hub.now = clock
        app.state.hub = hub
        await hub.start()
        hub.spawn(hub.sweep())
        hub.spawn(hub.keep_clocks())
        try:
            async with contextlib.AsyncExitStack() as collector:
                if config.young_objects is not None:
                    await collector.enter_async_context(collecting_on_time(config.young_objects))
                yield
        finally:
            if config.stop_within is not None:
                exit_by(config.stop_within)
            await hub.stop()
            await asyncio.to_thread(store.close)

    app = FastAPI(
        title="serai",
        summary="Four desert board games: tables, moves, bots and replays",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.state.settings = config
    app.state.limits = Limits(
        RateLimit(config.tables_per_minute, config.tables_burst),
        Connections(config.sockets_per_address),
        RateLimit(config.sockets_per_minute, max(1, round(config.sockets_per_minute / 10))),
        RateLimit(config.messages_per_second * 60, MESSAGES_BURST),
        RateLimit(config.messages_per_second * 60, MESSAGES_BURST),
    )
    app.add_middleware(Guard, origins=config.origins, hosts=config.served_hosts())
    app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")
    for router in (
        pages.router,
        games.router,
        accounts.router,
        tables.router,
        rules.router,
        live.router,
    ):
        app.include_router(router)

    @app.exception_handler(TableError)
    async def refused(_: Request, error: TableError) -> JSONResponse:
        headers = None if error.retry_after is None else {"Retry-After": str(error.retry_after)}
        return JSONResponse(error.body(), status_code=error.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse(TableError("invalid", readable(error.errors())).body(), status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, error: HTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "malformed")
        refusal = TableError(code, str(error.detail))
        return JSONResponse(refusal.body(), status_code=refusal.status)

    @app.exception_handler(Exception)
    async def failed(_: Request, error: Exception) -> JSONResponse:
        return JSONResponse(incident(error, "the request").body(), status_code=500)

    return app


SETTINGS_VARIABLE = "SERAI_SETTINGS"
"""The environment variable through which ``serai serve --workers N`` hands its settings
(JSON) to each of its processes."""


def from_environment() -> FastAPI:
    """The app of one process of ``serai serve --workers N`` (its settings from
    :data:`SETTINGS_VARIABLE`)."""
    return create_app(**json.loads(os.environ[SETTINGS_VARIABLE]))
