"""The Game/State contract that every game implements (see DESIGN.md).

A :class:`Game` holds static facts (players, options, action space); a :class:`State`
is one position. Chance is an explicit player (:data:`CHANCE`) whose outcomes and
probabilities are listed; the rules never call a random generator.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeAlias

from serai.engine.errors import GameError, IllegalActionError, quoted
from serai.engine.words import literal, score_label, seat_field

if TYPE_CHECKING:
    from serai.engine.observe import ObservationLayout


class DecodedAction(Protocol):
    """What :meth:`Game.decode` answers: a named tuple whose first field is ``kind``."""

    @property
    def kind(self) -> str: ...

    def _asdict(self) -> dict[str, Any]: ...


Seat: TypeAlias = int
ActionId: TypeAlias = int
OptionValue: TypeAlias = int | str

CHANCE: Seat = -1
"""``current_player()`` at a chance node."""

TERMINAL: Seat = -4
"""``current_player()`` once the game has ended."""


@dataclass(frozen=True)
class Option:
    """One game option (variant) with its allowed values and default."""

    name: str
    default: OptionValue
    choices: tuple[OptionValue, ...]
    """The allowed values; with ``minimum``, the values the conformance suite tries."""
    help: str
    minimum: int | None = None
    """If set, any whole number from ``minimum`` up is allowed."""

    def allows(self, value: object) -> bool:
        if self.minimum is not None:
            return type(value) is int and value >= self.minimum
        # each value in its own type: 3.0 is not 3, and 1 is not True
        return any(type(value) is type(choice) and value == choice for choice in self.choices)

    def describe(self) -> str:
        """The allowed values as people read them."""
        if self.minimum is not None:
            return f"any whole number from {self.minimum}"
        return ", ".join(str(choice) for choice in self.choices)


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game, looked up by name in the registry."""

    name: str
    title: str
    version: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...] = ()

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise GameError(f"{self.name} has no option {name!r}")

    def check_options(self, options: Mapping[str, object]) -> None:
        """Refuse any option that is unknown or not exactly one of its allowed values, in
        its own type: for values that come as JSON, which are never read from text.

        >>> from serai.engine import game_info
        >>> game_info("nomads_of_arabia").check_options({"max_turns": "5"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        serai.engine.errors.GameError: option max_turns='5' for nomads_of_arabia: allowed any ...
        """
        for key, value in options.items():
            option = self.option(key)
            if not option.allows(value):
                raise GameError(
                    f"option {key}={quoted(value)} for {self.name}: allowed {option.describe()}"
                )


class Game(abc.ABC):
    """A game with its options fixed: the factory of states."""

    info: ClassVar[GameInfo]

    def __init__(self, players: int, options: Mapping[str, OptionValue]) -> None:
        self.num_players = players
        self.options: dict[str, OptionValue] = dict(options)

    def params(self) -> dict[str, OptionValue]:
        """Every option including ``players``: what ``load_game`` needs to rebuild this."""
        return {"players": self.num_players, **self.options}

    @abc.abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the integer action space (decisions and chance outcomes)."""

    @abc.abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions, chance included, of any game."""

    @abc.abstractmethod
    def observation_size(self) -> int:
        """The length of every :meth:`State.observation` vector of this game."""

    @abc.abstractmethod
    def new_initial_state(self) -> State:
        """The root: before setup, whose chance events are the first nodes."""

    @abc.abstractmethod
    def from_position(self, text: str) -> State:
        """The state written as ``text`` by :meth:`State.position` (its history starts
        empty). A malformed or impossible position raises :class:`GameError` saying what
        is wrong. Each game documents its notation in ``docs/rules/<game>.md``."""

    @abc.abstractmethod
    def decode(self, action: ActionId) -> DecodedAction:
        """What ``action`` is, as a small named tuple of its parts (``kind`` first: the
        kind of decision or draw, then its tile, colour, cost, …), built once per game.
        Rules, explanations and the boards read actions through it."""

    @abc.abstractmethod
    def observation_layout(self) -> ObservationLayout:
        """The named pieces of :meth:`State.observation` (see :mod:`serai.engine.observe`)."""

    def layout(self) -> dict[str, Any]:
        """The board's fixed geometry as JSON-ready data, for drawing it (the web boards).

        Nothing in it changes during a game or depends on hidden information; games whose
        views already carry everything a drawing needs return an empty dict.
        """
        return {}

    def score_labels(self) -> dict[str, str]:
        """A label people read for every key of :meth:`State.score_breakdown`, in its order.

        The default makes one from each key; games name the parts as their rules do.

        >>> from serai.engine import load_game
        >>> load_game("five_tribes", players=2).score_labels()["vizier_majority"]
        'Vizier majority'
        """
        keys = self.new_initial_state().score_breakdown()[0]
        return {key: score_label(key) for key in keys}

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_json` exactly.

        The history is replayed through the checked path and every stored field must
        agree with the result, so JSON from a user or the network cannot produce a state
        the rules could not reach.
        """
        self._check_json_header(data)
        history = data.get("history")
        if not isinstance(history, list) or not all(
            isinstance(a, int) and not isinstance(a, bool) for a in history
        ):
            raise GameError("state JSON needs 'history', a list of action ids")
        state = self.new_initial_state()
        for index, action in enumerate(history):
            try:
                state.apply_action(action)
            except IllegalActionError as error:
                raise GameError(f"state history action {index}: {error}") from error
        rebuilt = state.to_json()
        if rebuilt != dict(data):
            wrong = sorted(k for k in rebuilt.keys() | data.keys() if rebuilt.get(k) != data.get(k))
            raise GameError(f"state fields contradict its history: {', '.join(wrong)}")
        return state

    def _check_json_header(self, data: Mapping[str, Any]) -> None:
        """Refuse JSON written by another game, rules version or set of options."""
        if not isinstance(data, Mapping):
            raise GameError(f"a state is a JSON object, not {type(data).__name__}")
        if data.get("game") != self.info.name:
            raise GameError(f"state is of game {quoted(data.get('game'))}, not {self.info.name!r}")
        if data.get("version") != self.info.version:
            raise GameError(
                f"state was saved with rules version {quoted(data.get('version'))}; "
                f"this is version {self.info.version!r}"
            )
        if data.get("options") != self.params():
            raise GameError(
                f"state options {quoted(data.get('options'))} differ from {self.params()!r}"
            )

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params().items())
        return f"load_game({self.info.name!r}, {args})"


def places(
    returns: Sequence[float], scores: Sequence[int], absent: Collection[int] = ()
) -> list[int]:
    """Each seat's place in a finished game (1 is best): winners first (tied winners share
    first place), then the others by score; equal results share a place and the next place
    is skipped. A seat in ``absent`` (a player who left) places last.

    >>> places([0.5, 0.5, 0.0], [30, 30, 12])
    [1, 1, 3]
    >>> places([1.0, 0.0, 0.0], [40, 12, 30], absent={0})
    [3, 2, 1]
    """
    keys = [(seat not in absent, returns[seat], scores[seat]) for seat in range(len(scores))]
    return [1 + sum(other > key for other in keys) for key in keys]


class State(abc.ABC):
    """One position of a game. Subclasses keep their fields flat so ``clone`` is cheap."""

    __slots__ = ()
    game: Game

    # -- who acts -------------------------------------------------------------
    @abc.abstractmethod
    def current_player(self) -> Seat:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    # -- actions --------------------------------------------------------------
    @abc.abstractmethod
    def legal_actions(self) -> list[ActionId]:
        """Sorted legal actions of the player to act (at a chance node: the outcomes)."""

    @abc.abstractmethod
    def chance_outcomes(self) -> list[tuple[ActionId, float]]:
        """``(outcome, probability)`` pairs at a chance node; empty elsewhere."""

    def is_legal(self, action: ActionId) -> bool:
        """Whether ``action`` may be applied now. Games override this with a direct check."""
        return action in self.legal_actions()

    def apply_action(self, action: ActionId) -> None:
        """The checked path: apply ``action`` or raise :class:`IllegalActionError`."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(
                f"an action is an int, not {type(action).__name__}", self._legal_strings()
            )
        if self.is_terminal():
            raise IllegalActionError("the game is over: no action is legal")
        if not self.is_legal(action):
            raise IllegalActionError(self.why_illegal(action), self._legal_strings())
        self.apply_unchecked(action)

    @abc.abstractmethod
    def apply_unchecked(self, action: ActionId) -> None:
        """The fast path for bots and replays of trusted records: no legality check."""

    def why_illegal(self, action: ActionId) -> str:
        """A readable reason why ``action`` is not legal now (games give rule citations)."""
        if not 0 <= action < self.game.num_distinct_actions():
            return f"{action} is outside the action space 0..{self.game.num_distinct_actions() - 1}"
        return f"{self.action_to_string(action)!r} is not legal now"

    @abc.abstractmethod
    def action_to_string(self, action: ActionId) -> str:
        """The canonical text of ``action`` from the spec's Notation section."""

    def parse_action(self, text: str) -> ActionId | None:
        """The action whose canonical text is ``text``, legal or not; ``None`` if none.

        The default only knows legal actions; games parse their whole notation so
        that :meth:`string_to_action` can say *why* a well-formed action is illegal.
        """
        for action in self.legal_actions():
            if self.action_to_string(action) == text:
                return action
        return None

    def notation_help(self) -> str:
        """A one-line summary of the action notation, for error messages and ``help``."""
        return "type one of the legal actions"

    def string_to_action(self, text: str) -> ActionId:
        """Parse notation into a legal action, or raise :class:`IllegalActionError`."""
        if self.is_terminal():
            raise IllegalActionError("the game is over: no action is legal")
        # Spec §9 of every game: only the canonical text is accepted; user interfaces
        # may tidy what people type before they call this.
        action = self.parse_action(text) if isinstance(text, str) else None
        if action is None:
            raise IllegalActionError(
                f"{text!r} is not an action of {self.game.info.name} ({self.notation_help()})",
                self._legal_strings(),
            )
        if not self.is_legal(action):
            raise IllegalActionError(self.why_illegal(action), self._legal_strings())
        return action

    def _legal_strings(self) -> list[str]:
        if self.is_terminal():
            return []
        return [self.action_to_string(a) for a in self.legal_actions()]

    # -- copies and records ---------------------------------------------------
    @abc.abstractmethod
    def clone(self) -> State:
        """An independent copy; cheap (a handful of flat lists)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        # ``copy.deepcopy`` (as OpenSpiel's Python games use) gets the cheap clone.
        return self.clone()

    @abc.abstractmethod
    def history(self) -> list[ActionId]:
        """Every action applied since the root, chance outcomes included."""

    @abc.abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that :meth:`Game.state_from_json` turns back into this state."""

    # -- results --------------------------------------------------------------
    @abc.abstractmethod
    def scores(self) -> list[int]:
        """Each seat's points or money; final once the game has ended."""

    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat the parts of the score by the game's own names, with ``total``."""
        return [{"total": score} for score in self.scores()]

    def estimate(self) -> list[float]:
        """What the position is worth to each seat, in points: the bots' evaluation.

        :meth:`scores` plus a short estimate of what each seat can still expect, documented
        by each game; the default is :meth:`scores`. It reads the full state, so bots call
        it only on states from :meth:`resample_hidden`.
        """
        return [float(score) for score in self.scores()]

    def action_priors(self, actions: list[ActionId]) -> list[float] | None:
        """A cheap guess of what each of ``actions`` gains the player to act, or ``None``.

        When a game gives one, MCTS ranks a node's actions by it, expands the best untried
        one first and searches only the best few below the root as at the root; otherwise
        it expands untried actions in random order. It must not read what the player to
        act may not see. The default is ``None``: games opt in (each documents its guess).
        """
        return None

    def returns(self) -> list[float]:
        """0 for all until the end; then tied winners share 1 (spec README)."""
        n = self.game.num_players
        if not self.is_terminal():
            return [0.0] * n
        scores = self.scores()
        best = max(scores)
        winners = [seat for seat in range(n) if scores[seat] == best]
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(n)]

    # -- information ----------------------------------------------------------
    @abc.abstractmethod
    def view(self, seat: Seat | None) -> dict[str, Any]:
        """JSON-ready dict of what ``seat`` may see now; ``None`` for a spectator."""

    @abc.abstractmethod
    def resample_hidden(self, seat: Seat, rng: random.Random) -> State:
        """A full state consistent with everything ``seat`` knows (for search)."""

    @abc.abstractmethod
    def scramble_hidden(self, seat: Seat | None, rng: random.Random) -> State:
        """A copy in which everything ``seat``'s view hides has been changed at random.

        Not necessarily a reachable state: it exists so the conformance suite can check
        that ``view(seat)`` is blind to what it must not show.
        """

    @abc.abstractmethod
    def component_counts(self) -> dict[str, int]:
        """Totals per kind of component, summed over every place it can be.

        They are the same in every state of a game: nothing appears or vanishes.
        """

    @abc.abstractmethod
    def position(self) -> str:
        """The whole state, hidden values included, as one line of text (as FEN is for
        chess): :meth:`Game.from_position` turns it back into a state with the same player
        to act, legal actions, chance outcomes, scores and further play."""

    def observation_dict(self, seat: Seat | None) -> dict[str, list[float]]:
        """:meth:`observation` cut into its named pieces (:meth:`Game.observation_layout`)."""
        return self.game.observation_layout().split(self.observation(seat))

    @abc.abstractmethod
    def observation(self, seat: Seat | None) -> list[float]:
        """:meth:`view` as :meth:`Game.observation_size` numbers, for learning agents.

        Like the view it shows only what ``seat`` may see; each game documents its layout.
        """

    def reveals_information(self, action: ActionId) -> bool:
        """Whether the decision ``action`` shows some seat something that was hidden.

        A player may take back their own decisions within a turn (the web platform's
        undo) only up to the first one that reveals something, or a chance node.
        """
        return False

    def window_pass(self) -> ActionId | None:
        """At an optional reaction window (Nomads of Arabia's Sands of Time window, R33): the
        action that lets the moment pass; ``None`` at every other decision. Interfaces that let
        a seat choose not to stop at windows play it at once, whether or not the seat could do
        more."""
        return None

    def action_to_string_for(self, seat: Seat | None, action: ActionId) -> str:
        """The text of ``action`` as ``seat`` may see it in a log (``None``: a spectator).

        Filtered by the same rule as :meth:`view`; games with hidden chance outcomes
        override it. Call it before ``action`` is applied.
        """
        return self.action_to_string(action)

    def prompt(self) -> str:
        """What the player to act decides now, as one plain sentence to that player ("Place
        a camel next to one of your caravans — 2 more this turn"); ``""`` at a chance node
        and once the game is over. It says only what that seat may see.

        The default says nothing; every game overrides it.
        """
        return ""

    def narrate_for(self, viewer: Seat | None, action: ActionId) -> str:
        """``action`` (about to be applied, as for :meth:`action_to_string_for`) in plain
        words as ``viewer`` may read it (``None``: a spectator), for a game log.

        Seats are written as :meth:`str.format` fields ``{0}``, ``{1}``, … that the caller
        fills with the players' names; points the rules give at once follow in brackets.
        Filtered by the same rule as :meth:`view`: a hidden draw reads "{2} drew a tile" to
        everyone but the drawer. The default is the notation after the seat's field:

        >>> from serai.engine import load_game, sample_chance
        >>> import random
        >>> state = load_game("through_the_desert").new_initial_state()
        >>> rng = random.Random(1)
        >>> while state.is_chance_node():
        ...     state.apply_action(sample_chance(state, rng))
        >>> State.narrate_for(state, None, state.legal_actions()[0]).format("Ann", "Bob")
        'Ann: leader blue 2,0'
        """
        text = literal(self.action_to_string_for(viewer, action))
        if self.is_chance_node():
            return text
        return f"{seat_field(self.current_player())}: {text}"

    def narrations(self, action: ActionId, after: State | None = None) -> tuple[str, ...]:
        """:meth:`narrate_for` for a spectator, then for each seat in order (a server logs
        each action for every reader). A game whose words come from the state after the
        action may work that state out once here for all of them, or take it as ``after``
        from a caller that has applied ``action`` to a clone already."""
        readers: list[Seat | None] = [None, *range(self.game.num_players)]
        return tuple(self.narrate_for(viewer, action) for viewer in readers)

    def render(
        self, markup: bool = False, seat: Seat | None = None, highlight: Iterable[ActionId] = ()
    ) -> str:
        """The board as ``seat`` sees it (``None``: a spectator) as text.

        With ``markup`` it is styled in rich's markup for colour terminals; the places
        the ``highlight`` actions would act on are marked (a player's legal choices).
        """
        return repr(self)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"<{self.game.info.name} state after {len(self.history())} actions>"
