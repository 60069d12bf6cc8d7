"""Readable reasons why an action is not legal now, with the rulings that forbid it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.games.five_tribes import actions as A
from serai.games.five_tribes.board import (
    BOAZ,
    COLOURS,
    DISTANCE,
    NEIGHBOURS,
    NUM_COLOURS,
    SPOT_COST,
    tile_name,
)

if TYPE_CHECKING:
    from serai.games.five_tribes.rules import FiveTribesState

# The kinds of action each node offers (spec §5, §9.1).
NODE_KINDS = {
    "bid": ("bid", "kumarbi"),
    "pick": ("pick", "anun_nak", "bouraq", "enki", "leta", "utug", "sibittis", "sloar"),
    "step": ("step",),
    "drop": ("drop",),
    "build": ("build", "echidna"),
    "kill": ("kill_tile", "kill_seat", "kill_tile_pair", "kill_seat_pair", "iblis"),
    "tile": (
        "palace",
        "palm",
        "hagis",
        "lamia",
        "buy",
        "buy_pair",
        "take_djinn",
        "pass",
        "anun_nak",
        "bouraq",
        "enki",
        "leta",
        "utug",
        "sibittis",
        "sloar",
    ),
    "place": ("palace", "palm", "hagis", "lamia"),
    "keep": ("keep",),
    "final": ("sell", "end", "anun_nak", "bouraq", "enki", "leta", "utug", "sibittis", "sloar"),
}

REASONS = {
    "bid": "R30: a taken spot, a spot you cannot afford, or with the zero queue full only the "
    "cheapest affordable paid spot (else 'bid last')",
    "kumarbi": "R25: Kumarbi needs to be yours, unused in this bid, and the Fakirs to discard",
    "pick": "R4: no complete legal move starts on that tile (it must hold meeples and a walk "
    "must be able to end on a tile holding the last meeple's colour)",
    "step": "R3, R4: not a side neighbour, an immediate backtrack, or no drop there could "
    "finish the move",
    "drop": "R1, R4: not in your hand, or the move could not be finished after that drop",
    "build": "R9: at most the Fakirs you hold, and only 'build 0' with no blue tile in the block",
    "echidna": "R24: Echidna must be yours and unused, the block must hold a blue tile, and "
    "you must be able to pay",
    "kill_tile": "R10, R11: the tile must hold that colour within range (Assassins + Fakirs)",
    "kill_seat": "R11, R13: only an opponent's held Vizier or Elder, and not under Boaz",
    "kill_tile_pair": "R22: pair kills need Iblis used this turn, and 2 such meeples in range",
    "kill_seat_pair": "R22: pair kills need Iblis used this turn, and 2 such held meeples",
    "iblis": "R22: Iblis must be yours, unused, payable, and a pair target must exist",
    "palace": "§5.8, R17: a Palace goes on the final Village (or the Bouraq tile) if one is left",
    "palm": "§5.8, R17: a Palm Tree goes on the final Oasis (or the Enki tile) if one is left",
    "hagis": "R19: Hagis must be yours and unused, payable, and the tile a side neighbour",
    "lamia": "R19: Lamia must be yours and unused, payable, and the tile a side neighbour",
    "buy": "R15: that card must be in the eligible front of the row and you need the gold",
    "buy_pair": "R15: both cards must be in the eligible front of the row and you need 6 gold",
    "take_djinn": "R16: the Djinn must be in the display and you must be able to pay E+(E/F)",
    "pass": "§5.8: Villages and Oases with a piece left are compulsory",
    "keep": "R28: keep one of the Djinns Sibittis drew",
    "sell": "R33: a suit of different Merchandise types you hold",
    "end": "§5.10: end only at the FINAL node",
}
WINDOW = "R18, §5.9: the Djinn must be yours, unused this turn, payable, and its condition met"


def why_illegal(state: FiveTribesState, action: int) -> str:
    if not 0 <= action < A.NUM_ACTIONS:
        return f"{action} is outside the action space 0..{A.NUM_ACTIONS - 1}"
    text = A.ACTION_TEXT[action]
    if state.is_terminal():
        return "the game is over"
    node = state.phase_name
    if state.is_chance_node():
        return f"{text!r} is not a possible outcome of this {node} draw (R31)"
    kind, offset = A.kind_and_offset(action)
    kinds = NODE_KINDS[node]
    if kind not in kinds:
        return f"{text!r} does not fit the {node.upper()} node of p{state.actor} (spec §5)"
    specific = _specific(state, kind, offset)
    reason = specific or REASONS.get(kind, WINDOW)
    return f"{text!r} is not legal now: {reason}"


def _specific(state: FiveTribesState, kind: str, offset: int) -> str | None:
    """A reason naming the exact problem, for the commonest mistakes."""
    if kind == "pick" and not state.tile_total[offset]:
        return f"{tile_name(offset)} holds no meeple"
    if kind == "step":
        if not NEIGHBOURS[state.cur] >> offset & 1:
            return f"{tile_name(offset)} is not a side neighbour of {tile_name(state.cur)} (§3.1)"
        if offset == state.prev:
            return "R3: stepping straight back to the tile you came from is not allowed"
        return "R4: no drop on that tile leaves a move that can be finished"
    if kind == "drop" and not state.in_hand[offset]:
        return f"you hold no {COLOURS[offset]} meeple"
    if kind == "bid" and offset < 6:
        if state.paid[offset] >= 0:
            return f"R30: p{state.paid[offset]} already holds the {SPOT_COST[offset + 1]} spot"
        if state.bid_cost(offset + 1) > state.gold[state.actor]:
            return f"R30: that spot costs {state.bid_cost(offset + 1)} gold"
        if len(state.zeros) == 3:
            return "R30: with the zero queue full, only the cheapest affordable spot is allowed"
    if kind == "bid" and offset == 6 and len(state.zeros) == 3:
        return "R30: the zero queue is full"
    if state.phase_name == "kill":
        return _kill_reason(state, kind, offset)
    return None


def _kill_reason(state: FiveTribesState, kind: str, offset: int) -> str | None:
    """The exact problem with a kill (R10, R11, R13, R22)."""
    single = kind in ("kill_tile", "kill_seat")
    if single and state.iblis:
        return "R22: after Iblis the kill takes exactly 2 meeples"
    if kind in ("kill_tile_pair", "kill_seat_pair") and not state.iblis:
        return "R22: a pair kill needs 'use iblis' first"
    if kind in ("kill_seat", "kill_seat_pair"):
        seat = offset // 2 if kind == "kill_seat" else offset // 3
        if seat == state.actor:
            return "R11: you never kill meeples you hold"
        if seat >= state.n:
            return f"there is no seat p{seat}"
        if state.djinn_owner[BOAZ] == seat:
            return f"R13: p{seat} owns Boaz, which protects their Viziers and Elders"
        return f"p{seat} does not hold those meeples"
    if kind in ("kill_tile", "kill_tile_pair"):
        tile = offset // NUM_COLOURS if kind == "kill_tile" else offset // len(A.COLOUR_PAIRS)
        distance = DISTANCE[state.final_tile][tile]
        reach = state.collected + state.fakirs(state.actor)
        if distance > reach:
            return (
                f"R10: {tile_name(tile)} is {distance} steps from {tile_name(state.final_tile)}, "
                f"beyond your range of {reach} (Assassins + Fakirs)"
            )
        return f"{tile_name(tile)} does not hold those meeples"
    return None
