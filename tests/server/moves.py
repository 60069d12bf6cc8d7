"""Playing a table over the REST API, as the server tests do it."""

from __future__ import annotations

import random
from typing import Any

import httpx
from fastapi.testclient import TestClient


def random_move(
    client: httpx.Client | TestClient, table_id: str, token: str, rng: random.Random
) -> dict[str, Any]:
    """Play a random legal move for ``token``'s seat at the table's current revision; the
    state the server answers with."""
    message = client.get(f"/api/tables/{table_id}", params={"token": token}).json()
    answer = client.post(
        f"/api/tables/{table_id}/move",
        json={
            "token": token,
            "action": rng.choice(message["legal"]),
            "revision": message["revision"],
        },
    )
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body
