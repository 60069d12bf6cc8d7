"""``/ws/tables/{id}``: the live table over a WebSocket.

The server pushes a ``hello`` (the board's fixed geometry), then a ``state`` message after
every change; the client sends ``move``, ``undo``, ``windows`` and ``ping`` messages (see
:mod:`serai.server.models`). A refusal is an ``error`` message and leaves the socket open.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from serai.server.errors import TableError, incident
from serai.server.guard import MAX_BODY, RateLimit
from serai.server.models import MoveMessage, PingMessage, UndoMessage, parse_message
from serai.server.routes.tables import STATE_WITH_ERROR
from serai.server.tables import Hub, Table, compact

router = APIRouter()

PONG = compact({"type": "pong"})

CLOSE_CODES = {"unknown_table": 4404, "bad_token": 4403, "rules_changed": 4409}


@router.websocket("/ws/tables/{table_id}")
async def live(socket: WebSocket, table_id: str, token: str = "") -> None:
    await socket.accept()
    hub: Hub = socket.app.state.hub
    try:
        table = await hub.get(table_id)
        seats = table.seats_for(token)
    except TableError as error:
        await socket.send_json(error.body())
        await socket.close(code=CLOSE_CODES.get(error.code, 4400))
        return
    hub.seen(table, seats)
    limit = RateLimit(socket.app.state.settings.messages_per_second * 60, 100)
    outbox: asyncio.Queue[None] = asyncio.Queue(maxsize=1)
    sent = 0  # log lines this connection already has

    async def push(_: Table) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            outbox.put_nowait(None)

    async def send_state() -> None:
        nonlocal sent
        text = table.message_text(seats, sent)
        sent = len(table.moves)
        await socket.send_text(text)

    async def sender() -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                await outbox.get()
                await send_state()

    async def refuse(error: TableError) -> None:
        body: dict[str, Any] = error.body()
        if error.code in STATE_WITH_ERROR:
            body["state"] = table.message(seats)
        await socket.send_text(compact(body))

    await socket.send_text(hub.hello(table))
    await send_state()
    table.listeners.add(push)
    sending = asyncio.create_task(sender())
    try:
        while True:
            received = await socket.receive()
            if received["type"] == "websocket.disconnect":
                break
            try:
                reply = await handle(hub, table, seats, received, limit)
                if reply is not None:
                    await socket.send_text(reply)
            except TableError as error:
                await refuse(error)
            except Exception as error:
                await refuse(incident(error, "answering a message"))
    except WebSocketDisconnect:
        pass
    finally:
        table.listeners.discard(push)
        sending.cancel()


async def handle(
    hub: Hub,
    table: Table,
    seats: tuple[int, ...],
    received: Mapping[str, Any],
    limit: RateLimit,
) -> str | None:
    """One message from a client, checked field by field; what to answer besides the
    state messages every change brings."""
    limit.check("messages", "messages")
    text = received.get("text")
    if text is None:
        raise TableError("malformed", "send JSON text frames, not binary ones")
    if len(text) > MAX_BODY or len(text.encode()) > MAX_BODY:
        raise TableError("too_large", f"a message may have at most {MAX_BODY} bytes")
    message = parse_message(text)
    if isinstance(message, PingMessage):
        return PONG
    if isinstance(message, MoveMessage):
        hub.must_act(seats)
        await hub.move(table, seats, message.action, message.revision)
    elif isinstance(message, UndoMessage):
        hub.must_act(seats)
        await hub.undo(table, seats, message.revision)
    else:
        await hub.set_stop_at_windows(table, seats, message.stop)
    return None
