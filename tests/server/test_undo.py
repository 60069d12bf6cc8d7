"""Undo's fast path (the state before the last action, kept after each move) against the
slow one (replaying the record), over whole random games with undos mixed in."""

from __future__ import annotations

import asyncio
import random

import pytest

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
