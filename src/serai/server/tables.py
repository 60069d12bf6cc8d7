"""The server's authority over every table: moves, undo, views and bots.

A :class:`Table` holds a game's live state next to the record it was rebuilt from. Every
change goes the same way: check it with the engine on a copy, resolve the chance nodes that
follow (each outcome drawn from the table's seed and the action's index, so a replay draws
the same), commit it to the :class:`~serai.server.store.Store`, and only then make the copy
the table's state and tell every connection. A change that fails at any step leaves the
table as it was.

What leaves the server is built in one place, :meth:`Table.message`: a seat's
``view(seat)``, the log as ``action_to_string_for(seat, …)`` shows it, and the seat's legal
actions when it may act. Nothing else about the state is ever sent.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from serai.bots.presets import make_bot
from serai.engine import (
    ActionId,
    GameError,
    IllegalActionError,
    Seat,
    State,
    load_game,
    sample_chance,
)
from serai.engine.core import Game
from serai.server.store import CHANCE_SEAT, Move, SeatRow, StaleRevision, Store, TableRow

MAX_PLAYERS_NAME = 40


class TableError(GameError):
    """A request the server refuses; ``code`` names the kind for clients."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def token_hash(token: str) -> str:
    """Seat tokens are stored hashed: the database alone cannot act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def chance_rng(seed: int, index: int) -> random.Random:
    """The generator for the chance node at action ``index`` of a table seeded ``seed``."""
    return random.Random(f"{seed}/{index}")


def status_of(state: State) -> str:
    return "finished" if state.is_terminal() else "playing"


def bot_decision(spec: str, seed: int, state: State) -> ActionId:
    """One bot decision; runs in a worker process, away from the server's event loop."""
    kind, _, difficulty = spec.partition(":")
    return make_bot(kind, difficulty or None, seed=seed).act(state)


def texts_for(state: State, action: ActionId) -> tuple[str, ...]:
    """The log line of ``action`` (about to be applied to ``state``) as each viewer sees it:
    a spectator first, then every seat in order."""
    viewers: list[int | None] = [None, *range(state.game.num_players)]
    return tuple(state.action_to_string_for(viewer, action) for viewer in viewers)


@dataclass
class Table:
    """A table in memory: the stored row, the game and the live state."""

    row: TableRow
    game: Game
    state: State
    moves: list[Move]
    seen: list[tuple[str, ...]]
    revision: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Callable[[Table], Awaitable[None]]] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    previous: State | None = None
    """The state before the last action, once known (undo checks it after every move)."""

    @property
    def id(self) -> str:
        return self.row.id

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
        info = self.game.info
        return {
            "id": self.id,
            "game": info.name,
            "title": info.title,
            "players": self.row.players,
            "options": self.row.options,
            "status": status_of(self.state),
            "hotseat": self.row.hotseat_hash is not None,
            "listed": self.row.listed,
            "created_at": self.row.created_at,
            "actions": len(self.moves),
            "seats": [
                {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name, "claimed": s.claimed}
                for s in self.row.seats
            ],
        }

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


class Hub:
    """Every table of one server: created, loaded from the store, played and watched."""

    def __init__(self, store: Store, executor: Executor | None = None) -> None:
        self.store = store
        self.executor = executor
        self.tables: dict[str, Table] = {}

    # -- loading ----------------------------------------------------------------------
    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        row = await asyncio.to_thread(self.store.load_table, table_id)
        if row is None:
            raise TableError("unknown_table", f"there is no table {table_id!r}")
        table = self.tables.get(table_id)  # loaded meanwhile by another request
        if table is None:
            table = self._rebuild(row)
            self.tables[table_id] = table
            self.wake_bots(table)
        return table

    @staticmethod
    def _rebuild(row: TableRow) -> Table:
        game = load_game(row.game, players=row.players, **row.options)
        if game.info.version != row.rules_version:
            raise TableError(
                "rules_changed",
                f"table {row.id} was played under rules version {row.rules_version}; "
                f"this server has {game.info.version}",
            )
        state = game.new_initial_state()
        seen = []
        for move in row.moves:
            seen.append(texts_for(state, move.action))
            state.apply_action(move.action)
        return Table(row, game, state, list(row.moves), seen, row.revision)

    async def resume(self) -> int:
        """Load every unfinished table and restart its bots (after a restart)."""
        ids = await asyncio.to_thread(self.store.list_tables, ("playing",), 100_000)
        for table_id in ids:
            await self.get(table_id)
        return len(ids)

    # -- creating ---------------------------------------------------------------------
    async def create(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        seat_specs: Sequence[dict[str, Any]],
        hotseat: bool = False,
        listed: bool = True,
        seed: int | None = None,
    ) -> tuple[Table, dict[int, str], str | None]:
        """A new table, stored; with each human seat's token and the hotseat token."""
        try:
            game = load_game(game_name, players=players, **options)
        except GameError as error:
            raise TableError("bad_table", str(error)) from error
        if len(seat_specs) != game.num_players:
            raise TableError(
                "bad_table",
                f"{game.info.title} with {game.num_players} players needs {game.num_players} "
                f"seats, got {len(seat_specs)}",
            )
        tokens: dict[int, str] = {}
        rows = []
        for index, spec in enumerate(seat_specs):
            kind, bot, name = self._seat_spec(index, spec)
            token = secrets.token_urlsafe(18) if kind == "human" else None
            if token is not None:
                tokens[index] = token
            rows.append(SeatRow(index, kind, bot, name, token and token_hash(token), kind == "bot"))
        hotseat_token = secrets.token_urlsafe(18) if hotseat and tokens else None
        state = game.new_initial_state()
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
            status="playing",
            created_at=time.time(),
            seats=tuple(rows),
            moves=(),
        )
        seen: list[tuple[str, ...]] = []
        moves = self._resolve_chance(row.seed, state, [], seen)
        row = TableRow(**{**vars(row), "moves": tuple(moves), "status": status_of(state)})
        await asyncio.wrap_future(self.store.submit_create(row))
        table = Table(row, game, state, list(moves), seen, 0)
        self.tables[row.id] = table
        self.wake_bots(table)
        return table, tokens, hotseat_token

    @staticmethod
    def _seat_spec(index: int, spec: dict[str, Any]) -> tuple[str, str | None, str]:
        kind = spec.get("kind", "human")
        name = str(spec.get("name") or "")[:MAX_PLAYERS_NAME]
        if kind == "human":
            return "human", None, name or f"Player {index + 1}"
        if kind != "bot":
            raise TableError("bad_table", f"seat {index + 1}: kind must be human or bot")
        bot = str(spec.get("bot") or "mcts")
        difficulty = spec.get("difficulty")
        full = bot if difficulty in (None, "") else f"{bot}:{difficulty}"
        try:
            kind_name, _, level = full.partition(":")
            make_bot(kind_name, level or None)
        except GameError as error:
            raise TableError("bad_table", f"seat {index + 1}: {error}") from error
        return "bot", full, name or full

    async def join(self, table_id: str) -> tuple[int, str]:
        """Give the caller an unclaimed human seat of a listed table: (seat, a new token)."""
        table = await self.get(table_id)
        async with table.lock:
            if not table.row.listed or table.state.is_terminal():
                raise TableError("not_open", f"table {table_id} takes no players from the lobby")
            for seat in table.row.seats:
                if seat.kind == "human" and not seat.claimed:
                    token = await self._claim(table, seat)
                    return seat.seat, token
        raise TableError("table_full", f"every seat of table {table_id} is taken")

    async def _claim(self, table: Table, seat: SeatRow) -> str:
        token = secrets.token_urlsafe(18)
        if not await asyncio.wrap_future(
            self.store.submit_claim(table.id, seat.seat, token_hash(token))
        ):
            raise TableError("table_full", f"seat {seat.seat + 1} was just taken")
        claimed = SeatRow(seat.seat, seat.kind, seat.bot, seat.name, token_hash(token), True)
        seats = tuple(claimed if s.seat == seat.seat else s for s in table.row.seats)
        table.row = TableRow(**{**vars(table.row), "seats": seats})
        return token

    async def mark_claimed(self, table: Table, seats: Sequence[int]) -> None:
        """A seat's own invite link was used: it no longer shows as open in the lobby."""
        fresh = [s for s in table.row.seats if s.seat in seats and not s.claimed]
        if not fresh:
            return
        for seat in fresh:
            await asyncio.wrap_future(self.store.submit_claim(table.id, seat.seat))
        marked = {s.seat for s in fresh}
        table.row = TableRow(
            **{
                **vars(table.row),
                "seats": tuple(
                    SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash, True)
                    if s.seat in marked
                    else s
                    for s in table.row.seats
                ),
            }
        )

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
            await self._commit(table, seat, action)

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
            await asyncio.wrap_future(
                self.store.submit_truncate(table.id, table.revision, keep, status_of(state))
            )
            del table.moves[keep:]
            del table.seen[keep:]
            table.state = state
            table.previous = None
            table.revision += 1
        await self._announce(table)

    @staticmethod
    def _check_revision(table: Table, revision: int) -> None:
        if revision != table.revision:
            raise TableError(
                "stale_state",
                f"the table has changed (you sent revision {revision}; it is at "
                f"{table.revision}): here is the current state",
            )

    @staticmethod
    def _resolve_chance(
        seed: int, state: State, moves: list[Move], seen: list[tuple[str, ...]]
    ) -> list[Move]:
        """Draw every chance node from ``state`` on, appending each outcome to ``moves``."""
        while state.is_chance_node():
            action = sample_chance(state, chance_rng(seed, len(state.history())))
            moves.append(Move(action, CHANCE_SEAT, state.action_to_string(action), time.time()))
            seen.append(texts_for(state, action))
            state.apply_action(action)
        return moves

    async def _commit(self, table: Table, seat: Seat, action: ActionId) -> None:
        """Apply, store, then publish; must be called holding ``table.lock``."""
        state = table.state.clone()
        moves = [Move(action, seat, state.action_to_string(action), time.time())]
        seen = [texts_for(state, action)]
        state.apply_action(action)
        self._resolve_chance(table.row.seed, state, moves, seen)
        try:
            await asyncio.wrap_future(
                self.store.submit_moves(
                    table.id, table.revision, len(table.moves), moves, status_of(state)
                )
            )
        except StaleRevision as error:
            raise TableError("stale_state", str(error)) from error
        table.moves.extend(moves)
        table.seen.extend(seen)
        table.previous = table.state if len(moves) == 1 else None
        table.state = state
        table.revision += 1
        asyncio.get_running_loop().create_task(self._announce(table))
        self.wake_bots(table)

    async def _announce(self, table: Table) -> None:
        for listener in list(table.listeners):
            await listener(table)

    # -- bots ---------------------------------------------------------------------------
    def bot_to_move(self, table: Table) -> str | None:
        seat = table.state.current_player()
        if seat < 0:
            return None
        spec = table.row.seats[seat]
        return spec.bot if spec.kind == "bot" else None

    def wake_bots(self, table: Table) -> None:
        """Start the table's bot worker if a bot is to move and none is running."""
        if self.bot_to_move(table) is None:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._play_bots(table))

    async def _play_bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while (spec := self.bot_to_move(table)) is not None:
            revision = table.revision
            snapshot = table.state.clone()
            seed = table.row.seed ^ len(snapshot.history())
            if len(snapshot.legal_actions()) == 1:
                action = snapshot.legal_actions()[0]
            else:
                action = await loop.run_in_executor(
                    self.executor, bot_decision, spec, seed, snapshot
                )
            async with table.lock:
                if table.revision != revision:
                    continue
                await self._commit(table, table.state.current_player(), action)
