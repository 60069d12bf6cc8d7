"""Nomads of Arabia (Kris Gould), spec ``shared/specs/nomads_of_arabia.md``."""

from serai.games.nomads_of_arabia.rules import (
    INFO,
    NomadsOfArabia,
    NomadsOfArabiaState,
)

__all__ = ["INFO", "NomadsOfArabia", "NomadsOfArabiaState"]
