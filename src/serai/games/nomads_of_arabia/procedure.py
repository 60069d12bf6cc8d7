"""The shape of a turn of Nomads of Arabia: what a state waits for and what it will do next.

A state waits at a *node*: a seat's decision or a draw. The procedures of a turn (movement,
the restock chain, shifts, Lost discards, the Sands of Time window) are a stack of small
*steps*; the rules pop steps until one needs a decision or a draw, so a turn pauses at any
node and a copy resumes it. The names here are those of the views and of the position
notation (``docs/rules/nomads_of_arabia.md``, *Position notation*).
"""

from __future__ import annotations

# -- nodes (what the state waits for) ---------------------------------------------------
(
    RUNNING,
    N_MOVE,
    N_PLACE,
    N_HANDLERS,
    N_ACTION,
    N_PICK,
    N_KEEP,
    N_LAND,
    N_SANDS,
    C_STRIP,
    C_LAND,
    C_ANIMALS,
    C_HANDLERS,
    C_DISK,
    C_FINAL,
    OVER,
) = range(16)
FIRST_CHANCE = C_STRIP
NODE_NAMES = (
    "running",
    "move",
    "place",
    "handlers",
    "action",
    "pick",
    "keep",
    "land",
    "sands",
    "draw-strip",
    "roll-land",
    "roll-animals",
    "roll-handlers",
    "draw-disk",
    "draw-final",
    "over",
)

# -- procedure steps (the stack) --------------------------------------------------------
(
    T_SETUP_STRIP,
    T_FIRST_BOX,
    T_SETUP_DONE,
    T_LA,
    T_PAIR,
    T_DECIDE,
    T_RANDOM,
    T_SHIFT,
    T_LOSE,
    T_SHIFT_MOVE,
    T_STEP,
    T_ARRIVE,
    T_ACTION,
    T_TRAVEL_DONE,
    T_END_TURN,
    T_NEXT_TURN,
    T_WINDOW,
) = range(17)
STEP_NAMES = (
    "setup-strip",  # draw the next strip of the setup board
    "first-box",  # roll the land die for the box that takes one animal of each type
    "setup-done",  # put the nomads on the start city, first turn
    "restock",  # Land, then Animal Restocks (R17 steps 1-2), repeated while one applies
    "pair",  # an Animal Restock's animals still to place, two at a time (R19)
    "decide",  # a Random Restock and shift if the restocks placed animals (R17, R21)
    "random-restock",  # the Random Restock (R17)
    "shift",  # a shift begins: nomads on row 4 are Lost (R25)
    "lose",  # a seat loses its nomad (R25)
    "shift-strips",  # the far strip leaves, a new one comes (R7)
    "step",  # one step of a move
    "arrive",  # the nomad arrives on its step's space
    "action",  # the action phase
    "travel-done",  # travelling with the Pilgrim ends the turn (R26)
    "end-turn",  # the turn ends
    "next-turn",  # the next seat's turn
    "window",  # the Sands of Time window (R33)
)

# -- what a roll of the land die is for ---------------------------------------------------
LP_FIRST, LP_ANIMAL, LP_RANDOM = range(3)
PURPOSE_NAMES = ("first", "animal", "random")

# -- where a nomad is ----------------------------------------------------------------------
BOARD, LOST, PILGRIM_SPACE = range(3)
STATUS_NAMES = ("board", "lost", "pilgrim")
