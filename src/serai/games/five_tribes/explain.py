"""Five Tribes in the players' words: why an action is not legal now, what the player to
act decides (:func:`prompt`), each action as a log line (:func:`narrate`) and the names of
the score parts (:data:`SCORE_LABELS`).

Each reason ends with the ruling it applies, written ``(R30)``; the rulings are those of
``docs/rules/five_tribes.md``. Reasons name the exact problem for the common mistakes and
fall back on what the action needs in general. Log lines say how much gold changes hands,
which everyone sees, never how much a player holds (R32).

>>> import serai
>>> state = serai.load_game("five_tribes", players=2).new_initial_state()
>>> narrate(state, None, A.DEAL_TILE + 5)
'An Oasis is dealt on 0,0'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import ActionId, Seat
from serai.engine.errors import GameError
from serai.engine.words import listing, plural, seat_field
from serai.games.five_tribes import actions as A
from serai.games.five_tribes.actions import Action
from serai.games.five_tribes.board import (
    ANUN_NAK,
    BID,
    BOAZ,
    BOURAQ,
    BUILD,
    CARDS,
    COLOURS,
    DISTANCE,
    DJINN_NAMES,
    DJINN_VP,
    DJINNS,
    DROP,
    ECHIDNA,
    ENKI,
    FAKIR,
    FILL_DISPLAY,
    FILL_ROW,
    FINAL,
    GREEN,
    HAGIS,
    IBLIS,
    KEEP,
    KILL,
    KUMARBI,
    LAMIA,
    LARGE_MARKET,
    LETA,
    NEIGHBOURS,
    NUM_CARDS,
    NUM_COLOURS,
    OASIS,
    PICK,
    PLACE,
    RED,
    SIBITTIS,
    SLOAR,
    SMALL_MARKET,
    SPOT_COST,
    STEP,
    SUIT_VALUES,
    TILE_NAMES,
    TILE_NODE,
    TILE_VP,
    TILES,
    UTUG,
    VILLAGE,
    WHITE,
    bits,
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


SCORE_LABELS = {
    "gold": "Gold",
    "viziers": "Viziers",
    "vizier_majority": "Vizier majority",
    "elders": "Elders",
    "djinns": "Djinns",
    "tiles": "Tiles",
    "palm_trees": "Palm Trees",
    "palaces": "Palaces",
    "merchandise": "Merchandise",
    "total": "Total",
}
"""The parts of ``score_breakdown`` as the score table names them (*End and scoring*)."""

TRIBE = ("Vizier", "Elder", "Merchant", "Builder", "Assassin")
"""Each meeple colour's tribe, in colour order (yellow, white, green, blue, red)."""

PAYMENTS = {"elder": "an Elder", "fakir": "a Fakir", "elder,elder": "two Elders"}
"""What a Djinn's payment gives up (R21), by its notation; else an Elder and a Fakir."""


def _tribe(count: int, colour: int) -> str:
    return plural(count, TRIBE[colour])


def _article(name: str) -> str:
    return f"{'an' if name[0] in 'AEIOUaeiou' else 'a'} {name}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cards(cards: list[int]) -> str:
    """Cards by name, as many times as they come: ``the cards fish, fish and Fakir``."""
    names = [CARDS[c] if c != FAKIR else "Fakir" for c in cards]
    return f"the {'card' if len(names) == 1 else 'cards'} {listing(names)}"


def _where(state: FiveTribesState, tile: int) -> str:
    """A tile by place and type: ``2,3 (a Village)``."""
    return f"{tile_name(tile)} ({_article(TILE_NAMES[state.tile_type[tile]])})"


PAID_TWO = frozenset(("echidna", "leta", "utug", "sibittis", "take_djinn"))
"""The kinds paid two Elders or an Elder and a Fakir (R21); the other paid ones take one."""


def _paying(action: Action) -> str:
    """How a Djinn's use or a Djinn taken was paid (R21, R29), as words after it."""
    if action.kind == "sloar":
        return " for a Fakir"
    if action.pay < 0:
        return ""
    if action.kind in PAID_TWO:
        return " for " + ("two Elders", "an Elder and a Fakir")[action.pay]
    return " for " + ("an Elder", "a Fakir")[action.pay]


# -- prompts ----------------------------------------------------------------------------------


def prompt(state: FiveTribesState) -> str:
    """What the player to act decides now, in one sentence to them."""
    if state.current_player() < 0:
        return ""
    phase = state.phase
    seat = state.actor
    if phase == BID:
        return _bid_prompt(state)
    if phase == PICK:
        return "Pick up every meeple of a tile to start your move" + _djinns(state)
    if phase == STEP:
        left = sum(state.in_hand)
        back = f", not back to {tile_name(state.prev)}" if 0 <= state.prev < TILES else ""
        return (
            f"Step from {tile_name(state.cur)} to a tile beside it{back} — "
            f"{plural(left, 'meeple')} left in hand"
        )
    if phase == DROP:
        if sum(state.in_hand) == 1:
            return (
                f"Drop your last meeple on {tile_name(state.cur)}: it must match a colour "
                "there, and you take that tribe"
            )
        held = [COLOURS[c] for c in range(NUM_COLOURS) if state.in_hand[c]]
        return f"Drop one meeple on {tile_name(state.cur)}: {listing(held, 'or')}"
    if phase == BUILD:
        blue = state.blue_count(state.final_tile)
        return (
            f"Your {plural(state.collected, 'Builder')} earn {blue} gold each; add Fakirs "
            f"to earn more (you hold {state.fakirs(seat)})"
        )
    if phase == KILL:
        reach = state.collected + state.fakirs(seat)
        return (
            f"Choose whom your Assassins kill: a meeple up to {plural(reach, 'step')} away "
            "(Fakirs add range), or a Vizier or Elder another player holds"
        )
    if phase == TILE_NODE:
        return _tile_prompt(state) + _djinns(state)
    if phase == PLACE:
        piece, helper = ("Palm Tree", "Lamia") if state.place_palm else ("Palace", "Hagis")
        return f"Place the {piece} on {tile_name(state.target)}, or beside it with {helper}"
    if phase == KEEP:
        drawn = [DJINN_NAMES[d] for d in state.sib_drawn]
        return f"Keep one of the Djinns Sibittis drew: {listing(drawn, 'or')}"
    if phase == FINAL:
        return "Finish your turn: sell suits of Merchandise or use a Djinn, then end it"
    return ""


def _djinns(state: FiveTribesState) -> str:
    """A reminder of the Djinns the player to act may use now (R18)."""
    usable = sorted(
        {
            DJINN_NAMES[A.decode(action).djinn]
            for action in state.legal_actions()
            if A.decode(action).kind in DJINN_KINDS
        }
    )
    return f" (or first use {listing(usable, 'or')})" if usable else ""


def _bid_prompt(state: FiveTribesState) -> str:
    """R25, R30: the spots open to the bidder."""
    seat = state.actor
    gold = state.gold[seat]
    free = [i for i in range(1, 7) if state.paid[i - 1] < 0 and state.bid_cost(i) <= gold]
    if len(state.zeros) < 3:
        paid = ""
        if free:
            costs = sorted({state.bid_cost(i) for i in free})
            paid = f", or pay {costs[0]} to {costs[-1]} gold to play earlier (you have {gold})"
        return f"Bid for a place in the turn order: the cheapest free spot costs 0{paid}"
    if free:
        cost = state.bid_cost(free[-1])
        return (
            f"Bid for a place in the turn order: the 0 spots are full, so take the cheapest "
            f"paid spot you can afford, {cost} gold"
        )
    return "Bid for a place in the turn order: you can afford no free spot, so you go last"


def _tile_prompt(state: FiveTribesState) -> str:
    """R8, R15–R17: the action of the final tile."""
    tile = state.final_tile
    kind = state.tile_type[tile]
    where = tile_name(tile)
    legal = state.legal_actions()
    if legal == [A.PASS]:
        return f"Nothing more to do on {_where(state, tile)}: go on"
    if kind == VILLAGE:
        return f"Place a Palace on your final tile {where}" + (
            ", or beside it with Hagis" if state.usable(HAGIS) else ""
        )
    if kind == OASIS:
        return f"Place a Palm Tree on your final tile {where}" + (
            ", or beside it with Lamia" if state.usable(LAMIA) else ""
        )
    if kind == SMALL_MARKET:
        return "Buy one of the first 3 cards of the row for 3 gold, or pass"
    if kind == LARGE_MARKET:
        return "Buy two of the first 6 cards of the row for 6 gold, or pass"
    return "Take a Djinn from the display for two Elders, or an Elder and a Fakir, or pass"


# -- log lines --------------------------------------------------------------------------------


def narrate(state: FiveTribesState, viewer: Seat | None, action: ActionId) -> str:
    """``action`` (not yet applied) as a log line ``viewer`` may read: amounts of gold
    paid and gained are public, the gold a player holds is not (R32)."""
    move = A.decode(action)
    kind = move.kind
    if kind in DRAWS:
        return _draw_words(state, move)
    who = seat_field(state.actor)
    if kind in ("bid", "bid_zero", "bid_last"):
        return f"{who} {_bid_words(state, move)}"
    if kind == "kumarbi":
        return (
            f"{who} used Kumarbi, discarding {plural(move.fakirs, 'Fakir')}: the paid spots "
            "cost less in this bid"
        )
    if kind == "pick":
        base = NUM_COLOURS * move.tile
        taken = state.meeples[base : base + NUM_COLOURS]
        names = [f"{n} {COLOURS[c]}" for c, n in enumerate(taken) if n]
        return f"{who} picked up the meeples on {tile_name(move.tile)}: {listing(names)}"
    if kind == "step":
        return f"{who} stepped to {_where(state, move.tile)}"
    if kind == "drop":
        return _drop_words(state, action)
    if kind == "build":
        return _build_words(state, action)
    if kind.startswith("kill"):
        return _kill_words(state, action)
    if kind in ("palace", "palm"):
        piece = "a Palace" if kind == "palace" else "a Palm Tree"
        return f"{who} placed {piece} on {_where(state, move.tile)}"
    if kind in ("buy", "buy_pair"):
        cards = [move.card] if move.card2 < 0 else [move.card, move.card2]
        price = 3 if len(cards) == 1 and state.tile_type[state.final_tile] == SMALL_MARKET else 6
        return f"{who} bought {_cards(cards)} for {price} gold"
    if kind == "take_djinn":
        return (
            f"{who} took the Djinn {DJINN_NAMES[move.djinn]}{_paying(move)} "
            f"({DJINN_VP[move.djinn]} points at the end)"
        )
    if kind == "pass":
        return f"{who} passed on the tile's action"
    if kind == "keep":
        points = DJINN_VP[move.djinn]
        return f"{who} kept the Djinn {DJINN_NAMES[move.djinn]} ({points} points at the end)"
    if kind == "sell":
        suit = bits(move.suit)
        value = SUIT_VALUES[len(suit)]
        return f"{who} sold {_cards(suit)} as a suit for {value} gold"
    if kind == "end":
        return f"{who} ended the turn"
    return _djinn_words(state, move)


def _draw_words(state: FiveTribesState, move: Action) -> str:
    """A draw: everything drawn is seen by all (R31, R32)."""
    kind = move.kind
    if kind == "deal_tile":
        name = TILE_NAMES[move.tile_type]
        worth = f" worth {TILE_VP[move.tile_type]}" if name == "Sacred Place" else ""
        return f"{_capital(_article(name))}{worth} is dealt on {tile_name(move.tile)}"
    if kind == "draw_meeple":
        return f"A {COLOURS[move.colour]} meeple comes out of the bag onto {tile_name(move.tile)}"
    if kind == "bid_order":
        return f"{seat_field(move.seat)} is next in the first bid order"
    if kind == "draw_card":
        card = CARDS[move.card] if move.card != FAKIR else "Fakir"
        if state.phase == FILL_ROW:
            return f"A {card} card joins the row"
        return f"{seat_field(state.target)} drew a {card} card"
    name = DJINN_NAMES[move.djinn]
    if state.phase == FILL_DISPLAY:
        return f"The Djinn {name} joins the display"
    return f"Sibittis shows {seat_field(state.actor)} the Djinn {name}"


def _bid_words(state: FiveTribesState, move: Action) -> str:
    """R30: where the marker went."""
    if move.kind == "bid_zero":
        return "bid 0: the front of the free places in the turn order"
    if move.kind == "bid_last":
        return "could afford no place and goes last in the turn order"
    cost = state.bid_cost(move.spot)
    return f"paid {cost} gold for the {SPOT_COST[move.spot]} spot in the turn order"


def _drop_words(state: FiveTribesState, action: ActionId) -> str:
    """A drop, and after the last one the tribe taken and what it brings (R2, R7, R14)."""
    move = A.decode(action)
    seat = state.actor
    who = seat_field(seat)
    tile = state.cur
    words = f"{who} dropped a {COLOURS[move.colour]} meeple on {tile_name(tile)}"
    if sum(state.in_hand) > 1:
        return words
    after = state.clone()
    after.apply_unchecked(action)
    taken = [_tribe(after.collected, move.colour)]
    if move.colour == GREEN:
        base = seat * NUM_CARDS
        cards = [
            c for c in range(NUM_CARDS) for _ in range(after.hand[base + c] - state.hand[base + c])
        ]
        taken.append(_cards(cards) if cards else "no card (the row is empty)")
    if after.camel[tile] == seat and state.camel[tile] < 0:
        taken.append(f"the tile with a camel, worth {TILE_VP[state.tile_type[tile]]} at the end")
    return f"{words} and took {listing(taken)}"


def _build_words(state: FiveTribesState, action: ActionId) -> str:
    """R9, R24: the Builders' gold."""
    move = A.decode(action)
    seat = state.actor
    after = state.clone()
    after.apply_unchecked(action)
    earned = after.gold[seat] - state.gold[seat]
    fakirs = f" and {plural(move.fakirs, 'Fakir')}" if move.fakirs else ""
    doubled = ", doubled by Echidna" if state.echidna else ""
    return (
        f"{seat_field(seat)} built with {plural(state.collected, 'Builder')}{fakirs} "
        f"beside {plural(state.blue_count(state.final_tile), 'blue tile')}{doubled}, "
        f"earning {earned} gold"
    )


def _kill_words(state: FiveTribesState, action: ActionId) -> str:
    """R10–R13, R22, R23: who the Assassins killed."""
    move = A.decode(action)
    seat = state.actor
    victims = [move.colour] if move.colour2 < 0 else [move.colour, move.colour2]
    names = listing([f"{'an' if c in (WHITE, RED) else 'a'} {TRIBE[c]}" for c in victims])
    if move.tile < 0:
        where = f"{names} held by {seat_field(move.seat)}"
    else:
        where = f"{names} on {tile_name(move.tile)}"
        need = max(0, DISTANCE[state.final_tile][move.tile] - state.collected)
        if need:
            where += f", paying {plural(need, 'Fakir')} for the range"
    words = f"{seat_field(seat)}'s Assassins killed {where}"
    after = state.clone()
    after.apply_unchecked(action)
    if move.tile >= 0 and after.camel[move.tile] == seat and state.camel[move.tile] < 0:
        value = TILE_VP[state.tile_type[move.tile]]
        words += f", and took the emptied tile with a camel, worth {value} at the end"
    return words


def _djinn_words(state: FiveTribesState, move: Action) -> str:
    """A Djinn's power used (R18–R29)."""
    who = seat_field(state.actor)
    name = DJINN_NAMES[move.djinn]
    paying = _paying(move)
    djinn = move.djinn
    if djinn in (HAGIS, LAMIA):
        piece = "the Palace" if djinn == HAGIS else "the Palm Tree"
        return f"{who} used {name}{paying} to place {piece} on {_where(state, move.tile)}"
    if djinn == ECHIDNA:
        return f"{who} used {name}{paying}: the Builders' gold is doubled"
    if djinn == IBLIS:
        return f"{who} used {name}{paying}: the Assassins kill two meeples"
    if djinn == ANUN_NAK:
        return f"{who} used {name}{paying} to draw up to 3 meeples onto {tile_name(move.tile)}"
    if djinn in (BOURAQ, ENKI):
        piece = "a Palace" if djinn == BOURAQ else "a Palm Tree"
        return f"{who} used {name}{paying} to bring {piece} to {_where(state, move.tile)}"
    if djinn in (LETA, UTUG):
        value = TILE_VP[state.tile_type[move.tile]]
        return (
            f"{who} used {name}{paying} to put a camel on {_where(state, move.tile)}, worth "
            f"{value} at the end"
        )
    if djinn == SIBITTIS:
        return f"{who} used {name}{paying} to draw 3 Djinns and keep one"
    return f"{who} used {name}{paying} to draw a card"
