"""What each seat may see (R24): the one place where hidden values are filtered.

Claimed watering-hole tokens lie face down (R24): a seat sees its own token values and
only the count of everyone else's, until the final scoring reveals them all.

The server builds a view at every move, so each part is read off the state's bitboards
in one pass: hex names come from ``HEX_NAMES`` as the set bits are found, colour names
from ``COLOURS`` and ``COLOURS_IN``. Every call returns new dicts and lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from serai.engine import Seat
from serai.games.through_the_desert.board import (
    CAMELS,
    COLOURS,
    COLOURS_IN,
    HEX_NAMES,
    NUM_COLOURS,
    OVER,
    PHASE_NAMES,
    bits,
    hex_names,
)

if TYPE_CHECKING:
    from serai.games.through_the_desert.rules import ThroughTheDesertState


def table_view(state: ThroughTheDesertState, seat: Seat | None) -> dict[str, Any]:
    phase = state.phase
    over = phase == OVER
    to_act = state.current_player()
    pieces, caravans = _pieces_and_caravans(state)
    return {
        "game": "through_the_desert",
        "seat": seat,
        "players": state.n,
        "board": state.layout.side,
        "phase": PHASE_NAMES[phase],
        "to_act": to_act if to_act >= 0 else None,
        "camels_this_turn": state.camels_this_turn() if phase == CAMELS else None,
        "placed_this_turn": state.placed,
        "ending": state.ending,
        "palms": hex_names(state.palms),
        "tokens": _tokens(state),
        "pieces": pieces,
        "closed": [
            {
                "hexes": hex_names(region),
                "seat": caravan // NUM_COLOURS,
                "colour": COLOURS[caravan % NUM_COLOURS],
            }
            for region, caravan in state.closed_regions
        ],
        "supply": dict(zip(COLOURS, state.supply, strict=True)),
        "caravans": caravans,
        "players_info": _players(state, seat, over),
        "scores": state.scores() if over else None,
        "returns": state.returns() if over else None,
    }


def _players(state: ThroughTheDesertState, seat: Seat | None, over: bool) -> list[dict[str, Any]]:
    """Each seat's tokens, leaders and score, token values only where revealed (R24)."""
    players = []
    claimed = state.claimed
    for owner, part in enumerate(state.score_breakdown()):
        ones, twos, threes = claimed[3 * owner : 3 * owner + 3]
        token_values = None
        if over or owner == seat:
            token_values = [1] * ones + [2] * twos + [3] * threes
        else:
            part["total"] -= part.pop("water")
        removed = state.removed[owner]
        players.append(
            {
                "seat": owner,
                "tokens": ones + twos + threes,
                "token_values": token_values,
                "leaders_held": list(COLOURS_IN[state.held[owner]]),
                "removed_leader": COLOURS[removed] if removed >= 0 else None,
                "score": part,
            }
        )
    return players


def _tokens(state: ThroughTheDesertState) -> dict[str, int]:
    """The unclaimed tokens, face up on the board: hex name → value, in hex order."""
    value = state.token_value
    return {HEX_NAMES[h]: value[h] for h in bits(state.tokens)}


def _pieces_and_caravans(
    state: ThroughTheDesertState,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every piece, caravan by caravan and each caravan's in hex order; and each caravan on
    the board with its camels and what it scored (R4, R16). One pass over the caravans."""
    pieces: list[dict[str, Any]] = []
    caravans = []
    leaders = state.leaders
    river = state.river_scored
    for caravan, (mask, camels, palms) in enumerate(
        zip(state.pieces, state.camels, state.oasis_scored, strict=True)
    ):
        if not mask:
            continue
        owner, colour = divmod(caravan, NUM_COLOURS)
        name = COLOURS[colour]
        caravans.append(
            {
                "seat": owner,
                "colour": name,
                "camels": camels,
                "palms": hex_names(palms),
                "river": river >> caravan & 1 == 1,
            }
        )
        leader = (mask & leaders).bit_length() - 1  # the caravan's one leader (R9)
        # The highest hex first, as ``bits`` takes them, then turned into hex order.
        mine = []
        while mask:
            h = mask.bit_length() - 1
            mine.append({"hex": HEX_NAMES[h], "seat": owner, "colour": name, "leader": h == leader})
            mask ^= 1 << h
        mine.reverse()
        pieces += mine
    return pieces, caravans
