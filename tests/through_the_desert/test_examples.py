"""The worked examples: the rulebook's scoring example E1 (under *End and scoring* in the
rules reference) and the scenarios S1–S10, each a position with the results the rulings give.

Positions are written and read as ``scenario.py`` describes; the expected values are worked
out by hand from the rulings each scenario names.
"""

from __future__ import annotations

import pytest

from serai.games.through_the_desert.actions import REMOVE_BASE, decode
from serai.games.through_the_desert.board import (
    COLOURS,
    NEIGHBOURS,
    NUM_COLOURS,
    bits,
    hex_name,
    mask_of,
)
from serai.games.through_the_desert.rules import ThroughTheDesertState
from tests.through_the_desert.scenario import (
    act,
    camel_position,
    finished,
    hx,
    leaders_of,
    legal,
    rejected,
    setup,
)

BLUE, GREEN, RED, YELLOW, WHITE = range(NUM_COLOURS)


# -- helpers ----------------------------------------------------------------------------------
def caravan(seat: int, colour: int) -> int:
    return seat * NUM_COLOURS + colour


def region(*hexes: str) -> int:
    return mask_of(hx(h) for h in hexes)


def breakdown(state: ThroughTheDesertState, seat: int) -> dict[str, int]:
    return state.score_breakdown()[seat]


def leader_colours_offered(state: ThroughTheDesertState) -> list[str]:
    colours = {decode(a)[1] for a in state.legal_actions()}
    return [COLOURS[c] for c in sorted(colours)]


def legal_hex_count(state: ThroughTheDesertState) -> int:
    return len({decode(a)[-1] for a in state.legal_actions()})


def place_first_leader_of(state: ThroughTheDesertState, colour: str) -> None:
    """Place the current seat's ``colour`` leader on its lowest legal hex."""
    index = COLOURS.index(colour)
    action = next(a for a in state.legal_actions() if decode(a)[1] == index)
    state.apply_action(action)


# -- E1 ---------------------------------------------------------------------------------------
E1_LEADERS = [
    *leaders_of(0, "2,0", "7,2", "2,10", "12,4", "15,0"),
    *leaders_of(1, "17,3", "3,4", "7,4", "15,6", "15,8"),
]
# Seat 0's red walls off the two bottom rows (R17): it takes the tokens on 7,10, 9,10, 4,11,
# 6,11 and 10,11 and closes 3,11, 11,11 and nine hexes between them; its camels 2,9 and 2,8
# reach the palm 1,7. Each other caravan of seat 0 touches one palm, and green, yellow and
# white take eight tokens more; seat 1 places more green, yellow and white camels.
E1_CAMELS = [
    *[(0, "red", h) for h in ("3,10", "4,10", "4,11", "5,10", "6,10", "6,11", "7,10")],
    *[(0, "red", h) for h in ("8,10", "9,10", "10,10", "10,11", "11,10", "2,9", "2,8")],
    *[(0, "blue", h) for h in ("2,1", "2,2")],
    *[(0, "green", h) for h in ("8,2", "7,1", "7,3", "6,2", "5,2")],
    *[(0, "yellow", h) for h in ("12,5", "11,3", "13,4", "11,5")],
    *[(0, "white", h) for h in ("15,1", "14,1", "16,0")],
    *[(1, "green", h) for h in ("3,5", "3,6", "4,6", "4,7", "4,8", "3,7")],
    *[(1, "yellow", h) for h in ("15,5", "16,5", "16,4", "15,4", "17,4")],
    *[(1, "white", h) for h in ("15,9", "14,9", "13,9", "16,8")],
]
# Seat 0's thirteen tokens: three 1s, six 2s and four 3s.
E1_TOKENS = {"16,0": 1, "7,1": 1, "14,1": 1, "9,10": 3, "4,11": 3, "6,11": 3, "10,11": 3}
E1_TOKENS |= {h: 2 for h in ("5,2", "7,3", "11,3", "13,4", "11,5", "7,10")}


def test_e1_rulebook_scoring_example_totals_83() -> None:
    state = finished(camel_position(2, E1_LEADERS, E1_CAMELS, tokens=E1_TOKENS))
    # Seat 0 leads red (14 to 0) and blue (2 to 0) alone; seat 1 leads the other colours.
    assert state.camels[: 2 * NUM_COLOURS] == [2, 5, 14, 4, 3, 0, 6, 0, 5, 4]
    assert state.claimed[0:3] == [3, 6, 4]
    assert breakdown(state, 0) == {
        "caravan": 20,
        "water": 27,
        "oasis": 25,
        "river": 0,
        "area": 11,
        "total": 83,
    }
    assert state.token_count(0) == 13
    assert state.scores()[0] == 83


# -- S1 ---------------------------------------------------------------------------------------
def test_s1_1_seat0_has_610_leader_actions_with_3_players() -> None:
    state = setup(3)
    assert state.current_player() == 0
    assert leader_colours_offered(state) == list(COLOURS)
    assert legal_hex_count(state) == 122
    assert len(state.legal_actions()) == 5 * 122


def test_s1_1_seat0_has_810_leader_actions_with_4_players() -> None:
    state = setup(4)
    assert legal_hex_count(state) == 162
    assert len(state.legal_actions()) == 5 * 162


def s1_after_step_2(players: int = 3) -> ThroughTheDesertState:
    return act(setup(players), 0, "leader blue 8,10")


def test_s1_2_leader_next_to_token_oasis_is_legal() -> None:
    state = setup(3)
    assert legal(state, 0, "leader blue 8,10")
    state = act(state, 0, "leader blue 8,10")
    assert state.current_player() == 1


def test_s1_3_seat1_has_468_leader_actions() -> None:
    state = s1_after_step_2()
    assert state.current_player() == 1
    assert leader_colours_offered(state) == ["green", "red", "yellow", "white"]
    assert legal_hex_count(state) == 117
    assert len(state.legal_actions()) == 4 * 117


@pytest.mark.parametrize(
    ("text", "ruling", "why"),
    [
        ("leader blue 13,9", "R10", "round 1"),
        ("leader green 7,10", "R7", "token"),
        ("leader green 12,6", "R8", "a palm stands on 12,6"),
        ("leader green 1,6", "R8", "next to a palm"),
        ("leader green 9,9", "R8", "next to another leader"),
        ("leader green 18,3", "R2", "shaded"),
    ],
)
def test_s1_3_illegal_leader_placements_for_seat1(text: str, ruling: str, why: str) -> None:
    state = s1_after_step_2()
    assert not legal(state, 1, text)
    reason = rejected(state, 1, text)
    assert reason.endswith(f"({ruling})")
    assert why in reason


def test_s1_3_shaded_hex_is_legal_with_4_players() -> None:
    state = s1_after_step_2(players=4)
    assert legal(state, 1, "leader green 18,3")


def test_s1_3_to_5_round_two_own_leader_spacing() -> None:
    state = s1_after_step_2()
    assert legal(state, 1, "leader green 4,7")
    state = act(state, 1, "leader green 4,7")
    assert legal(state, 2, "leader red 10,10")
    state = act(state, 2, "leader red 10,10")
    # Step 5: round 2, seat 0 again; blue is gone, green allowed again (R10).
    assert state.current_player() == 0
    assert leader_colours_offered(state) == ["green", "red", "yellow", "white"]
    assert legal_hex_count(state) == 108
    assert len(state.legal_actions()) == 4 * 108
    assert rejected(state, 0, "leader green 8,9").endswith("(R8)")
    assert legal(state, 0, "leader green 8,8")


# -- S2 ---------------------------------------------------------------------------------------
def test_s2_five_player_removal_and_round1_colours() -> None:
    state = setup(5)
    removals = ["blue", "green", "red", "yellow", "white"]
    for seat, colour in enumerate(removals):
        assert state.current_player() == seat
        offered = [state.action_to_string(a) for a in state.legal_actions()]
        assert offered == [f"remove-leader {c}" for c in COLOURS if c not in removals[:seat]]
        state = act(state, seat, f"remove-leader {colour}")
    # Seat 4 had exactly one legal action: checked by the loop (a list of one).
    offered = {
        0: ["green", "red", "yellow", "white"],
        1: ["blue", "red", "yellow", "white"],
        2: ["blue", "yellow", "white"],
        3: ["white"],
        4: ["blue"],
    }
    placed = ["green", "red", "yellow", "white", "blue"]
    for seat in range(5):
        assert state.current_player() == seat
        assert leader_colours_offered(state) == offered[seat]
        if seat == 3:
            hex_text = state.action_to_string(state.legal_actions()[0]).split()[2]
            reason = rejected(state, 3, f"leader blue {hex_text}")
            assert reason.endswith("(R11)")
        place_first_leader_of(state, placed[seat])
    # Round 2: seat 0 may place any colour it still holds (R10).
    assert state.current_player() == 0
    assert leader_colours_offered(state) == ["red", "yellow", "white"]


def test_s2_seat4_has_exactly_one_removal() -> None:
    state = setup(5)
    for seat, colour in enumerate(["blue", "green", "red", "yellow"]):
        state = act(state, seat, f"remove-leader {colour}")
    assert state.current_player() == 4
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["remove-leader white"]
    assert state.legal_actions() == [REMOVE_BASE + WHITE]


# -- S3 ---------------------------------------------------------------------------------------
def s3_position() -> ThroughTheDesertState:
    return camel_position(
        2,
        leaders=[(0, "red", "14,3"), (1, "red", "14,5"), (0, "blue", "12,4")],
        tokens={"13,4": 2},
    )


def test_s3_1_camel_touching_both_red_caravans_is_illegal_for_both() -> None:
    state = s3_position()
    assert not legal(state, 0, "camel red 14,4")
    assert not legal(state, 1, "camel red 14,4")
    assert "seat 1" in rejected(state, 0, "camel red 14,4")
    assert "seat 0" in rejected(state, 1, "camel red 14,4")


def test_s3_2_and_3_camel_next_to_other_red_blocks_seat1() -> None:
    state = s3_position()
    assert legal(state, 0, "camel red 13,3")
    assert legal(state, 0, "camel red 15,3")
    # Before seat 0's camel on 15,3, seat 1 could place on 15,4.
    assert legal(state.clone(), 1, "camel red 15,4")
    state = act(state, 0, "camel red 15,3")
    assert not legal(state, 1, "camel red 15,4")
    assert rejected(state, 1, "camel red 15,4").endswith("(R12)")


def test_s3_4_different_colour_may_touch_and_takes_token() -> None:
    state = s3_position()
    state = act(state, 0, "camel red 15,3")
    assert legal(state, 0, "camel blue 13,4")
    state = act(state, 0, "camel blue 13,4")
    assert state.token_count(0) == 1
    assert state.claimed[0:3] == [0, 1, 0]
    assert breakdown(state, 0)["water"] == 2
    assert not state.tokens >> hx("13,4") & 1


# -- S4 ---------------------------------------------------------------------------------------
def s4a_position() -> ThroughTheDesertState:
    return camel_position(
        2,
        leaders=[(0, "red", "1,4")],
        camels=[(0, "red", "0,4"), (0, "red", "1,5")],
        tokens={"0,5": 3},
    )


def test_s4a_single_caravan_encloses_0_5() -> None:
    state = s4a_position()
    assert state.closed_regions == []
    state = act(state, 0, "camel red 0,6")
    assert state.closed_regions == [(region("0,5"), caravan(0, RED))]
    assert state.closed == region("0,5")
    assert state.token_count(0) == 1
    assert breakdown(state, 0)["water"] == 3
    assert breakdown(state, 0)["area"] == 1
    assert breakdown(finished(state), 0)["area"] == 1


def test_s4a_no_camel_in_closed_region_not_even_the_encloser() -> None:
    state = s4a_position()
    assert legal(state, 0, "camel red 0,5")
    state = act(state, 0, "camel red 0,6")
    assert not legal(state, 0, "camel red 0,5")
    assert rejected(state, 0, "camel red 0,5").endswith("(R18)")
    assert all(not legal(state, seat, f"camel {c} 0,5") for seat in (0, 1) for c in COLOURS)


def test_s4a_token_value_hidden_from_seat1() -> None:
    state = s4a_position()
    state = act(state, 0, "camel red 0,6")
    theirs = state.view(1)["players_info"][0]
    assert theirs["tokens"] == 1
    assert theirs["token_values"] is None
    assert "water" not in theirs["score"]
    mine = state.view(0)["players_info"][0]
    assert mine["tokens"] == 1
    assert mine["token_values"] == [3]
    assert mine["score"]["water"] == 3


def s4b_position() -> ThroughTheDesertState:
    return camel_position(
        2,
        leaders=[(0, "red", "1,4"), (0, "blue", "2,6")],
        camels=[(0, "red", "0,4"), (0, "red", "1,5"), (0, "blue", "1,6")],
        tokens={"0,5": 3},
    )


def test_s4b_blue_camel_touching_palm_scores() -> None:
    state = s4b_position()
    assert state.oasis_scored[caravan(0, BLUE)] == region("1,7")
    assert breakdown(state, 0)["oasis"] == 5


def test_s4b_two_caravans_of_one_player_never_enclose() -> None:
    state = s4b_position()
    state = act(state, 0, "camel blue 0,6")
    assert state.closed_regions == []
    assert state.closed == 0
    assert state.token_count(0) == 0
    assert legal(state, 0, "camel red 0,5")
    state = act(state, 0, "camel red 0,5")
    assert state.token_count(0) == 1
    assert breakdown(state, 0)["water"] == 3
    assert breakdown(state, 0)["area"] == 0


# -- S5 ---------------------------------------------------------------------------------------
S5_RED = [(0, "red", "3,9"), (0, "red", "4,11"), (0, "red", "2,9")]


def test_s5a_opponent_piece_inside_prevents_enclosure() -> None:
    state = camel_position(
        2,
        leaders=[(0, "red", "4,10"), (1, "yellow", "2,10")],
        camels=[*S5_RED, (1, "yellow", "3,10")],
    )
    state = act(state, 0, "camel red 1,9")
    assert state.closed_regions == []
    assert not state.closed & region("1,10", "3,11")
    assert breakdown(state, 0)["area"] == 0


def test_s5b_control_ring_closes_four_hexes() -> None:
    state = camel_position(2, leaders=[(0, "red", "4,10")], camels=S5_RED)
    assert state.closed_regions == []
    state = act(state, 0, "camel red 1,9")
    assert state.closed_regions == [
        (region("1,10", "2,10", "3,10", "3,11"), caravan(0, RED)),
    ]
    assert breakdown(state, 0)["area"] == 4
    # No token inside; the camels on 4,11 and 1,9 took theirs by placement.
    assert state.token_count(0) == 2
    assert not state.tokens & region("1,9", "4,11", "1,10", "2,10", "3,10", "3,11")


def test_s5c_own_other_caravan_inside_prevents_enclosure() -> None:
    state = camel_position(
        2,
        leaders=[(0, "red", "4,10"), (0, "blue", "2,10")],
        camels=S5_RED,
    )
    state = act(state, 0, "camel red 1,9")
    assert state.closed_regions == []
    assert breakdown(state, 0)["area"] == 0


# -- S6 ---------------------------------------------------------------------------------------
def test_s6a_oasis_scores_once_per_caravan() -> None:
    state = camel_position(
        2,
        leaders=[(0, "red", "12,4"), (0, "blue", "14,7"), (1, "green", "10,7")],
    )
    steps = [
        (0, "camel red 12,5", 5, 0),
        (0, "camel red 13,5", 5, 0),
        (0, "camel blue 13,6", 10, 0),
        (1, "camel green 11,6", 10, 5),
    ]
    for seat, text, oasis0, oasis1 in steps:
        state = act(state, seat, text)
        assert breakdown(state, 0)["oasis"] == oasis0, text
        assert breakdown(state, 1)["oasis"] == oasis1, text
    palm = region("12,6")
    assert state.oasis_scored[caravan(0, RED)] == palm
    assert state.oasis_scored[caravan(0, BLUE)] == palm
    assert state.oasis_scored[caravan(1, GREEN)] == palm


def test_s6b_enclosed_palm_already_scored_gives_nothing() -> None:
    state = camel_position(2, leaders=[(0, "red", "0,6")])
    for where, oasis in (("1,6", 5), ("2,7", 5), ("2,8", 5)):
        state = act(state, 0, f"camel red {where}")
        assert breakdown(state, 0)["oasis"] == oasis
    assert state.closed_regions == []
    state = act(state, 0, "camel red 1,8")
    assert state.closed_regions == [(region("0,7", "0,8", "1,7"), caravan(0, RED))]
    assert breakdown(state, 0)["oasis"] == 5
    assert breakdown(state, 0)["area"] == 2
    assert not legal(state, 0, "camel red 0,8")
    assert rejected(state, 0, "camel red 0,8").endswith("(R18)")


def test_s6c_enclosing_a_palm_scores_it() -> None:
    state = camel_position(
        2,
        leaders=[(0, "red", "2,6")],
        camels=[(0, "red", h) for h in ("1,5", "0,6", "3,6", "3,7", "3,8", "2,9")],
        tokens={"3,8": 2, "1,9": 1},
    )
    assert breakdown(state, 0)["oasis"] == 0
    assert state.claimed[0:3] == [0, 1, 0]
    assert state.closed_regions == []
    state = act(state, 0, "camel red 1,9")
    assert state.claimed[0:3] == [1, 1, 0]
    assert state.closed_regions == [
        (region("0,7", "0,8", "1,6", "1,7", "1,8", "2,7", "2,8"), caravan(0, RED)),
    ]
    assert state.oasis_scored[caravan(0, RED)] == region("1,7")
    assert breakdown(state, 0)["oasis"] == 5
    assert breakdown(state, 0)["area"] == 6


# -- S7 ---------------------------------------------------------------------------------------
S7_STEPS = [
    ("camel red 10,4", 5),
    ("camel red 10,5", 5),
    ("camel blue 8,9", 5),
    ("camel blue 9,10", 10),
    ("camel green 7,11", 10),
    ("camel green 8,11", 10),
    ("camel green 9,11", 15),
]


def s7_position(board: str) -> ThroughTheDesertState:
    return camel_position(
        2,
        leaders=[(0, "red", "9,4"), (0, "blue", "8,10"), (0, "green", "7,12")],
        tokens={"9,10": 3},
        board=board,
    )


def test_s7_river_crossings_score_once_per_caravan() -> None:
    state = s7_position("river")
    for text, river in S7_STEPS:
        state = act(state, 0, text)
        assert breakdown(state, 0)["river"] == river, text
        if text == "camel blue 9,10":
            assert breakdown(state, 0)["water"] == 3
    assert breakdown(state, 0)["river"] == 15
    crossed = {c["colour"] for c in state.view(0)["caravans"] if c["seat"] == 0 and c["river"]}
    assert crossed == {"red", "blue", "green"}


def test_s7_river_is_not_a_border_region_straddling_it_closes() -> None:
    state = s7_position("river")
    for text, _ in S7_STEPS[:-1]:
        state = act(state, 0, text)
    assert state.closed_regions == []
    state = act(state, 0, "camel green 9,11")
    assert state.closed_regions == [(region("8,12", "9,12"), caravan(0, GREEN))]
    assert breakdown(state, 0)["area"] == 2


def test_s7_same_actions_on_mountain_side_give_no_river_points() -> None:
    state = s7_position("mountain")
    for text, _ in S7_STEPS:
        state = act(state, 0, text)
        assert breakdown(state, 0)["river"] == 0
    assert state.closed_regions == [(region("8,12", "9,12"), caravan(0, GREEN))]
    assert breakdown(state, 0)["area"] == 2


# -- S8 ---------------------------------------------------------------------------------------
def s8_position() -> ThroughTheDesertState:
    seat0 = [f"10,{row}" for row in range(2, 11)] + ["11,9", "11,10"]
    seat1 = [f"13,{row}" for row in range(1, 11)]
    return camel_position(
        2,
        leaders=[(0, "red", "10,1"), (1, "red", "13,0"), (0, "blue", "6,1")],
        camels=[(0, "red", h) for h in seat0] + [(1, "red", h) for h in seat1],
        tokens={"13,4": 2},
    )


def test_s8_resulting_position() -> None:
    state = s8_position()
    assert state.camels[caravan(0, RED)] == 11
    assert state.camels[caravan(1, RED)] == 10
    assert state.supply[RED] == 1
    assert state.oasis_scored[caravan(0, RED)] == region("9,2")
    assert state.oasis_scored[caravan(1, RED)] == region("12,6")
    assert state.token_count(1) == 1
    assert breakdown(state, 1)["water"] == 2
    assert state.closed_regions == []
    assert state.current_player() == 0
    assert state.camels_this_turn() == 2
    assert state.placed == 0


def test_s8_1_last_red_camel_then_forced_second_placement() -> None:
    state = s8_position()
    state = act(state, 0, "camel red 9,9")
    assert state.supply[RED] == 0
    assert not state.is_terminal()
    assert state.current_player() == 0
    actions = state.legal_actions()
    assert len(actions) == 18
    names = [state.action_to_string(a).split()[1] for a in actions]
    assert "red" not in names
    assert {c: names.count(c) for c in set(names)} == {
        "blue": 5,
        "green": 5,
        "yellow": 3,
        "white": 5,
    }


def test_s8_2_game_over_and_final_scores() -> None:
    state = s8_position()
    state = act(state, 0, "camel red 9,9")
    state = act(state, 0, "camel blue 6,2")
    assert state.is_terminal()
    seat0, seat1 = state.score_breakdown()
    assert seat0 == {"caravan": 20, "water": 0, "oasis": 5, "river": 0, "area": 0, "total": 25}
    assert seat1 == {"caravan": 0, "water": 2, "oasis": 5, "river": 0, "area": 0, "total": 7}
    assert state.scores() == [25, 7]
    assert state.returns() == [1.0, 0.0]


def test_s8_3_variant_last_camel_second_ends_at_once() -> None:
    state = s8_position()
    state = act(state, 0, "camel blue 6,2")
    assert not state.is_terminal()
    assert state.current_player() == 0
    state = act(state, 0, "camel red 9,9")
    assert state.is_terminal()
    assert state.scores() == [25, 7]


# -- S9 ---------------------------------------------------------------------------------------
def s9_position(players: int) -> ThroughTheDesertState:
    return camel_position(
        players,
        leaders=[(2, "yellow", "16,4")],
        camels=[(2, "yellow", h) for h in ("17,4", "16,5", "16,6")],
        tokens={"16,6": 3, "17,5": 2},
    )


def test_s9_shaded_area_is_border_with_3_players() -> None:
    state = s9_position(3)
    shaded = {hex_name(h) for h in bits(NEIGHBOURS[hx("17,5")]) if h % 23 >= 18}
    assert shaded == {"18,5", "18,6"}
    assert not state.layout.playable & region(*shaded)
    assert state.claimed[6:9] == [0, 0, 1]
    assert state.closed_regions == []
    state = act(state, 2, "camel yellow 17,6")
    assert state.closed_regions == [(region("17,5"), caravan(2, YELLOW))]
    assert state.token_count(2) == 2
    assert state.claimed[6:9] == [0, 1, 1]
    assert breakdown(state, 2)["water"] == 5
    assert breakdown(state, 2)["area"] == 1


def test_s9_shaded_area_is_open_desert_with_4_players() -> None:
    state = s9_position(4)
    state = act(state, 2, "camel yellow 17,6")
    assert state.closed_regions == []
    assert state.tokens >> hx("17,5") & 1
    assert state.token_count(2) == 1
    assert breakdown(state, 2)["area"] == 0


# -- S10 --------------------------------------------------------------------------------------
S10_PALMS = ("3,2", "9,2", "16,2", "12,6", "7,10")
S10_LEADERS = [
    *leaders_of(0, "2,5", "4,7", "5,1", "5,11", "8,5"),
    *leaders_of(1, "2,8", "10,6", "13,8", "15,5", "7,2"),
    *leaders_of(2, "17,3", "5,8", "11,4", "13,0", "14,3"),
]
S10_CAMELS = [
    # Seat 0: red closes 2,0, 3,0, 2,1 and 1,1 (token 3,0) and touches 3,2; it takes 5,2.
    # Yellow takes 6,11 and touches 7,10.
    *[(0, "red", h) for h in ("4,1", "3,1", "4,0", "2,2", "1,2", "0,2", "5,2")],
    (0, "yellow", "6,11"),
    # Seat 1: red touches 12,6 and takes four tokens; white takes 7,3 and touches 9,2.
    *[(1, "red", h) for h in ("12,8", "12,7", "12,9", "11,8", "14,8", "10,8", "9,8")],
    *[(1, "white", h) for h in ("7,3", "8,3")],
    # Seat 2: blue closes 16,2 (a palm), 17,1 and 17,2 against the edge of the 3-player map;
    # red takes 11,5 and 11,3 and touches 12,6 and 9,2; yellow closes 12,0.
    *[(2, "blue", h) for h in ("16,3", "15,2", "15,1", "16,1")],
    *[(2, "red", h) for h in ("11,5", "11,3", "10,3")],
    (2, "yellow", "12,1"),
]
S10_TOKENS = {"3,0": 3, "5,2": 3, "6,11": 2, "9,8": 3, "11,8": 3, "14,8": 3, "12,9": 2}
S10_TOKENS |= {"7,3": 1, "11,3": 2, "11,5": 2}


def test_s10_final_scoring_and_shared_win() -> None:
    state = camel_position(3, S10_LEADERS, S10_CAMELS, tokens=S10_TOKENS, palms=S10_PALMS)
    camels = {  # colour: (seat 0, seat 1, seat 2)
        BLUE: (0, 0, 4),
        GREEN: (0, 0, 0),
        RED: (7, 7, 3),
        YELLOW: (1, 0, 1),
        WHITE: (0, 2, 0),
    }
    for colour, counts in camels.items():
        assert [state.camels[caravan(seat, colour)] for seat in range(3)] == list(counts)
    assert state.claimed == [0, 1, 2, 1, 1, 3, 0, 2, 0]
    assert state.returns() == [0.0, 0.0, 0.0]
    state = finished(state)
    parts = state.score_breakdown()
    assert [p["caravan"] for p in parts] == [10, 15, 15]
    assert [p["water"] for p in parts] == [8, 12, 4]
    assert [p["oasis"] for p in parts] == [10, 10, 15]
    assert [p["area"] for p in parts] == [4, 0, 3]
    assert [p["total"] for p in parts] == [32, 37, 37]
    assert state.scores() == [32, 37, 37]
    assert state.returns() == [0.0, 0.5, 0.5]
