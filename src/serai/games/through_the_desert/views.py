"""What each seat may see (R24): the one place where hidden values are filtered.

Claimed watering-hole tokens lie face down (R24): a seat sees its own token values and
only the count of everyone else's, until the final scoring reveals them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from serai.engine import Seat
from serai.games.through_the_desert.board import COLOURS, NUM_COLOURS, bits, hex_name

if TYPE_CHECKING:
    from serai.games.through_the_desert.rules import ThroughTheDesertState


def table_view(state: ThroughTheDesertState, seat: Seat | None) -> dict[str, Any]:
    over = state.is_terminal()
    breakdown = state.score_breakdown()
    players = []
    for owner in range(state.n):
        revealed = over or owner == seat
        part = dict(breakdown[owner])
        token_values = None
        if revealed:
            token_values = [
                value for value in (1, 2, 3) for _ in range(state.claimed[3 * owner + value - 1])
            ]
        else:
            part["total"] -= part.pop("water")
        players.append(
            {
                "seat": owner,
                "tokens": state.token_count(owner),
                "token_values": token_values,
                "leaders_held": [COLOURS[c] for c in bits(state.held[owner])],
                "removed_leader": COLOURS[state.removed[owner]]
                if state.removed[owner] >= 0
                else None,
                "score": part,
            }
        )
    pieces = []
    for caravan, mask in enumerate(state.pieces):
        owner, colour = divmod(caravan, NUM_COLOURS)
        for h in bits(mask):
            pieces.append(
                {
                    "hex": hex_name(h),
                    "seat": owner,
                    "colour": COLOURS[colour],
                    "leader": bool(state.leaders >> h & 1),
                }
            )
    caravans = [
        {
            "seat": caravan // NUM_COLOURS,
            "colour": COLOURS[caravan % NUM_COLOURS],
            "camels": state.camels[caravan],
            "palms": [hex_name(h) for h in bits(state.oasis_scored[caravan])],
            "river": bool(state.river_scored >> caravan & 1),
        }
        for caravan, mask in enumerate(state.pieces)
        if mask
    ]
    to_act = state.current_player()
    return {
        "game": "through_the_desert",
        "seat": seat,
        "players": state.n,
        "board": state.layout.side,
        "phase": state.phase_name,
        "to_act": to_act if to_act >= 0 else None,
        "camels_this_turn": state.camels_this_turn() if state.phase_name == "camels" else None,
        "placed_this_turn": state.placed,
        "ending": state.ending,
        "palms": [hex_name(h) for h in bits(state.palms)],
        "tokens": {hex_name(h): state.token_value[h] for h in bits(state.tokens)},
        "pieces": pieces,
        "closed": [
            {
                "hexes": [hex_name(h) for h in bits(region)],
                "seat": caravan // NUM_COLOURS,
                "colour": COLOURS[caravan % NUM_COLOURS],
            }
            for region, caravan in state.closed_regions
        ],
        "supply": {COLOURS[c]: state.supply[c] for c in range(NUM_COLOURS)},
        "caravans": caravans,
        "players_info": players,
        "scores": state.scores() if over else None,
        "returns": state.returns() if over else None,
    }
