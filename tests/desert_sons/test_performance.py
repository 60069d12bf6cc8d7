"""The state stays flat and small (speed itself is measured by ``serai bench``)."""

from __future__ import annotations

import serai
from serai.sim.bench import mid_game_histories, state_bytes


def test_a_mid_game_state_holds_little_memory() -> None:
    # Measured about 18,000 bytes at 3 players: a handful of flat lists over 121 cells.
    game = serai.load_game("desert_sons", players=3)
    for history in mid_game_histories(game, count=2):
        assert state_bytes(game, history) < 50_000
