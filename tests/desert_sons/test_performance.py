"""A loose guard of the issue's performance target, so a slow change is noticed."""

from __future__ import annotations

import serai
from serai.sim.bench import bench


def test_desert_sons_meets_its_performance_target_with_margin() -> None:
    # Issue target, 3 players: >= 10,000 random-playout actions/s on one core. Measured
    # about 90,000; the bound is a third of the target so a loaded CI box does not flake.
    result = bench(serai.load_game("desert_sons", players=3), runs=1, seconds=0.5)
    assert result.actions_per_second >= 10_000 / 3
    assert result.clone_us < 60
    assert result.state_bytes < 50_000
