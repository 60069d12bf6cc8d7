"""The observation vector (``observation.py``): named pieces, and exactly the vector that
agents were trained on before the pieces were named."""

from __future__ import annotations

import hashlib
import random
import struct

import serai
from serai.games.desert_sons.observation import LAYOUT
from tests.desert_sons.scenario import after_setup, cell, edit

RECORDED = "d412366e4e8b35d356f0b816888c8e2528d9210b9c30fe66d7f6d9eee2f67e4e"
"""The digest below, taken from the vector as it was built before it was declared as
named pieces: a change to any number of any piece changes it."""


def observation_digest() -> str:
    """SHA-256 of every seat's and a spectator's vector at every 5th action of a seeded
    3-player game, and the spectator's at its end."""
    state = serai.load_game("desert_sons", players=3).new_initial_state()
    rng = random.Random(11)
    digest = hashlib.sha256()
    step = 0
    while not state.is_terminal():
        if step % 5 == 0:
            for seat in (None, 0, 1, 2):
                vector = state.observation(seat)
                digest.update(struct.pack(f"<{len(vector)}d", *vector))
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        step += 1
    vector = state.observation(None)
    digest.update(struct.pack(f"<{len(vector)}d", *vector))
    return digest.hexdigest()


def test_the_vector_is_the_one_agents_were_trained_on() -> None:
    assert observation_digest() == RECORDED


def test_the_layout_is_the_games_and_describes_every_piece() -> None:
    game = serai.load_game("desert_sons")
    assert game.observation_layout() is LAYOUT
    assert game.observation_size() == LAYOUT.size == 3295
    table = LAYOUT.describe()
    assert all(f"`{piece.name}`" in table for piece in LAYOUT.pieces)


def test_pieces_show_what_their_names_say() -> None:
    state = edit(after_setup(), water="5,6", rumor_board="+2:1/-/-/-")
    mine, theirs = state.observation_dict(0), state.observation_dict(1)
    assert mine["caravans"][cell("5,0")] == 1.0  # block 0: the observing seat
    assert theirs["caravans"][cell("5,10")] == 1.0
    assert mine["water_camels"][:4] == [5 / 20, 0.0, 6 / 20, 0.0]
    assert mine["phase"].index(1.0) == 1  # move
    # R19: the +2 on the myrrh row is known to seat 1 only.
    assert mine["rumor_board"][:5] == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert theirs["rumor_board"][:5] == [1.0, 1.0, 0.0, 0.0, 0.0]
    assert mine["rumor_pool"][0] == 5 / 6
