"""Building the positions of spec §10: forced chance outcomes, actions by their text."""

from __future__ import annotations

import serai
from serai.games.desert_sons.board import parse_cell
from serai.games.desert_sons.rules import MOVE, PLACE, DesertSonsState, parse_action


def new_game(players: int = 2, desert_border: bool = False) -> DesertSonsState:
    game = serai.load_game("desert_sons", players=players, desert_border=desert_border)
    state = game.new_initial_state()
    assert isinstance(state, DesertSonsState)
    return state


def run(state: DesertSonsState, *texts: str) -> DesertSonsState:
    """Apply every action text through the checked path (chance outcomes forced)."""
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def start(*texts: str, players: int = 2, desert_border: bool = False) -> DesertSonsState:
    return run(new_game(players, desert_border), *texts)


def legal(state: DesertSonsState) -> list[str]:
    """The legal actions as text, in id order."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def act(text: str) -> int:
    action = parse_action(text)
    assert action is not None, text
    return action


def cell(text: str) -> int:
    c = parse_cell(text)
    assert c is not None, text
    return c


CROSS_CELLS = sorted(
    [cell(f"5,{y}") for y in range(11)] + [cell(f"{x},5") for x in range(11) if x != 5]
)


SETUP_TILES = (14, 15, 11, 9)
"""The tiles ``after_setup`` deals to seats 0..3: two deserts, a water cap, a blank cap."""


def after_setup(players: int = 2, desert_border: bool = False) -> DesertSonsState:
    """The state after setup, seat 0 to move, displays dealt from ``SETUP_TILES``."""
    state = new_game(players, desert_border)
    for seat in range(players):
        run(state, f"draw-tile {SETUP_TILES[seat]}")
    return state


def lay(state: DesertSonsState, where: str, tile: int, rotation: int = 0) -> list[int]:
    """Put ``tile`` on ``where`` out of turn (scenario set-up): the oases it closes."""
    assert state.stack >> tile & 1, f"tile {tile} is not in the stack"
    state.stack &= ~(1 << tile)
    return state._put_field(cell(where), tile, rotation // 90)


def to_place(state: DesertSonsState, seat: int, where: str, tile: int) -> DesertSonsState:
    """Seat ``seat``'s caravan on ``where`` with ``tile`` in hand to place (as after a draw)."""
    state.player = seat
    state.caravan[seat] = cell(where)
    if state.stack >> tile & 1:
        state.stack &= ~(1 << tile)
    else:
        state.display = [tuple(t for t in d if t != tile) for d in state.display]
    state.pending = tile
    state.phase = PLACE
    return state


def to_move(state: DesertSonsState, seat: int, where: str | None = None) -> DesertSonsState:
    state.player = seat
    if where is not None:
        state.caravan[seat] = cell(where)
    state.phase = MOVE
    return state


EXAMPLE_7_STONES = (
    "draw-tile 6",
    "draw-tile 8",
    "move 5,1",
    "draw",
    "draw-tile 1",
    "place 6,1 r90",
    "stone 9 a",
    "end",
    "move 6,1",
    "draw",
    "draw-tile 7",
    "place 7,1 r270",
    "stone 15 a",
)
"""Spec Example 7 up to the closing: stone 9 (seat 0) and stone 15 (seat 1) on the oasis."""


EXAMPLE_3 = (
    "draw-tile 4",
    "draw-tile 6",
    "move 5,5",
    "draw",
    "draw-tile 13",
    "move 5,5",
    "draw",
    "draw-tile 8",
    "move 5,5",
    "draw",
    "draw-tile 1",
    "move 5,5",
    "draw",
    "draw-tile 14",
)
"""Spec Example 3 up to seat 0's second move step: displays [4, 13, 1] and [6, 8, 14]."""
