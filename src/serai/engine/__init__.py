"""The game-agnostic kernel: contract, registry, chance sampling, records."""

from serai.engine.core import (
    CHANCE,
    TERMINAL,
    ActionId,
    Game,
    GameInfo,
    Option,
    OptionValue,
    Seat,
    State,
    places,
)
from serai.engine.errors import GameError, IllegalActionError
from serai.engine.record import Agent, GameRecord, play, replay, sample_chance
from serai.engine.registry import game_info, list_games, load_game, load_position, register

__all__ = [
    "CHANCE",
    "TERMINAL",
    "ActionId",
    "Agent",
    "Game",
    "GameError",
    "GameInfo",
    "GameRecord",
    "IllegalActionError",
    "Option",
    "OptionValue",
    "Seat",
    "State",
    "game_info",
    "list_games",
    "load_game",
    "load_position",
    "places",
    "play",
    "register",
    "replay",
    "sample_chance",
]
