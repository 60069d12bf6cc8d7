"""Checks around the whole suite: no process a test started outlives the suite."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from tests.processes import running_children


@pytest.fixture(scope="session", autouse=True)
def no_process_left_behind() -> Iterator[None]:
    """Every server, bot worker, browser or cluster a test started has ended by the time
    the suite does (each gets a little while to finish shutting down). Python's own
    resource tracker, which ends with this process, is not counted."""
    yield

    def left_behind() -> dict[int, str]:
        children = running_children(os.getpid())
        return {pid: cmd for pid, cmd in children.items() if "resource_tracker" not in cmd}

    deadline = time.monotonic() + 60
    while (left := left_behind()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not left, f"processes left running after the tests: {left}"
