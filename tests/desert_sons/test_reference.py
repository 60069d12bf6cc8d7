"""The incremental engine against the slow reference, over many random games."""

from __future__ import annotations

import random

import pytest

import serai
from serai.games.desert_sons.board import EXPLORE, MOVE, PLACE, SECTIONS, STONE, STONES
from serai.games.desert_sons.rules import DesertSonsState
from tests.desert_sons import reference
from tests.desert_sons.scenario import new_game


def engine_oases(state: DesertSonsState) -> dict[frozenset[tuple[int, int]], int]:
    """The engine's oases (union-find roots) as sets of sections, with their open count."""
    groups: dict[int, set[tuple[int, int]]] = {}
    for c in state.field_cells:
        for label in range(len(SECTIONS[state.field[c]])):
            groups.setdefault(state.oasis_root(2 * c + label), set()).add((c, label))
    return {frozenset(g): state.sopen[root] for root, g in groups.items()}


def check_rating_opened(state: DesertSonsState) -> None:
    """R16, R17: a rating that just opened has the oasis's stones, in order, and symbols."""
    first = state.stone_at[state.r_order[0]]
    group = next(g for g, _ in reference.oases(state) if (first // 2, first % 2) in g)
    stones = [r for r in range(1, 17) if (state.stone_at[r] // 2, state.stone_at[r] % 2) in group]
    top = STONES[state.turban][0]
    expected = sorted(stones, key=lambda r: 17 if r == top else r, reverse=True)
    assert list(state.r_order) == expected
    if state.r_pos == 0 and state.r_order[0] != state.r_blocked:
        assert state.r_syms == reference.symbols(state, group)


def check_playout(players: int, desert_border: bool, seed: int) -> tuple[int, int]:
    """One random game checked at every step; (closed oases, ratings) it saw."""
    rng = random.Random(seed)
    state = new_game(players, desert_border)
    closed_seen = ratings = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        phase = state.phase
        if phase == MOVE:
            assert legal == reference.move_actions(state)  # R5, R6
        elif phase == EXPLORE:
            assert legal == reference.explore_actions(state)  # R8, R9, R24
        elif phase == PLACE:
            assert legal == reference.placements(state, state.pending, state.caravan[state.player])
        action = legal[rng.randrange(len(legal))]
        before = {g for g, closed in reference.oases(state) if closed}
        order_before = state.r_order
        state.apply_action(action)
        if state.r_order and state.r_order != order_before:
            ratings += 1
            check_rating_opened(state)
        if phase == PLACE:
            expected = reference.oases(state)
            got = engine_oases(state)
            assert set(got) == {g for g, _ in expected}  # R15: the same oases
            for group, closed in expected:
                assert (got[group] == 0) == closed  # R15
            new = [g for g, closed in expected if closed and g not in before]
            if state.phase == STONE:
                closing = [
                    frozenset(
                        (c, label)
                        for c in state.field_cells
                        for label in range(len(SECTIONS[state.field[c]]))
                        if state.oasis_root(2 * c + label) == root
                    )
                    for root in state.closing
                ]
                assert sorted(closing, key=sorted) == sorted(new, key=sorted)
                cell = state.last_cell
                order = [  # R15: section a's oasis first
                    g
                    for label in range(len(SECTIONS[state.field[cell]]))
                    for g in new
                    if (cell, label) in g
                ]
                assert closing == list(dict.fromkeys(order))
                closed_seen += len(new)
            else:
                assert new == []  # a desert tile closes nothing
    return closed_seen, ratings


@pytest.mark.parametrize(
    ("players", "desert_border"), [(2, False), (3, False), (4, False), (2, True), (4, True)]
)
def test_r2_r6_r15_incremental_engine_matches_the_reference(
    players: int, desert_border: bool
) -> None:
    closed = ratings = 0
    for seed in range(3):
        c, r = check_playout(players, desert_border, 100 * players + seed)
        closed += c
        ratings += r
    assert closed > 0 and ratings > 0, "no oasis was closed: the check was never exercised"
