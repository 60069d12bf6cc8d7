"""The integer action space of In the Realm of the Desert Sons and its notation
(``docs/rules/desert_sons.md``).

Decisions and chance outcomes share one space; each kind is a contiguous range:

- ``0 .. 120``: ``move x,y``, ``11*y + x``;
- ``121`` ``draw``, ``122`` ``pass``, ``123`` ``end``, ``124`` ``bonus``, ``125`` ``no-stone``,
  ``126`` ``keep-chip``, ``127`` ``remove-chip``;
- ``128 .. 212``: ``play-own t``, ``127 + t``;
- ``213 .. 297``: ``discard t``, ``212 + t``;
- ``298 .. 637``: ``take s t``, ``298 + 85*s + t - 1``;
- ``638 .. 1121``: ``place x,y rR``, ``638 + 4*(11*y + x) + R/90``;
- ``1122 .. 1153``: ``stone k a|b``, ``1122 + 2*(k - 1) + section``;
- ``1154 .. 1169``: ``remove-stone k``, ``1153 + k``;
- ``1170 .. 1176``: ``choose X``, ``1170 +`` symbol index (myrrh incense salt gems camel
  water rumor);
- ``1177 .. 1180``: ``rumor c``, ``1177 +`` commodity index;
- ``1181 .. 1188``: ``peek c i``, ``1181 + 2*c + i - 1``;
- ``1189 .. 1273``: chance ``draw-tile t``, ``1188 + t``;
- ``1274 .. 1277``: chance ``draw-rumor v`` for ``+2 +1 -1 -2``.

Every action is decoded once, at import, into an :class:`Action`, and its text is written
from that value, so printing, parsing and decoding are table look-ups that agree.

>>> DRAW, PLAY_OWN_BASE + 1, TAKE_BASE, PLACE_BASE, STONE_BASE, DRAW_RUMOR_BASE, NUM_ACTIONS
(121, 128, 298, 638, 1122, 1274, 1278)
>>> decode(PLACE_BASE + 4 * (11 * 1 + 6) + 1)
Action(kind='place', cell=17, rotation=1, tile=-1, seat=-1, rank=-1, section=-1, symbol=-1, \
slot=-1, chip=-1)
>>> TEXTS[PLACE_BASE + 4 * (11 * 1 + 6) + 1], parse_action("take 1 6") == TAKE_BASE + 85 + 5
('place 6,1 r90', True)
"""

from __future__ import annotations

from typing import NamedTuple

from serai.engine import ActionId, GameError
from serai.games.desert_sons.board import (
    CELLS,
    CHIP_NAMES,
    COMMODITIES,
    NUM_TILES,
    ROTATION_NAMES,
    SECTION_LABELS,
    SLOTS,
    SYMBOLS,
    cell_name,
)

MAX_SEATS = 4
RANKS = 16


class Action(NamedTuple):
    """One action as a value: its ``kind`` (the first word of its text) and its parts;
    a part the kind does not have is -1."""

    kind: str
    cell: int = -1
    """``move``, ``place``: the cell ``11*y + x``."""
    rotation: int = -1
    """``place``: quarter turns clockwise, 0 to 3."""
    tile: int = -1
    """``play-own``, ``discard``, ``take``, ``draw-tile``: the tile id."""
    seat: int = -1
    """``take``: the seat whose display the tile comes from."""
    rank: int = -1
    """``stone``, ``remove-stone``: the stone's rank."""
    section: int = -1
    """``stone``: the section, 0 for ``a``, 1 for ``b``."""
    symbol: int = -1
    """``choose``: the symbol (myrrh incense salt gems camel water rumor); ``rumor``: the
    commodity row."""
    slot: int = -1
    """``peek``: the rumor board slot, ``2 * commodity + i - 1``."""
    chip: int = -1
    """``draw-rumor``: the value code of ``+2 +1 -1 -2``."""


SIMPLE = ("draw", "pass", "end", "bonus", "no-stone", "keep-chip", "remove-chip")
"""The actions without parts, in id order from ``DRAW``."""


def _all_actions() -> tuple[Action, ...]:
    """Every action in id order: the one table the bases, texts and decoding come from."""
    return (
        *(Action("move", cell=c) for c in range(CELLS)),
        *(Action(kind) for kind in SIMPLE),
        *(Action("play-own", tile=t) for t in range(1, NUM_TILES + 1)),
        *(Action("discard", tile=t) for t in range(1, NUM_TILES + 1)),
        *(
            Action("take", seat=s, tile=t)
            for s in range(MAX_SEATS)
            for t in range(1, NUM_TILES + 1)
        ),
        *(Action("place", cell=c, rotation=k) for c in range(CELLS) for k in range(4)),
        *(Action("stone", rank=r, section=x) for r in range(1, RANKS + 1) for x in range(2)),
        *(Action("remove-stone", rank=r) for r in range(1, RANKS + 1)),
        *(Action("choose", symbol=x) for x in range(len(SYMBOLS))),
        *(Action("rumor", symbol=c) for c in range(len(COMMODITIES))),
        *(Action("peek", slot=s) for s in range(SLOTS)),
        *(Action("draw-tile", tile=t) for t in range(1, NUM_TILES + 1)),
        *(Action("draw-rumor", chip=v) for v in range(len(CHIP_NAMES))),
    )


DECODED = _all_actions()
"""``DECODED[action]``: the :class:`Action` of every action id."""
NUM_ACTIONS = len(DECODED)


def _first(kind: str) -> ActionId:
    return next(action for action, value in enumerate(DECODED) if value.kind == kind)


MOVE_BASE = _first("move")
DRAW, PASS, END, BONUS, NO_STONE, KEEP_CHIP, REMOVE_CHIP = (_first(kind) for kind in SIMPLE)
PLAY_OWN_BASE = _first("play-own") - 1
"""``play-own t`` is ``PLAY_OWN_BASE + t`` (tiles count from 1)."""
DISCARD_BASE = _first("discard") - 1
TAKE_BASE = _first("take")
"""``take s t`` is ``TAKE_BASE + 85*s + t - 1``."""
PLACE_BASE = _first("place")
STONE_BASE = _first("stone")
"""``stone r x`` is ``STONE_BASE + 2*(r - 1) + x``."""
REMOVE_STONE_BASE = _first("remove-stone") - 1
CHOOSE_BASE = _first("choose")
RUMOR_BASE = _first("rumor")
PEEK_BASE = _first("peek")
DRAW_TILE_BASE = _first("draw-tile") - 1
DRAW_RUMOR_BASE = _first("draw-rumor")


def _text(action: Action) -> str:
    """The canonical text of ``action`` (Notation)."""
    kind = action.kind
    if kind == "move":
        return f"move {cell_name(action.cell)}"
    if kind == "place":
        return f"place {cell_name(action.cell)} {ROTATION_NAMES[action.rotation]}"
    if kind in ("play-own", "discard", "draw-tile"):
        return f"{kind} {action.tile}"
    if kind == "take":
        return f"take {action.seat} {action.tile}"
    if kind == "stone":
        return f"stone {action.rank} {SECTION_LABELS[action.section]}"
    if kind == "remove-stone":
        return f"remove-stone {action.rank}"
    if kind == "choose":
        return f"choose {SYMBOLS[action.symbol]}"
    if kind == "rumor":
        return f"rumor {COMMODITIES[action.symbol]}"
    if kind == "peek":
        row, i = divmod(action.slot, 2)
        return f"peek {COMMODITIES[row]} {i + 1}"
    if kind == "draw-rumor":
        return f"draw-rumor {CHIP_NAMES[action.chip]}"
    return kind


TEXTS = tuple(_text(action) for action in DECODED)
"""``TEXTS[action]``: the canonical text of every action id."""
_BY_TEXT = {text: action for action, text in enumerate(TEXTS)}


def unknown_number(action: object) -> str:
    """Why ``action`` is no action of this game."""
    return f"{action} is not an action number of this game (they run from 0 to {NUM_ACTIONS - 1})"


def decode(action: ActionId) -> Action:
    """The :class:`Action` of ``action``; a :class:`GameError` outside the action space."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise GameError(unknown_number(action))
    return DECODED[action]


def action_text(action: ActionId) -> str:
    """The canonical text of ``action`` (Notation).

    >>> action_text(638 + 4 * (11 * 1 + 6) + 1)
    'place 6,1 r90'
    """
    decode(action)
    return TEXTS[action]


def parse_action(text: str) -> ActionId | None:
    """The action id written as ``text`` (Notation), legal or not; ``None`` for anything
    that is not the canonical text of an action.

    >>> parse_action("take 1 6") == 298 + 85 + 5
    True
    >>> parse_action("place 6,1 r45") is None
    True
    """
    return _BY_TEXT.get(text)
