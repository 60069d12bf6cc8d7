"""Why an action is not legal now, in a player's words.

Each reason ends with the ruling it applies, written ``(R8)``; the rulings are those of
``docs/rules/desert_sons.md``. Reasons name the exact problem for the common mistakes and
fall back on what the current step asks for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    CHANCE_PHASES,
    CHOOSE,
    CONTINUE,
    DRAW_RUMOR,
    EXPLORE,
    MOVE,
    NEIGHBOURS,
    OVER,
    PEEK,
    PEEK_DECIDE,
    PLACE,
    RUMOR_ROW,
    SAME_PLACEMENT,
    STONE,
    STONE_OWNER,
    SYMBOLS,
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
