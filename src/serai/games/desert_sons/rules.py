"""In the Realm of the Desert Sons: the state and its rules (``docs/rules/desert_sons.md``).

The state is flat: bytearrays and short lists over the 121 cells, and two union-find
forests that only ever merge, because placing a tile never breaks a link:

- oases: over the sections (index ``2 * cell + label``), with, per root, the count of
  its ``O`` edges that still face an empty cell; an oasis is closed when it reaches 0
  (R15); and, for the bots' :func:`~serai.games.desert_sons.estimate.estimate` only, its
  symbols packed as ``worth << 7 | count``;
- desert regions: over the cells, with, per root, the mask of its fields and the mask of
  the fields one oasis link away, so the free destinations of R6 are one lookup.

Each empty cell keeps the edges its neighbours impose (``care``/``required`` masks, R2),
so whether a tile fits is one table lookup per rotation set (``board.FITS``).

Actions are integers (``actions.py``); the rules read each as its decoded
:class:`~serai.games.desert_sons.actions.Action`. A whole state is written as one line of
text by :meth:`DesertSonsState.position` (Position notation of the rules reference).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from serai.engine import (
    CHANCE,
    TERMINAL,
    ActionId,
    Game,
    GameInfo,
    Option,
    OptionValue,
    Seat,
    State,
    register,
)
from serai.engine.fields import LIST, Field, FieldTable
from serai.engine.observe import ObservationLayout
from serai.games.desert_sons import estimate as bot_view
from serai.games.desert_sons.actions import (
    BONUS,
    CHOOSE_BASE,
    DECODED,
    DISCARD_BASE,
    DRAW,
    DRAW_RUMOR_BASE,
    DRAW_TILE_BASE,
    END,
    KEEP_CHIP,
    NO_STONE,
    NUM_ACTIONS,
    PASS,
    PEEK_BASE,
    PLACE_BASE,
    PLAY_OWN_BASE,
    REMOVE_CHIP,
    REMOVE_STONE_BASE,
    RUMOR_BASE,
    STONE_BASE,
    TAKE_BASE,
    Action,
    action_text,
    decode,
    parse_action,
)
from serai.games.desert_sons.board import (
    ALL_TILES,
    BASE_VALUE,
    BONUS_OFFER,
    BORDER_FACING,
    CAMEL,
    CAMEL_CARDS,
    CELLS,
    CHANCE_PHASES,
    CHIP_SET,
    CHIP_VALUES,
    CHOOSE,
    COMMODITIES,
    COMMODITY_TILES,
    CONTINUE,
    CROSS,
    DISPLAY_LIMIT,
    DRAW_RUMOR,
    DRAW_TILE,
    EXPLORE,
    FITS,
    LABEL,
    MOVE,
    NEIGHBOURS,
    NUM_TILES,
    OVER,
    PEEK,
    PEEK_DECIDE,
    PHASE_NAMES,
    PLACE,
    RATING_PHASES,
    REPLACE,
    RUMOR,
    RUMOR_ROW,
    SECTIONS,
    SETUP,
    SLOTS,
    STACK_MASKS,
    STACK_OF,
    START_FIELDS,
    START_WATER,
    STONE,
    STONE_OWNER,
    STONES,
    SYMBOLS,
    TURBAN_HEIGHT,
    WATER,
    WATER_TOTAL,
    Cell,
    bits,
    parse_cell,
    placed_edges,
)
from serai.games.desert_sons.estimate import SECTION_WORTH
from serai.games.desert_sons.explain import SCORE_LABELS, narrate, prompt, why_illegal
from serai.games.desert_sons.layout import board_layout
from serai.games.desert_sons.observation import LAYOUT, observation
from serai.games.desert_sons.position import read_position, write_position
from serai.games.desert_sons.render import action_cells, render
from serai.games.desert_sons.views import table_view

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


class DesertSonsState(State):
    """A position of the game. Build one with ``game.new_initial_state()`` or
    ``game.from_position(text)``."""

    FIELDS: ClassVar[FieldTable] = FieldTable(
        Field("game", json=False),
        Field("n", json=False),
        Field("no_border_oasis", json=False),
        Field("_history", LIST),
        Field("phase", json=False),  # written by name
        Field("player"),
        Field("bonus", json=False),  # written as bonus_turn
        Field("dealt", json=False),
        # The area: the field and rotation on each cell, the cells with a field (written
        # together as "fields"), and what is kept from them: the edges each empty cell
        # must match (R2) and the two union-find forests.
        Field("field", LIST, json=False),
        Field("rot", LIST, json=False),
        Field("field_cells", LIST, json=False),
        Field("care", LIST, json=False),
        Field("required", LIST, json=False),
        Field("sparent", LIST, json=False),
        Field("sopen", LIST, json=False),
        Field("sworth", LIST, json=False),
        Field("dparent", LIST, json=False),
        Field("dcomp", LIST, json=False),
        Field("donb", LIST, json=False),
        Field("caravan", LIST, key="caravans"),
        Field("stack", json=False),  # a mask over tile ids, written as a list
        Field("display", LIST, key="displays"),
        Field("discarded"),
        Field("pending"),
        Field("robbed", json=False),
        Field("last_cell", json=False),
        Field("water", LIST),
        Field("water_supply"),
        Field("camels", LIST),
        Field("camel_supply"),
        Field("goods", LIST),
        Field("goods_supply", LIST),
        Field("stone_at", LIST, json=False),  # written by rank as "stones"
        Field("turban"),
        Field("pool", LIST),
        Field("chips", LIST),
        Field("chip_seen", LIST),
        Field("drawn"),
        Field("peek_slot"),
        Field("closing"),
        # The rating in progress (R16-R22), written together as "rating".
        Field("r_order", json=False),
        Field("r_pos", json=False),
        Field("r_blocked", json=False),
        Field("r_turban", json=False),
        Field("r_syms", LIST, key="rating_symbols"),
        Field("ending"),
    )
    __slots__ = FIELDS.slots
    clone: ClassVar[Callable[[DesertSonsState], DesertSonsState]]

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

    def history(self) -> list[ActionId]:
        return self._history[:]

    # -- the area ----------------------------------------------------------------------
    def oasis_root(self, section: int) -> int:
        """The root of the oasis of ``section`` (``2 * cell + label``)."""
        parent = self.sparent
        while parent[section] != section:
            parent[section] = parent[parent[section]]
            section = parent[section]
        return section

    def region_root(self, cell: Cell) -> Cell:
        """The root of the desert region of ``cell``."""
        parent = self.dparent
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

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
                a, b = self.region_root(cell), self.region_root(n)
                if a != b:
                    dparent[b] = a
                    dcomp[a] |= dcomp[b]
                    donb[a] |= donb[b]
        root = self.region_root(cell)
        for d, n in oasis_links:
            donb[root] |= 1 << n
            donb[self.region_root(n)] |= 1 << cell
            other = self.oasis_root(2 * n + LABEL[fields[n]][self.rot[n]][(d + 2) & 3])
            sopen[other] -= 1
            mine = self.oasis_root(2 * cell + labels[d])
            if mine != other:
                sparent[other] = mine
                sopen[mine] += sopen[other]
                sworth[mine] += sworth[other]
        closed: list[int] = []
        for label in range(len(SECTIONS[field])):
            r = self.oasis_root(2 * cell + label)
            if sopen[r] == 0 and r not in closed:
                closed.append(r)
        return closed

    def free_destinations(self, seat: Seat) -> int:
        """R6: the fields ``seat``'s caravan reaches without paying, as a cell mask."""
        root = self.region_root(self.caravan[seat])
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
            return self.explore_actions()
        if phase == PLACE:
            return self.placements(self.pending, self.caravan[self.player])
        if phase == CONTINUE:
            return [*self._move_actions(), END, *self._remove_actions()]
        if phase == STONE:
            return self._stone_actions()
        if phase == CHOOSE:
            return [CHOOSE_BASE + x for x in self.available_symbols()]
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

    def explore_actions(self) -> list[ActionId]:
        """R8, R9, R24: the legal actions of the explore step."""
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
                            out.append(TAKE_BASE + NUM_TILES * s + t - 1)  # R9
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

    def available_symbols(self) -> list[int]:
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
        move = DECODED[action]
        _APPLY[move.kind](self, move)

    def _apply_move(self, move: Action) -> None:
        cell = move.cell
        seat = self.player
        if not self.free_destinations(seat) >> cell & 1:
            self._pay(seat)  # R6
        self.caravan[seat] = cell  # R5, R7
        self.phase = EXPLORE

    def _apply_draw(self, move: Action) -> None:
        self.phase = DRAW_TILE

    def _apply_pass(self, move: Action) -> None:
        self._end_turn()  # R24

    def _apply_end(self, move: Action) -> None:
        if self.phase == CONTINUE:
            self._regular_turn_end()  # R12
        else:
            self._end_turn()

    def _apply_bonus(self, move: Action) -> None:
        self._pay(self.player)  # R23
        self.bonus = 1
        self.phase = MOVE

    def _apply_no_stone(self, move: Action) -> None:
        self._start_ratings()

    def _apply_keep_chip(self, move: Action) -> None:
        self.peek_slot = -1
        self._finish_choice()

    def _apply_remove_chip(self, move: Action) -> None:
        # R20: back to the pool; the chip after it moves up; knowledge is dropped.
        slot = self.peek_slot
        self.pool[self.chips[slot] - 1] += 1
        row = slot & ~1
        if slot == row:
            self.chips[row] = self.chips[row + 1]
            self.chip_seen[row] = self.chip_seen[row + 1]
        self.chips[row + 1] = 0
        self.chip_seen[row + 1] = 0
        self.peek_slot = -1
        self._finish_choice()

    def _apply_play_own(self, move: Action) -> None:
        tile = move.tile
        seat = self.player
        self.display[seat] = tuple(t for t in self.display[seat] if t != tile)
        self.pending = tile
        self.phase = PLACE

    def _apply_discard(self, move: Action) -> None:
        tile = move.tile
        seat = self.player
        self.display[seat] = tuple(t for t in self.display[seat] if t != tile)
        self.discarded += (tile,)  # R24
        self._end_turn()

    def _apply_take(self, move: Action) -> None:
        seat, tile = move.seat, move.tile
        self._pay(self.player)  # R9
        self.display[seat] = tuple(t for t in self.display[seat] if t != tile)
        self.pending = tile
        if self.stack:
            self.robbed = seat
            self.phase = REPLACE
        else:
            self.phase = PLACE  # R26: no replacement once the stack is empty

    def _apply_place(self, move: Action) -> None:
        cell = move.cell
        tile = self.pending
        self.pending = 0
        closed = self._put_field(cell, tile, move.rotation)
        self.caravan[self.player] = cell  # R11
        if not SECTIONS[tile]:
            self.phase = CONTINUE  # R12
            return
        self.last_cell = cell
        self.closing = tuple(closed)
        self.phase = STONE

    def _apply_stone(self, move: Action) -> None:
        self.stone_at[move.rank] = 2 * self.last_cell + move.section  # R13
        self._start_ratings()

    def _apply_remove_stone(self, move: Action) -> None:
        self.stone_at[move.rank] = -1  # R14
        if self.phase == CONTINUE:
            self._regular_turn_end()
        else:
            self._start_ratings()

    def _apply_choose(self, move: Action) -> None:
        symbol = move.symbol
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

    def _apply_rumor(self, move: Action) -> None:
        commodity = move.symbol
        slot = 2 * commodity + (1 if self.chips[2 * commodity] else 0)
        self.chips[slot] = self.drawn  # R19
        self.chip_seen[slot] = 1 << self.chooser
        self.drawn = 0
        self._finish_choice()

    def _apply_peek(self, move: Action) -> None:
        self.peek_slot = move.slot
        self.chip_seen[move.slot] |= 1 << self.chooser  # R20
        self.phase = PEEK_DECIDE

    def _apply_draw_tile(self, move: Action) -> None:
        tile = move.tile
        self.stack &= ~(1 << tile)
        phase = self.phase
        if not self.stack and phase != SETUP:
            self.ending = self.n  # R26
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

    def _apply_draw_rumor(self, move: Action) -> None:
        code = move.chip
        self.pool[code] -= 1
        self.drawn = code + 1  # R19: only the drawer sees it
        self.phase = RUMOR_ROW

    def _pay(self, seat: Seat) -> None:
        self.water[seat] -= 1
        self.water_supply += 1  # R25

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

    def oasis_stones(self, root: int) -> list[int]:
        """The ranks of the stones on the oasis of ``root``, seat by seat."""
        stone_at = self.stone_at
        return [
            r
            for seat in range(self.n)
            for r in STONES[seat]
            if stone_at[r] >= 0 and self.oasis_root(stone_at[r]) == root
        ]

    def oasis_symbols(self, root: int) -> list[int]:
        """How many of each symbol the oasis of ``root`` shows."""
        syms = [0] * len(SYMBOLS)
        field = self.field
        for cell in self.field_cells:
            for label, (_, symbols) in enumerate(SECTIONS[field[cell]]):
                if self.oasis_root(2 * cell + label) == root:
                    for x in symbols:
                        syms[x] += 1
        return syms

    def _open_rating(self, root: int) -> None:
        """R16, R17: collect stones and symbols, fix the order, charge the fee."""
        stones = self.oasis_stones(root)
        self.r_pos = 0
        self.r_blocked = 0
        self.r_order = ()
        if not stones:
            return  # R15: a closed oasis without stones yields nothing
        self.r_syms = self.oasis_symbols(root)
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
            if rank != self.r_blocked and self.available_symbols():
                self.phase = CHOOSE
                return True
            self.r_pos += 1
        for rank in order:
            self.stone_at[rank] = -1  # R21
        self.r_order = ()
        self.r_pos = 0
        return False

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
        return 0 <= action < NUM_ACTIONS and DECODED[action].kind == "peek"

    def action_to_string_for(self, seat: Seat | None, action: ActionId) -> str:
        """R19: a drawn rumor chip's value is shown to its drawer only."""
        text = action_text(action)
        if DECODED[action].kind == "draw-rumor" and self.phase == DRAW_RUMOR:
            return text if seat == self.chooser else "draw-rumor ?"
        return text

    def parse_action(self, text: str) -> ActionId | None:
        return parse_action(text)

    def notation_help(self) -> str:
        return (
            "expected e.g. 'move 5,1', 'draw', 'play-own 13', 'take 1 6', 'discard 4', 'pass', "
            "'place 6,1 r90', 'stone 16 a', 'remove-stone 9', 'no-stone', 'end', 'bonus', "
            "'choose water', 'rumor salt', 'peek salt 2', 'keep-chip', 'remove-chip'"
        )

    def why_illegal(self, action: ActionId) -> str:
        return why_illegal(self, action)

    def prompt(self) -> str:
        return prompt(self)

    def narrate_for(self, viewer: Seat | None, action: ActionId) -> str:
        return narrate(self, viewer, action)

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
        """The bots' evaluation (:func:`serai.games.desert_sons.estimate.estimate`)."""
        return bot_view.estimate(self)

    def placement_chance(self) -> float:
        """:func:`serai.games.desert_sons.estimate.placement_chance`."""
        return bot_view.placement_chance(self)

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
            **self.FIELDS.to_json(self),
            "phase": self.phase_name,
            "bonus_turn": bool(self.bonus),
            "fields": [[c, self.field[c], self.rot[c]] for c in self.field_cells],
            "stack": bits(self.stack),
            "stones": self.stone_at[1:],
            "rating": [list(self.r_order), self.r_pos, self.r_blocked, self.r_turban],
        }

    def position(self) -> str:
        """The whole state as one line (Position notation of the rules reference)."""
        return write_position(self)

    def render(
        self, markup: bool = False, seat: Seat | None = None, highlight: Iterable[ActionId] = ()
    ) -> str:
        return render(self, markup, seat, action_cells(highlight))


DesertSonsState.clone = DesertSonsState.FIELDS.make_clone(DesertSonsState)
abc.update_abstractmethods(DesertSonsState)

_APPLY: dict[str, Callable[[DesertSonsState, Action], None]] = {
    "move": DesertSonsState._apply_move,
    "draw": DesertSonsState._apply_draw,
    "pass": DesertSonsState._apply_pass,
    "end": DesertSonsState._apply_end,
    "bonus": DesertSonsState._apply_bonus,
    "no-stone": DesertSonsState._apply_no_stone,
    "keep-chip": DesertSonsState._apply_keep_chip,
    "remove-chip": DesertSonsState._apply_remove_chip,
    "play-own": DesertSonsState._apply_play_own,
    "discard": DesertSonsState._apply_discard,
    "take": DesertSonsState._apply_take,
    "place": DesertSonsState._apply_place,
    "stone": DesertSonsState._apply_stone,
    "remove-stone": DesertSonsState._apply_remove_stone,
    "choose": DesertSonsState._apply_choose,
    "rumor": DesertSonsState._apply_rumor,
    "peek": DesertSonsState._apply_peek,
    "draw-tile": DesertSonsState._apply_draw_tile,
    "draw-rumor": DesertSonsState._apply_draw_rumor,
}
"""How each kind of action changes the state."""


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
        return LAYOUT.size

    def observation_layout(self) -> ObservationLayout:
        return LAYOUT

    def new_initial_state(self) -> DesertSonsState:
        return DesertSonsState(self)

    def from_position(self, text: str) -> DesertSonsState:
        return read_position(self, text)

    def score_labels(self) -> dict[str, str]:
        return dict(SCORE_LABELS)

    def decode(self, action: ActionId) -> Action:
        return decode(action)

    def layout(self) -> dict[str, Any]:
        return board_layout(self.num_players, bool(self.options["desert_border"]))
