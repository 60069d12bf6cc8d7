"""The fast engine against the slow reference (``reference.py``) on many positions.

Movement legality (R1, R3, R4, R5) is compared node by node over seeded random games,
late-game positions included, and on crowded random boards; for small hands the whole tree
of the fast generator is walked and must give exactly the brute-forced complete moves.
Whole games also check, round by round, that the game ends exactly where the reference's
reading of R34 and R35 says it must.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import serai
from serai.engine.perft import perft, read_perft
from serai.games.five_tribes import actions as A
from serai.games.five_tribes.board import (
    BID,
    COLOURS,
    DJINNS,
    DROP,
    FAKIR,
    KILL,
    NUM_COLOURS,
    PICK,
    STEP,
    TILES,
    bits,
)
from serai.games.five_tribes.rules import FiveTribesState, best_merchandise
from tests.five_tribes import reference
from tests.five_tribes.scenario import Setup, board_x


def fast_moves(state: FiveTribesState) -> list[int]:
    return state.legal_actions()


def check_movement_node(state: FiveTribesState) -> None:
    legal = state.legal_actions()
    texts = {state.action_to_string(a) for a in legal}
    if state.phase == KILL:
        assert texts == reference.kill_texts(state)
    elif state.phase == BID:
        assert texts == reference.bid_texts(state)
    decoded = [A.decode(a) for a in legal]
    if state.phase == PICK:
        fast = [d.tile for d in decoded if d.kind == "pick"]
        assert fast == reference.pick_tiles(state)
    elif state.phase == STEP:
        assert [d.tile for d in decoded] == sorted(reference.step_tiles(state))
    elif state.phase == DROP:
        assert [d.colour for d in decoded] == reference.drop_colours(state)


class EndWatch:
    """Follows a game's rounds and checks where it ends against ``reference.last_round``."""

    def __init__(self, state: FiveTribesState) -> None:
        self.round = state.round
        self.stuck = False

    def after(self, state: FiveTribesState, action: int) -> None:
        """Call after every action applied to ``state``."""
        if action == A.END:
            self.stuck |= not reference.pick_tiles(state)
        if state.is_terminal():
            assert reference.last_round(state, self.stuck)
        elif state.round != self.round:
            assert not reference.last_round(state, self.stuck)  # a new round may start
            self.round = state.round
            self.stuck = False


def play_checking(game: serai.Game, seed: int) -> FiveTribesState:
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, FiveTribesState)
    watch = EndWatch(state)
    while not state.is_terminal():
        if state.is_chance_node():
            action = serai.sample_chance(state, rng)
        else:
            check_movement_node(state)
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        watch.after(state, action)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_movement_kills_and_bids_match_the_reference_over_whole_games(
    players: int, seed: int
) -> None:
    game = serai.load_game("five_tribes", players=players)
    final = play_checking(game, 1000 * players + seed)
    assert final.scores() == reference.final_scores(final)


def crowded(seed: int) -> FiveTribesState:
    """Board X with all 90 meeples on a few random tiles: the crowded late-game case."""
    rng = random.Random(seed)
    setup = board_x(3)
    tiles = rng.sample(range(TILES), rng.randrange(4, 16))
    for c in range(NUM_COLOURS):
        for _ in range(setup.fields["bag"][c] - rng.randrange(0, 6)):
            setup.put(f"{(t := rng.choice(tiles)) % 6},{t // 6}", COLOURS[c])
    return setup.start_turn(0, 1, 2)


@pytest.mark.parametrize("seed", range(40))
def test_movement_matches_the_reference_on_crowded_boards(seed: int) -> None:
    state = crowded(seed)
    rng = random.Random(seed)
    if state.phase != PICK:
        assert reference.pick_tiles(state) == []
        return
    while state.phase in (PICK, STEP, DROP):
        check_movement_node(state)
        moves = [a for a in state.legal_actions() if A.decode(a).kind in ("pick", "step", "drop")]
        state.apply_action(moves[rng.randrange(len(moves))])


def sparse(seed: int) -> FiveTribesState:
    """Board X with 1 to 4 meeples on each of some tiles: small hands, many dead ends."""
    rng = random.Random(seed)
    setup = board_x(3)
    for t in rng.sample(range(TILES), rng.randrange(6, 20)):
        for _ in range(rng.randrange(1, 5)):
            c = rng.randrange(NUM_COLOURS)
            if setup.fields["bag"][c]:
                setup.put(f"{t % 6},{t // 6}", COLOURS[c])
    return setup.start_turn(0, 1, 2)


def walk_tree(state: FiveTribesState, path: tuple[tuple[int, int], ...], out: set) -> None:  # type: ignore[type-arg]
    """Every complete move the fast generator allows, by following its legal actions."""
    legal = state.legal_actions()
    assert legal, "dead end inside a move (R5)"
    for step in legal:
        after_step = state.clone()
        after_step.apply_action(step)
        for drop in after_step.legal_actions():
            child = after_step.clone()
            child.apply_action(drop)
            move = (*path, (A.decode(step).tile, A.decode(drop).colour))
            if child.phase in (STEP,):
                walk_tree(child, move, out)
            else:
                out.add(move)


@pytest.mark.parametrize("seed", range(30))
def test_every_complete_move_and_only_those(seed: int) -> None:
    state = sparse(seed)
    if state.phase != PICK:
        return
    for action in state.legal_actions():
        if A.decode(action).kind != "pick":
            continue
        start = A.decode(action).tile
        if state.tile_total[start] > 4:
            continue
        child = state.clone()
        child.apply_action(action)
        moves: set[tuple[tuple[int, int], ...]] = set()
        walk_tree(child, (), moves)
        assert moves == reference.complete_moves(state, start)
    blocked = [
        t for t in range(TILES) if state.tile_total[t] and A.PICK + t not in state.legal_actions()
    ]
    for t in blocked:
        assert reference.complete_moves(state, t) == set()


@pytest.mark.parametrize("seed", range(30))
def test_al_amin_merchandise_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    counts = [rng.randrange(0, 4) for _ in range(9)]
    wilds = rng.randrange(0, 5)
    assert best_merchandise(tuple(counts), wilds) == reference.merchandise(counts, wilds)


def test_blue_counts_match_the_reference() -> None:
    state = board_x(3).state()
    for t in range(TILES):
        assert state.blue_count(t) == reference.blue_in_block(state, t)


POWERS = {
    "kumarbi", "echidna", "iblis", "kill_tile_pair", "kill_seat_pair", "hagis", "lamia",
    "take_djinn", "anun_nak", "bouraq", "enki", "leta", "utug", "sibittis", "sloar", "keep",
}  # fmt: skip
"""Djinn actions, which the djinn-rich games prefer so that every power gets used."""


def djinn_rich(players: int, seed: int) -> FiveTribesState:
    """A real setup, then most Djinns of the pile dealt round the seats, up to 4 Fakirs each."""
    rng = random.Random(seed)
    game = serai.load_game("five_tribes", players=players)
    state = game.new_initial_state()
    assert isinstance(state, FiveTribesState)
    while state.is_chance_node():
        state.apply_action(serai.sample_chance(state, rng))
    setup = Setup(state)
    pile = bits(state.djinn_pile)
    rng.shuffle(pile)
    for i, d in enumerate(pile[4:]):  # 4 stay in the pile for Sibittis
        setup.give_djinn(i % players, DJINNS[d])
    for seat in range(players):
        fakirs = min(4, setup.fields["pile"][FAKIR])
        setup.give_cards(seat, *["fakir"] * fakirs)
    return setup.state()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(5))
def test_djinn_rich_games_keep_every_node_completable(players: int, seed: int) -> None:
    state = djinn_rich(players, seed)
    counts = state.component_counts()
    rng = random.Random(seed)
    watch = EndWatch(state)
    while not state.is_terminal():
        if state.is_chance_node():
            outcome = serai.sample_chance(state, rng)
            state.apply_action(outcome)
            watch.after(state, outcome)
            continue
        check_movement_node(state)
        legal = state.legal_actions()
        for action in legal if len(legal) <= 40 else rng.sample(legal, 40):
            child = state.clone()
            child.apply_action(action)
            assert child.is_terminal() or child.legal_actions(), state.action_to_string(action)
        powers = [a for a in legal if A.decode(a).kind in POWERS]
        choice = powers if powers and rng.random() < 0.6 else legal
        action = choice[rng.randrange(len(choice))]
        state.apply_action(action)
        watch.after(state, action)
        assert state.component_counts() == counts
    assert state.scores() == reference.final_scores(state)


PERFT = Path(__file__).parent.parent / "perft" / "five_tribes.txt"


def reference_moves_count(state: FiveTribesState) -> int:
    """The pick, step, drop sequences from a pick node without Djinns, by the reference:
    per pickable tile, the (step, drop) pairs that leave a move that can be finished."""
    board = reference.board_of(state)
    total = 0
    for start in reference.pick_tiles(state):
        hand = board[start]
        lifted = (*board[:start], (0,) * NUM_COLOURS, *board[start + 1 :])
        for t in reference.neighbours(start):
            total += sum(
                1
                for x in range(NUM_COLOURS)
                if hand[x] and reference.drop_ok(lifted, t, start, hand, x)
            )
    return total


def test_perft_counts_of_the_pick_and_bid_positions_agree_with_the_reference() -> None:
    checked = 0
    for case in read_perft(PERFT):
        state = serai.load_position("five_tribes", case.position)
        assert isinstance(state, FiveTribesState)
        kinds = {A.decode(a).kind for a in state.legal_actions()}
        if state.phase == PICK and kinds == {"pick"} and case.depth == 3:
            assert reference_moves_count(state) == case.count
            checked += 1
        elif state.phase == BID:
            assert len(reference.bid_texts(state)) == perft(state, 1)
            checked += 1
    assert checked >= 4
