"""Nomads of Arabia in the players' words: why an action is not legal now, what the seat
to act decides (:func:`prompt`), each action as a log line (:func:`narrate`) and the names
of the score parts (:data:`SCORE_LABELS`).

Each reason ends with the ruling it applies, written ``(R30)``; the rulings are those of
``docs/rules/nomads_of_arabia.md``. Reasons name the exact problem for the common mistakes
and fall back on what the seat may do at this moment. A special disk drawn face down is
named to its holder alone, and the Sands of Time window reads the same for every seat
(R33, R38).

>>> disk_words(4), disk_words(6)
('Sands of Time', '5 Dinars')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import ActionId, Seat
from serai.engine.words import gain, listing, plural, seat_field
from serai.games.nomads_of_arabia.actions import (
    FACE_NAMES,
    NUM_ACTIONS,
    YELLOW,
    Action,
    decode,
)
from serai.games.nomads_of_arabia.board import (
    ABDUL,
    ANIMALS,
    CITY,
    DISK_DINARS,
    EXPERT,
    FINAL_DISKS,
    LANDS,
    MECCA,
    NUM_ANIMALS,
    NUM_LANDS,
    RIDE,
    SAND,
    SANDS,
    SILVER,
    SPECIAL_DISKS,
    STRIP_NAMES,
    space_name,
)
from serai.games.nomads_of_arabia.procedure import (
    FIRST_CHANCE,
    LP_FIRST,
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


SCORE_LABELS = {"dinars": "Dinars", "money_disks": "Money disks", "total": "Total"}
"""The parts of ``score_breakdown``: money, and the money disks counted at the end (R34)."""


def disk_words(disk: int) -> str:
    """A special disk as players call it: ``Ride the Winds``, ``4 Dinars``."""
    if disk in DISK_DINARS:
        return f"{DISK_DINARS[disk]} Dinars"
    words = SPECIAL_DISKS[disk].split("-")
    return " ".join(w if w in ("the", "of") else w.capitalize() for w in words)


def _animals(counts: list[int]) -> str:
    """Counts per animal in words: ``2 camels and a horse``."""
    return listing(
        [f"a {ANIMALS[a]}" if k == 1 else plural(k, ANIMALS[a]) for a, k in enumerate(counts) if k]
    )


def _where(state: NomadsOfArabiaState, sp: int) -> str:
    """A space and what it is: ``2,4 (the green land)``."""
    t = state.terrain(sp)
    what = f"the {LANDS[t]} land" if t < NUM_LANDS else "a city" if t == CITY else "sand"
    return f"{space_name(sp)} ({what})"


# -- prompts ----------------------------------------------------------------------------


def prompt(state: NomadsOfArabiaState) -> str:
    """What the seat to act decides now, in one sentence to it."""
    seat = state.current_player()
    if seat < 0:
        return ""
    node = state.node
    if node == N_MOVE:
        return _move_prompt(state, seat)
    if node == N_PLACE:
        return "Place your nomad from the Pilgrim space on any space that is not a mountain"
    if node == N_HANDLERS:
        return "You are leaving the city: take 2 handler dice free, or 3 for 3 Dinars"
    if node == N_ACTION:
        return _action_prompt(state, seat)
    if node == N_PICK:
        return "Your handler dice all came up blank: pick one animal from the box"
    if node == N_KEEP:
        return "Keep two of your animals; the others go back to stock"
    if node == N_LAND:
        tied = [LANDS[x] for x in range(NUM_LANDS) if state.tied >> x & 1]
        return f"The yellow dot: choose the box with the fewest animals, {listing(tied, 'or')}"
    if node == N_SANDS:
        # R33: the same words for holder and non-holder alike.
        return (
            "A turn has ended: if you hold Sands of Time you may play it now for an extra "
            "turn, otherwise pass"
        )
    return ""


def _move_prompt(state: NomadsOfArabiaState, seat: Seat) -> str:
    """R9, R10, R26, R32."""
    cost = state.move_cost(seat)
    ways = ["stay", "one step free"]
    if not cost:
        ways.append("two steps free (you hold no animals)")
    elif state.money[seat] >= cost:
        ways.append(f"two steps for {plural(cost, 'Dinar')} (you have {state.money[seat]})")
    if state.holds(seat, RIDE):
        ways.append("fly anywhere with Ride the Winds")
    ways.append("travel with the Pilgrim")
    return f"Move your nomad from {space_name(state.pos[seat])}: {listing(ways, 'or')}"


def _action_prompt(state: NomadsOfArabiaState, seat: Seat) -> str:
    """R13–R16, R23, R28–R31: what the action phase offers now."""
    played = [decode(action) for action in state.legal_actions()]
    kinds = {action.kind for action in played}
    ways: list[str] = [kind for kind in ("capture", "call", "shift") if kind in kinds]
    if "sell" in kinds:
        ways.append("sell animals")
    disks = sorted({action.disk for action in played if action.kind == "play"})
    ways += [f"play {disk_words(disk)}" for disk in disks]
    ways.append("end your turn")
    return f"Your action on {_where(state, state.pos[seat])}: {listing(ways, 'or')}"


# -- log lines --------------------------------------------------------------------------


def narrate(state: NomadsOfArabiaState, viewer: Seat | None, action: ActionId) -> str:
    """``action`` (not yet applied) as a log line ``viewer`` may read."""
    played = decode(action)
    kind = played.kind
    if state.is_chance_node():
        return _draw_words(state, viewer, played, action)
    seat = state.current_player()
    who = seat_field(seat)
    if kind == "stay":
        return f"{who} stayed on {_where(state, state.pos[seat])}"
    if kind == "pilgrim":
        return f"{who} travelled with the Pilgrim, which ends the turn"
    if kind == "move":
        if played.to < 0:
            return f"{who} moved to {_where(state, played.space)}"
        cost = state.move_cost(seat)
        paying = f", paying {plural(cost, 'Dinar')}{gain(-cost)}" if cost else ""
        return (
            f"{who} moved through {space_name(played.space)} to {_where(state, played.to)}{paying}"
        )
    if kind == "place":
        return f"{who} placed the nomad on {_where(state, played.space)}"
    if kind == "take-handlers":
        paid = f", paying 3 Dinars{gain(-3)}" if sum(played.animals) == 3 else ""
        dice = [ANIMALS[a] for a in range(NUM_ANIMALS) for _ in range(played.animals[a])]
        count = plural(len(dice), "handler die", "handler dice")
        return f"{who} took {count} ({', '.join(dice)}){paid}"
    if kind in ("capture", "call"):
        land = LANDS[state.terrain(state.pos[seat])]
        doing = "capture from" if kind == "capture" else "call animals into"
        return f"{who} rolled the handler dice to {doing} the {land} box"
    if kind == "shift":
        return f"{who} shifted the desert"
    if kind in ("sell", "play") and played.animals:
        earned = _earned(state, action, seat)
        by = " with Abdul" if kind == "play" else ""
        return f"{who} sold {_animals(played.animals)}{by} for {earned} Dinars{gain(earned)}"
    if kind == "play":
        return _disk_words(state, played, who)
    if kind == "end":
        return f"{who} ended the turn"
    if kind == "pass":
        return f"{who} let the moment pass"
    if kind == "pick":
        return f"{who} picked a {ANIMALS[played.animal]} from the box"
    if kind == "keep":
        kept = listing([f"a {ANIMALS[a]}" for a in played.pair])
        return f"{who} kept {kept}; the other animals went back to stock"
    return f"{who} chose the {LANDS[played.land]} box for the animals"


def _earned(state: NomadsOfArabiaState, action: ActionId, seat: Seat) -> int:
    after = state.clone()
    after.apply_unchecked(action)
    return after.money[seat] - state.money[seat]


def _disk_words(state: NomadsOfArabiaState, played: Action, who: str) -> str:
    """A special disk played, which everyone sees (R28–R33)."""
    name = disk_words(played.disk)
    if played.disk == RIDE:
        return f"{who} played {name} to fly to {_where(state, played.space)}"
    if played.disk == SILVER:
        return f"{who} played {name}: this turn's sales earn 1 Dinar more per animal"
    if played.disk == EXPERT:
        animal, land = ANIMALS[played.animal], LANDS[played.land]
        return f"{who} played the {name} to take a {animal} from the {land} box"
    return f"{who} played {name} for an extra turn"


def _draw_words(
    state: NomadsOfArabiaState, viewer: Seat | None, played: Action, action: ActionId
) -> str:
    """A draw or a roll; a face-down special disk is named to its holder alone (R38)."""
    kind = played.kind
    if kind == "draw-strip":
        return f"Strip {STRIP_NAMES[played.strip]} comes onto the board"
    if kind == "roll-land":
        if played.land == YELLOW:
            return "The land die shows the yellow dot: the box with the fewest animals"
        purpose = " for the first animals" if state.land_purpose == LP_FIRST else ""
        return f"The land die shows {LANDS[played.land]}{purpose}"
    if kind == "roll-animals":
        faces = [FACE_NAMES[f] for f in played.pair]
        return f"The animal dice show {listing(faces)}"
    if kind == "roll-handlers":
        faces = state.action_to_string(action).split(" ", 1)[1].split(",")
        return f"{seat_field(state.active)}'s handler dice show {listing(faces)}"
    if kind == "draw-disk":
        holder = seat_field(state.claimer)
        if viewer == state.claimer:
            return f"{holder} took the face-down disk from the city: {disk_words(played.disk)}"
        return f"{holder} took the face-down disk from the city"
    if played.disk == MECCA:
        return "Mecca comes onto the new city: the game is over"
    return f"The final disk {FINAL_DISKS[played.disk]} comes onto the new city"
