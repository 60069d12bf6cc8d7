"""The perft counts of ``tests/perft/through_the_desert.txt`` recounted with the slow
reference's legal actions (``reference.py``: R8, R10–R12 hex by hex), so that the counts
do not rest on the engine alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from serai.engine.perft import PerftCase, perft, read_perft
from serai.games.through_the_desert.actions import parse_action
from serai.games.through_the_desert.board import CAMELS, COLOURS, LEADERS, REMOVAL
from serai.games.through_the_desert.rules import ThroughTheDesertState
from tests.through_the_desert import reference
from tests.through_the_desert.scenario import load

CASES = read_perft(Path(__file__).parents[1] / "perft" / "through_the_desert.txt")


def reference_actions(state: ThroughTheDesertState) -> list[int]:
    if state.is_chance_node():
        return [action for action, _ in state.chance_outcomes()]
    if state.phase == CAMELS:
        return reference.camel_actions(state)
    if state.phase == LEADERS:
        return reference.leader_actions(state)
    assert state.phase == REMOVAL
    # R11: any colour no earlier seat set aside.
    texts = [f"remove-leader {c}" for i, c in enumerate(COLOURS) if i not in state.removed]
    return [action for action in map(parse_action, texts) if action is not None]


def reference_perft(state: ThroughTheDesertState, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in reference_actions(state):
        child = state.clone()
        child.apply_action(action)  # the checked path: the engine must accept it too
        total += reference_perft(child, depth - 1)
    return total


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"line {case.line}")
def test_the_reference_counts_the_same_paths(case: PerftCase) -> None:
    state = load(case.position)
    if case.depth <= 2 or case.count <= 1000:
        assert reference_perft(state, case.depth) == case.count
    else:  # deeper counts are the engine's; the reference checks the first two plies
        assert reference_perft(state, 2) == perft(state, 2)
