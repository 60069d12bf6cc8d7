"""The conformance suite, part three: every game speaks plainly.

- **Prompts.** Every decision has a one-sentence ``prompt()`` for the player to act, in the
  game's words (no engine terms such as "node", "phase", "spec" or "p0"); chance nodes and
  the end have none.
- **Log lines.** ``narrate_for(viewer, action)`` is non-empty for every action and viewer,
  fills in with the players' names through ``str.format`` and nothing else, reads as more
  than the bare notation for a decision and names the seat that decides; and it leaks
  nothing: with everything the viewer may not see scrambled, the words stay the same.
- **Score labels.** ``game.score_labels()`` names every key of ``score_breakdown()``.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator

import pytest

import serai
from serai.engine.conformance import Configuration
from tests.conformance.test_contract import CONFIGS

ENGINE_TERMS = re.compile(r"\b(node|nodes|phase|phases|spec|p\d)\b", re.IGNORECASE)
"""Words of the engine, never of a game: a prompt or log line must not use them."""

NAMES = ("Ann {0}", "Bob", "Cy", "Di", "Ed", "Flo")
"""Players' names; the first holds braces, which must come out as they are."""


def playout(config: Configuration, seed: int) -> Iterator[tuple[serai.State, int]]:
    """Every state of one random game with the action about to be applied to it."""
    game = config.load()
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = serai.sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        yield state, action
        state.apply_action(action)
    yield state, -1


def fields(words: str) -> set[str]:
    """The ``str.format`` fields of ``words``."""
    return {name for _, name, _, _ in string.Formatter().parse(words) if name is not None}


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.label)
def test_every_decision_has_a_prompt_in_the_games_words(config: Configuration) -> None:
    for state, _ in playout(config, seed=21):
        prompt = state.prompt()
        if state.is_chance_node() or state.is_terminal():
            assert prompt == ""
            continue
        assert prompt.strip() == prompt and prompt, "a decision without a prompt"
        assert "\n" not in prompt, prompt
        assert not ENGINE_TERMS.search(prompt), prompt
        assert not fields(prompt), f"a prompt is plain text, not a template: {prompt!r}"


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.label)
def test_every_action_reads_in_words_that_leak_nothing(config: Configuration) -> None:
    rng = random.Random(22)
    n = config.players
    for state, action in playout(config, seed=22):
        if action < 0:
            break
        decision = not state.is_chance_node()
        for viewer in [None, *range(n)]:
            words = state.narrate_for(viewer, action)
            assert words.strip() == words and words, f"no words for {action}"
            assert fields(words) <= {str(seat) for seat in range(n)}, words
            filled = words.format(*NAMES[:n])
            assert "\n" not in filled and not ENGINE_TERMS.search(filled), filled
            if decision:
                assert words != state.action_to_string(action), f"bare notation: {words!r}"
                assert str(state.current_player()) in fields(words), f"who decided? {words!r}"
            scrambled = state.scramble_hidden(viewer, rng)
            assert scrambled.narrate_for(viewer, action) == words, f"the words leak: {words!r}"


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.label)
def test_every_score_part_has_a_label(config: Configuration) -> None:
    labels = config.load().score_labels()
    assert labels["total"] == "Total"
    for label in labels.values():
        assert label and label[0].isupper() and "_" not in label, label
    for index, (state, _) in enumerate(playout(config, seed=23)):
        if index % 50 == 0 or state.is_terminal():
            for part in state.score_breakdown():
                assert list(part) == [key for key in labels if key in part]
                assert set(part) == set(labels), f"unlabelled: {set(part) - set(labels)}"


def test_the_default_words_are_the_notation_after_the_seat() -> None:
    """A game without words of its own still gets a log line that names the seat."""
    state = serai.load_game("through_the_desert").new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(serai.sample_chance(state, rng))
    action = state.legal_actions()[0]
    default = serai.State.narrate_for(state, None, action)
    assert default == "{0}: " + state.action_to_string(action)
    assert serai.State.prompt(state) == ""
