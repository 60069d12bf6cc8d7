"""Every serai game as a single-agent Gymnasium environment against serai bots.

>>> from serai.adapters.gymnasium import env
>>> table = env("through_the_desert", seat=1, opponents="random", players=3)
>>> observation, info = table.reset(seed=1)
>>> observation.shape == table.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)

The agent plays ``seat``; the other seats are serai bots named as ``--seats`` names them
(``random``, ``greedy``, ``mcts:easy``), one name for all or one per other seat in seat
order. Chance and the bots act inside :meth:`~SeraiEnv.step`, so the agent sees only its
own decisions. Each reset draws a game seed from the environment's generator (seeded by
``reset(seed=…)``); chance uses that seed and the bot in seat ``s`` ``bot_seed(seed, s)``,
as in ``serai simulate``.

- **Observation:** the seat's :meth:`~serai.State.observation` vector (float32).
- **Actions:** ``Discrete(game.num_distinct_actions())``. The legal ones are 1 in
  ``info["action_mask"]`` (int8), all 0 once the game is over.
- **Reward:** 0 until the end, then the seat's :meth:`~serai.State.returns` (tied winners
  share 1).
- **An illegal action** ends the episode (``terminated``) with ``illegal_reward``
  (default -1) and ``info["illegal_action"]`` saying why; the game is left as it was.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsInt

import gymnasium
import numpy as np
from gymnasium import spaces

from serai.engine import Agent, Game, GameError, State, load_game, sample_chance
from serai.sim.simulate import bot_seed, make_named_bot

SEED_BITS = 48
"""Game seeds are drawn below 2**48, like those of ``serai simulate``."""


class SeraiEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of ``game`` against bots (see the module docstring)."""

    RENDER_MODES = ("ansi", "human")

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        if not 0 <= seat < game.num_players:
            raise GameError(f"seat must be 0 to {game.num_players - 1}, not {seat}")
        self.metadata = {"render_modes": list(self.RENDER_MODES), "render_fps": 4}
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise GameError(f"render_mode must be ansi or human, not {render_mode!r}")
        others = game.num_players - 1
        names = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(names) != others:
            raise GameError(f"{len(names)} opponents given for the {others} other seats")
        other_seats = [s for s in range(game.num_players) if s != seat]
        self.opponents = dict(zip(other_seats, names, strict=True))
        for name in set(names):
            make_named_bot(name, 0)  # an unknown bot fails here, not at the first step
        self.game = game
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.observation_space = spaces.Box(-np.inf, np.inf, (game.observation_size(),), np.float32)
        self.action_space = spaces.Discrete(game.num_distinct_actions())
        self.game_state: State = game.new_initial_state()
        self.game_seed = 0
        self._bots: dict[int, Agent] = {}
        self._chance = random.Random()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.game_seed = int(self.np_random.integers(2**SEED_BITS))
        self._chance = random.Random(self.game_seed)
        self._bots = {
            s: make_named_bot(name, bot_seed(self.game_seed, s))
            for s, name in self.opponents.items()
        }
        self.game_state = self.game.new_initial_state()
        self._advance()
        return self._observation(), self._info()

    def step(self, action: SupportsInt) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.game_state
        if state.is_terminal():
            raise GameError("the game is over: call reset() to start another")
        chosen = int(action)
        if chosen not in state.legal_actions():
            info = {**self._info(), "illegal_action": f"{chosen} is not legal here"}
            return self._observation(), self.illegal_reward, True, False, info
        state.apply_action(chosen)
        self._advance()
        if self.render_mode == "human":
            self.render()
        reward = state.returns()[self.seat] if state.is_terminal() else 0.0
        return self._observation(), reward, state.is_terminal(), False, self._info()

    def _advance(self) -> None:
        """Play chance and the bots until the agent is to act or the game is over."""
        state = self.game_state
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_unchecked(sample_chance(state, self._chance))
            elif state.current_player() == self.seat:
                return
            else:
                state.apply_unchecked(self._bots[state.current_player()].act(state))

    def _observation(self) -> np.ndarray:
        return np.asarray(self.game_state.observation(self.seat), np.float32)

    def _info(self) -> dict[str, Any]:
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if not self.game_state.is_terminal():
            mask[self.game_state.legal_actions()] = 1
        return {"action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The legal actions now as a boolean mask (the name maskable agents look for)."""
        return np.asarray(self._info()["action_mask"], bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        text = self.game_state.render(seat=self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def env(
    game: str,
    seat: int = 0,
    opponents: str | Sequence[str] = "greedy",
    players: int | None = None,
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
    **options: Any,
) -> SeraiEnv:
    """The game ``game`` (``players`` seats, ``options``) for the agent in ``seat``."""
    loaded = load_game(game, players, **options)
    return SeraiEnv(loaded, seat, opponents, render_mode, illegal_reward)
