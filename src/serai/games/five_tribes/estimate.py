"""The bots' view of a Five Tribes position: ``estimate``.

**The estimate** (``State.estimate``) is the final scoring as if the game ended now, the
Vizier majority as it stands (``State.scores``), plus, before the end, ``FAKIR_VALUE`` per
Fakir that final scoring ignores (all of them, or the odd one out with Al-Amin): a Fakir
still adds Builder gold or Assassin range, or stands in for a 2-VP Elder in a Djinn's cost.
Once the game is over it is exactly the scores.

Five Tribes gives MCTS no action priors: its nodes expand untried actions in random order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.games.five_tribes.board import AL_AMIN, FAKIR, NUM_CARDS, OVER

if TYPE_CHECKING:
    from serai.games.five_tribes.rules import FiveTribesState

FAKIR_VALUE = 1.0
"""What :func:`estimate` counts a Fakir as before the end, in VP."""


def estimate(state: FiveTribesState) -> list[float]:
    """What the position is worth to each seat, in VP (see the module docstring)."""
    totals = state.scores()
    if state.phase == OVER:
        return [float(total) for total in totals]
    hand = state.hand
    al_amin = state.djinn_owner[AL_AMIN]
    out = []
    for seat, total in enumerate(totals):
        fakirs = hand[seat * NUM_CARDS + FAKIR]
        idle = fakirs % 2 if seat == al_amin else fakirs
        out.append(total + FAKIR_VALUE * idle)
    return out
