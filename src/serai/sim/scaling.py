"""``serai bench --ray``: how simulation scales, local processes beside Ray, in one run.

The same batch of random games (:class:`~serai.sim.simulate.SeatedGames`) is played four
ways in turn: with 1 and 2 local worker processes, and on a Ray started on this machine
with 1 and then 2 CPUs; ``runs`` rounds of the four, each figure the median of its runs
(the rounds interleave, so work elsewhere on the machine spreads over every way alike).
Each runner is opened and warmed up first (its processes started and serai imported in
them, by a few games), so each figure is games per second at work. Ray's cost per task is
the time of a run of tasks that play no game, one after another on the 1-CPU Ray.

It needs Ray (``pip install 'serai[distributed]'``), and no Ray already running in this
process: this module starts its own, twice.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import asdict, dataclass
from typing import Any

from serai.engine import Game, GameError
from serai.sim.batch import Runner, import_ray
from serai.sim.simulate import SeatedGames, params_of

WARM_UP = 8
"""Games each runner plays before it is timed."""
EMPTY_TASKS = 400
"""Tasks of the per-task cost measurement."""


@dataclass(frozen=True)
class ScalingRow:
    """One way of running the batch."""

    label: str
    parallel: int
    seconds: float
    """The median over the runs."""
    games_per_second: float
    tasks: int
    runs: tuple[float, ...]
    """The seconds of every run."""


@dataclass(frozen=True)
class ScalingResult:
    """The figures of ``serai bench --ray``."""

    game: str
    params: dict[str, Any]
    games: int
    rows: tuple[ScalingRow, ...]
    ray_task_ms: float
    """Ray's cost per task (submit, schedule, run nothing, return) in milliseconds, the
    median over the runs."""

    def rate(self, label: str) -> float:
        return next(row.games_per_second for row in self.rows if row.label == label)

    @property
    def ray_ratio(self) -> float:
        """Games per second on 2 Ray CPUs over 1."""
        return self.rate("ray 2 CPUs") / self.rate("ray 1 CPU")

    @property
    def workers_ratio(self) -> float:
        """Games per second with 2 worker processes over 1."""
        return self.rate("workers 2") / self.rate("workers 1")

    def overhead(self, row: ScalingRow) -> float:
        """The share of the workers' time a row's tasks cost Ray (0 for local processes)."""
        if not row.label.startswith("ray"):
            return 0.0
        return row.tasks * self.ray_task_ms / 1000 / (row.seconds * row.parallel)

    def to_json(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "ray_ratio": self.ray_ratio,
            "workers_ratio": self.workers_ratio,
            "ray_overhead": {row.label: self.overhead(row) for row in self.rows},
        }


@dataclass(frozen=True)
class NoGames:
    """A batch whose games are nothing: what is left of a task is its cost to Ray."""

    def play(self, index: int) -> int:
        return index


WAYS = (
    ("workers 1", {"workers": 1}),
    ("workers 2", {"workers": 2}),
    ("ray 1 CPU", {"ray": "local", "ray_cpus": 1}),
    ("ray 2 CPUs", {"ray": "local", "ray_cpus": 2}),
)


def scaling(game: Game, games: int, seed: int = 0, runs: int = 1) -> ScalingResult:
    """Time ``games`` random games of ``game`` four ways (see the module docstring)."""
    ray = import_ray()
    if ray.is_initialized():
        raise GameError("serai bench --ray starts its own Ray: run it where none is running")
    if runs < 1:
        raise GameError(f"the number of runs must be at least 1, not {runs}")
    batch = SeatedGames(game.info.name, params_of(game), ("random",) * game.num_players, seed)
    seconds: dict[str, list[float]] = {label: [] for label, _ in WAYS}
    tasks: dict[str, int] = {}
    parallel: dict[str, int] = {}
    task_ms = []
    for _ in range(runs):
        for label, settings in WAYS:
            with Runner(**settings) as runner:
                runner.run(batch, WARM_UP * runner.parallel)
                before = runner.tasks
                started = time.perf_counter()
                runner.run(batch, games)
                seconds[label].append(time.perf_counter() - started)
                tasks[label] = runner.tasks - before
                parallel[label] = runner.parallel
                if label == "ray 1 CPU":
                    single = Runner(ray="local", chunk=1)  # joins the Ray that is up
                    started = time.perf_counter()
                    single.run(NoGames(), EMPTY_TASKS)
                    task_ms.append((time.perf_counter() - started) / EMPTY_TASKS * 1000)
    rows = []
    for label, times in seconds.items():
        middle = statistics.median(times)
        rows.append(
            ScalingRow(label, parallel[label], middle, games / middle, tasks[label], tuple(times))
        )
    return ScalingResult(
        game.info.name, game.params(), games, tuple(rows), statistics.median(task_ms)
    )
