"""The server's authority over every table: moves, undo, views and bots.

A :class:`Table` holds a game's live state next to the record it was rebuilt from. Every
change goes the same way: check it with the engine on a copy, settle what follows by
itself (chance nodes, each outcome drawn from the table's seed and the action's index so
a replay draws the same; and the windows of seats that chose not to stop at them), commit
it to the :class:`~serai.server.store.Store`, and only then make the copy the table's
state and tell every connection. A change that fails at any step leaves the table as it
was.

What leaves the server is built in one place, :meth:`Table.message`: a seat's
``view(seat)``, the log as ``action_to_string_for(seat, …)`` shows it, and the seat's legal
actions when it may act. Nothing else about the state is ever sent. Each distinct message
is built once per revision and shared by every connection that is sent it.

The :class:`Hub` keeps only active tables in memory: a table is loaded when someone asks
for it and dropped once nobody has used it for a while; the lobby reads the store's
summary columns and never replays a game.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from serai.bots.greedy import GreedyBot
from serai.engine import (
    ActionId,
    GameError,
    IllegalActionError,
    State,
    game_info,
    load_game,
    sample_chance,
)
from serai.engine.core import Game
from serai.server.bots import (
    SEAT_BOTS,
    BotDriver,
    Overrun,
    Worker,
    cap_seconds,
    fallback,
)
from serai.server.errors import TableError, incident, log
from serai.server.store import (
    CHANCE_SEAT,
    Move,
    Progress,
    SeatRow,
    StaleRevision,
    Store,
    StoreError,
    TableRow,
    with_seat,
)

TABLE_ID_LENGTH = 12
"""Characters of a table id (9 random bytes, URL-safe base64)."""

WINDOW_SECONDS = 0.2
"""Every bot's answer at an optional window is released this long after the window
opened, whatever the bot holds, so nobody learns who holds what by the bots' timing."""


def token_hash(token: str) -> str:
    """Seat tokens are stored hashed: the database alone cannot act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def chance_rng(seed: int, index: int) -> random.Random:
    """The generator for the chance node at action ``index`` of a table seeded ``seed``."""
    return random.Random(f"{seed}/{index}")


def texts_for(state: State, action: ActionId) -> tuple[str, ...]:
    """The log line of ``action`` (about to be applied to ``state``) as each viewer sees it:
    a spectator first, then every seat in order."""
    viewers: list[int | None] = [None, *range(state.game.num_players)]
    return tuple(state.action_to_string_for(viewer, action) for viewer in viewers)


def compact(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class NewSeat:
    """A seat as a new table asks for it (already validated)."""

    kind: str
    """``human`` (invited: its link is handed out), ``open`` (taken from the lobby) or
    ``bot``."""
    name: str | None = None
    bot: str | None = None


Listener = Callable[["Table"], Awaitable[None]]


@dataclass
class Table:
    """A table in memory: the stored row, the game and the live state."""

    row: TableRow
    game: Game
    state: State
    moves: list[Move]
    seen: list[tuple[str, ...]]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Listener] = field(default_factory=set)
    previous: State | None = None
    """The state before the last action, once known (undo checks it after every move)."""
    used: float = field(default_factory=time.monotonic)
    cache: dict[tuple[Any, ...], str] = field(default_factory=dict)
    """Message texts of the current revision, by whom they are for."""
    cache_revision: int = -1

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def revision(self) -> int:
        return self.row.revision

    def seats_for(self, token: str | None) -> tuple[int, ...]:
        """The seats a token acts for: one seat, every human seat (hotseat), or none."""
        if not token:
            return ()
        digest = token_hash(token)
        if self.row.hotseat_hash is not None and secrets.compare_digest(
            digest, self.row.hotseat_hash
        ):
            return tuple(s.seat for s in self.row.seats if s.kind == "human")
        for seat in self.row.seats:
            if seat.token_hash is not None and secrets.compare_digest(digest, seat.token_hash):
                return (seat.seat,)
        raise TableError("bad_token", f"that link's seat token is not valid for table {self.id}")

    def viewer(self, seats: Sequence[int]) -> int | None:
        """Whose view a connection acting for ``seats`` is shown.

        One seat: its own. Hotseat: the human seat to move, else the first human seat.
        """
        if not seats:
            return None
        to_move = self.state.current_player()
        return to_move if to_move in seats else seats[0]

    def summary(self) -> dict[str, Any]:
        """What the lobby and every message say about the table (nothing hidden)."""
        return summary_of(self.row)

    def log_for(self, viewer: int | None, upto: int, start: int = 0) -> list[dict[str, Any]]:
        """Log lines ``start``… up to action ``upto`` as ``viewer`` may read them (the same
        rule as views)."""
        column = 0 if viewer is None else viewer + 1
        return [
            {"seat": None if move.seat == CHANCE_SEAT else move.seat, "text": texts[column]}
            for move, texts in zip(self.moves[start:upto], self.seen[start:upto], strict=True)
        ]

    def message(
        self, seats: Sequence[int], state: State | None = None, log_from: int = 0
    ) -> dict[str, Any]:
        """The one message a connection acting for ``seats`` is sent about ``state``.

        Its ``log`` holds the lines from ``log_start`` on: a connection that already has
        the first ``log_from`` lines is sent only the rest (after an undo the client drops
        what it had beyond ``log_start``).
        """
        state = self.state if state is None else state
        viewer = self.viewer(seats)
        to_move = state.current_player()
        acting = to_move if to_move in seats and not state.is_terminal() else None
        over = state.is_terminal()
        upto = len(state.history())
        start = min(log_from, upto)
        return {
            "type": "state",
            "table": self.summary(),
            "revision": self.revision,
            "seat": viewer,
            "you": list(seats),
            "preferences": self.preferences(seats),
            "view": state.view(viewer),
            "to_move": to_move if to_move >= 0 else None,
            "legal": []
            if acting is None
            else [state.action_to_string(a) for a in state.legal_actions()],
            "can_undo": acting is not None and self.undo_target(acting) is not None,
            "log_start": start,
            "log": self.log_for(viewer, upto, start),
            "over": over,
            "scores": state.scores() if over else None,
            "returns": state.returns() if over else None,
            "breakdown": state.score_breakdown() if over else None,
        }

    def message_text(self, seats: tuple[int, ...], log_from: int = 0) -> str:
        """:meth:`message` about the live state as JSON text, built once per revision for
        everyone it is for (every spectator shares one)."""
        if self.cache_revision != self.revision:
            self.cache.clear()
            self.cache_revision = self.revision
        key = (seats, log_from)
        text = self.cache.get(key)
        if text is None:
            text = self.cache[key] = compact(self.message(seats, log_from=log_from))
        return text

    def preferences(self, seats: Sequence[int]) -> dict[str, bool] | None:
        """The private choices of the seats a connection acts for (none for spectators)."""
        if not seats:
            return None
        return {"stop_at_windows": all(self.row.seats[s].stop_at_windows for s in seats)}

    def undo_target(self, seat: int) -> int | None:
        """How many actions remain if ``seat`` takes back its last decision, or None.

        Allowed while it is still ``seat``'s decision, for a decision of ``seat`` made
        since the last chance node that revealed nothing (as Board Game Arena does).
        """
        if self.state.is_terminal() or self.state.current_player() != seat or not self.moves:
            return None
        last = self.moves[-1]
        if last.seat != seat:
            return None
        if self.previous is None:
            self.previous = self.replay(len(self.moves) - 1)
        before = self.previous
        if before.current_player() != seat or before.reveals_information(last.action):
            return None
        return len(self.moves) - 1

    def replay(self, upto: int) -> State:
        state = self.game.new_initial_state()
        for move in self.moves[:upto]:
            state.apply_unchecked(move.action)
        return state

    def bot_to_move(self, state: State | None = None) -> str | None:
        """The bot whose decision ``state`` (default: the live one) waits for, if any."""
        seat = (self.state if state is None else state).current_player()
        if seat < 0:
            return None
        spec = self.row.seats[seat]
        return spec.bot if spec.kind == "bot" else None

    def progress(self, state: State, actions: int) -> Progress:
        over = state.is_terminal()
        return Progress(
            status="finished" if over else "playing",
            actions=actions,
            to_move=None if over else state.current_player(),
            bot_to_move=self.bot_to_move(state) is not None,
        )


def summary_of(row: TableRow) -> dict[str, Any]:
    """The lobby's description of a stored table, from its summary columns alone."""
    info = game_info(row.game)
    return {
        "id": row.id,
        "game": info.name,
        "title": info.title,
        "players": row.players,
        "options": row.options,
        "status": row.progress.status,
        "hotseat": row.hotseat_hash is not None,
        "listed": row.listed,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
        "actions": row.progress.actions,
        "to_move": row.progress.to_move,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "claimed": s.claimed,
                "open": s.joinable,
            }
            for s in row.seats
        ],
    }


class Hub:
    """Every table of one server: created, loaded from the store, played and watched.

    ``workers`` think for the bots (see :mod:`serai.server.bots`); without them bots do
    not move (tools that only read tables).
    """

    def __init__(
        self,
        store: Store,
        workers: Sequence[Worker] = (),
        max_tables: int = 2000,
        idle_seconds: float = 600.0,
    ) -> None:
        self.store = store
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self.driver = BotDriver(list(workers), self._bot_turn)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.layouts: dict[str, dict[str, Any]] = {}

    def hello(self, table: Table) -> str:
        """The first message of a live connection: the table and its board's geometry
        (the same for every table of a game and options, so it is built once)."""
        key = repr(table.game)
        layout = self.layouts.get(key)
        if layout is None:
            layout = self.layouts[key] = table.game.layout()
        return compact({"type": "hello", "table": table.summary(), "layout": layout})

    async def start(self) -> None:
        """Start the bots, and queue every table where a bot is to act (after a restart);
        no game is replayed until its turn comes."""
        self.driver.start()
        for table_id in await asyncio.to_thread(self.store.waiting_for_bots):
            self.driver.wake(table_id)

    async def stop(self) -> None:
        await self.driver.stop()
        for task in list(self.tasks):
            task.cancel()

    async def read(self, query: Callable[..., Any], *args: Any) -> Any:
        """A read of the store, in a thread; a failure is an incident."""
        try:
            return await asyncio.to_thread(query, *args)
        except Exception as error:
            raise incident(error, "reading the tables") from error

    @staticmethod
    def must_act(seats: Sequence[int]) -> None:
        if not seats:
            raise TableError("not_your_turn", "spectators cannot play: open your seat's link")

    def spawn(self, work: Awaitable[Any]) -> None:
        """Run ``work`` in the background, keeping a reference until it is done."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- loading ----------------------------------------------------------------------
    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            table = await self._load(table_id)
        self.tables.move_to_end(table_id)
        table.used = time.monotonic()
        return table

    async def _load(self, table_id: str) -> Table:
        if len(table_id) != TABLE_ID_LENGTH:
            raise TableError("unknown_table", "there is no such table")
        stored = await self.read(self.store.load_table, table_id)
        if stored is None:
            raise TableError("unknown_table", f"there is no table {table_id!r}")
        table = self.tables.get(table_id)  # loaded meanwhile by another request
        if table is None:
            table = self._rebuild(*stored)
            self.tables[table_id] = table
            self._evict()
        return table

    @staticmethod
    def _rebuild(row: TableRow, moves: Sequence[Move]) -> Table:
        game = load_game(row.game, players=row.players, **row.options)
        if game.info.version != row.rules_version:
            raise TableError(
                "rules_changed",
                f"table {row.id} was played under rules version {row.rules_version} of "
                f"{game.info.title}; this server has version {game.info.version}",
            )
        state = game.new_initial_state()
        seen = []
        for move in moves:
            seen.append(texts_for(state, move.action))
            state.apply_action(move.action)
        return Table(row, game, state, list(moves), seen)

    async def _refresh(self, table: Table) -> None:
        """Reload ``table`` from the store, which moved on without this process."""
        stored = await asyncio.to_thread(self.store.load_table, table.id)
        if stored is None:
            return
        fresh = self._rebuild(*stored)
        table.row, table.state, table.moves, table.seen = (
            fresh.row,
            fresh.state,
            fresh.moves,
            fresh.seen,
        )
        table.previous = None

    def _evict(self) -> None:
        """Drop tables nobody watches, plays or waits on: the oldest first while there
        are too many, and any left unused for ``idle_seconds``."""
        now = time.monotonic()
        for table_id, table in list(self.tables.items()):
            too_many = len(self.tables) > self.max_tables
            if not too_many and now - table.used < self.idle_seconds:
                break
            if table.listeners or table.lock.locked() or self.driver.driving(table_id):
                continue
            del self.tables[table_id]

    async def sweep(self, every: float = 60.0) -> None:
        """Evict idle tables every ``every`` seconds, for as long as the server runs."""
        while True:
            await asyncio.sleep(every)
            self._evict()

    # -- creating ---------------------------------------------------------------------
    async def create(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        new_seats: Sequence[NewSeat],
        hotseat: bool = False,
        listed: bool = True,
        seed: int | None = None,
    ) -> tuple[Table, dict[int, str], str | None]:
        """A new table, stored; with each invited seat's token and the hotseat token."""
        try:
            game_info(game_name).check_options(options)
            game = load_game(game_name, players=players, **options)
        except GameError as error:
            raise TableError("bad_table", str(error)) from error
        if len(new_seats) != game.num_players:
            raise TableError(
                "bad_table",
                f"{game.info.title} with {game.num_players} players needs {game.num_players} "
                f"seats, got {len(new_seats)}",
            )
        if any(seat.kind == "open" for seat in new_seats):
            if hotseat:
                raise TableError(
                    "bad_table", "a hotseat table is played on one screen: it has no open seats"
                )
            if not listed:
                raise TableError("bad_table", "open seats are taken from the lobby: list the table")
        tokens: dict[int, str] = {}
        rows = []
        for index, seat in enumerate(new_seats):
            if seat.kind == "bot":
                if seat.bot not in SEAT_BOTS:
                    raise TableError(
                        "bad_table",
                        f"seat {index + 1}: the bots are {', '.join(SEAT_BOTS)}",
                    )
                rows.append(SeatRow(index, "bot", seat.bot, seat.name or seat.bot, None, True))
                continue
            token = None
            if seat.kind == "human":
                token = tokens[index] = secrets.token_urlsafe(18)
            name = seat.name or f"Player {index + 1}"
            rows.append(
                SeatRow(
                    index,
                    "human",
                    None,
                    name,
                    None if token is None else token_hash(token),
                    False,
                    open=seat.kind == "open",
                )
            )
        hotseat_token = secrets.token_urlsafe(18) if hotseat and tokens else None
        now = time.time()
        row = TableRow(
            id=secrets.token_urlsafe(9),
            game=game.info.name,
            rules_version=game.info.version,
            players=game.num_players,
            options={k: v for k, v in game.params().items() if k != "players"},
            seed=secrets.randbits(62) if seed is None else seed,
            hotseat_hash=hotseat_token and token_hash(hotseat_token),
            listed=listed,
            revision=0,
            progress=Progress("playing", 0, None, False),
            created_at=now,
            updated_at=now,
            seats=tuple(rows),
        )
        state = game.new_initial_state()
        table = Table(row, game, state, [], [])
        moves: list[Move] = []
        seen: list[tuple[str, ...]] = []
        self._settle(table, state, moves, seen)
        table.row = replace(row, progress=table.progress(state, len(moves)))
        try:
            await asyncio.wrap_future(self.store.submit_create(table.row, moves))
        except StoreError as error:
            raise incident(error, "creating the table") from error
        table.moves, table.seen = moves, seen
        self.tables[row.id] = table
        self._evict()
        self._wake(table)
        return table, tokens, hotseat_token

    async def join(self, table_id: str) -> tuple[int, str]:
        """Give the caller an open seat of a listed table: (seat, a new token).

        Only seats created as open are ever given away; an invited seat belongs to its
        link, whether or not its owner has used it yet.
        """
        table = await self.get(table_id)
        async with table.lock:
            if not table.row.listed or table.state.is_terminal():
                raise TableError("not_open", f"table {table_id} takes no players from the lobby")
            seat = next((s for s in table.row.seats if s.joinable), None)
            if seat is None:
                raise TableError("table_full", f"table {table_id} has no open seat")
            token = secrets.token_urlsafe(18)
            now = time.time()
            try:
                taken = await asyncio.wrap_future(
                    self.store.submit_claim(table.id, seat.seat, token_hash(token), now)
                )
            except StoreError as error:
                raise incident(error, "taking the seat") from error
            if not taken:
                await self._refresh(table)
                raise TableError("table_full", f"seat {seat.seat + 1} was just taken")
            table.row = replace(
                with_seat(table.row, replace(seat, token_hash=token_hash(token), claimed=True)),
                updated_at=now,
            )
            table.cache.clear()
        await self._announce(table)
        return seat.seat, token

    def seen(self, table: Table, seats: Sequence[int]) -> None:
        """An invited seat's link was used: the lobby shows the seat as taken. Nothing
        waits for this write; if it fails, the seat only looks free a while longer."""
        for seat in (table.row.seats[s] for s in seats):
            if seat.claimed:
                continue
            table.row = with_seat(table.row, replace(seat, claimed=True))
            table.cache.clear()
            self.store.submit_seat(table.id, seat.seat, claimed=True)

    # -- playing ----------------------------------------------------------------------
    async def move(self, table: Table, seats: Sequence[int], text: str, revision: int) -> None:
        """Play ``text`` for the acting seat among ``seats``, if the table is at ``revision``."""
        async with table.lock:
            self._check_revision(table, revision)
            state = table.state
            seat = state.current_player()
            if state.is_terminal():
                raise TableError("game_over", "the game is over")
            if seat not in seats:
                raise TableError(
                    "not_your_turn",
                    "it is not your turn" if seat >= 0 else "the game is resolving a draw",
                )
            try:
                action = state.string_to_action(text)
            except IllegalActionError as error:
                raise TableError("illegal_action", str(error)) from error
            await self._commit(table, seat, [action])

    async def undo(self, table: Table, seats: Sequence[int], revision: int) -> None:
        """Take back the acting seat's last decision of this turn."""
        async with table.lock:
            self._check_revision(table, revision)
            seat = table.state.current_player()
            keep = table.undo_target(seat) if seat in seats else None
            if keep is None:
                raise TableError(
                    "cannot_undo",
                    "nothing to take back: undo works on your own decisions of this turn, "
                    "back to the last draw or revealed information",
                )
            state = table.replay(keep)
            progress = table.progress(state, keep)
            now = time.time()
            try:
                await asyncio.wrap_future(
                    self.store.submit_truncate(table.id, table.revision, keep, progress, now)
                )
            except StaleRevision as error:
                await self._refresh(table)
                raise TableError("stale_state", str(error)) from error
            except StoreError as error:
                raise incident(error, "taking the move back") from error
            del table.moves[keep:]
            del table.seen[keep:]
            table.state = state
            table.previous = None
            table.row = replace(
                table.row, revision=table.revision + 1, progress=progress, updated_at=now
            )
        await self._announce(table)

    async def set_stop_at_windows(self, table: Table, seats: Sequence[int], stop: bool) -> None:
        """A seat's private choice to be asked at windows; choosing not to stop while at
        one lets it pass at once."""
        if not seats:
            raise TableError("not_your_turn", "spectators have no seat to set")
        async with table.lock:
            for index in seats:
                await asyncio.wrap_future(
                    self.store.submit_seat(table.id, index, stop_at_windows=stop)
                )
                table.row = with_seat(
                    table.row, replace(table.row.seats[index], stop_at_windows=stop)
                )
            table.cache.clear()
            if self._passes_window(table, table.state):
                await self._commit(table, table.state.current_player(), [])
        await self._announce(table)

    @staticmethod
    def _check_revision(table: Table, revision: int) -> None:
        if revision != table.revision:
            raise TableError(
                "stale_state",
                f"the table has changed (you sent revision {revision}; it is at "
                f"{table.revision}): here is the current state",
            )

    def _passes_window(self, table: Table, state: State) -> bool:
        """Whether a human seat that chose not to stop at windows is at one."""
        seat = state.current_player()
        if seat < 0 or state.window_pass() is None:
            return False
        row = table.row.seats[seat]
        return row.kind == "human" and not row.stop_at_windows

    def _settle(
        self, table: Table, state: State, moves: list[Move], seen: list[tuple[str, ...]]
    ) -> None:
        """Play what follows by itself: chance nodes, and windows passed at once."""
        while True:
            if state.is_chance_node():
                seat = CHANCE_SEAT
                action = sample_chance(state, chance_rng(table.row.seed, len(state.history())))
            elif self._passes_window(table, state):
                seat = state.current_player()
                action = state.window_pass()  # type: ignore[assignment]
            else:
                return
            moves.append(Move(action, seat, state.action_to_string(action), time.time()))
            seen.append(texts_for(state, action))
            state.apply_action(action)

    async def _commit(self, table: Table, seat: int, actions: Sequence[ActionId]) -> None:
        """Apply ``actions`` of ``seat`` and what follows, store, then publish; must be
        called holding ``table.lock``."""
        state = table.state.clone()
        moves: list[Move] = []
        seen: list[tuple[str, ...]] = []
        for action in actions:
            moves.append(Move(action, seat, state.action_to_string(action), time.time()))
            seen.append(texts_for(state, action))
            state.apply_action(action)
        self._settle(table, state, moves, seen)
        if not moves:
            return
        progress = table.progress(state, len(table.moves) + len(moves))
        now = time.time()
        try:
            await asyncio.wrap_future(
                self.store.submit_moves(
                    table.id, table.revision, len(table.moves), moves, progress, now
                )
            )
        except StaleRevision as error:
            await self._refresh(table)
            raise TableError("stale_state", str(error)) from error
        except StoreError as error:
            raise incident(error, "storing the move") from error
        table.moves.extend(moves)
        table.seen.extend(seen)
        table.previous = table.state if len(moves) == 1 else None
        table.state = state
        table.row = replace(
            table.row, revision=table.revision + 1, progress=progress, updated_at=now
        )
        self.spawn(self._announce(table))
        self._wake(table)

    async def _announce(self, table: Table) -> None:
        for listener in list(table.listeners):
            await listener(table)

    # -- bots ---------------------------------------------------------------------------
    def _wake(self, table: Table) -> None:
        if table.bot_to_move() is not None:
            self.driver.wake(table.id)

    async def _bot_turn(self, table_id: str, worker: Worker) -> None:
        """One decision of the bot to act at ``table_id`` (the driver's callback); the
        table goes back in the queue if a bot is still to act."""
        table = await self.get(table_id)
        spec = table.bot_to_move()
        if spec is None:
            return
        revision = table.revision
        snapshot = table.state.clone()
        seed = table.row.seed ^ len(snapshot.history())
        if snapshot.window_pass() is not None:
            action = await self._window_answer(snapshot, seed)
        elif len(legal := snapshot.legal_actions()) == 1:
            action = legal[0]
        else:
            try:
                action = await worker.decide(spec, seed, snapshot, cap_seconds(spec))
            except Overrun as overrun:
                log.warning("table %s: %s; it plays a random legal move", table_id, overrun)
                action = fallback(snapshot, seed)
        async with table.lock:
            if table.revision == revision:
                await self._commit(table, snapshot.current_player(), [action])
            else:
                self._wake(table)

    @staticmethod
    async def _window_answer(state: State, seed: int) -> ActionId:
        """A bot's answer at a window: the greedy choice (milliseconds, in this process),
        released :data:`WINDOW_SECONDS` after the window opened whatever it is."""
        opened = time.monotonic()
        action = GreedyBot(seed).act(state)
        await asyncio.sleep(max(0.0, opened + WINDOW_SECONDS - time.monotonic()))
        return action
