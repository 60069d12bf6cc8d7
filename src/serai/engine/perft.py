"""Perft: how many action sequences of a given length lead from a position.

As in chess engines, counting every legal path to a small depth checks the rules against
any other implementation: two engines that agree on these counts from many positions agree
on what is legal. Here a chance node counts each of its outcomes as a path, so the counts
cover the draws too.

A perft file (``tests/perft/<game>.txt``) holds one check per line,
``<depth> <count> <position>``, the position being the game's position text; lines
starting with ``#`` are comments.

>>> import serai
>>> state = serai.load_game("five_tribes", players=2).new_initial_state()
>>> perft(state, 0)
1
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from serai.engine.core import ActionId, State


def perft(state: State, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``state`` (fewer where the
    game ends sooner: an ended game counts once)."""
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        total += perft(child, depth - 1)
    return total


def divide(state: State, depth: int) -> dict[ActionId, int]:
    """:func:`perft` split by the first action: where two engines first disagree."""
    counts = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        counts[action] = perft(child, depth - 1)
    return counts


@dataclass(frozen=True)
class PerftCase:
    depth: int
    count: int
    position: str
    line: int


def read_perft(path: Path) -> list[PerftCase]:
    """The checks of a perft file."""
    cases = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        depth, count, position = line.split(" ", 2)
        cases.append(PerftCase(int(depth), int(count), position, number))
    return cases
