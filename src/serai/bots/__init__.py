"""Agents that play any game through the engine contract."""

from serai.bots.random_bot import RandomBot

__all__ = ["RandomBot"]
