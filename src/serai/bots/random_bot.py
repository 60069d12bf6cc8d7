"""The uniform random agent: the baseline every other bot must beat."""

from __future__ import annotations

import random

from serai.engine import ActionId, State


class RandomBot:
    """Chooses uniformly among the legal actions with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State) -> ActionId:
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]
