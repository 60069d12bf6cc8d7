"""In the Realm of the Desert Sons (Klaus Teuber).

The rules for players: ``docs/rules/desert_sons.md``; in the terminal:
``serai rules desert_sons``.
"""

from serai.games.desert_sons.actions import parse_action
from serai.games.desert_sons.rules import INFO, DesertSons, DesertSonsState

__all__ = ["INFO", "DesertSons", "DesertSonsState", "parse_action"]
