"""Five Tribes' position notation: a state as one line of words, all play goes on from.

The notation is documented for players in ``docs/rules/five_tribes.md`` (*Position
notation*).

:data:`PARTS` is the one description of the notation: each part in order, the state field
it holds and how that field is written. :func:`write_fields` and :func:`read_fields` turn
the fields into words and back; the rules build the state from the fields read and check
that it is one the game can be in (``FiveTribes.from_position``).

Boards are written as 5 rows of 6 tiles separated by ``/``, top row first; lists of whole
numbers with commas; ``-`` is an empty list or no value, and every part a phase's play does
not read (where a move stands outside a move, ...) is ``-``.

>>> Grid(TILE_LETTERS, none_value=NO_TILE).write([0, 1, 5, 6, 7, 8] * 5, 2)
'V6OSL./V6OSL./V6OSL./V6OSL./V6OSL.'
>>> MeepleTiles().write([1, 0, 0, 2, 0] + [0] * 145, 2)[:14]
'ybb,.,.,.,.,./'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from serai.engine.errors import GameError
from serai.engine.position import EMPTY, PositionReader, header, ints
from serai.games.five_tribes.board import (
    ANUN_DRAW,
    CARDS,
    COLOURS,
    COLS,
    DJINNS,
    DROP,
    FINAL,
    HAND_CARD,
    KEEP,
    MAX_ROUNDS,
    NO_TILE,
    NONE,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_DJINNS,
    PHASE_WORDS,
    PLACE,
    ROWS,
    SIB_DRAW,
    STEP,
    TILES,
    bits,
    parse_tile,
    tile_name,
)

if TYPE_CHECKING:
    from serai.engine.core import Game

TILE_LETTERS = "V6ACFOSL"
"""A tile type's letter: Village, the Sacred Places by their points in hexadecimal (6, 10,
12, 15), Oasis, Small and Large Market; ``.`` a place not dealt yet."""
COUNT_DIGITS = ".123456789abcdefghijklmnopqrstuvwxyz"
"""A small count as one character: ``.`` for none, then 1 to 9 and on in base 36."""
MEEPLE_LETTERS = "ywgbr"
"""A meeple's letter, in colour order."""


class Codec(Protocol):
    """How one field is written as a word and read back."""

    def write(self, value: Any, players: int) -> str: ...

    def read(self, reader: PositionReader, what: str, players: int) -> Any: ...


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high``."""

    low: int
    high: int

    def write(self, value: int, players: int) -> str:
        return str(value)

    def read(self, reader: PositionReader, what: str, players: int) -> int:
        return reader.integer(what, self.low, self.high)


@dataclass(frozen=True)
class Wholes:
    """Whole numbers from 0, one per item of a fixed list (``per_seat``: one per seat)."""

    count: int = 0
    per_seat: bool = False
    high: int | None = None

    def write(self, value: Sequence[int], players: int) -> str:
        return ints(value)

    def read(self, reader: PositionReader, what: str, players: int) -> list[int]:
        count = players if self.per_seat else self.count
        return reader.integers(what, count, 0, self.high)


@dataclass(frozen=True)
class Seats:
    """A list of seats (``-``: none)."""

    def write(self, value: Sequence[int], players: int) -> str:
        return ints(value)

    def read(self, reader: PositionReader, what: str, players: int) -> list[int]:
        return reader.integers(what, None, 0, players - 1)


@dataclass(frozen=True)
class Seat:
    """One seat, or ``-`` for none (-1)."""

    def write(self, value: int, players: int) -> str:
        return EMPTY if value < 0 else str(value)

    def read(self, reader: PositionReader, what: str, players: int) -> int:
        word = reader.word(what)
        if word == EMPTY:
            return -1
        if word not in [str(seat) for seat in range(players)]:
            raise reader.fail(what, f"{word!r} is not a seat from 0 to {players - 1} or -")
        return int(word)


@dataclass(frozen=True)
class Flag:
    """``yes`` or ``no``."""

    def write(self, value: bool, players: int) -> str:
        return "yes" if value else "no"

    def read(self, reader: PositionReader, what: str, players: int) -> bool:
        return reader.choice(what, ("no", "yes")) == "yes"


@dataclass(frozen=True)
class Phase:
    """A phase by its word (``board.PHASE_WORDS``)."""

    def write(self, value: int, players: int) -> str:
        return PHASE_WORDS[value]

    def read(self, reader: PositionReader, what: str, players: int) -> int:
        return PHASE_WORDS.index(reader.choice(what, PHASE_WORDS))


@dataclass(frozen=True)
class TileOrNone:
    """A tile ``c,r``, or ``-`` for ``none``."""

    none: int

    def write(self, value: int, players: int) -> str:
        return EMPTY if value == self.none else tile_name(value)

    def read(self, reader: PositionReader, what: str, players: int) -> int:
        word = reader.word(what)
        if word == EMPTY:
            return self.none
        tile = parse_tile(word)
        if tile is None:
            raise reader.fail(what, f"{word!r} is not a tile c,r or -")
        return tile


@dataclass(frozen=True)
class ColourOrNone:
    """A colour, or ``-`` for none (-1)."""

    def write(self, value: int, players: int) -> str:
        return EMPTY if value < 0 else COLOURS[value]

    def read(self, reader: PositionReader, what: str, players: int) -> int:
        word = reader.choice(what, (EMPTY, *COLOURS))
        return -1 if word == EMPTY else COLOURS.index(word)


def _rows(reader: PositionReader, what: str, word: str, count: int) -> list[str]:
    rows = word.split("/")
    if len(rows) != count:
        raise reader.fail(what, f"has {len(rows)} rows separated by /, not {count}")
    return rows


@dataclass(frozen=True)
class Grid:
    """One character per tile, rows of the board separated by ``/``: ``letters[value]``
    (``none_value`` written ``.``)."""

    letters: str
    none_value: int = 0
    offset: int = 0
    """What the first letter stands for (the value of ``letters[0]``)."""

    def write(self, value: Sequence[int], players: int) -> str:
        chars = ["." if v == self.none_value else self.letters[v - self.offset] for v in value]
        return "/".join("".join(chars[r * COLS : (r + 1) * COLS]) for r in range(ROWS))

    def read(self, reader: PositionReader, what: str, players: int) -> list[int]:
        out = []
        for row in _rows(reader, what, reader.word(what), ROWS):
            if len(row) != COLS:
                raise reader.fail(what, f"row {row!r} has {len(row)} tiles, not {COLS}")
            for char in row:
                if char == ".":
                    out.append(self.none_value)
                elif char in self.letters:
                    out.append(self.letters.index(char) + self.offset)
                else:
                    raise reader.fail(what, f"{char!r} is not one of . {' '.join(self.letters)}")
        return out


@dataclass(frozen=True)
class MeepleTiles:
    """The meeples on each tile as letters (``ggr``: two green, one red; ``.``: none), the
    tiles of a row separated by ``,``, rows by ``/``."""

    def write(self, value: Sequence[int], players: int) -> str:
        tiles = [
            "".join(MEEPLE_LETTERS[c] * value[NUM_COLOURS * t + c] for c in range(NUM_COLOURS))
            or "."
            for t in range(TILES)
        ]
        return "/".join(",".join(tiles[r * COLS : (r + 1) * COLS]) for r in range(ROWS))

    def read(self, reader: PositionReader, what: str, players: int) -> list[int]:
        out = [0] * (TILES * NUM_COLOURS)
        for r, row in enumerate(_rows(reader, what, reader.word(what), ROWS)):
            tiles = row.split(",")
            if len(tiles) != COLS:
                raise reader.fail(what, f"row {r} has {len(tiles)} tiles, not {COLS}")
            for c, letters in enumerate(tiles):
                if letters == ".":
                    continue
                for letter in letters:
                    if letter not in MEEPLE_LETTERS:
                        raise reader.fail(what, f"{letter!r} on {c},{r} is not a meeple letter")
                    out[NUM_COLOURS * (COLS * r + c) + MEEPLE_LETTERS.index(letter)] += 1
        return out


@dataclass(frozen=True)
class Names:
    """Names from ``names`` separated by commas (``-``: none), in order; as a bitmask of
    their indices when ``mask``."""

    names: tuple[str, ...]
    mask: bool = False

    def write(self, value: Any, players: int) -> str:
        items = bits(value) if self.mask else value
        return ",".join(self.names[i] for i in items) or EMPTY

    def read(self, reader: PositionReader, what: str, players: int) -> Any:
        return self.parse(reader, what, reader.word(what))

    def parse(self, reader: PositionReader, what: str, word: str) -> Any:
        items = []
        for name in [] if word == EMPTY else word.split(","):
            if name not in self.names:
                raise reader.fail(what, f"{name!r} is not one of {', '.join(self.names)}")
            items.append(self.names.index(name))
        if not self.mask:
            return items
        if len(set(items)) != len(items):
            raise reader.fail(what, "names one twice")
        return sum(1 << i for i in items)


@dataclass(frozen=True)
class Owners:
    """The Djinns each seat owns, seats separated by ``/`` (the field: each Djinn's owner,
    -1 for none)."""

    def write(self, value: Sequence[int], players: int) -> str:
        return "/".join(
            ",".join(DJINNS[d] for d in range(NUM_DJINNS) if value[d] == seat) or EMPTY
            for seat in range(players)
        )

    def read(self, reader: PositionReader, what: str, players: int) -> list[int]:
        owner = [-1] * NUM_DJINNS
        names = Names(DJINNS)
        for seat, group in enumerate(_rows(reader, what, reader.word(what), players)):
            for djinn in names.parse(reader, what, group):
                if owner[djinn] >= 0:
                    raise reader.fail(what, f"{DJINNS[djinn]} has two owners")
                owner[djinn] = seat
        return owner


@dataclass(frozen=True)
class Hands:
    """The resource cards each seat holds, a count per card type (in card order), seats
    separated by ``/``."""

    def write(self, value: Sequence[int], players: int) -> str:
        return "/".join(
            ints(value[seat * NUM_CARDS : (seat + 1) * NUM_CARDS]) for seat in range(players)
        )

    def read(self, reader: PositionReader, what: str, players: int) -> list[int]:
        out: list[int] = []
        for group in _rows(reader, what, reader.word(what), players):
            counts = [] if group == EMPTY else group.split(",")
            if len(counts) != NUM_CARDS or not all(c.isascii() and c.isdecimal() for c in counts):
                raise reader.fail(what, f"{group!r} is not {NUM_CARDS} counts, one per card type")
            out += [int(c) for c in counts]
        return out


@dataclass(frozen=True)
class Spots:
    """The six paid spots of the Turn Order track, 18 first: the seat whose marker is on
    it, or ``.``."""

    def write(self, value: Sequence[int], players: int) -> str:
        return "".join("." if seat < 0 else str(seat) for seat in value)

    def read(self, reader: PositionReader, what: str, players: int) -> list[int]:
        word = reader.word(what)
        seats = [str(seat) for seat in range(players)]
        if len(word) != 6 or not all(c == "." or c in seats for c in word):
            raise reader.fail(what, f"{word!r} is not 6 characters, each . or a seat")
        return [-1 if c == "." else int(c) for c in word]


@dataclass(frozen=True)
class Part:
    """One part of a position: what the docs call it, the state field it holds, how it is
    written, and the phases whose play reads it (``None``: all). At any other phase it is
    written ``-`` and read as ``rest``: what it held last is never read again."""

    what: str
    field: str
    codec: Codec
    when: frozenset[int] | None = None
    rest: Any = None

    def applies(self, phase: int) -> bool:
        return self.when is None or phase in self.when


MOVE = frozenset((STEP, DROP))
SUB_STEP = frozenset((HAND_CARD, SIB_DRAW, ANUN_DRAW, PLACE, KEEP))


PARTS: tuple[Part, ...] = (
    Part("phase", "phase", Phase()),
    Part("round", "round", Whole(0, MAX_ROUNDS)),
    Part("last round", "final_round", Flag()),
    Part("player to act", "actor", Seat()),
    Part("tiles", "tile_type", Grid(TILE_LETTERS, none_value=NO_TILE)),
    Part("meeples", "meeples", MeepleTiles()),
    Part("camels", "camel", Grid("0123", none_value=-1)),
    Part("palm trees", "palms", Grid(COUNT_DIGITS[1:], offset=1)),
    Part("palaces", "palaces", Grid(COUNT_DIGITS[1:], offset=1)),
    Part("palm trees left", "palms_left", Whole(0, 12)),
    Part("palaces left", "palaces_left", Whole(0, 10)),
    Part("bag", "bag", Wholes(NUM_COLOURS)),
    Part("gold", "gold", Wholes(per_seat=True)),
    Part("camels left", "camels_left", Wholes(per_seat=True)),
    Part("viziers", "viziers", Wholes(per_seat=True)),
    Part("elders", "elders", Wholes(per_seat=True)),
    Part("cards", "hand", Hands()),
    Part("resource pile", "pile", Wholes(NUM_CARDS)),
    Part("row", "row", Names(CARDS)),
    Part("resource discard", "discard", Wholes(NUM_CARDS)),
    Part("djinn pile", "djinn_pile", Names(DJINNS, mask=True)),
    Part("display", "display", Names(DJINNS)),
    Part("djinn discard", "djinn_discard", Names(DJINNS, mask=True)),
    Part("djinns owned", "djinn_owner", Owners()),
    Part("sibittis drew", "sib_drawn", Names(DJINNS)),
    Part("bid order", "bid_order", Seats()),
    Part("bids made", "bid_slot", Whole(0, 8)),
    Part("paid spots", "paid", Spots()),
    Part("zero queue", "zeros", Seats()),
    Part("last", "last", Seats()),
    Part("next bid order", "next_order", Seats()),
    Part("used this turn", "used", Names(DJINNS, mask=True)),
    Part("echidna", "echidna", Flag()),
    Part("iblis", "iblis", Flag()),
    Part("kumarbi discount", "discount", Whole(0, 6)),
    Part("in hand", "in_hand", Wholes(NUM_COLOURS)),
    Part("at", "cur", TileOrNone(-1), MOVE, -1),
    Part("from", "prev", TileOrNone(NONE), MOVE, NONE),
    Part("final tile", "final_tile", TileOrNone(-1)),
    Part("tribe", "tribe", ColourOrNone()),
    Part("collected", "collected", Whole(0, 90)),
    Part("pending", "pending", Whole(0, 3)),
    Part("target tile", "target", TileOrNone(-1), frozenset((PLACE, ANUN_DRAW)), -1),
    Part("target seat", "target", Seat(), frozenset((HAND_CARD,)), -1),
    Part("return to", "ret", Phase(), SUB_STEP, FINAL),
    Part("place palm tree", "place_palm", Flag(), frozenset((PLACE,)), False),
)
"""Every part after the header (the players), in order."""

Fields = dict[str, Any]
"""A state's fields by name, as a position holds them."""


def fields_of(state: object) -> Fields:
    """The fields of ``state`` a position holds."""
    return {part.field: getattr(state, part.field) for part in PARTS}


def write_fields(game: Game, fields: Fields) -> str:
    """The position of a state of ``game`` with these fields."""
    players, phase = game.num_players, fields["phase"]
    words = [
        part.codec.write(fields[part.field], players) if part.applies(phase) else EMPTY
        for part in PARTS
    ]
    return " ".join([header(game), *words])


def read_fields(game: Game, text: str) -> Fields:
    """The fields a position of ``game`` holds, read part by part (a wrong part raises
    :class:`GameError` naming it); whether they make a state is the rules' check."""
    reader = PositionReader(game.info.name, text)
    reader.check_header(game)
    fields: Fields = {}
    for part in PARTS:
        if part.applies(fields.get("phase", -1)):
            fields[part.field] = part.codec.read(reader, part.what, game.num_players)
        else:
            reader.choice(part.what, (EMPTY,))
            fields.setdefault(part.field, part.rest)
    reader.end()
    return fields


def refuse(problem: str) -> GameError:
    """The error for a position whose parts are well formed but do not fit together."""
    return GameError(f"five_tribes position: {problem}")
