"""The integer action space of Nomads of Arabia and its notation
(``docs/rules/nomads_of_arabia.md``, *Notation*).

Decisions and chance outcomes share one space; each kind of action is a contiguous range of
ids from the base named here (``p``, ``q`` spaces ``11 * row + x - 1``; ``l`` a land, ``a``,
``b`` animals, in the orders of :mod:`~serai.games.nomads_of_arabia.board`):

- ``0``–``8``: ``stay``, ``pilgrim``, ``capture``, ``call``, ``shift``,
  ``play silver-tongue``, ``end``, ``play sands-of-time``, ``pass``;
- ``MOVE1 + p``: ``move p``; ``MOVE2 + 55 p + q``: ``move p q``;
  ``RIDE_BASE + p``: ``play ride-the-winds p``; ``PLACE + p``: ``place p``;
- ``TAKE + h``: ``take-handlers L`` with ``h`` the counts of ``L`` per animal in base 4;
- ``SELL + m`` / ``ABDUL_BASE + m``: ``sell L`` / ``play abdul L`` with ``m`` the counts of
  ``L`` in base 18 (camel first);
- ``EXPERT_BASE + 4 l + a``: ``play expert-handler l a``; ``PICK + a``: ``pick a``;
  ``KEEP + 4 a + b`` (``a <= b``): ``keep a,b``; ``CHOOSE + l``: ``choose-land l``;
- chance: ``STRIP + strip`` (``draw-strip``), ``LAND + l`` (``roll-land``, 5 = yellow),
  ``ANIMALS_BASE + 5 f1 + f2`` (``roll-animals``, face 4 = blank, ``f1 <= f2``),
  ``HANDLERS + h`` (``roll-handlers``: ``h`` the animal faces per type in base 4),
  ``DISK + d`` (``draw-disk``), ``FINAL + f`` (``draw-final``).

:func:`decode` turns an id into an :class:`Action`, the one place where ids are taken
apart; the rules, the explanations and the text read actions through it, and
:func:`action_text` writes every text from it.

>>> decode(MOVE2 + 55 * 23 + 35)
Action(kind='move', space=23, to=35, disk=-1, land=-1, animal=-1, animals=[], pair=[], strip=-1)
>>> action_text(decode(SELL + 2 + 18**3), held=[0, 0, 0, 0])
'sell camel,camel,horse'
>>> parse("play expert-handler grey horse", held=[0, 0, 0, 0]) == EXPERT_BASE + 4 * 4 + 3
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from serai.engine import ActionId, GameError
from serai.games.nomads_of_arabia.board import (
    ABDUL,
    ANIMALS,
    BLANK,
    EXPERT,
    FINAL_DISKS,
    LANDS,
    NUM_ANIMALS,
    NUM_LANDS,
    RIDE,
    SANDS,
    SILVER,
    SPACES,
    SPECIAL_DISKS,
    STRIP_NAMES,
    parse_space,
    space_name,
)

STAY, PILGRIM, CAPTURE, CALL, SHIFT, PLAY_SILVER, END, PLAY_SANDS, PASS = range(9)
MOVE1 = 9
MOVE2 = MOVE1 + SPACES
RIDE_BASE = MOVE2 + SPACES * SPACES
PLACE = RIDE_BASE + SPACES
TAKE = PLACE + SPACES
SELL_RADIX = 18  # at most 4c + 1 = 17 animals of a type are in play
SELL_SPAN: int = SELL_RADIX**NUM_ANIMALS
HANDLER_CODES: int = 4**NUM_ANIMALS
SELL = TAKE + HANDLER_CODES
ABDUL_BASE = SELL + SELL_SPAN
EXPERT_BASE = ABDUL_BASE + SELL_SPAN
PICK = EXPERT_BASE + NUM_LANDS * NUM_ANIMALS
KEEP = PICK + NUM_ANIMALS
CHOOSE = KEEP + NUM_ANIMALS * NUM_ANIMALS
STRIP = CHOOSE + NUM_LANDS
LAND = STRIP + len(STRIP_NAMES)
ANIMALS_BASE = LAND + NUM_LANDS + 1
HANDLERS = ANIMALS_BASE + 25
DISK = HANDLERS + HANDLER_CODES
FINAL = DISK + len(SPECIAL_DISKS)
NUM_ACTIONS = FINAL + len(FINAL_DISKS)

YELLOW = NUM_LANDS
"""``roll-land``'s sixth face, the yellow dot (R20)."""
FACE_NAMES = (*ANIMALS, "blank")
"""The faces of the animal and handler dice (``BLANK`` is the last)."""


class Action(NamedTuple):
    """What an action id is: its kind (the first word of its text), then its parts.

    A part that a kind does not have is -1 (a list: empty).
    """

    kind: str
    space: int = -1
    """``move`` (its first step), ``play ride-the-winds``, ``place``: a space."""
    to: int = -1
    """``move``: the space of the second step."""
    disk: int = -1
    """``play``: the special disk played; ``draw-disk``: the disk; ``draw-final``: the final
    disk."""
    land: int = -1
    """``play expert-handler``, ``choose-land``; ``roll-land`` (:data:`YELLOW`: the dot)."""
    animal: int = -1
    """``play expert-handler``, ``pick``."""
    animals: list[int] = []  # noqa: RUF012 (lists read as JSON does; never changed)
    """How many of each animal: ``take-handlers``, ``sell``, ``play abdul``;
    ``roll-handlers``: the dice showing each animal (the others show blank)."""
    pair: list[int] = []  # noqa: RUF012
    """``keep``: the two animals kept; ``roll-animals``: the two faces (4: blank); in the
    order of their text."""
    strip: int = -1
    """``draw-strip``: the strip."""


class Named(NamedTuple):
    """A kind of action that names one thing from a list: ``pick goat``."""

    base: ActionId
    names: tuple[str, ...]
    part: str
    """The :class:`Action` field that holds the thing's index."""


NAMED = {
    "pick": Named(PICK, ANIMALS, "animal"),
    "choose-land": Named(CHOOSE, LANDS, "land"),
    "draw-strip": Named(STRIP, STRIP_NAMES, "strip"),
    "roll-land": Named(LAND, (*LANDS, "yellow"), "land"),
    "draw-disk": Named(DISK, SPECIAL_DISKS, "disk"),
    "draw-final": Named(FINAL, FINAL_DISKS, "disk"),
}
"""The kinds that name one thing, their range of ids and their names in order."""
NAMED_BY_BASE = sorted((named.base, kind) for kind, named in NAMED.items())

WORDS = (
    Action("stay"),
    Action("pilgrim"),
    Action("capture"),
    Action("call"),
    Action("shift"),
    Action("play", disk=SILVER),
    Action("end"),
    Action("play", disk=SANDS),
    Action("pass"),
)


def counts(code: int, radix: int) -> list[int]:
    """The counts per animal that ``code`` holds in base ``radix`` (camel first)."""
    out = []
    for _ in range(NUM_ANIMALS):
        code, k = divmod(code, radix)
        out.append(k)
    return out


def encode(animals: Iterable[int], radix: int) -> int:
    """Counts per animal as one number in base ``radix`` (camel the lowest digit)."""
    code = 0
    for k in reversed(list(animals)):
        code = code * radix + k
    return code


def _decode(action: ActionId) -> Action:
    """The parts of ``action``: the only place where ids are taken apart."""
    if not 0 <= action < NUM_ACTIONS:
        raise GameError(f"{action} is outside the action space 0..{NUM_ACTIONS - 1}")
    if action < MOVE1:
        return WORDS[action]
    if action < MOVE2:
        return Action("move", space=action - MOVE1)
    if action < RIDE_BASE:
        p, q = divmod(action - MOVE2, SPACES)
        return Action("move", space=p, to=q)
    if action < PLACE:
        return Action("play", disk=RIDE, space=action - RIDE_BASE)
    if action < TAKE:
        return Action("place", space=action - PLACE)
    if action < SELL:
        return Action("take-handlers", animals=counts(action - TAKE, 4))
    if action < ABDUL_BASE:
        return Action("sell", animals=counts(action - SELL, SELL_RADIX))
    if action < EXPERT_BASE:
        return Action("play", disk=ABDUL, animals=counts(action - ABDUL_BASE, SELL_RADIX))
    if action < PICK:
        land, animal = divmod(action - EXPERT_BASE, NUM_ANIMALS)
        return Action("play", disk=EXPERT, land=land, animal=animal)
    if KEEP <= action < CHOOSE:
        return Action("keep", pair=list(divmod(action - KEEP, NUM_ANIMALS)))
    if ANIMALS_BASE <= action < HANDLERS:
        return Action("roll-animals", pair=list(divmod(action - ANIMALS_BASE, BLANK + 1)))
    if HANDLERS <= action < DISK:
        return Action("roll-handlers", animals=counts(action - HANDLERS, 4))
    base, kind = max(entry for entry in NAMED_BY_BASE if entry[0] <= action)
    parts: dict[str, Any] = {NAMED[kind].part: action - base}
    return Action(kind, **parts)


DECODED: dict[ActionId, Action] = {action: _decode(action) for action in range(SELL)}
"""Every action decoded by id, but the sales (18^4 ids each, few of them ever met):
:func:`decode` adds those when first asked for."""
DECODED.update((action, _decode(action)) for action in range(EXPERT_BASE, NUM_ACTIONS))


def decode(action: ActionId) -> Action:
    """What ``action`` is (see :class:`Action`); a :class:`GameError` outside the space."""
    try:
        return DECODED[action]
    except KeyError:
        decoded = DECODED[action] = _decode(action)
        return decoded


# -- text ------------------------------------------------------------------------------
def animal_list(animals: Iterable[int]) -> str:
    """Counts per animal as a canonical list (``camel,camel,horse``)."""
    return ",".join(ANIMALS[a] for a, k in enumerate(animals) for _ in range(k))


def handler_faces(shown: Sequence[int], held: Sequence[int]) -> str:
    """One face per held die, by type, animal faces before blanks (Notation)."""
    faces: list[str] = []
    for a in range(NUM_ANIMALS):
        faces.extend([ANIMALS[a]] * shown[a])
        faces.extend(["blank"] * max(held[a] - shown[a], 0))
    return ",".join(faces)


def action_text(action: Action, held: Sequence[int]) -> str:
    """The canonical text of ``action``; ``held``: the handler dice of the seat whose turn
    it is, which a ``roll-handlers`` text lists."""
    kind = action.kind
    if kind == "move":
        steps = [space_name(action.space)] + ([space_name(action.to)] if action.to >= 0 else [])
        return "move " + " ".join(steps)
    if kind == "play":
        words = ["play", SPECIAL_DISKS[action.disk]]
        if action.space >= 0:
            words.append(space_name(action.space))
        elif action.animals:
            words.append(animal_list(action.animals))
        elif action.land >= 0:
            words += [LANDS[action.land], ANIMALS[action.animal]]
        return " ".join(words)
    if kind == "place":
        return f"place {space_name(action.space)}"
    if kind in ("take-handlers", "sell"):
        return f"{kind} {animal_list(action.animals)}"
    if kind == "keep":
        return "keep " + ",".join(ANIMALS[a] for a in action.pair)
    if kind == "roll-animals":
        return "roll-animals " + ",".join(FACE_NAMES[f] for f in action.pair)
    if kind == "roll-handlers":
        return f"roll-handlers {handler_faces(action.animals, held)}"
    named = NAMED.get(kind)
    if named is not None:
        return f"{kind} {named.names[getattr(action, named.part)]}"
    return kind


# -- parsing ---------------------------------------------------------------------------
def parse_animals(text: str, radix: int) -> list[int] | None:
    """A canonical animal list to counts per animal (each below ``radix``), else None."""
    if not text:
        return None
    out = [0] * NUM_ANIMALS
    last = 0
    for word in text.split(","):
        if word not in ANIMALS:
            return None
        a = ANIMALS.index(word)
        if a < last:
            return None  # canonical order only (Notation)
        last = a
        out[a] += 1
        if out[a] >= radix:
            return None
    return out


WORD_IDS = {action_text(action, ()): i for i, action in enumerate(WORDS)}


def parse(text: str, held: Sequence[int]) -> ActionId | None:
    """The id whose canonical text is ``text`` (legal or not), else None; ``held`` as for
    :func:`action_text`."""
    if text in WORD_IDS:
        return WORD_IDS[text]
    verb, *args = text.split(" ")
    if verb == "move" and 1 <= len(args) <= 2:
        spaces = [parse_space(word) for word in args]
        if spaces[0] is None:
            return None
        if len(spaces) == 1:
            return MOVE1 + spaces[0]
        return None if spaces[1] is None else MOVE2 + SPACES * spaces[0] + spaces[1]
    if verb == "play" and len(args) >= 2:
        return _parse_play(args[0], args[1:])
    if len(args) != 1:
        return None
    return _parse_one(verb, args[0], held)


def _parse_play(disk: str, args: list[str]) -> ActionId | None:
    if disk == "ride-the-winds" and len(args) == 1:
        sp = parse_space(args[0])
        return None if sp is None else RIDE_BASE + sp
    if disk == "abdul" and len(args) == 1:
        sold = parse_animals(args[0], SELL_RADIX)
        return None if sold is None else ABDUL_BASE + encode(sold, SELL_RADIX)
    if disk == "expert-handler" and len(args) == 2:
        land, animal = args
        if land in LANDS and animal in ANIMALS:
            return EXPERT_BASE + NUM_ANIMALS * LANDS.index(land) + ANIMALS.index(animal)
    return None


def _parse_one(verb: str, arg: str, held: Sequence[int]) -> ActionId | None:
    """An action of one word after its verb."""
    if verb == "place":
        sp = parse_space(arg)
        return None if sp is None else PLACE + sp
    if verb == "sell":
        sold = parse_animals(arg, SELL_RADIX)
        return None if sold is None else SELL + encode(sold, SELL_RADIX)
    if verb == "take-handlers":
        dice = parse_animals(arg, 4)
        return None if dice is None or sum(dice) > 3 else TAKE + encode(dice, 4)
    if verb == "keep":
        pair = parse_animals(arg, 3)
        if pair is None or sum(pair) != 2:
            return None
        a, b = [t for t in range(NUM_ANIMALS) for _ in range(pair[t])]
        return KEEP + NUM_ANIMALS * a + b
    if verb == "roll-animals":
        faces = arg.split(",")
        if len(faces) != 2 or not all(f in FACE_NAMES for f in faces):
            return None
        f1, f2 = FACE_NAMES.index(faces[0]), FACE_NAMES.index(faces[1])
        return ANIMALS_BASE + (BLANK + 1) * f1 + f2 if f1 <= f2 else None
    if verb == "roll-handlers":
        return _parse_handler_roll(arg, held)
    named = NAMED.get(verb)
    if named is not None and arg in named.names:
        return named.base + named.names.index(arg)
    return None


def _parse_handler_roll(arg: str, held: Sequence[int]) -> ActionId | None:
    faces = arg.split(",")
    if not all(f in FACE_NAMES for f in faces):
        return None
    shown = [faces.count(animal) for animal in ANIMALS]
    if any(k > 3 for k in shown):
        return None
    action = HANDLERS + encode(shown, 4)
    return action if handler_faces(shown, held) == arg else None


def sub_multisets(held: Sequence[int], minimum: int = 1) -> Iterator[list[int]]:
    """Every sub-multiset of ``held`` (counts per animal) with at least ``minimum`` pieces."""
    c0, c1, c2, c3 = held
    for a in range(c0 + 1):
        for b in range(c1 + 1):
            for c in range(c2 + 1):
                for d in range(c3 + 1):
                    if a + b + c + d >= minimum:
                        yield [a, b, c, d]
