"""The text board (``str(state)``, ``render``) and the per-seat view (R32)."""

from __future__ import annotations

import json
import random

import serai
from serai.games.five_tribes import actions as A
from serai.games.five_tribes.render import render_grid
from tests.five_tribes.scenario import Setup, act, board_x, tx


def test_grid_shows_tiles_meeples_camels_palms_and_palaces() -> None:
    setup = board_x(3).put("1,1", "yellow", "white", "white", "red").claim(2, "0,0")
    state = setup.place("0,0", palms=2).place("2,0", palaces=1).state()
    lines = render_grid(state).splitlines()
    # Row r occupies lines 2 + 4r .. 4 + 4r; column c starts at 3 + 15c.
    cell = [line[3 + 15 * 0 : 3 + 15 * 0 + 14] for line in lines[2:5]]
    assert cell[0].startswith("oasis 8") and "@2" in cell[0]
    assert cell[2].strip() == "palms 2"
    middle = [line[3 + 15 : 3 + 15 + 14] for line in lines[6:9]]
    assert middle[0].startswith("village 5")
    assert middle[1].strip() == "y1 w2 r1"
    assert "pal 1" in lines[4][3 + 30 : 3 + 44]


def test_board_lists_tracks_row_display_and_holdings() -> None:
    setup = board_x(4, bid_order=(2, 0, 3, 1)).give_cards(1, "silk", "fakir")
    state = setup.give_djinn(1, "boaz").hold(1, viziers=2, elders=1).state()
    text = str(state)
    assert "bid order: p2 p0 p3 p1" in text
    assert "turn order: 18:-" in text
    assert "row: fish, fish" in text
    assert "djinns: enki, sloar, leta" in text
    assert "p1: gold hidden  camels 8  viziers 2  elders 1" in text
    assert "cards: silk 1, fakir 1  djinns: boaz" in text
    assert max(len(line) for line in text.splitlines()) <= 100


def test_board_fits_100_columns_late_in_games() -> None:
    for players in (2, 3, 4):
        game = serai.load_game("five_tribes", players=players)
        agents = [serai.bots.RandomBot(seed=s) for s in range(players)]
        record = serai.play(game, agents, seed=players)
        for upto in range(0, len(record), 37):
            state = serai.replay(record, upto=upto)
            for seat in (None, *range(players)):
                text = state.render(seat=seat, highlight=state.legal_actions())
                assert max(len(line) for line in text.splitlines()) <= 100


def test_highlight_marks_the_tiles_the_legal_actions_name() -> None:
    state = board_x(3).put("0,3", "red").put("0,4", "red").start_turn(0, 1)
    text = state.render(highlight=state.legal_actions())
    assert "*: a tile your legal actions name" in text
    marked = state.render(markup=True, highlight=[A.PICK + tx("0,3")])
    assert "[reverse]" in marked


def test_markup_colours_meeples() -> None:
    state = board_x(3).put("1,1", "red").state()
    assert "[red]r1[/]" in state.render(markup=True)
    assert "[red]" not in str(state)


def test_r32_views_hide_opponents_gold_until_the_end() -> None:
    state = Setup(board_x(3).start_turn(0)).set(gold=[11, 22, 33]).state()
    for seat in range(3):
        view = state.view(seat)
        golds = [p["gold"] for p in view["players_info"]]
        assert golds == [g if s == seat else "hidden" for s, g in enumerate([11, 22, 33])]
        assert json.loads(json.dumps(view)) == view
        scrambled = state.scramble_hidden(seat, random.Random(1))
        assert scrambled.view(seat) == view
        for other in range(3):
            score = view["players_info"][other]["score"]
            assert ("gold" in score) == (other == seat)
    act(state, "end")
    assert state.is_terminal()
    assert [p["gold"] for p in state.view(None)["players_info"]] == [11, 22, 33]
    assert "gold 22" in str(state)


def test_observation_has_a_fixed_size_and_hides_gold() -> None:
    state = board_x(3).state()
    game = state.game
    assert len(state.observation(0)) == game.observation_size()
    scrambled = state.scramble_hidden(0, random.Random(2))
    assert scrambled.observation(0) == state.observation(0)
    assert scrambled.observation(1) != state.observation(1) or scrambled.gold[1] == state.gold[1]
