"""The conformance suite, part two: each game describes its states and actions once.

- **Positions.** ``load_position(name, state.position())`` is the same state: same player
  to act, legal actions, chance outcomes, scores, view of every seat, position text, and
  the same further play. A malformed position is refused with a ``GameError``.
- **Actions as values.** ``game.decode(action)`` is a named tuple whose first field is
  ``kind``, for every action of the game.
- **Observations from named pieces.** The pieces of ``game.observation_layout()`` cover
  the whole vector, and ``observation_dict`` cuts it into them.
- **State fields declared once.** Every slot of a state is set, ``to_json`` writes every
  field its table marks for JSON, and a clone shares no changeable field.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import serai
from serai.engine.conformance import Configuration, configurations
from serai.engine.fields import LIST, ROWS, FieldTable

CONFIGS = [config for name in serai.list_games() for config in configurations(name)]


def playout(config: Configuration, seed: int, stride: int) -> list[serai.State]:
    """States of one random game: every ``stride``-th, the first and the last."""
    game = config.load()
    state = game.new_initial_state()
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if len(state.history()) % stride == 0:
            states.append(state.clone())
    states.append(state)
    return states


def same(a: serai.State, b: serai.State) -> None:
    assert b.current_player() == a.current_player()
    assert b.is_terminal() == a.is_terminal()
    if not a.is_terminal():
        assert b.legal_actions() == a.legal_actions()
    assert b.chance_outcomes() == a.chance_outcomes()
    assert b.scores() == a.scores() and b.returns() == a.returns()
    for seat in [None, *range(a.game.num_players)]:
        assert json.dumps(b.view(seat), sort_keys=True) == json.dumps(a.view(seat), sort_keys=True)
    assert b.position() == a.position()


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_a_position_round_trips_and_plays_on_alike(config: Configuration) -> None:
    name = config.name
    for index, state in enumerate(playout(config, seed=5, stride=37)):
        text = state.position()
        assert "\n" not in text and text == text.strip() and "  " not in text
        rebuilt = serai.load_position(name, text)
        same(state, rebuilt)
        # the same further play: both sides draw and choose alike for a while
        rng_a, rng_b = random.Random(index), random.Random(index)
        original = state.clone()
        for _ in range(15):
            if original.is_terminal():
                break
            if original.is_chance_node():
                a, b = serai.sample_chance(original, rng_a), serai.sample_chance(rebuilt, rng_b)
            else:
                a, b = rng_a.choice(original.legal_actions()), rng_b.choice(rebuilt.legal_actions())
            assert a == b
            original.apply_action(a)
            rebuilt.apply_action(b)
            same(original, rebuilt)


@pytest.mark.parametrize("name", serai.list_games())
def test_a_position_of_other_players_or_options_is_refused(name: str) -> None:
    info = serai.game_info(name)
    small = serai.load_game(name, info.min_players).new_initial_state()
    large = serai.load_game(name, info.max_players)
    if info.min_players != info.max_players:
        with pytest.raises(serai.GameError, match="position"):
            large.from_position(small.position())


@pytest.mark.parametrize("name", serai.list_games())
def test_a_malformed_position_is_refused_with_a_reason(name: str) -> None:
    config = configurations(name)[0]
    state = playout(config, seed=3, stride=1000)[-2]
    text = state.position()
    words = text.split(" ")
    broken = [
        "",
        "x",
        " ".join(words[:-1]),
        text + " 1",
        text.replace(" ", "  ", 1),
        " ".join([*words[:-1], "nonsense"]),
        " ".join([words[0], "@@", *words[2:]]),
    ]
    for bad in broken:
        with pytest.raises(serai.GameError) as refused:
            serai.load_position(name, bad)
        assert "position" in str(refused.value)


@pytest.mark.parametrize("name", serai.list_games())
def test_a_number_longer_than_python_reads_is_refused_in_any_part_of_a_position(
    name: str,
) -> None:
    """5,000 digits are more than ``int`` converts: a number, an option or a list holding
    one is refused with its part named, wherever it stands."""
    config = configurations(name)[0]
    words = playout(config, seed=3, stride=1000)[-2].position().split(" ")
    for index in range(len(words)):
        for huge in ("9" * 5000, "-" + "9" * 5000, "0," + "9" * 5000):
            changed = [*words[:index], huge, *words[index + 1 :]]
            with pytest.raises(serai.GameError, match=f"part {index + 1} "):
                serai.load_position(name, " ".join(changed))


@pytest.mark.parametrize("name", serai.list_games())
def test_an_action_with_a_number_longer_than_python_reads_is_refused_as_illegal(
    name: str,
) -> None:
    """Each number of a legal action's text, written with 5,000 digits instead: a refusal
    in the game's words, as for any text that is not a legal action."""
    config = configurations(name)[0]
    for state in playout(config, seed=3, stride=10)[:-1]:
        if state.is_chance_node() or not state.legal_actions():
            continue
        text = state.action_to_string(state.legal_actions()[0])
        for found in re.finditer(r"\d+", text):
            changed = text[: found.start()] + "9" * 5000 + text[found.end() :]
            with pytest.raises(serai.IllegalActionError):
                state.string_to_action(changed)


@pytest.mark.parametrize("name", serai.list_games())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_changed_word_of_a_position_is_refused_or_makes_a_valid_state(
    name: str, data: st.DataObject
) -> None:
    """Whatever one word is changed to, the result is a clean refusal or a state whose
    own position reads back the same (never a crash or a half-built state)."""
    config = configurations(name)[0]
    state = playout(config, seed=data.draw(st.integers(0, 5)), stride=1000)[-2]
    words = state.position().split(" ")
    index = data.draw(st.integers(0, len(words) - 1))
    words[index] = data.draw(
        st.one_of(st.integers(-3, 400).map(str), st.sampled_from(["-", "0,0", "a", "1,2,3"]))
    )
    try:
        rebuilt = serai.load_position(name, " ".join(words))
    except serai.GameError:
        return
    assert serai.load_position(name, rebuilt.position()).position() == rebuilt.position()


@pytest.mark.parametrize("name", serai.list_games())
def test_every_action_decodes_to_a_named_tuple(name: str) -> None:
    game = serai.load_game(name)
    kinds = set()
    for action in range(game.num_distinct_actions()):
        decoded = game.decode(action)
        assert decoded._fields[0] == "kind" and isinstance(decoded.kind, str)
        parts = decoded._asdict()
        assert json.loads(json.dumps(parts)) == parts, "JSON-ready for the boards"
        kinds.add(decoded.kind)
    assert len(kinds) > 1


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_the_observation_is_its_named_pieces(config: Configuration) -> None:
    game = config.load()
    layout = game.observation_layout()
    assert layout.size == game.observation_size()
    for state in playout(config, seed=1, stride=53)[:6]:
        for seat in [None, *range(game.num_players)]:
            pieces = state.observation_dict(seat)
            assert list(pieces) == [piece.name for piece in layout.pieces]
            joined = [value for piece in pieces.values() for value in piece]
            assert joined == state.observation(seat)


def field_table(state: serai.State) -> FieldTable:
    table = type(state).FIELDS  # type: ignore[attr-defined]
    assert isinstance(table, FieldTable)
    return table


@pytest.mark.parametrize("name", serai.list_games())
def test_state_fields_are_declared_once(name: str) -> None:
    config = configurations(name)[0]
    for state in playout(config, seed=2, stride=61)[:5]:
        table = field_table(state)
        assert set(type(state).__slots__) == set(table.slots)
        for field in table.fields:
            getattr(state, field.name)  # every field is set
        data: dict[str, Any] = state.to_json()
        assert {f.json_key for f in table.fields if f.json} <= set(data)
        copy = state.clone()
        for field in table.fields:
            if field.copy in (LIST, ROWS):
                assert getattr(copy, field.name) is not getattr(state, field.name)
            if field.copy == ROWS:
                rows = zip(getattr(copy, field.name), getattr(state, field.name), strict=True)
                assert all(mine is not theirs for mine, theirs in rows)


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_a_decisions_text_and_parts_depend_on_the_action_alone(config: Configuration) -> None:
    """The server builds each decision's text and parts once per table: every state must
    agree with a fresh one on them."""
    fresh = config.load().new_initial_state()
    for state in playout(config, seed=4, stride=29):
        if state.is_terminal() or state.is_chance_node():
            continue
        for action in state.legal_actions():
            assert state.action_to_string(action) == fresh.action_to_string(action)
