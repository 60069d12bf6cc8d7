"""``State.estimate``: the bots' evaluation (terms in ``nomads_of_arabia/estimate.py``)."""

from __future__ import annotations

import random

import pytest

import serai
from serai.games.nomads_of_arabia.estimate import (
    DISK_USE,
    HANDLER_VALUE,
    KEEP_ON_CITY,
    KEEP_STEP,
    NEXT_CAPTURE,
)
from tests.nomads_of_arabia.scenario import do, legal, ref, ref_table


def test_estimate_terms_on_a_constructed_position() -> None:
    # REF, 4p: camels sell for 9 and goats for 2; the cities are 1,9 and 3,5.
    table = ref_table().seat(0, animals={"camel": 1, "goat": 2}, money=3)
    table.seat(0, disks=("dinars-4", "abdul"))
    table.seat(1, at="2,4", handlers=("camel", "goat"), money=7)  # green land, 1 step
    table.box("green", camel=1, goat=2).box("purple", goat=1)  # goats stay at 2
    table.seat(2, at="4,6", money=5)  # sand on row 4, no animals
    state = table.load()
    assert state.prices()[0] == 9 and state.prices()[2] == 2
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
    state = ref_table().seat(0, animals={"camel": 2}).action_phase(0).load()
    before = state.estimate()[0]
    do(state, "sell camel,camel")
    assert state.estimate()[0] > before
    table = ref_table().seat(0, at="2,4", handlers=("camel", "goat"))
    state = table.box("green", camel=1, goat=2).action_phase(0).load()
    open_action = state.estimate()[0]
    capture = state.clone()
    do(capture, "capture")
    assert capture.node_name == "roll-handlers"
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


def test_estimate_is_defined_at_every_node() -> None:
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


def test_estimate_leaves_a_city_towards_a_capture() -> None:
    state = ref_table().box("green", camel=2).load()
    do(state, "move 2,4")  # green land next to the start city
    assert "take-handlers camel,camel" in legal(state)
    leaving = state.estimate()[0]
    stay = ref()
    do(stay, "stay")
    assert leaving > stay.estimate()[0]
