"""A slow, obvious Through the Desert reference: rules recomputed from the board.

Nothing here is incremental or uses bitboards: neighbours come from the neighbour table of
the rules' *Notation*, legality is R8/R12 checked hex by hex, regions are breadth-first
searches over sets. Tests compare the fast engine against it.
"""

from __future__ import annotations

from collections import deque
from itertools import permutations

from serai.games.through_the_desert.actions import CAMEL_BASE, LEADER_BASE, TOKEN_BASE
from serai.games.through_the_desert.board import COLS, HEXES, NUM_COLOURS, ROWS
from serai.games.through_the_desert.rules import ThroughTheDesertState


def neighbours(h: int) -> list[int]:
    col, row = h % COLS, h // COLS
    if col % 2 == 0:
        around = [(col, row - 1), (col, row + 1), (col - 1, row - 1), (col - 1, row),
                  (col + 1, row - 1), (col + 1, row)]  # fmt: skip
    else:
        around = [(col, row - 1), (col, row + 1), (col - 1, row), (col - 1, row + 1),
                  (col + 1, row), (col + 1, row + 1)]  # fmt: skip
    return [r * COLS + c for c, r in around if 0 <= c < COLS and 0 <= r < ROWS]


def owner_map(state: ThroughTheDesertState) -> dict[int, int]:
    """hex -> caravan (seat*5 + colour) for every piece on the board."""
    owners = {}
    for caravan, mask in enumerate(state.pieces):
        for h in range(HEXES):
            if mask >> h & 1:
                owners[h] = caravan
    return owners


def playable(state: ThroughTheDesertState, h: int) -> bool:
    return bool(state.layout.playable >> h & 1)


def palms(state: ThroughTheDesertState) -> set[int]:
    return {h for h in range(HEXES) if state.palms >> h & 1}


def closed(state: ThroughTheDesertState) -> set[int]:
    return {h for region, _ in state.closed_regions for h in range(HEXES) if region >> h & 1}


def camel_actions(state: ThroughTheDesertState, seat: int | None = None) -> list[int]:
    """R12, clause by clause, for ``seat`` (by default the player to act)."""
    seat = state.player if seat is None else seat
    owners = owner_map(state)
    palm_hexes, closed_hexes = palms(state), closed(state)
    out = []
    for colour in range(NUM_COLOURS):
        if state.supply[colour] == 0:  # R12.6
            continue
        mine = seat * NUM_COLOURS + colour
        for h in range(HEXES):
            if not playable(state, h) or h in palm_hexes or h in owners or h in closed_hexes:
                continue  # R12.1-3
            around = [owners[n] for n in neighbours(h) if n in owners]
            if mine not in around:  # R12.4
                continue
            if any(c % NUM_COLOURS == colour and c != mine for c in around):  # R12.5
                continue
            out.append(CAMEL_BASE + colour * HEXES + h)
    return out


def leader_hexes(state: ThroughTheDesertState) -> list[int]:
    """R8, hex by hex."""
    owners = owner_map(state)
    palm_hexes = palms(state)
    leaders = {h for h in owners if state.leaders >> h & 1}
    out = []
    for h in range(HEXES):
        if not playable(state, h) or h in palm_hexes or h in owners:
            continue
        if state.tokens >> h & 1:
            continue
        if any(n in palm_hexes or n in leaders for n in neighbours(h)):
            continue
        out.append(h)
    return out


def leader_colours(state: ThroughTheDesertState) -> list[int]:
    """R10, R11: after round 1 any colour held; in round 1 a colour not yet placed in the
    round such that the later seats can still each get a distinct colour they hold."""
    seat, n = state.player, state.n
    holds = [{c for c in range(NUM_COLOURS) if state.held[s] >> c & 1} for s in range(n)]
    if state.leaders_placed >= n:
        return sorted(holds[seat])
    placed = {c for c in range(NUM_COLOURS) if state.round1 >> c & 1}
    later = range(seat + 1, n)
    out = []
    for colour in sorted(holds[seat] - placed):
        free = set(range(NUM_COLOURS)) - placed - {colour}
        if any(
            all(pick[i] in holds[s] for i, s in enumerate(later))
            for pick in permutations(sorted(free), len(later))
        ):
            out.append(colour)
    return out


def leader_actions(state: ThroughTheDesertState) -> list[int]:
    colours = leader_colours(state)
    return [LEADER_BASE + c * HEXES + h for c in colours for h in leader_hexes(state)]


def enclosed_regions(
    state: ThroughTheDesertState, closed_before: set[int]
) -> list[tuple[frozenset[int], int]]:
    """R17 from scratch: every region (given the closed hexes before the placement)
    whose adjacent pieces all belong to one caravan."""
    owners = owner_map(state)
    open_hexes = {
        h for h in range(HEXES) if playable(state, h) and h not in owners and h not in closed_before
    }
    seen: set[int] = set()
    out = []
    for start in sorted(open_hexes):
        if start in seen:
            continue
        region = {start}
        queue = deque([start])
        while queue:
            for n in neighbours(queue.popleft()):
                if n in open_hexes and n not in region:
                    region.add(n)
                    queue.append(n)
        seen |= region
        touching = {owners[n] for h in region for n in neighbours(h) if n in owners}
        if len(touching) == 1:
            out.append((frozenset(region), touching.pop()))
    return out


def final_scores(state: ThroughTheDesertState) -> list[int]:
    """The final scores (*End and scoring*) from the final board and the setup history alone."""
    n = state.n
    owners = owner_map(state)
    palm_hexes = palms(state)
    token_of = {}
    for action in state.history():
        if action >= TOKEN_BASE:
            h, value = divmod(action - TOKEN_BASE, 3)
            token_of[h] = value + 1
    total = [0] * n
    regions = [
        ({h for h in range(HEXES) if region >> h & 1}, c) for region, c in state.closed_regions
    ]
    for caravan in range(n * NUM_COLOURS):
        seat = caravan // NUM_COLOURS
        pieces = [h for h, c in owners.items() if c == caravan]
        camels = [h for h in pieces if not state.leaders >> h & 1]
        mine_closed = set().union(*[r for r, c in regions if c == caravan])
        touched = {p for h in camels for p in neighbours(h) if p in palm_hexes}
        total[seat] += 5 * len(touched | (mine_closed & palm_hexes))
        total[seat] += sum(token_of[h] for h in camels if h in token_of)
        total[seat] += sum(token_of[h] for h in mine_closed if h in token_of)
        total[seat] += len(mine_closed - palm_hexes)
        if state.layout.river:  # R4: the caravan has pieces on both banks
            west = [h for h in pieces if h % COLS <= RIVER_BANK[h // COLS]]
            if 0 < len(west) < len(pieces):
                total[seat] += 5
    for colour in range(NUM_COLOURS):
        counts = [
            sum(1 for h, c in owners.items() if c == s * NUM_COLOURS + colour
                and not state.leaders >> h & 1)
            for s in range(n)
        ]  # fmt: skip
        best = max(counts)
        if best:
            winners = [s for s in range(n) if counts[s] == best]
            for s in winners:
                total[s] += 10 if len(winners) == 1 else 5
    return total


# R3: hex (c, r) is on the west bank when c <= RIVER_BANK[r].
RIVER_BANK = (8, 8, 8, 9, 9, 9, 10, 10, 9, 9, 8, 8, 8)
