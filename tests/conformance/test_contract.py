"""The conformance suite: every registered game, every configuration, the same checks.

A new game passes this file unchanged (DESIGN.md, Testing habits).
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import serai
from serai.engine.conformance import Configuration, configurations

CONFIGS = [config for name in serai.list_games() for config in configurations(name)]
SEEDS = (11, 12)
PLAYOUTS = [
    pytest.param(config, seed, id=f"{config.label}-{seed}")
    for config in CONFIGS
    for seed in (SEEDS[:1] if config.options else SEEDS)
]
"""Each player count with its default options is played out from every seed; an option
changes a few rules, and its configurations are played out from the first."""
SAMPLE = 24  # actions per state checked for notation round trips and dead ends
# Copies and JSON are checked at every one of the first FULL_CHECKS states of a playout,
# then at every COPY_STRIDE-th; replaying the whole history at every REPLAY_STRIDE-th
# (a long game would otherwise cost the square of its length: six players make 2,700).
FULL_CHECKS = 80
COPY_STRIDE = 9
REPLAY_STRIDE = 45
# Views are checked for every seat at each of those states, then at every VIEW_STRIDE-th
# (a leak shows in many states; six seats' scrambles at every one of a long game's states
# was most of the suite's time).
VIEW_STRIDE = 5


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def random_agents(game: serai.Game, seed: int) -> list[serai.bots.RandomBot]:
    return [serai.bots.RandomBot(seed=seed * 100 + seat) for seat in range(game.num_players)]


def sample(rng: random.Random, actions: list[int]) -> list[int]:
    return actions if len(actions) <= SAMPLE else rng.sample(actions, SAMPLE)


def check_actions(state: serai.State, rng: random.Random) -> None:
    game = state.game
    legal = state.legal_actions()
    assert legal, "a non-terminal state must have a legal action"
    assert legal == sorted(set(legal)), "legal actions are sorted and unique"
    assert all(0 <= a < game.num_distinct_actions() for a in legal)
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sorted(a for a, _ in outcomes) == legal
        assert all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
    else:
        assert state.chance_outcomes() == []
        assert 0 <= state.current_player() < game.num_players
    for action in sample(rng, legal):
        text = state.action_to_string(action)
        assert text == text.lower() and "  " not in text and text == text.strip()
        assert state.string_to_action(text) == action
        assert state.is_legal(action)
        readers = [None, *range(game.num_players)]
        words = tuple(state.narrate_for(r, action) for r in readers)
        child = state.clone()
        child.apply_action(action)
        assert state.narrations(action) == state.narrations(action, child) == words
        assert child.is_terminal() or child.legal_actions(), f"dead end after {text!r}"


def check_illegal_input(state: serai.State, rng: random.Random) -> None:
    before = canonical(state.to_json())
    legal = set(state.legal_actions())
    illegal = [
        a for a in rng.sample(range(state.game.num_distinct_actions()), 40) if a not in legal
    ]
    for bad in [*illegal[:5], -1, state.game.num_distinct_actions()]:
        with pytest.raises(serai.IllegalActionError) as error:
            state.apply_action(bad)
        assert str(error.value)
        assert not state.is_legal(bad)
    for text in ("", "no such action", "🐪"):
        with pytest.raises(serai.IllegalActionError):
            state.string_to_action(text)
    assert canonical(state.to_json()) == before, "a rejected action changed the state"


def check_copies(state: serai.State, record: serai.GameRecord, replay: bool = True) -> None:
    """A clone and a JSON round trip are the state itself, and so is (with ``replay``) the
    record's history played again."""
    game = state.game
    data = canonical(state.to_json())
    twin = state.clone()
    assert canonical(twin.to_json()) == data
    assert twin.history() == state.history() == record.actions
    rebuilt = game.state_from_json(json.loads(data))
    assert canonical(rebuilt.to_json()) == data, "JSON round trip is not exact"
    assert rebuilt.legal_actions() == state.legal_actions()
    assert rebuilt.scores() == state.scores()
    if replay:
        replayed = serai.replay(record, upto=len(record.actions))
        assert canonical(replayed.to_json()) == data, "replaying the history gives another state"
        assert str(replayed) == str(state)
    if not state.is_terminal():
        action = state.legal_actions()[0]
        twin.apply_action(action)
        rebuilt.apply_action(action)
        assert canonical(twin.to_json()) == canonical(rebuilt.to_json())
        assert canonical(state.to_json()) == data, "acting on a clone changed the original"


def plain(value: Any) -> bool:
    """Whether ``value`` is plain JSON (keys of type ``str`` itself, lists): what the
    server's messages carry, encoded as they are by orjson without options."""
    return bool(json.loads(orjson.dumps(value)) == value)


def check_views(state: serai.State, rng: random.Random) -> None:
    """Views, boards, observations and log lines are blind to what they hide."""
    for seat in [None, *range(state.game.num_players)]:
        view = state.view(seat)
        text = canonical(view)
        assert json.loads(text) == view, "a view must be plain JSON"
        assert plain(state.score_breakdown()), "the score breakdown must be plain JSON"
        scrambled = state.scramble_hidden(seat, rng)
        assert canonical(scrambled.view(seat)) == text, f"view({seat}) shows hidden values"
        assert scrambled.render(seat=seat) == state.render(seat=seat), "render leaks"
        for action in sample(rng, state.legal_actions()):
            assert plain(state.game.decode(action)._asdict()), "an action's parts are JSON"
            shown = state.action_to_string_for(seat, action)
            assert scrambled.action_to_string_for(seat, action) == shown, "the log leaks"
            said = state.narrate_for(seat, action)
            assert scrambled.narrate_for(seat, action) == said, "the log's words leak"
        observation = state.observation(seat)
        assert len(observation) == state.game.observation_size()
        assert all(map(math.isfinite, observation))
        assert scrambled.observation(seat) == observation, f"observation({seat}) leaks"
        if seat is not None:
            resampled = state.resample_hidden(seat, rng)
            assert canonical(resampled.view(seat)) == text, "resampling changed what seat sees"
            if seat == state.current_player():
                # Bots apply the real state's actions to a drawn world.
                assert resampled.legal_actions() == state.legal_actions(), "choices changed"
            # A world drawn for a seat depends only on what that seat knows, so search
            # from it cannot learn what the seat may not see.
            draw = rng.randrange(2**32)
            assert canonical(state.resample_hidden(seat, random.Random(draw)).to_json()) == (
                canonical(resampled.resample_hidden(seat, random.Random(draw)).to_json())
            ), "resample_hidden depends on values the seat has not seen"


@pytest.fixture(params=CONFIGS, ids=lambda c: c.label)
def config(request: pytest.FixtureRequest) -> Configuration:
    return request.param  # type: ignore[no-any-return]


def test_registry_knows_the_game(config: Configuration) -> None:
    info = serai.game_info(config.name)
    assert config.name in serai.list_games()
    assert info.min_players <= config.players <= info.max_players
    game = config.load()
    assert game.num_players == config.players
    assert game.num_distinct_actions() > 0
    assert serai.load_game(config.name, **game.params()).params() == game.params()
    with pytest.raises(serai.GameError, match=f"{info.min_players} to {info.max_players}"):
        serai.load_game(config.name, players=info.max_players + 1)
    with pytest.raises(serai.GameError, match="known options: players"):
        serai.load_game(config.name, players=config.players, no_such_option=1)


@pytest.mark.parametrize(("config", "seed"), PLAYOUTS)
def test_random_playout_keeps_the_contract(config: Configuration, seed: int) -> None:
    game = config.load()
    rng = random.Random(seed)
    agents = random_agents(game, seed)
    state = game.new_initial_state()
    record = serai.engine.record.new_record(game, ["random"] * game.num_players, seed)
    components = state.component_counts()
    while not state.is_terminal():
        assert len(record.actions) < game.max_game_length()
        assert state.returns() == [0.0] * game.num_players
        estimate = state.estimate()
        assert len(estimate) == game.num_players and all(math.isfinite(x) for x in estimate)
        check_actions(state, rng)
        done = len(record.actions)
        if done < FULL_CHECKS or done % COPY_STRIDE == 0:
            check_copies(state, record, replay=done < FULL_CHECKS or done % REPLAY_STRIDE == 0)
        if done < FULL_CHECKS or done % VIEW_STRIDE == 0:
            check_views(state, rng)
        assert state.component_counts() == components, "a component appeared or vanished"
        if len(record.actions) % 7 == 0:
            check_illegal_input(state, rng)
        chance = state.is_chance_node()
        if chance:
            action = serai.sample_chance(state, rng)
        else:
            action = agents[state.current_player()].act(state)
        record.actions.append(action)
        record.texts.append(state.action_to_string(action))
        record.chance.append(chance)
        record.times.append(0.0)
        state.apply_action(action)
    check_copies(state, record)
    check_views(state, rng)
    assert state.component_counts() == components
    assert state.legal_actions() == []
    with pytest.raises(serai.IllegalActionError):
        state.apply_action(0)
    returns = state.returns()
    scores = state.scores()
    assert math.isclose(sum(returns), 1.0)
    # The winners are the top scorers left after the game's own tie-breaks; they share 1.
    winners = [s for s in range(game.num_players) if returns[s] > 0]
    assert winners and all(scores[s] == max(scores) for s in winners)
    assert all(math.isclose(returns[s], 1 / len(winners)) for s in winners)
    assert [part["total"] for part in state.score_breakdown()] == scores
    assert state.estimate() == [float(score) for score in scores]


def test_the_board_layout_and_score_labels_are_plain_json(config: Configuration) -> None:
    """What a live table's first message carries besides the summary."""
    game = config.load()
    assert plain(game.layout()) and plain(game.score_labels())


@pytest.mark.parametrize("name", serai.list_games())
def test_the_leak_check_can_fail(name: str) -> None:
    """Some configuration of the game hides something that scramble_hidden changes.

    Otherwise the view checks above would pass vacuously.
    """
    for config in configurations(name):
        game = config.load()
        for seed in SEEDS:
            rng = random.Random(seed)
            state = game.new_initial_state()
            agents = random_agents(game, seed)
            while not state.is_terminal():
                data = canonical(state.to_json())
                for seat in [None, *range(game.num_players)]:
                    if canonical(state.scramble_hidden(seat, rng).to_json()) != data:
                        return
                if state.is_chance_node():
                    state.apply_action(serai.sample_chance(state, rng))
                else:
                    state.apply_action(agents[state.current_player()].act(state))
    pytest.fail(f"{name}: scramble_hidden never changed anything; the leak checks prove nothing")


def test_same_seed_same_game(config: Configuration) -> None:
    game = config.load()
    first = serai.play(game, random_agents(game, 5), seed=5)
    again = serai.play(game, random_agents(game, 5), seed=5)
    other = serai.play(game, random_agents(game, 6), seed=6)
    assert first.actions == again.actions and first.scores == again.scores
    assert first.actions != other.actions


def test_record_round_trip_and_replay(config: Configuration) -> None:
    game = config.load()
    record = serai.play(game, random_agents(game, 3), seed=3)
    copy = serai.GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert copy.to_json() == record.to_json()
    final = serai.replay(copy)
    assert final.is_terminal() and final.scores() == record.scores
    middle = len(record) // 2
    assert serai.replay(copy, upto=middle).history() == record.actions[:middle]
    tampered = serai.GameRecord.from_json(record.to_json())
    tampered.texts[middle] = "something else"
    with pytest.raises(serai.GameError, match=f"action {middle}"):
        serai.replay(tampered)


def test_render_fits_a_terminal(config: Configuration) -> None:
    game = config.load()
    final = serai.replay(serai.play(game, random_agents(game, 9), seed=9))
    for state in (game.new_initial_state(), final):
        text = str(state)
        assert text and max(len(line) for line in text.splitlines()) <= 100


@pytest.mark.parametrize("name", serai.list_games())
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_position_survives_serialisation(name: str, data: st.DataObject) -> None:
    config = data.draw(st.sampled_from(configurations(name)), label="configuration")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    game = config.load()
    record = serai.play(game, random_agents(game, seed % 1000), seed=seed)
    upto = data.draw(st.integers(0, len(record)), label="actions")
    state = serai.replay(record, upto=upto)
    text = json.dumps(state.to_json())
    assert canonical(game.state_from_json(json.loads(text)).to_json()) == canonical(state.to_json())
    saved = serai.GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert saved == record
