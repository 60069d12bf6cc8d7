"""``State.window_pass`` for every registered game and configuration.

At an optional reaction window (Nomads of Arabia's Sands of Time window, R33) interfaces
may play it at once for a seat that chose not to stop, so it must be a legal action, and
it must not depend on anything hidden: the same action whether or not the seat could do
more, or the timing of a window would give the seat's hidden values away.
"""

from __future__ import annotations

import random

import pytest

import serai
from serai.engine.conformance import Configuration
from tests.conformance.test_contract import CONFIGS, random_agents


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.label)
def test_window_pass_is_none_or_legal_and_blind_to_hidden_values(config: Configuration) -> None:
    game = config.load()
    rng = random.Random(13)
    agents = random_agents(game, 13)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            assert state.window_pass() is None
            state.apply_action(serai.sample_chance(state, rng))
            continue
        action = state.window_pass()
        assert action is None or action in state.legal_actions()
        for seat in [None, *range(game.num_players)]:
            assert state.scramble_hidden(seat, rng).window_pass() == action
        state.apply_action(agents[state.current_player()].act(state))
