"""``/api/tables``: the lobby, creating and joining tables, and playing them over HTTP."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from serai.server.deps import AddressDep, HubDep, SettingsDep
from serai.server.errors import TableError
from serai.server.models import CreateTable, Empty, MoveIn, PreferencesIn, UndoIn
from serai.server.tables import Hub, NewSeat, Table, summary_of

router = APIRouter(prefix="/api/tables", tags=["tables"])

TokenQuery = Annotated[str, Query(max_length=64, description="a seat's token; none: spectate")]

STATE_WITH_ERROR = ("stale_state", "illegal_action", "not_your_turn")
"""Refusals sent with the current state, so the client can redraw at once."""


def refusal(error: TableError, table: Table, seats: tuple[int, ...]) -> JSONResponse:
    body = error.body()
    if error.code in STATE_WITH_ERROR:
        body["state"] = table.message(seats)
    return JSONResponse(body, status_code=error.status)


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
    body: CreateTable, request: Request, hub: HubDep, address: AddressDep
) -> dict[str, Any]:
    """A new table: each invited seat's link, the hotseat link and the spectator link."""
    request.app.state.table_limit.check(address, "new tables")
    table, tokens, hotseat = await hub.create(
        body.game,
        body.players,
        dict(body.options),
        [NewSeat(seat.kind, seat.name, seat.bot_spec) for seat in body.seats],
        hotseat=body.hotseat,
        listed=body.listed,
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
    table_id: str, _: Empty, request: Request, hub: HubDep, address: AddressDep
) -> dict[str, Any]:
    """Take an open seat of a listed table (only seats created as open)."""
    request.app.state.table_limit.check(address, "seats taken")
    seat, token = await hub.join(table_id)
    return {"seat": seat, "token": token, "url": f"/table/{table_id}?token={token}"}


@router.get("/{table_id}")
async def table_state(table_id: str, hub: HubDep, token: TokenQuery = "") -> dict[str, Any]:
    """The table as the token's seat sees it (no token: as a spectator)."""
    table = await hub.get(table_id)
    return table.message(table.seats_for(token))


@router.get("/{table_id}/layout")
async def layout(table_id: str, hub: HubDep) -> dict[str, Any]:
    """The board's fixed geometry, for drawing it."""
    table = await hub.get(table_id)
    return table.game.layout()


async def acting(
    table_id: str, token: str, hub: Hub, act: Callable[[Table, tuple[int, ...]], Awaitable[None]]
) -> dict[str, Any] | JSONResponse:
    """``act`` for the token's seats; the new state, or the refusal with the state."""
    table = await hub.get(table_id)
    seats = table.seats_for(token)
    try:
        hub.must_act(seats)
        await act(table, seats)
    except TableError as error:
        return refusal(error, table, seats)
    return table.message(seats)


@router.post("/{table_id}/move", response_model=None)
async def move(table_id: str, body: MoveIn, hub: HubDep) -> dict[str, Any] | JSONResponse:
    """Play ``action`` (its text) as the token's seat, answering state ``revision``."""
    return await acting(
        table_id,
        body.token,
        hub,
        lambda table, seats: hub.move(table, seats, body.action, body.revision),
    )


@router.post("/{table_id}/undo", response_model=None)
async def undo(table_id: str, body: UndoIn, hub: HubDep) -> dict[str, Any] | JSONResponse:
    """Take back the token's seat's last decision of this turn."""
    return await acting(
        table_id, body.token, hub, lambda table, seats: hub.undo(table, seats, body.revision)
    )


@router.post("/{table_id}/preferences")
async def preferences(table_id: str, body: PreferencesIn, hub: HubDep) -> dict[str, Any]:
    """The seat's private choices (to stop at optional windows or not)."""
    table = await hub.get(table_id)
    seats = table.seats_for(body.token)
    await hub.set_stop_at_windows(table, seats, body.stop_at_windows)
    return table.message(seats)


@router.get("/{table_id}/replay/{step}")
async def replay(
    table_id: str,
    step: int,
    hub: HubDep,
    token: TokenQuery = "",
) -> dict[str, Any]:
    """A finished game after ``step`` actions, as the token's seat saw it."""
    table = await hub.get(table_id)
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
