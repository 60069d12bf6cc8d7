"""Every game as a PettingZoo AEC environment passes PettingZoo's own tests."""

from __future__ import annotations

import functools

import pytest

import serai

pytest.importorskip("pettingzoo", reason="install the research extra: pip install -e '.[research]'")

import numpy as np
from pettingzoo.test import api_test, seed_test

from serai.adapters.pettingzoo import env, raw_env

pytestmark = pytest.mark.filterwarnings(
    # Dict observations with an action mask are PettingZoo's own convention for board
    # games; its API test still warns about them.
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
)

CONFIGS = [
    (name, players)
    for name in serai.list_games()
    for players in sorted({serai.game_info(name).min_players, serai.game_info(name).max_players})
]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_api(name: str, players: int) -> None:
    api_test(env(name, players=players), num_cycles=200)


@pytest.mark.parametrize("name", serai.list_games())
def test_seed(name: str) -> None:
    seed_test(functools.partial(env, name), num_cycles=60)


@pytest.mark.parametrize("name", serai.list_games())
def test_a_whole_game_pays_the_returns(name: str) -> None:
    table = raw_env(name)
    table.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        assert observation["observation"].shape == (table.game.observation_size(),)
        if termination or truncation:
            table.step(None)
            continue
        assert totals[agent] == 0.0
        mask = observation["action_mask"]
        assert mask.sum() == len(table.game_state.legal_actions())
        table.step(int(rng.choice(np.flatnonzero(mask))))
    assert table.game_state.is_terminal()
    assert list(totals.values()) == table.game_state.returns()
    assert sum(totals.values()) == pytest.approx(1.0)


def test_an_illegal_action_is_refused_with_the_reason() -> None:
    table = raw_env("through_the_desert", players=2)
    table.reset(seed=1)
    before = table.game_state.to_json()
    with pytest.raises(serai.IllegalActionError):
        table.step(0)
    assert table.game_state.to_json() == before


def test_state_stays_pettingzoos_global_state_method() -> None:
    table = env("through_the_desert", players=2)
    table.reset(seed=1)
    with pytest.raises(NotImplementedError):
        table.state()
    assert not table.unwrapped.game_state.is_terminal()


def test_a_live_agent_must_step_an_action_and_render_needs_a_mode() -> None:
    table = raw_env("through_the_desert", players=2)
    table.reset(seed=1)
    before = table.game_state.to_json()
    with pytest.raises(serai.IllegalActionError, match="None is only for agents that are done"):
        table.step(None)
    assert table.game_state.to_json() == before
    with pytest.warns(UserWarning, match="render_mode"):
        assert table.render() is None
    text_table = raw_env("through_the_desert", players=2, render_mode="ansi")
    text_table.reset(seed=1)
    assert text_table.render() == text_table.game_state.render(seat=None)
