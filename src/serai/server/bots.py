"""The bots of the web tables: a fair queue of tables and workers with a hard time cap.

- **Only named presets** sit at a web table (:data:`SEAT_BOTS`); each has a budget in
  seconds (:func:`cap_seconds`) that no decision may outlive.
- **Tables and addresses take turns.** A table whose bot is to act joins its queue once;
  after each decision it goes to the back. The addresses that made the tables take turns
  too (:class:`Turns`): one table's bots delay another's by at most one decision at a time,
  itself capped, and one address's many tables delay another's by one decision of theirs.
- **Worker processes** think, one decision each at a time. A worker that does not answer
  within the cap (plus :data:`GRACE`) is killed and replaced, and the table gets a random
  legal move instead, so a table never stalls.
- **Players first.** Three queues (:data:`PLAYERS`, :data:`WATCHED`, :data:`ALONE`): the
  tables where people play are served before those where people only watch (anyone may
  watch their own tables), and those before tables of bots alone; and when players'
  tables wait while every worker thinks for the others, those workers are *hurried*:
  their searches answer with what they found so far, so a player waits for no stranger's
  long decision.
- **Workers die with the server**: on Linux the kernel kills them when the server dies
  (``PR_SET_PDEATHSIG``), and elsewhere they notice the parent is gone within a second;
  the server kills them when it stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from multiprocessing.connection import Connection
from typing import Any

from serai.bots.mcts import MCTSBot
from serai.bots.presets import DIFFICULTIES, make_bot
from serai.engine import ActionId, State, game_info, list_games
from serai.server.errors import stop_tasks

log = logging.getLogger("serai.server")

SEAT_BOTS = ("random", "greedy", "mcts:easy", "mcts:medium", "mcts:hard")
"""The bots a web table may seat: named presets only, never an iteration count."""

QUICK_SECONDS = 1.0
"""The cap of the bots without a budget of their own (random, greedy: milliseconds)."""

GRACE = 1.0
"""Seconds beyond a bot's budget before its worker is killed (sending the position, and
the last iteration)."""

BOOT_SECONDS = 120.0
"""Seconds a new worker process may take to start, before it counts as dead."""


def cap_seconds(spec: str) -> float:
    """How long a decision of bot ``spec`` may think (its preset's budget).

    >>> cap_seconds("mcts:hard"), cap_seconds("greedy")
    (2.5, 1.0)
    """
    kind, _, level = spec.partition(":")
    budget = DIFFICULTIES.get(level) if kind == "mcts" else None
    if budget is None or budget.seconds is None:
        return QUICK_SECONDS
    return budget.seconds


Hurried = Callable[[], bool]
"""Whether a worker is asked to answer now (:attr:`MCTSBot.hurried`)."""


def decide(hurried: Hurried, spec: str, seed: int, state: State, seconds: float) -> ActionId:
    """One decision of bot ``spec``, thinking at most ``seconds`` (a worker's job). A
    searching bot searches even when one action is legal, as long as it would otherwise:
    the server asks only when that says something the others must not learn
    (:func:`forced_for_all`)."""
    kind, _, level = spec.partition(":")
    bot = make_bot(kind, level or None, seed=seed)
    if isinstance(bot, MCTSBot):
        bot.budget = replace(bot.budget, seconds=min(bot.budget.seconds or seconds, seconds))
        bot.hurried = hurried
        if len(state.legal_actions()) == 1:
            return bot.ranked(state)[0].action
    return bot.act(state)


HINT_BOT = "mcts:hard"
"""The bot whose search a hint shows."""


def hint(
    hurried: Hurried, seed: int, state: State, seconds: float
) -> list[tuple[ActionId, int, float]]:
    """The hard bot's ranking of the player's actions: (action, visits, value), best
    first (a worker's job). The search reads only what the player may see."""
    bot = make_bot("mcts", HINT_BOT.partition(":")[2], seed=seed)
    assert isinstance(bot, MCTSBot)
    bot.budget = replace(bot.budget, seconds=min(bot.budget.seconds or seconds, seconds))
    bot.hurried = hurried
    return [(c.action, c.visits, c.value) for c in bot.ranked(state)]


JOBS: dict[str, Callable[..., Any]] = {"decide": decide, "hint": hint}
"""What a worker can be asked to do, by name; each job is first given the worker's
:data:`Hurried`."""


def _die_with(parent: int) -> None:
    """End this worker when process ``parent`` (the server) ends, however it ends."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the server died before the line above
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="serai-parent-watch", daemon=True).start()


def _worker(connection: Connection, parent: int, hurry: ctypes.c_bool) -> None:
    """A worker process: decisions in, actions out, until the pipe closes. It says when
    it is ready (every game imported), so its start-up never counts against a cap.
    ``hurry``: the flag the server sets to hurry it (a boolean in shared memory)."""
    _die_with(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which stops us
    for name in list_games():
        game_info(name)
    connection.send((True, "ready"))
    while True:
        try:
            job, args = connection.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, JOBS[job](lambda: bool(hurry.value), *args))
        except Exception as error:
            answer = (False, f"{type(error).__name__}: {error}")
        connection.send(answer)


class Overrun(Exception):
    """A decision outlived its cap."""


@contextlib.contextmanager
def _readable(loop: asyncio.AbstractEventLoop, fileno: int) -> Iterator[asyncio.Future[None]]:
    """A future set once ``fileno`` can be read, watched while the block runs."""
    ready: asyncio.Future[None] = loop.create_future()

    def readable() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(fileno, readable)
    try:
        yield ready
    finally:
        loop.remove_reader(fileno)


class ProcessWorker:
    """One worker process, replaced when it overruns or dies."""

    def __init__(self) -> None:
        self.context = multiprocessing.get_context("spawn")
        self.process: Any = None
        self.connection: Connection | None = None
        self.ready = False
        self.hurry: ctypes.c_bool = self.context.RawValue(ctypes.c_bool, False)
        """Set to hurry the job running (in memory the worker process shares)."""

    def start(self) -> None:
        ours, theirs = self.context.Pipe()
        self.process = self.context.Process(
            target=_worker, args=(theirs, os.getpid(), self.hurry), name="serai-bot", daemon=True
        )
        self.process.start()
        theirs.close()
        self.connection = ours

    def stop(self) -> None:
        if self.process is not None and self.process.is_alive():
            self.process.kill()
        if self.process is not None:
            self.process.join(5)
        if self.connection is not None:
            self.connection.close()
        self.process = self.connection = None
        self.ready = False

    async def decide(self, spec: str, seed: int, state: State, seconds: float) -> ActionId:
        return int(await self.run("decide", spec, seconds, spec, seed, state, seconds))

    async def run(self, job: str, who: str, seconds: float, *args: Any) -> Any:
        """``JOBS[job](*args)`` in the worker process, killed after ``seconds`` + grace."""
        if self.process is None or not self.process.is_alive():
            self.stop()
            self.start()
        if not self.ready:
            await self._answer(who, BOOT_SECONDS)
            self.ready = True
        assert self.connection is not None
        try:
            self.connection.send((job, args))
        except OSError as error:  # it died since it was last seen alive
            self.stop()
            raise Overrun(f"{who}'s worker died") from error
        return await self._answer(who, seconds + GRACE)

    async def _answer(self, spec: str, seconds: float) -> Any:
        """The worker's next answer, or :class:`Overrun` (the worker killed) after
        ``seconds``. A caller cancelled meanwhile (a server stopping) also stops the
        worker, whose answer would otherwise be taken for the next job's."""
        connection = self.connection
        assert connection is not None
        loop = asyncio.get_running_loop()
        try:
            with _readable(loop, connection.fileno()) as ready:
                await asyncio.wait_for(ready, seconds)
        except TimeoutError:
            self.stop()
            raise Overrun(f"{spec} did not answer within {seconds:g} s") from None
        except asyncio.CancelledError:
            self.stop()
            raise
        try:
            ok, value = connection.recv()
        except (EOFError, OSError) as error:
            self.stop()
            raise Overrun(f"{spec}'s worker died") from error
        if not ok:
            raise Overrun(f"{spec} failed: {value}")
        return value


class ThreadWorker:
    """A worker in a thread of the server's own process: for tests and tools that need no
    isolation. It cannot be killed; an overrun is abandoned and its answer ignored."""

    def __init__(self, executor: ThreadPoolExecutor) -> None:
        self.executor = executor
        self.hurry = ctypes.c_bool(False)
        """Set to hurry the job running."""

    def start(self) -> None:
        """Nothing to start: the executor's threads are shared."""

    def stop(self) -> None:
        """Nothing to stop: the executor belongs to the caller."""

    async def decide(self, spec: str, seed: int, state: State, seconds: float) -> ActionId:
        return int(await self.run("decide", spec, seconds, spec, seed, state, seconds))

    async def run(self, job: str, who: str, seconds: float, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        hurry = self.hurry
        future = loop.run_in_executor(self.executor, JOBS[job], lambda: bool(hurry.value), *args)
        try:
            return await asyncio.wait_for(future, seconds + GRACE)
        except TimeoutError:
            raise Overrun(f"{who} did not answer within {seconds + GRACE:g} s") from None


Worker = ProcessWorker | ThreadWorker

Turn = Callable[[str, Worker], Awaitable[None]]
"""Plays one bot decision of a table (by id) with a worker; the driver's callback."""


PLAYERS, WATCHED, ALONE = 0, 1, 2
"""The bots' queues, served in this order: tables where a person plays a seat, tables
where people only watch, tables of bots alone."""

RETRY_SECONDS = 1.0
"""How soon a table whose bot could not move (an error of the server's, logged) is
served again; twice as late after each failure in a row, up to :data:`RETRY_MOST`."""
RETRY_MOST = 60.0
RETRIES = 10
"""Failures in a row (about 5 minutes of them) after which a table is served again only
once it is woken otherwise (a move, a seat left to a bot, a clock) or the server
restarts."""


class Turns:
    """One queue of tables whose bot is to act, served a table of each owner (the address
    that made it) in turn, each owner's first come, first served: an address with many
    tables delays another's by one decision of each at most, not by one of each table."""

    def __init__(self) -> None:
        self.owners: OrderedDict[str, deque[str]] = OrderedDict()
        self.count = 0

    def __len__(self) -> int:
        return self.count

    def add(self, table_id: str, owner: str) -> None:
        self.owners.setdefault(owner, deque()).append(table_id)
        self.count += 1

    def remove(self, table_id: str, owner: str) -> None:
        tables = self.owners[owner]
        tables.remove(table_id)
        self.count -= 1
        if not tables:
            del self.owners[owner]

    def pop(self) -> str:
        """The first table of the owner whose turn it is; the owner's turn then passes."""
        owner, tables = next(iter(self.owners.items()))
        self.count -= 1
        table_id = tables.popleft()
        if tables:
            self.owners.move_to_end(owner)
        else:
            del self.owners[owner]
        return table_id


class BotDriver:
    """The queues of tables whose bot is to act (:class:`Turns`: owners take turns),
    served by one task per worker: :data:`PLAYERS` before :data:`WATCHED` before
    :data:`ALONE` (whose tables would otherwise keep the workers from the players for
    hours). A players' table that no idle worker will take hurries a worker thinking for
    another queue."""

    def __init__(self, workers: list[Worker], turn: Turn) -> None:
        self.workers = workers
        self.turn = turn
        self.queues = (Turns(), Turns(), Turns())
        """:data:`PLAYERS`, :data:`WATCHED` and :data:`ALONE`."""
        self.ready = asyncio.Event()
        self.queued: dict[str, tuple[int, str]] = {}
        """The tables queued, with their queue and owner."""
        self.busy: set[str] = set()
        self.for_others: set[Worker] = set()
        """The workers thinking for a table no player waits at, that may be hurried (each
        once)."""
        self.tasks: list[asyncio.Task[None]] = []
        self.failures: dict[str, int] = {}
        """The tables whose bot's last decisions failed, with how many failed in a row."""
        self.left: set[str] = set()
        """The tables whose bot failed :data:`RETRIES` times in a row."""
        self.retry_seconds = RETRY_SECONDS

    def start(self) -> None:
        for worker in self.workers:
            worker.start()
            self.tasks.append(asyncio.create_task(self._serve(worker)))

    async def stop(self) -> None:
        """Stop serving, then stop the workers."""
        await stop_tasks(self.tasks)
        for worker in self.workers:
            worker.stop()

    def wake(self, table_id: str, queue: int, owner: str = "") -> None:
        """Queue ``table_id`` of ``owner`` (the address that made it; empty: unknown) in
        ``queue`` for its bot's next decision; a table already queued only moves to a
        queue served sooner (someone came to play or watch)."""
        queued = self.queued.get(table_id)
        if queued is not None and queued[0] <= queue:
            return
        if queued is not None:
            self.queues[queued[0]].remove(table_id, queued[1])
        self.queued[table_id] = (queue, owner)
        self.queues[queue].add(table_id, owner)
        self.ready.set()
        if queue == PLAYERS:
            self._hurry()

    def _hurry(self) -> None:
        """Hurry a worker thinking for a table no player waits at, for each players'
        table that no idle worker will take."""
        idle = len(self.workers) - len(self.busy)
        for worker in list(self.for_others)[: max(0, len(self.queues[PLAYERS]) - idle)]:
            worker.hurry.value = True
            self.for_others.discard(worker)

    async def _next(self) -> tuple[str, int]:
        """The next table to serve, and its queue."""
        while not any(self.queues):
            self.ready.clear()
            await self.ready.wait()
        queue = next(queue for queue, tables in enumerate(self.queues) if tables)
        return self.queues[queue].pop(), queue

    def resting(self, table_id: str) -> bool:
        """Whether ``table_id``'s bot failed last: not to be woken by a mere look around
        for tables nobody drives, which would undo the waits between its tries."""
        return table_id in self.failures or table_id in self.left

    def driving(self, table_id: str) -> bool:
        return table_id in self.queued or table_id in self.busy

    async def _serve(self, worker: Worker) -> None:
        while True:
            table_id, queue = await self._next()
            _, owner = self.queued.pop(table_id)
            self.busy.add(table_id)
            worker.hurry.value = False
            if queue != PLAYERS:
                self.for_others.add(worker)
            try:
                await self.turn(table_id, worker)
            except asyncio.CancelledError:
                raise
            except Exception:
                self._retry(table_id, queue, owner)
            else:
                self.failures.pop(table_id, None)
                self.left.discard(table_id)
            finally:
                self.busy.discard(table_id)
                self.for_others.discard(worker)

    def _retry(self, table_id: str, queue: int, owner: str) -> None:
        """Serve again, a little later, a table whose bot could not move: its game must not
        wait for ever on one failure (a worker lost as it was asked, a store away)."""
        failed = self.failures[table_id] = self.failures.get(table_id, 0) + 1
        if failed > RETRIES:
            del self.failures[table_id]
            self.left.add(table_id)
            log.exception("the bots of table %s could not move %d times: left", table_id, failed)
            return
        delay = min(RETRY_MOST, self.retry_seconds * 2 ** (failed - 1))
        log.exception("the bots of table %s could not move; trying again in %g s", table_id, delay)
        asyncio.get_running_loop().call_later(delay, self.wake, table_id, queue, owner)


def fallback(state: State, seed: int) -> ActionId:
    """The move of a bot that overran: a legal action drawn from the table's seed."""
    return random.Random(seed).choice(state.legal_actions())


WORLDS = 32
"""Worlds drawn from each other seat's knowledge by :func:`forced_for_all`."""


def forced_for_all(state: State, seed: int) -> bool:
    """Whether the one legal action of ``state`` is the only one in every world drawn
    (:data:`WORLDS` for each other seat) from what the other seats know: then a bot may
    play it at once without its speed telling them anything. A decision forced by what
    only its player holds (a Nomads of Arabia player with no disk to play, who can only
    end the turn) is thought over as long as any other (:func:`decide`)."""
    rng = random.Random(seed)
    seat = state.current_player()
    for other in range(state.game.num_players):
        if other != seat:
            for _ in range(WORLDS):
                if len(state.resample_hidden(other, rng).legal_actions()) != 1:
                    return False
    return True
