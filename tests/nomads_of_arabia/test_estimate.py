"""``State.estimate``: the bots' evaluation (terms in ``nomads_of_arabia/estimate.py``)."""

from __future__ import annotations

import random
import time

import pytest

import serai
from serai.games.nomads_of_arabia.estimate import (
    DISK_USE,
    HANDLER_VALUE,
    KEEP_ON_CITY,
    KEEP_STEP,
    NEXT_CAPTURE,
)
from serai.games.nomads_of_arabia.rules import C_HANDLERS
from tests.nomads_of_arabia.scenario import action_phase, do, legal, ref, set_box, set_seat


def test_estimate_terms_on_a_constructed_position() -> None:
    # REF, 4p: prices camel 9, donkey 3, goat 2, horse 5; the cities are 1,9 and 3,5.
    state = ref()
    set_seat(state, 0, at="3,5", animals={"camel": 1, "goat": 2}, money=3)
    set_seat(state, 0, disks=("dinars-4", "abdul"))
    set_seat(state, 1, at="2,4", handlers=("camel", "goat"), money=7)  # green land, 1 step
    set_box(state, "green", camel=1, goat=2)
    set_seat(state, 2, at="4,6", money=5)  # sand on row 4, no animals
    values = state.estimate()
    # Seat 0: money, money disk, one other disk, animals at 90 % on a city, 2 dice to come.
    animals = KEEP_ON_CITY * (9 + 2 * 2)
    assert values[0] == pytest.approx(3 + 4 + DISK_USE + animals + 2 * HANDLER_VALUE)
    # Seat 1 (not active): half of a capture on green (camel die 1/2, goat die 1/2, all
    # blank 1/4 the best animal there), valued one step from the city 3,5.
    keep = KEEP_ON_CITY - KEEP_STEP
    capture = keep * (0.5 * 9 + 0.5 * 2 + 0.25 * 9)
    assert values[1] == pytest.approx(7 + 2 * HANDLER_VALUE + NEXT_CAPTURE * capture)
    assert values[2] == 5
    assert values[3] == 10 + 2 * HANDLER_VALUE  # on the start city


def test_estimate_prefers_selling_in_a_city_and_capturing_on_land() -> None:
    state = ref()
    set_seat(state, 0, at="3,5", animals={"camel": 2})
    action_phase(state, 0)
    before = state.estimate()[0]
    do(state, "sell camel,camel")
    assert state.estimate()[0] > before
    state = ref()
    set_seat(state, 0, at="2,4", handlers=("camel", "goat"))
    set_box(state, "green", camel=1, goat=2)
    action_phase(state, 0)
    open_action = state.estimate()[0]
    capture = state.clone()
    do(capture, "capture")
    assert capture.node == C_HANDLERS
    assert capture.estimate()[0] == pytest.approx(open_action)  # the same expectation
    do(state, "end")
    assert state.estimate()[0] < open_action


def test_estimate_is_scores_once_the_game_is_over() -> None:
    game = serai.load_game("nomads_of_arabia", players=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.estimate() == [float(s) for s in state.scores()]


def test_estimate_is_fast_and_defined_at_every_node() -> None:
    game = serai.load_game("nomads_of_arabia", players=6)
    states = []
    rng = random.Random(8)
    state = game.new_initial_state()
    while not state.is_terminal():
        states.append(state.clone())  # chance nodes too (mid-shift, mid-restock)
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for s in states:
        assert len(s.estimate()) == 6
    started = time.perf_counter()
    for s in states:
        s.estimate()
    per_call = (time.perf_counter() - started) / len(states)
    assert per_call < 200e-6  # typically ~25 µs at 6 players; loose for loaded CI


def test_estimate_leaves_a_city_towards_a_capture() -> None:
    state = ref()
    set_box(state, "green", camel=2)
    do(state, "move 2,4")  # green land next to the start city
    assert "take-handlers camel,camel" in legal(state)
    leaving = state.estimate()[0]
    stay = ref()
    do(stay, "stay")
    assert leaving > stay.estimate()[0]
