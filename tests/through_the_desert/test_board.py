"""Board data: coordinates and adjacency (*Notation*), and properties the rulings rely on."""

from __future__ import annotations

import random
from collections import deque
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from serai.games.through_the_desert.board import (
    ALL,
    ALL_COLOURS,
    COLOURS,
    COLOURS_IN,
    COLS,
    HEXES,
    NEIGHBOURS,
    ROWS,
    bits,
    grow,
    hex_col_row,
    hex_index,
    hex_name,
    hex_names,
    layout_for,
    mask_of,
    parse_hex,
)
from tests.through_the_desert.scenario import LAYOUT_A, setup

SIDES = ("mountain", "river")
OASIS_CANDIDATES = {  # R1, R2: the oasis hexes of each area
    False: ("3,2", "9,2", "16,2", "12,6", "1,7", "7,10"),
    True: ("3,2", "9,2", "16,2", "12,6", "1,7", "7,10", "19,7"),
}
# The fewest hexes where a leader may stand on an empty board (R8), whatever the palms.
LEADER_HEX_MINIMUM = {
    ("mountain", False): 122,
    ("mountain", True): 162,
    ("river", False): 129,
    ("river", True): 169,
}


def table_neighbours(col: int, row: int) -> set[tuple[int, int]]:
    """The neighbour table of *Notation*, positions outside the grid dropped."""
    if col % 2 == 0:
        around = [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0)]
    else:
        around = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)]
    return {
        (col + dc, row + dr) for dc, dr in around if 0 <= col + dc < COLS and 0 <= row + dr < ROWS
    }


def adjacency() -> dict[int, set[int]]:
    return {
        hex_index(c, r): {hex_index(nc, nr) for nc, nr in table_neighbours(c, r)}
        for r in range(ROWS)
        for c in range(COLS)
    }


TABLE_ADJACENCY = adjacency()


def connected(hexes: set[int]) -> bool:
    if not hexes:
        return True
    start = next(iter(hexes))
    seen = {start}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for other in TABLE_ADJACENCY[h]:
            if other in hexes and other not in seen:
                seen.add(other)
                queue.append(other)
    return seen == hexes


# -- coordinates -----------------------------------------------------------------------------------
def test_grid_size_and_hex_index() -> None:
    assert (COLS, ROWS, HEXES) == (23, 13, 299)
    for row in range(ROWS):
        for col in range(COLS):
            h = hex_index(col, row)
            assert h == 23 * row + col
            assert hex_col_row(h) == (col, row)
            assert hex_name(h) == f"{col},{row}"
            assert parse_hex(f"{col},{row}") == h


def test_neighbour_lists_match_the_table() -> None:
    for h in range(HEXES):
        col, row = hex_col_row(h)
        assert {hex_col_row(n) for n in bits(NEIGHBOURS[h])} == table_neighbours(col, row)


def test_adjacency_is_symmetric_and_examples() -> None:
    for h, around in TABLE_ADJACENCY.items():
        assert all(h in TABLE_ADJACENCY[n] for n in around)
    # Odd columns are shifted half a hex down.
    assert table_neighbours(4, 4) == {(4, 3), (4, 5), (3, 3), (3, 4), (5, 3), (5, 4)}
    assert table_neighbours(5, 4) == {(5, 3), (5, 5), (4, 4), (4, 5), (6, 4), (6, 5)}
    assert table_neighbours(0, 0) == {(0, 1), (1, 0)}
    assert len(table_neighbours(22, 12)) == 3
    # The connectivity helper used below can say no.
    assert not connected({hex_index(0, 1), hex_index(2, 1)})
    assert connected({hex_index(0, 1), hex_index(1, 1), hex_index(2, 1)})


def test_grow_equals_neighbour_union_on_random_masks() -> None:
    rng = random.Random(35)
    masks = [0, ALL, 1, 1 << (HEXES - 1)]
    for density in (0.01, 0.05, 0.2, 0.5, 0.9):
        masks += [mask_of(h for h in range(HEXES) if rng.random() < density) for _ in range(40)]
    for mask in masks:
        expected = mask
        for h in bits(mask):
            expected |= mask_of(TABLE_ADJACENCY[h])
        assert grow(mask) == expected


@st.composite
def masks(draw: st.DrawFn) -> int:
    """Hex sets sparse and dense, so both ways ``bits`` decodes (bit by bit, byte by byte)
    are taken; the empty and the full board among them."""
    density = draw(st.sampled_from([0.0, 0.01, 0.03, 0.08, 0.15, 0.3, 0.6, 1.0]))
    rng = draw(st.randoms(use_true_random=False))
    return mask_of(h for h in range(HEXES) if rng.random() < density)


@settings(max_examples=300)
@given(masks())
def test_bits_and_hex_names_read_a_mask_as_the_obvious_scan_does(mask: int) -> None:
    expected = [h for h in range(HEXES) if mask >> h & 1]
    assert bits(mask) == expected
    assert hex_names(mask) == [hex_name(h) for h in expected]


def test_colour_names_of_every_colour_set_as_bits_reads_them() -> None:
    assert len(COLOURS_IN) == ALL_COLOURS + 1
    for colours in range(ALL_COLOURS + 1):
        assert COLOURS_IN[colours] == tuple(COLOURS[c] for c in bits(colours))
    assert COLOURS_IN[0b10101] == ("blue", "red", "white")


# -- properties ------------------------------------------------------------------------------------
@pytest.mark.parametrize("full", [False, True], ids=["2-3 players", "4-5 players"])
@pytest.mark.parametrize("side", SIDES)
def test_playable_set_is_connected_without_cut_hex(side: str, full: bool) -> None:
    playable = set(bits(layout_for(side, 4 if full else 3).playable))
    assert connected(playable)
    cut = [hex_name(h) for h in sorted(playable) if not connected(playable - {h})]
    assert cut == []


@pytest.mark.parametrize("full", [False, True], ids=["2-3 players", "4-5 players"])
@pytest.mark.parametrize("side", SIDES)
def test_minimum_leader_hexes_over_every_palm_layout(side: str, full: bool) -> None:
    players = 4 if full else 3
    counts = {}
    for palms in combinations(OASIS_CANDIDATES[full], 5):
        state = setup(players, board=side, palms=palms)
        assert state.palms == mask_of(parse_hex(p) for p in palms)
        counts[palms] = state.leader_hexes().bit_count()
    assert len(counts) == (21 if full else 6)
    least = min(counts.values())
    assert least >= LEADER_HEX_MINIMUM[side, full]
    # A leader rules out at most 7 hexes; at most 14 (19) leaders precede the last one.
    leaders_before_last = (20 if full else 15) - 1
    assert least - 7 * leaders_before_last > 0


def test_layout_a_leader_hexes_match_s1() -> None:
    # Scenario S1: with Layout A seat 0 has 122 (3 players) and 162 (4 players) hexes.
    assert setup(3, palms=LAYOUT_A).leader_hexes().bit_count() == 122
    assert setup(4, palms=LAYOUT_A).leader_hexes().bit_count() == 162
