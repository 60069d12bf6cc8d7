"""Notation: canonical action text round trips; any other form is rejected."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import serai
from serai.games.nomads_of_arabia.rules import (
    ABDUL_BASE,
    NUM_ACTIONS,
    PICK,
    SELL,
    TAKE,
    NomadsOfArabiaState,
)
from tests.nomads_of_arabia.scenario import action_phase, do, ref, set_seat


def positions(seed: int, players: int) -> list[NomadsOfArabiaState]:
    """Every state of one seeded random game (every fifth)."""
    game = serai.load_game("nomads_of_arabia", players=players)
    state = game.new_initial_state()
    assert isinstance(state, NomadsOfArabiaState)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        if len(state.history()) % 5 == 0:
            out.append(state.clone())
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
    return out


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6), pick=st.integers(0, 10**6))
def test_every_legal_action_round_trips(seed: int, players: int, pick: int) -> None:
    states = positions(seed, players)
    state = states[pick % len(states)]
    for action in state.legal_actions():
        text = state.action_to_string(action)
        assert state.string_to_action(text) == action
        assert state.parse_action(text) == action


@settings(max_examples=200, deadline=None)
@given(action=st.integers(0, NUM_ACTIONS - 1))
def test_every_action_id_has_text_that_parses_back(action: int) -> None:
    state = ref()
    set_seat(state, 0, handlers=("camel", "goat", "goat"))
    text = state.action_to_string(action)
    if action in (TAKE, SELL, ABDUL_BASE):
        # The code of an empty list: no text names it and it is never legal (R11, R16).
        assert state.parse_action(text) is None and state.parse_action(text.strip()) is None
        return
    assert text == text.strip().lower() and "  " not in text
    if text.startswith("roll-handlers"):
        return  # its text depends on the dice held (Notation)
    if text.startswith("take-handlers") and text.count(",") >= 3:
        assert state.parse_action(text) is None  # never more than 3 handlers (R11)
        return
    assert state.parse_action(text) == action


@pytest.mark.parametrize(
    "text",
    [
        "sell horse,camel",  # not canonical order
        "sell  camel",
        "Sell camel",
        "move 2,4  1,5",
        "move 2,04",
        "move 2, 4",
        "keep horse,goat",
        "take-handlers goat,camel",
        "take-handlers camel,camel,camel,camel",
        "roll-animals blank,camel",
        "draw-disk hidden",
        "draw-strip c9",
        "roll-land orange",
        "play expert-handler pink goat",
        "sell",
        "pick",
        "",
        "stay ",
    ],
)
def test_malformed_text_is_rejected(text: str) -> None:
    state = ref()
    with pytest.raises(serai.IllegalActionError):
        state.string_to_action(text)


def test_roll_handlers_text_lists_dice_by_type_animals_first() -> None:
    state = ref()
    set_seat(state, 0, at="2,4", handlers=("camel", "goat", "goat"))
    action_phase(state, 0)
    do(state, "capture")
    texts = {state.action_to_string(a) for a in state.legal_actions()}
    assert "roll-handlers camel,goat,blank" in texts
    assert "roll-handlers camel,blank,goat" not in texts
    with pytest.raises(serai.IllegalActionError):
        state.string_to_action("roll-handlers camel,blank,goat")


def test_illegal_but_well_formed_actions_say_why() -> None:
    state = ref()
    set_seat(state, 0, money=0, animals={"goat": 1})
    state.move_cost(0)
    with pytest.raises(serai.IllegalActionError, match="R10"):
        state.string_to_action("move 2,4 1,5")
    action_phase(state, 0)
    with pytest.raises(serai.IllegalActionError, match=r"R13|land"):
        state.string_to_action("capture")


@pytest.mark.parametrize(
    ("setup", "text", "reason"),
    [
        ((), "move 2,4 3,5", "may not end where it started (R9)"),
        ((), "move 1,3", "mountains cannot be entered (R9)"),
        (("ride",), "play ride-the-winds 3,5", "other than your own (R32)"),
        (("abdul",), "play abdul camel", "abdul is not played in a city; use 'sell' (R30)"),
        (("expert",), "play expert-handler purple camel", "that box holds no such animal (R29)"),
        (
            ("silver",),
            "play silver-tongue",
            "needs animals and a sale still to come this turn (R31)",
        ),
    ],
)
def test_illegal_actions_say_why_and_list_what_is_legal(
    setup: tuple[str, ...], text: str, reason: str
) -> None:
    state = ref()
    disks = {"ride": "ride-the-winds", "abdul": "abdul", "expert": "expert-handler"}
    disks["silver"] = "silver-tongue"
    set_seat(state, 0, animals={"camel": 1}, disks=tuple(disks[k] for k in setup))
    if text.startswith("play") and "ride" not in setup:
        action_phase(state, 0)
        if "silver" in setup:
            do(state, "sell camel")
    with pytest.raises(serai.IllegalActionError) as caught:
        state.string_to_action(text)
    assert reason in str(caught.value)
    assert caught.value.legal and "Legal:" in str(caught.value)


CITATION = re.compile(r"\(R[1-9][0-9]*(, R[1-9][0-9]*)*\)")
ENGINE_WORDS = re.compile(r"spec|§|node|decision|[A-Z]{4,}")


def test_every_refusal_says_why_in_player_words_and_ends_with_its_ruling() -> None:
    # The first state of each kind of decision in two seeded games, with every action id
    # outside the two large sale ranges and a sample inside them.
    firsts: dict[str, NomadsOfArabiaState] = {}
    for seed, players in ((3, 4), (8, 6)):
        for state in positions(seed, players):
            firsts.setdefault(state.node_name, state)
    assert {"move", "action", "handlers", "sands", "roll-handlers"} <= firsts.keys()
    rng = random.Random(1)
    actions = [*range(SELL), *rng.sample(range(SELL, PICK), 3000), *range(PICK, NUM_ACTIONS)]
    for state in firsts.values():
        legal = set(state.legal_actions())
        for action in actions:
            if action not in legal:
                reason = state.why_illegal(action)
                assert not ENGINE_WORDS.search(reason), reason
                cited = CITATION.search(reason)
                assert cited is None or cited.end() == len(reason), reason
