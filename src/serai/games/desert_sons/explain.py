"""In the Realm of the Desert Sons in the players' words: why an action is not legal now,
what the player to act decides (:func:`prompt`), each action as a log line
(:func:`narrate`) and the names of the score parts (:data:`SCORE_LABELS`).

Each reason ends with the ruling it applies, written ``(R8)``; the rulings are those of
``docs/rules/desert_sons.md``. Reasons name the exact problem for the common mistakes and
fall back on what the current step asks for. Log lines keep rumor chip values to the seats
that know them (R19, R20).

>>> tile_words(13), tile_words(6), tile_words(2)
('tile 13 (a tee with myrrh and gems)', 'tile 6 (desert)', 'tile 2 (a blank cap)')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import ActionId, Seat
from serai.engine.words import listing, seat_field
from serai.games.desert_sons.actions import (
    DECODED,
    NUM_ACTIONS,
    PASS,
    PLACE_BASE,
    TEXTS,
    Action,
    unknown_number,
)
from serai.games.desert_sons.board import (
    BONUS_OFFER,
    CAMEL,
    CHANCE_PHASES,
    CHIP_NAMES,
    CHOOSE,
    COMMODITIES,
    CONTINUE,
    DRAW_RUMOR,
    EXPLORE,
    KINDS,
    MOVE,
    NEIGHBOURS,
    OVER,
    PEEK,
    PEEK_DECIDE,
    PLACE,
    REPLACE,
    RUMOR_ROW,
    SAME_PLACEMENT,
    SECTION_LABELS,
    SECTIONS,
    SETUP,
    STONE,
    STONE_OWNER,
    SYMBOLS,
    WATER,
    cell_name,
)

if TYPE_CHECKING:
    from serai.games.desert_sons.rules import DesertSonsState

PHASE_HINTS = {
    MOVE: "it is the move step, move your caravan with 'move x,y' (R5)",
    EXPLORE: "explore with 'draw', 'play-own t' or 'take s t' (R8)",
    PLACE: "place the tile next to your caravan with 'place x,y rR' (R10)",
    CONTINUE: "after a desert tile, 'move x,y' to explore again, 'remove-stone k' or 'end' (R12)",
    STONE: "'stone k a|b' puts a stone, 'remove-stone k' takes one back, else 'no-stone' (R13)",
    CHOOSE: "an oasis is being rated, take a symbol with 'choose X' (R17)",
    RUMOR_ROW: "lay the rumor chip you drew with 'rumor c' (R19)",
    PEEK: "look at a rumor chip on the board with 'peek c i' (R20)",
    PEEK_DECIDE: "leave the chip with 'keep-chip' or return it with 'remove-chip' (R20)",
    BONUS_OFFER: "buy a bonus turn with 'bonus' or finish with 'end' (R23)",
}
"""What each decision step asks for, when an action does not belong to it."""


def why_illegal(state: DesertSonsState, action: int) -> str:
    """Why ``action`` is not legal in ``state`` (it is not: the caller checked)."""
    if isinstance(action, bool) or not isinstance(action, int):
        return "an action is a whole number"
    if not 0 <= action < NUM_ACTIONS:
        return unknown_number(action)
    move = DECODED[action]
    kind = move.kind
    text = TEXTS[action]
    phase = state.phase
    if phase == OVER:
        return "the game is over"
    if phase in CHANCE_PHASES:
        return _why_outcome(state, move, text)
    if phase in (MOVE, CONTINUE) and kind == "move":
        where = cell_name(move.cell)
        if not state.field[move.cell]:
            return f"{text!r}: {where} holds no field to stand on (R5)"
        return (
            f"{text!r}: {where} is not a free destination, and a paid move "
            "costs 1 water, which you do not have (R6)"
        )
    if phase in (STONE, CONTINUE) and kind in ("stone", "remove-stone"):
        return _why_stone(state, move, text)
    if phase == EXPLORE:
        return _why_explore(state, move, text)
    if phase == PLACE and kind == "place":
        return _why_place(state, move, text)
    if phase == CHOOSE and kind == "choose":
        return _why_choose(state, move.symbol, text)
    if phase == RUMOR_ROW and kind == "rumor":
        return f"{text!r}: that row already holds 2 rumor chips (R19)"
    if phase == PEEK and kind == "peek":
        return f"{text!r}: no rumor chip lies there (R20)"
    return f"{text!r} is not possible now: {PHASE_HINTS[phase]}"


def _why_outcome(state: DesertSonsState, move: Action, text: str) -> str:
    """Why ``move`` is not an outcome of this chance event."""
    if state.phase == DRAW_RUMOR:
        if move.kind == "draw-rumor":
            why = "no chip of that value is left in the rumor pool (R19)"
        else:
            why = "a rumor chip is being drawn (R19)"
    elif move.kind == "draw-tile":
        why = f"tile {move.tile} is not in the lowest-numbered stack that still has tiles"
    else:
        why = "a tile is being drawn"
    return f"{text!r} is not a possible outcome now: {why}"


def _why_place(state: DesertSonsState, move: Action, text: str) -> str:
    """R1, R2, R3, R10: why a ``place`` action is not legal now."""
    cell, k = move.cell, move.rotation
    name = cell_name(cell)
    if state.field[cell]:
        return f"{text!r}: {name} already holds a field (R1)"
    at = state.caravan[state.player]
    if cell not in NEIGHBOURS[at]:
        return f"{text!r}: {name} is not next to your caravan on {cell_name(at)} (R10)"
    first = SAME_PLACEMENT[state.pending][k]
    if first != k and PLACE_BASE + 4 * cell + first in state.legal_actions():
        return f"{text!r}: that is the same placement as 'place {name} r{90 * first}' (R3)"
    return (
        f"{text!r}: tile {state.pending} turned that way does not match the edges "
        f"next to {name} (R2)"
    )


def _why_choose(state: DesertSonsState, symbol: int, text: str) -> str:
    """R17, R18: why the choosing stone may not take ``symbol``."""
    if not state.r_syms[symbol]:
        return f"{text!r}: this oasis has no {SYMBOLS[symbol]} symbol left (R17)"
    seat = state.chooser
    if symbol < 4 and state.commodities_held(seat) >= state.carrying_spaces(seat):
        return f"{text!r}: your carrying spaces are full (R18)"
    return f"{text!r}: the supply has none left (R18)"


def _why_stone(state: DesertSonsState, move: Action, text: str) -> str:
    """R13, R14: why a ``stone`` or ``remove-stone`` action is not legal now."""
    removing = move.kind == "remove-stone"
    rank = move.rank
    if STONE_OWNER[rank] != state.player:
        return f"{text!r}: stone {rank} is not yours ({'R14' if removing else 'R13'})"
    if removing:
        return f"{text!r}: your stone {rank} is not on the board (R14)"
    if state.phase == CONTINUE:
        return f"{text!r}: a stone goes only on a tile with oasis sections (R13)"
    if state.stone_at[rank] >= 0:
        return f"{text!r}: your stone {rank} is on the board, not in your hand (R13)"
    return f"{text!r}: the tile just placed has no section b (R13)"


def _why_explore(state: DesertSonsState, move: Action, text: str) -> str:
    """R8, R9, R24: why an action of the explore step is not legal now."""
    seat = state.player
    kind = move.kind
    if kind == "draw":
        if not state.stack:
            return "'draw': the stack is empty (R26)"
        return "'draw': your display already holds 3 tiles (R8)"
    if kind == "play-own":
        tile = move.tile
        if tile not in state.display[seat]:
            return f"{text!r}: tile {tile} is not in your display (R8)"
        return f"{text!r}: tile {tile} fits nowhere next to your caravan (R8)"
    if kind == "take":
        return _why_take(state, move, text)
    if kind in ("discard", "pass"):
        return _why_stuck(state, move, text)
    return f"{text!r} is not possible now: {PHASE_HINTS[EXPLORE]}"


def _why_take(state: DesertSonsState, move: Action, text: str) -> str:
    """R8, R9: why ``take s t`` is not legal now."""
    owner, tile = move.seat, move.tile
    if owner == state.player:
        return f"{text!r}: that is your own display; play its tiles with 'play-own t' (R9)"
    if owner >= state.n:
        return f"{text!r}: there is no seat {owner} in this game"
    if tile not in state.display[owner]:
        return f"{text!r}: tile {tile} is not in seat {owner}'s display (R9)"
    if not state.water[state.player]:
        return f"{text!r}: taking costs 1 water and you have none (R9)"
    return f"{text!r}: tile {tile} fits nowhere next to your caravan (R8)"


def _why_stuck(state: DesertSonsState, move: Action, text: str) -> str:
    """R24: why ``discard t`` or ``pass`` is not legal now."""
    stuck = state.explore_actions()
    if stuck != [PASS] and DECODED[stuck[0]].kind != "discard":
        return f"{text!r}: you can still draw, play or take a tile, and you must (R8)"
    if move.kind == "pass":
        return (
            "'pass': no tile of your full display fits next to any field you can reach, "
            "so you discard one of them (R24)"
        )
    seat = state.player
    own = state.display[seat]
    tile = move.tile
    if tile not in own:
        return f"{text!r}: tile {tile} is not in your display (R24)"
    if not state.stack:
        return f"{text!r}: with the stack empty nothing is discarded; you pass (R24)"
    cell = state.field_within_reach(seat, own)
    fitting = next(t for t in own if state.fits(t, cell))
    return (
        f"{text!r}: tile {fitting} of your display fits next to {cell_name(cell)}, which "
        "your caravan can reach, so you keep your display and pass (R24)"
    )


SCORE_LABELS = {
    "myrrh": "Myrrh",
    "incense": "Incense",
    "salt": "Salt",
    "gems": "Gems",
    "total": "Total",
}
"""The parts of ``score_breakdown``: each commodity's worth in gold (R27, R28)."""


def tile_words(tile: int) -> str:
    """An explorer tile by number and what it shows."""
    kind = KINDS[tile]
    if kind == "desert":
        return f"tile {tile} (desert)"
    symbols = [SYMBOLS[x] for _, section in SECTIONS[tile] for x in section]
    article = "an" if kind[0] in "aeiou" else "a"
    if not symbols:
        return f"tile {tile} (a blank {kind})"
    return f"tile {tile} ({article} {kind} with {listing(symbols)})"


def prompt(state: DesertSonsState) -> str:
    """What the player to act decides now, in one sentence to them."""
    phase = state.phase
    seat = state.current_player()
    if seat < 0:
        return ""
    water = state.water[seat]
    bonus = "Bonus turn: " if state.bonus else ""
    if phase == MOVE:
        if water:
            return (
                f"{bonus}Move your caravan: free along desert links and one oasis link beyond, "
                f"anywhere else for 1 water (you have {water}); staying counts as a move"
            )
        return (
            f"{bonus}Move your caravan along desert links and one oasis link beyond (you "
            "have no water to go further); staying counts as a move"
        )
    if phase == EXPLORE:
        return _explore_prompt(state)
    if phase == PLACE:
        return (
            f"Lay {tile_words(state.pending)} next to your caravan so that every side "
            "matches its neighbours"
        )
    if phase == CONTINUE:
        return (
            "After a desert tile: move and explore again, take one of your stones back "
            "from the board, or end your turn"
        )
    if phase == STONE:
        return (
            "Put one of your stones on an oasis section of the tile you laid, take one "
            "back from the board, or put none"
        )
    if phase == CHOOSE:
        rank = state.r_order[state.r_pos]
        offered = [SYMBOLS[x] for x in state.available_symbols()]
        return (
            f"Your stone {rank} takes one symbol of the oasis being rated: {listing(offered, 'or')}"
        )
    if phase == RUMOR_ROW:
        chip = CHIP_NAMES[state.drawn - 1]
        return f"Lay the rumor chip you drew ({chip}) face down on a commodity row with room"
    if phase == PEEK:
        return "The rumor pool is empty: look at one rumor chip on the board"
    if phase == PEEK_DECIDE:
        chip = CHIP_NAMES[state.chips[state.peek_slot] - 1]
        return f"Leave the rumor chip you looked at ({chip}) in place, or return it to the pool"
    if phase == BONUS_OFFER:
        return f"Pay 1 water for a bonus turn (you have {water}), or end your turn"
    return ""


def _explore_prompt(state: DesertSonsState) -> str:
    kinds = {DECODED[action].kind for action in state.explore_actions()}
    if kinds == {"pass"}:
        return "No tile fits next to your caravan and you cannot draw: your turn ends (pass)"
    if kinds == {"discard"}:
        return (
            "Your full display fits nowhere you can reach: discard one of its tiles, "
            "and your turn ends"
        )
    ways = []
    if "draw" in kinds:
        ways.append("draw a tile from the stack")
    if "play-own" in kinds:
        ways.append("play a tile of your display")
    if "take" in kinds:
        ways.append("take a tile from another player's display for 1 water")
    return f"Explore next to your caravan: {listing(ways, 'or')}"


def narrate(state: DesertSonsState, viewer: Seat | None, action: ActionId) -> str:
    """``action`` (not yet applied) as a log line ``viewer`` may read."""
    move = DECODED[action]
    kind = move.kind
    phase = state.phase
    if kind == "draw-tile":
        return _draw_words(state, move.tile)
    if kind == "draw-rumor":
        chooser = state.chooser
        # R19: the drawer alone sees the chip.
        chip = f"a {CHIP_NAMES[move.chip]} rumor chip" if viewer == chooser else "a rumor chip"
        return f"{seat_field(chooser)} drew {chip}"
    seat = state.current_player()
    who = seat_field(seat)
    if kind == "move":
        paid = not state.free_destinations(seat) >> move.cell & 1
        cost = " for 1 water" if paid else ""
        if move.cell == state.caravan[seat]:
            return f"{who} kept the caravan on {cell_name(move.cell)}{cost}"
        return f"{who} moved the caravan to {cell_name(move.cell)}{cost}"
    if kind == "draw":
        return f"{who} chose to draw from the stack"
    if kind == "play-own":
        return f"{who} played {tile_words(move.tile)} from their display"
    if kind == "take":
        owner = seat_field(move.seat)
        return f"{who} took {tile_words(move.tile)} from {owner}'s display for 1 water"
    if kind == "discard":
        return f"{who} discarded {tile_words(move.tile)}: nothing fits within reach"
    if kind == "pass":
        return f"{who} could not explore and passed"
    if kind == "place":
        return _place_words(state, action)
    if kind == "stone":
        where = cell_name(state.last_cell)
        section = SECTION_LABELS[move.section]
        return f"{who} put stone {move.rank} on section {section} of the tile at {where}"
    if kind == "remove-stone":
        return f"{who} took stone {move.rank} back from the board"
    if kind == "no-stone":
        return f"{who} put no stone"
    if kind == "end":
        return f"{who} ended the turn"
    if kind == "bonus":
        return f"{who} paid 1 water for a bonus turn"
    if kind == "choose":
        return f"{who}'s stone {state.r_order[state.r_pos]} took {_symbol_words(move.symbol)}"
    if kind == "rumor":
        chip = "the rumor chip"
        if viewer == seat and phase == RUMOR_ROW:
            chip = f"the {CHIP_NAMES[state.drawn - 1]} rumor chip"
        return f"{who} laid {chip} face down on the {COMMODITIES[move.symbol]} row"
    if kind == "peek":
        row, place = divmod(move.slot, 2)
        order = "first" if place == 0 else "second"
        return f"{who} looked at the {order} rumor chip of the {COMMODITIES[row]} row"
    if kind == "keep-chip":
        return f"{who} left the rumor chip on the board"
    return f"{who} returned the rumor chip to the pool"


def _symbol_words(symbol: int) -> str:
    if symbol == CAMEL:
        return "a camel card (2 more carrying spaces)"
    if symbol == WATER:
        return "1 water"
    if symbol < len(COMMODITIES):
        return f"a {SYMBOLS[symbol]} tile"
    return "a rumor (a chip to lay on the rumor board, or a look at one)"


def _draw_words(state: DesertSonsState, tile: int) -> str:
    """A drawn explorer tile: every draw is seen by all (R8, R9, R10)."""
    words = tile_words(tile)
    if state.phase == SETUP:
        return f"{seat_field(state.dealt)} gets {words} for their display"
    if state.phase == REPLACE:
        return f"{words.capitalize()} refills {seat_field(state.robbed)}'s display"
    who = seat_field(state.player)
    if state.fits(tile, state.caravan[state.player]):
        return f"{who} drew {words}, which must be laid"
    return f"{who} drew {words}: it fits nowhere, goes to the display and the turn ends"


def _place_words(state: DesertSonsState, action: ActionId) -> str:
    move = DECODED[action]
    who = seat_field(state.player)
    turned = f", turned {90 * move.rotation}°" if move.rotation else ""
    words = f"{who} laid {tile_words(state.pending)} at {cell_name(move.cell)}{turned}"
    after = state.clone()
    after.apply_unchecked(action)
    closed = len(after.closing)
    if closed:
        words += ", closing an oasis" if closed == 1 else f", closing {closed} oases"
    return words
