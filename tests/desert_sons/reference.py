"""A slow, obvious reference for the incremental parts of the engine (tests only).

Everything here is recomputed from the fields on the board with plain loops and sets:
matching (R2, R3), free destinations (R6), oases and their closure (R15), and the
legal actions of the move, explore and placement steps (A turn, R5-R10).
"""

from __future__ import annotations

from serai.games.desert_sons.board import (
    NUM_TILES,
    SECTIONS,
    SIZE,
    SYMBOLS,
    rotate,
)
from serai.games.desert_sons.rules import DesertSonsState

Section = tuple[int, int]  # (cell, label)


def neighbour(cell: int, d: int) -> int | None:
    x, y = cell % SIZE, cell // SIZE
    x, y = (x, y - 1) if d == 0 else (x + 1, y) if d == 1 else (x, y + 1) if d == 2 else (x - 1, y)
    return y * SIZE + x if 0 <= x < SIZE and 0 <= y < SIZE else None


def edge(state: DesertSonsState, cell: int, d: int) -> str:
    """'O' or 'D' of the field on ``cell`` facing ``d`` (the rotation rule of Notation)."""
    field, k = state.field[cell], state.rot[cell]
    listed = (d - k) % 4
    return "O" if any(mask >> listed & 1 for mask, _ in SECTIONS[field]) else "D"


def section_at(state: DesertSonsState, cell: int, d: int) -> int:
    field, k = state.field[cell], state.rot[cell]
    for label, (mask, _) in enumerate(SECTIONS[field]):
        if rotate(mask, k) >> d & 1:
            return label
    raise AssertionError("no section on a desert edge")


def matches(state: DesertSonsState, tile: int, cell: int, k: int) -> bool:
    """R2 for ``tile`` at rotation ``k`` on the empty ``cell``."""
    placed = [
        "O" if any(rotate(m, k) >> d & 1 for m, _ in SECTIONS[tile]) else "D" for d in range(4)
    ]
    for d in range(4):
        n = neighbour(cell, d)
        if n is None:
            if state.no_border_oasis and placed[d] == "O":
                return False
        elif state.field[n] and edge(state, n, (d + 2) % 4) != placed[d]:
            return False
    return True


def placements(state: DesertSonsState, tile: int, at: int) -> list[int]:
    """R2, R3: placement action ids of ``tile`` next to the cell ``at``."""
    out = []
    for d in range(4):
        n = neighbour(at, d)
        if n is None or state.field[n]:
            continue
        seen = set()
        for k in range(4):
            key = tuple(rotate(m, k) for m, _ in SECTIONS[tile]) or (k * 0,)
            if not SECTIONS[tile]:
                key = ()
            if key in seen:
                continue
            seen.add(key)
            if matches(state, tile, n, k):
                out.append(638 + 4 * n + k)
    return sorted(out)


def free_destinations(state: DesertSonsState, seat: int) -> set[int]:
    """R6 by breadth-first search over desert links, then one oasis link."""
    start = state.caravan[seat]
    region = {start}
    todo = [start]
    while todo:
        c = todo.pop()
        for d in range(4):
            n = neighbour(c, d)
            if n is not None and state.field[n] and n not in region and edge(state, c, d) == "D":
                region.add(n)
                todo.append(n)
    out = set(region)
    for c in region:
        for d in range(4):
            n = neighbour(c, d)
            if n is not None and state.field[n] and edge(state, c, d) == "O":
                out.add(n)
    return out


def move_actions(state: DesertSonsState) -> list[int]:
    seat = state.player
    if state.water[seat]:
        return [c for c in range(SIZE * SIZE) if state.field[c]]
    return sorted(free_destinations(state, seat))


def explore_actions(state: DesertSonsState) -> list[int]:
    """The explore step, R8, R9 and R24 written out."""
    seat = state.player
    at = state.caravan[seat]
    out = []
    if len(state.display[seat]) <= 2 and state.stack:
        out.append(121)
    for t in state.display[seat]:
        if placements(state, t, at):
            out.append(127 + t)
    for s in range(state.n):
        if s != seat and state.water[seat] >= 1:
            for t in state.display[s]:
                if placements(state, t, at):
                    out.append(298 + NUM_TILES * s + t - 1)
    if out:
        return sorted(out)
    own = state.display[seat]
    if len(own) == 3 and state.stack:
        # R24: within reach is every field with water, else the free destinations.
        if state.water[seat] >= 1:
            reach = {c for c in range(SIZE * SIZE) if state.field[c]}
        else:
            reach = free_destinations(state, seat)
        if not any(placements(state, t, c) for c in reach for t in own):
            return sorted(212 + t for t in own)
    return [122]


def oases(state: DesertSonsState) -> list[tuple[frozenset[Section], bool]]:
    """Every oasis as its set of sections, and whether it is closed (R15)."""
    sections = [
        (c, label)
        for c in range(SIZE * SIZE)
        if state.field[c]
        for label in range(len(SECTIONS[state.field[c]]))
    ]
    seen: set[Section] = set()
    out = []
    for first in sections:
        if first in seen:
            continue
        group = {first}
        todo = [first]
        closed = True
        while todo:
            c, label = todo.pop()
            mask, _ = SECTIONS[state.field[c]][label]
            for d in range(4):
                if not rotate(mask, state.rot[c]) >> d & 1:
                    continue
                n = neighbour(c, d)
                if n is None:
                    continue  # R15: facing the border counts as closed
                if not state.field[n]:
                    closed = False
                    continue
                other = (n, section_at(state, n, (d + 2) % 4))
                if other not in group:
                    group.add(other)
                    todo.append(other)
        seen |= group
        out.append((frozenset(group), closed))
    return out


def symbols(state: DesertSonsState, group: frozenset[Section]) -> list[int]:
    counts = [0] * len(SYMBOLS)
    for c, label in group:
        for x in SECTIONS[state.field[c]][label][1]:
            counts[x] += 1
    return counts
