"""Table storage on SQLite and on a real PostgreSQL server (see ``postgres_url``)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, wait
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection

import serai
from serai.engine import GameError
from serai.server import store as store_module
from serai.server.store import (
    CHANCE_SEAT,
    Move,
    Progress,
    SeatRow,
    StaleRevision,
    Store,
    StoreError,
    TableRow,
    open_store,
)
from serai.server.tables import Seen, played

PLAYING = Progress("playing", 1, 0, False)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    url = (
        f"sqlite:///{tmp_path / 'tables.db'}"
        if request.param == "sqlite"
        else request.getfixturevalue("postgres_url")
    )
    opened = Store(url)
    yield opened
    opened.close()


def a_table(table_id: str = "t1", name: str = "Ann", **changes: object) -> TableRow:
    row = TableRow(
        id=table_id,
        game="through_the_desert",
        rules_version="1.0",
        players=2,
        options={"board": "mountain"},
        seed=2**61 + 7,
        hotseat_hash=None,
        listed=True,
        revision=0,
        progress=PLAYING,
        created_at=1.5,
        updated_at=1.5,
        seats=(
            SeatRow(0, "human", None, name, "a" * 64, False),
            SeatRow(1, "bot", "mcts:hard", "mcts:hard", None, True),
        ),
    )
    return replace(row, **changes)  # type: ignore[arg-type]


FIRST = ((3, CHANCE_SEAT, "palm 3", 1.0),)


def test_a_table_round_trips(store: Store) -> None:
    store.create_table(a_table(), FIRST)
    assert store.load_table("t1") == (a_table(), FIRST)
    assert store.load_table("missing") is None
    assert [row.id for row in store.lobby()] == ["t1"]
    assert store.count_tables() == 1


def test_moves_loaded_or_played_are_plain_tuples_the_collector_stops_scanning(
    store: Store,
) -> None:
    """A server keeps every action of every table in memory, and how each reader reads
    it: collections leave each of them untracked, and no later one scans them."""
    store.create_table(a_table(), FIRST)
    loaded = store.load_table("t1")
    assert loaded is not None
    moves: list[Move] = list(loaded[1])
    seen: list[Seen] = []
    state = serai.load_game("through_the_desert", players=2).new_initial_state()
    played(state, CHANCE_SEAT, state.legal_actions()[0], moves, seen)
    assert len(moves) == 2 and len(seen) == 1
    gc.collect()  # the tuples inside a reading first, then the reading itself
    gc.collect()
    assert not any(gc.is_tracked(kept) for kept in [*moves, *seen])


def test_moves_append_only_at_the_expected_revision(store: Store) -> None:
    store.create_table(a_table(), FIRST)
    after = Progress("playing", 3, 1, True)
    store.append_moves("t1", 0, 1, [(7, 0, "place 7", 2.0), (9, 1, "place 9", 3.0)], after, 4.0)
    with pytest.raises(StaleRevision):
        store.append_moves("t1", 0, 3, [(8, 0, "place 8", 4.0)], after, 5.0)
    loaded = store.load_table("t1")
    assert loaded is not None
    row, moves = loaded
    assert [action for action, *_ in moves] == [3, 7, 9]
    assert row.revision == 1 and row.progress == after and row.updated_at == 4.0


def test_an_undo_truncates_and_bumps_the_revision(store: Store) -> None:
    store.create_table(a_table(), FIRST)
    store.append_moves("t1", 0, 1, [(7, 0, "place 7", 2.0)], PLAYING, 2.0)
    store.truncate_moves("t1", 1, 1, PLAYING, 3.0)
    loaded = store.load_table("t1")
    assert loaded is not None and loaded[0].revision == 2
    assert [action for action, *_ in loaded[1]] == [3]
    with pytest.raises(StaleRevision):
        store.truncate_moves("t1", 1, 0, PLAYING, 4.0)


def test_only_an_open_seat_is_claimed_and_only_once(store: Store) -> None:
    open_seat = SeatRow(0, "human", None, "Player 1", None, False, open=True)
    store.create_table(a_table(seats=(open_seat, a_table().seats[1])), FIRST)
    store.create_table(a_table("t2"), FIRST)
    assert store.lobby()[0].open_seats == 1
    assert store.claim_seat("t1", 0, "b" * 64, 2.0)
    assert not store.claim_seat("t1", 0, "c" * 64, 3.0)
    assert not store.claim_seat("t2", 0, "c" * 64, 3.0), "an invited seat is never claimed"
    loaded = store.load_table("t1")
    assert loaded is not None and loaded[0].seats[0].token_hash == "b" * 64
    assert loaded[0].open_seats == 0
    untouched = store.load_table("t2")
    assert untouched is not None and untouched[0].seats[0].token_hash == "a" * 64


def test_one_bad_write_fails_alone_in_its_group(store: Store) -> None:
    """Writes committed together are isolated: a value the database refuses (a lone
    surrogate on SQLite, a NUL on PostgreSQL, a name longer than its column) fails only
    its own write, and the writer goes on."""
    store.create_table(a_table(), FIRST)
    bad_names = ["\ud800", "a\x00b", "x" * 65]
    futures: list[Future[object]] = []
    for index in range(30):
        if index % 10 == 5:
            bad = a_table(f"bad{index}", name=bad_names[index // 10])
            futures.append(store.submit_create(bad, FIRST))
        else:
            futures.append(store.submit_create(a_table(f"good{index}"), FIRST))
    wait(futures)
    failed = [f for f in futures if f.exception() is not None]
    assert all(isinstance(f.exception(), StoreError) for f in failed)
    assert "\ud800" not in str(failed[0].exception() if failed else "")
    assert store.count_tables() == 1 + 27 + (3 - len(failed))
    assert len(failed) >= (1 if store.engine.dialect.name == "sqlite" else 3)
    # the writer still works afterwards
    store.append_moves("t1", 0, 1, [(7, 0, "place 7", 2.0)], PLAYING, 2.0)


def test_moves_of_many_tables_share_a_group_and_a_stale_one_fails_alone(store: Store) -> None:
    """The moves of six tables wait together for the writer and are stored together; the
    one whose table is not at the revision it names is refused alone, the rest stand."""
    for index in range(6):
        store.create_table(a_table(f"t{index}"), FIRST)
    release = threading.Event()
    held = store.writer.submit(lambda _: release.wait(30))  # the moves queue behind it
    moves = [
        store.submit_moves(
            f"t{index}", 5 if index == 3 else 0, 1, [(7, 0, "place 7", 2.0)], PLAYING, 2.0
        )
        for index in range(6)
    ]
    release.set()
    wait([held, *moves])  # type: ignore[list-item]
    refused = moves[3].exception()
    assert isinstance(refused, StaleRevision) and "t3" in str(refused)
    assert [move.exception() for index, move in enumerate(moves) if index != 3] == [None] * 5
    for index in range(6):
        loaded = store.load_table(f"t{index}")
        assert loaded is not None
        row, stored = loaded
        assert [action for action, *_ in stored] == ([3] if index == 3 else [3, 7])
        assert row.revision == (0 if index == 3 else 1)


def test_writes_from_an_event_loop_are_answered_on_that_loop(store: Store) -> None:
    """A write queued on an event loop's thread gets a future of that loop, settled with
    the rest of its group (a refusal included); elsewhere, a thread's future."""
    store.create_table(a_table(), FIRST)

    async def from_the_loop() -> None:
        writes = [
            store.submit_moves("t1", revision, 1 + revision, [(7, 0, "x", 2.0)], PLAYING, 2.0)
            for revision in (0, 1, 5)
        ]
        assert all(isinstance(write, asyncio.Future) for write in writes)
        await writes[0]
        await writes[1]
        with pytest.raises(StaleRevision):
            await writes[2]

    asyncio.run(from_the_loop())
    assert isinstance(store.submit_table("t1", listed=False), Future)
    assert store.load_table("t1") is not None


def test_the_lobby_pages_open_tables_first_and_drops_abandoned_ones(store: Store) -> None:
    open_seat = SeatRow(0, "human", None, "Player 1", None, False, open=True)
    bot = a_table().seats[1]
    store.create_table(a_table("old", updated_at=10.0), FIRST)
    store.create_table(a_table("new", updated_at=30.0), FIRST)
    store.create_table(a_table("open", updated_at=20.0, seats=(open_seat, bot)), FIRST)
    store.create_table(
        a_table("done", updated_at=5.0, progress=Progress("finished", 9, None, False))
    )
    store.create_table(a_table("unlisted", listed=False, updated_at=40.0), FIRST)
    assert [row.id for row in store.lobby()] == ["open", "new", "old", "done"]
    assert [row.id for row in store.lobby(offset=1, limit=2)] == ["new", "old"]
    assert [row.id for row in store.lobby(since=15.0)] == ["open", "new", "done"]


def test_tables_waiting_for_bots(store: Store) -> None:
    store.create_table(a_table("human"), FIRST)
    store.create_table(a_table("bot", progress=Progress("playing", 1, 1, True)), FIRST)
    assert store.waiting_for_bots() == ["bot"]


def test_migrating_again_changes_nothing(store: Store) -> None:
    store.create_table(a_table(), FIRST)
    store.migrate()
    assert store.load_table("t1") == (a_table(), FIRST)


def test_the_migrations_build_exactly_the_tables_the_code_uses(store: Store) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from serai.server.schema import metadata

    with store.engine.connect() as db:
        differences = compare_metadata(MigrationContext.configure(db), metadata)
    assert differences == []


@contextlib.contextmanager
def at_revision(url: str, revision: str) -> Iterator[Connection]:
    """A connection to the database at ``url``, its schema brought to migration
    ``revision`` (an older release's); what the block writes is committed at its end."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option(
        "script_location", str(Path(store_module.__file__).parent / "migrations")
    )
    engine = create_engine(url)
    try:
        with engine.begin() as db:
            config.attributes["connection"] = db
            command.upgrade(config, revision)
            yield db
    finally:
        engine.dispose()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_database_of_the_last_release_is_upgraded_and_its_games_play_on(
    database: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A database written by the last release (its schema is migration 0001) holding a
    game in progress: the server upgrades it, the game keeps every action and its seat's
    link, and play goes on."""
    import random

    from fastapi.testclient import TestClient

    import serai
    from serai.server import create_app
    from serai.server.tables import token_hash

    url = (
        f"sqlite:///{tmp_path / 'old.db'}"
        if database == "sqlite"
        else request.getfixturevalue("postgres_url")
    )
    game = serai.load_game("through_the_desert", players=2)
    state = game.new_initial_state()
    rng = random.Random(3)
    rows = []
    while len(rows) < 40 or state.is_chance_node():
        chance = state.is_chance_node()
        action = serai.sample_chance(state, rng) if chance else rng.choice(state.legal_actions())
        seat = -1 if chance else state.current_player()
        rows.append((len(rows), action, seat, state.action_to_string(action)))
        state.apply_action(action)
    with at_revision(url, "0001") as db:
        db.execute(
            text(
                "INSERT INTO serai_tables VALUES ('old-table-01', 'through_the_desert', "
                ":version, 2, '{\"board\": \"mountain\"}', 7, :hotseat, true, 9, 'playing', "
                ":now, :now)"
            ),
            {
                "version": game.info.version,
                "hotseat": token_hash("hotseat-token"),
                "now": time.time(),
            },
        )
        for seat, name in enumerate(("Ann", "Bo")):
            db.execute(
                text(
                    "INSERT INTO serai_seats VALUES ('old-table-01', :seat, 'human', NULL, :name, "
                    ":token, true)"
                ),
                {"seat": seat, "name": name, "token": token_hash(f"seat-{seat}")},
            )
        for idx, action, seat, shown in rows:
            db.execute(
                text(
                    "INSERT INTO serai_actions VALUES ('old-table-01', :idx, :action, :seat, "
                    ":shown, 1.0)"
                ),
                {"idx": idx, "action": action, "seat": seat, "shown": shown},
            )
    with TestClient(create_app(url, bot_workers=0)) as client:
        listed = client.get("/api/tables").json()["tables"]
        assert [t["id"] for t in listed] == ["old-table-01"]
        assert listed[0]["actions"] == len(rows), "the count filled in by the upgrade"
        table = client.get("/api/tables/old-table-01", params={"token": "hotseat-token"}).json()
        assert table["revision"] == 9 and len(table["log"]) == len(rows)
        assert table["view"] == json.loads(json.dumps(state.view(state.current_player())))
        answer = client.post(
            "/api/tables/old-table-01/move",
            json={"token": "hotseat-token", "action": table["legal"][0], "revision": 9},
        )
        assert answer.status_code == 200 and answer.json()["revision"] == 10
        seat = state.current_player()
        mine = client.get("/api/tables/old-table-01", params={"token": f"seat-{seat}"}).json()
        assert mine["you"] == [seat]


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("nonsense", "is not a database URL"),
        ("mysqlx://host/db", "unknown kind of database"),
        ("sqlite:////nonexistent-dir/x/serai.db", "cannot open the database"),
        ("postgresql+psycopg://nobody:secret@127.0.0.1:1/none", "cannot open the database"),
    ],
)
def test_a_database_that_cannot_be_opened_is_one_line(url: str, says: str) -> None:
    with pytest.raises(GameError) as refused:
        open_store(url)
    message = str(refused.value)
    assert says in message and "\n" not in message and "secret" not in message
