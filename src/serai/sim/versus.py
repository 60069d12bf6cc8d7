"""``serai bench --bots``: our MCTSBot beside OpenSpiel's, on the same game and clock.

Both bots search the same mid-game positions for the same time per move:

- **Iterations per second.** Ours runs with a time budget and counts its iterations.
  OpenSpiel's Python ``MCTSBot`` (UCT, ``uct_c = 2``, one random rollout to the end per
  iteration, its defaults in OpenSpiel's examples) runs on our game through
  :mod:`serai.adapters.openspiel` with a fixed number of simulations, and is timed.
- **Head to head.** Ours in one seat, rotated game by game, OpenSpiel's in every other,
  each given the same time per move: ours by its time budget, OpenSpiel's by as many
  simulations as it managed in that time above. Ours scores against each rival seat as in
  :mod:`serai.sim.arena` (ties half), so 50% is equal strength at any player count.
  OpenSpiel's search reads the full state it is given, so it gets one world drawn by
  :meth:`~serai.State.resample_hidden` for its seat per move, never the real one.

It needs the research extra (``pip install serai[research]``).
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass
from typing import Any

from serai.bots import Budget, MCTSBot
from serai.engine import Agent, Game, GameError, State, sample_chance
from serai.sim.arena import finished_ahead
from serai.sim.bench import mid_game_histories
from serai.sim.simulate import derive_seed
from serai.sim.stats import wilson_margin

OPENSPIEL_UCT_C = 2.0
OPENSPIEL_CALIBRATION = 50

MIN_SIMULATIONS = 8
"""OpenSpiel's MCTS with a single simulation has no child to choose (``max()`` of an empty
sequence): on a slow or busy machine it gets at least this many."""
"""Simulations OpenSpiel's bot runs per position to measure its rate."""


@dataclass(frozen=True)
class VersusResult:
    """The figures of ``serai bench --bots``."""

    game: str
    players: int
    seconds_per_move: float
    positions: int
    ours_iterations_per_second: float
    openspiel_iterations_per_second: float
    openspiel_simulations_per_move: int
    games: int
    ours_win_rate: float
    """Ours against OpenSpiel's, ties half; over ``games`` seat-rotated games."""
    margin: float
    """Half the width of the 95% Wilson interval of ``ours_win_rate``."""

    @property
    def speedup(self) -> float:
        return self.ours_iterations_per_second / self.openspiel_iterations_per_second

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "speedup": self.speedup}


class OpenSpielSeat:
    """OpenSpiel's Python MCTSBot as a serai agent, searching a resampled world."""

    def __init__(self, game: Game, simulations: int, seed: int) -> None:
        try:
            import numpy as np
            import pyspiel
            from open_spiel.python.algorithms import mcts

            from serai.adapters import openspiel
        except ImportError as error:
            raise GameError(
                "serai bench --bots needs the research extra: pip install 'serai[research]'"
            ) from error
        self.rng = random.Random(seed)
        name = openspiel.register(game.info.name)
        self.spiel_game = pyspiel.load_game(name, {"players": game.num_players, **game.options})
        numpy_rng = np.random.RandomState(seed % 2**32)
        self.bot = mcts.MCTSBot(
            self.spiel_game,
            OPENSPIEL_UCT_C,
            simulations,
            mcts.RandomRolloutEvaluator(1, numpy_rng),
            random_state=numpy_rng,
        )
        self.state_class = openspiel.SpielState

    def act(self, state: State) -> int:
        world = state.resample_hidden(state.current_player(), self.rng)
        return int(self.bot.step(self.state_class(self.spiel_game, world)))


def versus(
    game: Game,
    seconds_per_move: float = 0.5,
    games: int = 50,
    seed: int = 0,
    positions: int = 8,
    simulations: int | None = None,
) -> VersusResult:
    """Measure both bots on ``game`` (see the module docstring).

    With ``simulations``, the head-to-head games give each bot that many iterations per
    move instead of ``seconds_per_move``: the games then do not depend on the machine's
    speed (tests use it).
    """
    if games < 1:
        raise GameError(f"the number of games must be at least 1, not {games}")
    states = []
    for history in mid_game_histories(game, positions):
        state = game.new_initial_state()
        for action in history:
            state.apply_unchecked(action)
        if len(state.legal_actions()) > 1:
            states.append(state)
    if not states:
        raise GameError(f"{game.info.name}: no mid-game position with a choice to search")
    ours = theirs = 0.0
    for index, state in enumerate(states):
        bot = MCTSBot(Budget(seconds=seconds_per_move), seed=index)
        started = time.perf_counter()
        bot.act(state)
        ours += bot.last_iterations / (time.perf_counter() - started)
        seat = OpenSpielSeat(game, OPENSPIEL_CALIBRATION, seed=index)
        started = time.perf_counter()
        seat.act(state)
        theirs += OPENSPIEL_CALIBRATION / (time.perf_counter() - started)
    ours /= len(states)
    theirs /= len(states)
    budget = Budget(seconds=seconds_per_move)
    if simulations is None:
        simulations = max(MIN_SIMULATIONS, round(theirs * seconds_per_move))
    else:
        budget = Budget(iterations=simulations)
    score = 0.0
    for index in range(games):
        chance_seed = derive_seed("versus", seed, index)
        n = game.num_players
        our_seat = index % n
        bots: list[Agent] = [
            MCTSBot(budget, seed=chance_seed)
            if seat == our_seat
            else OpenSpielSeat(game, simulations, seed=derive_seed(chance_seed, seat))
            for seat in range(n)
        ]
        rng = random.Random(chance_seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_unchecked(sample_chance(state, rng))
            else:
                state.apply_action(bots[state.current_player()].act(state))
        rivals = [seat for seat in range(n) if seat != our_seat]
        score += sum(finished_ahead(state, our_seat, rival) for rival in rivals) / len(rivals)
    rate = score / games
    return VersusResult(
        game=game.info.name,
        players=game.num_players,
        seconds_per_move=seconds_per_move,
        positions=len(states),
        ours_iterations_per_second=ours,
        openspiel_iterations_per_second=theirs,
        openspiel_simulations_per_move=simulations,
        games=games,
        ours_win_rate=rate,
        margin=wilson_margin(rate, games),
    )
