"""play(), GameRecord, replay() and sample_chance()."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import serai
from serai.bots import RandomBot


def nested(depth: int) -> list[object]:
    """A list inside a list… ``depth`` deep, made without recursion."""
    outer: list[object] = []
    inner = outer
    for _ in range(depth):
        inner.append([])
        inner = inner[0]  # type: ignore[assignment]
    return outer


DEEP = nested(100_000)
"""Deeper than ``repr`` goes."""

HUGE = 10**5000
"""More digits than ``repr`` writes."""


def bots(n: int) -> list[RandomBot]:
    return [RandomBot(seed=seat) for seat in range(n)]


@pytest.fixture(scope="module")
def record() -> serai.GameRecord:
    game = serai.load_game("through_the_desert", players=3)
    return serai.play(game, bots(3), seed=21)


def test_record_carries_everything_needed_to_rebuild(record: serai.GameRecord) -> None:
    assert record.game == "through_the_desert"
    assert record.version == serai.game_info("through_the_desert").version
    assert record.options == {"players": 3, "board": "mountain"}
    assert record.players == ["random"] * 3
    assert record.seed == 21
    assert len(record.actions) == len(record.texts) == len(record.chance) == len(record.times)
    assert record.chance[:38] == [True] * 38  # 5 palms and 33 tokens (spec §4)
    assert record.times == sorted(record.times)
    assert record.scores == serai.replay(record).scores()


def test_json_round_trip_is_exact(record: serai.GameRecord) -> None:
    text = json.dumps(record.to_json())
    assert serai.GameRecord.from_json(json.loads(text)).to_json() == record.to_json()


def test_replay_of_any_prefix_matches_the_game(record: serai.GameRecord) -> None:
    for upto in (0, 1, 38, len(record) // 2, len(record)):
        state = serai.replay(record, upto=upto)
        assert state.history() == record.actions[:upto]
    with pytest.raises(serai.GameError, match="cannot replay to action"):
        serai.replay(record, upto=len(record) + 1)


def test_replay_rejects_an_illegal_action(record: serai.GameRecord) -> None:
    bad = serai.GameRecord.from_json(record.to_json())
    bad.actions[40] = bad.actions[39]
    with pytest.raises(serai.GameError, match="record action 40"):
        serai.replay(bad)


def test_replay_rejects_wrong_scores_and_other_versions(record: serai.GameRecord) -> None:
    bad = serai.GameRecord.from_json(record.to_json())
    assert bad.scores is not None
    bad.scores = [s + 1 for s in bad.scores]
    with pytest.raises(serai.GameError, match="scores"):
        serai.replay(bad)
    old = serai.GameRecord.from_json(record.to_json())
    old.version = "0.0"
    with pytest.raises(serai.GameError, match=r"rules version 0\.0"):
        serai.replay(old)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"format": 1},
        {"format": 9, "game": "x"},
        {"format": 1, "actions": [{"action": 1}]},
        {"format": DEEP},
        {"format": HUGE},
    ],
    ids=["empty", "no_game", "unknown_format", "action_alone", "deep_format", "huge_format"],
)
def test_malformed_records_are_a_game_error(data: dict[str, object]) -> None:
    with pytest.raises(serai.GameError):
        serai.GameRecord.from_json(data)


@pytest.mark.parametrize(
    "value", [DEEP, HUGE, [DEEP], [HUGE]], ids=["deep", "huge", "deep_in_a_list", "huge_in_a_list"]
)
def test_a_field_nested_too_deep_or_too_large_to_print_is_read_or_refused_in_a_line(
    record: serai.GameRecord, value: object
) -> None:
    """Values ``repr`` itself refuses (a list nested 100,000 deep, a number of 5,000
    digits), in any field or any part of an action: the record is read (a whole number
    where one belongs) or refused with the value quoted short; a nested list never
    belongs."""
    good = record.to_json()
    move = good["actions"][0]
    changed = [{**good, key: value} for key in good if key != "format"]
    changed += [{**good, "actions": [{**move, part: value}]} for part in move]
    for data in changed:
        try:
            serai.GameRecord.from_json(data)
        except serai.GameError as refused:
            assert len(str(refused)) < 200, str(refused)[:300]
        else:
            assert value in (HUGE, [HUGE]), f"read a nested list: {list(data)}"


def test_replay_refuses_a_record_whose_lists_differ_in_length(record: serai.GameRecord) -> None:
    """A record made by hand rather than read: one text, chance mark and time per action."""
    for field in ("actions", "texts", "chance", "times"):
        short = serai.GameRecord.from_json(record.to_json())
        getattr(short, field).pop()
        with pytest.raises(serai.GameError, match="one of each per action"):
            serai.replay(short)


def test_play_needs_one_agent_per_seat() -> None:
    game = serai.load_game("through_the_desert", players=3)
    with pytest.raises(serai.GameError, match="needs as many agents"):
        serai.play(game, bots(2), seed=1)


def test_play_rejects_an_agent_that_cheats() -> None:
    class Cheat:
        def act(self, state: serai.State) -> int:
            return 0  # camel blue 0,0: a map-edge hex

    game = serai.load_game("through_the_desert", players=2)
    with pytest.raises(serai.IllegalActionError):
        serai.play(game, [Cheat(), Cheat()], seed=1)


def test_sample_chance_follows_the_probabilities() -> None:
    state = serai.load_game("through_the_desert", players=2).new_initial_state()
    rng = random.Random(0)
    draws = Counter(serai.sample_chance(state, rng) for _ in range(6000))
    outcomes = dict(state.chance_outcomes())
    assert set(draws) == set(outcomes)  # six oasis candidates, uniform (R25)
    for action, probability in outcomes.items():
        assert abs(draws[action] / 6000 - probability) < 0.03


def test_sample_chance_outside_chance_is_an_error(record: serai.GameRecord) -> None:
    state = serai.replay(record, upto=38)
    with pytest.raises(serai.GameError, match="not a chance node"):
        serai.sample_chance(state, random.Random(0))


def test_state_json_from_another_game_configuration_is_refused(record: serai.GameRecord) -> None:
    data = serai.replay(record, upto=50).to_json()
    other = serai.load_game("through_the_desert", players=4)
    with pytest.raises(serai.GameError, match="options"):
        other.state_from_json(data)
    with pytest.raises(serai.GameError, match="rules version"):
        serai.load_game("through_the_desert", players=3).state_from_json({**data, "version": "0"})


def test_state_json_that_contradicts_its_history_is_refused(record: serai.GameRecord) -> None:
    game = serai.load_game("through_the_desert", players=3)
    data = serai.replay(record).to_json()
    assert game.state_from_json(data).to_json() == data
    with pytest.raises(serai.GameError, match="contradict its history: phase"):
        game.state_from_json({**data, "phase": 3})  # a finished game claiming the leader phase
    with pytest.raises(serai.GameError, match="claimed"):
        game.state_from_json({**data, "claimed": [0] * 9})
    with pytest.raises(serai.GameError, match="history action 40"):
        history = data["history"][:]
        history[40] = history[39]
        game.state_from_json({**data, "history": history})
    for bad in (None, "1,2", [1, "2"], [True]):
        with pytest.raises(serai.GameError, match="history"):
            game.state_from_json({**data, "history": bad})
    for key in ("game", "version", "options"):
        for bad in (DEEP, HUGE):
            with pytest.raises(serai.GameError, match=key.rstrip("s")):
                game.state_from_json({**data, key: bad})


def test_replay_checks_chance_flags_and_seats(record: serai.GameRecord) -> None:
    flipped = serai.GameRecord.from_json(record.to_json())
    flipped.chance[0] = False
    with pytest.raises(serai.GameError, match=r"record action 0 .* should be a chance outcome"):
        serai.replay(flipped)
    flipped = serai.GameRecord.from_json(record.to_json())
    flipped.chance[40] = True
    with pytest.raises(serai.GameError, match=r"record action 40 .* should be a decision"):
        serai.replay(flipped)
    crowd = serai.GameRecord.from_json(record.to_json())
    crowd.players = ["x"]
    with pytest.raises(serai.GameError, match="names 1 players for a 3-player game"):
        serai.replay(crowd)
