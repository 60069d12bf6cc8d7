"""Building test positions: forced chance outcomes, actions by their text, and positions
changed part by part (Position notation of ``docs/rules/desert_sons.md``)."""

from __future__ import annotations

from collections.abc import Mapping

import serai
from serai.games.desert_sons.actions import parse_action
from serai.games.desert_sons.board import parse_cell
from serai.games.desert_sons.position import AREA_TOKEN, FACING, PARTS
from serai.games.desert_sons.rules import DesertSonsState

HEADER = ("players", "desert_border")


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


# -- positions changed part by part -----------------------------------------------------------
def parts(state: DesertSonsState) -> dict[str, str]:
    """The words of ``state``'s position by part name."""
    words = state.position().split(" ")
    return dict(zip((*HEADER, *PARTS), words, strict=True))


def load(words: Mapping[str, str]) -> DesertSonsState:
    state = serai.load_position("desert_sons", " ".join(words.values()))
    assert isinstance(state, DesertSonsState)
    return state


def edit(
    state: DesertSonsState, tiles: Mapping[str, str] | None = None, **changes: str
) -> DesertSonsState:
    """A new state from ``state``'s position with parts replaced: each keyword names a
    part (``turn_player`` for "turn player"), ``tiles`` gives area cells by ``x,y``."""
    words = parts(state)
    for key, value in changes.items():
        name = key if key in words else key.replace("_", " ")
        assert name in words, key
        words[name] = value
    if tiles:
        rows = [[m.group() for m in AREA_TOKEN.finditer(row)] for row in words["area"].split("/")]
        for where, token in tiles.items():
            c = cell(where)
            rows[c // 11][c % 11] = token
        words["area"] = "/".join("".join(row) for row in rows)
    return load(words)


def laid(tile: int, rotation: int = 0, stone: str = "") -> str:
    """The area cell of ``tile`` turned ``rotation`` degrees, with a stone like ``"9a"``."""
    return f"{tile}{FACING[rotation // 90]}{stone}"


def caravans(state: DesertSonsState, seat: int, where: str) -> str:
    """The caravans part with ``seat``'s caravan on ``where``."""
    cells = parts(state)["caravans"].split("/")
    cells[seat] = where
    return "/".join(cells)


def lay(state: DesertSonsState, where: str, tile: int, rotation: int = 0) -> DesertSonsState:
    """``state`` with ``tile`` lying on ``where`` (a scenario's set-up, out of turn)."""
    return edit(state, tiles={where: laid(tile, rotation)})


def without(state: DesertSonsState, tile: int) -> str:
    """The displays part with ``tile`` taken out of whichever display holds it."""
    return "/".join(
        ",".join(str(t) for t in display if t != tile) or "-" for display in state.display
    )


def to_place(state: DesertSonsState, seat: int, where: str, tile: int) -> DesertSonsState:
    """Seat ``seat``'s caravan on ``where`` with ``tile`` in hand to place (as after a draw)."""
    return edit(
        state,
        phase="placement",
        turn_player=str(seat),
        caravans=caravans(state, seat, where),
        displays=without(state, tile),
        tile_to_place=str(tile),
    )


def to_move(state: DesertSonsState, seat: int, where: str | None = None) -> DesertSonsState:
    """Seat ``seat`` at the start of a regular turn, its caravan moved to ``where``."""
    return edit(
        state,
        phase="move",
        turn_player=str(seat),
        caravans=caravans(state, seat, where or parts(state)["caravans"].split("/")[seat]),
    )


def discard_stack(state: DesertSonsState, keep: tuple[int, ...] = ()) -> str:
    """The discarded part with every tile of the stack but ``keep`` added: a way to empty
    the stack that keeps every tile somewhere."""
    stack = [t for t in range(1, 86) if state.stack >> t & 1 and t not in keep]
    return ",".join(map(str, sorted([*state.discarded, *stack]))) or "-"


def empty_stack(state: DesertSonsState, final_turns: int) -> DesertSonsState:
    """``state`` with every tile of the stack discarded and ``final_turns`` still to come
    (R26)."""
    return edit(state, discarded=discard_stack(state), final_turns=str(final_turns))


def game_over(state: DesertSonsState) -> DesertSonsState:
    """``state``'s players, area and rumor board once the game is over (R26, R27)."""
    return edit(
        state,
        phase="over",
        turn="regular",
        final_turns="0",
        discarded=discard_stack(state),
        last_placed="-",
        closing="-",
    )


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
"""The game of ``test_example_7`` up to the closing: stone 9 (seat 0) and stone 15 (seat 1)
on the oasis."""


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
"""The game of ``test_example_3`` up to seat 0's second move step: displays [4, 13, 1] and
[6, 8, 14]."""
