"""The engine's legal decisions and prices against the slow reference, on random games."""

from __future__ import annotations

import random

import pytest

import serai
from serai.games.nomads_of_arabia.rules import NUM_ACTIONS, NomadsOfArabiaState
from tests.nomads_of_arabia import reference


def check_is_legal(state: NomadsOfArabiaState, rng: random.Random) -> None:
    """The direct legality check agrees with the legal list, near and far from it."""
    legal = set(state.legal_actions())
    near = [a + d for a in legal for d in (-56, -12, -1, 1, 12, 56)]
    far = [rng.randrange(-5, NUM_ACTIONS + 5) for _ in range(30)]
    for action in [*legal, *near, *far]:
        assert state.is_legal(action) == (action in legal), state.action_to_string(action)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (6, 4), (4, 5), (3, 6)])
def test_engine_matches_the_reference_through_whole_games(players: int, seed: int) -> None:
    game = serai.load_game("nomads_of_arabia", players=players)
    state = game.new_initial_state()
    assert isinstance(state, NomadsOfArabiaState)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal():
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
    assert checked > 100
