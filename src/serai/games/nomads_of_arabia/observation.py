"""A seat's view as a fixed-size vector of numbers, for learning agents.

Seats are relative: block 0 is the observing seat, block 1 the next seat in turn order,
and so on; a spectator (``None``) observes as seat 0. Blocks for seats beyond the player
count stay zero, so every player count has the same shape. Like the view, it shows a
seat its own special disks and only the number of everyone else's (R38).

Layout, in order (``S`` = 55 space slots ``11 * row + x - 1``):

=================  ========  ===================================================
part               size      contents
=================  ========  ===================================================
terrain            8 S       one-hot: green, red, purple, blue, grey, sand, city, mountain
nomads             6 S       the nomad of relative seat ``s`` stands on the space
city disks         6 S       face-down special disk, or face-up final disk 0..4
boxes              20        animals per land box and type / 10
stock              4         stock per type / 17
prices             4         price per type / 12
pile               4         handler dice in the pile per type / 4
seats              6 x 13    money / 100, status one-hot (3), animals (4) / 17,
                             handlers (4) / 3, special disks held / 8
own disks          8         the observing seat holds each special disk
played disks       8         each special disk played
disks              6         special supply / 8, final disks drawn (5)
node               16        one-hot node kind
to act             6         one-hot relative seat (all zero at chance or the end)
turn               5         shift done, main action done, silver tongue, placement, turn / 1000
=================  ========  ===================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import Seat
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

if TYPE_CHECKING:
    from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState

MAX_SEATS = 6
SEAT_BLOCK = 13
TERRAIN = 0
NOMADS = TERRAIN + 8 * SPACES
CITY_DISKS = NOMADS + MAX_SEATS * SPACES
BOXES = CITY_DISKS + 6 * SPACES
STOCK = BOXES + NUM_LANDS * NUM_ANIMALS
PRICES = STOCK + NUM_ANIMALS
PILE = PRICES + NUM_ANIMALS
SEATS = PILE + NUM_ANIMALS
OWN = SEATS + MAX_SEATS * SEAT_BLOCK
PLAYED = OWN + len(SPECIAL_DISKS)
DISKS = PLAYED + len(SPECIAL_DISKS)
NODE = DISKS + 1 + len(FINAL_DISKS)
TO_ACT = NODE + 16
TURN = TO_ACT + MAX_SEATS
OBSERVATION_SIZE = TURN + 5


def observation(state: NomadsOfArabiaState, seat: Seat | None) -> list[float]:
    """The vector of the module docstring for ``seat`` (``None``: a spectator)."""
    out = [0.0] * OBSERVATION_SIZE
    n = state.n
    me = 0 if seat is None else seat
    for row, strip in enumerate(state.rows):
        terrain = STRIP_TERRAIN[strip]
        for x in range(1, WIDTH + 1):
            if terrain[x] != NO_SPACE:
                out[TERRAIN + terrain[x] * SPACES + row * WIDTH + x - 1] = 1.0
        disk = state.city_disk[row]
        if disk >= 0:
            plane = 0 if disk >= len(FINAL_DISKS) else disk + 1
            out[CITY_DISKS + plane * SPACES + row * WIDTH + STRIP_CITY_X[strip] - 1] = 1.0
    for rel in range(n):
        owner = (me + rel) % n
        if state.pos[owner] >= 0:
            out[NOMADS + rel * SPACES + state.pos[owner]] = 1.0
        b = SEATS + rel * SEAT_BLOCK
        out[b] = state.money[owner] / 100
        out[b + 1 + state.status[owner]] = 1.0
        for a in range(NUM_ANIMALS):
            out[b + 4 + a] = state.animals[NUM_ANIMALS * owner + a] / 17
            out[b + 8 + a] = state.handlers[NUM_ANIMALS * owner + a] / 3
        out[b + 12] = state.hands[owner].bit_count() / 8
    for i, k in enumerate(state.boxes):
        out[BOXES + i] = k / 10
    prices = state.prices()
    for a in range(NUM_ANIMALS):
        out[STOCK + a] = state.stock[a] / 17
        out[PRICES + a] = prices[a] / 12
        out[PILE + a] = state.pile[a] / 4
    for d in range(len(SPECIAL_DISKS)):
        if seat is not None and state.hands[seat] >> d & 1:
            out[OWN + d] = 1.0
        if state.played >> d & 1:
            out[PLAYED + d] = 1.0
    out[DISKS] = state.supply / 8
    for f in state.finals:
        out[DISKS + 1 + f] = 1.0
    out[NODE + state.node] = 1.0
    who = state.current_player()
    if who >= 0:
        out[TO_ACT + (who - me) % n] = 1.0
    flags = (state.shift_done, state.main_done, state.silver, state.placement)
    for i, flag in enumerate(flags):
        out[TURN + i] = float(flag)
    out[TURN + 4] = state.turn / 1000
    return out
