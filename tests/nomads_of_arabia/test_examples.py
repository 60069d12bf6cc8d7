"""The worked examples (the rules' Examples and our own X1–X8), each a named test."""

from __future__ import annotations

import math
import random

import pytest

import serai
from serai.games.nomads_of_arabia.board import FACE_DOWN, SPECIAL_DISKS, STRIP_NAMES, price
from serai.games.nomads_of_arabia.procedure import LOST, PILGRIM_SPACE
from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState
from tests.nomads_of_arabia.scenario import (
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

EVERY_TYPE = {"camel": 1, "donkey": 1, "goat": 1, "horse": 1}


def probability(state: NomadsOfArabiaState, text: str) -> float:
    action = state.string_to_action(text)
    return dict(state.chance_outcomes())[action]


def full_boxes(table: Table) -> Table:
    for land in ("green", "red", "purple", "blue", "grey"):
        table.box(land, **EVERY_TYPE)
    return table


# -- Ex 1 / 2 / 5 ----------------------------------------------------------------------
def test_ex1_2_5_setup_of_a_four_player_game() -> None:
    state = ref()
    assert [STRIP_NAMES[s] for s in state.rows] == ["d4", "c2", "d1", "c1", "d3"]
    assert state.city_disk[1] == FACE_DOWN and state.city_disk[3] == -1
    assert state.supply == 4 and state.finals == []
    assert box(state, "green") == EVERY_TYPE
    assert box(state, "red") == {"camel": 2, "horse": 6}
    assert box(state, "purple") == {"goat": 4}
    assert box(state, "blue") == {"camel": 2, "donkey": 4, "goat": 2}
    assert box(state, "grey") == EVERY_TYPE
    assert state.stock == [7, 7, 5, 5]
    assert state.prices() == [9, 3, 2, 5]
    assert state.pile == [3, 3, 3, 3]
    assert state.pos == [sp("3,5")] * 4 and state.money == [10] * 4
    moves = legal(state)
    assert len(moves) == 33 and {"stay", "pilgrim"} <= moves
    one_step = {m for m in moves if m.startswith("move ") and len(m.split()) == 2}
    assert one_step == {f"move {p}" for p in ("2,4", "2,6", "3,3", "3,7", "4,4", "4,6")}
    do(state, "move 2,4")
    assert state.node_name == "handlers"
    takes = legal(state)
    assert len(takes) == 30
    assert sum(1 for t in takes if t.count(",") == 1) == 10


def test_ex1_setup_probabilities() -> None:
    state = new_state()
    expected = [1 / 8, 1 / 8, 1 / 7, 1 / 7, 1 / 6]
    for text, p in zip(
        ("draw-strip d4", "draw-strip c2", "draw-strip d1", "draw-strip c1", "draw-strip d3"),
        expected,
        strict=True,
    ):
        assert math.isclose(probability(state, text), p)
        do(state, text)
    assert math.isclose(probability(state, "roll-land green"), 1 / 5)
    assert "roll-land yellow" not in legal(state)


# -- Ex 3 ------------------------------------------------------------------------------
def test_ex3_cover_cards_four_players() -> None:
    state = ref()
    assert state.cols == 3
    assert sum(state.pile) == 12
    totals = state.component_counts()
    assert all(totals[f"animals {a}"] == 13 for a in ("camel", "donkey", "goat", "horse"))
    goat = [price(2, n, 3) for n in range(13)]
    assert goat == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4]


# -- Ex 4 ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("roll", "placed"),
    [
        ("camel,goat", {"camel": 2, "goat": 2}),
        ("horse,blank", {"horse": 4}),
        ("horse,horse", {"horse": 4}),
        ("blank,blank", EVERY_TYPE),
    ],
)
def test_ex4_land_restock_quantities(roll: str, placed: dict[str, int]) -> None:
    table = ref_table().stock(camel=6, donkey=6, goat=6, horse=6).rest_with(3).box("green")
    state = table.action_phase(0).load()
    do(state, "end", f"roll-animals {roll}")
    assert box(state, "green") == placed


# -- Ex 6 ------------------------------------------------------------------------------
def red_empty() -> Table:
    """Every box holds one animal of each type but red, which is empty; seat 0 acts."""
    return full_boxes(ref_table()).box("red").rest_with(3).action_phase(0)


def test_ex6a_land_restock_then_random_restock_and_shift() -> None:
    state = red_empty().load()
    do(state, "end", "roll-animals camel,horse")
    assert box(state, "red") == {"camel": 2, "horse": 2}
    assert state.node_name == "roll-animals" and state.target_box == -1  # Random (R17)
    do(state, "roll-animals goat,blank", "roll-land grey")
    assert state.node_name == "draw-strip"  # then the shift


def test_ex6b_shortage_places_what_it_can() -> None:
    state = red_empty().stock(camel=1, horse=0).load()
    do(state, "end", "roll-animals camel,horse")
    assert box(state, "red") == {"camel": 1}
    assert state.target_box == -1  # no repeat: the next roll is the Random Restock


def test_ex6c_land_restock_repeats_until_the_box_is_not_empty() -> None:
    state = red_empty().stock(camel=0, horse=0, donkey=3, goat=3).load()
    do(state, "end", "roll-animals camel,horse")
    assert box(state, "red") == {} and state.target_box == 1
    do(state, "roll-animals camel,blank")
    assert box(state, "red") == {} and state.target_box == 1
    do(state, "roll-animals goat,blank")
    assert box(state, "red") == {"goat": 3} and state.stock[2] == 0


# -- Ex 7 ------------------------------------------------------------------------------
def donkey_gone(grey_two: bool = False, donkeys: int = 6) -> NomadsOfArabiaState:
    """No box holds a donkey; the stock has ``donkeys`` of them; seat 0 acts."""
    table = ref_table()
    table.box("green", camel=1, goat=1, horse=1)
    table.box("red", camel=2, goat=1, horse=1)
    table.box("purple", goat=1, horse=1)
    table.box("blue", camel=2, goat=2, horse=1)
    if grey_two:
        table.box("grey", camel=1, horse=1)
    else:
        table.box("grey", camel=1, goat=1, horse=1)
    return table.stock(donkey=donkeys).rest_with(3).action_phase(0).load()


def test_ex7_animal_restock() -> None:
    state = donkey_gone()
    assert state.prices()[1] == 3
    do(state, "end")
    assert state.stock[1] == 2 and state.prices()[1] == 1
    do(state, "roll-land red")
    assert box(state, "red")["donkey"] == 2 and state.box_total(1) == 6
    do(state, "roll-land yellow")
    assert box(state, "purple") == {"donkey": 2, "goat": 1, "horse": 1}
    assert state.node_name == "roll-animals" and state.target_box == -1  # Random, then shift


def test_ex7_variant_yellow_tie_is_decided_by_the_active_seat() -> None:
    state = donkey_gone(grey_two=True)
    do(state, "end", "roll-land red", "roll-land yellow")
    assert state.node_name == "land" and state.current_player() == 0
    assert legal(state) == {"choose-land purple", "choose-land grey"}
    do(state, "choose-land grey")
    assert box(state, "grey") == {"camel": 1, "donkey": 2, "horse": 1}


# -- Ex 8 ------------------------------------------------------------------------------
def test_ex8_random_restock() -> None:
    state = red_empty().load()
    do(state, "end", "roll-animals camel,horse")
    before = box(state, "green")
    do(state, "roll-animals blank,blank", "roll-land green")
    after = box(state, "green")
    assert {a: after[a] - before.get(a, 0) for a in after} == EVERY_TYPE


# -- Ex 9 ------------------------------------------------------------------------------
def _ex9(money: int) -> NomadsOfArabiaState:
    table = ref_table().seat(
        1,
        at="1,1",
        animals={"goat": 1, "horse": 1},
        handlers=("camel", "donkey", "goat"),
        money=money,
    )
    return table.turn(1).load()


def test_ex9_movement() -> None:
    state = _ex9(7)
    assert legal(state) == {
        "stay",
        "pilgrim",
        "move 0,2",
        "move 2,2",
        "move 2,2 2,4",
        "move 2,2 3,1",
        "move 2,2 3,3",
    }
    assert state.move_cost(1) == 5
    do(state, "move 2,2 3,3")
    assert state.money[1] == 2 and state.pos[1] == sp("3,3")


def test_ex9_two_step_moves_need_the_supply_cost() -> None:
    state = _ex9(4)
    assert legal(state) == {"stay", "pilgrim", "move 0,2", "move 2,2"}


# -- Ex 10 -----------------------------------------------------------------------------
def test_ex10_travel_with_the_pilgrim() -> None:
    table = ref_table().seat(2, at="2,4", handlers=("camel",))  # the pile keeps 2 camels
    table.seat(
        1,
        at="4,2",
        handlers=("camel", "goat", "horse"),
        animals={"camel": 2, "goat": 1, "horse": 1},
    )
    # Stock camel 4, goat 5, horse 5; a goat and a horse fewer in the boxes than in REF.
    table.stock(camel=4, goat=5, horse=5).rest_with(3)
    table.box("purple", goat=3).box("red", camel=2, horse=5)
    state = table.turn(1).load()
    assert state.pile == [1, 3, 2, 2]
    do(state, "pilgrim")
    assert legal(state) == {
        "keep camel,camel",
        "keep camel,goat",
        "keep camel,horse",
        "keep goat,horse",
    }
    do(state, "keep camel,camel")
    assert state.pile == [2, 3, 3, 3]
    assert state.stock[2] == 6 and state.stock[3] == 6
    assert state.status[1] == PILGRIM_SPACE and seat_handlers(state, 1) == {}
    assert seat_animals(state, 1) == {"camel": 2}
    assert state.node_name == "move" and state.active == 2  # no action phase this turn
    state = Table.of(state).turn(1).load()
    assert len(legal(state)) == 25
    do(state, "place 1,9")
    assert state.city_disk[1] == FACE_DOWN  # R27: not claimed
    assert legal(state) == {"sell camel", "sell camel,camel", "end"}
    do(state, "sell camel,camel")
    assert state.money[1] == 22 and state.stock[0] == 6
    do(state, "end")
    state = Table.of(state).turn(1).load()
    do(state, "move 1,7")
    assert state.node_name == "handlers"


# -- Ex 11 -----------------------------------------------------------------------------
def _ex11() -> NomadsOfArabiaState:
    table = ref_table().seat(0, at="2,4", handlers=("camel", "goat"))
    state = table.box("green", camel=1, donkey=1, horse=2).action_phase(0).load()
    do(state, "capture")
    return state


def _no_restock_after_end(state: NomadsOfArabiaState) -> None:
    do(state, "end")
    assert state.node_name == "move" and state.active == 1 and not state.shift_done


def test_ex11a_capture() -> None:
    state = _ex11()
    assert math.isclose(probability(state, "roll-handlers camel,goat"), 1 / 4)
    do(state, "roll-handlers camel,goat")
    assert seat_animals(state, 0) == {"camel": 1}
    assert box(state, "green") == {"donkey": 1, "horse": 2}
    _no_restock_after_end(state)


def test_ex11b_capture_takes_nothing() -> None:
    state = _ex11()
    do(state, "roll-handlers blank,goat")
    assert seat_animals(state, 0) == {}
    assert box(state, "green") == {"camel": 1, "donkey": 1, "horse": 2}
    _no_restock_after_end(state)


def test_ex11c_all_blank_picks_any_type() -> None:
    state = _ex11()
    do(state, "roll-handlers blank,blank")
    assert legal(state) == {"pick camel", "pick donkey", "pick horse"}
    do(state, "pick horse")
    assert seat_animals(state, 0) == {"horse": 1}
    assert box(state, "green") == {"camel": 1, "donkey": 1, "horse": 1}
    _no_restock_after_end(state)


# -- Ex 12 -----------------------------------------------------------------------------
def ex12_call(table: Table) -> NomadsOfArabiaState:
    """Rules Example 12: seat 1 calls on red with a camel and two goat handlers."""
    table.seat(1, at="2,8", handlers=("camel", "goat", "goat"), disks=("sands-of-time",))
    table.box("red", horse=1).box("purple", goat=2)  # two goats fewer than REF's purple
    state = table.stock(camel=5, goat=7).rest_with(3).action_phase(1).load()
    do(state, "call")
    assert math.isclose(probability(state, "roll-handlers camel,goat,goat"), 1 / 8)
    do(state, "roll-handlers camel,goat,goat")
    assert box(state, "red") == {"camel": 2, "goat": 4, "horse": 1}
    assert state.stock[0] == 3 and state.stock[2] == 3
    assert state.prices()[0] == 6 and state.prices()[2] == 2
    assert legal(state) == {"end"}  # Sands of Time is not played in the action phase
    do(state, "end")
    return state


def test_example_12_call_then_sands_of_time() -> None:
    state = ex12_call(ref_table())
    # The restock placed nothing, so no shift; seats 2, 3 and 0 hold no disk: not asked.
    assert not state.shift_done
    assert state.node_name == "sands" and state.current_player() == 1
    assert legal(state) == {"pass", "play sands-of-time"}
    do(state, "play sands-of-time")
    assert state.played >> SPECIAL_DISKS.index("sands-of-time") & 1 and state.hands[1] == 0
    assert state.node_name == "move" and state.active == 1
    do(state, "stay", "capture", "roll-handlers blank,blank,blank", "pick goat", "end")
    assert state.node_name == "move" and state.active == 2


def test_example_12_variant_a_disk_holder_before_it_is_asked_first_and_may_only_pass() -> None:
    state = ex12_call(ref_table().seat(2, disks=("dinars-6",)))
    assert state.node_name == "sands" and state.current_player() == 2
    assert legal(state) == {"pass"}
    do(state, "pass")
    assert state.current_player() == 1 and legal(state) == {"pass", "play sands-of-time"}


# -- Ex 13 -----------------------------------------------------------------------------
def test_ex13_selling() -> None:
    table = ref_table().seat(0, animals={"camel": 3, "horse": 2}, money=10)
    table.stock(camel=2, horse=9).rest_with(3).box("red", camel=2)  # red: no horses
    state = table.action_phase(0).load()
    do(state, "sell camel,camel,camel,horse,horse")
    assert state.money[0] == 39
    assert state.stock[0] == 5 and state.stock[3] == 11
    assert state.prices()[0] == 6 and state.prices()[3] == 10


# -- Ex 14 -----------------------------------------------------------------------------
def test_ex14_shifting_the_desert() -> None:
    state = ref_table().before_shift(0).load()
    do(state, "roll-land green")  # the Random Restock's land; the desert shifts
    assert math.isclose(probability(state, "draw-strip c5"), 1 / 6)
    do(state, "draw-strip c5")
    assert [STRIP_NAMES[q] for q in state.desert_queue] == ["d3"]
    assert [STRIP_NAMES[s] for s in state.rows] == ["c5", "d4", "c2", "d1", "c1"]
    assert state.pos == [sp("4,5")] * 4
    assert state.city_disk[2] == FACE_DOWN and state.city_disk[0] == FACE_DOWN
    assert state.supply == 3
    board = str(state).splitlines()
    assert board[1].startswith("row 0 (c5)   C*      P       .       S       .       B")
    assert board[5].startswith("row 4 (c1)   G       .       C0123   R       .       P")
    state = Table.of(state).seat(0, at="3,6").action_phase(0).load()  # sand; others on row 4
    assert "shift" not in legal(state)


# -- X1 --------------------------------------------------------------------------------
def test_x1_restock_chain_land_animal_random_shift() -> None:
    table = ref_table().seat(0, at="1,5", handlers=("donkey", "horse"))
    table.box("green", donkey=1, horse=1)
    table.box("red", camel=2, horse=2)
    table.box("purple", goat=3)
    table.box("blue", camel=1, goat=1)
    table.box("grey", camel=1, goat=2, horse=1)
    table.stock(camel=6, donkey=5, goat=6, horse=4).rest_with(3)
    state = table.action_phase(0).load()
    do(state, "capture", "roll-handlers donkey,horse")
    assert legal(state) == {"end"}
    do(state, "end", "roll-animals camel,goat")
    assert box(state, "green") == {"camel": 2, "goat": 2}
    do(state, "roll-land red", "roll-land yellow")
    assert box(state, "red") == {"camel": 2, "donkey": 2, "horse": 2}
    assert box(state, "blue") == {"camel": 1, "donkey": 2, "goat": 1}
    do(state, "roll-animals horse,horse", "roll-land grey")
    assert box(state, "grey") == {"camel": 1, "goat": 2, "horse": 5}
    do(state, "draw-strip c5")
    assert state.pos[0] == sp("2,5")
    assert state.stock == [4, 1, 4, 0] and state.prices() == [6, 1, 2, 3]
    assert state.node_name == "move" and state.active == 1


# -- X2 --------------------------------------------------------------------------------
def test_x2_one_random_restock_and_one_shift_per_turn() -> None:
    table = ref_table().seat(0, at="2,4", handlers=("camel", "goat"), disks=("expert-handler",))
    table.box("green", goat=1)
    table.box("red", camel=2, donkey=2, goat=1, horse=1)
    table.box("purple", **EVERY_TYPE)
    table.box("blue", donkey=2, goat=2)
    table.box("grey", horse=1)
    state = table.stock(camel=6, donkey=6, goat=6, horse=6).rest_with(3).action_phase(0).load()
    do(state, "play expert-handler grey horse", "roll-animals donkey,blank")
    assert box(state, "grey") == {"donkey": 4} and state.stock[1] == 2
    do(state, "roll-animals camel,horse", "roll-land purple", "draw-strip c5")
    assert seat_animals(state, 0) == {"horse": 1}
    assert box(state, "purple") == {"camel": 3, "donkey": 1, "goat": 1, "horse": 3}
    assert state.pos[0] == sp("3,4") and state.shift_done
    assert state.node_name == "action"
    do(state, "capture", "roll-handlers blank,goat")
    assert seat_animals(state, 0) == {"goat": 1, "horse": 1}
    do(state, "end", "roll-animals goat,horse")
    assert box(state, "green") == {"goat": 2, "horse": 2}
    assert state.node_name == "move" and state.active == 1  # no second Random Restock or shift
    assert state.stock == [4, 2, 4, 2]


# -- X3 --------------------------------------------------------------------------------
def test_x3_nomad_lost_when_the_far_strip_leaves() -> None:
    table = ref_table().seat(0, at="2,8", handlers=("camel", "horse"))
    table.seat(
        2,
        at="4,6",
        handlers=("camel", "horse"),
        animals={"goat": 1, "horse": 2},
        money=8,
        disks=("dinars-5",),
    )
    table.box("green", camel=1, donkey=1, horse=1)
    table.box("red", camel=1)
    table.box("purple", donkey=2, horse=1)
    table.box("blue", camel=2)
    table.box("grey", donkey=1, horse=2)
    table.stock(camel=5, donkey=5, goat=0, horse=5).rest_with(3)
    state = table.action_phase(0).load()
    do(state, "capture", "roll-handlers camel,blank", "end", "roll-animals camel,donkey")
    assert box(state, "red") == {"camel": 2, "donkey": 2}
    do(state, "roll-animals blank,blank", "roll-land blue")
    assert box(state, "blue") == {"camel": 3, "donkey": 1, "horse": 1}
    assert state.current_player() == 2
    assert legal(state) == {"keep goat,horse", "keep horse,horse"}
    do(state, "keep horse,horse", "draw-strip c5")
    assert state.status[2] == LOST and state.pos[2] == -1
    assert state.money[2] == 8 and seat_animals(state, 2) == {"horse": 2}
    assert seat_handlers(state, 2) == {}
    assert state.hands[2] == 1 << SPECIAL_DISKS.index("dinars-5")
    assert state.stock[2] == 0  # the discarded goat went straight into the Animal Restock
    do(state, "roll-land yellow")
    assert legal(state) == {"choose-land green", "choose-land purple", "choose-land grey"}
    assert state.current_player() == 0
    do(state, "choose-land purple")
    assert box(state, "purple") == {"donkey": 2, "goat": 1, "horse": 1}
    assert state.node_name == "sands" and state.current_player() == 2  # R33: it holds a disk
    assert legal(state) == {"pass"}
    do(state, "pass")
    assert state.node_name == "move" and state.active == 1
    do(state, "stay", "end", "pass")
    # R25: the Lost turn is no decision; the window after it asks seat 2 again (R33).
    assert state.status[2] == PILGRIM_SPACE and state.current_player() == 2
    do(state, "pass")
    assert state.node_name == "move" and state.active == 3
    state = Table.of(state).turn(2).load()
    do(state, "place 2,9")
    assert state.city_disk[2] == FACE_DOWN
    assert "sell horse,horse" in legal(state)


# -- X4 --------------------------------------------------------------------------------
X4 = (
    "4 5 5 1000 d5,c5,d4,c2,d1 c1,d3 0,0,0,0/0,1,1,1/0,1,1,1/0,1,1,1/0,1,1,1 0,4,3,6 3,3,3,3 "
    "0/-/3 bonus-goat,bonus-horse/2 1,5/35/0,0,0,2/0,0,0,0/dinars-5 "
    "1,5/40/0,3,0,0/0,0,0,0/sands-of-time 1,5/31/10,2,4,1/0,0,0,0/- 4,4/40/3,0,2,0/0,0,0,0/- "
    "30/0/1 - action:0 -"
)
"""Two shifts after REF: no camel in any box or in the stock, the green box empty, bonus
goat and bonus horse gone with their strips; seat 3 on row 4 with three camels and two
goats, seat 2 holding the other animals."""


def test_x4_mecca_ends_the_game_in_the_middle_of_a_restock() -> None:
    state = serai.load_position("nomads_of_arabia", X4)
    assert isinstance(state, NomadsOfArabiaState)
    do(state, "end", "roll-animals horse,blank")
    assert box(state, "green") == {"horse": 4}
    do(state, "roll-animals donkey,goat", "roll-land red")
    assert state.current_player() == 3
    assert legal(state) == {"keep camel,camel", "keep camel,goat", "keep goat,goat"}
    do(state, "keep camel,camel")
    assert state.node_name == "draw-strip"
    city = next(s for s in state.legal_actions())
    state.apply_action(city)
    assert math.isclose(probability(state, "draw-final mecca"), 1 / 3)
    do(state, "draw-final mecca")
    assert state.is_terminal()
    assert state.stock[0] == 1  # the waiting camel Animal Restock is not done (R36)
    assert state.scores() == [40, 40, 31, 40]
    assert state.returns() == [0, 1, 0, 0]


def test_r38_at_the_end_the_money_disks_alone_are_revealed() -> None:
    """Section 7: every money disk is shown to all once the game is over; a disk of
    another kind still held stays face down for everyone but its holder."""
    state = serai.load_position("nomads_of_arabia", X4)
    do(state, "end", "roll-animals horse,blank", "roll-animals donkey,goat", "roll-land red")
    do(state, "keep camel,camel")
    state.apply_action(state.legal_actions()[0])
    do(state, "draw-final mecca")
    assert state.is_terminal()
    for reader in (None, 0, 1, 2, 3):
        held = [p["disks"] for p in state.view(reader)["players"]]
        assert held[1] == (["sands-of-time"] if reader == 1 else []), reader
        assert held[0] == ["dinars-5"], reader
    assert state.view(1)["players"][1] == {
        **state.view(0)["players"][1],
        "disks": ["sands-of-time"],
    }
    assert "seat 1 holds" not in state.render(seat=0)
    dealt = [state.resample_hidden(2, random.Random(seed)) for seed in range(20)]
    assert all(other.view(2) == state.view(2) for other in dealt)
    assert {other.hands[0] for other in dealt} == {state.hands[0]}, "its money disk is known"
    assert len({other.hands[1] for other in dealt}) > 1, "its other disk is not"


# -- X5 --------------------------------------------------------------------------------
def test_x5_abdul_the_trader() -> None:
    table = ref_table().seat(
        0, at="2,4", handlers=("camel", "horse"), animals={"horse": 2}, disks=("abdul",)
    )
    table.box("green", goat=1, horse=2).box("red", camel=2, horse=4)  # two horses fewer
    state = table.stock(horse=4).rest_with(3).action_phase(0).load()
    do(state, "capture", "roll-handlers blank,horse", "play abdul horse,horse,horse")
    assert state.money[0] == 25 and state.stock[3] == 7 and state.prices()[3] == 7
    assert state.hands[0] == 0 and state.played >> SPECIAL_DISKS.index("abdul") & 1
    state = ref_table().seat(0, animals={"horse": 2}, disks=("abdul",)).action_phase(0).load()
    assert not any(t.startswith("play abdul") for t in legal(state))


# -- X6 --------------------------------------------------------------------------------
def test_x6_silver_tongue_stacks_with_a_final_bonus() -> None:
    # Bonus-camel lies face up on the start city 3,5; the special disks are out.
    table = ref_table().set("board", "d4,c2*,d1,c1c,d3").set("final disks", "bonus-camel/0")
    table.seat(0, animals={"camel": 2, "goat": 1}, money=10, disks=("silver-tongue",))
    table.set("special disks", "0/-/3")
    table.stock(camel=7, goat=3).rest_with(3).box("red", horse=6)  # red: no camels
    state = table.action_phase(0).load()
    do(state, "play silver-tongue", "sell camel,camel,goat")
    assert state.money[0] == 35 and state.stock[0] == 9 and state.stock[2] == 4
    other = ref_table().seat(0, animals={"camel": 2}, disks=("silver-tongue",))
    other_state = other.action_phase(0).load()
    do(other_state, "sell camel")
    assert "play silver-tongue" not in legal(other_state)


# -- X7 --------------------------------------------------------------------------------
def test_x7_ride_the_winds_picks_up_a_disk() -> None:
    table = ref_table().seat(
        0,
        at="4,2",
        handlers=("camel", "goat", "horse"),
        animals={"camel": 1, "goat": 2},
        money=2,
        disks=("ride-the-winds",),
    )
    state = table.turn(0).load()
    moves = legal(state)
    assert not any(m.startswith("move") and len(m.split()) == 3 for m in moves)
    assert sum(1 for m in moves if m.startswith("play ride-the-winds")) == 24
    pile = state.pile[:]
    do(state, "play ride-the-winds 1,9")
    assert math.isclose(probability(state, "draw-disk silver-tongue"), 1 / 7)
    assert state.action_to_string_for(1, state.string_to_action("draw-disk silver-tongue")) == (
        "draw-disk hidden"
    )
    do(state, "draw-disk silver-tongue")
    assert state.money[0] == 2 and seat_handlers(state, 0) == {}
    assert state.pile == [pile[0] + 1, pile[1], pile[2] + 1, pile[3] + 1]
    assert state.hands[0] == 1 << SPECIAL_DISKS.index("silver-tongue")
    assert state.view(1)["players"][0]["disks"] is None
    assert state.view(1)["players"][0]["disk_count"] == 1
    assert {"play silver-tongue", "sell camel,goat,goat"} <= legal(state)


# -- X8 --------------------------------------------------------------------------------
def test_x8_passing_through_a_city_in_a_two_step_move() -> None:
    table = ref_table().seat(2, at="2,4", handlers=("camel", "donkey", "horse"))
    table.seat(0, at="2,8", handlers=("goat", "horse"), animals={"camel": 1}, money=4)
    state = table.turn(0).load()
    assert state.pile == [2, 2, 2, 1]
    do(state, "move 1,9 0,8")
    assert state.money[0] == 3 and state.pile == [2, 2, 3, 2]
    assert math.isclose(probability(state, "draw-disk abdul"), 1 / 8)
    do(state, "draw-disk abdul")
    assert len(legal(state)) == 27
    do(state, "take-handlers camel,camel,horse")
    assert state.money[0] == 0 and state.pile == [0, 2, 3, 1]
    assert state.pos[0] == sp("0,8")
    assert legal(state) == {"capture", "call", "play abdul camel", "end"}
