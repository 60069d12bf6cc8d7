"""Five Tribes (Bruno Cathala).

The rules for players: ``docs/rules/five_tribes.md``; in the terminal:
``serai rules five_tribes``.
"""

from serai.games.five_tribes.actions import parse_action
from serai.games.five_tribes.rules import INFO, FiveTribes, FiveTribesState

__all__ = ["INFO", "FiveTribes", "FiveTribesState", "parse_action"]
