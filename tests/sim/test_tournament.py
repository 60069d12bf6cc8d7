"""``serai tournament``: every bot against every other, as pairings and a cross table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import serai
from serai.cli import app
from serai.sim.arena import pairing
from serai.sim.tournament import tournament

GAME = "through_the_desert"


def test_every_ordered_pair_is_one_pairing_with_the_tournament_seed() -> None:
    game = serai.load_game(GAME, players=2)
    labels: list[str] = []
    result = tournament(
        game,
        ["random", "greedy", "random"],
        4,
        seed=5,
        on_result=lambda label, _: labels.append(label),
    )
    assert result.bots == ("random", "greedy")
    assert [(p.challenger, p.opponent) for p in result.pairings] == [
        ("random", "greedy"),
        ("greedy", "random"),
    ]
    assert labels == ["random vs greedy"] * 4 + ["greedy vs random"] * 4
    alone = pairing(game, "greedy", "random", 4, seed=5)
    played = result.pairing("greedy", "random")
    assert (played.win_rate, played.margin, played.games) == (alone.win_rate, alone.margin, 4)
    standings = dict(result.standings())
    assert standings["greedy"] == alone.win_rate
    assert list(standings) == sorted(standings, key=lambda bot: -standings[bot])


def test_a_tournament_needs_two_bots() -> None:
    with pytest.raises(serai.GameError, match="two different bots"):
        tournament(serai.load_game(GAME), ["greedy", "greedy"], 2)


def test_the_command_prints_the_cross_table_and_writes_json(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    args = ["tournament", GAME, "--bots", "random,greedy", "--games", "2", "--json", str(path)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    assert [s["bot"] for s in data["standings"]] == [
        row.split()[1] for row in result.output.splitlines() if row.startswith("│ ")
    ]
    assert len(data["pairings"]) == 2 and data["games"] == 2
