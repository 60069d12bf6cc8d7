"""Several server processes over one PostgreSQL store, told of each other's moves by Redis.

Real ``serai serve`` processes on free loopback ports, the machine's PostgreSQL (a schema
of each test's own) and its Redis (or one started by the test, to restart it). Without
PostgreSQL or Redis these tests skip and say how to point them at one.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import random
import shutil
import signal
import subprocess
import time
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import httpx
import pytest
from sqlalchemy import Engine, create_engine, select, text
from websockets.asyncio.client import ClientConnection, connect

import serai
from serai.server.clocks import ClockSettings
from serai.server.cluster import OUTBOX, Cluster, lock_key
from serai.server.players import Players
from serai.server.store import Store
from serai.server.tables import Hub, NewSeat, Sent
from tests.live_server import free_port, server
from tests.processes import running_children
from tests.server.moves import random_move

T = TypeVar("T")

REDIS = os.environ.get("SERAI_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture
def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        pytest.skip(f"no Redis at {REDIS} ({error}); set SERAI_TEST_REDIS to a redis:// URL")
    return REDIS


@contextlib.contextmanager
def group(
    db: str, redis_url: str, count: int = 2
) -> Iterator[list[tuple[subprocess.Popen[bytes], httpx.Client]]]:
    """``count`` processes of one group, each on a port of its own."""
    with contextlib.ExitStack() as stack:
        yield [
            stack.enter_context(server(db, free_port(), "--redis", redis_url)) for _ in range(count)
        ]


def hotseat_table(client: httpx.Client, game: str = "through_the_desert", players: int = 2) -> Any:
    return client.post(
        "/api/tables",
        json={"game": game, "players": players, "seats": [{}] * players, "hotseat": True},
    ).json()


def bot_table(client: httpx.Client) -> str:
    """A new Nomads of Arabia table of three easy bots (they play at once); its id."""
    made = client.post(
        "/api/tables",
        json={
            "game": "nomads_of_arabia",
            "players": 3,
            "seats": [{"kind": "bot", "bot": "mcts", "difficulty": "easy"}] * 3,
        },
    ).json()
    return str(made["table"]["id"])


def send_move(
    client: httpx.Client, table_id: str, token: str, action: str, revision: int
) -> httpx.Response:
    return client.post(
        f"/api/tables/{table_id}/move",
        json={"token": token, "action": action, "revision": revision},
    )


def wait_until(condition: Any, seconds: float = 120.0, what: str = "") -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"waited {seconds:g} s for {what}"
        time.sleep(0.05)


def test_two_processes_play_one_game_to_the_end(postgres_url: str, redis_url: str) -> None:
    """Each seat's socket on a process of its own: every move of one reaches the other."""
    with group(postgres_url, redis_url) as processes:
        (_, first), (_, second) = processes
        made = first.post(
            "/api/tables", json={"game": "through_the_desert", "players": 2, "seats": [{}, {}]}
        ).json()
        table_id = made["table"]["id"]
        tokens = [invite["token"] for invite in made["invites"]]
        urls = [
            str(client.base_url).replace("http", "ws") + f"/ws/tables/{table_id}?token={token}"
            for client, token in zip((first, second), tokens, strict=True)
        ]
        logs = run_guarded(play_on_sockets(urls, seed=1))
    assert logs[0] == logs[1] and len(logs[0]) > 50


async def play_on_sockets(urls: list[str], seed: int) -> list[list[str]]:
    """Play a game to its end, one socket per seat, each moving when it may; the log as
    each socket had it."""
    rng = random.Random(seed)
    sockets = [await connect(url) for url in urls]
    logs: list[list[str]] = [[] for _ in urls]
    latest: list[dict[str, Any]] = [{} for _ in urls]
    try:

        async def read(index: int) -> None:
            while True:
                message = json.loads(await sockets[index].recv())
                if message["type"] == "state":
                    logs[index] = logs[index][: message["log_start"]] + [
                        line["text"] for line in message["log"]
                    ]
                    latest[index] = message

        readers = [asyncio.create_task(read(i)) for i in range(len(urls))]
        deadline = time.monotonic() + 120
        sent: set[tuple[int, int]] = set()
        while not all(message.get("over") for message in latest):
            assert time.monotonic() < deadline, (
                "the game did not end",
                [(m.get("revision"), m.get("to_move"), bool(m.get("legal"))) for m in latest],
            )
            for index, message in enumerate(latest):
                if message.get("legal") and (index, message["revision"]) not in sent:
                    sent.add((index, message["revision"]))
                    await sockets[index].send(
                        json.dumps(
                            {
                                "type": "move",
                                "action": rng.choice(message["legal"]),
                                "revision": message["revision"],
                            }
                        )
                    )
            await asyncio.sleep(0.005)
        for reader in readers:
            reader.cancel()
    finally:
        for socket in sockets:
            await socket.close()
    return logs


@contextlib.asynccontextmanager
async def hubs(db: str, redis_url: str, count: int = 2) -> AsyncIterator[list[Hub]]:
    """``count`` hubs of one group in this process, each with a store of its own, as
    ``count`` server processes hold them."""
    stores = [Store(db) for _ in range(count)]
    started = [Hub(store, cluster=Cluster(redis_url, store)) for store in stores]
    try:
        for hub in started:
            await hub.start()
        yield started
    finally:
        for hub in started:
            await hub.stop()
        for store in stores:
            store.close()


TEST_SECONDS = 120.0
"""How long one scenario may run before it fails, showing where each of its tasks waits."""


def run_guarded(scenario: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(scenario)``, failing after :data:`TEST_SECONDS` with the stack of every
    task still waiting, so that a scenario that hangs names its culprit (a timeout from
    outside shows only the event loop waiting)."""

    async def guarded() -> T:
        task = asyncio.ensure_future(scenario)
        done, _ = await asyncio.wait({task}, timeout=TEST_SECONDS)
        if not done:
            stacks = io.StringIO()
            for waiting in asyncio.all_tasks():
                waiting.print_stack(file=stacks)
            task.cancel()
            pytest.fail(f"still running after {TEST_SECONDS:g} s:\n{stacks.getvalue()}")
        return task.result()

    return asyncio.run(guarded())


async def until(condition: Any, what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"waited {seconds:g} s for {what}"
        await asyncio.sleep(0.01)


def any_move(state: serai.State, rng: random.Random) -> str:
    return state.action_to_string(rng.choice(state.legal_actions()))


def test_a_table_made_here_and_played_elsewhere_is_caught_up_only_when_used(
    postgres_url: str, redis_url: str
) -> None:
    """Two hubs over one store, as two processes: the one that made a hotseat table hears
    every move made on the other but reads none of them from the store until it uses the
    table again (two uses at once both see the store's state); once a connection there
    listens to the table, it catches up at each move."""
    from sqlalchemy import event

    async def play() -> None:
        async with hubs(postgres_url, redis_url) as (maker, player):
            reads: list[str] = []

            @event.listens_for(maker.store.engine, "before_cursor_execute")
            def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
                if statement.lstrip().upper().startswith("SELECT") and "serai_actions" in statement:
                    reads.append(statement)

            async with contextlib.AsyncExitStack() as listeners:
                made, _, _ = await maker.create(
                    "through_the_desert", 2, {}, [NewSeat("human")] * 2, hotseat=True
                )
                await until(lambda: made.behind, "the maker to listen to the table")
                assert await maker.get(made.id) is made and not made.behind
                played = await player.get(made.id)
                await listeners.enter_async_context(player.listening(played, lambda *_: None))
                rng = random.Random(5)
                start, reads[:] = len(made.moves), []
                for _ in range(6):
                    text = any_move(played.state, rng)
                    await player.move(played, (0, 1), text, played.revision)
                await until(lambda: made.behind, "the maker to hear the moves")
                assert reads == [] and len(made.moves) == start
                assert made.revision < played.revision
                both = await asyncio.gather(maker.get(made.id), maker.get(made.id))
                assert both == [made, made] and reads != []
                assert made.revision == played.revision
                assert made.state.history() == played.state.history()

                told: list[dict[str, Any] | None] = []
                here = maker.listening(made, lambda _table, notice: told.append(notice))
                await listeners.enter_async_context(here)
                await player.move(played, (0, 1), any_move(played.state, rng), played.revision)
                await until(lambda: made.revision == played.revision, "the listener to catch up")
                assert not made.behind and told == [None]
                assert made.state.history() == played.state.history()
            assert not made.listeners and not played.listeners

    run_guarded(play())


def test_an_undo_then_another_move_elsewhere_replaces_the_move_taken_back(
    postgres_url: str, redis_url: str
) -> None:
    """An undo and a new decision on one process leave as many actions as before: the
    other process, listening to the table, must not keep the move taken back (it would
    show the wrong board, and accept moves legal only there, storing a game that can no
    longer be replayed)."""

    async def play() -> None:
        async with hubs(postgres_url, redis_url) as (here, there):
            made, _, _ = await here.create(
                "through_the_desert", 2, {}, [NewSeat("human")] * 2, hotseat=True
            )
            watched = await there.get(made.id)
            async with there.listening(watched, lambda *_: None):
                rng = random.Random(3)
                while made.undo_target(made.state.current_player()) is None:
                    await here.move(made, (0, 1), any_move(made.state, rng), made.revision)
                await until(lambda: watched.revision == made.revision, "the other to catch up")
                sent = Sent()  # a connection to the other, drawing the table as it is now
                watched.message_since((0, 1), sent)
                async with watched.lock:  # it catches up with both changes at once
                    taken_back = made.moves[-1][0]
                    await here.undo(made, (0, 1), made.revision)
                    kept = len(made.moves)
                    other = next(a for a in made.state.legal_actions() if a != taken_back)
                    text = made.state.action_to_string(other)
                    await here.move(made, (0, 1), text, made.revision)
                await until(lambda: watched.revision == made.revision, "the other to catch up")
                assert watched.state.history() == made.state.history()
                assert watched.moves == made.moves
                # its next message gives it the lines again from the one taken back
                told = json.loads(watched.message_since((0, 1), sent))
                assert told["log_start"] == kept
                assert told["log"] == json.loads(made.message_text((0, 1)))["log"][kept:]
                await there.move(watched, (0, 1), any_move(watched.state, rng), watched.revision)
            await until(
                lambda: made.behind or made.revision == watched.revision, "the move to be heard"
            )
            assert (await here.get(made.id)).state.history() == watched.state.history()
            reloaded = await Hub(here.store).get(made.id)
            assert reloaded.state.history() == watched.state.history()

    run_guarded(play())


def test_two_processes_asked_at_once_for_a_rematch_make_one(
    postgres_url: str, redis_url: str
) -> None:
    """Both players ask for the rematch at the same moment, each through another process:
    both are sent to one new table, each with their own link, which either process then
    answers again."""

    async def play() -> None:
        async with hubs(postgres_url, redis_url) as (here, there):
            made, tokens, _ = await here.create("through_the_desert", 2, {}, [NewSeat("human")] * 2)
            rng = random.Random(4)
            while not made.state.is_terminal():
                seat = made.state.current_player()
                await here.move(made, (seat,), any_move(made.state, rng), made.revision)
            watched = await there.get(made.id)
            assert watched.state.is_terminal()
            (ana, ana_url), (ben, ben_url) = await asyncio.gather(
                here.rematch(made, (0,), None, tokens[0]),
                there.rematch(watched, (1,), None, tokens[1]),
            )
            assert ana.id == ben.id
            assert ana_url != ben_url
            again = await there.rematch(await there.get(made.id), (0,), None, tokens[0])
            assert again[1] == ana_url
            again = await here.rematch(await here.get(made.id), (1,), None, tokens[1])
            assert again[1] == ben_url
            assert here.store.count_tables() == 2

    run_guarded(play())


def test_a_vacation_holds_the_clock_of_a_table_played_elsewhere(
    postgres_url: str, redis_url: str
) -> None:
    """A process that holds a table it does not keep up with (the player opened it there
    once) is asked for the second player's vacation after the first player moved on
    another process: it catches the table up first, so it holds the clock of the turn
    that is now the second player's."""

    async def play() -> None:
        async with hubs(postgres_url, redis_url, 3) as (maker, player, asked):
            people = Players(maker.store)
            ann, bo = [
                await people.submit_account(name, None, account_id=f"{name}-id")
                for name in ("Ann", "Bo")
            ]
            made, _, _ = await maker.create(
                "through_the_desert",
                2,
                {},
                [NewSeat("human"), NewSeat("human", account=bo.name)],
                creator=ann,
                clock=ClockSettings(mode="turn-based", per_move=3600, bank=7200),
            )
            assert await maker.cluster.drives(made.id)  # the maker drives its clocks
            held = await asked.get(made.id)
            played = await player.get(made.id)
            assert held.clocks is not None and held.clocks.seat == 0
            rng = random.Random(3)
            while played.state.current_player() == 0:
                await player.move(played, (0,), any_move(played.state, rng), played.revision)
            await until(lambda: held.behind, "the process asked to hear the moves")
            until_then = asked.now() + 86_400
            await asked.vacation(bo, until_then)
            assert held.revision == played.revision + 1
            assert held.clocks is not None and held.clocks.seat == 1
            assert held.clocks.held_until == until_then
            # the process the moves were made on hears of the vacation through Redis
            await until(lambda: played.behind, "the moves' process to hear of the vacation")
            assert (await player.get(played.id)).clocks == held.clocks

    run_guarded(play())


def test_two_processes_asked_at_once_for_a_finished_games_analysis_keep_one(
    postgres_url: str, redis_url: str
) -> None:
    """Both processes make the analysis of the same finished game at the same time: the
    store keeps one, and both answer the same chances."""
    from serai.server.schema import analysis

    async def play() -> None:
        async with hubs(postgres_url, redis_url) as (one, two):
            made, _, _ = await one.create(
                "through_the_desert", 2, {}, [NewSeat("human")] * 2, hotseat=True
            )
            rng = random.Random(7)
            while not made.state.is_terminal():
                await one.move(made, (0, 1), any_move(made.state, rng), made.revision)
            there = await two.get(made.id)
            assert there.state.history() == made.state.history()
            here_made, there_made = await asyncio.gather(one.analysis(made), two.analysis(there))
            assert here_made == there_made and here_made["status"] == "done"
            assert len(here_made["points"]) > 1
            with one.store.engine.connect() as db:
                kept = db.execute(select(analysis.c.table_id)).all()
            assert [row.table_id for row in kept] == [made.id]

    run_guarded(play())


def test_changes_made_while_redis_is_away_are_sent_once_it_is_back(
    postgres_url: str, own_redis: OwnRedis, caplog: pytest.LogCaptureFixture
) -> None:
    """Publishing to a Redis that is down fails; the changes wait, in order, and are
    sent when it is back."""
    import redis

    async def nothing(*_: Any) -> None:
        pass

    def published() -> int:
        stats = redis.Redis.from_url(own_redis.url).info("commandstats")
        return int(stats.get("cmdstat_publish", {}).get("calls", 0))

    async def run() -> None:
        store = Store(postgres_url)
        cluster = Cluster(own_redis.url, store)
        await cluster.start(nothing)
        try:
            await asyncio.to_thread(own_redis.stop)
            for revision in (1, 2):
                cluster.publish("away", {"revision": revision})
            await until(
                lambda: "could not tell the other processes" in caplog.text,
                "a publishing to fail",
            )
            assert [json.loads(message)["revision"] for _, message in cluster.outbox] == [1, 2]
            await asyncio.to_thread(own_redis.start)
            deadline = time.monotonic() + 60
            while (sent := await asyncio.to_thread(published)) < 2:
                assert time.monotonic() < deadline, "waited 60 s for the changes to be sent"
                await asyncio.sleep(0.05)
            assert sent == 2 and not cluster.outbox
        finally:
            await cluster.stop()
            store.close()

    run_guarded(run())


def test_a_chat_line_said_while_redis_is_away_reaches_the_other_process_once(
    postgres_url: str, own_redis: OwnRedis
) -> None:
    """A line said at a table on one process while Redis is down reaches the other once
    Redis is back (the sender publishes it then; the other reads it from the store when
    it subscribes again, whichever comes first), and its connection is told it once, in
    order; as the first line, said before the other listened to the table."""

    async def play() -> None:
        async with hubs(postgres_url, own_redis.url) as (here, there):
            made, _, _ = await here.create(
                "through_the_desert", 2, {}, [NewSeat("human")] * 2, hotseat=True
            )
            watched = await there.get(made.id)
            told: list[str] = []

            def tell(_table: Any, notice: dict[str, Any] | None) -> None:
                if notice is not None and notice["type"] == "chat":
                    told.append(notice["line"].text)

            async with there.listening(watched, tell):
                await here.say(made, (0,), None, "before")
                await until(lambda: told == ["before"], "the first line through Redis")
                await asyncio.to_thread(own_redis.stop)
                await here.say(made, (1,), None, "while away")
                await asyncio.to_thread(own_redis.start)
                for text in ("after", "last"):
                    await here.say(made, (0,), None, text)
                # the lines of one table come in order: anything told twice is told by now
                await until(lambda: told[-1:] == ["last"], "the lines said since Redis went away")
            assert told == ["before", "while away", "after", "last"]
            assert [line.text for line in watched.chat] == told

    run_guarded(play())


def test_changes_published_together_arrive_every_one_in_order(
    postgres_url: str, redis_url: str
) -> None:
    """Changes made while the last were being sent go out together, in order; beyond
    :data:`~serai.server.cluster.OUTBOX` waiting, the oldest are dropped (the others
    catch up from the store)."""
    import secrets as random_ids

    import redis.asyncio

    async def nothing(*_: Any) -> None:
        pass

    async def run() -> list[list[int]]:
        store = Store(postgres_url)
        cluster = Cluster(redis_url, store)
        listener = redis.asyncio.Redis.from_url(redis_url)
        pubsub = listener.pubsub()
        table_id = random_ids.token_urlsafe(9)
        await pubsub.subscribe(f"serai:table:{table_id}")
        await cluster.start(nothing)
        heard: list[list[int]] = []
        try:
            for count in (500, OUTBOX + 100):
                for revision in range(count):
                    cluster.publish(table_id, {"revision": revision})
                    if count == 500 and revision % 50 == 0:  # while some are on their way
                        await asyncio.sleep(0)
                got: list[int] = []
                heard.append(got)
                deadline = time.monotonic() + 60
                while len(got) < min(count, OUTBOX):
                    assert time.monotonic() < deadline, f"heard {len(got)} of {count}"
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1)
                    if message is not None:  # (None: the subscription's own answer)
                        got.append(json.loads(message["data"])["revision"])
        finally:
            await cluster.stop()
            await pubsub.aclose()
            await listener.aclose()
            store.close()
        return heard

    first, crowded = run_guarded(run())
    assert first == list(range(500))
    assert crowded == list(range(100, OUTBOX + 100))


def test_redis_answers_are_read_by_hiredis() -> None:
    """``serai[cluster]`` brings hiredis, the C reader of Redis's answers, which redis-py
    takes for every connection when it is installed (in one pair of runs, two processes
    at full speed answered 2,024 moves a second with it and 1,782 without)."""
    from redis.asyncio.connection import DefaultParser

    assert "Hiredis" in DefaultParser.__name__


def test_moves_sent_to_two_processes_at_once_one_wins(postgres_url: str, redis_url: str) -> None:
    with group(postgres_url, redis_url) as processes:
        (_, first), (_, second) = processes
        made = hotseat_table(first)
        table_id, token = made["table"]["id"], made["hotseat"].split("token=")[1]
        for _ in range(8):
            wait_until(
                lambda: (
                    second.get(f"/api/tables/{table_id}").json()["revision"]
                    == first.get(f"/api/tables/{table_id}").json()["revision"]
                ),
                what="both processes to agree",
            )
            message = first.get(f"/api/tables/{table_id}", params={"token": token}).json()
            legal, revision = message["legal"], message["revision"]
            with ThreadPoolExecutor(2) as pool:
                sent = [
                    pool.submit(send_move, client, table_id, token, action, revision)
                    for client, action in ((first, legal[0]), (second, legal[-1]))
                ]
                answers = [future.result() for future in sent]
            codes = sorted(answer.status_code for answer in answers)
            assert codes == [200, 409], [answer.text for answer in answers]
        store = Store(postgres_url)
        try:
            _, moves = store.load_table(table_id) or (None, ())
            state = serai.load_game("through_the_desert", players=2).new_initial_state()
            for action, *_ in moves:
                state.apply_action(action)  # one legal sequence: nothing applied twice
        finally:
            store.close()


def test_another_process_drives_the_bots_when_their_driver_dies(
    postgres_url: str, redis_url: str
) -> None:
    with group(postgres_url, redis_url) as processes:
        (driver, first), (_, second) = processes
        table_id = bot_table(first)
        wait_until(
            lambda: first.get(f"/api/tables/{table_id}").json()["revision"] >= 3,
            what="the first process to drive the bots",
        )
        driver.send_signal(signal.SIGKILL)
        driver.wait(30)
        before = second.get(f"/api/tables/{table_id}").json()["revision"]
        killed = time.monotonic()
        wait_until(
            lambda: second.get(f"/api/tables/{table_id}").json()["revision"] > before + 2,
            what="the other process to take the bots over",
        )
        took_over = time.monotonic() - killed
        print(f"bots driven again {took_over:.1f} s after their driver died")


def test_a_process_that_loses_its_lock_connection_locks_its_tables_again(
    postgres_url: str, redis_url: str
) -> None:
    """The PostgreSQL session holding a process's advisory locks is cut (as a database
    restart would): the locks went with it, and the process notices, opens another
    session and locks the tables it drives again before driving them on."""
    port = free_port()
    with server(postgres_url, port, "--redis", redis_url) as (_, client):
        table_id = bot_table(client)
        admin = create_engine(postgres_url)
        try:
            wait_until(lambda: lock_holder(admin, table_id) is not None, 60, "the bots' lock")
            cut = lock_holder(admin, table_id)
            with admin.begin() as db:
                db.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": cut})
            wait_until(
                lambda: lock_holder(admin, table_id) not in (None, cut),
                30,
                "the table to be locked again by a new session",
            )
            go_on(client, table_id)
        finally:
            admin.dispose()


def lock_holder(admin: Engine, table_id: str) -> int | None:
    """The PostgreSQL backend holding ``table_id``'s advisory lock, if any."""
    key = lock_key(table_id) & (2**64 - 1)
    with admin.connect() as db:
        found = db.execute(
            text(
                "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
                "AND classid = :high AND objid = :low AND objsubid = 1"
            ),
            {"high": key >> 32, "low": key & (2**32 - 1)},
        ).scalar()
    return None if found is None else int(found)


class OwnRedis:
    """A Redis server of a test's own, which it may stop and start again."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        import redis

        self.process = subprocess.Popen(
            [
                *(self.binary, "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port)
        wait_until(lambda: _pings(client), 30, "Redis to start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(30)
            self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture
def own_redis() -> Iterator[OwnRedis]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("no redis-server on PATH (Debian's redis-server package)")
    own = OwnRedis(binary)
    own.start()
    try:
        yield own
    finally:
        own.stop()


def _pings(client: Any) -> bool:
    try:
        return bool(client.ping())
    except Exception:
        return False


def test_a_redis_restart_loses_no_move(postgres_url: str, own_redis: OwnRedis) -> None:
    with group(postgres_url, own_redis.url) as processes:
        (_, first), (_, second) = processes
        made = hotseat_table(first)
        table_id, token = made["table"]["id"], made["hotseat"].split("token=")[1]
        rng = random.Random(2)

        def move(client: httpx.Client) -> int:
            revision: int = random_move(client, table_id, token, rng)["revision"]
            return revision

        async def watch_second(until: int) -> None:
            ws = str(second.base_url).replace("http", "ws") + f"/ws/tables/{table_id}"
            async with connect(ws) as socket:
                while True:
                    message = json.loads(await asyncio.wait_for(socket.recv(), 120))
                    if message["type"] == "state" and message["revision"] >= until:
                        return

        run_guarded(watch_second(move(first)))
        own_redis.restart()  # the processes lose Redis, and find it again by themselves
        during = move(first)
        run_guarded(watch_second(during))  # caught up from the store on reconnecting
        after = move(first)
        run_guarded(watch_second(after))  # and told of new moves again


def test_kill_9_of_one_of_two_workers_loses_no_acknowledged_move(
    postgres_url: str, redis_url: str
) -> None:
    """``serai serve --workers 2`` on one port, tables played over sockets that reconnect
    when their process dies; one process is killed with SIGKILL in the middle."""
    port = free_port()
    options = ("--redis", redis_url, "--workers", "2", "--tables-per-minute", "1000")
    options += ("--messages-per-second", "100000")  # every table from one address
    with server(postgres_url, port, *options) as (process, client):
        wait_until(lambda: len(workers_of(process.pid)) == 2, what="two workers")
        tables = [hotseat_table(client) for _ in range(20)]
        bots = [bot_table(client) for _ in range(2)]
        acknowledged = run_guarded(
            play_tables(port, tables, lambda: os.kill(sorted(workers_of(process.pid))[0], 9))
        )
        store = Store(postgres_url)
        try:
            for table_id, counts in acknowledged.items():
                _, moves = store.load_table(table_id) or (None, ())
                assert max(counts, default=0) <= len(moves), "every acknowledged move is kept"
                state = serai.load_game("through_the_desert", players=2).new_initial_state()
                for action, *_ in moves:  # one legal sequence: nothing applied twice
                    state.apply_action(action)
            for table_id in bots:
                go_on(client, table_id)
        finally:
            store.close()


def go_on(client: httpx.Client, table_id: str) -> None:
    """Wait until the bots of ``table_id`` make another move."""
    before = client.get(f"/api/tables/{table_id}").json()["revision"]
    wait_until(
        lambda: client.get(f"/api/tables/{table_id}").json()["revision"] > before,
        what="the bots to go on",
    )


def workers_of(supervisor: int) -> set[int]:
    return {
        pid
        for pid, command in running_children(supervisor).items()
        if "resource_tracker" not in command
    }


async def play_tables(
    port: int, tables: list[dict[str, Any]], kill: Any, moves: int = 4
) -> dict[str, list[int]]:
    """Play every table by its hotseat link, reconnecting whenever a socket is lost;
    ``kill`` runs once every table has had ``moves`` actions acknowledged, and the play
    stops once every table has had ``moves`` more acknowledged after that (so each was
    played on past the kill, whichever process had it). Per table, the number of actions
    of every state the server acknowledged."""
    acknowledged: dict[str, list[int]] = {made["table"]["id"]: [] for made in tables}

    sockets: dict[str, ClientConnection] = {}  # each table's last
    finished = asyncio.Event()

    def played() -> dict[str, int]:
        return {table_id: max(seen, default=0) for table_id, seen in acknowledged.items()}

    async def play(made: dict[str, Any], seed: int) -> None:
        table_id = made["table"]["id"]
        token = made["hotseat"].split("token=")[1]
        rng = random.Random(seed)
        log: list[str] = []
        seen = acknowledged[table_id]
        while not finished.is_set():
            with contextlib.suppress(OSError, asyncio.TimeoutError, Exception):
                async with connect(
                    f"ws://127.0.0.1:{port}/ws/tables/{table_id}?token={token}"
                ) as socket:
                    sockets[table_id] = socket
                    while not finished.is_set():
                        message = json.loads(await asyncio.wait_for(socket.recv(), 10))
                        if message["type"] == "error":
                            message = message.get("state") or {}
                        if message.get("type") != "state":
                            continue
                        log = log[: message["log_start"]] + [
                            line["text"] for line in message["log"]
                        ]
                        seen.append(len(log))
                        if message["over"] or not message["legal"]:
                            continue
                        await socket.send(
                            json.dumps(
                                {
                                    "type": "move",
                                    "action": rng.choice(message["legal"]),
                                    "revision": message["revision"],
                                }
                            )
                        )
            log = []
            await asyncio.sleep(0.1)  # before connecting again

    players = [asyncio.ensure_future(play(made, i)) for i, made in enumerate(tables)]
    try:
        await until(lambda: min(played().values()) >= moves, f"{moves} moves at every table")
        at_kill = played()
        kill()
        await until(  # a new process, and every table read again from the store, on
            lambda: all(count >= at_kill[table] + moves for table, count in played().items()),
            f"{moves} more moves at every table after the kill",
            seconds=120,  # two cores that other work keeps busy: a minute ran out once
        )
    finally:  # closing its socket ends each player's wait (a cancelled one could hang on)
        finished.set()
        await asyncio.gather(*(socket.close() for socket in sockets.values()))
        await asyncio.gather(*players, return_exceptions=True)
    return acknowledged
