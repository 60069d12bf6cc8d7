"""A seat's view as a fixed-size vector of numbers, for learning agents.

Seats are relative: block 0 is the observing seat, block 1 the next seat in turn order,
and so on; a spectator (``None``) observes as seat 0. Blocks of seats beyond the player
count stay zero, so every player count has the same shape. Like the view (R19, R20), it
shows a rumor chip's value only to a seat that has seen it, every value once the game is
over.

Layout, in order (``C`` = 121 cells, indexed ``11*y + x``; ``T`` = 85 tiles):

=================  ========  ===================================================
part               size      contents
=================  ========  ===================================================
fields             C         a field lies on the cell
desert tiles       C         an explorer tile without sections
oasis edges        4 C       the edge facing N, E, S, W is oasis
symbols            7 C       symbols of the field / 2, by symbol (myrrh … rumor)
caravans           4 C       the caravan of relative seat ``s`` stands there
stones             4 C       a stone of relative seat ``s`` lies there, its rank / 16
phase              15        one-hot phase (setup … over)
to act             4         one-hot relative seat (all zero at chance or the end)
turn player        4         one-hot relative seat
turn               2         bonus turn, final turns left / 4
pending tile       T         one-hot: the tile to place
displays           4 T       multi-hot: the display of relative seat ``s``
stack              T         the tile is still in the stack
discarded          T         the tile left the game (R24)
water, camels      8         per relative seat: water / 20, camel cards / 10
goods              16        per relative seat and commodity / 10
stones in hand     16        relative seat ``s``'s stone of order ``i`` is in hand
turban             4         one-hot relative seat
rumor board        40        per slot: a chip lies there, then one-hot value if known
rumor pool         5         chips in the pool / 6, one-hot drawn chip if known
rating             39        symbols left / 4 (7), stones in the rating by rank (16),
                             the choosing stone's rank one-hot (16)
supply             6         water / 20, camel cards / 10, commodities / 10
=================  ========  ===================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import Seat
from serai.games.desert_sons.board import (
    CELLS,
    NUM_TILES,
    SECTIONS,
    STONE_OWNER,
    STONES,
    placed_edges,
)

if TYPE_CHECKING:
    from serai.games.desert_sons.rules import DesertSonsState

MAX_SEATS = 4
FIELDS, DESERT, EDGES, SYMBOL_PLANES, CARAVANS, STONE_PLANES = 0, 1, 2, 6, 13, 17
CELL_PLANES = 21
PHASE = CELL_PLANES * CELLS
TO_ACT = PHASE + 15
TURN_PLAYER = TO_ACT + MAX_SEATS
TURN = TURN_PLAYER + MAX_SEATS
PENDING = TURN + 2
DISPLAYS = PENDING + NUM_TILES
STACK = DISPLAYS + MAX_SEATS * NUM_TILES
DISCARDED = STACK + NUM_TILES
SUPPLIES = DISCARDED + NUM_TILES
GOODS = SUPPLIES + 2 * MAX_SEATS
HAND = GOODS + 4 * MAX_SEATS
TURBAN = HAND + 4 * MAX_SEATS
RUMOR_BOARD = TURBAN + MAX_SEATS
POOL = RUMOR_BOARD + 40
RATING = POOL + 5
SUPPLY = RATING + 39
OBSERVATION_SIZE = SUPPLY + 6


def observation(state: DesertSonsState, seat: Seat | None) -> list[float]:
    """The vector of the module docstring for ``seat`` (``None``: a spectator)."""
    out = [0.0] * OBSERVATION_SIZE
    n = state.n
    me = 0 if seat is None else seat

    def rel(s: int) -> int:
        return (s - me) % n

    for c in state.field_cells:
        field = state.field[c]
        out[FIELDS * CELLS + c] = 1.0
        if field <= NUM_TILES and not SECTIONS[field]:
            out[DESERT * CELLS + c] = 1.0
        edges = placed_edges(field, state.rot[c])
        for d in range(4):
            if edges >> d & 1:
                out[(EDGES + d) * CELLS + c] = 1.0
        for _, symbols in SECTIONS[field]:
            for x in symbols:
                out[(SYMBOL_PLANES + x) * CELLS + c] += 0.5
    for s in range(n):
        out[(CARAVANS + rel(s)) * CELLS + state.caravan[s]] = 1.0
    for rank in range(1, 17):
        at = state.stone_at[rank]
        if at >= 0:
            out[(STONE_PLANES + rel(STONE_OWNER[rank])) * CELLS + at // 2] = rank / 16
    out[PHASE + state.phase] = 1.0
    to_act = state.current_player()
    if to_act >= 0:
        out[TO_ACT + rel(to_act)] = 1.0
    out[TURN_PLAYER + rel(state.player)] = 1.0
    out[TURN] = float(state.bonus)
    out[TURN + 1] = max(state.ending, 0) / 4
    if state.pending:
        out[PENDING + state.pending - 1] = 1.0
    for s in range(n):
        for t in state.display[s]:
            out[DISPLAYS + rel(s) * NUM_TILES + t - 1] = 1.0
        out[SUPPLIES + 2 * rel(s)] = state.water[s] / 20
        out[SUPPLIES + 2 * rel(s) + 1] = state.camels[s] / 10
        for c in range(4):
            out[GOODS + 4 * rel(s) + c] = state.goods[4 * s + c] / 10
        for i, rank in enumerate(STONES[s]):
            if state.stone_at[rank] < 0:
                out[HAND + 4 * rel(s) + i] = 1.0
    for t in range(1, NUM_TILES + 1):
        if state.stack >> t & 1:
            out[STACK + t - 1] = 1.0
    for t in state.discarded:
        out[DISCARDED + t - 1] = 1.0
    out[TURBAN + rel(state.turban)] = 1.0
    for slot in range(8):
        code = state.chips[slot]
        if code:
            out[RUMOR_BOARD + 5 * slot] = 1.0
            if state.knows_chip(seat, slot):
                out[RUMOR_BOARD + 5 * slot + code] = 1.0
    out[POOL] = sum(state.pool) / 6
    if state.drawn and seat is not None and seat == state.chooser:
        out[POOL + state.drawn] = 1.0
    if state.r_order:
        for x in range(7):
            out[RATING + x] = state.r_syms[x] / 4
        for rank in state.r_order:
            out[RATING + 7 + rank - 1] = 1.0
        out[RATING + 23 + state.r_order[state.r_pos] - 1] = 1.0
    out[SUPPLY] = state.water_supply / 20
    out[SUPPLY + 1] = state.camel_supply / 10
    for c in range(4):
        out[SUPPLY + 2 + c] = state.goods_supply[c] / 10
    return out
