"""One test (at least) per ruling R1…R41 of ``docs/rules/five_tribes.md``, named after it.

Positions are built on board X (``scenario.py``); the node-by-node cross-check of movement
against the brute-force reference is ``test_reference.py``.
"""

from __future__ import annotations

import random

import pytest

import serai
from serai.games.five_tribes import actions as A
from serai.games.five_tribes.board import (
    BLUE,
    BUILD,
    CARDS,
    COLOURS,
    DJINNS,
    DROP,
    FINAL,
    KEEP,
    KILL,
    PICK,
    PLACE,
    RED,
    SPOT_COST,
    STEP,
    TILE_NODE,
    VILLAGE,
)
from serai.games.five_tribes.rules import FiveTribesState
from tests.five_tribes.scenario import BOARD_X_RED_CORNER, Setup, act, board_x, legal, tx


def meeples_on(state: FiveTribesState, where: str) -> list[int]:
    t = tx(where)
    return state.meeples[5 * t : 5 * t + 5]


def play(state: FiveTribesState, *texts: str) -> None:
    for text in texts:
        act(state, text)


def e1() -> FiveTribesState:
    setup = board_x(4).put("1,1", "green", "green", "blue", "red", "white").put("2,1", "yellow")
    return setup.start_turn(0, 1, 2, 3)


E1_MOVE = ("pick 1,1", "step 2,1", "drop green", "step 2,2", "drop blue", "step 1,2", "drop red",
           "step 1,1", "drop white", "step 2,1")  # fmt: skip
ROW_0 = ("0,0", "1,0", "2,0", "3,0", "4,0", "5,0")


# -- movement and control ----------------------------------------------------------------------


def test_r1_the_final_tile_must_already_hold_the_last_colour() -> None:
    setup = board_x(4).put("2,2", "red", "blue", "green", "white")  # a 4-step loop gives nothing
    state = setup.put("0,0", "yellow").start_turn(0, 1)
    assert state.phase == FINAL and state.final_round  # no legal move at all


def test_r1_meeples_dropped_earlier_in_the_move_count() -> None:
    state = e1()
    play(state, *E1_MOVE)
    assert legal(state) == {"drop green"}  # legal only thanks to the green of step 1


def test_r2_pick_up_takes_every_meeple_of_the_last_colour() -> None:
    state = e1()
    play(state, *E1_MOVE, "drop green")
    assert meeples_on(state, "2,1") == [1, 0, 0, 0, 0]
    assert state.collected == 2


def test_r3_no_immediate_backtracking() -> None:
    state = board_x(4).put("0,0", "blue", "red", "red").put("1,0", "blue").start_turn(0, 1)
    play(state, "pick 0,0")
    assert legal(state) == {"step 0,1"}  # step 1,0 could only end by stepping back
    play(state, "step 0,1", "drop red")
    assert "step 0,0" not in legal(state)


def test_r3_re_entering_the_start_tile_later_is_allowed() -> None:
    state = e1()
    play(state, *E1_MOVE[:7])
    assert legal(state) == {"step 1,1"}


def test_r4_parity_alone_is_not_enough() -> None:
    setup = board_x(4).put("0,0", "red", "red")
    setup.put("1,0", "red")  # distance 1: a 2-step walk cannot end there
    state = setup.put("5,4", "white").start_turn(0, 1)
    assert "pick 0,0" not in legal(state)
    assert "pick 1,0" in legal(state)


@pytest.mark.parametrize(
    ("colours", "pickable"),
    [
        (("yellow", "white", "green", "blue", "red"), False),
        (("yellow", "white", "green", "blue", "red", "red"), True),
        (("red", "red", "blue", "green", "white"), True),
    ],
)
def test_r4_long_hands_complete_by_themselves(colours: tuple[str, ...], pickable: bool) -> None:
    state = board_x(4).put("2,2", *colours).start_turn(0, 1)
    assert (state.phase == PICK and "pick 2,2" in legal(state)) == pickable


def test_r5_every_movement_choice_can_be_completed() -> None:
    game = serai.load_game("five_tribes", players=3)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, FiveTribesState)
        while not state.is_terminal():
            if state.is_chance_node():
                action = serai.sample_chance(state, rng)
            else:
                legal_now = state.legal_actions()
                if state.phase in (PICK, STEP, DROP):
                    for option in legal_now:
                        child = state.clone()
                        child.apply_action(option)
                        assert child.is_terminal() or child.legal_actions()
                action = legal_now[rng.randrange(len(legal_now))]
            state.apply_action(action)


def test_r5_a_position_with_nothing_to_do_is_refused() -> None:
    # p0 stands on 1,1 holding one red meeple that no neighbour can take (R1).
    state = board_x(4).put("0,0", "blue").put("1,0", "blue").start_turn(0, 1)
    play(state, "pick 0,0")
    setup = Setup(state).set(cur=tx("1,1"), prev=tx("0,1"), in_hand=[0, 0, 0, 0, 1])
    setup.fields["bag"][BLUE] += 1
    setup.fields["bag"][RED] -= 1
    with pytest.raises(serai.GameError, match=r"nothing can be done .* \(R5\)"):
        setup.state()


def test_r6_ownership_never_changes_and_owned_tiles_can_be_entered() -> None:
    setup = board_x(4).put("0,0", "blue").put("1,0", "blue").claim(1, "1,0")
    state = setup.start_turn(0, 1)
    camels = state.camels_left[0]
    play(state, "pick 0,0", "step 1,0", "drop blue")
    assert state.camel[tx("1,0")] == 1
    assert state.camels_left[0] == camels


def test_r7_no_camel_left_claims_nothing_and_the_start_tile_is_not_claimed() -> None:
    setup = board_x(4).put("0,0", "blue").put("1,0", "blue")
    setup.claim(0, "0,4", "1,4", "2,4", "3,4", "4,4", "5,4", "0,3", "1,3")  # all 8 camels
    state = setup.start_turn(0, 1)
    play(state, "pick 0,0", "step 1,0", "drop blue")
    assert state.camel[tx("1,0")] == -1
    assert state.camel[tx("0,0")] == -1


def test_r8_the_final_tiles_action_even_after_a_kill_claim() -> None:
    setup = board_x(3).give_cards(0, "fakir")
    setup.put("3,1", "red").put("3,2", "red", "white").put("5,3", "green")
    state = setup.start_turn(0, 1, 2)
    play(state, "pick 3,1", "step 3,2", "drop red", "kill 5,3 green")
    assert state.camel[tx("5,3")] == 0  # an Oasis, claimed by the kill
    assert legal(state) == {"palace 3,2"}  # the Village's action, not the Oasis's


# -- tribe actions ------------------------------------------------------------------------------


def test_r9_builders_count_the_block_with_diagonals() -> None:
    state = board_x(4).start_turn(0)
    state = Setup(state).give_cards(0, "fakir").at_node(0, BUILD, "1,0", 2, BLUE)
    assert state.blue_count(tx("1,0")) == 3
    gold = state.gold[0]
    play(state, "build 1")
    assert state.gold[0] == gold + 9


def test_r9_with_no_blue_tile_only_build_0() -> None:
    state = board_x(4, board=BOARD_X_RED_CORNER).start_turn(0)
    state = Setup(state).give_cards(0, "fakir").at_node(0, BUILD, "0,0", 2, BLUE)
    assert state.blue_count(tx("0,0")) == 0
    assert legal(state) == {"build 0"}


def test_r10_range_is_assassins_plus_fakirs_and_only_the_needed_fakirs_go() -> None:
    state = board_x(3).give_cards(0, "fakir", "fakir", "fakir").start_turn(0, 1, 2)
    setup = Setup(state)
    setup.put("2,3", "green")  # distance 5 from 0,0: 2 Assassins + 3 Fakirs
    setup.put("3,3", "green")  # distance 6: out of range
    setup.put("3,0", "blue")  # distance 3
    state = setup.at_node(0, KILL, "0,0", collected=2, tribe=RED)
    assert legal(state) == {"kill 2,3 green", "kill 3,0 blue"}
    play(state, "kill 3,0 blue")
    assert state.fakirs(0) == 2


def test_r11_the_kill_is_compulsory_and_skipped_without_targets() -> None:
    setup = board_x(3).put("0,0", "red").put("1,0", "red")
    state = setup.hold(0, viziers=2).start_turn(0, 1, 2)  # the actor's own are never targets
    play(state, "pick 0,0", "step 1,0", "drop red")
    assert state.phase == TILE_NODE
    state2 = board_x(3).put("0,0", "red").put("1,0", "red").put("2,0", "green").start_turn(0, 1, 2)
    play(state2, "pick 0,0", "step 1,0", "drop red")
    assert state2.phase == KILL and legal(state2) == {"kill 2,0 green"}


def test_r12_the_final_tiles_claim_comes_first() -> None:
    setup = board_x(3).put("0,0", "red").put("1,0", "red").put("2,0", "green")
    state = setup.claim(0, *ROW_0[3:], "0,4", "1,4", "2,4", "3,4").start_turn(0, 1, 2)
    assert state.camels_left[0] == 1
    play(state, "pick 0,0", "step 1,0", "drop red", "kill 2,0 green")
    assert state.camel[tx("1,0")] == 0
    assert state.camel[tx("2,0")] == -1


def test_r13_boaz_protects_held_meeples_only() -> None:
    setup = board_x(3).hold(1, viziers=2, elders=2).give_djinn(1, "boaz")
    state = setup.give_djinn(0, "iblis").hold(0, elders=1).start_turn(0, 1, 2)
    setup = Setup(state).put("2,0", "green", "white").claim(1, "2,0")
    state = setup.at_node(0, KILL, "1,0", collected=2, tribe=RED)
    assert legal(state) == {"kill 2,0 green", "kill 2,0 white", "use iblis elder"}
    play(state, "use iblis elder")
    assert legal(state) == {"kill 2,0 white,green"}


def test_r14_merchants_take_at_most_the_row() -> None:
    setup = board_x(4).set_row("silk").put("0,0", "green").put("1,0", "green")
    state = setup.start_turn(0, 1)
    play(state, "pick 0,0", "step 1,0", "drop green")
    assert state.row == [] and state.hand[CARDS.index("silk")] == 1


# -- tiles and supply ---------------------------------------------------------------------------


def test_r15_markets_need_gold_and_cards_and_one_card_costs_full_price() -> None:
    state = board_x(4).set_row("ivory").start_turn(0)
    state = Setup(state).at_node(0, TILE_NODE, "4,0")  # Large Market
    assert legal(state) == {"buy ivory", "pass"}
    gold = state.gold[0]
    play(state, "buy ivory")
    assert state.gold[0] == gold - 6
    poor = board_x(4).start_turn(0)
    setup = Setup(poor)
    setup.fields["gold"][0] = 2
    poor = setup.at_node(0, TILE_NODE, "1,0")
    assert legal(poor) == {"pass"}


def test_r16_sacred_place_needs_an_e_plus_e_or_f_payment() -> None:
    state = board_x(4).start_turn(0)
    state = Setup(state).hold(0, elders=1).at_node(0, TILE_NODE, "3,0")
    assert legal(state) == {"pass"}
    state = Setup(state).give_cards(0, "fakir").state()
    play(state, "take-djinn leta elder,fakir")
    assert state.display == [DJINNS.index("enki"), DJINNS.index("sloar")]  # no refill yet


def test_r17_empty_supplies_skip_placements_and_bouraq() -> None:
    state = board_x(4).start_turn(0)
    setup = Setup(state).give_djinn(0, "bouraq").hold(0, elders=1)
    setup.place("5,4", palms=12, palaces=10)  # every Palm Tree and Palace
    assert legal(setup.at_node(0, TILE_NODE, "2,0")) == {"pass"}
    assert legal(setup.at_node(0, TILE_NODE, "0,0")) == {"pass"}


# -- Djinns ---------------------------------------------------------------------------------------


def test_r18_a_power_once_per_turn_and_never_in_a_move() -> None:
    setup = board_x(4).give_djinn(0, "sloar").give_cards(0, "fakir", "fakir")
    state = setup.put("0,0", "blue").put("1,0", "blue").start_turn(0, 1)
    assert "use sloar" in legal(state)
    play(state, "use sloar", "draw-card silk")
    assert "use sloar" not in legal(state) and state.phase == PICK
    play(state, "pick 0,0")
    assert legal(state) == {"step 1,0"}


def test_r18_each_marker_is_a_separate_turn_in_the_2_player_game() -> None:
    setup = board_x(2).give_djinn(0, "sloar").give_cards(0, "fakir", "fakir")
    setup.put("2,2", "red", "red", "red", "red", "red", "red")
    state = setup.put("4,4", "red", "red", "red", "red", "red", "red").start_turn(0, 0)
    play(state, "use sloar", "draw-card silk", "pick 2,2")
    while state.phase != FINAL:
        act(state, state.action_to_string(state.legal_actions()[0]))
    play(state, "end")
    assert state.actor == 0 and "use sloar" in legal(state)


def test_r19_hagis_moves_a_bouraq_palace_to_a_side_neighbour() -> None:
    state = board_x(4).start_turn(0)
    setup = Setup(state).give_djinn(0, "bouraq").give_djinn(0, "hagis").hold(0, elders=2)
    state = setup.at_node(0, FINAL)
    play(state, "use bouraq 2,0 elder")
    assert state.phase == PLACE
    assert legal(state) == {"palace 2,0", "use hagis 1,0 elder", "use hagis 3,0 elder",
                            "use hagis 2,1 elder"}  # fmt: skip
    play(state, "use hagis 2,1 elder")
    assert state.palaces[tx("2,1")] == 1 and state.phase == FINAL


def test_r19_lamia_with_the_oasis_tile_action() -> None:
    state = board_x(4).start_turn(0)
    setup = Setup(state).give_djinn(0, "lamia").give_cards(0, "fakir")
    state = setup.at_node(0, TILE_NODE, "0,0")
    assert legal(state) == {"palm 0,0", "use lamia 1,0 fakir", "use lamia 0,1 fakir"}


def test_r20_marid_pays_per_drop_on_its_owners_tiles() -> None:
    setup = board_x(4).give_djinn(1, "marid").claim(1, "1,0")
    state = setup.put("0,0", "blue", "blue").put("2,0", "blue").start_turn(0, 1)
    gold = state.gold[1]
    play(state, "pick 0,0", "step 1,0", "drop blue")
    assert state.gold[1] == gold + 2
    play(state, "step 2,0", "drop blue")
    assert state.gold[1] == gold + 2


def test_r20_nekir_pays_twice_for_a_double_kill() -> None:
    setup = board_x(3).give_djinn(0, "iblis").give_djinn(1, "nekir").hold(0, elders=1)
    state = setup.start_turn(0, 1, 2)
    state = Setup(state).put("2,0", "green", "blue").at_node(0, KILL, "1,0", 2, RED)
    gold = state.gold[1]
    play(state, "use iblis elder", "kill 2,0 green,blue")
    assert state.gold[1] == gold + 4


def test_r20_monkir_and_baal() -> None:
    state = board_x(4).give_djinn(1, "monkir").start_turn(0)
    state = Setup(state).at_node(0, TILE_NODE, "2,0")
    gold = state.gold[1]
    play(state, "palace 2,0")
    assert state.gold[1] == gold + 2
    other = board_x(4, display=("baal", "sloar", "leta")).start_turn(0)
    other = Setup(other).hold(0, elders=2).at_node(0, TILE_NODE, "3,0")
    assert other.djinn_owner[DJINNS.index("baal")] == -1
    gold = other.gold[1]
    play(other, "take-djinn baal elder,elder")
    assert other.gold[1] == gold  # gaining Ba'al itself pays nothing


def test_r21_spent_elders_go_to_the_bag_and_fakirs_to_the_discard() -> None:
    state = board_x(4).start_turn(0)
    state = Setup(state).hold(0, elders=1).give_cards(0, "fakir").at_node(0, TILE_NODE, "3,0")
    bag, discard = state.bag[1], state.discard[CARDS.index("fakir")]
    play(state, "take-djinn enki elder,fakir")
    assert state.bag[1] == bag + 1
    assert state.discard[CARDS.index("fakir")] == discard + 1


def test_r22_iblis_needs_a_pair_target_after_paying() -> None:
    state = board_x(3).give_djinn(0, "iblis").give_cards(0, "fakir").start_turn(0, 1, 2)
    setup = Setup(state).put("4,0", "green", "blue")  # distance 3: in range only with the Fakir
    state = setup.at_node(0, KILL, "1,0", collected=2, tribe=RED)
    assert "use iblis fakir" not in legal(state)
    state = Setup(state).hold(1, viziers=1, elders=1).state()
    assert "use iblis fakir" in legal(state)
    play(state, "use iblis fakir")
    assert legal(state) == {"kill p1 yellow,white"}


def test_r23_kandicha_captures_and_pays() -> None:
    state = board_x(3).give_djinn(0, "kandicha").start_turn(0, 1, 2)
    state = Setup(state).hold(1, viziers=1).at_node(0, KILL, "1,0", collected=2, tribe=RED)
    play(state, "kill p1 yellow")
    assert state.viziers == [1, 0, 0]
    builder = board_x(3).give_djinn(0, "kandicha").start_turn(0, 1, 2)
    builder = Setup(builder).put("2,0", "blue").at_node(0, KILL, "1,0", 2, RED)
    gold = builder.gold[0]
    play(builder, "kill 2,0 blue")
    assert builder.gold[0] == gold + builder.blue_count(tx("2,0"))
    merchant = board_x(3).give_djinn(0, "kandicha").start_turn(0, 1, 2)
    merchant = Setup(merchant).put("2,0", "green").at_node(0, KILL, "1,0", 2, RED)
    play(merchant, "kill 2,0 green")
    assert merchant.is_chance_node()
    play(merchant, "draw-card silk")
    assert merchant.hand[CARDS.index("silk")] == 1 and merchant.phase == TILE_NODE


def test_r24_echidna_doubles_builders_only_with_a_blue_tile() -> None:
    state = board_x(4, board=BOARD_X_RED_CORNER).start_turn(0)
    setup = Setup(state).give_djinn(0, "echidna").hold(0, elders=2)
    state = setup.at_node(0, BUILD, "0,0", collected=2, tribe=BLUE)
    assert legal(state) == {"build 0"}


def test_r25_kumarbi_lowers_the_price_by_k_spots() -> None:
    setup = board_x(4, bid_order=(0, 1, 2, 3))
    state = setup.give_djinn(0, "kumarbi").give_cards(0, "fakir").state()
    play(state, "use kumarbi 1")
    gold = state.gold[0]
    play(state, "bid 12")
    assert state.gold[0] == gold - SPOT_COST[3]
    assert state.paid[1] == 0


def test_r26_anun_nak_can_draw_the_elder_paid_for_it() -> None:
    state = board_x(4).start_turn(0)
    setup = Setup(state).give_djinn(0, "anun-nak").hold(0, elders=1).give_cards(0, "fakir")
    for colour, count in zip(COLOURS, setup.fields["bag"], strict=True):
        setup.put("5,4", *[colour] * count)  # the bag is empty
    state = setup.at_node(0, FINAL)
    assert "use anun-nak 2,2 elder" in legal(state)
    assert "use anun-nak 2,2 fakir" not in legal(state)
    play(state, "use anun-nak 2,2 elder")
    assert legal(state) == {"draw-meeple 2,2 white"}
    play(state, "draw-meeple 2,2 white")
    assert state.phase == FINAL and meeples_on(state, "2,2") == [0, 1, 0, 0, 0]


def test_r27_leta_and_utug_place_camels_and_may_trigger_the_end() -> None:
    state = board_x(4).start_turn(0)
    setup = Setup(state).give_djinn(0, "leta").give_djinn(0, "utug").hold(0, elders=4)
    setup.put("3,3", "blue").claim(0, *ROW_0, "0,1")  # one camel left
    state = setup.set(final_round=False).at_node(0, FINAL)
    assert "use utug 3,3 elder,elder" in legal(state)
    assert "use leta 3,3 elder,elder" not in legal(state)
    assert "use leta 2,2 elder,elder" in legal(state)
    play(state, "use utug 3,3 elder,elder")
    assert state.camel[tx("3,3")] == 0 and meeples_on(state, "3,3") == [0, 0, 0, 1, 0]
    assert state.final_round
    assert not any(text.startswith("use leta") for text in legal(state))


def test_r28_sibittis_reshuffles_the_discards_and_keeps_one() -> None:
    state = board_x(4).start_turn(0)
    setup = Setup(state).give_djinn(0, "sibittis").give_djinn(1, "baal").hold(0, elders=2)
    pile = setup.fields["djinn_pile"]
    discarded = pile & -pile  # one Djinn discarded
    kept = (1 << DJINNS.index("utug")) | (1 << DJINNS.index("iblis"))
    setup.set(djinn_pile=pile ^ discarded, djinn_discard=discarded)
    for i, name in enumerate(DJINNS):
        if (pile & ~kept & ~discarded) >> i & 1:
            setup.give_djinn(2 + i % 2, name)  # the rest are owned by p2 and p3
    state = setup.at_node(0, FINAL)
    assert state.djinn_pile == kept
    play(state, "use sibittis elder,elder")
    drawn = []
    while state.is_chance_node():
        action = state.legal_actions()[0]
        drawn.append(A.decode(action).djinn)
        state.apply_action(action)
    assert len(drawn) == 3 and state.phase == KEEP
    gold = state.gold[1]
    play(state, f"keep {DJINNS[drawn[1]]}")
    assert state.djinn_owner[drawn[1]] == 0 and state.gold[1] == gold + 2
    assert state.djinn_discard == (1 << drawn[0]) | (1 << drawn[2])
    assert state.phase == FINAL


def test_r29_sloar_pays_first_so_its_fakir_can_come_back() -> None:
    state = board_x(4).start_turn(0)
    setup = Setup(state).give_djinn(0, "sloar").give_cards(0, "fakir").empty_pile(1, 2, 3)
    state = setup.at_node(0, FINAL)
    assert not any(state.pile) and not any(state.discard)
    play(state, "use sloar")
    assert legal(state) == {"draw-card fakir"}
    play(state, "draw-card fakir")
    assert state.fakirs(0) == 1


# -- bidding, cards and information --------------------------------------------------------------


def test_r30_the_last_zero_bidder_plays_first_among_zeros() -> None:
    state = board_x(4, bid_order=(0, 1, 2, 3)).state()
    play(state, "bid 0", "bid 0", "bid 3", "bid 0")
    assert state.next_order + state.play_order() == [2, 3, 1, 0]


def test_r31_draws_are_proportional_and_reshuffle_the_discards() -> None:
    # The round's last turn ends with 3 cards in the row, none in the pile, and 2 Fish and
    # 6 Fakirs discarded; the other cards are in the players' hands.
    setup = board_x(4).set_row("fish", "fish", "fish").put("0,0", "red").put("1,0", "red")
    setup.give_cards(0, *["fish"] * 2, *["fakir"] * 6).empty_pile(1, 2, 3)
    setup.fields["hand"][CARDS.index("fish")] -= 2
    setup.fields["hand"][CARDS.index("fakir")] -= 6
    setup.fields["discard"] = [2, 0, 0, 0, 0, 0, 0, 0, 0, 6]
    state = Setup(setup.start_turn(0)).at_node(0, FINAL)
    play(state, "end")
    assert state.phase_name == "draw-card" and state.is_chance_node()
    assert dict(state.chance_outcomes()) == {A.DRAW_CARD: 0.25, A.DRAW_CARD + 9: 0.75}
    assert state.discard == [0] * 10


def test_r32_opponents_gold_is_hidden_until_the_end() -> None:
    state = board_x(3).state()
    view = state.view(1)
    golds = [p["gold"] for p in view["players_info"]]
    assert golds == ["hidden", 50, "hidden"]
    assert all(p["gold"] == "hidden" for p in state.view(None)["players_info"])
    assert "gold 50" not in str(state)


def test_r33_fakirs_are_never_sold() -> None:
    state = board_x(4).give_cards(0, "fakir", "fakir", "silk").start_turn(0)
    assert legal(state) == {"sell silk", "end"}


# -- end and scoring ------------------------------------------------------------------------------


def test_r34_no_legal_move_at_the_start_of_a_turn_sets_the_final_round_flag() -> None:
    state = board_x(3).start_turn(0, 1, 2)
    assert state.final_round and state.phase == FINAL and legal(state) == {"end"}


def test_r34_a_board_stuck_after_the_rounds_last_turn_ends_the_game_without_bidding() -> None:
    # p2 plays the round's last turn, and its move takes the last two meeples off the board.
    state = board_x(3).put("0,0", "red").put("1,0", "red").start_turn(2)
    play(state, "pick 0,0", "step 1,0", "drop red", "pass")
    assert (state.phase, state.final_round) == (FINAL, False)  # camels left: no flag yet
    gold = state.gold[:]
    play(state, "end")
    # Checked after the end, the stuck board makes this round the last (R35): no clean-up
    # draws and no bidding round, in which a bidder could still pay for a spot.
    assert state.final_round and state.is_terminal()
    assert state.round == 1 and state.gold == gold
    assert state.action_to_string(state.history()[-1]) == "end"


def test_r35_the_game_ends_when_the_flagged_round_is_complete() -> None:
    state = board_x(3).start_turn(0, 1)
    play(state, "end")
    assert state.actor == 1 and not state.is_terminal()
    play(state, "end")
    assert state.is_terminal() and state.row and len(state.history()) > 0


def test_r36_tied_top_scores_share_the_win() -> None:
    state = board_x(3).start_turn(0)
    play(state, "end")
    assert state.is_terminal()
    assert state.scores() == [50, 50, 50]
    assert state.returns() == [1 / 3] * 3


def test_r37_al_amin_wilds_are_assigned_to_maximise() -> None:
    state = board_x(4).give_djinn(0, "al-amin").give_cards(0, *["fakir"] * 4).state()
    assert state.score_breakdown()[0]["merchandise"] == 3  # two wilds of different types


def test_r38_vizier_bonus_per_opponent_with_fewer() -> None:
    state = board_x(2).hold(0, viziers=1).state()
    assert [p["vizier_majority"] for p in state.score_breakdown()] == [10, 0]


# -- engine conventions -------------------------------------------------------------------------


def test_r39_single_choice_nodes_stay_nodes() -> None:
    game = serai.load_game("five_tribes", players=3)
    state = game.new_initial_state()
    for _ in range(29):
        state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1
    e3 = board_x(3).put("3,1", "red").put("3,2", "red", "white").start_turn(0, 1)
    play(e3, "pick 3,1")
    assert e3.legal_actions() == [A.STEP + tx("3,2")] and e3.current_player() == 0


def test_r40_the_first_bid_order_is_a_chance_event() -> None:
    game = serai.load_game("five_tribes", players=2)
    state = game.new_initial_state()
    assert isinstance(state, FiveTribesState)
    while state.phase_name != "bid-order":
        state.apply_action(state.legal_actions()[0])
    assert dict(state.chance_outcomes()) == {A.BID_ORDER: 0.5, A.BID_ORDER + 1: 0.5}
    play(state, "bid-order p1", "bid-order p1")
    assert state.legal_actions() == [A.BID_ORDER]


def test_r41_games_end_within_46_rounds() -> None:
    for players in (2, 3, 4):
        game = serai.load_game("five_tribes", players=players)
        state = game.new_initial_state()
        rng = random.Random(players)
        while not state.is_terminal():
            legal_now = state.legal_actions()
            if state.is_chance_node():
                state.apply_action(serai.sample_chance(state, rng))
            else:
                state.apply_action(legal_now[rng.randrange(len(legal_now))])
        assert isinstance(state, FiveTribesState) and state.round <= 46
        assert len(state.history()) < game.max_game_length()


def test_village_type_is_compulsory_without_pass() -> None:
    state = Setup(board_x(4).start_turn(0)).at_node(0, TILE_NODE, "2,0")
    assert state.tile_type[tx("2,0")] == VILLAGE
    assert legal(state) == {"palace 2,0"}
