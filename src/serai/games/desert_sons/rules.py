"""In the Realm of the Desert Sons: the state and its rules (``docs/rules/desert_sons.md``).

The state is flat: bytearrays and short lists over the 121 cells, and two union-find
forests that only ever merge, because placing a tile never breaks a link:

- oases: over the sections (index ``2 * cell + label``), with, per root, the count of
  its ``O`` edges that still face an empty cell; an oasis is closed when it reaches 0
  (R15); and, for :meth:`DesertSonsState.estimate` only, its symbols packed as
  ``worth << 7 | count`` (a commodity worth 4, any other symbol 1);
- desert regions: over the cells, with, per root, the mask of its fields and the mask of
  the fields one oasis link away, so the free destinations of R6 are one lookup.

Each empty cell keeps the edges its neighbours impose (``care``/``required`` masks, R2),
so whether a tile fits is one table lookup per rotation set (``board.FITS``).

Integer actions (people and records read the Notation of the rules reference instead):

- ``0 .. 120``: ``move x,y``, ``11*y + x``;
- ``121`` ``draw``, ``122`` ``pass``, ``123`` ``end``, ``124`` ``bonus``, ``125`` ``no-stone``,
  ``126`` ``keep-chip``, ``127`` ``remove-chip``;
- ``128 .. 212``: ``play-own t``, ``127 + t``;
- ``213 .. 297``: ``discard t``, ``212 + t``;
- ``298 .. 637``: ``take s t``, ``298 + 85*s + t - 1``;
- ``638 .. 1121``: ``place x,y rR``, ``638 + 4*(11*y + x) + R/90``;
- ``1122 .. 1153``: ``stone k a|b``, ``1122 + 2*(k - 1) + label``;
- ``1154 .. 1169``: ``remove-stone k``, ``1153 + k``;
- ``1170 .. 1176``: ``choose X``, ``1170 +`` symbol index (myrrh incense salt gems camel
  water rumor);
- ``1177 .. 1180``: ``rumor c``, ``1177 +`` commodity index;
- ``1181 .. 1188``: ``peek c i``, ``1181 + 2*c + i - 1``;
- ``1189 .. 1273``: chance ``draw-tile t``, ``1188 + t``;
- ``1274 .. 1277``: chance ``draw-rumor v`` for ``+2 +1 -1 -2``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from serai.engine import (
    CHANCE,
    TERMINAL,
    ActionId,
    Game,
    GameError,
    GameInfo,
    Option,
    OptionValue,
    Seat,
    State,
    register,
)
from serai.games.desert_sons.board import (
    BORDER_FACING,
    CAMEL,
    CELLS,
    COMMODITIES,
    CROSS,
    FITS,
    LABEL,
    NEIGHBOURS,
    NUM_FIELDS,
    NUM_STACKS,
    NUM_TILES,
    RUMOR,
    SAME_PLACEMENT,
    SECTIONS,
    STACK_OF,
    START_FIELDS,
    STONE_OWNER,
    STONES,
    SYMBOLS,
    TURBAN_HEIGHT,
    WATER,
    Cell,
    cell_name,
    parse_cell,
    placed_edges,
)
from serai.games.desert_sons.layout import board_layout
from serai.games.desert_sons.observation import OBSERVATION_SIZE, observation
from serai.games.desert_sons.render import render
from serai.games.desert_sons.views import table_view

MOVE_BASE = 0
DRAW = 121
PASS = 122
END = 123
BONUS = 124
NO_STONE = 125
KEEP_CHIP = 126
REMOVE_CHIP = 127
PLAY_OWN_BASE = 127
DISCARD_BASE = 212
TAKE_BASE = 298
PLACE_BASE = 638
STONE_BASE = 1122
REMOVE_STONE_BASE = 1153
CHOOSE_BASE = 1170
RUMOR_BASE = 1177
PEEK_BASE = 1181
DRAW_TILE_BASE = 1188
DRAW_RUMOR_BASE = 1274
NUM_ACTIONS = 1278

CHIP_VALUES = (2, 1, -1, -2)
"""Rumor chip values by code; chips are stored as ``code + 1`` (0: no chip)."""
CHIP_NAMES = ("+2", "+1", "-1", "-2")
CHIP_SET = (1, 2, 2, 1)
"""Components: chips of each value code (``+2 +1 +1 -1 -1 -2``)."""
SLOTS = 8
"""Rumor board slots: ``2 * commodity + position`` (R20 keeps chips packed left)."""

WATER_TOTAL = 20
CAMEL_CARDS = 10
COMMODITY_TILES = 10
START_WATER = 2
BASE_VALUE = 4
DISPLAY_LIMIT = 3

# Phases. The chance phases are SETUP, DRAW_TILE, REPLACE and DRAW_RUMOR.
(
    SETUP,
    MOVE,
    EXPLORE,
    DRAW_TILE,
    REPLACE,
    PLACE,
    CONTINUE,
    STONE,
    CHOOSE,
    DRAW_RUMOR,
    RUMOR_ROW,
    PEEK,
    PEEK_DECIDE,
    BONUS_OFFER,
    OVER,
) = range(15)
PHASE_NAMES = (
    "setup",
    "move",
    "explore",
    "draw",
    "replacement",
    "placement",
    "continuation",
    "stone",
    "rating",
    "rumor draw",
    "rumor placement",
    "peek",
    "peek decision",
    "bonus offer",
    "over",
)
CHANCE_PHASES = frozenset((SETUP, DRAW_TILE, REPLACE, DRAW_RUMOR))
RATING_PHASES = frozenset((CHOOSE, DRAW_RUMOR, RUMOR_ROW, PEEK, PEEK_DECIDE))
PLACEMENT_MADE = frozenset((REPLACE, PLACE, CONTINUE, STONE))
"""Phases in which the turn player's tile is sure to be placed or has been placed."""

STACK_MASKS = tuple(
    sum(1 << t for t in range(1, NUM_TILES + 1) if STACK_OF[t] == s) for s in range(NUM_STACKS)
)
ALL_TILES = sum(STACK_MASKS)

CHIP_DELTA = (0, *CHIP_VALUES)
"""A rumor slot's effect on its row's value, by the stored chip (0: no chip)."""

# Weights of DesertSonsState.estimate, in points (see its docstring), tuned on greedy
# against random play.
EST_WATER = 1.0
EST_CAMEL = 1.0
EST_ROOM = 2.0
EST_HAND = 1.5
EST_OPEN = 0.5
EST_RUMOR = 1.0
EST_FIT = 2.0


def _height_order(players: int, turban: int) -> tuple[int, ...]:
    top = STONES[turban][0]
    ranks = [r for seat in range(players) for r in STONES[seat]]
    return tuple(sorted(ranks, key=lambda r: TURBAN_HEIGHT if r == top else r, reverse=True))


HEIGHT_ORDER = tuple(tuple(_height_order(n, t) for t in range(n)) for n in range(5))
"""``HEIGHT_ORDER[n][turban]``: the stones in play by effective height, highest first."""

SECTION_WORTH = tuple(
    tuple((sum(4 if x < 4 else 1 for x in symbols) << 7) | len(symbols) for _, symbols in secs)
    for secs in (SECTIONS[f] for f in range(NUM_FIELDS))
)
"""Per field and label: the section's symbols as ``worth << 7 | count`` (for ``estimate``)."""

INFO = GameInfo(
    name="desert_sons",
    title="In the Realm of the Desert Sons",
    version="1.1",
    min_players=2,
    max_players=4,
    default_players=4,
    options=(
        Option(
            "desert_border",
            False,
            (False, True),
            "no oasis edge may face the border of the area (R2)",
        ),
    ),
)


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class DesertSonsState(State):
    """A position of the game. Build one with ``game.new_initial_state()``."""

    __slots__ = (
        "_history",
        "bonus",
        "camel_supply",
        "camels",
        "caravan",
        "care",
        "chip_seen",
        "chips",
        "closing",
        "dcomp",
        "dealt",
        "discarded",
        "display",
        "donb",
        "dparent",
        "drawn",
        "ending",
        "field",
        "field_cells",
        "game",
        "goods",
        "goods_supply",
        "last_cell",
        "n",
        "no_border_oasis",
        "peek_slot",
        "pending",
        "phase",
        "player",
        "pool",
        "r_blocked",
        "r_order",
        "r_pos",
        "r_syms",
        "r_turban",
        "required",
        "robbed",
        "rot",
        "sopen",
        "sparent",
        "stack",
        "stone_at",
        "sworth",
        "turban",
        "water",
        "water_supply",
    )

    game: DesertSons

    def __init__(self, game: DesertSons) -> None:
        n = game.num_players
        self.game = game
        self.n = n
        self.no_border_oasis = bool(game.options["desert_border"])
        self.phase = SETUP
        self.player = 0
        self.bonus = 0
        self.dealt = 0
        self.field = bytearray(CELLS)
        self.rot = bytearray(CELLS)
        # R2: with desert_border the border itself demands D.
        self.care = bytearray(BORDER_FACING) if self.no_border_oasis else bytearray(CELLS)
        self.required = bytearray(CELLS)
        self.field_cells: list[Cell] = []
        self.sparent = list(range(2 * CELLS))
        self.sopen = [0] * (2 * CELLS)
        self.sworth = [0] * (2 * CELLS)
        self.dparent = list(range(CELLS))
        self.dcomp = [0] * CELLS
        self.donb = [0] * CELLS
        for cell, field in CROSS:
            self._put_field(cell, field, 0)
        self.caravan = [parse_cell(name) or 0 for name in START_FIELDS[n]]
        self.stack = ALL_TILES
        self.display: list[tuple[int, ...]] = [()] * n
        self.discarded: tuple[int, ...] = ()
        self.pending = 0
        self.robbed = -1
        self.last_cell = -1
        self.water = [START_WATER] * n
        self.water_supply = WATER_TOTAL - START_WATER * n
        self.camels = [0] * n
        self.camel_supply = CAMEL_CARDS
        self.goods = [0] * (4 * n)
        self.goods_supply = [COMMODITY_TILES] * 4
        self.stone_at = [-1] * 17
        self.turban = 0  # R4
        self.pool = list(CHIP_SET)
        self.chips = [0] * SLOTS
        self.chip_seen = [0] * SLOTS
        self.drawn = 0
        self.peek_slot = -1
        self.closing: tuple[int, ...] = ()
        self.r_order: tuple[int, ...] = ()
        self.r_pos = 0
        self.r_blocked = 0
        self.r_turban = 0
        self.r_syms = [0] * len(SYMBOLS)
        self.ending = -1
        self._history: list[ActionId] = []

    # -- copies -----------------------------------------------------------------------
    def clone(self) -> DesertSonsState:
        other = object.__new__(DesertSonsState)
        other.game = self.game
        other.n = self.n
        other.no_border_oasis = self.no_border_oasis
        other.phase = self.phase
        other.player = self.player
        other.bonus = self.bonus
        other.dealt = self.dealt
        other.field = self.field[:]
        other.rot = self.rot[:]
        other.care = self.care[:]
        other.required = self.required[:]
        other.field_cells = self.field_cells[:]
        other.sparent = self.sparent[:]
        other.sopen = self.sopen[:]
        other.sworth = self.sworth[:]
        other.dparent = self.dparent[:]
        other.dcomp = self.dcomp[:]
        other.donb = self.donb[:]
        other.caravan = self.caravan[:]
        other.stack = self.stack
        other.display = self.display[:]
        other.discarded = self.discarded
        other.pending = self.pending
        other.robbed = self.robbed
        other.last_cell = self.last_cell
        other.water = self.water[:]
        other.water_supply = self.water_supply
        other.camels = self.camels[:]
        other.camel_supply = self.camel_supply
        other.goods = self.goods[:]
        other.goods_supply = self.goods_supply[:]
        other.stone_at = self.stone_at[:]
        other.turban = self.turban
        other.pool = self.pool[:]
        other.chips = self.chips[:]
        other.chip_seen = self.chip_seen[:]
        other.drawn = self.drawn
        other.peek_slot = self.peek_slot
        other.closing = self.closing
        other.r_order = self.r_order
        other.r_pos = self.r_pos
        other.r_blocked = self.r_blocked
        other.r_turban = self.r_turban
        other.r_syms = self.r_syms[:]
        other.ending = self.ending
        other._history = self._history[:]
        return other

    def history(self) -> list[ActionId]:
        return self._history[:]

    # -- the area ----------------------------------------------------------------------
    def _sfind(self, s: int) -> int:
        parent = self.sparent
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    def _dfind(self, c: int) -> int:
        parent = self.dparent
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    def _put_field(self, cell: Cell, field: int, k: int) -> list[int]:
        """Lay ``field`` on ``cell`` at rotation ``k``; the oases it closes, a before b (R15)."""
        self.field[cell] = field
        self.rot[cell] = k
        lo, hi = 0, len(self.field_cells)
        cells = self.field_cells
        while lo < hi:
            mid = (lo + hi) // 2
            if cells[mid] < cell:
                lo = mid + 1
            else:
                hi = mid
        cells.insert(lo, cell)
        edges = placed_edges(field, k)
        labels = LABEL[field][k]
        care, required, fields = self.care, self.required, self.field
        sparent, sopen, dparent, dcomp, donb = (
            self.sparent,
            self.sopen,
            self.dparent,
            self.dcomp,
            self.donb,
        )
        dcomp[cell] = 1 << cell
        donb[cell] = 0
        sworth = self.sworth
        for label, worth in enumerate(SECTION_WORTH[field]):
            sworth[2 * cell + label] = worth
        oasis_links = []
        for d in range(4):
            n = NEIGHBOURS[cell][d]
            o = edges >> d & 1
            if n < 0:
                continue  # R15: an O edge facing the border is closed at once
            opposite = (d + 2) & 3
            if not fields[n]:
                care[n] |= 1 << opposite
                if o:
                    required[n] |= 1 << opposite
                    sopen[2 * cell + labels[d]] += 1
                continue
            if o:
                oasis_links.append((d, n))
            else:
                a, b = self._dfind(cell), self._dfind(n)
                if a != b:
                    dparent[b] = a
                    dcomp[a] |= dcomp[b]
                    donb[a] |= donb[b]
        root = self._dfind(cell)
        for d, n in oasis_links:
            donb[root] |= 1 << n
            donb[self._dfind(n)] |= 1 << cell
            other = self._sfind(2 * n + LABEL[fields[n]][self.rot[n]][(d + 2) & 3])
            sopen[other] -= 1
            mine = self._sfind(2 * cell + labels[d])
            if mine != other:
                sparent[other] = mine
                sopen[mine] += sopen[other]
                sworth[mine] += sworth[other]
        closed: list[int] = []
        for label in range(len(SECTIONS[field])):
            r = self._sfind(2 * cell + label)
            if sopen[r] == 0 and r not in closed:
                closed.append(r)
        return closed

    def free_destinations(self, seat: Seat) -> int:
        """R6: the fields ``seat``'s caravan reaches without paying, as a cell mask."""
        root = self._dfind(self.caravan[seat])
        return self.dcomp[root] | self.donb[root]

    def placements(self, tile: int, cell: Cell) -> list[ActionId]:
        """R2, R3: the placements of ``tile`` next to ``cell``, sorted."""
        out = []
        field, care, required = self.field, self.care, self.required
        for n in sorted(NEIGHBOURS[cell]):
            if n >= 0 and not field[n]:
                base = PLACE_BASE + 4 * n
                for k in FITS[tile][care[n] * 16 + required[n]]:
                    out.append(base + k)
        return out

    def fits(self, tile: int, cell: Cell) -> bool:
        """R8: ``tile`` has a legal placement next to ``cell``."""
        field, care, required, table = self.field, self.care, self.required, FITS[tile]
        for n in NEIGHBOURS[cell]:
            if n >= 0 and not field[n] and table[care[n] * 16 + required[n]]:
                return True
        return False

    def field_within_reach(self, seat: Seat, tiles: tuple[int, ...]) -> Cell:
        """R24: a field within reach of ``seat``'s caravan next to which one of ``tiles``
        fits, or -1. Within reach: every field while the seat holds water (a paid move goes
        anywhere, R6), else its free destinations from where the caravan now stands.
        """
        cells = self.field_cells if self.water[seat] else bits(self.free_destinations(seat))
        for cell in cells:
            for t in tiles:
                if self.fits(t, cell):
                    return cell
        return -1

    # -- who acts -----------------------------------------------------------------------
    def current_player(self) -> Seat:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase in RATING_PHASES:
            return self.chooser
        return self.player

    @property
    def chooser(self) -> Seat:
        """The owner of the stone whose choice the rating waits for."""
        return STONE_OWNER[self.r_order[self.r_pos]]

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def effective_height(self, rank: int) -> int:
        """R17, R22: a stone's rank, or 17 for the turban stone."""
        return TURBAN_HEIGHT if rank == STONES[self.turban][0] else rank

    def carrying_spaces(self, seat: Seat) -> int:
        """R25: 2 spaces for each of the 2 printed camels and each camel card."""
        return 2 * (2 + self.camels[seat])

    def commodities_held(self, seat: Seat) -> int:
        return sum(self.goods[4 * seat : 4 * seat + 4])

    def stack_size(self) -> int:
        return self.stack.bit_count()

    # -- legal actions ------------------------------------------------------------------
    def legal_actions(self) -> list[ActionId]:
        phase = self.phase
        if phase == MOVE:
            return self._move_actions()
        if phase == EXPLORE:
            return self._explore_actions()
        if phase == PLACE:
            return self.placements(self.pending, self.caravan[self.player])
        if phase == CONTINUE:
            return [*self._move_actions(), END, *self._remove_actions()]
        if phase == STONE:
            return self._stone_actions()
        if phase == CHOOSE:
            return [CHOOSE_BASE + x for x in self._available_symbols()]
        if phase == BONUS_OFFER:
            return [END, BONUS]
        if phase == RUMOR_ROW:
            return [RUMOR_BASE + c for c in range(4) if not self.chips[2 * c + 1]]
        if phase == PEEK:
            return [PEEK_BASE + s for s in range(SLOTS) if self.chips[s]]
        if phase == PEEK_DECIDE:
            return [KEEP_CHIP, REMOVE_CHIP]
        if phase in CHANCE_PHASES:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def chance_outcomes(self) -> list[tuple[ActionId, float]]:
        phase = self.phase
        if phase in (SETUP, DRAW_TILE, REPLACE):
            stack = self.stack
            low = stack & -stack
            tiles = bits(stack & STACK_MASKS[STACK_OF[low.bit_length() - 1]])
            p = 1.0 / len(tiles)
            return [(DRAW_TILE_BASE + t, p) for t in tiles]
        if phase == DRAW_RUMOR:
            pool = self.pool
            total = sum(pool)
            return [(DRAW_RUMOR_BASE + v, pool[v] / total) for v in range(4) if pool[v]]
        return []

    def _move_actions(self) -> list[ActionId]:
        seat = self.player
        if self.water[seat]:
            return self.field_cells[:]  # R6: every field, paid or free
        return bits(self.free_destinations(seat))

    def _explore_actions(self) -> list[ActionId]:
        seat = self.player
        cell = self.caravan[seat]
        out = []
        own = self.display[seat]
        if len(own) < DISPLAY_LIMIT and self.stack:
            out.append(DRAW)  # R8
        for t in own:
            if self.fits(t, cell):
                out.append(PLAY_OWN_BASE + t)
        if self.water[seat]:
            for s in range(self.n):
                if s != seat:
                    for t in self.display[s]:
                        if self.fits(t, cell):
                            out.append(TAKE_BASE + 85 * s + t - 1)  # R9
        if out:
            out.sort()
            return out
        # R24: stuck. Discarding only when a full display fits nowhere within reach while
        # the stack still has tiles; otherwise the turn ends and the display is kept.
        if len(own) == DISPLAY_LIMIT and self.stack and self.field_within_reach(seat, own) < 0:
            return sorted(DISCARD_BASE + t for t in own)
        return [PASS]

    def _remove_actions(self) -> list[ActionId]:
        """R14: each own stone on the board."""
        stone_at = self.stone_at
        return [REMOVE_STONE_BASE + r for r in sorted(STONES[self.player]) if stone_at[r] >= 0]

    def _stone_actions(self) -> list[ActionId]:
        stone_at = self.stone_at
        sections = len(SECTIONS[self.field[self.last_cell]])
        out = [NO_STONE]
        for r in sorted(STONES[self.player]):
            if stone_at[r] < 0:
                base = STONE_BASE + 2 * (r - 1)
                out.extend(base + label for label in range(sections))  # R13
        out.extend(self._remove_actions())  # R14
        return out

    def _available_symbols(self) -> list[int]:
        """R18: the remaining symbols the choosing stone's owner may take."""
        seat = self.chooser
        syms = self.r_syms
        out = []
        room = self.commodities_held(seat) < self.carrying_spaces(seat)
        for x in range(4):
            if syms[x] and room and self.goods_supply[x]:
                out.append(x)
        if syms[CAMEL] and self.camel_supply:
            out.append(CAMEL)
        if syms[WATER] and self.water_supply:
            out.append(WATER)
        if syms[RUMOR]:
            out.append(RUMOR)
        return out

    def is_legal(self, action: ActionId) -> bool:
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        return action in self.legal_actions()

    # -- applying actions ---------------------------------------------------------------
    def apply_unchecked(self, action: ActionId) -> None:
        self._history.append(action)
        if action < DRAW:
            self._move(action)
        elif action < PLAY_OWN_BASE + 1:
            self._simple(action)
        elif action < DISCARD_BASE + 1:
            tile = action - PLAY_OWN_BASE
            seat = self.player
            self.display[seat] = tuple(t for t in self.display[seat] if t != tile)
            self.pending = tile
            self.phase = PLACE
        elif action < TAKE_BASE:
            tile = action - DISCARD_BASE
            seat = self.player
            self.display[seat] = tuple(t for t in self.display[seat] if t != tile)
            self.discarded += (tile,)  # R24
            self._end_turn()
        elif action < PLACE_BASE:
            self._take(*divmod(action - TAKE_BASE, NUM_TILES))
        elif action < STONE_BASE:
            self._place(*divmod(action - PLACE_BASE, 4))
        elif action < REMOVE_STONE_BASE + 1:
            rank, label = divmod(action - STONE_BASE, 2)
            self.stone_at[rank + 1] = 2 * self.last_cell + label  # R13
            self._start_ratings()
        elif action < CHOOSE_BASE:
            self.stone_at[action - REMOVE_STONE_BASE] = -1  # R14
            if self.phase == CONTINUE:
                self._regular_turn_end()
            else:
                self._start_ratings()
        elif action < RUMOR_BASE:
            self._choose(action - CHOOSE_BASE)
        elif action < PEEK_BASE:
            self._lay_chip(action - RUMOR_BASE)
        elif action < DRAW_TILE_BASE + 1:
            self.peek_slot = action - PEEK_BASE
            self.chip_seen[self.peek_slot] |= 1 << self.chooser  # R20
            self.phase = PEEK_DECIDE
        elif action < DRAW_RUMOR_BASE:
            self._draw_tile(action - DRAW_TILE_BASE)
        else:
            code = action - DRAW_RUMOR_BASE
            self.pool[code] -= 1
            self.drawn = code + 1  # R19: only the drawer sees it
            self.phase = RUMOR_ROW

    def _simple(self, action: ActionId) -> None:
        if action == DRAW:
            self.phase = DRAW_TILE
        elif action == PASS:
            self._end_turn()  # R24
        elif action == END:
            if self.phase == CONTINUE:
                self._regular_turn_end()  # R12
            else:
                self._end_turn()
        elif action == BONUS:
            self._pay(self.player)  # R23
            self.bonus = 1
            self.phase = MOVE
        elif action == NO_STONE:
            self._start_ratings()
        else:
            slot = self.peek_slot
            if action == REMOVE_CHIP:
                # R20: back to the pool; the chip after it moves up; knowledge is dropped.
                self.pool[self.chips[slot] - 1] += 1
                row = slot & ~1
                if slot == row:
                    self.chips[row] = self.chips[row + 1]
                    self.chip_seen[row] = self.chip_seen[row + 1]
                self.chips[row + 1] = 0
                self.chip_seen[row + 1] = 0
            self.peek_slot = -1
            self._finish_choice()

    def _pay(self, seat: Seat) -> None:
        self.water[seat] -= 1
        self.water_supply += 1  # R25

    def _move(self, cell: Cell) -> None:
        seat = self.player
        if not self.free_destinations(seat) >> cell & 1:
            self._pay(seat)  # R6
        self.caravan[seat] = cell  # R5, R7
        self.phase = EXPLORE

    def _take_from_stack(self, tile: int) -> None:
        self.stack &= ~(1 << tile)
        if not self.stack and self.phase != SETUP:
            self.ending = self.n  # R26

    def _draw_tile(self, tile: int) -> None:
        self._take_from_stack(tile)
        phase = self.phase
        if phase == SETUP:
            self.display[self.dealt] += (tile,)
            self.dealt += 1
            if self.dealt == self.n:
                self.phase = MOVE
                self.player = 0
        elif phase == REPLACE:
            self.display[self.robbed] += (tile,)  # R9
            self.robbed = -1
            self.phase = PLACE
        elif self.fits(tile, self.caravan[self.player]):
            self.pending = tile  # R10: must be placed
            self.phase = PLACE
        else:
            self.display[self.player] += (tile,)  # R10: the whole turn ends
            self._end_turn()

    def _take(self, seat: Seat, index: int) -> None:
        tile = index + 1
        self._pay(self.player)  # R9
        self.display[seat] = tuple(t for t in self.display[seat] if t != tile)
        self.pending = tile
        if self.stack:
            self.robbed = seat
            self.phase = REPLACE
        else:
            self.phase = PLACE  # R26: no replacement once the stack is empty

    def _place(self, cell: Cell, k: int) -> None:
        tile = self.pending
        self.pending = 0
        closed = self._put_field(cell, tile, k)
        self.caravan[self.player] = cell  # R11
        if not SECTIONS[tile]:
            self.phase = CONTINUE  # R12
            return
        self.last_cell = cell
        self.closing = tuple(closed)
        self.phase = STONE

    # -- ratings ------------------------------------------------------------------------
    def _start_ratings(self) -> None:
        """R15: after the stone step, the oases the placement closed, a before b."""
        self._continue_ratings()

    def _continue_ratings(self) -> None:
        while not self._advance():
            if not self.closing:
                self._regular_turn_end()
                return
            root, self.closing = self.closing[0], self.closing[1:]
            self._open_rating(root)

    def _open_rating(self, root: int) -> None:
        """R16, R17: collect stones and symbols, fix the order, charge the fee."""
        stone_at = self.stone_at
        stones = [
            r
            for seat in range(self.n)
            for r in STONES[seat]
            if stone_at[r] >= 0 and self._sfind(stone_at[r]) == root
        ]
        self.r_pos = 0
        self.r_blocked = 0
        self.r_order = ()
        if not stones:
            return  # R15: a closed oasis without stones yields nothing
        syms = [0] * len(SYMBOLS)
        field = self.field
        for cell in self.field_cells:
            for label, (_, symbols) in enumerate(SECTIONS[field[cell]]):
                if self._sfind(2 * cell + label) == root:
                    for x in symbols:
                        syms[x] += 1
        self.r_syms = syms
        self.r_turban = STONES[self.turban][0]  # R22: fixed for this rating
        order = tuple(sorted(stones, key=self.effective_height, reverse=True))
        self.r_order = order
        if len(order) >= 2:
            owner = STONE_OWNER[order[0]]
            if self.water[owner]:
                self._pay(owner)  # R16
            else:
                self.r_blocked = order[0]  # R16

    def _advance(self) -> bool:
        """Find the next stone that chooses (R17, R18); at the end return the stones (R21)."""
        order = self.r_order
        while self.r_pos < len(order):
            rank = order[self.r_pos]
            if rank != self.r_blocked and self._available_symbols():
                self.phase = CHOOSE
                return True
            self.r_pos += 1
        for rank in order:
            self.stone_at[rank] = -1  # R21
        self.r_order = ()
        self.r_pos = 0
        return False

    def _choose(self, symbol: int) -> None:
        seat = self.chooser
        self.r_syms[symbol] -= 1  # R17
        if symbol < 4:
            self.goods[4 * seat + symbol] += 1
            self.goods_supply[symbol] -= 1
        elif symbol == CAMEL:
            self.camels[seat] += 1
            self.camel_supply -= 1
        elif symbol == WATER:
            self.water[seat] += 1
            self.water_supply -= 1
        elif sum(self.pool):
            self.phase = DRAW_RUMOR  # R19
            return
        else:
            self.phase = PEEK  # R20
            return
        self._finish_choice()

    def _lay_chip(self, commodity: int) -> None:
        slot = 2 * commodity + (1 if self.chips[2 * commodity] else 0)
        self.chips[slot] = self.drawn  # R19
        self.chip_seen[slot] = 1 << self.chooser
        self.drawn = 0
        self._finish_choice()

    def _finish_choice(self) -> None:
        if self.r_order[self.r_pos] == self.r_turban:
            self.turban = (self.turban + 1) % self.n  # R22
            self.r_turban = 0
        self.r_pos += 1
        self._continue_ratings()

    # -- turns --------------------------------------------------------------------------
    def _regular_turn_end(self) -> None:
        """R23: the bonus offer, if this turn had none and the player has water."""
        if not self.bonus and self.water[self.player]:
            self.phase = BONUS_OFFER
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        """R26: the next seat, or the end after the last of the final turns."""
        self.bonus = 0
        self.last_cell = -1
        self.closing = ()
        if self.ending >= 0:
            if self.ending == 0:
                self.phase = OVER
                return
            self.ending -= 1
        self.player = (self.player + 1) % self.n
        self.phase = MOVE

    # -- notation -----------------------------------------------------------------------
    def action_to_string(self, action: ActionId) -> str:
        return action_text(action)

    def reveals_information(self, action: ActionId) -> bool:
        """R20: a peek shows the peeker a rumor chip's value."""
        return PEEK_BASE <= action < PEEK_BASE + 8

    def action_to_string_for(self, seat: Seat | None, action: ActionId) -> str:
        """R19: a drawn rumor chip's value is shown to its drawer only."""
        if DRAW_RUMOR_BASE <= action < NUM_ACTIONS and self.phase == DRAW_RUMOR:
            return action_text(action) if seat == self.chooser else "draw-rumor ?"
        return action_text(action)

    def parse_action(self, text: str) -> ActionId | None:
        return parse_action(text)

    def notation_help(self) -> str:
        return (
            "expected e.g. 'move 5,1', 'draw', 'play-own 13', 'take 1 6', 'discard 4', 'pass', "
            "'place 6,1 r90', 'stone 16 a', 'remove-stone 9', 'no-stone', 'end', 'bonus', "
            "'choose water', 'rumor salt', 'peek salt 2', 'keep-chip', 'remove-chip'"
        )

    def why_illegal(self, action: ActionId) -> str:
        if isinstance(action, bool) or not isinstance(action, int):
            return "an action is a whole number"
        if not 0 <= action < NUM_ACTIONS:
            return _unknown_number(action)
        text = action_text(action)
        phase = self.phase
        if phase == OVER:
            return "the game is over"
        if phase in CHANCE_PHASES:
            return self._why_outcome(action, text)
        if phase in (MOVE, CONTINUE) and action < DRAW:
            if not self.field[action]:
                return f"{text!r}: {cell_name(action)} holds no field to stand on (R5)"
            return (
                f"{text!r}: {cell_name(action)} is not a free destination, and a paid move "
                "costs 1 water, which you do not have (R6)"
            )
        if phase in (STONE, CONTINUE) and STONE_BASE <= action < CHOOSE_BASE:
            return self._why_stone(action, text)
        if phase == EXPLORE:
            return self._why_explore(action, text)
        if phase == PLACE and PLACE_BASE <= action < STONE_BASE:
            return self._why_place(action, text)
        if phase == CHOOSE and CHOOSE_BASE <= action < RUMOR_BASE:
            return self._why_choose(action - CHOOSE_BASE, text)
        if phase == RUMOR_ROW and RUMOR_BASE <= action < PEEK_BASE:
            return f"{text!r}: that row already holds 2 rumor chips (R19)"
        if phase == PEEK and PEEK_BASE <= action < DRAW_TILE_BASE + 1:
            return f"{text!r}: no rumor chip lies there (R20)"
        return f"{text!r} is not possible now: {_PHASE_HINTS[phase]}"

    def _why_outcome(self, action: ActionId, text: str) -> str:
        """Why ``action`` is not an outcome of this chance event."""
        if self.phase == DRAW_RUMOR:
            if action >= DRAW_RUMOR_BASE:
                why = "no chip of that value is left in the rumor pool (R19)"
            else:
                why = "a rumor chip is being drawn (R19)"
        elif DRAW_TILE_BASE < action < DRAW_RUMOR_BASE:
            why = (
                f"tile {action - DRAW_TILE_BASE} is not in the lowest-numbered stack "
                "that still has tiles"
            )
        else:
            why = "a tile is being drawn"
        return f"{text!r} is not a possible outcome now: {why}"

    def _why_place(self, action: ActionId, text: str) -> str:
        """R1, R2, R3, R10: why a ``place`` action is not legal now."""
        cell, k = divmod(action - PLACE_BASE, 4)
        name = cell_name(cell)
        if self.field[cell]:
            return f"{text!r}: {name} already holds a field (R1)"
        at = self.caravan[self.player]
        if cell not in NEIGHBOURS[at]:
            return f"{text!r}: {name} is not next to your caravan on {cell_name(at)} (R10)"
        first = SAME_PLACEMENT[self.pending][k]
        if first != k and PLACE_BASE + 4 * cell + first in self.legal_actions():
            return f"{text!r}: that is the same placement as 'place {name} r{90 * first}' (R3)"
        return (
            f"{text!r}: tile {self.pending} turned that way does not match the edges "
            f"next to {name} (R2)"
        )

    def _why_choose(self, symbol: int, text: str) -> str:
        """R17, R18: why the choosing stone may not take ``symbol``."""
        if not self.r_syms[symbol]:
            return f"{text!r}: this oasis has no {SYMBOLS[symbol]} symbol left (R17)"
        seat = self.chooser
        if symbol < 4 and self.commodities_held(seat) >= self.carrying_spaces(seat):
            return f"{text!r}: your carrying spaces are full (R18)"
        return f"{text!r}: the supply has none left (R18)"

    def _why_stone(self, action: ActionId, text: str) -> str:
        """R13, R14: why a ``stone`` or ``remove-stone`` action is not legal now."""
        removing = action > REMOVE_STONE_BASE
        rank = action - REMOVE_STONE_BASE if removing else (action - STONE_BASE) // 2 + 1
        if STONE_OWNER[rank] != self.player:
            return f"{text!r}: stone {rank} is not yours ({'R14' if removing else 'R13'})"
        if removing:
            return f"{text!r}: your stone {rank} is not on the board (R14)"
        if self.phase == CONTINUE:
            return f"{text!r}: a stone goes only on a tile with oasis sections (R13)"
        if self.stone_at[rank] >= 0:
            return f"{text!r}: your stone {rank} is on the board, not in your hand (R13)"
        return f"{text!r}: the tile just placed has no section b (R13)"

    def _why_explore(self, action: ActionId, text: str) -> str:
        """R8, R9, R24: why an action of the explore step is not legal now."""
        seat = self.player
        if action == DRAW:
            if not self.stack:
                return "'draw': the stack is empty (R26)"
            return "'draw': your display already holds 3 tiles (R8)"
        if PLAY_OWN_BASE < action <= DISCARD_BASE:
            tile = action - PLAY_OWN_BASE
            if tile not in self.display[seat]:
                return f"{text!r}: tile {tile} is not in your display (R8)"
            return f"{text!r}: tile {tile} fits nowhere next to your caravan (R8)"
        if TAKE_BASE <= action < PLACE_BASE:
            return self._why_take(action, text)
        if DISCARD_BASE < action < TAKE_BASE or action == PASS:
            return self._why_stuck(action, text)
        return f"{text!r} is not possible now: {_PHASE_HINTS[EXPLORE]}"

    def _why_take(self, action: ActionId, text: str) -> str:
        """R8, R9: why ``take s t`` is not legal now."""
        owner, index = divmod(action - TAKE_BASE, NUM_TILES)
        tile = index + 1
        if owner == self.player:
            return f"{text!r}: that is your own display; play its tiles with 'play-own t' (R9)"
        if owner >= self.n:
            return f"{text!r}: there is no seat {owner} in this game"
        if tile not in self.display[owner]:
            return f"{text!r}: tile {tile} is not in seat {owner}'s display (R9)"
        if not self.water[self.player]:
            return f"{text!r}: taking costs 1 water and you have none (R9)"
        return f"{text!r}: tile {tile} fits nowhere next to your caravan (R8)"

    def _why_stuck(self, action: ActionId, text: str) -> str:
        """R24: why ``discard t`` or ``pass`` is not legal now."""
        stuck = self._explore_actions()
        if stuck != [PASS] and not DISCARD_BASE < stuck[0] < TAKE_BASE:
            return f"{text!r}: you can still draw, play or take a tile, and you must (R8)"
        if action == PASS:
            return (
                "'pass': no tile of your full display fits next to any field you can reach, "
                "so you discard one of them (R24)"
            )
        seat = self.player
        own = self.display[seat]
        tile = action - DISCARD_BASE
        if tile not in own:
            return f"{text!r}: tile {tile} is not in your display (R24)"
        if not self.stack:
            return f"{text!r}: with the stack empty nothing is discarded; you pass (R24)"
        cell = self.field_within_reach(seat, own)
        fitting = next(t for t in own if self.fits(t, cell))
        return (
            f"{text!r}: tile {fitting} of your display fits next to {cell_name(cell)}, which "
            "your caravan can reach, so you keep your display and pass (R24)"
        )

    # -- scoring ------------------------------------------------------------------------
    def commodity_values(self) -> list[int]:
        """R27 at the end; R28 before it (every commodity at 4)."""
        if self.phase != OVER:
            return [BASE_VALUE] * 4
        return [
            max(
                0,
                BASE_VALUE
                + sum(CHIP_VALUES[self.chips[s] - 1] for s in (2 * c, 2 * c + 1) if self.chips[s]),
            )
            for c in range(4)
        ]

    def score_breakdown(self) -> list[dict[str, int]]:
        values = self.commodity_values()
        out = []
        for seat in range(self.n):
            part = {
                name: values[c] * self.goods[4 * seat + c] for c, name in enumerate(COMMODITIES)
            }
            part["total"] = sum(part.values())
            out.append(part)
        return out

    def scores(self) -> list[int]:
        return [part["total"] for part in self.score_breakdown()]

    def estimate(self) -> list[float]:
        """The bots' evaluation in points: the final scores once the game is over, else

        - each commodity tile at its value if the game ended now, ``max(0, 4 + chips of its
          row)`` (R27; the chips as this state has them: bots call this on states from
          :meth:`resample_hidden`, where unknown chips are a random arrangement);
        - ``EST_WATER`` per water (moves, takes, bonus turns, fees and the tie-break),
          ``EST_CAMEL`` per camel card, and ``EST_ROOM`` per free carrying space up to 2
          (a full caravan cannot take commodities, R18);
        - ``EST_HAND`` per stone in hand (the option to claim the next oasis);
        - per oasis holding stones, each stone in choosing order (R17) whose place is within
          the oasis's symbol count gets the mean worth of its symbols (a commodity 4, any
          other symbol 1), times the chance that the oasis is rated: 1 once closed,
          ``EST_OPEN / (open edges + 1)`` while open, a quarter of that in the final turns;
          the highest stone's owner pays ``EST_WATER`` times that chance for the fee (R16),
          or, without water, that stone is blocked and gets nothing;
        - in a running rating, the stones still to choose share the remaining symbols the
          same way (chance 1, the fee already paid), and a drawn rumor chip or a pending
          peek is worth ``EST_RUMOR`` to its owner until it is laid or decided;
        - ``EST_FIT`` times :meth:`placement_chance` to the turn player: the value of this
          turn's placement (a stone step and a bonus turn rather than a dead draw, a pass or a
          discard), kept from the explore step until the turn ends, so that a search sees
          the same value whether its leaf stops before the placement or after it.
        """
        if self.phase == OVER:
            return [float(score) for score in self.scores()]
        n = self.n
        chips, goods, water, camels = self.chips, self.goods, self.water, self.camels
        v0, v1, v2, v3 = (
            max(0, BASE_VALUE + CHIP_DELTA[chips[2 * c]] + CHIP_DELTA[chips[2 * c + 1]])
            for c in range(4)
        )
        out = []
        for s in range(n):
            g0, g1, g2, g3 = goods[4 * s : 4 * s + 4]
            room = min(2, 4 + 2 * camels[s] - g0 - g1 - g2 - g3)
            out.append(
                g0 * v0
                + g1 * v1
                + g2 * v2
                + g3 * v3
                + EST_WATER * water[s]
                + EST_CAMEL * camels[s]
                + EST_ROOM * room
            )
        out[self.player] += EST_FIT * self.placement_chance()
        rating = self.r_order
        if rating:
            phase = self.phase
            first = self.r_pos
            if phase != CHOOSE:
                out[STONE_OWNER[rating[first]]] += EST_RUMOR  # a chip drawn or a peek
                first += 1
            syms = self.r_syms
            count = sum(syms)
            if count:
                commodities = syms[0] + syms[1] + syms[2] + syms[3]
                share = (3 * commodities + count) / count  # a commodity 4, others 1
                for rank in rating[first : first + count]:
                    out[STONE_OWNER[rank]] += share
        stone_at = self.stone_at
        groups: dict[int, list[int]] = {}
        for rank in HEIGHT_ORDER[n][self.turban]:
            at = stone_at[rank]
            if at < 0:
                out[STONE_OWNER[rank]] += EST_HAND
            elif rank not in rating:
                root = self._sfind(at)
                if root in groups:
                    groups[root].append(rank)
                else:
                    groups[root] = [rank]
        if groups:
            sopen, sworth = self.sopen, self.sworth
            late = 0.25 if self.ending >= 0 else 1.0
            for root, ranks in groups.items():
                left = sopen[root]
                chance = 1.0 if not left else late * EST_OPEN / (left + 1)
                if len(ranks) > 1:
                    top = STONE_OWNER[ranks[0]]
                    if water[top]:
                        out[top] -= chance * EST_WATER
                    else:
                        ranks = ranks[1:]
                packed = sworth[root]
                count = packed & 127
                if count:
                    share = chance * (packed >> 7) / count
                    for rank in ranks[:count]:
                        out[STONE_OWNER[rank]] += share
        return out

    def placement_chance(self) -> float:
        """The chance that the turn player places a tile in this part of its turn (for
        :meth:`estimate`): 1 once a tile is to be placed or has been placed (until the turn
        ends); in the explore step 1 if a tile of its display fits next to its caravan, else
        0; while a draw is pending, the share of the stack's tiles that fit (R10); 0 in
        every other phase.
        """
        phase = self.phase
        if phase in PLACEMENT_MADE:
            return 1.0
        seat = self.player
        cell = self.caravan[seat]
        if phase == EXPLORE:
            return 1.0 if any(self.fits(t, cell) for t in self.display[seat]) else 0.0
        if phase == DRAW_TILE:
            tiles = bits(self.stack)
            return sum(self.fits(t, cell) for t in tiles) / len(tiles) if tiles else 0.0
        return 0.0

    def returns(self) -> list[float]:
        """R27: highest score, then most water; tied winners share 1."""
        n = self.n
        if self.phase != OVER:
            return [0.0] * n
        keys = [(score, self.water[seat]) for seat, score in enumerate(self.scores())]
        best = max(keys)
        winners = [seat for seat in range(n) if keys[seat] == best]
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(n)]

    # -- information --------------------------------------------------------------------
    def knows_chip(self, seat: Seat | None, slot: int) -> bool:
        """R19, R20, R27: the drawer and every peeker know a placed chip; everyone at the end."""
        if self.phase == OVER:
            return True
        return seat is not None and bool(self.chip_seen[slot] >> seat & 1)

    def view(self, seat: Seat | None) -> dict[str, Any]:
        return table_view(self, seat)

    def observation(self, seat: Seat | None) -> list[float]:
        return observation(self, seat)

    def _hidden_chips(self, seat: Seat | None) -> tuple[list[int], list[int]]:
        """Slots whose chip ``seat`` does not know, and the value codes hidden from it."""
        slots = [s for s in range(SLOTS) if self.chips[s] and not self.knows_chip(seat, s)]
        codes = [self.chips[s] - 1 for s in slots]
        for code in range(4):
            codes.extend([code] * self.pool[code])
        if self.drawn and seat != self.chooser:
            codes.append(self.drawn - 1)
        return slots, codes

    def _refill(self, seat: Seat | None, codes: list[int]) -> DesertSonsState:
        other = self.clone()
        slots, _ = self._hidden_chips(seat)
        for slot in slots:
            other.chips[slot] = codes.pop() + 1
        if self.drawn and seat != self.chooser:
            other.drawn = codes.pop() + 1
        other.pool = [codes.count(code) for code in range(4)]
        return other

    def resample_hidden(self, seat: Seat, rng: random.Random) -> DesertSonsState:
        """R19, R20: the chips ``seat`` does not know get a random arrangement of the values left.

        The stack order is not modelled (every draw is a chance node), so nothing else is
        hidden. The history keeps the outcomes actually drawn: a resampled state is for
        search, not for records.
        """
        if self.phase == OVER:
            return self.clone()
        _, codes = self._hidden_chips(seat)
        # Sorted first, so the draw depends only on what the seat knows: the multiset of
        # hidden values, never the order in which the true values happen to lie.
        codes.sort()
        rng.shuffle(codes)
        return self._refill(seat, codes)

    def scramble_hidden(self, seat: Seat | None, rng: random.Random) -> DesertSonsState:
        if self.phase == OVER:
            return self.clone()  # R27: the end reveals every chip
        _, codes = self._hidden_chips(seat)
        return self._refill(seat, [rng.randrange(4) for _ in codes])

    def component_counts(self) -> dict[str, int]:
        n = self.n
        on_board = sum(1 for cell in self.field_cells if self.field[cell] <= NUM_TILES)
        counts = {
            "explorer tiles": self.stack_size()
            + sum(len(d) for d in self.display)
            + len(self.discarded)
            + (1 if self.pending else 0)
            + on_board,
            "water": sum(self.water) + self.water_supply,
            "camel cards": sum(self.camels) + self.camel_supply,
            "rumor chips": sum(self.pool) + sum(1 for c in self.chips if c) + (self.drawn > 0),
        }
        for c, name in enumerate(COMMODITIES):
            counts[name] = self.goods_supply[c] + sum(self.goods[4 * s + c] for s in range(n))
        for seat in range(n):
            counts[f"stones seat {seat}"] = len(STONES[seat])
        return counts

    # -- serialisation ------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "game": INFO.name,
            "version": INFO.version,
            "options": self.game.params(),
            "history": self._history[:],
            "phase": self.phase_name,
            "player": self.player,
            "bonus_turn": bool(self.bonus),
            "fields": [[c, self.field[c], self.rot[c]] for c in self.field_cells],
            "caravans": self.caravan[:],
            "stack": bits(self.stack),
            "displays": [list(d) for d in self.display],
            "discarded": list(self.discarded),
            "pending": self.pending,
            "water": self.water[:],
            "water_supply": self.water_supply,
            "camels": self.camels[:],
            "camel_supply": self.camel_supply,
            "goods": self.goods[:],
            "goods_supply": self.goods_supply[:],
            "stones": self.stone_at[1:],
            "turban": self.turban,
            "pool": self.pool[:],
            "chips": self.chips[:],
            "chip_seen": self.chip_seen[:],
            "drawn": self.drawn,
            "peek_slot": self.peek_slot,
            "closing": list(self.closing),
            "rating": [list(self.r_order), self.r_pos, self.r_blocked, self.r_turban],
            "rating_symbols": self.r_syms[:],
            "ending": self.ending,
        }

    def render(
        self, markup: bool = False, seat: Seat | None = None, highlight: Iterable[ActionId] = ()
    ) -> str:
        return render(self, markup, seat, action_cells(highlight))


_PHASE_HINTS = {
    MOVE: "it is the move step, move your caravan with 'move x,y' (R5)",
    EXPLORE: "explore with 'draw', 'play-own t' or 'take s t' (R8)",
    PLACE: "place the tile next to your caravan with 'place x,y rR' (R10)",
    CONTINUE: "after a desert tile, 'move x,y' to explore again, 'remove-stone k' or 'end' (R12)",
    STONE: "'stone k a|b' puts a stone, 'remove-stone k' takes one back, else 'no-stone' (R13)",
    CHOOSE: "an oasis is being rated, take a symbol with 'choose X' (R17)",
    RUMOR_ROW: "lay the rumor chip you drew with 'rumor c' (R19)",
    PEEK: "look at a rumor chip on the board with 'peek c i' (R20)",
    PEEK_DECIDE: "leave the chip with 'keep-chip' or return it with 'remove-chip' (R20)",
    BONUS_OFFER: "buy a bonus turn with 'bonus' or finish with 'end' (R23)",
}


def _unknown_number(action: ActionId) -> str:
    return f"{action} is not an action number of this game (they run from 0 to {NUM_ACTIONS - 1})"


@register
class DesertSons(Game):
    """In the Realm of the Desert Sons for 2–4 players."""

    info = INFO

    def __init__(self, players: int, options: Mapping[str, OptionValue]) -> None:
        # A command line passes 1/0 for the bool option; the game keeps a bool.
        super().__init__(players, {**options, "desert_border": bool(options["desert_border"])})

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        return 1200  # random play, passes (R24) included, stays under 800 actions

    def observation_size(self) -> int:
        return OBSERVATION_SIZE

    def new_initial_state(self) -> DesertSonsState:
        return DesertSonsState(self)

    def layout(self) -> dict[str, Any]:
        return board_layout(self.num_players, bool(self.options["desert_border"]))


def action_cells(actions: Iterable[ActionId]) -> int:
    """The cells that move and place actions name, as a mask."""
    mask = 0
    for action in actions:
        if 0 <= action < DRAW:
            mask |= 1 << action
        elif PLACE_BASE <= action < STONE_BASE:
            mask |= 1 << (action - PLACE_BASE) // 4
    return mask


_SIMPLE = {
    DRAW: "draw",
    PASS: "pass",
    END: "end",
    BONUS: "bonus",
    NO_STONE: "no-stone",
    KEEP_CHIP: "keep-chip",
    REMOVE_CHIP: "remove-chip",
}


def action_text(action: ActionId) -> str:
    """The canonical text of ``action`` (Notation).

    >>> action_text(638 + 4 * (11 * 1 + 6) + 1)
    'place 6,1 r90'
    """
    if not 0 <= action < NUM_ACTIONS:
        raise GameError(_unknown_number(action))
    if action < DRAW:
        return f"move {cell_name(action)}"
    if action in _SIMPLE:
        return _SIMPLE[action]
    if action <= DISCARD_BASE:
        return f"play-own {action - PLAY_OWN_BASE}"
    if action < TAKE_BASE:
        return f"discard {action - DISCARD_BASE}"
    if action < PLACE_BASE:
        seat, index = divmod(action - TAKE_BASE, NUM_TILES)
        return f"take {seat} {index + 1}"
    if action < STONE_BASE:
        cell, k = divmod(action - PLACE_BASE, 4)
        return f"place {cell_name(cell)} r{90 * k}"
    if action <= REMOVE_STONE_BASE:
        rank, label = divmod(action - STONE_BASE, 2)
        return f"stone {rank + 1} {'ab'[label]}"
    if action < CHOOSE_BASE:
        return f"remove-stone {action - REMOVE_STONE_BASE}"
    if action < RUMOR_BASE:
        return f"choose {SYMBOLS[action - CHOOSE_BASE]}"
    if action < PEEK_BASE:
        return f"rumor {COMMODITIES[action - RUMOR_BASE]}"
    if action <= DRAW_TILE_BASE:
        row, i = divmod(action - PEEK_BASE, 2)
        return f"peek {COMMODITIES[row]} {i + 1}"
    if action < DRAW_RUMOR_BASE:
        return f"draw-tile {action - DRAW_TILE_BASE}"
    return f"draw-rumor {CHIP_NAMES[action - DRAW_RUMOR_BASE]}"


def _number(text: str, low: int, high: int) -> int | None:
    if not (text.isascii() and text.isdecimal() and str(int(text)) == text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_action(text: str) -> ActionId | None:
    """The action id written as ``text`` (Notation), legal or not.

    >>> parse_action("take 1 6") == 298 + 85 + 5
    True
    >>> parse_action("place 6,1 r45") is None
    True
    """
    words = text.split(" ")
    verb, args = words[0], words[1:]
    if not args:
        for action, name in _SIMPLE.items():
            if name == text:
                return action
        return None
    if verb == "move" and len(args) == 1:
        cell = parse_cell(args[0])
        return None if cell is None else MOVE_BASE + cell
    if verb in ("play-own", "discard") and len(args) == 1:
        tile = _number(args[0], 1, NUM_TILES)
        if tile is None:
            return None
        return (PLAY_OWN_BASE if verb == "play-own" else DISCARD_BASE) + tile
    if verb == "take" and len(args) == 2:
        seat, tile = _number(args[0], 0, 3), _number(args[1], 1, NUM_TILES)
        if seat is None or tile is None:
            return None
        return TAKE_BASE + NUM_TILES * seat + tile - 1
    if verb == "place" and len(args) == 2:
        cell = parse_cell(args[0])
        rotations = ("r0", "r90", "r180", "r270")
        if cell is None or args[1] not in rotations:
            return None
        return PLACE_BASE + 4 * cell + rotations.index(args[1])
    if verb == "stone" and len(args) == 2:
        rank = _number(args[0], 1, 16)
        if rank is None or args[1] not in ("a", "b"):
            return None
        return STONE_BASE + 2 * (rank - 1) + "ab".index(args[1])
    if verb == "remove-stone" and len(args) == 1:
        rank = _number(args[0], 1, 16)
        return None if rank is None else REMOVE_STONE_BASE + rank
    if verb == "choose" and len(args) == 1 and args[0] in SYMBOLS:
        return CHOOSE_BASE + SYMBOLS.index(args[0])
    if verb == "rumor" and len(args) == 1 and args[0] in COMMODITIES:
        return RUMOR_BASE + COMMODITIES.index(args[0])
    if verb == "peek" and len(args) == 2 and args[0] in COMMODITIES and args[1] in ("1", "2"):
        return PEEK_BASE + 2 * COMMODITIES.index(args[0]) + int(args[1]) - 1
    if verb == "draw-tile" and len(args) == 1:
        tile = _number(args[0], 1, NUM_TILES)
        return None if tile is None else DRAW_TILE_BASE + tile
    if verb == "draw-rumor" and len(args) == 1 and args[0] in CHIP_NAMES:
        return DRAW_RUMOR_BASE + CHIP_NAMES.index(args[0])
    return None


__all__ = ["INFO", "DesertSons", "DesertSonsState", "parse_action"]
