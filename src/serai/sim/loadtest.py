"""``serai bench --server``: a bounded load test of the web server, beside its ceiling.

Three runs over loopback, each against an app in its own subprocess on a free port of
127.0.0.1 (the server over a fresh SQLite file in a temporary directory):

- **The server.** ``serai serve``; ``tables`` tables of ``game`` with every seat human,
  each played over one WebSocket by one asyncio client holding the table's hotseat token
  (so one connection plays every seat). Each client sends a random legal move (a
  ``random.Random`` seeded per table) as soon as the state answering its last one arrives;
  a finished game is replaced by a new table.
- **The floor.** The same clients against :data:`serai.sim.floor.floor_app` under
  uvicorn: the same stack doing a move's rules work alone (applying it and the chance that
  follows, the view, the legal actions and their choices), with no store, seats, log or
  limits. Between the server and the floor lies what the platform costs beside the rules.
- **The ceiling.** A bare Starlette WebSocket echo app (:data:`echo_app`) under uvicorn,
  with the same number of clients sending messages as large as the moves were and
  waiting for each echo.

A move's latency runs from sending it to receiving the state message of a higher
revision (for the echo: the echo). Moves per second is every acknowledged move over the
time from the start of play to the last client's end. Connecting and creating the first
tables happen before the clock starts; tables created when a game ends are inside it.

The clients share the machine with the server: on a 2-core machine they take a good part
of the CPU, so every rate is a lower bound, and the ratios between them are the point.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import orjson
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from serai.engine import OptionValue

HOST = "127.0.0.1"
START_TIMEOUT = 60.0
"""Seconds a server subprocess may take to answer HTTP."""
ANSWER_TIMEOUT = 30.0
"""Seconds a client waits for one answer before it gives its connection up."""
SETUP_CONCURRENCY = 16
"""Tables created and connections opened at once before the clock starts."""
MAX_FRAME = 16 * 2**20
CLIENT_ERRORS = (OSError, TimeoutError, ValueError, KeyError, WebSocketException)
"""What ends one client (counted as an error) without ending the run."""
CAVEAT = (
    "the clients run on the same machine as the server ({cpus} cores) and take part of "
    "its CPU: every rate is a lower bound, their ratios are the figures to compare"
)


FLOOR_APP = "serai.sim.floor:floor_app"
"""The floor's app, in its own module: the echo app's process imports none of the server."""
ECHO_APP = f"{__name__}:echo_app"


# -- the ceiling: a bare WebSocket echo app -------------------------------------------------
async def _echo(socket: WebSocket) -> None:
    await socket.accept()
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await socket.send_text(await socket.receive_text())


echo_app = Starlette(routes=[WebSocketRoute("/ws/echo", _echo)])
"""Accept, then echo every text frame: the least a WebSocket server can do per message."""


# -- results ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Figures:
    """One side of a load test: the server, its floor or the echo ceiling."""

    target: str
    """``server``, ``floor`` or ``echo``."""
    tables: int
    """Clients playing at once (one WebSocket each)."""
    started: int
    """Tables (connections) played in all, those started after a game ended included."""
    finished: int
    """Games played to the end."""
    moves: int
    """Moves acknowledged (for the echo: messages echoed)."""
    errors: int
    """Error messages received, and connections lost or given up."""
    seconds: float
    """From the start of play to the end of the last client."""
    moves_per_second: float
    p50_ms: float
    p99_ms: float
    sent_bytes: float
    """Mean size of a move message."""
    received_bytes: float
    """Mean size of the message acknowledging a move."""
    logged_errors: int = 0
    """``ERROR`` lines in the server's own log (an exception in a request, say)."""
    cpu_cores: float | None = None
    """The CPU time the server's processes (and their threads) used while the clients
    played, over that time: 1.0 is one core busy throughout. None where Linux's /proc
    cannot tell."""
    busiest_thread: float | None = None
    """The busiest of those threads, in the same unit. A Python process's threads take
    turns under one interpreter lock: a process whose threads add up to about 1.0 while
    none reaches it is held by that lock, not by its event loop alone."""


@dataclass(frozen=True)
class LoadResult:
    """``serai bench --server``: the server and its echo ceiling, under the same load."""

    game: str
    players: int
    options: dict[str, OptionValue]
    tables: int
    seconds: float
    """The duration asked for each run."""
    spectators: int
    """Connections watching each table without playing."""
    processes: int
    move_every: float
    """Seconds between two moves of a table (0: as fast as the server answers)."""
    cpus: int
    load_before: tuple[float, float, float]
    """``os.getloadavg()`` before the runs."""
    load_after: tuple[float, float, float]
    server: Figures
    echo: Figures | None
    """The ceiling (none at a person's pace)."""
    caveat: str
    floor: Figures | None = None
    """The rules' work alone on the same stack (none at a person's pace)."""

    @property
    def ratio(self) -> float:
        """The server's moves per second as a share of the echo's."""
        return share(self.server, self.echo)

    @property
    def floor_ratio(self) -> float:
        """The floor's moves per second as a share of the echo's."""
        return share(self.floor, self.echo)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every field."""
        return {**asdict(self), "ratio": self.ratio, "floor_ratio": self.floor_ratio}


def share(part: Figures | None, whole: Figures | None) -> float:
    """``part``'s moves per second as a share of ``whole``'s (0 where either is missing)."""
    if part is None or whole is None or whole.moves_per_second <= 0:
        return 0.0
    return part.moves_per_second / whole.moves_per_second


@dataclass
class _Tally:
    """What every client of one run adds up."""

    latencies: list[float] = field(default_factory=list)
    started: int = 0
    finished: int = 0
    errors: int = 0
    sent_bytes: int = 0
    received_bytes: int = 0

    def figures(self, target: str, tables: int, seconds: float) -> Figures:
        moves = len(self.latencies)
        p50, p99 = percentiles(self.latencies)
        return Figures(
            target=target,
            tables=tables,
            started=self.started,
            finished=self.finished,
            moves=moves,
            errors=self.errors,
            seconds=seconds,
            moves_per_second=moves / seconds if seconds > 0 else 0.0,
            p50_ms=p50 * 1000,
            p99_ms=p99 * 1000,
            sent_bytes=self.sent_bytes / moves if moves else 0.0,
            received_bytes=self.received_bytes / moves if moves else 0.0,
        )


def percentiles(values: Sequence[float]) -> tuple[float, float]:
    """The median and the 99th percentile of ``values`` (0, 0 when empty).

    >>> percentiles([0.003, 0.001, 0.002])
    (0.002, 0.00298)
    """
    if not values:
        return 0.0, 0.0
    if len(values) == 1:
        return values[0], values[0]
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return statistics.median(values), cuts[98]


# -- server subprocesses ------------------------------------------------------------------
def free_port() -> int:
    """A port on the loopback address nobody listens on (at the time of asking)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True  # any HTTP status: it is up
    except (urllib.error.URLError, OSError):
        return False


def cpu_times(root: int) -> dict[tuple[int, int], float]:
    """CPU seconds of every thread of process ``root`` and of its descendants, by process
    and thread (Linux's /proc; empty elsewhere, or once ``root`` is gone)."""
    proc = Path("/proc")
    parents: dict[int, int] = {}
    if proc.is_dir():
        for entry in proc.iterdir():
            if entry.name.isdecimal() and (stat := _stat(entry / "stat")) is not None:
                parents[int(entry.name)] = int(stat[1])
    family, grown = {root}, True
    while grown:
        more = {pid for pid, parent in parents.items() if parent in family} - family
        family |= more
        grown = bool(more)
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    times = {}
    for pid in family & parents.keys():
        with contextlib.suppress(OSError):
            for task in (proc / str(pid) / "task").iterdir():
                if (stat := _stat(task / "stat")) is not None:
                    times[(pid, int(task.name))] = (int(stat[11]) + int(stat[12])) / tick
    return times


def _stat(path: Path) -> list[str] | None:
    """The fields of a /proc ``stat`` file after the command's name (state first)."""
    try:
        text = path.read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def cpu_used(
    before: dict[tuple[int, int], float], after: dict[tuple[int, int], float], seconds: float
) -> tuple[float | None, float | None]:
    """From two :func:`cpu_times`: the cores all threads used over ``seconds``, and the
    busiest thread's share of one core (None, None when nothing could be read).

    >>> cpu_used({(1, 1): 2.0, (1, 2): 1.0}, {(1, 1): 3.5, (1, 2): 1.5, (1, 3): 0.5}, 2.0)
    (1.25, 0.75)
    """
    if not after or seconds <= 0:
        return None, None
    used = [after[key] - before.get(key, 0.0) for key in after]
    return sum(used) / seconds, max(used) / seconds


@contextlib.contextmanager
def running(command: Sequence[str], port: int, log: Path) -> Iterator[tuple[str, int]]:
    """Run ``command`` (a server on ``port``) until the block ends; yield its base URL and
    its process id."""
    base = f"http://{HOST}:{port}"
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while not _answers(f"{base}/"):
                if process.poll() is not None or time.monotonic() > deadline:
                    tail = log.read_text(errors="replace")[-2000:]
                    raise ChildProcessError(f"{' '.join(command)} did not start:\n{tail}")
                time.sleep(0.1)
            yield base, process.pid
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGINT)
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def logged_errors(log: Path, name: str) -> int:
    """How many ``ERROR`` lines a server wrote to ``log``; the first one's end to stderr."""
    lines = log.read_text(errors="replace").splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("ERROR:")]
    if starts:
        end = starts[1] if len(starts) > 1 else len(lines)
        first = "\n".join([lines[starts[0]], *lines[max(starts[0] + 1, end - 6) : end]])
        print(f"loadtest: {name} logged {len(starts)} errors; the first:\n{first}", file=sys.stderr)
    return len(starts)


def serve_command(port: int, db: str, redis: str | None = None, processes: int = 1) -> list[str]:
    """``serai serve`` on ``port`` over database ``db`` (``processes`` of them, told of each
    other's moves by ``redis``), with this interpreter."""
    group = [] if redis is None else ["--redis", redis, "--workers", str(processes)]
    return [
        sys.executable,
        "-c",
        "from serai.cli import app; app()",
        "serve",
        "--host",
        HOST,
        "--port",
        str(port),
        "--db",
        db,
        "--bot-workers",
        "1",
        "--tables-per-minute",
        "1000000",
        "--sockets-per-address",
        "1000000",
        "--sockets-per-minute",
        "1000000",
        "--messages-per-second",
        "1000000",
        *group,
    ]


def app_command(port: int, app: str = ECHO_APP) -> list[str]:
    """uvicorn serving ``app`` (by default :data:`echo_app`) on ``port`` with the HTTP and
    WebSocket implementations ``serai serve`` runs its app with (h11, and websockets'),
    without compressing messages (as uvicorn does by default when the client offers to, and
    the clients here offer to)."""
    return [
        sys.executable,
        "-m",
        "uvicorn",
        app,
        "--host",
        HOST,
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--http",
        "h11",
        "--ws-per-message-deflate",
        "false",
    ]


# -- clients -----------------------------------------------------------------------------
def _post_json(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=ANSWER_TIMEOUT) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


async def _receive(socket: ClientConnection) -> tuple[dict[str, Any], int]:
    """The next message, parsed (by orjson, as the server encodes: the clients share the
    server's CPU, and the standard library's parser took half of theirs), and its size in
    bytes."""
    data = await asyncio.wait_for(socket.recv(decode=False), ANSWER_TIMEOUT)
    message: dict[str, Any] = orjson.loads(data)
    return message, len(data)


KEPT = ("type", "revision", "legal", "over")
"""What a table client keeps of a state message: only what it plays by, so that thousands
of tables at a person's pace hold no views for the collector to scan."""


def _kept(state: dict[str, Any]) -> dict[str, Any]:
    return {key: state[key] for key in KEPT}


class _Client:
    """One connection of a run: ``open`` before the clock, ``run`` until the deadline."""

    def __init__(self, tally: _Tally) -> None:
        self.tally = tally
        self.socket: ClientConnection | None = None

    async def _connect(self, url: str) -> ClientConnection:
        self.socket = await connect(
            url, max_size=MAX_FRAME, ping_interval=None, open_timeout=ANSWER_TIMEOUT
        )
        self.tally.started += 1
        return self.socket

    async def close(self) -> None:
        if self.socket is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.socket.close(), 5)
            self.socket = None

    async def open(self) -> None:
        raise NotImplementedError

    async def run(self, deadline: float) -> None:
        raise NotImplementedError


class TableClient(_Client):
    """Plays tables of one game through their hotseat token, random legal moves."""

    def __init__(
        self,
        tally: _Tally,
        base: str,
        game: str,
        players: int,
        options: dict[str, OptionValue],
        seed: str,
        pace: float = 0.0,
    ) -> None:
        super().__init__(tally)
        self.base = base
        self.pace = pace
        """Seconds between two moves (0: each as soon as the last is answered)."""
        self.next_move = 0.0
        self.body = {
            "game": game,
            "players": players,
            "options": options,
            "seats": [{"kind": "human"}] * players,
            "hotseat": True,
            "listed": False,
        }
        self.seed = seed
        self.games = 0
        self.rng = random.Random()
        self.state: dict[str, Any] = {}
        self.table_id = ""

    async def open(self) -> None:
        made = await asyncio.to_thread(_post_json, f"{self.base}/api/tables", self.body)
        table_id = self.table_id = made["table"]["id"]
        token = urllib.parse.parse_qs(urllib.parse.urlsplit(made["hotseat"]).query)["token"][0]
        ws = self.base.replace("http://", "ws://", 1)
        socket = await self._connect(f"{ws}/ws/tables/{table_id}?token={token}")
        self.rng = random.Random(f"{self.seed}/{self.games}")
        self.games += 1
        message: dict[str, Any] = {}
        while message.get("type") != "state":
            message, _ = await _receive(socket)
        self.state = _kept(message)

    async def run(self, deadline: float) -> None:
        """Play until the deadline, on a new table whenever a game ends or a table fails."""
        try:
            while time.perf_counter() < deadline:
                try:
                    if await self._play(deadline):
                        self.tally.finished += 1
                except CLIENT_ERRORS as error:
                    self.tally.errors += 1
                    print(f"loadtest: a table failed, starting another: {error!r}", file=sys.stderr)
                await self.close()
                if time.perf_counter() < deadline:
                    await self.open()
        except CLIENT_ERRORS as error:
            self.tally.errors += 1
            print(f"loadtest: a table client stopped: {error!r}", file=sys.stderr)
        finally:
            await self.close()

    async def _play(self, deadline: float) -> bool:
        """Move until the game ends (True) or the deadline passes or the table errs."""
        assert self.socket is not None
        socket, tally = self.socket, self.tally
        while time.perf_counter() < deadline:
            state = self.state
            if state["over"]:
                return True
            if not state["legal"]:  # not ours to move: wait for the next push
                message, _ = await _receive(socket)
                if message["type"] == "state":
                    self.state = _kept(message)
                continue
            if self.pace:  # a person's pace: the first move at a random moment, then regular
                now = time.perf_counter()
                self.next_move = self.next_move or now + self.rng.uniform(0, self.pace)
                if self.next_move > deadline:  # no move left before the deadline
                    await asyncio.sleep(max(0.0, deadline - now))
                    return False
                await asyncio.sleep(max(0.0, self.next_move - now))
                self.next_move += self.pace
                state = self.state
            revision = state["revision"]
            text = json.dumps(
                {"type": "move", "action": self.rng.choice(state["legal"]), "revision": revision}
            )
            sent = time.perf_counter()
            await socket.send(text)
            while True:
                message, size = await _receive(socket)
                if message["type"] == "state" and message["revision"] > revision:
                    tally.latencies.append(time.perf_counter() - sent)
                    tally.sent_bytes += len(text.encode())
                    tally.received_bytes += size
                    self.state = _kept(message)
                    break
                if message["type"] == "error":
                    tally.errors += 1
                    if "state" not in message:
                        return False
                    self.state = _kept(message["state"])
                    break
        return False


class SpectatorClient(_Client):
    """Watches one table without a token: reads every message it is pushed."""

    def __init__(self, tally: _Tally, base: str, table: TableClient) -> None:
        super().__init__(tally)
        self.base = base
        self.table = table

    async def open(self) -> None:
        ws = self.base.replace("http://", "ws://", 1)
        socket = await self._connect(f"{ws}/ws/tables/{self.table.table_id}")
        first, _ = await _receive(socket)
        if first["type"] != "hello":
            raise ValueError(first.get("message", f"a {first['type']!r} message before hello"))

    async def run(self, deadline: float) -> None:
        assert self.socket is not None
        try:
            while (left := deadline - time.perf_counter()) > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.socket.recv(decode=False), left)
        except CLIENT_ERRORS as error:
            self.tally.errors += 1
            print(f"loadtest: a spectator stopped: {error!r}", file=sys.stderr)
        finally:
            await self.close()


class EchoClient(_Client):
    """Sends messages of ``size`` bytes to the echo app and waits for each echo."""

    def __init__(self, tally: _Tally, base: str, size: int) -> None:
        super().__init__(tally)
        self.base = base
        self.size = size

    async def open(self) -> None:
        ws = self.base.replace("http://", "ws://", 1)
        await self._connect(f"{ws}/ws/echo")

    def _message(self, sequence: int) -> str:
        text = json.dumps({"type": "move", "revision": sequence, "action": ""})
        return text[:-2] + "x" * max(0, self.size - len(text)) + '"}'

    async def run(self, deadline: float) -> None:
        assert self.socket is not None
        socket, tally = self.socket, self.tally
        sequence = 0
        try:
            while time.perf_counter() < deadline:
                text = self._message(sequence)
                sent = time.perf_counter()
                await socket.send(text)
                message, size = await _receive(socket)
                if message.get("revision") != sequence:
                    tally.errors += 1
                    return
                tally.latencies.append(time.perf_counter() - sent)
                tally.sent_bytes += len(text.encode())
                tally.received_bytes += size
                sequence += 1
        except CLIENT_ERRORS as error:
            tally.errors += 1
            print(f"loadtest: an echo client stopped: {error!r}", file=sys.stderr)
        finally:
            await self.close()


async def _run_clients(
    clients: Sequence[_Client],
    tally: _Tally,
    target: str,
    seconds: float,
    server: int,
    watchers: Sequence[_Client] = (),
) -> Figures:
    """Open every client (then every watcher), then let them all run for ``seconds``;
    the clients' figures, with the CPU the ``server`` process used meanwhile. While they
    run, this process collects its garbage on a server's clock but never all of it, with
    their connections frozen out of collections (:mod:`serai.server.collector`): the
    clients' own pauses would count in every latency."""
    from serai.server.collector import NEVER, collecting_on_time  # not in the echo app

    gate = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def open_one(client: _Client) -> None:
        async with gate:
            await client.open()

    everyone = [*clients, *watchers]
    try:
        for group in (clients, watchers):
            limit = START_TIMEOUT + len(group)
            try:
                await asyncio.wait_for(asyncio.gather(*(open_one(c) for c in group)), limit)
            except TimeoutError as error:
                raise ConnectionError(
                    f"the {target} had not let every client in after {limit:.0f} s"
                ) from error
            except CLIENT_ERRORS as error:
                raise ConnectionError(f"the {target} refused a client: {error}") from error
        tally.latencies.clear()
        tally.started = len(clients)
        async with collecting_on_time(gc.get_threshold()[0], full_every=NEVER):
            before = cpu_times(server)
            start = time.perf_counter()
            deadline = start + seconds
            await asyncio.wait_for(
                asyncio.gather(*(c.run(deadline) for c in everyone)),
                seconds + 2 * ANSWER_TIMEOUT,
            )
            elapsed = time.perf_counter() - start
            cores, busiest = cpu_used(before, cpu_times(server), elapsed)
    finally:
        await asyncio.gather(*(c.close() for c in everyone), return_exceptions=True)
    figures = tally.figures(target, len(clients), elapsed)
    return replace(figures, cpu_cores=cores, busiest_thread=busiest)


async def _load_server(
    base: str,
    server: int,
    tables: int,
    seconds: float,
    game: str,
    players: int,
    options: dict[str, OptionValue],
    seed: int,
    spectators: int,
    pace: float = 0.0,
    target: str = "server",
) -> Figures:
    tally = _Tally()
    clients = [
        TableClient(tally, base, game, players, options, f"{seed}/{index}", pace)
        for index in range(tables)
    ]
    watchers = [
        SpectatorClient(tally, base, client) for client in clients for _ in range(spectators)
    ]
    return await _run_clients(clients, tally, target, seconds, server, watchers)


async def _load_echo(base: str, server: int, tables: int, seconds: float, size: int) -> Figures:
    tally = _Tally()
    clients = [EchoClient(tally, base, size) for _ in range(tables)]
    return await _run_clients(clients, tally, "echo", seconds, server)


def load_test(
    tables: int = 200,
    seconds: float = 30.0,
    game: str = "through_the_desert",
    players: int = 2,
    options: dict[str, OptionValue] | None = None,
    seed: int = 0,
    spectators: int = 0,
    db: str | None = None,
    redis: str | None = None,
    processes: int = 1,
    move_every: float = 0.0,
) -> LoadResult:
    """Load the server with ``tables`` playing clients for ``seconds``, each table watched
    by ``spectators`` more connections; then the floor with the same tables, and the echo
    app with ``tables`` clients.

    The server keeps its tables in ``db`` (default: a fresh SQLite file; give a scratch
    PostgreSQL database for several ``processes`` told of each other's moves by
    ``redis``). With ``move_every`` each table moves at that pace, as people do, and no echo
    runs. Each server runs in a subprocess on a free loopback port and is stopped at the end.
    """
    if tables < 1 or seconds <= 0:
        raise ValueError("a load test needs at least one table and some seconds")
    options = dict(options or {})
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="serai-loadtest-") as tmp:
        folder = Path(tmp)
        port = free_port()
        url = db or f"sqlite:///{folder / 'serai.db'}"
        log = folder / "server.log"
        command = serve_command(port, url, redis, processes)
        with running(command, port, log) as (base, pid):
            server = asyncio.run(
                _load_server(
                    base, pid, tables, seconds, game, players, options, seed, spectators, move_every
                )
            )
        server = replace(server, logged_errors=logged_errors(log, "serai serve"))
        floor = echo = None
        if not move_every:
            port = free_port()
            log = folder / "floor.log"
            with running(app_command(port, FLOOR_APP), port, log) as (base, pid):
                floor = asyncio.run(
                    _load_server(
                        base, pid, tables, seconds, game, players, options, seed, 0, 0.0, "floor"
                    )
                )
            floor = replace(floor, logged_errors=logged_errors(log, "the floor"))
            size = round(server.sent_bytes) or 64
            port = free_port()
            log = folder / "echo.log"
            with running(app_command(port), port, log) as (base, pid):
                echo = asyncio.run(_load_echo(base, pid, tables, seconds, size))
            echo = replace(echo, logged_errors=logged_errors(log, "the echo server"))
    cpus = os.cpu_count() or 1
    return LoadResult(
        game=game,
        players=players,
        options=options,
        tables=tables,
        seconds=seconds,
        spectators=spectators,
        processes=processes,
        move_every=move_every,
        cpus=cpus,
        load_before=load_before,
        load_after=os.getloadavg(),
        server=server,
        echo=echo,
        caveat=CAVEAT.format(cpus=cpus),
        floor=floor,
    )


# -- start-up with many stored tables -------------------------------------------------------
@dataclass(frozen=True)
class StartupResult:
    """``serai bench --server --startup N``: a server opening a store of N unfinished
    tables."""

    tables: int
    actions_per_table: int
    seconds: float
    """From starting ``serai serve`` to its first answer (the lobby's first page)."""
    rss_mb: float
    """The server process's resident memory then (its bot workers not included)."""
    lobby_ms: float
    """One more lobby page, once up."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def fill_store(db: str, tables: int, game: str = "through_the_desert", players: int = 3) -> int:
    """Store ``tables`` unfinished tables of ``game``, each its setup and a few moves, as
    the server stores them; the number of actions of each."""
    from serai.engine import load_game, sample_chance
    from serai.server.store import CHANCE_SEAT, Move, Progress, SeatRow, Store, TableRow

    loaded = load_game(game, players=players)
    state = loaded.new_initial_state()
    rng = random.Random(1)
    moves: list[Move] = []
    while len(moves) < 60 and not state.is_terminal():
        chance = state.is_chance_node()
        action = sample_chance(state, rng) if chance else rng.choice(state.legal_actions())
        seat = CHANCE_SEAT if chance else state.current_player()
        moves.append((action, seat, state.action_to_string(action), 1.0))
        state.apply_action(action)
    while state.is_chance_node():
        action = sample_chance(state, rng)
        moves.append((action, CHANCE_SEAT, state.action_to_string(action), 1.0))
        state.apply_action(action)
    store = Store(db)
    now = time.time()
    futures = []
    for index in range(tables):
        row = TableRow(
            id=f"load{index:08d}",
            game=game,
            rules_version=loaded.info.version,
            players=players,
            options={k: v for k, v in loaded.params().items() if k != "players"},
            seed=index,
            hotseat_hash=None,
            listed=True,
            revision=0,
            progress=Progress("playing", len(moves), state.current_player(), False),
            created_at=now,
            updated_at=now,
            seats=tuple(
                SeatRow(seat, "human", None, f"Player {seat + 1}", None, False)
                for seat in range(players)
            ),
        )
        futures.append(store.submit_create(row, moves))
    for future in futures:
        future.result()
    store.close()
    return len(moves)


def _resident_mb(pid: int) -> float:
    """A process's resident memory in MB (Linux; 0 elsewhere)."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def startup_test(tables: int = 10_000) -> StartupResult:
    """Start ``serai serve`` over a store of ``tables`` unfinished tables: how long until
    it answers, and how much memory it holds then."""
    with tempfile.TemporaryDirectory(prefix="serai-startup-") as tmp:
        folder = Path(tmp)
        db = f"sqlite:///{folder / 'serai.db'}"
        actions = fill_store(db, tables)
        port = free_port()
        lobby = f"http://{HOST}:{port}/api/tables"
        with (folder / "server.log").open("wb") as log:
            started = time.perf_counter()
            process = subprocess.Popen(serve_command(port, db), stdout=log, stderr=log)
            try:
                while not _answers(lobby):
                    if process.poll() is not None:
                        raise ChildProcessError("serai serve did not start")
                    time.sleep(0.02)
                seconds = time.perf_counter() - started
                rss = _resident_mb(process.pid)
                again = time.perf_counter()
                _answers(lobby)
                lobby_ms = (time.perf_counter() - again) * 1000
            finally:
                process.send_signal(signal.SIGINT)
                try:
                    process.wait(15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
    return StartupResult(tables, actions, seconds, rss, lobby_ms)


# -- how many tables a person's pace allows --------------------------------------------------
LATENCY_TARGET_MS = 100.0
"""The 99th percentile of a move's answer a table at a person's pace should see."""


def capacity(
    move_every: float,
    seconds: float,
    counts: Sequence[int] = (100, 200, 400, 800, 1600, 3200, 6400, 12800),
    on_run: Any = None,
    **load: Any,
) -> tuple[int, list[LoadResult]]:
    """Load the server with more and more tables moving every ``move_every`` seconds; the
    largest count whose moves were answered with a 99th percentile under
    :data:`LATENCY_TARGET_MS` and no error, and every run."""
    best, runs = 0, []
    for count in counts:
        result = load_test(count, seconds, move_every=move_every, **load)
        runs.append(result)
        if on_run is not None:
            on_run(result)
        server = result.server
        if server.errors or server.logged_errors or server.p99_ms >= LATENCY_TARGET_MS:
            break
        best = count
    return best, runs
