"""Through the Desert in the players' words: why an action is illegal (ending with the
ruling it breaks), what the player to act decides (:func:`prompt`), each action as a log
line (:func:`narrate`) and the names of the score parts (:data:`SCORE_LABELS`).

>>> import serai
>>> from serai.games.through_the_desert.actions import parse_action
>>> state = serai.load_game("through_the_desert").new_initial_state()
>>> why_illegal(state, parse_action("leader red 3,3"))  # doctest: +ELLIPSIS
"'leader red 3,3' is not a possible outcome of this setup draw: a palm goes on an oasis ..."
>>> narrate(state, None, parse_action("palm 3,2"))
'A palm grows on the oasis at 3,2'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import ActionId, Seat
from serai.engine.words import gain, listing, plural, seat_field
from serai.games.through_the_desert.actions import (
    DECODED,
    NUM_ACTIONS,
    TEXTS,
    Camel,
    no_such_action,
)
from serai.games.through_the_desert.board import (
    CAMELS,
    COLOURS,
    LEADERS,
    NUM_COLOURS,
    OASIS_POINTS,
    OVER,
    REMOVAL,
    RIVER_POINTS,
    SETUP_PALMS,
    SETUP_TOKENS,
    SHADED,
    Hex,
    bits,
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


SCORE_LABELS = {
    "caravan": "Largest caravans",
    "water": "Water tokens",
    "oasis": "Oases",
    "river": "River crossings",
    "area": "Closed regions",
    "total": "Total",
}
"""The parts of ``score_breakdown`` as the score table names them (*End and scoring*)."""


def prompt(state: ThroughTheDesertState) -> str:
    """What the player to act decides now, in one sentence to them."""
    phase = state.phase
    seat = state.player
    if phase == REMOVAL:
        return "Set one of your leaders aside for the whole game: a colour no one before you chose"
    if phase == LEADERS:
        held = [COLOURS[c] for c in bits(state.leader_colours(seat))]
        where = "on a free hex, not next to a palm or another leader"
        if state.leader_round == 0:
            return (
                f"Place a leader {where}, opening a colour no one has opened yet: {listing(held)}"
            )
        return f"Place your {_ordinal(state.leader_round + 1)} leader {where}: {listing(held)}"
    if phase == CAMELS:
        left = state.camels_this_turn() - state.placed
        if state.camels_this_turn() == 1:
            count = "one camel this turn, your first"
        elif left == 2:
            count = "2 this turn"
        else:
            count = "the second and last this turn"
        end = " — the game ends after this turn" if state.ending else ""
        return (
            "Place a camel next to one of your caravans of its colour, away from the other "
            f"players' caravans of that colour — {count}{end}"
        )
    return ""


_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def _ordinal(number: int) -> str:
    return _ORDINALS[number - 1]


def narrate(state: ThroughTheDesertState, viewer: Seat | None, action: ActionId) -> str:
    """``action`` (not yet applied) as a log line ``viewer`` may read (R24: the values of
    claimed tokens only to their owner)."""
    return narrations(state, action)[0 if viewer is None else viewer + 1]


def narrations(
    state: ThroughTheDesertState, action: ActionId, after: ThroughTheDesertState | None = None
) -> tuple[str, ...]:
    """:func:`narrate` for a spectator, then for each seat in order: a camel's effects are
    worked out once for all of them (from ``after``, the state after ``action``, if given)."""
    readers = state.n + 1
    move = DECODED[action]
    if move.kind == "palm":
        return (f"A palm grows on the oasis at {hex_name(move.hex)}",) * readers
    if move.kind == "token":
        return (f"A water token worth {move.value} lies face up on {hex_name(move.hex)}",) * readers
    who = seat_field(state.player)
    name = COLOURS[move.colour]
    if move.kind == "remove-leader":
        return (f"{who} set the {name} leader aside for the game",) * readers
    where = hex_name(move.hex)
    if move.kind == "leader":
        return (f"{who} placed the {name} leader at {where}",) * readers
    placed = f"{who} placed a {name} camel at {where}"
    if after is None:
        after = state.clone()
        after.apply_unchecked(action)
    return tuple(placed + effects for effects in _camel_effects(state, after, move))


def _camel_effects(
    state: ThroughTheDesertState, after: ThroughTheDesertState, move: Camel
) -> tuple[str, ...]:
    """What the camel ``move`` brings at once (R27), read from the state ``after`` it, as a
    spectator and then each seat reads it."""
    seat = state.player
    caravan = seat * NUM_COLOURS + move.colour
    palms = after.oasis_scored[caravan] & ~state.oasis_scored[caravan]
    enclosed = 0
    for region, _ in after.closed_regions[len(state.closed_regions) :]:
        enclosed |= region & palms
    beside = palms & ~enclosed
    # R16: palms scored outside a closed region are next to the new camel.
    near = f" next to {_palms(beside)}{gain(OASIS_POINTS * beside.bit_count())}" if beside else ""
    others: list[str] = []  # the effects after the water tokens taken
    tokens = after.token_count(seat) - state.token_count(seat)
    if after.river_scored >> caravan & 1 and not state.river_scored >> caravan & 1:
        others.append(f"crossed the river{gain(RIVER_POINTS)}")
    regions = len(after.closed_regions) - len(state.closed_regions)
    if regions:
        empty = after.area[seat] - state.area[seat]
        hexes = plural(empty, "empty hex", "empty hexes")
        closing = f"closed {_count(regions, 'a region', 'regions')} of {hexes}"
        if enclosed:
            closing += f" around {_palms(enclosed)}{gain(OASIS_POINTS * enclosed.bit_count())}"
        others.append(f"{closing}, worth {empty} at the end")
    ending = ""
    if not after.supply[move.colour]:
        ending = f"; it was the last {COLOURS[move.colour]} camel, so the game ends after this turn"

    def line(effects: list[str]) -> str:
        return near + (", " + listing(effects) if effects else "") + ending

    if not tokens:
        return (line(others),) * (state.n + 1)
    # R24: a claimed token lies face down; only its owner reads its value.
    took = f"took {_count(tokens, 'a water token', 'water tokens')}"
    worth = after.water(seat) - state.water(seat)
    hidden = line([took, *others])
    shown = line([f"{took} worth {worth}{gain(worth)}", *others])
    return tuple(shown if viewer == seat else hidden for viewer in (None, *range(state.n)))


def _count(count: int, one: str, many: str) -> str:
    return one if count == 1 else f"{count} {many}"


def _palms(mask: int) -> str:
    hexes = [hex_name(h) for h in bits(mask)]
    return f"the {'palm' if len(hexes) == 1 else 'palms'} at {listing(hexes)}"
