"""The component data of spec §3 against the spec's own counts and tables."""

from __future__ import annotations

from collections import Counter

from serai.games.desert_sons.board import (
    CROSS,
    EDGES,
    KINDS,
    NEIGHBOURS,
    SECTIONS,
    STACK_OF,
    SYMBOLS,
    cell_name,
    edge_string,
    placed_edges,
)

TILES = range(1, 86)

# Spec §3.4: type, listed edges, sections (edge counts), count.
SPEC_TYPES = {
    "desert": ("DDDD", (), 20),
    "cap": ("ODDD", (1,), 21),
    "corner": ("OODD", (2,), 14),
    "twin-corner": ("OODD", (1, 1), 4),
    "band": ("ODOD", (2,), 8),
    "twin-band": ("ODOD", (1, 1), 6),
    "tee": ("OOOD", (3,), 6),
    "heart": ("OOOO", (4,), 4),
    "halves": ("OOOO", (2, 2), 2),
}


def test_tile_types_match_section_3_4() -> None:
    assert Counter(KINDS[t] for t in TILES) == {k: v[2] for k, v in SPEC_TYPES.items()}
    for t in TILES:
        edges, sizes, _ = SPEC_TYPES[KINDS[t]]
        assert edge_string(EDGES[t]) == edges, t
        assert tuple(mask.bit_count() for mask, _ in SECTIONS[t]) == sizes, t


def test_symbol_totals_and_section_sizes() -> None:
    symbols = Counter(SYMBOLS[x] for t in TILES for _, syms in SECTIONS[t] for x in syms)
    assert symbols == {
        "myrrh": 11,
        "incense": 11,
        "salt": 11,
        "gems": 11,
        "water": 14,
        "camel": 10,
        "rumor": 12,
    }
    sizes = Counter(mask.bit_count() for t in TILES for mask, _ in SECTIONS[t])
    assert sizes == {1: 41, 2: 26, 3: 6, 4: 4}
    blank = sorted(t for t in TILES for _, syms in SECTIONS[t] if not syms)
    assert blank == [2, 9, 31, 34, 42, 61, 75]
    for t in TILES:
        for _, syms in SECTIONS[t]:
            assert len(set(syms)) == len(syms) and list(syms) == sorted(syms)


def test_stacks_hold_17_tiles_with_4_deserts_and_every_symbol_twice() -> None:
    for stack in range(5):
        tiles = [t for t in TILES if STACK_OF[t] == stack]
        assert tiles == list(range(17 * stack + 1, 17 * stack + 18))
        assert sum(KINDS[t] == "desert" for t in tiles) == 4
        symbols = Counter(x for t in tiles for _, syms in SECTIONS[t] for x in syms)
        assert all(symbols[x] >= 2 for x in range(7)), stack


def test_cross_stubs_face_the_spec_cells_and_add_up() -> None:
    faced = set()
    stub_symbols: Counter[str] = Counter()
    for cell, field in CROSS:
        for mask, syms in SECTIONS[field]:
            d = mask.bit_length() - 1
            faced.add(cell_name(NEIGHBOURS[cell][d]))
            stub_symbols.update(SYMBOLS[x] for x in syms)
        assert placed_edges(field, 0) == sum(m for m, _ in SECTIONS[field])
    assert faced == {"4,3", "6,1", "7,4", "9,6", "6,7", "4,9", "3,6", "1,4"}
    assert stub_symbols == {"myrrh": 1, "incense": 1, "salt": 1, "gems": 1, "water": 4}
