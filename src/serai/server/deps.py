"""What the routes share: the hub, the settings, the caller's address and who is signed in.

A signed-in browser holds two cookies: :data:`SESSION_COOKIE` (``HttpOnly``: the session's
secret) and :data:`CSRF_COOKIE` (readable by the page). Every state change made with the
session cookie must carry the CSRF cookie's value in the :data:`CSRF_HEADER` header, which a
page of another site cannot read: that is the CSRF check. Requests that act with a seat's
token (in the body) carry no ambient credential and need no such header.
"""

from __future__ import annotations

import asyncio
import ipaddress
import secrets
from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from serai.server.config import Settings
from serai.server.errors import TableError
from serai.server.guard import Limits
from serai.server.players import Account, Session, digest
from serai.server.tables import Hub, Table

SESSION_COOKIE = "serai_session"
CSRF_COOKIE = "serai_csrf"
CSRF_HEADER = "X-CSRF-Token"


# Every dependency is a coroutine, even where it awaits nothing: FastAPI runs a plain
# function's dependency in a thread of its pool, a hand-over on every request.


async def get_hub(connection: HTTPConnection) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


async def get_settings(connection: HTTPConnection) -> Settings:
    settings: Settings = connection.app.state.settings
    return settings


async def client_address(connection: HTTPConnection) -> str:
    """Who the caller is for the limits per address (behind a proxy, as the proxy
    reports it): :func:`address_key` of their address."""
    return address_key(connection.client.host if connection.client else "unknown")


async def action_allowed(connection: HTTPConnection) -> None:
    """Refuse an action sent over HTTP past its address's limit (``too_many``)."""
    limits: Limits = connection.app.state.limits
    limits.actions.check(await client_address(connection), "actions")


async def path_table(table_id: str, connection: HTTPConnection) -> Table:
    """The table the path names. One this process does not hold is read from the store,
    replayed and then held for a while: asking for it (or for an id of no table held)
    counts against the caller's address as a connection opened (:attr:`Limits.openings`),
    so that one client cannot fill the server's memory with games nobody plays."""
    hub = await get_hub(connection)
    if table_id not in hub.tables:
        limits: Limits = connection.app.state.limits
        limits.openings.check(await client_address(connection), "tables opened")
    return await hub.get(table_id)


def address_key(host: str) -> str:
    """The key of the address ``host`` for the limits per address: the address, or for
    IPv6 its /64 network, which one home or host holds whole (an IPv4 address written as
    IPv6 is the IPv4 one).

    >>> address_key("2001:db8::5"), address_key("::ffff:192.0.2.7")
    ('2001:db8::/64', '192.0.2.7')
    >>> address_key("::1"), address_key("192.0.2.8"), address_key("testclient")
    ('::1', '192.0.2.8', 'testclient')
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        if not address.is_loopback:
            return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return host


async def current_session(connection: HTTPConnection) -> Session | None:
    """The caller's live session, if its cookie names one."""
    secret = connection.cookies.get(SESSION_COOKIE)
    if not secret or len(secret) > 100:
        return None
    hub = await get_hub(connection)
    return await asyncio.to_thread(hub.players.session, secret)


async def current_account(request: Request) -> Account | None:
    """Who is signed in; a state change made with the session cookie must carry the CSRF
    token."""
    session = await current_session(request)
    if session is None:
        return None
    if request.method not in ("GET", "HEAD", "OPTIONS"):
        sent = request.headers.get(CSRF_HEADER, "")
        if not secrets.compare_digest(digest(sent), session.csrf_hash):
            raise TableError(
                "bad_csrf", f"a signed-in change needs the {CSRF_HEADER} header of this site"
            )
    return session.account


async def signed_in(account: Annotated[Account | None, Depends(current_account)]) -> Account:
    if account is None:
        raise TableError("not_signed_in", "sign in first")
    return account


HubDep = Annotated[Hub, Depends(get_hub)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
AddressDep = Annotated[str, Depends(client_address)]
AccountDep = Annotated[Account | None, Depends(current_account)]
SignedInDep = Annotated[Account, Depends(signed_in)]
TableDep = Annotated[Table, Depends(path_table)]
