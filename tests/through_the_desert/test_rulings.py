"""One test (at least) per ruling R1…R29 (*Rulings* in the rules reference).

Data rulings are checked against tables written out here; behaviour rulings against built
positions (``scenario.py``) and over seeded random games. The
step-by-step cross-check against the slow reference is ``test_reference.py``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from itertools import permutations

import pytest

import serai
from serai.bots import RandomBot
from serai.games.through_the_desert.actions import NUM_ACTIONS, decode, parse_action
from serai.games.through_the_desert.board import (
    CAMELS,
    COLOURS,
    COLS,
    HEXES,
    LEADERS,
    NEIGHBOURS,
    NUM_COLOURS,
    REMOVAL,
    ROWS,
    SHADED,
    bits,
    hex_col_row,
    hex_index,
    hex_name,
    layout_for,
    mask_of,
)
from serai.games.through_the_desert.rules import INFO, ThroughTheDesertState
from serai.rulebook import rules_text
from tests.through_the_desert import reference
from tests.through_the_desert.scenario import (
    CORNERED,
    act,
    camel_position,
    finished,
    hx,
    leaders_of,
    legal,
    load,
    position,
    rejected,
    setup,
    spend,
    with_claimed,
)

BLUE, GREEN, RED, YELLOW, WHITE = range(NUM_COLOURS)

# -- board data ----------------------------------------------------------------------------------
# R1: the mountain grid (columns 0..22), as the rules reference draws it.
MOUNTAIN_MAP = (
    "##.w.....###....w##...#",
    "#......w...w..w...w.w.#",
    "...O.w...O......O..w...",
    ".w.....w...w.........w.",
    "..w..w..w....w.w..w....",
    "w...w......w.....w..w..",
    ".....##.....O.w.w.....w",
    ".O...#####.........O...",
    "...w..w..w.w..w..#w..w.",
    "#w..w.......w...###...w",
    "#......O.w....#####....",
    "###.w.w...w.########w.#",
    "#####.....#############",
)

# R3: the river grid with its '|' marks, as the rules reference draws it.
RIVER_MAP = (
    "##.w.....|###....w##...#",
    "#......w.|..w..w...w.w.#",
    "...O.w...|O......O..w...",
    ".w.....w..|.w.........w.",
    "..w..w..w.|...w.w..w....",
    "w...w.....|.w.....w..w..",
    "...........|.O.w.w.....w",
    ".O.........|........O...",
    "...w..w..w|.w..w..#w..w.",
    "#w..w.....|..w...###...w",
    "#......O.|w....#####....",
    "###.w.w..|.w.########w.#",
    "#####....|.#############",
)

BANK_LIMITS = (8, 8, 8, 9, 9, 9, 10, 10, 9, 9, 8, 8, 8)

OASIS_HEXES = ("3,2", "9,2", "16,2", "12,6", "1,7", "7,10", "19,7")

WATERING_HOLE_HEXES = {  # row: (2–3 player area hexes, shaded hexes)
    0: ("3,0 16,0", ""),
    1: ("7,1 11,1 14,1", "18,1 20,1"),
    2: ("5,2", "19,2"),
    3: ("1,3 7,3 11,3", "21,3"),
    4: ("2,4 5,4 8,4 13,4 15,4", "18,4"),
    5: ("0,5 4,5 11,5 17,5", "20,5"),
    6: ("14,6 16,6", "22,6"),
    7: ("", ""),
    8: ("3,8 6,8 9,8 11,8 14,8", "18,8 21,8"),
    9: ("1,9 4,9 12,9", "22,9"),
    10: ("9,10", ""),
    11: ("4,11 6,11 10,11", "20,11"),
    12: ("", ""),
}

MIDDLE_MOUNTAINS = ("5,6", "6,6", "5,7", "6,7", "7,7", "8,7", "9,7")

RIVER_EDGES = (
    "8,1–9,1 · 8,2–9,1 · 8,2–9,2 · 8,3–9,2 · 9,3–9,2 · 9,3–10,3 · 9,3–10,4 · 9,4–10,4 · "
    "9,4–10,5 · 9,5–10,5 · 10,6–10,5 · 10,6–11,5 · 10,6–11,6 · 9,7–10,8 · 10,7–11,6 · "
    "10,7–11,7 · 10,7–10,8 · 9,8–10,8 · 9,8–10,9 · 9,9–10,9 · 9,9–9,10 · 9,9–10,10 · "
    "8,10–9,10 · 8,11–9,10 · 8,11–9,11 · 8,12–9,11 · 8,12–9,12"
)

CAMELS_PER_COLOUR = {2: 22, 3: 26, 4: 30, 5: 30}


# -- helpers ------------------------------------------------------------------------------------
def caravan(seat: int, colour: int) -> int:
    return seat * NUM_COLOURS + colour


def region(*hexes: str) -> int:
    return mask_of(hx(h) for h in hexes)


def names(mask: int) -> set[str]:
    return {hex_name(h) for h in bits(mask)}


def around(mask: int) -> int:
    """Every hex adjacent to a hex of ``mask`` (the adjacency of *Notation*)."""
    out = 0
    for h in bits(mask):
        out |= NEIGHBOURS[h]
    return out


def occupied(state: ThroughTheDesertState) -> int:
    out = 0
    for mask in state.pieces:
        out |= mask
    return out


def closed_mask(state: ThroughTheDesertState) -> int:
    out = 0
    for mask, _ in state.closed_regions:
        out |= mask
    return out


def caravan_of(state: ThroughTheDesertState, h: int) -> int:
    return next(c for c, mask in enumerate(state.pieces) if mask >> h & 1)


def breakdown(state: ThroughTheDesertState, seat: int) -> dict[str, int]:
    return state.score_breakdown()[seat]


def components(playable: int, blocked: int) -> list[int]:
    """Connected components of ``playable & ~blocked`` (R17), by smallest hex index."""
    rest = playable & ~blocked
    out = []
    while rest:
        part = rest & -rest
        while True:
            bigger = (part | around(part)) & rest
            if bigger == part:
                break
            part = bigger
        out.append(part)
        rest &= ~part
    return out


# -- seeded random games ------------------------------------------------------------------------
GAMES = [
    (2, "mountain", 11),
    (2, "river", 12),
    (3, "mountain", 13),
    (3, "river", 14),
    (4, "mountain", 15),
    (4, "river", 16),
    (5, "mountain", 17),
    (5, "river", 18),
]


@functools.cache
def random_game(
    players: int, board: str, seed: int
) -> tuple[list[ThroughTheDesertState], list[int]]:
    """Every state of a seeded random game (``serai.play`` with random bots), replayed."""
    game = serai.load_game("through_the_desert", players=players, board=board)
    bots = [RandomBot(seed=100 * seed + seat) for seat in range(players)]
    record = serai.play(game, bots, seed=seed)
    state = game.new_initial_state()
    assert isinstance(state, ThroughTheDesertState)
    states = [state.clone()]
    for action in record.actions:
        state.apply_action(action)
        states.append(state.clone())
    assert state.is_terminal()
    return states, record.actions


def steps(
    phase: int | None = None,
) -> Iterator[tuple[ThroughTheDesertState, int, ThroughTheDesertState]]:
    """(state before, action, state after) over every game, optionally of one phase."""
    for spec in GAMES:
        states, actions = random_game(*spec)
        for index, action in enumerate(actions):
            if phase is None or states[index].phase == phase:
                yield states[index], action, states[index + 1]


def game_ids() -> list[str]:
    return [f"{n}p-{board}" for n, board, _ in GAMES]


# -- R1–R3: board data --------------------------------------------------------------------------
def test_r1_mountain_grid_matches_the_rules_reference() -> None:
    drawn = rules_text("through_the_desert")
    assert all(f"row {row:2}   {line}\n" in drawn for row, line in enumerate(MOUNTAIN_MAP))
    layout = layout_for("mountain", 4)
    for row, line in enumerate(MOUNTAIN_MAP):
        assert len(line) == COLS
        for col, cell in enumerate(line):
            h = hex_index(col, row)
            assert bool(layout.playable >> h & 1) == (cell != "#"), (col, row)
            assert bool(layout.oases >> h & 1) == (cell == "O"), (col, row)
            assert bool(layout.watering_holes >> h & 1) == (cell == "w"), (col, row)


def test_r1_mountain_counts_per_area() -> None:
    small, full = layout_for("mountain", 3), layout_for("mountain", 4)
    assert (small.playable.bit_count(), small.oases.bit_count()) == (189, 6)
    assert small.watering_holes.bit_count() == 32
    assert (full.playable & SHADED).bit_count() == 52
    assert (full.oases & SHADED).bit_count() == 1
    assert (full.watering_holes & SHADED).bit_count() == 11
    assert (full.playable.bit_count(), full.oases.bit_count()) == (241, 7)
    assert full.watering_holes.bit_count() == 43
    assert all(small.playable >> h & 1 == 0 for h in bits(SHADED))


def test_r1_oasis_and_watering_hole_lists() -> None:
    full = layout_for("mountain", 4)
    assert names(full.oases) == set(OASIS_HEXES)
    for row, (small, shaded) in WATERING_HOLE_HEXES.items():
        in_row = {hex_name(h) for h in bits(full.watering_holes) if h // COLS == row}
        assert in_row == set(small.split()) | set(shaded.split()), row
        assert {hex_name(h) for h in bits(full.watering_holes & SHADED) if h // COLS == row} == (
            set(shaded.split())
        )


def test_r1_central_mountains_are_blocked() -> None:
    playable = layout_for("mountain", 4).playable
    assert all(not playable >> hx(h) & 1 for h in MIDDLE_MOUNTAINS)
    blocked_inner = {
        hex_name(h)
        for h in range(HEXES)
        if not playable >> h & 1 and 3 <= h % COLS <= 12 and 5 <= h // COLS <= 7
    }
    assert blocked_inner == set(MIDDLE_MOUNTAINS)


def test_r2_shaded_area_off_the_board_with_2_3_players() -> None:
    for players in (2, 3):
        layout = layout_for("mountain", players)
        assert not layout.playable & SHADED
        assert not layout.oases & SHADED
        assert not layout.watering_holes & SHADED
        state = setup(players)
        assert not state.tokens & SHADED  # no token on a shaded hex
        assert state.leader_hexes() & SHADED == 0
        fresh = serai.load_game("through_the_desert", players=players).new_initial_state()
        palms = {fresh.action_to_string(a) for a, _ in fresh.chance_outcomes()}
        assert "palm 19,7" not in palms and len(palms) == 6
    assert layout_for("mountain", 4).playable & SHADED == mask_of(
        hex_index(c, r) for r in range(ROWS) for c in range(18, COLS) if MOUNTAIN_MAP[r][c] != "#"
    )


def test_r2_no_camel_on_shaded_hex_with_3_players() -> None:
    def position(players: int) -> ThroughTheDesertState:
        return camel_position(
            players, leaders=[(2, "yellow", "16,4")], camels=[(2, "yellow", "17,4")]
        )

    three = position(3)
    assert not legal(three, 2, "camel yellow 18,4")
    assert rejected(three, 2, "camel yellow 18,4").endswith("(R2)")
    assert legal(position(4), 2, "camel yellow 18,4")


def test_r2_shaded_hexes_are_border_for_enclosing() -> None:
    state = camel_position(
        2,
        leaders=[(0, "yellow", "16,4")],
        camels=[(0, "yellow", h) for h in ("17,4", "16,5", "16,6")],
    )
    state = act(state, 0, "camel yellow 17,6")
    assert state.closed_regions == [(region("17,5"), caravan(0, YELLOW))]


def test_r3_river_grid_matches_the_rules_reference() -> None:
    drawn = rules_text("through_the_desert")
    assert all(f"row {row:2}   {line}\n" in drawn for row, line in enumerate(RIVER_MAP))
    for players in (3, 4):
        layout = layout_for("river", players)
        for row, line in enumerate(RIVER_MAP):
            cells = line.replace("|", "")
            assert len(cells) == COLS
            # The '|' stands right after the last west-bank cell of the row.
            assert line.index("|") == BANK_LIMITS[row] + 1
            for col, cell in enumerate(cells):
                h = hex_index(col, row)
                in_area = players >= 4 or col < 18
                assert bool(layout.playable >> h & 1) == (cell != "#" and in_area), (col, row)
    full = layout_for("river", 4)
    assert all(full.playable >> hx(h) & 1 for h in MIDDLE_MOUNTAINS)
    assert full.oases == layout_for("mountain", 4).oases
    assert full.watering_holes == layout_for("mountain", 4).watering_holes


def west(h: int) -> bool:
    col, row = hex_col_row(h)
    return col <= BANK_LIMITS[row]


def test_r3_river_counts_and_banks() -> None:
    for players, total, west_count, east_count in ((3, 196, 113, 83), (4, 248, 113, 135)):
        playable = layout_for("river", players).playable
        assert playable.bit_count() == total
        assert sum(1 for h in bits(playable) if west(h)) == west_count
        assert sum(1 for h in bits(playable) if not west(h)) == east_count


def test_r3_the_27_river_edges() -> None:
    expected = {tuple(pair.split("–")) for pair in RIVER_EDGES.split(" · ")}
    assert len(expected) == 27
    for players in (3, 4):
        layout = layout_for("river", players)
        found = set()
        for h in bits(layout.playable):
            for other in bits(layout.across_river[h]):
                assert west(h) != west(other)
                if west(h):
                    found.add((hex_name(h), hex_name(other)))
        assert found == expected
        # The river edges are exactly the adjacent playable pairs on different banks.
        by_banks = {
            (hex_name(a), hex_name(b))
            for a in bits(layout.playable)
            for b in bits(NEIGHBOURS[a] & layout.playable)
            if west(a) and not west(b)
        }
        assert by_banks == expected
    assert all(hx(w) % COLS < 18 and hx(e) % COLS < 18 for w, e in expected)
    assert layout_for("mountain", 4).across_river == (0,) * HEXES


# -- R4, R5: the river ----------------------------------------------------------------------------
def test_r4_river_scores_once_per_caravan_only_across_to_own_caravan() -> None:
    state = camel_position(2, leaders=[(0, "red", "9,4"), (0, "blue", "11,4")], board="river")
    assert state.river_scored == 0  # leaders never score the river
    state = act(state, 0, "camel blue 10,4")  # across from red 9,4, but blue is all east
    assert breakdown(state, 0)["river"] == 0
    state = act(state, 0, "camel red 10,5")  # across from red 9,4
    assert breakdown(state, 0)["river"] == 5
    assert state.river_scored == 1 << caravan(0, RED)
    state = act(state, 0, "camel red 10,6")  # west again, next to red 10,5: already scored
    assert breakdown(state, 0)["river"] == 5
    state = act(state, 0, "camel blue 9,3")  # west, across from blue 10,4
    assert breakdown(state, 0)["river"] == 10


@pytest.mark.parametrize(("players", "board", "seed"), GAMES[1::2], ids=game_ids()[1::2])
def test_r4_river_scored_exactly_when_caravan_on_both_banks(
    players: int, board: str, seed: int
) -> None:
    west_mask = mask_of(h for h in range(HEXES) if west(h))
    for state in random_game(players, board, seed)[0]:
        for index, pieces in enumerate(state.pieces):
            both = bool(pieces & west_mask) and bool(pieces & ~west_mask)
            assert bool(state.river_scored >> index & 1) == both


def test_r5_river_does_not_separate_leaders() -> None:
    state = setup(2, board="river")
    state = act(state, 0, "leader red 9,4")
    reason = rejected(state, 1, "leader blue 10,4")
    assert reason.endswith("(R8)")
    assert not state.leader_hexes() & region("10,4", "10,5", "8,3", "8,4", "9,3", "9,5")


def test_r5_river_does_not_separate_same_colour_caravans() -> None:
    state = camel_position(2, leaders=[(0, "red", "9,4"), (1, "red", "11,4")], board="river")
    assert not legal(state, 1, "camel red 10,5")  # touches seat 0's red across the river
    assert rejected(state, 1, "camel red 10,5").endswith("(R12)")
    assert not legal(state, 0, "camel red 10,4")
    assert legal(state, 1, "camel red 11,5")


def test_r5_oasis_touch_across_the_river() -> None:
    state = camel_position(2, leaders=[(0, "yellow", "7,2")], board="river")
    assert hx("9,2") in bits(state.layout.across_river[hx("8,2")])
    state = act(state, 0, "camel yellow 8,2")
    assert state.oasis_scored[caravan(0, YELLOW)] == region("9,2")
    assert breakdown(state, 0)["oasis"] == 5
    assert breakdown(state, 0)["river"] == 0


# -- R6, R7: tokens and oases ---------------------------------------------------------------------
@pytest.mark.parametrize(("players", "token_hexes", "back"), [(2, 33, 12), (3, 33, 12), (4, 45, 0)])
def test_r6_token_hexes_and_tokens_back_to_box(players: int, token_hexes: int, back: int) -> None:
    state = setup(players)
    layout = state.layout
    assert state.tokens == (layout.watering_holes | layout.oases) & ~state.palms
    assert state.tokens.bit_count() == token_hexes
    assert sum(state.pool) == back
    counts = state.component_counts()
    assert [counts[f"tokens worth {v}"] for v in (1, 2, 3)] == [15, 15, 15]
    assert all(state.token_value[h] in (1, 2, 3) for h in bits(state.tokens))


def test_r6_token_draw_probabilities_follow_the_45_token_multiset() -> None:
    fresh = serai.load_game("through_the_desert", players=4).new_initial_state()
    assert isinstance(fresh, ThroughTheDesertState)
    for palm in ("1,7", "3,2", "9,2", "12,6", "16,2"):
        fresh.apply_action(fresh.string_to_action(f"palm {palm}"))
    assert fresh.is_chance_node()
    assert [p for _, p in fresh.chance_outcomes()] == pytest.approx([1 / 3] * 3)
    for _ in range(15):  # fifteen 1s
        fresh.apply_action(fresh.chance_outcomes()[0][0])
    outcomes = fresh.chance_outcomes()
    assert [fresh.action_to_string(a).split()[-1] for a, _ in outcomes] == ["2", "3"]
    assert [p for _, p in outcomes] == pytest.approx([0.5, 0.5])
    fresh.apply_action(outcomes[0][0])  # a 2: 14 twos and 15 threes are left
    assert [p for _, p in fresh.chance_outcomes()] == pytest.approx([14 / 29, 15 / 29])
    while fresh.dealt < len(fresh.token_hexes) - 1:
        fresh.apply_action(max(fresh.chance_outcomes(), key=lambda o: o[1])[0])
    # With 4 players the last draw has a single outcome, and it is still a chance node.
    assert fresh.is_chance_node()
    assert len(fresh.chance_outcomes()) == 1
    assert fresh.chance_outcomes()[0][1] == pytest.approx(1.0)
    fresh.apply_action(fresh.chance_outcomes()[0][0])
    assert fresh.current_player() == 0
    assert sum(fresh.pool) == 0


def test_r7_palmless_oasis_behaves_like_a_watering_hole() -> None:
    state = camel_position(2, leaders=[(0, "blue", "8,10")], tokens={"7,10": 3})
    assert state.tokens >> hx("7,10") & 1
    state = act(state, 0, "camel blue 7,10")
    assert state.claimed[0:3] == [0, 0, 1]
    assert state.oasis_scored[caravan(0, BLUE)] == 0  # never counts as an oasis
    assert breakdown(state, 0)["oasis"] == 0


def test_r7_enclosing_palmless_oasis_claims_its_token_and_counts_as_empty() -> None:
    state = camel_position(
        2,
        leaders=[(0, "blue", "8,10"), (1, "yellow", "13,10")],
        camels=[(0, "blue", h) for h in ("8,11", "7,11", "6,11", "6,10")],
        tokens={"7,10": 2, "6,11": 1},
    )
    assert state.closed_regions == []
    state = act(state, 0, "camel blue 7,9")
    assert state.closed_regions == [(region("7,10"), caravan(0, BLUE))]
    assert state.claimed[0:3] == [1, 1, 0]
    assert breakdown(state, 0)["oasis"] == 0
    assert breakdown(state, 0)["area"] == 1


# -- R8–R11: leaders -------------------------------------------------------------------------------
def test_r8_leader_not_next_to_own_leader() -> None:
    state = setup(2)
    state = act(state, 0, "leader blue 8,10")
    state = act(state, 1, "leader green 4,7")
    reason = rejected(state, 0, "leader green 8,9")
    assert reason.endswith("(R8)") and "next to another leader" in reason
    assert legal(state, 0, "leader green 8,8")


def test_r8_leader_rules_token_palm_piece_and_spacing() -> None:
    state = setup(2)
    assert legal(state, 0, "leader red 8,10")  # next to a token hex: allowed
    assert rejected(state, 0, "leader red 7,10").endswith("(R7)")  # on a token
    assert rejected(state, 0, "leader red 3,8").endswith("(R8)")  # on a watering hole
    assert "palm" in rejected(state, 0, "leader red 3,2")
    assert "next to a palm" in rejected(state, 0, "leader red 3,3")
    state = act(state, 0, "leader red 8,10")
    assert "already holds a piece" in rejected(state, 1, "leader red 8,10")
    assert "next to another leader" in rejected(state, 1, "leader green 8,11")


@pytest.mark.parametrize(("players", "board", "seed"), GAMES, ids=game_ids())
def test_r9_caravans_are_connected_with_one_leader(players: int, board: str, seed: int) -> None:
    states, _ = random_game(players, board, seed)
    for state in states[-1:] + states[len(states) // 2 : len(states) // 2 + 1]:
        for index, pieces in enumerate(state.pieces):
            if not pieces:
                continue
            assert (pieces & state.leaders).bit_count() == 1, index
            assert components(pieces, 0) == [pieces], index  # connected
        # Two caravans never share a hex.
        assert sum(p.bit_count() for p in state.pieces) == occupied(state).bit_count()


def test_r10_first_leader_colours_differ_in_round_1_only() -> None:
    state = setup(3)

    def offered() -> set[str]:
        return {COLOURS[decode(a)[1]] for a in state.legal_actions()}

    assert offered() == set(COLOURS)
    state = act(state, 0, "leader blue 8,10")
    assert offered() == set(COLOURS) - {"blue"}
    assert rejected(state, 1, "leader blue 13,9").endswith("(R10)")
    state = act(state, 1, "leader green 4,7")
    assert offered() == {"red", "yellow", "white"}
    state = act(state, 2, "leader red 10,10")
    assert offered() == {"green", "red", "yellow", "white"}  # seat 0, round 2
    state = act(state, 0, "leader green 8,8")
    assert offered() == {"blue", "red", "yellow", "white"}  # seat 1 may take blue now
    assert legal(state, 1, "leader blue 13,9")


def _matchable(seats: list[int], colours: set[int], held: list[set[int]]) -> bool:
    return any(
        all(c in held[s] for s, c in zip(seats, choice, strict=True))
        for choice in permutations(colours, len(seats))
    )


def test_r11_round1_offers_follow_the_matching_rule_for_every_removal() -> None:
    base = setup(5)
    assert base.phase == REMOVAL
    for removal in permutations(range(NUM_COLOURS)):
        state = base.clone()
        for seat, colour in enumerate(removal):
            assert state.current_player() == seat
            state.apply_action(state.string_to_action(f"remove-leader {COLOURS[colour]}"))
        held = [set(range(NUM_COLOURS)) - {removal[s]} for s in range(5)]
        stack = [(state, frozenset[int]())]
        while stack:
            node, taken = stack.pop()
            seat = len(taken)
            if seat == 5:
                continue
            basic = held[seat] - taken  # (a) and (b)
            expected = {
                c
                for c in basic
                if _matchable(list(range(seat + 1, 5)), set(range(5)) - taken - {c}, held)
            }
            offered = {c for c in range(NUM_COLOURS) if node.leader_colours(seat) >> c & 1}
            assert offered == expected, (removal, seat, taken)
            assert offered, "nobody is left without a legal first leader"
            if seat != 3:
                assert offered == basic  # (c) only ever bites for seat 3
            h = bits(node.leader_hexes())[0]
            for colour in offered:
                child = node.clone()
                child.apply_action(parse_action(f"leader {COLOURS[colour]} {hex_name(h)}"))
                stack.append((child, taken | {colour}))


def test_r11_removed_colour_distinct_and_never_a_caravan() -> None:
    state = setup(5)
    state = act(state, 0, "remove-leader red")
    assert rejected(state, 1, "remove-leader red").endswith("(R11)")
    for seat, colour in ((1, "blue"), (2, "green"), (3, "yellow")):
        state = act(state, seat, f"remove-leader {colour}")
    assert state.legal_actions() == [parse_action("remove-leader white")]
    state = act(state, 4, "remove-leader white")
    assert state.phase == LEADERS
    states, _ = random_game(5, "mountain", 17)
    final = states[-1]
    for seat in range(5):
        removed = final.removed[seat]
        assert removed >= 0
        assert final.pieces[caravan(seat, removed)] == 0
    camel_state = next(s for s in states if s.phase == CAMELS)
    seat = camel_state.current_player()
    colour = COLOURS[camel_state.removed[seat]]
    near = bits(NEIGHBOURS[bits(camel_state.leaders)[0]] & camel_state.free)[0]
    assert rejected(camel_state.clone(), None, f"camel {colour} {hex_name(near)}").endswith("(R11)")


# -- R12–R16: camels ------------------------------------------------------------------------------
def test_r12_each_condition_has_its_reason() -> None:
    state = camel_position(
        2,
        leaders=[(0, "red", "12,4"), (1, "red", "14,5"), (1, "blue", "10,4")],
        camels=[(0, "red", "12,5")],
    )
    assert "not next to your red caravan (R12)" in rejected(state, 0, "camel red 3,6")
    assert rejected(state, 0, "camel red 12,6").endswith("a palm stands on 12,6 (R12)")
    assert "already holds a piece" in rejected(state, 0, "camel red 12,4")
    assert "touches seat 1's red caravan (R12)" in rejected(state, 0, "camel red 13,5")
    assert rejected(state, 0, "camel red 6,6").endswith("6,6 is a mountain or off the map (R1)")
    assert legal(state, 0, "camel red 11,5")  # a token hex is allowed
    assert legal(state, 0, "camel red 11,4")  # touching seat 1's blue is allowed
    # Seat 1's red has taken all but one red camel; seat 0 places the last one (R21).
    state = act(spend(state, 1, "red", 1, ["12,4", "11,5"]), 0, "camel red 12,3")
    assert state.supply[RED] == 0 and state.current_player() == 0
    assert "no red camels are left" in rejected(state, 0, "camel red 11,5")


def test_r12_caravans_may_fork() -> None:
    state = camel_position(2, leaders=[(0, "red", "12,4")])
    for where in ("12,3", "12,5", "11,4"):
        state = act(state, 0, f"camel red {where}")
    assert state.camels[caravan(0, RED)] == 3


def camel_turns(states: list[ThroughTheDesertState]) -> list[tuple[int, int]]:
    """(seat, camels placed) for each camel turn, from the seat to act at each decision."""
    turns: list[tuple[int, int]] = []
    for state in states:
        if state.phase != CAMELS:
            continue
        seat = state.current_player()
        if state.placed == 0:
            turns.append((seat, 1))
        else:
            assert turns[-1][0] == seat
            turns[-1] = (seat, turns[-1][1] + 1)
    return turns


@pytest.mark.parametrize(("players", "board", "seed"), GAMES, ids=game_ids())
def test_r13_camels_per_turn_in_real_games(players: int, board: str, seed: int) -> None:
    turns = camel_turns(random_game(players, board, seed)[0])
    assert [seat for seat, _ in turns] == [i % players for i in range(len(turns))]
    singles = 1 if players == 2 else 2
    expected = [1] * singles + [2] * (len(turns) - singles)
    # The last turn may be cut short by R20(b); every other turn has its full count.
    assert [count for _, count in turns[:-1]] == expected[:-1]
    assert turns[-1][1] <= expected[-1]


def test_r13_three_players_one_one_two() -> None:
    turns = camel_turns(random_game(3, "mountain", 13)[0])
    assert turns[:4] == [(0, 1), (1, 1), (2, 2), (0, 2)]
    turns = camel_turns(random_game(2, "mountain", 11)[0])
    assert turns[:3] == [(0, 1), (1, 2), (0, 2)]


@pytest.mark.parametrize(("players", "board", "seed"), GAMES, ids=game_ids())
def test_r14_r20_who_acts_next_after_each_camel(players: int, board: str, seed: int) -> None:
    states, actions = random_game(players, board, seed)
    singles = 1 if players == 2 else 2
    turn_number = -1
    ending = False
    for before, action, after in zip(states, actions, states[1:], strict=False):
        if before.phase != CAMELS:
            continue
        seat = before.current_player()
        if before.placed == 0:
            turn_number += 1
        made = before.placed + 1
        k = 1 if turn_number < singles else 2
        colour = decode(action)[1]
        ending = ending or after.supply[colour] == 0
        if made < k and reference.camel_actions(after, seat):
            assert after.current_player() == seat  # R14: no passing
        elif made < k or ending:
            assert after.is_terminal()  # R20(b) / R20(a)
        else:
            nxt = (seat + 1) % players
            if reference.camel_actions(after, nxt):
                assert after.current_player() == nxt and after.placed == 0
            else:
                assert after.is_terminal()
    assert states[-1].is_terminal()


def test_r14_no_pass_during_a_two_camel_turn() -> None:
    state = camel_position(2, leaders=[(0, "red", "12,4")])
    state = act(state, 0, "camel red 12,3")
    assert state.current_player() == 0 and state.placed == 1
    assert state.legal_actions()
    reason = rejected(state, None, "pass")
    assert "camel <colour>" in reason
    assert state.current_player() == 0


def test_r15_token_goes_at_once_to_the_placing_player_face_down() -> None:
    state = camel_position(2, leaders=[(1, "green", "11,4")], tokens={"11,5": 3})
    state = act(state, 1, "camel green 11,5")
    assert state.placed == 1  # mid-turn, the token is already held
    assert state.claimed[3:6] == [0, 0, 1]
    assert not state.tokens >> hx("11,5") & 1
    assert state.view(0)["players_info"][1]["token_values"] is None
    assert state.view(0)["players_info"][1]["tokens"] == 1
    assert state.view(1)["players_info"][1]["token_values"] == [3]
    assert "11,5" not in state.view(0)["tokens"]


def test_r16_one_caravan_scores_several_palms() -> None:
    state = camel_position(2, leaders=[(0, "red", "10,1")])
    for where, oasis in (("10,2", 5), ("10,3", 5), ("11,3", 5), ("11,4", 5), ("11,5", 10)):
        state = act(state, 0, f"camel red {where}")
        assert breakdown(state, 0)["oasis"] == oasis, where
    assert state.oasis_scored[caravan(0, RED)] == region("9,2", "12,6")


def test_r16_several_caravans_score_the_same_palm_once_each() -> None:
    state = camel_position(
        2, leaders=[(0, "red", "12,4"), (0, "blue", "14,7"), (1, "green", "10,7")]
    )
    for seat, text in ((0, "camel red 12,5"), (0, "camel blue 13,6"), (1, "camel green 11,6")):
        state = act(state, seat, text)
    state = act(state, 0, "camel red 13,5")  # red touches 12,6 again: nothing more
    assert [breakdown(state, s)["oasis"] for s in (0, 1)] == [10, 5]


# -- R17–R19: enclosing -----------------------------------------------------------------------
def two_pockets(red_supply: int | None = None) -> ThroughTheDesertState:
    """Seat 0's red ring around 8,0 and 7,1, both open only through 8,1."""
    state = camel_position(
        2,
        leaders=[(0, "red", "6,1")],
        camels=[(0, "red", h) for h in ("7,0", "6,2", "7,2", "8,2")],
        tokens={"7,1": 2},
    )
    assert state.closed_regions == []
    if red_supply is not None:
        # Seat 1's red takes the rest of the red camels far from the ring.
        state = spend(state, 1, "red", red_supply, ["7,1", "8,0", "9,1"])
        assert state.closed_regions == []
    return state


def test_r17_one_placement_closes_two_regions() -> None:
    state = two_pockets()
    area, water = breakdown(state, 0)["area"], breakdown(state, 0)["water"]
    state = act(state, 0, "camel red 8,1")
    assert {mask for mask, _ in state.closed_regions} == {region("8,0"), region("7,1")}
    assert {c for _, c in state.closed_regions} == {caravan(0, RED)}
    assert breakdown(state, 0)["water"] == water + 2  # R17(a)
    assert breakdown(state, 0)["area"] == area + 2  # R17(c): a claimed token hex is empty


def test_r17b_c_enclosed_palm_scores_and_is_not_empty() -> None:
    state = camel_position(
        2,
        leaders=[(0, "red", "2,6")],
        camels=[(0, "red", h) for h in ("1,5", "0,6", "3,6", "3,7", "3,8", "2,9")],
    )
    state = act(state, 0, "camel red 1,9")
    closed = state.closed_regions[-1][0]
    assert closed >> hx("1,7") & 1
    assert state.oasis_scored[caravan(0, RED)] == region("1,7")
    assert breakdown(state, 0)["area"] == closed.bit_count() - 1


def test_r18_closed_regions_are_permanent() -> None:
    for before, action, after in steps(CAMELS):
        assert not occupied(after) & closed_mask(after)
        assert closed_mask(before) & ~closed_mask(after) == 0
        assert decode(action)[-1] not in bits(closed_mask(before))
    state = two_pockets()
    state = act(state, 0, "camel red 8,1")
    assert rejected(state, 0, "camel red 8,0").endswith("(R18)")
    assert rejected(state, 0, "camel red 7,1").endswith("(R18)")
    state = act(state, 0, "camel red 9,1")  # closes nothing more, re-evaluates nothing
    assert len(state.closed_regions) == 2


def test_r19_no_enclosure_during_the_leader_phase() -> None:
    for players, board, seed in GAMES:
        states, _ = random_game(players, board, seed)
        for state in states:
            if state.phase <= LEADERS:
                assert state.closed_regions == [] and state.closed == 0
                assert state.area == [0] * players
                assert sum(state.claimed) == 0
    state = setup(2)
    state = act(state, 0, "leader red 8,10")  # alone on the board, it "encloses" everything
    assert state.closed_regions == []
    assert state.token_count(0) == 0


# -- R20: game end ------------------------------------------------------------------------------
def one_red_left() -> ThroughTheDesertState:
    """Seat 0's red leader on 12,4 with one red camel left: seat 1's red has the others."""
    state = camel_position(2, leaders=[(0, "red", "12,4")])
    state = spend(state, 1, "red", 1, ["12,4", "12,3", "2,1"])
    assert state.supply[RED] == 1 and not state.ending
    return state


def test_r20a_last_camel_first_placement_finishes_the_turn() -> None:
    state = one_red_left()
    state = act(state, 0, "camel red 12,3")
    assert state.supply[RED] == 0 and state.ending
    assert state.current_player() == 0
    assert state.legal_actions()
    assert all(decode(a)[1] != RED for a in state.legal_actions())
    state = act(state, 0, "camel blue 2,1")
    assert state.is_terminal()


def test_r20a_last_camel_on_second_placement_ends_the_game() -> None:
    state = one_red_left()
    state = act(state, 0, "camel blue 2,1")
    assert not state.is_terminal()
    state = act(state, 0, "camel red 12,3")
    assert state.is_terminal()
    assert state.returns() != [0.0, 0.0]


def cornered(turn: int) -> ThroughTheDesertState:
    """Seat 0's green leader on 2,0 has one way out, 3,0 (R20(b)); see ``CORNERED``."""
    state = load(position(2, turn=turn, **CORNERED))
    assert state.closed_regions == []
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["camel green 3,0"]
    return state


def test_r20b_game_ends_when_no_legal_second_placement() -> None:
    state = cornered(turn=4)
    assert state.camels_this_turn() == 2
    state = act(state, 0, "camel green 3,0")
    assert state.is_terminal()
    assert not state.ending
    assert min(state.supply) > 0


def test_r20b_game_ends_when_no_legal_placement() -> None:
    state = cornered(turn=0)  # seat 0's single-camel opening turn
    state = act(state, 0, "camel green 3,0")
    assert not state.is_terminal()  # the turn is complete: seat 1 plays
    assert state.current_player() == 1
    state = act(state, 1, "camel green 7,3")
    assert state.current_player() == 1
    state = act(state, 1, "camel green 7,2")
    assert state.is_terminal()  # seat 0 cannot start a turn
    assert not state.ending


# -- R21–R26: supply, scoring, information, setup --------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r21_camel_supply_per_colour(players: int) -> None:
    state = setup(players)
    assert state.supply == [CAMELS_PER_COLOUR[players]] * NUM_COLOURS
    counts = state.component_counts()
    assert all(counts[f"camels {c}"] == CAMELS_PER_COLOUR[players] for c in COLOURS)


@pytest.mark.parametrize(
    ("players", "camel_bound", "longest"), [(2, 107, 5 + 33 + 10 + 107), (5, 147, 222)]
)
def test_r21_supply_bounds_the_game_length(players: int, camel_bound: int, longest: int) -> None:
    # R20(a), R21: camel placements ≤ 5·(S−1) + 2; the longest history adds palms, tokens,
    # removals and leaders (5 + 45 + 5 + 20 + 147 = 222 with 5 players).
    assert 5 * (CAMELS_PER_COLOUR[players] - 1) + 2 == camel_bound
    game = serai.load_game("through_the_desert", players=players)
    assert game.max_game_length() == longest


def test_r21_supply_is_one_pool_shared_by_all_players() -> None:
    state = camel_position(2, leaders=[(0, "red", "12,4"), (1, "red", "14,7")])
    state = spend(state, 1, "red", 2, ["12,4", "12,3", "14,8", "14,9"])
    assert state.supply[RED] == 2
    state = act(state, 0, "camel red 12,3")  # seat 0's red leaves one for everybody
    assert state.supply[RED] == 1
    assert legal(state, 1, "camel red 14,8")
    state = act(state, 1, "camel red 14,8")  # seat 1 takes it to start its turn
    assert state.supply[RED] == 0 and state.current_player() == 1
    assert "no red camels are left" in rejected(state, 1, "camel red 14,9")


def test_r22_largest_caravan_awards() -> None:
    leaders_only = camel_position(3, leaders=[])
    assert finished(leaders_only).caravan_awards() == [0, 0, 0]  # leaders do not count
    camels = [
        *[(0, "blue", h) for h in ("2,1", "2,2", "1,2")],
        *[(1, "blue", h) for h in ("5,0", "6,0")],
        *[(1, "red", h) for h in ("7,3", "7,2", "6,3", "8,4")],
        *[(2, "red", h) for h in ("13,9", "14,9", "14,8", "12,8")],
        (0, "white", "15,1"),
        (1, "white", "16,8"),
        (2, "white", "0,4"),
    ]
    state = camel_position(3, leaders=[], camels=camels)
    assert [state.camels[caravan(seat, BLUE)] for seat in range(3)] == [3, 2, 0]
    assert [state.camels[caravan(seat, RED)] for seat in range(3)] == [0, 4, 4]
    assert [state.camels[caravan(seat, WHITE)] for seat in range(3)] == [1, 1, 1]
    assert [p["caravan"] for p in state.score_breakdown()] == [0, 0, 0]  # only at the end
    state = finished(state)
    assert state.caravan_awards() == [10 + 5, 5 + 5, 5 + 5]
    assert [p["caravan"] for p in state.score_breakdown()] == [15, 10, 10]


def test_r23_tied_winners_share() -> None:
    # Each seat leads one colour alone with one camel (R22): 10 points each.
    camels = [(0, "blue", "2,1"), (1, "red", "6,4"), (2, "green", "10,4")]
    state = camel_position(3, leaders=[], camels=camels)
    assert state.returns() == [0.0, 0.0, 0.0]
    tied = finished(state)
    assert tied.scores() == [10, 10, 10]
    assert tied.returns() == pytest.approx([1 / 3] * 3)
    # Seat 1's second red camel takes the token on 7,3: it alone has the highest total.
    ahead = finished(act(state, 1, "camel red 7,3"))
    assert ahead.scores()[1] > 10 == ahead.scores()[0] == ahead.scores()[2]
    assert ahead.returns() == [0.0, 1.0, 0.0]


def test_r24_token_values_seen_only_by_their_owner() -> None:
    # Seat 1's camels take the tokens on 7,3, 2,4 and 14,8, worth 1, 1 and 3 (R15).
    camels = [(1, "red", "7,3"), (1, "green", "2,4"), (1, "white", "14,8")]
    first = camel_position(3, [], camels, tokens={"7,3": 1, "2,4": 1, "14,8": 3})
    # The same position with seat 1 holding three 2s instead.
    second = with_claimed(first, 1, (0, 3, 0))
    assert first.claimed[3:6] == [2, 0, 1]
    for seat in (0, 2, None):
        assert first.view(seat) == second.view(seat)
        assert first.view(seat)["players_info"][1]["tokens"] == 3
    assert first.view(1)["players_info"][1]["token_values"] == [1, 1, 3]
    assert second.view(1)["players_info"][1]["token_values"] == [2, 2, 2]
    assert first.scores()[1] == 5 and second.scores()[1] == 6  # scores() is the full state


@pytest.mark.parametrize(("players", "candidates"), [(2, 6), (3, 6), (4, 7), (5, 7)])
def test_r25_setup_chance_and_first_player(players: int, candidates: int) -> None:
    state = serai.load_game("through_the_desert", players=players).new_initial_state()
    assert isinstance(state, ThroughTheDesertState)
    expected_palms = sorted(hx(h) for h in OASIS_HEXES[:candidates])
    for draw in range(5):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == candidates - draw
        assert all(p == pytest.approx(1 / (candidates - draw)) for _, p in outcomes)
        hexes = [decode(a)[-1] for a, _ in outcomes]
        assert hexes == sorted(hexes) and set(hexes) <= set(expected_palms)
        state.apply_action(outcomes[-1][0])
    dealt = []
    while state.is_chance_node():
        action = state.chance_outcomes()[0][0]
        dealt.append(decode(action)[1])
        state.apply_action(action)
    assert dealt == sorted(dealt)  # in increasing hex index order
    assert len(dealt) == (33 if players <= 3 else 45)
    assert state.current_player() == 0
    assert state.phase == (REMOVAL if players == 5 else LEADERS)


def test_r26_points_are_unlimited_integers() -> None:
    # Seat 0's five leaders stand on the west bank next to the river; a camel of each
    # crosses it (R4), and red and green touch the palms 9,2 and 12,6 (R16).
    leaders = leaders_of(0, "9,4", "10,7", "8,1", "9,9", "8,12")
    camels = [(0, colour, h) for colour, h in zip(COLOURS, RIVER_CROSSINGS, strict=True)]
    state = finished(camel_position(2, leaders, camels, board="river"))
    part = breakdown(state, 0)
    assert (part["caravan"], part["oasis"], part["river"], part["water"]) == (50, 10, 25, 0)
    assert all(isinstance(v, int) for v in part.values())
    assert state.scores()[0] == 85


RIVER_CROSSINGS = ("10,4", "11,6", "9,1", "10,10", "9,12")


# -- R27–R29 --------------------------------------------------------------------------------------
def test_r27_regions_close_in_increasing_smallest_hex_order() -> None:
    state = two_pockets(red_supply=1)
    state = act(state, 0, "camel red 8,1")
    assert state.closed_regions == [
        (region("8,0"), caravan(0, RED)),  # index 8
        (region("7,1"), caravan(0, RED)),  # index 30
    ]
    # All five steps resolved for the one placement: token, enclosure, end mark.
    assert state.token_count(0) == 1
    assert state.ending and not state.is_terminal()


def test_r27_placement_claims_token_touches_oasis_and_crosses_river() -> None:
    state = camel_position(2, leaders=[(0, "green", "10,7")], board="river", tokens={"11,5": 1})
    state = act(state, 0, "camel green 10,6")  # west, next to its leader
    assert breakdown(state, 0)["river"] == 0
    # Seat 1's green takes all green camels but one, away from seat 0's caravan; seat 0's
    # next turn begins with the last green.
    state = spend(state, 1, "green", 1, ["10,6", "10,7", "11,5", "12,6"])
    state = act(state, 0, "camel green 11,5")  # east: token, palm 12,6, river, last green
    part = breakdown(state, 0)
    assert (part["water"], part["oasis"], part["river"]) == (1, 5, 5)
    assert state.ending and state.current_player() == 0


def test_r28_only_the_modelled_verbs_exist() -> None:
    game = serai.load_game("through_the_desert")
    assert game.num_distinct_actions() == NUM_ACTIONS == 2 * 5 * HEXES + 5 + HEXES + 3 * HEXES
    state = game.new_initial_state()
    verbs = {state.action_to_string(a).split()[0] for a in range(NUM_ACTIONS)}
    assert verbs == {"camel", "leader", "remove-leader", "palm", "token"}
    for text in ("village 3,4", "salt 3,4", "marker blue", "pass", "camel teal 3,4"):
        assert parse_action(text) is None
    assert [o.name for o in INFO.options] == ["board"]
    with pytest.raises(serai.GameError):
        serai.load_game("through_the_desert", villages=True)


def test_r29_option_defaults() -> None:
    game = serai.load_game("through_the_desert")
    assert game.num_players == 2
    assert game.options == {"board": "mountain"}
    assert INFO.default_players == 2
    assert INFO.option("board").default == "mountain"
    assert set(INFO.option("board").choices) == {"mountain", "river"}
    state = game.new_initial_state()
    assert isinstance(state, ThroughTheDesertState)
    assert state.layout == layout_for("mountain", 2)


def test_r29_every_option_value_loads() -> None:
    for players in (2, 3, 4, 5):
        for board in ("mountain", "river"):
            game = serai.load_game("through_the_desert", players=players, board=board)
            assert game.params() == {"players": players, "board": board}
    with pytest.raises(serai.GameError):
        serai.load_game("through_the_desert", board="sea")
