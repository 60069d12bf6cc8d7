"""One test (at least) per ruling R1…R28 of ``docs/rules/desert_sons.md``.

Positions are built with ``scenario.py`` (position texts changed part by part, forced
chance); the behaviour is then driven through the checked path by action text.
"""

from __future__ import annotations

import random

import pytest

import serai
from serai.games.desert_sons.board import (
    BONUS_OFFER,
    CHOOSE,
    CONTINUE,
    CROSS,
    DISTINCT_ROTATIONS,
    EXPLORE,
    KINDS,
    MOVE,
    PLACE,
    REPLACE,
    SECTIONS,
    STACK_OF,
    STONE,
    STONES,
    SYMBOLS,
)
from serai.games.desert_sons.rules import DesertSonsState
from tests.desert_sons.scenario import (
    CROSS_CELLS,
    after_setup,
    cell,
    discard_stack,
    edit,
    empty_stack,
    game_over,
    laid,
    legal,
    new_game,
    run,
    to_move,
    to_place,
)


def random_game(players: int, seed: int, desert_border: bool = False) -> list[DesertSonsState]:
    rng = random.Random(seed)
    state = new_game(players, desert_border)
    out = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
        out.append(state.clone())
    return out


def water_oasis(seat: int = 0, stone: int = 9) -> DesertSonsState:
    """Band 1 on 6,1 joined to the water stub of 5,1 with ``stone`` on it; ``seat`` on
    6,1 holds cap 7 (gems) whose r270 placement on 7,1 closes the oasis."""
    state = edit(after_setup(), tiles={"6,1": laid(1, 90, f"{stone}a")})
    return to_place(state, seat, "6,1", 7)


# -- area and placement ---------------------------------------------------------------------
def test_r1_tiles_go_only_on_empty_cells_inside_the_area() -> None:
    state = to_place(after_setup(), 0, "5,0", 6)  # a desert tile next to the north arm end
    assert legal(state) == ["place 4,0 r0", "place 6,0 r0"]  # north of 5,0 is the border
    for text in ("place 5,1 r0", "place 5,0 r0"):
        with pytest.raises(serai.IllegalActionError, match="already holds a field"):
            run(state, text)
    assert sum(1 for c in range(121) if not state.field[c]) == 100


def test_r1_the_cross_is_fixed_data() -> None:
    assert len(CROSS) == 21 and sorted(c for c, _ in CROSS) == CROSS_CELLS
    state = new_game()
    stubs = sorted((c % 11, c // 11) for c in CROSS_CELLS if SECTIONS[state.field[c]])
    assert stubs == [(1, 5), (3, 5), (5, 1), (5, 3), (5, 7), (5, 9), (7, 5), (9, 5)]


def test_r2_edges_must_match_and_the_border_allows_any_edge() -> None:
    state = to_place(after_setup(), 0, "5,0", 7)  # cap ODDD next to the arm end 5,0
    # 4,0: N is the border (anything), E faces 5,0's desert edge, S and W are empty.
    assert legal(state) == [
        "place 4,0 r0",
        "place 4,0 r180",
        "place 4,0 r270",
        "place 6,0 r0",
        "place 6,0 r90",
        "place 6,0 r180",
    ]


def test_r2_desert_border_forbids_oasis_edges_facing_the_border() -> None:
    state = to_place(after_setup(desert_border=True), 0, "5,0", 7)
    assert legal(state) == [
        "place 4,0 r180",
        "place 4,0 r270",
        "place 6,0 r90",
        "place 6,0 r180",
    ]


def test_r2_an_oasis_stub_demands_an_oasis_edge() -> None:
    state = to_place(after_setup(), 0, "5,1", 6)  # desert tile next to the water stub
    assert legal(state) == ["place 4,1 r0"]  # 6,1 faces the stub's O edge


def test_r3_rotations_giving_the_same_placed_tile_are_offered_once() -> None:
    by_kind: dict[str, set[tuple[int, ...]]] = {}
    for tile in range(1, 86):
        by_kind.setdefault(KINDS[tile], set()).add(DISTINCT_ROTATIONS[tile])
    assert by_kind["desert"] == {(0,)}
    assert by_kind["heart"] == {(0,)}
    assert by_kind["band"] == {(0, 1)}
    for kind in ("cap", "corner", "twin-corner", "twin-band", "tee", "halves"):
        assert by_kind[kind] == {(0, 1, 2, 3)}, kind  # swapping sections counts (R3)


def test_r4_seat_0_starts_with_the_turban_on_the_start_fields() -> None:
    for players, starts in ((2, ["5,0", "5,10"]), (4, ["5,0", "10,5", "5,10", "0,5"])):
        state = after_setup(players)
        assert state.caravan == [cell(s) for s in starts]
        assert state.turban == 0 and state.current_player() == 0
        assert state.effective_height(16) == 17 and state.effective_height(15) == 15


# -- movement -------------------------------------------------------------------------------
def test_r5_every_turn_starts_with_a_move_and_staying_is_a_move() -> None:
    state = after_setup()
    assert state.phase == MOVE and "move 5,0" in legal(state)
    state = edit(state, water="0,2")
    assert "move 5,0" in legal(state)
    run(state, "move 5,0")
    assert state.phase == EXPLORE and state.water[0] == 0


def test_r6_free_destinations_follow_desert_links_then_one_oasis_link() -> None:
    # Band 1 on 6,1: oasis W (to the stub of 5,1) and E; band 16 on 7,1: oasis W and E.
    bands = {"6,1": laid(1, 90), "7,1": laid(16, 90)}
    state = to_move(edit(after_setup(), tiles=bands, water="0,2"), 0, "5,5")
    # Cross (desert) + one oasis link to 6,1; 7,1 is two oasis links away.
    assert state.legal_actions() == sorted([*CROSS_CELLS, cell("6,1")])
    state = to_move(state, 0, "7,1")
    assert legal(state) == ["move 6,1", "move 7,1"]


def test_r6_a_paid_move_costs_exactly_1_water_whatever_the_distance() -> None:
    state = edit(after_setup(), tiles={"6,1": laid(1, 90), "7,1": laid(16, 90)})
    state = run(to_move(state, 0, "7,1"), "move 5,10")
    assert state.water[0] == 1 and state.water_supply == 17
    state = run(to_move(state, 0, "7,1"), "move 6,1")  # free: one oasis link
    assert state.water[0] == 1


def test_r7_caravans_share_fields_and_never_block() -> None:
    state = run(to_move(after_setup(), 0), "move 5,10")  # seat 1 stands there: free, allowed
    assert state.caravan == [cell("5,10"), cell("5,10")] and state.water[0] == 2
    run(state, "draw", "draw-tile 6")
    assert legal(state) == ["place 4,10 r0", "place 6,10 r0"]


# -- exploring and placing ------------------------------------------------------------------
def test_r8_draw_is_legal_even_when_nothing_fits() -> None:
    state = run(to_move(after_setup(), 0), "move 5,5")  # the centre has no empty neighbour
    assert legal(state) == ["draw"]


def test_r8_draw_is_illegal_with_3_display_tiles_and_display_tiles_must_fit() -> None:
    state = edit(after_setup(), displays="1,4,13/15")
    run(state, "move 5,4")
    assert legal(state) == ["take 1 15"]  # only seat 1's desert tile fits at 4,4 or 6,4
    with pytest.raises(serai.IllegalActionError, match="R8"):
        run(state, "draw")
    with pytest.raises(serai.IllegalActionError, match="fits nowhere"):
        run(state, "play-own 4")


def test_r9_taking_costs_water_and_the_robbed_seat_gets_a_replacement_first() -> None:
    state = run(edit(after_setup(), displays="14/6"), "move 5,4", "take 1 6")
    assert state.water == [1, 2] and state.water_supply == 17
    assert state.phase == REPLACE and state.is_chance_node()
    run(state, "draw-tile 3")
    assert state.display[1] == (3,) and state.phase == PLACE and state.pending == 6


def test_r9_no_replacement_with_an_empty_stack() -> None:
    state = empty_stack(edit(after_setup(), displays="14/6"), final_turns=2)
    run(state, "move 5,4", "take 1 6")
    assert state.phase == PLACE and state.display[1] == ()


def test_r9_taking_needs_water() -> None:
    state = run(edit(after_setup(), displays="14/6", water="0,2"), "move 5,4")
    assert "take 1 6" not in legal(state)
    with pytest.raises(serai.IllegalActionError, match="water"):
        run(state, "take 1 6")


def test_r10_a_fitting_drawn_tile_must_be_placed() -> None:
    state = run(to_move(after_setup(), 0), "move 5,4", "draw", "draw-tile 6")
    assert state.phase == PLACE
    assert legal(state) == ["place 4,4 r0", "place 6,4 r0"]


def test_r10_a_non_fitting_draw_ends_the_turn_even_in_a_bonus_turn() -> None:
    state = to_place(after_setup(), 0, "5,4", 6)
    run(state, "place 4,4 r0", "end", "bonus", "move 5,5", "draw", "draw-tile 4")
    assert state.display[0] == (14, 4)
    assert state.current_player() == 1 and state.phase == MOVE


def test_r11_the_caravan_moves_onto_the_placed_tile() -> None:
    state = run(to_move(after_setup(), 0), "move 5,4", "draw", "draw-tile 6", "place 6,4 r0")
    assert state.caravan[0] == cell("6,4")


def test_r12_after_a_desert_tile_move_and_explore_again() -> None:
    state = run(to_move(after_setup(), 0), "move 5,4", "draw", "draw-tile 6", "place 6,4 r0")
    assert state.phase == CONTINUE
    texts = legal(state)
    assert "end" in texts and "move 6,4" in texts and not any("remove" in t for t in texts)
    run(state, "move 6,4", "draw", "draw-tile 8", "place 6,3 r0")
    assert state.phase == CONTINUE
    run(state, "end")
    assert state.phase == BONUS_OFFER


def test_r12_removing_a_stone_in_the_continuation_ends_the_regular_turn() -> None:
    state = edit(after_setup(), tiles={"6,1": laid(1, 90, "9a")})
    run(state, "move 5,4", "draw", "draw-tile 6", "place 6,4 r0")
    assert "remove-stone 9" in legal(state)
    run(state, "remove-stone 9")
    assert state.stone_at[9] == -1 and state.phase == BONUS_OFFER


# -- influence stones -----------------------------------------------------------------------
def test_r13_a_stone_goes_only_on_a_section_of_the_tile_just_placed() -> None:
    state = to_place(after_setup(), 0, "5,4", 12)  # twin-corner: sections a and b
    run(state, "place 4,4 r270")  # oasis to W and N
    assert state.phase == STONE
    texts = legal(state)
    assert texts == [
        "no-stone",
        "stone 1 a",
        "stone 1 b",
        "stone 8 a",
        "stone 8 b",
        "stone 9 a",
        "stone 9 b",
        "stone 16 a",
        "stone 16 b",
    ]
    run(state, "stone 8 b")
    assert state.stone_at[8] == 2 * cell("4,4") + 1


def test_r13_placing_a_stone_is_optional() -> None:
    state = run(to_place(after_setup(), 0, "5,4", 12), "place 4,4 r270", "no-stone")
    assert all(r < 0 for r in state.stone_at) and state.phase == BONUS_OFFER


def test_r13_a_stone_on_the_oasis_being_closed_takes_part_in_the_rating() -> None:
    state = run(water_oasis(), "place 7,1 r270", "stone 16 a")
    assert state.phase == CHOOSE and state.r_order == (16, 9)


def test_r14_removing_a_stone_instead_of_placing_one() -> None:
    state = edit(after_setup(), tiles={"6,1": laid(1, 90, "16a")})
    state = run(to_place(state, 0, "5,4", 12), "place 4,4 r270")
    assert "remove-stone 16" in legal(state)
    run(state, "remove-stone 16")
    assert state.stone_at[16] == -1 and state.phase == BONUS_OFFER


# -- oasis rating ---------------------------------------------------------------------------
def test_r15_a_cap_against_the_border_is_closed_at_once() -> None:
    state = run(to_place(after_setup(), 0, "5,0", 7), "place 4,0 r0")
    assert len(state.closing) == 1
    run(state, "stone 16 a")
    assert state.phase == CHOOSE and legal(state) == ["choose gems"]


def test_r15_a_closed_oasis_without_stones_yields_nothing() -> None:
    state = run(to_place(after_setup(), 0, "5,0", 7), "place 4,0 r0", "no-stone")
    assert state.phase == BONUS_OFFER and state.goods == [0] * 8


def test_r15_section_a_oasis_is_rated_before_section_b() -> None:
    state = run(water_oasis(), "place 7,1 r270", "stone 16 a")
    assert state.r_order == (16, 9)
    # Example 10 covers two oases closed at once; here the oasis holds both sections once.
    assert state.closing == ()


def test_r16_the_fee_is_paid_even_if_one_player_owns_every_stone() -> None:
    state = run(water_oasis(), "place 7,1 r270", "stone 16 a")
    assert state.water[0] == 1 and state.water_supply == 17


def test_r16_without_water_the_highest_stone_is_blocked() -> None:
    state = edit(water_oasis(seat=1, stone=16), water="2,0")
    run(state, "place 7,1 r270", "stone 15 a")
    # Order 16 (seat 0, turban: 17), 15 (seat 1). Seat 0 pays: it has water.
    assert state.r_order == (16, 15) and state.water[0] == 1 and state.r_blocked == 0
    other = edit(water_oasis(seat=1, stone=16), water="0,2")
    run(other, "place 7,1 r270", "stone 15 a")
    assert other.r_blocked == 16 and other.water == [0, 2]
    assert other.current_player() == 1  # the blocked stone chooses nothing
    assert other.turban == 0  # R22: a blocked turban stone keeps the turban


def test_r17_a_stone_with_nothing_available_is_skipped() -> None:
    state = water_oasis(seat=1, stone=16)
    run(state, "place 7,1 r270", "stone 15 a", "choose gems", "choose water")
    assert state.phase == BONUS_OFFER  # 2 stones, 3 symbols: each chose once
    blank = run(to_place(after_setup(), 0, "5,0", 2), "place 4,0 r0", "stone 16 a")  # blank cap
    assert blank.phase == BONUS_OFFER and blank.stone_at[16] == -1
    assert blank.turban == 0  # R22: a skipped turban stone keeps the turban


def test_r18_commodities_need_a_free_carrying_space() -> None:
    # Seat 0 holds 4 myrrh: its 4 spaces are full.
    state = edit(water_oasis(seat=1, stone=16), goods="4,0,0,0/0,0,0,0")
    run(state, "place 7,1 r270", "stone 15 a")
    assert legal(state) == ["choose water"]  # seat 0 (turban stone 16): no gems


def choosing(symbols: dict[int, int]) -> DesertSonsState:
    """A rating in which seat 0's stone 16, alone on cap 7 closed against the border at
    4,0, chooses among ``symbols`` (index: count)."""
    return edit(
        after_setup(),
        tiles={"4,0": laid(7, 0, "16a")},
        phase="rating",
        caravans="4,0/5,10",
        last_placed="4,0",
        rating_order="16",
        turban_stone="16",
        symbols_left=",".join(str(symbols.get(x, 0)) for x in range(7)),
    )


def test_r18_availability_of_each_symbol() -> None:
    every = {x: 1 for x in range(7)}
    state = choosing(every)
    assert legal(state) == [f"choose {s}" for s in SYMBOLS]
    # Seat 1 holds every incense tile, camel card and water but seat 0's two.
    state = edit(state, goods="0,0,0,0/0,10,0,0", camels="0,10", water="2,18")
    assert state.goods_supply[1] == state.camel_supply == state.water_supply == 0
    assert legal(state) == ["choose myrrh", "choose salt", "choose gems", "choose rumor"]
    state = edit(state, goods="1,1,1,1/0,9,0,0")  # 4 commodities: the spaces are full
    assert legal(state) == ["choose rumor"]  # a rumor is always available
    state = edit(state, camels="1,9")
    assert legal(state) == ["choose myrrh", "choose salt", "choose gems", "choose rumor"]


def test_r18_a_stone_with_no_available_symbol_is_skipped_without_a_decision() -> None:
    state = edit(water_oasis(seat=1, stone=16), goods="4,0,0,0/0,0,0,0", water="18,2")
    assert state.water_supply == 0
    run(state, "place 7,1 r270", "stone 15 a")
    # Seat 0 pays the fee into the supply, so one water is there for it to take again.
    assert state.current_player() == 0 and legal(state) == ["choose water"]
    run(state, "choose water")
    assert state.current_player() == 1 and legal(state) == ["choose gems"]


def test_r19_a_drawn_chip_is_seen_by_its_drawer_and_laid_in_a_row_with_room() -> None:
    state = run(to_place(after_setup(), 0, "5,9", 78), "place 4,9 r90", "stone 16 a")
    run(state, "choose rumor")
    assert state.is_chance_node()
    assert state.action_to_string_for(0, 1274) == "draw-rumor +2"
    assert state.action_to_string_for(1, 1274) == "draw-rumor ?"
    assert state.action_to_string_for(None, 1274) == "draw-rumor ?"
    state = edit(state, rumor_board="+2,+1/-/-/-")  # myrrh full
    assert state.pool == [0, 1, 2, 1]
    run(state, "draw-rumor -1")
    assert state.view(0)["drawn_chip"] == "-1" and state.view(1)["drawn_chip"] == "?"
    assert legal(state) == ["rumor incense", "rumor salt", "rumor gems"]
    run(state, "rumor incense")
    assert state.chips[2] == 3 and state.chip_seen[2] == 1


def test_r20_a_removed_first_chip_lets_the_second_move_up() -> None:
    state = run(to_place(after_setup(), 0, "5,9", 78), "place 4,9 r90", "stone 16 a")
    # myrrh [+2, -1 seen by seat 1], incense [+1], salt [-2, +1], gems [-1]: all six
    state = edit(state, rumor_board="+2,-1:1/+1/-2,+1/-1")
    assert state.pool == [0, 0, 0, 0]
    run(state, "choose rumor", "peek myrrh 1")
    assert state.view(0)["rumor_board"]["myrrh"][0]["value"] == "+2"
    run(state, "remove-chip")
    assert state.chips[0:2] == [3, 0] and state.chip_seen[0:2] == [2, 0]
    assert state.pool == [1, 0, 0, 0]
    assert state.view(0)["rumor_board"]["myrrh"] == [{"value": None, "seen_by": [1]}]


def test_r21_every_stone_of_the_oasis_returns_to_its_owner() -> None:
    state = edit(water_oasis(seat=1, stone=16), water="0,2")
    run(state, "place 7,1 r270", "stone 15 a", "choose gems")
    assert state.stone_at[16] == -1 and state.stone_at[15] == -1  # blocked one too


def test_r22_the_turban_passes_after_the_turban_stone_chooses() -> None:
    state = run(to_place(after_setup(3), 0, "5,0", 7), "place 4,0 r0", "stone 16 a")
    assert state.turban == 0
    run(state, "choose gems")
    assert state.turban == 1 and state.effective_height(15) == 17
    assert state.effective_height(16) == 16


def test_r22_the_turban_stone_is_fixed_when_the_rating_starts() -> None:
    # Example 9's first rating: 16 (seat 0, turban) chooses, the turban passes to seat 1,
    # whose stone 15 chooses later in the same rating without passing it again.
    state = water_oasis(seat=1, stone=16)
    run(state, "place 7,1 r270", "stone 15 a", "choose gems")
    assert state.turban == 1
    run(state, "choose water")
    assert state.turban == 1


def test_r23_one_bonus_turn_at_most() -> None:
    state = run(to_move(after_setup(), 0), "move 5,4", "draw", "draw-tile 6", "place 4,4 r0")
    run(state, "end", "bonus")
    assert state.water[0] == 1 and state.bonus == 1 and state.phase == MOVE
    run(state, "move 4,4", "draw", "draw-tile 8", "place 3,4 r0", "end")
    assert state.current_player() == 1 and state.phase == MOVE


def test_r23_no_bonus_offer_without_water() -> None:
    state = edit(after_setup(), water="0,2")
    run(state, "move 5,4", "draw", "draw-tile 6", "place 4,4 r0", "end")
    assert state.current_player() == 1


HEARTS = (4, 23, 36)
"""Three ``OOOO`` tiles: they fit only where every neighbouring field shows oasis."""


def stranded(water: int, display: tuple[int, ...] = HEARTS) -> DesertSonsState:
    """Seat 0 on band 1 (6,1), between the water stub of 5,1 and cap 7 (7,1), in its move
    step with ``display`` and ``water``; seat 1's display is empty (nothing to take).

    Its free destinations are 5,1, 6,1 and 7,1, and every empty cell next to them needs a
    desert edge somewhere, which a heart lacks; with water the stub cells of the cross are
    within reach, and a heart fits there.
    """
    return edit(
        after_setup(),
        tiles={"6,1": laid(1, 90), "7,1": laid(7, 270)},
        displays=",".join(map(str, display)) + "/-",
        water=f"{water},2",
        caravans="6,1/5,10",
    )


def test_r24_a_full_display_that_fits_nowhere_within_reach_is_discarded() -> None:
    state = run(stranded(water=0), "move 6,1")
    free = state.free_destinations(0)
    assert [c for c in range(121) if free >> c & 1] == [cell("5,1"), cell("6,1"), cell("7,1")]
    assert state.field_within_reach(0, HEARTS) == -1
    assert legal(state) == ["discard 4", "discard 23", "discard 36"]
    with pytest.raises(serai.IllegalActionError, match=r"discard one of them \(R24\)"):
        run(state, "pass")
    run(state, "discard 23")
    assert state.discarded == (23,) and state.display[0] == (4, 36)
    assert state.current_player() == 1 and state.phase == MOVE  # no bonus offer (R23)


def test_r24_with_water_every_field_is_within_reach_so_the_stuck_player_passes() -> None:
    state = run(stranded(water=1), "move 6,1")
    assert not any(state.fits(t, cell("6,1")) for t in HEARTS)  # stuck where it stands
    assert state.field_within_reach(0, HEARTS) >= 0  # but a paid move would reach a fit
    assert legal(state) == ["pass"]
    with pytest.raises(serai.IllegalActionError, match=r"which your caravan can reach.*\(R24\)"):
        run(state, "discard 4")
    run(state, "pass")
    assert state.display[0] == HEARTS and state.discarded == ()
    assert state.water[0] == 1 and state.current_player() == 1 and state.phase == MOVE


def test_r24_a_tile_fitting_next_to_a_free_destination_means_pass_without_water() -> None:
    state = run(to_move(stranded(water=0), 0, "5,5"), "move 5,5")  # the centre: no empty cell
    assert state.fits(4, cell("5,3"))  # a heart against the myrrh stub, on free reach
    assert legal(state) == ["pass"]
    run(state, "pass")
    assert state.display[0] == HEARTS and state.discarded == ()


def test_r24_reach_counts_from_where_the_caravan_stands_after_its_move() -> None:
    # Seat 0 pays its last water to move from the cross onto cap 7: from there its reach is
    # only 6,1 and 7,1, where no heart fits, so it is truly stuck.
    state = run(to_move(stranded(water=1), 0, "5,5"), "move 7,1")
    assert state.water[0] == 0
    assert legal(state) == ["discard 4", "discard 23", "discard 36"]


def test_r24_with_an_empty_stack_a_stuck_full_display_is_kept() -> None:
    state = run(empty_stack(stranded(water=0), final_turns=2), "move 6,1")
    emptied = state.discarded  # the stack's tiles, set aside to empty it
    assert legal(state) == ["pass"]
    with pytest.raises(serai.IllegalActionError, match=r"stack empty.*\(R24\)"):
        run(state, "discard 4")
    run(state, "pass")
    assert state.display[0] == HEARTS and state.discarded == emptied
    assert state.current_player() == 1


def test_r24_a_display_that_is_not_full_draws_or_passes_but_never_discards() -> None:
    state = run(stranded(water=0, display=HEARTS[:2]), "move 6,1")
    assert legal(state) == ["draw"]  # R8: drawing is legal though nothing fits
    with pytest.raises(serai.IllegalActionError, match=r"you must \(R8\)"):
        run(state, "discard 4")
    state = run(empty_stack(stranded(water=0, display=HEARTS[:2]), final_turns=2), "move 6,1")
    emptied = state.discarded
    assert legal(state) == ["pass"]
    run(state, "pass")
    assert state.display[0] == HEARTS[:2] and state.discarded == emptied


def test_r24_with_an_empty_stack_the_stuck_player_passes() -> None:
    state = run(empty_stack(after_setup(), final_turns=2), "move 5,5")
    assert legal(state) == ["pass"]
    run(state, "pass")
    assert state.current_player() == 1


@pytest.mark.parametrize("players", [2, 4])
def test_r25_supplies_are_conserved_over_random_games(players: int) -> None:
    states = random_game(players, 25 + players)
    counts = states[0].component_counts()
    assert counts["water"] == 20 and counts["explorer tiles"] == 85
    assert counts["camel cards"] == 10 and counts["rumor chips"] == 6
    assert all(s.component_counts() == counts for s in states)
    assert states[0].water_supply == 20 - 2 * players


def test_r25_carrying_spaces_grow_with_camel_cards() -> None:
    state = after_setup()
    assert state.carrying_spaces(0) == 4
    assert edit(state, camels="2,0").carrying_spaces(0) == 8


def test_r26_the_stack_running_out_gives_every_seat_one_more_turn() -> None:
    state = after_setup(3)
    state = edit(state, discarded=discard_stack(state, keep=(85,)), turn_player="1")
    run(state, "move 5,4", "draw", "draw-tile 85")  # fits: seat 1 plays its turn out
    assert state.phase == PLACE and state.ending == 3
    seen = []
    while not state.is_terminal():
        if state.phase == MOVE:
            seen.append(state.player)
            assert "draw" not in legal(run(state, "move 5,5"))
        state.apply_action(state.legal_actions()[0])
    assert seen == [2, 0, 1]


def test_r26_a_take_that_empties_the_stack_starts_the_end() -> None:
    state = edit(after_setup(), displays="14/6")
    state = edit(state, discarded=discard_stack(state, keep=(85,)))
    run(state, "move 5,4", "take 1 6", "draw-tile 85")
    assert state.stack == 0 and state.ending == 2 and state.display[1] == (85,)


def test_r27_values_are_4_plus_the_chips_of_the_row() -> None:
    # myrrh +1 -1, incense +1 -1, gems -2 (the +2 is still in the pool)
    state = edit(after_setup(), rumor_board="+1,-1/+1,-1/-/-2", goods="1,1,1,1/0,0,0,0")
    state = game_over(state)
    assert state.commodity_values() == [4, 4, 4, 2]
    assert state.scores()[0] == 14


def test_r28_scores_count_4_per_commodity_before_the_end() -> None:
    state = edit(after_setup(), rumor_board="+2,+1/-/-/-", goods="2,0,0,1/0,0,0,0")
    assert state.scores() == [12, 0]
    assert state.returns() == [0.0, 0.0]


def test_stack_order_spec_the_lowest_non_empty_stack_is_drawn_from() -> None:
    state = after_setup()
    stack_1 = ",".join(str(t) for t in range(1, 18) if state.stack >> t & 1)
    state = run(edit(state, discarded=stack_1), "move 5,4", "draw")
    assert {STACK_OF[a - 1188] for a, _ in state.chance_outcomes()} == {1}
    assert len(state.chance_outcomes()) == 17


def test_each_seat_owns_four_stones_adding_up_to_34() -> None:
    assert all(sum(s) == 34 for s in STONES)
    assert sorted(r for s in STONES for r in s) == list(range(1, 17))
