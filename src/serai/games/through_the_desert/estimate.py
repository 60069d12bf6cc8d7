"""The bots' view of a Through the Desert position: ``estimate`` and ``action_priors``.

**The estimate** (``State.estimate``). Before the end, each seat's estimate is the sum of
these terms, in points:

1. its score so far (``scores()``: water, oases, river, area; summed here directly);
2. the R22 largest-caravan awards as the caravans stand now (``caravan_awards()``);
3. **reach**, in games of at most ``REACH_MAX_PLAYERS`` players: what its caravans can take
   with their next camel. A caravan's *reach* is the set of hexes where its seat may place
   a camel of its colour now (R12: next to it, free, not next to another seat's caravan of
   that colour; empty once the colour's supply is out):
   - ``TOKEN_REACH`` times the value of each unclaimed token in the union of the seat's
     reaches (a token counts once, however many of its caravans reach it);
   - ``OASIS_REACH`` times 5 for each palm that a caravan has not scored and that a
     camel in its reach would touch (each caravan scores a palm once, R16).

   With two players the reach makes the bots much stronger: ``mcts:medium`` with it beat
   the same bot without it in 84% of 60 games. With three, two rivals place four camels
   before a seat's next turn and take much of what it could reach: the two bots were
   level (49% over 120 games), and the term cost 18% of the search's speed, so it is left
   out (docs/bots.md).

Once the game is over it is exactly ``scores()``.

**The action priors** (``State.action_priors``): MCTS tries the actions of a node best
guess first and widens its search below the root as at the root. The guess is what an
action gains at once, without applying it:

- a camel: the value of the token on its hex; 5 per palm it touches that its caravan has
  not scored; the change in the seat's R22 margin in its colour over the rival with the
  most camels of that colour (+10 for drawing level or for going ahead); and
  ``PRIOR_REACH`` times the tokens next to it that its caravan could not reach before;
- a leader: the tokens next to its hex, and 5 per palm two hexes away (a leader may not
  stand next to a palm, R8; a camel next to it can touch one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.games.through_the_desert.actions import DECODED
from serai.games.through_the_desert.board import (
    CAMELS,
    LARGEST_CARAVAN,
    LEADERS,
    NEIGHBOURS,
    NUM_COLOURS,
    OASIS_POINTS,
    SHARED_LARGEST_CARAVAN,
    bits,
    grow,
)

if TYPE_CHECKING:
    from serai.games.through_the_desert.rules import ThroughTheDesertState

TOKEN_REACH = 0.5
"""Share of an unclaimed token's value that a seat's caravans can reach with one camel."""
OASIS_REACH = 0.5
"""Share of the 5 points of a palm that a caravan can reach with one camel."""
REACH_MAX_PLAYERS = 2
"""The reach terms count only in games of at most this many players (term 3)."""
PRIOR_REACH = 0.5
"""Action priors: share of the tokens a camel brings into its caravan's reach."""


def reach_values(state: ThroughTheDesertState) -> list[float]:
    """Each seat's reach term (term 3 of the estimate)."""
    n = state.n
    free = state.free
    zone = state.zone
    supply = state.supply
    palms = state.palms
    near_palms = state.palm_zone  # the palms and their neighbours
    scored = state.oasis_scored
    union = [0] * n
    out = [0.0] * n
    for colour in range(NUM_COLOURS):
        if not supply[colour]:
            continue
        zones = zone[colour::NUM_COLOURS]  # each seat's caravan of this colour
        # R12: a hex next to two seats' caravans of the colour is open to neither.
        seen = contested = 0
        for own in zones:
            contested |= seen & own
            seen |= own
        open_hexes = free & ~contested
        for seat, own in enumerate(zones):
            mask = own & open_hexes
            if mask:
                union[seat] |= mask
                if mask & near_palms:
                    unscored = palms & ~scored[seat * NUM_COLOURS + colour]
                    touched = sum(1 for palm in bits(unscored) if NEIGHBOURS[palm] & mask)
                    out[seat] += OASIS_REACH * OASIS_POINTS * touched
    tokens = state.tokens
    token_value = state.token_value
    for seat in range(n):
        reachable = union[seat] & tokens
        if reachable:
            out[seat] += TOKEN_REACH * sum(token_value[h] for h in bits(reachable))
    return out


def estimate(state: ThroughTheDesertState) -> list[float]:
    """Each seat's estimate (module docstring); ``scores()`` once the game is over."""
    if state.is_terminal():
        return [float(score) for score in state.scores()]
    n = state.n
    claimed = state.claimed
    scored = state.oasis_scored
    river = state.river_scored
    area = state.area
    camels = state.camels
    values = reach_values(state) if n <= REACH_MAX_PLAYERS else [0.0] * n
    for seat in range(n):
        first = seat * NUM_COLOURS
        water = claimed[3 * seat] + 2 * claimed[3 * seat + 1] + 3 * claimed[3 * seat + 2]
        oases = sum(mask.bit_count() for mask in scored[first : first + NUM_COLOURS])
        crossed = (river >> first & (1 << NUM_COLOURS) - 1).bit_count()
        values[seat] += water + OASIS_POINTS * (oases + crossed) + area[seat]
    # R22 as it stands: 10 to a colour's single leader, 5 to each of tied leaders.
    for colour in range(NUM_COLOURS):
        counts = camels[colour::NUM_COLOURS]
        most = max(counts)
        if most:
            leaders = [seat for seat in range(n) if counts[seat] == most]
            award = LARGEST_CARAVAN if len(leaders) == 1 else SHARED_LARGEST_CARAVAN
            for seat in leaders:
                values[seat] += award
    return values


def award_margin(mine: int, rival: int) -> int:
    """What one colour's R22 award adds to a seat's margin over its strongest rival."""
    if mine > rival:
        return LARGEST_CARAVAN
    if mine < rival:
        return -LARGEST_CARAVAN
    return 0


def action_priors(state: ThroughTheDesertState, actions: list[int]) -> list[float] | None:
    """What each of ``actions`` gains at once (module docstring); ``None`` off the board."""
    if state.phase == CAMELS:
        return _camel_priors(state, actions)
    if state.phase == LEADERS:
        return _leader_priors(state, actions)
    return None


def _camel_priors(state: ThroughTheDesertState, actions: list[int]) -> list[float]:
    seat = state.player
    n = state.n
    camels = state.camels
    palms = state.palms
    scored = state.oasis_scored
    zone = state.zone
    tokens = state.tokens
    token_value = state.token_value
    award = []
    unscored = []
    fresh_tokens = []
    for colour in range(NUM_COLOURS):
        caravan = seat * NUM_COLOURS + colour
        mine = camels[caravan]
        rival = max(camels[other * NUM_COLOURS + colour] for other in range(n) if other != seat)
        award.append(award_margin(mine + 1, rival) - award_margin(mine, rival))
        unscored.append(palms & ~scored[caravan])
        fresh_tokens.append(tokens & ~zone[caravan])
    out: list[float] = []
    for action in actions:
        move = DECODED[action]
        if move.kind != "camel":
            out.append(0.0)
            continue
        colour, h = move.colour, move.hex
        near = NEIGHBOURS[h]
        value = float(token_value[h] + award[colour])
        if near & unscored[colour]:
            value += OASIS_POINTS * (near & unscored[colour]).bit_count()
        fresh = near & fresh_tokens[colour]
        if fresh:
            value += PRIOR_REACH * sum(token_value[t] for t in bits(fresh))
        out.append(value)
    return out


def _leader_priors(state: ThroughTheDesertState, actions: list[int]) -> list[float]:
    tokens = state.tokens
    palms = state.palms
    token_value = state.token_value
    by_hex: dict[int, float] = {}
    out: list[float] = []
    for action in actions:
        move = DECODED[action]
        if move.kind != "leader":
            out.append(0.0)
            continue
        h = move.hex
        value = by_hex.get(h)
        if value is None:
            near = NEIGHBOURS[h]
            value = float(sum(token_value[t] for t in bits(near & tokens)))
            value += OASIS_POINTS * (grow(near) & palms).bit_count()
            by_hex[h] = value
        out.append(value)
    return out
