"""Component data, checked against the totals the rules give (Components)."""

from __future__ import annotations

from serai.games.five_tribes.board import (
    BLOCKS,
    BLUE_TYPES,
    CARD_COUNTS,
    DISTANCE,
    DJINN_VP,
    DJINNS,
    ENDS,
    MEEPLE_COUNTS,
    MERCHANDISE,
    NEIGHBOURS,
    NONE,
    SPOT_COST,
    SUIT_VALUES,
    TILE_COUNTS,
    TILE_VP,
    TILES,
    bits,
    tile_index,
)


def test_counts_and_totals() -> None:
    assert sum(MEEPLE_COUNTS) == 90
    assert sum(CARD_COUNTS) == 54 and sum(CARD_COUNTS[:MERCHANDISE]) == 36
    assert sum(TILE_COUNTS) == TILES == 30
    assert sum(c for t, c in enumerate(TILE_COUNTS) if t in BLUE_TYPES) == 12
    assert sum(c * vp for c, vp in zip(TILE_COUNTS, TILE_VP, strict=True)) == 198
    assert len(DJINNS) == 22 and sum(DJINN_VP) == 141
    assert SUIT_VALUES[1:] == (1, 3, 7, 13, 21, 30, 40, 50, 60)
    assert SPOT_COST[1:] == (18, 12, 8, 5, 3, 1, 0, 0, 0)


def test_geometry() -> None:
    corner = tile_index(0, 0)
    assert len(bits(NEIGHBOURS[corner])) == 2
    assert len(bits(NEIGHBOURS[tile_index(2, 2)])) == 4
    assert len(bits(BLOCKS[corner])) == 4 and len(bits(BLOCKS[tile_index(2, 2)])) == 9
    assert DISTANCE[corner][tile_index(5, 4)] == 9


def test_ends_follow_r3() -> None:
    start = tile_index(2, 2)
    assert not ENDS[start, NONE, 2] >> start & 1  # step 2 never returns to the start
    assert ENDS[start, NONE, 4] >> start & 1  # a loop round a 2x2 block does
    came_from = tile_index(1, 2)
    assert not ENDS[start, came_from, 1] >> came_from & 1
