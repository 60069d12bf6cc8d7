"""Every worked example of the rules (E1–E12 and E10b) on board X, with its expected results."""

from __future__ import annotations

from itertools import combinations

from serai.games.five_tribes.board import (
    BLUE,
    BUILD,
    CARDS,
    FINAL,
    NUM_CARDS,
    PICK,
    TILE_NODE,
    WHITE,
    tile_index,
)
from serai.games.five_tribes.rules import FiveTribesState, best_merchandise
from tests.five_tribes.scenario import Setup, act, board_x, legal, tx


def fakirs(state: FiveTribesState, seat: int) -> int:
    return state.fakirs(seat)


def cards_of(state: FiveTribesState, seat: int) -> dict[str, int]:
    base = seat * NUM_CARDS
    return {CARDS[c]: state.hand[base + c] for c in range(NUM_CARDS) if state.hand[base + c]}


def meeples_on(state: FiveTribesState, where: str) -> list[int]:
    t = tx(where)
    return state.meeples[5 * t : 5 * t + 5]


def test_e1_a_loop_through_the_start_tile_and_earlier_drops_count() -> None:
    setup = board_x(4).put("1,1", "green", "green", "blue", "red", "white").put("2,1", "yellow")
    state = setup.start_turn(0, 1, 2, 3)
    assert legal(state) == {"pick 1,1"}
    act(state, "pick 1,1")
    assert legal(state) == {"step 0,1", "step 1,0", "step 1,2", "step 2,1"}
    act(state, "step 2,1")
    assert legal(state) == {"drop green"}
    act(state, "drop green")
    assert legal(state) == {"step 2,0", "step 2,2", "step 3,1"}
    act(state, "step 2,2")
    assert legal(state) == {"drop white", "drop blue", "drop red"}
    act(state, "drop blue")
    assert legal(state) == {"step 1,2", "step 3,2"}
    act(state, "step 1,2")
    assert legal(state) == {"drop white", "drop red"}
    act(state, "drop red")
    assert legal(state) == {"step 1,1"}
    act(state, "step 1,1")
    assert legal(state) == {"drop white"}
    act(state, "drop white")
    assert legal(state) == {"step 2,1"}
    act(state, "step 2,1")
    assert legal(state) == {"drop green"}
    bag_green = state.bag[2]
    act(state, "drop green")
    assert meeples_on(state, "2,1") == [1, 0, 0, 0, 0]
    assert state.camel[tx("2,1")] == -1
    assert meeples_on(state, "1,1") == [0, 1, 0, 0, 0]
    assert meeples_on(state, "2,2") == [0, 0, 0, 1, 0]
    assert meeples_on(state, "1,2") == [0, 0, 0, 0, 1]
    assert state.bag[2] == bag_green + 2
    assert cards_of(state, 0) == {"fish": 2}
    assert state.phase == TILE_NODE
    assert legal(state) == {"pass"}


def test_e2_forbidden_backtrack_claim_and_builders() -> None:
    setup = board_x(4).put("0,0", "blue", "red", "red").put("1,0", "blue")
    state = setup.give_cards(0, "fakir", "fakir").start_turn(0, 1, 2, 3)
    assert legal(state) == {"pick 0,0", "pick 1,0"}
    act(state, "pick 0,0")
    assert legal(state) == {"step 0,1"}
    act(state, "step 0,1")
    assert legal(state) == {"drop red"}
    act(state, "drop red")
    assert legal(state) == {"step 1,1"}
    act(state, "step 1,1")
    assert legal(state) == {"drop red"}
    act(state, "drop red")
    assert legal(state) == {"step 1,0"}
    act(state, "step 1,0")
    assert legal(state) == {"drop blue"}
    camels = state.camels_left[0]
    act(state, "drop blue")
    assert meeples_on(state, "1,0") == [0] * 5
    assert state.camel[tx("1,0")] == 0 and state.camels_left[0] == camels - 1
    assert state.phase == BUILD
    assert state.blue_count(tx("1,0")) == 3
    assert legal(state) == {"build 0", "build 1", "build 2"}
    for f, gain in ((0, 6), (1, 9), (2, 12)):
        child = state.clone()
        gold = child.gold[0]
        act(child, f"build {f}")
        assert child.gold[0] == gold + gain
        assert fakirs(child, 0) == 2 - f
        assert child.phase == TILE_NODE
        assert "buy fish" in legal(child)


def e3_setup() -> Setup:
    setup = board_x(3).give_cards(0, "fakir")
    setup.hold(1, viziers=3, elders=1).hold(2, viziers=2, elders=2)
    setup.give_djinn(2, "boaz").give_djinn(2, "nekir")
    setup.put("3,1", "red").put("3,2", "red", "white").put("5,3", "green").put("0,0", "yellow")
    return setup


def test_e3_assassins_held_vizier_boaz_nekir_distance_0() -> None:
    state = e3_setup().start_turn(0, 1, 2)
    assert legal(state) == {"pick 3,1"}
    act(state, "pick 3,1")
    assert legal(state) == {"step 3,2"}
    act(state, "step 3,2")
    assert legal(state) == {"drop red"}
    act(state, "drop red")
    assert meeples_on(state, "3,2") == [0, 1, 0, 0, 0]
    assert state.camel[tx("3,2")] == -1
    assert legal(state) == {"kill 3,2 white", "kill 5,3 green", "kill p1 yellow", "kill p1 white"}
    first = state.clone()
    gold2 = first.gold[2]
    act(first, "kill p1 yellow")
    assert first.viziers[1] == 2
    assert first.gold[2] == gold2 + 2
    assert fakirs(first, 0) == 1
    assert legal(first) == {"palace 3,2"}
    act(first, "palace 3,2")
    assert first.palaces_left == 9 and first.palaces[tx("3,2")] == 1
    second = state.clone()
    act(second, "kill 5,3 green")
    assert fakirs(second, 0) == 0
    assert second.camel[tx("5,3")] == 0
    assert second.gold[2] == gold2 + 2
    assert legal(second) == {"palace 3,2"}


def test_e3_with_hagis_the_palace_may_go_to_a_side_neighbour() -> None:
    state = e3_setup().give_djinn(0, "hagis").start_turn(0, 1, 2)
    for text in ("pick 3,1", "step 3,2", "drop red", "kill p1 yellow"):
        act(state, text)
    assert legal(state) == {
        "palace 3,2",
        "use hagis 3,1 fakir",
        "use hagis 2,2 fakir",
        "use hagis 4,2 fakir",
        "use hagis 3,3 fakir",
    }


def test_e4_merchants_from_the_row_front_markets_and_clean_up() -> None:
    setup = board_x(4).put("4,1", "green").put("4,0", "green", "green")
    setup.set_row("fish", "fakir", "silk", "wheat", "fish", "ivory", "spice", "gold", "pottery")
    setup.fields["gold"][0] = 20
    state = setup.start_turn(0, 1)
    assert legal(state) == {"pick 4,1"}
    for text in ("pick 4,1", "step 4,0", "drop green"):
        act(state, text)
    assert state.camel[tx("4,0")] == 0
    assert cards_of(state, 0) == {"fish": 1, "silk": 1, "fakir": 1}
    assert [CARDS[c] for c in state.row] == ["wheat", "fish", "ivory", "spice", "gold", "pottery"]
    types = ("fish", "wheat", "pottery", "spice", "ivory", "gold")
    order = {name: CARDS.index(name) for name in types}
    pairs = {
        "buy " + ",".join(sorted(pair, key=order.__getitem__)) for pair in combinations(types, 2)
    }
    assert len(pairs) == 15
    assert legal(state) == pairs | {"pass"}
    act(state, "buy ivory,gold")
    assert state.gold[0] == 14
    assert [CARDS[c] for c in state.row] == ["wheat", "fish", "spice", "pottery"]
    # A move for p1, so the game goes on (R34).
    state = Setup(state).put("0,3", "red").put("0,4", "red").state()
    act(state, "end")
    # Later this round p1, with 5 gold, ends on a Small Market.
    setup = Setup(state)
    setup.fields["gold"][1] = 5
    state = setup.at_node(1, TILE_NODE, "0,1")
    assert legal(state) == {"buy fish", "buy wheat", "buy spice", "pass"}
    act(state, "buy fish")
    assert state.gold[1] == 2
    assert [CARDS[c] for c in state.row] == ["wheat", "spice", "pottery"]
    act(state, "end")
    draws = 0
    while state.phase_name == "draw-card":
        assert state.is_chance_node()
        act(state, state.action_to_string(state.legal_actions()[0]))
        draws += 1
    assert draws == 6
    assert [CARDS[c] for c in state.row[:3]] == ["wheat", "spice", "pottery"]


def test_e4_variant_r15_the_frontmost_copy_is_taken() -> None:
    state = board_x(4).set_row("fish", "silk", "fish").start_turn(0)
    state = Setup(state).at_node(0, TILE_NODE, "0,1")
    act(state, "buy fish")
    assert [CARDS[c] for c in state.row] == ["silk", "fish"]


def test_e5_suit_sale_values() -> None:
    setup = board_x(4)
    setup.give_cards(0, "fish", "fish", "wheat", "silk", "ivory", "fakir", "fakir", "fakir")
    state = setup.start_turn(0)
    assert state.phase == FINAL
    sells = {text for text in legal(state) if text.startswith("sell")}
    assert len(sells) == 15
    assert legal(state) == sells | {"end"}
    gold = state.gold[0]
    act(state, "sell fish,wheat,silk,ivory")
    assert state.gold[0] == gold + 13
    assert cards_of(state, 0) == {"fish": 1, "fakir": 3}
    assert legal(state) == {"sell fish", "end"}
    act(state, "sell fish")
    assert state.gold[0] == gold + 14
    assert state.discard[CARDS.index("fish")] == 2
    assert state.discard[CARDS.index("silk")] == 1
    assert state.discard[CARDS.index("fakir")] == 0


def test_e5_other_suit_values() -> None:
    from serai.games.five_tribes.board import suit_value

    assert [suit_value(k) for k in (2, 3, 5, 9)] == [3, 7, 21, 60]


def test_e6_final_scoring_and_the_vizier_majority() -> None:
    setup = board_x(4)
    for seat, viziers in enumerate((5, 5, 3, 0)):
        setup.hold(seat, viziers=viziers)
    setup.hold(0, viziers=5, elders=2)
    setup.give_djinn(2, "jafaar").give_djinn(0, "shamhat").give_djinn(0, "haurvatat")
    setup.fields["gold"][0] = 23
    setup.claim(0, "2,1", "3,0", "0,0", "1,1")
    setup.place("0,0", palms=2).place("1,1", palaces=1).place("3,1", palms=1)
    setup.give_cards(0, "fish", "fish", "wheat", "pottery", "fakir", "fakir", "fakir")
    parts = setup.state().score_breakdown()
    assert parts[0]["viziers"] + parts[0]["vizier_majority"] == 25
    assert parts[1]["viziers"] + parts[1]["vizier_majority"] == 25
    assert parts[2]["viziers"] + parts[2]["vizier_majority"] == 19
    assert parts[3]["viziers"] + parts[3]["vizier_majority"] == 0
    assert parts[0] == {
        "gold": 23,
        "viziers": 5,
        "vizier_majority": 20,
        "elders": 8,
        "djinns": 14,
        "tiles": 29,
        "palm_trees": 10,
        "palaces": 5,
        "merchandise": 8,
        "total": 122,
    }


def test_e7_al_amin_wild_pairs() -> None:
    counts = (2, 1, 1, 0, 1, 0, 0, 0, 0)
    assert best_merchandise(counts, 0) == 14
    assert best_merchandise(counts, 2) == 31
    setup = board_x(4)
    setup.give_cards(0, "fish", "fish", "wheat", "pottery", "silk", *["fakir"] * 5)
    assert setup.state().score_breakdown()[0]["merchandise"] == 14
    part = setup.give_djinn(0, "al-amin").state().score_breakdown()[0]
    assert part["merchandise"] == 31
    assert part["merchandise"] + part["djinns"] == 36


def e8_state(p1_gold: int) -> FiveTribesState:
    return board_x(4, bid_order=(2, 0, 3, 1)).set(gold=[4, p1_gold, 10, 30]).state()


def test_e8_bidding() -> None:
    state = e8_state(0)
    assert state.actor == 2
    assert legal(state) == {"bid 0", "bid 1", "bid 3", "bid 5", "bid 8"}
    act(state, "bid 0")
    assert legal(state) == {"bid 0", "bid 1", "bid 3"}
    act(state, "bid 0")
    assert state.zeros == [0, 2]
    assert legal(state) == {"bid 0", "bid 1", "bid 3", "bid 5", "bid 8", "bid 12", "bid 18"}
    act(state, "bid 0")
    assert state.zeros == [3, 0, 2]
    assert legal(state) == {"bid last"}
    act(state, "bid last")
    # The first marker (p3) has started its turn; the rest wait on the track.
    assert state.next_order + state.play_order() == [3, 0, 2, 1]
    assert state.actor == 3


def test_e8_with_2_gold_the_last_bidder_must_take_bid_1() -> None:
    state = e8_state(2)
    for _ in range(3):
        act(state, "bid 0")
    assert legal(state) == {"bid 1"}
    act(state, "bid 1")
    assert state.gold[1] == 1
    assert state.next_order + state.play_order() == [1, 3, 0, 2]


def test_e8_kumarbi_variant() -> None:
    setup = board_x(4, bid_order=(0, 1, 2, 3))
    setup.fields["gold"][0] = 10
    state = setup.give_cards(0, "fakir", "fakir").give_djinn(0, "kumarbi").state()
    assert legal(state) == {
        "bid 0", "bid 1", "bid 3", "bid 5", "bid 8", "use kumarbi 1", "use kumarbi 2",
    }  # fmt: skip
    act(state, "use kumarbi 2")
    assert legal(state) == {"bid 0", "bid 1", "bid 3", "bid 5", "bid 8", "bid 12", "bid 18"}
    act(state, "bid 18")
    assert state.gold[0] == 2 and fakirs(state, 0) == 0


def test_e9_last_camel_the_round_finishes_then_the_game_ends() -> None:
    setup = board_x(3).put("0,4", "green").put("1,4", "green")
    setup.claim(2, "0,0", "1,0", "2,0", "3,0", "4,0", "5,0", "0,1")  # one camel left
    state = setup.set_row("fakir", "fakir", "fish").start_turn(2, 0)
    for text in ("pick 0,4", "step 1,4", "drop green"):
        act(state, text)
    assert state.camel[tx("1,4")] == 2 and state.camels_left[2] == 0
    assert state.final_round
    assert cards_of(state, 2) == {"fakir": 2}
    assert legal(state) == {"pass"}
    act(state, "pass")
    assert legal(state) == {"end"}
    act(state, "end")
    assert state.current_player() == 0
    assert state.phase == FINAL  # p0 has no move left: a no-move turn (E10)
    assert legal(state) == {"end"}
    act(state, "end")
    assert state.is_terminal()
    assert state.legal_actions() == []
    scores = state.scores()
    best = max(scores)
    winners = [s for s in range(3) if scores[s] == best]
    assert state.returns() == [1 / len(winners) if s in winners else 0.0 for s in range(3)]


def test_e10_no_legal_move_at_the_start_of_a_turn() -> None:
    setup = board_x(3).put("0,0", "red", "red").put("5,4", "white")
    state = setup.give_djinn(1, "anun-nak").hold(1, elders=1).start_turn(0, 1, 2)
    assert state.final_round
    assert state.phase == FINAL and legal(state) == {"end"}
    act(state, "end")
    assert state.current_player() == 1 and state.phase == FINAL
    empty = [t for t in range(30) if t not in (tx("0,0"), tx("5,4"))]
    expected = {f"use anun-nak {t % 6},{t // 6} elder" for t in empty}
    assert legal(state) == expected | {"end"}
    act(state, "use anun-nak 1,0 elder")
    for _ in range(3):
        assert state.is_chance_node()
        act(state, "draw-meeple 1,0 red")
    assert meeples_on(state, "1,0") == [0, 0, 0, 0, 3]
    assert legal(state) == {"end"}
    act(state, "end")
    assert state.current_player() == 2 and state.phase == PICK
    assert legal(state) == {"pick 1,0"}
    for text in (
        "pick 1,0",
        "step 1,1",
        "drop red",
        "step 0,1",
        "drop red",
        "step 0,0",
        "drop red",
    ):
        act(state, text)
    assert state.viziers == [0, 0, 0]
    while state.phase != FINAL:
        act(state, state.action_to_string(state.legal_actions()[0]))
    act(state, "end")
    assert state.is_terminal()


def test_example_e10b_the_board_runs_out_of_moves_in_the_middle_of_a_round() -> None:
    state = board_x(3).put("0,0", "red").put("1,0", "red").start_turn(0, 1, 2)
    for text in ("pick 0,0", "step 1,0", "drop red"):
        act(state, text)
    assert state.bag[4] == 18 and sum(state.tile_total) == 0  # p0 took both Assassins
    assert state.phase == TILE_NODE  # nothing left to kill: no KILL node
    assert state.camel[tx("1,0")] == 0
    assert legal(state) == {"buy fish", "pass"}  # the Small Market's action, or pass
    act(state, "pass")
    assert (legal(state), state.final_round) == ({"end"}, False)
    act(state, "end")
    assert state.final_round  # no tile holds a meeple, so none is a legal start tile
    for seat in (1, 2):
        assert state.current_player() == seat and state.phase == FINAL
        assert legal(state) == {"end"}  # a no-move turn
        act(state, "end")
    assert state.is_terminal() and state.round == 1  # no clean-up draws, no BID node
    after_p0 = [state.action_to_string(a) for a in state.history()[-3:]]
    assert after_p0 == ["end", "end", "end"]


def test_e11_builders_with_fakirs_and_echidna() -> None:
    state = board_x(4).start_turn(0)
    setup = Setup(state).give_cards(0, "fakir", "fakir").hold(0, elders=2)
    state = setup.give_djinn(0, "echidna").at_node(0, BUILD, "3,3", collected=3, tribe=BLUE)
    assert state.blue_count(tile_index(3, 3)) == 5
    assert legal(state) == {
        "build 0", "build 1", "build 2", "use echidna elder,elder", "use echidna elder,fakir",
    }  # fmt: skip
    both = state.clone()
    act(both, "use echidna elder,elder")
    assert both.elders[0] == 0
    assert legal(both) == {"build 0", "build 1", "build 2"}
    gold = both.gold[0]
    act(both, "build 2")
    assert both.gold[0] == gold + 50
    mixed = state.clone()
    act(mixed, "use echidna elder,fakir")
    assert legal(mixed) == {"build 0", "build 1"}
    act(mixed, "build 1")
    assert mixed.gold[0] == gold + 40


def test_e12_sacred_place_baal_and_using_a_new_djinn_at_once() -> None:
    state = board_x(4).start_turn(0)
    setup = Setup(state).hold(0, elders=3).give_cards(0, "fakir").give_djinn(1, "baal")
    state = setup.at_node(0, TILE_NODE, "2,1", collected=2, tribe=WHITE)
    expected = {
        f"take-djinn {d} {p}"
        for d in ("enki", "sloar", "leta")
        for p in ("elder,elder", "elder,fakir")
    }
    assert legal(state) == expected | {"pass"}
    gold1 = state.gold[1]
    act(state, "take-djinn enki elder,fakir")
    assert state.elders[0] == 2 and fakirs(state, 0) == 0
    assert state.djinn_owner[6] == 0
    assert state.display == [20, 14]
    assert state.gold[1] == gold1 + 2
    oases = ("0,0", "3,1", "1,2", "2,3", "5,3", "4,4")
    assert legal(state) == {f"use enki {o} elder" for o in oases} | {"end"}
    palms = state.palms_left
    act(state, "use enki 0,0 elder")
    assert state.palms[tx("0,0")] == 1 and state.elders[0] == 1
    assert state.palms_left == palms - 1
    assert legal(state) == {"end"}
