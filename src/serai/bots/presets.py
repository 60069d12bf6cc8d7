"""Bots by name and difficulty, as ``--seats`` and the web tables name them.

=========  =================================================================
``random``  uniform among the legal actions
``greedy``  one ply of lookahead on the game's :meth:`~serai.State.estimate`
``mcts``    information-set MCTS; difficulty ``easy``, ``medium`` (default)
            or ``hard`` sets its budget per decision, below; a number
            (``mcts:250``) sets a budget of that many iterations
=========  =================================================================

A decision with one legal action is played at once by every bot.
"""

from __future__ import annotations

from serai.bots.greedy import GreedyBot
from serai.bots.mcts import Budget, MCTSBot
from serai.bots.random_bot import RandomBot
from serai.engine import Agent, GameError

DIFFICULTIES: dict[str, Budget] = {
    "easy": Budget(iterations=100, seconds=0.5),
    "medium": Budget(iterations=400, seconds=1.5),
    "hard": Budget(iterations=1600, seconds=2.5),
}
"""MCTS budgets: whichever of iterations and seconds runs out first ends the search."""

DEFAULT_DIFFICULTY = "medium"

BOT_KINDS = ("random", "greedy", "mcts")


MOST_ITERATIONS = 1_000_000
"""The most iterations an ``mcts:N`` bot may be given: minutes a move on this machine's
kind, and a seat named in a file cannot ask for a search that never ends."""


def make_bot(kind: str, difficulty: str | None = None, seed: int | None = None) -> Agent:
    """The bot ``kind`` (``"mcts"`` with a ``difficulty``), seeded with ``seed``.

    >>> make_bot("mcts", "hard", seed=1).budget
    Budget(iterations=1600, seconds=2.5)
    >>> make_bot("mcts", "250").budget
    Budget(iterations=250, seconds=None)
    >>> make_bot("greedy", "hard")
    Traceback (most recent call last):
    ...
    serai.engine.errors.GameError: greedy takes no difficulty (got 'hard')
    """
    if kind not in BOT_KINDS:
        raise GameError(f"unknown bot {kind!r}; known bots: {', '.join(BOT_KINDS)}")
    if kind != "mcts":
        if difficulty is not None:
            raise GameError(f"{kind} takes no difficulty (got {difficulty!r})")
        return RandomBot(seed) if kind == "random" else GreedyBot(seed)
    level = DEFAULT_DIFFICULTY if difficulty is None else difficulty
    if level.isascii() and level.isdecimal():
        if len(level) > len(str(MOST_ITERATIONS)) or not 1 <= int(level) <= MOST_ITERATIONS:
            raise GameError(f"mcts takes 1 to {MOST_ITERATIONS:,} iterations, not {level:.20}")
        return MCTSBot(Budget(iterations=int(level)), seed=seed, name=f"mcts:{level}")
    if level not in DIFFICULTIES:
        raise GameError(
            f"unknown difficulty {level!r}; choose one of {', '.join(DIFFICULTIES)} "
            "or a number of iterations"
        )
    return MCTSBot(DIFFICULTIES[level], seed=seed, name=f"mcts:{level}")
