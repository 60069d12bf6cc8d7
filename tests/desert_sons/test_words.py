"""In the Realm of the Desert Sons in words: prompts, log lines and score labels (R5–R20)."""

from __future__ import annotations

import serai
from tests.desert_sons.scenario import act, after_setup, edit, run, to_place

NAMES = ("Ann", "Bob")


def words(state: serai.State, text: str, viewer: int | None = None) -> str:
    """The log line of ``text`` about to be played, as ``viewer`` reads it, names filled in."""
    return state.narrate_for(viewer, act(text)).format(*NAMES)


def choosing() -> serai.State:
    """Seat 0's stone 16 is about to choose from the oasis it closed (R17)."""
    return run(to_place(after_setup(), 0, "5,9", 78), "place 4,9 r90", "stone 16 a")


def rumor_drawn() -> serai.State:
    """Seat 0's stone chose a rumor: a chip is about to be drawn (R19)."""
    return run(choosing(), "choose rumor")


def test_r19_a_drawn_rumor_chip_reads_with_its_value_to_the_drawer_only() -> None:
    state = rumor_drawn()
    assert words(state, "draw-rumor +2", 0) == "Ann drew a +2 rumor chip"
    for viewer in (1, None):
        assert words(state, "draw-rumor +2", viewer) == "Ann drew a rumor chip"
    run(state, "draw-rumor -1")
    assert (
        state.prompt() == "Lay the rumor chip you drew (-1) face down on a commodity row with room"
    )
    assert words(state, "rumor salt", 0) == "Ann laid the -1 rumor chip face down on the salt row"
    assert words(state, "rumor salt", 1) == "Ann laid the rumor chip face down on the salt row"


def test_r20_a_peek_names_the_chip_but_never_its_value() -> None:
    state = run(edit(choosing(), rumor_board="+2,-1:1/+1/-2,+1/-1"), "choose rumor")
    assert state.prompt() == "The rumor pool is empty: look at one rumor chip on the board"
    for viewer in (0, 1, None):
        assert words(state, "peek myrrh 2", viewer) == (
            "Ann looked at the second rumor chip of the myrrh row"
        )
    run(state, "peek myrrh 1")
    assert state.prompt() == (
        "Leave the rumor chip you looked at (+2) in place, or return it to the pool"
    )


def test_r5_r6_the_move_prompt_and_a_move_in_words() -> None:
    state = after_setup()
    assert state.prompt() == (
        "Move your caravan: free along desert links and one oasis link beyond, anywhere else "
        "for 1 water (you have 2); staying counts as a move"
    )
    assert words(state, "move 5,4") == "Ann moved the caravan to 5,4"
    assert words(state, "move 5,0") == "Ann kept the caravan on 5,0"


def test_r10_r15_placing_a_tile_names_it_its_turn_and_the_oasis_it_closes() -> None:
    state = to_place(after_setup(), 0, "5,9", 78)
    assert state.prompt() == (
        "Lay tile 78 (a cap with rumor) next to your caravan so that every side matches its "
        "neighbours"
    )
    assert words(state, "place 4,9 r90") == (
        "Ann laid tile 78 (a cap with rumor) at 4,9, turned 90°, closing an oasis"
    )


def test_the_score_labels_name_each_commodity() -> None:
    labels = serai.load_game("desert_sons", players=2).score_labels()
    assert labels == {
        "myrrh": "Myrrh",
        "incense": "Incense",
        "salt": "Salt",
        "gems": "Gems",
        "total": "Total",
    }
