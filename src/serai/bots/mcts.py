"""Information-set Monte Carlo tree search with determinization.

Each iteration draws a world consistent with what the bot's seat knows
(:meth:`State.resample_hidden`), walks one shared tree down it, adds one node, evaluates
it (after an optional short random rollout) and backs up a value for every seat
(single-observer IS-MCTS, Cowling, Powley and Whitehouse 2012):

- **The root** starts from the greedy bot's ranking: every action is seeded with
  :data:`PRIOR_VISITS` visits' worth of its one-ply value, and only the best-ranked
  :data:`WIDEN_BASE` + sqrt(iterations) actions are searched (progressive widening), so
  a few hundred iterations go to telling the best candidates apart.
- **Action priors**: a game may guess what each action gains at once
  (:meth:`State.action_priors`; Through the Desert does, the other games return
  ``None``). Then every node below the root is widened like the root: its actions are
  ranked by the guess once, the best untried one is expanded next, and only the first
  :data:`NODE_WIDEN_BASE` + sqrt(node visits) are searched. At the root the guess breaks ties
  between equal one-ply values. Without priors a node expands a random untried action.
- **Selection** is UCT over the actions legal in this world, with availability counts:
  a child's exploration term uses how often it *could* have been chosen, not how often
  its parent was visited, because different worlds allow different actions.
- **Chance** is sampled by its probabilities and is not stored in the tree (open loop):
  the node after a die roll holds statistics over every outcome. As an outcome or a
  world can change who moves next, a node keeps its children per seat to move.
- **Rollouts** are random for at most ``rollout_depth`` steps. A rollout that reaches
  the end is worth its :meth:`State.returns`; one cut short is worth a logistic of what
  each seat gained on its best rival in :meth:`State.estimate` since the search began,
  so a long game needs no full random playout.
- **Budget**: ``iterations`` and/or ``seconds``, whichever runs out first. With only an
  iteration budget a seeded bot is reproducible move for move. A bot may also be
  *hurried* (``hurried``: asked by the server to answer now, when people wait for its
  worker): it then stops after :data:`HURRIED_ITERATIONS`, with what it found so far.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
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


EXPLORATION = 0.3
"""UCT's exploration constant for values in [0, 1]; see ``serai bench --bots``."""

ROLLOUT_DEPTH = 0
"""Random steps before a rollout is cut short and the position is estimated."""

LEAD_SCALE = 8.0
"""Points gained on the best rival that make a logistic value of about 73%."""

PRIOR_VISITS = 2
"""Visits' worth of one-ply value each root action starts with."""

WIDEN_BASE = 3
"""Root candidates before the first iteration; ``sqrt(iterations)`` more join as it runs."""

HURRIED_ITERATIONS = 16
"""Iterations a hurried search still runs: enough to follow the one-ply ranking past its
first candidates rather than pick among equal seeds."""

NODE_WIDEN_BASE = 6
"""The same below the root, in games with action priors: ``sqrt(node visits)`` more join
(6 won more often than 3 in Through the Desert; docs/bots.md)."""


@dataclass(frozen=True)
class Candidate:
    """One action of a searched position: how often the search chose it, and its mean
    value for the player to act."""

    action: ActionId
    visits: int
    value: float


class Node:
    """Statistics of one action in the tree, from the view of the seat that chose it.

    Its children are keyed by the seat to move, then the action: the tree is open loop, so
    different chance outcomes or worlds can hand the same node to different seats, and
    one seat's values must not steer another's choice.
    """

    __slots__ = ("available", "children", "order", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Seat, dict[ActionId, Node]] = {}
        self.order: dict[Seat, tuple[list[ActionId], list[ActionId]]] | None = None
        """Per seat: the legal actions and the same best prior first (games with priors)."""
        self.visits = 0
        self.available = 0
        self.total = 0.0


def leads(state: State) -> list[float]:
    """Each seat's lead over its best rival in :meth:`State.estimate`."""
    values = state.estimate()
    return [margin(values, seat) for seat in range(len(values))]


def leaf_values(state: State, baseline: Sequence[float] | None = None) -> list[float]:
    """Each seat's value in [0, 1]: returns at the end, else a logistic of its lead.

    The lead is measured from ``baseline`` (each seat's lead where the search started), so
    the logistic is steepest around the position being decided and a side far ahead still
    sees the difference between its moves.
    """
    if state.is_terminal():
        return state.returns()
    out = []
    for seat, lead in enumerate(leads(state)):
        gain = lead - (baseline[seat] if baseline is not None else 0.0)
        x = max(-60.0, min(60.0, gain / LEAD_SCALE))
        out.append(1.0 / (1.0 + math.exp(-x)))
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
        clock: Callable[[], float] = time.perf_counter,
        hurried: Callable[[], bool] | None = None,
    ) -> None:
        self.name = name
        """How records and tables name this bot (``mcts:hard``)."""
        self.budget = budget
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.clock = clock
        """Seconds from some start: what a time budget is measured by."""
        self.hurried = hurried
        """Whether the bot is asked to answer now (see the module's *Budget*)."""
        self.last_iterations = 0
        """Iterations the last :meth:`act` ran (for benchmarks)."""
        self.baseline: list[float] = []
        """Each seat's lead where the current search started (see :func:`leaf_values`)."""

    def act(self, state: State) -> ActionId:
        actions = state.legal_actions()
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        tried = self._search(state, actions)
        best = max(tried[a].visits for a in actions)
        choices = [a for a in actions if tried[a].visits == best]
        return choices[self.rng.randrange(len(choices))]

    def ranked(self, state: State) -> list[Candidate]:
        """Search as :meth:`act` does and rank every action: most visited first, each with
        its mean value for the player to act (0 to 1: a logistic of the lead it leads to,
        1 for a sure win). What a hint shows."""
        actions = state.legal_actions()
        tried = self._search(state, actions)
        found = [
            Candidate(
                a, tried[a].visits, tried[a].total / tried[a].visits if tried[a].visits else 0.0
            )
            for a in actions
        ]
        return sorted(found, key=lambda c: (-c.visits, -c.value))

    def _search(self, state: State, actions: list[ActionId]) -> dict[ActionId, Node]:
        """The root's children after the budget's iterations."""
        seat = state.current_player()
        root, order = self._root(state, seat, actions)
        limit = self.budget.iterations
        deadline = None if self.budget.seconds is None else self.clock() + self.budget.seconds
        hurried = self.hurried
        done = 0
        while (limit is None or done < limit) and (deadline is None or self.clock() < deadline):
            if hurried is not None and done >= HURRIED_ITERATIONS and hurried():
                break
            width = WIDEN_BASE + int(math.sqrt(done))
            self._iterate(root, state.resample_hidden(seat, self.rng), order[:width])
            done += 1
        self.last_iterations = done
        return root.children[seat]

    def _root(self, state: State, seat: Seat, actions: list[ActionId]) -> tuple[Node, list[int]]:
        """The root with every action's child seeded by its one-ply value, best first.

        The seeds are :data:`PRIOR_VISITS` visits' worth of the value after the action in
        one world drawn for ``seat``: the search starts from the greedy bot's ranking and
        spends its iterations on telling the best candidates apart.
        """
        world = state.resample_hidden(seat, self.rng)
        self.baseline = leads(world)
        root = Node()
        children = root.children[seat] = {}
        # Equal values are ranked by the game's action priors, if it gives them.
        guesses = world.action_priors(actions) or [0.0] * len(actions)
        priors = []
        for action, guess in zip(actions, guesses, strict=True):
            after = world.clone()
            after.apply_unchecked(action)
            value = leaf_values(after, self.baseline)[seat]
            child = children[action] = Node()
            child.visits = child.available = PRIOR_VISITS
            child.total = value * PRIOR_VISITS
            priors.append((value, guess, self.rng.random(), action))
        order = [action for *_, action in sorted(priors, reverse=True)]
        return root, order

    def _iterate(self, root: Node, world: State, candidates: list[ActionId]) -> None:
        rng = self.rng
        node = root
        path: list[tuple[Node, Seat]] = []
        expanded = False
        while not expanded and not world.is_terminal():
            if world.is_chance_node():
                world.apply_unchecked(sample_chance(world, rng))
                continue
            player = world.current_player()
            # Progressive widening at the root: only the best-ranked candidates, more of
            # them as the search grows.
            ordered = None
            if node is root:
                actions = candidates
            else:
                actions = world.legal_actions()
                ordered = self._ordered(node, player, world, actions)
                if ordered is not None:
                    # A game with action priors: widen here as at the root, best first.
                    actions = ordered[: NODE_WIDEN_BASE + int(math.sqrt(node.visits))]
            children = node.children.get(player)
            if children is None:
                children = node.children[player] = {}
            untried = [a for a in actions if a not in children]
            if untried:
                for a in actions:
                    if a in children:
                        children[a].available += 1
                # With priors the best untried action comes first; else a random one.
                action = untried[0] if ordered is not None else untried[rng.randrange(len(untried))]
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

    def _ordered(
        self, node: Node, player: Seat, world: State, actions: list[ActionId]
    ) -> list[ActionId] | None:
        """``actions`` best prior first, or ``None`` if the game gives no priors.

        The order is computed once per node and seat (:meth:`State.action_priors`, ties in
        random order); in a world with other legal actions it is filtered to them.
        """
        cached = None if node.order is None else node.order.get(player)
        if cached is None:
            priors = world.action_priors(actions)
            if priors is None:
                return None
            rng = self.rng
            ranked = sorted(
                zip(priors, [rng.random() for _ in actions], actions, strict=True), reverse=True
            )
            order = [action for _, _, action in ranked]
            if node.order is None:
                node.order = {}
            node.order[player] = (actions, order)
            return order
        legal, order = cached
        if legal == actions:
            return order
        allowed, known = set(actions), set(legal)
        return [a for a in order if a in allowed] + [a for a in actions if a not in known]

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
        return leaf_values(world, self.baseline)
