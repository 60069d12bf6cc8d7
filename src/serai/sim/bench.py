"""``serai bench``: how fast a game's engine is, measured honestly and repeatably.

Every run plays the same seeded games and times the same positions; each figure is the
median over the runs. When OpenSpiel is installed, each run also plays random games of its
C++ backgammon by the same method, and the ratio of the two playout speeds in that run is
what compares across machines (``backgammon_ratio``).

>>> from serai import load_game
>>> result = bench(load_game("through_the_desert", players=2), runs=1, seconds=0.05)
>>> result.games_per_second > 0 and result.clone_us > 0 and result.state_bytes > 0
True
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from operator import methodcaller
from typing import Any

from serai.bots import Budget, MCTSBot
from serai.engine import ActionId, Game, GameError, OptionValue, State, sample_chance

POSITIONS = 16
"""How many mid-game positions the per-call timings and the memory figure use."""


@dataclass(frozen=True)
class BenchResult:
    """The figures of ``serai bench``, each the median over ``runs`` runs."""

    game: str
    version: str
    params: dict[str, OptionValue]
    runs: int
    seconds: float
    """The playout time budget of each run."""
    actions_per_second: float
    """Random-playout actions (chance outcomes included) per second."""
    games_per_second: float
    clone_us: float
    """One ``clone()`` of a mid-game position, in microseconds."""
    legal_actions_us: float
    """One ``legal_actions()`` call on a mid-game position, in microseconds."""
    state_bytes: int
    """Memory held by one mid-game state (tracemalloc), shared static tables excluded."""
    mcts_iterations_per_second: float
    """Iterations per second of :class:`~serai.bots.MCTSBot` (default settings, a time
    budget) searching the mid-game positions."""
    positions: int
    """How many mid-game positions the per-call timings and the memory figure use."""
    backgammon_ratio: float | None = None
    """Playout actions/s over those of OpenSpiel's C++ backgammon played by the same method
    in the same run (``None`` without OpenSpiel): the figure comparable across machines."""
    backgammon_actions_per_second: float | None = None
    """Random-playout actions/s of OpenSpiel's backgammon (``None`` without OpenSpiel)."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every field."""
        return asdict(self)


def random_playout(state: State, rng: random.Random) -> int:
    """Play ``state`` to the end with uniform choices and sampled chance; the action count."""
    return _playout(state, rng, state.apply_unchecked)


def _playout(state: Any, rng: random.Random, apply: Callable[[ActionId], object]) -> int:
    """:func:`random_playout` for any state with OpenSpiel's methods, applying by ``apply``."""
    count = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        apply(action)
        count += 1
    return count


def playout_rate(game: Game, seconds: float) -> tuple[float, float]:
    """Actions/s and games/s of random playouts seeded 0, 1, 2, … for ``seconds`` (≥ 1 game)."""
    return _playout_rate(game.new_initial_state, seconds, "apply_unchecked")


def _playout_rate(new_state: Callable[[], Any], seconds: float, apply: str) -> tuple[float, float]:
    games = actions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        state = new_state()
        actions += _playout(state, random.Random(games), getattr(state, apply))
        games += 1
        elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed


def backgammon_rate(seconds: float) -> float | None:
    """Actions/s of random playouts of OpenSpiel's C++ backgammon, driven from Python by the
    same loop and seeds as :func:`playout_rate`; ``None`` if OpenSpiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    backgammon = pyspiel.load_game("backgammon")
    return _playout_rate(backgammon.new_initial_state, seconds, "apply_action")[0]


def _rebuild(game: Game, actions: Sequence[ActionId]) -> State:
    state = game.new_initial_state()
    for action in actions:
        state.apply_unchecked(action)
    return state


def mid_game_histories(game: Game, count: int = POSITIONS) -> list[list[ActionId]]:
    """Action histories of ``count`` positions halfway through seeded random games.

    Each stops at the first decision (not a chance node) from the middle of its game on.
    """
    histories = []
    for seed in range(count):
        full = game.new_initial_state()
        random_playout(full, random.Random(seed))
        actions = full.history()
        cut = len(actions) // 2
        state = _rebuild(game, actions[:cut])
        while state.is_chance_node():
            state.apply_unchecked(actions[cut])
            cut += 1
        if not state.is_terminal():
            histories.append(actions[:cut])
    if not histories:
        raise GameError(f"{game.info.name}: random games gave no mid-game decision to time")
    return histories


def time_per_call(
    call: Callable[[State], object], states: Sequence[State], seconds: float
) -> float:
    """Microseconds per ``call(state)``, cycling through ``states`` for ``seconds`` (≥ 1 pass)."""
    calls = 0
    start = time.perf_counter()
    elapsed = 0.0
    while calls == 0 or elapsed < seconds:
        for state in states:
            call(state)
        calls += len(states)
        elapsed = time.perf_counter() - start
    return elapsed / calls * 1e6


def state_bytes(game: Game, history: Sequence[ActionId]) -> int:
    """Bytes still allocated after building the position ``history`` leads to.

    The position is built once beforehand so that static tables and caches the game fills
    on first use are not counted: what remains is the memory of the state itself.
    """
    _rebuild(game, history)
    tracemalloc.start()
    try:
        state = _rebuild(game, history)
        size, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del state
    return size


def mcts_rate(states: Sequence[State], seconds: float) -> float:
    """Iterations per second of :class:`~serai.bots.MCTSBot` searching ``states`` in turn."""
    iterations = 0
    start = time.perf_counter()
    share = seconds / len(states)
    for index, state in enumerate(states):
        bot = MCTSBot(Budget(seconds=share), seed=index)
        bot.act(state)
        iterations += bot.last_iterations
    return iterations / (time.perf_counter() - start)


def bench(game: Game, runs: int = 5, seconds: float = 1.0) -> BenchResult:
    """Benchmark ``game``: ``runs`` runs of ``seconds`` of playouts plus per-call timings.

    The clone and legal-action timings and the MCTS search of a run each take a quarter
    of ``seconds``.
    """
    if runs < 1:
        raise GameError(f"the number of runs must be at least 1, not {runs}")
    if seconds <= 0:
        raise GameError(f"the time budget must be positive, not {seconds}")
    histories = mid_game_histories(game)
    states = [_rebuild(game, history) for history in histories]
    figures: dict[str, list[float]] = {
        "actions": [],
        "games": [],
        "clone": [],
        "legal": [],
        "bytes": [],
        "mcts": [],
        "backgammon": [],
        "ratio": [],
    }
    for _ in range(runs):
        actions_per_second, games_per_second = playout_rate(game, seconds)
        figures["actions"].append(actions_per_second)
        figures["games"].append(games_per_second)
        backgammon = backgammon_rate(seconds)
        if backgammon is not None:
            figures["backgammon"].append(backgammon)
            figures["ratio"].append(actions_per_second / backgammon)
        figures["clone"].append(time_per_call(methodcaller("clone"), states, seconds / 4))
        figures["legal"].append(time_per_call(methodcaller("legal_actions"), states, seconds / 4))
        figures["bytes"].append(statistics.median(state_bytes(game, h) for h in histories))
        choices = [state for state in states if len(state.legal_actions()) > 1]
        figures["mcts"].append(mcts_rate(choices or states, seconds / 4))

    def median(key: str) -> float:
        return float(statistics.median(figures[key]))

    compared = bool(figures["ratio"])

    return BenchResult(
        game=game.info.name,
        version=game.info.version,
        params=game.params(),
        runs=runs,
        seconds=seconds,
        actions_per_second=median("actions"),
        games_per_second=median("games"),
        clone_us=median("clone"),
        legal_actions_us=median("legal"),
        state_bytes=round(median("bytes")),
        positions=len(histories),
        mcts_iterations_per_second=median("mcts"),
        backgammon_ratio=median("ratio") if compared else None,
        backgammon_actions_per_second=median("backgammon") if compared else None,
    )
