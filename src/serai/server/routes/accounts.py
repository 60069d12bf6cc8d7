"""Accounts and who is signed in; players' profiles and each game's leaderboard."""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from sqlalchemy import select

from serai.engine import list_games
from serai.server import ratings
from serai.server.clocks import DAY, VACATION_DAYS
from serai.server.deps import (
    CSRF_COOKIE,
    SESSION_COOKIE,
    AccountDep,
    AddressDep,
    HubDep,
    SignedInDep,
)
from serai.server.errors import TableError
from serai.server.models import SignIn, SignUp, VacationIn
from serai.server.players import (
    DEVICE_SECONDS,
    PASSWORDS,
    SESSION_SECONDS,
    Account,
    hash_password,
    known_device,
    name_key,
    remember_device,
    verify_password,
)
from serai.server.schema import seats, tables
from serai.server.tables import summary_of

router = APIRouter(prefix="/api", tags=["players"])

DEVICE_COOKIE = "serai_device"
"""``HttpOnly``, sent with requests to the API only (read by sign-in, and by sign-up and
sign-in, which add to it): the accounts this browser signed in to before
(:func:`serai.server.players.known_device`)."""


def secure(request: Request) -> bool:
    """Whether the page was served over HTTPS (then cookies are ``Secure``)."""
    return request.url.scheme == "https"


def set_cookie(
    request: Request, response: Response, name: str, value: str, seconds: int, **more: Any
) -> None:
    """A ``SameSite=Lax`` cookie (``Secure`` over HTTPS), ``HttpOnly`` unless
    ``httponly=False`` says otherwise."""
    options = {"httponly": True, "path": "/", **more}
    response.set_cookie(
        name, value, max_age=seconds, samesite="lax", secure=secure(request), **options
    )


async def start_session(
    hub: HubDep, request: Request, response: Response, account: Account, password_hash: str
) -> dict[str, Any]:
    """Sign ``account`` in on this browser, and remember that it did (its device cookie)."""
    secret, csrf, written = hub.players.submit_session(account)
    await asyncio.wrap_future(written)
    set_cookie(request, response, SESSION_COOKIE, secret, SESSION_SECONDS)
    set_cookie(request, response, CSRF_COOKIE, csrf, SESSION_SECONDS, httponly=False)
    devices = request.cookies.get(DEVICE_COOKIE, "")
    devices = remember_device(devices, account, password_hash, time.time())
    set_cookie(request, response, DEVICE_COOKIE, devices, DEVICE_SECONDS, path="/api")
    return {"name": account.name}


@router.post("/accounts", status_code=201)
async def sign_up(
    body: SignUp, request: Request, response: Response, hub: HubDep, address: AddressDep
) -> dict[str, Any]:
    """A new account (signed in at once): 409 if the name is taken, in any case or form."""
    with PASSWORDS.place() as place:
        request.app.state.limits.sign_up.check(address, "new accounts")
        password_hash = await hash_password(place, body.password)
    made = await asyncio.wrap_future(hub.players.submit_account(body.name, password_hash))
    if made is None:
        raise TableError("name_taken", f"the name {body.name!r} is taken")
    if not isinstance(made, Account):
        says = f"the name {body.name!r} looks like the existing name {made!r}"
        raise TableError("name_taken", says)
    return await start_session(hub, request, response, made, password_hash)


@router.post("/session")
async def sign_in(
    body: SignIn, request: Request, response: Response, hub: HubDep, address: AddressDep
) -> dict[str, Any]:
    """Sign in: sets the session cookie. A wrong password and an unknown name get the same
    answer after the same work. A browser that signed in to this account before (its
    device cookie says so) is not refused for the guesses of others at the name, nor while
    others' guesses fill the places where passwords are checked (some are kept for it)."""
    limits = request.app.state.limits
    key = name_key(body.name)
    devices = request.cookies.get(DEVICE_COOKIE, "")
    # a server too busy to check refuses before any limit
    with PASSWORDS.place(cookie=bool(devices)) as place:
        limits.sign_in_by_address.check(address, "sign-in attempts")
        limits.sign_in_by_name_here.check(f"{key}\n{address}", "sign-in attempts for this name")
        # the account is read before the name's limit only to check a device cookie
        found: tuple[Account, str | None] | None = None
        if devices:
            found = await hub.read(hub.players.by_name, body.name)
        device = found and known_device(devices, *found, time.time())
        place.vouch(bool(device))
        if device:
            limits.sign_in_by_device.check(device, "sign-in attempts from this browser")
        else:
            limits.sign_in_by_name.check(key, "sign-in attempts for this name from everywhere")
            if not devices:
                found = await hub.read(hub.players.by_name, body.name)
        stored = None if found is None else found[1]
        right = await verify_password(place, stored, body.password)
    if not right or found is None or stored is None:
        raise TableError("wrong_password", "that name and password do not match")
    return await start_session(hub, request, response, found[0], stored)


@router.delete("/session")
async def sign_out(
    request: Request, response: Response, hub: HubDep, account: AccountDep
) -> dict[str, Any]:
    """Sign out: the session ends on the server, so its cookie is worth nothing after.
    Like any signed-in change it needs the CSRF header: no other site signs a player
    out."""
    secret = request.cookies.get(SESSION_COOKIE)
    if account is not None and secret:
        await asyncio.wrap_future(hub.players.submit_end_session(secret))
    for name in (SESSION_COOKIE, CSRF_COOKIE):
        response.delete_cookie(name, path="/")
    return {"signed_out": True}


@router.get("/me")
async def me(account: SignedInDep, hub: HubDep) -> dict[str, Any]:
    """Who is signed in (401 when nobody is), and their vacation: until when (null: not on
    vacation) and the days left this year."""
    until, left = await hub.read(hub.players.vacation, account, hub.now())
    return {**account.public(), "vacation": {"until": until, "days_left": left}}


def my_tables(db: Any, account_id: str, limit: int) -> list[tuple[Any, list[int]]]:
    query = (
        select(tables.c.id, seats.c.seat)
        .join(seats, seats.c.table_id == tables.c.id)
        .where(seats.c.account_id == account_id)
        .order_by(tables.c.updated_at.desc())
        .limit(limit)
    )
    mine: dict[str, list[int]] = {}
    for table_id, seat in db.execute(query):
        mine.setdefault(table_id, []).append(seat)
    return list(mine.items())


@router.get("/me/games")
async def my_games(
    account: SignedInDep, hub: HubDep, limit: Annotated[int, Query(ge=1, le=200)] = 100
) -> dict[str, Any]:
    """The signed-in player's tables from any device: those waiting for their move first,
    then the ones they were invited to and never opened (``invited``), then the others
    still playing, then finished ones, most recent first."""

    def read() -> list[dict[str, Any]]:
        with hub.store.engine.connect() as db:
            mine = my_tables(db, account.id, limit)
            rows = {row.id: row for row in hub.store.rows(db, [table_id for table_id, _ in mine])}
        games = []
        for table_id, my_seats in mine:
            row = rows[table_id]
            playing = row.progress.status == "playing"
            invited = playing and not any(row.seats[seat].claimed for seat in my_seats)
            your_turn = playing and not invited and row.progress.to_move in my_seats
            games.append(
                {
                    **summary_of(row),
                    "your_seats": my_seats,
                    "your_turn": your_turn,
                    "invited": invited,
                }
            )
        far = float("inf")
        games.sort(
            key=lambda g: (
                not g["your_turn"],
                not g["invited"],
                g["status"] != "playing",
                g["deadline"] or far,
            )
        )
        return games

    return {"games": await hub.read(read)}


@router.post("/me/vacation")
async def vacation(
    body: VacationIn, request: Request, account: SignedInDep, hub: HubDep
) -> dict[str, Any]:
    """Turn-based clocks of all your games wait for you for ``days`` days (0: you are back);
    30 days in a calendar year."""
    request.app.state.limits.vacations.check(account.id, "vacations taken or ended")
    now = hub.now()
    year = time.gmtime(now).tm_year
    away, left = await hub.read(hub.players.vacation, account, now)
    if away is None and not body.days:
        return {"until": None, "days_left": left}  # back from no vacation: nothing to do
    if body.days > left:
        raise TableError("too_many", f"you have {left:g} days of vacation left this year")
    until = now + body.days * DAY if body.days else None
    await asyncio.wrap_future(
        hub.players.submit_vacation(account, until, year, VACATION_DAYS - left + body.days)
    )
    await hub.vacation(account, until or 0.0)
    return {"until": until, "days_left": left - body.days}


@router.get("/players/{name}")
async def player(name: str, hub: HubDep) -> dict[str, Any]:
    """A player's profile: their rating per game and its history, their recent games."""
    found = await hub.read(hub.players.by_name, name[:64])
    if found is None:
        raise TableError("not_found", f"there is no player {name!r}")
    account = found[0]

    def read() -> dict[str, Any]:
        with hub.store.engine.connect() as db:
            return ratings.profile(db, account.id)

    profile = await hub.read(read)
    for game in profile["recent"]:
        game["replay"] = f"/replay/{game['table']}"
    return {**account.public(), **profile}


@router.get("/leaderboard/{game}")
async def leaderboard(
    game: str,
    hub: HubDep,
    offset: Annotated[int, Query(ge=0, le=100_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
) -> dict[str, Any]:
    """The rated players of ``game`` (bot presets among them), best first."""
    if game not in list_games():
        raise TableError("not_found", f"there is no game {game!r}")

    def read() -> list[dict[str, Any]]:
        with hub.store.engine.connect() as db:
            return ratings.leaderboard(db, game, offset, limit)

    return {"game": game, "players": await hub.read(read), "at": time.time()}
