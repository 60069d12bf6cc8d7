"""Five Tribes (Bruno Cathala).

The rules for players: ``docs/rules/five_tribes.md``; in the terminal:
``serai rules five_tribes``.
"""

from serai.games.five_tribes.actions import Action, decode, parse_action
from serai.games.five_tribes.rules import INFO, FiveTribes, FiveTribesState

__all__ = ["INFO", "Action", "FiveTribes", "FiveTribesState", "decode", "parse_action"]
