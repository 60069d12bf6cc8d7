"""The observation vector, from the named pieces of ``observation.LAYOUT``.

Adapters and trained agents depend on the vector as it is: its digest along seeded games
was taken before it was rebuilt from named pieces, and must not change.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import serai
from serai.games.through_the_desert.board import HEXES
from serai.games.through_the_desert.observation import LAYOUT
from tests.through_the_desert.scenario import act, camel_position

# sha256 of the JSON of every 5th state's observations (spectator, then each seat) along one
# seeded random game, written by the engine before its observation had named pieces.
DIGESTS = {
    (2, "mountain", 7): "c61fcbcf897265352213d4589358ea1970a77fdb02a906444e228e930da14904",
    (3, "river", 8): "68f545b1632f5a0bceafe60930c609c2cafcbbc6426bce779bf1a2bde562bc91",
    (5, "mountain", 9): "e87b59d9974ba94b822896cdccac163f0b5486148e92b56142dbf77da3d7236e",
}


def observation_digest(players: int, board: str, seed: int) -> str:
    game = serai.load_game("through_the_desert", players=players, board=board)
    state = game.new_initial_state()
    rng = random.Random(seed)
    vectors = []
    while not state.is_terminal():
        if len(state.history()) % 5 == 0:
            vectors += [state.observation(seat) for seat in [None, *range(players)]]
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    vectors += [state.observation(seat) for seat in [None, *range(players)]]
    return hashlib.sha256(json.dumps(vectors).encode()).hexdigest()


@pytest.mark.parametrize(("players", "board", "seed"), list(DIGESTS))
def test_the_vector_is_what_it_was(players: int, board: str, seed: int) -> None:
    assert observation_digest(players, board, seed) == DIGESTS[players, board, seed]


def test_the_layout_names_every_piece_in_order() -> None:
    names = [piece.name for piece in LAYOUT.pieces]
    assert names == [
        "board",
        "tokens",
        "pieces",
        "leaders",
        "closed_by",
        "phase",
        "to_act",
        "turn",
        "supply",
        "caravans",
        "leaders_held",
        "leader_removed",
        "tokens_claimed",
        "own_tokens",
        "visible_points",
    ]
    assert LAYOUT.start("phase") == 39 * HEXES
    assert serai.load_game("through_the_desert").observation_layout() is LAYOUT
    table = LAYOUT.describe()
    assert all(f"`{name}`" in table for name in names)


def test_r24_the_pieces_show_a_seat_its_own_token_values_only() -> None:
    # S4(a): seat 0's red closes 0,5 and takes its token worth 3 (R17).
    state = camel_position(
        2, [(0, "red", "1,4")], [(0, "red", "0,4"), (0, "red", "1,5")], tokens={"0,5": 3}
    )
    state = act(state, 0, "camel red 0,6")
    mine, theirs = state.observation_dict(0), state.observation_dict(1)
    assert mine["own_tokens"] == [0.0, 0.0, 0.1]
    assert theirs["own_tokens"] == [0.0, 0.0, 0.0]
    assert mine["tokens_claimed"][:2] == [0.1, 0.0] and theirs["tokens_claimed"][:2] == [0.0, 0.1]
    # Seat 0's points without its hidden water, as seat 1 sees them (relative seat 1).
    assert theirs["visible_points"][1] == (state.scores()[0] - 3) / 100
    closed = [h for h, value in enumerate(mine["closed_by"][:HEXES]) if value]
    assert closed == [5 * 23 + 0]
