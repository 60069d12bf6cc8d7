"""Five Tribes' descriptions of itself: the position notation (``docs/rules/five_tribes.md``,
Position notation), the JSON of saved states, and the observation's named pieces.

The conformance suite checks that positions round trip in every game; here the notation is
checked against its documentation, and each kind of impossible position is refused with its
reason.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import serai
from serai import rulebook
from serai.games.five_tribes.board import (
    BLUE,
    DROP,
    FINAL,
    KILL,
    PHASE_WORDS,
    PLACE,
    RED,
    YELLOW,
)
from serai.games.five_tribes.observation import LAYOUT
from serai.games.five_tribes.position import PARTS, read_fields, write_fields
from serai.games.five_tribes.rules import FiveTribesState
from tests.five_tribes import reference
from tests.five_tribes.scenario import Setup, act, board_x, legal, load, tx

SAVED_STATE = Path(__file__).parent / "state-1.1.json"
NAMES = ["players", *(part.what for part in PARTS)]


def section(heading: str) -> str:
    text = rulebook.rules_text("five_tribes")
    start = text.index(heading)
    return text[start : text.index("\n## ", start + 1)]


def documented_example() -> str:
    block = re.search(r"```\n(.+?)\n```", section("## Position notation"))
    assert block is not None
    return block.group(1)


def games(seed: int) -> list[FiveTribesState]:
    """States of random games of 2, 3 and 4 players: every 17th and the last."""
    out = []
    for players in (2, 3, 4):
        state = serai.load_game("five_tribes", players=players).new_initial_state()
        rng = random.Random(seed + players)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(serai.sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            if len(state.history()) % 17 == 0 or state.is_terminal():
                assert isinstance(state, FiveTribesState)
                out.append(state.clone())
    return out


# -- the notation -----------------------------------------------------------------------------


def test_the_documented_parts_are_the_parts_in_order() -> None:
    rows = re.findall(r"^\| [0-9–, ]+ \| ([^|]+) \|", section("## Position notation"), re.M)
    documented = [name.strip().lower() for row in rows for name in row.split(",")]
    assert documented == NAMES


def test_the_documented_example_is_the_position_it_describes() -> None:
    text = documented_example()
    state = serai.load_position("five_tribes", text)
    assert isinstance(state, FiveTribesState)
    assert state.position() == text
    assert (state.round, state.phase, state.current_player()) == (9, DROP, 2)
    assert (state.cur, state.prev, state.in_hand) == (tx("4,2"), tx("3,2"), [2, 0, 1, 1, 1])
    assert state.camel[tx("0,0")] == 0 and state.camel[tx("1,2")] == 2
    assert state.palms[tx("5,1")] == 2 and state.palaces[tx("2,3")] == 1
    assert state.gold == [20, 9, 0] and state.djinn_owner.count(-1) == 20
    assert sum(state.pile) == 22 and len(state.row) == 9 and sum(state.discard) == 16
    assert legal(state) == {"drop yellow", "drop green", "drop blue", "drop red"}


def test_every_phase_is_written_with_its_own_word() -> None:
    assert len(set(PHASE_WORDS)) == len(PHASE_WORDS)
    seen = {state.position().split(" ")[1] for state in games(seed=1)}
    assert seen >= {"fill-row", "bid", "pick", "step", "drop", "tile", "final", "over"}


def test_values_no_phase_reads_again_are_written_as_dashes() -> None:
    state = board_x(3).put("0,0", "blue").put("1,0", "blue").start_turn(0, 1)
    act(state, "pick 0,0")
    words = dict(zip(NAMES, state.position().split(" "), strict=True))
    assert (words["at"], words["from"]) == ("0,0", "-")
    act(state, "step 1,0")
    act(state, "drop blue")
    words = dict(zip(NAMES, state.position().split(" "), strict=True))
    assert (words["at"], words["from"], words["return to"]) == ("-", "-", "-")
    assert words["final tile"] == "1,0" and words["tribe"] == "blue"


def test_positions_of_whole_games_read_back_to_the_same_fields() -> None:
    for state in games(seed=2):
        text = state.position()
        fields = read_fields(state.game, text)
        assert write_fields(state.game, fields) == text
        rebuilt = load(state.game, text)
        assert rebuilt.component_counts() == state.component_counts()
        assert rebuilt.legal_actions() == state.legal_actions()


# -- refusals ---------------------------------------------------------------------------------


def refused(setup: Setup, reason: str) -> None:
    with pytest.raises(serai.GameError, match=reason):
        setup.state()


def test_a_malformed_part_is_refused_naming_it() -> None:
    text = board_x(3).text()
    words = text.split(" ")
    for index, word, reason in (
        (5, "SSF6OO/S6OSLO", r"part 6 \(tiles\): has 2 rows"),
        (5, words[5].replace("V", "X", 1), r"part 6 \(tiles\): 'X' is not one of"),
        (6, words[6].replace(".", "q", 1), r"part 7 \(meeples\): 'q' on 0,0 is not a meeple"),
        (7, words[7].replace(".", "3", 1), r"five_tribes position: a camel belongs to a seat"),
        (2, "47", r"part 3 \(round\): 47 is not from 0 to 46"),
        (21, "sand", r"part 22 \(djinn pile\): 'sand' is not one of"),
    ):
        changed = " ".join([*words[:index], word, *words[index + 1 :]])
        with pytest.raises(serai.GameError, match=reason):
            serai.load_position("five_tribes", changed)


def test_pieces_that_appear_or_vanish_are_refused() -> None:
    setup = board_x(3)
    setup.fields["bag"][YELLOW] += 1
    refused(setup, "the position has 17 yellow meeples; the game has 16")
    setup = board_x(3)
    setup.fields["palms_left"] -= 1
    refused(setup, "the position has 11 palm trees; the game has 12")
    setup = board_x(3)
    setup.fields["camels_left"][1] += 1
    refused(setup, "the position has 9 camels of p1; the game has 8")
    setup = board_x(3)
    setup.fields["pile"][0] += 1
    refused(setup, "the position has 7 fish cards; the game has 6")


def test_a_djinn_in_two_places_and_a_board_of_other_tiles_are_refused() -> None:
    setup = board_x(3)
    setup.fields["djinn_owner"][setup.fields["display"][0]] = 1
    refused(setup, r"enki is in 2 places, not 1")
    setup = board_x(3)
    setup.fields["tile_type"][0] = setup.fields["tile_type"][1]  # an Oasis becomes a Market
    refused(setup, "the board has 5 oasis tiles; the game has 6")


def test_phases_that_the_rest_does_not_fit_are_refused() -> None:
    state = board_x(3).put("0,0", "blue").put("1,0", "blue").start_turn(0, 1)
    refused(Setup(state).set(phase=DROP), "meeples are in hand exactly during a move")
    refused(Setup(state).set(round=0), "round 0 does not fit the pick node")
    refused(Setup(state).set(actor=1), "in a turn every marker is on the track or played")
    refused(Setup(state).set(phase=PLACE), "the place node needs its target tile")
    setup = Setup(state).set(final_tile=tx("1,0"), tribe=BLUE, phase=KILL)
    refused(setup, "the kill node is for the tribe that acts there")
    refused(Setup(state).set(phase=KILL, tribe=RED), "the kill node follows a move")
    refused(Setup(state).set(discount=2), r"Kumarbi's discount lasts for one bid only \(R25\)")
    bidding = board_x(3, bid_order=(0, 1, 2))
    refused(bidding.set(actor=1), "the markers on the track are those of the bid order")


def test_a_position_at_the_end_needs_the_last_round() -> None:
    state = board_x(3).start_turn(0)
    act(state, "end")
    assert state.is_terminal()
    refused(Setup(state).set(final_round=False), r"the game ends only after the last round")
    assert load(state.game, state.position()).returns() == state.returns()


def test_a_draw_with_nothing_to_draw_is_refused() -> None:
    state = board_x(4).start_turn(0)
    setup = Setup(state).give_djinn(0, "sloar").give_cards(0, "fakir").empty_pile(1, 2, 3)
    state = setup.at_node(0, FINAL)
    act(state, "use sloar")  # the Fakir paid is the one card left to draw (R29)
    setup = Setup(state)
    assert setup.state().chance_outcomes() == state.chance_outcomes()
    setup.fields["pile"][9] -= 1
    setup.fields["hand"][2 * 10 + 9] += 1
    refused(setup, r"the hand-card draw has nothing left to draw \(R31\)")


# -- saved states and observations ------------------------------------------------------------


def test_a_state_saved_by_rules_version_1_1_loads_and_saves_the_same() -> None:
    saved = SAVED_STATE.read_text()
    data = json.loads(saved)
    game = serai.load_game("five_tribes", players=data["options"]["players"])
    state = game.state_from_json(data)
    assert state.to_json() == data
    assert json.dumps(state.to_json()) == saved  # the same keys in the same order


def test_the_observation_is_the_same_vector_as_rules_version_1_1_laid_out() -> None:
    for state in games(seed=3):
        for seat in [None, *range(state.n)]:
            assert state.observation(seat) == reference.observation(state, seat)


def test_the_observation_layout_describes_each_piece() -> None:
    game = serai.load_game("five_tribes", players=4)
    assert game.observation_layout() is LAYOUT and LAYOUT.size == game.observation_size()
    table = LAYOUT.describe()
    for piece in LAYOUT.pieces:
        assert f"| `{piece.name}` |" in table
    state = board_x(4).set(gold=[5, 6, 7, 8]).state()
    pieces = state.observation_dict(1)
    assert pieces["seats"][0] == 0.06 and pieces["seats"][1 * 36] == 0  # own gold only (R32)
    assert pieces["phase"].index(1.0) == state.phase
