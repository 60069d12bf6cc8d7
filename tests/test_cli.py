"""The ``serai`` command, driven through typer's test runner."""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import serai
from serai.bots import DIFFICULTIES, Budget
from serai.cli import GameLog, app, parse_options, parse_seats, score_table
from serai.files import MAX_BYTES
from serai.human import QuitGame, TerminalHuman
from serai.sim import bot_seed
from serai.sim.strength import Strength, measure

GAME = "through_the_desert"

# A wide terminal so that rich does not wrap the lines the tests look for.
runner = CliRunner(env={"COLUMNS": "200"})


def run(*args: str, input: str | None = None, code: int = 0) -> str:
    result = runner.invoke(app, list(args), input=input)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return result.output


def load_record(path: Path) -> serai.GameRecord:
    return serai.GameRecord.from_json(json.loads(path.read_text()))


def board_text(state: serai.State) -> str:
    """The board as the CLI prints it, without colour."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(state.render(markup=True), soft_wrap=True)
    return console.export_text()


def test_games_lists_players_and_options() -> None:
    out = run("games")
    assert GAME in out and "Through the Desert" in out
    assert "2–5" in out
    assert "board" in out and "mountain" in out and "river" in out


def test_play_random_seats_to_the_end_and_save(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    out = run("play", GAME, "--seats", "random,random", "--seed", "7", "--save", str(path))
    assert "chance: 5 × palm" in out
    assert "seat 0 (random) placed the" in out and "seat 1 (random) placed a" in out
    assert "Final scores" in out and "Largest caravans" in out and "Total" in out
    assert "winner" in out
    record = load_record(path)
    assert record.seed == 7 and record.players == ["random", "random"]
    final = serai.replay(record)
    assert final.is_terminal() and final.scores() == record.scores


def test_play_with_greedy_and_mcts_seats(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run("play", GAME, "--seats", "greedy,mcts:easy", "--seed", "3", "--save", str(path))
    record = load_record(path)
    assert record.players == ["greedy", "mcts:easy"]
    assert serai.replay(record).is_terminal()


def test_play_replays_a_simulated_game(tmp_path: Path) -> None:
    game = serai.load_game(GAME, players=3, board="river")
    result = serai.sim.simulate(game, games=1, seed=4).results[0]
    path = tmp_path / "game.json"
    seeds = ("--seed", str(result.seed), "--option", "board=river", "--save", str(path))
    run("play", GAME, "--seats", "random,random,random", *seeds)
    assert load_record(path).scores == list(result.scores)


def test_play_with_a_human_who_errs_then_quits() -> None:
    typed = "camel red 0,0\nmoves\nhelp\nboard\n99999\n" + "9" * 5000 + "\n1\nnonsense\nquit\n"
    out = run("play", GAME, "--seats", "human,random", "--seed", "3", input=typed)
    assert "legal actions:" in out  # the grouped listing of a leader turn
    assert "illegal:" in out and "leader phase" in out and "Legal: leader" in out
    assert "  1 leader blue" in out  # the numbered list of 'moves'
    assert "notation:" in out and "quit: stop the game" in out
    assert "no choice 99999" in out and "no choice 999999999999:" in out
    assert "seat 0 (human) placed the blue leader" in out
    assert "is not an action of through_the_desert" in out
    assert "game abandoned" in out
    assert "Final scores" not in out


def test_forced_choices_are_played_without_asking() -> None:
    # R11: with 5 players the last seat to remove a leader has one colour left.
    seats = ("--seats", "random,random,random,random,human", "--seed", "0")
    out = run("play", GAME, *seats, input="quit\n")
    forced, _, rest = out.partition("(forced: the only legal choice)")
    assert "seat 4 (human) set the" in forced.splitlines()[-1]
    assert "seat 4>" not in forced and "seat 4>" in rest
    assert "game abandoned" in rest


def test_end_of_input_abandons_the_game() -> None:
    out = run("play", GAME, "--players", "2", "--seed", "3", input="")
    assert "game abandoned" in out


def test_human_playing_first_choices_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    seats = ("--seats", "random,human,random", "--seed", "5", "--save", str(path))
    out = run("play", GAME, *seats, input="1\n" * 400)
    assert "seat 1 to play" in out
    assert "Final scores" in out
    record = load_record(path)
    assert record.players == ["random", "human", "random"]
    state = serai.load_game(GAME, players=3).new_initial_state()
    for action in record.actions:
        if state.current_player() == 1:
            assert action == state.legal_actions()[0]
        state.apply_action(action)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--players", "7"), "takes 2 to 5 players, not 7"),
        (("--option", "board=moon"), "allowed mountain, river"),
        (("--option", "board"), "--option expects key=value"),
        (("--option", "colour=red"), "unknown option 'colour'"),
        (("--seats", "human,robot"), "known seat kinds: greedy, human, mcts, random"),
        (("--players", "3", "--seats", "random,random"), "lists 2 seats but the game has 3"),
        (("--seats", "random:hard,random"), "random takes no difficulty (got 'hard')"),
        (("--seats", "human:hard,random"), "takes no argument"),
        (("--seats", "mcts:extreme,random"), "choose one of easy, medium, hard"),
    ],
)
def test_play_errors_are_one_clean_line(args: tuple[str, ...], message: str) -> None:
    out = run("play", GAME, *args, code=2)
    assert "error:" in out and message in out
    assert len(out.strip().splitlines()) == 1


def test_unknown_game_is_a_clean_error() -> None:
    out = run("simulate", "chess", code=2)
    assert "unknown game 'chess'" in out and GAME in out


def test_simulate_table_and_json_match_replayed_games(tmp_path: Path) -> None:
    path = tmp_path / "sim.json"
    out = run(
        "simulate", GAME, "--players", "4", "--games", "20", "--seed", "1", "--json", str(path)
    )
    assert "20 games" in out and "win share" in out and "decisions" in out
    data = json.loads(path.read_text())
    assert data["options"] == {"players": 4, "board": "mountain"}
    assert len(data["results"]) == 20
    assert sum(data["summary"]["win_share"]) == pytest.approx(1.0)
    game = serai.load_game(GAME, players=4)
    for result in data["results"][:3]:
        agents = [serai.bots.RandomBot(bot_seed(result["seed"], seat)) for seat in range(4)]
        record = serai.play(game, agents, seed=result["seed"])
        assert record.scores == result["scores"]
        assert len(record) == result["length"]


def test_simulate_workers_give_the_same_results(tmp_path: Path) -> None:
    outputs = []
    for workers in ("1", "2"):
        path = tmp_path / f"sim{workers}.json"
        args = ("--games", "8", "--seed", "2", "--workers", workers, "--json", str(path))
        run("simulate", GAME, "--option", "board=river", *args)
        outputs.append(json.loads(path.read_text()))
    assert outputs[0] == outputs[1]


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "game.json"
    run("play", GAME, "--seats", "random,random", "--seed", "11", "--save", str(path))
    return path


def test_replay_move_by_move(saved_game: Path) -> None:
    record = load_record(saved_game)
    out = run("replay", str(saved_game))
    state = serai.load_game(GAME, players=2).new_initial_state()
    for index, (action, chance) in enumerate(zip(record.actions, record.chance, strict=True)):
        state.apply_action(action)
        if index % 9 == 0:  # a sample keeps the test fast
            # The board after each decision, not after each setup draw.
            assert (board_text(state) in out) != chance
    assert "chance: 5 × palm" in out
    last = serai.replay(record, len(record) - 1)
    names = ("seat 0 (random)", "seat 1 (random)")
    assert last.narrate_for(None, record.actions[-1]).format(*names) in out
    assert "Final scores" in out and "winner" in out


def test_replay_at_shows_one_position(saved_game: Path) -> None:
    out = run("replay", str(saved_game), "--at", "50")
    assert "after 50 of" in out and "to play" in out
    assert "Scores after 50 actions" in out
    assert board_text(serai.replay(load_record(saved_game), 50)) in out
    assert "Final scores" not in out
    out = run("replay", str(saved_game), "--at", "9999", code=2)
    assert "cannot replay to action 9999" in out


def test_replay_of_an_unfinished_game(tmp_path: Path, saved_game: Path) -> None:
    data = json.loads(saved_game.read_text())
    data["actions"], data["scores"] = data["actions"][:45], None
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(data))
    out = run("replay", str(path))
    assert "the game is unfinished: seat" in out and "Scores after 45 actions" in out
    assert "winner" not in out


def test_outputs_in_missing_directories_are_refused_before_the_work(tmp_path: Path) -> None:
    missing = str(tmp_path / "nowhere" / "out.json")
    for args in (
        ("play", GAME, "--seats", "random,random", "--save", missing),
        ("simulate", GAME, "--games", "2", "--json", missing),
        ("bench", GAME, "--runs", "1", "--json", missing),
    ):
        out = run(*args, code=2)
        assert out.startswith("error: cannot write") and "there is no directory" in out
    # a directory named as the file: a game played to the end lost its record
    out = run("play", GAME, "--seats", "human,random", "--save", str(tmp_path), code=2)
    assert out.startswith("error: cannot write") and "it is a directory" in out


def test_replay_refuses_bad_files(tmp_path: Path, saved_game: Path) -> None:
    missing = tmp_path / "missing.json"
    assert "No such file" in run("replay", str(missing), code=2)
    garbage = tmp_path / "garbage.json"
    garbage.write_text("not json")
    assert "is not a JSON game record" in run("replay", str(garbage), code=2)
    garbage.write_text("[1, 2]")
    assert "not a serai game record" in run("replay", str(garbage), code=2)
    data = json.loads(saved_game.read_text())
    data["actions"][40]["action"] = 4000
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    assert "record action 40" in run("replay", str(tampered), code=2)


def test_replay_refuses_a_strangers_files_in_one_line(tmp_path: Path, saved_game: Path) -> None:
    """A review of what the command line reads: these hung, filled the memory, or ended
    in a traceback."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    assert "is not a file" in run("replay", str(pipe), code=2)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(MAX_BYTES + 1)
    assert "is too large for a game record" in run("replay", str(huge), code=2)
    data = json.loads(saved_game.read_text())
    tampered = tmp_path / "tampered.json"
    for change, says in [
        ({"seed": [1]}, "seed is [1]"),
        ({"options": {**data["options"], "name": "x"}}, "unknown option 'name'"),
        ({"players": ["\x1b[2JEVIL", "random"]}, "a player is named"),
        (
            {"players": ["mcts:99999999999999", "random"], "actions": data["actions"][:20]}
            | {"scores": None},
            "1 to 1,000,000",
        ),
        ({"format": True}, "unknown record format"),
        ({"actions": [{**data["actions"][0], "t": 10**400}]}, "an action's time is"),
    ]:
        tampered.write_text(json.dumps({**data, **change}))
        assert says in run("play", "--resume", str(tampered), code=2), change
    seed = json.dumps({**data, "seed": 0}).replace('"seed": 0', '"seed": ' + "9" * 5000)
    tampered.write_text(seed)
    assert "is not a game record" in run("replay", str(tampered), code=2)
    data["actions"][0]["action"] = float("inf")
    tampered.write_text(json.dumps(data))
    assert "an action is inf" in run("replay", str(tampered), code=2)


def test_bench_json(tmp_path: Path) -> None:
    path = tmp_path / "bench.json"
    args = ("--players", "2", "--runs", "1", "--seconds", "0.2", "--json", str(path))
    out = run("bench", GAME, *args)
    assert "actions/s" in out and "clone()" in out and "legal_actions()" in out
    figures = json.loads(path.read_text())
    assert figures["params"] == {"players": 2, "board": "mountain"}
    for key in ("actions_per_second", "games_per_second", "clone_us", "legal_actions_us"):
        assert figures[key] > 0
    assert figures["state_bytes"] > 0


def test_parse_options_and_seats() -> None:
    assert parse_options(["board=river", " speed = 3 "]) == {"board": "river", "speed": "3"}
    specs = parse_seats("Human, random ,random:hard", 3)
    assert [str(spec) for spec in specs] == ["human", "random", "random:hard"]


def test_game_log_summarises_chance_runs() -> None:
    console = Console(width=200, record=True, file=io.StringIO())
    log = GameLog(console, ["a", "b"], None)
    tokens = [(f"token {col},0 2", f"A token on {col},0") for col in range(11)]
    log.pending = [("palm 3,2", "A palm on 3,2"), *tokens, ("palm 1,7", "A palm on 1,7")]
    log.flush()
    lines = console.export_text().splitlines()
    assert lines[0] == "chance: A palm on 3,2"
    assert lines[1].startswith("chance: 11 × token: 0,0 2 · 1,0 2 · ")
    assert lines[1].endswith("7,0 2 … (+3)")
    assert lines[2] == "chance: A palm on 1,7"
    assert log.pending == []


def test_human_input_is_tidied_before_the_strict_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    state = serai.load_game(GAME, players=2).new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(serai.sample_chance(state, rng))
    first = state.legal_actions()[0]
    typed = "  " + state.action_to_string(first).upper().replace(" ", "   ") + " "
    monkeypatch.setattr("builtins.input", lambda prompt: typed)
    human = TerminalHuman(Console(file=io.StringIO()))
    assert human.act(state) == first


@pytest.mark.parametrize("command", ["play", "simulate", "bench"])
def test_players_as_an_option_is_a_clean_error(command: str) -> None:
    result = runner.invoke(app, [command, GAME, "--option", "players=3"])
    assert result.exit_code == 2
    assert "--players" in result.output and "Traceback" not in result.output


def test_a_shared_screen_never_shows_hidden_values_unasked(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.through_the_desert.scenario import camel_position, to_act

    state = camel_position(
        2, [(0, "red", "1,4")], [(0, "red", "0,4"), (0, "red", "1,5")], tokens={"0,5": 3}
    )
    state.apply_action(state.string_to_action("camel red 0,6"))  # seat 0 takes the 3 (R17)
    state = to_act(state, 0)
    for shared, shown in ((True, False), (False, True)):
        out = io.StringIO()
        typed = iter(["secret", "quit"] if shared else ["quit"])
        monkeypatch.setattr("builtins.input", lambda prompt, typed=typed: next(typed))
        human = TerminalHuman(Console(file=out, width=120), shared_screen=shared)
        with pytest.raises(QuitGame):
            human.act(state)
        board, _, after_secret = out.getvalue().partition("shared screen: type 'secret'")
        assert ("water 3" in board) is shown
        if shared:
            assert "water 3" in after_secret  # asked for on purpose


def test_a_score_table_with_many_parts_turns_on_its_side_to_fit_80_columns() -> None:
    game = serai.load_game("five_tribes", players=3)
    final = serai.replay(serai.play(game, [serai.bots.RandomBot(s) for s in range(3)], seed=3))
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(score_table(final, ["greedy", "random", "mcts:hard"], "Final scores"))
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "mcts:hard" in text and "Vizier majority" in text and "winner" in text
    totals = next(line for line in text.splitlines() if "Total" in line)
    assert [int(x) for x in totals.replace("│", " ").split()[1:]] == final.scores()


def test_strength_writes_the_table_and_plot_and_keeps_each_game_once_it_is_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run stopped in its second game has stored the first, with that game's command."""
    pytest.importorskip("matplotlib", reason="install the plots extra: pip install -e '.[plots]'")
    measured = []

    def measure_one(*args: object, **kwargs: object) -> Strength:
        measured.append(args[2])
        if len(measured) == 2:
            raise OSError("the machine went away")
        return measure(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("serai.cli.measure", measure_one)
    # the bookkeeping is under test, not the bots: small searches, whole games all the same
    for level, iterations in (("easy", 4), ("medium", 8), ("hard", 16)):
        monkeypatch.setitem(DIFFICULTIES, level, Budget(iterations=iterations, seconds=2.5))
    monkeypatch.setattr("serai.sim.strength.CURVE_ITERATIONS", (2, 4, 8, 16))
    args = ["--games", "1", "--curve-games", "1", "--out", str(tmp_path)]
    out = run("strength", "--game", GAME, "--game", "desert_sons", *args, code=2)
    assert measured == [[GAME], ["desert_sons"]]
    assert "the machine went away" in out
    assert f"{GAME} 2p greedy vs random:" in out and f"{GAME} 3p mcts:hard vs mcts:medium" in out
    assert sorted(p.name for p in tmp_path.glob("strength-*.json")) == [f"strength-{GAME}.json"]
    figures = json.loads((tmp_path / f"strength-{GAME}.json").read_text())
    assert len(figures["pairings"]) == 6 and len(figures["curve"]) == 4
    assert figures["command"] == f"serai strength --games 1 --curve-games 1 --game {GAME}"
    assert f"| {GAME} | 3 | greedy | random | 1 |" in (tmp_path / "strength.md").read_text()
    assert (tmp_path / "strength.png").stat().st_size > 0


KEPT_FIGURES = {
    "command": "serai strength --games 1",
    "pairings": [
        {
            "game": GAME,
            "players": 2,
            "challenger": "greedy",
            "opponent": "random",
            "games": 1,
            "win_rate": 1.0,
            "margin": 0.5,
            "seconds_per_decision": 0.001,
        }
    ],
    "curve": [
        {"game": GAME, "iterations": 25, "seconds_per_decision": 0.01, "win_rate": 0.5},
    ],
}


def doctored(change: str) -> object:
    """:data:`KEPT_FIGURES` as it might be found edited, cut short or replaced."""
    pairing = KEPT_FIGURES["pairings"][0]  # type: ignore[index]
    changes: dict[str, object] = {
        "a_list": [KEPT_FIGURES],
        "no_curve": {k: v for k, v in KEPT_FIGURES.items() if k != "curve"},
        "a_field_more": {**KEPT_FIGURES, "note": "x"},
        "pairings_not_a_list": {**KEPT_FIGURES, "pairings": {"0": pairing}},
        "win_rate_as_text": {**KEPT_FIGURES, "pairings": [{**pairing, "win_rate": "high"}]},
        "games_as_a_flag": {**KEPT_FIGURES, "pairings": [{**pairing, "games": True}]},
        "negative_games": {**KEPT_FIGURES, "pairings": [{**pairing, "games": -1}]},
        "a_pairing_field_missing": {**KEPT_FIGURES, "pairings": [{"game": GAME}]},
        "a_huge_number": {**KEPT_FIGURES, "pairings": [{**pairing, "players": 10**400}]},
    }
    return changes[change]


@pytest.mark.parametrize(
    "change",
    [
        "not_json",
        "a_list",
        "no_curve",
        "a_field_more",
        "pairings_not_a_list",
        "win_rate_as_text",
        "games_as_a_flag",
        "negative_games",
        "a_pairing_field_missing",
        "a_huge_number",
    ],
)
def test_strength_refuses_a_doctored_kept_file_before_it_measures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    """The table is redrawn from every game's figures kept in the directory: one it could
    not have written is named in one line, before hours of games, and left as it was."""
    measured: list[object] = []
    monkeypatch.setattr("serai.cli.measure", lambda *args, **kwargs: measured.append(args))
    kept = tmp_path / "strength-desert_sons.json"
    text = "{not json" if change == "not_json" else json.dumps(doctored(change))
    kept.write_text(text)
    out = run("strength", "--game", GAME, "--out", str(tmp_path), code=2)
    said = out.replace("\n", "")
    assert said.startswith(f"error: {kept} "), said
    assert measured == [], "refused before the work"
    assert kept.read_text() == text


def test_strength_reads_back_the_figures_it_kept(tmp_path: Path) -> None:
    """A kept file as written is read as it was (so the refusals above are of what
    differs from it)."""
    from serai.sim.strength import kept

    (tmp_path / "strength-x.json").write_text(json.dumps(KEPT_FIGURES))
    assert [part.to_json() for part in kept(tmp_path)] == [KEPT_FIGURES]


@pytest.mark.parametrize("command", ["strength", "report"])
def test_an_output_directory_that_is_a_file_is_refused_before_the_work(
    tmp_path: Path, command: str
) -> None:
    taken = tmp_path / "taken"
    taken.write_text("mine")
    for out in (taken, taken / "below"):
        args = [command, GAME, "--games", "2"] if command == "report" else [command, "--game", GAME]
        said = run(*args, "--out", str(out), code=2)
        assert "is not a directory" in said.replace("\n", "")
    assert taken.read_text() == "mine"


def test_bench_bots_sets_ours_beside_openspiel(tmp_path: Path) -> None:
    pytest.importorskip(
        "pyspiel", reason="install the research extra: pip install -e '.[research]'"
    )
    path = tmp_path / "versus.json"
    out = run(
        "bench",
        GAME,
        "--bots",
        "--games",
        "1",
        "--move-seconds",
        "0.02",
        "--simulations",
        "10",
        "--json",
        str(path),
    )
    assert "iterations/s" in out and "speed ratio" in out and "wins in 1 games" in out
    figures = json.loads(path.read_text())
    assert figures["players"] == 2 and figures["speedup"] > 0
    three = tmp_path / "three.json"
    run(
        "bench",
        GAME,
        "--bots",
        "--players",
        "3",
        "--games",
        "1",
        "--move-seconds",
        "0.01",
        "--simulations",
        "10",
        "--json",
        str(three),
    )
    assert json.loads(three.read_text())["players"] == 3


def test_rules_lists_every_game_with_its_command() -> None:
    out = run("rules")
    for name in serai.list_games():
        assert f"serai rules {name}: {serai.game_info(name).title}" in out


def test_rules_prints_the_whole_rules_reference() -> None:
    out = run("rules", GAME)
    assert "Through the Desert — rules" in out
    assert "End and scoring" in out and "Notation" in out
    assert "R1 — The mountain side" in out and "R29 — Default options" in out


@pytest.mark.parametrize("ruling", ["R3", "r3", "3"])
def test_rules_prints_one_ruling(ruling: str) -> None:
    out = run("rules", GAME, ruling)
    assert "R3 — The river side" in out and "west bank" in out
    assert "R2 —" not in out and "R4 —" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("chess",), "unknown game 'chess'; known games: desert_sons"),
        (("chess", "R3"), "unknown game 'chess'"),
        ((GAME, "R30"), "through_the_desert has no ruling R30; its rulings are R1–R29"),
        ((GAME, "rule3"), "'rule3' is not a ruling number; write it as R12 or 12"),
        ((GAME, "R" + "9" * 5000), "is not a ruling number"),
    ],
)
def test_rules_of_an_unknown_game_or_ruling_is_one_line_and_code_2(
    args: tuple[str, ...], message: str
) -> None:
    out = run("rules", *args, code=2)
    assert out.startswith("error:") and message in out
    assert len(out.strip().splitlines()) == 1


def test_play_rules_command_and_the_hint_after_an_illegal_action() -> None:
    # In the leader phase a camel is refused under R8; the player is told how to read it.
    typed = "help\ncamel red 0,0\nrules R8\nrules R99\nrules\nquit\n"
    out = run("play", GAME, "--seats", "human,random", "--seed", "3", input=typed)
    assert "rules: the rules of this game; 'rules R12' shows ruling R12 alone" in out
    assert "this is the leader phase: place a leader (R8)" in out
    assert "type 'rules R8' to read the ruling" in out
    assert "R8 — Where a leader may stand" in out and "not next to a palm" in out
    assert "through_the_desert has no ruling R99; its rulings are R1–R29" in out
    assert "Through the Desert — rules" in out and "R29 — Default options" in out
    assert "game abandoned" in out


# -- words, saving, resuming and taking back ----------------------------------------------------


def test_play_shows_the_prompt_the_log_in_words_and_labels_total_first() -> None:
    out = run("play", GAME, "--seats", "human,random", "--seed", "3", input="1\n" * 400)
    assert "Place a leader on a free hex, not next to a palm or another leader" in out
    assert "Place a camel next to one of your caravans of its colour" in out
    assert "seat 0 (human) placed the blue leader at " in out
    assert "seat 1 (random) placed a " in out and " camel at " in out
    header = next(line for line in out.splitlines() if "Largest caravans" in line)
    assert header.index("Total") < header.index("Largest caravans") < header.index("Oases")
    assert "caravan " not in header and "total" not in header


def test_quit_with_save_keeps_the_game_and_resume_plays_it_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    seats = ("--seats", "human,random", "--seed", "3", "--save", str(path))
    out = run("play", GAME, *seats, input="1\n" * 7 + "quit\n")
    assert f"saved to {path}" in out and f"serai play --resume {path}" in out
    stopped = load_record(path)
    assert stopped.scores is None and len(stopped) > 40
    assert not serai.replay(stopped).is_terminal()
    out = run("play", "--resume", str(path), input="1\n" * 400)
    assert f"seed 3, resumed after {len(stopped)} actions" in out and "Final scores" in out
    finished = load_record(path)  # saved again to the file it came from
    assert finished.actions[: len(stopped)] == stopped.actions
    assert finished.players == ["human", "random"]
    assert serai.replay(finished).is_terminal() and finished.scores is not None


def test_a_resumed_game_draws_chance_as_if_it_had_never_stopped(tmp_path: Path) -> None:
    # Two people who always take the first choice play the same game, stopped or not; Five
    # Tribes draws cards and Djinns at every clean-up (R31).
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    seats = ("--seats", "human,human", "--seed", "5")
    run("play", "five_tribes", *seats, "--save", str(whole), input="1\n" * 3000)
    assert serai.replay(load_record(whole)).is_terminal()
    run("play", "five_tribes", *seats, "--save", str(part), input="1\n" * 40 + "quit\n")
    stopped = len(load_record(part))
    assert True in load_record(whole).chance[stopped:]
    run("play", "--resume", str(part), input="1\n" * 3000)
    assert load_record(part).actions == load_record(whole).actions


def test_resume_refuses_what_contradicts_the_saved_game(tmp_path: Path, saved_game: Path) -> None:
    assert "is over; `serai replay" in run("play", "--resume", str(saved_game), code=2)
    data = json.loads(saved_game.read_text())
    data["actions"], data["scores"] = data["actions"][:60], None
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(data))
    out = run("play", "five_tribes", "--resume", str(path), code=2)
    assert "holds a game of through_the_desert, not of five_tribes" in out
    for extra in (("--seed", "4"), ("--players", "3"), ("--option", "board=river")):
        assert "only --seats may change" in run("play", "--resume", str(path), *extra, code=2)
    assert "name the game to play" in run("play", code=2)


def test_undo_takes_back_a_decision_of_this_turn_and_never_one_before_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    # Seat 0 asks to undo right after the setup draws (refused), places its five leaders and
    # the single camel of its first turn (R13), the first camel of its second turn, takes it
    # back, cannot take back more (seat 1 played before it), and places another instead.
    typed = "undo\n" + "1\n" * 7 + "undo\nundo\n2\nquit\n"
    out = run(
        "play", GAME, "--seats", "human,random", "--seed", "3", "--save", str(path), input=typed
    )
    before, _, after = out.partition("taken back: ")
    assert "nothing to take back" in before
    record = load_record(path)
    turn = serai.replay(record, len(record) - 1)
    first, second = turn.legal_actions()[:2]
    assert after.startswith(turn.narrate_for(0, first).format("seat 0 (human)"))
    assert "nothing to take back: undo works on your own decisions of this turn" in after
    assert record.actions[-1] == second and turn.current_player() == 0
    assert serai.replay(record, len(record) - 2).current_player() == 1
