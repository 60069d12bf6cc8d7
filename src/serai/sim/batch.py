"""Running a batch of games: in this process, in local worker processes, or on Ray.

A *batch* is a small picklable description of ``games`` games with a ``play(index)``
method; game ``index`` depends only on the batch (its seed among it) and ``index``, never
on where or with what else it runs. A :class:`Runner` plays the indices ``0 … games-1``
in *chunks*, one task per chunk, and returns the results in index order, so a run on Ray
equals a run in one process game for game.

- **Chunks.** Each task plays a run of consecutive indices. The first tasks play
  :data:`FIRST_CHUNK` games each; from then on a chunk is as many games as fill
  :data:`TASK_SECONDS` at the speed measured so far, never more than an equal share of
  the games left (so every worker has work to the end). With tasks of a second, the
  milliseconds Ray spends scheduling each are well under 1% of the time.
- **Failures.** A task that raises (or whose worker dies) is played again, up to
  ``retries`` more times. Every failed attempt is a :class:`TaskFailure`, kept in
  :attr:`Runner.failures` and passed to ``on_failure``; a chunk that fails every attempt
  ends the run with a :class:`~serai.GameError` naming its games.
- **Progress.** ``on_result`` is called once per game, in the driver, as soon as the task
  that played it is back: a progress bar follows completed games.
- **Ray** is optional (``pip install 'serai[distributed]'``) and imported only when a
  runner uses it. ``Runner(ray="local")`` starts a Ray on this machine for as long as the
  runner is open; any other address joins that cluster; if Ray is already initialised in
  this process (a test, a notebook), the runner uses it and leaves it running.

>>> from serai.sim.simulate import SeatedGames
>>> batch = SeatedGames("through_the_desert", (("players", 2),), ("random", "greedy"), seed=1)
>>> results = Runner().run(batch, 3)
>>> [result.index for result in results]
[0, 1, 2]
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from types import ModuleType, TracebackType
from typing import Any, Protocol, TypeVar

from serai.engine import GameError

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)

FIRST_CHUNK = 2
"""Games in each of the first tasks, before any game has been timed."""
TASK_SECONDS = 1.0
"""What a task should take once the games' speed is known."""
DISTRIBUTED_EXTRA = "pip install 'serai[distributed]'"


class Batch(Protocol[R_co]):
    """Games by index: ``play(index)`` plays game ``index`` and returns its result."""

    def play(self, index: int) -> R_co: ...


class RayMissing(GameError):
    """Ray was asked for but is not installed."""


def import_ray() -> ModuleType:
    """The ``ray`` module, or :class:`RayMissing` naming the extra that installs it."""
    try:
        import ray
    except ImportError as error:
        raise RayMissing(f"--ray needs Ray: {DISTRIBUTED_EXTRA}") from error
    return ray


@dataclass(frozen=True)
class TaskFailure:
    """One failed attempt at a chunk of games."""

    first: int
    """The chunk's first game index."""
    last: int
    """Its last game index."""
    attempt: int
    """1 for the first try."""
    error: str
    """The error, one line."""

    def __str__(self) -> str:
        games = (
            f"game {self.first}" if self.first == self.last else f"games {self.first}–{self.last}"
        )
        return f"{games}, attempt {self.attempt}: {self.error}"


def play_chunk(batch: Batch[R], first: int, stop: int) -> tuple[list[R], float]:
    """Play games ``first … stop-1`` of ``batch``: their results and the seconds taken."""
    started = time.perf_counter()
    results = [batch.play(index) for index in range(first, stop)]
    return results, time.perf_counter() - started


class _InProcess(Executor):
    """Runs each task at once in this process: the one-worker case, without a pool."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:
            future.set_exception(error)
        return future


class _OnRay(Executor):
    """Submits each task to Ray as a remote call; its futures are Ray's."""

    def __init__(self, ray: ModuleType) -> None:
        # Retries are the runner's, so that each one is seen and reported.
        self.remote = ray.remote(num_cpus=1, max_retries=0)(play_chunk)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = self.remote.remote(*args, **kwargs).future()
        return future


@dataclass
class Runner:
    """Where the games of a batch run (see the module docstring).

    ``workers`` local processes (1: this process), or Ray when ``ray`` is ``"local"`` or a
    cluster address; ``ray_cpus`` is the CPUs of a local Ray (default: the machine's).
    ``chunk`` fixes the games per task instead of sizing chunks by time. Use it as a
    context manager to keep the processes or Ray up across several batches.
    """

    workers: int = 1
    ray: str | None = None
    ray_cpus: int | None = None
    chunk: int | None = None
    retries: int = 2
    on_failure: Callable[[TaskFailure], None] | None = None
    failures: list[TaskFailure] = field(default_factory=list)
    tasks: int = 0
    """Tasks submitted so far, retries included."""
    _executor: Executor | None = field(default=None, repr=False)
    _parallel: int = field(default=1, repr=False)
    _owns_ray: bool = field(default=False, repr=False)
    _depth: int = field(default=0, repr=False)

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise GameError(f"the number of workers must be at least 1, not {self.workers}")
        if self.ray is not None and self.workers > 1:
            raise GameError("choose worker processes or Ray, not both")
        if self.chunk is not None and self.chunk < 1:
            raise GameError(f"a chunk must hold at least 1 game, not {self.chunk}")
        if self.retries < 0:
            raise GameError(f"retries cannot be negative, not {self.retries}")

    @property
    def parallel(self) -> int:
        """How many tasks run at once: the workers, or Ray's CPUs once it is open."""
        return self._parallel

    def __enter__(self) -> Runner:
        self._depth += 1
        if self._depth == 1:
            self._open()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._depth -= 1
        if self._depth == 0:
            self._close()

    def _open(self) -> None:
        if self.ray is None:
            self._parallel = self.workers
            self._executor = (
                _InProcess()
                if self.workers == 1
                else ProcessPoolExecutor(self.workers, multiprocessing.get_context("spawn"))
            )
            return
        ray = import_ray()
        self._owns_ray = not ray.is_initialized()
        if self._owns_ray:
            local = self.ray == "local"
            ray.init(
                address=self.ray,
                num_cpus=self.ray_cpus if local else None,
                include_dashboard=False if local else None,
                logging_level=logging.ERROR,
            )
        self._parallel = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._executor = _OnRay(ray)

    def _close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown()
            self._executor = None
        if self._owns_ray:
            import_ray().shutdown()
            self._owns_ray = False

    def run(
        self, batch: Batch[R], games: int, on_result: Callable[[R], None] | None = None
    ) -> list[R]:
        """Play games ``0 … games-1`` of ``batch``; their results in index order."""
        if games < 1:
            raise GameError(f"the number of games must be at least 1, not {games}")
        with self:
            return self._schedule(batch, games, on_result)

    def _schedule(
        self, batch: Batch[R], games: int, on_result: Callable[[R], None] | None
    ) -> list[R]:
        executor = self._executor
        if executor is None:
            raise GameError("the runner is not open")
        results: dict[int, R] = {}
        # In this process a task costs nothing to schedule: one game a task, finest progress.
        fixed = self.chunk or (1 if isinstance(executor, _InProcess) else None)
        chunks = Chunks(games, self.parallel, fixed)
        retry: deque[tuple[int, int, int]] = deque()
        running: dict[Future[tuple[list[R], float]], tuple[int, int, int]] = {}
        in_flight = 2 * self.parallel  # one queued behind each running task: no idle gaps
        while running or retry or chunks.left:
            while len(running) < in_flight and (retry or chunks.left):
                first, stop, attempt = retry.popleft() if retry else (*chunks.take(), 1)
                running[executor.submit(play_chunk, batch, first, stop)] = (first, stop, attempt)
                self.tasks += 1
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                first, stop, attempt = running.pop(future)
                try:
                    played, seconds = future.result()
                except Exception as error:
                    self._failed(TaskFailure(first, stop - 1, attempt, _one_line(error)))
                    if attempt > self.retries:
                        raise GameError(
                            f"{self.failures[-1]} (gave up after {attempt} attempts)"
                        ) from error
                    retry.append((first, stop, attempt + 1))
                    continue
                chunks.timed(stop - first, seconds)
                for result in played:
                    if on_result is not None:
                        on_result(result)
                results.update(zip(range(first, stop), played, strict=True))
        return [results[index] for index in range(games)]

    def _failed(self, failure: TaskFailure) -> None:
        self.failures.append(failure)
        if self.on_failure is not None:
            self.on_failure(failure)


@dataclass
class Chunks:
    """Cuts ``0 … games-1`` into chunks as the run goes (see the module docstring)."""

    games: int
    parallel: int
    fixed: int | None
    next: int = 0
    seconds: float = 0.0
    timed_games: int = 0

    @property
    def left(self) -> int:
        return self.games - self.next

    def timed(self, games: int, seconds: float) -> None:
        self.timed_games += games
        self.seconds += seconds

    def size(self) -> int:
        if self.fixed is not None:
            return self.fixed
        fair_share = math.ceil(self.left / self.parallel)
        if self.timed_games == 0 or self.seconds <= 0:
            return min(FIRST_CHUNK, fair_share)
        per_game = self.seconds / self.timed_games
        return max(1, min(int(TASK_SECONDS / per_game), fair_share))

    def take(self) -> tuple[int, int]:
        first = self.next
        self.next = min(self.games, first + self.size())
        return first, self.next


def _one_line(error: BaseException) -> str:
    """``Kind: message`` of an error, first line only; for Ray's, of the error it wraps."""
    cause = getattr(error, "cause", None)
    original = cause if isinstance(cause, BaseException) else error
    lines = str(original).strip().splitlines()
    return f"{type(original).__name__}: {lines[0] if lines else ''}".rstrip(": ")
