"""The notation (*Notation* in the rules reference): round trips, canonical forms, and
rejection of everything else.
"""

from __future__ import annotations

import functools
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import serai
from serai.games.through_the_desert.actions import (
    CAMEL_IDS,
    DECODED,
    LEADER_IDS,
    NUM_ACTIONS,
    Camel,
    Leader,
    parse_action,
)
from serai.games.through_the_desert.board import COLOURS, HEXES, NUM_COLOURS, parse_hex
from serai.games.through_the_desert.rules import ThroughTheDesertState
from tests.through_the_desert.scenario import camel_position, setup, to_act

COORD = r"(0|[1-9][0-9]*),(0|[1-9][0-9]*)"
COLOUR = "(" + "|".join(COLOURS) + ")"
# The exact text of each decision and chance event.
CANONICAL = re.compile(
    rf"(camel|leader) {COLOUR} {COORD}"
    rf"|remove-leader {COLOUR}"
    rf"|palm {COORD}"
    rf"|token {COORD} [123]"
)

MALFORMED = [
    "camel purple 7,3",  # wrong colour
    "camel teal 7,3",
    "camel red ²,3",  # a superscript digit: not decimal, and int() refuses it
    "leader red 7,¹",
    "camel red 07,3",  # leading zeros
    "camel red 7,03",
    "camel red 00,3",
    "camel red 7, 3",  # spaces inside the coordinate
    "camel red 7 ,3",
    "camel red 7 3",
    "camel red 7;3",
    "camel red 7,3,1",
    "camel red +7,3",
    "camel red ７,3",  # a full-width digit is not a decimal digit of the notation
    "camel red 23,0",  # outside the 23 x 13 grid
    "camel red 0,13",
    "camel red -1,3",
    "camel red 7",
    "camel red",
    "camel",
    "",
    "   ",
    "red camel 7,3",
    "camel 7,3 red",
    "camel red 7,3 now",
    "move red 7,3",  # unknown verbs
    "pass",
    "place camel red 7,3",
    "remove-leader",
    "remove-leader purple",
    "remove leader red",
    "palm 7,3 1",
    "token 7,10",
    "token 7,10 0",
    "token 7,10 4",
    "token 7,10 two",
]

SIDES = ("mountain", "river")


@functools.cache
def _camel_state() -> ThroughTheDesertState:
    state = to_act(camel_position(2, leaders=[]), 1)
    assert state.string_to_action("camel red 7,3") == parse_action("camel red 7,3")
    return state


def camel_state() -> ThroughTheDesertState:
    """Seat 1 to act in a camel-phase position where ``camel red 7,3`` is legal."""
    return _camel_state().clone()


def rejected(state: ThroughTheDesertState, text: str) -> serai.IllegalActionError:
    before = state.to_json()
    with pytest.raises(serai.IllegalActionError) as caught:
        state.string_to_action(text)
    assert state.to_json() == before
    return caught.value


def random_states(seed: int, players: int, board: str) -> list[ThroughTheDesertState]:
    """Every state of one random game (chance and decisions from one seeded generator)."""
    rng = random.Random(seed)
    game = serai.load_game("through_the_desert", players=players, board=board)
    state = game.new_initial_state()
    assert isinstance(state, ThroughTheDesertState)
    out = [state.clone()]
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        out.append(state.clone())
    return out


# -- round trips ---------------------------------------------------------------------------------
def test_parse_action_round_trip_over_the_whole_action_space() -> None:
    state = setup(2)
    texts = set()
    for action in range(NUM_ACTIONS):
        text = state.action_to_string(action)
        assert CANONICAL.fullmatch(text), text
        assert parse_action(text) == action
        assert state.parse_action(text) == action
        texts.add(text)
    assert len(texts) == NUM_ACTIONS


def test_each_colour_table_of_ids_holds_its_placements_in_hex_order() -> None:
    for colour in range(NUM_COLOURS):
        assert len(CAMEL_IDS[colour]) == len(LEADER_IDS[colour]) == HEXES
        for h in range(HEXES):
            assert DECODED[CAMEL_IDS[colour][h]] == Camel("camel", colour, h)
            assert DECODED[LEADER_IDS[colour][h]] == Leader("leader", colour, h)


@pytest.mark.parametrize(
    "text",
    ["remove-leader green", "leader blue 8,10", "camel red 7,3", "palm 3,2", "token 7,10 2"],
)
def test_notation_examples_are_canonical(text: str) -> None:
    action = parse_action(text)
    assert action is not None
    assert setup(2).action_to_string(action) == text


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4, 5]),
    board=st.sampled_from(SIDES),
    picks=st.integers(1, 3),
)
def test_legal_actions_round_trip_along_random_games(
    seed: int, players: int, board: str, picks: int
) -> None:
    rng = random.Random(seed ^ 0x5EED)
    for state in random_states(seed, players, board):
        if state.is_terminal():
            assert isinstance(rejected(state, "camel red 7,3"), serai.IllegalActionError)
            continue
        actions = state.legal_actions()
        for action in rng.sample(actions, min(picks, len(actions))):
            text = state.action_to_string(action)
            assert state.string_to_action(text) == action


def order_key(text: str) -> tuple[int, ...]:
    """The listing order: (colour index, hex index); palms by hex; tokens by value."""
    words = text.split()
    if words[0] == "remove-leader":
        return (COLOURS.index(words[1]),)
    if words[0] in ("camel", "leader"):
        hex_index = parse_hex(words[2])
        assert hex_index is not None
        return (COLOURS.index(words[1]), hex_index)
    if words[0] == "palm":
        hex_index = parse_hex(words[1])
        assert hex_index is not None
        return (hex_index,)
    return (int(words[2]),)


@pytest.mark.parametrize(("players", "board"), [(2, "mountain"), (5, "river")])
def test_legal_actions_are_listed_in_notation_order(players: int, board: str) -> None:
    for state in random_states(players * 7, players, board)[:-1]:
        texts = [state.action_to_string(a) for a in state.legal_actions()]
        keys = [order_key(t) for t in texts]
        assert keys == sorted(keys) and len(set(keys)) == len(keys)
        if state.is_chance_node():
            assert [state.action_to_string(a) for a, _ in state.chance_outcomes()] == texts


# -- rejection -----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_strings_are_rejected_with_the_notation(text: str) -> None:
    state = camel_state()
    error = rejected(state, text)
    reason = error.reason
    assert "camel <colour> <col>,<row>" in reason
    assert "blue, green, red, yellow, white" in reason
    # What is allowed right now is listed too.
    assert error.legal == [state.action_to_string(a) for a in state.legal_actions()]
    assert "camel red 7,3" in error.legal
    assert "Legal: " in str(error)


@pytest.mark.parametrize(
    "text", ["camel red 07,3", "camel red 7, 3", "camel Red 23,0", "camel  red 7,3"]
)
def test_strict_parser_rejects_non_canonical_forms(text: str) -> None:
    assert parse_action(text) is None


def test_string_to_action_accepts_only_canonical_text() -> None:
    # string_to_action accepts what action_to_string produces and rejects
    # anything else; tidying what a person types is the user interface's job.
    state = camel_state()
    assert state.string_to_action("camel red 7,3") == parse_action("camel red 7,3")
    for text in ("  camel   red 7,3 ", "camel\tred\t7,3", "CAMEL Red 7,3", "camel red 7 ,3"):
        rejected(state, text)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("leader red 7,2", "camel phase"),  # well formed, wrong phase
        ("remove-leader red", "camel phase"),
        ("palm 3,2", "camel phase"),
        ("camel red 14,3", "not next to your red caravan (R12)"),
        ("camel red 6,6", "6,6 is a mountain or off the map (R1)"),
    ],
)
def test_well_formed_but_illegal_says_why(text: str, why: str) -> None:
    state = camel_state()
    assert why in rejected(state, text).reason


def test_chance_and_terminal_states_reject_decisions() -> None:
    root = serai.load_game("through_the_desert").new_initial_state()
    assert isinstance(root, ThroughTheDesertState)
    assert "not a possible outcome" in rejected(root, "palm 19,7").reason
    assert "not a possible outcome" in rejected(root, "token 7,10 2").reason
    assert root.string_to_action("palm 7,10") == parse_action("palm 7,10")
    final = random_states(5, 2, "mountain")[-1]
    assert "game is over" in rejected(final, "camel red 7,3").reason


CITATION_AT_END = re.compile(r" \(R[1-9][0-9]*\)$")


@pytest.mark.parametrize(("players", "board"), [(3, "mountain"), (5, "river")])
def test_every_refusal_says_why_and_ends_with_its_ruling(players: int, board: str) -> None:
    # Every action of the whole space, in the first state of each phase and then every 20
    # actions: a refused one is explained in plain words, citing its ruling at the end.
    firsts: dict[tuple[str, int], ThroughTheDesertState] = {}
    for state in random_states(players, players, board)[:-1]:
        firsts.setdefault((state.phase_name, len(state.history()) // 20), state)
    assert {phase for phase, _ in firsts} >= {"setup", "leaders", "camels"}
    for state in firsts.values():
        legal = set(state.legal_actions())
        for action in range(NUM_ACTIONS):
            if action not in legal:
                reason = state.why_illegal(action)
                assert CITATION_AT_END.search(reason), reason
                assert "spec" not in reason and "§" not in reason, reason


def _mutations() -> st.SearchStrategy[str]:
    legal_texts = [
        "camel red 7,3",
        "camel blue 3,0",
        "camel white 14,8",
        "leader green 8,10",
        "remove-leader white",
        "token 7,10 2",
        "palm 3,2",
    ]
    alphabet = st.sampled_from(list("0123456789, -abcdelmnortuwy7"))

    @st.composite
    def mutate(draw: st.DrawFn) -> str:
        text = draw(st.sampled_from(legal_texts))
        for _ in range(draw(st.integers(1, 3))):
            where = draw(st.integers(0, len(text)))
            kind = draw(st.sampled_from(["insert", "delete", "replace"]))
            char = draw(alphabet)
            if kind == "insert":
                text = text[:where] + char + text[where:]
            elif kind == "delete":
                text = text[:where] + text[where + 1 :]
            else:
                text = text[:where] + char + text[where + 1 :]
        return text

    return mutate()


@settings(max_examples=150, deadline=None)
@given(text=st.one_of(st.text(max_size=24), _mutations()))
def test_any_text_is_either_a_legal_canonical_action_or_rejected(text: str) -> None:
    state = camel_state()
    before = state.to_json()
    try:
        action = state.string_to_action(text)
    except serai.IllegalActionError as error:
        assert error.reason
        assert error.legal
    else:
        assert state.is_legal(action)
        assert state.action_to_string(action) == text  # only the exact text
    assert state.to_json() == before
