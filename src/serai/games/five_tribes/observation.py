"""A seat's view as a fixed-size vector of numbers, for learning agents.

Seats are relative: block 0 is the observing seat, block 1 the next seat, and so on; a
spectator (``None``) observes as seat 0. Blocks of seats beyond the player count stay zero,
so every player count has the same shape. Like the view, it hides opponents' gold until the
end (R32).

Layout, in order (``T`` = 30 tiles, row-major):

=================  =========  ==========================================================
part               size       contents
=================  =========  ==========================================================
tiles              19 T       tile type one-hot (8), meeples per colour / 10 (5), camel of
                              relative seat (4), Palm Trees / 3, Palaces / 3
seats              36 × 4     gold / 100 (0 if hidden), camels left / 11, Viziers / 16,
                              Elders / 20, cards per type / 6 (10), Djinns owned (22)
supply             7          Palm Trees / 12, Palaces / 10, bag per colour / 20
resources          110        pile per type / 18, row slot × type one-hot (90),
                              discard per type / 18
Djinns             66         pile, display, discard (one flag per Djinn each)
tracks             104        bid order (8 slots × 4 relative seats), paid spots (6 × 4),
                              zero queue (3 × 4), last (4), next bid order (8 × 4)
node               49         phase one-hot (19), to act (4), final round, powers used
                              this turn (22), Echidna, Iblis, Kumarbi discount / 6
move               96         current tile (T), previous tile (T), meeples in hand / 10
                              (5), final tile (T), meeples collected / 10
Sibittis           22         Djinns drawn by Sibittis
=================  =========  ==========================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import Seat
from serai.games.five_tribes.board import (
    NO_TILE,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_DJINNS,
    NUM_TILE_TYPES,
    TILES,
    bits,
)

if TYPE_CHECKING:
    from serai.games.five_tribes.rules import FiveTribesState

MAX_SEATS = 4
TILE_PART = 19
SEAT_PART = 36
SEATS = TILE_PART * TILES
SUPPLY = SEATS + SEAT_PART * MAX_SEATS
RESOURCES = SUPPLY + 7
DJINN_PART = RESOURCES + 110
TRACKS = DJINN_PART + 3 * NUM_DJINNS
NODE = TRACKS + 104
MOVE = NODE + 49
SIBITTIS = MOVE + 3 * TILES + 6
OBSERVATION_SIZE = SIBITTIS + NUM_DJINNS


def observation(state: FiveTribesState, seat: Seat | None) -> list[float]:
    """The vector of the module docstring for ``seat`` (``None``: a spectator)."""
    out = [0.0] * OBSERVATION_SIZE
    n = state.n
    me = 0 if seat is None else seat

    def rel(s: int) -> int:
        return (s - me) % n

    for t in range(TILES):
        base = TILE_PART * t
        kind = state.tile_type[t]
        if kind != NO_TILE:
            out[base + kind] = 1.0
        for c in range(NUM_COLOURS):
            out[base + NUM_TILE_TYPES + c] = state.meeples[NUM_COLOURS * t + c] / 10
        if state.camel[t] >= 0:
            out[base + 13 + rel(state.camel[t])] = 1.0
        out[base + 17] = state.palms[t] / 3
        out[base + 18] = state.palaces[t] / 3
    over = state.is_terminal()
    for s in range(n):
        base = SEATS + SEAT_PART * rel(s)
        if s == seat or over:
            out[base] = state.gold[s] / 100
        out[base + 1] = state.camels_left[s] / 11
        out[base + 2] = state.viziers[s] / 16
        out[base + 3] = state.elders[s] / 20
        for card in range(NUM_CARDS):
            out[base + 4 + card] = state.hand[s * NUM_CARDS + card] / 6
    for d, owner in enumerate(state.djinn_owner):
        if owner >= 0:
            out[SEATS + SEAT_PART * rel(owner) + 14 + d] = 1.0
    out[SUPPLY] = state.palms_left / 12
    out[SUPPLY + 1] = state.palaces_left / 10
    for c in range(NUM_COLOURS):
        out[SUPPLY + 2 + c] = state.bag[c] / 20
    for card in range(NUM_CARDS):
        out[RESOURCES + card] = state.pile[card] / 18
        out[RESOURCES + 100 + card] = state.discard[card] / 18
    for slot, card in enumerate(state.row):
        out[RESOURCES + 10 + NUM_CARDS * slot + card] = 1.0
    for d in bits(state.djinn_pile):
        out[DJINN_PART + d] = 1.0
    for d in state.display:
        out[DJINN_PART + NUM_DJINNS + d] = 1.0
    for d in bits(state.djinn_discard):
        out[DJINN_PART + 2 * NUM_DJINNS + d] = 1.0
    for slot, s in enumerate(state.bid_order):
        out[TRACKS + 4 * slot + rel(s)] = 1.0
    for spot, s in enumerate(state.paid):
        if s >= 0:
            out[TRACKS + 32 + 4 * spot + rel(s)] = 1.0
    for slot, s in enumerate(state.zeros):
        out[TRACKS + 56 + 4 * slot + rel(s)] = 1.0
    for s in state.last:
        out[TRACKS + 68 + rel(s)] = 1.0
    for slot, s in enumerate(state.next_order):
        out[TRACKS + 72 + 4 * slot + rel(s)] = 1.0
    out[NODE + state.phase] = 1.0
    to_act = state.current_player()
    if to_act >= 0:
        out[NODE + 19 + rel(to_act)] = 1.0
    out[NODE + 23] = float(state.final_round)
    for d in bits(state.used):
        out[NODE + 24 + d] = 1.0
    out[NODE + 46] = float(state.echidna)
    out[NODE + 47] = float(state.iblis)
    out[NODE + 48] = state.discount / 6
    if state.phase_name in ("step", "drop"):
        out[MOVE + state.cur] = 1.0
        if state.prev < TILES:
            out[MOVE + TILES + state.prev] = 1.0
        for c in range(NUM_COLOURS):
            out[MOVE + 2 * TILES + c] = state.in_hand[c] / 10
    if state.final_tile >= 0:
        out[MOVE + 2 * TILES + 5 + state.final_tile] = 1.0
    out[MOVE + 3 * TILES + 5] = state.collected / 10
    for d in state.sib_drawn:
        out[SIBITTIS + d] = 1.0
    return out
