"""``serai bench --server``: a tiny bounded load test of a real server subprocess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from serai.cli import app
from serai.sim.loadtest import (
    Figures,
    LoadResult,
    free_port,
    load_test,
    logged_errors,
    percentiles,
    startup_test,
)


def check_side(figures: Figures, target: str) -> None:
    assert figures.target == target
    assert figures.tables == 4
    assert figures.moves > 0, figures
    assert figures.errors == 0 and figures.logged_errors == 0, figures
    assert figures.moves_per_second > 0
    assert 0 < figures.p50_ms <= figures.p99_ms
    assert figures.sent_bytes > 0 and figures.received_bytes > 0
    if Path("/proc/self/task").is_dir():  # Linux: the server's CPU is read from /proc
        assert figures.cpu_cores is not None and figures.busiest_thread is not None
        assert 0 < figures.busiest_thread <= figures.cpu_cores, figures


pytestmark = pytest.mark.xdist_group("loadtest")  # the module's load test run once, in one process


@pytest.fixture(scope="session")  # a module's fixture is made again whenever the process
def result() -> LoadResult:  # runs another module's test between two of this one's
    return load_test(tables=4, seconds=2.0)


def test_every_side_acknowledges_real_moves(result: LoadResult) -> None:
    check_side(result.server, "server")
    assert result.floor is not None and result.echo is not None
    check_side(result.floor, "floor")
    check_side(result.echo, "echo")
    assert result.server.started >= 4 and result.floor.started >= 4
    for side in (result.server, result.floor):  # a state, not an echo
        assert side.received_bytes > side.sent_bytes
    assert result.echo.sent_bytes == round(result.server.sent_bytes)
    assert result.echo.received_bytes == result.echo.sent_bytes
    for side in (result.server, result.floor, result.echo):
        assert 2.0 <= side.seconds < 10
    assert result.ratio > 0 and result.floor_ratio > 0
    assert result.ratio == result.server.moves_per_second / result.echo.moves_per_second
    assert result.floor_ratio == result.floor.moves_per_second / result.echo.moves_per_second


def test_the_result_is_json(result: LoadResult) -> None:
    data = json.loads(json.dumps(result.to_json()))
    assert data["server"]["moves"] == result.server.moves
    assert data["echo"]["p99_ms"] == result.echo.p99_ms
    assert data["floor"]["moves"] == result.floor.moves
    assert data["ratio"] == result.ratio and data["floor_ratio"] == result.floor_ratio
    assert data["game"] == "through_the_desert" and data["players"] == 2
    assert "same machine" in data["caveat"]


def test_percentiles() -> None:
    assert percentiles([]) == (0.0, 0.0)
    assert percentiles([0.5]) == (0.5, 0.5)
    p50, p99 = percentiles([float(i) for i in range(1, 101)])
    assert p50 == 50.5 and 99 < p99 <= 100


def test_logged_errors_are_counted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "server.log"
    log.write_text("serving\nERROR:    Exception in ASGI application\nTraceback\nBoom: no\n")
    assert logged_errors(log, "the server") == 1
    assert "Boom: no" in capsys.readouterr().err
    log.write_text("serving\n")
    assert logged_errors(log, "the server") == 0


def test_free_port_is_on_loopback() -> None:
    assert 0 < free_port() < 65536


def test_cli_refuses_a_bad_game_before_starting_anything() -> None:
    result = CliRunner().invoke(app, ["bench", "--server", "--game", "no_such_game"])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_bench_without_a_game_or_server_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["bench"])
    assert result.exit_code == 2


def test_cli_prints_server_beside_echo(
    result: LoadResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[tuple[object, ...]] = []

    def fake(*args: object, **named: object) -> LoadResult:
        asked.append((*args, named))
        return result

    monkeypatch.setattr("serai.sim.loadtest.load_test", fake)
    path = tmp_path / "load.json"
    args = ["bench", "--server", "--tables", "4", "--seconds", "2", "--json", str(path)]
    out = CliRunner().invoke(app, args, terminal_width=200)
    assert out.exit_code == 0, out.output
    assert asked == [
        (
            4,
            2.0,
            {
                "spectators": 0,
                "db": None,
                "redis": None,
                "processes": 1,
                "game": "through_the_desert",
                "players": 2,
                "options": {},
            },
        )
    ]
    for text in ("server", "floor", "echo ceiling", "moves/s", "p99 ms", "cores", "same machine"):
        assert text in out.output
    assert f"{result.floor.moves:,}" in out.output
    caption = " ".join(out.output.split())  # as the table wraps it, on one line
    assert f"its floor (the rules' work alone) at {result.floor_ratio:.1%}" in caption
    if result.server.cpu_cores is not None:
        assert f"{result.server.cpu_cores:.2f}" in out.output
    assert f"{result.server.moves:,}" in out.output
    assert json.loads(path.read_text())["echo"]["moves"] == result.echo.moves


def test_spectators_watch_while_the_tables_play() -> None:
    """82 connections from one address: more than a server allows by default, not more
    than the one under test."""
    watched = load_test(tables=2, seconds=1.0, spectators=40)
    assert watched.spectators == 40 and watched.server.moves > 0
    assert watched.server.errors == 0 and watched.server.logged_errors == 0


def test_startup_over_a_filled_store_is_measured() -> None:
    result = startup_test(tables=40)
    assert result.tables == 40 and result.actions_per_table > 0
    assert result.seconds > 0 and result.lobby_ms > 0
    assert result.rss_mb > 0


def test_a_persons_pace_finds_how_many_tables_are_answered_in_time() -> None:
    """Tables moving every second: the runs grow until one misses the target (here the
    counts stop at 4, which a quiet server answers in time)."""
    from serai.sim.loadtest import capacity

    best, runs = capacity(1.0, 3.0, counts=(2, 4))
    assert [run.tables for run in runs][: len(runs)] == [2, 4][: len(runs)]
    assert all(run.echo is run.floor is None and run.move_every == 1.0 for run in runs)
    assert runs[0].server.moves > 0
    # a table is replaced only when its game ends, never because its next move would come
    # after the deadline (which flooded the end of each run with new tables)
    assert all(run.server.started == run.tables + run.server.finished for run in runs)
    assert best in (0, 2, 4)


def test_cli_refuses_several_processes_without_postgresql_and_redis() -> None:
    result = CliRunner().invoke(app, ["bench", "--server", "--processes", "2"])
    assert result.exit_code == 2 and "PostgreSQL" in result.output


def test_a_persons_pace_table_names_no_echo_ceiling(result: LoadResult) -> None:
    """At a person's pace no echo runs, so the figures say nothing of one."""
    from dataclasses import replace

    from rich.console import Console

    from serai.cli import loadtest_table

    console = Console(record=True, width=200)
    console.print(loadtest_table(replace(result, echo=None, floor=None, move_every=5.0)))
    shown = console.export_text()
    assert "server" in shown and "cores" in shown
    assert "echo" not in shown and "floor" not in shown
