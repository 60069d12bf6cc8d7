"""The fixed geometry and component facts of Five Tribes, for drawing the board (web UI).

Everything here is the same in every game with the same player count and nothing is
hidden: the 6 × 5 grid with each tile's side neighbours, the tile types (name, VP, value
colour, action), the tribes, the resource cards, the Djinns (name, VP, cost, power), the
Turn Order track with the bid text of each spot, and the number of Bid Order slots. What
changes during a game (which tile lies where, meeples, camels, tracks) is in the view.

>>> data = board_layout(4)
>>> data["cols"], data["rows"], len(data["tiles"]), data["bid_slots"]
(6, 5, 30, 4)
>>> data["tiles"][7]
{'tile': '1,1', 'col': 1, 'row': 1, 'neighbours': ['1,0', '0,1', '2,1', '1,2']}
>>> [spot["action"] for spot in data["turn_track"]][:3], data["last_action"]
(['bid 18', 'bid 12', 'bid 8'], 'bid last')
>>> data["tile_types"]["sacred-12"]["vp"], data["tile_types"]["oasis"]["value"]
(12, 'red')
>>> board_layout(2)["bid_slots"], board_layout(2)["camels"]
(4, 11)
"""

from __future__ import annotations

from typing import Any

from serai.games.five_tribes import actions as A
from serai.games.five_tribes.actions import ACTION_TEXT
from serai.games.five_tribes.board import (
    BLUE_TYPES,
    CAMELS,
    CARD_COUNTS,
    CARDS,
    COLOURS,
    COLS,
    DJINN_NAMES,
    DJINN_VP,
    DJINNS,
    MARKERS,
    MEEPLE_COUNTS,
    MERCHANDISE,
    NEIGHBOUR_LISTS,
    PALACES,
    PALM_TREES,
    ROW_SIZE,
    ROWS,
    SPOT_COST,
    STARTING_GOLD,
    SUIT_VALUES,
    TILE_COUNTS,
    TILE_NAMES,
    TILE_TYPES,
    TILE_VP,
    TILES,
    tile_name,
)

_TILE_TEXT = (
    ("Village", "Place a Palace here (compulsory)"),
    ("Sacred", "Pay Elder + Elder/Fakir: take a Djinn from the display"),
    ("Sacred", "Pay Elder + Elder/Fakir: take a Djinn from the display"),
    ("Sacred", "Pay Elder + Elder/Fakir: take a Djinn from the display"),
    ("Sacred", "Pay Elder + Elder/Fakir: take a Djinn from the display"),
    ("Oasis", "Place a Palm Tree here (compulsory)"),
    ("Small Mkt", "Pay 3 gold: take 1 of the first 3 row cards"),
    ("Large Mkt", "Pay 6 gold: take 2 of the first 6 row cards"),
)
"""Per tile type: a short name and the tile action."""

_TRIBES = (
    ("Viziers", "Y", "Held; 1 VP each and 10 VP per player with fewer"),
    ("Elders", "W", "Held; 2 VP each; spent on Djinns"),
    ("Merchants", "G", "Take that many cards from the front of the row"),
    ("Builders", "B", "Gold: (Builders + Fakirs) × blue tiles around"),
    ("Assassins", "R", "Kill a meeple in range or a held Vizier/Elder"),
)

_CARD_NAMES = (
    "Fish",
    "Wheat",
    "Pottery",
    "Papyrus",
    "Silk",
    "Spice",
    "Ivory",
    "Jewels",
    "Gold card",
    "Fakir",
)

# Per Djinn (see Components in docs/rules/five_tribes.md): cost, timing, the power in brief.
_DJINN_TEXT = (
    ("", "scoring", "Each 2 Fakirs count as 1 wild Merchandise at the end"),  # al-amin
    ("E/F", "window", "Draw 3 meeples from the bag onto an empty tile"),  # anun-nak
    ("", "trigger", "Anyone gets a Djinn: +1 gold (you) / +2 (opponent)"),  # baal
    ("", "passive", "Your Viziers and Elders are safe from Assassins"),  # boaz
    ("E/F", "window", "Place a Palace on any Village"),  # bouraq
    ("E+E/F", "builders", "Double your Builder gold this turn"),  # echidna
    ("E/F", "window", "Place a Palm Tree on any Oasis"),  # enki
    ("E/F", "placing", "Place your Palace on a neighbour tile instead"),  # hagis
    ("", "scoring", "Palm Trees on your tiles score 5 instead of 3"),  # haurvatat
    ("E/F", "assassins", "Kill 2 meeples on one tile, or 2 held by one player"),  # iblis
    ("", "scoring", "Your Viziers score 3 VP each instead of 1"),  # jafaar
    ("", "trigger", "Your kills pay: card, Builder gold, or keep Vizier/Elder"),  # kandicha
    ("1+ F", "bid", "Each Fakir discarded makes your bid one spot cheaper"),  # kumarbi
    ("E/F", "placing", "Place your Palm Tree on a neighbour tile instead"),  # lamia
    ("E+E/F", "window", "Place a camel on an empty tile"),  # leta
    ("", "trigger", "Meeple dropped on your tile: +1 (you) / +2 (opponent)"),  # marid
    ("", "trigger", "Palace placed: +1 gold (you) / +2 (opponent)"),  # monkir
    ("", "trigger", "Meeple killed: +1 gold (you) / +2 (opponent)"),  # nekir
    ("", "scoring", "Your Elders score 4 VP each instead of 2"),  # shamhat
    ("E+E/F", "window", "Draw up to 3 Djinns, keep 1"),  # sibittis
    ("F", "window", "Pay a Fakir: take the top resource card"),  # sloar
    ("E+E/F", "window", "Place a camel on a tile with meeples only"),  # utug
)


def board_layout(players: int) -> dict[str, Any]:
    """The board's fixed data for a game of ``players`` seats, JSON-ready.

    >>> sorted(board_layout(3))[:5]
    ['bid_slots', 'camels', 'cards', 'colours', 'cols']
    >>> board_layout(3)["djinns"][2]["name"]
    "Ba'al"
    """
    tiles = [
        {
            "tile": tile_name(t),
            "col": t % COLS,
            "row": t // COLS,
            "neighbours": [tile_name(n) for n in NEIGHBOUR_LISTS[t]],
        }
        for t in range(TILES)
    ]
    tile_types = {
        token: {
            "name": TILE_NAMES[i],
            "short": _TILE_TEXT[i][0],
            "vp": TILE_VP[i],
            "value": "blue" if i in BLUE_TYPES else "red",
            "count": TILE_COUNTS[i],
            "action": _TILE_TEXT[i][1],
        }
        for i, token in enumerate(TILE_TYPES)
    }
    colours = [
        {
            "colour": colour,
            "tribe": _TRIBES[i][0],
            "letter": _TRIBES[i][1],
            "count": MEEPLE_COUNTS[i],
            "action": _TRIBES[i][2],
        }
        for i, colour in enumerate(COLOURS)
    ]
    cards = [
        {
            "card": card,
            "name": _CARD_NAMES[i],
            "merchandise": i < MERCHANDISE,
            "count": CARD_COUNTS[i],
        }
        for i, card in enumerate(CARDS)
    ]
    djinns = [
        {
            "djinn": djinn,
            "name": DJINN_NAMES[i],
            "vp": DJINN_VP[i],
            "cost": _DJINN_TEXT[i][0],
            "timing": _DJINN_TEXT[i][1],
            "power": _DJINN_TEXT[i][2],
        }
        for i, djinn in enumerate(DJINNS)
    ]
    turn_track = [
        {
            "spot": spot,
            "cost": SPOT_COST[spot],
            "action": ACTION_TEXT[A.BID + spot - 1 if spot <= 6 else A.BID_ZERO],
            "paid": spot <= 6,
        }
        for spot in range(1, len(SPOT_COST))
    ]
    return {
        "cols": COLS,
        "rows": ROWS,
        "tiles": tiles,
        "tile_types": tile_types,
        "colours": colours,
        "cards": cards,
        "suit_values": list(SUIT_VALUES),
        "djinns": djinns,
        "turn_track": turn_track,
        "last_action": ACTION_TEXT[A.BID_LAST],
        "bid_slots": players * MARKERS[players],
        "markers_per_seat": MARKERS[players],
        "camels": CAMELS[players],
        "starting_gold": STARTING_GOLD,
        "row_size": ROW_SIZE,
        "display_size": 3,
        "palm_trees": PALM_TREES,
        "palaces": PALACES,
    }
