"""The position notation of Nomads of Arabia: a whole state as one line of words, as FEN is
for chess (``docs/rules/nomads_of_arabia.md``, *Position notation*, describes every part).

:func:`write` writes a state; :func:`read` fills a blank state from a text and refuses,
with a :class:`~serai.GameError` naming the part, any text that is malformed or that no
game could reach in its own terms: pieces that do not add up to the game's components,
a nomad on a mountain, a decision for a seat that cannot make it, steps that do not fit
what the state waits for.

What the procedure remembers between steps is written only while it matters (the
Random Restock's roll while its land is rolled, the animals an Animal Restock still
places, ...); whatever the rules derive from the rest (the passable spaces, the undrawn
strips, the bank, the disks drawn so far) is not written at all.

>>> import serai
>>> text = serai.load_game("nomads_of_arabia", players=3).new_initial_state().position()
>>> text.split(" ")[:8]
['3', '5', '5', '1000', '-', '-', '0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0', '8,8,8,8']
>>> serai.load_position("nomads_of_arabia", text).position() == text
True
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from serai.engine import GameError
from serai.engine.position import EMPTY, PositionReader, header, ints
from serai.games.nomads_of_arabia.actions import FACE_NAMES, decode, parse
from serai.games.nomads_of_arabia.board import (
    ANIMALS,
    BANK,
    CITY,
    CITY_STRIPS,
    FACE_DOWN,
    FINAL_DISKS,
    FINAL_LETTERS,
    LANDS,
    MECCA,
    NO_DISK,
    NO_SPACE,
    NUM_ANIMALS,
    NUM_LANDS,
    SANDS,
    SPECIAL_DISKS,
    STRIP_NAMES,
    STRIP_OPEN,
    STRIP_TERRAIN,
    WIDTH,
    columns,
    parse_space,
    space_name,
)
from serai.games.nomads_of_arabia.procedure import (
    BOARD,
    C_ANIMALS,
    C_DISK,
    C_FINAL,
    C_HANDLERS,
    C_LAND,
    C_STRIP,
    FIRST_CHANCE,
    LOST,
    LP_ANIMAL,
    LP_FIRST,
    LP_RANDOM,
    N_ACTION,
    N_HANDLERS,
    N_KEEP,
    N_LAND,
    N_MOVE,
    N_PICK,
    N_PLACE,
    N_SANDS,
    NODE_NAMES,
    OVER,
    PILGRIM_SPACE,
    STEP_NAMES,
    T_ARRIVE,
    T_DECIDE,
    T_FIRST_BOX,
    T_LA,
    T_LOSE,
    T_PAIR,
    T_RANDOM,
    T_SETUP_DONE,
    T_SETUP_STRIP,
    T_STEP,
    T_WINDOW,
)

if TYPE_CHECKING:
    from serai.games.nomads_of_arabia.rules import NomadsOfArabia, NomadsOfArabiaState

GAME = "nomads_of_arabia"
TURN_FLAGS = (
    ("shifted", "shift_done"),
    ("main-done", "main_done"),
    ("silver-tongue", "silver"),
    ("placement", "placement"),
)
"""The turn's flags: their names in a position and the state's fields."""
DECISIONS = (N_MOVE, N_PLACE, N_HANDLERS, N_ACTION, N_PICK, N_KEEP, N_LAND, N_SANDS)
STEP_PARTS = {T_STEP: 1, T_ARRIVE: 1, T_LOSE: 1, T_DECIDE: 1, T_PAIR: 2, T_WINDOW: 1}
"""How many parts follow a step's name: what the procedure remembers for it."""
NODE_PARTS = {N_LAND: 2, C_LAND: 1, C_ANIMALS: 1, C_HANDLERS: 1, C_DISK: 1}
"""How many parts follow a node's name when not the usual (a decision: 1, its seat; a
draw: none)."""
FIRST_BOX_STEPS = [T_SETUP_DONE, T_RANDOM, T_RANDOM, T_LA]
"""The stack while the land die is rolled for the first box (setup)."""
WHERE = {LOST: "lost", PILGRIM_SPACE: "pilgrim"}

# The steps that may wait under each node, top first: what the rules push on the way there.
_THEN = "(end-turn|action)"
_SETUP = "random-restock/random-restock/setup-done"
_RANDOM = f"shift/restock/{_THEN}|(random-restock/)?setup-done"
_CARRY = f"pair/restock/(decide/)?{_THEN}"
_SHIFTED = f"restock/{_THEN}|action"
STEPS_AT = {
    node: re.compile(pattern)
    for node, pattern in {
        N_MOVE: "",
        N_PLACE: "",
        N_ACTION: "",
        N_PICK: "",
        C_HANDLERS: "",
        OVER: "",
        N_HANDLERS: "arrive/(step/)?action",
        C_DISK: "(step/)?action",
        N_SANDS: "window/next-turn",
        N_KEEP: f"travel-done|(lose/)*shift-strips/({_SHIFTED})",
        N_LAND: f"{_CARRY}|shift/restock/{_THEN}",
        C_LAND: f"{_CARRY}|{_RANDOM}|restock/{_SETUP}",
        C_ANIMALS: f"restock/(decide/)?{_THEN}|restock/{_SETUP}|{_RANDOM}",
        C_STRIP: f"(setup-strip/)*first-box/restock/{_SETUP}|{_SHIFTED}",
        C_FINAL: _SHIFTED,
    }.items()
}


# -- writing ---------------------------------------------------------------------------
def write(state: NomadsOfArabiaState) -> str:
    """``state`` as one line (see the module docstring)."""
    words = [
        header(state.game),
        _names(map(_row, state.rows, state.city_disk)),
        _names(STRIP_NAMES[s] for s in state.city_queue + state.desert_queue),
        "/".join(ints(state.boxes[b : b + NUM_ANIMALS]) for b in range(0, 20, NUM_ANIMALS)),
        ints(state.stock),
        ints(state.pile),
        f"{state.supply}/{_disks(state.played)}/{state.special_gone}",
        f"{_names(FINAL_DISKS[f] for f in state.finals)}/{state.final_gone}",
        *(_seat(state, seat) for seat in range(state.n)),
        f"{state.turn}/{state.active}/{state.next_seat}",
        _names(name for name, field in TURN_FLAGS if getattr(state, field)),
        _to_act(state),
        "/".join(_steps(state)) or EMPTY,
    ]
    return " ".join(words)


def _names(names: Iterable[str]) -> str:
    return ",".join(names) or EMPTY


def _row(strip: int, disk: int) -> str:
    """A row's strip and what lies on its city."""
    if disk == NO_DISK:
        return STRIP_NAMES[strip]
    return STRIP_NAMES[strip] + ("*" if disk == FACE_DOWN else FINAL_LETTERS[disk])


def _disks(mask: int) -> str:
    return _names(name for d, name in enumerate(SPECIAL_DISKS) if mask >> d & 1)


def _seat(state: NomadsOfArabiaState, seat: int) -> str:
    status, where = state.status[seat], state.pos[seat]
    place = WHERE.get(status) or (space_name(where) if where >= 0 else EMPTY)
    b = NUM_ANIMALS * seat
    animals = ints(state.animals[b : b + NUM_ANIMALS])
    dice = ints(state.handlers[b : b + NUM_ANIMALS])
    return f"{place}/{state.money[seat]}/{animals}/{dice}/{_disks(state.hands[seat])}"


def _roll(code: int) -> str:
    """The Random Restock's roll as its ``roll-animals`` text lists the faces."""
    return ",".join(FACE_NAMES[f] for f in divmod(code, len(FACE_NAMES)))


def _purpose(state: NomadsOfArabiaState) -> str:
    if state.land_purpose == LP_FIRST:
        return "first"
    return "animal" if state.land_purpose == LP_ANIMAL else _roll(state.rolled)


def _to_act(state: NomadsOfArabiaState) -> str:
    node = state.node
    name = NODE_NAMES[node]
    if node == N_LAND:
        return f"{name}:{state.node_seat}:{_purpose(state)}"
    if node < FIRST_CHANCE:
        return f"{name}:{state.node_seat}"
    if node == C_LAND:
        return f"{name}:{_purpose(state)}"
    if node == C_ANIMALS:
        return f"{name}:{LANDS[state.target_box] if state.target_box >= 0 else 'random'}"
    if node == C_HANDLERS:
        return f"{name}:{'call' if state.rolling_call else 'capture'}"
    if node == C_DISK:
        return f"{name}:{state.claimer}"
    return name


def _steps(state: NomadsOfArabiaState) -> list[str]:
    """The stack, the next step first, each with what it remembers."""
    path = iter(state.path)
    losing = iter(state.losing)
    out = []
    for step in reversed(state.stack):
        name = STEP_NAMES[step]
        if step == T_STEP:
            name += ":" + space_name(next(path))
        elif step == T_ARRIVE:
            name += ":" + space_name(state.step_dest)
        elif step == T_LOSE:
            name += f":{next(losing)}"
        elif step == T_DECIDE:
            name += f":{state.placed}"
        elif step == T_PAIR:
            name += f":{ANIMALS[state.carry_type]}:{state.carry}"
        elif step == T_WINDOW:
            name += ":" + ints(state.window)
        out.append(name)
    return out


# -- reading ---------------------------------------------------------------------------
def read(game: NomadsOfArabia, text: str, state: NomadsOfArabiaState) -> None:
    """Fill ``state`` (every field) from ``text``, or raise a :class:`GameError`."""
    reader = PositionReader(GAME, text)
    reader.check_header(game)
    n = game.num_players
    state.game = game
    state.n = n
    state.cols = columns(n)
    state._history = []
    _read_board(reader, state)
    _read_boxes(reader, state)
    _read_disks(reader, state)
    for seat in range(n):
        _read_seat(reader, state, seat)
    _read_turn(reader, state)
    _read_to_act(reader, state)
    _read_steps(reader, state)
    reader.end()
    _derive(state)
    _check(state)


def _fail(problem: str) -> GameError:
    return GameError(f"{GAME} position: {problem}")


def _strips(reader: PositionReader, what: str) -> list[str]:
    word = reader.word(what)
    return [] if word == EMPTY else word.split(",")


def _strip(reader: PositionReader, what: str, name: str) -> int:
    if name not in STRIP_NAMES:
        raise reader.fail(what, f"{name!r} is not a strip (c1..c8, d1..d8)")
    return STRIP_NAMES.index(name)


def _read_board(reader: PositionReader, state: NomadsOfArabiaState) -> None:
    state.rows, state.city_disk = [], []
    for word in _strips(reader, "board"):
        name, mark = word[:2], word[2:]
        strip = _strip(reader, "board", name)
        if mark == "":
            disk = NO_DISK
        elif mark == "*":
            disk = FACE_DOWN
        elif len(mark) == 1 and mark in FINAL_LETTERS:
            disk = FINAL_LETTERS.index(mark)
        else:
            raise reader.fail("board", f"{mark!r} after {name} is not * nor one of c d g h M")
        if disk != NO_DISK and strip not in CITY_STRIPS:
            raise reader.fail("board", f"{name} is a desert strip: it has no city for a disk")
        state.rows.append(strip)
        state.city_disk.append(disk)
    if len(state.rows) > 5:
        raise reader.fail("board", f"{len(state.rows)} rows; the board has 5")
    for upper, lower in itertools.pairwise(state.rows):
        if (upper in CITY_STRIPS) == (lower in CITY_STRIPS):
            raise reader.fail("board", "city and desert strips alternate (R7)")
    discards = [_strip(reader, "discards", name) for name in _strips(reader, "discards")]
    state.city_queue = [s for s in discards if s in CITY_STRIPS]
    state.desert_queue = [s for s in discards if s not in CITY_STRIPS]
    if state.city_queue + state.desert_queue != discards:
        raise reader.fail("discards", "the discarded city strips come before the desert ones")
    seen = state.rows + discards
    if len(set(seen)) != len(seen):
        raise reader.fail("discards", "a strip is on the board or discarded twice")
    state.board_changed()


def _counts(reader: PositionReader, what: str, word: str, size: int) -> list[int]:
    parts = word.split(",")
    if len(parts) != size or not all(p.isascii() and p.isdecimal() for p in parts):
        raise reader.fail(what, f"{word!r} is not {size} whole numbers from 0")
    return [int(p) for p in parts]


def _read_boxes(reader: PositionReader, state: NomadsOfArabiaState) -> None:
    word = reader.word("boxes")
    boxes = word.split("/")
    if len(boxes) != NUM_LANDS:
        raise reader.fail("boxes", f"{len(boxes)} boxes; there are {NUM_LANDS}")
    state.boxes = [k for box in boxes for k in _counts(reader, "boxes", box, NUM_ANIMALS)]
    state.stock = _counts(reader, "stock", reader.word("stock"), NUM_ANIMALS)
    state.pile = _counts(reader, "pile", reader.word("pile"), NUM_ANIMALS)


def _fields(reader: PositionReader, what: str, count: int) -> list[str]:
    word = reader.word(what)
    parts = word.split("/")
    if len(parts) != count:
        raise reader.fail(what, f"{word!r} is not {count} parts separated by /")
    return parts


def _named(reader: PositionReader, what: str, word: str, names: tuple[str, ...]) -> list[int]:
    found = [] if word == EMPTY else word.split(",")
    for name in found:
        if name not in names:
            raise reader.fail(what, f"{name!r} is not one of {', '.join(names)}")
    if len(set(found)) != len(found):
        raise reader.fail(what, f"{word!r} names a disk twice")
    return [names.index(name) for name in found]


def _mask(indices: list[int]) -> int:
    return sum(1 << d for d in indices)


def _read_disks(reader: PositionReader, state: NomadsOfArabiaState) -> None:
    supply, played, gone = _fields(reader, "special disks", 3)
    state.supply = reader.whole(supply, "special disks", 0)
    state.played = _mask(_named(reader, "special disks", played, SPECIAL_DISKS))
    state.special_gone = reader.whole(gone, "special disks", 0)
    drawn, gone = _fields(reader, "final disks", 2)
    state.finals = _named(reader, "final disks", drawn, FINAL_DISKS)
    state.final_gone = reader.whole(gone, "final disks", 0)


def _read_seat(reader: PositionReader, state: NomadsOfArabiaState, seat: int) -> None:
    what = f"seat {seat}"
    if seat == 0:
        state.status, state.pos, state.money, state.hands = [], [], [], []
        state.animals, state.handlers = [], []
    place, money, animals, dice, disks = _fields(reader, what, 5)
    if place in ("lost", "pilgrim"):
        state.status.append(LOST if place == "lost" else PILGRIM_SPACE)
        state.pos.append(-1)
    else:
        where = -1 if place == EMPTY else parse_space(place)
        if where is None:
            raise reader.fail(what, f"{place!r} is not a space row,x, lost, pilgrim or -")
        state.status.append(BOARD)
        state.pos.append(where)
    state.money.append(reader.whole(money, what, 0))
    state.animals += _counts(reader, what, animals, NUM_ANIMALS)
    state.handlers += _counts(reader, what, dice, NUM_ANIMALS)
    hand = _mask(_named(reader, what, disks, SPECIAL_DISKS))
    if hand & (state.played | sum(state.hands)):
        raise reader.fail(what, "holds a disk that is played or held by another seat")
    state.hands.append(hand)


def _seat_number(reader: PositionReader, what: str, word: str, n: int) -> int:
    seat = reader.whole(word, what, 0)
    if seat >= n:
        raise reader.fail(what, f"seat {seat}: the seats are 0 to {n - 1}")
    return seat


def _read_turn(reader: PositionReader, state: NomadsOfArabiaState) -> None:
    turn, active, following = _fields(reader, "turn", 3)
    state.turn = reader.whole(turn, "turn", 0)
    state.active = _seat_number(reader, "turn", active, state.n)
    state.next_seat = _seat_number(reader, "turn", following, state.n)
    word = reader.word("flags")
    names = [name for name, _ in TURN_FLAGS]
    flags = [] if word == EMPTY else word.split(",")
    if any(flag not in names for flag in flags) or len(set(flags)) != len(flags):
        raise reader.fail("flags", f"{word!r} is not a list of {', '.join(names)} or -")
    for name, field in TURN_FLAGS:
        setattr(state, field, name in flags)


def _read_purpose(reader: PositionReader, what: str, word: str, state: NomadsOfArabiaState) -> None:
    """What the land die is rolled for: ``first``, ``animal`` or the Random Restock's roll."""
    if word in ("first", "animal"):
        state.land_purpose = LP_FIRST if word == "first" else LP_ANIMAL
        return
    roll = parse(f"roll-animals {word}", ())
    if roll is None:
        raise reader.fail(what, f"{word!r} is not first, animal nor a roll such as camel,blank")
    f1, f2 = decode(roll).pair
    state.land_purpose = LP_RANDOM
    state.rolled = len(FACE_NAMES) * f1 + f2


def _read_to_act(reader: PositionReader, state: NomadsOfArabiaState) -> None:
    word = reader.word("to act")
    name, *args = word.split(":")
    if name not in NODE_NAMES[1:]:
        raise reader.fail("to act", f"{name!r} is not one of {', '.join(NODE_NAMES[1:])}")
    node = NODE_NAMES.index(name)
    state.node = node
    state.node_seat = state.active
    state.target_box, state.rolled, state.land_purpose = -1, 0, LP_FIRST
    state.rolling_call, state.claimer = False, -1
    wanted = NODE_PARTS.get(node, int(node < FIRST_CHANCE))
    if len(args) != wanted:
        raise reader.fail("to act", f"{name} takes {wanted} part(s) after it, not {len(args)}")
    if node < FIRST_CHANCE:
        state.node_seat = _seat_number(reader, "to act", args[0], state.n)
    if node in (N_LAND, C_LAND):
        _read_purpose(reader, "to act", args[-1], state)
    elif node == C_ANIMALS:
        if args[0] not in (*LANDS, "random"):
            raise reader.fail("to act", f"{args[0]!r} is not a land nor random")
        state.target_box = LANDS.index(args[0]) if args[0] in LANDS else -1
    elif node == C_HANDLERS:
        if args[0] not in ("capture", "call"):
            raise reader.fail("to act", f"{args[0]!r} is not capture nor call")
        state.rolling_call = args[0] == "call"
    elif node == C_DISK:
        state.claimer = _seat_number(reader, "to act", args[0], state.n)


def _read_steps(reader: PositionReader, state: NomadsOfArabiaState) -> None:
    what = "steps"
    word = reader.word(what)
    entries = [] if word == EMPTY else word.split("/")
    state.stack, state.path, state.losing, state.window = [], [], [], []
    state.placed, state.carry, state.carry_type, state.step_dest = 0, 0, 0, -1
    names = []
    for entry in entries:
        name, *args = entry.split(":")
        if name not in STEP_NAMES:
            raise reader.fail(what, f"{name!r} is not one of {', '.join(STEP_NAMES)}")
        step = STEP_NAMES.index(name)
        wanted = STEP_PARTS.get(step, 0)
        if len(args) != wanted:
            raise reader.fail(what, f"{name} takes {wanted} part(s) after it")
        if step in (T_STEP, T_ARRIVE):
            space = parse_space(args[0])
            if space is None or not state.passable(space):
                raise reader.fail(what, f"{args[0]!r} is not a space a nomad can step on")
            if step == T_STEP:
                state.path.append(space)
            else:
                state.step_dest = space
        elif step == T_LOSE:
            state.losing.append(_seat_number(reader, what, args[0], state.n))
        elif step == T_DECIDE:
            state.placed = reader.whole(args[0], what, 0)
        elif step == T_PAIR:
            if args[0] not in ANIMALS:
                raise reader.fail(what, f"{args[0]!r} is not an animal")
            state.carry_type = ANIMALS.index(args[0])
            state.carry = reader.whole(args[1], what, 0)
            if not 1 <= state.carry <= 4:
                raise reader.fail(what, "an Animal Restock places 1 to 4 animals (R19)")
        elif step == T_WINDOW:
            seats = [] if args[0] == EMPTY else args[0].split(",")
            state.window = [_seat_number(reader, what, seat, state.n) for seat in seats]
        names.append(name)
        state.stack.insert(0, step)
    if not STEPS_AT[state.node].fullmatch("/".join(names)):
        raise reader.fail(what, f"{word!r} cannot follow {NODE_NAMES[state.node]}")


# -- what the rules derive, and whether the whole fits ---------------------------------
def _derive(state: NomadsOfArabiaState) -> None:
    state.setup = T_SETUP_DONE in state.stack
    state.undrawn = sum(
        1 << s
        for s in range(len(STRIP_NAMES))
        if s not in state.rows + state.city_queue + state.desert_queue
    )
    first_box_to_come = T_FIRST_BOX in state.stack or (
        state.node == C_LAND and state.land_purpose == LP_FIRST
    )
    state.reserve = [int(first_box_to_come)] * NUM_ANIMALS
    state.bank = BANK - sum(state.money)
    state.revealed = state.played | sum(state.hands)
    if state.setup:
        state.strip_type = 1 if len(state.rows) % 2 == 0 else 0
    else:
        state.strip_type = 1 if state.rows and state.rows[0] in CITY_STRIPS else 0
    state.tied = _mask(state.fewest_animals()) if state.node == N_LAND else 0


def _check(state: NomadsOfArabiaState) -> None:
    """Refuse a state no game reaches: see the module docstring."""
    expected = state.game.new_initial_state().component_counts()
    counts = state.component_counts()
    for name, total in expected.items():
        if counts[name] != total:
            raise _fail(f"{counts[name]} {name} where the game has {total}")
    _check_places(state)
    _check_node(state)
    if state.node != OVER and not state.legal_actions():
        raise _fail(f"nothing is legal at this {NODE_NAMES[state.node]}")


def _check_places(state: NomadsOfArabiaState) -> None:
    setup_strips = state.stack.count(T_SETUP_STRIP) + (state.node == C_STRIP)
    if state.setup:
        if len(state.rows) + setup_strips != 5 or (state.rows and state.rows[0] in CITY_STRIPS):
            raise _fail("the setup board is drawn desert first, five strips (R7)")
        started = (
            state.turn,
            state.active,
            state.next_seat,
            state.hands != [0] * state.n,
            state.played,
            state.finals,
            any(state.animals + state.handlers),
            any(disk != NO_DISK for disk in state.city_disk),
            any(where != -1 for where in state.pos),
            any(state.status),
        )
        if any(started):
            raise _fail("during the setup nothing is held, placed or played yet")
        return
    # Mid-shift (draw-strip) row 0 is missing and the nomads have already moved down.
    missing = int(state.node == C_STRIP)
    if len(state.rows) != 5 - missing:
        raise _fail(f"{len(state.rows)} rows on the board; there are {5 - missing} here")
    passable = sum(
        STRIP_OPEN[strip] << (row + missing) * WIDTH for row, strip in enumerate(state.rows)
    )
    for seat in range(state.n):
        where = state.pos[seat]
        if state.status[seat] == BOARD and (where < 0 or not passable >> where & 1):
            raise _fail(f"seat {seat}'s nomad is not on a space of the board (R9)")
        dice = sum(state.seat_handlers(seat))
        if dice > 3:
            raise _fail(f"seat {seat} holds {dice} handler dice; a nomad takes at most 3 (R11)")
        row = where // WIDTH - missing
        if dice and (where < 0 or STRIP_TERRAIN[state.rows[row]][where % WIDTH + 1] == CITY):
            raise _fail(f"seat {seat} holds handler dice on a city or off the board (R11, R25)")
    if len(state.finals) > int(state.game.options["final_disks"]):
        raise _fail("more final disks are drawn than the game uses (R41)")
    if state.finals and state.supply:
        raise _fail("final disks come to new cities once the special disks are out (R24)")
    ended = MECCA in state.finals or state.turn >= int(state.game.options["max_turns"])
    if ended != (state.node == OVER):
        raise _fail("the game ends when Mecca is drawn (R36) or at the turn limit (R40)")


def _check_node(state: NomadsOfArabiaState) -> None:
    node, seat, active = state.node, state.node_seat, state.active
    if node in DECISIONS and node not in (N_KEEP, N_SANDS) and seat != active:
        raise _fail(f"it is seat {active}'s turn: seat {seat} cannot {NODE_NAMES[node]}")
    problem = _node_problem(state)
    if problem:
        raise _fail(f"{problem}; it does not fit {NODE_NAMES[node]}")


def _node_problem(state: NomadsOfArabiaState) -> str:
    """What makes the node impossible here, if anything."""
    node, seat, active = state.node, state.node_seat, state.active
    here = state.terrain(state.pos[active])
    if node in (N_MOVE, N_HANDLERS, N_ACTION, N_PICK, C_HANDLERS) and here == NO_SPACE:
        return "the seat's nomad is not on the board"
    if node in (N_MOVE, N_PLACE) and any(getattr(state, f) for _, f in TURN_FLAGS):
        return "a turn starts with no flags"
    if node == N_PLACE and state.status[active] != PILGRIM_SPACE:
        return "only a nomad with the Pilgrim is placed (R27)"
    if node == N_HANDLERS and (here != CITY or sum(state.pile) < 2):
        return "handlers are taken leaving a city, from a pile of 2 or more (R11)"
    if node in (N_PICK, C_HANDLERS) and not (here < NUM_LANDS and state.main_done):
        return "handler dice are rolled on a land, as the turn's capture or call (R13)"
    if node == C_HANDLERS and not any(state.seat_handlers(active)):
        return "the seat holds no handler dice to roll (R13)"
    if node == N_KEEP and (state.status[seat] == BOARD or sum(state.seat_animals(seat)) < 3):
        return "only a nomad leaving the board with 3 animals or more keeps two (R25, R26)"
    if node == N_SANDS and (not state.hands[seat] or state.played >> SANDS & 1):
        return "the window asks seats holding a special disk, until sands-of-time is played"
    if node == N_LAND and len(state.fewest_animals()) < 2:
        return "the active seat chooses only between boxes tied for fewest animals (R20)"
    if node in (N_LAND, C_LAND):
        if (state.land_purpose == LP_ANIMAL) != (state.carry > 0):
            return "the land die is rolled for an Animal Restock while one places animals"
        if (state.land_purpose == LP_FIRST) != (state.stack == FIRST_BOX_STEPS):
            return "the first box is rolled for once, after the setup board (setup 4)"
    if node == C_ANIMALS and (state.target_box >= 0) != (state.stack[-1:] == [T_LA]):
        return "a Land Restock repeats its roll; a Random Restock comes once (R17, R18)"
    if (
        node == C_ANIMALS
        and state.target_box >= 0
        and (not any(state.stock) or state.fewest_animals()[0] != state.target_box)
    ):
        return "a Land Restock fills the first empty box from the stock (R18)"
    if node == C_DISK and (state.claimer != active or here != CITY):
        return "a disk is drawn by the active seat entering its city (R12)"
    if node == C_DISK and len(SPECIAL_DISKS) - state.revealed.bit_count() < 2:
        return "a draw with a single disk left is no draw (R39)"
    if node == C_STRIP and len(state.strip_candidates()) < 2:
        return "a draw with a single strip left is no draw (R39)"
    if node == C_FINAL and (
        state.supply
        or state.rows[0] not in CITY_STRIPS
        or state.city_disk[0] != NO_DISK
        or int(state.game.options["final_disks"]) - len(state.finals) < 2
    ):
        return "a final disk is drawn for a new city once the specials are out (R24, R39)"
    return ""
