"""Batch simulation and benchmarks; games are reached only through the registry."""

from serai.sim.bench import BenchResult, bench
from serai.sim.simulate import (
    GameResult,
    Simulation,
    Stats,
    Summary,
    bot_seed,
    game_seed,
    play_random_game,
    simulate,
)

__all__ = [
    "BenchResult",
    "GameResult",
    "Simulation",
    "Stats",
    "Summary",
    "bench",
    "bot_seed",
    "game_seed",
    "play_random_game",
    "simulate",
]
