"""PettingZoo AEC environments for every serai game.

>>> from serai.adapters.pettingzoo import env
>>> table = env("through_the_desert", players=3)
>>> table.reset(seed=1)
>>> table.agent_selection
'player_0'
>>> sorted(table.observe("player_0"))
['action_mask', 'observation']

Agents are named ``player_0`` … in seat order. Each observation is a dict: the seat's
:meth:`~serai.State.observation` vector (float32, the same length for every player
count) and an ``action_mask`` over :meth:`~serai.Game.num_distinct_actions` (int8, all
zero when it is not that agent's turn). Chance is resolved inside the environment with a
generator seeded by ``reset(seed=…)``, so the agents only ever see decisions. Rewards are
zero until the end, then each agent gets its :meth:`~serai.State.returns` (tied winners
share 1). An illegal action raises :class:`serai.IllegalActionError` saying why. The serai
state is ``env.unwrapped.game_state``; ``state()`` stays PettingZoo's (unprovided)
global-state method.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from serai.engine import Game, IllegalActionError, State, load_game, sample_chance


class SeraiEnv(AECEnv):  # type: ignore[misc]
    """One game of ``game`` as an AEC environment (see the module docstring)."""

    RENDER_MODES = ("ansi", "human")

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {self.RENDER_MODES}, not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(self.RENDER_MODES),
            "is_parallelizable": False,
            "name": f"serai_{game.info.name}",
        }
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = game.observation_size()
        actions = game.num_distinct_actions()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.game_state: State = game.new_initial_state()
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = random.Random(seed)
        self.game_state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance()

    def _advance(self) -> None:
        """Resolve chance, then hand the turn to the seat that decides next."""
        state = self.game_state
        while state.is_chance_node():
            state.apply_unchecked(sample_chance(state, self._rng))
        if state.is_terminal():
            for agent, value in zip(self.agents, state.returns(), strict=True):
                self.rewards[agent] = value
                self.terminations[agent] = True
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if self.game_state.current_player() == seat:
            mask[self.game_state.legal_actions()] = 1
        return {
            "observation": np.asarray(self.game_state.observation(seat), np.float32),
            "action_mask": mask,
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(
                f"{agent} is to act: step an action (None is only for agents that are done)"
            )
        self.game_state.apply_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._advance()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        text = self.game_state.render(seat=None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(
    game: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> SeraiEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return SeraiEnv(load_game(game, players, **options), render_mode=render_mode)


def env(
    game: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> AECEnv[str, dict[str, np.ndarray], int]:
    """The game ``game`` with ``players`` seats and ``options`` as a PettingZoo AEC env."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, render_mode, **options))
