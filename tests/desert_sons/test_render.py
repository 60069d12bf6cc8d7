"""The text board (``str(state)``, ``render``), the per-seat views and the observation
(R19, R20: what each seat may see)."""

from __future__ import annotations

import json
import random

import pytest

from serai.games.desert_sons.render import action_cells, render_area
from serai.games.desert_sons.rules import DesertSonsState
from tests.desert_sons.scenario import after_setup, cell, edit, game_over, run, to_place
from tests.desert_sons.test_rulings import random_game


def cell_text(state: DesertSonsState, where: str, markup: bool = False) -> tuple[str, str]:
    """The two inner lines drawn for ``where``: line 2 + 3*y (+1), columns 5 + 7*x."""
    c = cell(where)
    x, y = c % 11, c // 11
    lines = render_area(state).splitlines()
    first = lines[2 + 3 * y].ljust(100)[5 + 7 * x : 11 + 7 * x]
    second = lines[3 + 3 * y].ljust(100)[5 + 7 * x : 11 + 7 * x]
    return first, second


def placed_position() -> DesertSonsState:
    """Band 1 on 6,1 (r90) with seat 0's stone 9 on it and its caravan there."""
    return run(to_place(after_setup(), 0, "5,1", 1), "place 6,1 r90", "stone 9 a")


def test_area_draws_fields_stones_and_caravans() -> None:
    state = placed_position()
    assert cell_text(state, "6,1") == (" 1 9a ", "@0    ")
    assert cell_text(state, "5,5") == (" #    ", "      ")
    assert cell_text(state, "5,10") == (" +    ", "@1    ")
    assert cell_text(state, "3,3") == ("      ", "      ")


def test_area_draws_desert_and_oasis_edges() -> None:
    state = placed_position()
    lines = render_area(state).splitlines()
    row1 = lines[2 + 3 * 1]
    # Between 5,1 and 6,1 the stub's oasis edge; between 6,1 and 7,1 the band's open edge.
    assert row1[4 + 7 * 6] == "~" and row1[4 + 7 * 7] == "~"
    assert row1[4 + 7 * 5] == "|"  # 5,1's west edge is desert
    above = lines[1 + 3 * 1]  # the border line between rows 0 and 1
    assert above[5 + 7 * 6 : 11 + 7 * 6] == "------"  # the band's N edge is desert
    below_stub = lines[1 + 3 * 6]
    assert below_stub[5 + 7 * 3 : 11 + 7 * 3] == "-~~~~-"  # 3,5's gems stub faces S


def test_text_shows_each_players_display_goods_water_and_camels() -> None:
    state = edit(placed_position(), goods="0,0,0,0/0,0,2,0", camels="0,1")
    text = str(state)
    assert "seat 0 @6,1  water 2  camels 0 (4 spaces)  no goods  score 0" in text
    assert "seat 1 @5,10  water 2  camels 1 (6 spaces)  salt 2  score 8" in text
    assert "display 14   stones in hand 16* 8 1" in text
    assert "display 15   stones in hand 15 10 7 2" in text
    assert "rumor board: myrrh -  incense -  salt -  gems -   pool 6 chips" in text
    assert "just placed: tile 1 at 6,1 (a E+W: water)" in text


@pytest.mark.parametrize("players", [2, 4])
def test_board_fits_100_columns(players: int) -> None:
    for state in random_game(players, 7)[::50]:
        for seat in (None, *range(players)):
            text = state.render(seat=seat, highlight=state.legal_actions())
            assert max(len(line) for line in text.splitlines()) <= 100


def test_markup_colours_caravans_and_oases() -> None:
    state = placed_position()
    marked = state.render(markup=True)
    assert "[bold cyan]~[/]" in marked and "@[bold red]0[/]" in marked
    assert "[" not in str(state)


def test_legal_cells_are_highlighted() -> None:
    state = to_place(after_setup(), 0, "5,1", 1)
    legal = state.legal_actions()
    assert action_cells(legal) == 1 << cell("4,1") | 1 << cell("6,1")
    plain = state.render(highlight=legal)
    assert "a cell you may choose now" in plain
    assert render_area(state, highlight=action_cells(legal)).count("++") == 2
    assert "++" not in render_area(state)


def chip_position() -> DesertSonsState:
    """Seat 0 laid a -2 on salt; seat 1 peeked at the +1 on gems; a +2 waits with seat 0."""
    state = run(to_place(after_setup(), 0, "5,9", 78), "place 4,9 r90", "stone 16 a")
    run(state, "choose rumor", "draw-rumor -2", "rumor salt")
    state = edit(state, rumor_board="-/-/-2:0/+1:1")
    assert state.pool == [1, 1, 2, 0]
    return state


def test_view_shows_exactly_the_chips_the_seat_has_seen() -> None:
    state = chip_position()
    board = {seat: state.view(seat)["rumor_board"] for seat in (None, 0, 1)}
    assert board[0]["salt"] == [{"value": "-2", "seen_by": [0]}]
    assert board[0]["gems"] == [{"value": None, "seen_by": [1]}]
    assert board[1]["salt"] == [{"value": None, "seen_by": [0]}]
    assert board[1]["gems"] == [{"value": "+1", "seen_by": [1]}]
    assert board[None]["salt"][0]["value"] is None and board[None]["gems"][0]["value"] is None
    assert "salt -2" in state.render(seat=0) and "salt ?" in state.render(seat=1)
    assert json.loads(json.dumps(state.view(1))) == state.view(1)


def test_the_end_reveals_every_chip() -> None:
    state = game_over(chip_position())
    assert state.view(None)["rumor_board"]["salt"][0]["value"] == "-2"
    assert state.view(None)["commodity_values"] == [4, 4, 2, 5]


@pytest.mark.parametrize("seat", [0, 1])
def test_resample_keeps_the_view_and_redraws_only_unseen_chips(seat: int) -> None:
    state = chip_position()
    rng = random.Random(seat)
    view = json.dumps(state.view(seat), sort_keys=True)
    arrangements = set()
    for _ in range(30):
        other = state.resample_hidden(seat, rng)
        assert json.dumps(other.view(seat), sort_keys=True) == view
        assert other.component_counts() == state.component_counts()
        values = sorted(
            [c for c in other.chips if c] + [i + 1 for i in range(4) for _ in range(other.pool[i])]
        )
        assert values == [1, 2, 2, 3, 3, 4]  # the chip multiset +2 +1 +1 -1 -1 -2
        arrangements.add((tuple(other.chips), tuple(other.pool)))
    assert len(arrangements) > 1
    known = 4 if seat == 0 else 6
    assert all(chips[known] == state.chips[known] for chips, _ in arrangements)


def test_resampled_states_play_on_legally() -> None:
    for state in random_game(3, 21)[::40]:
        if state.is_terminal() or state.is_chance_node():
            continue
        seat = state.current_player()
        other = state.resample_hidden(seat, random.Random(5))
        assert other.legal_actions() == state.legal_actions()
        rng = random.Random(9)
        while not other.is_terminal():
            actions = other.legal_actions()
            other.apply_action(actions[rng.randrange(len(actions))])


def test_scramble_changes_only_what_the_view_hides() -> None:
    state = chip_position()
    rng = random.Random(1)
    for seat in (None, 0, 1):
        view = state.view(seat)
        changed = False
        for _ in range(20):
            scrambled = state.scramble_hidden(seat, rng)
            assert scrambled.view(seat) == view
            changed |= scrambled.to_json() != state.to_json()
        assert changed


def test_observation_has_a_fixed_size_and_hides_what_the_view_hides() -> None:
    state = chip_position()
    game = state.game
    rng = random.Random(3)
    for seat in (None, 0, 1):
        vector = state.observation(seat)
        assert len(vector) == game.observation_size()
        for _ in range(5):
            assert state.scramble_hidden(seat, rng).observation(seat) == vector
    assert state.observation(0) != state.observation(1)


def test_resampling_depends_only_on_what_the_seat_knows() -> None:
    state = chip_position()
    for seat in (0, 1):
        other = state.resample_hidden(seat, random.Random(4))
        for draw in range(10):
            first = state.resample_hidden(seat, random.Random(draw)).to_json()
            assert first == other.resample_hidden(seat, random.Random(draw)).to_json()
