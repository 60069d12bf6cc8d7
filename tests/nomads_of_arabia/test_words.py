"""Nomads of Arabia in words: prompts, log lines and score labels (R9–R16, R33, R38)."""

from __future__ import annotations

import pytest

import serai
from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState
from tests.nomads_of_arabia.scenario import do, ref_table

NAMES = ("Ann", "Bob", "Cy", "Di")


def words(state: NomadsOfArabiaState, text: str, viewer: int | None = None) -> str:
    """The log line of ``text`` about to be played, as ``viewer`` reads it, names filled in."""
    return state.narrate_for(viewer, state.string_to_action(text)).format(*NAMES)


def test_r12_r38_a_face_down_disk_is_named_to_its_holder_only() -> None:
    state = ref_table().seat(0, at="1,7", handlers=("camel", "goat")).turn(0).load()
    do(state, "move 1,9")
    line = "Ann took the face-down disk from the city"
    assert words(state, "draw-disk abdul", 0) == line + ": Abdul"
    for viewer in (1, 2, None):
        assert words(state, "draw-disk abdul", viewer) == line


@pytest.mark.parametrize("disk", ["sands-of-time", "abdul"])
def test_r33_the_window_reads_the_same_for_holder_and_non_holder(disk: str) -> None:
    state = ref_table().seat(1, disks=(disk,)).turn(0).load()
    do(state, "stay", "end")
    assert state.node_name == "sands" and state.current_player() == 1
    assert state.prompt() == (
        "A turn has ended: if you hold Sands of Time you may play it now for an extra turn, "
        "otherwise pass"
    )
    for viewer in (0, 1, None):
        assert words(state, "pass", viewer) == "Bob let the moment pass"


def test_r9_r10_the_move_prompt_and_a_paid_two_step_move() -> None:
    state = ref_table().seat(0, animals={"goat": 2}, money=10).turn(0).load()
    assert state.prompt() == (
        "Move your nomad from 3,5: stay, one step free, two steps for 2 Dinars (you have 10) "
        "or travel with the Pilgrim"
    )
    assert words(state, "move 2,4 1,5") == (
        "Ann moved through 2,4 to 1,5 (the green land), paying 2 Dinars (-2)"
    )


def test_r16_a_sale_reads_with_the_dinars_it_brings() -> None:
    state = ref_table().seat(0, animals={"goat": 2}).turn(0).load()
    do(state, "stay")
    assert state.prompt() == "Your action on 3,5 (a city): sell animals or end your turn"
    price = state.prices()[2]
    assert words(state, "sell goat,goat") == (
        f"Ann sold 2 goats for {2 * price} Dinars (+{2 * price})"
    )


def test_the_score_labels_name_each_part() -> None:
    labels = serai.load_game("nomads_of_arabia", players=4).score_labels()
    assert labels == {"dinars": "Dinars", "money_disks": "Money disks", "total": "Total"}
