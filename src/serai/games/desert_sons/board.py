"""Static data of In the Realm of the Desert Sons (the Components of
``docs/rules/desert_sons.md``), built once at import.

Cells of the 11 x 11 area are indexed ``11*y + x`` and written ``x,y`` (Notation). Directions
are indexed N 0, E 1, S 2, W 3. A field's edges are a 4-bit mask with bit ``d`` set when
the edge facing ``d`` is oasis (``O``). Fields are numbered: explorer tiles ``1..85`` by
their id, the 21 cross fields ``86..106`` in the order of ``CROSS_TABLE``.

>>> cell_name(parse_cell("7,1"))
'7,1'
>>> edge_string(placed_edges(7, 1))  # the cap ODDD turned a quarter: oasis to the east
'DODD'
>>> [ROTATION_NAMES[k] for k in DISTINCT_ROTATIONS[1]]  # a band: r0 and r90 only (R3)
['r0', 'r90']
"""

from __future__ import annotations

from typing import TypeAlias

from serai.engine.position import plain_number

Cell: TypeAlias = int
Field: TypeAlias = int
Mask: TypeAlias = int

SIZE = 11
CELLS = SIZE * SIZE
CENTRE = 5 * SIZE + 5
NORTH, EAST, SOUTH, WEST = range(4)
DIRECTIONS = "NESW"
ROTATION_NAMES = ("r0", "r90", "r180", "r270")

COMMODITIES = ("myrrh", "incense", "salt", "gems")
SYMBOLS = (*COMMODITIES, "camel", "water", "rumor")
CAMEL, WATER, RUMOR = 4, 5, 6
NUM_TILES = 85
STACK_SIZE = 17
NUM_STACKS = 5
FIRST_CROSS_FIELD = NUM_TILES + 1
SECTION_LABELS = "ab"

# The explorer tiles (Components): id, type, edges N E S W (listed rotation),
# then section a and section b as ``edges:symbols``.
TILE_TABLE = """
     1 band        ODOD N+S:water
     2 cap         ODDD N:none
     3 corner      OODD N+E:water
     4 heart       OOOO N+E+S+W:incense,camel
     5 twin-band   ODOD N:camel S:rumor
     6 desert      DDDD
     7 cap         ODDD N:gems
     8 desert      DDDD
     9 cap         ODDD N:none
    10 corner      OODD N+E:myrrh
    11 cap         ODDD N:water
    12 twin-corner OODD N:salt E:incense
    13 tee         OOOD N+E+S:myrrh,gems
    14 desert      DDDD
    15 desert      DDDD
    16 band        ODOD N+S:rumor
    17 cap         ODDD N:salt
    18 desert      DDDD
    19 cap         ODDD N:water
    20 desert      DDDD
    21 cap         ODDD N:water
    22 desert      DDDD
    23 heart       OOOO N+E+S+W:salt,rumor
    24 band        ODOD N+S:myrrh
    25 band        ODOD N+S:incense
    26 corner      OODD N+E:gems
    27 twin-corner OODD N:camel E:camel
    28 tee         OOOD N+E+S:incense,salt
    29 corner      OODD N+E:gems
    30 twin-band   ODOD N:myrrh S:rumor
    31 cap         ODDD N:none
    32 desert      DDDD
    33 corner      OODD N+E:water
    34 cap         ODDD N:none
    35 tee         OOOD N+E+S:water,rumor
    36 heart       OOOO N+E+S+W:camel,rumor
    37 twin-band   ODOD N:myrrh S:camel
    38 cap         ODDD N:rumor
    39 desert      DDDD
    40 corner      OODD N+E:rumor
    41 twin-corner OODD N:salt E:gems
    42 cap         ODDD N:none
    43 desert      DDDD
    44 twin-band   ODOD N:gems S:incense
    45 corner      OODD N+E:salt
    46 cap         ODDD N:myrrh
    47 cap         ODDD N:salt
    48 desert      DDDD
    49 band        ODOD N+S:water
    50 corner      OODD N+E:incense
    51 desert      DDDD
    52 band        ODOD N+S:water
    53 cap         ODDD N:myrrh
    54 desert      DDDD
    55 halves      OOOO N+E:salt S+W:rumor
    56 cap         ODDD N:myrrh
    57 corner      OODD N+E:rumor
    58 twin-band   ODOD N:water S:incense
    59 tee         OOOD N+E+S:myrrh,gems
    60 tee         OOOD N+E+S:salt,gems
    61 cap         ODDD N:none
    62 cap         ODDD N:incense
    63 desert      DDDD
    64 desert      DDDD
    65 corner      OODD N+E:camel
    66 desert      DDDD
    67 corner      OODD N+E:incense
    68 twin-corner OODD N:water E:camel
    69 desert      DDDD
    70 corner      OODD N+E:myrrh
    71 halves      OOOO N+E:water S+W:gems
    72 band        ODOD N+S:salt
    73 desert      DDDD
    74 tee         OOOD N+E+S:myrrh,water
    75 twin-band   ODOD N:none S:rumor
    76 desert      DDDD
    77 cap         ODDD N:salt
    78 cap         ODDD N:rumor
    79 corner      OODD N+E:camel
    80 heart       OOOO N+E+S+W:incense,gems
    81 cap         ODDD N:water
    82 band        ODOD N+S:camel
    83 cap         ODDD N:incense
    84 desert      DDDD
    85 corner      OODD N+E:gems
"""

# The start cross (Components): cell, edges, and the stub of section a as ``edge:symbol``.
CROSS_TABLE = """
    5,0 DDDD
    5,1 DODD E:water
    5,2 DDDD
    5,3 DDDO W:myrrh
    5,4 DDDD
    5,5 DDDD
    6,5 DDDD
    7,5 ODDD N:incense
    8,5 DDDD
    9,5 DDOD S:water
    10,5 DDDD
    5,6 DDDD
    5,7 DODD E:salt
    5,8 DDDD
    5,9 DDDO W:water
    5,10 DDDD
    4,5 DDDD
    3,5 DDOD S:gems
    2,5 DDDD
    1,5 ODDD N:water
    0,5 DDDD
"""

# Each seat's stones by rank, tallest first (Components); start fields by player count (Setup).
STONES = ((16, 9, 8, 1), (15, 10, 7, 2), (14, 11, 6, 3), (13, 12, 5, 4))
STONE_OWNER = (-1, *(seat for rank in range(1, 17) for seat in range(4) if rank in STONES[seat]))
TURBAN_HEIGHT = 17
START_FIELDS = {
    2: ("5,0", "5,10"),
    3: ("5,0", "10,5", "5,10"),
    4: ("5,0", "10,5", "5,10", "0,5"),
}


# The rest of the components (Components, Setup) and the rumor board (R19, R20).
WATER_TOTAL = 20
CAMEL_CARDS = 10
COMMODITY_TILES = 10
START_WATER = 2
BASE_VALUE = 4
"""A commodity's worth before the rumor chips count (R27, R28)."""
DISPLAY_LIMIT = 3
CHIP_VALUES = (2, 1, -1, -2)
"""Rumor chip values by code; the state keeps a chip as ``code + 1`` (0: no chip)."""
CHIP_NAMES = ("+2", "+1", "-1", "-2")
CHIP_SET = (1, 2, 2, 1)
"""How many chips of each value code there are (``+2 +1 +1 -1 -1 -2``)."""
SLOTS = 8
"""Rumor board slots: ``2 * commodity + position`` (R20 keeps chips packed left)."""

# The steps of a turn (A turn), one phase each. The chance phases are SETUP, DRAW_TILE,
# REPLACE and DRAW_RUMOR.
(
    SETUP,
    MOVE,
    EXPLORE,
    DRAW_TILE,
    REPLACE,
    PLACE,
    CONTINUE,
    STONE,
    CHOOSE,
    DRAW_RUMOR,
    RUMOR_ROW,
    PEEK,
    PEEK_DECIDE,
    BONUS_OFFER,
    OVER,
) = range(15)
PHASE_NAMES = (
    "setup",
    "move",
    "explore",
    "draw",
    "replacement",
    "placement",
    "continuation",
    "stone",
    "rating",
    "rumor draw",
    "rumor placement",
    "peek",
    "peek decision",
    "bonus offer",
    "over",
)
CHANCE_PHASES = frozenset((SETUP, DRAW_TILE, REPLACE, DRAW_RUMOR))
RATING_PHASES = frozenset((CHOOSE, DRAW_RUMOR, RUMOR_ROW, PEEK, PEEK_DECIDE))


MASK_BYTES = (max(CELLS, NUM_TILES + 1) + 7) // 8
"""The bytes of a mask over cells or tile ids."""
BYTE_BITS = tuple(
    tuple(tuple(8 * i + j for j in range(8) if byte >> j & 1) for byte in range(256))
    for i in range(MASK_BYTES)
)
"""``BYTE_BITS[i][byte]``: the indices of the set bits of ``byte`` as the ``i``-th byte."""


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, ascending (a byte at a time: a random
    playout lists a caravan's free destinations, often half the area, at most moves).

    >>> bits(0b10110)
    [1, 2, 4]
    >>> bits(1 << 120 | 1 << 8)
    [8, 120]
    """
    out: list[int] = []
    for table, byte in zip(BYTE_BITS, mask.to_bytes(MASK_BYTES, "little"), strict=True):
        if byte:
            out += table[byte]
    return out


def cell_of(x: int, y: int) -> Cell:
    return SIZE * y + x


def cell_name(cell: Cell) -> str:
    return f"{cell % SIZE},{cell // SIZE}"


def parse_cell(text: str) -> Cell | None:
    """``"7,1"`` → its index; ``None`` unless a cell of the area in canonical form."""
    parts = text.split(",")
    if len(parts) != 2 or any(plain_number(p) is None for p in parts):
        return None
    x, y = int(parts[0]), int(parts[1])
    if x >= SIZE or y >= SIZE:
        return None
    return cell_of(x, y)


def _neighbour(cell: Cell, direction: int) -> Cell:
    x, y = cell % SIZE, cell // SIZE
    dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[direction]
    if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE:
        return cell_of(x + dx, y + dy)
    return -1


NEIGHBOURS: tuple[tuple[Cell, ...], ...] = tuple(
    tuple(_neighbour(c, d) for d in range(4)) for c in range(CELLS)
)
"""``NEIGHBOURS[cell][d]``: the cell in direction ``d``, or -1 for the border."""

BORDER_FACING: tuple[Mask, ...] = tuple(
    sum(1 << d for d in range(4) if NEIGHBOURS[c][d] < 0) for c in range(CELLS)
)
"""The directions in which each cell faces the border, as a mask."""


def edge_mask(text: str) -> Mask:
    return sum(1 << d for d, e in enumerate(text) if e == "O")


def edge_string(mask: Mask) -> str:
    return "".join("O" if mask >> d & 1 else "D" for d in range(4))


def rotate(mask: Mask, k: int) -> Mask:
    """The placed edges of ``mask`` turned ``k`` quarters clockwise (Notation)."""
    return ((mask << k) | (mask >> (4 - k))) & 15


def _section(text: str) -> tuple[Mask, tuple[int, ...]]:
    edges, symbols = text.split(":")
    mask = sum(1 << DIRECTIONS.index(d) for d in edges.split("+"))
    names = () if symbols == "none" else tuple(symbols.split(","))
    return mask, tuple(SYMBOLS.index(s) for s in names)


def _parse_tiles() -> tuple[list[str], list[Mask], list[tuple[tuple[Mask, tuple[int, ...]], ...]]]:
    kinds = ["cross"] * (FIRST_CROSS_FIELD + 21)
    edges = [0] * (FIRST_CROSS_FIELD + 21)
    sections: list[tuple[tuple[Mask, tuple[int, ...]], ...]] = [()] * (FIRST_CROSS_FIELD + 21)
    for line in TILE_TABLE.strip().splitlines():
        words = line.split()
        tile = int(words[0])
        kinds[tile] = words[1]
        edges[tile] = edge_mask(words[2])
        sections[tile] = tuple(_section(w) for w in words[3:])
    kinds[0] = "none"
    for index, line in enumerate(CROSS_TABLE.strip().splitlines()):
        words = line.split()
        field = FIRST_CROSS_FIELD + index
        edges[field] = edge_mask(words[1])
        sections[field] = tuple(_section(w) for w in words[2:])
    return kinds, edges, sections


KINDS, EDGES, SECTIONS = _parse_tiles()
"""Per field: tile type, listed edges, and its sections ``(edges, symbols)`` by label."""

CROSS: tuple[tuple[Cell, Field], ...] = tuple(
    (parse_cell(line.split()[0]) or 0, FIRST_CROSS_FIELD + i)
    for i, line in enumerate(CROSS_TABLE.strip().splitlines())
)
NUM_FIELDS = FIRST_CROSS_FIELD + len(CROSS)
STACK_OF = tuple(0 if t == 0 else (t - 1) // STACK_SIZE for t in range(NUM_TILES + 1))
STACK_MASKS = tuple(
    sum(1 << t for t in range(1, NUM_TILES + 1) if STACK_OF[t] == s) for s in range(NUM_STACKS)
)
"""The tiles of each stack as a mask over tile ids."""
ALL_TILES = sum(STACK_MASKS)


def placed_edges(field: Field, k: int) -> Mask:
    return rotate(EDGES[field], k)


def _label_table() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``LABEL[field][k][d]``: the section label (0 a, 1 b) of the edge facing ``d``, or -1."""
    out = []
    for field in range(NUM_FIELDS):
        per_rotation = []
        for k in range(4):
            labels = [-1] * 4
            for label, (mask, _) in enumerate(SECTIONS[field]):
                for d in range(4):
                    if rotate(mask, k) >> d & 1:
                        labels[d] = label
            per_rotation.append(tuple(labels))
        out.append(tuple(per_rotation))
    return tuple(out)


LABEL = _label_table()


def _same_placement(field: Field) -> tuple[int, ...]:
    """R3: for each rotation, the smallest rotation that gives the same placed tile."""
    keys = [
        (placed_edges(field, k), tuple(rotate(m, k) for m, _ in SECTIONS[field])) for k in range(4)
    ]
    return tuple(keys.index(key) for key in keys)


SAME_PLACEMENT = tuple(_same_placement(f) for f in range(NUM_FIELDS))
DISTINCT_ROTATIONS = tuple(
    tuple(k for k, first in enumerate(same) if first == k) for same in SAME_PLACEMENT
)
"""R3: the rotations that give a different placed tile, each under its smallest value."""


def _fit_table(tile: int) -> tuple[tuple[int, ...], ...]:
    """R2: for a cell's constraint ``care * 16 + required``, the rotations that match."""
    out = []
    for care in range(16):
        for required in range(16):
            out.append(
                tuple(
                    k for k in DISTINCT_ROTATIONS[tile] if placed_edges(tile, k) & care == required
                )
            )
    return tuple(out)


FITS = tuple(_fit_table(t) if 1 <= t <= NUM_TILES else () for t in range(NUM_TILES + 1))
"""``FITS[tile][care * 16 + required]``: rotations of ``tile`` that match there (R2, R3)."""
