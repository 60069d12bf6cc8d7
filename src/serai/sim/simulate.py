"""Batch simulation: many seeded games between random bots, and their statistics.

Every game is reproducible on its own. Game ``index`` of a simulation with ``seed`` uses
the game seed ``game_seed(seed, index)`` for chance, and seat ``s`` is a
:class:`~serai.bots.RandomBot` seeded with ``bot_seed(game seed, s)``. The ``serai play``
command derives its bots' seeds the same way, so ``serai play <game> --seats random,…
--seed <game seed>`` replays one simulated game move for move.

>>> from serai import load_game
>>> result = simulate(load_game("through_the_desert", players=3), games=4, seed=1)
>>> len(result.results), result.summary.games
(4, 4)
>>> round(sum(result.summary.win_share), 6)
1.0
"""

from __future__ import annotations

import functools
import hashlib
import multiprocessing
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from serai.bots import RandomBot
from serai.engine import Game, GameError, OptionValue, load_game, sample_chance


def derive_seed(*parts: object) -> int:
    """A 48-bit seed from ``parts``, the same on every machine and in every process.

    (Python's ``hash`` of a string changes between processes, so it cannot be used.)

    >>> derive_seed("game", 1, 0) == derive_seed("game", 1, 0) != derive_seed("game", 1, 1)
    True
    """
    digest = hashlib.sha256(":".join(str(part) for part in parts).encode()).digest()
    return int.from_bytes(digest[:6], "big")


def game_seed(seed: int, index: int) -> int:
    """The chance seed of game ``index`` of a simulation started with ``seed``."""
    return derive_seed("game", seed, index)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game whose chance seed is ``seed``."""
    return derive_seed("bot", seed, seat)


@dataclass(frozen=True)
class GameResult:
    """The outcome of one simulated game."""

    index: int
    seed: int
    scores: tuple[int, ...]
    returns: tuple[float, ...]
    length: int
    """Every action, chance outcomes included."""
    decisions: int
    """The actions chosen by players."""


@dataclass(frozen=True)
class Stats:
    """Mean, median, minimum and maximum of a sample."""

    mean: float
    median: float
    min: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Stats:
        """The statistics of a non-empty sample."""
        return cls(
            mean=statistics.fmean(values),
            median=float(statistics.median(values)),
            min=float(min(values)),
            max=float(max(values)),
        )


@dataclass(frozen=True)
class Summary:
    """Per-seat results and game lengths over a batch of games."""

    games: int
    win_share: tuple[float, ...]
    """Per seat the returns summed over the games, divided by the number of games."""
    scores: tuple[Stats, ...]
    length: Stats
    decisions: Stats


@dataclass(frozen=True)
class Simulation:
    """A finished batch: what was played and how it went."""

    game: str
    version: str
    params: dict[str, OptionValue]
    """Every option of the game, ``players`` included."""
    seed: int
    results: tuple[GameResult, ...]
    summary: Summary

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the raw per-game results and the summary."""
        return {
            "game": self.game,
            "version": self.version,
            "options": dict(self.params),
            "seed": self.seed,
            "seeding": "game i: chance seed game_seed(seed, i); seat s: bot_seed(that, s)",
            "results": [asdict(result) for result in self.results],
            "summary": asdict(self.summary),
        }


def play_random_game(game: Game, seed: int, index: int = 0) -> GameResult:
    """Play one game of random bots with chance seed ``seed`` (the fast, unchecked path).

    The moves are exactly those of ``serai.play(game, [RandomBot(bot_seed(seed, s)) …],
    seed=seed)``: the same generators are drawn in the same order.
    """
    rng = random.Random(seed)
    bots = [RandomBot(bot_seed(seed, seat)) for seat in range(game.num_players)]
    state = game.new_initial_state()
    limit = game.max_game_length()
    length = decisions = 0
    while not state.is_terminal():
        if length >= limit:
            raise GameError(f"{game.info.name} exceeded its maximum length {limit}")
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = bots[state.current_player()].act(state)
            decisions += 1
        state.apply_unchecked(action)
        length += 1
    return GameResult(
        index=index,
        seed=seed,
        scores=tuple(state.scores()),
        returns=tuple(state.returns()),
        length=length,
        decisions=decisions,
    )


def summarise(results: Sequence[GameResult], players: int) -> Summary:
    """Win shares, score and length statistics of a non-empty batch of games."""
    if not results:
        raise GameError("cannot summarise zero games")
    games = len(results)
    return Summary(
        games=games,
        win_share=tuple(sum(r.returns[seat] for r in results) / games for seat in range(players)),
        scores=tuple(Stats.of([r.scores[seat] for r in results]) for seat in range(players)),
        length=Stats.of([r.length for r in results]),
        decisions=Stats.of([r.decisions for r in results]),
    )


@functools.lru_cache(maxsize=8)
def _cached_game(name: str, params: tuple[tuple[str, OptionValue], ...]) -> Game:
    return load_game(name, **dict(params))


def _play_task(task: tuple[str, tuple[tuple[str, OptionValue], ...], int, int]) -> GameResult:
    """One game in a worker process: (game name, params, simulation seed, index)."""
    name, params, seed, index = task
    return play_random_game(_cached_game(name, params), game_seed(seed, index), index)


def simulate(
    game: Game,
    games: int = 100,
    seed: int = 0,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> Simulation:
    """Play ``games`` games of ``game`` with random bots in every seat.

    With ``workers`` > 1 the games run in that many processes, each of which loads the
    game by name and options; the results do not depend on ``workers``. ``on_result`` is
    called once per finished game (for progress bars), in the order games finish.
    """
    if games < 1:
        raise GameError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise GameError(f"the number of workers must be at least 1, not {workers}")

    def finished(results: Iterator[GameResult]) -> list[GameResult]:
        collected = []
        for result in results:
            collected.append(result)
            if on_result is not None:
                on_result(result)
        return sorted(collected, key=lambda r: r.index)

    if workers == 1:
        results = finished(
            play_random_game(game, game_seed(seed, index), index) for index in range(games)
        )
    else:
        params = tuple(game.params().items())
        tasks = [(game.info.name, params, seed, index) for index in range(games)]
        chunk = max(1, games // (workers * 8))
        with multiprocessing.get_context().Pool(workers) as pool:
            results = finished(pool.imap_unordered(_play_task, tasks, chunksize=chunk))
    return Simulation(
        game=game.info.name,
        version=game.info.version,
        params=game.params(),
        seed=seed,
        results=tuple(results),
        summary=summarise(results, game.num_players),
    )
