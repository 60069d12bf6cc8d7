"""Bot against bot: seat-rotated matches and their win rates.

A pairing plays ``games`` games of a *challenger* against an *opponent*. Game ``i`` seats
the challenger at ``i mod players`` and the opponent's kind in every other seat, so each
seat is played by the challenger equally often. In each game the challenger is compared
with every opponent seat: it **beats** that seat when it finished ahead (larger returns,
or equal returns and more points), and scores half a win when they finished level. The
win rate is the mean of these comparisons, so 50% means equal strength at any player
count.

Bots are named as ``--seats`` names them (``greedy``, ``mcts:hard``); chance and every bot
are seeded from the pairing's seed, so a pairing with iteration budgets is reproducible.

>>> from serai import load_game
>>> result = pairing(load_game("through_the_desert", players=2), "greedy", "random", games=4)
>>> result.games, 0.0 <= result.win_rate <= 1.0
(4, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from serai.engine import Game, GameError, State, sample_chance
from serai.sim.batch import Runner
from serai.sim.simulate import (
    Params,
    as_runner,
    bot_seed,
    cached_game,
    check_bots,
    derive_seed,
    make_named_bot,
    params_of,
)
from serai.sim.stats import wilson_margin

R = TypeVar("R")


@dataclass(frozen=True)
class MatchResult:
    """One game of a pairing."""

    index: int
    challenger_seat: int
    beaten: float
    """Opponent seats the challenger beat (ties count half)."""
    compared: int
    """Opponent seats compared: players - 1."""
    thinking: float
    """Seconds the challenger spent choosing, summed over the game."""
    decisions: int
    """Decisions the challenger made."""


@dataclass(frozen=True)
class PairingResult:
    """The outcome of a pairing."""

    game: str
    players: int
    challenger: str
    opponent: str
    games: int
    win_rate: float
    margin: float
    """Half the width of the 95% Wilson interval of ``win_rate``, over games."""
    seconds_per_decision: float
    """The challenger's mean thinking time per decision."""


def finished_ahead(state: State, seat: int, other: int) -> float:
    """1 if ``seat`` finished ahead of ``other``, 0.5 if level, else 0."""
    returns, scores = state.returns(), state.scores()
    mine, theirs = (returns[seat], scores[seat]), (returns[other], scores[other])
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def play_seated(
    game: Game, bots: Sequence[str], chance_seed: int
) -> tuple[State, list[float], list[int]]:
    """Play one game with ``bots[seat]`` in each seat, chance and every bot seeded from
    ``chance_seed``: the final state, and each seat's thinking seconds and decisions."""
    players = [make_named_bot(name, bot_seed(chance_seed, seat)) for seat, name in enumerate(bots)]
    rng = random.Random(chance_seed)
    state = game.new_initial_state()
    thinking = [0.0] * len(bots)
    decisions = [0] * len(bots)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_unchecked(sample_chance(state, rng))
            continue
        seat = state.current_player()
        started = time.perf_counter()
        action = players[seat].act(state)
        thinking[seat] += time.perf_counter() - started
        decisions[seat] += 1
        state.apply_action(action)
    return state, thinking, decisions


def play_match(game: Game, challenger: str, opponent: str, seed: int, index: int) -> MatchResult:
    """Game ``index`` of the pairing with ``seed``: chance and bots seeded from both."""
    n = game.num_players
    seat_of_challenger = index % n
    bots = [challenger if seat == seat_of_challenger else opponent for seat in range(n)]
    state, thinking, decisions = play_seated(game, bots, derive_seed("arena", seed, index))
    others = [seat for seat in range(n) if seat != seat_of_challenger]
    return MatchResult(
        index=index,
        challenger_seat=seat_of_challenger,
        beaten=sum(finished_ahead(state, seat_of_challenger, other) for other in others),
        compared=len(others),
        thinking=thinking[seat_of_challenger],
        decisions=decisions[seat_of_challenger],
    )


def tagged(callback: Callable[[str, R], None], label: str) -> Callable[[R], None]:
    """``callback`` with its first argument fixed to ``label`` (which pairing a game is of)."""
    return lambda result: callback(label, result)


@dataclass(frozen=True)
class PairingGames:
    """The games of a pairing as a batch (:mod:`serai.sim.batch`)."""

    name: str
    params: Params
    challenger: str
    opponent: str
    seed: int

    def play(self, index: int) -> MatchResult:
        game = cached_game(self.name, self.params)
        return play_match(game, self.challenger, self.opponent, self.seed, index)


def pairing(
    game: Game,
    challenger: str,
    opponent: str,
    games: int = 100,
    seed: int = 0,
    workers: int | Runner = 1,
    on_result: Callable[[MatchResult], None] | None = None,
) -> PairingResult:
    """Play ``games`` seat-rotated games of ``challenger`` against ``opponent``.

    ``workers`` is a number of local processes or a :class:`~serai.sim.batch.Runner`.
    """
    if games < 1:
        raise GameError(f"the number of games must be at least 1, not {games}")
    check_bots((challenger, opponent))
    batch = PairingGames(game.info.name, params_of(game), challenger, opponent, seed)
    return summarise(game, challenger, opponent, as_runner(workers).run(batch, games, on_result))


def summarise(
    game: Game, challenger: str, opponent: str, results: Sequence[MatchResult]
) -> PairingResult:
    """The pairing whose games were ``results``."""
    games = len(results)
    win_rate = sum(r.beaten / r.compared for r in results) / games
    decisions = sum(r.decisions for r in results)
    return PairingResult(
        game=game.info.name,
        players=game.num_players,
        challenger=challenger,
        opponent=opponent,
        games=games,
        win_rate=win_rate,
        margin=wilson_margin(win_rate, games),
        seconds_per_decision=sum(r.thinking for r in results) / decisions if decisions else 0.0,
    )
