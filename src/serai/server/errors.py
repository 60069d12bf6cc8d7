"""The server's refusals: one typed error with a code for clients, and incidents.

Every refusal reaches a client as ``{"type": "error", "code": …, "message": …}``. An
unexpected failure (a database that refuses a write, a bug) is an *incident*: the client
is told only its number, and the detail goes to the server's log under that number.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Iterable
from typing import Any

from serai.engine import GameError

log = logging.getLogger("serai.server")

STOP_SECONDS = 0.1
"""How long :func:`stop_tasks` waits for its tasks before it cancels them again."""


async def stop_tasks(tasks: Iterable[asyncio.Task[Any]]) -> None:
    """Cancel ``tasks`` and wait until every one has stopped, cancelling again every
    :data:`STOP_SECONDS` those still running: a library can swallow a cancellation (redis'
    client, closing its connection, raises its own error instead; ``asyncio.wait_for``
    before Python 3.12, when what it waits for finishes at that moment), and a task that
    then goes back to waiting would hold a stopping server for ever."""
    waiting = set(tasks)
    while waiting:
        for task in waiting:
            task.cancel()
        done, waiting = await asyncio.wait(waiting, timeout=STOP_SECONDS)
        for task in done:  # what a task raised as it stopped is of no more use
            if not task.cancelled():
                task.exception()


STATUS = {
    "unknown_table": 404,
    "not_found": 404,
    "method_not_allowed": 405,
    "too_slow": 408,
    "bad_token": 403,
    "bad_origin": 403,
    "bad_csrf": 403,
    "not_signed_in": 401,
    "wrong_password": 401,
    "name_taken": 409,
    "not_your_turn": 409,
    "stale_state": 409,
    "game_over": 409,
    "table_full": 409,
    "not_open": 409,
    "not_finished": 409,
    "cannot_undo": 409,
    "cannot_decline": 409,
    "cannot_pause": 409,
    "out_of_time": 409,
    "declined": 409,
    "rules_changed": 409,
    "too_large": 413,
    "invalid": 422,
    "malformed": 422,
    "bad_table": 422,
    "bad_step": 422,
    "illegal_action": 422,
    "no_hints": 422,
    "no_clock": 422,
    "too_many": 429,
    "server_error": 503,
}
"""The HTTP status of each error code (400 for any other)."""


class TableError(GameError):
    """A request the server refuses; ``code`` names the kind for clients."""

    def __init__(self, code: str, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.retry_after = retry_after

    @property
    def status(self) -> int:
        return STATUS.get(self.code, 400)

    def body(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": str(self)}


def incident(error: BaseException, doing: str) -> TableError:
    """Log ``error`` under a new incident number; the refusal a client may see instead."""
    number = secrets.token_hex(4)
    log.error("incident %s while %s", number, doing, exc_info=error)
    return TableError(
        "server_error",
        f"the server could not finish {doing} (incident {number}); nothing was changed, "
        "so you can try again",
    )
