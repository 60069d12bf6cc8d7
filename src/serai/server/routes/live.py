"""``/ws/tables/{id}``: the live table over a WebSocket.

The server pushes a ``hello`` (the board's fixed geometry), a ``state`` message after every
change, ``chat`` messages (the lines the reader may read: first the table's recent ones
if there are any, then each new one) and a ``rematch`` notice once one is proposed. The client sends
``move``, ``undo``, ``preferences``, ``leave``, ``decline``, ``chat`` and ``ping`` messages (see
:mod:`serai.server.models`). A refusal is an ``error`` message and leaves the socket open.
A signed-in browser's socket acts for its account's seats without a token.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from serai.server.chat import ChatLine, readable
from serai.server.deps import client_address, current_session
from serai.server.errors import TableError, incident
from serai.server.guard import MAX_BODY, Limits
from serai.server.models import (
    ChatMessage,
    DeclineMessage,
    LeaveMessage,
    MoveMessage,
    PauseMessage,
    PingMessage,
    PreferencesMessage,
    UndoMessage,
    parse_message,
)
from serai.server.players import Account
from serai.server.routes.tables import STATE_WITH_ERROR, check_chat
from serai.server.tables import Hub, Sent, Table, compact

router = APIRouter()

PONG = compact({"type": "pong"})

HELD_SECONDS = 10.0
"""The longest a connection over its address's messages is left unread before its next
message is read (and refused, if the address may still not send)."""

CLOSE_CODES = {
    "unknown_table": 4404,
    "bad_token": 4403,
    "rules_changed": 4409,
    "too_many": 4429,
    "server_error": 1011,
}


@router.websocket("/ws/tables/{table_id}")
async def live(socket: WebSocket, table_id: str, token: str = "") -> None:
    await socket.accept()
    limits: Limits = socket.app.state.limits
    address = await client_address(socket)
    try:
        with limits.sockets.hold(address):
            limits.openings.check(address, "connections opened")
            await _live(socket, table_id, token, address)
        return
    except (WebSocketDisconnect, WebSocketDisconnected):
        return  # the client left
    except TableError as error:
        refusal = error
    except Exception as error:
        refusal = incident(error, "serving a live table")
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await _turn_away(socket, refusal)


async def hold(seconds: float) -> None:
    """Leave a connection unread for ``seconds``: uvicorn reads no more of its frames
    meanwhile, so the kernel holds its client back."""
    await asyncio.sleep(seconds)


async def _turn_away(socket: WebSocket, error: TableError) -> None:
    """Refuse a connection: the reason, then the close code that says it."""
    await socket.send_json(error.body())
    await socket.close(code=CLOSE_CODES.get(error.code, 4400))


async def _live(socket: WebSocket, table_id: str, token: str, address: str) -> None:
    """Serve one live connection; a refusal before or while it plays ends it (``live``
    tells why)."""
    hub: Hub = socket.app.state.hub
    session = await current_session(socket)
    account = None if session is None else session.account
    table = await hub.get(table_id)
    seats = table.seats_for(token, account)
    await hub.seen(table, seats, account)
    limits = socket.app.state.limits
    # what to send, in order: None for "the state changed" (queued once until sent)
    events: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(maxsize=200)
    state_queued = False
    sent = Sent()  # the log lines this connection already has
    # the chat lines sent while listening begins (a line may then be told twice)
    told: set[ChatLine] | None = None

    def push(_: Table, notice: dict[str, Any] | None) -> None:
        nonlocal state_queued
        if notice is not None and "private" in notice:  # some seats' own choices changed
            if not notice["private"].intersection(seats):
                return
            notice = None
        if notice is None:
            if state_queued:
                return
            state_queued = True
        elif isinstance(line := notice.get("line"), ChatLine):
            if not readable(line, seats, table.row.seats, table.row.spectator_chat == "apart"):
                return
            if told is not None:
                if line in told:
                    return
                told.add(line)
            notice = {"type": "chat", "lines": [line.message()]}
        try:
            events.put_nowait(notice)
        except asyncio.QueueFull:  # a reader this far behind gets the next state
            state_queued = state_queued and notice is not None

    def state_text() -> str:
        """The state message, with the log lines this connection lacks (now sent)."""
        return table.message_since(seats, sent)

    async def send_state() -> None:
        await socket.send_text(state_text())

    async def sender() -> None:
        nonlocal state_queued
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                event = await events.get()
                if event is None:
                    state_queued = False
                    await send_state()
                else:
                    await socket.send_text(compact(event))

    async def refuse(error: TableError) -> None:
        body: dict[str, Any] = error.body()
        if error.code in STATE_WITH_ERROR:
            body["state"] = orjson.Fragment(state_text())
        await socket.send_text(compact(body))

    await socket.send_text(hub.hello(table))
    shown = table.revision
    await send_state()
    told = set(table.chat)
    if lines := table.chat_for(seats):
        await socket.send_text(compact({"type": "chat", "lines": lines}))
    sending = asyncio.create_task(sender())
    try:
        async with hub.listening(table, push):
            if table.revision != shown:  # changed while the first state was on its way
                push(table, None)
            for line in table.chat:  # said while the first lines were on their way
                push(table, {"type": "chat", "line": line})
            told = None
            while True:
                received = await socket.receive()
                if received["type"] == "websocket.disconnect":
                    break
                if wait := limits.messages.take(address):  # read again only once it may send
                    await refuse(TableError("too_many", f"too many messages: wait {wait} s", wait))
                    await hold(min(limits.messages.until(address), HELD_SECONDS))
                    continue
                try:
                    reply = await handle(
                        hub,
                        table,
                        seats,
                        account,
                        received,
                        lambda: check_chat(limits, table.id, seats, address),
                        lambda: limits.actions.check(address, "actions"),
                    )
                    if reply is not None:
                        await socket.send_text(reply)
                except TableError as error:
                    await refuse(error)
                except (WebSocketDisconnect, WebSocketDisconnected):
                    raise  # the client left while being answered
                except Exception as error:
                    await refuse(incident(error, "answering a message"))
    except WebSocketDisconnect:
        pass
    finally:
        sending.cancel()


async def handle(
    hub: Hub,
    table: Table,
    seats: tuple[int, ...],
    account: Account | None,
    received: Mapping[str, Any],
    check_chat: Callable[[], None],
    check_action: Callable[[], None],
) -> str | None:
    """One message from a client, checked field by field; what to answer besides the
    messages every change brings. ``check_chat`` refuses a chat line over the server's
    chat limits (:func:`~serai.server.routes.tables.check_chat`), and ``check_action`` an
    action over its address's (as over HTTP), however many connections it opens."""
    text = received.get("text")
    if text is None:
        raise TableError("malformed", "send JSON text frames, not binary ones")
    if len(text) > MAX_BODY or len(text.encode()) > MAX_BODY:
        raise TableError("too_large", f"a message may have at most {MAX_BODY} bytes")
    message = parse_message(text)
    if isinstance(message, PingMessage):
        return PONG
    if isinstance(message, ChatMessage):
        check_chat()
        await hub.say(table, seats, account, message.text)
        return None
    hub.must_act(seats)
    check_action()
    if isinstance(message, MoveMessage):
        await hub.move(table, seats, message.action, message.revision)
    elif isinstance(message, UndoMessage):
        await hub.undo(table, seats, message.revision)
    elif isinstance(message, LeaveMessage):
        await hub.leave(table, seats, message.away)
    elif isinstance(message, DeclineMessage):
        await hub.decline(table, seats)
    elif isinstance(message, PauseMessage):
        await hub.pause(table, seats, message.pause)
    else:
        assert isinstance(message, PreferencesMessage)
        await hub.set_preferences(table, seats, **message.given())
    return None
