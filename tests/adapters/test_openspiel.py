"""Every game as an OpenSpiel game passes OpenSpiel's random simulation test."""

from __future__ import annotations

import pytest

import serai

pyspiel = pytest.importorskip(
    "pyspiel", reason="install the research extra: pip install -e '.[research]'"
)

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

from serai.adapters import openspiel  # noqa: E402

NAMES = openspiel.register_all()


@pytest.mark.parametrize("name", serai.list_games())
def test_random_simulation(name: str) -> None:
    info = serai.game_info(name)
    for players in sorted({info.min_players, info.max_players}):
        game = pyspiel.load_game(openspiel.PREFIX + name, {"players": players})
        assert game.num_players() == players
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", serai.list_games())
def test_openspiel_mcts_plays_a_legal_move(name: str) -> None:
    game = pyspiel.load_game(openspiel.PREFIX + name)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probabilities)))
    bot = mcts.MCTSBot(game, 2, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    assert bot.step(state) in state.legal_actions()


def test_options_are_parameters() -> None:
    game = pyspiel.load_game("serai_through_the_desert", {"players": 4, "board": "river"})
    assert game.serai_game.options == {"board": "river"}
    assert game.serai_game.num_players == 4
    assert sorted(NAMES) == sorted(openspiel.PREFIX + name for name in serai.list_games())


def test_observations_are_the_seats_own() -> None:
    game = pyspiel.load_game("serai_through_the_desert", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    tensor = state.observation_tensor(0)
    assert len(tensor) == game.serai_game.observation_size()
    assert tensor == pytest.approx(state.serai_state.observation(0))
    assert '"seat": 1' in state.observation_string(1)


def test_an_information_state_is_refused_not_faked() -> None:
    game = pyspiel.load_game("serai_through_the_desert", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(ValueError, match="only the seat's own observation"):
        state.information_state_string(0)
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="only the seat's own observation"):
        game.make_py_observer(public_only)
