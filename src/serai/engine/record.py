"""Driving games: chance sampling, :func:`play`, :class:`GameRecord` and :func:`replay`."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from serai.engine.core import ActionId, Game, OptionValue, State
from serai.engine.errors import GameError, quoted
from serai.engine.registry import load_game

RECORD_FORMAT = 1


class Agent(Protocol):
    """Anything that chooses an action: a bot, a person at a terminal, a network seat."""

    def act(self, state: State) -> ActionId: ...


def sample_chance(state: State, rng: random.Random) -> ActionId:
    """Draw one outcome of the chance node ``state`` with ``rng``."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise GameError("sample_chance called at a node that is not a chance node")
    r = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if r < total:
            return action
    return outcomes[-1][0]


@dataclass
class GameRecord:
    """Everything needed to rebuild a game: what the server stores and the CLI saves."""

    game: str
    version: str
    options: dict[str, OptionValue]
    players: list[str]
    seed: int | None
    actions: list[ActionId] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    chance: list[bool] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    scores: list[int] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "version": self.version,
            "options": dict(self.options),
            "players": list(self.players),
            "seed": self.seed,
            "actions": [
                {"action": a, "text": t, "chance": c, "t": s}
                for a, t, c, s in zip(
                    self.actions, self.texts, self.chance, self.times, strict=True
                )
            ],
            "scores": self.scores,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        """The record ``to_json`` wrote, each field of the type it writes (a file may
        come from anyone): else :class:`GameError` saying which field is wrong."""
        try:
            form = data.get("format")
            if type(form) is not int or form != RECORD_FORMAT:
                raise GameError(f"unknown record format {quoted(form)}")
            options = _typed(data["options"], dict)
            for key, value in options.items():
                _typed(key, str, "an option's name")
                _typed(value, (str, int, bool), f"option {key!r}")
            moves = _typed(data["actions"], list)
            seed = data["seed"]
            return cls(
                game=_typed(data["game"], str, "game"),
                version=_typed(data["version"], str, "version"),
                options=options,
                players=[_name(p) for p in _typed(data["players"], list, "players")],
                seed=None if seed is None else _typed(seed, int, "seed"),
                actions=[_typed(m["action"], int, "an action") for m in moves],
                texts=[_typed(m["text"], str, "an action's text") for m in moves],
                chance=[_typed(m["chance"], bool, "an action's chance mark") for m in moves],
                times=[_time(m["t"]) for m in moves],
                scores=None
                if data["scores"] is None
                else [_typed(s, int, "a score") for s in _typed(data["scores"], list)],
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise GameError(f"not a serai game record: {error!r}") from error

    def __len__(self) -> int:
        return len(self.actions)


def _typed(value: Any, kind: type | tuple[type, ...], what: str = "a field") -> Any:
    """``value`` if it is of ``kind`` (a whole number is never a flag, nor a flag one),
    else :class:`GameError`."""
    flag = isinstance(value, bool)
    if not isinstance(value, kind) or (flag and kind is int):
        raise GameError(f"not a serai game record: {what} is {quoted(value)}")
    return value


def _name(player: Any) -> str:
    """A seat's name: printable text (a terminal shows it as it is)."""
    name: str = _typed(player, str, "a player")
    if not name.isprintable() or len(name) > 200:
        raise GameError(f"not a serai game record: a player is named {quoted(name)}")
    return name


def _time(value: Any) -> float:
    """When an action was taken: a finite number of seconds."""
    try:
        seconds = float(_typed(value, (int, float), "an action's time"))
    except OverflowError:  # a whole number too large for a float
        seconds = math.inf
    if not math.isfinite(seconds) or isinstance(value, bool):
        raise GameError(f"not a serai game record: an action's time is {quoted(value)}")
    return seconds


def new_record(game: Game, players: Sequence[str], seed: int | None) -> GameRecord:
    return GameRecord(game.info.name, game.info.version, game.params(), list(players), seed)


def agent_name(agent: object) -> str:
    return str(getattr(agent, "name", type(agent).__name__))


def play(
    game: Game,
    agents: Sequence[Agent],
    seed: int | None = None,
    on_action: Callable[[State, ActionId, str], None] | None = None,
    record: GameRecord | None = None,
) -> GameRecord:
    """Play ``game`` to the end with one agent per seat; chance comes from ``seed``.

    ``on_action(state_before, action, text)`` is called before each action is applied.
    Given a ``record`` (of ``game``, perhaps unfinished), play continues it in place with
    its own seed (``seed`` is not used), chance drawn as if the game had never stopped, so
    a caller that catches an agent's exception (a person quitting) holds the game so far.
    """
    if len(agents) != game.num_players:
        raise GameError(f"{game.info.name} with {game.num_players} players needs as many agents")
    if record is None:
        record = new_record(game, [agent_name(a) for a in agents], seed)
    elif (record.game, record.options) != (game.info.name, game.params()):
        raise GameError(f"the record is of {record.game} {record.options}, not of {game!r}")
    rng = random.Random(record.seed)
    state = replay(record) if record.actions else game.new_initial_state()
    for _ in range(record.chance.count(True)):
        rng.random()  # each draw of sample_chance takes one number
    start = time.perf_counter() - (record.times[-1] if record.times else 0.0)
    limit = game.max_game_length()
    while not state.is_terminal():
        if len(record) >= limit:
            raise GameError(f"{game.info.name} exceeded its maximum length {limit}")
        seat = state.current_player()
        is_chance = state.is_chance_node()
        action = sample_chance(state, rng) if is_chance else agents[seat].act(state)
        text = state.action_to_string(action)
        if on_action is not None:
            on_action(state, action, text)
        state.apply_action(action)
        record.actions.append(action)
        record.texts.append(text)
        record.chance.append(is_chance)
        record.times.append(round(time.perf_counter() - start, 6))  # µs: what JSON keeps
    record.scores = state.scores()
    return record


def replay(record: GameRecord, upto: int | None = None) -> State:
    """Rebuild the state after the first ``upto`` actions (all by default), checking each.

    Every action must be legal, its text must match, and a complete record's final
    scores must match; otherwise :class:`GameError` says where the record went wrong.
    """
    lengths = {len(record.actions), len(record.texts), len(record.chance), len(record.times)}
    if len(lengths) != 1:
        raise GameError(
            f"record has {len(record.actions)} actions, {len(record.texts)} texts, "
            f"{len(record.chance)} chance marks and {len(record.times)} times: one of each "
            "per action"
        )
    game = load_game(record.game, **record.options)
    if record.version != game.info.version:
        raise GameError(
            f"record was played under rules version {record.version}; "
            f"this is version {game.info.version}"
        )
    if len(record.players) != game.num_players:
        raise GameError(
            f"record names {len(record.players)} players for a {game.num_players}-player game"
        )
    count = len(record.actions) if upto is None else upto
    if not 0 <= count <= len(record.actions):
        raise GameError(f"cannot replay to action {count}: the record has {len(record.actions)}")
    state = game.new_initial_state()
    for index in range(count):
        action, recorded = record.actions[index], record.texts[index]
        if record.chance[index] != state.is_chance_node():
            kind = "a chance outcome" if state.is_chance_node() else "a decision"
            raise GameError(f"record action {index} ({recorded!r}) should be {kind}")
        try:
            text = state.action_to_string(action)
            state.apply_action(action)
        except GameError as error:
            raise GameError(f"record action {index} ({recorded!r}): {error}") from error
        if text != recorded:
            raise GameError(
                f"record action {index} is {recorded!r}, "
                f"but the game gives {text!r} for action id {action}"
            )
    if upto is None and record.scores is not None:
        if not state.is_terminal():
            raise GameError("record claims final scores but its game did not end")
        if state.scores() != record.scores:
            raise GameError(f"record scores {record.scores} differ from replayed {state.scores()}")
    return state
