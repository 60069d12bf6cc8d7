"""The integer action space of Five Tribes and its notation (``docs/rules/five_tribes.md``).

Chance outcomes and decisions share one space; each kind is a contiguous range starting at
the base named here (``x`` a tile index ``6r + c``, ``col`` a colour index, ``card`` a card
index, ``d`` a Djinn index, ``p1``/``p2`` a payment index, R21):

- ``DEAL_TILE + 8x + type``     ``deal-tile c,r <tile>``        (chance, setup)
- ``DRAW_MEEPLE + 5x + col``    ``draw-meeple c,r <colour>``    (chance, setup, Anun-Nak)
- ``BID_ORDER + seat``          ``bid-order p<seat>``           (chance, setup)
- ``DRAW_CARD + card``          ``draw-card <card>``            (chance)
- ``DRAW_DJINN + d``            ``draw-djinn <djinn>``          (chance)
- ``BID + i``                   ``bid 18`` … ``bid 1`` (i 0..5), ``bid 0`` (6), ``bid last`` (7)
- ``KUMARBI + k - 1``           ``use kumarbi <k>``, k 1..6
- ``PICK + x``, ``STEP + x``    ``pick c,r``, ``step c,r``
- ``DROP + col``                ``drop <colour>``
- ``BUILD + f``                 ``build <f>``, f 0..18
- ``ECHIDNA + p2``              ``use echidna <P2>``
- ``KILL_TILE + 5x + col``      ``kill c,r <colour>``
- ``KILL_SEAT + 2seat + v``     ``kill p<n> yellow`` (v 0) / ``white`` (v 1)
- ``KILL_TILE_PAIR + 15x + j``  ``kill c,r <colour>,<colour>`` (j indexes ``COLOUR_PAIRS``)
- ``KILL_SEAT_PAIR + 3seat + j``  ``kill p<n> yellow,yellow`` / ``yellow,white`` / ``white,white``
- ``IBLIS + p1``                ``use iblis <P1>``
- ``PALACE + x``, ``PALM + x``  ``palace c,r``, ``palm c,r``
- ``HAGIS + 2x + p1``, ``LAMIA + 2x + p1``   ``use hagis c,r <P1>``, ``use lamia c,r <P1>``
- ``BUY + card``                ``buy <card>``
- ``BUY_PAIR + j``              ``buy <card>,<card>`` (j indexes ``CARD_PAIRS``)
- ``TAKE_DJINN + 2d + p2``      ``take-djinn <djinn> <P2>``
- ``PASS``                      ``pass``
- ``ANUN_NAK``, ``BOURAQ``, ``ENKI`` ``+ 2x + p1``   ``use <djinn> c,r <P1>``
- ``LETA``, ``UTUG`` ``+ 2x + p2``                   ``use <djinn> c,r <P2>``
- ``SIBITTIS + p2``             ``use sibittis <P2>``
- ``SLOAR``                     ``use sloar``
- ``KEEP + d``                  ``keep <djinn>``
- ``SELL + mask - 1``           ``sell <card>,…`` (mask: bit per Merchandise type, 1..511)
- ``END``                       ``end``

Every text is generated once at import, so printing and parsing are table look-ups and
round-trip exactly.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from serai.games.five_tribes.board import (
    CARDS,
    COLOURS,
    DJINNS,
    MERCHANDISE,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_DJINNS,
    NUM_TILE_TYPES,
    P1_NAMES,
    P2_NAMES,
    SPOT_COST,
    TILE_TYPES,
    TILES,
    tile_name,
)

MAX_SEATS = 4
MAX_FAKIRS = 18
MAX_KUMARBI = 6

COLOUR_PAIRS: tuple[tuple[int, int], ...] = tuple(
    combinations_with_replacement(range(NUM_COLOURS), 2)
)
CARD_PAIRS: tuple[tuple[int, int], ...] = tuple(combinations_with_replacement(range(NUM_CARDS), 2))
HELD_PAIRS: tuple[tuple[int, int], ...] = ((0, 0), (0, 1), (1, 1))
"""Held pairs: (Viziers, Elders) taken, in the order yellow,yellow / yellow,white / white,white."""
HELD_PAIR_TAKES = ((2, 0), (1, 1), (0, 2))

_SIZES = (
    ("DEAL_TILE", TILES * NUM_TILE_TYPES),
    ("DRAW_MEEPLE", TILES * NUM_COLOURS),
    ("BID_ORDER", MAX_SEATS),
    ("DRAW_CARD", NUM_CARDS),
    ("DRAW_DJINN", NUM_DJINNS),
    ("BID", 8),
    ("KUMARBI", MAX_KUMARBI),
    ("PICK", TILES),
    ("STEP", TILES),
    ("DROP", NUM_COLOURS),
    ("BUILD", MAX_FAKIRS + 1),
    ("ECHIDNA", 2),
    ("KILL_TILE", TILES * NUM_COLOURS),
    ("KILL_SEAT", MAX_SEATS * 2),
    ("KILL_TILE_PAIR", TILES * len(COLOUR_PAIRS)),
    ("KILL_SEAT_PAIR", MAX_SEATS * 3),
    ("IBLIS", 2),
    ("PALACE", TILES),
    ("PALM", TILES),
    ("HAGIS", TILES * 2),
    ("LAMIA", TILES * 2),
    ("BUY", NUM_CARDS),
    ("BUY_PAIR", len(CARD_PAIRS)),
    ("TAKE_DJINN", NUM_DJINNS * 2),
    ("PASS", 1),
    ("ANUN_NAK", TILES * 2),
    ("BOURAQ", TILES * 2),
    ("ENKI", TILES * 2),
    ("LETA", TILES * 2),
    ("UTUG", TILES * 2),
    ("SIBITTIS", 2),
    ("SLOAR", 1),
    ("KEEP", NUM_DJINNS),
    ("SELL", (1 << MERCHANDISE) - 1),
    ("END", 1),
)
_BASES: dict[str, int] = {}
_total = 0
for _name, _size in _SIZES:
    _BASES[_name] = _total
    _total += _size
NUM_ACTIONS = _total

DEAL_TILE = _BASES["DEAL_TILE"]
DRAW_MEEPLE = _BASES["DRAW_MEEPLE"]
BID_ORDER = _BASES["BID_ORDER"]
DRAW_CARD = _BASES["DRAW_CARD"]
DRAW_DJINN = _BASES["DRAW_DJINN"]
BID = _BASES["BID"]
BID_ZERO = BID + 6
BID_LAST = BID + 7
KUMARBI = _BASES["KUMARBI"]
PICK = _BASES["PICK"]
STEP = _BASES["STEP"]
DROP = _BASES["DROP"]
BUILD = _BASES["BUILD"]
ECHIDNA = _BASES["ECHIDNA"]
KILL_TILE = _BASES["KILL_TILE"]
KILL_SEAT = _BASES["KILL_SEAT"]
KILL_TILE_PAIR = _BASES["KILL_TILE_PAIR"]
KILL_SEAT_PAIR = _BASES["KILL_SEAT_PAIR"]
IBLIS = _BASES["IBLIS"]
PALACE = _BASES["PALACE"]
PALM = _BASES["PALM"]
HAGIS = _BASES["HAGIS"]
LAMIA = _BASES["LAMIA"]
BUY = _BASES["BUY"]
BUY_PAIR = _BASES["BUY_PAIR"]
TAKE_DJINN = _BASES["TAKE_DJINN"]
PASS = _BASES["PASS"]
ANUN_NAK = _BASES["ANUN_NAK"]
BOURAQ = _BASES["BOURAQ"]
ENKI = _BASES["ENKI"]
LETA = _BASES["LETA"]
UTUG = _BASES["UTUG"]
SIBITTIS = _BASES["SIBITTIS"]
SLOAR = _BASES["SLOAR"]
KEEP = _BASES["KEEP"]
SELL = _BASES["SELL"]
END = _BASES["END"]

RANGES: tuple[tuple[str, int, int], ...] = tuple(
    (name.lower(), _BASES[name], _BASES[name] + size) for name, size in _SIZES
)
"""(kind, first id, end) of every kind of action, in id order."""


def action_kind(action: int) -> str:
    """The name of the range ``action`` falls in (``"pick"``, ``"kill_tile"``, …)."""
    return kind_and_offset(action)[0]


def kind_and_offset(action: int) -> tuple[str, int]:
    """The range ``action`` falls in and its offset from the range's first id."""
    for kind, start, end in RANGES:
        if start <= action < end:
            return kind, action - start
    return "none", -1


def _texts() -> list[str]:
    out = [""] * NUM_ACTIONS
    for x in range(TILES):
        where = tile_name(x)
        for t in range(NUM_TILE_TYPES):
            out[DEAL_TILE + NUM_TILE_TYPES * x + t] = f"deal-tile {where} {TILE_TYPES[t]}"
        for c in range(NUM_COLOURS):
            out[DRAW_MEEPLE + NUM_COLOURS * x + c] = f"draw-meeple {where} {COLOURS[c]}"
            out[KILL_TILE + NUM_COLOURS * x + c] = f"kill {where} {COLOURS[c]}"
        for j, (a, b) in enumerate(COLOUR_PAIRS):
            out[KILL_TILE_PAIR + len(COLOUR_PAIRS) * x + j] = (
                f"kill {where} {COLOURS[a]},{COLOURS[b]}"
            )
        out[PICK + x] = f"pick {where}"
        out[STEP + x] = f"step {where}"
        out[PALACE + x] = f"palace {where}"
        out[PALM + x] = f"palm {where}"
        for p in range(2):
            out[HAGIS + 2 * x + p] = f"use hagis {where} {P1_NAMES[p]}"
            out[LAMIA + 2 * x + p] = f"use lamia {where} {P1_NAMES[p]}"
            out[ANUN_NAK + 2 * x + p] = f"use anun-nak {where} {P1_NAMES[p]}"
            out[BOURAQ + 2 * x + p] = f"use bouraq {where} {P1_NAMES[p]}"
            out[ENKI + 2 * x + p] = f"use enki {where} {P1_NAMES[p]}"
            out[LETA + 2 * x + p] = f"use leta {where} {P2_NAMES[p]}"
            out[UTUG + 2 * x + p] = f"use utug {where} {P2_NAMES[p]}"
    for seat in range(MAX_SEATS):
        out[BID_ORDER + seat] = f"bid-order p{seat}"
        out[KILL_SEAT + 2 * seat] = f"kill p{seat} yellow"
        out[KILL_SEAT + 2 * seat + 1] = f"kill p{seat} white"
        for j, pair in enumerate(("yellow,yellow", "yellow,white", "white,white")):
            out[KILL_SEAT_PAIR + 3 * seat + j] = f"kill p{seat} {pair}"
    for card in range(NUM_CARDS):
        out[DRAW_CARD + card] = f"draw-card {CARDS[card]}"
        out[BUY + card] = f"buy {CARDS[card]}"
    for j, (a, b) in enumerate(CARD_PAIRS):
        out[BUY_PAIR + j] = f"buy {CARDS[a]},{CARDS[b]}"
    for d in range(NUM_DJINNS):
        out[DRAW_DJINN + d] = f"draw-djinn {DJINNS[d]}"
        out[KEEP + d] = f"keep {DJINNS[d]}"
        for p in range(2):
            out[TAKE_DJINN + 2 * d + p] = f"take-djinn {DJINNS[d]} {P2_NAMES[p]}"
    for i in range(6):
        out[BID + i] = f"bid {SPOT_COST[i + 1]}"
    out[BID_ZERO] = "bid 0"
    out[BID_LAST] = "bid last"
    for k in range(1, MAX_KUMARBI + 1):
        out[KUMARBI + k - 1] = f"use kumarbi {k}"
    for c in range(NUM_COLOURS):
        out[DROP + c] = f"drop {COLOURS[c]}"
    for f in range(MAX_FAKIRS + 1):
        out[BUILD + f] = f"build {f}"
    for p in range(2):
        out[ECHIDNA + p] = f"use echidna {P2_NAMES[p]}"
        out[IBLIS + p] = f"use iblis {P1_NAMES[p]}"
        out[SIBITTIS + p] = f"use sibittis {P2_NAMES[p]}"
    out[PASS] = "pass"
    out[SLOAR] = "use sloar"
    for mask in range(1, 1 << MERCHANDISE):
        names = ",".join(CARDS[t] for t in range(MERCHANDISE) if mask >> t & 1)
        out[SELL + mask - 1] = f"sell {names}"
    out[END] = "end"
    return out


ACTION_TEXT: tuple[str, ...] = tuple(_texts())
TEXT_ACTION: dict[str, int] = {text: action for action, text in enumerate(ACTION_TEXT)}


def parse_action(text: str) -> int | None:
    """The action id written as ``text`` (see Notation), legal or not.

    >>> ACTION_TEXT[parse_action("kill 3,2 white,red")]
    'kill 3,2 white,red'
    >>> parse_action("kill 3,2 red,white") is None
    True
    """
    return TEXT_ACTION.get(text)
