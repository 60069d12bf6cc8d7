"""Building the worked examples' positions directly: board X, forced chance, pieces by hand.

Setup is played through the engine with forced outcomes (board X, then meeples, bid order,
row and display); the board is then cleared back into the bag so an example can put exactly
the meeples it lists.
"""

from __future__ import annotations

import serai
from serai.games.five_tribes import actions as A
from serai.games.five_tribes.board import (
    CARDS,
    COLOURS,
    DJINNS,
    NUM_CARDS,
    NUM_COLOURS,
    TILE_TYPES,
    TILES,
    parse_tile,
)
from serai.games.five_tribes.rules import BID, FiveTribesState

# Board X of the worked examples, row by row.
BOARD_X = (
    "oasis small-market village sacred-6 large-market small-market",
    "small-market village sacred-10 oasis small-market sacred-6",
    "large-market oasis small-market village sacred-12 small-market",
    "sacred-6 small-market oasis large-market village oasis",
    "small-market sacred-15 sacred-6 village oasis large-market",
)
BOARD_X_TYPES = tuple(TILE_TYPES.index(name) for line in BOARD_X for name in line.split())


def tx(text: str) -> int:
    tile = parse_tile(text)
    assert tile is not None, text
    return tile


def act(state: FiveTribesState, text: str) -> None:
    """Apply ``text`` through the checked path."""
    state.apply_action(state.string_to_action(text))


def legal(state: FiveTribesState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def board_x(
    players: int = 4,
    bid_order: tuple[int, ...] | None = None,
    row: tuple[str, ...] = ("fish",) * 6 + ("wheat",) * 3,
    display: tuple[str, ...] = ("enki", "sloar", "leta"),
) -> FiveTribesState:
    """Board X after setup at the first BID node, with every meeple back in the bag."""
    game = serai.load_game("five_tribes", players=players)
    state = game.new_initial_state()
    assert isinstance(state, FiveTribesState)
    for tile, kind in enumerate(BOARD_X_TYPES):
        state.apply_action(A.DEAL_TILE + 8 * tile + kind)
    while state.phase_name == "draw-meeple":
        state.apply_action(state.legal_actions()[0])
    if bid_order is None:
        bid_order = tuple(s for s in range(players) for _ in range(state.markers // players))
    for seat in bid_order:
        state.apply_action(A.BID_ORDER + seat)
    for card in row:
        act(state, f"draw-card {card}")
    for djinn in display:
        act(state, f"draw-djinn {djinn}")
    assert state.phase == BID
    clear(state)
    return state


def clear(state: FiveTribesState) -> None:
    """Every meeple on the board goes back to the bag."""
    for t in range(TILES):
        for c in range(NUM_COLOURS):
            k = state.meeples[NUM_COLOURS * t + c]
            if k:
                state._remove_meeple(t, c, k)
                state.bag[c] += k
    state._legal = None


def put(state: FiveTribesState, where: str, *colours: str) -> None:
    """Move meeples of ``colours`` from the bag onto ``where``."""
    for name in colours:
        c = COLOURS.index(name)
        assert state.bag[c] > 0, name
        state.bag[c] -= 1
        state._add_meeple(tx(where), c)
    state._legal = None


def hold(state: FiveTribesState, seat: int, viziers: int = 0, elders: int = 0) -> None:
    """``seat`` holds these Viziers and Elders, taken from the bag."""
    state.bag[0] -= viziers - state.viziers[seat]
    state.bag[1] -= elders - state.elders[seat]
    state.viziers[seat] = viziers
    state.elders[seat] = elders
    state._legal = None


def give_cards(state: FiveTribesState, seat: int, *cards: str) -> None:
    """``seat`` takes these cards from the resource pile (or the discard pile)."""
    for name in cards:
        c = CARDS.index(name)
        if state.pile[c]:
            state.pile[c] -= 1
        else:
            state.row.remove(c)
        state.hand[seat * NUM_CARDS + c] += 1
    state._legal = None


def give_djinn(state: FiveTribesState, seat: int, name: str) -> None:
    """``seat`` owns this Djinn (taken from the pile, or the display)."""
    d = DJINNS.index(name)
    if state.djinn_pile >> d & 1:
        state.djinn_pile &= ~(1 << d)
    elif d in state.display:
        state.display.remove(d)
    state.djinn_owner[d] = seat
    state._legal = None


def set_row(state: FiveTribesState, *cards: str) -> None:
    """Replace the row (old row cards go back to the pile)."""
    for c in state.row:
        state.pile[c] += 1
    state.row = []
    for name in cards:
        c = CARDS.index(name)
        state.pile[c] -= 1
        state.row.append(c)
    state._legal = None


def start_turn(state: FiveTribesState, seat: int, *later: int) -> None:
    """Skip the bids: ``seat`` starts its turn now (T1, T2); ``later`` play after it."""
    state.paid = [-1] * 6
    state.zeros = [seat, *later]
    state.last = []
    state.next_order = []
    state.bid_slot = state.markers
    state._next_turn()
    state._legal = None


def claim(state: FiveTribesState, seat: int, where: str) -> None:
    state.camel[tx(where)] = seat
    state.camels_left[seat] -= 1
    state._legal = None


def at_node(
    state: FiveTribesState, seat: int, phase: int, final: str, collected: int = 0, tribe: int = -1
) -> None:
    """``seat`` is in its turn at ``phase``, its move having ended on ``final``."""
    state.actor = seat
    state.phase = phase
    state.final_tile = tx(final)
    state.collected = collected
    state.tribe = tribe
    state.used = 0
    state.echidna = state.iblis = False
    state._legal = None
