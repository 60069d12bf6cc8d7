"""Nomads of Arabia (Kris Gould).

The rules for players: ``docs/rules/nomads_of_arabia.md``; in the terminal:
``serai rules nomads_of_arabia``.
"""

from serai.games.nomads_of_arabia.rules import (
    INFO,
    NomadsOfArabia,
    NomadsOfArabiaState,
)

__all__ = ["INFO", "NomadsOfArabia", "NomadsOfArabiaState"]
