"""Every game as a single-agent Gymnasium environment passes Gymnasium's own checker."""

from __future__ import annotations

import numpy as np
import pytest

import serai

pytest.importorskip("gymnasium", reason="install the research extra: pip install -e '.[research]'")

from gymnasium.utils.env_checker import check_env

from serai.adapters.gymnasium import SeraiEnv, env

pytestmark = pytest.mark.filterwarnings(
    # Observation vectors are counts and flags with no bound stated per game.
    "ignore:.*Box observation space (minimum|maximum) value is:UserWarning",
    "ignore:.*Not able to test alternative render modes:UserWarning",
)

CONFIGS = [
    (name, players)
    for name in serai.list_games()
    for players in sorted({serai.game_info(name).min_players, serai.game_info(name).max_players})
]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_check_env(name: str, players: int) -> None:
    check_env(env(name, seat=players - 1, players=players, render_mode="ansi"))


def play_out(table: SeraiEnv, seed: int) -> tuple[list[int], float]:
    """A whole episode of masked random choices: the actions and the final reward."""
    _, info = table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen = []
    while True:
        mask = info["action_mask"]
        assert mask.sum() == len(table.game_state.legal_actions()) > 0
        assert table.game_state.current_player() == table.seat
        action = int(rng.choice(np.flatnonzero(mask)))
        chosen.append(action)
        observation, reward, terminated, truncated, info = table.step(action)
        assert observation.shape == table.observation_space.shape and not truncated
        if terminated:
            return chosen, reward
        assert reward == 0.0


@pytest.mark.parametrize("name", serai.list_games())
def test_an_episode_pays_the_seats_returns_at_the_end(name: str) -> None:
    table = env(name, seat=1, opponents="random")
    chosen, reward = play_out(table, seed=4)
    assert table.game_state.is_terminal()
    assert reward == table.game_state.returns()[1]
    assert table.action_masks().sum() == 0
    assert play_out(env(name, seat=1, opponents="random"), seed=4) == (chosen, reward)


def test_the_bots_play_the_other_seats_with_the_simulation_seeds() -> None:
    table = env("through_the_desert", seat=0, opponents=["greedy", "random"], players=3)
    table.reset(seed=2)
    again = env("through_the_desert", seat=0, opponents=["greedy", "random"], players=3)
    again.reset(seed=2)
    assert table.game_seed == again.game_seed
    assert table.game_state.history() == again.game_state.history()
    assert table.opponents == {1: "greedy", 2: "random"}


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    table = env("five_tribes", opponents="random", illegal_reward=-2.0)
    _, info = table.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    history = table.game_state.history()
    _, reward, terminated, truncated, info = table.step(illegal)
    assert (reward, terminated, truncated) == (-2.0, True, False)
    assert info["illegal_action"] == f"{illegal} is not legal here"
    assert table.game_state.history() == history


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"seat": 4}, "seat must be 0 to 3"),
        ({"opponents": ["greedy"]}, "1 opponents given for the 3 other seats"),
        ({"opponents": "oracle"}, "unknown bot"),
        ({"render_mode": "rgb_array"}, "render_mode"),
    ],
)
def test_bad_settings_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(serai.GameError, match=message):
        env("five_tribes", players=4, **arguments)  # type: ignore[arg-type]
