"""Building the scenarios' positions directly: forced chance, pieces placed by rule.

Pieces are placed through the engine's own placement code (full R27 resolution) but
without turn order: a scenario sets up its position, then its test actions follow.
"""

from __future__ import annotations

import serai
from serai.games.through_the_desert.actions import PALM_BASE, TOKEN_BASE, parse_action
from serai.games.through_the_desert.board import CAMELS, COLOURS, parse_hex
from serai.games.through_the_desert.rules import ThroughTheDesertState

LAYOUT_A = ("1,7", "3,2", "9,2", "12,6", "16,2")

# Where each unlisted leader stands in camel-phase scenarios: legal under R8 for 2, 3 and 4
# players on both sides, and away from every scenario's pieces and regions. Without them a
# lone caravan would "enclose" the whole open desert.
BACKGROUND = {
    "blue": ("2,0", "4,0", "12,1", "19,0"),
    "green": ("5,3", "3,4", "10,5", "22,2"),
    "red": ("7,6", "7,4", "13,8", "20,6"),
    "yellow": ("5,8", "6,10", "9,11", "21,9"),
    "white": ("15,0", "15,8", "0,3", "19,10"),
}


def hx(text: str) -> int:
    h = parse_hex(text)
    assert h is not None, text
    return h


def setup(
    players: int,
    board: str = "mountain",
    tokens: dict[str, int] | None = None,
    palms: tuple[str, ...] = LAYOUT_A,
) -> ThroughTheDesertState:
    """The state after setup with the given palms and token values forced.

    Tokens not named get the value whose pool is fullest, so named values stay available.
    """
    tokens = tokens or {}
    game = serai.load_game("through_the_desert", players=players, board=board)
    state = game.new_initial_state()
    assert isinstance(state, ThroughTheDesertState)
    for palm in palms:
        state.apply_action(PALM_BASE + hx(palm))
    wanted = {hx(h): v for h, v in tokens.items()}
    while state.is_chance_node():
        h = state.token_hexes[state.dealt]
        if h in wanted:
            value = wanted[h]
        else:
            # Reserve only the named tokens still to come (a dealt one no longer needs it).
            dealt = set(state.token_hexes[: state.dealt])
            reserve = [
                sum(1 for wh, w in wanted.items() if w == v and wh not in dealt) for v in (1, 2, 3)
            ]
            value = max((1, 2, 3), key=lambda v: state.pool[v - 1] - reserve[v - 1])
        state.apply_action(TOKEN_BASE + 3 * h + value - 1)
    return state


def leader(state: ThroughTheDesertState, seat: int, colour: str, where: str) -> None:
    state._place_leader(seat, COLOURS.index(colour), hx(where))


def camel(state: ThroughTheDesertState, seat: int, colour: str, where: str) -> None:
    state._place_camel(seat, COLOURS.index(colour), hx(where))


def camel_position(
    players: int,
    leaders: list[tuple[int, str, str]],
    camels: list[tuple[int, str, str]] = (),  # type: ignore[assignment]
    tokens: dict[str, int] | None = None,
    board: str = "mountain",
) -> ThroughTheDesertState:
    """A camel-phase position: listed leaders, background leaders, camels."""
    state = setup(players, board, tokens)
    listed = {(seat, colour) for seat, colour, _ in leaders}
    for seat, colour, where in leaders:
        leader(state, seat, colour, where)
    for colour, places in BACKGROUND.items():
        for seat in range(players):
            if (seat, colour) not in listed:
                leader(state, seat, colour, places[seat])
    state.held = [0] * players
    state.phase = CAMELS
    state.turn = 2 * players  # past the single-camel opening turns (R13)
    for seat, colour, where in camels:
        camel(state, seat, colour, where)
    return state


def to_act(state: ThroughTheDesertState, seat: int, placed: int = 0) -> ThroughTheDesertState:
    """Make ``seat`` the player to act, at placement ``placed`` of a 2-camel turn."""
    state.player = seat
    state.placed = placed
    return state


def act(state: ThroughTheDesertState, seat: int, text: str) -> None:
    """Apply ``text`` as ``seat`` through the checked path (a new seat starts a turn)."""
    if state.player != seat or state.is_terminal():
        to_act(state, seat)
    state.apply_action(state.string_to_action(text))


def legal(state: ThroughTheDesertState, seat: int, text: str) -> bool:
    to_act(state, seat)
    action = parse_action(text)
    assert action is not None, text
    return state.is_legal(action)
