"""What stands between the internet and the tables: limits, origins, headers, timeouts.

- :class:`Guard`, an ASGI middleware in front of everything: it refuses a body larger than
  :data:`MAX_BODY` by its ``Content-Length`` before reading it, and stops reading a
  streamed one at the limit or after :data:`BODY_SECONDS`; refuses every request whose
  ``Host`` this server does not serve (a page whose DNS name was rebound to this server's
  address), and state changes and WebSockets whose ``Origin`` it does not serve
  (cross-site requests); and adds the security headers to every answer.
- :class:`RateLimit`, a token bucket per client address (table creation, moves).
- :class:`GuardedH11Protocol`, uvicorn's HTTP/1.1 protocol with a deadline for the request
  headers, so a client that opens connections and sends its headers a byte at a time
  cannot hold them; a request that is not HTTP/1.1 gets a typed error too.
- :class:`GuardedWebSocketProtocol`, uvicorn's WebSocket protocol that stops reading from
  a client that does not read its answers to pings, and closes one that sends text that
  is not UTF-8 without writing a traceback to the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import re
import sys
import time
from collections import Counter, OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import h11
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

from serai.server.config import host_name, loopback_as_one
from serai.server.errors import TableError

MAX_BODY = 4096
"""Bytes a request body (or a WebSocket message) may have; a move is a few dozen."""

MESSAGES_BURST = 100
"""Messages (or actions, over HTTP too) an address may send over all its WebSockets at
once, before ``messages_per_second`` holds it back."""

BODY_SECONDS = 10.0
"""Seconds a client may take to send a request body."""

MAX_TARGET = 2048
"""Bytes a WebSocket address (path and query) may have; a table's is under a hundred."""

HEADER_SECONDS = 10.0
"""Seconds a client may take to send a request's headers (unless
:data:`HEADER_TIMEOUT_VARIABLE` says otherwise)."""

HEADER_TIMEOUT_VARIABLE = "SERAI_HEADER_TIMEOUT"
"""The environment variable ``serai serve --header-timeout`` sets for its processes."""

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)

SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
"""Added to every answer. ``no-referrer``: a table link carries its seat's token."""

CHANGES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


async def refuse(
    send: Send, error: TableError, extra: Iterable[tuple[bytes, bytes]] = (), kind: str = "http"
) -> None:
    """Answer an HTTP request with ``error`` as JSON (``kind`` ``websocket.http``: a
    WebSocket's opening request, refused)."""
    body = json.dumps(error.body()).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        *SECURITY_HEADERS,
        *extra,
    ]
    await send({"type": f"{kind}.response.start", "status": error.status, "headers": headers})
    await send({"type": f"{kind}.response.body", "body": body})


async def refuse_opening(scope: Scope, send: Send, error: TableError) -> None:
    """Refuse an HTTP request, or a WebSocket before it opens, with ``error``."""
    if scope["type"] == "http":
        await refuse(send, error)
    elif "websocket.http.response" in scope.get("extensions", {}):
        await refuse(send, error, kind="websocket.http")
    else:  # a server that cannot answer a WebSocket's opening with a body
        reason = error.code.replace("_", " ")
        await send({"type": "websocket.close", "code": 4000 + error.status, "reason": reason})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            return str(value.decode("latin-1"))
    return None


def requested_host(header: str) -> str | None:
    """The host a ``Host`` header names, without its port, as :func:`host_name` writes it
    (any address of 127.0.0.0/8 as 127.0.0.1, the same machine); ``None`` if it names none.

    >>> requested_host("LocalHost:8000"), requested_host("[::1]:80"), requested_host("127.9.0.1")
    ('localhost', '[::1]', '127.0.0.1')
    >>> requested_host("evil.example:x") is None
    True
    """
    if header.startswith("["):
        end = header.find("]") + 1
        name, port = header[:end], header[end:]
    else:
        name, colon, port = header.partition(":")
        port = colon + port
    if not re.fullmatch(r"(:[0-9]*)?", port):
        return None
    try:
        return loopback_as_one(host_name(name))
    except ValueError:
        return None


def serves(hosts: Iterable[str], name: str) -> bool:
    """Whether ``name`` (from :func:`requested_host`) is one of ``hosts`` (as
    :func:`~serai.server.config.host_pattern` writes them) or under a ``*.`` one of them."""
    return any(
        host in ("*", name) or (host.startswith("*.") and name.endswith(host[1:])) for host in hosts
    )


class Guard:
    """The middleware described in the module docstring.

    ``origins``: the origins allowed besides this server's own (``https://play.example``);
    a request without an ``Origin`` header (not from a browser) is let through.
    ``hosts``: the hosts a request's ``Host`` header may name (as
    :meth:`~serai.server.config.Settings.served_hosts` gives them), ``None`` for any. A
    request without a ``Host`` header (HTTP/1.0) is let through: every browser sends one,
    and a page rebound to this server's address is the only caller the check stops.
    """

    def __init__(
        self, app: ASGIApp, origins: Iterable[str] = (), hosts: Iterable[str] | None = None
    ) -> None:
        self.app = app
        self.origins = frozenset(origin.rstrip("/").lower() for origin in origins)
        self.hosts = None if hosts is None else tuple(hosts)

    def stranger(self, scope: Scope) -> TableError | None:
        """``bad_host`` if the request's ``Host`` names a host this server does not serve."""
        header = _header(scope, b"host")
        if self.hosts is None or header is None:
            return None
        name = requested_host(header)
        if name is not None and serves(self.hosts, name):
            return None
        if name is None:
            return TableError("bad_host", "this request's Host header names no host")
        return TableError(
            "bad_host",
            f"this server does not serve the host {name}: if it should, start it with "
            f"--allowed-host {name} besides any it has",
        )

    def allowed(self, scope: Scope) -> bool:
        """Whether every ``Origin`` header the request carries (browsers send one at most)
        is this server's own or one of :attr:`origins`."""
        host = _header(scope, b"host")
        secure = scope.get("scheme") in ("https", "wss")
        own = None if host is None else f"{'https' if secure else 'http'}://{host.lower()}"
        for key, value in scope["headers"]:
            if key == b"origin":
                origin = value.decode("latin-1").rstrip("/").lower()
                if origin not in self.origins and origin != own:
                    return False
        return True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        stranger = self.stranger(scope)
        if stranger is not None:
            await refuse_opening(scope, send, stranger)
            return
        if scope["type"] == "websocket":
            if not self.allowed(scope):
                error = TableError("bad_origin", "cross-site connections are refused")
                await refuse_opening(scope, send, error)
                return
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        if scope["method"] == "HEAD":  # a GET answered without its body
            scope = {**scope, "method": "GET"}

            async def headers_alone(message: Message) -> None:
                if message["type"] == "http.response.body":
                    message = {**message, "body": b""}
                await with_headers(message)

            await self.app(scope, receive, headers_alone)
            return
        if scope["method"] not in CHANGES:
            await self.app(scope, receive, with_headers)
            return
        if not self.allowed(scope):
            await refuse(
                send, TableError("bad_origin", "cross-site requests are refused by this server")
            )
            return
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdecimal() or int(length) > MAX_BODY):
            await refuse(send, too_large())
            return
        try:
            body = await asyncio.wait_for(read_body(receive), BODY_SECONDS)
        except TableError as error:
            await refuse(send, error)
            return
        except TimeoutError:
            await refuse(send, TableError("too_slow", "the request body came too slowly"))
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, with_headers)


def too_large() -> TableError:
    return TableError("too_large", f"a request may have at most {MAX_BODY} bytes")


async def read_body(receive: Receive) -> bytes:
    """The whole body, or ``too_large`` as soon as it passes :data:`MAX_BODY`."""
    parts = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise TableError("malformed", "the client went away")
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            raise too_large()
        parts.append(chunk)
        if not message.get("more_body", False):
            return b"".join(parts)


class RateLimit:
    """A token bucket per key (a client address): ``burst`` at once, then ``per_minute``.

    >>> limit = RateLimit(per_minute=60, burst=2)
    >>> limit.take("a", now=0.0), limit.take("a", now=0.0), limit.take("a", now=0.0)
    (0, 0, 1)
    >>> limit.take("a", now=1.0)
    0
    """

    def __init__(self, per_minute: float, burst: int, keys: int = 100_000) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst
        self.keys = keys
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str, now: float | None = None) -> int:
        """Take one token: 0 if there was one, else the whole seconds until there is."""
        now = time.monotonic() if now is None else now
        tokens, then = self.buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        if tokens >= 1.0:
            self.buckets[key] = (tokens - 1.0, now)
            wait = 0
        else:
            self.buckets[key] = (tokens, now)
            wait = max(1, math.ceil((1.0 - tokens) / self.rate))
        while len(self.buckets) > self.keys:
            self.buckets.popitem(last=False)
        return wait

    def until(self, key: str, now: float | None = None) -> float:
        """Seconds until ``key`` has a token again (0 if it has one), taking none.

        >>> limit = RateLimit(per_minute=60, burst=1)
        >>> limit.take("a", now=0.0), limit.until("a", now=0.25)
        (0, 0.75)
        """
        now = time.monotonic() if now is None else now
        tokens, then = self.buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        return max(0.0, (1.0 - tokens) / self.rate)

    def check(self, key: str, what: str) -> None:
        """Take a token for ``key`` or refuse with ``too_many`` and when to try again."""
        wait = self.take(key)
        if wait:
            raise TableError("too_many", f"too many {what}: try again in {wait} s", wait)


class Connections:
    """Live WebSocket connections by client address, ``per_address`` at most at once: one
    client cannot take a server's connections, and the memory each holds, for itself.

    >>> held = Connections(per_address=1)
    >>> with held.hold("a"), held.hold("b"):
    ...     held.hold("a").__enter__()
    Traceback (most recent call last):
    serai.server.errors.TableError: this address holds 1 live connection already: close one first
    >>> with held.hold("a"):
    ...     held.count("a")
    1
    """

    def __init__(self, per_address: int) -> None:
        self.per_address = per_address
        self.held: Counter[str] = Counter()

    def count(self, address: str) -> int:
        return self.held[address]

    @contextlib.contextmanager
    def hold(self, address: str) -> Iterator[None]:
        """One more connection of ``address`` while the block runs; ``too_many`` if it
        holds ``per_address`` already."""
        if self.held[address] >= self.per_address:
            plural = "connection" if self.per_address == 1 else "connections"
            raise TableError(
                "too_many",
                f"this address holds {self.per_address} live {plural} already: close one first",
            )
        self.held[address] += 1
        try:
            yield
        finally:
            self.held[address] -= 1
            if not self.held[address]:
                del self.held[address]


@dataclass
class Limits:
    """The limits of one server, per client address, name or table."""

    tables: RateLimit
    sockets: Connections
    openings: RateLimit
    """Connections opened by one address: each reads its table and is sent the whole
    state, so opening and closing them in a loop could take the server from every table.
    A request for a table this process does not hold counts as one too: the table is read
    from the store, replayed and held."""
    actions: RateLimit
    """Actions (moves, undos, choices…) one address sends, over HTTP and all its
    WebSockets, as many as it may send messages."""
    messages: RateLimit
    """Messages one address sends over all its WebSockets (actions, chat, pings, and what
    is refused): past them its connections are read no more until it may send again, so
    the kernel holds the client back instead of the server reading, refusing and answering
    a flood (a stranger's 64 sockets were read at 35,000 messages a second, and other
    tables waited seconds for their moves)."""
    chat: RateLimit = field(default_factory=lambda: RateLimit(per_minute=20, burst=5))
    chat_by_address: RateLimit = field(default_factory=lambda: RateLimit(per_minute=60, burst=20))
    sign_up: RateLimit = field(default_factory=lambda: RateLimit(per_minute=5, burst=10))
    sign_in_by_address: RateLimit = field(default_factory=lambda: RateLimit(20, 20))
    sign_in_by_name_here: RateLimit = field(default_factory=lambda: RateLimit(5, 5))
    """Guesses at one name from one address."""
    sign_in_by_name: RateLimit = field(default_factory=lambda: RateLimit(60, 60))
    """Guesses at one name from everywhere: more than one address may make, so that
    nobody locks a player out of their account from one."""
    sign_in_by_device: RateLimit = field(default_factory=lambda: RateLimit(10, 10))
    """Guesses at one name from a browser whose device cookie vouches for it, which do not
    count against those from everywhere: a stolen cookie guesses no faster than this."""
    hints_by_address: RateLimit = field(default_factory=lambda: RateLimit(10, 5))
    """Hints asked from one address, whatever its tables: the hint helper is one process."""
    replays_by_address: RateLimit = field(default_factory=lambda: RateLimit(1200, 120))
    """Steps of finished games asked from one address: each replays its game to that step
    (a long one takes milliseconds), so a flood of them slowed every table. Enough for a
    reader holding down the arrow key."""
    vacations: RateLimit = field(default_factory=lambda: RateLimit(6, 6))
    """Vacations taken or ended by one account: each holds or frees every table where it
    is that player's turn."""


UNREADABLE = "Invalid HTTP request received."
"""What uvicorn logs for every request h11 cannot read."""


def client_errors_unlogged(record: logging.LogRecord) -> bool:
    """A log filter: leaves out :data:`UNREADABLE`, a client's error that is answered with
    a typed ``bad_request`` and that a stranger could otherwise write to the log at will."""
    return record.msg != UNREADABLE


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request headers are not
    complete within ``header_seconds`` of its first byte (or of the connection), and
    answering a request it cannot read with a typed error (``bad_request``), not text,
    without a line in the log."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if client_errors_unlogged not in self.logger.filters:
            self.logger.addFilter(client_errors_unlogged)

    header_timer: asyncio.TimerHandle | None = None
    upgraded = False
    """The connection became a WebSocket: its own protocol watches it from then on."""

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        # read as each connection opens: serai serve sets it after importing this module
        self.header_seconds = float(os.environ.get(HEADER_TIMEOUT_VARIABLE) or HEADER_SECONDS)
        self._arm()

    def _arm(self) -> None:
        if self.header_timer is None and not self.upgraded:
            self.header_timer = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _too_slow(self) -> None:
        self.header_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        waiting = self.cycle is None or self.cycle.response_complete
        cycle = self.cycle
        super().data_received(data)
        if self.cycle is not cycle or self.transport.is_closing():
            self._disarm()
        elif waiting:
            self._arm()

    def handle_websocket_upgrade(self, event: Any) -> None:
        self.upgraded = True
        self._disarm()
        if len(event.target) > MAX_TARGET:
            # the WebSocket library would stall on it: answer in plain HTTP instead
            error = TableError("too_large", f"an address may have at most {MAX_TARGET} bytes")
            self._answer(414, error)
            return
        super().handle_websocket_upgrade(event)

    def send_400_response(self, msg: str) -> None:
        """What uvicorn answers a request h11 cannot read (a missing or second ``Host``, a
        bad ``Content-Length``, a garbled request line): ``bad_request``, typed like every
        other refusal, with h11's reason when it quotes nothing the client sent."""
        reason = str(sys.exc_info()[1] or "")  # uvicorn calls this handling h11's error
        says = "this request is not valid HTTP/1.1"
        if re.fullmatch(r"[A-Za-z0-9 :,.()-]{1,80}", reason):
            says += f" ({reason})"
        self._answer(400, TableError("bad_request", says))

    def _answer(self, status: int, error: TableError) -> None:
        """Answer ``error`` as JSON in plain HTTP, then close the connection."""
        body = json.dumps(error.body()).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
            *SECURITY_HEADERS,
        ]
        with contextlib.suppress(h11.LocalProtocolError):  # a response was under way
            self.transport.write(
                self.conn.send(h11.Response(status_code=status, headers=headers))
                + self.conn.send(h11.Data(data=body))
                + self.conn.send(h11.EndOfMessage())
            )
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (sans-I/O, with the flow control of writes it has since
    0.52.1), guarded against two clients:

    - one that sends pings and never reads the pongs: uvicorn answers each ping at once,
      so their pongs piled up in the server's memory without end (hundreds of MB a minute
      from one socket) while every other client waited. While the pongs it has not read
      fill the transport's buffer, this stops reading from it: the kernel then holds the
      client back;
    - one that sends a text frame that is not UTF-8: uvicorn logs a traceback as an ERROR
      for each, so one client could write hundreds of KB of log a second. It is closed
      with code 1007 and nothing logged.

    An opening refused with an HTTP answer (a foreign ``Origin`` or ``Host``) counts as a
    completed handshake: uvicorn logged an ERROR for each.
    """

    async def send(self, message: Message) -> None:  # type: ignore[override]
        await super().send(message)  # type: ignore[arg-type]
        if message["type"] == "websocket.http.response.body" and not message.get("more_body"):
            self.handshake_complete = True

    def handle_ping(self) -> None:
        super().handle_ping()
        if not self.writable.is_set() and not self.read_paused:  # over the high-water mark
            self.read_paused = True
            self.transport.pause_reading()

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.read_paused and self.queue.empty():
            self.read_paused = False
            self.transport.resume_reading()

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text":
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                if self.conn.state is State.OPEN:  # else its own close frame came with it
                    self.conn.send_close(1007, "text must be UTF-8")
                    self.handle_parser_exception()
                return
        super().send_receive_event_to_app()
