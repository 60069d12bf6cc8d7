"""The position notation (``docs/rules/nomads_of_arabia.md``, *Position notation*), the
state's fields declared once, and JSON and observations as they were before."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

import serai
from serai import rulebook
from serai.games.nomads_of_arabia.rules import FIELDS, NomadsOfArabiaState
from tests.nomads_of_arabia.scenario import REF, Table, do, ref, ref_table

SAVED = json.loads((Path(__file__).parent / "data" / "saved-1.1.json").read_text())


def load(text: str) -> NomadsOfArabiaState:
    state = serai.load_position("nomads_of_arabia", text)
    assert isinstance(state, NomadsOfArabiaState)
    return state


def game_states(players: int, seed: int, **options: int) -> list[NomadsOfArabiaState]:
    state = serai.load_game("nomads_of_arabia", players=players, **options).new_initial_state()
    assert isinstance(state, NomadsOfArabiaState)
    rng = random.Random(seed)
    out = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


def test_the_reference_board_reads_as_the_rules_reference_writes_it() -> None:
    assert ref().position() == REF
    state = load(REF)
    assert state.history() == [] and state.node_name == "move" and state.current_player() == 0
    assert state.to_json()["rows"] == ["d4", "c2", "d1", "c1", "d3"]


def test_the_rules_reference_shows_the_reference_board_and_after_a_move() -> None:
    text = rulebook.rules_text("nomads_of_arabia")
    assert REF in text
    state = ref()
    do(state, "move 2,4 1,5")
    tail = " ".join(state.position().split(" ")[-4:])
    assert f"… {tail}" in text


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(3, 1, {}), (4, 2, {"final_disks": 3}), (5, 3, {"special_disks": 2}), (6, 4, {})],
)
def test_every_state_of_a_game_reads_back_and_plays_on_alike(
    players: int, seed: int, options: dict[str, int]
) -> None:
    states = game_states(players, seed, **options)
    for state, after in itertools.pairwise(states):
        rebuilt = load(state.position())
        assert rebuilt.position() == state.position()
        assert rebuilt.legal_actions() == state.legal_actions()
        assert rebuilt.chance_outcomes() == state.chance_outcomes()
        assert rebuilt.estimate() == state.estimate()
        assert rebuilt.component_counts() == state.component_counts()
        rebuilt.apply_action(after.history()[-1])
        assert rebuilt.position() == after.position()
        assert rebuilt.view(None) == after.view(None)


def test_the_state_is_its_declared_fields() -> None:
    assert NomadsOfArabiaState.__slots__ == FIELDS.slots
    state = ref()
    copy = state.clone()
    do(copy, "move 2,4", "take-handlers camel,goat")
    assert state.position() == REF and copy.position() != REF


def test_a_state_saved_before_reads_and_writes_the_same_json() -> None:
    saved = SAVED["state"]
    state = serai.load_game("nomads_of_arabia", players=3).state_from_json(saved)
    assert state.to_json() == saved


def test_the_observation_is_the_vector_it_was() -> None:
    game = serai.load_game("nomads_of_arabia", players=3)
    states = game_states(3, SAVED["seed"])
    assert states[len(SAVED["state"]["history"])].to_json() == SAVED["state"]
    for seen in SAVED["observations"]:
        vector = states[seen["actions"]].observation(seen["seat"])
        assert len(vector) == game.observation_size() == 1259
        assert {str(i): v for i, v in enumerate(vector) if v} == seen["nonzero"]
    starts = {name: game.observation_layout().start(name) for name in ("nomads", "seats", "turn")}
    assert starts == {"nomads": 440, "seats": 1132, "turn": 1258}


# -- refused positions ---------------------------------------------------------------------
HOLDING = "2,4/10/0,0,0,0/1,1,0,0/-"
"""Seat 1 on green land with a camel and a donkey die (the pile then has 2 of each)."""


@pytest.mark.parametrize(
    ("parts", "reason"),
    [
        ({"board": "d4,c2*,d1,c1"}, "4 rows on the board; there are 5 here"),
        ({"board": "d4,c2,c1,d1,d3"}, "city and desert strips alternate"),
        ({"board": "d4*,c2,d1,c1,d3"}, "d4 is a desert strip"),
        ({"discards": "d4"}, "a strip is on the board or discarded twice"),
        ({"discards": "d5,c5"}, "the discarded city strips come before the desert ones"),
        ({"boxes": "1,1,1,1/2,0,0,6/0,0,4,0/2,4,2,0/1,1,1,2"}, "14 animals horse where"),
        ({"pile": "3,3,3,2"}, "2 handler dice horse where the game has 3"),
        ({"special disks": "4/abdul/0"}, "9 special disks where the game has 8"),
        ({"final disks": "mecca/0"}, "4 final disks where the game has 5"),
        (
            {"board": "d4,c2*,d1,c1c,d3", "final disks": "bonus-camel/0"},
            "final disks come to new cities once the special disks are out (R24)",
        ),
        ({"seat 1": "0,4/10/0,0,0,0/0,0,0,0/-"}, "seat 1's nomad is not on a space"),
        ({"seat 1": "1,2/10/0,0,0,0/0,0,0,0/-"}, "seat 1's nomad is not on a space"),
        ({"seat 1": HOLDING.replace("2,4", "3,5"), "pile": "2,2,3,3"}, "handler dice on a city"),
        ({"seat 1": HOLDING.replace("1,1,0,0", "2,2,0,0"), "pile": "1,1,3,3"}, "holds 4 handler"),
        ({"seat 1": "pilgrim/10/0,0,0,0/0,0,0,0/abdul,abdul"}, "names a disk twice"),
        ({"turn": "1000/0/1"}, "the game ends when Mecca is drawn (R36) or at the turn limit"),
        ({"turn": "0/4/1"}, "the seats are 0 to 3"),
        ({"flags": "placement"}, "a turn starts with no flags"),
        ({"to act": "move:1"}, "it is seat 0's turn: seat 1 cannot move"),
        ({"to act": "place:0"}, "only a nomad with the Pilgrim is placed (R27)"),
        ({"to act": "handlers:0"}, "cannot follow handlers"),
        ({"to act": "keep:2", "steps": "travel-done"}, "only a nomad leaving the board with 3"),
        ({"to act": "sands:1"}, "cannot follow sands"),
        (
            {"to act": "roll-animals:green", "steps": "shift/restock/end-turn"},
            "a Land Restock repeats its roll; a Random Restock comes once",
        ),
        ({"to act": "draw-disk:0"}, "cannot follow draw-disk"),
        ({"to act": "over"}, "the game ends when Mecca is drawn"),
        ({"steps": "window:1/next-turn"}, "cannot follow move"),
        ({"steps": "pair:camel:5"}, "an Animal Restock places 1 to 4 animals"),
        ({"steps": "step:0,4/action"}, "is not a space a nomad can step on"),
    ],
)
def test_an_impossible_position_is_refused_with_its_reason(
    parts: dict[str, str], reason: str
) -> None:
    table = Table(REF)
    for part, word in parts.items():
        table.set(part, word)
    with pytest.raises(serai.GameError, match="nomads_of_arabia position") as refused:
        load(table.position)
    assert reason in str(refused.value)


def test_a_window_asks_only_seats_holding_a_disk() -> None:
    table = ref_table().seat(1, disks=("abdul",))
    state = table.set("to act", "sands:1").set("steps", "window:-/next-turn").load()
    assert state.legal_actions() == [state.string_to_action("pass")]
    with pytest.raises(serai.GameError, match="the window asks seats holding a special disk"):
        table.set("to act", "sands:2").load()


def test_a_land_restock_fills_the_first_empty_box() -> None:
    table = ref_table().box("red").box("blue").set("steps", "restock/decide:0/end-turn")
    state = table.set("to act", "roll-animals:red").load()
    assert state.target_box == 1
    with pytest.raises(serai.GameError, match="a Land Restock fills the first empty box"):
        table.set("to act", "roll-animals:blue").load()


def test_a_position_of_the_setup_has_nothing_in_play_yet() -> None:
    setup = serai.load_game("nomads_of_arabia", players=4).new_initial_state().position()
    assert load(setup).chance_outcomes()[0][1] == pytest.approx(1 / 8)
    started = setup.replace("-/10/0,0,0,0/0,0,0,0/-", "-/10/0,0,0,0/0,0,0,0/abdul", 1)
    with pytest.raises(serai.GameError, match="during the setup nothing is held"):
        load(started.replace("5/-/0", "4/-/0", 1))
