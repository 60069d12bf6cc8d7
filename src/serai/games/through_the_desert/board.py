"""Static data of Through the Desert, built once at import: the board (R1–R3), the
components and the phases of a game.

Hexes are flat-topped in odd-q offset layout, written ``col,row``; a hex's index is
``23*row + col``. Sets of hexes are Python ints used as bitboards (bit ``index``).

>>> hex_name(hex_index(7, 10))
'7,10'
>>> sorted(hex_name(h) for h in bits(NEIGHBOURS[hex_index(4, 4)]))
['3,3', '3,4', '4,3', '4,5', '5,3', '5,4']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from serai.engine.position import plain_number

Hex: TypeAlias = int
Mask: TypeAlias = int

COLS = 23
ROWS = 13
HEXES = COLS * ROWS
SHADED_FIRST_COL = 18

COLOURS = ("blue", "green", "red", "yellow", "white")
NUM_COLOURS = len(COLOURS)
COLOUR_LETTERS = "bgryw"
"""Each colour's first letter: camels in lower case, leaders in upper case (boards, positions)."""
ALL_COLOURS = (1 << NUM_COLOURS) - 1
"""Every colour, as a bit set (bit ``colour``)."""
COLOURS_IN: tuple[tuple[str, ...], ...] = tuple(
    tuple(name for colour, name in enumerate(COLOURS) if colours >> colour & 1)
    for colours in range(ALL_COLOURS + 1)
)
"""The names of the colours in each bit set of colours, in colour order."""

PALMS = 5
TOKENS_PER_VALUE = 15  # R6: fifteen tokens each of 1, 2 and 3
SUPPLY = {2: 22, 3: 26, 4: 30, 5: 30}  # R21: camels per colour by player count
OASIS_POINTS = 5  # R16
RIVER_POINTS = 5  # R4
LARGEST_CARAVAN = 10  # R22
SHARED_LARGEST_CARAVAN = 5


def leaders_per_player(players: int) -> int:
    """R11: with 5 players each removes one leader."""
    return 4 if players == 5 else 5


def single_camel_turns(players: int) -> int:
    """R13: the first camel turn of seats 0 and 1 (2 players: seat 0 only) has one camel."""
    return 1 if players == 2 else 2


# The phases of a game, in the order they come.
SETUP_PALMS, SETUP_TOKENS, REMOVAL, LEADERS, CAMELS, OVER = range(6)
PHASE_NAMES = ("setup", "setup", "removal", "leaders", "camels", "over")

# R1: the mountain side, reconstructed; the map under *Components* in the rules reference.
# '#' blocked, 'O' oasis hex, 'w' watering-hole hex, '.' plain desert.
MOUNTAIN_GRID = (
    "##.w.....###....w##...#",
    "#......w...w..w...w.w.#",
    "...O.w...O......O..w...",
    ".w.....w...w.........w.",
    "..w..w..w....w.w..w....",
    "w...w......w.....w..w..",
    ".....##.....O.w.w.....w",
    ".O...#####.........O...",
    "...w..w..w.w..w..#w..w.",
    "#w..w.......w...###...w",
    "#......O.w....#####....",
    "###.w.w...w.########w.#",
    "#####.....#############",
)

# R3: on the river side the central mountains are desert.
CENTRAL_MOUNTAINS = ((5, 6), (6, 6), (5, 7), (6, 7), (7, 7), (8, 7), (9, 7))

# R3: hex (c, r) is on the west bank when c <= RIVER_BANK[r].
RIVER_BANK = (8, 8, 8, 9, 9, 9, 10, 10, 9, 9, 8, 8, 8)


def hex_index(col: int, row: int) -> Hex:
    return COLS * row + col


def hex_col_row(index: Hex) -> tuple[int, int]:
    return index % COLS, index // COLS


def hex_name(index: Hex) -> str:
    """``"col,row"``, as the notation writes a hex.

    >>> hex_name(hex_index(7, 10))
    '7,10'
    """
    return HEX_NAMES[index]


HEX_NAMES = tuple(f"{index % COLS},{index // COLS}" for index in range(HEXES))
"""Every hex's name, by index (views and log lines name many hexes at every move)."""


def hex_names(mask: Mask) -> list[str]:
    """The names of the hexes in ``mask``, increasing: ``hex_name`` of each of ``bits``,
    read off the set bits one by one with no list of indices in between.

    >>> hex_names(mask_of([hex_index(7, 10), hex_index(0, 1)]))
    ['0,1', '7,10']
    """
    names = []
    while mask:
        top = mask.bit_length() - 1
        names.append(HEX_NAMES[top])
        mask ^= 1 << top
    names.reverse()
    return names


def parse_hex(text: str) -> Hex | None:
    """``"7,10"`` → its index; ``None`` unless it is a hex of the grid in canonical form."""
    parts = text.split(",")
    if len(parts) != 2 or any(plain_number(p) is None for p in parts):
        return None
    col, row = int(parts[0]), int(parts[1])
    if col >= COLS or row >= ROWS:
        return None
    return hex_index(col, row)


_BYTE_BITS = tuple(tuple(i for i in range(8) if byte >> i & 1) for byte in range(256))
_MASK_BYTES = (HEXES + 7) // 8
_DENSE = 30  # above this many hexes, decoding byte by byte is faster than bit by bit


def bits(mask: Mask) -> list[Hex]:
    """The hex indices in ``mask``, increasing.

    Bit by bit it takes the highest set bit each time (``bit_length`` makes no new int,
    unlike isolating the lowest with ``mask & -mask``), then reverses the list.
    """
    out = []
    if mask.bit_count() > _DENSE:
        base = 0
        for byte in mask.to_bytes(_MASK_BYTES, "little"):
            if byte:
                for i in _BYTE_BITS[byte]:
                    out.append(base + i)
            base += 8
        return out
    while mask:
        top = mask.bit_length() - 1
        out.append(top)
        mask ^= 1 << top
    out.reverse()
    return out


_FLAG = bytes.maketrans(b"01", b"\x00\x01")
_FLAG_FORMAT = f"0{HEXES}b"


def flags(mask: Mask) -> bytes:
    """One byte per hex, 1 where ``mask`` holds it: for ``itertools.compress``, which picks
    the entries of many hexes at once without a Python loop.

    >>> list(flags(mask_of([0, 2]))[:4]), len(flags(0))
    ([1, 0, 1, 0], 299)
    """
    return format(mask, _FLAG_FORMAT)[::-1].encode().translate(_FLAG)


def mask_of(hexes: object) -> Mask:
    mask = 0
    for h in hexes:  # type: ignore[attr-defined]
        mask |= 1 << h
    return mask


def _neighbour_list(col: int, row: int) -> list[Hex]:
    if col % 2 == 0:
        around = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
    else:
        around = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))
    return [
        hex_index(col + dc, row + dr)
        for dc, dr in around
        if 0 <= col + dc < COLS and 0 <= row + dr < ROWS
    ]


NEIGHBOURS: tuple[Mask, ...] = tuple(
    mask_of(_neighbour_list(*hex_col_row(h))) for h in range(HEXES)
)
ALL: Mask = (1 << HEXES) - 1
_COL_MASK = [mask_of(hex_index(c, r) for r in range(ROWS)) for c in range(COLS)]
_EVEN: Mask = mask_of(h for h in range(HEXES) if h % COLS % 2 == 0)
_ODD: Mask = ALL & ~_EVEN
_NOT_FIRST_COL: Mask = ALL & ~_COL_MASK[0]
_NOT_LAST_COL: Mask = ALL & ~_COL_MASK[COLS - 1]


def grow(region: Mask) -> Mask:
    """``region`` with every hex adjacent to it: one step of a bitboard flood fill.

    The same as OR-ing ``NEIGHBOURS`` of each hex, with whole-board shifts instead: a hex
    touches the hexes above and below it, and in the columns either side the hexes of its
    own row and of the row above (even columns) or below (odd columns).
    """
    side = region | (region & _EVEN) >> COLS | (region & _ODD) << COLS
    return ALL & (
        region
        | region >> COLS
        | region << COLS
        | (side & _NOT_FIRST_COL) >> 1
        | (side & _NOT_LAST_COL) << 1
    )


def _cells(kind: str) -> Mask:
    return mask_of(
        hex_index(c, r)
        for r, line in enumerate(MOUNTAIN_GRID)
        for c, ch in enumerate(line)
        if ch in kind
    )


SHADED: Mask = mask_of(h for h in range(HEXES) if h % COLS >= SHADED_FIRST_COL)
OASES: Mask = _cells("O")
WATERING_HOLES: Mask = _cells("w")
MOUNTAIN_OPEN: Mask = _cells("Ow.")
CENTRAL: Mask = mask_of(hex_index(c, r) for c, r in CENTRAL_MOUNTAINS)
WEST_BANK: Mask = mask_of(
    hex_index(c, r) for r in range(ROWS) for c in range(COLS) if c <= RIVER_BANK[r]
)


@dataclass(frozen=True)
class Layout:
    """The hexes in play for one board side and player count (R1–R3)."""

    side: str
    full: bool
    playable: Mask
    oases: Mask
    watering_holes: Mask
    # R4: for each hex, its playable neighbours across a river edge (all 0 on the mountain side).
    across_river: tuple[Mask, ...]

    @property
    def river(self) -> bool:
        return self.side == "river"


def _layout(side: str, full: bool) -> Layout:
    area = ALL if full else ALL & ~SHADED
    playable = (MOUNTAIN_OPEN | (CENTRAL if side == "river" else 0)) & area
    if side == "river":
        across = tuple(
            (NEIGHBOURS[h] & playable & (~WEST_BANK if WEST_BANK >> h & 1 else WEST_BANK))
            if playable >> h & 1
            else 0
            for h in range(HEXES)
        )
    else:
        across = (0,) * HEXES
    return Layout(side, full, playable, OASES & area, WATERING_HOLES & area, across)


LAYOUTS: dict[tuple[str, bool], Layout] = {
    (side, full): _layout(side, full) for side in ("mountain", "river") for full in (False, True)
}


def layout_for(side: str, players: int) -> Layout:
    """R2: 2–3 players use columns 0–17 only; 4–5 the full board."""
    return LAYOUTS[side, players >= 4]
