"""Agents that play any game through the engine contract."""

from serai.bots.greedy import GreedyBot
from serai.bots.mcts import Budget, MCTSBot
from serai.bots.presets import BOT_KINDS, DIFFICULTIES, make_bot
from serai.bots.random_bot import RandomBot

__all__ = ["BOT_KINDS", "DIFFICULTIES", "Budget", "GreedyBot", "MCTSBot", "RandomBot", "make_bot"]
