"""The bots' evaluation of a position (:func:`estimate`) and its tables.

The weights are in points, tuned on greedy against random play. The state keeps, per
oasis, its symbols packed as ``worth << 7 | count`` (:data:`SECTION_WORTH`, summed as
oases merge) so that an oasis's stake is one look-up here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.games.desert_sons.board import (
    BASE_VALUE,
    CHIP_VALUES,
    CHOOSE,
    CONTINUE,
    DRAW_TILE,
    EXPLORE,
    NUM_FIELDS,
    OVER,
    PLACE,
    REPLACE,
    SECTIONS,
    STONE,
    STONE_OWNER,
    STONES,
    TURBAN_HEIGHT,
    bits,
)

if TYPE_CHECKING:
    from serai.games.desert_sons.rules import DesertSonsState

EST_WATER = 1.0
EST_CAMEL = 1.0
EST_ROOM = 2.0
EST_HAND = 1.5
EST_OPEN = 0.5
EST_RUMOR = 1.0
EST_FIT = 2.0

PLACEMENT_MADE = frozenset((REPLACE, PLACE, CONTINUE, STONE))
"""Phases in which the turn player's tile is sure to be placed or has been placed."""

CHIP_DELTA = (0, *CHIP_VALUES)
"""A rumor slot's effect on its row's value, by the stored chip (0: no chip)."""


def _height_order(players: int, turban: int) -> tuple[int, ...]:
    top = STONES[turban][0]
    ranks = [r for seat in range(players) for r in STONES[seat]]
    return tuple(sorted(ranks, key=lambda r: TURBAN_HEIGHT if r == top else r, reverse=True))


HEIGHT_ORDER = tuple(tuple(_height_order(n, t) for t in range(n)) for n in range(5))
"""``HEIGHT_ORDER[n][turban]``: the stones in play by effective height, highest first."""

SECTION_WORTH = tuple(
    tuple((sum(4 if x < 4 else 1 for x in symbols) << 7) | len(symbols) for _, symbols in secs)
    for secs in (SECTIONS[f] for f in range(NUM_FIELDS))
)
"""Per field and label: the section's symbols as ``worth << 7 | count`` (a commodity worth
4, any other symbol 1)."""


def estimate(state: DesertSonsState) -> list[float]:
    """The bots' evaluation in points: the final scores once the game is over, else

    - each commodity tile at its value if the game ended now, ``max(0, 4 + chips of its
      row)`` (R27; the chips as this state has them: bots call this on states from
      ``resample_hidden``, where unknown chips are a random arrangement);
    - ``EST_WATER`` per water (moves, takes, bonus turns, fees and the tie-break),
      ``EST_CAMEL`` per camel card, and ``EST_ROOM`` per free carrying space up to 2
      (a full caravan cannot take commodities, R18);
    - ``EST_HAND`` per stone in hand (the option to claim the next oasis);
    - per oasis holding stones, each stone in choosing order (R17) whose place is within
      the oasis's symbol count gets the mean worth of its symbols (a commodity 4, any
      other symbol 1), times the chance that the oasis is rated: 1 once closed,
      ``EST_OPEN / (open edges + 1)`` while open, a quarter of that in the final turns;
      the highest stone's owner pays ``EST_WATER`` times that chance for the fee (R16),
      or, without water, that stone is blocked and gets nothing;
    - in a running rating, the stones still to choose share the remaining symbols the
      same way (chance 1, the fee already paid), and a drawn rumor chip or a pending
      peek is worth ``EST_RUMOR`` to its owner until it is laid or decided;
    - ``EST_FIT`` times :func:`placement_chance` to the turn player: the value of this
      turn's placement (a stone step and a bonus turn rather than a dead draw, a pass or a
      discard), kept from the explore step until the turn ends, so that a search sees
      the same value whether its leaf stops before the placement or after it.
    """
    if state.phase == OVER:
        return [float(score) for score in state.scores()]
    n = state.n
    chips, goods, water, camels = state.chips, state.goods, state.water, state.camels
    v0, v1, v2, v3 = (
        max(0, BASE_VALUE + CHIP_DELTA[chips[2 * c]] + CHIP_DELTA[chips[2 * c + 1]])
        for c in range(4)
    )
    out = []
    for s in range(n):
        g0, g1, g2, g3 = goods[4 * s : 4 * s + 4]
        room = min(2, 4 + 2 * camels[s] - g0 - g1 - g2 - g3)
        out.append(
            g0 * v0
            + g1 * v1
            + g2 * v2
            + g3 * v3
            + EST_WATER * water[s]
            + EST_CAMEL * camels[s]
            + EST_ROOM * room
        )
    out[state.player] += EST_FIT * placement_chance(state)
    rating = state.r_order
    if rating:
        first = state.r_pos
        if state.phase != CHOOSE:
            out[STONE_OWNER[rating[first]]] += EST_RUMOR  # a chip drawn or a peek
            first += 1
        syms = state.r_syms
        count = sum(syms)
        if count:
            commodities = syms[0] + syms[1] + syms[2] + syms[3]
            share = (3 * commodities + count) / count  # a commodity 4, others 1
            for rank in rating[first : first + count]:
                out[STONE_OWNER[rank]] += share
    stone_at = state.stone_at
    groups: dict[int, list[int]] = {}
    for rank in HEIGHT_ORDER[n][state.turban]:
        at = stone_at[rank]
        if at < 0:
            out[STONE_OWNER[rank]] += EST_HAND
        elif rank not in rating:
            root = state.oasis_root(at)
            if root in groups:
                groups[root].append(rank)
            else:
                groups[root] = [rank]
    if groups:
        sopen, sworth = state.sopen, state.sworth
        late = 0.25 if state.ending >= 0 else 1.0
        for root, ranks in groups.items():
            left = sopen[root]
            chance = 1.0 if not left else late * EST_OPEN / (left + 1)
            if len(ranks) > 1:
                top = STONE_OWNER[ranks[0]]
                if water[top]:
                    out[top] -= chance * EST_WATER
                else:
                    ranks = ranks[1:]
            packed = sworth[root]
            count = packed & 127
            if count:
                share = chance * (packed >> 7) / count
                for rank in ranks[:count]:
                    out[STONE_OWNER[rank]] += share
    return out


def placement_chance(state: DesertSonsState) -> float:
    """The chance that the turn player places a tile in this part of its turn (for
    :func:`estimate`): 1 once a tile is to be placed or has been placed (until the turn
    ends); in the explore step 1 if a tile of its display fits next to its caravan, else
    0; while a draw is pending, the share of the stack's tiles that fit (R10); 0 in
    every other phase.
    """
    phase = state.phase
    if phase in PLACEMENT_MADE:
        return 1.0
    seat = state.player
    cell = state.caravan[seat]
    if phase == EXPLORE:
        return 1.0 if any(state.fits(t, cell) for t in state.display[seat]) else 0.0
    if phase == DRAW_TILE:
        tiles = bits(state.stack)
        return sum(state.fits(t, cell) for t in tiles) / len(tiles) if tiles else 0.0
    return 0.0
