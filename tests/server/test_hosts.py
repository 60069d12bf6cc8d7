"""The hosts a server answers to: a page of another site whose DNS name was rebound to the
server's address (DNS rebinding) sends its own name in ``Host``, and is refused."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient
from pydantic import ValidationError
from starlette.testclient import WebSocketDenialResponse
from starlette.types import Message, Receive, Scope, Send
from typer.testing import CliRunner

from serai.cli import app as cli
from serai.server import create_app
from serai.server.app import SETTINGS_VARIABLE
from serai.server.config import LOOPBACK_HOSTS, Settings
from serai.server.guard import HEADER_TIMEOUT_VARIABLE, Guard
from tests.server.conftest import Creator

EVIL = {"Host": "evil.example"}


@pytest.fixture
def client(db_url: str, executor: ThreadPoolExecutor) -> Iterator[TestClient]:
    """A server as ``serai serve`` starts one by default, on 127.0.0.1:8000 (the conftest's
    ``new_table`` creates its tables here)."""
    app = create_app(db_url, executor=executor, listen="127.0.0.1")
    with TestClient(app, base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


def assert_bad_host(response: Any, host: str = "evil.example") -> None:
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["type"] == "error" and body["code"] == "bad_host"
    assert host in body["message"] and f"--allowed-host {host}" in body["message"]
    assert response.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("evil example", "is not a host name"),
        ("", "is not a host name"),
        ("-leading.example", "is not a host name"),
        ("a..b.example", "is not a host name"),
        ("https://play.example.org", "is a URL"),
        ("play.example.org:8000", "without their port, give 'play.example.org'"),
        ("[::1]:8000", "without their port, give '[::1]'"),
        ("::1", "in brackets"),
        ("[::zz]", "no IPv6 address"),
        ("300.1.2.3", "no IPv4 address"),
        ("*.127.0.0.1", "a wildcard stands for the names under a host name"),
        ("play.*.org", "is not a host name"),
    ],
)
def test_a_bad_allowed_host_is_refused_saying_why(value: str, says: str) -> None:
    with pytest.raises(ValidationError) as refused:
        Settings(allowed_hosts=(value,))
    assert says in str(refused.value)


def test_allowed_hosts_are_written_as_they_are_compared() -> None:
    settings = Settings(allowed_hosts=("Play.Example.org.", "*.Example.NET", "[0:0::1]", "*"))
    assert settings.allowed_hosts == ("play.example.org", "*.example.net", "[::1]", "*")
    assert settings.served_hosts() is None  # "*": any host
    assert Settings(listen="127.0.0.1").served_hosts() == LOOPBACK_HOSTS
    assert Settings(listen="::1").served_hosts() == LOOPBACK_HOSTS
    assert Settings(listen="localhost").served_hosts() == LOOPBACK_HOSTS
    assert Settings(listen="0.0.0.0").served_hosts() is None
    assert Settings().served_hosts() is None  # an app inside another program, or a test's


def test_a_loopback_server_refuses_a_rebound_page(client: TestClient, new_table: Creator) -> None:
    assert_bad_host(client.get("/api/games", headers=EVIL))
    assert_bad_host(client.get("/", headers=EVIL))
    assert_bad_host(client.get("/api/games", headers={"Host": "evil.example:8000"}))
    assert_bad_host(
        client.get("/api/games", headers={"Host": "127.0.0.1.evil.example"}),
        "127.0.0.1.evil.example",
    )
    head = client.head("/api/games", headers=EVIL)
    assert head.status_code == 400 and head.headers["content-type"] == "application/json"
    posted = client.post(
        "/api/tables",
        json={"game": "five_tribes", "players": 2, "seats": [{"kind": "human"}] * 2},
        headers={**EVIL, "Origin": "http://evil.example"},
    )
    assert_bad_host(posted)
    table = new_table("five_tribes", ["human", "random"])
    with (
        pytest.raises(WebSocketDenialResponse) as denied,
        client.websocket_connect(
            f"/ws/tables/{table['table']['id']}?token={table['tokens'][0]}",
            headers={**EVIL, "Origin": "http://evil.example"},
        ),
    ):
        pass
    assert_bad_host(denied.value)
    malformed = client.get("/api/games", headers={"Host": "evil.example:x"})
    assert malformed.status_code == 400 and malformed.json()["code"] == "bad_host"


@pytest.mark.parametrize(
    "host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "127.0.0.2", "game.localhost"]
)
def test_a_loopback_server_serves_its_loopback_names(
    client: TestClient, new_table: Creator, host: str
) -> None:
    assert client.get("/api/games", headers={"Host": host}).status_code == 200
    assert client.get("/", headers={"Host": host}).status_code == 200
    table = new_table("five_tribes", ["human", "random"])
    with client.websocket_connect(
        f"/ws/tables/{table['table']['id']}?token={table['tokens'][0]}",
        headers={"Host": host, "Origin": f"http://{host}"},
    ) as socket:
        assert socket.receive_json()["type"] == "hello"
    assert_bad_host(client.get("/api/games", headers=EVIL))


def test_the_allowed_hosts_given_are_the_only_ones(
    db_url: str, executor: ThreadPoolExecutor
) -> None:
    hosts = ("play.example.org", "*.example.net")
    app = create_app(db_url, executor=executor, listen="127.0.0.1", allowed_hosts=hosts)
    with TestClient(app, base_url="http://play.example.org") as client:
        for host in (
            "play.example.org",
            "PLAY.example.org:443",
            "a.example.net",
            "a.b.example.net",
        ):
            assert client.get("/api/games", headers={"Host": host}).status_code == 200, host
        for host in ("example.net", "evil.example", "localhost", "play.example.org.evil.example"):
            assert_bad_host(client.get("/api/games", headers={"Host": host}), host)


def test_a_server_listening_everywhere_serves_any_host_unless_told(
    db_url: str, executor: ThreadPoolExecutor
) -> None:
    with TestClient(create_app(db_url, executor=executor, listen="0.0.0.0")) as client:
        assert client.get("/api/games", headers={"Host": "play.example.org"}).status_code == 200
    app = create_app(db_url, executor=executor, listen="0.0.0.0", allowed_hosts=("a.example",))
    with TestClient(app) as client:
        assert client.get("/api/games", headers={"Host": "a.example"}).status_code == 200
        assert_bad_host(client.get("/api/games", headers={"Host": "b.example"}), "b.example")


def test_a_request_without_a_host_header_is_let_through() -> None:
    """HTTP/1.0 may send no ``Host``; no browser does, and a rebound page is a browser's."""
    reached: list[Scope] = []

    async def inner(scope: Scope, receive: Receive, send: Send) -> None:
        reached.append(scope)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def ask(headers: list[tuple[bytes, bytes]]) -> int:
        sent: list[Message] = []

        async def receive() -> Message:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: Message) -> None:
            sent.append(message)

        scope = {"type": "http", "method": "GET", "path": "/", "headers": headers}
        await Guard(inner, hosts=LOOPBACK_HOSTS)(scope, receive, send)
        status: int = sent[0]["status"]
        return status

    assert asyncio.run(ask([])) == 200 and len(reached) == 1
    assert asyncio.run(ask([(b"host", b"evil.example")])) == 400 and len(reached) == 1


def test_serve_hands_its_address_and_allowed_hosts_to_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **options: served.append(options))
    monkeypatch.setenv(SETTINGS_VARIABLE, "")  # restored after the test, as the next one
    monkeypatch.setenv(HEADER_TIMEOUT_VARIABLE, "10")
    db = f"sqlite:///{tmp_path / 'serai.db'}"

    def settings(*options: str) -> Settings:
        result = CliRunner().invoke(cli, ["serve", "--db", db, *options])
        assert result.exit_code == 0, result.output
        return Settings.model_validate(json.loads(os.environ[SETTINGS_VARIABLE]))

    given = settings("--allowed-host", "Play.Example.org", "--allowed-host", "*.example.net")
    assert given.listen == "127.0.0.1" and served[-1]["host"] == "127.0.0.1"
    assert given.served_hosts() == ("play.example.org", "*.example.net")
    assert settings().served_hosts() == LOOPBACK_HOSTS
    assert settings("--host", "0.0.0.0").served_hosts() is None

    result = CliRunner().invoke(cli, ["serve", "--db", db, "--allowed-host", "play.example:80"])
    assert result.exit_code == 2 and len(served) == 3
    assert result.output.startswith("error:") and "without their port" in result.output
    assert "Traceback" not in result.output
