"""Undo's fast path (the state before the last action, kept after each move) against the
slow one (replaying the record), over whole random games with undos mixed in."""

from __future__ import annotations

import asyncio
import random

import pytest

from serai.server import tables as tables_module
from serai.server.store import Store
from serai.server.tables import Hub, NewSeat, Table, TableError


def slow_undo_target(table: Table, seat: int) -> int | None:
    kept = table.previous
    table.previous = None
    try:
        return table.undo_target(seat)
    finally:
        table.previous = kept


@pytest.mark.parametrize(
    ("name", "players"),
    [("through_the_desert", 2), ("five_tribes", 2), ("nomads_of_arabia", 3), ("desert_sons", 2)],
)
def test_the_kept_state_agrees_with_a_replay(name: str, players: int) -> None:
    async def play() -> tuple[int, int]:
        hub = Hub(Store("sqlite://"))
        # a seed of its own: the same game every run, with undos both taken and refused
        # (with a random one, a Five Tribes game now and then refused none)
        table, _, _ = await hub.create(
            name, players, {}, [NewSeat("human")] * players, hotseat=True, seed=1
        )
        rng = random.Random(5)
        undos = refused = 0
        for _ in range(300):
            if table.state.is_terminal():
                break
            seat = table.state.current_player()
            fast = table.undo_target(seat)
            assert fast == slow_undo_target(table, seat)
            if rng.random() < 0.3:
                try:
                    await hub.undo(table, (seat,), table.revision)
                    undos += 1
                    assert fast is not None and len(table.moves) == fast
                except TableError as error:
                    assert fast is None and error.code == "cannot_undo"
                    refused += 1
                continue
            text = table.state.action_to_string(rng.choice(table.state.legal_actions()))
            await hub.move(table, (seat,), text, table.revision)
        return undos, refused

    undos, refused = asyncio.run(play())
    assert undos > 0 and refused > 0


def replayed_from_the_start(table: Table, upto: int) -> dict[str, object]:
    """The obvious replay: every action from the initial state."""
    state = table.game.new_initial_state()
    for action, _, _, _ in table.moves[:upto]:
        state.apply_unchecked(action)
    return state.to_json()


@pytest.mark.parametrize(
    ("name", "players"),
    [("through_the_desert", 2), ("five_tribes", 2), ("nomads_of_arabia", 3), ("desert_sons", 2)],
)
def test_a_replay_from_the_kept_states_agrees_with_one_from_the_start(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replays start from the states kept every few actions: at any step, in any order,
    with undos taking back actions whose kept states must then go."""
    monkeypatch.setattr(tables_module, "REPLAY_EVERY", 3)  # many kept states, often dropped

    async def play() -> int:
        hub = Hub(Store("sqlite://"))
        table, _, _ = await hub.create(
            name, players, {}, [NewSeat("human")] * players, hotseat=True, seed=2
        )
        rng = random.Random(6)
        undos = 0
        for _ in range(250):
            if table.state.is_terminal():
                break
            for upto in {len(table.moves), rng.randint(0, len(table.moves))}:
                assert table.replay(upto).to_json() == replayed_from_the_start(table, upto)
            seat = table.state.current_player()
            if rng.random() < 0.3 and table.undo_target(seat) is not None:
                await hub.undo(table, (seat,), table.revision)
                undos += 1
                continue
            text = table.state.action_to_string(rng.choice(table.state.legal_actions()))
            await hub.move(table, (seat,), text, table.revision)
        return undos

    assert asyncio.run(play()) > 0
