"""A seat's view as a fixed-size vector of numbers, for learning agents.

Seats are relative: block 0 is the observing seat, block 1 the next seat in turn order,
and so on; a spectator (``None``) observes as seat 0. Blocks for seats beyond the player
count stay zero, so every player count has the same shape. Like the view, it shows a
seat its own special disks and only the number of everyone else's (R38).

The vector is :data:`LAYOUT`'s pieces in order (spaces are ``11 * row + x - 1``; print
``LAYOUT.describe()`` for the table), each built by its own function below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from serai.engine import Seat
from serai.engine.observe import ObservationLayout, Piece
from serai.games.nomads_of_arabia.board import (
    FINAL_DISKS,
    NO_SPACE,
    NUM_ANIMALS,
    NUM_LANDS,
    SPACES,
    SPECIAL_DISKS,
    STRIP_CITY_X,
    STRIP_TERRAIN,
    WIDTH,
)
from serai.games.nomads_of_arabia.procedure import NODE_NAMES

if TYPE_CHECKING:
    from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState

MAX_SEATS = 6
SEAT_BLOCK = 13
TERRAINS = 8

LAYOUT = ObservationLayout(
    Piece(
        "terrain",
        (TERRAINS, SPACES),
        "1 where a space is green, red, purple, blue, grey, sand, city, mountain",
    ),
    Piece("nomads", (MAX_SEATS, SPACES), "1 where the nomad of each relative seat stands"),
    Piece(
        "city_disks",
        (1 + len(FINAL_DISKS), SPACES),
        "1 on a city with a face-down special disk, then with each face-up final disk",
    ),
    Piece("boxes", (NUM_LANDS, NUM_ANIMALS), "animals per land box and type / 10"),
    Piece("stock", (NUM_ANIMALS,), "animals in stock per type / 17"),
    Piece("prices", (NUM_ANIMALS,), "price per type / 12"),
    Piece("pile", (NUM_ANIMALS,), "handler dice in the pile per type / 4"),
    Piece(
        "seats",
        (MAX_SEATS, SEAT_BLOCK),
        "per relative seat: money / 100, status one-hot (board, lost, pilgrim), "
        "animals per type / 17, handler dice per type / 3, special disks held / 8",
    ),
    Piece("own_disks", (len(SPECIAL_DISKS),), "1 for each special disk the observer holds"),
    Piece("played_disks", (len(SPECIAL_DISKS),), "1 for each special disk played"),
    Piece("special_supply", (1,), "special disks in the supply / 8"),
    Piece("finals_drawn", (len(FINAL_DISKS),), "1 for each final disk drawn"),
    Piece("node", (len(NODE_NAMES),), "one-hot: what the state waits for"),
    Piece("to_act", (MAX_SEATS,), "one-hot relative seat to act (all zero at a draw or the end)"),
    Piece(
        "flags",
        (4,),
        "this turn: shift done, capture/call/shift/sale done, silver-tongue, placement",
    ),
    Piece("turn", (1,), "turns played / 1000"),
)

Builder = Callable[["NomadsOfArabiaState", Seat | None, int], list[float]]


def _terrain(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    out = [0.0] * (TERRAINS * SPACES)
    for row, strip in enumerate(state.rows):
        terrain = STRIP_TERRAIN[strip]
        for x in range(1, WIDTH + 1):
            if terrain[x] != NO_SPACE:
                out[terrain[x] * SPACES + row * WIDTH + x - 1] = 1.0
    return out


def _nomads(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    out = [0.0] * (MAX_SEATS * SPACES)
    for rel in range(state.n):
        where = state.pos[(me + rel) % state.n]
        if where >= 0:
            out[rel * SPACES + where] = 1.0
    return out


def _city_disks(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    out = [0.0] * ((1 + len(FINAL_DISKS)) * SPACES)
    for row, strip in enumerate(state.rows):
        disk = state.city_disk[row]
        if disk >= 0:
            plane = 0 if disk >= len(FINAL_DISKS) else disk + 1
            out[plane * SPACES + row * WIDTH + STRIP_CITY_X[strip] - 1] = 1.0
    return out


def _boxes(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    return [k / 10 for k in state.boxes]


def _stock(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    return [k / 17 for k in state.stock]


def _prices(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    return [p / 12 for p in state.prices()]


def _pile(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    return [k / 4 for k in state.pile]


def _seats(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    out = [0.0] * (MAX_SEATS * SEAT_BLOCK)
    for rel in range(state.n):
        owner = (me + rel) % state.n
        b = rel * SEAT_BLOCK
        out[b] = state.money[owner] / 100
        out[b + 1 + state.status[owner]] = 1.0
        for a in range(NUM_ANIMALS):
            out[b + 4 + a] = state.animals[NUM_ANIMALS * owner + a] / 17
            out[b + 8 + a] = state.handlers[NUM_ANIMALS * owner + a] / 3
        out[b + 12] = state.hands[owner].bit_count() / 8
    return out


def _own_disks(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    hand = state.hands[seat] if seat is not None else 0
    return [float(hand >> d & 1) for d in range(len(SPECIAL_DISKS))]


def _played_disks(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    return [float(state.played >> d & 1) for d in range(len(SPECIAL_DISKS))]


def _special_supply(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    return [state.supply / 8]


def _finals_drawn(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    return [float(f in state.finals) for f in range(len(FINAL_DISKS))]


def _node(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    return [float(state.node == node) for node in range(len(NODE_NAMES))]


def _to_act(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    out = [0.0] * MAX_SEATS
    who = state.current_player()
    if who >= 0:
        out[(who - me) % state.n] = 1.0
    return out


def _flags(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    flags = (state.shift_done, state.main_done, state.silver, state.placement)
    return [float(flag) for flag in flags]


def _turn(state: NomadsOfArabiaState, seat: Seat | None, me: int) -> list[float]:
    return [state.turn / 1000]


BUILDERS: dict[str, Builder] = {
    "terrain": _terrain,
    "nomads": _nomads,
    "city_disks": _city_disks,
    "boxes": _boxes,
    "stock": _stock,
    "prices": _prices,
    "pile": _pile,
    "seats": _seats,
    "own_disks": _own_disks,
    "played_disks": _played_disks,
    "special_supply": _special_supply,
    "finals_drawn": _finals_drawn,
    "node": _node,
    "to_act": _to_act,
    "flags": _flags,
    "turn": _turn,
}
"""The function that builds each piece of :data:`LAYOUT`."""


def observation(state: NomadsOfArabiaState, seat: Seat | None) -> list[float]:
    """:data:`LAYOUT`'s pieces for ``seat`` (``None``: a spectator), in order."""
    me = 0 if seat is None else seat
    out: list[float] = []
    for piece in LAYOUT.pieces:
        out += BUILDERS[piece.name](state, seat, me)
    return out
