"""Names that look alike, in the store: the look of every account, old ones included, and
look-alike names signed up at once, in one process or, on PostgreSQL, in two."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, select, text

from serai.server import create_app
from serai.server.players import NAMING, Players, check_name, look, name_key
from serai.server.schema import accounts
from serai.server.store import Store
from tests.server.test_store import at_revision

APE = "\u0410\u0440\u0435"
"""``Аре``, all Cyrillic."""


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'names.db'}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    opened = Store(url)
    yield opened
    opened.close()


def test_every_account_made_has_its_look(store: Store) -> None:
    people = Players(store)
    assert people.bot("mcts:hard").name == "mcts:hard"
    people.submit_account("Ape", None).result()
    with store.engine.connect() as db:
        looks = dict(db.execute(select(accounts.c.name, accounts.c.look)).all())
    assert looks == {"mcts:hard": look("mcts:hard"), "Ape": look("Ape")}
    assert people.submit_account(APE, None).result() == "Ape"


def test_an_account_of_the_last_release_gets_its_look_and_a_look_alike_is_refused(
    url: str,
) -> None:
    """A database at migration 0005 holding two accounts that already look alike: the
    upgrade gives each its look (the column is not unique), and a third look-alike is
    refused; each old player still signs in by their own name."""
    with at_revision(url, "0005") as db:
        for name in ("Ian", "lan"):
            db.execute(
                text(
                    "INSERT INTO serai_accounts (id, name, name_key, bot, created_at) "
                    "VALUES (:id, :name, :key, false, 1.0)"
                ),
                {"id": f"{name}-id", "name": name, "key": name_key(name)},
            )
    store = Store(url)
    try:
        with store.engine.connect() as db:
            looks = dict(db.execute(select(accounts.c.name, accounts.c.look)).all())
        assert looks == {"Ian": look("Ian"), "lan": look("Ian")}
        people = Players(store)
        assert people.submit_account("\u0406an", None).result() in ("Ian", "lan")
        found = people.by_name("LAN")
        assert found is not None and found[0].name == "lan"
    finally:
        store.close()


def test_of_two_look_alikes_signing_up_together_the_second_is_refused(store: Store) -> None:
    """Both wait for the writer, which checks and writes them in one transaction."""
    people = Players(store)
    first, second = people.submit_account("Ape", None), people.submit_account(APE, None)
    assert first.result().name == "Ape" and second.result() == "Ape"


def test_a_look_alike_written_meanwhile_by_another_process_is_seen(postgres_url: str) -> None:
    """Another process (on PostgreSQL: processes share one database) signs ``Ape`` up and
    has not committed yet when this one checks ``Аре``: the sign-up waits for it, then
    sees it and is refused."""
    store, other = Store(postgres_url), Store(postgres_url)
    try:
        with other.engine.begin() as db:
            db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": NAMING})
            db.execute(
                insert(accounts).values(
                    id="ape-id",
                    name="Ape",
                    name_key=name_key("Ape"),
                    look=look("Ape"),
                    created_at=1.0,
                )
            )
            made = Players(store).submit_account(APE, None)
            waiting = text(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
            )
            deadline = time.monotonic() + 30
            with store.engine.connect() as look_on:
                while not look_on.execute(waiting).scalar():
                    assert time.monotonic() < deadline, "the sign-up never waited for the lock"
                    look_on.rollback()
            assert not made.done()
        assert made.result(timeout=30) == "Ape"
    finally:
        store.close()
        other.close()


def test_no_player_may_take_or_imitate_a_bots_name() -> None:
    for name in ("random", "Greedy", "GREEDY", "Rand0m"):
        with pytest.raises(ValueError, match="the name of a bot"):
            check_name(name)
    assert check_name("Randomness") == "Randomness"


def test_a_bot_whose_name_a_player_took_before_plays_under_another(store: Store) -> None:
    """A player who took a bot's name before such names were refused: the bot's account
    is named as its id, which no player can type (it recursed for ever)."""
    with store.engine.begin() as db:
        db.execute(
            insert(accounts).values(
                id="early", name="Random", name_key=name_key("Random"), bot=False, created_at=1.0
            )
        )
    people = Players(store)
    assert people.bot("random").name == "bot:random"
    assert people.bot("random").id == "bot:random", "found again, not made twice"
    assert people.bot("greedy").name == "greedy"


def test_an_account_made_with_no_look_gets_it_when_a_server_starts(url: str) -> None:
    """In a group upgraded one process at a time, a process of the earlier release makes
    accounts with no look: the next process to start gives them theirs."""
    early = Store(url)
    with early.engine.begin() as db:
        db.execute(
            insert(accounts).values(
                id="lan-id", name="lan", name_key=name_key("lan"), bot=False, created_at=1.0
            )
        )
    early.close()
    with ThreadPoolExecutor(2) as pool, TestClient(create_app(url, executor=pool)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        with hub.store.engine.connect() as db:
            stored = db.execute(select(accounts.c.look).where(accounts.c.id == "lan-id"))
            assert stored.scalar() == look("lan")
        refused = client.post("/api/accounts", json={"name": "Ian", "password": "long enough"})
        assert refused.status_code == 409 and "looks like" in refused.json()["message"]
