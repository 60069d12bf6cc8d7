"""serai: four desert board games with faithful rules engines, bots and research APIs.

>>> import serai
>>> game = serai.load_game("through_the_desert", players=3)
>>> record = serai.play(game, [serai.bots.RandomBot(seed=s) for s in range(3)], seed=7)
>>> serai.replay(record).is_terminal()
True
"""

from serai import bots
from serai.engine import (
    CHANCE,
    TERMINAL,
    ActionId,
    Agent,
    Game,
    GameError,
    GameInfo,
    GameRecord,
    IllegalActionError,
    Option,
    Seat,
    State,
    game_info,
    list_games,
    load_game,
    load_position,
    play,
    replay,
    sample_chance,
)

__version__ = "0.1.0"

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
    "Seat",
    "State",
    "bots",
    "game_info",
    "list_games",
    "load_game",
    "load_position",
    "play",
    "replay",
    "sample_chance",
]
