"""A real ``serai serve`` process on a free loopback port, for restart and browser tests."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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
        stderr=subprocess.PIPE,
    )
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                client.get("/api/games").raise_for_status()
                break
            except httpx.TransportError:
                if process.poll() is not None or time.monotonic() > deadline:
                    output = process.stderr.read().decode() if process.stderr else ""
                    raise RuntimeError(f"serai serve did not start: {output}") from None
                time.sleep(0.2)
        yield process, client
    finally:
        client.close()
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()  # leave nothing running, and say the server hung
                process.wait(30)
                raise
