"""The bots' evaluation ``estimate()``: final scoring as if the game ended now, plus Fakirs."""

from __future__ import annotations

import random

import serai
from serai.games.five_tribes.estimate import FAKIR_VALUE
from serai.games.five_tribes.rules import FiveTribesState
from tests.five_tribes.scenario import board_x


def test_owning_a_tile_with_palm_trees_raises_the_estimate_by_its_final_score() -> None:
    setup = board_x(3)
    before = setup.state().estimate()
    setup.claim(0, "0,0").place("0,0", palms=2)  # an Oasis: 8 VP
    after = setup.state().estimate()
    assert after[0] - before[0] == 8 + 2 * 3
    assert after[1:] == before[1:]
    setup.give_djinn(0, "haurvatat")  # 8 VP, and each Palm Tree 5 instead of 3
    assert setup.state().estimate()[0] - after[0] == 8 + 2 * 2


def test_the_vizier_majority_counts_as_it_stands_and_fakirs_count_a_little() -> None:
    setup = board_x(3)
    before = setup.state().estimate()
    now = setup.hold(0, viziers=2).hold(1, viziers=1).state().estimate()
    assert now[0] - before[0] == 2 + 2 * 10  # R38: ahead of p1 and p2
    assert now[1] - before[1] == 1 + 10  # ahead of p2 only
    state = setup.give_cards(1, "fakir", "fakir", "fakir").state()
    assert state.estimate()[1] - now[1] == 3 * FAKIR_VALUE
    assert state.scores()[1] - before[1] == 1 + 10  # scoring itself ignores Fakirs
    # Now a pair of Fakirs is a wild card: only the odd one idles.
    state = setup.give_djinn(1, "al-amin").state()
    assert state.estimate()[1] - state.scores()[1] == FAKIR_VALUE


def test_scores_match_the_breakdown_and_estimate_equals_scores_at_the_end() -> None:
    for players in (2, 3, 4):
        game = serai.load_game("five_tribes", players=players)
        rng = random.Random(players)
        state = game.new_initial_state()
        assert isinstance(state, FiveTribesState)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            if rng.random() < 0.05:
                assert state.scores() == [part["total"] for part in state.score_breakdown()]
        assert state.scores() == [part["total"] for part in state.score_breakdown()]
        assert state.estimate() == [float(score) for score in state.scores()]
