"""Where tables live between moves: SQLAlchemy 2 over SQLite (default) or PostgreSQL.

A table is stored as its record: the game, its options and seed, who sits where, and the
list of actions, chance outcomes included. Nothing derived (views, scores) is stored; the
state is rebuilt by replaying the actions. Each change is one transaction, and the server
acknowledges a move only after that transaction commits, so a restart (even after
``kill -9``) loses nothing that was acknowledged.

The schema is created and upgraded by Alembic (``serai/server/migrations``); ``Store``
runs the migrations when it opens a database.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import StaticPool

from serai.engine import ActionId, GameError

CHANCE_SEAT = -1
"""The ``seat`` stored with a chance outcome."""

metadata = MetaData()

tables = Table(
    "serai_tables",
    metadata,
    Column("id", String(24), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("rules_version", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("hotseat_hash", String(64), nullable=True),
    Column("listed", Boolean, nullable=False),
    Column("revision", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_serai_tables_status", "status", "created_at"),
)

seats = Table(
    "serai_seats",
    metadata,
    Column("table_id", String(24), ForeignKey("serai_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("bot", String(32), nullable=True),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False),
)

actions = Table(
    "serai_actions",
    metadata,
    Column("table_id", String(24), ForeignKey("serai_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", String(200), nullable=False),
    Column("at", Float, nullable=False),
)


@dataclass(frozen=True)
class SeatRow:
    """One seat of a table: a person (``human``) or a bot (``bot`` names it, e.g. mcts:hard)."""

    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None
    claimed: bool


@dataclass(frozen=True)
class Move:
    """One stored action: a decision of ``seat``, or a chance outcome (``CHANCE_SEAT``)."""

    action: ActionId
    seat: int
    text: str
    at: float


@dataclass(frozen=True)
class TableRow:
    """A stored table: everything needed to rebuild its state."""

    id: str
    game: str
    rules_version: str
    players: int
    options: dict[str, Any]
    seed: int
    hotseat_hash: str | None
    listed: bool
    revision: int
    status: str
    created_at: float
    seats: tuple[SeatRow, ...]
    moves: tuple[Move, ...]


class StaleRevision(GameError):
    """The table changed since the revision a write was based on."""


def _sqlite_pragmas(dbapi_connection: Any, _: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


Write = Callable[[Connection], Any]


class GroupCommit:
    """One writer thread: the writes waiting when it is free share one transaction.

    A commit costs one ``fsync``, milliseconds on most disks, however many rows it holds;
    so under load many tables' moves become durable together, and each caller still
    learns its own outcome only once the commit is done. A write that raises before
    writing anything (a stale revision) fails alone; any other error fails its batch.
    """

    BATCH = 256

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.waiting: queue.SimpleQueue[tuple[Write, Future[Any]] | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="serai-writer", daemon=True)
        self.thread.start()

    def submit(self, write: Write) -> Future[Any]:
        done: Future[Any] = Future()
        self.waiting.put((write, done))
        return done

    def close(self) -> None:
        self.waiting.put(None)
        self.thread.join()

    def _run(self) -> None:
        while (first := self.waiting.get()) is not None:
            batch = [first]
            stop = False
            while len(batch) < self.BATCH and not self.waiting.empty():
                item = self.waiting.get()
                if item is None:
                    stop = True
                    break
                batch.append(item)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[tuple[Write, Future[Any]]]) -> None:
        outcomes: list[tuple[bool, Any]] = []
        try:
            with self.engine.begin() as db:
                for write, _ in batch:
                    try:
                        outcomes.append((True, write(db)))
                    except StaleRevision as refused:
                        outcomes.append((False, refused))
        except Exception as error:
            for _, done in batch:
                done.set_exception(error)
            return
        for (ok, value), (_, done) in zip(outcomes, batch, strict=True):
            if ok:
                done.set_result(value)
            else:
                done.set_exception(value)


class Store:
    """The tables of one database, opened (and migrated) from a SQLAlchemy URL.

    Every write goes through one :class:`GroupCommit` writer; ``submit_*`` return its
    future (the server awaits it), and the plain methods wait for it.

    >>> store = Store("sqlite://")
    >>> store.list_tables()
    []
    """

    def __init__(self, url: str, migrate: bool = True) -> None:
        self.url = url
        memory = url in ("sqlite://", "sqlite:///:memory:")
        # one in-memory database shared by every thread, rather than one per connection
        self.engine: Engine = (
            create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
            if memory
            else create_engine(url)
        )
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        if migrate:
            self.migrate()
        self.writer = GroupCommit(self.engine)

    def migrate(self) -> None:
        """Bring the schema to the newest migration (creating it in an empty database)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        self.writer.close()
        self.engine.dispose()

    # -- writes: each one all or nothing, committed in groups -------------------------
    def submit_create(self, row: TableRow) -> Future[None]:
        def write(db: Connection) -> None:
            db.execute(
                insert(tables).values(
                    id=row.id,
                    game=row.game,
                    rules_version=row.rules_version,
                    players=row.players,
                    options=json.dumps(row.options),
                    seed=row.seed,
                    hotseat_hash=row.hotseat_hash,
                    listed=row.listed,
                    revision=row.revision,
                    status=row.status,
                    created_at=row.created_at,
                    updated_at=row.created_at,
                )
            )
            db.execute(insert(seats), [{"table_id": row.id, **vars(seat)} for seat in row.seats])
            self._append(db, row.id, 0, row.moves)

        return self.writer.submit(write)

    def submit_moves(
        self, table_id: str, revision: int, start: int, moves: Sequence[Move], status: str
    ) -> Future[None]:
        """Store ``moves`` as actions ``start``… if the table is still at ``revision``."""

        def write(db: Connection) -> None:
            self._advance(db, table_id, revision, status)
            self._append(db, table_id, start, moves)

        return self.writer.submit(write)

    def submit_truncate(self, table_id: str, revision: int, keep: int, status: str) -> Future[None]:
        """Drop every action from index ``keep`` on (an undo), if still at ``revision``."""

        def write(db: Connection) -> None:
            self._advance(db, table_id, revision, status)
            db.execute(delete(actions).where(actions.c.table_id == table_id, actions.c.idx >= keep))

        return self.writer.submit(write)

    def submit_claim(
        self, table_id: str, seat: int, new_token_hash: str | None = None
    ) -> Future[bool]:
        """Mark an unclaimed seat taken, with a new token if given; False if already taken."""
        values: dict[str, Any] = {"claimed": True}
        if new_token_hash is not None:
            values["token_hash"] = new_token_hash

        def write(db: Connection) -> bool:
            result = db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat, ~seats.c.claimed)
                .values(**values)
            )
            return bool(result.rowcount)

        return self.writer.submit(write)

    def create_table(self, row: TableRow) -> None:
        self.submit_create(row).result()

    def append_moves(
        self, table_id: str, revision: int, start: int, moves: Sequence[Move], status: str
    ) -> None:
        self.submit_moves(table_id, revision, start, moves, status).result()

    def truncate_moves(self, table_id: str, revision: int, keep: int, status: str) -> None:
        self.submit_truncate(table_id, revision, keep, status).result()

    def claim_seat(self, table_id: str, seat: int, new_token_hash: str | None = None) -> bool:
        return self.submit_claim(table_id, seat, new_token_hash).result()

    @staticmethod
    def _advance(db: Connection, table_id: str, revision: int, status: str) -> None:
        result = db.execute(
            update(tables)
            .where(tables.c.id == table_id, tables.c.revision == revision)
            .values(revision=revision + 1, status=status, updated_at=time.time())
        )
        if result.rowcount != 1:
            raise StaleRevision(f"table {table_id} is no longer at revision {revision}")

    @staticmethod
    def _append(db: Connection, table_id: str, start: int, moves: Sequence[Move]) -> None:
        if moves:
            db.execute(
                insert(actions),
                [
                    {"table_id": table_id, "idx": start + i, **vars(move)}
                    for i, move in enumerate(moves)
                ],
            )

    # -- reads ------------------------------------------------------------------------
    def load_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if row is None:
                return None
            seat_rows = db.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).mappings()
            move_rows = db.execute(
                select(actions).where(actions.c.table_id == table_id).order_by(actions.c.idx)
            ).mappings()
            return TableRow(
                id=row["id"],
                game=row["game"],
                rules_version=row["rules_version"],
                players=row["players"],
                options=json.loads(row["options"]),
                seed=row["seed"],
                hotseat_hash=row["hotseat_hash"],
                listed=row["listed"],
                revision=row["revision"],
                status=row["status"],
                created_at=row["created_at"],
                seats=tuple(
                    SeatRow(
                        s["seat"], s["kind"], s["bot"], s["name"], s["token_hash"], s["claimed"]
                    )
                    for s in seat_rows
                ),
                moves=tuple(Move(m["action"], m["seat"], m["text"], m["at"]) for m in move_rows),
            )

    def list_tables(self, statuses: Sequence[str] = (), limit: int = 200) -> list[str]:
        """The ids of the newest tables (with one of ``statuses``, if given)."""
        query = select(tables.c.id).order_by(tables.c.created_at.desc()).limit(limit)
        if statuses:
            query = query.where(tables.c.status.in_(statuses))
        with self.engine.connect() as db:
            return [row[0] for row in db.execute(query)]
