"""Notation: canonical action text round trips; any other form is rejected."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import serai
from serai.games.nomads_of_arabia.actions import (
    ABDUL_BASE,
    EXPERT_BASE,
    NUM_ACTIONS,
    PICK,
    SELL,
    TAKE,
    Action,
    action_text,
    decode,
    parse,
)
from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState
from tests.nomads_of_arabia.scenario import do, ref, ref_table


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
    # Seat 0 holds three handler dice, which a roll-handlers text lists.
    state = ref_table().seat(0, at="2,4", handlers=("camel", "goat", "goat")).load()
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
    table = ref_table().seat(0, at="2,4", handlers=("camel", "goat", "goat"))
    state = table.action_phase(0).load()
    do(state, "capture")
    texts = {state.action_to_string(a) for a in state.legal_actions()}
    assert "roll-handlers camel,goat,blank" in texts
    assert "roll-handlers camel,blank,goat" not in texts
    with pytest.raises(serai.IllegalActionError):
        state.string_to_action("roll-handlers camel,blank,goat")


def test_illegal_but_well_formed_actions_say_why() -> None:
    table = ref_table().seat(0, money=0, animals={"goat": 1})
    state = table.load()
    with pytest.raises(serai.IllegalActionError, match="R10"):
        state.string_to_action("move 2,4 1,5")
    state = table.action_phase(0).load()
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
    disks = {"ride": "ride-the-winds", "abdul": "abdul", "expert": "expert-handler"}
    disks["silver"] = "silver-tongue"
    table = ref_table().seat(0, animals={"camel": 1}, disks=tuple(disks[k] for k in setup))
    state = table.load()
    if text.startswith("play") and "ride" not in setup:
        state = table.action_phase(0).load()
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


def test_every_action_decodes_to_its_own_value_and_text() -> None:
    # Every id outside the two large sale ranges, and a sample inside them.
    rng = random.Random(2)
    actions = [*range(SELL), *rng.sample(range(SELL, EXPERT_BASE), 2000)]
    actions += range(EXPERT_BASE, NUM_ACTIONS)
    game = serai.load_game("nomads_of_arabia")
    held = [1, 0, 2, 0]
    seen: set[str] = set()
    for action in actions:
        parts = decode(action)
        assert game.decode(action) == parts
        seen.add(repr(parts))
        text = action_text(parts, held)
        if parse(text, held) is not None:
            assert decode(parse(text, held) or 0) == parts
    assert len(seen) == len(actions)  # one value per action
    assert decode(SELL + 2 + 18**3) == Action("sell", animals=[2, 0, 0, 1])
    assert decode(EXPERT_BASE + 4 * 4 + 3) == Action("play", disk=2, land=4, animal=3)
    with pytest.raises(serai.GameError, match="outside the action space"):
        decode(NUM_ACTIONS)
