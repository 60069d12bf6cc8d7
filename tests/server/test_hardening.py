"""The server against a stranger on the internet: no request may hurt another table.

Each test is named after the finding it covers (the bot hog, one bad write, the seat
takeover, the Sands of Time holder, raw errors, spectators, unlimited tables, large
bodies, malformed input, workers outliving the server, cross-site requests, slow
clients).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

import serai
from serai.bots.mcts import HURRIED_ITERATIONS, PRIOR_VISITS, MCTSBot
from serai.engine import State, sample_chance
from serai.games.five_tribes.rules import FiveTribesState
from serai.server import create_app
from serai.server import tables as tables_module
from serai.server.bots import (
    ALONE,
    PLAYERS,
    RETRIES,
    WATCHED,
    BotDriver,
    Overrun,
    ProcessWorker,
    ThreadWorker,
    Worker,
    decide,
    forced_for_all,
)
from serai.server.collector import FEW
from serai.server.errors import stop_tasks
from serai.server.store import Store, with_seats
from serai.server.tables import IN_USE_SECONDS, Hub, NewSeat, privately_changed
from tests.processes import running_children
from tests.server.conftest import Creator
from tests.server.test_api import engine_state, move, state_of

HUMAN = {"kind": "human"}


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def create(client: TestClient, **body: Any) -> Any:
    """POST a new table; the JSON escapes every non-ASCII character (lone surrogates too)."""
    text = json.dumps({"game": "five_tribes", "players": 2, **body})
    return client.post("/api/tables", content=text, headers={"content-type": "application/json"})


# -- 1. the bot hog ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "seat",
    [
        {"kind": "bot", "bot": "mcts", "difficulty": "999999999"},
        {"kind": "bot", "bot": "mcts", "difficulty": "250"},
        {"kind": "bot", "bot": "greedy", "difficulty": "hard"},
        {"kind": "human", "bot": "mcts"},
    ],
)
def test_bot_hog_only_named_presets_sit_at_a_table(
    client: TestClient, seat: dict[str, Any]
) -> None:
    response = create(client, seats=[HUMAN, seat])
    assert response.status_code == 422
    assert response.json()["code"] == "invalid"
    assert client.get("/api/tables").json()["tables"] == []


class StallingState(FiveTribesState):
    """A real Five Tribes state whose legal actions take a minute to list, as a runaway
    computation would."""

    __slots__ = ()

    def legal_actions(self) -> list[int]:
        time.sleep(60)
        return super().legal_actions()


def test_bot_hog_a_decision_that_overruns_is_stopped_and_its_worker_replaced() -> None:
    """A runaway decision holds only its own worker, until it is killed at its cap; a
    decision on another worker is answered meanwhile, and the killed worker is replaced."""
    state = serai.load_game("five_tribes", players=2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(serai.sample_chance(state, random.Random(1)))
    stalling = state.clone()
    stalling.__class__ = StallingState
    runaway, other = ProcessWorker(), ProcessWorker()
    runaway.start()
    other.start()
    events: list[str] = []

    async def stalled() -> None:
        # a cap far above the other decision's milliseconds, even on a machine whose
        # cores are busy with other work
        with pytest.raises(Overrun):
            await runaway.decide("greedy", 1, stalling, 2.0)
        events.append("runaway stopped")

    async def meanwhile() -> None:
        action = await other.decide("greedy", 1, state, 30.0)
        assert action in state.legal_actions()
        events.append("other answered")

    async def both() -> None:
        await asyncio.gather(stalled(), meanwhile())

    try:
        first = runaway.process
        asyncio.run(both())
        assert events == ["other answered", "runaway stopped"]
        assert runaway.process is None and not first.is_alive(), "the runaway worker is killed"
        action = asyncio.run(runaway.decide("greedy", 1, state, 1.0))
        assert action in state.legal_actions() and runaway.process is not first
    finally:
        runaway.stop()
        other.stop()


def test_the_answer_to_a_cancelled_job_is_never_taken_for_the_next_jobs() -> None:
    """A caller cancelled while its worker thinks (a server stopping) would leave an
    answer in the pipe: the worker is replaced, and the next job gets its own answer
    within its own cap, however long the cancelled one would have thought."""
    state = serai.load_game("five_tribes", players=2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(serai.sample_chance(state, random.Random(1)))
    stalling = state.clone()
    stalling.__class__ = StallingState
    worker = ProcessWorker()

    async def scenario() -> int:
        await worker.decide("greedy", 1, state, 30.0)  # the worker is up
        first = worker.process
        thinking = asyncio.create_task(worker.decide("greedy", 1, stalling, 30.0))
        await asyncio.sleep(0)  # the job is sent: the task waits for its answer
        thinking.cancel()
        with pytest.raises(asyncio.CancelledError):
            await thinking
        assert worker.process is None and not first.is_alive()
        return await worker.decide("greedy", 2, state, 2.0)  # not the stalled job's 30 s

    try:
        action = asyncio.run(scenario())
        assert action == decide(lambda: False, "greedy", 2, state, 2.0)
    finally:
        worker.stop()


def test_bot_hog_one_tables_bots_wait_their_turn_behind_others() -> None:
    """The queue is first come, first served, and a table goes to the back after each
    decision: table A with many decisions in a row does not hold up B and C."""

    async def scenario() -> list[str]:
        order: list[str] = []
        done = asyncio.Event()

        async def turn(table_id: str, _: Worker) -> None:
            order.append(table_id)
            if table_id == "A" and order.count("A") < 3:
                driver.wake("A", PLAYERS)
            if len(order) == 5:
                done.set()

        with ThreadPoolExecutor(1) as pool:
            driver = BotDriver([ThreadWorker(pool)], turn)
            for table_id in "ABC":
                driver.wake(table_id, PLAYERS)
            driver.wake("A", PLAYERS)  # already queued: not twice
            driver.start()
            await asyncio.wait_for(done.wait(), 30)
            await driver.stop()
        return order

    assert asyncio.run(scenario()) == ["A", "B", "C", "A", "A"]


def test_bot_hog_tables_where_people_play_come_first_then_those_they_watch() -> None:
    """Bots playing each other take the workers only when no table where people play
    waits for a bot; those someone watches (anyone may watch their own) come before those
    nobody does; a table someone plays at or came to watch moves up."""

    async def scenario() -> list[str]:
        order: list[str] = []
        done = asyncio.Event()

        async def turn(table_id: str, _: Worker) -> None:
            order.append(table_id)
            if table_id == "bots" and order.count("bots") < 2:
                driver.wake("bots", ALONE)
            if table_id == "people 1":
                driver.wake("people 3", PLAYERS)
                driver.wake("watched", WATCHED)  # someone came to watch
                driver.wake("joined", PLAYERS)  # someone took a seat
                driver.wake("people 2", ALONE)  # queued already: it keeps its place
            if len(order) == 8:
                done.set()

        with ThreadPoolExecutor(1) as pool:
            driver = BotDriver([ThreadWorker(pool)], turn)
            driver.wake("bots", ALONE)
            driver.wake("watched", ALONE)
            driver.wake("joined", WATCHED)
            driver.wake("spectated", WATCHED)
            driver.wake("people 1", PLAYERS)
            driver.wake("people 2", PLAYERS)
            driver.start()
            await asyncio.wait_for(done.wait(), 30)
            await driver.stop()
        return order

    assert asyncio.run(scenario()) == [
        "people 1",
        "people 2",
        "people 3",
        "joined",
        "spectated",
        "watched",
        "bots",
        "bots",
    ]


@pytest.mark.parametrize("queue", [ALONE, WATCHED])
def test_bot_hog_a_players_table_hurries_a_worker_thinking_for_others(queue: int) -> None:
    """Every worker thinks for tables where nobody plays when a table where people play
    needs one: a worker is hurried (its search answers with what it found), then serves
    the people. A table where nobody plays coming next does not hurry anyone."""

    async def scenario() -> tuple[list[str], list[bool]]:
        order: list[str] = []
        hurried: list[bool] = []
        done = asyncio.Event()
        loop = asyncio.get_running_loop()

        def think(worker: Worker) -> bool:
            """A long decision that ends when its worker is hurried (False: never)."""
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                if worker.hurry.value:
                    return True
                time.sleep(0.005)
            return False

        async def turn(table_id: str, worker: Worker) -> None:
            order.append(table_id)
            if table_id == "bots 1":
                driver.wake("bots 2", queue)
                driver.wake("people", WATCHED)
                driver.wake("people", PLAYERS)
                hurried.append(await loop.run_in_executor(None, think, worker))
            elif table_id == "bots 2":
                hurried.append(worker.hurry.value)
                done.set()

        with ThreadPoolExecutor(1) as pool:
            driver = BotDriver([ThreadWorker(pool)], turn)
            driver.wake("bots 1", queue)
            driver.start()
            await asyncio.wait_for(done.wait(), 120)
            await driver.stop()
        return order, hurried

    assert asyncio.run(scenario()) == (["bots 1", "people", "bots 2"], [True, False])


def test_bot_hog_a_hurried_worker_process_answers_after_a_few_iterations() -> None:
    """The flag reaches the worker's process: a hurried hard search of a hint runs
    HURRIED_ITERATIONS, its visits say so."""
    state = serai.load_game("through_the_desert", players=2).new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node() or len(state.legal_actions()) < 3:
        state.apply_action(
            serai.sample_chance(state, rng) if state.is_chance_node() else state.legal_actions()[0]
        )
    worker = ProcessWorker()
    worker.start()
    try:
        worker.hurry.value = True
        ranked = asyncio.run(worker.run("hint", "hint", 60.0, 1, state, 60.0))
    finally:
        worker.stop()
    searched = sum(visits for _, visits, _ in ranked) - PRIOR_VISITS * len(ranked)
    assert searched == HURRIED_ITERATIONS


def test_bot_hog_watching_ones_own_bots_does_not_put_them_before_players(
    db_url: str, executor: ThreadPoolExecutor
) -> None:
    """A table of bots alone waits in the last queue; watching it moves it to the middle
    one, never to the players' (anyone may watch their own bots); a table where a person
    plays a seat waits in the first. (This server runs no bot, so the tables stay queued.)"""
    bot = {"kind": "bot", "bot": "mcts", "difficulty": "hard"}
    app = create_app(db_url, executor=executor, bot_workers=0)
    with TestClient(app) as client:
        queued = hub_of(client).driver.queued
        alone = create(client, seats=[bot, bot]).json()["table"]["id"]
        assert queued[alone][0] == ALONE
        with client.websocket_connect(f"/ws/tables/{alone}") as ws:
            assert ws.receive_json()["type"] == "hello"
            assert ws.receive_json()["type"] == "state"
            assert queued[alone][0] == WATCHED
        played = create(client, game="through_the_desert", seats=[bot, HUMAN]).json()
        assert client.get(f"/api/tables/{played['table']['id']}").json()["to_move"] == 0
        assert queued[played["table"]["id"]][0] == PLAYERS


def test_bot_hog_a_watched_table_of_bots_keeps_its_queue_between_paced_moves(
    db_url: str, executor: ThreadPoolExecutor
) -> None:
    """Someone watching, bots wait the bot pace between two moves, then queue again: in
    the watched tables' queue, as when they were first watched, never the players'."""
    app = create_app(db_url, executor=executor, bot_pace=0.01)
    with TestClient(app) as client:
        hub = hub_of(client)
        woken: list[int] = []
        wake = hub.driver.wake

        def told(table_id: str, queue: int, owner: str = "") -> None:
            woken.append(queue)
            wake(table_id, queue, owner)

        hub.driver.wake = told  # type: ignore[method-assign]
        bot = {"kind": "bot", "bot": "random"}
        made = create(client, game="through_the_desert", seats=[bot, bot]).json()
        with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
            states = 0
            while states < 8:
                states += ws.receive_json()["type"] == "state"
            told = woken[:]  # while watched (once nobody is, the bots play alone again)
    watched = told[told.index(WATCHED) :]
    assert PLAYERS not in woken and len(watched) >= 6 and set(watched) == {WATCHED}, told


def test_bot_hog_addresses_take_turns_whatever_their_number_of_tables() -> None:
    """A stranger's many tables where they play with bots delay another player's table by
    one decision, not by one decision of each of the stranger's tables."""

    async def scenario() -> list[str]:
        order: list[str] = []
        done = asyncio.Event()

        async def turn(table_id: str, _: Worker) -> None:
            order.append(table_id)
            if table_id.startswith("stranger") and order.count(table_id) < 2:
                driver.wake(table_id, PLAYERS, "198.51.100.7")
            if len(order) == 9:
                done.set()

        with ThreadPoolExecutor(1) as pool:
            driver = BotDriver([ThreadWorker(pool)], turn)
            for number in range(1, 5):
                driver.wake(f"stranger {number}", PLAYERS, "198.51.100.7")
            driver.wake("mine", PLAYERS, "203.0.113.5")
            driver.start()
            await asyncio.wait_for(done.wait(), 30)
            await driver.stop()
        return order

    strangers = [f"stranger {number}" for number in range(1, 5)]
    assert asyncio.run(scenario()) == [strangers[0], "mine", *strangers[1:], *strangers]


def test_bot_hog_a_table_is_queued_under_the_address_that_made_it(
    db_url: str, executor: ThreadPoolExecutor
) -> None:
    bot = {"kind": "bot", "bot": "mcts", "difficulty": "hard"}
    app = create_app(db_url, executor=executor, bot_workers=0)
    with TestClient(app, client=("198.51.100.7", 1)) as client:
        made = create(client, game="through_the_desert", seats=[bot, HUMAN]).json()
        table_id = made["table"]["id"]
        hub = hub_of(client)
        assert hub.tables[table_id].owner == "198.51.100.7"
        assert hub.driver.queued[table_id] == (PLAYERS, "198.51.100.7")


def test_bot_hog_a_driver_stops_even_when_a_decision_swallows_its_cancellation() -> None:
    """Before Python 3.12, ``asyncio.wait_for`` can swallow a cancellation that comes as
    the decision it waits for finishes; the turn then ends normally. The server still
    stops: the driver cancels again until its tasks are done."""

    async def scenario() -> bool:
        deciding = asyncio.Event()

        async def turn(table_id: str, _: Worker) -> None:
            deciding.set()
            try:
                await asyncio.sleep(30)
            except asyncio.CancelledError:
                return  # the decision had finished: the cancellation is lost

        with ThreadPoolExecutor(1) as pool:
            driver = BotDriver([ThreadWorker(pool)], turn)
            driver.wake("A", PLAYERS)
            driver.start()
            await asyncio.wait_for(deciding.wait(), 30)
            stopping = asyncio.ensure_future(driver.stop())
            stopped, _ = await asyncio.wait({stopping}, timeout=10)
        return bool(stopped) and all(task.done() for task in driver.tasks)

    assert asyncio.run(scenario())


def test_stopping_tasks_ends_one_that_swallows_its_cancellation_and_waits_again() -> None:
    """What held a two-process test for ever: Redis' client, cancelled while it closes its
    connection, raises its own error instead; the publishing task, catching it, went back
    to waiting for the next change, and the stopping server waited for that task."""

    async def scenario() -> tuple[bool, int]:
        waiting = asyncio.Event()
        swallowed = 0

        async def publisher() -> None:
            nonlocal swallowed
            while True:
                try:
                    waiting.set()
                    await asyncio.Event().wait()
                except asyncio.CancelledError:
                    if swallowed:
                        raise
                    swallowed += 1  # as the library did: an error of its own, handled

        task = asyncio.ensure_future(publisher())
        await asyncio.wait_for(waiting.wait(), 30)
        await asyncio.wait_for(stop_tasks([task]), 30)
        return task.cancelled(), swallowed

    assert asyncio.run(scenario()) == (True, 1)


def test_bot_hog_a_table_whose_bot_could_not_move_is_served_again_later() -> None:
    """A decision that fails with an error of the server's (logged) does not leave its
    game waiting for ever: the table is served again, later each time it fails in a row,
    and the other tables meanwhile."""

    async def scenario() -> tuple[list[str], dict[str, int]]:
        order: list[str] = []
        done = asyncio.Event()

        async def turn(table_id: str, _: Worker) -> None:
            order.append(table_id)
            if table_id == "A" and order.count("A") < 3:
                raise RuntimeError("the store is away")
            if order.count("A") == 3:
                done.set()

        with ThreadPoolExecutor(1) as pool:
            driver = BotDriver([ThreadWorker(pool)], turn)
            driver.retry_seconds = 0.05
            driver.wake("A", PLAYERS, "198.51.100.7")
            driver.wake("B", PLAYERS)
            driver.start()
            await asyncio.wait_for(done.wait(), 30)
            await driver.stop()
        return order, driver.failures

    order, failures = asyncio.run(scenario())
    assert order == ["A", "B", "A", "A"]
    assert failures == {}


def test_bot_hog_a_table_whose_bot_never_can_move_is_left_after_its_retries() -> None:
    """A table whose every decision fails (a bug) is not served for ever: after
    :data:`RETRIES` failures in a row it waits to be woken by a change."""

    async def scenario() -> tuple[int, bool, bool]:
        tried = 0
        last = asyncio.Event()

        async def turn(table_id: str, _: Worker) -> None:
            nonlocal tried
            tried += 1
            if tried == RETRIES + 1:
                last.set()
            raise RuntimeError("a bug")

        async def left() -> None:
            await last.wait()
            while driver.failures:  # (the failure is counted once the turn has raised)
                await asyncio.sleep(0.01)

        with ThreadPoolExecutor(1) as pool:
            driver = BotDriver([ThreadWorker(pool)], turn)
            driver.retry_seconds = 0.001
            driver.wake("A", PLAYERS)
            driver.start()
            await asyncio.wait_for(left(), 30)
            await driver.stop()
        # (resting: a look around for tables nobody drives does not wake it either)
        return tried, driver.driving("A"), driver.resting("A")

    assert asyncio.run(scenario()) == (RETRIES + 1, False, True)


def test_bot_hog_a_worker_found_dead_as_it_is_asked_is_an_overrun() -> None:
    """A worker process that died although it still looked alive (reaped elsewhere, so
    its exit was never seen) fails the decision as an overrun, which plays a fallback
    move, and is started again for the next one."""
    state = serai.load_game("through_the_desert", players=2).new_initial_state()
    worker = ProcessWorker()
    worker.start()
    try:
        assert asyncio.run(worker.decide("greedy", 1, state, 30.0)) in state.legal_actions()
        os.kill(worker.process.pid, signal.SIGKILL)
        os.waitpid(worker.process.pid, 0)
        assert worker.process.is_alive()
        with pytest.raises(Overrun, match="died"):
            asyncio.run(worker.decide("greedy", 1, state, 30.0))
        assert asyncio.run(worker.decide("greedy", 1, state, 30.0)) in state.legal_actions()
    finally:
        worker.stop()


def wait_until(condition: Any, seconds: float = 60.0, what: str = "") -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"waited {seconds:g} s for {what}"
        time.sleep(0.05)


def test_a_server_whose_shutdown_is_stuck_exits_by_its_deadline() -> None:
    """``serai serve`` bounds its shutdown (``stop_within``): a process still stopping at
    the deadline, whatever it waits on, ends and says so."""
    stuck = "import time; from serai.server.app import exit_by; exit_by(0.5); time.sleep(600)"
    done = subprocess.run(
        [sys.executable, "-c", stuck], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1
    assert "still stopping after 0.5 s: exiting now" in done.stderr


def _run_apart(script: str) -> Any:
    """What ``script`` prints as JSON, run in an interpreter of its own (the collector's
    settings are the whole interpreter's)."""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


COLLECTIONS = """
import gc, time
seen = []
gc.callbacks.append(lambda phase, info: phase == "stop" and seen.append(info["generation"]))

def wait_for(generation, count=1):
    deadline = time.monotonic() + 60
    while seen.count(generation) < count:
        assert time.monotonic() < deadline, f"no collection of generation {generation}"
        time.sleep(0.01)
"""


def test_a_served_process_collects_cyclic_garbage_rarely_by_count_and_often_by_clock(
    tmp_path: Path,
) -> None:
    """``serai serve`` sets ``young_objects``: once started, its app lets the interpreter
    collect only that rarely, never all of it, with what start-up built frozen out of
    collections, and collects on a clock itself (even idle: the middle generation comes
    with every tenth young collection), and once stopped leaves the collector as it found
    it; an app inside another program leaves the collector alone."""
    script = f"""{COLLECTIONS}
import json
from fastapi.testclient import TestClient
from serai.server import create_app
from serai.server.collector import NEVER
before = gc.get_threshold()
with TestClient(create_app("sqlite:///{tmp_path / "plain.db"}", bot_workers=0)):
    plain = gc.get_threshold(), gc.get_freeze_count()
with TestClient(create_app("sqlite:///{tmp_path / "served.db"}", bot_workers=0,
                           young_objects=20000)):
    served = gc.get_threshold(), gc.get_freeze_count()
    seen.clear()
    wait_for(1, 2)
    clocked = seen.count(0)
stopped = gc.get_threshold(), gc.get_freeze_count()
print(json.dumps([before, plain, served, NEVER, clocked, stopped]))
"""
    before, plain, served, never, clocked, stopped = _run_apart(script)
    assert plain == [before, 0]
    assert served[0] == [20000, 10, never]
    assert served[1] > 1000
    assert clocked >= 9
    assert stopped == [before, 0], "a stopped app leaves the collector as it found it"


def test_collecting_on_time_sees_objects_replaced_as_fast_as_made() -> None:
    """Objects made as fast as others are freed never raise the interpreter's count,
    yet :func:`~serai.server.collector.collect_on_time` takes them out of the young
    generation at its next young collection."""
    script = f"""{COLLECTIONS}
import asyncio, json
from serai.server.collector import NEVER, collect_on_time
gc.set_threshold(NEVER, NEVER, NEVER)

async def main():
    gc.collect()
    pacing = asyncio.create_task(collect_on_time(0.01, 3))
    tables = [[index] for index in range(5000)]
    await asyncio.to_thread(wait_for, 0, seen.count(0) + 1)
    young = []
    for _ in range(3):
        for index in range(len(tables)):
            tables[index] = [index]
        replaced, count = len(gc.get_objects(0)), gc.get_count()[0]
        await asyncio.to_thread(wait_for, 0, seen.count(0) + 1)
        young.append([replaced, count, len(gc.get_objects(0))])
    pacing.cancel()
    return young

print(json.dumps(asyncio.run(main())))
"""
    for replaced, count, collected in _run_apart(script):
        assert replaced >= 5000
        assert count < 700, "made as fast as freed: the interpreter's count stays low"
        assert collected < 1000


def test_collecting_on_time_takes_all_objects_more_rarely_while_that_finds_little() -> None:
    """Every third collection takes the middle generation, the fourth all objects; while
    that finds next to nothing the wait doubles, up to the longest; garbage that grew
    old (here cycles dropped once in the oldest generation) brings it back to the
    shortest."""
    script = f"""{COLLECTIONS}
import asyncio, json
from serai.server.collector import FEW, NEVER, collect_on_time
gc.set_threshold(NEVER, NEVER, NEVER)
found = []
gc.callbacks.append(
    lambda phase, info: phase == "stop" and info["generation"] == 2
    and found.append(info["collected"])
)

async def main():
    gc.collect()
    seen.clear()
    found.clear()
    pacing = asyncio.create_task(collect_on_time(0.001, 3, 4, 16))
    await asyncio.to_thread(wait_for, 2, 4)
    cycles = [[] for _ in range(FEW)]
    for cycle in cycles:
        cycle.append(cycle)
    del cycle
    await asyncio.to_thread(wait_for, 1, seen.count(1) + 2)
    cycles.clear()
    await asyncio.to_thread(wait_for, 2, seen.count(2) + 3)
    pacing.cancel()
    return seen, found

print(json.dumps(asyncio.run(main())))
"""
    order, found = _run_apart(script)
    fulls = [place for place, generation in enumerate(order, start=1) if generation == 2]
    gaps = [later - earlier for earlier, later in zip([0, *fulls], fulls, strict=False)]
    assert gaps[:4] == [4, 8, 16, 16]
    for before, gap, after in zip(found, gaps, gaps[1:], strict=False):
        assert after == (4 if before >= FEW else min(2 * gap, 16))
    assert max(found) >= FEW, "the dropped cycles are found"
    for place, generation in enumerate(order, start=1):
        if generation != 2:
            assert generation == (1 if place % 3 == 0 else 0)


@pytest.mark.parametrize("signal_name", ["SIGKILL", "SIGTERM"])
def test_bot_workers_die_with_the_server(tmp_path: Path, signal_name: str) -> None:
    import signal

    from tests.live_server import free_port, server

    with server(f"sqlite:///{tmp_path / 's.db'}", free_port()) as (process, _):
        wait_until(lambda: running_children(process.pid), what="the bot worker to start")
        workers = running_children(process.pid)
        process.send_signal(getattr(signal, signal_name))
        process.wait(30)
        wait_until(
            lambda: not any(Path(f"/proc/{pid}").exists() for pid in workers),
            what="the workers to end with the server",
        )


# -- 2. one bad write ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("\ud800", "valid string"),
        ("Ann\x00", "control character"),
        ("x" * 41, "at most 40"),
        ("evil\u202eesrever", "control character"),
        ("   ", "at least 1"),
    ],
)
def test_one_bad_write_every_field_is_checked_before_the_writer(
    client: TestClient, name: str, says: str
) -> None:
    response = create(client, seats=[{"kind": "human", "name": name}, HUMAN])
    assert response.status_code == 422 and says in response.json()["message"]


def test_names_are_stored_in_one_normal_form(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human", "name": " Ame\u0301lie "}, HUMAN]).json()
    assert made["table"]["seats"][0]["name"] == "Amélie"


def test_one_bad_write_a_failed_commit_touches_no_other_table(
    client: TestClient, new_table: Creator
) -> None:
    """When the database refuses every write (here: full), each caller gets its own clean
    answer, and once it accepts them again every table plays on."""
    table = new_table("through_the_desert", ["human", "human"], hotseat=True)
    token = table["hotseat"].split("token=")[1]
    store = hub_of(client).store
    with store.engine.connect() as db:
        pages = db.exec_driver_sql("PRAGMA page_count").scalar_one()

    def full(connection: Any, _: Any) -> None:
        connection.execute(f"PRAGMA max_page_count={pages}")

    event.listen(store.engine, "connect", full)
    store.engine.dispose()
    try:
        refused = create(client, seats=[HUMAN, HUMAN])
        assert refused.status_code == 503
        error = refused.json()
        assert error["code"] == "server_error" and "incident" in error["message"]
        assert "INSERT" not in error["message"] and "serai_" not in error["message"]
        # connecting still works: marking the seat as seen is not waited for
        with client.websocket_connect(f"/ws/tables/{table['table']['id']}?token={token}") as ws:
            assert ws.receive_json()["type"] == "hello"
            assert ws.receive_json()["type"] == "state"
    finally:
        event.remove(store.engine, "connect", full)
        store.engine.dispose()
    message = state_of(client, table, token)
    answer = move(client, table, token, message["legal"][0], message["revision"])
    assert answer.status_code == 200
    assert create(client, seats=[HUMAN, HUMAN]).status_code == 201


# -- 3. seat takeover ------------------------------------------------------------------


def test_seat_takeover_an_invited_seat_is_never_joinable(
    client: TestClient, new_table: Creator
) -> None:
    table = new_table("five_tribes", ["human", "human"])
    tid = table["table"]["id"]
    listed = client.get("/api/tables").json()["tables"]
    assert not any(seat["open"] for seat in listed[0]["seats"])
    refused = client.post(f"/api/tables/{tid}/join", json={})
    assert refused.status_code == 409 and refused.json()["code"] == "table_full"
    for seat, token in table["tokens"].items():
        assert state_of(client, table, token)["you"] == [seat]


def test_seat_takeover_a_hotseat_or_unlisted_table_has_no_open_seat(client: TestClient) -> None:
    hotseat = create(client, seats=[{"kind": "open"}, HUMAN], hotseat=True)
    assert hotseat.status_code == 422 and "hotseat" in hotseat.json()["message"]
    unlisted = create(client, seats=[{"kind": "open"}, HUMAN], listed=False)
    assert unlisted.status_code == 422 and "lobby" in unlisted.json()["message"]
    made = create(client, seats=[HUMAN, HUMAN], hotseat=True).json()
    joined = client.post(f"/api/tables/{made['table']['id']}/join", json={})
    assert joined.status_code == 409


# -- 4. the Sands of Time holder ------------------------------------------------------------


def nomads_table(client: TestClient) -> tuple[dict[str, Any], str]:
    made = client.post(
        "/api/tables",
        json={"game": "nomads_of_arabia", "players": 3, "seats": [HUMAN] * 3, "hotseat": True},
    ).json()
    return {**made, "tokens": {}}, made["hotseat"].split("token=")[1]


def test_sands_holder_a_seat_that_does_not_stop_is_passed_at_once(client: TestClient) -> None:
    """Nobody chose to stop at windows: every window passes by itself, holder or not, and
    no seat is ever asked at one."""
    table, token = nomads_table(client)
    live = hub_of(client).tables[table["table"]["id"]]
    rng = random.Random(2)
    message = state_of(client, table, token)
    while not any(line["text"] == "pass" for line in message["log"]):
        assert live.state.window_pass() is None, "a seat was asked at a window"
        answer = move(client, table, token, rng.choice(message["legal"]), message["revision"])
        assert answer.status_code == 200, answer.text
        message = answer.json()
    passes = [line for line in message["log"] if line["text"] == "pass"]
    assert all(line["seat"] is not None for line in passes)
    # the log marks them, so a board does not take them for the seat's last decision
    assert all(line.get("window") is True for line in passes)
    assert not any("window" in line for line in message["log"] if line["text"] != "pass")
    assert message["preferences"]["stop_at_windows"] is False


def test_sands_holder_a_seats_choice_is_told_to_its_own_connections_alone(
    client: TestClient,
) -> None:
    """A stranger's review: choosing to stop at windows sent every seat and spectator a
    new state, so they learnt when a seat changed its mind. Only that seat's connections
    are sent it; the others' next message is the next move's."""
    made = client.post(
        "/api/tables", json={"game": "nomads_of_arabia", "players": 3, "seats": [HUMAN] * 3}
    ).json()
    tid = made["table"]["id"]
    tokens = [invite["token"] for invite in sorted(made["invites"], key=lambda i: i["seat"])]

    def play_on() -> int:
        token = tokens[client.get(f"/api/tables/{tid}").json()["to_move"]]
        state = client.get(f"/api/tables/{tid}", params={"token": token}).json()
        body = {"token": token, "action": state["legal"][0], "revision": state["revision"]}
        assert client.post(f"/api/tables/{tid}/move", json=body).status_code == 200
        return int(state["revision"]) + 1

    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}?token={token}"))
            for token in tokens
        ]
        spectator = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}"))
        revision = play_on()  # every seat taken before: its next state is this move's
        for socket in [*sockets, spectator]:
            while socket.receive_json().get("revision") != revision:
                pass
        chose = {"token": tokens[2], "stop_at_windows": True}
        assert client.post(f"/api/tables/{tid}/preferences", json=chose).status_code == 200
        told = sockets[2].receive_json()
        assert told["preferences"]["stop_at_windows"] and told["revision"] == revision
        revision = play_on()
        for socket in [sockets[0], sockets[1], spectator]:
            assert socket.receive_json()["revision"] == revision
    row = hub_of(client).tables[tid].row  # as another process tells it, from the store
    assert privately_changed(row, with_seats(row, {1: {"mute_chat": True}})) == {1}
    assert privately_changed(row, with_seats(row, {1: {"name": "Eve"}})) is None
    assert privately_changed(row, replace(row, revision=row.revision + 1)) is None


def test_sands_holder_a_seat_that_stops_is_asked_holder_or_not(client: TestClient) -> None:
    table, token = nomads_table(client)
    tid = table["table"]["id"]
    live = hub_of(client).tables[tid]
    chosen = client.post(
        f"/api/tables/{tid}/preferences", json={"token": token, "stop_at_windows": True}
    )
    assert chosen.json()["preferences"]["stop_at_windows"] is True
    spectator = state_of(client, table)
    assert spectator["preferences"] is None and "stop_at_windows" not in json.dumps(spectator)
    rng = random.Random(2)
    message = chosen.json()
    while live.state.window_pass() is None:
        answer = move(client, table, token, rng.choice(message["legal"]), message["revision"])
        message = answer.json()
    assert "pass" in message["legal"]
    # choosing not to stop while asked lets the window pass at once
    revision = message["revision"]
    skipped = client.post(
        f"/api/tables/{tid}/preferences", json={"token": token, "stop_at_windows": False}
    ).json()
    assert skipped["revision"] > revision
    assert any(line["text"] == "pass" for line in skipped["log"][-3:])


def test_sands_holder_bots_answer_windows_after_the_same_pause() -> None:
    """A bot at a window answers with the greedy choice, released a fixed time after the
    window opened whatever it holds (here: a real window, answered by the hub's own
    path)."""
    from serai.server.tables import WINDOW_SECONDS

    game = serai.load_game("nomads_of_arabia", players=3)
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node() or state.window_pass() is None:
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    started = time.monotonic()
    action = asyncio.run(Hub._window_answer(state, 1))
    assert action in state.legal_actions()
    assert time.monotonic() - started >= WINDOW_SECONDS


def forced_decisions(name: str, players: int, games: int) -> Iterator[State]:
    """Decisions with one legal action, met in random games of ``name``."""
    game = serai.load_game(name, players=players)
    rng = random.Random(11)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            if len(legal) == 1 and state.window_pass() is None:
                yield state.clone()
            state.apply_action(rng.choice(legal))


def test_r38_a_decision_forced_by_disks_only_its_holder_sees_is_not_played_at_once() -> None:
    """R38 hides held special disks: a Nomads of Arabia player with no disk they may play
    can only end their turn, and the others cannot tell, so a bot's instant answer would
    tell them. Such decisions are
    told apart from the ones forced for everyone to see."""
    private = public = 0
    for state in forced_decisions("nomads_of_arabia", 3, 4):
        seat = state.current_player()
        others = [s for s in range(3) if s != seat]
        rng = random.Random(5)
        differs = any(
            len(state.resample_hidden(other, rng).legal_actions()) != 1
            for other in others
            for _ in range(64)
        )
        if differs:
            assert not forced_for_all(state, 7), state.prompt()
        private += differs
        public += not differs
    assert private and public, (private, public)


def test_a_decision_forced_for_everyone_to_see_may_be_played_at_once() -> None:
    states = list(forced_decisions("five_tribes", 2, 2))
    assert states and all(forced_for_all(state, 7) for state in states)


def test_a_searching_bot_thinks_over_a_forced_decision_as_long_as_any(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = next(forced_decisions("nomads_of_arabia", 3, 4))
    searched: list[int] = []
    search = MCTSBot._search

    def counted(bot: MCTSBot, *args: Any) -> Any:
        found = search(bot, *args)
        searched.append(bot.last_iterations)
        return found

    monkeypatch.setattr(MCTSBot, "_search", counted)
    action = decide(lambda: False, "mcts:40", 3, state, 30.0)
    assert action == state.legal_actions()[0]
    assert searched == [40], "the search ran its whole budget"


# -- 5. raw database errors ----------------------------------------------------------------


def test_raw_errors_an_unexpected_failure_is_an_incident(
    client: TestClient, new_table: Creator, caplog: pytest.LogCaptureFixture
) -> None:
    table = new_table("through_the_desert", ["human", "human"], hotseat=True)
    token = table["hotseat"].split("token=")[1]
    store = hub_of(client).store
    with store.engine.begin() as db:
        db.exec_driver_sql("ALTER TABLE serai_actions RENAME TO serai_gone")
    message = state_of(client, table, token)
    answer = move(client, table, token, message["legal"][0], message["revision"])
    assert answer.status_code == 503
    error = answer.json()
    assert error["code"] == "server_error"
    number = error["message"].split("incident ")[1].split(")")[0]
    assert "serai_actions" not in json.dumps(error) and "INSERT" not in json.dumps(error)
    assert any(number in record.getMessage() for record in caplog.records)
    assert state_of(client, table, token)["revision"] == message["revision"]


def test_raw_errors_a_live_table_that_cannot_be_opened_says_so_and_closes(
    client: TestClient, new_table: Creator, caplog: pytest.LogCaptureFixture
) -> None:
    """A failure while opening a live table is an incident too: the socket is told its
    number and closed with 1011 (it was dropped without a word, the traceback logged)."""
    tid = new_table("through_the_desert", ["human", "human"])["table"]["id"]
    hub = hub_of(client)
    del hub.tables[tid]
    with hub.store.engine.begin() as db:
        db.exec_driver_sql("ALTER TABLE serai_actions RENAME TO serai_gone")
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        error = ws.receive_json()
        assert error["code"] == "server_error" and "serai_actions" not in json.dumps(error)
        number = error["message"].split("incident ")[1].split(")")[0]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1011
    assert any(number in record.getMessage() for record in caplog.records)
    assert client.get("/api/games").status_code == 200, "the server serves on"


# -- 6. spectators ---------------------------------------------------------------------


def test_a_table_read_back_is_replayed_while_the_other_tables_move_on(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long game read back from the store (a spectator opens it after a restart) is
    replayed in a thread: the replay here waits for the event loop to run meanwhile, which
    a replay on the loop would never see."""
    started, loop_ran = threading.Event(), threading.Event()
    replay = Hub._replay

    def watched(row: Any, moves: Any) -> Any:
        started.set()
        assert loop_ran.wait(60), "the event loop stood still during the replay"
        return replay(row, moves)

    async def run() -> None:
        store = Store(db_url)
        hub = Hub(store)
        try:
            made, _, _ = await hub.create(
                "through_the_desert", 2, {}, [NewSeat("human")] * 2, hotseat=True
            )
            hub.tables.clear()  # forgotten: the next reader loads it
            monkeypatch.setattr(Hub, "_replay", staticmethod(watched))

            async def meanwhile() -> None:
                while not started.is_set():
                    await asyncio.sleep(0.001)
                loop_ran.set()

            other = asyncio.create_task(meanwhile())
            loaded = await hub.get(made.id)
            await other
            assert loaded.state.history() == made.state.history()
        finally:
            store.close()

    asyncio.run(run())


def test_spectators_share_one_message_per_revision(client: TestClient, new_table: Creator) -> None:
    table = new_table("through_the_desert", ["human", "human"], hotseat=True)
    tid = table["table"]["id"]
    token = table["hotseat"].split("token=")[1]
    live = hub_of(client).tables[tid]
    sockets = [client.websocket_connect(f"/ws/tables/{tid}") for _ in range(5)]
    try:
        for ws in sockets:
            ws.__enter__()
            ws.receive_json()
            ws.receive_json()
        message = state_of(client, table, token)
        move(client, table, token, message["legal"][0], message["revision"])
        texts = {ws.receive_text() for ws in sockets}
        assert len(texts) == 1, "every spectator is sent the same text"
        spectator_keys = [key for key in live.cache if key[0] == ()]
        assert len(spectator_keys) == 1, "built once for all five"
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_refusals_send_the_state_built_for_everyone_with_only_the_lines_missing(
    client: TestClient, new_table: Creator
) -> None:
    """A spectator's moves (a few bytes each) are answered with the state message
    already built for the revision, holding only the log lines that connection lacks, so
    a flood of them costs the server no rebuilding and sends little."""
    table = new_table("five_tribes", ["human", "human"], hotseat=True)
    tid = table["table"]["id"]
    token = table["hotseat"].split("token=")[1]
    for _ in range(6):
        message = state_of(client, table, token)
        move(client, table, token, message["legal"][0], message["revision"])
    lines = len(state_of(client, table)["log"])
    live = hub_of(client).tables[tid]
    with client.websocket_connect(f"/ws/tables/{tid}") as spectator:
        spectator.receive_json()
        first = spectator.receive_json()
        assert first["log_start"] == 0 and len(first["log"]) == lines > 6
        built = dict(live.cache)
        for _ in range(3):
            spectator.send_json({"type": "move", "action": "x", "revision": 99_999})
            refused = spectator.receive_json()
            assert refused["code"] == "not_your_turn"
            assert refused["state"]["log_start"] == lines and refused["state"]["log"] == []
        assert live.cache.keys() - built.keys() == {((), lines)}, "built once for the three"
    over_http = client.post(
        f"/api/tables/{tid}/move", json={"token": token, "action": "x", "revision": 99_999}
    )
    assert over_http.status_code == 409
    assert over_http.text.endswith(live.cache[(tuple(range(2)), 0)] + "}")


def test_a_refused_action_takes_no_seat(client: TestClient, new_table: Creator) -> None:
    """A signed-in stranger's refused move with a seat's link neither takes that seat nor
    binds it to their account."""
    table = new_table("five_tribes", ["human", "human"])
    stranger = TestClient(client.app, base_url="https://testserver")
    stranger.post("/api/accounts", json={"name": "Stranger", "password": "long enough pass"})
    before = state_of(client, table)["table"]["seats"][1]
    refused = stranger.post(
        f"/api/tables/{table['table']['id']}/move",
        json={"token": table["tokens"][1], "action": "x", "revision": 12_345},
        headers={"X-CSRF-Token": stranger.cookies.get("serai_csrf") or ""},
    )
    assert refused.status_code == 409 and refused.json()["code"] == "stale_state"
    after = state_of(client, table)["table"]["seats"][1]
    assert after == before and not after["claimed"] and after["name"] != "Stranger"


# -- 7. unlimited tables -------------------------------------------------------------------


def test_unlimited_tables_creation_is_rate_limited_per_address(db_url: str) -> None:
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(
            create_app(db_url, executor=pool, tables_burst=2, tables_per_minute=1)
        ) as limited,
    ):
        assert create(limited, seats=[HUMAN, HUMAN]).status_code == 201
        assert create(limited, seats=[HUMAN, HUMAN]).status_code == 201
        refused = create(limited, seats=[HUMAN, HUMAN])
        assert refused.status_code == 429 and refused.json()["code"] == "too_many"
        assert int(refused.headers["Retry-After"]) >= 1
        # an IPv6 caller counts as its /64 network, which one home or host holds whole
        same_home = [
            TestClient(limited.app, client=(f"2001:db8:0:7::{host}", 1)) for host in (1, 2, 3)
        ]
        assert [create(home, seats=[HUMAN, HUMAN]).status_code for home in same_home] == [
            201,
            201,
            429,
        ]
        next_door = TestClient(limited.app, client=("2001:db8:0:8::1", 1))
        assert create(next_door, seats=[HUMAN, HUMAN]).status_code == 201


def test_unlimited_sockets_one_address_holds_a_bounded_number_of_connections(
    db_url: str,
) -> None:
    """Past ``sockets_per_address`` live connections an address is turned away with the
    reason and close code 4429 (refused connections, to unknown tables too, count only
    while open); a connection closed makes room for the next."""
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(db_url, executor=pool, sockets_per_address=2)) as limited,
    ):
        tid = create(limited, seats=[HUMAN, HUMAN]).json()["table"]["id"]
        sockets = limited.app.state.limits.sockets  # type: ignore[attr-defined]
        with limited.websocket_connect("/ws/tables/nosuchtable") as unknown:
            assert unknown.receive_json()["code"] == "unknown_table"
        assert sockets.count("testclient") == 0
        with limited.websocket_connect(f"/ws/tables/{tid}") as first:
            assert [first.receive_json()["type"] for _ in range(2)] == ["hello", "state"]
            with limited.websocket_connect(f"/ws/tables/{tid}") as second:
                assert second.receive_json()["type"] == "hello"
                with limited.websocket_connect(f"/ws/tables/{tid}") as third:
                    refusal = third.receive_json()
                    assert refusal["code"] == "too_many"
                    assert "2 live connections" in refusal["message"]
                    with pytest.raises(WebSocketDisconnect) as closed:
                        third.receive_json()
                    assert closed.value.code == 4429
                first.send_json({"type": "ping"})
                assert first.receive_json()["type"] == "pong", "the others play on"
            with limited.websocket_connect(f"/ws/tables/{tid}") as again:
                assert again.receive_json()["type"] == "hello", "a closed one made room"
        assert sockets.count("testclient") == 0


def test_unlimited_sockets_one_address_opens_a_bounded_number_of_connections_a_minute(
    db_url: str,
) -> None:
    """Past ``sockets_per_minute`` (a tenth of them at once) an address's new connections
    are turned away with when to try again and close code 4429, before the table is read
    or sent; other addresses are served meanwhile."""
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(db_url, executor=pool, sockets_per_minute=30)) as limited,
    ):
        tid = create(limited, seats=[HUMAN, HUMAN]).json()["table"]["id"]
        for _ in range(3):  # opened and closed in a loop: 3 at once
            with limited.websocket_connect(f"/ws/tables/{tid}") as served:
                assert served.receive_json()["type"] == "hello"
        with limited.websocket_connect(f"/ws/tables/{tid}") as refused:
            refusal = refused.receive_json()
            assert refusal["code"] == "too_many"
            assert refusal["message"] == "too many connections opened: try again in 2 s"
            with pytest.raises(WebSocketDisconnect) as closed:
                refused.receive_json()
            assert closed.value.code == 4429
        assert hub_of(limited).tables[tid].listeners == set()
        elsewhere = TestClient(limited.app, client=("192.0.2.7", 1))
        with elsewhere.websocket_connect(f"/ws/tables/{tid}") as served:
            assert [served.receive_json()["type"] for _ in range(2)] == ["hello", "state"]


def test_unlimited_messages_an_address_past_its_messages_is_read_no_more_for_a_while(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Messages are counted per address, over all its connections; one past them is
    refused once, then that connection is left unread (the kernel holds a flooding client
    back: a stranger's 64 sockets were read, refused and answered at 35,000 messages a
    second while other tables waited seconds), and another address is served meanwhile."""
    from serai.server.guard import RateLimit
    from serai.server.routes import live

    held: list[float] = []
    holding, release = threading.Event(), threading.Event()

    async def hold(seconds: float) -> None:
        held.append(seconds)
        holding.set()
        await asyncio.to_thread(release.wait, 60)

    monkeypatch.setattr(live, "hold", hold)
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(db_url, executor=pool)) as limited,
    ):
        limited.app.state.limits.messages = RateLimit(per_minute=1e-6, burst=3)  # type: ignore[attr-defined]
        tid = create(limited, seats=[HUMAN, HUMAN]).json()["table"]["id"]
        with (
            limited.websocket_connect(f"/ws/tables/{tid}") as one,
            limited.websocket_connect(f"/ws/tables/{tid}") as two,
        ):
            for socket_ in (one, two):
                assert [socket_.receive_json()["type"] for _ in range(2)] == ["hello", "state"]
            for socket_ in (one, one, two):  # three in all, from either connection
                socket_.send_json({"type": "ping"})
                assert socket_.receive_json()["type"] == "pong"
            one.send_json({"type": "ping"})
            refusal = one.receive_json()
            assert refusal["code"] == "too_many" and refusal["message"].startswith(
                "too many messages: wait "
            )
            assert holding.wait(60) and held == [live.HELD_SECONDS]
            one.send_json({"type": "ping"})  # left unread while held
            two.send_json({"type": "ping"})
            assert two.receive_json()["code"] == "too_many", "the address's, not one socket's"
            elsewhere = TestClient(limited.app, client=("192.0.2.7", 1))
            with elsewhere.websocket_connect(f"/ws/tables/{tid}") as other:
                assert [other.receive_json()["type"] for _ in range(2)] == ["hello", "state"]
                other.send_json({"type": "ping"})
                assert other.receive_json()["type"] == "pong", "another address is served"
            assert len(held) == 2, "each connection held once: the unread ping waits"
            release.set()
            assert one.receive_json()["code"] == "too_many", "read once the hold is over"
            assert len(held) == 3


def test_unlimited_actions_one_address_sends_a_bounded_number_of_actions(
    db_url: str,
) -> None:
    """Moves, undos and choices an address sends, over HTTP and its WebSockets together,
    are limited as a WebSocket's messages are (a stranger's review: a loop of moves and
    undos slowed every other client); refused ones count, and another address acts
    meanwhile."""
    # the burst alone: at one action a day after it, the time the burst takes (seconds on
    # a busy machine) gives back none
    per_day = 1 / 86_400
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(db_url, executor=pool, messages_per_second=per_day)) as limited,
    ):
        made = create(limited, seats=[HUMAN, HUMAN], hotseat=True).json()
        tid, token = made["table"]["id"], made["hotseat"].split("token=")[1]
        undo = {"token": token, "revision": 0}
        answers = [limited.post(f"/api/tables/{tid}/undo", json=undo) for _ in range(100)]
        assert {answer.json()["code"] for answer in answers} == {"cannot_undo"}
        refused = limited.post(
            f"/api/tables/{tid}/preferences", json={"token": token, "mute_chat": True}
        )
        assert refused.status_code == 429 and refused.json()["code"] == "too_many"
        wait = int(refused.headers["Retry-After"])
        assert 86_000 < wait <= 86_400
        with limited.websocket_connect(f"/ws/tables/{tid}?token={token}") as socket:
            assert [socket.receive_json()["type"] for _ in range(2)] == ["hello", "state"]
            socket.send_json({"type": "undo", "revision": 0})  # its sockets share the limit
            told = socket.receive_json()["message"]
            assert told.startswith("too many actions: try again in ") and told.endswith(" s")
        elsewhere = TestClient(limited.app, client=("192.0.2.7", 1))
        state = elsewhere.get(f"/api/tables/{tid}", params={"token": token}).json()
        moved = elsewhere.post(
            f"/api/tables/{tid}/move",
            json={"token": token, "action": state["legal"][0], "revision": state["revision"]},
        )
        assert moved.status_code == 200 and moved.json()["revision"] == state["revision"] + 1


def test_unlimited_tables_start_up_replays_nothing_and_idle_tables_leave_memory(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables_module, "IN_USE_SECONDS", 0.0)  # each table used long ago
    with ThreadPoolExecutor(1) as pool:
        with TestClient(create_app(db_url, executor=pool, tables_burst=50)) as first:
            made = [create(first, seats=[HUMAN, HUMAN]).json() for _ in range(12)]
        with TestClient(create_app(db_url, executor=pool, max_tables=3)) as second:
            hub = hub_of(second)
            assert hub.tables == {}, "no table is replayed at start-up"
            page = second.get("/api/tables", params={"limit": 5}).json()
            assert len(page["tables"]) == 5 and page["next"] == 5
            rest = second.get("/api/tables", params={"offset": 5, "limit": 50}).json()
            assert len(rest["tables"]) == 7 and rest["next"] is None
            assert hub.tables == {}, "the lobby reads the summary columns"
            for table in made:
                second.get(f"/api/tables/{table['table']['id']}")
            assert len(hub.tables) == 3, "only the most recently used stay"
            tid = made[0]["table"]["id"]
            with second.websocket_connect(f"/ws/tables/{tid}") as watched:
                watched.receive_json()
                for table in made[1:]:
                    second.get(f"/api/tables/{table['table']['id']}")
                assert tid in hub.tables, "a watched table stays"


def test_unlimited_tables_a_table_is_served_while_every_table_in_memory_is_watched(
    db_url: str,
) -> None:
    """With more watched tables than ``max_tables``, none can leave memory: a table
    loaded or created then is served and kept too (it was dropped the moment it was
    loaded, and the connection asking for it failed with a server error), and so is
    one still being opened when the next is loaded."""
    with ThreadPoolExecutor(1) as pool:
        with TestClient(create_app(db_url, executor=pool, tables_burst=50)) as first:
            stored = create(first, seats=[HUMAN, HUMAN]).json()["table"]["id"]
        with TestClient(create_app(db_url, executor=pool, max_tables=2)) as second:
            hub = hub_of(second)
            made = [create(second, seats=[HUMAN, HUMAN]).json() for _ in range(3)]
            with contextlib.ExitStack() as watching:
                for table in made:
                    ws = watching.enter_context(
                        second.websocket_connect(f"/ws/tables/{table['table']['id']}")
                    )
                    assert ws.receive_json()["type"] == "hello"
                assert len(hub.tables) == 3, "every watched table stays"
                with second.websocket_connect(f"/ws/tables/{stored}") as late:
                    assert [late.receive_json()["type"] for _ in range(2)] == [
                        "hello",
                        "state",
                    ]
                    assert stored in hub.tables
                opening = hub.tables[stored]
                again = create(second, seats=[HUMAN, HUMAN]).json()["table"]["id"]
                assert hub.tables[stored] is opening, "used a moment ago: it stays"
                for table in hub.tables.values():  # time passes
                    table.used -= IN_USE_SECONDS
                fresh = create(second, seats=[HUMAN, HUMAN]).json()["table"]["id"]
                assert fresh in hub.tables and len(hub.tables) == 4
                assert stored not in hub.tables and again not in hub.tables, (
                    "unwatched and unused a while, they left as the next came"
                )


# -- 8. large bodies --------------------------------------------------------------------


def test_large_bodies_are_refused_by_their_length(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        content=b"{" + b" " * 5000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413 and response.json()["code"] == "too_large"


LIVE_SERVER_GROUP = pytest.mark.xdist_group("hardening-live-server")
"""The tests of :func:`live_server`, run in one test process so that it starts once."""


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    from tests.live_server import free_port, server

    port = free_port()
    db = f"sqlite:///{tmp_path_factory.mktemp('hardening') / 's.db'}"
    with server(db, port, "--header-timeout", "1"):
        yield port


def raw_request(port: int, head: bytes) -> bytes:
    """Send ``head``; the server's whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(head)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    return answer


def stream_until_answered(port: int, head: bytes, chunk: bytes, total: int) -> tuple[int, bytes]:
    """Send ``head``, then ``chunk`` after ``chunk`` until the server answers or ``total``
    bytes are sent: how many were sent, and the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(head)
        sent = 0
        while sent < total and not select.select([conn], [], [], 0)[0]:
            try:
                conn.sendall(chunk)
            except OSError:
                break
            sent += len(chunk)
        answer = b""
        with contextlib.suppress(OSError):
            while data := conn.recv(65536):
                answer += data
    return sent, answer


@LIVE_SERVER_GROUP
def test_large_bodies_are_not_read_past_the_limit(live_server: int) -> None:
    claimed = raw_request(
        live_server,
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 200000000\r\n\r\n",
    )
    assert claimed.startswith(b"HTTP/1.1 413") and b"too_large" in claimed
    sent, streamed = stream_until_answered(
        live_server,
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n",
        b"3e8\r\n" + b" " * 1000 + b"\r\n",
        200_000_000,
    )
    assert sent < 20_000_000, "the server answered long before the body ended"
    assert streamed.startswith(b"HTTP/1.1 413")


# -- 9. malformed input -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"options": [1]}, "options"),
        ({"hotseat": "false"}, "hotseat"),
        ({"listed": 1}, "listed"),
        ({"players": "2"}, "players"),
        ({"game": "nomads_of_arabia", "players": 3, "options": {"max_turns": "5"}}, "max_turns"),
        (
            {"game": "nomads_of_arabia", "players": 3, "options": {"final_disks": 3.0}},
            "final_disks",
        ),
        ({"game": "desert_sons", "options": {"desert_border": 1}}, "desert_border"),
        ({"surprise": True}, "surprise"),
        (
            {"game": "nomads_of_arabia", "players": 3, "options": {"max_turns": 10**30}},
            "less than or equal to 9007199254740991",
        ),
        ({"options": {"board": "x" * 33}}, "at most 32 characters"),
    ],
)
def test_malformed_options_are_refused_not_coerced(
    client: TestClient, changes: dict[str, Any], says: str
) -> None:
    body = {"game": "five_tribes", "players": 2, "seats": [HUMAN, HUMAN], **changes}
    body["seats"] = [HUMAN] * (body["players"] if isinstance(body["players"], int) else 2)
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422, response.text
    assert says in response.json()["message"]


@pytest.mark.parametrize("revision", [2**53, 10**4000], ids=["past_2_53", "4000_digits"])
def test_malformed_a_revision_no_browser_reads_exactly_is_refused(
    client: TestClient, new_table: Creator, revision: int
) -> None:
    """A revision is a whole number a browser reads exactly (a stranger's review: one of
    4,000 digits was read, and written back in the refusal), over HTTP and WebSocket."""
    table = new_table("five_tribes", ["human", "human"])
    tid, token = table["table"]["id"], table["tokens"][0]
    body = json.dumps({"token": token, "action": "x", "revision": revision})
    answer = client.post(
        f"/api/tables/{tid}/move", content=body, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 422 and "9007199254740991" in answer.json()["message"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
        ws.receive_json()
        ws.receive_json()
        ws.send_text(json.dumps({"type": "move", "action": "x", "revision": revision}))
        refusal = ws.receive_json()
        assert refusal["code"] == "malformed" and "9007199254740991" in refusal["message"]


def test_malformed_deep_json_and_binary_frames_get_clean_errors(
    client: TestClient, new_table: Creator
) -> None:
    deep = "[" * 2000 + "]" * 2000
    response = client.post(
        "/api/tables", content=deep, headers={"content-type": "application/json"}
    )
    assert response.status_code == 422 and response.json()["code"] == "malformed"
    table = new_table("five_tribes", ["human", "human"])
    token = table["tokens"][0]
    with client.websocket_connect(f"/ws/tables/{table['table']['id']}?token={token}") as ws:
        ws.receive_json()
        ws.receive_json()
        ws.send_text(deep)
        assert ws.receive_json()["code"] == "malformed"
        ws.send_bytes(b'{"type": "ping"}')
        binary = ws.receive_json()
        assert binary["code"] == "malformed" and "text" in binary["message"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}, "the socket stays open"


def test_malformed_a_choice_of_nothing_is_refused_over_http_and_websocket(
    client: TestClient, new_table: Creator
) -> None:
    table = new_table("nomads_of_arabia", ["human", "human", "human"])
    tid, token = table["table"]["id"], table["tokens"][0]
    for body in ({"token": token}, {"token": token, "mute_chat": None}):
        refused = client.post(f"/api/tables/{tid}/preferences", json=body)
        assert refused.status_code == 422 and refused.json()["code"] == "invalid"
        assert "at least one of the choices" in refused.json()["message"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
        ws.receive_json()
        ws.receive_json()
        ws.send_json({"type": "preferences"})
        answer = ws.receive_json()
        assert answer["code"] == "malformed" and "at least one of the choices" in answer["message"]
    assert client.get(f"/api/tables/{tid}?token={token}").json()["preferences"] == {
        "stop_at_windows": False,
        "mute_chat": False,
    }


@LIVE_SERVER_GROUP
def test_malformed_a_very_long_websocket_address_is_refused(live_server: int) -> None:
    answer = raw_request(
        live_server,
        b"GET /ws/tables/abc?token="
        + b"a" * 10_000
        + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
    )
    assert answer.startswith(b"HTTP/1.1 414") and b"too_large" in answer


def test_malformed_unknown_routes_and_methods_answer_json(client: TestClient) -> None:
    missing = client.get("/api/nothing")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    wrong = client.delete("/api/games")
    assert wrong.status_code == 405 and wrong.json()["type"] == "error"
    for path in ("/api/games", "/", "/static/table.js"):
        head, get = client.head(path), client.get(path)
        assert head.status_code == get.status_code == 200, path
        assert head.content == b"" and head.headers["content-type"] == get.headers["content-type"]
        assert head.headers["content-length"] == str(len(get.content))


# -- 11. what a web user expects ----------------------------------------------------------


def test_cross_site_requests_are_refused(client: TestClient, new_table: Creator) -> None:
    evil = {"Origin": "http://evil.example"}
    refused = client.post("/api/tables", json={"game": "five_tribes"}, headers=evil)
    assert refused.status_code == 403 and refused.json()["code"] == "bad_origin"
    same = create(client, seats=[HUMAN, HUMAN], hotseat=False)
    assert same.status_code == 201
    own = client.post(
        "/api/tables",
        json={"game": "five_tribes", "players": 2, "seats": [HUMAN, HUMAN]},
        headers={"Origin": "http://testserver"},
    )
    assert own.status_code == 201
    both = client.post(  # the server's own origin first, another's after it
        "/api/tables",
        json={"game": "five_tribes", "players": 2, "seats": [HUMAN, HUMAN]},
        headers=[("Origin", "http://testserver"), ("Origin", "http://evil.example")],
    )
    assert both.status_code == 403 and both.json()["code"] == "bad_origin"
    table = same.json()
    with (
        pytest.raises(WebSocketDenialResponse) as denied,
        client.websocket_connect(f"/ws/tables/{table['table']['id']}", headers=evil),
    ):
        pass
    assert denied.value.status_code == 403 and denied.value.json()["code"] == "bad_origin"


def test_an_allowed_origin_may_post(db_url: str) -> None:
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(db_url, executor=pool, origins=("https://play.example",))) as app,
    ):
        allowed = app.post(
            "/api/tables",
            json={"game": "five_tribes", "players": 2, "seats": [HUMAN, HUMAN]},
            headers={"Origin": "https://play.example"},
        )
        assert allowed.status_code == 201


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/games", "/static/serai.css", "/api/nothing"):
        headers = client.get(path).headers
        assert "script-src 'self'" in headers["content-security-policy"]
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"


def test_no_third_party_scripts_the_api_is_described_by_openapi(client: TestClient) -> None:
    assert client.get("/docs").status_code == 404
    schema = client.get("/openapi.json").json()
    assert "CreateTable" in schema["components"]["schemas"]
    assert "/api/tables/{table_id}/move" in schema["paths"]


@LIVE_SERVER_GROUP
def test_slow_clients_a_connection_that_never_finishes_its_headers_is_closed(
    live_server: int,
) -> None:
    """Against a server whose header deadline is one second: a connection sending half
    its headers is closed, while a WebSocket opened before it lives on."""
    import httpx
    from websockets.sync.client import connect

    base = f"http://127.0.0.1:{live_server}"
    made = httpx.post(
        base + "/api/tables",
        json={"game": "five_tribes", "players": 2, "seats": [HUMAN, HUMAN]},
    ).json()
    with connect(f"ws://127.0.0.1:{live_server}/ws/tables/{made['table']['id']}") as ws:
        ws.recv()
        ws.recv()
        # closed by its one-second deadline, long before the default ten seconds
        with socket.create_connection(("127.0.0.1", live_server), timeout=8) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            assert slow.recv(1024) == b"", "closed without an answer"
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv()) == {"type": "pong"}


# -- 12. command line and library -----------------------------------------------------------


@pytest.mark.parametrize("data", [[], {}, "x", None, 5, {"game": "five_tribes"}])
def test_state_from_json_refuses_any_value_with_a_game_error(data: Any) -> None:
    game = serai.load_game("five_tribes", players=2)
    with pytest.raises(serai.GameError):
        game.state_from_json(data)


def test_engine_state_is_unchanged_by_refusals(client: TestClient, new_table: Creator) -> None:
    table = new_table("five_tribes", ["human", "human"])
    before = list(engine_state(client, table).history())
    client.post(f"/api/tables/{table['table']['id']}/move", content=b"[" * 3000)
    surrogate = json.dumps({"token": table["tokens"][0], "action": "\ud800", "revision": 0})
    refused = client.post(
        f"/api/tables/{table['table']['id']}/move",
        content=surrogate,
        headers={"content-type": "application/json"},
    )
    assert refused.status_code == 422 and "action" in refused.json()["message"]
    assert engine_state(client, table).history() == before


@pytest.mark.parametrize(
    "db",
    [
        "nonsense",
        "mysqlx://host/db",
        "sqlite:////nonexistent-directory/serai.db",
        "postgresql+psycopg://nobody@127.0.0.1:1/none",
    ],
)
def test_serve_with_a_database_it_cannot_open_says_so_in_one_line(db: str) -> None:
    from typer.testing import CliRunner

    from serai.cli import app

    result = CliRunner().invoke(app, ["serve", "--db", db])
    assert result.exit_code == 2
    assert result.output.startswith("error:") and result.output.count("\n") == 1
    assert "Traceback" not in result.output


def test_replay_of_a_deeply_nested_file_says_so_in_one_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from serai.cli import app

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000)
    result = CliRunner().invoke(app, ["replay", str(deep)])
    assert result.exit_code == 2 and "nested too deeply" in result.output
    assert "Traceback" not in result.output


def test_no_request_waits_on_a_thread_for_its_dependencies() -> None:
    """FastAPI runs a plain function's dependency in a thread of its pool: a hand-over on
    every request that names it. Every dependency of every route is a coroutine."""
    import importlib
    import pkgutil

    from fastapi.dependencies.models import Dependant
    from fastapi.routing import APIRoute, APIWebSocketRoute

    import serai.server.routes

    def calls(dependant: Dependant) -> Iterator[Any]:
        for dependency in dependant.dependencies:
            yield dependency.call
            yield from calls(dependency)

    routes = [
        route
        for module in pkgutil.iter_modules(serai.server.routes.__path__)
        for route in importlib.import_module(f"serai.server.routes.{module.name}").router.routes
        if isinstance(route, APIRoute | APIWebSocketRoute)
    ]
    named = {call for route in routes for call in calls(route.dependant)}
    assert len(routes) >= 20 and len(named) >= 4  # the hub, settings, address, account…
    assert [call for call in named if not asyncio.iscoroutinefunction(call)] == []
