"""The integer action space of Five Tribes, its notation and its decoding, from one table.

Chance outcomes and decisions share one space. :data:`KINDS` lists every kind of action in
id order with its parts; a kind's ids run from its base (``PICK``, ``HAGIS``, …) through
every combination of its parts, the first part varying slowest (``HAGIS + 2 * tile + pay``).
From that one table come the text of every action (``docs/rules/five_tribes.md``, Notation)
and its decoded value (:func:`decode`), so printing, parsing and decoding are look-ups and
always agree.

>>> decode(parse_action("use hagis 2,1 fakir"))
Action('hagis', tile=8, djinn=7, pay=1)
>>> ACTION_TEXT[HAGIS + 2 * 8 + 1]
'use hagis 2,1 fakir'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement, product
from typing import NamedTuple

from serai.engine.errors import GameError
from serai.games.five_tribes import board
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
    WHITE,
    YELLOW,
    bits,
    tile_name,
)

MAX_SEATS = 4
MAX_FAKIRS = 18
MAX_KUMARBI = 6

COLOUR_PAIRS: tuple[tuple[int, int], ...] = tuple(
    combinations_with_replacement(range(NUM_COLOURS), 2)
)
"""The two colours of a two-meeple kill on a tile (R22), in the fixed colour order."""
CARD_PAIRS: tuple[tuple[int, int], ...] = tuple(combinations_with_replacement(range(NUM_CARDS), 2))
"""The two cards of a Large Market purchase (R15), in the fixed card order."""
HELD_PAIRS: tuple[tuple[int, int], ...] = ((YELLOW, YELLOW), (YELLOW, WHITE), (WHITE, WHITE))
"""The two held meeples of a two-meeple kill of a seat (R22)."""
HELD_PAIR_TAKES = ((2, 0), (1, 1), (0, 2))
"""Per held pair, the (Viziers, Elders) it takes."""

NO_PART = -1
"""The value of every part an action does not have."""


class Action(NamedTuple):
    """What an action is: its ``kind`` (a name of :data:`KINDS`), then its parts.

    Parts it does not have are -1. Tiles, colours, cards, Djinns and seats are indices
    (``board.py``); a Djinn's use names its ``djinn``. ``pay`` is a payment's index (R21):
    for the kinds paid E/F, 0 an Elder and 1 a Fakir; for those paid E+E/F, 0 two Elders and
    1 an Elder and a Fakir. ``spot`` is the paid spot of a ``bid``, 1 (``bid 18``) to 6
    (``bid 1``). ``fakirs`` is the Fakirs of ``build`` or of ``use kumarbi``. ``suit`` has a
    bit per Merchandise type sold.
    """

    kind: str
    tile: int = NO_PART
    tile_type: int = NO_PART
    colour: int = NO_PART
    colour2: int = NO_PART
    seat: int = NO_PART
    card: int = NO_PART
    card2: int = NO_PART
    suit: int = NO_PART
    djinn: int = NO_PART
    pay: int = NO_PART
    fakirs: int = NO_PART
    spot: int = NO_PART

    def parts(self) -> dict[str, int]:
        """The parts this action has."""
        return {k: v for k, v in self._asdict().items() if k != "kind" and v != NO_PART}

    def __repr__(self) -> str:
        parts = "".join(f", {k}={v}" for k, v in self.parts().items())
        return f"Action({self.kind!r}{parts})"


Part = tuple[tuple[str, ...], Sequence[object]]
"""The fields one part sets, and its values in id order (a value per field, or a tuple)."""


def _tiles() -> Part:
    return ("tile",), range(TILES)


def _pays() -> Part:
    return ("pay",), range(2)


@dataclass(frozen=True)
class Kind:
    """One kind of action: its name, the fields every one of them has, its parts in id
    order and how it is written."""

    name: str
    parts: tuple[Part, ...]
    text: Callable[[Action], str]
    fixed: tuple[tuple[str, int], ...] = ()

    def actions(self) -> list[Action]:
        out = []
        for values in product(*(values for _, values in self.parts)):
            fields: dict[str, object] = dict(self.fixed)
            for (names, _), value in zip(self.parts, values, strict=True):
                if len(names) == 1:
                    fields[names[0]] = value
                else:
                    fields.update(zip(names, value, strict=True))  # type: ignore[call-overload]
            out.append(Action(self.name, **fields))  # type: ignore[arg-type]
        return out


def _where(a: Action) -> str:
    return tile_name(a.tile)


def _p1(a: Action) -> str:
    return P1_NAMES[a.pay]


def _p2(a: Action) -> str:
    return P2_NAMES[a.pay]


def _use(name: str, djinn: int, pay: Callable[[Action], str] | None, tile: bool) -> Kind:
    """A Djinn's use: ``use <djinn> [c,r] [payment]``."""
    parts = (*((_tiles(),) if tile else ()), *((_pays(),) if pay else ()))

    def text(a: Action) -> str:
        words = ["use", DJINNS[djinn], *([_where(a)] if tile else []), *([pay(a)] if pay else [])]
        return " ".join(words)

    return Kind(name, parts, text, (("djinn", djinn),))


KINDS: tuple[Kind, ...] = (
    # Chance outcomes first (R31, R40): every id below BID is a draw.
    Kind(
        "deal_tile",
        (_tiles(), (("tile_type",), range(NUM_TILE_TYPES))),
        lambda a: f"deal-tile {_where(a)} {TILE_TYPES[a.tile_type]}",
    ),
    Kind(
        "draw_meeple",
        (_tiles(), (("colour",), range(NUM_COLOURS))),
        lambda a: f"draw-meeple {_where(a)} {COLOURS[a.colour]}",
    ),
    Kind("bid_order", ((("seat",), range(MAX_SEATS)),), lambda a: f"bid-order p{a.seat}"),
    Kind("draw_card", ((("card",), range(NUM_CARDS)),), lambda a: f"draw-card {CARDS[a.card]}"),
    Kind(
        "draw_djinn", ((("djinn",), range(NUM_DJINNS)),), lambda a: f"draw-djinn {DJINNS[a.djinn]}"
    ),
    # Decisions.
    Kind("bid", ((("spot",), range(1, 7)),), lambda a: f"bid {SPOT_COST[a.spot]}"),
    Kind("bid_zero", (), lambda a: "bid 0"),
    Kind("bid_last", (), lambda a: "bid last"),
    Kind(
        "kumarbi",
        ((("fakirs",), range(1, MAX_KUMARBI + 1)),),
        lambda a: f"use kumarbi {a.fakirs}",
        (("djinn", board.KUMARBI),),
    ),
    Kind("pick", (_tiles(),), lambda a: f"pick {_where(a)}"),
    Kind("step", (_tiles(),), lambda a: f"step {_where(a)}"),
    Kind("drop", ((("colour",), range(NUM_COLOURS)),), lambda a: f"drop {COLOURS[a.colour]}"),
    Kind("build", ((("fakirs",), range(MAX_FAKIRS + 1)),), lambda a: f"build {a.fakirs}"),
    _use("echidna", board.ECHIDNA, _p2, tile=False),
    Kind(
        "kill_tile",
        (_tiles(), (("colour",), range(NUM_COLOURS))),
        lambda a: f"kill {_where(a)} {COLOURS[a.colour]}",
    ),
    Kind(
        "kill_seat",
        ((("seat",), range(MAX_SEATS)), (("colour",), (YELLOW, WHITE))),
        lambda a: f"kill p{a.seat} {COLOURS[a.colour]}",
    ),
    Kind(
        "kill_tile_pair",
        (_tiles(), (("colour", "colour2"), COLOUR_PAIRS)),
        lambda a: f"kill {_where(a)} {COLOURS[a.colour]},{COLOURS[a.colour2]}",
    ),
    Kind(
        "kill_seat_pair",
        ((("seat",), range(MAX_SEATS)), (("colour", "colour2"), HELD_PAIRS)),
        lambda a: f"kill p{a.seat} {COLOURS[a.colour]},{COLOURS[a.colour2]}",
    ),
    _use("iblis", board.IBLIS, _p1, tile=False),
    Kind("palace", (_tiles(),), lambda a: f"palace {_where(a)}"),
    Kind("palm", (_tiles(),), lambda a: f"palm {_where(a)}"),
    _use("hagis", board.HAGIS, _p1, tile=True),
    _use("lamia", board.LAMIA, _p1, tile=True),
    Kind("buy", ((("card",), range(NUM_CARDS)),), lambda a: f"buy {CARDS[a.card]}"),
    Kind(
        "buy_pair",
        ((("card", "card2"), CARD_PAIRS),),
        lambda a: f"buy {CARDS[a.card]},{CARDS[a.card2]}",
    ),
    Kind(
        "take_djinn",
        ((("djinn",), range(NUM_DJINNS)), _pays()),
        lambda a: f"take-djinn {DJINNS[a.djinn]} {_p2(a)}",
    ),
    Kind("pass", (), lambda a: "pass"),
    _use("anun_nak", board.ANUN_NAK, _p1, tile=True),
    _use("bouraq", board.BOURAQ, _p1, tile=True),
    _use("enki", board.ENKI, _p1, tile=True),
    _use("leta", board.LETA, _p2, tile=True),
    _use("utug", board.UTUG, _p2, tile=True),
    _use("sibittis", board.SIBITTIS, _p2, tile=False),
    _use("sloar", board.SLOAR, None, tile=False),
    Kind("keep", ((("djinn",), range(NUM_DJINNS)),), lambda a: f"keep {DJINNS[a.djinn]}"),
    Kind(
        "sell",
        ((("suit",), range(1, 1 << MERCHANDISE)),),
        lambda a: "sell " + ",".join(CARDS[t] for t in bits(a.suit)),
    ),
    Kind("end", (), lambda a: "end"),
)
"""Every kind of action, in id order."""


def _build() -> tuple[tuple[Action, ...], tuple[str, ...], dict[str, int]]:
    decoded: list[Action] = []
    texts: list[str] = []
    bases: dict[str, int] = {}
    for kind in KINDS:
        bases[kind.name] = len(decoded)
        for action in kind.actions():
            decoded.append(action)
            texts.append(kind.text(action))
    return tuple(decoded), tuple(texts), bases


DECODED, ACTION_TEXT, BASES = _build()
"""Every action's decoded value and its text (Notation), indexed by its id; the first id
of each kind."""
NUM_ACTIONS = len(DECODED)
TEXT_ACTION: dict[str, int] = {text: action for action, text in enumerate(ACTION_TEXT)}

DEAL_TILE = BASES["deal_tile"]
DRAW_MEEPLE = BASES["draw_meeple"]
BID_ORDER = BASES["bid_order"]
DRAW_CARD = BASES["draw_card"]
DRAW_DJINN = BASES["draw_djinn"]
BID = BASES["bid"]
BID_ZERO = BASES["bid_zero"]
BID_LAST = BASES["bid_last"]
KUMARBI = BASES["kumarbi"]
PICK = BASES["pick"]
STEP = BASES["step"]
DROP = BASES["drop"]
BUILD = BASES["build"]
ECHIDNA = BASES["echidna"]
KILL_TILE = BASES["kill_tile"]
KILL_SEAT = BASES["kill_seat"]
KILL_TILE_PAIR = BASES["kill_tile_pair"]
KILL_SEAT_PAIR = BASES["kill_seat_pair"]
IBLIS = BASES["iblis"]
PALACE = BASES["palace"]
PALM = BASES["palm"]
HAGIS = BASES["hagis"]
LAMIA = BASES["lamia"]
BUY = BASES["buy"]
BUY_PAIR = BASES["buy_pair"]
TAKE_DJINN = BASES["take_djinn"]
PASS = BASES["pass"]
ANUN_NAK = BASES["anun_nak"]
BOURAQ = BASES["bouraq"]
ENKI = BASES["enki"]
LETA = BASES["leta"]
UTUG = BASES["utug"]
SIBITTIS = BASES["sibittis"]
SLOAR = BASES["sloar"]
KEEP = BASES["keep"]
SELL = BASES["sell"]
END = BASES["end"]


def known(action: object) -> int:
    """``action`` if it is an action id, else a :class:`GameError` giving their range."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise GameError(f"there is no action number {action}: they run from 0 to {NUM_ACTIONS - 1}")
    return action


def decode(action: int) -> Action:
    """What ``action`` is (see :class:`Action`).

    >>> decode(parse_action("kill p2 yellow,white"))
    Action('kill_seat_pair', colour=0, colour2=1, seat=2)
    >>> decode(BID_LAST).kind, decode(SELL + 0b10001 - 1).suit
    ('bid_last', 17)
    """
    return DECODED[action]


def parse_action(text: str) -> int | None:
    """The action id written as ``text`` (see Notation), legal or not.

    >>> ACTION_TEXT[parse_action("kill 3,2 white,red")]
    'kill 3,2 white,red'
    >>> parse_action("kill 3,2 red,white") is None
    True
    """
    return TEXT_ACTION.get(text)
