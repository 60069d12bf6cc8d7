"""Batch simulation: many seeded games between bots (random ones by default), and their
statistics.

Every game is reproducible on its own. Game ``index`` of a simulation with ``seed`` uses
the game seed ``game_seed(seed, index)`` for chance, and the bot in seat ``s`` (named as
``--seats`` names it: ``random``, ``greedy``, ``mcts:easy``) is seeded with
``bot_seed(game seed, s)``. The ``serai play`` command derives its bots' seeds the same
way, so ``serai play <game> --seats random,… --seed <game seed>`` replays one simulated
game move for move. Where the games run (:class:`~serai.sim.batch.Runner`: this process,
worker processes or Ray) changes nothing in them.

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
import random
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from serai.bots import make_bot
from serai.engine import Agent, Game, GameError, OptionValue, load_game, sample_chance
from serai.sim.batch import Runner, TaskFailure

Params = tuple[tuple[str, OptionValue], ...]
"""A game's :meth:`~serai.Game.params` as a hashable, picklable tuple of pairs."""


def params_of(game: Game) -> Params:
    """``game``'s :meth:`~serai.Game.params` as :data:`Params`, in name order."""
    return tuple(sorted(game.params().items()))


def check_bots(names: Iterable[str]) -> None:
    """Refuse an unknown bot name here, before any game is played."""
    for name in names:
        make_named_bot(name, 0)


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
    breakdown: tuple[dict[str, int], ...] = ()
    """Per seat the final :meth:`~serai.State.score_breakdown`, ``total`` included."""


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
    seats: tuple[str, ...] = ()
    """The bot in each seat."""
    retried: tuple[TaskFailure, ...] = ()
    """Tasks that failed and were played again (the results are those of the retries)."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the raw per-game results and the summary."""
        return {
            "game": self.game,
            "version": self.version,
            "options": dict(self.params),
            "seats": list(self.seats),
            "seed": self.seed,
            "seeding": "game i: chance seed game_seed(seed, i); seat s: bot_seed(that, s)",
            "retried": [str(failure) for failure in self.retried],
            "results": [asdict(result) for result in self.results],
            "summary": asdict(self.summary),
        }


def make_named_bot(name: str, seed: int) -> Agent:
    """The bot ``name`` (``kind`` or ``kind:difficulty``) with ``seed``."""
    kind, colon, difficulty = name.partition(":")
    return make_bot(kind, difficulty if colon else None, seed=seed)


def play_game(game: Game, seats: Sequence[str], seed: int, index: int = 0) -> GameResult:
    """Play one game between the bots ``seats`` with chance seed ``seed`` (unchecked path).

    The moves are exactly those of ``serai.play(game, [bot seats[s] seeded bot_seed(seed,
    s) …], seed=seed)``: the same generators are drawn in the same order.
    """
    rng = random.Random(seed)
    bots = [make_named_bot(name, bot_seed(seed, seat)) for seat, name in enumerate(seats)]
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
        breakdown=tuple(state.score_breakdown()),
    )


def play_random_game(game: Game, seed: int, index: int = 0) -> GameResult:
    """:func:`play_game` with a random bot in every seat."""
    return play_game(game, ("random",) * game.num_players, seed, index)


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
def cached_game(name: str, params: Params) -> Game:
    """The game ``name`` with ``params``, loaded once per process (worker processes too)."""
    return load_game(name, **dict(params))


@dataclass(frozen=True)
class SeatedGames:
    """The games of a simulation as a batch (:mod:`serai.sim.batch`): game ``index``."""

    name: str
    params: Params
    seats: tuple[str, ...]
    seed: int

    def play(self, index: int) -> GameResult:
        game = cached_game(self.name, self.params)
        return play_game(game, self.seats, game_seed(self.seed, index), index)


def as_runner(workers: int | Runner) -> Runner:
    """``workers`` local processes as a runner, or the runner given."""
    return workers if isinstance(workers, Runner) else Runner(workers)


def check_seats(game: Game, seats: Sequence[str] | None) -> tuple[str, ...]:
    """One known bot name per seat, or a GameError; one name (default random) fills all."""
    names = tuple(seats or ("random",))
    names = names * game.num_players if len(names) == 1 else names
    if len(names) != game.num_players:
        raise GameError(f"{len(names)} seats given but the game has {game.num_players} players")
    check_bots(dict.fromkeys(names))
    return names


def simulate(
    game: Game,
    games: int = 100,
    seed: int = 0,
    workers: int | Runner = 1,
    on_result: Callable[[GameResult], None] | None = None,
    seats: Sequence[str] | None = None,
) -> Simulation:
    """Play ``games`` games of ``game`` between the bots ``seats`` (default: random ones).

    ``workers`` is a number of local processes or a :class:`~serai.sim.batch.Runner`
    (processes or Ray); each worker loads the game by name and options, and the results do
    not depend on where they ran. ``on_result`` is called once per finished game (for
    progress bars), as the games come back.
    """
    runner = as_runner(workers)
    names = check_seats(game, seats)
    batch = SeatedGames(game.info.name, params_of(game), names, seed)
    failed_before = len(runner.failures)
    results = runner.run(batch, games, on_result)
    return Simulation(
        game=game.info.name,
        version=game.info.version,
        params=game.params(),
        seed=seed,
        results=tuple(results),
        summary=summarise(results, game.num_players),
        seats=names,
        retried=tuple(runner.failures[failed_before:]),
    )
