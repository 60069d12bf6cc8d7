"""The position notation of In the Realm of the Desert Sons: a whole state as one line.

The notation is documented for players in ``docs/rules/desert_sons.md`` (*Position
notation*): after the players and the option, one word per part, in a fixed order. The
area is written as 11 rows of cells separated by ``/``, lists of whole numbers with
commas, and ``-`` is an empty list or no value. What can be counted from the rest is not
written: the stack holds every tile no other part names, and the supplies and the rumor
pool hold what the players and the rumor board do not.

:func:`read_position` refuses, with a :class:`~serai.GameError` naming the part, any text
that is not a state the game can be in: counts that do not add up, tiles that do not
match, a part that does not fit the phase.

>>> import serai
>>> state = serai.load_game("desert_sons", players=2).new_initial_state()
>>> write_position(state).split(" ")[:5]
['2', 'false', 'setup', '0', 'regular']
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from serai.engine import GameError
from serai.engine.position import PositionReader, header, ints
from serai.games.desert_sons.board import (
    ALL_TILES,
    BONUS_OFFER,
    CAMEL_CARDS,
    CHIP_NAMES,
    CHIP_SET,
    CHOOSE,
    COMMODITIES,
    COMMODITY_TILES,
    CONTINUE,
    CROSS,
    DISPLAY_LIMIT,
    DRAW_RUMOR,
    DRAW_TILE,
    NEIGHBOURS,
    NUM_TILES,
    OVER,
    PEEK,
    PEEK_DECIDE,
    PHASE_NAMES,
    PLACE,
    RATING_PHASES,
    REPLACE,
    RUMOR_ROW,
    SAME_PLACEMENT,
    SECTION_LABELS,
    SECTIONS,
    SETUP,
    SIZE,
    SLOTS,
    STACK_OF,
    STONE,
    STONE_OWNER,
    STONES,
    SYMBOLS,
    TURBAN_HEIGHT,
    WATER_TOTAL,
    Cell,
    cell_name,
    parse_cell,
    placed_edges,
)

if TYPE_CHECKING:
    from serai.games.desert_sons.rules import DesertSons, DesertSonsState

GAME = "desert_sons"
PARTS = (
    "phase",
    "turn player",
    "turn",
    "final turns",
    "area",
    "last placed",
    "caravans",
    "displays",
    "discarded",
    "tile to place",
    "robbed seat",
    "water",
    "camels",
    "goods",
    "turban",
    "rumor board",
    "drawn chip",
    "peeked chip",
    "closing",
    "rating order",
    "rating position",
    "blocked stone",
    "turban stone",
    "symbols left",
)
"""The parts after the players and the option, in order, by the names errors give them."""

PHASE_WORDS = tuple(name.replace(" ", "-") for name in PHASE_NAMES)
FACING = "nesw"
"""A placed tile's rotation as the direction its listed north side faces (r0 … r270)."""
TURNS = ("regular", "bonus")
AREA_TOKEN = re.compile(r"\.|\+|([1-9][0-9]*)([nesw])(?:([1-9][0-9]*)([ab]))?")
"""One cell of an area row: ``.`` empty, ``+`` a cross field, or an explorer tile with its
facing and perhaps a stone on one of its sections (``1e9a``: tile 1 at r90, stone 9 on a)."""
_CHIP = re.compile(r"([+-][12])(?::([0-3]+))?")
SYMBOL_TOTALS = tuple(
    sum(symbols.count(x) for secs in SECTIONS for _, symbols in secs) for x in range(len(SYMBOLS))
)
"""How many of each symbol the tiles and the cross show: a rating has at most that many."""


def write_position(state: DesertSonsState) -> str:
    """``state`` in Position notation."""
    n = state.n
    peek = state.peek_slot
    last = state.last_cell
    closing = "".join(SECTION_LABELS[_first_label(state, last, root)] for root in state.closing)
    words = [
        header(state.game),
        PHASE_WORDS[state.phase],
        str(state.player),
        TURNS[state.bonus],
        str(state.ending) if state.ending >= 0 else "-",
        _area_word(state),
        cell_name(last) if last >= 0 else "-",
        "/".join(cell_name(c) for c in state.caravan),
        "/".join(ints(d) for d in state.display),
        ints(state.discarded),
        str(state.pending) if state.pending else "-",
        str(state.robbed) if state.robbed >= 0 else "-",
        ints(state.water),
        ints(state.camels),
        "/".join(ints(state.goods[4 * s : 4 * s + 4]) for s in range(n)),
        str(state.turban),
        _rumor_word(state),
        CHIP_NAMES[state.drawn - 1] if state.drawn else "-",
        f"{COMMODITIES[peek // 2]}:{peek % 2 + 1}" if peek >= 0 else "-",
        closing or "-",
    ]
    if state.r_order:
        words += [
            ints(state.r_order),
            str(state.r_pos),
            str(state.r_blocked) if state.r_blocked else "-",
            str(state.r_turban) if state.r_turban else "-",
            ints(state.r_syms),
        ]
    else:
        # What a finished rating leaves behind is never read again: not part of a position.
        words += ["-", "0", "-", "-", ints([0] * len(SYMBOLS))]
    return " ".join(words)


def _first_label(state: DesertSonsState, cell: Cell, root: int) -> int:
    """The first label of the tile on ``cell`` whose oasis is that of ``root``."""
    return next(
        label
        for label in range(len(SECTIONS[state.field[cell]]))
        if state.oasis_root(2 * cell + label) == root
    )


def _rumor_word(state: DesertSonsState) -> str:
    """The rumor board: per row its chips, each its value and the seats that know it."""
    rows = []
    for c in range(len(COMMODITIES)):
        chips = []
        for slot in (2 * c, 2 * c + 1):
            if state.chips[slot]:
                seen = "".join(str(s) for s in range(state.n) if state.chip_seen[slot] >> s & 1)
                chips.append(CHIP_NAMES[state.chips[slot] - 1] + (f":{seen}" if seen else ""))
        rows.append(",".join(chips) or "-")
    return "/".join(rows)


def _area_word(state: DesertSonsState) -> str:
    stones = {at // 2: (rank, at % 2) for rank, at in enumerate(state.stone_at) if at >= 0}
    rows = []
    for y in range(SIZE):
        row = []
        for cell in range(SIZE * y, SIZE * y + SIZE):
            field = state.field[cell]
            if not field:
                row.append(".")
            elif field > NUM_TILES:
                row.append("+")
            else:
                token = f"{field}{FACING[state.rot[cell]]}"
                if cell in stones:
                    rank, label = stones[cell]
                    token += f"{rank}{SECTION_LABELS[label]}"
                row.append(token)
        rows.append("".join(row))
    return "/".join(rows)


def _refuse(what: str, problem: str) -> GameError:
    return GameError(f"{GAME} position, {what}: {problem}")


def _maybe(reader: PositionReader, what: str, low: int, high: int) -> int | None:
    """A number, or ``-`` for none."""
    values = reader.integers(what, low=low, high=high)
    if len(values) > 1:
        raise reader.fail(what, "is one number or -")
    return values[0] if values else None


def _cell(reader: PositionReader, what: str, word: str) -> Cell:
    cell = parse_cell(word)
    if cell is None:
        raise reader.fail(what, f"{word!r} is not a cell x,y of the area")
    return cell


def _numbers(
    reader: PositionReader, what: str, text: str, size: int | None, low: int, high: int
) -> list[int]:
    """A comma-separated list inside a word (``-``: empty)."""
    words = [] if text == "-" else text.split(",")
    if not all(word.isascii() and word.isdecimal() for word in words):
        raise reader.fail(what, f"{text!r} is not a list of whole numbers such as 3,0,12 or -")
    values = [int(word) for word in words]
    if size is not None and len(values) != size:
        raise reader.fail(what, f"{text!r} has {len(values)} numbers, not {size}")
    if any(not low <= value <= high for value in values):
        raise reader.fail(what, f"{text!r} has a number that is not from {low} to {high}")
    return values


def _groups(
    reader: PositionReader, what: str, count: int, size: int | None, low: int, high: int
) -> list[list[int]]:
    """``count`` lists of numbers separated by ``/`` (each of ``size`` numbers if given)."""
    parts = reader.word(what).split("/")
    if len(parts) != count:
        raise reader.fail(what, f"has {len(parts)} parts separated by '/', not {count}")
    return [_numbers(reader, what, part, size, low, high) for part in parts]


def _read_area(
    reader: PositionReader, n: int
) -> tuple[dict[Cell, tuple[int, int]], dict[int, tuple[Cell, int]]]:
    """The area word: the explorer tiles by cell as ``(tile, rotation)`` and the stones by
    rank as ``(cell, label)``."""
    rows = reader.word("area").split("/")
    if len(rows) != SIZE:
        raise reader.fail("area", f"has {len(rows)} rows separated by '/', not {SIZE}")
    cross = {cell for cell, _ in CROSS}
    tiles: dict[Cell, tuple[int, int]] = {}
    stones: dict[int, tuple[Cell, int]] = {}
    for y, row in enumerate(rows):
        x = at = 0
        while at < len(row):
            token = AREA_TOKEN.match(row, at)
            if token is None or x >= SIZE:
                raise reader.fail("area", f"row {y} cannot be read from {row[at:]!r}")
            at = token.end()
            cell = SIZE * y + x
            x += 1
            if (token.group() == "+") != (cell in cross):
                where = "a cross field" if cell in cross else "not on the cross"
                raise reader.fail("area", f"{cell_name(cell)} is {where} (R1)")
            if token.group(1) is None:
                continue
            tile = int(token.group(1))
            if tile > NUM_TILES:
                raise reader.fail("area", f"there is no tile {tile}")
            tiles[cell] = (tile, FACING.index(token.group(2)))
            if token.group(3) is not None:
                rank, label = int(token.group(3)), SECTION_LABELS.index(token.group(4))
                if rank > 16 or STONE_OWNER[rank] >= n:
                    raise reader.fail("area", f"stone {rank} is not in a {n}-player game")
                if rank in stones:
                    raise reader.fail("area", f"stone {rank} lies in two places")
                if label >= len(SECTIONS[tile]):
                    raise reader.fail("area", f"tile {tile} has no section {token.group(4)} (R13)")
                stones[rank] = (cell, label)
        if x != SIZE:
            raise reader.fail("area", f"row {y} has {x} cells, not {SIZE}")
    return tiles, stones


def _lay_tiles(state: DesertSonsState, tiles: dict[Cell, tuple[int, int]]) -> None:
    """Lay the explorer tiles of a position, checking R1-R3, outward from the cross."""

    def placed(cell: Cell) -> tuple[int, int]:
        if cell in tiles:
            return tiles[cell]
        return state.field[cell], state.rot[cell]

    for cell, (tile, k) in tiles.items():
        name = f"tile {tile} on {cell_name(cell)}"
        first = SAME_PLACEMENT[tile][k]
        if first != k:
            raise _refuse("area", f"{name} is written {tile}{FACING[first]}, its one rotation (R3)")
        edges = placed_edges(tile, k)
        for d, other in enumerate(NEIGHBOURS[cell]):
            if other < 0:
                if state.no_border_oasis and edges >> d & 1:
                    raise _refuse("area", f"{name} shows an oasis edge to the border (R2)")
                continue
            field, turns = placed(other)
            if field and placed_edges(field, turns) >> ((d + 2) & 3) & 1 != edges >> d & 1:
                raise _refuse("area", f"{name} does not match the field on {cell_name(other)} (R2)")
    todo = [cell for cell, _ in CROSS]
    left = dict(tiles)
    while todo:
        for other in NEIGHBOURS[todo.pop()]:
            if other in left:
                state._put_field(other, *left.pop(other))
                todo.append(other)
    if left:
        cell = min(left)
        name = f"tile {left[cell][0]} on {cell_name(cell)}"
        raise _refuse("area", f"{name} is cut off from the cross (R1)")


def _read_rumor_board(reader: PositionReader, n: int) -> tuple[list[int], list[int]]:
    """The rumor board word: per slot the chip (code + 1, 0 none) and who has seen it."""
    rows = reader.word("rumor board").split("/")
    if len(rows) != len(COMMODITIES):
        raise reader.fail("rumor board", f"has {len(rows)} rows, not {len(COMMODITIES)}")
    chips, seen = [0] * SLOTS, [0] * SLOTS
    for c, row in enumerate(rows):
        if row == "-":
            continue
        tokens = row.split(",")
        if len(tokens) > 2:
            raise reader.fail("rumor board", f"the {COMMODITIES[c]} row holds 2 chips at most")
        for i, token in enumerate(tokens):
            chip = _CHIP.fullmatch(token)
            seats = (chip.group(2) or "") if chip else ""
            if chip is None or list(seats) != sorted(set(seats)) or any(int(s) >= n for s in seats):
                raise reader.fail("rumor board", f"{token!r} is not a chip such as +1 or -2:01")
            chips[2 * c + i] = CHIP_NAMES.index(chip.group(1)) + 1
            seen[2 * c + i] = sum(1 << int(s) for s in seats)
    return chips, seen


def read_position(game: DesertSons, text: str) -> DesertSonsState:
    """The state written as ``text`` (Position notation); its history starts empty."""
    reader = PositionReader(GAME, text)
    reader.check_header(game)
    n = game.num_players
    state = game.new_initial_state()
    phase = PHASE_WORDS.index(reader.choice("phase", PHASE_WORDS))
    player = reader.integer("turn player", 0, n - 1)
    bonus = TURNS.index(reader.choice("turn", TURNS))
    ending = _maybe(reader, "final turns", 0, n)
    tiles, stones = _read_area(reader, n)
    last = reader.word("last placed")
    last_cell = -1 if last == "-" else _cell(reader, "last placed", last)
    caravans = reader.word("caravans").split("/")
    if len(caravans) != n:
        raise reader.fail("caravans", f"has {len(caravans)} cells separated by '/', not {n}")
    caravan = [_cell(reader, "caravans", word) for word in caravans]
    displays = _groups(reader, "displays", n, None, 1, NUM_TILES)
    discarded = reader.integers("discarded", low=1, high=NUM_TILES)
    pending = _maybe(reader, "tile to place", 1, NUM_TILES)
    robbed = _maybe(reader, "robbed seat", 0, n - 1)
    water = reader.integers("water", n, 0, WATER_TOTAL)
    camels = reader.integers("camels", n, 0, CAMEL_CARDS)
    goods = _groups(reader, "goods", n, len(COMMODITIES), 0, COMMODITY_TILES)
    turban = reader.integer("turban", 0, n - 1)
    chips, seen = _read_rumor_board(reader, n)
    drawn = reader.choice("drawn chip", ("-", *CHIP_NAMES))
    peek = reader.choice("peeked chip", ("-", *(f"{c}:{i}" for c in COMMODITIES for i in (1, 2))))
    closing = reader.choice("closing", ("-", "a", "b", "ab"))
    order = tuple(reader.integers("rating order", low=1, high=16))
    r_pos = reader.integer("rating position", 0, max(0, len(order) - 1))
    blocked = _maybe(reader, "blocked stone", 1, 16)
    r_turban = _maybe(reader, "turban stone", 1, 16)
    r_syms = reader.integers("symbols left", len(SYMBOLS), 0)
    reader.end()

    held = [tile for tile, _ in tiles.values()] + [t for d in displays for t in d]
    held += [*discarded, *([pending] if pending else [])]
    twice = sorted({t for t in held if held.count(t) > 1})
    if twice:
        raise _refuse("tiles", f"tile {twice[0]} is in two places")
    _lay_tiles(state, tiles)
    for rank, (cell, label) in stones.items():
        state.stone_at[rank] = 2 * cell + label
    state.stack = ALL_TILES & ~sum(1 << t for t in held)
    state.phase, state.player, state.bonus = phase, player, bonus
    state.ending = -1 if ending is None else ending
    state.last_cell = last_cell
    state.caravan = caravan
    state.display = [tuple(d) for d in displays]
    state.dealt = n if phase != SETUP else sum(1 for d in displays if d)
    state.discarded = tuple(discarded)
    state.pending = pending or 0
    state.robbed = -1 if robbed is None else robbed
    state.water, state.camels = water, camels
    state.goods = [g for seat in goods for g in seat]
    state.turban = turban
    state.chips, state.chip_seen = chips, seen
    state.drawn = 0 if drawn == "-" else CHIP_NAMES.index(drawn) + 1
    state.peek_slot = -1 if peek == "-" else 2 * COMMODITIES.index(peek[:-2]) + int(peek[-1]) - 1
    state.r_order, state.r_pos = order, r_pos
    state.r_blocked, state.r_turban, state.r_syms = blocked or 0, r_turban or 0, r_syms
    _fill_supplies(state)
    if closing != "-":
        if last_cell < 0 or last_cell not in tiles:
            raise _refuse("closing", "oases are closed by a tile just placed")
        labels = [SECTION_LABELS.index(x) for x in closing]
        if labels[-1] >= len(SECTIONS[state.field[last_cell]]):
            raise _refuse("closing", f"the tile on {cell_name(last_cell)} has no section b")
        state.closing = tuple(dict.fromkeys(state.oasis_root(2 * last_cell + x) for x in labels))
        if len(state.closing) != len(labels):
            raise _refuse("closing", "sections a and b are one oasis, written a")
    _check(state)
    return state


def _fill_supplies(state: DesertSonsState) -> None:
    """The supplies and the rumor pool: what the players and the board do not hold (R25)."""
    n = state.n
    state.water_supply = WATER_TOTAL - sum(state.water)
    if state.water_supply < 0:
        raise _refuse("water", f"the players hold {sum(state.water)}, there are {WATER_TOTAL}")
    state.camel_supply = CAMEL_CARDS - sum(state.camels)
    if state.camel_supply < 0:
        raise _refuse("camels", f"the players hold {sum(state.camels)}, there are {CAMEL_CARDS}")
    for c, name in enumerate(COMMODITIES):
        held = sum(state.goods[4 * s + c] for s in range(n))
        state.goods_supply[c] = COMMODITY_TILES - held
        if held > COMMODITY_TILES:
            raise _refuse("goods", f"the players hold {held} {name}, there are {COMMODITY_TILES}")
    for seat in range(n):
        if state.commodities_held(seat) > state.carrying_spaces(seat):
            raise _refuse("goods", f"seat {seat} carries more than its spaces hold (R18)")
    laid = [*(chip for chip in state.chips if chip), *([state.drawn] if state.drawn else [])]
    state.pool = [CHIP_SET[v] - laid.count(v + 1) for v in range(len(CHIP_SET))]
    if min(state.pool) < 0:
        v = min(range(len(CHIP_SET)), key=lambda v: state.pool[v])
        raise _refuse("rumor board", f"there are only {CHIP_SET[v]} {CHIP_NAMES[v]} chips")


def _check(state: DesertSonsState) -> None:
    """Refuse a position whose parts do not fit together or that no game could reach."""
    n, phase, seat = state.n, state.phase, state.player
    if phase == SETUP:
        expected = state.game.new_initial_state()
        dealt = state.display[: state.dealt]
        expected.display[: state.dealt] = dealt
        expected.stack &= ~sum(1 << t for d in dealt for t in d)
        expected.dealt = state.dealt
        wrong = any(len(d) != 1 or STACK_OF[d[0]] for d in dealt) or state.dealt == state.n
        if wrong or write_position(expected) != write_position(state):
            raise _refuse(
                "setup",
                "before play only tiles of stack 1 have been dealt, one to each seat in turn",
            )
        return
    for s in range(n):
        if len(state.display[s]) > DISPLAY_LIMIT:
            raise _refuse("displays", f"seat {s} has more than {DISPLAY_LIMIT} tiles (R8)")
        if not state.field[state.caravan[s]]:
            raise _refuse("caravans", f"seat {s}'s caravan stands on an empty cell (R5)")
    if (state.ending >= 0) != (not state.stack):
        raise _refuse("final turns", "they are counted from when the stack runs out (R26)")
    if phase == OVER and (state.ending, state.bonus, state.last_cell) != (0, 0, -1):
        raise _refuse("phase", "the game ends after the last final turn (R26)")
    if state.bonus and phase == BONUS_OFFER:
        raise _refuse("turn", "a bonus turn is offered only after the regular turn (R23)")
    if phase == BONUS_OFFER and not state.water[seat]:
        raise _refuse("water", "a bonus turn is offered only to a player with water (R23)")
    if (phase in (PLACE, REPLACE)) != bool(state.pending):
        raise _refuse("tile to place", "there is one exactly while a tile is to be placed")
    if state.pending and not state.fits(state.pending, state.caravan[seat]):
        raise _refuse("tile to place", "it fits nowhere next to the caravan (R10)")
    if (phase == REPLACE) != (state.robbed >= 0):
        raise _refuse("robbed seat", "there is one exactly while its replacement is drawn (R9)")
    if phase == REPLACE and (
        state.robbed == seat or len(state.display[state.robbed]) >= DISPLAY_LIMIT
    ):
        raise _refuse("robbed seat", "a tile was taken from another seat's display (R9)")
    if phase in (DRAW_TILE, REPLACE) and not state.stack:
        raise _refuse("phase", "no tile is drawn from an empty stack (R26)")
    if phase == DRAW_TILE and len(state.display[seat]) >= DISPLAY_LIMIT:
        raise _refuse("phase", f"a player with {DISPLAY_LIMIT} display tiles does not draw (R8)")
    if phase == CONTINUE and not _holds_desert(state, state.caravan[seat]):
        raise _refuse("phase", "the continuation follows a desert tile placed by the caravan (R12)")
    _check_placed(state)
    if bool(state.drawn) != (phase == RUMOR_ROW):
        raise _refuse("drawn chip", "there is one exactly while it is to be laid (R19)")
    if (state.peek_slot >= 0) != (phase == PEEK_DECIDE):
        raise _refuse("peeked chip", "there is one exactly while its fate is decided (R20)")
    if state.peek_slot >= 0 and not state.chips[state.peek_slot]:
        raise _refuse("peeked chip", "no chip lies there (R20)")
    _check_rating(state)
    totals = state.game.new_initial_state().component_counts()
    if state.component_counts() != totals:
        raise _refuse("components", "they do not add up to the game's")


def _holds_desert(state: DesertSonsState, cell: Cell) -> bool:
    field = state.field[cell]
    return field <= NUM_TILES and not SECTIONS[field]


def _check_placed(state: DesertSonsState) -> None:
    """The tile just placed (``last``) and the oases it closed."""
    phase, last = state.phase, state.last_cell
    if last < 0:
        if phase == STONE or phase in RATING_PHASES:
            raise _refuse("last placed", "a stone step or rating follows a tile just placed")
        return
    field = state.field[last]
    if field > NUM_TILES or not SECTIONS[field]:
        raise _refuse("last placed", "it is an explorer tile with oasis sections (R13)")
    if phase == STONE or phase in RATING_PHASES:
        if state.caravan[state.player] != last:
            raise _refuse("caravans", "the caravan stands on the tile just placed (R11)")
    elif phase != BONUS_OFFER and not state.bonus:
        raise _refuse("last placed", "a regular turn before its placement has none")
    closed = [
        root
        for root in dict.fromkeys(
            state.oasis_root(2 * last + x) for x in range(len(SECTIONS[field]))
        )
        if not state.sopen[root]
    ]
    if state.closing and phase != STONE and phase not in RATING_PHASES:
        raise _refuse("closing", "oases wait to be rated only after the stone step (R15)")
    if any(root not in closed for root in state.closing):
        raise _refuse("closing", "only closed oases are rated (R15)")
    if phase == STONE and list(state.closing) != closed:
        raise _refuse("closing", "every oasis the tile closed is rated after the stone step (R15)")


def _check_rating(state: DesertSonsState) -> None:
    """The rating in progress (R16-R22)."""
    order, phase = state.r_order, state.phase
    if not order:
        if phase in RATING_PHASES:
            raise _refuse("rating order", "a rating has the stones of the oasis in order")
        if state.r_pos or state.r_blocked or state.r_turban or any(state.r_syms):
            raise _refuse("rating", "with no rating in progress the rest is - 0 - - 0,…")
        return
    if phase not in RATING_PHASES:
        raise _refuse("rating order", f"no oasis is rated in the {PHASE_WORDS[phase]} phase")
    if len(set(order)) != len(order) or any(
        STONE_OWNER[r] >= state.n or state.stone_at[r] < 0 for r in order
    ):
        raise _refuse("rating order", "it lists stones on the board, each once (R17)")
    root = state.oasis_root(state.stone_at[order[0]])
    last = state.last_cell
    if (
        state.sopen[root]
        or sorted(order) != sorted(state.oasis_stones(root))
        or root not in (state.oasis_root(2 * last + x) for x in range(2))
        or root in state.closing
    ):
        raise _refuse(
            "rating order", "it lists the stones of a closed oasis of the tile just placed (R15)"
        )
    if state.r_blocked not in (0, order[0]) or (state.r_blocked and len(order) < 2):
        raise _refuse("blocked stone", "only the highest of two or more stones is blocked (R16)")
    if order[state.r_pos] == state.r_blocked:
        raise _refuse("rating position", "a blocked stone does not choose (R16)")
    turban = state.turban
    top = state.r_turban or STONES[(turban - 1) % state.n][0]
    if (state.r_turban and state.r_turban != STONES[turban][0]) or (
        not state.r_turban and top not in order[: state.r_pos]
    ):
        raise _refuse("turban stone", "it is the turban holder's stone until it chooses (R22)")
    if list(order) != sorted(order, key=lambda r: TURBAN_HEIGHT if r == top else r, reverse=True):
        raise _refuse("rating order", "stones choose from the highest down (R17)")
    if any(state.r_syms[x] > SYMBOL_TOTALS[x] for x in range(len(SYMBOLS))):
        raise _refuse("symbols left", "there are not that many symbols")
    if phase == CHOOSE and not state.available_symbols():
        raise _refuse("symbols left", "the choosing stone has a symbol it can take (R18)")
    if phase == DRAW_RUMOR and not any(state.pool):
        raise _refuse("phase", "a rumor chip is drawn only from a pool with chips (R19)")
    if phase == PEEK and any(state.pool):
        raise _refuse("phase", "a player peeks only when the pool is empty (R20)")
