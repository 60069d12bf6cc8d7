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
    cross_table = result.output.split("OpenSkill ratings")[0]
    assert [s["bot"] for s in data["standings"]] == [
        row.split()[1] for row in cross_table.splitlines() if row.startswith("│ ")
    ]
    assert len(data["pairings"]) == 2 and data["games"] == 2
    assert sorted(r["bot"] for r in data["ratings"]) == ["greedy", "random"]
    assert all(r["games"] == 4 for r in data["ratings"])
    assert "OpenSkill ratings" in result.output


def test_bot_ratings_follow_openskill_game_by_game() -> None:
    from openskill.models import PlackettLuce

    from serai.sim.arena import MatchResult
    from serai.sim.tournament import rate_bots

    def match(beaten: float) -> MatchResult:
        return MatchResult(0, 0, beaten=beaten, compared=2, thinking=0.0, decisions=1)

    games = [("a", "b", match(2)), ("b", "a", match(1)), ("a", "c", match(0)), ("c", "b", match(2))]
    model = PlackettLuce()
    expected = {bot: model.rating(name=bot) for bot in "abc"}
    for challenger, opponent, ranks in [
        ("a", "b", [1, 2]),
        ("b", "a", [1, 1]),
        ("a", "c", [2, 1]),
        ("c", "b", [1, 2]),
    ]:
        [[x], [y]] = model.rate([[expected[challenger]], [expected[opponent]]], ranks=ranks)
        expected[challenger], expected[opponent] = x, y
    rated = {r.bot: r for r in rate_bots(["a", "b", "c"], games)}
    for bot in "abc":
        assert rated[bot].mu == expected[bot].mu and rated[bot].sigma == expected[bot].sigma
    assert [r.bot for r in rate_bots(["a", "b", "c"], games)] == sorted(
        "abc", key=lambda bot: -(expected[bot].mu - 3 * expected[bot].sigma)
    )


def test_a_pairing_already_played_is_taken_as_it_was_and_not_played_again() -> None:
    from serai.sim.arena import MatchResult

    game = serai.load_game(GAME, players=2)
    fresh = tournament(game, ["random", "greedy"], 3, seed=2)
    won = [
        MatchResult(i, i % 2, beaten=1.0, compared=1, thinking=0.0, decisions=1) for i in range(3)
    ]
    labels: list[str] = []
    seen: list[int] = []
    resumed = tournament(
        game,
        ["random", "greedy"],
        3,
        seed=2,
        on_result=lambda label, _: labels.append(label),
        played={("random", "greedy"): won},
        on_pairing=lambda so_far: seen.append(len(so_far.pairings)),
    )
    assert labels == ["greedy vs random"] * 3
    assert seen == [1, 2]
    assert resumed.pairing("random", "greedy").win_rate == 1.0
    replayed, alone = resumed.pairing("greedy", "random"), fresh.pairing("greedy", "random")
    assert (replayed.win_rate, replayed.margin) == (alone.win_rate, alone.margin)
    assert resumed.played[0] == tuple(won)


def test_a_resumed_tournament_reuses_its_file_and_refuses_another_tournaments(
    tmp_path: Path,
) -> None:
    from serai.sim.tournament import played_before

    path = tmp_path / "t.json"
    args = ["tournament", GAME, "--bots", "random,greedy", "--json", str(path), "--resume"]
    first = CliRunner().invoke(app, [*args, "--games", "2"])
    assert first.exit_code == 0, first.output
    written = json.loads(path.read_text())
    assert [len(p["matches"]) for p in written["pairings"]] == [2, 2]
    game = serai.load_game(GAME)
    labels: list[str] = []
    again = tournament(
        game,
        ["random", "greedy"],
        2,
        on_result=lambda label, _: labels.append(label),
        played=played_before(written, game, 2, 0),
    )
    assert labels == []
    assert again.to_json() == written
    fresh = tournament(game, ["random", "greedy"], 2).to_json()
    assert fresh["ratings"] == written["ratings"] and fresh["standings"] == written["standings"]
    second = CliRunner().invoke(app, [*args, "--games", "2"])
    assert second.exit_code == 0, second.output
    assert json.loads(path.read_text()) == written
    other = CliRunner().invoke(app, [*args, "--games", "3"])
    assert other.exit_code == 2
    assert "that tournament has 2 games per pairing, not 3" in other.output
    alone = CliRunner().invoke(app, ["tournament", GAME, "--resume"])
    assert alone.exit_code == 2 and "--resume needs --json" in alone.output
