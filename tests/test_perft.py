"""Perft counts (``tests/perft/<game>.txt``): from each listed position, the number of
action sequences of each listed depth, chance outcomes counted as paths.

Any other implementation of these games can check itself against the same files; when a
count differs, the failure shows the count after each first action (``divide``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import serai
from serai.engine.perft import divide, perft, read_perft

PERFT = Path(__file__).parent / "perft"

CASES = [
    pytest.param(name, case, id=f"{name}:{case.line}")
    for name in serai.list_games()
    for case in (read_perft(PERFT / f"{name}.txt") if (PERFT / f"{name}.txt").exists() else [])
]


@pytest.mark.parametrize("name", serai.list_games())
def test_every_game_has_perft_counts(name: str) -> None:
    cases = read_perft(PERFT / f"{name}.txt")
    assert len(cases) >= 5, "several positions from setup, the middle and the end"
    assert max(case.depth for case in cases) >= 2


@pytest.mark.parametrize(("name", "case"), CASES)
def test_perft_count(name: str, case: object) -> None:
    from serai.engine.perft import PerftCase

    assert isinstance(case, PerftCase)
    state = serai.load_position(name, case.position)
    counted = perft(state, case.depth)
    assert counted == case.count, (
        f"line {case.line}: {counted} sequences, not {case.count}; by first action: "
        f"{ {state.action_to_string(a): n for a, n in divide(state, case.depth).items()} }"
    )
