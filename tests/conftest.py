"""Checks around the whole suite: the tests of a group share one process, and no process
a test started outlives the suite."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from tests.processes import running_children


@pytest.fixture(autouse=True)
def grouped(request: pytest.FixtureRequest) -> None:
    """Spread over processes by group (``make test``: ``-n 2 --dist loadgroup``), the tests
    of one ``xdist_group`` run in one process: one Ray, one load test, one live server for
    all of them. pytest-xdist marks them by a suffix to their ids; where a pytest release
    drops it, each group would silently run in both processes at once, on this machine's
    two cores."""
    node = request.node
    if getattr(request.config.option, "loadgroup", False) and "@" not in node.nodeid:
        assert node.get_closest_marker("xdist_group") is None, (
            "pytest-xdist could not keep this test's xdist_group in one process: the dev "
            "extra pins a pytest it can group with"
        )


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
