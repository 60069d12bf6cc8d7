"""Why an action is not legal now, in a player's words.

Each reason ends with the ruling it applies, written ``(R30)``; the rulings are those of
``docs/rules/five_tribes.md``. Reasons name the exact problem for the common mistakes and
fall back on what the action needs in general.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine.errors import GameError
from serai.games.five_tribes import actions as A
from serai.games.five_tribes.actions import Action
from serai.games.five_tribes.board import (
    ANUN_NAK,
    BOAZ,
    BOURAQ,
    COLOURS,
    DISTANCE,
    DJINN_NAMES,
    DJINNS,
    ECHIDNA,
    ENKI,
    HAGIS,
    IBLIS,
    KUMARBI,
    LAMIA,
    LARGE_MARKET,
    LETA,
    NEIGHBOURS,
    OASIS,
    SIBITTIS,
    SLOAR,
    SMALL_MARKET,
    SPOT_COST,
    TILE_NAMES,
    UTUG,
    VILLAGE,
    tile_name,
)

if TYPE_CHECKING:
    from serai.games.five_tribes.rules import FiveTribesState

# The kinds of action each decision offers (see "A turn" and "Notation").
NODE_KINDS = {
    "bid": ("bid", "bid_zero", "bid_last", "kumarbi"),
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

DECIDING = {
    "bid": "bidding for a place in the turn order",
    "pick": "choosing the tile to pick meeples up from (or using a Djinn)",
    "step": "moving: choosing the next tile to step to",
    "drop": "moving: choosing the meeple to drop on the tile just entered",
    "build": "taking the Builders' gold",
    "kill": "choosing whom the Assassins kill",
    "tile": "doing the final tile's action (or using a Djinn)",
    "place": "placing the Palace or Palm Tree a Djinn brought",
    "keep": "keeping one of the Djinns Sibittis drew",
    "final": "finishing the turn: selling, using Djinns, or 'end'",
}
"""What the player to act is deciding at each node, for actions that do not fit it."""

REASONS = {
    "sell": "you do not hold a card of each of those kinds; a suit is one card each of different "
    "Merchandise (R33)",
    "pass": "a Village or an Oasis must take its Palace or Palm Tree while one is left (R17)",
}

NEEDS = {
    ECHIDNA: "Echidna needs a blue tile around the final tile, and two Elders or an Elder and "
    "a Fakir to pay (R24)",
    IBLIS: "Iblis needs an Elder or a Fakir to pay, and two meeples to kill after paying (R22)",
    HAGIS: "Hagis moves the Palace to a tile sharing a side with its Village, for an Elder or "
    "a Fakir (R19)",
    LAMIA: "Lamia moves the Palm Tree to a tile sharing a side with its Oasis, for an Elder or "
    "a Fakir (R19)",
    ANUN_NAK: "Anun-Nak needs an empty tile (no meeple, camel, Palm Tree or Palace), a meeple "
    "in the bag, and an Elder or a Fakir to pay (R26)",
    BOURAQ: "Bouraq needs a Village, a Palace left, and an Elder or a Fakir to pay (R17)",
    ENKI: "Enki needs an Oasis, a Palm Tree left, and an Elder or a Fakir to pay (R17)",
    LETA: "Leta needs an empty tile, a camel left, and two Elders or an Elder and a Fakir (R27)",
    UTUG: "Utug needs a tile with meeples and no camel, Palm Tree or Palace, a camel left, and "
    "two Elders or an Elder and a Fakir (R27)",
    SIBITTIS: "Sibittis needs a Djinn in the pile or its discards, and two Elders or an Elder "
    "and a Fakir (R28)",
    SLOAR: "Sloar needs a Fakir to pay with (R29)",
}
"""What each Djinn with a cost needs, once it is yours and unused this turn."""

DJINN_KINDS = frozenset(DJINNS[d].replace("-", "_") for d in NEEDS)
"""The action kinds of the Djinns' uses (``anun_nak``, …)."""

DRAWS = ("deal_tile", "draw_meeple", "bid_order", "draw_card", "draw_djinn")
"""The kinds of chance outcome (R31, R40)."""


def why_illegal(state: FiveTribesState, action: int) -> str:
    try:
        A.known(action)
    except GameError as unknown:
        return str(unknown)
    text = A.ACTION_TEXT[action]
    if state.is_terminal():
        return "the game is over"
    if state.is_chance_node():
        return f"{text!r} cannot come up in this draw (R31)"
    node = state.phase_name
    decoded = A.decode(action)
    kind = decoded.kind
    if kind in DRAWS:
        return f"{text!r} is a draw, which the game makes itself, not a choice (R31)"
    if kind not in NODE_KINDS[node]:
        return f"{text!r} does not fit now: p{state.actor} is {DECIDING[node]}"
    return f"{text!r}: {_reason(state, decoded)}"


def _reason(state: FiveTribesState, action: Action) -> str:
    kind = action.kind
    if kind in DJINN_KINDS:
        return _djinn_reason(state, action.djinn)
    if kind in ("pick", "step", "drop"):
        return _move_reason(state, action)
    if kind in ("bid", "bid_zero", "bid_last", "kumarbi"):
        return _bid_reason(state, action)
    if kind == "build":
        fakirs = state.fakirs(state.actor)
        if not state.blue_count(state.final_tile):
            return "no blue tile lies around the final tile, so only 'build 0' (R9)"
        return f"you hold {fakirs} Fakir{'s' if fakirs != 1 else ''} to add (R9)"
    if state.phase_name == "kill":
        return _kill_reason(state, action)
    if kind in ("palace", "palm", "buy", "buy_pair", "take_djinn"):
        return _tile_reason(state, action)
    if kind == "keep":
        return f"{DJINN_NAMES[action.djinn]} is not among the Djinns Sibittis drew (R28)"
    return REASONS[kind]


def _djinn_reason(state: FiveTribesState, djinn: int) -> str:
    """R18: yours and unused first, then what the power needs."""
    name = DJINN_NAMES[djinn]
    if state.djinn_owner[djinn] != state.actor:
        return f"you do not own {name} (R18)"
    if state.used >> djinn & 1:
        return f"{name} has been used this turn already (R18)"
    return NEEDS[djinn]


def _move_reason(state: FiveTribesState, action: Action) -> str:
    kind, tile = action.kind, action.tile
    if kind == "pick":
        if not state.tile_total[tile]:
            return f"{tile_name(tile)} holds no meeple (R4)"
        return (
            "no complete move starts there: the walk must be able to end on a tile that holds "
            "the colour of the last meeple dropped (R4)"
        )
    if kind == "step":
        if tile == state.cur:
            return f"you stand on {tile_name(tile)}: step to a tile beside it (R3)"
        if not NEIGHBOURS[state.cur] >> tile & 1:
            return f"{tile_name(tile)} does not share a side with {tile_name(state.cur)} (R3)"
        if tile == state.prev:
            return "you may not step straight back to the tile you just left (R3)"
        return "no drop on that tile leaves a move you can finish (R4)"
    colour = COLOURS[action.colour]
    if not state.in_hand[action.colour]:
        return f"you hold no {colour} meeple"
    if sum(state.in_hand) == 1:
        return f"your last meeple must land on a tile that already holds {colour} (R1)"
    return "after that drop the move could not be finished (R4)"


def _bid_reason(state: FiveTribesState, action: Action) -> str:
    """R25, R30."""
    kind, spot = action.kind, action.spot
    if kind == "kumarbi":
        if state.djinn_owner[KUMARBI] != state.actor:
            return "you do not own Kumarbi (R25)"
        if state.discount:
            return "Kumarbi has been used in this bid already (R25)"
        return f"you hold only {state.fakirs(state.actor)} Fakirs to discard (R25)"
    if kind == "bid":
        cost = state.bid_cost(spot)
        if state.paid[spot - 1] >= 0:
            return f"p{state.paid[spot - 1]} already holds the {SPOT_COST[spot]} spot (R30)"
        if cost > state.gold[state.actor]:
            return f"that spot costs {cost} gold and you have {state.gold[state.actor]} (R30)"
        return "with the three 0 spots full, only the cheapest paid spot you can afford (R30)"
    if kind == "bid_zero":
        return "the three 0 spots are full (R30)"
    return (
        "'bid last' is only for a bidder who finds the three 0 spots full and can afford no "
        "free paid spot (R30)"
    )


def _kill_reason(state: FiveTribesState, action: Action) -> str:
    """The exact problem with a kill (R10, R11, R13, R22)."""
    kind = action.kind
    single = kind in ("kill_tile", "kill_seat")
    if single and state.iblis:
        return "after Iblis the kill takes exactly 2 meeples (R22)"
    if not single and not state.iblis:
        return "a pair kill needs 'use iblis' first (R22)"
    if action.seat >= 0:
        seat = action.seat
        if seat == state.actor:
            return "you never kill meeples you hold (R11)"
        if seat >= state.n:
            return f"there is no seat p{seat}"
        if state.djinn_owner[BOAZ] == seat:
            return f"p{seat} owns Boaz, which protects their Viziers and Elders (R13)"
        return f"p{seat} does not hold those meeples (R11)"
    tile = action.tile
    distance = DISTANCE[state.final_tile][tile]
    reach = state.collected + state.fakirs(state.actor)
    if distance > reach:
        return (
            f"{tile_name(tile)} is {distance} steps from {tile_name(state.final_tile)}, "
            f"beyond your range of {reach}: Assassins plus Fakirs (R10)"
        )
    return f"{tile_name(tile)} does not hold those meeples (R11)"


def _tile_reason(state: FiveTribesState, action: Action) -> str:
    """The final tile's action (R8, R15–R17), or the piece a Djinn brought (R19)."""
    kind = action.kind
    if state.phase_name == "place":
        piece = "Palm Tree" if state.place_palm else "Palace"
        helper = "Lamia" if state.place_palm else "Hagis"
        return f"the {piece} goes on {tile_name(state.target)}, or with {helper} beside it (R19)"
    final = state.final_tile
    final_type = state.tile_type[final]
    where = f"your move ended on {tile_name(final)}, a {TILE_NAMES[final_type]}"
    if kind in ("palace", "palm"):
        piece, home, left = (
            ("Palace", VILLAGE, state.palaces_left)
            if kind == "palace"
            else ("Palm Tree", OASIS, state.palms_left)
        )
        if final_type != home:
            return f"{where}: only its own action is done (R8)"
        if not left:
            return f"no {piece} is left (R17)"
        return f"the {piece} goes on your final tile, {tile_name(final)} (R8)"
    if kind == "take_djinn":
        if final_type in (VILLAGE, OASIS, SMALL_MARKET, LARGE_MARKET):
            return f"{where}, not a Sacred Place (R8)"
        djinn = action.djinn
        if djinn not in state.display:
            return f"{DJINN_NAMES[djinn]} is not in the display (R16)"
        return "a Djinn costs two Elders, or an Elder and a Fakir, and you cannot pay that (R16)"
    if final_type not in (SMALL_MARKET, LARGE_MARKET):
        return f"{where}, not a market (R8)"
    price = 3 if final_type == SMALL_MARKET else 6
    gold = state.gold[state.actor]
    if gold < price:
        return f"this market costs {price} gold and you have {gold} (R15)"
    if not state.row:
        return "the row is empty (R15)"
    if final_type == SMALL_MARKET and kind == "buy_pair":
        return "a Small Market sells one card (R15)"
    if final_type == LARGE_MARKET and kind == "buy" and len(state.row) > 1:
        return "a Large Market sells two cards (one only when the row holds one) (R15)"
    return f"not among the first {price} cards of the row (R15)"
