"""The settings of one server, declared once; ``serai serve`` sets them from its options."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


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
    tables_per_minute: float = Field(
        10.0, gt=0, description="tables one client address may create per minute"
    )
    tables_burst: int = Field(20, ge=1, description="tables one address may create at once")
    messages_per_second: float = Field(
        50.0, gt=0, description="messages one connection may send per second"
    )
    sockets_per_address: int = Field(
        64, ge=1, description="live WebSocket connections one client address may hold at once"
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
