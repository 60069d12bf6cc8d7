"""Batch simulation and benchmarks, called directly (``serai.sim``)."""

from __future__ import annotations

import json
import random

import pytest

import serai
from serai.sim import bench, bot_seed, game_seed, play_random_game, simulate
from serai.sim.bench import mid_game_histories, random_playout, state_bytes, time_per_call
from serai.sim.simulate import GameResult, Stats, derive_seed, summarise

GAME = "through_the_desert"


@pytest.fixture(scope="module")
def game() -> serai.Game:
    return serai.load_game(GAME, players=3)


def test_seeds_are_stable_and_distinct() -> None:
    assert derive_seed("game", 1, 0) == derive_seed("game", 1, 0)
    seeds = {game_seed(1, index) for index in range(100)}
    assert len(seeds) == 100
    assert bot_seed(5, 0) != bot_seed(5, 1) != game_seed(5, 1)
    assert all(0 <= seed < 2**48 for seed in seeds)


def test_play_random_game_is_serai_play_with_the_same_seeds(game: serai.Game) -> None:
    result = play_random_game(game, seed=1234, index=7)
    agents = [serai.bots.RandomBot(bot_seed(1234, seat)) for seat in range(3)]
    record = serai.play(game, agents, seed=1234)
    final = serai.replay(record)
    assert result.index == 7 and result.seed == 1234
    assert list(result.scores) == record.scores
    assert list(result.returns) == final.returns()
    assert result.length == len(record)
    assert result.decisions == record.chance.count(False)


def test_simulate_results_and_summary(game: serai.Game) -> None:
    seen: list[int] = []
    result = simulate(game, games=12, seed=3, on_result=lambda r: seen.append(r.index))
    assert sorted(seen) == list(range(12))
    assert [r.index for r in result.results] == list(range(12))
    assert [r.seed for r in result.results] == [game_seed(3, i) for i in range(12)]
    assert result.results[5] == play_random_game(game, game_seed(3, 5), 5)
    summary = result.summary
    assert summary.games == 12
    assert sum(summary.win_share) == pytest.approx(1.0)
    assert len(summary.scores) == 3
    assert summary.length.min <= summary.length.median <= summary.length.max
    assert summary.decisions.max < summary.length.max
    data = json.loads(json.dumps(result.to_json()))
    assert data["options"] == {"players": 3, "board": "mountain"}
    assert len(data["results"]) == 12
    assert data["summary"]["win_share"] == pytest.approx(list(summary.win_share))


def test_simulate_is_the_same_with_workers(game: serai.Game) -> None:
    assert simulate(game, games=10, seed=9, workers=2) == simulate(game, games=10, seed=9)


def test_simulate_seed_changes_games(game: serai.Game) -> None:
    first = simulate(game, games=5, seed=1).results
    second = simulate(game, games=5, seed=2).results
    assert [r.scores for r in first] != [r.scores for r in second]


@pytest.mark.parametrize(("games", "workers"), [(0, 1), (3, 0)])
def test_simulate_refuses_bad_counts(game: serai.Game, games: int, workers: int) -> None:
    with pytest.raises(serai.GameError, match="at least 1"):
        simulate(game, games=games, workers=workers)


def test_summarise_by_hand() -> None:
    results = [
        GameResult(0, 1, (10, 20), (0.0, 1.0), 100, 60),
        GameResult(1, 2, (30, 30), (0.5, 0.5), 120, 70),
        GameResult(2, 3, (50, 10), (1.0, 0.0), 110, 65),
    ]
    summary = summarise(results, players=2)
    assert summary.win_share == pytest.approx((0.5, 0.5))
    assert summary.scores[0] == Stats(mean=30.0, median=30.0, min=10.0, max=50.0)
    assert summary.scores[1] == Stats(mean=20.0, median=20.0, min=10.0, max=30.0)
    assert summary.length == Stats(mean=110.0, median=110.0, min=100.0, max=120.0)
    assert summary.decisions.median == 65.0
    with pytest.raises(serai.GameError):
        summarise([], players=2)


def test_random_playout_reaches_the_end(game: serai.Game) -> None:
    state = game.new_initial_state()
    count = random_playout(state, random.Random(0))
    assert state.is_terminal()
    assert count == len(state.history())


def test_mid_game_positions_are_decisions(game: serai.Game) -> None:
    histories = mid_game_histories(game, count=4)
    assert len(histories) == 4
    assert histories == mid_game_histories(game, count=4)
    for history in histories:
        state = game.new_initial_state()
        for action in history:
            state.apply_action(action)
        assert not state.is_chance_node() and not state.is_terminal()
        assert state_bytes(game, history) > 0


def test_time_per_call_counts_every_call() -> None:
    calls: list[object] = []
    states = [serai.load_game(GAME).new_initial_state()] * 3
    micros = time_per_call(calls.append, states, seconds=0.0)
    assert len(calls) == 3
    assert micros > 0


def test_bench_figures(game: serai.Game) -> None:
    result = bench(game, runs=2, seconds=0.05)
    assert result.runs == 2 and result.params == {"players": 3, "board": "mountain"}
    assert result.actions_per_second > result.games_per_second > 0
    assert result.clone_us > 0 and result.legal_actions_us > 0
    assert result.state_bytes > 1000
    assert json.loads(json.dumps(result.to_json()))["state_bytes"] == result.state_bytes


@pytest.mark.parametrize(("runs", "seconds"), [(0, 1.0), (1, 0.0)])
def test_bench_refuses_bad_budgets(game: serai.Game, runs: int, seconds: float) -> None:
    with pytest.raises(serai.GameError):
        bench(game, runs=runs, seconds=seconds)


def test_a_through_the_desert_state_stays_small() -> None:
    # 4 players, mountain side: one mid-game state under 50 KB (its speed is serai bench's).
    result = bench(serai.load_game("through_the_desert", players=4), runs=1, seconds=0.05)
    assert result.state_bytes < 50_000
