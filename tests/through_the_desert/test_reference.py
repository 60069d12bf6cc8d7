"""The incremental engine against the slow reference, over many random games."""

from __future__ import annotations

import random

import pytest

import serai
from serai.games.through_the_desert.board import CAMELS, LEADERS
from serai.games.through_the_desert.rules import ThroughTheDesertState
from tests.through_the_desert import reference

CONFIGS = [(n, board) for n in (2, 3, 4, 5) for board in ("mountain", "river")]


def playout(players: int, board: str, seed: int) -> ThroughTheDesertState:
    """Play one random game, checking legality and enclosure at every step."""
    game = serai.load_game("through_the_desert", players=players, board=board)
    state = game.new_initial_state()
    assert isinstance(state, ThroughTheDesertState)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if state.phase == CAMELS:
            assert legal == reference.camel_actions(state)  # R12
        elif state.phase == LEADERS:
            assert legal == reference.leader_actions(state)  # R8, R10, R11
        action = legal[rng.randrange(len(legal))]
        if state.phase != CAMELS:
            state.apply_action(action)
            continue
        closed_before = reference.closed(state)
        regions_before = len(state.closed_regions)
        state.apply_action(action)
        expected = reference.enclosed_regions(state, closed_before)  # R17, R18
        got = [
            (frozenset(h for h in range(299) if region >> h & 1), caravan)
            for region, caravan in state.closed_regions[regions_before:]
        ]
        assert got == expected  # R17, closed in R27 order (smallest hex index first)
    assert state.scores() == reference.final_scores(state)  # End and scoring
    return state


@pytest.mark.parametrize(("players", "board"), CONFIGS, ids=lambda v: str(v))
def test_r8_r12_r17_r22_incremental_engine_matches_the_reference(players: int, board: str) -> None:
    closures = 0
    for seed in range(6):
        closures += len(playout(players, board, 1000 * players + seed).closed_regions)
    assert closures > 0, "no game closed a region: the enclosure check was never exercised"
