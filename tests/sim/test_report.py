"""``serai report``: the page, its plots and results.json, checked against the games."""

from __future__ import annotations

import json
import re
import shutil
import statistics
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import serai
from serai.cli import app
from serai.sim.balance import directory_name, overview
from serai.sim.report import SEAT_ORDER_NOTES, label, variants
from serai.sim.simulate import bot_seed
from serai.sim.stats import chi_square_even, chi_square_homogeneity, kruskal_wallis, wilson_interval

pytest.importorskip("matplotlib", reason="install the plots extra: pip install -e '.[plots]'")

GAME = "through_the_desert"
GAMES = 12
FIGURES = ("win_share", "scores", "margins", "length", "components")


def report(out: Path, *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["report", *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads((out / "results.json").read_text())
    return data


@pytest.fixture(scope="module")
def sweep(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("report")
    args = ["--players", "2", "--option", "board=mountain,river", "--games", str(GAMES)]
    return out, report(out, GAME, *args, "--seed", "2")


def test_variants_are_every_combination_of_the_values() -> None:
    assert variants({}) == [{}]
    assert variants({"a": "1, 2", "b": "x,y"}) == [
        {"a": "1", "b": "x"},
        {"a": "1", "b": "y"},
        {"a": "2", "b": "x"},
        {"a": "2", "b": "y"},
    ]
    assert label({"a": "1", "b": "x"}, ["b"]) == "b=x"
    assert label({"a": "1"}, []) == "a=1" and label({}, []) == "default options"


def test_the_report_writes_a_page_its_plots_and_its_results(
    sweep: tuple[Path, dict[str, Any]],
) -> None:
    out, data = sweep
    page = (out / "index.html").read_text()
    for name in FIGURES:
        assert (out / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(re.findall(r'src="([^"]+)"', page)) == sorted(f"{n}.png" for n in FIGURES)
    assert "http" not in page  # nothing fetched from elsewhere: the folder is the report
    assert data["command"] == (
        f"serai report {GAME} --players 2 --option board=mountain,river --seats random "
        f"--games {GAMES} --seed 2 --out {out}"
    )
    assert data["command"] in page
    assert [v["label"] for v in data["variants"]] == ["board=mountain", "board=river"]


def test_the_results_are_the_games_the_seeds_give(sweep: tuple[Path, dict[str, Any]]) -> None:
    _, data = sweep
    for variant in data["variants"]:
        game = serai.load_game(GAME, players=2, board=variant["options"]["board"])
        simulation = serai.sim.simulate(game, GAMES, seed=2)
        raw = variant["results"]
        assert raw["seed"] == [r.seed for r in simulation.results]
        assert raw["scores"] == [list(r.scores) for r in simulation.results]
        assert raw["decisions"] == [r.decisions for r in simulation.results]
        first = raw["seed"][0]
        record = serai.play(
            game, [serai.bots.RandomBot(bot_seed(first, seat)) for seat in range(2)], seed=first
        )
        assert record.scores == raw["scores"][0]


def test_the_figures_are_computed_from_the_games(sweep: tuple[Path, dict[str, Any]]) -> None:
    out, data = sweep
    page = (out / "index.html").read_text()
    wins = []
    for variant in data["variants"]:
        raw = variant["results"]
        won = [sum(returns[seat] for returns in raw["returns"]) for seat in range(2)]
        wins.append(won)
        for seat, share in enumerate(variant["win_share"]):
            assert share["share"] == pytest.approx(won[seat] / GAMES)
            assert (share["low"], share["high"]) == pytest.approx(
                wilson_interval(won[seat] / GAMES, GAMES)
            )
        assert variant["seat_test"]["p"] == pytest.approx(chi_square_even(won)[2])
        margins = [abs(a - b) for a, b in raw["scores"]]
        assert variant["margin"]["mean"] == pytest.approx(statistics.fmean(margins))
        assert variant["winning_score"]["max"] == max(max(s) for s in raw["scores"])
        assert variant["decisions"]["median"] == statistics.median(raw["decisions"])
        parts = variant["components"]
        mean_score = statistics.fmean(s for scores in raw["scores"] for s in scores)
        assert sum(p["mean"] for p in parts.values()) == pytest.approx(mean_score)
        first = variant["win_share"][0]
        assert f"seat 0 won {100 * first['share']:.1f}% of the games" in page
    tests = data["variant_tests"]
    assert tests["wins by seat"]["p"] == pytest.approx(chi_square_homogeneity(wins)[2])
    lengths = [v["results"]["decisions"] for v in data["variants"]]
    assert tests["decisions"]["p"] == pytest.approx(kruskal_wallis(lengths)[2])
    assert "Do the variants differ?" in page


def test_a_report_of_one_variant_without_raw_results(tmp_path: Path) -> None:
    data = report(
        tmp_path, "five_tribes", "--players", "2", "--seats", "greedy", "--games", "3", "--no-raw"
    )
    [variant] = data["variants"]
    assert "results" not in variant and variant["games"] == 3
    assert data["seats"] == ["greedy", "greedy"] and data["variant_tests"] == {}
    page = (tmp_path / "index.html").read_text()
    assert "Do the variants differ?" not in page
    assert SEAT_ORDER_NOTES["five_tribes"][:40] in page


def test_a_bad_option_or_bot_is_one_clean_line(tmp_path: Path) -> None:
    for args in (["--option", "board=sea"], ["--seats", "oracle"]):
        result = CliRunner().invoke(app, ["report", GAME, *args, "--out", str(tmp_path)])
        assert result.exit_code == 2 and result.output.startswith("error:")
        assert len(result.output.strip().splitlines()) == 1


def test_the_balance_overview_has_a_line_per_variant(
    sweep: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    out, data = sweep
    folder = tmp_path / directory_name(GAME, 2, "random")
    folder.mkdir()
    shutil.copy(out / "results.json", folder)
    text = overview(tmp_path).read_text()
    for variant in data["variants"]:
        first = variant["win_share"][0]
        assert (
            f"| [{GAME}]({folder.name}/index.html) | 2 | random | {variant['label']} | {GAMES} | "
            f"{first['share']:.1%} ({first['low']:.1%}–{first['high']:.1%}) | 50.0% |"
        ) in text
    assert "python -m serai.sim.balance docs/balance" in text
