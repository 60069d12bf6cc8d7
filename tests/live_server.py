"""A real ``serai serve`` process on a free loopback port, for restart and browser tests.

Its log goes to a file, never to a pipe: a pipe nobody reads while the server runs fills
after 64 KB of warnings, and the server would then stop, blocked writing its next line.
What it logged is printed when it stops (pytest shows it with a test that failed)."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import httpx

SERAI = str(Path(sys.executable).parent / "serai")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def server(
    db: str, port: int, *options: str
) -> Iterator[tuple[subprocess.Popen[bytes], httpx.Client]]:
    """The server running, and a client of it; :func:`logged` reads what it has logged."""
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [
                SERAI,
                "serve",
                "--port",
                str(port),
                "--db",
                db,
                "--bot-workers",
                "1",
                "--bot-pace",
                "0",
                *options,
            ],
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        LOGS[process.pid] = log
        client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    client.get("/api/games").raise_for_status()
                    break
                except httpx.TransportError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(
                            f"serai serve did not start: {logged(process)}"
                        ) from None
                    time.sleep(0.2)
            yield process, client
        finally:
            client.close()
            try:
                if process.poll() is None:
                    process.terminate()
                    try:
                        process.wait(30)
                    except subprocess.TimeoutExpired:
                        process.kill()  # leave nothing running, and say the server hung
                        process.wait(30)
                        raise
            finally:
                if said := logged(process):
                    sys.stderr.write(f"serai serve on port {port} logged:\n{said[-20_000:]}\n")
                del LOGS[process.pid]


LOGS: dict[int, IO[bytes]] = {}
"""The log file of each server running, by process id."""


def logged(process: subprocess.Popen[bytes]) -> str:
    """What ``process`` (started by :func:`server`) has logged so far."""
    log = LOGS[process.pid]
    log.seek(0)
    return log.read().decode(errors="replace")
