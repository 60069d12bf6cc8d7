"""The bots of every game: legal, reproducible, within budget, blind to hidden values."""

from __future__ import annotations

import itertools
import random
from typing import NamedTuple

import pytest

import serai
from serai.bots import Budget, GreedyBot, MCTSBot, RandomBot, make_bot
from serai.bots.greedy import margin
from serai.bots.mcts import HURRIED_ITERATIONS, leaf_values
from serai.engine.observe import ObservationLayout, Piece
from serai.sim.arena import finished_ahead, pairing, play_match

GAMES = serai.list_games()


def fewest(name: str) -> int:
    """The smallest player count of game ``name``."""
    return serai.game_info(name).min_players


def position(name: str, players: int, decisions: int, seed: int = 5) -> serai.State:
    """A mid-game state reached by random play: ``decisions`` player decisions in."""
    state = serai.load_game(name, players=players).new_initial_state()
    rng = random.Random(seed)
    made = 0
    while not state.is_terminal() and made < decisions:
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    while state.is_chance_node():
        state.apply_action(serai.sample_chance(state, rng))
    return state


def choice_position(name: str, players: int, seed: int = 5) -> serai.State:
    """A mid-game state where the player to act has more than one choice."""
    for decisions in range(20, 200):
        state = position(name, players, decisions, seed)
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            return state
    raise AssertionError(f"{name}: no decision with a choice found")


def test_margin_is_the_lead_over_the_best_rival() -> None:
    assert margin([10.0, 4.0, 7.0], 0) == 3.0
    assert margin([10.0, 4.0, 7.0], 1) == -6.0


def one_ply_leads(state: serai.State) -> dict[int, float]:
    """Each action's lead for the seat to move, in the world a bot seeded 1 draws first."""
    seat = state.current_player()
    leads = {}
    for action in state.legal_actions():
        child = state.resample_hidden(seat, random.Random(1))
        child.apply_action(action)
        leads[action] = margin(child.estimate(), seat)
    return leads


@pytest.mark.parametrize("name", GAMES)
def test_greedy_plays_the_action_with_the_largest_lead(name: str) -> None:
    state = choice_position(name, fewest(name))
    leads = one_ply_leads(state)
    chosen = GreedyBot(seed=1).act(state)
    assert leads[chosen] == max(leads.values())


@pytest.mark.parametrize("name", GAMES)
def test_mcts_starts_from_the_greedy_ranking(name: str) -> None:
    """With one iteration the seeded root alone decides: a move greedy would rank first."""
    state = choice_position(name, fewest(name))
    leads = one_ply_leads(state)
    bot = MCTSBot(Budget(iterations=1), seed=1)
    assert leads[bot.act(state)] == max(leads.values())


@pytest.mark.parametrize("name", GAMES)
def test_greedy_beats_random(name: str) -> None:
    game = serai.load_game(name, players=fewest(name))
    result = pairing(game, "greedy", "random", games=10, seed=1)
    assert result.win_rate >= 0.7, result


@pytest.mark.parametrize("name", GAMES)
def test_mcts_is_reproducible_with_an_iteration_budget(name: str) -> None:
    state = choice_position(name, 3)
    first = MCTSBot(Budget(iterations=60), seed=4)
    second = MCTSBot(Budget(iterations=60), seed=4)
    assert [first.act(state) for _ in range(3)] == [second.act(state) for _ in range(3)]
    assert first.last_iterations == 60


@pytest.mark.parametrize("name", GAMES)
def test_mcts_decides_on_what_its_seat_knows(name: str) -> None:
    """Two worlds the seat cannot tell apart get the same decision from the same seed."""
    state = choice_position(name, 3)
    seat = state.current_player()
    twin = state.resample_hidden(seat, random.Random(99))
    assert twin.view(seat) == state.view(seat)
    chosen = MCTSBot(Budget(iterations=80), seed=2).act(state)
    assert MCTSBot(Budget(iterations=80), seed=2).act(twin) == chosen
    assert state.is_legal(chosen)


def forced_decision() -> serai.State:
    """A decision with one legal action, from random play of any game."""
    for name in GAMES:
        for seed in range(5):
            state = serai.load_game(name, players=fewest(name)).new_initial_state()
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(serai.sample_chance(state, rng))
                elif len(state.legal_actions()) == 1:
                    return state
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no forced decision in any game")


def test_mcts_plays_a_single_legal_action_at_once() -> None:
    state = forced_decision()
    bot = MCTSBot(Budget(seconds=5.0), seed=1)
    assert bot.act(state) == state.legal_actions()[0]
    assert bot.last_iterations == 0


def test_mcts_respects_its_time_budget() -> None:
    state = choice_position("through_the_desert", 3)
    ticks = itertools.count()
    # a clock that moves a hundredth of a second each time the bot reads it
    bot = MCTSBot(Budget(seconds=0.2), seed=1, clock=lambda: next(ticks) / 100)
    bot.act(state)
    # read once for the deadline, then once before each iteration: 19 iterations in 0.2 s
    assert bot.last_iterations == 19


@pytest.mark.parametrize("name", GAMES)
def test_mcts_hurried_answers_after_a_few_iterations_with_what_it_found(name: str) -> None:
    """Asked to hurry, a search stops after HURRIED_ITERATIONS whatever its budget, and
    answers what a bot with that many iterations answers."""
    state = choice_position(name, 3)
    asked: list[int] = []

    def hurried() -> bool:
        asked.append(1)
        return True

    bot = MCTSBot(Budget(iterations=5000), seed=4, hurried=hurried)
    action = bot.act(state)
    assert bot.last_iterations == HURRIED_ITERATIONS and asked
    assert action == MCTSBot(Budget(iterations=HURRIED_ITERATIONS), seed=4).act(state)
    unhurried = MCTSBot(Budget(iterations=40), seed=4, hurried=lambda: False)
    unhurried.act(state)
    assert unhurried.last_iterations == 40


def test_mcts_beats_random() -> None:
    result = pairing(
        serai.load_game("through_the_desert", players=2), "mcts:easy", "random", games=4, seed=2
    )
    assert result.win_rate >= 0.75, result


def test_leaf_values_are_returns_at_the_end_and_leads_before() -> None:
    state = position("through_the_desert", 2, 10_000)
    assert state.is_terminal() and leaf_values(state) == state.returns()
    middle = choice_position("through_the_desert", 2)
    values = leaf_values(middle)
    estimate = middle.estimate()
    assert all(0.0 < v < 1.0 for v in values)
    assert (values[0] > values[1]) == (estimate[0] > estimate[1])


def test_budgets_and_presets_are_checked() -> None:
    with pytest.raises(ValueError, match="needs iterations, seconds or both"):
        Budget()
    with pytest.raises(ValueError, match="at least 1"):
        Budget(iterations=0)
    with pytest.raises(ValueError, match="positive"):
        Budget(seconds=0)
    with pytest.raises(serai.GameError, match="known bots: random, greedy, mcts"):
        make_bot("alphazero")
    for iterations in ("0", "1000001", "9" * 5000):  # a seat named in a file: never endless
        with pytest.raises(serai.GameError, match="mcts takes 1 to 1,000,000 iterations"):
            make_bot("mcts", iterations)
    assert isinstance(make_bot("random", seed=1), RandomBot)
    easy, hard = make_bot("mcts", "easy"), make_bot("mcts", "hard")
    assert isinstance(easy, MCTSBot) and isinstance(hard, MCTSBot)
    assert easy.budget.iterations is not None and hard.budget.iterations is not None
    assert easy.budget.iterations < hard.budget.iterations
    assert hard.budget.seconds is not None and hard.budget.seconds < 3


def test_a_match_rotates_the_challenger_and_compares_finishes() -> None:
    game = serai.load_game("through_the_desert", players=3)
    seats = [
        play_match(game, "greedy", "random", seed=0, index=i).challenger_seat for i in range(3)
    ]
    assert seats == [0, 1, 2]
    final = position("through_the_desert", 3, 10_000)
    winner = final.returns().index(max(final.returns()))
    loser = final.scores().index(min(final.scores()))
    assert finished_ahead(final, winner, loser) == 1.0
    assert finished_ahead(final, loser, winner) == 0.0
    assert finished_ahead(final, winner, winner) == 0.5


class ForkGame(serai.Game):
    """A toy game where chance decides who moves next, to check whose values are backed up.

    Seat 0 picks *risky* (0) or *safe* (1). After *risky*, chance hands the move to seat 0
    (60%) or seat 1 (40%), who then picks 0 (seat 0 wins) or 1 (seat 1 wins): each takes
    its own win, so *risky* is worth 60% to seat 0. After *safe*, chance makes seat 0 the
    winner 80% of the time. Seat 0 should play *safe*.
    """

    info = serai.GameInfo("fork", "Fork", "1", 2, 2, 2)

    def num_distinct_actions(self) -> int:
        return 4

    def max_game_length(self) -> int:
        return 3

    def observation_size(self) -> int:
        return 3

    def new_initial_state(self) -> ForkState:
        return ForkState(self, [])

    def from_position(self, text: str) -> ForkState:
        return ForkState(self, [int(move) for move in text.split(",") if move])

    def decode(self, action: int) -> Fork:
        return Fork("pick" if action < 2 else "draw", action)

    def observation_layout(self) -> ObservationLayout:
        return ObservationLayout(Piece("moves", (3,), "each move so far"))


class Fork(NamedTuple):
    kind: str
    value: int


class ForkState(serai.State):
    __slots__ = ("game", "moves")

    def __init__(self, game: serai.Game, moves: list[int]) -> None:
        self.game = game
        self.moves = moves

    def current_player(self) -> int:
        moves = self.moves
        if not moves:
            return 0
        if len(moves) == 1:
            return serai.CHANCE
        if moves[0] == 0 and len(moves) == 2:
            return 0 if moves[1] == 2 else 1
        return serai.TERMINAL

    def legal_actions(self) -> list[int]:
        return [2, 3] if self.is_chance_node() else [] if self.is_terminal() else [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        return [(2, 0.6), (3, 0.4)] if self.moves[0] == 0 else [(2, 0.8), (3, 0.2)]

    def apply_unchecked(self, action: int) -> None:
        self.moves.append(action)

    def action_to_string(self, action: int) -> str:
        return str(action)

    def clone(self) -> ForkState:
        return ForkState(self.game, list(self.moves))

    def history(self) -> list[int]:
        return list(self.moves)

    def position(self) -> str:
        return ",".join(map(str, self.moves))

    def to_json(self) -> dict[str, object]:
        return {"history": self.history()}

    def scores(self) -> list[int]:
        if not self.is_terminal():
            return [0, 0]
        seat_0_won = self.moves[-1] in (0, 2)
        return [1, 0] if seat_0_won else [0, 1]

    def view(self, seat: int | None) -> dict[str, object]:
        return self.to_json()

    def observation(self, seat: int | None) -> list[float]:
        return [float(move) for move in self.moves] + [0.0] * (3 - len(self.moves))

    def resample_hidden(self, seat: int, rng: random.Random) -> ForkState:
        return self.clone()

    def scramble_hidden(self, seat: int | None, rng: random.Random) -> ForkState:
        return self.clone()

    def component_counts(self) -> dict[str, int]:
        return {}


def test_mcts_backs_up_each_value_to_the_seat_that_chose() -> None:
    """In an open-loop tree one node can be reached with different seats to move."""
    state = ForkGame(2, {}).new_initial_state()
    bots = [MCTSBot(Budget(iterations=3000), seed=seed, exploration=0.7) for seed in range(4)]
    assert [bot.act(state) for bot in bots] == [1, 1, 1, 1]
