"""The bots' evaluation (``estimate.py``, whose docstring lists the terms)."""

from __future__ import annotations

import math
import random

import serai
from serai.games.desert_sons.board import (
    BONUS_OFFER,
    CHOOSE,
    CONTINUE,
    DRAW_TILE,
    EXPLORE,
    NUM_TILES,
    PLACE,
    RUMOR_ROW,
    SECTIONS,
    STONE,
)
from serai.games.desert_sons.estimate import (
    EST_CAMEL,
    EST_FIT,
    EST_HAND,
    EST_OPEN,
    EST_ROOM,
    EST_RUMOR,
    EST_WATER,
)
from serai.games.desert_sons.rules import DesertSonsState
from tests.desert_sons import reference
from tests.desert_sons.scenario import (
    EXAMPLE_7_STONES,
    after_setup,
    edit,
    laid,
    new_game,
    run,
    start,
    to_place,
)

START = 2 * EST_WATER + 2 * EST_ROOM + 4 * EST_HAND
"""A seat's estimate after setup: 2 water, 4 free carrying spaces (2 count), 4 stones."""


def random_states(players: int, seed: int) -> list[DesertSonsState]:
    rng = random.Random(seed)
    state = new_game(players)
    out = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
        out.append(state.clone())
    return out


def test_estimate_at_the_start_counts_water_room_and_stones_in_hand() -> None:
    assert after_setup().estimate() == [START, START]
    assert after_setup(players=4).estimate() == [START] * 4


def test_estimate_values_commodities_with_the_chips_as_the_state_has_them() -> None:
    # Seat 0: 2 myrrh, 1 gems, one free space left; a +2 chip on the myrrh row (myrrh 6),
    # a -2 chip on the gems row (gems 2); seat 1 has a camel card.
    state = edit(after_setup(), goods="2,0,0,1/0,0,0,0", rumor_board="+2/-/-/-2", camels="0,1")
    assert state.scores() == [12, 0]  # R28: 4 each before the end
    assert state.estimate() == [
        2 * 6 + 2 + 2 * EST_WATER + 1 * EST_ROOM + 4 * EST_HAND,
        START + EST_CAMEL,
    ]


def test_estimate_a_stone_on_an_open_oasis_is_worth_its_share_times_its_chance() -> None:
    # Band 1 joins the water stub of 5,1; its E edge faces 7,1; seat 0's stone 9 on it.
    state = edit(after_setup(), tiles={"6,1": laid(1, 90, "9a")})
    share = 1.0  # two water symbols, worth 1 each, for one stone
    chance = EST_OPEN / (1 + 1)  # one open edge
    assert state.estimate() == [START - EST_HAND + chance * share, START]


SHARED_OASIS = {"6,1": laid(1, 90, "9a"), "7,1": laid(16, 90, "15a")}
"""Bands 1 (water) and 16 (rumor) joined to the water stub of 5,1, seat 0's stone 9 on the
first, seat 1's stone 15 on the second; the oasis is open only towards 8,1."""


def test_estimate_closing_the_oasis_makes_the_stake_sure() -> None:
    state = edit(after_setup(), tiles=SHARED_OASIS)
    before = state.estimate()
    state = run(to_place(state, 0, "7,1", 7), "place 8,1 r270")  # cap 7 (gems) closes it
    assert state.phase == STONE
    share = (1 + 1 + 1 + 4) / 4  # water, water, rumor, gems  # water, water, gems
    # Stone 15 (seat 1) chooses first and its owner pays the fee (R16, R17); seat 0 has
    # placed this turn's tile.
    expected = [START - EST_HAND + share + EST_FIT, START - EST_HAND - EST_WATER + share]
    assert state.estimate() == expected
    assert state.estimate()[0] > before[0]


def test_estimate_a_blocked_highest_stone_gets_nothing() -> None:
    state = edit(after_setup(), tiles=SHARED_OASIS, water="2,0")
    state = run(to_place(state, 0, "7,1", 7), "place 8,1 r270")
    share = (1 + 1 + 1 + 4) / 4
    assert state.estimate() == [START - EST_HAND + share + EST_FIT, 2 * EST_ROOM + 3 * EST_HAND]


def test_estimate_in_a_running_rating_the_stones_to_come_share_what_is_left() -> None:
    # Spec Example 7: stone 15 (seat 1) and stone 9 (seat 0), water, water and gems.
    state = start(*EXAMPLE_7_STONES)
    assert state.phase == CHOOSE and state.water == [2, 1]
    share = (1 + 1 + 4) / 3
    assert state.estimate() == [
        START - EST_HAND + share,
        EST_WATER + 2 * EST_ROOM + 3 * EST_HAND + share,
    ]
    run(state, "choose gems")
    left = (1 + 1) / 2  # two water symbols for stone 9
    assert state.estimate() == [
        START - EST_HAND + left,
        4 + EST_WATER + 2 * EST_ROOM + 3 * EST_HAND,
    ]


def test_estimate_a_drawn_rumor_chip_is_worth_something_until_it_is_laid() -> None:
    state = edit(after_setup(), tiles={"6,1": laid(1, 90, "9a")})
    state = to_place(state, 0, "6,1", 38)  # cap 38 (rumor) on 7,1 r270 closes the oasis
    run(state, "place 7,1 r270", "no-stone", "choose rumor", "draw-rumor +1")
    assert state.phase == RUMOR_ROW
    # Stone 9 took the rumor; no one else in the rating; 3 stones in hand.
    assert state.estimate()[0] == 2 * EST_WATER + 2 * EST_ROOM + 3 * EST_HAND + EST_RUMOR
    run(state, "rumor myrrh")
    assert state.estimate()[0] == START


def test_estimate_rewards_a_display_tile_that_fits_in_the_explore_step() -> None:
    state = start("draw-tile 6", "draw-tile 8", "move 5,4")  # desert 6 fits at 4,4 or 6,4
    assert state.phase == EXPLORE and state.placement_chance() == 1.0
    assert state.estimate() == [START + EST_FIT, START]
    state = start("draw-tile 6", "draw-tile 8", "move 5,5")  # the centre: nothing fits
    assert state.placement_chance() == 0.0
    assert state.estimate() == [START, START]


def test_estimate_keeps_the_placement_until_the_turn_ends() -> None:
    """The turn's placement is worth the same before and after it, so a search sees no
    jump between a leaf in the explore step and one after the tile is down."""
    state = start("draw-tile 6", "draw-tile 8", "move 5,4")
    explore = state.estimate()
    run(state, "play-own 6")
    assert state.phase == PLACE and state.estimate() == explore
    run(state, "place 4,4 r0")  # desert 6: the continuation (R12)
    assert state.phase == CONTINUE and state.estimate() == explore
    run(state, "end")
    assert state.phase == BONUS_OFFER
    assert state.estimate() == [START, START]


def test_estimate_a_pending_draw_is_worth_the_share_of_the_stack_that_fits() -> None:
    state = start("draw-tile 6", "draw-tile 8", "move 5,4", "draw")
    assert state.phase == DRAW_TILE
    cell = state.caravan[0]
    tiles = [t for t in range(1, NUM_TILES + 1) if state.stack >> t & 1]
    fitting = [t for t in tiles if state.fits(t, cell)]
    assert 0 < len(fitting) < len(tiles)  # some draws are dead (R10), some are placed
    chance = len(fitting) / len(tiles)
    assert state.placement_chance() == chance
    assert state.estimate() == [START + chance * EST_FIT, START]


def test_estimate_is_the_final_score_at_the_end_and_finite_before() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        states = random_states(players, seed)
        assert all(
            len(s.estimate()) == players and all(math.isfinite(x) for x in s.estimate())
            for s in states
        )
        final = states[-1]
        assert final.is_terminal()
        assert final.estimate() == [float(score) for score in final.scores()]


def test_oasis_symbol_worth_is_kept_incrementally() -> None:
    """The packed ``worth << 7 | count`` per oasis root agrees with a recount."""
    for state in random_states(3, 5)[::25]:
        for group, _ in reference.oases(state):
            c, label = next(iter(group))
            symbols = reference.symbols(state, group)
            worth = 4 * sum(symbols[:4]) + sum(symbols[4:])
            assert state.sworth[state.oasis_root(2 * c + label)] == worth << 7 | sum(symbols)
            assert all(len(SECTIONS[state.field[c]]) > label for c, label in group)
