"""Building the positions of the worked examples directly: forced chance, pieces by hand.

Examples state only what matters ("anything not stated is irrelevant"), so these helpers
overwrite parts of a real setup position and then resume the engine's own procedures.
"""

from __future__ import annotations

import serai
from serai.games.nomads_of_arabia.board import (
    ANIMALS,
    LANDS,
    NUM_ANIMALS,
    SPECIAL_DISKS,
    parse_space,
)
from serai.games.nomads_of_arabia.rules import N_ACTION, RUNNING, NomadsOfArabiaState

# Examples 1, 2 and 5: the setup that gives the reference board REF.
REF_SETUP = (
    "draw-strip d4",
    "draw-strip c2",
    "draw-strip d1",
    "draw-strip c1",
    "draw-strip d3",
    "roll-land green",
    "roll-animals camel,horse",
    "roll-animals goat,blank",
    "roll-animals donkey,donkey",
    "roll-animals blank,blank",
    "roll-animals camel,goat",
    "roll-land blue",
    "roll-animals horse,blank",
    "roll-land red",
)


def new_state(players: int = 4, **options: int) -> NomadsOfArabiaState:
    state = serai.load_game("nomads_of_arabia", players=players, **options).new_initial_state()
    assert isinstance(state, NomadsOfArabiaState)
    return state


def ref(players: int = 4, **options: int) -> NomadsOfArabiaState:
    """REF after setup: seat 0 to move, every nomad on 3,5."""
    state = new_state(players, **options)
    do(state, *REF_SETUP)
    return state


def do(state: NomadsOfArabiaState, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.string_to_action(text))


def legal(state: NomadsOfArabiaState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def sp(text: str) -> int:
    space = parse_space(text)
    assert space is not None, text
    return space


def counts(**animals: int) -> list[int]:
    return [animals.get(a, 0) for a in ANIMALS]


def set_box(state: NomadsOfArabiaState, land: str, **animals: int) -> None:
    b = LANDS.index(land) * NUM_ANIMALS
    state.boxes[b : b + NUM_ANIMALS] = counts(**animals)


def box(state: NomadsOfArabiaState, land: str) -> dict[str, int]:
    b = LANDS.index(land) * NUM_ANIMALS
    return {a: k for a, k in zip(ANIMALS, state.boxes[b : b + NUM_ANIMALS], strict=True) if k}


def set_stock(state: NomadsOfArabiaState, **animals: int) -> None:
    for a, name in enumerate(ANIMALS):
        if name in animals:
            state.stock[a] = animals[name]


def set_pile(state: NomadsOfArabiaState, **dice: int) -> None:
    state.pile[:] = counts(**dice)


def set_seat(
    state: NomadsOfArabiaState,
    seat: int,
    at: str | None = None,
    handlers: tuple[str, ...] | None = None,
    animals: dict[str, int] | None = None,
    money: int | None = None,
    disks: tuple[str, ...] = (),
) -> None:
    """Put a nomad somewhere; handler dice come from (or go back to) the pile."""
    b = NUM_ANIMALS * seat
    if at is not None:
        state.pos[seat] = sp(at)
    if handlers is not None:
        for a in range(NUM_ANIMALS):
            state.pile[a] += state.handlers[b + a]
            state.handlers[b + a] = handlers.count(ANIMALS[a])
            state.pile[a] -= state.handlers[b + a]
    if animals is not None:
        state.animals[b : b + NUM_ANIMALS] = counts(**animals)
    if money is not None:
        state.money[seat] = money
    for name in disks:
        bit = 1 << SPECIAL_DISKS.index(name)
        state.hands[seat] |= bit
        state.revealed |= bit


def seat_animals(state: NomadsOfArabiaState, seat: int) -> dict[str, int]:
    b = NUM_ANIMALS * seat
    return {a: k for a, k in zip(ANIMALS, state.animals[b : b + NUM_ANIMALS], strict=True) if k}


def seat_handlers(state: NomadsOfArabiaState, seat: int) -> dict[str, int]:
    b = NUM_ANIMALS * seat
    return {a: k for a, k in zip(ANIMALS, state.handlers[b : b + NUM_ANIMALS], strict=True) if k}


def begin_turn(state: NomadsOfArabiaState, seat: int) -> None:
    """Start ``seat``'s normal turn now (the seat after it moves next)."""
    state.stack = []
    state.node = RUNNING
    state.next_seat = (seat + 1) % state.n
    state._start_turn(seat)
    state._run()


def action_phase(state: NomadsOfArabiaState, seat: int) -> None:
    """``seat``'s action phase, as after ``stay``."""
    begin_turn(state, seat)
    state.node = N_ACTION
