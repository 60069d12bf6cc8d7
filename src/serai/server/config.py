"""The settings of one server, declared once; ``serai serve`` sets them from its options."""

from __future__ import annotations

import ipaddress
import re

from pydantic import BaseModel, ConfigDict, Field, field_validator

LOOPBACK_HOSTS = ("localhost", "*.localhost", "127.0.0.1", "[::1]")
"""The names a server listening on a loopback address answers to when it is given none
(127.0.0.1 stands for every address of 127.0.0.0/8): a page whose DNS name was rebound to
127.0.0.1 sends its own name, and is refused."""

_LABEL = re.compile(r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?")

_KINDS = "a host name (play.example.org), *.name, an IPv4 address or an IPv6 one in brackets"


def host_name(text: str) -> str:
    """A host name or IP address without a port, as hosts are compared: lower case,
    without a final dot, an IP address in its short form, an IPv6 one in brackets;
    ``ValueError`` if it is none of those.

    >>> host_name("Play.Example.org."), host_name("[0:0::1]"), host_name("127.0.0.1")
    ('play.example.org', '[::1]', '127.0.0.1')
    """
    name = text.strip().lower().removesuffix(".")
    if name.startswith("[") and name.endswith("]"):
        try:
            return f"[{ipaddress.IPv6Address(name[1:-1]).compressed}]"
        except ValueError:
            raise ValueError(f"{text!r} is no IPv6 address") from None
    if name.count(":") > 1:
        raise ValueError(f"{text!r}: write an IPv6 address in brackets, as [::1]")
    if name.replace(".", "").isdecimal():
        try:
            return str(ipaddress.IPv4Address(name))
        except ValueError:
            raise ValueError(f"{text!r} is no IPv4 address") from None
    if len(name) > 253 or not all(_LABEL.fullmatch(label) for label in name.split(".")):
        raise ValueError(f"{text!r} is not {_KINDS}")
    return name


def loopback_as_one(name: str) -> str:
    """``name`` (from :func:`host_name`), with any address of 127.0.0.0/8 written as
    127.0.0.1: the same machine, whichever of them a request names.

    >>> loopback_as_one("127.9.0.1"), loopback_as_one("127.example")
    ('127.0.0.1', '127.example')
    """
    if name.startswith("127.") and name.replace(".", "").isdecimal():
        return "127.0.0.1"
    return name


def host_pattern(text: str) -> str:
    """One of :attr:`Settings.allowed_hosts`, as :func:`host_name` writes it:
    ``play.example.org``, ``*.example.org`` (any name under it, not itself), an IP
    address (any of 127.0.0.0/8 as 127.0.0.1, which stands for them all, as in a request),
    or ``*`` (any host); ``ValueError`` for anything else, a URL or a port.

    >>> host_pattern("*.Example.org"), host_pattern("[::1]"), host_pattern("127.0.0.5")
    ('*.example.org', '[::1]', '127.0.0.1')
    >>> host_pattern("example.org:80")
    Traceback (most recent call last):
    ValueError: 'example.org:80': hosts are compared without their port, give 'example.org'
    """
    name = text.strip()
    if name == "*":
        return name
    if "/" in name:
        raise ValueError(f"{text!r} is a URL: give its host name alone (play.example.org)")
    if name.count(":") == 1 or "]:" in name:
        bare = name.rpartition(":")[0]
        raise ValueError(f"{text!r}: hosts are compared without their port, give {bare!r}")
    if not name.startswith("*."):
        return loopback_as_one(host_name(name))
    under = host_name(name[2:])
    if under.startswith("[") or under.replace(".", "").isdecimal():
        raise ValueError(f"{text!r}: a wildcard stands for the names under a host name")
    return f"*.{under}"


def loopback(address: str) -> bool:
    """Whether listening on ``address`` (``127.0.0.1``, ``::1``, ``localhost``) serves this
    machine alone."""
    address = address.strip().lower().removeprefix("[").removesuffix("]")
    if address == "localhost":
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class Settings(BaseModel):
    """How a server runs: where it stores tables, how its bots think, what it allows."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    db: str = Field("sqlite:///serai.db", description="SQLAlchemy URL of the store")
    bot_workers: int = Field(2, ge=0, description="processes the bots think in")
    redis: str | None = Field(
        None, description="Redis URL through which the processes of a group tell each other"
    )
    origins: tuple[str, ...] = Field(
        (), description="origins allowed besides the server's own (https://play.example)"
    )
    allowed_hosts: tuple[str, ...] = Field(
        (),
        description="the names a request's Host header may carry, compared without the port "
        "(play.example.org, *.example.org for the names under it, 127.0.0.1, [::1]; * for "
        "any); none given: see served_hosts",
    )
    listen: str | None = Field(
        None,
        description="the address the server listens on (serai serve sets it; an app inside "
        "another program has none)",
    )
    tables_per_minute: float = Field(
        10.0, gt=0, description="tables one client address may create per minute"
    )
    tables_burst: int = Field(20, ge=1, description="tables one address may create at once")
    messages_per_second: float = Field(
        50.0,
        gt=0,
        description="WebSocket messages, and actions, one client address may send per second",
    )
    sockets_per_address: int = Field(
        64, ge=1, description="live WebSocket connections one client address may hold at once"
    )
    sockets_per_minute: float = Field(
        600.0,
        gt=0,
        description="WebSocket connections one client address may open per minute, after "
        "as many as it may open in 6 seconds at once; a request for a table not held in "
        "memory counts as one",
    )
    max_tables: int = Field(2000, ge=1, description="tables kept in memory at most")
    idle_seconds: float = Field(
        600.0, gt=0, description="an unused table leaves memory after this long"
    )
    bot_pace: float = Field(
        0.8, ge=0, description="seconds between two bot moves at a table someone watches"
    )
    abandoned_hours: float = Field(
        72.0, gt=0, description="an unfinished table with no move for this long leaves the lobby"
    )
    stop_within: float | None = Field(
        None,
        gt=0,
        description="seconds after its shutdown begins within which the process exits, "
        "whatever still runs (serai serve sets it; an app inside another program does not)",
    )
    young_objects: int | None = Field(
        None,
        ge=700,
        description="new objects between two collections of cyclic garbage, besides those "
        "made on a clock (young objects every 50 ms), with what start-up built frozen out "
        "of every collection (serai serve sets it; an app inside another program leaves "
        "the interpreter's collector as it is)",
    )

    @field_validator("allowed_hosts")
    @classmethod
    def _host_patterns(cls, hosts: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(host_pattern(host) for host in hosts)

    def served_hosts(self) -> tuple[str, ...] | None:
        """The hosts a request's ``Host`` may name (as :func:`host_pattern` writes them), or
        ``None`` for any: :attr:`allowed_hosts` if given; else, when the server listens on a
        loopback address, :data:`LOOPBACK_HOSTS` alone (a page of another site whose name
        resolves to 127.0.0.1, DNS rebinding, is refused); else any. An app with no
        :attr:`listen` (inside another program, or a test's) serves any host: whatever
        runs it decides who reaches it."""
        if "*" in self.allowed_hosts:
            return None
        if self.allowed_hosts:
            return self.allowed_hosts
        if self.listen is not None and loopback(self.listen):
            return LOOPBACK_HOSTS
        return None
