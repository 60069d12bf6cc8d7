"""One test (at least) per ruling R1–R42, named after it."""

from __future__ import annotations

import math
import random

import pytest

import serai
from serai.games.nomads_of_arabia.board import (
    ANIMAL_ROLLS,
    CITY,
    FACE_DOWN,
    LANDS,
    MOUNTAIN,
    NEIGHBOURS,
    NO_SPACE,
    SAND,
    SPECIAL_DISKS,
    STRIP_NAMES,
    STRIP_TERRAIN,
    handler_roll_probability,
    price,
)
from serai.games.nomads_of_arabia.procedure import LOST, PILGRIM_SPACE
from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState
from tests.nomads_of_arabia import test_examples as examples
from tests.nomads_of_arabia.scenario import (
    REF_SETUP,
    Table,
    box,
    do,
    legal,
    new_state,
    ref,
    ref_table,
    seat_animals,
    seat_handlers,
    sp,
)


def board_of(*strips: str, players: int = 4) -> NomadsOfArabiaState:
    """A setup with the given strips (rows 0–4) and REF's boxes."""
    state = new_state(players)
    do(state, *(f"draw-strip {s}" for s in strips), *REF_SETUP[5:])
    return state


# -- board and components -------------------------------------------------------------
def test_r1_brick_geometry_gives_six_neighbours_inside_three_at_a_city_strip_end() -> None:
    assert len(NEIGHBOURS[sp("2,6")]) == 6
    assert sorted(NEIGHBOURS[sp("1,1")]) == sorted([sp("0,2"), sp("1,3"), sp("2,2")])
    assert len(NEIGHBOURS[sp("1,11")]) == 3


def test_r2_coordinates_are_doubled_columns_and_move_down_with_a_shift() -> None:
    state = ref()
    assert state.terrain(sp("1,9")) == CITY
    assert state.terrain(sp("1,2")) == NO_SPACE  # wrong parity: not a space
    assert state.parse_action("move 01,1") is None
    state = ref_table().before_shift(0).load()
    do(state, "roll-land green", "draw-strip c5")
    assert state.terrain(sp("2,9")) == CITY and state.pos[0] == sp("4,5")


def test_r3_reconstructed_strips_have_the_stated_totals() -> None:
    cells = [t for terrain in STRIP_TERRAIN for t in terrain if t != NO_SPACE]
    assert len(cells) == 88
    assert cells.count(CITY) == 8 and cells.count(SAND) == 32 and cells.count(MOUNTAIN) == 8
    assert all(cells.count(land) == 8 for land in range(5))


def test_r4_pockets_stay_reachable_only_by_placement() -> None:
    state = Table.of(board_of("d4", "c2", "d8", "c1", "d3")).seat(0, at="1,1", money=0).load()
    assert legal(state) == {"stay", "pilgrim", "move 0,2"}
    state = Table.of(state).seat(1, at="pilgrim").turn(1).load()
    assert "place 1,1" in legal(state)


def test_r5_dice_probabilities() -> None:
    assert math.isclose(sum(p for *_, p, _ in ANIMAL_ROLLS), 1.0)
    blanks = next(r for r in ANIMAL_ROLLS if r[0] == r[1] == 4)
    assert math.isclose(blanks[2], 4 / 36) and blanks[3] == (1, 1, 1, 1)
    assert math.isclose(handler_roll_probability([1, 0, 2, 0], (1, 0, 1, 0)), 1 / 4)
    state = ref_table().box("green").action_phase(0).load()
    do(state, "end")
    assert len(state.chance_outcomes()) == 15


def test_r6_overfull_stock_shows_the_row_4_price() -> None:
    assert price(0, 14, 3) == 12 and price(0, 12, 3) == 12
    assert price(2, 5, 2) == 3 and price(2, 6, 2) == 4  # 3 players


# -- shifting -------------------------------------------------------------------------
def test_r7_shift_removes_row_4_and_brings_the_other_type_to_row_0() -> None:
    state = ref_table().before_shift(0).load()
    do(state, "roll-land green")
    assert legal(state) == {f"draw-strip c{i}" for i in range(3, 9)}  # c1, c2 are on the board
    do(state, "draw-strip c7")
    assert [STRIP_NAMES[s] for s in state.rows] == ["c7", "d4", "c2", "d1", "c1"]


def test_r8_discarded_strips_come_back_oldest_first_without_a_node() -> None:
    # Every desert strip is on the board or discarded, d7 first, then d2.
    state = ref_table().set("discards", "d7,d2,d5,d6,d8").before_shift(0).load()
    do(state, "roll-land green", "draw-strip c5")
    assert [STRIP_NAMES[s] for s in state.desert_queue] == ["d7", "d2", "d5", "d6", "d8", "d3"]
    state = Table.of(state).before_shift(1).load()
    do(state, "roll-land green")  # the desert shifts: no desert strip is left to draw
    assert state.node_name != "draw-strip"
    assert STRIP_NAMES[state.rows[0]] == "d7"
    assert [STRIP_NAMES[s] for s in state.desert_queue] == ["d2", "d5", "d6", "d8", "d3"]


# -- movement and handlers ------------------------------------------------------------
def test_r9_two_step_path_may_not_return_to_its_start_and_nomads_never_block() -> None:
    table = ref_table().seat(0, at="2,4", handlers=("camel", "goat")).seat(1, at="2,6")
    moves = legal(table.turn(0).load())
    assert "move 2,6" in moves
    assert not any(m.endswith(" 2,4") and len(m.split()) == 3 for m in moves)


def test_r10_supply_cost_counts_animals_and_three_handlers() -> None:
    table = ref_table().seat(
        0, at="2,4", handlers=("camel", "goat", "horse"), animals={"goat": 2}, money=5
    )
    state = table.turn(0).load()
    assert state.move_cost(0) == 5
    do(state, "move 2,6 1,7")
    assert state.money[0] == 0
    table = Table.of(state).seat(1, at="2,4", handlers=("camel", "goat"), animals={"goat": 2})
    state = table.seat(1, money=0).turn(1).load()
    assert "move 2,6" in legal(state) and "move 2,6 1,7" not in legal(state)


def test_r11_leaving_a_city_takes_handlers_entering_returns_them() -> None:
    state = ref()
    do(state, "move 2,4")
    assert state.node_name == "handlers"
    do(state, "take-handlers camel,donkey,goat")
    assert state.money[0] == 7 and seat_handlers(state, 0) == {"camel": 1, "donkey": 1, "goat": 1}
    state = Table.of(state).seat(1, at="2,4", handlers=("camel",)).turn(1).load()
    do(state, "move 3,5")
    assert seat_handlers(state, 1) == {}


def test_r11_fewer_than_two_in_the_pile_are_taken_without_a_decision() -> None:
    # Six players, 16 dice: seats 1-5 hold three each, the pile keeps a goat.
    table = ref_table(players=6)
    held = (
        ("camel", "camel", "camel"),
        ("camel", "donkey", "donkey"),
        ("donkey", "donkey", "goat"),
        ("goat", "goat", "horse"),
        ("horse", "horse", "horse"),
    )
    for seat, dice in enumerate(held, start=1):
        table.seat(seat, at="2,4", handlers=dice)
    state = table.turn(0).load()
    assert state.pile == [0, 0, 1, 0]
    do(state, "move 2,4")
    assert state.node_name == "action" and seat_handlers(state, 0) == {"goat": 1}


def test_r12_entering_a_city_with_a_face_down_disk_claims_it() -> None:
    state = ref_table().seat(0, at="1,7", handlers=("camel", "goat")).turn(0).load()
    do(state, "move 1,9")
    assert state.node_name == "draw-disk" and state.city_disk[1] == -1
    do(state, "draw-disk abdul")
    assert state.hands[0] == 1 << SPECIAL_DISKS.index("abdul")


def test_r13_no_handlers_no_capture_or_call() -> None:
    state = ref_table().seat(0, at="2,4").action_phase(0).load()
    assert "capture" not in legal(state) and "call" not in legal(state)


# -- capture, call, sale --------------------------------------------------------------
def test_r14_capture_is_legal_on_an_empty_box_and_all_blank_takes_the_only_type() -> None:
    table = ref_table().seat(0, at="2,4", handlers=("camel",)).box("green", goat=2)
    state = table.action_phase(0).load()
    do(state, "capture", "roll-handlers blank")
    assert seat_animals(state, 0) == {"goat": 1} and state.node_name == "action"
    state = Table.of(state).box("green").action_phase(0).load()
    do(state, "capture", "roll-handlers camel")
    assert seat_animals(state, 0) == {"goat": 1}


def test_r15_call_moves_two_per_die_and_all_blank_one_of_each() -> None:
    table = ref_table().seat(0, at="2,4", handlers=("camel", "camel")).box("green", goat=1)
    table.stock(camel=3, donkey=0, goat=2, horse=2).rest_with(3)
    state = table.action_phase(0).load()
    do(state, "call", "roll-handlers camel,camel")
    assert box(state, "green") == {"camel": 3, "goat": 1} and state.stock[0] == 0
    other = ref_table().seat(0, at="2,4", handlers=("camel",)).stock(donkey=0).rest_with(3)
    other = other.action_phase(0).load()
    do(other, "call", "roll-handlers blank")
    assert box(other, "green") == {"camel": 2, "donkey": 1, "goat": 2, "horse": 2}
    do(other, "end")
    assert other.node_name == "move" and not other.shift_done  # calling is not a restock


def test_r16_one_sale_per_turn_also_after_staying() -> None:
    state = ref_table().seat(0, animals={"goat": 2}).turn(0).load()
    do(state, "stay", "sell goat")
    assert not any(t.startswith("sell") for t in legal(state))


# -- restocking -----------------------------------------------------------------------
def test_r17_end_of_turn_order() -> None:
    examples.test_x1_restock_chain_land_animal_random_shift()


def test_r18_restock_that_places_nothing_does_not_count() -> None:
    table = ref_table().box("green").stock(camel=0, donkey=0, goat=0, horse=0).rest_with(3)
    state = table.action_phase(0).load()
    do(state, "end")
    assert box(state, "green") == {} and state.node_name == "move" and not state.shift_done


def test_r19_partial_animal_restock_places_pairs_then_a_single() -> None:
    state = examples.donkey_gone(donkeys=3)
    do(state, "end", "roll-land red")
    assert state.carry == 1
    do(state, "roll-land green")
    assert box(state, "green")["donkey"] == 1 and state.stock[1] == 0


def test_r20_yellow_dot_tie_and_no_yellow_in_setup() -> None:
    examples.test_ex7_variant_yellow_tie_is_decided_by_the_active_seat()
    state = new_state()
    do(state, *("draw-strip d4", "draw-strip c2", "draw-strip d1", "draw-strip c1"))
    do(state, "draw-strip d3")
    assert "roll-land yellow" not in legal(state)


def test_r21_expert_handler_uses_the_turns_random_restock_and_shift() -> None:
    examples.test_x2_one_random_restock_and_one_shift_per_turn()


def test_r22_lost_discards_enable_a_waiting_animal_restock() -> None:
    examples.test_x3_nomad_lost_when_the_far_strip_leaves()


def test_r23_shift_by_choice_from_sand_when_row_4_is_empty() -> None:
    table = ref_table()
    for seat in range(4):
        table.seat(seat, at="2,6")  # sand of d1
    state = table.action_phase(0).load()
    assert "shift" in legal(state)
    do(state, "shift", "draw-strip c5")
    assert state.pos[0] == sp("3,6") and not state.shift_done and state.main_done
    assert state.node_name == "action" and "capture" not in legal(state)
    other = ref_table().seat(0, at="2,6").action_phase(0).load()
    assert "shift" in legal(other)
    other = ref_table().seat(0, at="2,6").seat(1, at="4,6").action_phase(0).load()
    assert "shift" not in legal(other)


def test_r24_new_cities_take_special_disks_then_final_disks() -> None:
    # The five special disks are out: four left the game with their strips.
    state = ref_table().set("special disks", "0/-/4").before_shift(0).load()
    do(state, "roll-land green", "draw-strip c5")
    assert state.node_name == "draw-final"
    outcomes = dict(state.chance_outcomes())
    assert math.isclose(outcomes[state.string_to_action("draw-final mecca")], 1 / 5)
    assert math.isclose(outcomes[state.string_to_action("draw-final bonus-goat")], 1 / 5)
    do(state, "draw-final bonus-goat")
    assert state.city_disk[0] == 2 and state.finals == [2]


def test_r24_claimed_disk_is_uniform_over_unrevealed_disks() -> None:
    table = ref_table().seat(1, disks=("abdul", "dinars-4"))
    state = table.seat(0, at="1,7", handlers=("camel", "goat")).turn(0).load()
    do(state, "move 1,9")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and all(math.isclose(p, 1 / 6) for _, p in outcomes)


# -- lost and the pilgrim -------------------------------------------------------------
def test_r25_lost_nomad_travels_then_is_placed() -> None:
    state = ref_table().seat(2, at="lost").action_phase(1).load()
    do(state, "end")  # seat 2's turn: no decision, only the Pilgrim
    assert state.status[2] == PILGRIM_SPACE and state.active == 3 and state.node_name == "move"
    state = Table.of(state).turn(2).load()
    assert state.node_name == "place"


def test_r26_travel_with_the_pilgrim_has_no_action_phase() -> None:
    examples.test_ex10_travel_with_the_pilgrim()


def test_r27_placement_turn_never_claims_and_cannot_capture() -> None:
    state = ref_table().seat(0, at="pilgrim").turn(0).load()
    do(state, "place 2,4")
    assert legal(state) == {"end"}
    state = Table.of(state).seat(1, at="pilgrim").turn(1).load()
    do(state, "place 1,9")
    assert state.city_disk[1] == FACE_DOWN


# -- special disks --------------------------------------------------------------------
def test_r28_sands_of_time_is_never_played_in_the_action_phase() -> None:
    state = ref_table().seat(0, disks=("sands-of-time", "ride-the-winds")).action_phase(0).load()
    assert not any("sands" in t or "ride" in t for t in legal(state))


def test_r29_expert_handler_takes_from_any_box_even_in_a_city() -> None:
    state = ref_table().seat(0, disks=("expert-handler",)).action_phase(0).load()
    do(state, "play expert-handler purple goat")
    assert seat_animals(state, 0) == {"goat": 1} and box(state, "purple") == {"goat": 3}
    assert state.node_name == "action" and "sell goat" in legal(state)


def test_r30_abdul_is_not_playable_in_a_city() -> None:
    examples.test_x5_abdul_the_trader()


def test_r31_silver_tongue_and_bonus_stack() -> None:
    examples.test_x6_silver_tongue_stacks_with_a_final_bonus()


def test_r32_ride_the_winds_goes_anywhere_for_free() -> None:
    examples.test_x7_ride_the_winds_picks_up_a_disk()


def window_seats(state: NomadsOfArabiaState) -> list[tuple[int, set[str]]]:
    """Pass through the open window: each seat asked, in order, with its choices."""
    out = []
    while state.node_name == "sands":
        out.append((state.current_player(), legal(state)))
        do(state, "pass")
    return out


def test_r33_every_seat_holding_a_special_disk_is_asked_in_window_order() -> None:
    table = ref_table().seat(0, disks=("abdul",))
    table.seat(1, disks=("dinars-4",))  # a money disk counts
    table.seat(3, disks=("sands-of-time", "expert-handler"))
    state = table.turn(2).load()
    do(state, "stay", "end")
    # Starting after the active seat 2 and ending with it; seat 2 holds nothing.
    assert window_seats(state) == [
        (3, {"pass", "play sands-of-time"}),
        (0, {"pass"}),
        (1, {"pass"}),
    ]
    assert state.node_name == "move" and state.active == 3


def test_r33_seats_without_special_disks_are_not_asked() -> None:
    state = ref()
    do(state, "stay", "end")
    assert state.node_name == "move" and state.active == 1
    state = Table.of(state).seat(1, disks=("silver-tongue",)).load()
    do(state, "stay", "end")
    assert window_seats(state) == [(1, {"pass"})]  # the active seat is asked last
    assert state.active == 2


def test_r33_the_holder_plays_for_an_extra_turn_and_the_window_closes() -> None:
    table = ref_table().seat(1, disks=("dinars-5",)).seat(2, disks=("sands-of-time",))
    state = table.seat(3, disks=("abdul",)).load()
    do(state, "stay", "end")
    assert state.current_player() == 1 and legal(state) == {"pass"}
    do(state, "pass")
    assert state.current_player() == 2
    do(state, "play sands-of-time")
    # Seats 3 and 0 are not asked: seat 2's extra turn comes at once.
    assert state.node_name == "move" and state.active == 2 and state.next_seat == 1
    assert state.played >> SPECIAL_DISKS.index("sands-of-time") & 1
    do(state, "stay", "end")
    # No more windows once it is played; play goes on with the seat that was next.
    assert state.node_name == "move" and state.active == 1
    do(state, "stay", "end")
    assert state.node_name == "move" and state.active == 2
    do(state, "stay", "end")
    assert state.node_name == "move" and state.active == 3  # seat 2's own turn came between


def test_r33_a_window_follows_a_lost_turn_too() -> None:
    table = ref_table().seat(1, disks=("abdul",)).seat(0, at="lost")
    state = table.action_phase(3).load()
    do(state, "end", "pass")  # seat 3's turn and its window; then seat 0's Lost turn
    assert state.status[0] == PILGRIM_SPACE
    assert window_seats(state) == [(1, {"pass"})]
    assert state.active == 1


def test_r33_pass_is_the_window_pass_for_holder_and_non_holder_alike() -> None:
    state = ref_table().seat(1, disks=("sands-of-time",)).seat(2, disks=("abdul",)).load()
    assert state.window_pass() is None  # not a window
    do(state, "stay")
    assert state.window_pass() is None
    do(state, "end")
    holder = state.window_pass()
    assert state.current_player() == 1 and holder in state.legal_actions()
    do(state, "pass")
    assert state.current_player() == 2 and state.window_pass() == holder
    assert state.action_to_string(holder) == "pass"
    assert state.legal_actions() == [holder]


def test_r33_a_pass_looks_the_same_whether_or_not_the_seat_held_it() -> None:
    worlds = []
    for disk in ("sands-of-time", "abdul"):
        state = ref_table().seat(1, disks=(disk,)).load()
        do(state, "stay", "end")
        assert state.node_name == "sands" and state.current_player() == 1
        worlds.append(state)
    held, other = worlds
    for seat in (None, 0, 2, 3):
        assert held.view(seat) == other.view(seat)
        assert held.observation(seat) == other.observation(seat)
        assert held.render(seat=seat) == other.render(seat=seat)
        for state in worlds:
            action = state.window_pass()
            assert action is not None and state.action_to_string_for(seat, action) == "pass"
    for state in worlds:
        do(state, "pass")
    for seat in (None, 0, 2, 3):
        assert held.view(seat) == other.view(seat)
    assert held.view(1) != other.view(1)  # the seat itself knows


def test_r33_resampling_does_not_tell_who_holds_sands_of_time() -> None:
    state = ref_table().seat(1, disks=("abdul",)).seat(2, disks=("sands-of-time",)).load()
    do(state, "stay", "end", "pass", "pass")  # both passed the window
    sands = SPECIAL_DISKS.index("sands-of-time")
    rng = random.Random(5)
    holders = set()
    for _ in range(200):
        world = state.resample_hidden(0, rng)
        holders.add(next((s for s in range(4) if world.hands[s] >> sands & 1), -1))
    assert holders == {-1, 1, 2}  # it may also be face down or out of the game


def test_r34_money_disks_count_at_the_end() -> None:
    examples.test_x4_mecca_ends_the_game_in_the_middle_of_a_restock()


# -- ending ---------------------------------------------------------------------------
def test_r35_own_nomad_lost_by_expert_handler_ends_the_action_phase() -> None:
    table = ref_table().seat(0, at="4,6", disks=("expert-handler",))
    for seat in (1, 2, 3):
        table.seat(seat, at="2,6")
    table.box("grey", horse=1).box("green", camel=1, donkey=1, goat=1, horse=1)
    state = table.action_phase(0).load()
    do(state, "play expert-handler grey horse", "roll-animals goat,blank")
    do(state, "roll-animals camel,blank", "roll-land red", "draw-strip c5")
    assert state.status[0] == LOST
    assert state.node_name == "move" and state.active == 1


def test_r36_mecca_ends_the_game_at_once() -> None:
    examples.test_x4_mecca_ends_the_game_in_the_middle_of_a_restock()


def test_r37_tie_goes_to_most_animals_then_is_shared() -> None:
    table = ref_table().seat(0, money=20, animals={"goat": 1}).seat(3, money=5)
    table.seat(1, money=20, animals={"goat": 2}).seat(2, money=20, animals={"camel": 2})
    state = table.set("turn", "1000/3/0").set("to act", "over").load()  # the turn limit (R40)
    assert state.returns() == [0, 0.5, 0.5, 0]


def test_r38_other_seats_see_only_how_many_disks_a_seat_holds() -> None:
    state = ref_table().seat(1, disks=("abdul",)).load()
    assert state.view(1)["players"][1]["disks"] == ["abdul"]
    assert state.view(0)["players"][1]["disks"] is None
    assert state.view(None)["players"][1]["disk_count"] == 1
    assert "abdul" not in str(state)


def test_r39_a_single_legal_choice_is_still_a_decision() -> None:
    state = ref_table().seat(0, at="2,6", animals={"goat": 3}).load()  # sand, three alike
    do(state, "pilgrim")
    assert state.node_name == "keep" and legal(state) == {"keep goat,goat"}


def test_r40_turn_limit_ends_the_game() -> None:
    game = serai.load_game("nomads_of_arabia", players=3, max_turns=3)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(state.legal_actions()[0])
    assert state.turn == 3
    with pytest.raises(serai.GameError):
        serai.load_game("nomads_of_arabia", players=3, max_turns=0)


def test_r41_short_game_options() -> None:
    state = ref(players=4, special_disks=2, final_disks=3)
    assert state.supply == 1 and state.city_disk[1] == FACE_DOWN
    # The other special disk left the game with its strip.
    table = Table.of(state).set("special disks", "0/-/1")
    state = table.before_shift(0).load()
    do(state, "roll-land green", "draw-strip c5")
    outcomes = dict(state.chance_outcomes())
    assert math.isclose(outcomes[state.string_to_action("draw-final mecca")], 1 / 3)
    assert math.isclose(outcomes[state.string_to_action("draw-final bonus-camel")], 1 / 6)


def _board_missing_a_land() -> tuple[tuple[str, ...], int]:
    from itertools import permutations

    for deserts in permutations(range(8, 16), 3):
        for cities in permutations(range(8), 2):
            rows = (deserts[0], cities[0], deserts[1], cities[1], deserts[2])
            present = {t for r in rows for t in STRIP_TERRAIN[r]}
            for land in range(5):
                if land not in present:
                    return tuple(STRIP_NAMES[r] for r in rows), land
    raise AssertionError("R42: 1,728 setup boards lack a colour")


def test_r42_a_missing_land_is_reached_only_by_expert_handler() -> None:
    strips, land = _board_missing_a_land()
    table = Table.of(board_of(*strips)).box(LANDS[land], goat=2)
    state = table.seat(0, disks=("expert-handler",)).action_phase(0).load()
    assert all(state.terrain(s) != land for s in range(55))
    do(state, f"play expert-handler {LANDS[land]} goat")
    assert box(state, LANDS[land]) == {"goat": 1}


def test_r39_capture_roll_is_a_chance_node() -> None:
    state = ref_table().seat(0, at="2,4", handlers=("goat",)).action_phase(0).load()
    do(state, "capture")
    assert state.node_name == "roll-handlers" and len(state.chance_outcomes()) == 2


def test_r39_a_single_possible_strip_is_drawn_without_a_node() -> None:
    # Every city strip but c8 is on the board or discarded.
    table = ref_table().set("discards", "c3,c4,c5,c6,c7").before_shift(0)
    state = table.load()
    do(state, "roll-land green")
    assert state.node_name != "draw-strip" and STRIP_NAMES[state.rows[0]] == "c8"
