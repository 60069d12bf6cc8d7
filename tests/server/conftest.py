"""Fixtures for the web platform's tests: an app over a fresh SQLite file, bots in threads."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from serai.server import create_app


@pytest.fixture
def executor() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(2) as pool:
        yield pool


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'serai.db'}"


@pytest.fixture
def client(db_url: str, executor: ThreadPoolExecutor) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, executor=executor)) as test_client:
        yield test_client


Creator = Callable[..., dict[str, Any]]


@pytest.fixture
def new_table(client: TestClient) -> Creator:
    """Create a table over the API; ``seats`` like ``["human", "random"]``."""

    def create(game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
        specs = [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]
        response = client.post(
            "/api/tables", json={"game": game, "players": len(seats), "seats": specs, **extra}
        )
        assert response.status_code == 201, response.text
        made: dict[str, Any] = response.json()
        made["tokens"] = {i["seat"]: i["token"] for i in made["invites"]}
        return made

    return create
