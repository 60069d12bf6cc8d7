"""The same batches on a local Ray with 2 CPUs, started once for this module."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import serai
from serai.cli import app
from serai.sim.arena import MatchResult, pairing
from serai.sim.batch import Runner, TaskFailure
from serai.sim.scaling import scaling
from tests.sim.games import GAME, FlakyGames, check_progress_follows_games, random_games

ray = pytest.importorskip(
    "ray", reason="install the distributed extra: pip install -e '.[distributed]'"
)

pytestmark = pytest.mark.xdist_group("ray")  # one Ray for the module, in one test process


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        object_store_memory=100 * 1024 * 1024,
        logging_level="ERROR",
    )
    yield
    ray.shutdown()


def on_ray(**settings: object) -> Runner:
    return Runner(ray="local", **settings)  # type: ignore[arg-type]


def test_the_runner_uses_the_ray_that_is_up_and_leaves_it_running() -> None:
    with on_ray() as runner:
        assert runner.parallel == 2
    assert ray.is_initialized()


def test_a_simulation_on_ray_equals_one_in_this_process_game_for_game() -> None:
    game = serai.load_game(GAME, players=3, board="river")
    here = serai.sim.simulate(game, 30, seed=7)
    there = serai.sim.simulate(game, 30, seed=7, workers=on_ray())
    assert there == here


def test_a_pairing_on_ray_equals_one_in_this_process_game_for_game() -> None:
    game = serai.load_game(GAME, players=2)
    matches: dict[str, list[MatchResult]] = {"here": [], "ray": []}
    for where, workers in (("here", 1), ("ray", on_ray())):
        pairing(
            game, "mcts:10", "greedy", 4, seed=3, workers=workers, on_result=matches[where].append
        )

    def outcome(results: list[MatchResult]) -> list[tuple[int, int, float, int]]:
        # the thinking time is a clock reading; everything else is decided by the seeds
        return sorted((r.index, r.challenger_seat, r.beaten, r.decisions) for r in results)

    assert outcome(matches["ray"]) == outcome(matches["here"])


def test_a_failed_ray_task_is_played_again_and_reported(tmp_path: Path) -> None:
    reported: list[TaskFailure] = []
    runner = on_ray(chunk=3, on_failure=reported.append)
    batch = FlakyGames(random_games(), flaky=4, failures=1, marks=str(tmp_path))
    assert runner.run(batch, 9) == Runner().run(random_games(), 9)
    [failure] = reported
    assert (failure.first, failure.last, failure.attempt) == (3, 5, 1)
    assert failure.error == "RuntimeError: game 4 failed on purpose"


def test_a_ray_task_failing_every_attempt_names_its_games(tmp_path: Path) -> None:
    runner = on_ray(chunk=2, retries=2)
    batch = FlakyGames(random_games(), flaky=1, failures=9, marks=str(tmp_path))
    with pytest.raises(serai.GameError, match="games 0–1, attempt 3: RuntimeError: game 1"):
        runner.run(batch, 4)
    assert len(runner.failures) == 3


def test_progress_follows_completed_ray_tasks(tmp_path: Path) -> None:
    check_progress_follows_games(on_ray(chunk=1), tmp_path)


def test_simulate_with_ray_writes_what_it_writes_without(tmp_path: Path) -> None:
    outputs = []
    for flag in ([], ["--ray"]):
        path = tmp_path / f"sim{len(flag)}.json"
        args = ["simulate", GAME, "--games", "6", "--seats", "greedy,random", "--json", str(path)]
        result = CliRunner().invoke(app, [*args, *flag])
        assert result.exit_code == 0, result.output
        outputs.append(json.loads(path.read_text()))
    assert outputs[0] == outputs[1]
    assert outputs[0]["seats"] == ["greedy", "random"]


def test_the_scaling_benchmark_will_not_share_a_ray_it_did_not_start() -> None:
    with pytest.raises(serai.GameError, match="starts its own Ray"):
        scaling(serai.load_game(GAME), games=10)
