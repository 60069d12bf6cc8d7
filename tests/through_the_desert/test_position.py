"""The position notation (*Position notation* in the rules reference), the state's fields
declared once, and actions decoded as values.

The conformance suite checks the round trip on a few random games; here every state of
many games is read back field by field (the fields positions do not write are worked out,
and must come out as the placements left them), each kind of impossible position is refused
with its part and ruling, and the reference's worked example reads as it says.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import serai
from serai.games.through_the_desert.actions import DECODED, NUM_ACTIONS, TEXTS, decode
from serai.games.through_the_desert.board import COLOURS, bits, hex_name, layout_for
from serai.games.through_the_desert.position import PARTS
from serai.games.through_the_desert.rules import ThroughTheDesertState
from tests.through_the_desert.scenario import (
    CORNERED,
    LAYOUT_A,
    Piece,
    camel_leaders,
    camel_position,
    finished,
    hx,
    load,
    position,
    setup,
)

DOCS = Path(__file__).parents[2] / "docs" / "rules" / "through_the_desert.md"
DATA = Path(__file__).parent / "data"


def states(players: int, board: str, seed: int) -> list[ThroughTheDesertState]:
    game = serai.load_game("through_the_desert", players=players, board=board)
    state = game.new_initial_state()
    assert isinstance(state, ThroughTheDesertState)
    rng = random.Random(seed)
    out = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


def fields(state: ThroughTheDesertState) -> dict[str, object]:
    """Every field but the history and the game (compared by its options)."""
    out = {name: getattr(state, name) for name in state.FIELDS.slots}
    out["game"] = state.game.params()
    del out["_history"]
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("board", ["mountain", "river"])
def test_every_state_reads_back_field_by_field(players: int, board: str) -> None:
    for seed in range(2):
        for state in states(players, board, 100 * players + seed):
            rebuilt = load(state.position())
            assert fields(rebuilt) == fields(state)
            assert rebuilt.history() == []


def test_the_reference_example_reads_as_it_says() -> None:
    text = DOCS.read_text()
    section = text[text.index("## Position notation") : text.index("## Rulings")]
    example, rows = re.findall(r"```\n(.*?)\n```", section, re.DOTALL)
    state = load(example)
    assert state.position() == example
    assert (state.phase_name, state.current_player(), state.turn, state.placed) == (
        "camels",
        1,
        5,
        1,
    )
    assert [line.split()[-1] for line in rows.splitlines()] == example.split(" ")[6].split("/")
    assert state.closed_regions == [(1 << hx("9,12"), COLOURS.index("green"))]
    assert state.claimed == [1, 0, 0, 1, 0, 0]
    assert state.scores() == [7, 11]
    assert state.view(0)["players_info"][1]["score"]["total"] == 10  # seat 1's token hidden
    assert state.round1 == 0b01001  # blue and yellow


def test_a_state_saved_as_json_before_the_fields_table_still_loads() -> None:
    data = json.loads((DATA / "state-before-fields.json").read_text())
    game = serai.load_game("through_the_desert", **data["options"])
    state = game.state_from_json(data)
    assert json.dumps(state.to_json()) == json.dumps(data)  # the same keys in the same order


def test_the_parts_are_the_documented_ones() -> None:
    text = DOCS.read_text()
    section = text[text.index("## Position notation") : text.index("## Rulings")]
    documented = re.findall(r"^\| \d+\. ([^|]+?) \|", section, re.MULTILINE)
    assert [part.replace("board side", "board") for part in documented] == list(PARTS)
    assert len(setup(2).position().split(" ")) == len(PARTS)


# -- refusals -------------------------------------------------------------------------------
def refusal(text: str) -> str:
    with pytest.raises(serai.GameError) as refused:
        load(text)
    return str(refused.value)


def test_r8_a_leader_next_to_a_palm_is_refused() -> None:
    text = position(2, phase="leaders", leaders=[(0, "red", "3,3")])
    assert "part 7 (map): the leader on 3,3 is next to a palm (R8)" in refusal(text)


def test_r8_a_leader_on_a_token_is_refused() -> None:
    text = position(2, phase="leaders", leaders=[(0, "red", "1,3")])  # a watering hole
    assert "part 7 (map): a leader stands on the token hex 1,3 (R8)" in refusal(text)


def test_r6_more_tokens_of_a_value_than_there_are_is_refused() -> None:
    # The first fifteen token hexes are dealt 3s: all of them (R6). Seat 0's yellow camel
    # takes the token on 6,8, which is worth 1 or 2; a 3 there would be a sixteenth.
    layout = layout_for("mountain", 2)
    palms = sum(1 << hx(h) for h in LAYOUT_A)
    threes = {hex_name(h): 3 for h in bits((layout.watering_holes | layout.oases) & ~palms)[:15]}
    assert "6,8" not in threes
    state = camel_position(2, [], [(0, "yellow", "6,8")], tokens=threes)
    assert state.claimed[2] == 0 and state.token_count(0) == 1
    words = state.position().split(" ")
    words[PARTS.index("claimed tokens")] = "0,0,1/0,0,0"
    assert "part 9 (claimed tokens): 16 tokens worth 3: there are 15 (R6)" in refusal(
        " ".join(words)
    )


def test_r15_r17_tokens_held_must_be_the_tokens_taken() -> None:
    words = camel_position(2, [], [(0, "yellow", "6,8")]).position().split(" ")
    words[PARTS.index("claimed tokens")] = "1,0,0/1,0,0"
    assert "seat 1 holds 1 tokens but took 0 (R15, R17)" in refusal(" ".join(words))


def test_r9_a_camel_apart_from_its_caravan_is_refused() -> None:
    text = position(2, leaders=camel_leaders_for_2(), camels=[(0, "red", "10,10")])
    assert "is in pieces that do not touch (R9)" in refusal(text)


def test_r12_two_caravans_of_a_colour_touching_is_refused() -> None:
    leaders = camel_leaders_for_2()
    text = position(2, leaders=leaders, camels=[(0, "red", "7,5")])
    assert "touches seat 1's of its colour (R12)" in refusal(text)


def test_r13_the_player_must_fit_the_turn() -> None:
    text = position(2, leaders=camel_leaders_for_2(), player=1, turn=4)
    assert "part 4 (player): turn 4 is seat 0's (R13)" in refusal(text)
    assert "part 6 (placed)" in refusal(position(2, leaders=camel_leaders_for_2(), placed=2))


def test_r17_a_closed_region_its_caravan_does_not_enclose_is_refused() -> None:
    text = position(2, leaders=camel_leaders_for_2(), closed=[(0, "red", ["10,10"])])
    assert "(R17)" in refusal(text)


def test_r19_camels_in_the_leader_phase_are_refused() -> None:
    text = position(2, phase="leaders", leaders=[(0, "red", "7,6")], camels=[(0, "red", "7,5")])
    assert "(R19)" in refusal(text)


def test_r20_a_game_that_goes_on_needs_a_camel_to_place() -> None:
    # Seat 0's green has gone out through 3,0 and every other caravan of seat 0 is boxed in.
    stuck = {**CORNERED, "camels": [*CORNERED["camels"], (0, "green", "3,0")]}
    assert "seat 0 cannot place, so it is over (R20)" in refusal(position(2, **stuck))
    over = load(position(2, phase="over", **stuck))
    assert over.is_terminal() and over.legal_actions() == []


def test_r20_a_game_may_be_declared_over_to_score_its_board() -> None:
    state = camel_position(2, [], [(1, "red", "7,3")])
    over = finished(state)
    assert not state.is_terminal() and over.is_terminal()
    assert over.score_breakdown()[1]["caravan"] == 10 != state.score_breakdown()[1]["caravan"]


def test_r25_tokens_are_dealt_in_hex_order() -> None:
    dealt = position(2, phase="setup", dealt=3)
    state = load(dealt)
    assert state.is_chance_node() and state.dealt == 3
    words = dealt.split(" ")
    words[PARTS.index("map")] = re.sub(r"~[123]", "..", words[PARTS.index("map")], count=1)
    assert "setup deals the tokens in increasing hex order (R25)" in refusal(" ".join(words))


def test_r11_two_seats_setting_aside_one_colour_is_refused() -> None:
    text = position(5, phase="leaders", removed="rrgyw")
    assert "part 10 (leaders set aside)" in refusal(text)
    assert load(position(5, phase="leaders", removed="rbgyw")).current_player() == 0


@pytest.mark.parametrize(
    ("change", "part"),
    [
        (lambda w: [*w[:6], "/".join(w[6].split("/")[:12]), *w[7:]], "map"),
        (lambda w: [*w[:6], w[6].replace("..", ".", 1), *w[7:]], "map"),
        (lambda w: [*w[:6], w[6].replace("..", "q0", 1), *w[7:]], "map"),
        (lambda w: [*w[:6], w[6].replace("..", "r7", 1), *w[7:]], "map"),
        (lambda w: [*w[:6], w[6].replace("..", "##", 1), *w[7:]], "map"),
        (lambda w: [*w[:7], "r0@0,0", *w[8:]], "closed regions"),
        (lambda w: [*w[:8], "0,0,0", *w[9:]], "claimed tokens"),
        (lambda w: [*w[:9], "-", *w[10:]], "leaders set aside"),
        (lambda w: [*w[:10], "rb"], "round-1 colours"),
        (lambda w: [*w[:2], "walking", *w[3:]], "phase"),
    ],
)
def test_a_malformed_part_is_named(change: Callable[[list[str]], list[str]], part: str) -> None:
    words = camel_position(2, []).position().split(" ")
    assert f"({part})" in refusal(" ".join(change(words)))


def camel_leaders_for_2() -> list[Piece]:
    """Every leader of a 2-player camel phase, where ``camel_position`` puts them."""
    return camel_leaders(2, [])


# -- actions as values -----------------------------------------------------------------------
def test_every_action_decodes_to_the_parts_of_its_text() -> None:
    game = serai.load_game("through_the_desert")
    for action in range(NUM_ACTIONS):
        move = game.decode(action)
        assert move is DECODED[action] is decode(action)
        words = TEXTS[action].split(" ")
        assert words[0] == move.kind
        parts = move._asdict()
        if "colour" in parts:
            assert COLOURS[parts["colour"]] in words
        if "hex" in parts:
            assert hex_name(parts["hex"]) in words
        if "value" in parts:
            assert words[-1] == str(parts["value"])
    with pytest.raises(serai.GameError):
        decode(NUM_ACTIONS)


def test_palm_draws_are_the_layouts_palms() -> None:
    state = serai.load_game("through_the_desert").new_initial_state()
    drawn = {hex_name(decode(a)[-1]) for a, _ in state.chance_outcomes()}
    assert set(LAYOUT_A) <= drawn


def test_r11_a_seat_left_with_no_colour_to_open_is_refused() -> None:
    # Seats 0–3 opened blue, green, red and white; seat 4 set yellow aside and holds only
    # those four, so it could open nothing: R11(c) keeps a game from getting here.
    leaders = [(0, "blue", "12,4"), (1, "green", "8,10"), (2, "red", "4,7"), (3, "white", "14,3")]
    text = position(5, phase="leaders", player=4, leaders=leaders, removed="wbgry")
    assert "seat 4 has no leader it may place (R8, R10, R11)" in refusal(text)
    # Had seat 3 opened yellow, white would be left for seat 4.
    leaders[3] = (3, "yellow", "14,3")
    state = load(position(5, phase="leaders", player=4, leaders=leaders, removed="wbgry"))
    assert {state.action_to_string(a).split()[1] for a in state.legal_actions()} == {"white"}
