"""The bots' evaluation of a Nomads of Arabia position (``State.estimate``).

Before the end, each seat's estimate is the sum of these terms, in Dinars:

1. its money plus its held money disks (R34: what they will add at the end);
2. ``DISK_USE`` per other held special disk, and ``DISK_CLAIM`` to the seat about to
   draw a claimed disk (``draw-disk`` pending);
3. each held animal at today's track price times a *keep factor*: ``KEEP_ON_CITY`` on a
   city, ``KEEP_STEP`` less per step to the nearest city (mountains ignored), at least
   ``KEEP_MIN``; ``KEEP_OFF_BOARD`` for a nomad Lost or with the Pilgrim (it is placed
   where it likes); times ``KEEP_ROW4`` on row 4 (the next shift makes it Lost, R25).
   So a sale in a city gains, and so does every step towards one;
4. the expected value of one capture (R14) with the held handler dice on the box of the
   land the nomad stands on (animals valued as in 3): in full for the active seat whose
   main action is still open or whose capture roll is pending, times ``NEXT_CAPTURE``
   for every other nomad on land (a later chance). Leaving a city, the pending HANDLERS
   choice counts as the best two dice of the pile on the destination's box;
5. ``HANDLER_VALUE`` per held handler die, and per die a nomad in a city will take on
   leaving it (at most 2).

Once the game is over it is exactly ``scores()``.
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

from serai.games.nomads_of_arabia.board import (
    CITY,
    MONEY_DISKS,
    NUM_ANIMALS,
    NUM_LANDS,
    STRIP_CITY_X,
    STRIP_TERRAIN,
    WIDTH,
    price,
)

if TYPE_CHECKING:
    from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState

DISK_USE = 2.0
DISK_CLAIM = 3.0
KEEP_ON_CITY = 0.9
KEEP_STEP = 0.1
KEEP_MIN = 0.5
KEEP_OFF_BOARD = 0.8
KEEP_ROW4 = 0.7
NEXT_CAPTURE = 0.5
HANDLER_VALUE = 0.5


# EXPECTED_TAKE[n][b]: E[min(K, b)] for K ~ Binomial(n, 1/2) (n dice of a type, b in the box).
EXPECTED_TAKE = tuple(
    tuple(sum(comb(n, k) * min(k, b) for k in range(n + 1)) / 2**n for b in range(4))
    for n in range(4)
)


def capture_value(
    state: NomadsOfArabiaState, land: int, dice: list[int], values: list[float]
) -> float:
    """Expected value of one capture (R14) with ``dice`` on ``land``'s box."""
    boxes = state.boxes
    b = land * NUM_ANIMALS
    total = 0.0
    best = 0.0
    held = 0
    for a in range(NUM_ANIMALS):
        inside = boxes[b + a]
        if inside:
            v = values[a]
            if v > best:
                best = v
            n = dice[a]
            if n:
                total += EXPECTED_TAKE[n][min(inside, 3)] * v
        held += dice[a]
    return total + best / (1 << held)  # all blank: the best type present (R14)


def estimate(
    state: NomadsOfArabiaState, capture_open: bool, leaving: bool, claimer: int
) -> list[float]:
    """The terms of the module docstring, per seat, before the end.

    The rules module says where the turn stands: ``capture_open`` when the active seat
    may still capture (or its capture roll is pending), ``leaving`` when it is choosing
    handlers on its last step out of a city, ``claimer`` the seat drawing a disk (or -1).
    """
    n = state.n
    stock = state.stock
    cols = state.cols
    prices = [price(a, stock[a], cols) for a in range(NUM_ANIMALS)]
    rows = state.rows
    # Mid-shift (draw-strip pending) row 0 is missing and the nomads already moved down.
    offset = 5 - len(rows)
    cities = [
        (offset + i, STRIP_CITY_X[strip]) for i, strip in enumerate(rows) if STRIP_CITY_X[strip]
    ]
    active = state.active
    out = []
    for seat in range(n):
        hand = state.hands[seat]
        value = float(state.money[seat] + state.disk_dinars(seat))
        value += DISK_USE * (hand & ~MONEY_DISKS).bit_count()
        if seat == claimer:
            value += DISK_CLAIM
        b = NUM_ANIMALS * seat
        animals = state.animals[b : b + NUM_ANIMALS]
        dice = state.handlers[b : b + NUM_ANIMALS]
        pos = state.pos[seat]
        if pos < 0:
            keep = KEEP_OFF_BOARD
            terrain = -1
        else:
            row, x = divmod(pos, WIDTH)
            x += 1
            steps = 4
            for city_row, city_x in cities:
                dr = abs(row - city_row)
                d = dr + max(0, (abs(x - city_x) - dr) // 2)
                if d < steps:
                    steps = d
            keep = max(KEEP_MIN, KEEP_ON_CITY - KEEP_STEP * steps)
            if row == 4:
                keep *= KEEP_ROW4
            terrain = STRIP_TERRAIN[rows[row - offset]][x] if row >= offset else -1
        values = [prices[a] * keep for a in range(NUM_ANIMALS)]
        value += sum(animals[a] * values[a] for a in range(NUM_ANIMALS))
        held = sum(dice)
        value += HANDLER_VALUE * held
        if terrain == CITY:
            pile = state.pile
            value += HANDLER_VALUE * min(2, pile[0] + pile[1] + pile[2] + pile[3])
        if seat == active and leaving:
            value += _leaving_value(state, prices)
        elif 0 <= terrain < NUM_LANDS and held:
            here = capture_value(state, terrain, dice, values)
            if seat == active and capture_open:
                value += here
            else:
                value += NEXT_CAPTURE * here
        out.append(value)
    return out


def _leaving_value(state: NomadsOfArabiaState, prices: list[int]) -> float:
    """The capture the best two dice of the pile promise on the step's destination."""
    dest = state.step_dest
    row, x = divmod(dest, WIDTH)
    if row >= len(state.rows):
        return 0.0
    land = STRIP_TERRAIN[state.rows[row]][x + 1]
    if not 0 <= land < NUM_LANDS:
        return 0.0
    b = land * NUM_ANIMALS
    best = sorted(
        (prices[a] for a in range(NUM_ANIMALS) if state.boxes[b + a] and state.pile[a]),
        reverse=True,
    )
    return 0.5 * KEEP_ON_CITY * sum(best[:2])
