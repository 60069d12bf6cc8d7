"""Through the Desert (Reiner Knizia).

The rules for players: ``docs/rules/through_the_desert.md``; in the terminal:
``serai rules through_the_desert``.
"""

from serai.games.through_the_desert.actions import decode, parse_action
from serai.games.through_the_desert.rules import INFO, ThroughTheDesert, ThroughTheDesertState

__all__ = ["INFO", "ThroughTheDesert", "ThroughTheDesertState", "decode", "parse_action"]
