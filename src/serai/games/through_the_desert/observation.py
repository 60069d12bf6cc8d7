"""A seat's view as a fixed-size vector of numbers, for learning agents.

Seats are relative: block 0 is the observing seat, block 1 the next seat in turn order,
and so on; a spectator (``None``) observes as seat 0. Blocks for seats beyond the player
count stay zero, so every player count has the same shape. Like the view, it shows a
seat its own claimed token values and only the count of everyone else's (R24).

The vector is the named pieces of :data:`LAYOUT`, in order (``LAYOUT.describe()`` prints
them as a table); hex planes are indexed ``23 * row + col``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import Seat
from serai.engine.observe import ObservationLayout, Piece
from serai.games.through_the_desert.board import HEXES, NUM_COLOURS, PHASE_NAMES, bits

if TYPE_CHECKING:
    from serai.games.through_the_desert.rules import ThroughTheDesertState

MAX_SEATS = 5
CAMEL_SCALE = 30
"""Camel counts are divided by this (the largest supply of a colour, R21)."""

LAYOUT = ObservationLayout(
    Piece("board", (5, HEXES), "planes: playable, oasis, palm, free, closed"),
    Piece("tokens", (3, HEXES), "an unclaimed watering-hole token of value 1, 2, 3"),
    Piece("pieces", (MAX_SEATS * NUM_COLOURS, HEXES), "a piece of relative seat s, colour c"),
    Piece("leaders", (HEXES,), "a leader on the hex"),
    Piece("closed_by", (MAX_SEATS, HEXES), "the hex lies in a region closed by relative seat s"),
    Piece("phase", (len(PHASE_NAMES),), "one-hot: palms, tokens, removal, leaders, camels, over"),
    Piece("to_act", (MAX_SEATS,), "one-hot relative seat (all zero at chance or the end)"),
    Piece("turn", (3,), "camels this turn / 2, camels placed / 2, ending"),
    Piece("supply", (NUM_COLOURS,), "camels left per colour / 30"),
    Piece("caravans", (MAX_SEATS, NUM_COLOURS), "camels of relative seat s, colour c / 30"),
    Piece("leaders_held", (MAX_SEATS, NUM_COLOURS), "relative seat s still holds its c leader"),
    Piece("leader_removed", (MAX_SEATS, NUM_COLOURS), "relative seat s set its c leader aside"),
    Piece("tokens_claimed", (MAX_SEATS,), "tokens claimed per relative seat / 10"),
    Piece("own_tokens", (3,), "own claimed tokens of value 1, 2, 3 / 10"),
    Piece("visible_points", (MAX_SEATS,), "score per relative seat without hidden water / 100"),
)
"""The pieces of the observation vector, in order."""

BOARD = LAYOUT.start("board")
TOKENS = LAYOUT.start("tokens")
PIECES = LAYOUT.start("pieces")
LEADERS = LAYOUT.start("leaders")
CLOSED_BY = LAYOUT.start("closed_by")
PHASE = LAYOUT.start("phase")
TO_ACT = LAYOUT.start("to_act")
TURN = LAYOUT.start("turn")
SUPPLY = LAYOUT.start("supply")
CARAVANS = LAYOUT.start("caravans")
HELD = LAYOUT.start("leaders_held")
REMOVED = LAYOUT.start("leader_removed")
CLAIMED = LAYOUT.start("tokens_claimed")
OWN_TOKENS = LAYOUT.start("own_tokens")
POINTS = LAYOUT.start("visible_points")


def observation(state: ThroughTheDesertState, seat: Seat | None) -> list[float]:
    """The vector of :data:`LAYOUT` for ``seat`` (``None``: a spectator), piece by piece."""
    out = [0.0] * LAYOUT.size
    n = state.n
    me = 0 if seat is None else seat

    def plane(start: int, mask: int) -> None:
        for h in bits(mask):
            out[start + h] = 1.0

    layout = state.layout
    for index, mask in enumerate(
        (layout.playable, layout.oases, state.palms, state.free, state.closed)
    ):
        plane(BOARD + index * HEXES, mask)
    for h in bits(state.tokens):
        out[TOKENS + (state.token_value[h] - 1) * HEXES + h] = 1.0
    for caravan, mask in enumerate(state.pieces):
        owner, colour = divmod(caravan, NUM_COLOURS)
        plane(PIECES + (((owner - me) % n) * NUM_COLOURS + colour) * HEXES, mask)
    plane(LEADERS, state.leaders)
    for region, caravan in state.closed_regions:
        plane(CLOSED_BY + ((caravan // NUM_COLOURS - me) % n) * HEXES, region)
    out[PHASE + state.phase] = 1.0
    to_act = state.current_player()
    if to_act >= 0:
        out[TO_ACT + (to_act - me) % n] = 1.0
        if state.phase_name == "camels":
            out[TURN] = state.camels_this_turn() / 2
    out[TURN + 1] = state.placed / 2
    out[TURN + 2] = float(state.ending)
    for colour in range(NUM_COLOURS):
        out[SUPPLY + colour] = state.supply[colour] / CAMEL_SCALE
    for caravan, count in enumerate(state.camels):
        owner, colour = divmod(caravan, NUM_COLOURS)
        out[CARAVANS + ((owner - me) % n) * NUM_COLOURS + colour] = count / CAMEL_SCALE
    for owner in range(n):
        relative = (owner - me) % n
        for colour in bits(state.held[owner]):
            out[HELD + relative * NUM_COLOURS + colour] = 1.0
    for owner in range(n):
        if state.removed[owner] >= 0:
            out[REMOVED + ((owner - me) % n) * NUM_COLOURS + state.removed[owner]] = 1.0
    for owner in range(n):
        out[CLAIMED + (owner - me) % n] = state.token_count(owner) / 10
    if seat is not None:
        for value in range(3):
            out[OWN_TOKENS + value] = state.claimed[3 * seat + value] / 10
    over = state.is_terminal()
    breakdown = state.score_breakdown()
    for owner in range(n):
        part = breakdown[owner]
        visible = over or (seat is not None and owner == seat)
        out[POINTS + (owner - me) % n] = (part["total"] - (0 if visible else part["water"])) / 100
    return out
