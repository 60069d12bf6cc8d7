"""Information-set Monte Carlo tree search with determinization.

Each iteration draws a world consistent with what the bot's seat knows
(:meth:`State.resample_hidden`), walks one shared tree down it, adds one node, evaluates
it (after an optional short random rollout) and backs up a value for every seat
(single-observer IS-MCTS, Cowling, Powley and Whitehouse 2012):

- **Selection** is UCT over the actions legal in this world, with availability counts:
  a child's exploration term uses how often it *could* have been chosen, not how often
  its parent was visited, because different worlds allow different actions.
- **Chance** is sampled by its probabilities and is not stored in the tree (open loop):
  the node after a die roll holds statistics over every outcome. As an outcome or a
  world can change who moves next, a node keeps its children per seat to move.
- **Rollouts** are random for at most ``rollout_depth`` steps. A rollout that reaches
  the end is worth its :meth:`State.returns`; one cut short is worth a logistic of each
  seat's lead in :meth:`State.estimate`, so a long game needs no full random playout.
- **Budget**: ``iterations`` and/or ``seconds``, whichever runs out first. With only an
  iteration budget a seeded bot is reproducible move for move.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from serai.bots.greedy import margin
from serai.engine import ActionId, Seat, State, sample_chance


@dataclass(frozen=True)
class Budget:
    """How long the bot thinks per decision: iterations, seconds, or both."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"seconds must be positive, not {self.seconds}")


EXPLORATION = 0.2
"""UCT's exploration constant for values in [0, 1]; see ``serai bench --bots``."""

ROLLOUT_DEPTH = 0
"""Random steps before a rollout is cut short and the position is estimated."""

LEAD_SCALE = 4.0
"""Points of lead that make a logistic win estimate of about 73%."""


class Node:
    """Statistics of one action in the tree, from the view of the seat that chose it.

    Its children are keyed by the seat to move, then the action: the tree is open loop, so
    different chance outcomes or worlds can hand the same node to different seats, and
    one seat's values must not steer another's choice.
    """

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Seat, dict[ActionId, Node]] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


def leaf_values(state: State) -> list[float]:
    """Each seat's value in [0, 1]: returns at the end, else a logistic of its lead."""
    if state.is_terminal():
        return state.returns()
    values = state.estimate()
    out = []
    for seat in range(len(values)):
        lead = max(-60.0, min(60.0, margin(values, seat) / LEAD_SCALE))
        out.append(1.0 / (1.0 + math.exp(-lead)))
    return out


class MCTSBot:
    """Information-set MCTS; never reads what its seat may not see.

    >>> import serai
    >>> from serai.bots.mcts import Budget, MCTSBot
    >>> game = serai.load_game("through_the_desert", players=2)
    >>> bots = [MCTSBot(Budget(iterations=20), seed=s) for s in range(2)]
    >>> serai.play(game, bots, seed=1).scores is not None
    True
    """

    def __init__(
        self,
        budget: Budget,
        seed: int | None = None,
        exploration: float = EXPLORATION,
        rollout_depth: int = ROLLOUT_DEPTH,
        name: str = "mcts",
    ) -> None:
        self.name = name
        """How records and tables name this bot (``mcts:hard``)."""
        self.budget = budget
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.last_iterations = 0
        """Iterations the last :meth:`act` ran (for benchmarks)."""

    def act(self, state: State) -> ActionId:
        actions = state.legal_actions()
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        seat = state.current_player()
        root = Node()
        limit = self.budget.iterations
        deadline = (
            None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        )
        done = 0
        while (limit is None or done < limit) and (
            deadline is None or time.perf_counter() < deadline
        ):
            self._iterate(root, state.resample_hidden(seat, self.rng))
            done += 1
        self.last_iterations = done
        tried = root.children.get(seat, {})
        best = max(tried[a].visits if a in tried else 0 for a in actions)
        choices = [a for a in actions if a in tried and tried[a].visits == best]
        return choices[self.rng.randrange(len(choices))] if choices else actions[0]

    def _iterate(self, root: Node, world: State) -> None:
        rng = self.rng
        node = root
        path: list[tuple[Node, Seat]] = []
        expanded = False
        while not expanded and not world.is_terminal():
            if world.is_chance_node():
                world.apply_unchecked(sample_chance(world, rng))
                continue
            player = world.current_player()
            actions = world.legal_actions()
            children = node.children.get(player)
            if children is None:
                children = node.children[player] = {}
            untried = [a for a in actions if a not in children]
            if untried:
                for a in actions:
                    if a in children:
                        children[a].available += 1
                action = untried[rng.randrange(len(untried))]
                child = children[action] = Node()
                child.available = 1
                expanded = True
            else:
                action = self._select(children, actions)
                child = children[action]
            world.apply_unchecked(action)
            path.append((child, player))
            node = child
        values = self._rollout(world)
        for visited, player in path:
            visited.visits += 1
            visited.total += values[player]

    def _select(self, children: dict[ActionId, Node], actions: list[ActionId]) -> ActionId:
        best_action = actions[0]
        best = float("-inf")
        c = self.exploration
        for action in actions:
            child = children[action]
            child.available += 1
            score = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best:
                best, best_action = score, action
        return best_action

    def _rollout(self, world: State) -> list[float]:
        rng = self.rng
        for _ in range(self.rollout_depth):
            if world.is_terminal():
                break
            if world.is_chance_node():
                world.apply_unchecked(sample_chance(world, rng))
            else:
                actions = world.legal_actions()
                world.apply_unchecked(actions[rng.randrange(len(actions))])
        return leaf_values(world)
