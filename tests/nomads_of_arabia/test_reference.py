"""The engine's legal decisions and prices against the slow reference, on random games and
on the positions of the perft file."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import serai
from serai.engine.perft import PerftCase, read_perft
from serai.games.nomads_of_arabia.actions import NUM_ACTIONS
from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState
from tests.nomads_of_arabia import reference

PERFT = read_perft(Path(__file__).parents[1] / "perft" / "nomads_of_arabia.txt")


def check_is_legal(state: NomadsOfArabiaState, rng: random.Random) -> None:
    """The direct legality check agrees with the legal list, near and far from it."""
    legal = set(state.legal_actions())
    near = [a + d for a in legal for d in (-56, -12, -1, 1, 12, 56)]
    far = [rng.randrange(-5, NUM_ACTIONS + 5) for _ in range(30)]
    for action in [*legal, *near, *far]:
        assert state.is_legal(action) == (action in legal), state.action_to_string(action)


def check_window(state: NomadsOfArabiaState, window: list[int], asked: list[int]) -> None:
    """Everyone in the window was asked in order, unless Sands of Time cut it short."""
    if state.played >> reference.SANDS_OF_TIME & 1:
        assert asked == window[: len(asked)], (window, asked)
    else:
        assert asked == window, (window, asked)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (6, 4), (4, 5), (3, 6)])
def test_engine_matches_the_reference_through_whole_games(players: int, seed: int) -> None:
    game = serai.load_game("nomads_of_arabia", players=players)
    state = game.new_initial_state()
    assert isinstance(state, NomadsOfArabiaState)
    rng = random.Random(seed)
    checked = 0
    windows = 0
    window: list[int] = []  # R33: the seats the open window must ask, in order
    asked: list[int] = []
    opened = -1  # the turn count when the open window opened (a Lost turn may follow at once)
    seen = 0
    while not state.is_terminal():
        at_window = state.node_name == "sands"
        if state.turn != seen and not at_window:
            # A turn ended without a window: nobody holds a disk, or it was played (R33).
            assert state.played >> reference.SANDS_OF_TIME & 1 or not any(state.hands)
        seen = state.turn
        if asked and (not at_window or state.turn != opened):
            check_window(state, window, asked)
            windows += 1
            asked = []
        if at_window:
            if not asked:
                window, opened = reference.window_order(state), state.turn
            asked.append(state.node_seat)
        if state.is_chance_node():
            action = serai.sample_chance(state, rng)
        else:
            expected = reference.legal(state)
            actual = {state.action_to_string(a) for a in state.legal_actions()}
            if expected is not None:
                assert actual == expected, state.node_name
                checked += 1
            for a in range(4):
                assert state.prices()[a] == reference.price(state, a)
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        check_is_legal(state, rng)
        state.apply_action(action)
    assert checked > 100 and windows > 0


def reference_perft(state: serai.State, depth: int) -> int:
    """Perft whose choices at each decision the reference knows are the reference's (the
    engine applies them, and lists the draws and the decisions the reference does not
    know)."""
    if depth == 0 or state.is_terminal():
        return 1
    assert isinstance(state, NomadsOfArabiaState)
    texts = reference.legal(state)
    if texts is None:
        actions = state.legal_actions()
    else:
        actions = [state.string_to_action(text) for text in sorted(texts)]
    total = 0
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        total += reference_perft(child, depth - 1)
    return total


@pytest.mark.parametrize("case", PERFT, ids=lambda case: f"line {case.line}")
def test_perft_counts_agree_with_the_reference(case: PerftCase) -> None:
    state = serai.load_position("nomads_of_arabia", case.position)
    assert reference_perft(state, case.depth) == case.count
