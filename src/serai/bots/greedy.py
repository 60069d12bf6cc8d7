"""The greedy agent: one ply of lookahead on the game's own evaluation."""

from __future__ import annotations

import random

from serai.engine import ActionId, Seat, State


def margin(values: list[float], seat: Seat) -> float:
    """How far ``seat`` is ahead of its best rival (negative when behind)."""
    rivals = [value for other, value in enumerate(values) if other != seat]
    return values[seat] - max(rivals) if rivals else values[seat]


class GreedyBot:
    """Plays the action after which its lead in :meth:`State.estimate` is largest.

    It looks one decision ahead in a world drawn by :meth:`State.resample_hidden`, so it
    never reads what its seat may not see. Ties are broken by its own seeded generator.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State) -> ActionId:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player()
        world = state.resample_hidden(seat, self.rng)
        best: list[ActionId] = []
        best_value = float("-inf")
        for action in actions:
            child = world.clone()
            child.apply_unchecked(action)
            value = margin(child.estimate(), seat)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[self.rng.randrange(len(best))]
