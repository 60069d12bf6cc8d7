"""Why an action is not legal now, in a player's words.

Each reason ends with the ruling it applies, written ``(R30)``; the rulings are those of
``docs/rules/nomads_of_arabia.md``. Reasons name the exact problem for the common mistakes
and fall back on what the seat may do at this moment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import ActionId
from serai.games.nomads_of_arabia.actions import NUM_ACTIONS, Action, decode
from serai.games.nomads_of_arabia.board import (
    ABDUL,
    CITY,
    EXPERT,
    NUM_LANDS,
    RIDE,
    SAND,
    SANDS,
    SILVER,
)
from serai.games.nomads_of_arabia.procedure import (
    FIRST_CHANCE,
    N_ACTION,
    N_HANDLERS,
    N_KEEP,
    N_LAND,
    N_MOVE,
    N_PICK,
    N_PLACE,
    N_SANDS,
    NODE_NAMES,
    OVER,
)

if TYPE_CHECKING:
    from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState

# What a seat may do at each decision, in its words.
NODE_CHOICES = {
    N_MOVE: "move first: stay, move, play ride-the-winds or pilgrim (R9)",
    N_PLACE: "place your nomad from the Pilgrim space first (R27)",
    N_HANDLERS: "you are leaving a city: take handlers first (R11)",
    N_ACTION: "capture, call, shift, sell, play a disk, or end your turn",
    N_PICK: "your handler dice all came up blank: pick an animal from the box (R14)",
    N_KEEP: "choose the two animals you keep first (R25, R26)",
    N_LAND: "choose the box that takes the animals first (R20)",
    N_SANDS: "this is the Sands of Time window: pass, or play sands-of-time if you hold it (R33)",
}
# The reason for a well-formed action of the kind this decision asks for.
KIND_REASONS = {
    (N_PLACE, "place"): "place your nomad on a space of the board, not a mountain (R27)",
    (N_PICK, "pick"): "pick an animal type that the box holds (R14)",
    (N_LAND, "choose-land"): "choose one of the boxes tied for fewest animals (R20)",
    (N_HANDLERS, "take-handlers"): "take 2 handlers free or 3 for 3 Dinars from the pile (R11)",
    (N_KEEP, "keep"): "keep two animals that you hold (R25, R26)",
}


def why_illegal(state: NomadsOfArabiaState, action: ActionId) -> str:
    """Why ``action`` is not legal in ``state`` (which it is not)."""
    if not 0 <= action < NUM_ACTIONS:
        return f"{action} is not an action number of this game (0 to {NUM_ACTIONS - 1})"
    text = state.action_to_string(action)
    node = state.node
    if node == OVER:
        return "the game is over"
    if node >= FIRST_CHANCE:
        return f"{text!r} cannot be the outcome of this {NODE_NAMES[node]}"
    played = decode(action)
    if played.kind == "play" and played.disk == SANDS:
        if node == N_SANDS:
            return f"{text!r}: you do not hold sands-of-time (R33)"
        return f"{text!r}: it is played only in the window after a turn (R28)"
    if played.kind == "pass" and node != N_SANDS:
        return f"{text!r} only answers the Sands of Time window after a turn (R33)"
    if node == N_MOVE:
        reason = _why_move_illegal(state, played)
    elif node == N_ACTION:
        reason = _why_action_illegal(state, played)
    else:
        reason = KIND_REASONS.get((node, played.kind), "")
    if reason:
        return f"{text!r}: {reason}"
    return f"{text!r} is not a choice now: {NODE_CHOICES[node]}"


def _why_move_illegal(state: NomadsOfArabiaState, move: Action) -> str:
    seat = state.active
    if move.kind == "move" and move.to >= 0 and state.money[seat] < state.move_cost(seat):
        return (
            f"a two-step move costs {state.move_cost(seat)} Dinars, "
            f"you have {state.money[seat]} (R10)"
        )
    if move.kind == "play" and move.disk == RIDE:
        if not state.holds(seat, RIDE):
            return "you do not hold ride-the-winds (R32)"
        return "ride to a passable space other than your own (R32)"
    if move.kind == "move" and move.to == state.pos[seat]:
        return "a two-step move may not end where it started (R9)"
    if move.kind == "move":
        return "move 1 or 2 steps between neighbouring spaces; mountains cannot be entered (R9)"
    return ""


def _why_action_illegal(state: NomadsOfArabiaState, action: Action) -> str:
    seat = state.active
    terrain = state.terrain(state.pos[seat])
    kind = action.kind
    if kind in ("capture", "call", "shift") and state.placement:
        return "not on the turn your nomad is placed (R27)"
    if kind in ("capture", "call", "shift") and state.main_done:
        return "this turn's capture, call, shift or sale is already done"
    if kind in ("capture", "call"):
        if terrain >= NUM_LANDS:
            return "your nomad must stand on a land space (R14)"
        return "you hold no handler dice (R13)"
    if kind == "shift":
        if terrain != SAND:
            return "shift only from a sand space (R23)"
        return "not while a nomad stands on row 4 (R23)"
    if kind == "sell":
        if terrain != CITY:
            return "sell only in a city (R16)"
        if state.main_done:
            return "this turn's capture, call, shift or sale is already done (R16)"
        return "you do not have those animals (R16)"
    if kind == "play" and action.disk in (ABDUL, EXPERT, SILVER):
        return _why_disk_illegal(state, action.disk, terrain)
    return ""


def _why_disk_illegal(state: NomadsOfArabiaState, disk: int, terrain: int) -> str:
    held = state.holds(state.active, disk)
    if disk == ABDUL:
        if not held:
            return "you do not hold abdul (R30)"
        if terrain == CITY:
            return "abdul is not played in a city; use 'sell' (R30)"
        return "you do not have those animals (R30)"
    if disk == EXPERT:
        if not held:
            return "you do not hold expert-handler (R29)"
        return "that box holds no such animal (R29)"
    if not held:
        return "you do not hold silver-tongue (R31)"
    return "it needs animals and a sale still to come this turn (R31)"
