"""The text board (issue: strips, boxes, stock tracks, seats) and what views hide."""

from __future__ import annotations

import json
import random

import serai
from tests.nomads_of_arabia.scenario import ref, ref_table

REF_ROWS = (
    "row 0 (d4)       R       #       .       S       .",
    "row 1 (c2)   B       #       G       .       C*      S",
    "row 2 (d1)       .       G       .       R       .",
    "row 3 (c1)   G       .       C0123   R       .       P",
    "row 4 (d3)       .       S       .       .       G",
)


def test_board_is_the_staggered_grid_of_the_reference_board() -> None:
    lines = str(ref()).splitlines()
    assert lines[0] == "        x:   1   2   3   4   5   6   7   8   9  10  11"
    assert tuple(lines[1:6]) == REF_ROWS


def test_board_shows_boxes_stock_prices_pile_and_seats() -> None:
    text = str(ref())
    assert "box green   camel  1  donkey  1  goat  1  horse  1" in text
    assert "box red     camel  2  donkey  0  goat  0  horse  6" in text
    assert "stock camel   7  track 3 6 [9] 12  price 9" in text
    assert "stock goat    5  track 1 [2] 3 4  price 2" in text
    assert "handler pile: camel 3  donkey 3  goat 3  horse 3" in text
    assert "seat 2:  10 Dinars  on 3,5" in text
    assert "special disks: supply 4" in text


def test_every_line_fits_100_columns_through_a_game() -> None:
    game = serai.load_game("nomads_of_arabia", players=6)
    record = serai.play(game, [serai.bots.RandomBot(seed=s) for s in range(6)], seed=4)
    for upto in range(0, len(record), 97):
        state = serai.replay(record, upto=upto)
        for seat in (None, 0, 5):
            assert max(len(line) for line in state.render(seat=seat).splitlines()) <= 100


def test_views_hide_other_hands_until_the_end() -> None:
    table = ref_table().seat(1, disks=("dinars-6", "abdul"))
    state = table.load()
    assert "dinars-6" not in json.dumps(state.view(0))
    assert "dinars-6" not in json.dumps(state.view(None))
    assert "dinars-6" in json.dumps(state.view(1))
    assert "dinars-6" not in state.render(seat=0) and "dinars-6" in state.render(seat=1)
    state = table.set("turn", "1000/0/1").set("to act", "over").load()  # the turn limit (R40)
    assert "dinars-6" in json.dumps(state.view(0)) and "dinars-6" in str(state)


def test_scrambled_and_resampled_hands_look_the_same_to_the_seat() -> None:
    state = (
        ref_table().seat(1, disks=("dinars-6",)).seat(2, disks=("abdul", "silver-tongue")).load()
    )
    rng = random.Random(3)
    for seat in range(4):
        other = state.resample_hidden(seat, rng)
        assert other.view(seat) == state.view(seat)
        assert other.hands[seat] == state.hands[seat]
        assert [h.bit_count() for h in other.hands] == [h.bit_count() for h in state.hands]


def test_resampled_states_play_on_legally() -> None:
    game = serai.load_game("nomads_of_arabia", players=4)
    record = serai.play(game, [serai.bots.RandomBot(seed=s) for s in range(4)], seed=8)
    rng = random.Random(1)
    for upto in range(100, len(record), 150):
        state = serai.replay(record, upto=upto)
        if state.is_terminal():
            continue
        seat = max(state.current_player(), 0)
        other = state.resample_hidden(seat, rng)
        assert other.view(seat) == state.view(seat)
        assert other.component_counts() == state.component_counts()
        for _ in range(200):
            if other.is_terminal():
                break
            if other.is_chance_node():
                other.apply_action(serai.sample_chance(other, rng))
            else:
                actions = other.legal_actions()
                other.apply_action(actions[rng.randrange(len(actions))])


def test_markup_highlights_move_targets() -> None:
    state = ref()
    text = state.render(markup=True, highlight=state.legal_actions())
    assert "[reverse]" in text


def test_resampling_depends_only_on_what_the_seat_knows() -> None:
    state = (
        ref_table().seat(1, disks=("dinars-6",)).seat(2, disks=("abdul", "silver-tongue")).load()
    )
    rng = random.Random(9)
    for seat in range(4):
        world = state.resample_hidden(seat, rng)
        again = state.resample_hidden(seat, random.Random(4)).to_json()
        assert world.resample_hidden(seat, random.Random(4)).to_json() == again
