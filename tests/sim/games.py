"""Test-only batches: games that fail or wait on purpose, through files every process sees."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from serai.sim.batch import Runner
from serai.sim.simulate import GameResult, SeatedGames

GAME = "through_the_desert"
PARAMS = (("players", 2), ("board", "mountain"))
WAIT_SECONDS = 60.0
"""How long a waiting game waits for its signal before it gives up (and the test fails)."""


def random_games(seed: int = 1) -> SeatedGames:
    return SeatedGames(GAME, PARAMS, ("random", "random"), seed)


@dataclass(frozen=True)
class FlakyGames:
    """``games``, except that game ``flaky`` raises its first ``failures`` times.

    Each failure leaves a file in ``marks``, so the count holds across worker processes.
    """

    games: SeatedGames
    flaky: int
    failures: int
    marks: str

    def play(self, index: int) -> GameResult:
        if index == self.flaky:
            failed = len(list(Path(self.marks).iterdir()))
            if failed < self.failures:
                (Path(self.marks) / f"failure-{failed}").touch()
                raise RuntimeError(f"game {index} failed on purpose")
        return self.games.play(index)


@dataclass(frozen=True)
class WaitingGames:
    """``games``, except that game ``last`` waits until the file ``signal`` exists.

    The test's progress callback writes it when the first other game is reported, so the
    run can only finish if progress is reported while games are still being played.
    """

    games: SeatedGames
    last: int
    signal: str

    def play(self, index: int) -> GameResult:
        if index == self.last:
            deadline = time.monotonic() + WAIT_SECONDS
            while not Path(self.signal).exists():
                if time.monotonic() > deadline:
                    raise RuntimeError("no progress was reported while this game waited")
                time.sleep(0.01)
        return self.games.play(index)


def check_progress_follows_games(runner: Runner, folder: Path) -> None:
    """Six games, the last of which waits until the first result has been reported."""
    signal = folder / "first game reported"
    seen: list[int] = []

    def on_result(result: GameResult) -> None:
        seen.append(result.index)
        signal.touch()

    batch = WaitingGames(random_games(), last=5, signal=str(signal))
    results = runner.run(batch, 6, on_result)
    assert sorted(seen) == list(range(6))
    assert seen.index(5) > 0  # another game was reported while this one waited
    assert results == Runner().run(random_games(), 6)
