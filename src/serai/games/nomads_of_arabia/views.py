"""What each seat may see (R38): the one place where hidden values are filtered.

A seat sees the identities of its own held special disks and only the number of everyone
else's; once the game is over everyone's money disks are shown too (R34, section 7), while
the other disks still held stay face down.
Face-down disks carry no identity in the state at all (R24), so nothing else is hidden.
Public facts of the turn are shown too: whether Silver Tongue was played (R31) and, while
the seat leaving a city takes handler dice (R11), the spaces its move goes to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from serai.engine import Seat
from serai.games.nomads_of_arabia.board import (
    ANIMALS,
    FINAL_DISKS,
    LANDS,
    MONEY_DISKS,
    NUM_ANIMALS,
    SPECIAL_DISKS,
    STRIP_CITY_X,
    STRIP_NAMES,
    WIDTH,
    space_name,
)
from serai.games.nomads_of_arabia.procedure import N_HANDLERS, STATUS_NAMES

if TYPE_CHECKING:
    from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState


def disk_name(code: int) -> str | None:
    """A city's disk as shown to everyone: face-down specials have no name (R38)."""
    if code < 0:
        return None
    return "face-down" if code >= len(FINAL_DISKS) else FINAL_DISKS[code]


def named_disks(mask: int) -> list[str]:
    return [SPECIAL_DISKS[d] for d in range(len(SPECIAL_DISKS)) if mask >> d & 1]


def shown_disks(hand: int, own: bool, over: bool) -> list[str] | None:
    """The disks of ``hand`` a reader sees: all of their own hand; of another's, the money
    disks once the game is over (R34, section 7), else none (``None``: R38)."""
    if own:
        return named_disks(hand)
    return named_disks(hand & MONEY_DISKS) if over else None


def table_view(state: NomadsOfArabiaState, seat: Seat | None) -> dict[str, Any]:
    over = state.is_terminal()
    players = []
    breakdown = state.score_breakdown()
    for owner in range(state.n):
        hand = state.hands[owner]
        b = NUM_ANIMALS * owner
        players.append(
            {
                "seat": owner,
                "money": state.money[owner],
                "status": STATUS_NAMES[state.status[owner]],
                "space": space_name(state.pos[owner]) if state.pos[owner] >= 0 else None,
                "animals": dict(zip(ANIMALS, state.animals[b : b + NUM_ANIMALS], strict=True)),
                "handlers": dict(zip(ANIMALS, state.handlers[b : b + NUM_ANIMALS], strict=True)),
                "disk_count": hand.bit_count(),
                "disks": shown_disks(hand, owner == seat, over),
                "score": breakdown[owner]["total"],
            }
        )
    prices = state.prices()
    return {
        "rows": [STRIP_NAMES[s] for s in state.rows],
        "city_disks": {
            space_name(row * WIDTH + x - 1): disk_name(code)
            for row, (strip, code) in enumerate(zip(state.rows, state.city_disk, strict=True))
            if (x := STRIP_CITY_X[strip])
        },
        "boxes": {
            land: dict(
                zip(ANIMALS, state.boxes[i * NUM_ANIMALS : (i + 1) * NUM_ANIMALS], strict=True)
            )
            for i, land in enumerate(LANDS)
        },
        "stock": {a: {"count": state.stock[i], "price": prices[i]} for i, a in enumerate(ANIMALS)},
        "pile": dict(zip(ANIMALS, state.pile, strict=True)),
        "special_supply": state.supply,
        "special_disks_played": named_disks(state.played),
        "final_disks_drawn": [FINAL_DISKS[f] for f in state.finals],
        "strip_queues": [
            [STRIP_NAMES[s] for s in q] for q in (state.city_queue, state.desert_queue)
        ],
        "players": players,
        "turn": state.turn,
        "active": state.active,
        "silver_tongue": state.silver,
        "moving_to": [space_name(s) for s in (state.step_dest, *state.path)]
        if state.node == N_HANDLERS
        else None,
        "node": state.node_name,
        "to_act": state.current_player(),
        "over": over,
    }
