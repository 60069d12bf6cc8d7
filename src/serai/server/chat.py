"""The chat of a table: plain text, kept with the game, read as each reader may.

A line is at most :data:`MAX_LINE` characters of plain text (no control characters) and
is always shown as text, never as HTML. Who reads a line:

- everyone at the table and every spectator reads the players' lines;
- a spectator's line is read by everyone, unless the table keeps spectators apart
  (``spectator_chat = "apart"``): then only by spectators;
- a player who muted the chat reads only their own lines (live and in the replay).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection

from serai.server.schema import chat
from serai.server.store import SeatRow, Store

MAX_LINE = 500
KEPT = 200
"""Lines of a table kept in memory and sent to a new connection."""


@dataclass(frozen=True)
class ChatLine:
    seat: int | None
    """The writer's seat; ``None``: a spectator."""
    name: str
    text: str
    at: float

    def message(self) -> dict[str, Any]:
        return asdict(self)


def readable(line: ChatLine, reader: Sequence[int], seats: Sequence[SeatRow], apart: bool) -> bool:
    """Whether a connection acting for ``reader`` (no seats: a spectator) reads ``line``."""
    if line.seat is not None and line.seat in reader:
        return True
    if any(seats[seat].mute_chat for seat in reader):
        return False
    return not (line.seat is None and apart and reader)


def submit_line(store: Store, table_id: str, line: ChatLine) -> Any:
    def write(db: Connection) -> None:
        db.execute(
            insert(chat).values(
                table_id=table_id, seat=line.seat, name=line.name, text=line.text, at=line.at
            )
        )

    return store.writer.submit(write)


def load_lines(store: Store, table_id: str) -> list[ChatLine]:
    """The last :data:`KEPT` lines of a table, oldest first."""
    with store.engine.connect() as db:
        rows = db.execute(
            select(chat).where(chat.c.table_id == table_id).order_by(chat.c.id.desc()).limit(KEPT)
        ).mappings()
        lines = [ChatLine(row["seat"], row["name"], row["text"], row["at"]) for row in rows]
    return lines[::-1]


def new_line(seat: int | None, name: str, text: str) -> ChatLine:
    return ChatLine(seat, name, text, time.time())
