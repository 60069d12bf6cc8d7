"""The integer action space of Through the Desert: what each action is, and its text.

Every action is decoded once, at import, into a small named tuple whose first field is its
``kind``; the texts of the *Notation* (rules reference) and their parser are built from that
same table, so the two cannot disagree. In order:

- ``0 .. 1494``: ``Camel``, ``colour * 299 + hex`` (``camel red 7,3``);
- ``1495 .. 2989``: ``Leader``, ``1495 + colour * 299 + hex`` (``leader blue 8,10``);
- ``2990 .. 2994``: ``RemoveLeader``, 5 players (``remove-leader green``);
- ``2995 .. 3293``: chance, ``Palm`` on ``2995 + hex`` (``palm 3,2``);
- ``3294 .. 4190``: chance, ``Token``, ``3294 + 3 * hex + value - 1`` (``token 7,10 2``).

Colours are indexed as in ``board.COLOURS`` (blue, green, red, yellow, white); hexes by
``23 * row + col``.

>>> decode(parse_action("camel red 7,3"))
Camel(kind='camel', colour=2, hex=76)
>>> action_to_string(TOKEN_BASE + 3 * 240 + 1), decode(TOKEN_BASE + 3 * 240 + 1)._asdict()
('token 10,10 2', {'kind': 'token', 'hex': 240, 'value': 2})
"""

from __future__ import annotations

from typing import Literal, NamedTuple, TypeAlias

from serai.engine import ActionId, GameError
from serai.games.through_the_desert.board import COLOURS, HEXES, NUM_COLOURS, Hex, hex_name


class Camel(NamedTuple):
    """Place a camel of ``colour`` on ``hex`` (R12)."""

    kind: Literal["camel"]
    colour: int
    hex: Hex


class Leader(NamedTuple):
    """Place the leader of ``colour`` on ``hex`` (R8)."""

    kind: Literal["leader"]
    colour: int
    hex: Hex


class RemoveLeader(NamedTuple):
    """Set the leader of ``colour`` aside, with 5 players (R11)."""

    kind: Literal["remove-leader"]
    colour: int


class Palm(NamedTuple):
    """Setup draw: a palm on the oasis ``hex`` (R25)."""

    kind: Literal["palm"]
    hex: Hex


class Token(NamedTuple):
    """Setup draw: a watering-hole token worth ``value`` on ``hex`` (R6)."""

    kind: Literal["token"]
    hex: Hex
    value: int


Decoded: TypeAlias = Camel | Leader | RemoveLeader | Palm | Token

TOKEN_VALUES = (1, 2, 3)

CAMEL_PLACEMENTS: tuple[Camel, ...] = tuple(
    Camel("camel", colour, h) for colour in range(NUM_COLOURS) for h in range(HEXES)
)
LEADER_PLACEMENTS: tuple[Leader, ...] = tuple(
    Leader("leader", colour, h) for colour in range(NUM_COLOURS) for h in range(HEXES)
)
REMOVALS = tuple(RemoveLeader("remove-leader", colour) for colour in range(NUM_COLOURS))
PALM_DRAWS = tuple(Palm("palm", h) for h in range(HEXES))
TOKEN_DRAWS = tuple(Token("token", h, value) for h in range(HEXES) for value in TOKEN_VALUES)

DECODED: tuple[Decoded, ...] = (
    *CAMEL_PLACEMENTS,
    *LEADER_PLACEMENTS,
    *REMOVALS,
    *PALM_DRAWS,
    *TOKEN_DRAWS,
)
"""What each action id is: ``DECODED[action]``."""

CAMEL_BASE = 0
LEADER_BASE = CAMEL_BASE + len(CAMEL_PLACEMENTS)
REMOVE_BASE = LEADER_BASE + len(LEADER_PLACEMENTS)
PALM_BASE = REMOVE_BASE + len(REMOVALS)
TOKEN_BASE = PALM_BASE + len(PALM_DRAWS)
NUM_ACTIONS = len(DECODED)

ACTION_IDS = tuple(range(NUM_ACTIONS))
"""Every action id as one int object, so legal-action lists pick them instead of making new
ones (``itertools.compress`` over a slice of this)."""
CAMEL_IDS = tuple(
    ACTION_IDS[CAMEL_BASE + colour * HEXES : CAMEL_BASE + (colour + 1) * HEXES]
    for colour in range(NUM_COLOURS)
)
"""Per colour, its 299 camel actions in hex order."""
LEADER_IDS = tuple(
    ACTION_IDS[LEADER_BASE + colour * HEXES : LEADER_BASE + (colour + 1) * HEXES]
    for colour in range(NUM_COLOURS)
)
"""Per colour, its 299 leader actions in hex order."""


def _text(move: Decoded) -> str:
    """The notation of one action (*Notation* in the rules reference)."""
    if move.kind == "camel" or move.kind == "leader":
        return f"{move.kind} {COLOURS[move.colour]} {hex_name(move.hex)}"
    if move.kind == "remove-leader":
        return f"remove-leader {COLOURS[move.colour]}"
    if move.kind == "palm":
        return f"palm {hex_name(move.hex)}"
    return f"token {hex_name(move.hex)} {move.value}"


TEXTS: tuple[str, ...] = tuple(_text(move) for move in DECODED)
_ACTION_OF_TEXT = {text: action for action, text in enumerate(TEXTS)}


def no_such_action(action: ActionId) -> str:
    return f"there is no action {action}: actions are numbered 0 to {NUM_ACTIONS - 1}"


def decode(action: ActionId) -> Decoded:
    """What ``action`` is (:class:`GameError` outside the action space)."""
    if not 0 <= action < NUM_ACTIONS:
        raise GameError(no_such_action(action))
    return DECODED[action]


def action_to_string(action: ActionId) -> str:
    """The notation of ``action`` (:class:`GameError` outside the action space)."""
    if not 0 <= action < NUM_ACTIONS:
        raise GameError(no_such_action(action))
    return TEXTS[action]


def parse_action(text: str) -> ActionId | None:
    """The action id written as ``text`` in the game's notation, legal or not.

    Only the canonical text is read: single spaces, lower case, no leading zeros.

    >>> parse_action("camel red 7,3") == 2 * 299 + 3 * 23 + 7
    True
    >>> parse_action("camel purple 7,3") is None, parse_action("camel red 7,03") is None
    (True, True)
    """
    return _ACTION_OF_TEXT.get(text)
