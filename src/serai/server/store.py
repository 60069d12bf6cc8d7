"""Where tables live between moves: SQLAlchemy 2 over SQLite (default) or PostgreSQL.

A table is stored as its record: the game, its options and seed, who sits where, and the
list of actions, chance outcomes included. The state is rebuilt by replaying the actions;
what the lobby and the bot driver need without replaying (status, the seat to act, whether
a bot is to act, the number of actions and of open seats) is kept beside the record in
summary columns that every write updates. The server acknowledges a move only after its
transaction commits, so a restart (even after ``kill -9``) loses nothing acknowledged.

The schema is created and upgraded by Alembic (``serai/server/migrations``); ``Store``
runs the migrations when it opens a database.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, create_engine, delete, event, func, insert, select, text, update
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement

from serai.engine import ActionId, GameError
from serai.server.clocks import Clocks
from serai.server.ratings import RatedSeat, rate, unrated_finished
from serai.server.schema import actions, seats, tables

log = logging.getLogger("serai.server")

MIGRATING = 5_365_161_601
"""The PostgreSQL advisory lock held while the schema is brought up to date."""

CHANCE_SEAT = -1
"""The ``seat`` stored with a chance outcome."""


@dataclass(frozen=True)
class SeatRow:
    """One seat of a table: a person (``human``) or a bot (``bot`` names it, e.g. mcts:hard).

    A human seat is either invited (its token was handed to whoever created the table) or
    ``open``: anyone may take it from the lobby, once (``claimed``). ``stop_at_windows`` is
    the seat's private choice to be asked at optional windows (see
    :meth:`serai.State.window_pass`).
    """

    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None
    claimed: bool
    open: bool = False
    stop_at_windows: bool = False
    account_id: str | None = None
    """The account the seat is bound to: only it (or the seat's token) acts for it."""
    absent: bool = False
    """The player left: a bot plays the seat until they take it back."""
    mute_chat: bool = False
    """The player's private choice not to read the others' chat."""
    declined: bool = False
    """The player declined the rated game before deciding anything in it: the game rates
    no one, and a bot plays the seat."""

    @property
    def joinable(self) -> bool:
        return self.kind == "human" and self.open and not self.claimed


Move = tuple[ActionId, int, str, float]
"""One stored action as ``(action, seat, text, at)``: a decision of ``seat`` or a chance
outcome (``CHANCE_SEAT``), its text in notation, and when it was played (Unix seconds).
A plain tuple of plain values, which the garbage collector stops scanning once it has
seen it: a server keeps every action of every table in memory."""

MOVE_COLUMNS = ("action", "seat", "text", "at")
"""The columns of the stored actions that a :data:`Move` holds, in its order."""


@dataclass(frozen=True)
class Progress:
    """Where a game stands, kept in the summary columns with every write."""

    status: str
    """``playing`` or ``finished``."""
    actions: int
    to_move: int | None
    """The seat to act; ``None`` once the game is over."""
    bot_to_move: bool
    clocks: Clocks | None = None
    """The table's clocks (none: a table without a clock)."""


@dataclass(frozen=True)
class TableRow:
    """A stored table without its actions: what the lobby lists and a rebuild starts from."""

    id: str
    game: str
    rules_version: str
    players: int
    options: dict[str, Any]
    seed: int
    hotseat_hash: str | None
    listed: bool
    revision: int
    progress: Progress
    created_at: float
    updated_at: float
    seats: tuple[SeatRow, ...]
    rated: bool = False
    spectator_chat: str = "shared"
    """``shared``: everyone reads every line; ``apart``: spectators' lines only spectators."""
    rematch: str | None = None
    """The table of the rematch, once one is proposed."""
    hints: bool = False
    """Whether a player may ask the hard bot what it would play."""

    @property
    def open_seats(self) -> int:
        return sum(seat.joinable for seat in self.seats)


class StaleRevision(GameError):
    """The table changed since the revision a write was based on."""


class StoreError(Exception):
    """The database refused or lost a write; the detail is for the server's log only."""


def _sqlite_pragmas(dbapi_connection: Any, _: Any) -> None:
    # Transactions are begun by SQLAlchemy (the "begin" hook below), not by the driver,
    # so that savepoints work: each write of a group commit is isolated in one.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    connection.exec_driver_sql("BEGIN")


Write = Callable[[Connection], Any]
"""A write of the group commit: it raises :class:`StaleRevision` only before it has
changed anything (its first statement checks the revision)."""


@dataclass(frozen=True)
class MovesWrite:
    """Moves of one table stored from a revision: a :data:`Write` that a group commit
    runs together with the moves of the other tables next to it in the group, as one
    UPDATE of every table's revision and one INSERT of every action (over PostgreSQL,
    two round trips for the group instead of two for every table)."""

    advance: DriverStatement
    append: DriverStatement
    table: dict[str, Any]
    """The parameters of the revision's update."""
    actions: list[dict[str, Any]]
    """The parameters of each action's insert."""

    def __call__(self, db: Connection) -> None:
        MovesWrite.together(db, [self])

    @staticmethod
    def together(db: Connection, writes: Sequence[MovesWrite]) -> None:
        """Store every one of ``writes``; :class:`StaleRevision` if any table moved on
        (some may then be changed: run in a savepoint to take them back)."""
        first = writes[0]
        if first.advance.run(db, [write.table for write in writes]) != len(writes):
            if len(writes) == 1:
                table = first.table
                raise StaleRevision(
                    f"table {table['table']} is no longer at revision {table['was']}"
                )
            raise StaleRevision("a table of the group is no longer at its revision")
        if actions := [action for write in writes for action in write.actions]:
            first.append.run(db, actions)


Outcome = Future[Any] | asyncio.Future[Any]
"""A write's outcome: a thread's future, or, for a write queued on an event loop's
thread, a future of that loop."""


class GroupCommit:
    """One writer thread: the writes waiting when it is free share one transaction, and
    neighbouring moves of several tables share their statements (:class:`MovesWrite`).

    A commit costs one ``fsync``, milliseconds on most disks, however many rows it holds;
    so under load many tables' moves become durable together, and each caller still
    learns its own outcome only once the commit is done. A write refused for a stale
    revision fails alone: it raises :class:`StaleRevision` before it changes anything. Any
    other failure (a value the database refuses) or a failed commit rolls the group back,
    and every write of it is tried again alone, so only the bad one fails. Nothing a write
    raises stops the writer.
    """

    BATCH = 256

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.waiting: queue.SimpleQueue[tuple[Write, Outcome] | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="serai-writer", daemon=True)
        self.thread.start()

    def submit(self, write: Write) -> Outcome:
        """Queue ``write``; its outcome comes as a future of the caller's kind: on an
        event loop's thread, one of that loop (a group's outcomes reach each loop in one
        call, not in one wake-up per write), else a thread's."""
        done: Outcome
        try:
            done = asyncio.get_running_loop().create_future()
        except RuntimeError:
            done = Future()
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
            try:
                outcomes = self._together(batch)
            except Exception:
                log.warning("a group commit of %d writes failed; each is tried alone", len(batch))
                outcomes = [self._alone(write) for write, _ in batch]
            by_loop: dict[asyncio.AbstractEventLoop, list[tuple[Outcome, tuple[bool, Any]]]] = {}
            for outcome, (_, done) in zip(outcomes, batch, strict=True):
                if isinstance(done, asyncio.Future):
                    by_loop.setdefault(done.get_loop(), []).append((done, outcome))
                else:
                    _settle([(done, outcome)])
            for loop, settled in by_loop.items():
                with contextlib.suppress(RuntimeError):  # a closed loop: the writes stand
                    loop.call_soon_threadsafe(_settle, settled)
            if stop:
                return

    def _together(self, batch: list[tuple[Write, Outcome]]) -> list[tuple[bool, Any]]:
        outcomes: list[tuple[bool, Any]] = []
        with self.engine.begin() as db:
            for moves, run in itertools.groupby(
                (write for write, _ in batch), lambda write: isinstance(write, MovesWrite)
            ):
                writes = list(run)
                if moves and len(writes) > 1 and self._merged(db, writes):
                    outcomes.extend((True, None) for _ in writes)
                    continue
                for write in writes:
                    try:
                        outcomes.append((True, write(db)))
                    except StaleRevision as refused:
                        outcomes.append((False, refused))
        return outcomes

    @staticmethod
    def _merged(db: Connection, writes: list[Any]) -> bool:
        """Store neighbouring moves of several tables at once; False, with nothing
        changed, if a table moved on (then each is stored alone, and only it fails)."""
        try:
            with db.begin_nested():
                MovesWrite.together(db, writes)
        except StaleRevision:
            return False
        return True

    def _alone(self, write: Write) -> tuple[bool, Any]:
        try:
            with self.engine.begin() as db:
                return True, write(db)
        except StaleRevision as refused:
            return False, refused
        except Exception as error:
            return False, _refused(error)


def _settle(settled: list[tuple[Outcome, tuple[bool, Any]]]) -> None:
    """Tell each caller its write's outcome (on the thread its future belongs to)."""
    for done, (ok, value) in settled:
        if done.cancelled():  # its caller went away; the write stands
            continue
        if ok:
            done.set_result(value)
        else:
            done.set_exception(value)


def _refused(error: Exception) -> StoreError:
    """A database error as the callers see it: its kind, never its SQL or parameters."""
    log.error("a write failed: %s", error, exc_info=error)
    refused = StoreError(f"the database refused a write ({type(error).__name__})")
    refused.__cause__ = error
    return refused


class Store:
    """The tables of one database, opened (and migrated) from a SQLAlchemy URL.

    Every write goes through one :class:`GroupCommit` writer; ``submit_*`` return its
    future (the server awaits it), and the plain methods wait for it.

    >>> store = Store("sqlite://")
    >>> store.lobby()
    []
    """

    def __init__(self, url: str, migrate: bool = True) -> None:
        self.url = url
        memory = url in ("sqlite://", "sqlite:///:memory:")
        # one in-memory database shared by every thread, rather than one per connection
        self.engine: Engine = (
            create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
            if memory
            else create_engine(url, pool_pre_ping=True)
        )
        self.snapshot: dict[str, str] = {}
        """The options of a read that must see the store at one moment: a transaction of
        SQLite's always does; PostgreSQL's, at its default level, sees each statement's own."""
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
            event.listen(self.engine, "begin", _sqlite_begin)
        else:
            self.snapshot = {"isolation_level": "REPEATABLE READ"}
        if migrate:
            self.migrate()
        self.advance = DriverStatement(ADVANCE, self.engine)
        self.append = DriverStatement(APPEND, self.engine)
        self.writer = GroupCommit(self.engine)

    def migrate(self) -> None:
        """Bring the schema to the newest migration (creating it in an empty database)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as connection:
            if self.engine.dialect.name == "postgresql":
                # processes starting together migrate one after the other
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATING})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        self.writer.close()
        self.engine.dispose()

    # -- writes: each one all or nothing, committed in groups -------------------------
    def submit_create(
        self, row: TableRow, moves: Sequence[Move], rematch_of: str | None = None
    ) -> Outcome:
        """Store a new table; ``rematch_of``: as the rematch of that table, which must have
        none yet (else :class:`StaleRevision`, with nothing stored: two processes asked at
        once for one game's rematch make one table)."""

        def write(db: Connection) -> None:
            if rematch_of is not None:
                proposed = db.execute(
                    update(tables)
                    .where(tables.c.id == rematch_of, tables.c.rematch.is_(None))
                    .values(rematch=row.id)
                )
                if proposed.rowcount != 1:
                    raise StaleRevision(f"table {rematch_of} has its rematch already")
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
                    created_at=row.created_at,
                    updated_at=row.updated_at,
                    open_seats=row.open_seats,
                    rated=row.rated,
                    spectator_chat=row.spectator_chat,
                    rematch=row.rematch,
                    hints=row.hints,
                    **_progress_columns(row.progress),
                )
            )
            db.execute(insert(seats), [{"table_id": row.id, **vars(seat)} for seat in row.seats])
            self._append(db, row.id, 0, moves)

        return self.writer.submit(write)

    def submit_moves(
        self,
        table_id: str,
        revision: int,
        start: int,
        moves: Sequence[Move],
        progress: Progress,
        at: float,
        result: Sequence[RatedSeat] = (),
        seats_changed: Mapping[int, Mapping[str, Any]] | None = None,
    ) -> Outcome:
        """Store ``moves`` as actions ``start``… if the table is still at ``revision``; a
        rated game's ``result`` updates its players' ratings in the same transaction, and
        so do ``seats_changed``, columns of seats (by index)."""
        stored = MovesWrite(
            self.advance,
            self.append,
            _advance_row(table_id, revision, progress, at),
            _action_rows(table_id, start, moves),
        )
        if not result and not seats_changed:
            return self.writer.submit(stored)

        def write(db: Connection) -> None:
            stored(db)
            for index, values in (seats_changed or {}).items():
                self._change_seat(db, table_id, index, values)
            if result:
                rate(db, table_id, self._game(db, table_id), result)

        return self.writer.submit(write)

    def submit_truncate(
        self, table_id: str, revision: int, keep: int, progress: Progress, at: float
    ) -> Outcome:
        """Drop every action from index ``keep`` on (an undo), if still at ``revision``."""

        def write(db: Connection) -> None:
            self._advance(db, table_id, revision, progress, at)
            db.execute(delete(actions).where(actions.c.table_id == table_id, actions.c.idx >= keep))

        return self.writer.submit(write)

    def submit_claim(
        self, table_id: str, seat: int, new_token_hash: str, at: float, **bound: object
    ) -> Outcome:
        """Give an open, unclaimed seat a token (and bind it to an account: ``account_id``
        and ``name``); False if it is not (or no longer) open."""

        def write(db: Connection) -> bool:
            result = db.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.open,
                    ~seats.c.claimed,
                )
                .values(claimed=True, token_hash=new_token_hash, **bound)
            )
            if not result.rowcount:
                return False
            db.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(open_seats=tables.c.open_seats - 1, updated_at=at)
            )
            return True

        return self.writer.submit(write)

    def submit_seat(self, table_id: str, seat: int, **values: object) -> Outcome:
        """Change a seat: ``claimed`` (an invited seat's link was used), its private
        ``stop_at_windows``, the ``account_id`` and ``name`` it is bound to, ``absent``."""

        def write(db: Connection) -> None:
            self._change_seat(db, table_id, seat, values)

        return self.writer.submit(write)

    @staticmethod
    def _change_seat(db: Connection, table_id: str, seat: int, values: Mapping[str, Any]) -> None:
        db.execute(
            update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(**values)
        )

    def submit_table(self, table_id: str, **values: object) -> Outcome:
        """Change a table's own columns (``rematch``, ``hotseat_hash``)."""

        def write(db: Connection) -> None:
            db.execute(update(tables).where(tables.c.id == table_id).values(**values))

        return self.writer.submit(write)

    def create_table(self, row: TableRow, moves: Sequence[Move] = ()) -> None:
        self.submit_create(row, moves).result()

    def append_moves(
        self,
        table_id: str,
        revision: int,
        start: int,
        moves: Sequence[Move],
        progress: Progress,
        at: float = 0.0,
    ) -> None:
        self.submit_moves(table_id, revision, start, moves, progress, at).result()

    def truncate_moves(
        self, table_id: str, revision: int, keep: int, progress: Progress, at: float = 0.0
    ) -> None:
        self.submit_truncate(table_id, revision, keep, progress, at).result()

    def claim_seat(self, table_id: str, seat: int, new_token_hash: str, at: float = 0.0) -> bool:
        return bool(self.submit_claim(table_id, seat, new_token_hash, at).result())

    def _advance(
        self, db: Connection, table_id: str, revision: int, progress: Progress, at: float
    ) -> None:
        row = _advance_row(table_id, revision, progress, at)
        MovesWrite(self.advance, self.append, row, [])(db)

    @staticmethod
    def _game(db: Connection, table_id: str) -> str:
        return str(db.execute(select(tables.c.game).where(tables.c.id == table_id)).scalar_one())

    def submit_result(self, table_id: str, result: Sequence[RatedSeat]) -> Outcome:
        """Rate a finished game whose rating was not written with its last move."""

        def write(db: Connection) -> None:
            rate(db, table_id, self._game(db, table_id), result)

        return self.writer.submit(write)

    def _append(self, db: Connection, table_id: str, start: int, moves: Sequence[Move]) -> None:
        if moves:
            self.append.run(db, _action_rows(table_id, start, moves))

    # -- reads ------------------------------------------------------------------------
    def load_table(self, table_id: str, start: int = 0) -> tuple[TableRow, tuple[Move, ...]] | None:
        """A table and its actions from index ``start`` on, or None: both as one moment of
        the store saw them (one snapshot: over PostgreSQL, a change committed between the
        two reads must not show in one of them only)."""
        with self.engine.connect().execution_options(**self.snapshot) as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if row is None:
                return None
            table = self._rows(db, [row])[0]
            move_rows = db.execute(
                select(*(actions.c[column] for column in MOVE_COLUMNS))
                .where(actions.c.table_id == table_id, actions.c.idx >= start)
                .order_by(actions.c.idx)
            )
            moves: tuple[Move, ...] = tuple(
                (action, seat, text, at) for action, seat, text, at in move_rows
            )
            return table, moves

    def lobby(
        self, offset: int = 0, limit: int = 50, since: float = 0.0, listed_only: bool = True
    ) -> list[TableRow]:
        """A page of tables from the summary columns, never by replaying a game: tables
        with an open seat first, then the most recently active; only those active after
        ``since`` (a time in seconds) while unfinished."""
        query = (
            select(tables)
            .where((tables.c.status == "finished") | (tables.c.updated_at >= since))
            .order_by(
                (tables.c.open_seats > 0).desc(),
                (tables.c.status == "playing").desc(),
                tables.c.updated_at.desc(),
                tables.c.id,
            )
            .offset(offset)
            .limit(limit)
        )
        if listed_only:
            query = query.where(tables.c.listed)
        with self.engine.connect() as db:
            return self._rows(db, list(db.execute(query).mappings()))

    def waiting_for_bots(self, limit: int = 100_000) -> list[str]:
        """Unfinished tables where a bot is to act (or nobody knows yet): the bot driver's
        work after a restart."""
        query = (
            select(tables.c.id)
            .where(tables.c.status == "playing")
            .where(tables.c.bot_to_move.is_(None) | tables.c.bot_to_move)
            .order_by(tables.c.updated_at)
            .limit(limit)
        )
        with self.engine.connect() as db:
            return [row[0] for row in db.execute(query)]

    def revisions(self, ids: Sequence[str]) -> dict[str, int]:
        """The stored revision of each of the tables ``ids``."""
        if not ids:
            return {}
        query = select(tables.c.id, tables.c.revision).where(tables.c.id.in_(list(ids)))
        with self.engine.connect() as db:
            return {table_id: revision for table_id, revision in db.execute(query)}

    def deadlines(self) -> dict[str, float]:
        """Every running clock's deadline, by table."""
        query = select(tables.c.id, tables.c.deadline).where(tables.c.deadline.is_not(None))
        with self.engine.connect() as db:
            return {table_id: deadline for table_id, deadline in db.execute(query)}

    def clocked_turns_of(self, account_id: str) -> list[str]:
        """The tables with a running clock where the account ``account_id`` is to act."""
        query = (
            select(tables.c.id)
            .join(seats, seats.c.table_id == tables.c.id)
            .where(
                seats.c.account_id == account_id,
                seats.c.seat == tables.c.to_move,
                tables.c.deadline.is_not(None),
            )
            .distinct()
        )
        with self.engine.connect() as db:
            return list(db.scalars(query))

    def unrated(self) -> list[str]:
        """Finished rated tables whose result was not rated (a crash between the two)."""
        with self.engine.connect() as db:
            return unrated_finished(db)

    def count_tables(self) -> int:
        with self.engine.connect() as db:
            return int(db.execute(select(func.count()).select_from(tables)).scalar_one())

    def rows(self, db: Connection, ids: Sequence[str]) -> list[TableRow]:
        """The tables ``ids`` (in no particular order), read in ``db``."""
        if not ids:
            return []
        return self._rows(
            db, list(db.execute(select(tables).where(tables.c.id.in_(ids))).mappings())
        )

    @staticmethod
    def _rows(db: Connection, rows: Sequence[Any]) -> list[TableRow]:
        ids = [row["id"] for row in rows]
        seat_rows: dict[str, list[SeatRow]] = {table_id: [] for table_id in ids}
        if ids:
            for s in db.execute(
                select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)
            ).mappings():
                seat_rows[s["table_id"]].append(
                    SeatRow(
                        s["seat"],
                        s["kind"],
                        s["bot"],
                        s["name"],
                        s["token_hash"],
                        s["claimed"],
                        s["open"],
                        s["stop_at_windows"],
                        s["account_id"],
                        s["absent"],
                        s["mute_chat"],
                        s["declined"],
                    )
                )
        return [
            TableRow(
                id=row["id"],
                game=row["game"],
                rules_version=row["rules_version"],
                players=row["players"],
                options=json.loads(row["options"]),
                seed=row["seed"],
                hotseat_hash=row["hotseat_hash"],
                listed=row["listed"],
                revision=row["revision"],
                progress=Progress(
                    row["status"],
                    row["actions"],
                    row["to_move"],
                    bool(row["bot_to_move"]),
                    None if row["clock_state"] is None else Clocks.from_json(row["clock_state"]),
                ),
                created_at=row["created_at"],
                updated_at=row["updated_at"],
                seats=tuple(seat_rows[row["id"]]),
                rated=row["rated"],
                spectator_chat=row["spectator_chat"],
                rematch=row["rematch"],
                hints=row["hints"],
            )
            for row in rows
        ]


def open_store(url: str) -> Store:
    """:class:`Store` over ``url``, or a :class:`~serai.GameError` saying in one line why
    it cannot be opened (an unknown kind of URL, a missing driver, a path that cannot be
    written, a server that does not answer)."""
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        raise GameError(f"{url!r} is not a database URL; {URL_FORMS}") from None
    try:
        return Store(url)
    except NoSuchModuleError:
        raise GameError(f"unknown kind of database in {shown}; {URL_FORMS}") from None
    except ImportError as error:
        raise GameError(
            f"the driver for {shown} is not installed ({error.name}): pip install 'serai[postgres]'"
        ) from None
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        raise GameError(f"cannot open the database {shown}: {reason}") from None


URL_FORMS = "use sqlite:///FILE or postgresql+psycopg://USER@HOST/DATABASE"


def _advance_row(table_id: str, revision: int, progress: Progress, at: float) -> dict[str, Any]:
    """The parameters of :data:`ADVANCE` that move ``table_id`` on from ``revision``."""
    values = {"revision": revision + 1, "updated_at": at, **_progress_columns(progress)}
    return {"table": table_id, "was": revision, **{f"new_{k}": v for k, v in values.items()}}


def _action_rows(table_id: str, start: int, moves: Sequence[Move]) -> list[dict[str, Any]]:
    """The parameters of :data:`APPEND` that store ``moves`` as actions ``start``…"""
    return [
        {"table_id": table_id, "idx": start + i, **dict(zip(MOVE_COLUMNS, move, strict=True))}
        for i, move in enumerate(moves)
    ]


def _progress_columns(progress: Progress) -> dict[str, Any]:
    clocks = progress.clocks
    return {
        "clock": None if clocks is None else clocks.settings.model_dump_json(),
        "clock_state": None if clocks is None else clocks.to_json(),
        "deadline": None if clocks is None else clocks.deadline,
        "status": progress.status,
        "actions": progress.actions,
        "to_move": progress.to_move,
        "bot_to_move": progress.bot_to_move,
    }


ADVANCE = (
    update(tables)
    .where(tables.c.id == bindparam("table"), tables.c.revision == bindparam("was"))
    .values(
        {
            name: bindparam(f"new_{name}")
            for name in (
                "revision",
                "updated_at",
                *_progress_columns(Progress("playing", 0, None, False)),
            )
        }
    )
)
"""A table moved on from revision ``was``: built once, as every move of every table
writes it (parameters: ``table``, ``was`` and ``new_`` before each column)."""
APPEND = insert(actions)
"""New actions of a table (one parameter set each)."""


class DriverStatement:
    """A statement compiled once for a database and run straight through its driver, in
    the transaction of the connection given: for the writes every move makes (SQLAlchemy's
    work on each execution cost the writer thread more than the database did). Its values
    need no conversion: text, numbers, booleans and nulls.

    >>> store = Store("sqlite://")
    >>> store.advance.sql.startswith("UPDATE serai_tables SET revision=?")
    True
    """

    def __init__(self, statement: ClauseElement, engine: Engine) -> None:
        compiled = statement.compile(dialect=engine.dialect)
        assert isinstance(compiled, SQLCompiler)
        self.sql = str(compiled)
        self.names: tuple[str, ...] | None = (
            tuple(compiled.positiontup or ()) if compiled.positional else None
        )
        """The parameters in order, for a driver that takes them by position."""

    def run(self, db: Connection, rows: Sequence[dict[str, Any]]) -> int:
        """Execute for each of ``rows``; how many rows of the database changed."""
        names = self.names
        values = rows if names is None else [tuple(row[name] for name in names) for row in rows]
        cursor = db.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            if len(values) == 1:
                cursor.execute(self.sql, values[0])
            else:
                cursor.executemany(self.sql, values)
            changed: int = cursor.rowcount
            return changed
        finally:
            cursor.close()


def with_seats(row: TableRow, changed: Mapping[int, Mapping[str, Any]]) -> TableRow:
    """``row`` with the columns ``changed`` of its seats (by index) set."""
    if not changed:
        return row
    return replace(
        row,
        seats=tuple(
            replace(seat, **changed[seat.seat]) if seat.seat in changed else seat
            for seat in row.seats
        ),
    )
