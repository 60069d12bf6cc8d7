"""Static data of Nomads of Arabia (``docs/rules/nomads_of_arabia.md``, *Components*), built
once at import.

R1, R2: a space of the five-row playing area is indexed ``11 * row + x - 1`` with ``x``
the doubled column of the *Notation* (``1..11``); only indices whose ``x`` has the parity of
the row's strip type exist on a given board. Adjacency depends only on the row and ``x``
(R1), so one neighbour table serves every board; a neighbour exists on the current board
when its parity matches its row.
"""

from __future__ import annotations

from math import comb

from serai.engine.position import plain_number

ANIMALS = ("camel", "donkey", "goat", "horse")
LANDS = ("green", "red", "purple", "blue", "grey")
LAND_LETTERS = "GRPBS"
NUM_ANIMALS = 4
NUM_LANDS = 5

# Terrain codes of a space: the five lands first, so a land's code is its box index.
# R4, R42: boards with pockets or a missing land colour are kept as drawn, so the data
# needs no special cases.
SAND, CITY, MOUNTAIN, NO_SPACE = 5, 6, 7, -1
TERRAIN_LETTERS = {**{i: LAND_LETTERS[i] for i in range(NUM_LANDS)}, SAND: ".", CITY: "C"}
TERRAIN_LETTERS[MOUNTAIN] = "#"

ROWS = 5
WIDTH = 11
SPACES = ROWS * WIDTH

# Strips are indexed 0..7 for c1..c8 and 8..15 for d1..d8.
NUM_STRIPS = 16
CITY_STRIPS = tuple(range(8))
DESERT_STRIPS = tuple(range(8, 16))
STRIP_NAMES = tuple([f"c{i}" for i in range(1, 9)] + [f"d{i}" for i in range(1, 9)])

# R3 (reconstructed): the tokens at x = 1,3,..,11 (city) or x = 2,4,..,10 (desert).
_CITY_LAYOUTS = (
    "G . C R . P",
    "B # G . C S",
    "R C . P B .",
    ". G S C # R",
    "C P . S . B",
    "P . B # G C",
    "S R C . # B",
    ". R P C G .",
)
_DESERT_LAYOUTS = (
    ". G . R .",
    "P . # . B",
    ". S . . G",
    "R # . S .",
    "P . . . S",
    ". B . # G",
    ". . R B .",
    "# S . P .",
)
_CODE = {
    **{letter: i for i, letter in enumerate(LAND_LETTERS)},
    ".": SAND,
    "C": CITY,
    "#": MOUNTAIN,
}


def _strip_terrain(layout: str, first_x: int) -> tuple[int, ...]:
    """Terrain by ``x`` (index 0..11; index 0 unused) of one strip."""
    out = [NO_SPACE] * (WIDTH + 1)
    for i, token in enumerate(layout.split()):
        out[first_x + 2 * i] = _CODE[token]
    return tuple(out)


STRIP_TERRAIN: tuple[tuple[int, ...], ...] = tuple(
    [_strip_terrain(layout, 1) for layout in _CITY_LAYOUTS]
    + [_strip_terrain(layout, 2) for layout in _DESERT_LAYOUTS]
)
# Passable spaces of each strip as a bit mask over x - 1 (shifted to its row on the board).
STRIP_OPEN = tuple(
    sum(1 << (x - 1) for x in range(1, WIDTH + 1) if t[x] not in (NO_SPACE, MOUNTAIN))
    for t in STRIP_TERRAIN
)
STRIP_CITY_X: tuple[int, ...] = tuple(
    terrain.index(CITY) if CITY in terrain else 0 for terrain in STRIP_TERRAIN
)


def is_city_strip(strip: int) -> bool:
    return strip < 8


def space(row: int, x: int) -> int:
    return WIDTH * row + x - 1


def row_of(sp: int) -> int:
    return sp // WIDTH


def x_of(sp: int) -> int:
    return sp % WIDTH + 1


def space_name(sp: int) -> str:
    return f"{sp // WIDTH},{sp % WIDTH + 1}"


def parse_space(text: str) -> int | None:
    """R2: ``"r,x"`` in canonical form (no spaces, no leading zeros) to an index, else None."""
    parts = text.split(",")
    if len(parts) != 2 or any(plain_number(p) is None for p in parts):
        return None
    row, x = int(parts[0]), int(parts[1])
    if not (0 <= row < ROWS and 1 <= x <= WIDTH):
        return None
    return space(row, x)


def _neighbours(sp: int) -> tuple[int, ...]:
    """R1: same row with |dx| = 2, neighbouring rows with |dx| = 1."""
    row, x = row_of(sp), x_of(sp)
    out = []
    for dr, dx in ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1)):
        r, nx = row + dr, x + dx
        if 0 <= r < ROWS and 1 <= nx <= WIDTH:
            out.append(space(r, nx))
    return tuple(sorted(out))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(sp) for sp in range(SPACES))

# R6 (reconstructed): price rows 1–4 per animal, canonical animal order.
PRICE_ROWS = ((3, 6, 9, 12), (1, 2, 3, 5), (1, 2, 3, 4), (3, 5, 7, 10))


def columns(players: int) -> int:
    """``c``: usable stock columns and handler dice per type (cover cards)."""
    return 2 if players == 3 else 3 if players == 4 else 4


def price(animal: int, stock: int, cols: int) -> int:
    """R6: the number on the lowest empty space; over-full shows row 4."""
    return PRICE_ROWS[animal][min(stock // cols, 3)]


# Special City Disks (yellow) and Final City Disks (blue), R28–R34 and R24.
SPECIAL_DISKS = (
    "silver-tongue",
    "abdul",
    "expert-handler",
    "ride-the-winds",
    "sands-of-time",
    "dinars-4",
    "dinars-5",
    "dinars-6",
)
SILVER, ABDUL, EXPERT, RIDE, SANDS, DINARS4, DINARS5, DINARS6 = range(8)
DISK_DINARS = {DINARS4: 4, DINARS5: 5, DINARS6: 6}
MONEY_DISKS = sum(1 << disk for disk in DISK_DINARS)
"""The money disks as a mask of hand bits: revealed to all at the game's end (section 7)."""
FINAL_DISKS = ("bonus-camel", "bonus-donkey", "bonus-goat", "bonus-horse", "mecca")
FINAL_LETTERS = "cdghM"  # how boards and positions mark a face-up final disk on its city
MECCA = 4
# What lies on a city (a final disk by its index, else): nothing, or a special disk face down.
NO_DISK = -1
FACE_DOWN = 9

START_MONEY = 10
BANK = 1_000_000  # the bank is unlimited; a large balance keeps money countable

# R5: roll of the two animal dice: faces 0..3 animals, 4 blank; an outcome is an
# unordered pair (f1 <= f2) with its probability and the quantities it places.
BLANK = 4
ANIMAL_ROLLS: tuple[tuple[int, int, float, tuple[int, ...]], ...] = tuple(
    (
        f1,
        f2,
        (1 if f1 == f2 and f1 != BLANK else 4 if BLANK in (f1, f2) else 2) / 36,
        (1, 1, 1, 1)
        if f1 == f2 == BLANK
        else tuple(
            4 if (a in (f1, f2) and (f1 == f2 or BLANK in (f1, f2))) else 2 if a in (f1, f2) else 0
            for a in range(NUM_ANIMALS)
        ),
    )
    for f1 in range(5)
    for f2 in range(f1, 5)
)


def handler_roll_probability(held: list[int] | tuple[int, ...], shown: tuple[int, ...]) -> float:
    """``prod C(n_t, k_t) / 2^k`` for ``k_t`` animal faces among ``n_t`` dice."""
    p = 1.0
    for n_t, k_t in zip(held, shown, strict=True):
        p *= comb(n_t, k_t) / 2**n_t
    return p
