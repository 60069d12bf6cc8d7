"""The person at the terminal (``TerminalHuman``), fed typed lines: at optional windows,
saying what to decide, and taking decisions back.

Nomads of Arabia's Sands of Time window (R33) is the example: a seat that has not typed
``windows stop`` passes it at once whether or not it holds the disk; one that has is
asked whether or not it holds it, so the terminal's timing shows nobody who holds it.
Desert Sons shows ``undo``: a move may be taken back, a drawn tile may not (R8, R10).
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable

import pytest
from rich.console import Console

import serai
from serai.cli import GameLog
from serai.games.desert_sons.rules import DesertSonsState
from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState
from serai.human import QuitGame, TakeBack, TerminalHuman, undo_point
from tests.desert_sons.scenario import after_setup, run
from tests.nomads_of_arabia.scenario import do, ref_table

Typist = Callable[..., list[str]]


@pytest.fixture
def typing(monkeypatch: pytest.MonkeyPatch) -> Typist:
    """Feed these lines to ``input``; the prompts shown are returned as they come.

    When the lines run out, input ends (as with Ctrl-D), which stops the game.
    """

    def feed(*lines: str) -> list[str]:
        prompts: list[str] = []
        left = iter(lines)

        def fake_input(prompt: str) -> str:
            prompts.append(prompt)
            try:
                return next(left)
            except StopIteration:
                raise EOFError from None

        monkeypatch.setattr("builtins.input", fake_input)
        return prompts

    return feed


def human(shared_screen: bool = False) -> tuple[TerminalHuman, io.StringIO]:
    out = io.StringIO()
    return TerminalHuman(Console(file=out, width=120), shared_screen=shared_screen), out


def seat_1_with(disk: str) -> NomadsOfArabiaState:
    """Seat 1 holds ``disk`` (and nothing else); seat 0's turn is about to begin."""
    return ref_table().seat(1, disks=(disk,)).turn(0).load()


def at_window(disk: str) -> NomadsOfArabiaState:
    """The window after seat 0's turn, asking seat 1 (the only seat with a disk)."""
    state = seat_1_with(disk)
    do(state, "stay", "end")
    assert state.node_name == "sands" and state.current_player() == 1
    return state


DISKS = ("sands-of-time", "abdul")


@pytest.mark.parametrize("disk", DISKS)
def test_a_seat_that_has_not_chosen_to_stop_passes_a_window_at_once(
    typing: Typist, disk: str
) -> None:
    state = at_window(disk)
    prompts = typing()
    seat, out = human()
    assert seat.act(state) == state.window_pass() == state.string_to_action("pass")
    assert prompts == [] and out.getvalue() == ""


@pytest.mark.parametrize("disk", DISKS)
def test_windows_stop_asks_the_seat_at_every_window_even_when_it_can_only_pass(
    typing: Typist, disk: str
) -> None:
    state = seat_1_with(disk)
    do(state, "stay", "end", "pass")
    assert state.node_name == "move" and state.current_player() == 1
    seat, out = human()
    typing("windows stop", "stay")
    assert state.action_to_string(seat.act(state)) == "stay"
    assert "asked at every optional window" in out.getvalue()
    do(state, "stay", "end")
    assert state.node_name == "sands" and state.current_player() == 1
    prompts = typing("pass")
    assert state.action_to_string(seat.act(state)) == "pass"
    assert prompts == ["seat 1> "]
    assert ("play sands-of-time" in out.getvalue()) is (disk == "sands-of-time")


def test_windows_skip_goes_back_to_passing_at_once(typing: Typist) -> None:
    state = seat_1_with("sands-of-time")
    do(state, "stay", "end", "pass")
    seat, _ = human()
    typing("windows   STOP", "windows skip", "stay")
    seat.act(state)
    assert not seat.stop_at_windows
    do(state, "stay", "end")
    prompts = typing()
    assert seat.act(state) == state.window_pass() and prompts == []


def test_a_seat_passed_while_it_could_play_is_hinted_once_at_its_own_next_prompt(
    typing: Typist,
) -> None:
    state = at_window("sands-of-time")
    holder, holder_out = human()
    other, other_out = human()
    typing()
    do(state, state.action_to_string(holder.act(state)))
    assert holder_out.getvalue() == ""  # nothing at the window itself
    assert state.node_name == "move" and state.current_player() == 1
    typing("stay")
    holder.act(state)
    assert holder_out.getvalue().count("type 'windows stop' to be asked") == 1
    typing("stay")
    other.act(state)  # another seat's agent never shows it
    assert "windows stop' to be asked" not in other_out.getvalue()
    typing("stay")
    holder.act(state)
    assert holder_out.getvalue().count("type 'windows stop' to be asked") == 1


def test_a_seat_that_could_only_pass_gets_no_hint(typing: Typist) -> None:
    state = at_window("abdul")
    seat, out = human()
    typing()
    do(state, state.action_to_string(seat.act(state)))
    typing("stay")
    seat.act(state)
    assert "windows stop' to be asked" not in out.getvalue()


def test_on_a_shared_screen_the_hint_waits_for_secret(typing: Typist) -> None:
    state = at_window("sands-of-time")
    seat, out = human(shared_screen=True)
    typing()
    do(state, state.action_to_string(seat.act(state)))
    typing("board", "secret", "quit")
    with pytest.raises(QuitGame):
        seat.act(state)
    before, _, after = out.getvalue().rpartition("shared screen: type 'secret'")
    assert "windows stop' to be asked" not in before
    assert "windows stop' to be asked" in after


def test_help_lists_the_window_commands(typing: Typist) -> None:
    state = seat_1_with("abdul")
    seat, out = human()
    typing("help", "quit")
    with pytest.raises(QuitGame):
        seat.act(state)
    assert "windows stop" in out.getvalue() and "windows skip" in out.getvalue()


def test_the_log_shows_a_window_pass_alike_for_holder_and_non_holder() -> None:
    lines = []
    for disk in DISKS:
        state = at_window(disk)
        console = Console(width=120, record=True, file=io.StringIO())
        GameLog(console, ["random"] * 4, 0).on_action(state, state.string_to_action("pass"), "")
        lines.append(console.export_text())
    assert lines[0] == lines[1] and "pass" in lines[0] and "forced" not in lines[0]


def placing_a_drawn_tile() -> DesertSonsState:
    """Seat 0 moved, drew and must place the tile it drew (R10)."""
    state = run(after_setup(), "move 5,1", "draw")
    for outcome in state.legal_actions():
        drawn = state.clone()
        drawn.apply_action(outcome)
        if drawn.phase_name == "placement":
            return drawn
    raise AssertionError("no drawn tile fits next to 5,1")


def test_the_seat_is_told_what_to_decide_above_its_choices(typing: Typist) -> None:
    state = after_setup()
    seat, out = human()
    typing("quit")
    with pytest.raises(QuitGame):
        seat.act(state)
    shown = out.getvalue()
    assert shown.index(state.prompt()) < shown.index("1 move")
    assert "Move your caravan: free along desert links" in shown


def test_undo_takes_back_a_move_of_this_turn(typing: Typist) -> None:
    state = run(after_setup(), "move 5,1")
    assert undo_point(state) == len(state.history()) - 1
    seat, _ = human()
    typing("undo")
    with pytest.raises(TakeBack) as back:
        seat.act(state)
    assert back.value.keep == len(state.history()) - 1


def test_undo_never_goes_back_across_a_draw(typing: Typist) -> None:
    state = placing_a_drawn_tile()
    assert undo_point(state) is None
    seat, out = human()
    typing("undo", "quit")
    with pytest.raises(QuitGame):
        seat.act(state)
    assert "nothing to take back: undo works on your own decisions of this turn" in out.getvalue()


def test_undo_takes_back_the_first_camel_of_a_turn_but_never_another_seat_s() -> None:
    # Through the Desert from its start, first choices only, up to a two-camel turn (R13).
    state = serai.load_game("through_the_desert").new_initial_state()
    rng = random.Random(2)
    while not (state.phase_name == "camels" and state.camels_this_turn() == 2):
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    assert undo_point(state) is None  # the seat before it placed the last camel
    state.apply_action(state.legal_actions()[0])
    assert undo_point(state) == len(state.history()) - 1 and state.current_player() == seat
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() != seat and undo_point(state) is None
