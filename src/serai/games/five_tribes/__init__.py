"""Five Tribes (Bruno Cathala), spec ``shared/specs/five_tribes.md``."""

from serai.games.five_tribes.actions import parse_action
from serai.games.five_tribes.rules import INFO, FiveTribes, FiveTribesState

__all__ = ["INFO", "FiveTribes", "FiveTribesState", "parse_action"]
