"""The text board (``str(state)``, ``render``) and the per-seat view (R24)."""

from __future__ import annotations

import json

from serai.games.through_the_desert.actions import decode
from serai.games.through_the_desert.board import COLOURS, hex_col_row
from serai.games.through_the_desert.render import action_hexes, render_map
from serai.games.through_the_desert.rules import ThroughTheDesertState
from tests.through_the_desert.scenario import act, camel_position, finished, setup, to_act

RED = COLOURS.index("red")


def enclosed_position() -> ThroughTheDesertState:
    """Scenario S4(a): seat 0's red closes {0,5} and takes its token worth 3."""
    state = camel_position(
        2, [(0, "red", "1,4")], [(0, "red", "0,4"), (0, "red", "1,5")], tokens={"0,5": 3}
    )
    return act(state, 0, "camel red 0,6")


def glyph_at(state: ThroughTheDesertState, col: int, row: int) -> str:
    """The two characters drawn for hex (col, row): line 1 + 2*row + col%2, column 6 + 4*col."""
    line = render_map(state).splitlines()[1 + 2 * row + col % 2]
    return line.ljust(100)[6 + 4 * col : 8 + 4 * col]


def test_map_draws_every_kind_of_hex() -> None:
    state = enclosed_position()
    assert glyph_at(state, 1, 4) == "R0"  # leader: upper-case colour, seat
    assert glyph_at(state, 0, 4) == "r0"  # camel: lower-case colour, seat
    assert glyph_at(state, 1, 7) == " P"  # palm (layout A)
    assert glyph_at(state, 0, 5) == "x0"  # closed by seat 0 (R17)
    assert glyph_at(state, 3, 0) == f"~{state.token_value[3]}"  # watering hole, value shown
    assert glyph_at(state, 5, 6) == "^^"  # central mountain
    assert glyph_at(state, 0, 0) == "  "  # map edge
    assert glyph_at(state, 19, 7) == "  "  # shaded area: off the board with 2 players (R2)
    assert glyph_at(state, 2, 2) == " ."


def test_river_side_marks_the_east_bank() -> None:
    state = setup(2, board="river")
    assert glyph_at(state, 8, 1) == " ."  # west bank
    assert glyph_at(state, 9, 1) == " :"  # east bank
    assert glyph_at(state, 5, 6) == " ."  # the central mountains are desert (R3)
    assert "river side" in str(state)


def test_board_fits_100_columns_with_5_players() -> None:
    state = setup(5)
    assert max(len(line) for line in str(state).splitlines()) <= 100


def test_markup_colours_pieces_by_caravan_colour() -> None:
    state = enclosed_position()
    marked = state.render(markup=True)
    assert "[bold red]R0[/]" in marked and "[bold red]r0[/]" in marked
    assert "[" not in str(state).split("\n")[5]  # plain text carries no markup


def test_r24_owner_sees_token_values_others_see_counts() -> None:
    state = enclosed_position()
    own = state.view(0)["players_info"][0]
    other = state.view(1)["players_info"][0]
    spectator = state.view(None)["players_info"][0]
    assert own["token_values"] == [3] and own["score"]["water"] == 3
    for hidden in (other, spectator):
        assert hidden["tokens"] == 1 and hidden["token_values"] is None
        assert "water" not in hidden["score"]
    assert "token values hidden" in state.render(seat=1)
    assert "water 3" in state.render(seat=0)


def test_r24_final_scoring_reveals_every_token() -> None:
    state = finished(act(enclosed_position(), 1, "camel blue 4,1"))
    for seat in (None, 0, 1):
        info = state.view(seat)["players_info"][0]
        assert info["token_values"] == [3] and info["score"]["water"] == 3
    assert state.view(None)["scores"] == state.scores()


def test_view_lists_public_board_facts() -> None:
    state = enclosed_position()
    view = state.view(1)
    assert json.loads(json.dumps(view)) == view
    assert view["closed"] == [{"hexes": ["0,5"], "seat": 0, "colour": "red"}]
    assert "0,5" not in view["tokens"] and view["tokens"]["7,10"] in (1, 2, 3)
    assert {"hex": "1,4", "seat": 0, "colour": "red", "leader": True} in view["pieces"]
    assert view["supply"]["red"] == 22 - 3
    red = next(c for c in view["caravans"] if c["seat"] == 0 and c["colour"] == "red")
    assert red == {"seat": 0, "colour": "red", "camels": 3, "palms": [], "river": False}


def test_legal_hexes_are_highlighted_for_the_player() -> None:
    state = to_act(enclosed_position(), 0)
    moves = {a: decode(a) for a in state.legal_actions()}
    legal = [a for a, move in moves.items() if move[:2] == ("camel", RED)]
    marked = {moves[a][-1] for a in legal}
    plain = state.render(highlight=legal)
    assert "a hex where you may place now" in plain
    for h in marked:
        col, row = hex_col_row(h)
        line = render_map(state, highlight=action_hexes(legal)).splitlines()[1 + 2 * row + col % 2]
        glyph = line.ljust(100)[6 + 4 * col : 8 + 4 * col]
        assert glyph == " +" or glyph.startswith("~")  # a token hex keeps its value
    assert "[reverse]" in state.render(markup=True, highlight=legal)
    assert " +" not in render_map(state)
