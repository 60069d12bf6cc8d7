"""A seat's view as a fixed-size vector of numbers, for learning agents.

Seats are relative: block 0 is the observing seat, block 1 the next seat in turn order,
and so on; a spectator (``None``) observes as seat 0. Blocks for seats beyond the player
count stay zero, so every player count has the same shape. Like the view, it shows a
seat its own claimed token values and only the count of everyone else's (R24).

Layout, in order (``H`` = 299 hexes, indexed ``23 * row + col``):

=================  ========  ===================================================
part               size      contents
=================  ========  ===================================================
board              5 H       playable, oasis, palm, free, closed
tokens             3 H       an unclaimed watering-hole token of value 1, 2, 3
pieces             25 H      a piece of relative seat ``s``, colour ``c`` at ``5s + c``
leaders            H         a leader on the hex
closed by          5 H       the hex lies in an area closed by relative seat ``s``
phase              6         one-hot: palms, tokens, removal, leaders, camels, over
to act             5         one-hot relative seat (all zero at chance or the end)
turn               3         camels this turn / 2, camels placed / 2, ending
supply             5         camels left per colour / 30
caravans           25        camels of relative seat ``s``, colour ``c`` / 30
leaders held       25        relative seat ``s`` still holds its ``c`` leader
leader removed     25        relative seat ``s`` removed its ``c`` leader
tokens claimed     5         tokens claimed per relative seat / 10
own tokens         3         own claimed tokens of value 1, 2, 3 / 10
visible points     5         score per relative seat without hidden water / 100
=================  ========  ===================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import Seat
from serai.games.through_the_desert.board import HEXES, NUM_COLOURS, bits

if TYPE_CHECKING:
    from serai.games.through_the_desert.rules import ThroughTheDesertState

MAX_SEATS = 5
BOARD, TOKENS, PIECES, LEADERS, CLOSED_BY = 0, 5, 8, 33, 34
HEX_PLANES = 39
PHASE = HEX_PLANES * HEXES
TO_ACT = PHASE + 6
TURN = TO_ACT + MAX_SEATS
SUPPLY = TURN + 3
CARAVANS = SUPPLY + NUM_COLOURS
HELD = CARAVANS + MAX_SEATS * NUM_COLOURS
REMOVED = HELD + MAX_SEATS * NUM_COLOURS
CLAIMED = REMOVED + MAX_SEATS * NUM_COLOURS
OWN_TOKENS = CLAIMED + MAX_SEATS
POINTS = OWN_TOKENS + 3
OBSERVATION_SIZE = POINTS + MAX_SEATS


def observation(state: ThroughTheDesertState, seat: Seat | None) -> list[float]:
    """The vector of the module docstring for ``seat`` (``None``: a spectator)."""
    out = [0.0] * OBSERVATION_SIZE
    n = state.n
    me = 0 if seat is None else seat

    def plane(index: int, mask: int) -> None:
        base = index * HEXES
        for h in bits(mask):
            out[base + h] = 1.0

    layout = state.layout
    plane(BOARD, layout.playable)
    plane(BOARD + 1, layout.oases)
    plane(BOARD + 2, state.palms)
    plane(BOARD + 3, state.free)
    plane(BOARD + 4, state.closed)
    for h in bits(state.tokens):
        out[(TOKENS + state.token_value[h] - 1) * HEXES + h] = 1.0
    plane(LEADERS, state.leaders)
    for region, caravan in state.closed_regions:
        plane(CLOSED_BY + (caravan // NUM_COLOURS - me) % n, region)
    for caravan, mask in enumerate(state.pieces):
        owner, colour = divmod(caravan, NUM_COLOURS)
        relative = (owner - me) % n
        plane(PIECES + relative * NUM_COLOURS + colour, mask)
        out[CARAVANS + relative * NUM_COLOURS + colour] = state.camels[caravan] / 30
    out[PHASE + state.phase] = 1.0
    to_act = state.current_player()
    if to_act >= 0:
        out[TO_ACT + (to_act - me) % n] = 1.0
        if state.phase_name == "camels":
            out[TURN] = state.camels_this_turn() / 2
    out[TURN + 1] = state.placed / 2
    out[TURN + 2] = float(state.ending)
    for colour in range(NUM_COLOURS):
        out[SUPPLY + colour] = state.supply[colour] / 30
    over = state.is_terminal()
    breakdown = state.score_breakdown()
    for owner in range(n):
        relative = (owner - me) % n
        for colour in bits(state.held[owner]):
            out[HELD + relative * NUM_COLOURS + colour] = 1.0
        if state.removed[owner] >= 0:
            out[REMOVED + relative * NUM_COLOURS + state.removed[owner]] = 1.0
        out[CLAIMED + relative] = state.token_count(owner) / 10
        part = breakdown[owner]
        visible = over or (seat is not None and owner == seat)
        out[POINTS + relative] = (part["total"] - (0 if visible else part["water"])) / 100
    if seat is not None:
        for value in range(3):
            out[OWN_TOKENS + value] = state.claimed[3 * seat + value] / 10
    return out
