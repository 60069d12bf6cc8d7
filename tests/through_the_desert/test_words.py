"""Through the Desert in words: prompts, log lines and score labels (R12–R17, R24)."""

from __future__ import annotations

import serai
from serai.games.through_the_desert.actions import parse_action
from tests.through_the_desert.scenario import act, camel_position, setup, to_act

NAMES = ("Ann", "Bob")


def words(state: serai.State, text: str, viewer: int | None = None) -> str:
    """The log line of ``text`` about to be played, as ``viewer`` reads it, names filled in."""
    action = parse_action(text)
    assert action is not None
    return state.narrate_for(viewer, action).format(*NAMES)


def test_r16_a_camel_next_to_an_oasis_reads_with_its_points() -> None:
    state = camel_position(2, leaders=[(0, "red", "10,1")])
    assert (
        words(state, "camel red 10,2")
        == "Ann placed a red camel at 10,2 next to the palm at 9,2 (+5)"
    )


def test_r15_r24_a_claimed_token_shows_its_value_to_its_owner_only() -> None:
    state = to_act(camel_position(2, leaders=[(1, "green", "11,4")], tokens={"11,5": 3}), 1)
    text = "camel green 11,5"
    placed = "Bob placed a green camel at 11,5 next to the palm at 12,6 (+5), took a water token"
    assert words(state, text, 1) == placed + " worth 3 (+3)"
    for viewer in (0, None):
        assert words(state, text, viewer) == placed


def test_r17_closing_regions_reads_with_their_empty_hexes() -> None:
    # Seat 0's red ring around 8,0 and 7,1, both open only through 8,1.
    state = camel_position(
        2,
        leaders=[(0, "red", "6,1")],
        camels=[(0, "red", h) for h in ("7,0", "6,2", "7,2", "8,2")],
        tokens={"7,1": 2},
    )
    assert words(state, "camel red 8,1", 0) == (
        "Ann placed a red camel at 8,1, took a water token worth 2 (+2) and closed 2 regions "
        "of 2 empty hexes, worth 2 at the end"
    )


def test_setup_draws_and_leaders_read_in_words() -> None:
    fresh = serai.load_game("through_the_desert").new_initial_state()
    assert words(fresh, "palm 3,2") == "A palm grows on the oasis at 3,2"
    state = setup(2)
    assert words(state, "leader blue 8,10") == "Ann placed the blue leader at 8,10"


def test_r10_r13_prompts_say_what_to_place() -> None:
    state = setup(2)
    assert state.prompt() == (
        "Place a leader on a free hex, not next to a palm or another leader, opening a "
        "colour no one has opened yet: blue, green, red, yellow and white"
    )
    state = camel_position(2, leaders=[(0, "red", "10,1")])
    assert state.prompt().endswith("— 2 this turn")
    state = act(state, 0, "camel red 10,2")
    assert state.prompt().startswith("Place a camel next to one of your caravans of its colour")
    assert state.prompt().endswith("— the second and last this turn")


def test_the_score_labels_name_each_part() -> None:
    labels = serai.load_game("through_the_desert").score_labels()
    assert list(labels) == ["caravan", "water", "oasis", "river", "area", "total"]
    assert labels["caravan"] == "Largest caravans" and labels["area"] == "Closed regions"
