"""A seat's view as a fixed-size vector of numbers, for learning agents.

Seats are relative: block 0 is the observing seat, block 1 the next seat in turn order,
and so on; a spectator (``None``) observes as seat 0. Blocks of seats beyond the player
count stay zero, so every player count has the same shape. Like the view (R19, R20), it
shows a rumor chip's value only to a seat that has seen it, every value once the game is
over.

The vector is :data:`LAYOUT`'s named pieces in order (``LAYOUT.describe()`` prints them as
a table); cells are indexed ``11*y + x``, tiles ``1..85`` at ``tile - 1``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import Seat
from serai.engine.observe import ObservationLayout, Piece
from serai.games.desert_sons.board import (
    CAMEL_CARDS,
    CELLS,
    CHIP_NAMES,
    COMMODITIES,
    COMMODITY_TILES,
    NUM_TILES,
    PHASE_NAMES,
    SECTIONS,
    SLOTS,
    STONE_OWNER,
    STONES,
    SYMBOLS,
    WATER_TOTAL,
    placed_edges,
)

if TYPE_CHECKING:
    from serai.games.desert_sons.rules import DesertSonsState

MAX_SEATS = 4
RANKS = 16

LAYOUT = ObservationLayout(
    Piece("fields", (CELLS,), "1 where a field lies"),
    Piece("desert_tiles", (CELLS,), "1 where an explorer tile without sections lies"),
    Piece("oasis_edges", (4, CELLS), "per direction N E S W: 1 where the field's edge is oasis"),
    Piece("symbols", (len(SYMBOLS), CELLS), "per symbol (myrrh … rumor): the field's count / 2"),
    Piece("caravans", (MAX_SEATS, CELLS), "per relative seat: 1 where its caravan stands"),
    Piece("stones", (MAX_SEATS, CELLS), "per relative seat: a stone's rank / 16 where it lies"),
    Piece("phase", (len(PHASE_NAMES),), "one-hot phase (setup … over)"),
    Piece("to_act", (MAX_SEATS,), "one-hot relative seat to act (none at chance or the end)"),
    Piece("turn_player", (MAX_SEATS,), "one-hot relative seat whose turn it is"),
    Piece("turn", (2,), "1 in a bonus turn; final turns left / 4"),
    Piece("pending_tile", (NUM_TILES,), "one-hot: the tile to place"),
    Piece("displays", (MAX_SEATS, NUM_TILES), "per relative seat: 1 for each display tile"),
    Piece("stack", (NUM_TILES,), "1 for each tile still in the stack"),
    Piece("discarded", (NUM_TILES,), "1 for each tile that left the game (R24)"),
    Piece("water_camels", (MAX_SEATS, 2), "per relative seat: water / 20, camel cards / 10"),
    Piece("goods", (MAX_SEATS, len(COMMODITIES)), "per relative seat and commodity: tiles / 10"),
    Piece("stones_in_hand", (MAX_SEATS, 4), "per relative seat: 1 for its i-th stone in hand"),
    Piece("turban", (MAX_SEATS,), "one-hot relative seat holding the turban"),
    Piece(
        "rumor_board",
        (SLOTS, 1 + len(CHIP_NAMES)),
        "per slot (2 per commodity row): 1 if a chip lies there, then its value one-hot if known",
    ),
    Piece("rumor_pool", (1 + len(CHIP_NAMES),), "chips in the pool / 6, the drawn chip if known"),
    Piece("rating_symbols", (len(SYMBOLS),), "symbols the rated oasis has left / 4"),
    Piece("rating_stones", (RANKS,), "1 for each stone (by rank) in the rating"),
    Piece("rating_chooser", (RANKS,), "one-hot: the rank of the choosing stone"),
    Piece("supply", (2 + len(COMMODITIES),), "water / 20, camel cards / 10, commodities / 10"),
)
"""The named pieces of the vector, in order."""


def observation(state: DesertSonsState, seat: Seat | None) -> list[float]:
    """The vector of :data:`LAYOUT` for ``seat`` (``None``: a spectator), piece by piece."""
    pieces = {piece.name: [0.0] * piece.size for piece in LAYOUT.pieces}
    n = state.n
    me = 0 if seat is None else seat

    def rel(s: int) -> int:
        return (s - me) % n

    fields, desert = pieces["fields"], pieces["desert_tiles"]
    edges_of, symbols_of = pieces["oasis_edges"], pieces["symbols"]
    for c in state.field_cells:
        field = state.field[c]
        fields[c] = 1.0
        if field <= NUM_TILES and not SECTIONS[field]:
            desert[c] = 1.0
        edges = placed_edges(field, state.rot[c])
        for d in range(4):
            if edges >> d & 1:
                edges_of[d * CELLS + c] = 1.0
        for _, symbols in SECTIONS[field]:
            for x in symbols:
                symbols_of[x * CELLS + c] += 0.5
    for s in range(n):
        pieces["caravans"][rel(s) * CELLS + state.caravan[s]] = 1.0
    for rank in range(1, RANKS + 1):
        at = state.stone_at[rank]
        if at >= 0:
            pieces["stones"][rel(STONE_OWNER[rank]) * CELLS + at // 2] = rank / 16
    pieces["phase"][state.phase] = 1.0
    to_act = state.current_player()
    if to_act >= 0:
        pieces["to_act"][rel(to_act)] = 1.0
    pieces["turn_player"][rel(state.player)] = 1.0
    pieces["turn"][:] = [float(state.bonus), max(state.ending, 0) / 4]
    if state.pending:
        pieces["pending_tile"][state.pending - 1] = 1.0
    for s in range(n):
        for t in state.display[s]:
            pieces["displays"][rel(s) * NUM_TILES + t - 1] = 1.0
        pieces["water_camels"][2 * rel(s)] = state.water[s] / WATER_TOTAL
        pieces["water_camels"][2 * rel(s) + 1] = state.camels[s] / CAMEL_CARDS
        for c in range(len(COMMODITIES)):
            pieces["goods"][4 * rel(s) + c] = state.goods[4 * s + c] / COMMODITY_TILES
        for i, rank in enumerate(STONES[s]):
            if state.stone_at[rank] < 0:
                pieces["stones_in_hand"][4 * rel(s) + i] = 1.0
    for t in range(1, NUM_TILES + 1):
        if state.stack >> t & 1:
            pieces["stack"][t - 1] = 1.0
    for t in state.discarded:
        pieces["discarded"][t - 1] = 1.0
    pieces["turban"][rel(state.turban)] = 1.0
    board = pieces["rumor_board"]
    for slot in range(SLOTS):
        code = state.chips[slot]
        if code:
            board[5 * slot] = 1.0
            if state.knows_chip(seat, slot):
                board[5 * slot + code] = 1.0
    pool = pieces["rumor_pool"]
    pool[0] = sum(state.pool) / 6
    if state.drawn and seat is not None and seat == state.chooser:
        pool[state.drawn] = 1.0
    if state.r_order:
        pieces["rating_symbols"][:] = [count / 4 for count in state.r_syms]
        for rank in state.r_order:
            pieces["rating_stones"][rank - 1] = 1.0
        pieces["rating_chooser"][state.r_order[state.r_pos] - 1] = 1.0
    supply = pieces["supply"]
    supply[0] = state.water_supply / WATER_TOTAL
    supply[1] = state.camel_supply / CAMEL_CARDS
    for c in range(len(COMMODITIES)):
        supply[2 + c] = state.goods_supply[c] / COMMODITY_TILES
    return [value for piece in LAYOUT.pieces for value in pieces[piece.name]]
