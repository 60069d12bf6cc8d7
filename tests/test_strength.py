"""The strength table, its plot, and the side-by-side benchmark against OpenSpiel."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import serai
from serai.sim.arena import PairingResult, pairing
from serai.sim.strength import CurvePoint, Strength, table_markdown, verdict, write


def result(challenger: str, opponent: str, rate: float) -> PairingResult:
    return PairingResult("through_the_desert", 2, challenger, opponent, 100, rate, 0.09, 0.01)


def test_verdicts_follow_the_targets() -> None:
    assert verdict(result("greedy", "random", 0.80)) == "met"
    assert verdict(result("greedy", "random", 0.79)) == "missed"
    assert verdict(result("mcts:medium", "greedy", 0.70)) == "met"
    assert verdict(result("mcts:hard", "mcts:medium", 0.50)) == "missed"
    assert verdict(result("mcts:hard", "mcts:medium", 0.51)) == "met"


def test_the_table_and_plot_are_written_game_by_game(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="install the plots extra: pip install -e '.[plots]'")
    first = Strength(
        "serai strength --game through_the_desert",
        (result("greedy", "random", 0.9), result("mcts:hard", "mcts:medium", 0.4)),
        (
            CurvePoint("through_the_desert", 25, 0.002, 0.3),
            CurvePoint("through_the_desert", 100, 0.01, 0.6),
        ),
    )
    paths = write(first, tmp_path)
    assert [p.name for p in paths] == [
        "strength-through_the_desert.json",
        "strength.md",
        "strength.png",
    ]
    other = PairingResult("five_tribes", 3, "greedy", "random", 50, 0.95, 0.05, 0.002)
    write(Strength("serai strength --game five_tribes", (other,), ()), tmp_path)
    text = (tmp_path / "strength.md").read_text()
    assert "    serai strength --game through_the_desert\n" in text
    assert "    serai strength --game five_tribes\n" in text
    assert "| through_the_desert | 2 | greedy | random | 100 | 90% ± 9% | ≥ 80% (met) |" in text
    assert "| mcts:hard | mcts:medium | 100 | 40% ± 9% | > 50% (missed) |" in text
    assert "| five_tribes | 3 | greedy | random | 50 | 95% ± 5% |" in text
    stored = json.loads((tmp_path / "strength-through_the_desert.json").read_text())
    assert Strength.from_json(stored) == first
    assert (tmp_path / "strength.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert table_markdown([first]).count("\n|") == 4


def test_a_pairing_is_reproducible_with_iteration_budgets() -> None:
    game = serai.load_game("through_the_desert", players=2)
    first = pairing(game, "mcts:20", "greedy", games=2, seed=4)
    again = pairing(game, "mcts:20", "greedy", games=2, seed=4, workers=2)
    assert first.win_rate == again.win_rate


def test_versus_openspiel_measures_both_bots() -> None:
    pytest.importorskip(
        "pyspiel", reason="install the research extra: pip install -e '.[research]'"
    )
    from serai.sim.versus import versus

    game = serai.load_game("through_the_desert", players=2)
    figures = versus(game, seconds_per_move=0.02, games=1, positions=2, simulations=10)
    assert figures.ours_iterations_per_second > 0 and figures.openspiel_iterations_per_second > 0
    assert figures.openspiel_simulations_per_move == 10
    assert figures.ours_win_rate in (0.0, 0.5, 1.0) and figures.games == 1
