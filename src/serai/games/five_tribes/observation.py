"""A seat's view as a fixed-size vector of numbers, for learning agents.

:data:`LAYOUT` names its pieces in order; :func:`observation` builds the vector piece by
piece, one function per piece. Seats are relative: seat 0 of a piece is the observing seat,
1 the next seat, and so on; a spectator (``None``) observes as seat 0. Places for seats
beyond the player count stay zero, so every player count has the same shape. Like the view,
it hides opponents' gold until the end (R32). Tiles are row-major (``6 * r + c``).

>>> LAYOUT.size, LAYOUT.start("seats"), LAYOUT.piece("row").shape
(1168, 570, (9, 10))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from serai.engine import Seat
from serai.engine.observe import ObservationLayout, Piece
from serai.games.five_tribes.board import (
    DROP,
    NO_TILE,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_DJINNS,
    NUM_TILE_TYPES,
    PHASE_NAMES,
    ROW_SIZE,
    STEP,
    TILES,
    bits,
)

if TYPE_CHECKING:
    from serai.games.five_tribes.rules import FiveTribesState

MAX_SEATS = 4
MAX_MARKERS = 8
"""Bid order places in the vector (at most 4 markers are used)."""
SEAT_PART = 4 + NUM_CARDS + NUM_DJINNS
TILE_PART = NUM_TILE_TYPES + NUM_COLOURS + MAX_SEATS + 2
PAID_SPOTS = 6
ZERO_SPOTS = 3

LAYOUT = ObservationLayout(
    Piece(
        "tiles",
        (TILES, TILE_PART),
        "per tile: its type one-hot (8, none before it is dealt), meeples per colour / 10 (5), "
        "the relative seat of its camel one-hot (4), Palm Trees / 3, Palaces / 3",
    ),
    Piece(
        "seats",
        (MAX_SEATS, SEAT_PART),
        "per relative seat: gold / 100 (0 while hidden, R32), camels left / 11, Viziers / 16, "
        "Elders / 20, cards per type / 6 (10), the Djinns it owns (22)",
    ),
    Piece("supply", (2,), "Palm Trees left / 12, Palaces left / 10"),
    Piece("bag", (NUM_COLOURS,), "meeples in the bag per colour / 20"),
    Piece("resource_pile", (NUM_CARDS,), "cards in the resource pile per type / 18"),
    Piece("row", (ROW_SIZE, NUM_CARDS), "per place of the row, front first: its card one-hot"),
    Piece("resource_discard", (NUM_CARDS,), "cards in the discard pile per type / 18"),
    Piece("djinn_pile", (NUM_DJINNS,), "1 per Djinn in the Djinn pile"),
    Piece("display", (NUM_DJINNS,), "1 per Djinn in the display"),
    Piece("djinn_discard", (NUM_DJINNS,), "1 per discarded Djinn"),
    Piece("bid_order", (MAX_MARKERS, MAX_SEATS), "per bid order place: its relative seat"),
    Piece("paid_spots", (PAID_SPOTS, MAX_SEATS), "per paid spot, 18 first: its relative seat"),
    Piece("zero_queue", (ZERO_SPOTS, MAX_SEATS), "per zero queue place: its relative seat"),
    Piece("last", (MAX_SEATS,), "1 per relative seat with a marker played last"),
    Piece("next_bid_order", (MAX_MARKERS, MAX_SEATS), "per place: its relative seat"),
    Piece("phase", (len(PHASE_NAMES),), "the node one-hot, in the order of board.PHASE_NAMES"),
    Piece("to_act", (MAX_SEATS,), "the relative seat to act (none at chance or the end)"),
    Piece("final_round", (1,), "1 in the last round (R34)"),
    Piece("used", (NUM_DJINNS,), "1 per Djinn whose power was used this turn (R18)"),
    Piece("echidna", (1,), "1 once Echidna doubles this turn's Builder gold"),
    Piece("iblis", (1,), "1 once Iblis makes this kill take two meeples"),
    Piece("kumarbi_discount", (1,), "the spots Kumarbi takes off this bid / 6"),
    Piece("at", (TILES,), "during a move: the tile the mover stands on"),
    Piece("from", (TILES,), "during a move: the tile just left (none right after the pick-up)"),
    Piece("in_hand", (NUM_COLOURS,), "during a move: meeples in hand per colour / 10"),
    Piece("final_tile", (TILES,), "the tile this turn's move ended on"),
    Piece("collected", (1,), "the meeples of the tribe taken this turn / 10"),
    Piece("sibittis_drawn", (NUM_DJINNS,), "1 per Djinn Sibittis drew, to keep one"),
)


class _Seen:
    """Who observes: the relative seat of each seat."""

    def __init__(self, state: FiveTribesState, seat: Seat | None) -> None:
        self.seat = seat
        self.me = 0 if seat is None else seat
        self.n = state.n

    def rel(self, s: int) -> int:
        return (s - self.me) % self.n


def _one_hot(size: int, *indices: int) -> list[float]:
    out = [0.0] * size
    for index in indices:
        out[index] = 1.0
    return out


def _seat_places(places: int, seats: list[int], seen: _Seen) -> list[float]:
    """Per place, the relative seat of ``seats[place]`` one-hot (-1: none)."""
    out = [0.0] * (places * MAX_SEATS)
    for place, s in enumerate(seats):
        if s >= 0:
            out[MAX_SEATS * place + seen.rel(s)] = 1.0
    return out


def _tiles(state: FiveTribesState, seen: _Seen) -> list[float]:
    out = [0.0] * (TILES * TILE_PART)
    for t in range(TILES):
        base = TILE_PART * t
        kind = state.tile_type[t]
        if kind != NO_TILE:
            out[base + kind] = 1.0
        for c in range(NUM_COLOURS):
            out[base + NUM_TILE_TYPES + c] = state.meeples[NUM_COLOURS * t + c] / 10
        if state.camel[t] >= 0:
            out[base + NUM_TILE_TYPES + NUM_COLOURS + seen.rel(state.camel[t])] = 1.0
        out[base + TILE_PART - 2] = state.palms[t] / 3
        out[base + TILE_PART - 1] = state.palaces[t] / 3
    return out


def _seats(state: FiveTribesState, seen: _Seen) -> list[float]:
    out = [0.0] * (MAX_SEATS * SEAT_PART)
    over = state.is_terminal()
    for s in range(state.n):
        base = SEAT_PART * seen.rel(s)
        if s == seen.seat or over:
            out[base] = state.gold[s] / 100
        out[base + 1] = state.camels_left[s] / 11
        out[base + 2] = state.viziers[s] / 16
        out[base + 3] = state.elders[s] / 20
        for card in range(NUM_CARDS):
            out[base + 4 + card] = state.hand[s * NUM_CARDS + card] / 6
    for d, owner in enumerate(state.djinn_owner):
        if owner >= 0:
            out[SEAT_PART * seen.rel(owner) + 4 + NUM_CARDS + d] = 1.0
    return out


def _row(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _one_hot(ROW_SIZE * NUM_CARDS, *(NUM_CARDS * i + c for i, c in enumerate(state.row)))


def _in_move(state: FiveTribesState) -> bool:
    return state.phase in (STEP, DROP)


def _at(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _one_hot(TILES, state.cur) if _in_move(state) else [0.0] * TILES


def _from(state: FiveTribesState, seen: _Seen) -> list[float]:
    moving = _in_move(state) and state.prev < TILES
    return _one_hot(TILES, state.prev) if moving else [0.0] * TILES


def _in_hand(state: FiveTribesState, seen: _Seen) -> list[float]:
    return [k / 10 for k in state.in_hand] if _in_move(state) else [0.0] * NUM_COLOURS


def _to_act(state: FiveTribesState, seen: _Seen) -> list[float]:
    to_act = state.current_player()
    return _one_hot(MAX_SEATS, seen.rel(to_act)) if to_act >= 0 else [0.0] * MAX_SEATS


def _supply(state: FiveTribesState, seen: _Seen) -> list[float]:
    return [state.palms_left / 12, state.palaces_left / 10]


def _bag(state: FiveTribesState, seen: _Seen) -> list[float]:
    return [k / 20 for k in state.bag]


def _resource_pile(state: FiveTribesState, seen: _Seen) -> list[float]:
    return [k / 18 for k in state.pile]


def _resource_discard(state: FiveTribesState, seen: _Seen) -> list[float]:
    return [k / 18 for k in state.discard]


def _djinn_pile(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _one_hot(NUM_DJINNS, *bits(state.djinn_pile))


def _display(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _one_hot(NUM_DJINNS, *state.display)


def _djinn_discard(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _one_hot(NUM_DJINNS, *bits(state.djinn_discard))


def _bid_order(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _seat_places(MAX_MARKERS, state.bid_order, seen)


def _paid_spots(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _seat_places(PAID_SPOTS, state.paid, seen)


def _zero_queue(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _seat_places(ZERO_SPOTS, state.zeros, seen)


def _last(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _one_hot(MAX_SEATS, *(seen.rel(s) for s in state.last))


def _next_bid_order(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _seat_places(MAX_MARKERS, state.next_order, seen)


def _phase(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _one_hot(len(PHASE_NAMES), state.phase)


def _final_round(state: FiveTribesState, seen: _Seen) -> list[float]:
    return [float(state.final_round)]


def _used(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _one_hot(NUM_DJINNS, *bits(state.used))


def _echidna(state: FiveTribesState, seen: _Seen) -> list[float]:
    return [float(state.echidna)]


def _iblis(state: FiveTribesState, seen: _Seen) -> list[float]:
    return [float(state.iblis)]


def _kumarbi_discount(state: FiveTribesState, seen: _Seen) -> list[float]:
    return [state.discount / 6]


def _final_tile(state: FiveTribesState, seen: _Seen) -> list[float]:
    tile = state.final_tile
    return _one_hot(TILES, tile) if tile >= 0 else [0.0] * TILES


def _collected(state: FiveTribesState, seen: _Seen) -> list[float]:
    return [state.collected / 10]


def _sibittis_drawn(state: FiveTribesState, seen: _Seen) -> list[float]:
    return _one_hot(NUM_DJINNS, *state.sib_drawn)


PIECES: dict[str, Callable[[FiveTribesState, _Seen], list[float]]] = {
    "tiles": _tiles,
    "seats": _seats,
    "supply": _supply,
    "bag": _bag,
    "resource_pile": _resource_pile,
    "row": _row,
    "resource_discard": _resource_discard,
    "djinn_pile": _djinn_pile,
    "display": _display,
    "djinn_discard": _djinn_discard,
    "bid_order": _bid_order,
    "paid_spots": _paid_spots,
    "zero_queue": _zero_queue,
    "last": _last,
    "next_bid_order": _next_bid_order,
    "phase": _phase,
    "to_act": _to_act,
    "final_round": _final_round,
    "used": _used,
    "echidna": _echidna,
    "iblis": _iblis,
    "kumarbi_discount": _kumarbi_discount,
    "at": _at,
    "from": _from,
    "in_hand": _in_hand,
    "final_tile": _final_tile,
    "collected": _collected,
    "sibittis_drawn": _sibittis_drawn,
}
"""How each piece of :data:`LAYOUT` is built."""


def observation(state: FiveTribesState, seat: Seat | None) -> list[float]:
    """The vector of :data:`LAYOUT` for ``seat`` (``None``: a spectator)."""
    seen = _Seen(state, seat)
    out: list[float] = []
    for piece in LAYOUT.pieces:
        out += PIECES[piece.name](state, seen)
    return out
