"""Clocks: real time, turn-based, or none; the arithmetic, apart from the server.

- **Real time** (``{"mode": "realtime", "bank": 300, "increment": 20}``): each player has a
  bank of seconds that runs while it is their turn and gains the increment when their turn
  ends.
- **Turn-based** (``{"mode": "turn-based", "per_move": 86400, "bank": 172800}``): each turn
  may take ``per_move`` seconds; a turn that takes longer spends the player's small spare
  bank, for the days they cannot play.
- **None**: no clock (the default for unrated tables).

Only a person's turn runs a clock: draws, bots and a player who left run none. A turn is
the run of decisions of one seat until another seat acts; undoing a decision gives no time
back (the clock runs on), and neither does leaving: a player who leaves during their turn
gains no increment, and one who comes back in the same turn finds their clock as if it had
run all along. When a clock runs out, a greedy bot plays the rest of that turn;
after ``timeouts`` timeouts in a row the player counts as absent, and the bot plays their
seat until they come back. Every time is a Unix time in seconds, passed in (``now``), so
the arithmetic is tested with any clock.

>>> clock = Clocks.start_of(RATED_DEFAULT, 2)
>>> clock = clock.switch(0, now=1000.0)
>>> clock.deadline
1300.0
>>> clock.switch(1, now=1100.0).remaining  # seat 0 used 100 s and gained 20
[220.0, 300.0]
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DAY = 86400.0

TIMEOUTS = {"realtime": 3, "turn-based": 2}
"""Timeouts in a row after which a player counts as absent, unless the table says."""

VACATION_DAYS = 30.0
"""Days of vacation a turn-based player may take in a calendar year."""


class ClockSettings(BaseModel):
    """A table's clock, as ``POST /api/tables`` takes it (seconds)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    mode: Literal["none", "realtime", "turn-based"] = "none"
    bank: float | None = Field(
        None, ge=0, le=30 * DAY, description="realtime: each player's time; turn-based: the spare"
    )
    increment: float = Field(0, ge=0, le=3600, description="realtime: gained per turn")
    per_move: float | None = Field(None, ge=1, le=30 * DAY, description="turn-based: per turn")
    timeouts: int | None = Field(None, ge=1, le=20, description="in a row, then absent")

    @model_validator(mode="after")
    def _complete(self) -> ClockSettings:
        if self.mode == "realtime" and (self.bank is None or self.bank < 1):
            raise ValueError("a realtime clock needs a bank of at least 1 second")
        if self.mode == "turn-based" and self.per_move is None:
            raise ValueError("a turn-based clock needs per_move")
        if self.mode != "realtime" and self.increment:
            raise ValueError("only a realtime clock has an increment")
        if self.mode != "turn-based" and self.per_move is not None:
            raise ValueError("only a turn-based clock has per_move")
        return self

    @property
    def limit(self) -> int:
        return self.timeouts or TIMEOUTS.get(self.mode, 1)


RATED_DEFAULT = ClockSettings.model_validate({"mode": "realtime", "bank": 300, "increment": 20})
"""A rated table's clock unless it asks for another."""


@dataclass
class Clocks:
    """The clocks of one table: what is stored with it and sent to everyone."""

    settings: ClockSettings
    remaining: list[float]
    """Each seat's bank: realtime, its time left; turn-based, its spare time."""
    seat: int | None = None
    """The seat whose clock runs, if any."""
    started: float | None = None
    """When the running clock started (the running turn began, or the game went on)."""
    timeouts: list[int] = field(default_factory=list)
    """Each seat's timeouts in a row."""
    playing_for: int | None = None
    """A seat whose clock ran out: a bot plays the rest of its turn."""
    paused: bool = False
    votes: list[int] = field(default_factory=list)
    """Seats that asked for a pause (all must, for the clocks to stop)."""
    held_until: float = 0.0
    """Turn-based: the running seat's player is on vacation until then."""
    turn_used: float = 0.0
    """Turn-based: the time of the running turn its player used before a vacation held
    it (up to ``per_move``), which the turn resumes from when the vacation ends."""
    left: tuple[int, float, float] | None = None
    """The seat whose player left during their turn, when, and the time of that turn
    already used that their bank does not hold (turn-based: up to ``per_move``): what
    their clock resumes from if they come back before the turn ends."""

    @classmethod
    def start_of(cls, settings: ClockSettings, players: int) -> Clocks:
        return cls(settings, [float(settings.bank or 0)] * players, timeouts=[0] * players)

    @property
    def deadline(self) -> float | None:
        """When the running clock runs out (none while nothing runs, or while a bot plays
        a turn that ran out)."""
        if self.seat is None or self.started is None or self.paused:
            return None
        if self.playing_for is not None:
            return None
        allowance = self.remaining[self.seat] - self.turn_used
        if self.settings.mode == "turn-based":
            allowance += self.settings.per_move or 0.0
        return max(self.started, self.held_until) + allowance

    def _charge(self, now: float, turn_over: bool) -> None:
        """Spend the running seat's time up to ``now``; its turn is over if ``turn_over``."""
        seat, started = self.seat, self.started
        if seat is None or started is None or self.paused:
            return
        used = self.turn_used + max(0.0, now - max(started, self.held_until))
        if self.settings.mode == "realtime":
            left = max(0.0, self.remaining[seat] - used)
            self.remaining[seat] = left + (self.settings.increment if turn_over else 0.0)
        else:
            over = max(0.0, used - (self.settings.per_move or 0.0))
            self.remaining[seat] = max(0.0, self.remaining[seat] - over)

    def switch(
        self, seat: int | None, now: float, held_until: float = 0.0, turn_over: bool = True
    ) -> Clocks:
        """The clocks once ``seat`` (a person, or none) is to act at ``now``: the same
        seat's turn goes on; another's turn starts and the last one's time is charged.

        Without ``turn_over`` (nothing was played: a player left or came back), the running
        player who left stops their clock without the increment, and the same player back
        in the same turn takes it up as if it had run meanwhile.
        """
        if seat == self.seat:
            return self
        after = replace(self, remaining=self.remaining[:], timeouts=self.timeouts[:], left=None)
        if not turn_over and seat is None and self.seat is not None:
            after.left = (self.seat, now, self._turn_used(now))
            after._charge(now, turn_over=False)
            after.seat, after.turn_used = None, 0.0
            return after
        if not turn_over and self.left is not None and self.left[0] == seat:
            _, since, used = self.left
            after.seat, after.started, after.held_until = seat, since, held_until
            after.turn_used = used  # the time away ran on, unless a vacation held it
            return after
        after._charge(now, turn_over=True)
        if after.playing_for is not None and after.playing_for != seat:
            after.playing_for = None
        after.seat, after.started, after.held_until, after.turn_used = seat, now, held_until, 0.0
        return after

    def _turn_used(self, now: float) -> float:
        """The running turn's time so far that a charge leaves out of the bank: none for a
        realtime clock (its bank pays all of it), up to ``per_move`` for a turn-based one."""
        if self.started is None or self.paused or self.settings.mode == "realtime":
            return 0.0
        used = self.turn_used + max(0.0, now - max(self.started, self.held_until))
        return min(used, self.settings.per_move or 0.0)

    def moved(self, seat: int) -> Clocks:
        """``seat`` decided by itself: its timeouts in a row start over."""
        if self.timeouts[seat] == 0:
            return self
        after = replace(self, timeouts=self.timeouts[:])
        after.timeouts[seat] = 0
        return after

    def expire(self, now: float) -> tuple[Clocks, bool]:
        """The clocks after the running one ran out at ``now`` (a bot plays the rest of the
        turn), and whether that player is now absent."""
        after = replace(self, remaining=self.remaining[:], timeouts=self.timeouts[:])
        seat = after.seat
        assert seat is not None
        after._charge(now, turn_over=False)
        after.remaining[seat] = 0.0
        after.started, after.turn_used = now, 0.0
        after.playing_for = seat
        after.timeouts[seat] += 1
        return after, after.timeouts[seat] >= after.settings.limit

    def vote(self, seat: int, pause: bool, players: list[int], now: float) -> Clocks:
        """``seat`` asks for a pause (or to go on); the clocks stop once every player in
        ``players`` has asked, and run again as soon as one wants to go on."""
        after = replace(self, remaining=self.remaining[:], votes=list(self.votes))
        if not pause:
            after.votes = []
            if after.paused:
                after.paused = False
                after.started = now
            return after
        if seat not in after.votes:
            after.votes.append(seat)
        if not after.paused and set(players) <= set(after.votes):
            after._charge(now, turn_over=False)
            after.paused = True
            after.started, after.turn_used = now, 0.0
        return after

    def hold(self, until: float, now: float) -> Clocks:
        """Turn-based: the running seat's player is on vacation until ``until``; their turn
        stands still until then, and goes on with the time it had left. A time already
        past (back now) ends a vacation that holds the clock, and changes nothing
        otherwise: coming back from no vacation gives no time, and nor does a vacation,
        however short, beyond its own length."""
        if until <= now and self.held_until <= now:
            return self
        after = replace(self, remaining=self.remaining[:])
        used = self._turn_used(now)
        after._charge(now, turn_over=False)
        after.started, after.held_until, after.turn_used = now, until, used
        return after

    def message(self) -> dict[str, Any]:
        """What every seat and spectator is sent (times as Unix seconds)."""
        return {
            "mode": self.settings.mode,
            "remaining": [round(value, 3) for value in self.remaining],
            "seat": self.seat,
            "started": self.started,
            "deadline": self.deadline,
            "paused": self.paused,
            "votes": self.votes,
            "playing_for": self.playing_for,
            "timeouts": self.timeouts,
            "increment": self.settings.increment,
            "per_move": self.settings.per_move,
        }

    def to_json(self) -> str:
        data = asdict(self)
        data["settings"] = self.settings.model_dump()
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str) -> Clocks:
        data = json.loads(text)
        data["settings"] = ClockSettings.model_validate(data["settings"])
        if data.get("left") is not None:
            data["left"] = tuple(data["left"])
        return cls(**data)
