"""Through the Desert (Reiner Knizia), spec ``shared/specs/through_the_desert.md``."""

from serai.games.through_the_desert.rules import (
    INFO,
    ThroughTheDesert,
    ThroughTheDesertState,
    parse_action,
)

__all__ = ["INFO", "ThroughTheDesert", "ThroughTheDesertState", "parse_action"]
