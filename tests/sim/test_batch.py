"""Running batches in this process and in worker processes: order, chunks, retries, progress."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import serai
from serai.cli import app
from serai.sim.batch import FIRST_CHUNK, TASK_SECONDS, Chunks, Runner, TaskFailure
from serai.sim.scaling import ScalingResult, ScalingRow
from serai.sim.simulate import play_game
from tests.sim.games import GAME, FlakyGames, check_progress_follows_games, random_games


def test_results_come_back_in_index_order_whatever_the_workers() -> None:
    alone = Runner().run(random_games(), 9)
    assert [r.index for r in alone] == list(range(9))
    assert alone[4] == play_game(
        serai.load_game(GAME, players=2), ("random",) * 2, alone[4].seed, 4
    )
    assert Runner(2).run(random_games(), 9) == alone
    assert Runner(2, chunk=4).run(random_games(), 9) == alone


def test_chunks_start_small_then_fill_a_task_but_leave_work_for_every_worker() -> None:
    chunks = Chunks(games=100, parallel=2, fixed=None)
    assert chunks.take() == (0, FIRST_CHUNK)
    assert chunks.take() == (FIRST_CHUNK, 2 * FIRST_CHUNK)
    chunks.timed(2 * FIRST_CHUNK, seconds=2 * FIRST_CHUNK * TASK_SECONDS / 10)
    first, stop = chunks.take()
    assert stop - first == 10  # ten games fill a task at a tenth of a task each
    fast = Chunks(games=100, parallel=2, fixed=None)
    fast.timed(1000, seconds=TASK_SECONDS / 100)  # a hundred thousand games would fill a task
    assert [fast.take(), fast.take(), fast.take()] == [(0, 50), (50, 75), (75, 88)]
    last = Chunks(games=3, parallel=2, fixed=5)
    assert last.take() == (0, 3) and last.left == 0


def test_a_failed_task_is_played_again_and_reported(tmp_path: Path) -> None:
    reported: list[TaskFailure] = []
    runner = Runner(2, chunk=2, on_failure=reported.append)
    batch = FlakyGames(random_games(), flaky=5, failures=1, marks=str(tmp_path))
    assert runner.run(batch, 8) == Runner().run(random_games(), 8)
    assert reported == runner.failures
    [failure] = reported
    assert (failure.first, failure.last, failure.attempt) == (4, 5, 1)
    assert failure.error == "RuntimeError: game 5 failed on purpose"
    assert str(failure) == "games 4–5, attempt 1: RuntimeError: game 5 failed on purpose"


def test_a_task_that_fails_every_attempt_ends_the_run_naming_its_game(tmp_path: Path) -> None:
    runner = Runner(retries=1)
    batch = FlakyGames(random_games(), flaky=2, failures=5, marks=str(tmp_path))
    with pytest.raises(serai.GameError, match=r"game 2, attempt 2: .* after 2 attempts"):
        runner.run(batch, 4)
    assert [f.attempt for f in runner.failures] == [1, 2]


def test_simulate_keeps_the_tasks_it_retried(tmp_path: Path) -> None:
    game = serai.load_game(GAME, players=2)
    runner = Runner()
    flaky = FlakyGames(random_games(seed=3), flaky=1, failures=1, marks=str(tmp_path))
    results = runner.run(flaky, 3)
    simulation = serai.sim.simulate(game, 3, seed=3)
    assert tuple(results) == simulation.results and simulation.retried == ()
    assert [str(f) for f in runner.failures] == [
        "game 1, attempt 1: RuntimeError: game 1 failed on purpose"
    ]


def test_progress_is_reported_while_games_are_still_played(tmp_path: Path) -> None:
    check_progress_follows_games(Runner(2, chunk=1), tmp_path)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"workers": 0}, "at least 1"),
        ({"workers": 2, "ray": "local"}, "not both"),
        ({"chunk": 0}, "at least 1 game"),
        ({"retries": -1}, "negative"),
    ],
)
def test_runner_refuses_bad_settings(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(serai.GameError, match=message):
        Runner(**arguments)  # type: ignore[arg-type]


def test_ray_asked_for_but_not_installed_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # what an install without the extra has
    result = CliRunner().invoke(app, ["simulate", GAME, "--games", "2", "--ray"])
    assert result.exit_code == 2
    assert result.output.strip() == "error: --ray needs Ray: pip install 'serai[distributed]'"


def test_scaling_figures_are_ratios_of_medians_and_ray_share_of_worker_time() -> None:
    rows = tuple(
        ScalingRow(label, parallel, seconds, 1000 / seconds, tasks, (seconds,))
        for label, parallel, seconds, tasks in (
            ("workers 1", 1, 4.0, 1000),
            ("workers 2", 2, 2.5, 20),
            ("ray 1 CPU", 1, 4.0, 10),
            ("ray 2 CPUs", 2, 2.0, 40),
        )
    )
    result = ScalingResult("five_tribes", {"players": 4}, 1000, rows, ray_task_ms=2.0)
    assert (result.ray_ratio, result.workers_ratio) == (2.0, 1.6)
    assert result.overhead(rows[3]) == pytest.approx(40 * 0.002 / (2.0 * 2))
    assert result.overhead(rows[1]) == 0.0
    assert result.to_json()["ray_overhead"]["ray 1 CPU"] == pytest.approx(0.005)
