"""The position notation (Position notation of ``docs/rules/desert_sons.md``): the documented
example, exact round trips, what is counted rather than written, and refusals that name
the part that is wrong."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import serai
from serai.engine.perft import perft, read_perft
from serai.games.desert_sons.board import EXPLORE, MOVE, PLACE
from serai.games.desert_sons.position import PARTS
from serai.games.desert_sons.rules import DesertSonsState
from tests.desert_sons import reference
from tests.desert_sons.scenario import (
    EXAMPLE_7_STONES,
    HEADER,
    after_setup,
    edit,
    laid,
    load,
    new_game,
    parts,
    run,
    start,
    to_place,
)

ROOT = Path(__file__).parents[2]
DOCS = ROOT / "docs" / "rules" / "desert_sons.md"
PERFT = ROOT / "tests" / "perft" / "desert_sons.txt"


def documented_example() -> str:
    section = DOCS.read_text(encoding="utf-8").split("## Position notation")[1].split("\n## ")[0]
    found = re.search(r"```\n(.*)\n```", section)
    assert found
    return found.group(1)


def test_the_documented_example_is_the_game_it_describes() -> None:
    state = start(*EXAMPLE_7_STONES)
    assert state.position() == documented_example()
    loaded = serai.load_position("desert_sons", documented_example())
    assert loaded.legal_actions() == state.legal_actions()
    assert [loaded.action_to_string(a) for a in loaded.legal_actions()] == [
        "choose gems",
        "choose water",
    ]


def test_the_documented_parts_are_the_written_parts() -> None:
    section = DOCS.read_text(encoding="utf-8").split("## Position notation")[1].split("\n## ")[0]
    rows = re.findall(r"^\| (\d+) \| `?([a-z_ ]+)`? \|", section, re.MULTILINE)
    assert [int(number) for number, _ in rows] == list(range(1, len(HEADER) + len(PARTS) + 1))
    assert [name for _, name in rows] == [*HEADER, *PARTS]
    assert len(documented_example().split(" ")) == len(HEADER) + len(PARTS)


@pytest.mark.parametrize(("players", "desert_border"), [(2, False), (3, True), (4, False)])
def test_every_state_of_a_game_round_trips_exactly(players: int, desert_border: bool) -> None:
    rng = random.Random(players)
    state = new_game(players, desert_border)
    while not state.is_terminal():
        text = state.position()
        loaded = serai.load_position("desert_sons", text)
        assert isinstance(loaded, DesertSonsState)
        assert loaded.position() == text and loaded.history() == []
        assert loaded.component_counts() == state.component_counts()
        assert loaded.stack == state.stack and loaded.pool == state.pool
        assert loaded.chips == state.chips and loaded.drawn == state.drawn
        assert loaded.estimate() == state.estimate()
        for seat in (None, *range(players)):
            assert loaded.observation(seat) == state.observation(seat)
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_hidden_chip_values_are_in_the_position_but_not_in_the_views() -> None:
    state = run(to_place(after_setup(), 0, "5,9", 78), "place 4,9 r90", "stone 9 a")
    run(state, "choose rumor", "draw-rumor -2")
    assert parts(state)["drawn chip"] == "-2"
    run(state, "rumor salt")
    assert parts(state)["rumor board"] == "-/-/-2:0/-"
    assert state.view(1)["rumor_board"]["salt"] == [{"value": None, "seen_by": [0]}]


def test_what_the_rest_settles_is_counted_not_written() -> None:
    state = edit(after_setup(), water="5,6", camels="1,2", goods="1,0,0,0/0,2,0,1")
    assert state.water_supply == 20 - 11 and state.camel_supply == 10 - 3
    assert state.goods_supply == [9, 8, 10, 9]
    assert state.stack.bit_count() == 85 - 2  # all but the two display tiles
    state = edit(state, rumor_board="+2,-1/-/-/-", displays="14,1/15", discarded="4,5")
    assert state.pool == [0, 2, 1, 1]
    assert state.stack.bit_count() == 85 - 5
    assert state.component_counts() == new_game().component_counts()


def without_part(state: DesertSonsState, name: str, word: str) -> str:
    words = parts(state)
    words[name] = word
    return " ".join(words.values())


@pytest.mark.parametrize(
    ("name", "word", "why"),
    [
        ("phase", "resting", "part 3 (phase): 'resting' is not one of setup"),
        ("turn player", "2", "part 4 (turn player): 2 is not from 0 to 1"),
        ("area", ".....+.....", "has 1 rows"),
        ("area", "/".join(["." * 11] * 11), "5,0 is a cross field (R1)"),
        ("caravans", "5,0/11,0", "'11,0' is not a cell"),
        ("caravans", "5,0/3,3", "seat 1's caravan stands on an empty cell (R5)"),
        ("displays", "14,14/15", "tile 14 is in two places"),
        ("displays", "1,2,3,4/15", "seat 0 has more than 3 tiles (R8)"),
        ("water", "12,9", "the players hold 21, there are 20"),
        ("camels", "6,5", "the players hold 11, there are 10"),
        ("goods", "5,0,0,0/0,0,0,0", "seat 0 carries more than its spaces hold (R18)"),
        ("goods", "11,0,0,0/0,0,0,0", "'11,0,0,0' has a number that is not from 0 to 10"),
        ("rumor board", "+2,+2/-/-/-", "there are only 1 +2 chips"),
        ("rumor board", "+1,-1,+2/-/-/-", "the myrrh row holds 2 chips at most"),
        ("rumor board", "+1:2/-/-/-", "'+1:2' is not a chip"),
        ("tile to place", "7", "there is one exactly while a tile is to be placed"),
        ("final turns", "2", "they are counted from when the stack runs out (R26)"),
        ("drawn chip", "+1", "there is one exactly while it is to be laid (R19)"),
        ("rating order", "16", "no oasis is rated in the move phase"),
        ("symbols left", "0,0,0,0,0,0,1", "with no rating in progress"),
        ("closing", "a", "oases are closed by a tile just placed"),
    ],
)
def test_a_position_that_cannot_be_is_refused_naming_its_part(
    name: str, word: str, why: str
) -> None:
    text = without_part(after_setup(), name, word)
    with pytest.raises(serai.GameError, match=re.escape(why)):
        serai.load_position("desert_sons", text)


@pytest.mark.parametrize(
    ("tiles", "why"),
    [
        ({"6,1": laid(1, 0)}, "tile 1 on 6,1 does not match the field on 5,1 (R2)"),
        ({"6,1": laid(1, 270)}, "tile 1 on 6,1 is written 1e, its one rotation (R3)"),
        ({"8,8": laid(6)}, "tile 6 on 8,8 is cut off from the cross (R1)"),
        ({"6,1": laid(1, 90, "14a")}, "stone 14 is not in a 2-player game"),
        ({"6,1": laid(1, 90, "9b")}, "tile 1 has no section b (R13)"),
        ({"6,1": laid(1, 90, "9a"), "4,3": laid(10, 0, "9a")}, "stone 9 lies in two places"),
        ({"6,1": laid(86, 90)}, "there is no tile 86"),
    ],
)
def test_an_area_that_cannot_be_is_refused(tiles: dict[str, str], why: str) -> None:
    with pytest.raises(serai.GameError, match=re.escape(why)):
        edit(after_setup(), tiles=tiles)


def test_r2_with_desert_border_no_oasis_edge_faces_the_border_in_a_position() -> None:
    cap_to_the_border = {"4,0": laid(7, 0)}
    assert edit(after_setup(), tiles=cap_to_the_border).field[4] == 7
    with pytest.raises(serai.GameError, match=r"shows an oasis edge to the border \(R2\)"):
        edit(after_setup(desert_border=True), tiles=cap_to_the_border)


def test_a_setup_position_holds_only_the_tiles_dealt_so_far() -> None:
    state = start("draw-tile 3")
    assert load(parts(state)).display == [(3,), ()]
    for name, word in (("displays", "3/-"), ("displays", "-/3"), ("displays", "20/-")):
        words = parts(new_game())
        words[name] = word
        if word == "3/-":
            assert load(words).legal_actions() == state.legal_actions()
        else:
            with pytest.raises(serai.GameError, match="only tiles of stack 1"):
                load(words)
    with pytest.raises(serai.GameError, match="only tiles of stack 1"):
        edit(state, water="1,2")


def test_a_rating_must_list_the_stones_of_a_closed_oasis_of_the_tile_just_placed() -> None:
    state = start(*EXAMPLE_7_STONES)
    for name, word, why in (
        ("rating order", "9,15", "stones choose from the highest down (R17)"),
        ("rating order", "15", "the stones of a closed oasis"),
        ("blocked stone", "9", "only the highest of two or more stones is blocked (R16)"),
        ("turban stone", "15", "the turban holder's stone until it chooses (R22)"),
        ("symbols left", "0,0,0,0,0,0,0", "the choosing stone has a symbol it can take (R18)"),
        ("last placed", "-", "a stone step or rating follows a tile just placed"),
    ):
        with pytest.raises(serai.GameError, match=re.escape(why)):
            serai.load_position("desert_sons", without_part(state, name, word))


def reference_perft(state: DesertSonsState, depth: int) -> int:
    """:func:`perft` with the legal actions of the move, explore and placement steps taken
    from the slow reference."""
    if depth == 0 or state.is_terminal():
        return 1
    if state.phase == MOVE:
        actions = reference.move_actions(state)
    elif state.phase == EXPLORE:
        actions = reference.explore_actions(state)
    elif state.phase == PLACE:
        actions = reference.placements(state, state.pending, state.caravan[state.player])
    else:
        actions = state.legal_actions()
    total = 0
    for action in actions:
        child = state.clone()
        child.apply_unchecked(action)
        total += reference_perft(child, depth - 1)
    return total


@pytest.mark.parametrize("case", read_perft(PERFT)[2:8], ids=lambda case: f"line {case.line}")
def test_perft_counts_agree_with_the_reference(case: object) -> None:
    from serai.engine.perft import PerftCase

    assert isinstance(case, PerftCase)
    state = serai.load_position("desert_sons", case.position)
    assert isinstance(state, DesertSonsState)
    assert reference_perft(state, case.depth) == case.count == perft(state, case.depth)
