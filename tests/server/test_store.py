"""Table storage on SQLite and on a real PostgreSQL server (see ``postgres_url``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from serai.server.store import CHANCE_SEAT, Move, SeatRow, StaleRevision, Store, TableRow


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


def a_table(table_id: str = "t1") -> TableRow:
    return TableRow(
        id=table_id,
        game="through_the_desert",
        rules_version="1.0",
        players=2,
        options={"board": "mountain"},
        seed=2**61 + 7,
        hotseat_hash=None,
        listed=True,
        revision=0,
        status="playing",
        created_at=1.5,
        seats=(
            SeatRow(0, "human", None, "Ann", "a" * 64, False),
            SeatRow(1, "bot", "mcts:hard", "mcts:hard", None, True),
        ),
        moves=(Move(3, CHANCE_SEAT, "palm 3", 1.0),),
    )


def test_a_table_round_trips(store: Store) -> None:
    store.create_table(a_table())
    loaded = store.load_table("t1")
    assert loaded == a_table()
    assert store.load_table("missing") is None
    assert store.list_tables() == ["t1"]
    assert store.list_tables(("finished",)) == []


def test_moves_append_only_at_the_expected_revision(store: Store) -> None:
    store.create_table(a_table())
    store.append_moves(
        "t1", 0, 1, [Move(7, 0, "place 7", 2.0), Move(9, 1, "place 9", 3.0)], "playing"
    )
    with pytest.raises(StaleRevision):
        store.append_moves("t1", 0, 3, [Move(8, 0, "place 8", 4.0)], "playing")
    loaded = store.load_table("t1")
    assert loaded is not None
    assert [m.action for m in loaded.moves] == [3, 7, 9]
    assert loaded.revision == 1


def test_an_undo_truncates_and_bumps_the_revision(store: Store) -> None:
    store.create_table(a_table())
    store.append_moves("t1", 0, 1, [Move(7, 0, "place 7", 2.0)], "playing")
    store.truncate_moves("t1", 1, 1, "playing")
    loaded = store.load_table("t1")
    assert loaded is not None and loaded.revision == 2
    assert [m.action for m in loaded.moves] == [3]
    with pytest.raises(StaleRevision):
        store.truncate_moves("t1", 1, 0, "playing")


def test_a_seat_is_claimed_once(store: Store) -> None:
    store.create_table(a_table())
    assert store.claim_seat("t1", 0, "b" * 64)
    assert not store.claim_seat("t1", 0, "c" * 64)
    loaded = store.load_table("t1")
    assert loaded is not None and loaded.seats[0].token_hash == "b" * 64


def test_migrating_again_changes_nothing(store: Store) -> None:
    store.create_table(a_table())
    store.migrate()
    assert store.load_table("t1") == a_table()


def test_the_migrations_build_exactly_the_tables_the_code_uses(store: Store) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from serai.server.store import metadata

    with store.engine.connect() as db:
        differences = compare_metadata(MigrationContext.configure(db), metadata)
    assert differences == []
