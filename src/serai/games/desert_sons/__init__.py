"""In the Realm of the Desert Sons (Klaus Teuber), spec ``shared/specs/desert_sons.md``."""

from serai.games.desert_sons.rules import (
    INFO,
    DesertSons,
    DesertSonsState,
    parse_action,
)

__all__ = ["INFO", "DesertSons", "DesertSonsState", "parse_action"]
