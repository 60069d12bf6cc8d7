"""``serai bench`` beside OpenSpiel's C++ backgammon: the ratio that compares across machines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import serai
from serai.cli import app
from serai.sim.bench import backgammon_rate, bench

pytest.importorskip("pyspiel", reason="install the research extra: pip install -e '.[research]'")


def test_backgammon_playouts_are_timed_by_the_same_loop() -> None:
    rate = backgammon_rate(0.05)
    assert rate is not None and rate > 0


def test_bench_reports_its_ratio_to_backgammon_from_the_same_run() -> None:
    result = bench(serai.load_game("through_the_desert"), runs=1, seconds=0.05)
    assert result.backgammon_ratio is not None and result.backgammon_ratio > 0
    assert result.backgammon_actions_per_second is not None
    # One run: each figure is that run's, so the ratio is of the two playout speeds.
    assert result.backgammon_ratio == pytest.approx(
        result.actions_per_second / result.backgammon_actions_per_second
    )


def test_the_bench_table_and_json_show_the_ratio(tmp_path: Path) -> None:
    path = tmp_path / "bench.json"
    args = ["bench", "through_the_desert", "--runs", "1", "--seconds", "0.05", "--json", str(path)]
    result = CliRunner(env={"COLUMNS": "200"}).invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "× OpenSpiel backgammon" in result.output
    figures = json.loads(path.read_text())
    assert figures["backgammon_ratio"] > 0 and figures["backgammon_actions_per_second"] > 0
