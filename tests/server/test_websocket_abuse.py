"""WebSocket clients that break the protocol's manners, against a served process
(``serai serve``'s :class:`~serai.server.guard.GuardedWebSocketProtocol`): one that sends
pings and never reads the pongs, one that sends text that is not UTF-8."""

from __future__ import annotations

import base64
import contextlib
import os
import socket
import struct
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.live_server import free_port, logged, server

FLOOD = 64 * 2**20
"""Bytes of pings a client sends at most: far more than a server that stops reading from
it lets through, all of it answered (in memory) by one that does not."""
HELD_SECONDS = 3.0
"""How long a send may wait before the client counts as held back."""


def table_path(client: httpx.Client) -> str:
    made = client.post(
        "/api/tables",
        json={"game": "through_the_desert", "seats": [{"kind": "human"}] * 2, "hotseat": True},
    ).json()
    token = made["hotseat"].split("token=")[1]
    return f"/ws/tables/{made['table']['id']}?token={token}"


@contextlib.contextmanager
def raw_websocket(port: int, path: str) -> Iterator[socket.socket]:
    """A WebSocket opened by hand, reading only what the test reads (a small receive
    buffer, so that what it does not read soon fills it)."""
    conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    conn.settimeout(30)
    conn.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    conn.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += conn.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    try:
        yield conn
    finally:
        conn.close()


def frame(opcode: int, payload: bytes) -> bytes:
    """One final frame from a client (masked, as clients must), payload under 126 bytes."""
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    return struct.pack("!BB", 0x80 | opcode, 0x80 | len(payload)) + mask + masked


def frames_until_close(conn: socket.socket) -> bytes:
    """What the server sends until it closes the connection."""
    received = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := conn.recv(65536):
            received += chunk
    return received


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, httpx.Client]]:
    port = free_port()
    with server(f"sqlite:///{tmp_path / 's.db'}", port) as (_, client):
        yield port, client


def test_a_client_that_never_reads_its_pongs_is_held_back(
    served: tuple[int, httpx.Client],
) -> None:
    """The server stops reading from it once the pongs it has not read fill the buffer,
    so its pings wait in the kernel instead of the pongs in the server's memory; other
    clients are served meanwhile."""
    port, client = served
    with raw_websocket(port, table_path(client)) as conn:
        pings = frame(0x9, b"p" * 125) * 64
        conn.settimeout(HELD_SECONDS)
        sent = 0
        with contextlib.suppress(TimeoutError):
            while sent < FLOOD:
                conn.sendall(pings)
                sent += len(pings)
        assert sent < FLOOD, "every ping was read and answered into the server's memory"
        assert client.get("/api/games").status_code == 200


def test_text_that_is_not_utf8_closes_the_socket_with_1007_and_logs_nothing(
    tmp_path: Path,
) -> None:
    """Also when the client's close frame comes with it (a stranger's review: the server
    then logged a traceback for each such connection); nor do openings refused for their
    Origin, or requests that are not HTTP, leave a line each."""
    port = free_port()
    bad = frame(0x1, b'{"type": "ping", "x": "\xff"}')
    with server(f"sqlite:///{tmp_path / 's.db'}", port) as (process, client):
        path = table_path(client)
        for _ in range(3):
            with raw_websocket(port, path) as conn:
                conn.sendall(bad)
                received = frames_until_close(conn)
                close = received[received.rindex(b"\x88") :]  # the close frame, last
                assert struct.unpack("!H", close[2:4])[0] == 1007
            with raw_websocket(port, path) as conn:
                conn.sendall(bad + frame(0x8, struct.pack("!H", 1000)))
                assert b"\x88" in frames_until_close(conn)
            foreign = {"Origin": "http://evil.example", "Connection": "Upgrade"}
            opening = {**foreign, "Upgrade": "websocket", "Sec-WebSocket-Version": "13"}
            opening["Sec-WebSocket-Key"] = base64.b64encode(os.urandom(16)).decode()
            assert client.get(path, headers=opening).json()["code"] == "bad_origin"
            with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
                conn.sendall(b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")
                assert b"bad_request" in frames_until_close(conn)
        assert client.get("/api/games").status_code == 200
        process.terminate()
        process.wait(30)
        said = logged(process)
    assert "UTF-8" not in said and "Traceback" not in said, said
    assert "handshake" not in said and "Invalid HTTP" not in said, said
