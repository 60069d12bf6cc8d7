"""The game's worked examples (numbered as in its specification), each a named test with
the expected results."""

from __future__ import annotations

import pytest

import serai
from serai.games.desert_sons.actions import END
from serai.games.desert_sons.board import CHOOSE, MOVE, PEEK_DECIDE, STONE_OWNER
from serai.games.desert_sons.rules import DesertSonsState
from tests.desert_sons.scenario import (
    CROSS_CELLS,
    EXAMPLE_3,
    EXAMPLE_7_STONES,
    after_setup,
    caravans,
    cell,
    discard_stack,
    edit,
    game_over,
    laid,
    legal,
    new_game,
    run,
    start,
)

SETUP = ("draw-tile 6", "draw-tile 8")


def example_1() -> DesertSonsState:
    state = start(*SETUP, "move 5,1", "draw", "draw-tile 1")
    assert legal(state) == ["place 4,1 r0", "place 6,1 r90"]
    run(state, "place 6,1 r90", "stone 9 a", "end")
    return state


def test_example_1_free_and_paid_movement() -> None:
    state = example_1()
    # Seat 1 from 5,10: desert links along the cross, then one oasis link: free.
    assert state.free_destinations(1) >> cell("6,1") & 1
    run(state, "move 6,1")
    assert state.water == [2, 2]
    run(state, "draw", "draw-tile 16")
    assert legal(state) == ["place 7,1 r90"]
    run(state, "place 7,1 r90", "no-stone", "end")
    assert state.current_player() == 0 and state.phase == MOVE
    free = state.free_destinations(0)
    assert sorted(c for c in range(121) if free >> c & 1) == [cell("5,1"), cell("6,1"), cell("7,1")]
    other = state.free_destinations(1)  # seat 1 stands on 7,1
    assert sorted(c for c in range(121) if other >> c & 1) == [cell("6,1"), cell("7,1")]
    assert len(state.legal_actions()) == 21 + 2  # with water every field, 20 of them paid
    run(state, "move 5,5")
    assert state.water[0] == 1 and state.water_supply == 17
    assert "draw" in legal(state)


def test_example_2_a_tile_that_does_not_fit_goes_to_the_display() -> None:
    state = start(*SETUP, "move 5,4", "draw")
    assert not state.fits(4, cell("5,4"))
    run(state, "draw-tile 4")
    assert state.display[0] == (6, 4)
    assert state.current_player() == 1 and state.phase == MOVE  # no stone step, no bonus
    assert state.water[0] == 2


def example_3() -> DesertSonsState:
    return start(*EXAMPLE_3)


def test_example_3_the_display_limit() -> None:
    state = example_3()
    assert state.display == [(4, 13, 1), (6, 8, 14)]
    assert state.current_player() == 0 and state.phase == MOVE
    for where, expected in (
        ("5,5", ["pass"]),
        ("5,4", ["take 1 6", "take 1 8", "take 1 14"]),
        ("5,2", ["play-own 1", "play-own 13", "take 1 6", "take 1 8", "take 1 14"]),
    ):
        branch = run(state.clone(), f"move {where}")
        assert "draw" not in legal(branch)
        assert legal(branch) == expected, where


def test_example_3_at_the_centre_seat_0_is_not_stuck_so_it_passes_and_keeps_its_display() -> None:
    state = run(example_3(), "move 5,5")
    # R24: tiles 1 and 13 fit next to 5,2, a free destination, so nothing is discarded.
    assert state.free_destinations(0) >> cell("5,2") & 1
    assert state.fits(1, cell("5,2")) and state.fits(13, cell("5,2"))
    with pytest.raises(serai.IllegalActionError, match=r"fits next to .*\(R24\)"):
        run(state, "discard 4")
    run(state, "pass")
    assert state.display == [(4, 13, 1), (6, 8, 14)] and state.discarded == ()
    assert state.water == [2, 2]
    assert state.current_player() == 1 and state.phase == MOVE


def example_4() -> DesertSonsState:
    state = run(example_3(), "move 5,4", "take 1 6")
    assert state.water[0] == 1
    assert state.display[1] == (8, 14)
    assert state.is_chance_node()  # seat 1's replacement comes before the placement
    run(state, "draw-tile 2")
    return state


def test_example_4_taking_from_an_opponents_display() -> None:
    state = example_4()
    assert state.display[1] == (8, 14, 2)
    assert legal(state) == ["place 4,4 r0", "place 6,4 r0"]


def example_5() -> DesertSonsState:
    state = run(example_4(), "place 4,4 r0")
    assert state.caravan[0] == cell("4,4")
    expected_moves = sorted([*CROSS_CELLS, cell("4,4")])
    assert state.legal_actions() == [*expected_moves, END]
    assert all(state.free_destinations(0) >> c & 1 for c in expected_moves)
    run(state, "move 4,4")
    assert legal(state) == ["play-own 1", "play-own 13", "take 1 2", "take 1 8", "take 1 14"]
    run(state, "play-own 13")
    assert legal(state) == ["place 4,3 r270"]
    return state


def test_example_5_a_desert_tile_allows_another_exploration() -> None:
    state = example_5()
    assert state.pending == 13


def test_example_6_stone_placement_then_a_bonus_turn() -> None:
    state = run(example_5(), "place 4,3 r270")
    assert legal(state) == ["no-stone", "stone 1 a", "stone 8 a", "stone 9 a", "stone 16 a"]
    run(state, "stone 16 a")
    assert legal(state) == ["end", "bonus"]
    run(state, "bonus")
    assert state.water[0] == 0
    free = sorted([*CROSS_CELLS, cell("4,4"), cell("4,3")])
    assert state.legal_actions() == free
    run(state, "move 4,3")
    assert state.display[0] == (4, 1)
    assert "draw" in legal(state)
    run(state, "draw", "draw-tile 3")
    assert legal(state) == ["place 4,2 r180", "place 3,3 r0", "place 3,3 r90"]
    run(state, "place 3,3 r0", "no-stone")
    assert state.current_player() == 1 and state.phase == MOVE  # no second bonus offer


def test_example_7_rating_highest_stone_pays_the_fee() -> None:
    state = start(*EXAMPLE_7_STONES)
    assert state.phase == CHOOSE and state.current_player() == 1
    assert state.water == [2, 1]  # seat 1 paid the fee
    assert legal(state) == ["choose gems", "choose water"]
    run(state, "choose gems")
    assert state.current_player() == 0
    assert legal(state) == ["choose water"]
    run(state, "choose water")
    assert state.goods[4 + 3] == 1 and state.water == [3, 1]
    assert state.stone_at[15] == -1 and state.stone_at[9] == -1
    assert state.turban == 0
    assert state.current_player() == 1 and legal(state) == ["end", "bonus"]
    run(state, "end")
    assert state.current_player() == 0 and state.phase == MOVE


def test_example_8_rating_the_fee_cannot_be_paid() -> None:
    state = start(
        *SETUP,
        "move 5,1",
        "draw",
        "draw-tile 1",
        "place 6,1 r90",
        "stone 9 a",
        "end",
        "move 5,4",
        "take 0 6",
        "draw-tile 2",
        "place 4,4 r0",
        "end",
        "bonus",
    )
    assert state.water[1] == 0 and state.display[0] == (2,)
    run(state, "move 6,1", "draw", "draw-tile 7", "place 7,1 r270", "stone 15 a")
    assert state.r_blocked == 15 and state.water == [2, 0]
    assert state.current_player() == 0
    assert legal(state) == ["choose gems", "choose water"]
    run(state, "choose gems")
    assert state.stone_at[15] == -1 and state.stone_at[9] == -1
    assert state.current_player() == 0 and state.phase == MOVE
    assert state.goods[3] == 1 and state.goods[4:8] == [0, 0, 0, 0]


def test_example_9_choosing_order_turban_and_rumor_chip() -> None:
    state = start(
        *SETUP,
        "move 5,1",
        "draw",
        "draw-tile 13",
        "place 6,1 r270",
        "stone 16 a",
        "end",
        "move 6,1",
        "draw",
        "draw-tile 7",
        "place 6,0 r180",
        "stone 15 a",
        "end",
        "move 6,1",
        "draw",
        "draw-tile 16",
        "place 7,1 r90",
        "stone 9 a",
        "end",
    )
    assert state.water == [2, 2]
    run(state, "move 7,1")
    assert state.water[1] == 1  # two oasis links from the cross: paid
    run(state, "draw", "draw-tile 17", "place 8,1 r270", "stone 10 a")
    assert state.r_order == (16, 15, 10, 9)
    assert state.water == [1, 1]
    assert state.current_player() == 0
    run(state, "choose rumor")
    assert state.chance_outcomes() == [(1274, 1 / 6), (1275, 2 / 6), (1276, 2 / 6), (1277, 1 / 6)]
    run(state, "draw-rumor -2")
    assert legal(state) == ["rumor myrrh", "rumor incense", "rumor salt", "rumor gems"]
    run(state, "rumor salt")
    assert state.view(0)["rumor_board"]["salt"] == [{"value": "-2", "seen_by": [0]}]
    assert state.view(1)["rumor_board"]["salt"] == [{"value": None, "seen_by": [0]}]
    assert state.turban == 1
    run(state, "choose gems", "choose salt", "choose water")
    assert state.goods[4:8] == [0, 0, 1, 1] and state.water == [2, 1]
    assert all(r == -1 for r in state.stone_at)
    run(state, "end")
    run(state, "move 7,1", "draw", "draw-tile 11", "place 7,2 r90", "stone 16 a", "end")
    run(state, "move 8,1", "draw", "draw-tile 2", "place 8,2 r270", "stone 15 a")
    assert state.r_order == (15, 16)  # seat 1 holds the turban: 15 is the turban stone
    assert state.water[1] == 0
    assert legal(state) == ["choose water"]
    run(state, "choose water")
    assert state.water[1] == 1 and state.turban == 0
    assert state.current_player() == 1 and legal(state) == ["end", "bonus"]  # 16 skipped
    run(state, "end")


def test_example_10_two_oases_closed_by_one_tile() -> None:
    opening = (
        *SETUP,
        "move 5,3",
        "draw",
        "draw-tile 10",
        "place 4,3 r0",
        "stone 16 a",
        "end",
        "move 5,1",
        "draw",
        "draw-tile 9",
        "place 4,1 r180",
        "stone 15 a",
        "end",
    )
    state = start(*opening)
    free = state.free_destinations(0)
    assert sorted(c for c in range(121) if free >> c & 1) == [cell("4,3"), cell("5,3")]
    run(state, "move 4,3", "draw", "draw-tile 5")
    assert legal(state) == ["place 4,2 r0", "place 4,2 r180", "place 3,3 r0", "place 3,3 r180"]
    other = state.clone()
    run(state, "place 4,2 r0", "stone 9 b")
    assert state.current_player() == 1 and legal(state) == ["choose camel"]
    run(state, "choose camel")
    assert state.carrying_spaces(1) == 6
    assert state.water == [1, 2]  # second oasis: stones 16 and 9, seat 0 pays
    assert legal(state) == ["choose myrrh", "choose rumor"]
    run(state, "choose myrrh")
    assert state.turban == 1
    assert legal(state) == ["choose myrrh", "choose rumor"]  # the stub's myrrh is left
    run(state, "choose rumor", "draw-rumor +1", "rumor gems")
    assert state.view(0)["rumor_board"]["gems"][0]["value"] == "+1"
    # With r180 section a (camel) faces S and joins the corner oasis, rated first.
    run(other, "place 4,2 r180", "stone 9 a")
    assert other.r_order == (16, 9)
    assert sorted(legal(other)) == ["choose camel", "choose myrrh"]


RUMOR_RATING = {"4,0": laid(38, 0, "14a")}
"""Seat 2's stone 14 alone on cap 38 (a rumor), closed against the border at 4,0."""


def rating_rumor(state: DesertSonsState, **changes: str) -> DesertSonsState:
    """``state`` with seat 2's stone 14 choosing the rumor of cap 38 at 4,0, other parts
    changed as ``edit`` does."""
    return edit(
        state,
        tiles=RUMOR_RATING,
        phase="rating",
        rating_order="14",
        rating_position="0",
        turban_stone="16",
        symbols_left="0,0,0,0,0,0,1",
        **changes,
    )


def rumor_position() -> DesertSonsState:
    """Example 11: every chip on the board, seat 2's stone to choose with a rumor left."""
    state = start("draw-tile 1", "draw-tile 2", "draw-tile 3", players=3)
    state = rating_rumor(
        state,
        turn_player="2",
        caravans=caravans(state, 2, "4,0"),
        last_placed="4,0",
        rumor_board="+1,-1/+2/-2,+1/-1",
    )
    assert state.pool == [0, 0, 0, 0] and state.phase == CHOOSE
    assert STONE_OWNER[14] == 2 and state.current_player() == 2
    return state


def test_example_11_rumor_with_all_chips_placed() -> None:
    state = run(rumor_position(), "choose rumor")
    assert not state.is_chance_node()
    assert legal(state) == [
        "peek myrrh 1",
        "peek myrrh 2",
        "peek incense 1",
        "peek salt 1",
        "peek salt 2",
        "peek gems 1",
    ]
    run(state, "peek salt 2")
    assert state.phase == PEEK_DECIDE
    assert state.view(2)["rumor_board"]["salt"][1]["value"] == "+1"
    for seat in (None, 0, 1):
        assert state.view(seat)["rumor_board"]["salt"][1]["value"] is None
    assert legal(state) == ["keep-chip", "remove-chip"]
    kept = run(state.clone(), "keep-chip")
    assert kept.chips == state.chips
    assert kept.view(2)["rumor_board"]["salt"][1]["value"] == "+1"
    run(state, "remove-chip")
    assert state.view(2)["rumor_board"]["salt"] == [{"value": None, "seen_by": []}]
    assert state.pool == [0, 1, 0, 0]
    # The next rumor choice draws the single chip left: probability 1.
    state = run(rating_rumor(state), "choose rumor")
    assert state.chance_outcomes() == [(1275, 1.0)]


def test_example_12_end_of_the_game_and_final_scoring() -> None:
    state = start("draw-tile 1", "draw-tile 2", "draw-tile 3", players=3)
    state = edit(state, displays="1/2,20/3", turn_player="1")
    state = edit(state, discarded=discard_stack(state, keep=(85,)))  # only tile 85 is left
    run(state, "move 5,5", "draw")
    assert state.chance_outcomes() == [(1188 + 85, 1.0)]
    run(state, "draw-tile 85")  # fits nowhere next to the centre: the turn ends (R10)
    assert state.stack == 0
    for seat in (2, 0, 1):  # one more turn each, seat 1 last (R26)
        assert state.current_player() == seat and state.phase == MOVE
        run(state, "move 5,5")
        assert legal(state) == ["pass"]  # no draw; at the centre nothing fits (R24)
        run(state, "pass")
    assert state.is_terminal()


def test_example_12_final_values_and_the_water_tie_break() -> None:
    state = edit(
        after_setup(3),
        rumor_board="+2,-1/+1/-2/+1,-1",
        goods="2,0,1,1/0,2,1,1/1,0,3,0",
        water="1,3,4",
    )
    assert state.scores() == [16, 16, 16]  # R28: 4 per commodity before the end
    state = game_over(state)
    assert state.commodity_values() == [5, 5, 2, 4]
    assert state.scores() == [16, 16, 11]
    assert state.returns() == [0.0, 1.0, 0.0]
    state = edit(state, water="1,1,4")
    assert state.returns() == [0.5, 0.5, 0.0]
    assert state.is_terminal()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_one_stack_1_tile_to_each_display(players: int) -> None:
    state = new_game(players)
    for seat in range(players):
        assert state.is_chance_node()
        assert [a - 1188 for a, _ in state.chance_outcomes()] == list(range(seat + 1, 18))
        run(state, f"draw-tile {seat + 1}")
    assert state.display == [(seat + 1,) for seat in range(players)]
    assert state.current_player() == 0 and state.phase == MOVE
