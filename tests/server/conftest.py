"""Fixtures for the web platform's tests: an app over a fresh SQLite file, bots in threads,
and a fresh schema on a real PostgreSQL server.

PostgreSQL is found at ``SERAI_TEST_POSTGRES`` (default
``postgresql+psycopg://postgres@127.0.0.1:5432/test``); each test works in a schema of its
own, dropped afterwards. Without a server the PostgreSQL cases skip and say how to point
them at one.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from serai.server import create_app

POSTGRES = os.environ.get(
    "SERAI_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A URL whose tables live in a schema of their own, dropped after the test."""
    schema = f"serai_test_{secrets.token_hex(4)}"
    admin = create_engine(POSTGRES)
    try:
        with admin.begin() as db:
            db.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as error:  # no server here: say how to point the tests at one
        admin.dispose()
        pytest.skip(
            f"no PostgreSQL at {POSTGRES} ({type(error).__name__}); set SERAI_TEST_POSTGRES "
            "to a postgresql+psycopg:// URL of a server where this user may create schemas"
        )
    separator = "&" if "?" in POSTGRES else "?"
    try:
        yield f"{POSTGRES}{separator}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as db:
            db.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def executor() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(2) as pool:
        yield pool


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'serai.db'}"


@pytest.fixture
def client(db_url: str, executor: ThreadPoolExecutor) -> Iterator[TestClient]:
    """A server's app; its tests play whole games over HTTP at full speed, faster than an
    address may act by default (the limits' tests make apps of their own)."""
    app = create_app(db_url, executor=executor, messages_per_second=10_000)
    with TestClient(app) as test_client:
        yield test_client


Creator = Callable[..., dict[str, Any]]


@pytest.fixture
def new_table(client: TestClient) -> Creator:
    """Create a table over the API; ``seats`` like ``["human", "open", "random"]``."""

    def create(game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
        specs = [
            {"kind": s} if s in ("human", "open") else {"kind": "bot", "bot": s} for s in seats
        ]
        response = client.post(
            "/api/tables", json={"game": game, "players": len(seats), "seats": specs, **extra}
        )
        assert response.status_code == 201, response.text
        made: dict[str, Any] = response.json()
        made["tokens"] = {i["seat"]: i["token"] for i in made["invites"]}
        return made

    return create
