"""Static data of Five Tribes (Components in ``docs/rules/five_tribes.md``), built at import.

Tiles of the Sultanate are indexed row-major, ``6 * r + c`` for the tile written ``c,r``.
Sets of tiles are Python ints used as bitboards (bit ``index``).

>>> tile_name(tile_index(2, 3))
'2,3'
>>> sorted(tile_name(t) for t in bits(NEIGHBOURS[tile_index(0, 0)]))
['0,1', '1,0']
>>> suit_value(4)
13
"""

from __future__ import annotations

from typing import TypeAlias

Tile: TypeAlias = int
Mask: TypeAlias = int

COLS = 6
ROWS = 5
TILES = COLS * ROWS

# Meeple colours in their fixed order (see Notation), with their counts.
COLOURS = ("yellow", "white", "green", "blue", "red")
YELLOW, WHITE, GREEN, BLUE, RED = range(5)
MEEPLE_COUNTS = (16, 20, 18, 18, 18)
NUM_COLOURS = len(COLOURS)

# Tile types (token, VP, blue value colour, count).
TILE_TYPES = (
    "village",
    "sacred-6",
    "sacred-10",
    "sacred-12",
    "sacred-15",
    "oasis",
    "small-market",
    "large-market",
)
VILLAGE, SACRED_6, SACRED_10, SACRED_12, SACRED_15, OASIS, SMALL_MARKET, LARGE_MARKET = range(8)
TILE_NAMES = ("Village", *["Sacred Place"] * 4, "Oasis", "Small Market", "Large Market")
NUM_TILE_TYPES = len(TILE_TYPES)
TILE_COUNTS = (5, 4, 1, 1, 1, 6, 8, 4)
TILE_VP = (5, 6, 10, 12, 15, 8, 6, 4)
BLUE_TYPES = frozenset({VILLAGE, SACRED_6, SACRED_10, SACRED_12, SACRED_15})
NO_TILE = NUM_TILE_TYPES
"""The type of a position not dealt yet."""

# Resource cards in their fixed order (see Notation); the last is the Fakir.
CARDS = (
    "fish",
    "wheat",
    "pottery",
    "papyrus",
    "silk",
    "spice",
    "ivory",
    "jewels",
    "gold",
    "fakir",
)
CARD_COUNTS = (6, 6, 6, 4, 4, 4, 2, 2, 2, 18)
NUM_CARDS = len(CARDS)
FAKIR = 9
MERCHANDISE = 9
ROW_SIZE = 9

# Value of a suit of n different types (index n).
SUIT_VALUES = (0, 1, 3, 7, 13, 21, 30, 40, 50, 60)

# Djinns in their fixed order, with their VP.
DJINNS = (
    "al-amin",
    "anun-nak",
    "baal",
    "boaz",
    "bouraq",
    "echidna",
    "enki",
    "hagis",
    "haurvatat",
    "iblis",
    "jafaar",
    "kandicha",
    "kumarbi",
    "lamia",
    "leta",
    "marid",
    "monkir",
    "nekir",
    "shamhat",
    "sibittis",
    "sloar",
    "utug",
)
DJINN_NAMES = (
    "Al-Amin", "Anun-Nak", "Ba'al", "Boaz", "Bouraq", "Echidna", "Enki", "Hagis", "Haurvatat",
    "Iblis", "Jafaar", "Kandicha", "Kumarbi", "Lamia", "Leta", "Marid", "Monkir", "Nekir",
    "Shamhat", "Sibittis", "Sloar", "Utug",
)  # fmt: skip
DJINN_VP = (5, 8, 6, 6, 6, 4, 8, 10, 8, 8, 6, 6, 6, 10, 4, 6, 6, 6, 6, 4, 8, 4)
NUM_DJINNS = len(DJINNS)
(
    AL_AMIN,
    ANUN_NAK,
    BAAL,
    BOAZ,
    BOURAQ,
    ECHIDNA,
    ENKI,
    HAGIS,
    HAURVATAT,
    IBLIS,
    JAFAAR,
    KANDICHA,
    KUMARBI,
    LAMIA,
    LETA,
    MARID,
    MONKIR,
    NEKIR,
    SHAMHAT,
    SIBITTIS,
    SLOAR,
    UTUG,
) = range(NUM_DJINNS)
ALL_DJINNS: Mask = (1 << NUM_DJINNS) - 1

# Turn Order track, spots 1..9 (index 0 unused); spots 1..6 are the paid spots (R30).
SPOT_COST = (0, 18, 12, 8, 5, 3, 1, 0, 0, 0)

# Per player count, camels each, turn markers each; starting gold.
CAMELS = {2: 11, 3: 8, 4: 8}
MARKERS = {2: 2, 3: 1, 4: 1}
STARTING_GOLD = 50
MAX_ROUNDS = 46  # R41
PALM_TREES = 12
PALACES = 10

# Payments (R21). P1 index 0 elder, 1 fakir; P2 index 0 elder,elder, 1 elder,fakir.
P1_NAMES = ("elder", "fakir")
P2_NAMES = ("elder,elder", "elder,fakir")


# The nodes of a game, the state's ``phase``: the chance nodes first (``phase < BID``), then
# the decisions of a round (A turn). FILL_ROW and FILL_DISPLAY are setup's and clean-up's
# draws; HAND_CARD, SIB_DRAW and ANUN_DRAW the draws of Sloar or Kandicha, Sibittis and
# Anun-Nak; TILE_NODE the final tile's action, PLACE the piece Bouraq or Enki brought with
# Hagis or Lamia owned, FINAL the end of a turn.
(
    DEAL,
    SEED,
    ORDER,
    FILL_ROW,
    FILL_DISPLAY,
    HAND_CARD,
    SIB_DRAW,
    ANUN_DRAW,
    BID,
    PICK,
    STEP,
    DROP,
    BUILD,
    KILL,
    TILE_NODE,
    PLACE,
    KEEP,
    FINAL,
    OVER,
) = range(19)
PHASE_NAMES = (
    "deal-tile",
    "draw-meeple",
    "bid-order",
    "draw-card",
    "draw-djinn",
    "draw-card",
    "draw-djinn",
    "draw-meeple",
    "bid",
    "pick",
    "step",
    "drop",
    "build",
    "kill",
    "tile",
    "place",
    "keep",
    "final",
    "over",
)
"""Each phase as views and JSON name it: a draw is named by what it draws."""
PHASE_WORDS = (
    "deal",
    "seed",
    "bid-order",
    "fill-row",
    "fill-display",
    "hand-card",
    "sibittis-draw",
    "anun-nak-draw",
    *PHASE_NAMES[BID:],
)
"""Each phase as a position writes it: a different word for each."""


def tile_index(col: int, row: int) -> Tile:
    return COLS * row + col


def tile_name(tile: Tile) -> str:
    return f"{tile % COLS},{tile // COLS}"


def parse_tile(text: str) -> Tile | None:
    """The tile written ``c,r`` (see Notation), or None."""
    parts = text.split(",")
    if len(parts) != 2 or not all(p.isascii() and p.isdecimal() and len(p) == 1 for p in parts):
        return None
    col, row = int(parts[0]), int(parts[1])
    if col >= COLS or row >= ROWS:
        return None
    return tile_index(col, row)


def bits(mask: Mask) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def suit_value(types: int) -> int:
    return SUIT_VALUES[types]


def _neighbours(tile: Tile) -> Mask:
    col, row = tile % COLS, tile // COLS
    mask = 0
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        c, r = col + dc, row + dr
        if 0 <= c < COLS and 0 <= r < ROWS:
            mask |= 1 << tile_index(c, r)
    return mask


def _block(tile: Tile) -> Mask:
    col, row = tile % COLS, tile // COLS
    mask = 0
    for c in range(col - 1, col + 2):
        for r in range(row - 1, row + 2):
            if 0 <= c < COLS and 0 <= r < ROWS:
                mask |= 1 << tile_index(c, r)
    return mask


# Side neighbours, 3×3 blocks and distances (see Notation).
NEIGHBOURS: tuple[Mask, ...] = tuple(_neighbours(t) for t in range(TILES))
NEIGHBOUR_LISTS: tuple[tuple[Tile, ...], ...] = tuple(tuple(bits(m)) for m in NEIGHBOURS)
BLOCKS: tuple[Mask, ...] = tuple(_block(t) for t in range(TILES))
DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(abs(a % COLS - b % COLS) + abs(a // COLS - b // COLS) for b in range(TILES))
    for a in range(TILES)
)
NONE = TILES
"""The "previous tile" right after the pick-up: there is none yet (R3)."""

MAX_ENDS = 5
"""Walk lengths whose end tiles are tabulated: a longer hand always completes (R4)."""


def _ends(p: Tile, q: int, m: int) -> Mask:
    """The tiles a walk of m steps from p, having come from q, can end on (R3, R4).

    It advances the set of (tile, previous tile) pairs m times.
    """
    pairs = {(p, q)}
    for _ in range(m):
        pairs = {(t, u) for u, prev in pairs for t in NEIGHBOUR_LISTS[u] if t != prev}
    mask = 0
    for t, _ in pairs:
        mask |= 1 << t
    return mask


ENDS: dict[tuple[Tile, int, int], Mask] = {
    (p, q, m): _ends(p, q, m)
    for p in range(TILES)
    for q in (*NEIGHBOUR_LISTS[p], NONE)
    for m in range(1, MAX_ENDS + 1)
}
"""``ENDS[p, q, m]``: the tiles a walk of m steps from p (having come from q) can end on."""
