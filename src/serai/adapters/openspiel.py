"""Every serai game as an OpenSpiel Python game, so OpenSpiel's algorithms run on it.

>>> import pyspiel
>>> from serai.adapters import openspiel
>>> "serai_five_tribes" in openspiel.register_all()
True
>>> game = pyspiel.load_game("serai_through_the_desert", {"players": 2})
>>> game.num_players(), game.num_distinct_actions()
(2, 4191)

Each game is registered as ``serai_<name>`` with the parameters ``players`` and the
game's own options. Integer actions and chance outcomes are serai's; chance is explicit
(``EXPLICIT_STOCHASTIC``); returns are serai's (tied winners share 1, so the game is
constant-sum). The observation tensor is :meth:`serai.State.observation` of the
observing seat; the observation string is the seat's :meth:`serai.State.view` as JSON.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from serai.engine import Game, GameInfo, State, game_info, list_games, load_game

PREFIX = "serai_"


def game_type(info: GameInfo) -> pyspiel.GameType:
    """The OpenSpiel description of the serai game ``info``."""
    parameters: dict[str, Any] = {"players": info.default_players}
    parameters.update({option.name: option.default for option in info.options})
    return pyspiel.GameType(
        short_name=PREFIX + info.name,
        long_name=f"serai {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """A serai game with its parameters, as a ``pyspiel.Game``."""

    info: GameInfo

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = params.pop("players", None)
        self.serai_game: Game = load_game(self.info.name, players, **params)
        game = self.serai_game
        super().__init__(
            game_type(self.info),
            pyspiel.GameInfo(
                num_distinct_actions=game.num_distinct_actions(),
                max_chance_outcomes=game.num_distinct_actions(),
                num_players=game.num_players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=1.0,
                max_game_length=game.max_game_length(),
            ),
            {"players": game.num_players, **game.options},
        )

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.serai_game.new_initial_state())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SpielObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        # Only the seat's own observation exists: an information state (perfect recall),
        # a public-only or an all-players observation would silently be something else.
        if iig_obs_type is not None and (
            iig_obs_type.perfect_recall
            or not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "serai games provide only the seat's own observation (perfect_recall=False, "
                "public_info=True, private_info=SINGLE_PLAYER)"
            )
        return SpielObserver(self.serai_game.observation_size())


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A serai state as a ``pyspiel.State``: every call goes to the serai engine."""

    def __init__(self, game: SpielGame, state: State) -> None:
        super().__init__(game)
        self.serai_state = state

    def current_player(self) -> int:
        state = self.serai_state
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if state.is_chance_node():
            return int(pyspiel.PlayerId.CHANCE)
        return state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.serai_state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.serai_state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.serai_state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.serai_state.action_to_string(action)

    def is_terminal(self) -> bool:
        return self.serai_state.is_terminal()

    def returns(self) -> list[float]:
        return self.serai_state.returns()

    def __str__(self) -> str:
        return self.serai_state.render()


class SpielObserver:
    """OpenSpiel's observer protocol over :meth:`serai.State.observation` and ``view``."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor[:] = state.serai_state.observation(player)

    def string_from(self, state: SpielState, player: int) -> str:
        return json.dumps(state.serai_state.view(player), sort_keys=True)


def register(name: str) -> str:
    """Register the serai game ``name`` with OpenSpiel; returns its OpenSpiel name."""
    info = game_info(name)
    short_name = PREFIX + info.name
    if short_name not in pyspiel.registered_names():
        game_class = type(f"Spiel_{info.name}", (SpielGame,), {"info": info})
        pyspiel.register_game(game_type(info), game_class)
    return short_name


def register_all() -> list[str]:
    """Register every serai game; returns their OpenSpiel names."""
    return [register(name) for name in list_games()]
