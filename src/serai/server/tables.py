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
actions when it may act, each as its text and as its decoded parts (``Game.decode``), and
the table's clocks. Nothing else about the state is ever sent. Each distinct message is
built once per revision and shared by every connection that is sent it.

The :class:`Hub` keeps only active tables in memory: a table is loaded when someone asks
for it and dropped once nobody has used it for a while; the lobby reads the store's
summary columns and never replays a game.

People are known by a seat's token (an invite link), by their account (a signed-in
player's seats are bound to it), or not at all (spectators). A player who leaves is
replaced by a greedy bot until they come back; a rated game's result updates its players'
ratings (:mod:`serai.server.ratings`) in the transaction of its last move.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import math
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import orjson

from serai.bots.greedy import GreedyBot
from serai.engine import (
    ActionId,
    GameError,
    IllegalActionError,
    State,
    game_info,
    load_game,
    places,
    sample_chance,
)
from serai.engine.core import Game
from serai.server.analysis import analyse, load_analysis, submit_analysis
from serai.server.bots import (
    ALONE,
    HINT_BOT,
    PLAYERS,
    SEAT_BOTS,
    WATCHED,
    BotDriver,
    Overrun,
    Worker,
    cap_seconds,
    fallback,
    forced_for_all,
)
from serai.server.chat import (
    KEPT,
    MAX_LINE,
    ChatLine,
    load_lines,
    new_line,
    readable,
    submit_line,
)
from serai.server.clocks import RATED_DEFAULT, Clocks, ClockSettings
from serai.server.cluster import SWEEP_SECONDS, Cluster, Solo
from serai.server.errors import TableError, incident, log
from serai.server.players import Account, Players
from serai.server.ratings import RatedSeat
from serai.server.store import (
    CHANCE_SEAT,
    Move,
    Progress,
    SeatRow,
    StaleRevision,
    Store,
    StoreError,
    TableRow,
    with_seats,
)

TABLE_ID_LENGTH = 12
"""Characters of a table id (9 random bytes, URL-safe base64)."""

HINT_MOVES = 5
"""Moves a hint shows."""

HINTS_WAITING = 4
"""Hints one process searches or keeps waiting at once, one per address (its helper
searches one at a time, for seconds): more are refused at once, not queued without end."""

STAND_IN = "greedy"
"""The bot that plays for a player who left."""

WINDOW_SECONDS = 0.2
"""Every bot's answer at an optional window is released this long after the window
opened, whatever the bot holds, so nobody learns who holds what by the bots' timing."""


def token_hash(token: str) -> str:
    """Seat tokens are stored hashed: the database alone cannot act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def rematch_token(token: str, rematch_id: str, seats: Sequence[int]) -> str:
    """The token of ``seats``' places in the rematch ``rematch_id``, drawn from ``token``,
    the one they held their seats by: the same whoever answers and whenever, and known
    only to its holder (the database keeps tokens hashed)."""
    said = f"rematch/{rematch_id}/{','.join(map(str, seats))}".encode()
    digest = hmac.new(token.encode(), said, hashlib.sha256).digest()[:18]
    return base64.urlsafe_b64encode(digest).decode()


def chance_rng(seed: int, index: int) -> random.Random:
    """The generator for the chance node at action ``index`` of a table seeded ``seed``."""
    return random.Random(f"{seed}/{index}")


Seen = tuple[tuple[str, ...], tuple[str, ...], bool]
"""An action as each viewer reads it in the log (a spectator first, then every seat in
order): its notation, its words with the seats left as ``{0}``, ``{1}``…, and whether it
let a window pass (``State.window_pass``). A plain tuple of strings and a flag, which the
garbage collector stops scanning once it has seen it: a server keeps one for every
action of every table in memory."""


def seen_by_all(state: State, action: ActionId, after: State | None = None) -> Seen:
    """How every viewer reads ``action``, about to be applied to ``state`` (``after``: the
    state it leads to, if known)."""
    viewers: list[int | None] = [None, *range(state.game.num_players)]
    return (
        tuple(state.action_to_string_for(viewer, action) for viewer in viewers),
        state.narrations(action, after),
        action == state.window_pass(),
    )


def played(state: State, seat: int, action: ActionId, moves: list[Move], seen: list[Seen]) -> State:
    """The state after ``seat`` plays ``action`` in ``state`` (left as it was); the move
    and how everyone reads it are added to ``moves`` and ``seen``."""
    after = state.clone()
    after.apply_action(action)
    moves.append((action, seat, state.action_to_string(action), time.time()))
    seen.append(seen_by_all(state, action, after))
    return after


def passes_window(seats: Sequence[SeatRow], state: State) -> bool:
    """Whether ``state`` is at a window of a human seat that chose not to stop at them."""
    seat = state.current_player()
    if seat < 0 or state.window_pass() is None:
        return False
    row = seats[seat]
    return row.kind == "human" and not row.stop_at_windows


def settled(
    state: State, seed: int, seats: Sequence[SeatRow], moves: list[Move], seen: list[Seen]
) -> State:
    """The state once what follows ``state`` by itself is played: chance nodes, drawn from
    the table's ``seed``, and windows :func:`passes_window` lets pass; each action added to
    ``moves`` and ``seen``."""
    while True:
        if state.is_chance_node():
            seat = CHANCE_SEAT
            action = sample_chance(state, chance_rng(seed, len(state.history())))
        elif passes_window(seats, state):
            seat = state.current_player()
            action = state.window_pass()  # type: ignore[assignment]
        else:
            return state
        state = played(state, seat, action, moves, seen)


def compact(message: dict[str, Any]) -> str:
    """``message`` as the JSON text a client is sent (orjson: several times quicker than
    the standard library, which matters with every move of every table). Every key is a
    string: the conformance suite holds each game's views, score breakdowns and action
    parts to plain JSON, so orjson needs no slower option for other keys."""
    return orjson.dumps(message).decode()


@dataclass
class Sent:
    """The log lines one connection has: how many, as of how many takings back."""

    lines: int = 0
    takings_back: int = 0


KEPT_TAKINGS_BACK = 16
"""Takings back a table remembers: a connection that missed more is sent every line."""

DECLINED = {"absent": True, "declined": True}
"""The columns of a seat whose player declined a rated game: a bot plays it, nobody is
rated."""

REPLAY_EVERY = 64
"""Every how many actions a table keeps the state a replay passes (:meth:`Table.replay`):
a step of a long game is then at most that many actions from a kept state."""


@dataclass(frozen=True)
class NewSeat:
    """A seat as a new table asks for it (already validated)."""

    kind: str
    """``human`` (invited: its link is handed out, or bound to ``account``), ``open``
    (taken from the lobby) or ``bot``."""
    name: str | None = None
    bot: str | None = None
    account: str | None = None
    """The name of the account that alone may take this seat."""


Listener = Callable[["Table", dict[str, Any] | None], None]
"""Told of every change of a table: ``None`` when its state changed, ``{"private": seats}``
when only those seats' own choices did (their connections alone are sent the state),
else a notice (a chat line, a rematch) that each connection passes on if its reader may
read it. It only queues what to send: it is called while the change is made."""

PRIVATE_COLUMNS = ("stop_at_windows", "mute_chat")
"""A seat's own choices, which nobody else is told of, nor when they change."""


def privately_changed(before: TableRow, after: TableRow) -> frozenset[int] | None:
    """The seats whose own choices (:data:`PRIVATE_COLUMNS`) alone changed from ``before``
    to ``after``, or ``None`` if anything else did."""
    if replace(after, seats=before.seats) != before or len(after.seats) != len(before.seats):
        return None
    changed = set()
    for was, now in zip(before.seats, after.seats, strict=True):
        if now != was:
            if replace(now, **{name: getattr(was, name) for name in PRIVATE_COLUMNS}) != was:
                return None
            changed.add(now.seat)
    return frozenset(changed)


IN_USE_SECONDS = 30.0
"""A table used this recently stays in memory whatever the count: a request or a
connection opening may hold it between two awaits, and must not act on a copy that left."""

RETRY_SECONDS = 1.0
"""How soon the clock keeper tries again a timeout the store failed (or failed it)."""

KEPT_GAMES = 64
"""Games (each with its options) whose shared parts are kept: a game's tables at options
never seen before cannot grow the server's memory without end."""


class Shared:
    """What every table of one game (with its options) shares, each part built once: the
    board's layout, and the actions as the boards are sent them, decoded into parts and as
    a choice with its text too. Both depend on the action alone (a conformance test holds
    every game to it). The games used last are kept, :data:`KEPT_GAMES` at most."""

    known: ClassVar[OrderedDict[str, Shared]] = OrderedDict()

    def __init__(self, game: Game) -> None:
        self.game = game
        self.decoded: dict[ActionId, dict[str, Any]] = {}
        self.offered: dict[ActionId, dict[str, Any]] = {}
        self.drawn: dict[str, Any] | None = None

    @classmethod
    def of(cls, game: Game) -> Shared:
        """What ``game``'s tables share."""
        key = repr(game)
        found = cls.known.pop(key, None) or cls(game)
        cls.known[key] = found
        while len(cls.known) > KEPT_GAMES:
            cls.known.popitem(last=False)
        return found

    def layout(self) -> dict[str, Any]:
        """The board's fixed geometry (``Game.layout``)."""
        if self.drawn is None:
            self.drawn = self.game.layout()
        return self.drawn

    def parts(self, action: ActionId) -> dict[str, Any]:
        """``action`` decoded (``Game.decode``)."""
        found = self.decoded.get(action)
        if found is None:
            found = self.decoded[action] = self.game.decode(action)._asdict()
        return found

    def choices(self, state: State) -> list[dict[str, Any]]:
        """The legal actions of ``state``, each as its text and parts."""
        offered = self.offered
        return [offered.get(a) or self._offer(state, a) for a in state.legal_actions()]

    def _offer(self, state: State, action: ActionId) -> dict[str, Any]:
        found = self.offered[action] = {
            "text": state.action_to_string(action),
            **self.parts(action),
        }
        return found


@dataclass
class Table:
    """A table in memory: the stored row, the game and the live state."""

    row: TableRow
    game: Game
    state: State
    moves: list[Move]
    seen: list[Seen]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Listener] = field(default_factory=set)
    previous: State | None = None
    """The state before the last action, once known (undo checks it after every move)."""
    used: float = field(default_factory=time.monotonic)
    cache: dict[tuple[Any, ...], str] = field(default_factory=dict)
    """Message texts of the current revision, by whom they are for."""
    cache_revision: int = -1
    chat: list[ChatLine] = field(default_factory=list)
    next_bot: float = 0.0
    """When (``time.monotonic``) a bot may next move here while people watch."""
    summarised: tuple[TableRow, dict[str, Any]] | None = None
    heard: int = 0
    """Changes other processes made while this one did not keep up with the table
    (:meth:`Hub.keeps_up`)."""
    caught: int = 0
    """How many of those the last reading of the store took in."""
    unheard_chat: bool = False
    """Whether other processes may have said chat lines here that this one did not hear
    (Redis away, or the table not yet listened to): read from the store when next caught
    up."""
    owner: str = ""
    """The address that made the table here (:meth:`Hub.create`): its bots take turns with
    other addresses' tables'. Empty for a table read from the store."""
    taken_back: list[tuple[int, int]] = field(default_factory=list)
    """The last :data:`KEPT_TAKINGS_BACK` times actions were taken back (an undo here, or
    one read from the store), each numbered, with the number of actions it kept: a
    connection that has lines beyond is sent them again (:meth:`message_since`)."""
    takings_back: int = 0
    """How many times actions were taken back since the table was read."""
    replayed: dict[int, State] = field(default_factory=dict)
    """The states after every :data:`REPLAY_EVERY` actions that :meth:`replay` passed
    (for a step of a finished game, or an undo's check of a live one)."""
    shared: Shared = field(init=False)

    def __post_init__(self) -> None:
        self.shared = Shared.of(self.game)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def behind(self) -> bool:
        """Whether other processes changed the table since this one last read it (it is
        caught up when next used)."""
        return self.heard != self.caught

    @property
    def revision(self) -> int:
        return self.row.revision

    def seats_for(self, token: str | None, account: Account | None = None) -> tuple[int, ...]:
        """The seats a token acts for (one seat, or every human seat: hotseat), else the
        seats bound to ``account``, else none (a spectator). A seat's token acts for it
        only while it is bound to no account, or signed in as that account: whoever made
        the table holds every seat's link, and a seat's player is its account's alone."""
        if not token:
            if account is None:
                return ()
            return tuple(s.seat for s in self.row.seats if s.account_id == account.id)
        digest = token_hash(token)
        if self.row.hotseat_hash is not None and secrets.compare_digest(
            digest, self.row.hotseat_hash
        ):
            return tuple(s.seat for s in self.row.seats if s.kind == "human")
        for seat in self.row.seats:
            if seat.token_hash is not None and secrets.compare_digest(digest, seat.token_hash):
                theirs = seat.account_id is None or (account and account.id == seat.account_id)
                if not theirs:
                    raise TableError(
                        "bad_token",
                        f"that seat is {seat.name}'s: sign in as {seat.name} to play it",
                    )
                return (seat.seat,)
        raise TableError("bad_token", f"that link's seat token is not valid for table {self.id}")

    def viewer(self, seats: Sequence[int]) -> int | None:
        """Whose view a connection acting for ``seats`` is shown.

        One seat: its own. Hotseat: the human seat to move, else (a bot's turn, a draw,
        the end) a spectator's, since the device is still in the last player's hands.
        """
        if len(seats) == 1:
            return seats[0]
        to_move = self.state.current_player()
        return to_move if to_move in seats else None

    @staticmethod
    def log_reader(seats: Sequence[int]) -> int | None:
        """Whose words a connection acting for ``seats`` reads the log in: its seat's, or,
        on a hotseat device every seat shares, a spectator's (each seat's private values
        show in its view while it is to move, never in lines left for the next seat)."""
        return seats[0] if len(seats) == 1 else None

    def summary(self) -> dict[str, Any]:
        """What the lobby and every message say about the table (nothing hidden); built
        again only when the row changes."""
        if self.summarised is None or self.summarised[0] is not self.row:
            self.summarised = (self.row, summary_of(self.row))
        return self.summarised[1]

    def log_for(self, viewer: int | None, upto: int, start: int = 0) -> list[dict[str, Any]]:
        """Log lines ``start``… up to action ``upto`` as ``viewer`` may read them (the same
        rule as views)."""
        column = 0 if viewer is None else viewer + 1
        names = [seat.name for seat in self.row.seats]
        lines = []
        for (action, by, text, _), (texts, words, window) in zip(
            self.moves[start:upto], self.seen[start:upto], strict=True
        ):
            line: dict[str, Any] = {
                "seat": None if by == CHANCE_SEAT else by,
                "text": texts[column],
                "words": words[column].format(*names),
            }
            if texts[column] == text:  # seen whole: its parts hide nothing
                line["parts"] = self.shared.parts(action)
            if window:  # a window let pass: no decision of the seat's own turn
                line["window"] = True
            lines.append(line)
        return lines

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
        choices = [] if acting is None else self.shared.choices(state)
        return {
            "type": "state",
            "table": self.summary(),
            "revision": self.revision,
            "seat": viewer,
            "you": list(seats),
            "preferences": self.preferences(seats),
            "view": state.view(viewer),
            "to_move": to_move if to_move >= 0 else None,
            "prompt": state.prompt() if acting is not None else "",
            "legal": [option["text"] for option in choices],
            "choices": choices,
            "can_undo": acting is not None and self.undo_target(acting) is not None,
            "can_decline": self.can_decline(seats),
            "log_start": start,
            "log": self.log_for(self.log_reader(seats), upto, start),
            "clock": None if self.clocks is None else self.clocks.message(),
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

    def message_since(self, seats: tuple[int, ...], sent: Sent) -> str:
        """:meth:`message_text` for a connection that has the log lines ``sent`` says, which
        then has every line: those from the first it lacks, or the first that was taken
        back since it was sent (by undos, here or elsewhere, however many new actions
        followed them before this message)."""
        if sent.takings_back != self.takings_back:
            missed = self.takings_back - sent.takings_back
            kept = [keep for number, keep in self.taken_back if number > sent.takings_back]
            sent.lines = min(sent.lines, *kept) if len(kept) == missed else 0
            sent.takings_back = self.takings_back
        text = self.message_text(seats, sent.lines)
        sent.lines = len(self.moves)
        return text

    def take_back(self, keep: int) -> None:
        """Drop the actions from index ``keep`` on (and how each viewer read them)."""
        del self.moves[keep:]
        del self.seen[keep:]
        self.replayed = {step: state for step, state in self.replayed.items() if step <= keep}
        self.takings_back += 1
        self.taken_back = [*self.taken_back[1 - KEPT_TAKINGS_BACK :], (self.takings_back, keep)]

    def preferences(self, seats: Sequence[int]) -> dict[str, bool] | None:
        """The private choices of the seats a connection acts for (none for spectators)."""
        if not seats:
            return None
        mine = [self.row.seats[s] for s in seats]
        return {
            "stop_at_windows": all(seat.stop_at_windows for seat in mine),
            "mute_chat": any(seat.mute_chat for seat in mine),
        }

    def chat_for(self, seats: Sequence[int]) -> list[dict[str, Any]]:
        """The chat lines a connection acting for ``seats`` may read."""
        apart = self.row.spectator_chat == "apart"
        return [
            line.message() for line in self.chat if readable(line, seats, self.row.seats, apart)
        ]

    def can_decline(self, seats: Sequence[int]) -> bool:
        """Whether the player of ``seats`` may still decline this rated game: before the
        end, before anyone declined it, and before anything was decided for their seats
        (by them, or by a bot when their time ran out; a window let pass by itself is no
        decision)."""
        if not (self.row.rated and seats) or self.state.is_terminal():
            return False
        if any(seat.declined for seat in self.row.seats):
            return False
        return not any(
            by in seats and not window
            for (_, by, _, _), (_, _, window) in zip(self.moves, self.seen, strict=True)
        )

    def gone(self, seats: Sequence[int]) -> dict[str, bool]:
        """The columns of ``seats`` whose player leaves or runs out of time: absent, and
        declined if they decided nothing yet in a rated game (it then rates no one, as the
        big sites abort a game whose player never moved: an account opened only to leave,
        or kept a seat on a clock of a second, loses no game)."""
        return dict(DECLINED) if self.can_decline(seats) else {"absent": True}

    def refuse_declined(self, seats: Sequence[int]) -> None:
        """Refuse a move or a return of a player who declined the game: a bot plays their
        seats to the end."""
        if any(self.row.seats[seat].declined for seat in seats):
            raise TableError(
                "declined",
                "you declined this game, or your time ran out before your first decision in "
                "it: a bot plays your seat",
            )

    def undo_target(self, seat: int) -> int | None:
        """How many actions remain if ``seat`` takes back its last decision, or None.

        Allowed while it is still ``seat``'s decision, for a decision of ``seat`` made
        since the last chance node that revealed nothing (as Board Game Arena does).
        """
        if self.state.is_terminal() or self.state.current_player() != seat or not self.moves:
            return None
        last, by, _, _ = self.moves[-1]
        if by != seat:
            return None
        if self.previous is None:
            self.previous = self.replay(len(self.moves) - 1)
        before = self.previous
        if before.current_player() != seat or before.reveals_information(last):
            return None
        return len(self.moves) - 1

    def replay(self, upto: int) -> State:
        """The state after the first ``upto`` actions (a new one, the caller's to change),
        replayed from the nearest state kept before it: one every :data:`REPLAY_EVERY`
        actions, kept as a replay first passes it (a reader stepping through a long
        finished game had each step replayed from the start, 8 ms for 2,500 actions)."""
        start = upto - upto % REPLAY_EVERY
        while start and start not in self.replayed:
            start -= REPLAY_EVERY
        state = self.replayed[start].clone() if start else self.game.new_initial_state()
        for index in range(start, upto):
            state.apply_unchecked(self.moves[index][0])
            if (index + 1) % REPLAY_EVERY == 0:
                self.replayed.setdefault(index + 1, state.clone())
        return state

    def bot_to_move(self, state: State | None = None, clocks: Clocks | None = None) -> str | None:
        """The bot whose decision ``state`` (default: the live one) waits for, if any:
        a bot's seat, or the stand-in of a player who left or whose clock ran out."""
        seat = (self.state if state is None else state).current_player()
        if seat < 0:
            return None
        row = self.row.seats[seat]
        if row.kind == "bot":
            return row.bot
        clocks = self.clocks if clocks is None else clocks
        timed_out = clocks is not None and clocks.playing_for == seat
        return STAND_IN if row.absent or timed_out else None

    def result(self, state: State) -> list[RatedSeat]:
        """A finished rated game's places, by account (a bot preset plays as
        ``bot:<preset>``); a player who left places last. Empty when a seat was never
        taken (kept for an account that never opened the table, or open and never
        joined) or was declined: a game counts only for players who all came to it."""
        if not all(seat.claimed and not seat.declined for seat in self.row.seats):
            return []
        absent = {seat.seat for seat in self.row.seats if seat.absent}
        ranked = places(state.returns(), state.scores(), absent)
        return [
            RatedSeat(seat.account_id or f"bot:{seat.bot}", place)
            for seat, place in zip(self.row.seats, ranked, strict=True)
        ]

    @property
    def clocks(self) -> Clocks | None:
        return self.row.progress.clocks

    def progress(self, state: State, actions: int, clocks: Clocks | None = None) -> Progress:
        """Where ``state`` stands, with the table's clocks (or ``clocks``)."""
        over = state.is_terminal()
        return Progress(
            status="finished" if over else "playing",
            actions=actions,
            to_move=None if over else state.current_player(),
            bot_to_move=self.bot_to_move(state, clocks) is not None,
            clocks=self.clocks if clocks is None else clocks,
        )

    def bots_queue(self) -> int:
        """The bots' queue the table waits in: :data:`PLAYERS` while a person plays a seat
        (not left to a bot), :data:`WATCHED` while people only watch it here, else
        :data:`ALONE`."""
        if any(seat.kind == "human" and not seat.absent for seat in self.row.seats):
            return PLAYERS
        return WATCHED if self.listeners else ALONE

    def clock_seat(self, state: State) -> int | None:
        """The seat whose clock runs in ``state``: a person to act who is there. At a rated
        table, only once they took their seat: a game kept for a player cannot be lost on
        time, nor count, before they come to it (they may still decline it then)."""
        seat = state.current_player()
        if seat < 0 or state.is_terminal():
            return None
        row = self.row.seats[seat]
        if self.row.rated and not row.claimed:
            return None
        return seat if row.kind == "human" and not row.absent else None


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
        "rated": row.rated,
        "hints": row.hints,
        "clock": None if row.progress.clocks is None else row.progress.clocks.settings.model_dump(),
        "deadline": None if row.progress.clocks is None else row.progress.clocks.deadline,
        "spectator_chat": row.spectator_chat,
        "rematch": row.rematch,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "claimed": s.claimed,
                "open": s.joinable,
                "player": s.account_id is not None and s.kind == "human",
                "absent": s.absent,
                "declined": s.declined,
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
        bot_pace: float = 0.0,
        helper: Worker | None = None,
        cluster: Solo | Cluster | None = None,
    ) -> None:
        self.store = store
        self.cluster = cluster or Solo()
        """The other processes serving the same store, if any (see :mod:`serai.server.cluster`)."""
        self.helper = helper
        """The worker that searches for hints (one at a time)."""
        self.helper_lock = asyncio.Lock()
        self.asking: set[str] = set()
        """The addresses whose hint is being searched or waits for the helper: one each,
        so that one address cannot take every place (its burst of hints is larger)."""
        self.bot_pace = bot_pace
        """Seconds between two bot moves at a table someone watches, so each can be followed."""
        self.now: Callable[[], float] = time.time
        """The time clocks are read by (tests set their own)."""
        self.deadlines: dict[str, float] = {}
        """Every running clock's deadline, by table: what the clock keeper waits for."""
        self.clocks_changed = asyncio.Event()
        self.vacations: dict[str, float] = {}
        """Accounts on vacation (turn-based clocks wait for them), until when."""
        self.vacations_taken = 0
        """Vacations taken or ended through this process: a reading of the store begun
        before one of them does not replace :attr:`vacations`."""
        self.players = Players(store)
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self.driver = BotDriver(list(workers), self._bot_turn)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.analysing: dict[str, asyncio.Future[dict[str, Any]]] = {}
        """The analyses being read or made, by table."""

    def hello(self, table: Table) -> str:
        """The first message of a live connection: the table and its board's geometry
        (the same for every table of a game and options, so it is built once)."""
        hello = {
            "type": "hello",
            "table": table.summary(),
            "layout": table.shared.layout(),
            "labels": table.game.score_labels(),
        }
        return compact(hello)

    async def start(self) -> None:
        """Start the bots, and queue every table where a bot is to act (after a restart);
        no game is replayed until its turn comes."""
        self.driver.start()
        await self.cluster.start(self._heard)
        if self.cluster.several:
            self.spawn(self._take_over())
        for table_id in await asyncio.to_thread(self.store.waiting_for_bots):
            self.driver.wake(table_id, PLAYERS)  # served once so; then each finds its own
        self.deadlines = await asyncio.to_thread(self.store.deadlines)
        await self.read_vacations()
        await asyncio.wrap_future(self.players.submit_looks())
        for table_id in await asyncio.to_thread(self.store.unrated):
            table = await self.get(table_id)
            await asyncio.wrap_future(self.store.submit_result(table.id, table.result(table.state)))

    async def stop(self) -> None:
        await self.cluster.stop()
        await self.driver.stop()
        if self.helper is not None:
            self.helper.stop()
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
        """The table ``table_id``, loaded from the store if it is not held here, caught up
        with it if it is behind."""
        table = self.tables.get(table_id)
        if table is None:
            table = await self._load(table_id)
        else:
            self.tables.move_to_end(table_id)
            await self._bring_up(table)
        table.used = time.monotonic()
        return table

    async def _bring_up(self, table: Table) -> None:
        """Catch up with ``table`` if it is behind: once, however many ask at once."""
        if table.behind:
            await self._catch_up(table, unless_current=True)

    @contextlib.asynccontextmanager
    async def listening(self, table: Table, listener: Listener) -> AsyncIterator[None]:
        """While inside, tell ``listener`` of every change of ``table`` (a connection),
        after catching up with what other processes did while nobody here kept up."""
        table.listeners.add(listener)
        self._wake(table)  # its bots now play for someone
        try:
            await self._bring_up(table)
            yield
        finally:
            table.listeners.discard(listener)

    async def _load(self, table_id: str) -> Table:
        if len(table_id) != TABLE_ID_LENGTH:
            raise TableError("unknown_table", "there is no such table")
        stored = await self.read(self.store.load_table, table_id)
        if stored is None:
            raise TableError("unknown_table", f"there is no table {table_id!r}")
        lines = await self.read(load_lines, self.store, table_id)
        rebuilt = await self._rebuild(*stored)
        table = self.tables.get(table_id)  # loaded meanwhile by another request
        if table is None:
            table = rebuilt
            table.chat = lines
            self.tables[table_id] = table
            self.cluster.watch(table_id)
            self._evict()
        return table

    @staticmethod
    async def _rebuild(row: TableRow, moves: Sequence[Move]) -> Table:
        """The table stored as ``row`` and ``moves``, its game replayed in a thread (a long
        game's replay took a tenth of a second, during which no other table moved)."""
        game, state, seen = await asyncio.to_thread(Hub._replay, row, moves)
        return Table(row, game, state, list(moves), seen)

    @staticmethod
    def _replay(row: TableRow, moves: Sequence[Move]) -> tuple[Game, State, list[Seen]]:
        game = load_game(row.game, players=row.players, **row.options)
        if game.info.version != row.rules_version:
            raise TableError(
                "rules_changed",
                f"table {row.id} was played under rules version {row.rules_version} of "
                f"{game.info.title}; this server has version {game.info.version}",
            )
        state = game.new_initial_state()
        seen = []
        for action, _, _, _ in moves:
            seen.append(seen_by_all(state, action))
            state.apply_action(action)
        return game, state, seen

    async def _current(self, table: Table) -> None:
        """Reload ``table`` if the store moved on without this process: before a request is
        found to change nothing, which then stores nothing and so meets no revision check
        (a player coming back through a process that has not yet heard they left)."""
        stored = await self.read(self.store.revisions, [table.id])
        if stored.get(table.id, table.revision) != table.revision:
            await self._refresh(table)

    async def _refresh(self, table: Table) -> None:
        """Reload ``table`` from the store, which moved on without this process."""
        heard = table.heard
        stored = await asyncio.to_thread(self.store.load_table, table.id)
        if stored is None:
            return
        table.caught = heard
        fresh = await self._rebuild(*stored)
        behind = fresh.row != table.row
        pairs = zip(table.moves, fresh.moves, strict=False)
        kept = next(
            (i for i, (held, read) in enumerate(pairs) if held != read),
            min(len(table.moves), len(fresh.moves)),
        )
        if kept < len(table.moves):  # taken back elsewhere
            table.take_back(kept)
        table.row, table.state, table.moves, table.seen = (
            fresh.row,
            fresh.state,
            fresh.moves,
            fresh.seen,
        )
        table.previous = None
        table.cache.clear()
        if behind:  # our connections saw the old state: the news of it may already be heard
            self._track(table)
            self._announce(table)
            self._wake(table)

    def _evict(self) -> None:
        """Drop tables nobody watches, plays or waits on: the oldest first while there
        are too many, and any left unused for ``idle_seconds``; none used in the last
        :data:`IN_USE_SECONDS` (while they and every watched table stay, there are more
        than :attr:`max_tables` for a while)."""
        now = time.monotonic()
        kept = len(self.tables)
        dropped = []
        for table_id, table in self.tables.items():  # the least recently used first
            too_many = kept > self.max_tables
            unused = now - table.used
            if unused < IN_USE_SECONDS or (not too_many and unused < self.idle_seconds):
                break
            if table.listeners or table.lock.locked() or self.driver.driving(table_id):
                continue
            dropped.append(table_id)
            kept -= 1
        for table_id in dropped:
            del self.tables[table_id]
            self.cluster.forget(table_id)

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
        creator: Account | None = None,
        rated: bool = False,
        spectator_chat: str = "shared",
        clock: ClockSettings | None = None,
        hints: bool | None = None,
        owner: str = "",
        rematch_of: str | None = None,
    ) -> tuple[Table, dict[int, str], str | None]:
        """A new table, stored; with each invited seat's token and the hotseat token.
        ``owner``: the address that asks for it, whose tables' bots take turns with other
        addresses' (:class:`~serai.server.bots.Turns`). ``rematch_of``: the finished table
        it is the rematch of, if none is yet (else :class:`StaleRevision`, nothing made).

        A signed-in ``creator`` takes the first invited seat (bound to their account; its
        link still works). A seat may be kept for a named account. A ``rated`` table is
        played by accounts and bots only: its human seats are the creator's, named
        accounts' or open ones (taken by signed-in players).
        """
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
        if hotseat and any(seat.account is not None for seat in new_seats):
            raise TableError(
                "bad_table",
                "a hotseat device plays every human seat: a seat kept for a named player "
                "cannot be one of them",
            )
        if any(seat.kind == "open" for seat in new_seats):
            if hotseat:
                raise TableError(
                    "bad_table", "a hotseat table is played on one screen: it has no open seats"
                )
            if not listed:
                raise TableError("bad_table", "open seats are taken from the lobby: list the table")
        bound = await self._accounts(new_seats, creator, hotseat)
        if rated:
            await self._check_rated(new_seats, bound, creator, hotseat)
            if clock is not None and clock.mode == "none":
                raise TableError("bad_table", "a rated table has a clock")
            clock = clock or RATED_DEFAULT
            if hints:
                raise TableError("bad_table", "a rated table gives no hints")
        clocks = None
        if clock is not None and clock.mode != "none":
            clocks = Clocks.start_of(clock, game.num_players)
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
            account = bound.get(index)
            if seat.kind == "human" and seat.account is None:
                token = tokens[index] = secrets.token_urlsafe(18)
            name = account.name if account else seat.name or f"Player {index + 1}"
            rows.append(
                SeatRow(
                    index,
                    "human",
                    None,
                    name,
                    None if token is None else token_hash(token),
                    account is not None and seat.account is None,  # the creator's
                    open=seat.kind == "open",
                    account_id=None if account is None else account.id,
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
            rated=rated,
            spectator_chat=spectator_chat,
            hints=not rated if hints is None else hints,
        )
        table = Table(row, game, game.new_initial_state(), [], [], owner=owner)
        moves: list[Move] = []
        seen: list[Seen] = []
        state = table.state = settled(table.state, row.seed, row.seats, moves, seen)
        if clocks is not None:
            clocks = clocks.switch(table.clock_seat(state), self.now())
        table.row = replace(row, progress=table.progress(state, len(moves), clocks))
        try:
            await asyncio.wrap_future(self.store.submit_create(table.row, moves, rematch_of))
        except StoreError as error:
            raise incident(error, "creating the table") from error
        table.moves, table.seen = moves, seen
        self.tables[row.id] = table
        self.cluster.watch(row.id)
        self._evict()
        self._track(table)
        self._wake(table)
        return table, tokens, hotseat_token

    async def _accounts(
        self, new_seats: Sequence[NewSeat], creator: Account | None, hotseat: bool
    ) -> dict[int, Account]:
        """The accounts seats are bound to at creation: named ones, and the creator's."""
        bound: dict[int, Account] = {}
        for index, seat in enumerate(new_seats):
            if seat.account is None:
                continue
            found = await self.read(self.players.by_name, seat.account)
            if found is None or found[0].bot:
                raise TableError(
                    "bad_table", f"seat {index + 1}: there is no player {seat.account!r}"
                )
            bound[index] = found[0]
        mine = [i for i, s in enumerate(new_seats) if s.kind == "human" and s.account is None]
        if creator is not None and mine and not hotseat:
            bound[mine[0]] = creator
        return bound

    async def _check_rated(
        self,
        new_seats: Sequence[NewSeat],
        bound: dict[int, Account],
        creator: Account | None,
        hotseat: bool,
    ) -> None:
        if creator is None:
            raise TableError("bad_table", "sign in to create a rated table")
        if hotseat:
            raise TableError("bad_table", "a rated table is not played on one screen")
        for index, seat in enumerate(new_seats):
            if seat.kind == "human" and index not in bound:
                raise TableError(
                    "bad_table",
                    f"seat {index + 1}: at a rated table every person is a signed-in player: "
                    "keep the seat for an account, or open it to the lobby",
                )
        ids = [account.id for account in bound.values()]
        if len(set(ids)) != len(ids):
            raise TableError("bad_table", "a player sits at a rated table once")
        for seat in new_seats:
            if seat.kind == "bot" and seat.bot is not None:
                await self.read(self.players.bot, seat.bot)

    async def join(self, table_id: str, account: Account | None = None) -> tuple[int, str]:
        """Give the caller an open seat of a listed table: (seat, a new token); a
        signed-in caller's seat is bound to their account.

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
            if table.row.rated:
                if account is None:
                    raise TableError("not_signed_in", "sign in to take a seat at a rated table")
                if any(s.account_id == account.id for s in table.row.seats):
                    raise TableError("table_full", "you already sit at this rated table")
            token = secrets.token_urlsafe(18)
            now = time.time()
            bound = {} if account is None else {"account_id": account.id, "name": account.name}
            try:
                taken = await asyncio.wrap_future(
                    self.store.submit_claim(table.id, seat.seat, token_hash(token), now, **bound)
                )
            except StoreError as error:
                raise incident(error, "taking the seat") from error
            if not taken:
                await self._refresh(table)
                raise TableError("table_full", f"seat {seat.seat + 1} was just taken")
            taken_now = {"token_hash": token_hash(token), "claimed": True, **bound}
            table.row = replace(with_seats(table.row, {seat.seat: taken_now}), updated_at=now)
            table.cache.clear()
            self.cluster.publish(table.id, {"seats": True})
            await self._arrived(table, seat.seat)
        self._announce(table)
        return seat.seat, token

    async def seen(
        self, table: Table, seats: Sequence[int], account: Account | None = None
    ) -> None:
        """An invited seat's link was used: the lobby shows the seat as taken, and a
        signed-in player's seat is bound to their account (their games list it, and they
        can play it from any device); everyone at the table sees who came. A write that
        fails here is logged and forgotten: the seat only looks free (or unbound) a while
        longer."""
        changed = False
        async with table.lock:
            if table.state.is_terminal():  # who played a finished game was settled at its end
                return
            taken = []
            for seat in (table.row.seats[s] for s in seats):
                changes: dict[str, Any] = {}
                if not seat.claimed:
                    changes["claimed"] = True
                if account is not None and seat.account_id is None and len(seats) == 1:
                    changes.update(account_id=account.id, name=account.name)
                if changes:
                    with contextlib.suppress(TableError):
                        await self._write_seat(table, seat.seat, **changes)
                        changed = True
                        if "claimed" in changes:
                            taken.append(seat.seat)
            if taken or seats:
                await self._arrived(table, taken[0] if taken else seats[0], bool(taken))
        if changed:
            self._announce(table)

    async def _arrived(self, table: Table, seat: int, taken: bool = True) -> None:
        """At a rated table, a player came (``taken``: took their seat just now): the clock
        of a player to act who is now there starts, and a seat taken is a change every
        process must read before it next moves the clocks (it decides whose clock runs).
        Hold ``table.lock``; a failure leaves the clock to the next arrival."""
        clocks = table.clocks
        if not table.row.rated or clocks is None:
            return
        starts = clocks.seat is None and table.clock_seat(table.state) is not None
        if taken or starts:
            with contextlib.suppress(TableError):
                await self._commit(table, seat, [], clocks=clocks)

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
            table.refuse_declined([seat])
            clocks = table.clocks
            deadline = None if clocks is None or clocks.seat != seat else clocks.deadline
            if deadline is not None and self.now() >= deadline:  # its timeout is on its way
                raise TableError(
                    "out_of_time",
                    "your time ran out before this move arrived: a bot plays the rest of "
                    "this turn for you",
                )
            try:
                action = state.string_to_action(text)
            except IllegalActionError as error:
                raise TableError("illegal_action", str(error)) from error
            await self._commit(table, seat, [action], by_person=True)

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
            table.take_back(keep)
            table.state = state
            table.previous = None
            table.row = replace(
                table.row, revision=table.revision + 1, progress=progress, updated_at=now
            )
        self.cluster.publish(table.id, {"revision": table.revision})
        self._announce(table)

    async def set_preferences(self, table: Table, seats: Sequence[int], **choices: bool) -> None:
        """A seat's private choices (``stop_at_windows``, ``mute_chat``); choosing not to
        stop at windows while at one lets it pass at once."""
        if not seats:
            raise TableError("not_your_turn", "spectators have no seat to set")
        async with table.lock:
            for index in seats:
                await self._write_seat(table, index, **choices)
            if passes_window(table.row.seats, table.state):
                await self._commit(table, table.state.current_player(), [])
        self._announce(table, {"private": frozenset(seats)})

    async def _write_seat(self, table: Table, index: int, **changes: Any) -> None:
        """Store a change of one seat and make it in memory; hold ``table.lock``."""
        try:
            await asyncio.wrap_future(self.store.submit_seat(table.id, index, **changes))
        except StoreError as error:
            raise incident(error, "changing the seat") from error
        table.row = with_seats(table.row, {index: changes})
        table.cache.clear()
        self.cluster.publish(table.id, {"seats": True})

    async def leave(self, table: Table, seats: Sequence[int], away: bool) -> None:
        """A player leaves (``away``: a greedy bot plays their seats from now on; in a
        rated game they place last, or decline it if they have decided nothing in it yet,
        so that an account opened only to leave loses no game to rate another) or comes
        back before the end to play again."""
        self.must_act(seats)
        for last_try in (False, True):
            try:
                async with table.lock:
                    await self._current(table)
                    if table.state.is_terminal():
                        raise TableError("game_over", "the game is over")
                    if not away:
                        table.refuse_declined(seats)
                    columns = table.gone(seats) if away else {"absent": False}
                    changed = {
                        index: columns for index in seats if table.row.seats[index].absent != away
                    }
                    if changed:  # else nothing changes: the revision the others play at stays
                        await self._left(table, list(changed), away, changed)
                break
            except TableError as error:  # a stale copy, read again: asked of it once more
                if error.code != "stale_state" or last_try:
                    raise
        self._wake(table)

    async def decline(self, table: Table, seats: Sequence[int]) -> None:
        """A player declines a rated game before anything was decided for their seats: it
        then rates no one, and a greedy bot plays their seats to the end."""
        self.must_act(seats)
        async with table.lock:
            if not table.can_decline(seats):
                raise TableError(
                    "cannot_decline",
                    "only a rated game can be declined, before its end and before your "
                    "first decision in it (after that, leave it: you then place last)",
                )
            await self._left(table, seats, True, dict.fromkeys(seats, DECLINED))
        self._wake(table)

    async def _left(
        self,
        table: Table,
        seats: Sequence[int],
        away: bool,
        changed: Mapping[int, Mapping[str, Any]],
    ) -> None:
        """Mark ``seats`` as left to a bot (``away``) or taken back (``changed``: their
        columns) if the table is still at its revision, and stop or start their clocks;
        hold ``table.lock``."""
        clocks = table.clocks
        if clocks is not None:  # a leaver's clock stops, and runs on for one back in the turn
            for index in seats if not away else ():
                clocks = clocks.moved(index)
        await self._commit(table, seats[0], [], clocks=clocks, seats_changed=changed)

    async def say(
        self, table: Table, seats: Sequence[int], account: Account | None, text: str
    ) -> None:
        """A chat line from a seat (or a spectator: no seats), kept and passed on."""
        if len(text) > MAX_LINE:
            raise TableError("too_large", f"a chat line has at most {MAX_LINE} characters")
        if seats:
            name = table.row.seats[seats[0]].name
        else:
            name = f"{account.name} (watching)" if account else "a spectator"
        line = new_line(seats[0] if seats else None, name, text)
        try:
            await asyncio.wrap_future(submit_line(self.store, table.id, line))
        except StoreError as error:
            raise incident(error, "keeping the chat line") from error
        self.cluster.publish(table.id, {"chat": line.message()})
        self._tell(table, line)

    async def rematch(
        self, table: Table, seats: Sequence[int], account: Account | None, token: str = ""
    ) -> tuple[Table, str]:
        """The same game, options, clock and players with the seat order rotated by one; the
        first call proposes it (everyone at the table is told), each player's call
        answers their own link to it (``token``: the one the caller holds ``seats`` by)."""
        self.must_act(seats)
        if not table.state.is_terminal():
            raise TableError("not_finished", "a rematch is proposed once the game is over")
        async with table.lock:
            rematch = table.row.rematch
            if rematch is None:
                try:
                    rematch = (await self._new_rematch(table, account)).id
                except StaleRevision:  # another process proposed it first: join theirs
                    await self._refresh(table)
                    rematch = table.row.rematch
                    assert rematch is not None
                else:
                    table.row = replace(table.row, rematch=rematch)
                    table.cache.clear()
                    self.cluster.publish(table.id, {"rematch": rematch})
                    self._announce(table, {"type": "rematch", "table": rematch})
            fresh = await self.get(rematch)
        return fresh, await self._rematch_link(table, fresh, seats, token)

    async def _new_rematch(self, table: Table, account: Account | None) -> Table:
        players = table.row.players
        rotated = [table.row.seats[(seat + 1) % players] for seat in range(players)]
        new_seats = [
            NewSeat("bot", old.name, old.bot)
            if old.kind == "bot"
            else NewSeat("human", old.name, account=old.name if old.account_id else None)
            for old in rotated
        ]
        fresh, _, _ = await self.create(
            table.row.game,
            players,
            dict(table.row.options),
            new_seats,
            hotseat=table.row.hotseat_hash is not None,
            listed=table.row.listed,
            creator=account if table.row.rated else None,
            rated=table.row.rated,
            spectator_chat=table.row.spectator_chat,
            clock=None if table.clocks is None else table.clocks.settings,
            hints=table.row.hints,
            owner=table.owner,
            rematch_of=table.id,
        )
        return fresh

    async def _rematch_link(
        self, old: Table, fresh: Table, seats: Sequence[int], token: str
    ) -> str:
        """The caller's link to the rematch: a token for their seat (or the hotseat, for the
        one who played every seat), none for a seat bound to an account (they sign in).
        The token is drawn from the caller's own (:func:`rematch_token`), so asking again,
        from a second tab, through another process or after a restart, answers the same
        link, and never voids the first."""
        everyone = tuple(seat.seat for seat in old.row.seats if seat.kind == "human")
        async with fresh.lock:
            # (a caller holding its seats by its account alone has no token to draw from)
            new_token = (
                rematch_token(token, fresh.id, seats) if token else secrets.token_urlsafe(18)
            )
            hashed = token_hash(new_token)
            hotseat = old.row.hotseat_hash
            if hotseat is not None and tuple(seats) == everyone and hotseat == token_hash(token):
                if fresh.row.hotseat_hash != hashed:
                    await asyncio.wrap_future(
                        self.store.submit_table(fresh.id, hotseat_hash=hashed)
                    )
                    fresh.row = replace(fresh.row, hotseat_hash=hashed)
                    self.cluster.publish(fresh.id, {"seats": True})
                return f"/table/{fresh.id}?token={new_token}"
            seat = fresh.row.seats[(seats[0] - 1) % fresh.row.players]
            if seat.account_id is not None:
                return f"/table/{fresh.id}"
            if seat.token_hash != hashed:
                await self._write_seat(fresh, seat.seat, token_hash=hashed)
            return f"/table/{fresh.id}?token={new_token}"

    @staticmethod
    def _check_revision(table: Table, revision: int) -> None:
        if revision != table.revision:
            raise TableError(
                "stale_state",
                f"the table has changed (you sent revision {revision}; it is at "
                f"{table.revision}): here is the current state",
            )

    async def _commit(
        self,
        table: Table,
        seat: int,
        actions: Sequence[ActionId],
        by_person: bool = False,
        clocks: Clocks | None = None,
        seats_changed: Mapping[int, Mapping[str, Any]] | None = None,
    ) -> None:
        """Apply ``actions`` of ``seat`` (``by_person``: the player themself, not a bot
        standing in) and what follows, run the clocks on, store, then publish; ``clocks``
        stores a change of the clocks alone. ``seats_changed``: columns of seats (by index)
        changed with it, in the same transaction, so only if the table is still at its
        revision (a player timed out, or declining, is marked so only then). Must be called
        holding ``table.lock``."""
        state = table.state
        moves: list[Move] = []
        seen: list[Seen] = []
        for action in actions:
            state = played(state, seat, action, moves, seen)
        state = settled(state, table.row.seed, table.row.seats, moves, seen)
        if not moves and clocks is None and not seats_changed:
            return
        before = table.row
        changed = with_seats(before, seats_changed or {})
        try:  # the seats as changed rule whose clock runs, who plays by bot and the result
            table.row = changed
            now = self.now()
            clocks = clocks or table.clocks
            if clocks is not None:
                if by_person:
                    clocks = clocks.moved(seat)
                seat_now, held = table.clock_seat(state), self._held(table, state)
                clocks = clocks.switch(seat_now, now, held, turn_over=bool(moves))
            progress = table.progress(state, len(table.moves) + len(moves), clocks)
            result = table.result(state) if state.is_terminal() and table.row.rated else []
        finally:  # (nobody may see them before they are stored)
            table.row = before
        try:
            await asyncio.wrap_future(
                self.store.submit_moves(
                    table.id,
                    table.revision,
                    len(table.moves),
                    moves,
                    progress,
                    now,
                    result,
                    seats_changed,
                )
            )
        except StaleRevision as error:
            await self._refresh(table)
            raise TableError("stale_state", str(error)) from error
        except StoreError as error:
            raise incident(error, "storing the move") from error
        except asyncio.CancelledError:  # stored or not: read the store when next used
            table.heard += 1
            raise
        table.moves.extend(moves)
        table.seen.extend(seen)
        table.previous = table.state if len(moves) == 1 else None
        table.state = state
        table.row = replace(changed, revision=table.revision + 1, progress=progress, updated_at=now)
        self._track(table)
        self.cluster.publish(table.id, {"revision": table.revision})
        self._announce(table)
        self._wake(table)

    # -- other processes ------------------------------------------------------------------
    def keeps_up(self, table: Table) -> bool:
        """Whether this process reads each change other processes make to ``table`` as it
        hears of it: while connections here watch it, or while it drives the table's bots
        and clocks. Any other table held here (made here and played elsewhere, say) is
        only marked :attr:`~Table.behind`, and caught up when next used."""
        return (
            bool(table.listeners) or self.cluster.holds(table.id) or self.driver.driving(table.id)
        )

    async def _heard(self, table_id: str, change: dict[str, Any]) -> None:
        """Another process changed ``table_id``: if we keep up with it, catch up with the
        store, tell our own connections, and drive its bots and clocks if we are its
        driver."""
        table = self.tables.get(table_id)
        if table is None:
            return
        if "chat" in change:
            self._tell(table, ChatLine(**change["chat"]))
            return
        if "subscribed" in change:  # said before we listened (or while Redis was away)
            table.unheard_chat = True
        await self._changed_elsewhere(table)
        if "rematch" in change:
            self._announce(table, {"type": "rematch", "table": change["rematch"]})

    async def _changed_elsewhere(self, table: Table) -> None:
        """Catch up with ``table`` if we keep up with it, else mark it behind."""
        if self.keeps_up(table):
            try:
                await self._catch_up(table)
            except TableError:
                table.heard += 1  # caught up when next used, or by the next look around
                raise
        else:
            table.heard += 1

    async def _catch_up(self, table: Table, unless_current: bool = False) -> None:
        """Bring ``table`` up to the store (its row, the actions it lacks, and the chat
        lines said elsewhere that this process did not hear) and tell our connections if
        anything changed; ``unless_current``: not if it is no longer behind by the time it
        is its turn (another caller caught up meanwhile)."""
        async with table.lock:
            heard = table.heard  # a change heard from now on marks it behind again
            if unless_current and heard == table.caught:
                return
            unheard, table.unheard_chat = table.unheard_chat, False
            held = len(table.moves)
            try:
                lines = await self.read(load_lines, self.store, table.id) if unheard else []
                # from the last action held: an undo since may have replaced it
                stored = await self.read(self.store.load_table, table.id, max(held - 1, 0))
            except TableError:
                table.unheard_chat |= unheard
                raise
            table.caught = heard
            self._read_lines(table, lines)
            if stored is None or stored[0] == table.row:
                return
            row, moves = stored
            private = privately_changed(table.row, row)
            if held and (row.progress.actions < held or moves[0] != table.moves[-1]):
                # an undo took back actions held here (and others may have been played
                # since, as many or more): start again
                await self._refresh(table)
            else:
                new = moves[1:] if held else moves
                for move in new:
                    action = move[0]
                    table.seen.append(seen_by_all(table.state, action))
                    table.state.apply_action(action)
                    table.moves.append(move)
                if new:
                    table.previous = None
                table.row = row
            table.cache.clear()
        self._track(table)
        self._announce(table, None if private is None else {"private": private})
        self._wake(table)

    def _read_lines(self, table: Table, stored: Sequence[ChatLine]) -> None:
        """Add to ``table``'s chat the lines of ``stored`` (its last lines in the store)
        that it lacks, in time order, and tell our connections of each."""
        known = set(table.chat)
        oldest = table.chat[0].at if len(table.chat) >= KEPT else -math.inf
        missed = [line for line in stored if line not in known and line.at > oldest]
        if missed:
            table.chat = sorted([*table.chat, *missed], key=lambda line: line.at)[-KEPT:]
        for line in missed:
            self._announce(table, {"type": "chat", "line": line})

    def _tell(self, table: Table, line: ChatLine) -> None:
        """Add ``line`` to ``table``'s chat and tell our connections, unless it is there
        already (read from the store meanwhile, after a time this process could not hear
        the others)."""
        if line not in table.chat:
            table.chat = [*table.chat[1 - KEPT :], line]
            self._announce(table, {"type": "chat", "line": line})

    async def _take_over(self, every: float = SWEEP_SECONDS) -> None:
        """Every ``every`` seconds for as long as the server runs, :meth:`_look_around`;
        a look that fails (the store away a moment) is logged, and the next one comes."""
        while True:
            await asyncio.sleep(every)
            try:
                await self._look_around()
            except Exception as error:
                log.warning("could not look for tables to drive: %s", error)

    async def _look_around(self) -> None:
        """Drive the tables whose bots or clocks nobody drives (their process died, or
        this process lost its locks), catch up with any table held here that the store
        has moved past (or mark it behind, if this process does not keep up with it), and
        read again who is on vacation (taken through any process)."""
        await self.cluster.check()
        await self.read_vacations()
        waiting = await asyncio.to_thread(self.store.waiting_for_bots)
        deadlines = await asyncio.to_thread(self.store.deadlines)
        stored = await asyncio.to_thread(self.store.revisions, list(self.tables))
        for table_id, revision in stored.items():
            table = self.tables.get(table_id)
            if table is None:
                continue
            if table.revision != revision or (table.behind and self.keeps_up(table)):
                try:
                    await self._changed_elsewhere(table)
                except Exception as error:  # one table's trouble holds up no other
                    log.warning("table %s: could not catch up with the store: %s", table_id, error)
        for table_id in {*waiting, *deadlines}:
            if table_id in self.driver.queued or self.driver.resting(table_id):
                continue  # (one whose bot failed is tried again on its own time)
            if not await self.cluster.drives(table_id):
                continue
            try:
                held = table_id in self.tables
                table = await self.get(table_id)
                if held:  # its seats may have changed, which no revision counts
                    await self._catch_up(table)
            except Exception as error:
                log.warning("table %s: could not take it over: %s", table_id, error)
                continue
            self._track(table)
            self._wake(table)

    # -- hints and analysis -------------------------------------------------------------
    async def hint(self, table: Table, seats: Sequence[int], asker: str) -> list[dict[str, Any]]:
        """What the hard bot would play for the seat to act among ``seats``: its top
        moves with their estimated values (0 to 1). ``asker``: the address asking, which
        waits for one hint at a time."""
        if not table.row.hints:
            raise TableError("no_hints", "this table gives no hints")
        state = table.state.clone()
        if state.current_player() not in seats:
            raise TableError("not_your_turn", "a hint is for the player to act")
        if self.helper is None:
            raise TableError("no_hints", "this server gives no hints")
        seed = table.row.seed ^ len(state.history()) ^ 0x5EED
        if asker in self.asking:
            raise TableError("too_many", "your last hint is still being searched: wait for it")
        if len(self.asking) >= HINTS_WAITING:
            raise TableError("too_many", "the hint helper is busy: ask again in a few seconds")
        self.asking.add(asker)
        try:
            async with self.helper_lock:
                ranked = await self.helper.run(
                    "hint", HINT_BOT, cap_seconds(HINT_BOT), seed, state, cap_seconds(HINT_BOT)
                )
        except Overrun as overrun:
            raise incident(overrun, "searching for a hint") from overrun
        finally:
            self.asking.discard(asker)
        return [
            {"text": state.action_to_string(action), "value": round(value, 3), "visits": visits}
            for action, visits, value in ranked[:HINT_MOVES]
        ]

    async def analysis(self, table: Table) -> dict[str, Any]:
        """A finished game's chances to win move by move, made when first asked for, then
        kept (most games, bots' among them, are never looked at again). Everyone asking
        meanwhile waits for the one reading or making it; if another process kept it
        first, theirs is the answer."""
        if not table.state.is_terminal():
            raise TableError("not_finished", "a game is analysed once it is over")
        making = self.analysing.get(table.id)
        if making is None:
            making = self.analysing[table.id] = asyncio.ensure_future(self._analyse(table))
            making.add_done_callback(lambda _: self.analysing.pop(table.id, None))
        return await asyncio.shield(making)

    async def _analyse(self, table: Table) -> dict[str, Any]:
        kept: dict[str, Any] | None = await self.read(load_analysis, self.store, table.id)
        if kept is not None:
            return kept
        actions = [action for action, _, _, _ in table.moves]
        result = await asyncio.to_thread(analyse, table.game, actions)
        try:
            await asyncio.wrap_future(submit_analysis(self.store, table.id, result))
        except StoreError as error:
            kept = await self.read(load_analysis, self.store, table.id)
            if kept is None:
                raise incident(error, "keeping the analysis") from error
            return kept
        return result

    # -- clocks -------------------------------------------------------------------------
    def _held(self, table: Table, state: State) -> float:
        """Turn-based: until when the player to act is on vacation (0: not)."""
        clocks, seat = table.clocks, table.clock_seat(state)
        if clocks is None or clocks.settings.mode != "turn-based" or seat is None:
            return 0.0
        account = table.row.seats[seat].account_id
        return self.vacations.get(account, 0.0) if account else 0.0

    async def _away_until(self, table: Table, clocks: Clocks, now: float) -> float:
        """Until when the player whose turn-based clock ran out is on vacation, as the
        store has it (0: not). A vacation taken through another process may be unknown
        here when the turn started: the turn then waits for the player as it would have
        from its start."""
        seat = clocks.seat
        account = None if seat is None else table.row.seats[seat].account_id
        if clocks.settings.mode != "turn-based" or account is None:
            return 0.0
        away: dict[str, float] = await self.read(self.players.vacations, now)
        return away.get(account, 0.0)

    def _track(self, table: Table) -> None:
        """Tell the clock keeper the table's deadline (or that it has none)."""
        deadline = None if table.clocks is None else table.clocks.deadline
        if deadline is None:
            self.deadlines.pop(table.id, None)
        else:
            self.deadlines[table.id] = deadline
        self.clocks_changed.set()

    async def keep_clocks(self) -> None:
        """Apply every timeout when its deadline passes, for as long as the server runs
        (a deadline that passed while the server was down at once)."""
        while True:
            self.clocks_changed.clear()
            try:
                await self.expire_clocks()
                soonest = min(self.deadlines.values(), default=None)
            except Exception as error:  # the store away a moment: look again soon
                log.warning("could not apply the timeouts due: %s", error)
                soonest = self.now() + RETRY_SECONDS
            wait = 3600.0 if soonest is None else max(0.0, soonest - self.now())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.clocks_changed.wait(), wait + 0.01)

    async def expire_clocks(self) -> list[str]:
        """Time out every clock whose deadline has passed: a greedy bot plays the rest of
        that turn, and after too many timeouts in a row the player counts as absent (unless
        the player is on vacation: a turn-based clock then waits). A player whose time runs
        out before their first decision in a rated game declines it (it then rates no one,
        as the big sites abort a game whose player never moved): a stranger who kept them a
        seat on a clock of a second cannot make them lose it. The tables timed out."""
        now = self.now()
        due = [table_id for table_id, deadline in self.deadlines.items() if deadline <= now]
        expired = []
        for table_id in due:
            if not await self.cluster.drives(table_id):
                self.deadlines.pop(table_id, None)  # its driver keeps it
                continue
            try:
                table = await self.get(table_id)
            except TableError:
                self.deadlines.pop(table_id, None)
                continue
            async with table.lock:
                clocks = table.clocks
                deadline = None if clocks is None else clocks.deadline
                if clocks is None or deadline is None or deadline > now:
                    self._track(table)
                    continue
                try:
                    away = await self._away_until(table, clocks, now)
                    changed: dict[int, dict[str, bool]] = {}
                    if away:
                        after = replace(clocks, held_until=away)
                    else:
                        after, absent = clocks.expire(now)
                        seat = after.seat
                        if seat is not None and (absent or table.can_decline([seat])):
                            changed[seat] = table.gone([seat])
                    await self._commit(
                        table, after.seat or 0, [], clocks=after, seats_changed=changed
                    )
                except TableError as error:
                    log.warning("table %s: the timeout waits: %s", table_id, error)
                    if error.code != "stale_state":  # else refreshed: due again at once
                        self.deadlines[table_id] = now + RETRY_SECONDS
                    continue
                if not away:
                    expired.append(table_id)
        return expired

    async def pause(self, table: Table, seats: Sequence[int], pause: bool) -> None:
        """A player asks for the clocks to stop (all must agree) or to go on."""
        self.must_act(seats)
        clocks = table.clocks
        if clocks is None or clocks.settings.mode != "realtime":
            raise TableError("no_clock", "only a table with a realtime clock can pause")
        async with table.lock:
            await self._current(table)
            if table.state.is_terminal():
                raise TableError("game_over", "the game is over")
            players = [s.seat for s in table.row.seats if s.kind == "human" and not s.absent]
            if pause and table.row.rated and len(players) < 2:
                raise TableError(
                    "cannot_pause",
                    "a rated game's clocks stop only when two or more players there agree: "
                    "alone against bots, a pause would be time to think",
                )
            after = table.clocks  # as they are now: a move may have run them on meanwhile
            assert after is not None
            for seat in seats:
                after = after.vote(seat, pause, players, self.now())
            if after != table.clocks:  # else nothing changes: the revision stays
                await self._commit(table, seats[0], [], clocks=after)

    async def read_vacations(self) -> None:
        """Read again who is on vacation (taken through any process), unless a vacation
        was taken or ended here meanwhile: the store may have been read before it, and
        the next reading takes it in."""
        taken = self.vacations_taken
        found = await asyncio.to_thread(self.players.vacations, self.now())
        if taken == self.vacations_taken:
            self.vacations = found

    async def vacation(self, account: Account, until: float) -> None:
        """Turn-based clocks wait for ``account`` until ``until`` (0: back now): the running
        clock of every table where it is that player's turn, held here or not."""
        self.vacations_taken += 1
        if until > self.now():
            self.vacations[account.id] = until
        else:
            self.vacations.pop(account.id, None)
        for table_id in await self.read(self.store.clocked_turns_of, account.id):
            try:
                await self._hold(await self.get(table_id), account, until)
            except TableError as error:  # one table's trouble holds up no other
                log.warning("table %s: the vacation could not hold its clock: %s", table_id, error)

    async def _hold(self, table: Table, account: Account, until: float) -> None:
        """Hold ``table``'s turn-based clock until ``until`` if it runs for ``account``."""
        async with table.lock:
            clocks = table.clocks
            seat = None if clocks is None else clocks.seat
            if clocks is None or seat is None or clocks.settings.mode != "turn-based":
                return
            if table.row.seats[seat].account_id != account.id:
                return
            held = clocks.hold(max(until, 0.0), self.now())
            if held is not clocks:
                await self._commit(table, seat, [], clocks=held)

    @staticmethod
    def _announce(table: Table, notice: dict[str, Any] | None = None) -> None:
        for listener in list(table.listeners):
            listener(table, notice)

    # -- bots ---------------------------------------------------------------------------
    def _wake(self, table: Table) -> None:
        if table.bot_to_move() is not None:
            self.driver.wake(table.id, table.bots_queue(), table.owner)

    async def _bot_turn(self, table_id: str, worker: Worker) -> None:
        """One decision of the bot to act at ``table_id`` (the driver's callback); the
        table goes back in the queue if a bot is still to act."""
        if not await self.cluster.drives(table_id):
            return  # another process drives this table's bots
        table = await self.get(table_id)
        spec = table.bot_to_move()
        if spec is None:
            return
        wait = table.next_bot - time.monotonic()
        if table.listeners and wait > 0:  # not yet: the driver serves other tables meanwhile
            asyncio.get_running_loop().call_later(wait, self._wake, table)
            return
        revision = table.revision
        snapshot = table.state.clone()
        seed = table.row.seed ^ len(snapshot.history())
        if snapshot.window_pass() is not None:
            action = await self._window_answer(snapshot, seed)
        elif len(legal := snapshot.legal_actions()) == 1 and forced_for_all(snapshot, seed):
            action = legal[0]
        else:
            try:
                action = await worker.decide(spec, seed, snapshot, cap_seconds(spec))
            except Overrun as overrun:
                log.warning("table %s: %s; it plays a random legal move", table_id, overrun)
                action = fallback(snapshot, seed)
        async with table.lock:
            if table.revision == revision:
                table.next_bot = time.monotonic() + self.bot_pace
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
