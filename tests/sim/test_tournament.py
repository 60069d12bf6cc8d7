"""``serai tournament``: every bot against every other, as pairings and a cross table."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


def test_a_mixed_tournament_seats_every_set_of_bots_at_one_table_in_rotated_seats() -> None:
    from serai.engine import places
    from serai.sim.arena import play_seated
    from serai.sim.simulate import derive_seed
    from serai.sim.tournament import mixed_tournament, rotated

    game = serai.load_game(GAME, players=3)
    bots = ["random", "greedy", "mcts:10", "mcts:20"]
    labels: list[str] = []
    result = mixed_tournament(
        game, bots, 3, seed=4, on_result=lambda label, _: labels.append(label)
    )
    assert [table.bots for table in result.tables] == [
        ("random", "greedy", "mcts:10"),
        ("random", "greedy", "mcts:20"),
        ("random", "mcts:10", "mcts:20"),
        ("greedy", "mcts:10", "mcts:20"),
    ]
    assert labels[:3] == ["random · greedy · mcts:10"] * 3 and len(labels) == 12
    for table in result.tables:
        assert [g.index for g in table.games] == [0, 1, 2]
        seats = [g.bots for g in table.games]
        assert seats == [rotated(table.bots, i) for i in range(3)]
        for seat in range(3):
            assert sorted(s[seat] for s in seats) == sorted(table.bots)
    last = result.tables[-1].games[2]
    state, _, decisions = play_seated(game, last.bots, derive_seed("arena", 4, 2))
    assert last.places == tuple(places(state.returns(), state.scores()))
    assert last.decisions == tuple(decisions) and all(d > 0 for d in decisions)
    assert sorted(last.places)[0] == 1 and all(1 <= p <= 3 for p in last.places)
    first_games = [table.games[0] for table in result.tables]
    assert result.seated()[:4] == first_games


def test_a_mixed_tournament_rates_each_game_by_places_round_by_round() -> None:
    from openskill.models import PlackettLuce

    from serai.sim.tournament import mixed_tournament

    game = serai.load_game("desert_sons", players=2)
    result = mixed_tournament(game, ["random", "greedy", "mcts:20"], 4, seed=1)
    model = PlackettLuce()
    expected = {bot: model.rating(name=bot) for bot in result.bots}
    for played in result.seated():
        updated = model.rate(
            [[expected[bot]] for bot in played.bots], ranks=[float(p) for p in played.places]
        )
        for bot, (rating,) in zip(played.bots, updated, strict=True):
            expected[bot] = rating
    assert {r.bot: (r.mu, r.sigma, r.games) for r in result.ratings} == {
        bot: (expected[bot].mu, expected[bot].sigma, 8) for bot in result.bots
    }
    ratings = [r.rating for r in result.ratings]
    assert ratings == sorted(ratings, reverse=True)
    for bot in result.bots:
        for other in result.bots:
            if bot != other:
                share, games = result.ahead(bot, other)
                back, same = result.ahead(other, bot)
                assert games == same == 4 and share + back == 1.0
    places: dict[str, list[int]] = {bot: [] for bot in result.bots}
    for played in result.seated():
        for bot, place in zip(played.bots, played.places, strict=True):
            places[bot].append(place)
    standings = result.standings()
    assert dict(standings) == {bot: sum(p) / len(p) for bot, p in places.items()}
    assert [place for _, place in standings] == sorted(place for _, place in standings)


def test_a_mixed_tournament_needs_a_bot_for_every_seat() -> None:
    from serai.sim.tournament import mixed_tournament

    with pytest.raises(serai.GameError, match="at 3 players needs at least 3 different bots"):
        mixed_tournament(serai.load_game(GAME, players=3), ["greedy", "random", "greedy"], 2)
    result = CliRunner().invoke(
        app, ["tournament", GAME, "--players", "3", "--bots", "greedy,random", "--mixed"]
    )
    assert result.exit_code == 2 and "needs at least 3 different bots" in result.output


def test_the_mixed_command_keeps_its_tables_and_refuses_a_pairs_file(tmp_path: Path) -> None:
    from serai.sim.tournament import mixed_tournament, seated_before

    path = tmp_path / "m.json"
    bots = "random,greedy,mcts:20"
    args = ["tournament", GAME, "--bots", bots, "--mixed", "--json", str(path), "--resume"]
    first = CliRunner().invoke(app, [*args, "--games", "2"])
    assert first.exit_code == 0, first.output
    assert "a different bot in every seat" in first.output and "mean place" in first.output
    written = json.loads(path.read_text())
    assert written["seating"] == "mixed"
    assert [t["bots"] for t in written["tables"]] == [
        ["random", "greedy"],
        ["random", "mcts:20"],
        ["greedy", "mcts:20"],
    ]
    game = serai.load_game(GAME)
    labels: list[str] = []
    again = mixed_tournament(
        game,
        bots.split(","),
        2,
        on_result=lambda label, _: labels.append(label),
        played=seated_before(written, game, 2, 0),
    )
    assert labels == []
    assert json.loads(json.dumps(again.to_json())) == written
    fresh = mixed_tournament(game, bots.split(","), 2).to_json()
    assert fresh["ratings"] == written["ratings"]
    second = CliRunner().invoke(app, [*args, "--games", "2"])
    assert second.exit_code == 0, second.output
    assert json.loads(path.read_text()) == written
    pairs = CliRunner().invoke(
        app, ["tournament", GAME, "--bots", bots, "--json", str(path), "--resume", "-n", "2"]
    )
    assert pairs.exit_code == 2
    assert "that tournament seats its bots as mixed, not pairs" in pairs.output
    assert json.loads(path.read_text()) == written
    shuffled = bots.split(",")[::-1]
    labels.clear()
    mixed_tournament(
        game,
        shuffled,
        2,
        on_result=lambda label, _: labels.append(label),
        played=seated_before(written, game, 2, 0),
    )
    assert labels == [], "the same bots named in another order sit at the same tables"
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


def test_a_pairs_file_from_before_mixed_tournaments_is_resumed_as_pairs() -> None:
    from serai.sim.tournament import played_before

    game = serai.load_game(GAME, players=2)
    earlier = tournament(game, ["random", "greedy"], 2).to_json()
    del earlier["seating"]
    assert sorted(played_before(earlier, game, 2, 0)) == [
        ("greedy", "random"),
        ("random", "greedy"),
    ]


@pytest.mark.parametrize(
    ("mixed", "doctor"),
    [
        (False, lambda t: t["pairings"][0]["matches"][0].update(beaten="x")),
        (False, lambda t: t["pairings"][0]["matches"][0].update(thinking=float("nan"))),
        (False, lambda t: t["pairings"][0]["matches"][0].update(challenger_seat=7)),
        (False, lambda t: t["pairings"][0]["matches"][0].update(decisions=10**400)),
        (False, lambda t: t["pairings"][0]["matches"][1].update(index=0)),
        (False, lambda t: t["pairings"][0]["matches"].__setitem__(0, 5)),
        (False, lambda t: t["pairings"][0].update(challenger=["random"])),
        (True, lambda t: t["tables"][0]["games"][0].update(places=["1", "2"])),
        (True, lambda t: t["tables"][0]["games"][0].update(bots=["random", "mcts:20"])),
        (True, lambda t: t["tables"][0]["games"][0].update(thinking=[0.1])),
        (True, lambda t: t["tables"][0].update(bots=[["random"], "greedy"])),
    ],
    ids=[
        "beaten-text",
        "thinking-nan",
        "seat-7",
        "decisions-huge",
        "game-twice",
        "game-not-a-dict",
        "bot-a-list",
        "places-text",
        "bots-of-another-table",
        "thinking-too-short",
        "table-bot-a-list",
    ],
)
def test_a_doctored_file_is_refused_in_one_line_and_left_as_it_was(
    tmp_path: Path, mixed: bool, doctor: Callable[[dict[str, Any]], None]
) -> None:
    """Every field reused from the file must be one the tournament could have written:
    another number or name ended in a traceback, once after the file was rewritten."""
    path = tmp_path / "t.json"
    args = ["tournament", GAME, "--bots", "random,greedy", "--json", str(path), "--resume"]
    args += ["--games", "2", *(["--mixed"] if mixed else [])]
    assert CliRunner().invoke(app, args).exit_code == 0
    written = json.loads(path.read_text())
    doctor(written)
    path.write_text(json.dumps(written, allow_nan=True))
    doctored = path.read_text()
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "that tournament's" in result.output and "cannot be read" in result.output
    assert "Traceback" not in result.output and result.exception is not None
    assert path.read_text() == doctored
