"""What each seat may see (R32): the one place where hidden values are filtered.

Everything is public except gold (R32): a seat sees its own gold, and the gold of the other
seats only once the game has ended. Scores shown before the end leave out hidden gold.
While Builders are paid the turn shows how many blue tiles surround the final tile (R9),
while Assassins strike how far they reach (the Assassins collected and the Fakirs of the
seat to act, R10), both public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from serai.engine import Seat
from serai.games.five_tribes.board import (
    BUILD,
    CARDS,
    COLOURS,
    DJINNS,
    DROP,
    KILL,
    NO_TILE,
    NUM_CARDS,
    NUM_COLOURS,
    SPOT_COST,
    STEP,
    TILE_TYPES,
    TILES,
    bits,
    tile_name,
)

if TYPE_CHECKING:
    from serai.games.five_tribes.rules import FiveTribesState


def gold_visible(state: FiveTribesState, owner: Seat, seat: Seat | None) -> bool:
    """R32: own gold, and everyone's once the game has ended."""
    return owner == seat or state.is_terminal()


def _cards(counts: list[int]) -> dict[str, int]:
    return {CARDS[c]: counts[c] for c in range(NUM_CARDS) if counts[c]}


def table_view(state: FiveTribesState, seat: Seat | None) -> dict[str, Any]:
    breakdown = state.score_breakdown()
    players = []
    for owner in range(state.n):
        shown = gold_visible(state, owner, seat)
        score = dict(breakdown[owner])
        if not shown:
            score["total"] -= score.pop("gold")
        base = owner * NUM_CARDS
        players.append(
            {
                "seat": owner,
                "gold": state.gold[owner] if shown else "hidden",
                "camels_left": state.camels_left[owner],
                "viziers": state.viziers[owner],
                "elders": state.elders[owner],
                "cards": _cards(state.hand[base : base + NUM_CARDS]),
                "djinns": [DJINNS[d] for d, o in enumerate(state.djinn_owner) if o == owner],
                "score": score,
            }
        )
    tiles = []
    for t in range(TILES):
        base = NUM_COLOURS * t
        kind = state.tile_type[t]
        tiles.append(
            {
                "tile": tile_name(t),
                "type": TILE_TYPES[kind] if kind != NO_TILE else None,
                "meeples": {
                    COLOURS[c]: state.meeples[base + c]
                    for c in range(NUM_COLOURS)
                    if state.meeples[base + c]
                },
                "camel": state.camel[t] if state.camel[t] >= 0 else None,
                "palm_trees": state.palms[t],
                "palaces": state.palaces[t],
            }
        )
    to_act = state.current_player()
    in_move = state.phase in (STEP, DROP)
    return {
        "game": "five_tribes",
        "seat": seat,
        "players": state.n,
        "round": state.round,
        "phase": state.phase_name,
        "to_act": to_act if to_act >= 0 else None,
        "final_round": state.final_round,
        "tiles": tiles,
        "supply": {"palm_trees": state.palms_left, "palaces": state.palaces_left},
        "bag": {COLOURS[c]: state.bag[c] for c in range(NUM_COLOURS)},
        "resource_pile": _cards(state.pile),
        "row": [CARDS[c] for c in state.row],
        "resource_discard": _cards(state.discard),
        "djinn_pile": [DJINNS[d] for d in bits(state.djinn_pile)],
        "display": [DJINNS[d] for d in state.display],
        "djinn_discard": [DJINNS[d] for d in bits(state.djinn_discard)],
        "bid_order": state.bid_order[:],
        "bid_slot": state.bid_slot,
        "turn_order": {
            "paid": {
                str(cost): s for cost, s in zip(SPOT_COST[1:7], state.paid, strict=True) if s >= 0
            },
            "zero_queue": state.zeros[:],
            "last": state.last[:],
        },
        "next_bid_order": state.next_order[:],
        "turn": {
            "used": [DJINNS[d] for d in bits(state.used)],
            "echidna": state.echidna,
            "iblis": state.iblis,
            "kumarbi_discount": state.discount,
            "move": {
                "at": tile_name(state.cur),
                "from": tile_name(state.prev) if state.prev < TILES else None,
                "hand": {
                    COLOURS[c]: state.in_hand[c] for c in range(NUM_COLOURS) if state.in_hand[c]
                },
            }
            if in_move
            else None,
            "final_tile": tile_name(state.final_tile) if state.final_tile >= 0 else None,
            "collected": state.collected,
            "blue_tiles": state.blue_count(state.final_tile) if state.phase == BUILD else None,
            "kill_reach": state.collected + state.fakirs(to_act) if state.phase == KILL else None,
        },
        "sibittis_drawn": [DJINNS[d] for d in state.sib_drawn],
        "players_info": players,
        "scores": state.scores() if state.is_terminal() else None,
        "returns": state.returns() if state.is_terminal() else None,
    }
