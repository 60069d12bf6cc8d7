"""Games by name, with their options validated.

>>> import serai
>>> "through_the_desert" in serai.list_games()
True
>>> serai.load_game("through_the_desert", players=7)
Traceback (most recent call last):
...
serai.engine.errors.GameError: through_the_desert takes 2 to 5 players, not 7
"""

from __future__ import annotations

import importlib
from typing import Any

from serai.engine.core import Game, GameInfo, OptionValue, State
from serai.engine.errors import GameError, quoted
from serai.engine.position import PositionReader, whole_number

_GAMES: dict[str, type[Game]] = {}

# Game packages, imported on first use so that `import serai` stays light.
_GAME_MODULES = {
    "desert_sons": "serai.games.desert_sons",
    "five_tribes": "serai.games.five_tribes",
    "nomads_of_arabia": "serai.games.nomads_of_arabia",
    "through_the_desert": "serai.games.through_the_desert",
}


def register(game_class: type[Game]) -> type[Game]:
    """Class decorator: make ``game_class`` loadable by its ``info.name``."""
    _GAMES[game_class.info.name] = game_class
    return game_class


def _game_class(name: str) -> type[Game]:
    if not isinstance(name, str):
        raise GameError(f"a game is named by text (see list_games()), not {quoted(name)}")
    if name not in _GAMES and name in _GAME_MODULES:
        importlib.import_module(_GAME_MODULES[name])
    if name not in _GAMES:
        raise GameError(f"unknown game {quoted(name)}; known games: {', '.join(list_games())}")
    return _GAMES[name]


def list_games() -> list[str]:
    """The names of every game, sorted."""
    return sorted(set(_GAMES) | set(_GAME_MODULES))


def game_info(name: str) -> GameInfo:
    """The static facts of game ``name``."""
    return _game_class(name).info


BOOLEAN_WORDS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def _coerce(value: Any, choices: tuple[OptionValue, ...]) -> Any:
    """Accept ``"3"`` for ``3`` and ``"true"`` for ``True``, so command lines and URLs can
    pass options as text."""
    if isinstance(value, str) and all(isinstance(c, bool) for c in choices):
        return BOOLEAN_WORDS.get(value.strip().lower(), value)
    if isinstance(value, str) and all(isinstance(c, int) for c in choices):
        number = whole_number(value)
        return value if number is None else number
    return value


def load_game(name: str, /, players: int | str | None = None, **options: Any) -> Game:
    """The game ``name`` with ``players`` seats and ``options``, all validated."""
    cls = _game_class(name)
    info = cls.info
    if players is None:
        players = info.default_players
    if isinstance(players, str):
        number = whole_number(players)
        if number is None:
            raise GameError(f"players must be a whole number, not {quoted(players)}")
        players = number
    if isinstance(players, bool) or not isinstance(players, int):
        raise GameError(f"players must be a whole number, not {quoted(players)}")
    if not info.min_players <= players <= info.max_players:
        raise GameError(
            f"{name} takes {info.min_players} to {info.max_players} players, not {players}"
        )
    known = {option.name: option for option in info.options}
    for key in options:
        if key not in known:
            names = ", ".join(["players", *known]) or "players"
            raise GameError(f"unknown option {quoted(key)} for {name}; known options: {names}")
    chosen: dict[str, OptionValue] = {}
    for option in info.options:
        value = _coerce(options.get(option.name, option.default), option.choices)
        if not option.allows(value):
            raise GameError(
                f"option {option.name}={quoted(value)} for {name}: allowed {option.describe()}"
            )
        chosen[option.name] = value
    return cls(players, chosen)


def load_position(name: str, text: str) -> State:
    """The state of game ``name`` written as ``text`` (its players and options come from
    the position's header; see :mod:`serai.engine.position`)."""
    players, options = PositionReader(name, text).header(game_info(name))
    return load_game(name, players, **options).from_position(text)
