"""Why an action is illegal, in the players' words, ending with the ruling it breaks.

>>> import serai
>>> from serai.games.through_the_desert.actions import parse_action
>>> state = serai.load_game("through_the_desert").new_initial_state()
>>> why_illegal(state, parse_action("leader red 3,3"))  # doctest: +ELLIPSIS
"'leader red 3,3' is not a possible outcome of this setup draw: a palm goes on an oasis ..."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import ActionId, Seat
from serai.games.through_the_desert.actions import (
    DECODED,
    NUM_ACTIONS,
    TEXTS,
    no_such_action,
)
from serai.games.through_the_desert.board import (
    CAMELS,
    COLOURS,
    LEADERS,
    NUM_COLOURS,
    OVER,
    REMOVAL,
    SETUP_PALMS,
    SETUP_TOKENS,
    SHADED,
    Hex,
    hex_name,
)

if TYPE_CHECKING:
    from serai.games.through_the_desert.rules import ThroughTheDesertState

# What each phase expects, for actions of another kind.
_EXPECTED = {
    CAMELS: ("camel", "camel phase: place a camel (R12)"),
    LEADERS: ("leader", "leader phase: place a leader (R8)"),
    REMOVAL: (
        "remove-leader",
        "start of a 5-player game: each player first sets one leader aside (R11)",
    ),
}


def why_illegal(state: ThroughTheDesertState, action: ActionId) -> str:
    """The reason ``action`` is not legal in ``state`` (call it only when it is not)."""
    if not 0 <= action < NUM_ACTIONS:
        return no_such_action(action)
    text = TEXTS[action]
    phase = state.phase
    if phase == SETUP_PALMS:
        return (
            f"{text!r} is not a possible outcome of this setup draw: a palm goes on an "
            "oasis hex in play that has none yet (R25)"
        )
    if phase == SETUP_TOKENS:
        where = hex_name(state.token_hexes[state.dealt])
        return (
            f"{text!r} is not a possible outcome of this setup draw: the next token goes "
            f"on {where}, with a value still among the undealt tokens (R6)"
        )
    if phase == OVER:
        return "the game is over"
    kind, expected = _EXPECTED[phase]
    move = DECODED[action]
    if move.kind != kind:
        return f"{text!r} does not fit now: this is the {expected}"
    if move.kind == "remove-leader":
        return f"{text!r}: an earlier player already set that colour aside (R11)"
    if move.kind != "camel" and move.kind != "leader":
        return f"{text!r} is not legal now"
    colour, h = move.colour, move.hex
    seat = state.player
    where = hex_name(h)
    # R8 says where a leader may stand, R12 where a camel may go.
    ruling = "R8" if phase == LEADERS else "R12"
    layout = state.layout
    if not layout.playable >> h & 1:
        if SHADED >> h & 1 and not layout.full:
            return f"{text!r}: {where} is in the shaded area, not in play with 2–3 players (R2)"
        side = "R3" if layout.river else "R1"
        return f"{text!r}: {where} is a mountain or off the map ({side})"
    if state.palms >> h & 1:
        return f"{text!r}: a palm stands on {where} ({ruling})"
    if state.occupied >> h & 1:
        return f"{text!r}: {where} already holds a piece ({ruling})"
    if move.kind == "leader":
        return _why_leader_illegal(state, text, seat, colour, h)
    name = COLOURS[colour]
    if state.closed >> h & 1:
        return f"{text!r}: {where} lies in a region that is already closed (R18)"
    if not state.supply[colour]:
        return f"{text!r}: no {name} camels are left in the supply (R12)"
    if state.removed[seat] == colour:
        return f"{text!r}: you set your {name} leader aside and have no {name} caravan (R11)"
    if not state.zone[seat * NUM_COLOURS + colour] >> h & 1:
        return f"{text!r}: {where} is not next to your {name} caravan (R12)"
    for other in range(state.n):
        if other != seat and state.zone[other * NUM_COLOURS + colour] >> h & 1:
            return f"{text!r}: {where} touches seat {other}'s {name} caravan (R12)"
    return f"{text!r} is not legal now"


def _why_leader_illegal(
    state: ThroughTheDesertState, text: str, seat: Seat, colour: int, h: Hex
) -> str:
    name = COLOURS[colour]
    where = hex_name(h)
    if state.removed[seat] == colour:
        return f"{text!r}: you set your {name} leader aside (R11)"
    if not state.held[seat] >> colour & 1:
        return f"{text!r}: your {name} leader is already on the board (R10)"
    if state.leader_round == 0 and state.round1 >> colour & 1:
        return f"{text!r}: an earlier player already opened {name} in round 1 (R10)"
    if not state.leader_colours(seat) >> colour & 1:
        return f"{text!r}: a later player would be left with no colour to open (R11)"
    if state.tokens >> h & 1:
        if state.layout.oases >> h & 1:
            return f"{text!r}: {where} is an oasis without a palm, so it holds a token (R7)"
        return f"{text!r}: {where} holds a watering-hole token (R8)"
    if state.palm_zone >> h & 1:
        return f"{text!r}: {where} is next to a palm (R8)"
    if state.leader_zone >> h & 1:
        return f"{text!r}: {where} is next to another leader, yours count too (R8)"
    return f"{text!r} is not legal now"
