"""``/api/tables``: the lobby, creating and joining tables, and playing them over HTTP."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import Response

from serai.server.deps import (
    AccountDep,
    AddressDep,
    HubDep,
    SettingsDep,
    TableDep,
    action_allowed,
)
from serai.server.errors import TableError
from serai.server.guard import Limits
from serai.server.models import (
    SAFE_INTEGER,
    BySeat,
    ChatIn,
    CreateTable,
    Empty,
    LeaveIn,
    MoveIn,
    PauseIn,
    PreferencesIn,
    RematchIn,
    UndoIn,
)
from serai.server.players import Account
from serai.server.tables import Hub, NewSeat, Table, compact, summary_of

router = APIRouter(prefix="/api/tables", tags=["tables"])

TokenQuery = Annotated[str, Query(max_length=64, description="a seat's token; none: spectate")]

STATE_WITH_ERROR = ("stale_state", "illegal_action", "not_your_turn", "out_of_time")
"""Refusals sent with the current state, so the client can redraw at once."""


def json_text(text: str, status: int = 200) -> Response:
    """An answer whose JSON is already written (a table's message, built once per
    revision for everyone it is for)."""
    return Response(text, status_code=status, media_type="application/json")


def refusal(error: TableError, table: Table, seats: tuple[int, ...]) -> Response:
    body: dict[str, Any] = error.body()
    if error.code in STATE_WITH_ERROR:
        body["state"] = orjson.Fragment(table.message_text(seats))
    return json_text(compact(body), error.status)


@router.get("")
async def lobby(
    hub: HubDep,
    settings: SettingsDep,
    offset: Annotated[int, Query(ge=0, le=100_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
) -> dict[str, Any]:
    """Listed tables, those with an open seat first, then the most recently active.

    Unfinished tables with no move for ``abandoned_hours`` are left out. ``next`` is the
    offset of the next page, or null.
    """
    since = time.time() - settings.abandoned_hours * 3600
    rows = await hub.read(hub.store.lobby, offset, limit + 1, since)
    more = len(rows) > limit
    return {
        "tables": [summary_of(row) for row in rows[:limit]],
        "next": offset + limit if more else None,
    }


@router.post("", status_code=201)
async def create(
    body: CreateTable, request: Request, hub: HubDep, address: AddressDep, account: AccountDep
) -> dict[str, Any]:
    """A new table: each invited seat's link, the hotseat link and the spectator link. A
    signed-in creator's own seat (the first invited one) is bound to their account, and
    only a signed-in creator keeps seats for other players' accounts."""
    if account is None and any(seat.account is not None for seat in body.seats):
        raise TableError("not_signed_in", "sign in to keep a seat for a player's account")
    request.app.state.limits.tables.check(address, "new tables")
    table, tokens, hotseat = await hub.create(
        body.game,
        body.players,
        dict(body.options),
        [NewSeat(seat.kind, seat.name, seat.bot_spec, seat.account) for seat in body.seats],
        hotseat=body.hotseat,
        listed=body.listed,
        creator=account,
        rated=body.rated,
        spectator_chat=body.spectator_chat,
        clock=body.clock,
        hints=body.hints,
        owner=address,
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


@router.post("/{table_id}/join")
async def join(
    table_id: str,
    _: Empty,
    request: Request,
    hub: HubDep,
    address: AddressDep,
    account: AccountDep,
) -> dict[str, Any]:
    """Take an open seat of a listed table (only seats created as open); a signed-in
    player's seat is bound to their account (a rated table's seats need one)."""
    request.app.state.limits.tables.check(address, "seats taken")
    seat, token = await hub.join(table_id, account)
    return {"seat": seat, "token": token, "url": f"/table/{table_id}?token={token}"}


@router.get("/{table_id}", response_model=None)
async def table_state(
    table: TableDep, hub: HubDep, account: AccountDep, token: TokenQuery = ""
) -> Response:
    """The table as the token's seat sees it, else as the signed-in player's seats, else
    as a spectator. A seat read this way is taken, as by opening its page: at a rated
    table, the clock of its turn runs from then."""
    seats = table.seats_for(token, account)
    if seats:
        await hub.seen(table, seats, account)
    return json_text(table.message_text(seats))


@router.get("/{table_id}/chat")
async def chat(table: TableDep, account: AccountDep, token: TokenQuery = "") -> dict[str, Any]:
    """The table's chat, as the caller may read it."""
    return {"lines": table.chat_for(table.seats_for(token, account))}


@router.get("/{table_id}/layout")
async def layout(table: TableDep) -> dict[str, Any]:
    """The board's fixed geometry, for drawing it."""
    return table.shared.layout()


ACTING = [Depends(action_allowed)]
"""Every route acting for a seat: limited per address like a WebSocket's messages."""


async def acting(
    table: Table,
    token: str,
    account: Account | None,
    hub: Hub,
    act: Callable[[Table, tuple[int, ...]], Awaitable[None]],
) -> Response:
    """``act`` for the caller's seats; the new state, or the refusal with the state. The
    seat counts as taken (and is bound to a signed-in caller) once it has acted: a
    refusal changes nothing."""
    seats = table.seats_for(token, account)
    try:
        hub.must_act(seats)
        await act(table, seats)
    except TableError as error:
        return refusal(error, table, seats)
    await hub.seen(table, seats, account)
    return json_text(table.message_text(seats))


@router.post("/{table_id}/move", response_model=None, dependencies=ACTING)
async def move(table: TableDep, body: MoveIn, hub: HubDep, account: AccountDep) -> Response:
    """Play ``action`` (its text) for the caller's seat, answering state ``revision``."""
    return await acting(
        table,
        body.token,
        account,
        hub,
        lambda table, seats: hub.move(table, seats, body.action, body.revision),
    )


@router.post("/{table_id}/undo", response_model=None, dependencies=ACTING)
async def undo(table: TableDep, body: UndoIn, hub: HubDep, account: AccountDep) -> Response:
    """Take back the caller's last decision of this turn."""
    return await acting(
        table,
        body.token,
        account,
        hub,
        lambda table, seats: hub.undo(table, seats, body.revision),
    )


@router.post("/{table_id}/preferences", response_model=None, dependencies=ACTING)
async def preferences(
    table: TableDep, body: PreferencesIn, hub: HubDep, account: AccountDep
) -> Response:
    """The seat's private choices: to stop at optional windows, to mute the chat."""
    return await acting(
        table,
        body.token,
        account,
        hub,
        lambda table, seats: hub.set_preferences(table, seats, **body.given()),
    )


@router.post("/{table_id}/leave", response_model=None, dependencies=ACTING)
async def leave(table: TableDep, body: LeaveIn, hub: HubDep, account: AccountDep) -> Response:
    """Leave the game (a greedy bot plays your seat; in a rated game you place last), or
    come back to it (``away``: false) before it ends."""
    return await acting(
        table,
        body.token,
        account,
        hub,
        lambda table, seats: hub.leave(table, seats, body.away),
    )


@router.post("/{table_id}/decline", response_model=None, dependencies=ACTING)
async def decline(table: TableDep, body: BySeat, hub: HubDep, account: AccountDep) -> Response:
    """Decline a rated game before your first decision in it: it then rates no one, and a
    greedy bot plays your seat to the end."""
    return await acting(table, body.token, account, hub, hub.decline)


@router.post("/{table_id}/pause", response_model=None, dependencies=ACTING)
async def pause(table: TableDep, body: PauseIn, hub: HubDep, account: AccountDep) -> Response:
    """Ask for the realtime clocks to stop (they stop once every player asked) or to go on."""
    return await acting(
        table,
        body.token,
        account,
        hub,
        lambda table, seats: hub.pause(table, seats, body.pause),
    )


def check_chat(limits: Limits, table_id: str, seats: Sequence[int], address: str) -> None:
    """Refuse a chat line over the limits: a seat's (or a spectator's) at a table, from
    one address, and an address's over every table, over HTTP and every WebSocket alike."""
    limits.chat.check(f"{table_id}/{list(seats)}/{address}", "chat lines")
    limits.chat_by_address.check(address, "chat lines from your address")


@router.post("/{table_id}/chat")
async def say(
    table: TableDep,
    body: ChatIn,
    request: Request,
    hub: HubDep,
    account: AccountDep,
    address: AddressDep,
) -> dict[str, Any]:
    """Write a chat line (plain text, at most 500 characters)."""
    seats = table.seats_for(body.token, account)
    check_chat(request.app.state.limits, table.id, seats, address)
    await hub.say(table, seats, account, body.text)
    return {"lines": table.chat_for(seats)}


@router.post("/{table_id}/rematch")
async def rematch(
    table: TableDep,
    body: RematchIn,
    request: Request,
    hub: HubDep,
    account: AccountDep,
    address: AddressDep,
) -> dict[str, Any]:
    """Propose the same game with the seat order rotated (the first call, a new table like
    any other), or take your seat in it: your link to the new table."""
    seats = table.seats_for(body.token, account)
    if seats and table.row.rematch is None and table.state.is_terminal():
        request.app.state.limits.tables.check(address, "new tables")
    fresh, url = await hub.rematch(table, seats, account, body.token)
    return {"table": fresh.summary(), "url": url}


@router.get("/{table_id}/hint")
async def hint(
    table: TableDep,
    request: Request,
    hub: HubDep,
    address: AddressDep,
    account: AccountDep,
    token: TokenQuery = "",
) -> dict[str, Any]:
    """The hard bot's top moves for the player to act, each with its estimated value (0 to
    1); for tables that give hints."""
    seats = table.seats_for(token, account)
    hub.must_act(seats)
    limits = request.app.state.limits
    limits.chat.check(f"hint/{table.id}/{seats}", "hints")
    limits.hints_by_address.check(address, "hints")
    return {"moves": await hub.hint(table, seats, address)}


@router.get("/{table_id}/analysis")
async def analysis(table: TableDep, hub: HubDep) -> dict[str, Any]:
    """A finished game's chance to win of each seat before every decision, as the bots
    judge it, and the decisions after which one moved by 0.15 or more (``swings``)."""
    return await hub.analysis(table)


@router.get("/{table_id}/replay/{step}", response_model=None)
async def replay(
    table: TableDep,
    step: Annotated[int, Path(ge=0, le=SAFE_INTEGER)],
    request: Request,
    address: AddressDep,
    account: AccountDep,
    token: TokenQuery = "",
) -> Response:
    """A finished game after ``step`` actions, as the caller's seat saw it, with the chat
    they may read (a long game's last steps are hundreds of KB: written by orjson)."""
    request.app.state.limits.replays_by_address.check(address, "replay steps")
    seats = table.seats_for(token, account)
    if not table.state.is_terminal():
        raise TableError("not_finished", "a replay opens once the game is over")
    if not 0 <= step <= len(table.moves):
        raise TableError("bad_step", f"step must be 0…{len(table.moves)}, not {step}")
    message = table.message(seats, table.replay(step))
    message["step"] = step
    message["steps"] = len(table.moves)
    message["legal"] = []
    message["can_undo"] = False
    message["chat"] = table.chat_for(seats)
    message["labels"] = table.game.score_labels()
    return json_text(compact(message))
