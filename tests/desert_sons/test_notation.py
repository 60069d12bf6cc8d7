"""The action notation (Notation of ``docs/rules/desert_sons.md``): round trips, canonical
forms, decoded values, and rejection of everything else."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import serai
from serai.games.desert_sons.actions import NUM_ACTIONS, parse_action
from tests.desert_sons.scenario import (
    EXAMPLE_3,
    EXAMPLE_7_STONES,
    act,
    after_setup,
    edit,
    legal,
    new_game,
    run,
    to_move,
)

COORD = r"(0|[1-9]|10),(0|[1-9]|10)"
NUMBER = r"([1-9]|[1-7][0-9]|8[0-5])"
RANK = r"([1-9]|1[0-6])"
COMMODITY = "(myrrh|incense|salt|gems)"
# The exact text of every decision and chance outcome.
CANONICAL = re.compile(
    rf"move {COORD}|draw|pass|end|bonus|no-stone|keep-chip|remove-chip"
    rf"|play-own {NUMBER}|discard {NUMBER}|take [0-3] {NUMBER}"
    rf"|place {COORD} r(0|90|180|270)|stone {RANK} [ab]|remove-stone {RANK}"
    rf"|choose ({COMMODITY[1:-1]}|camel|water|rumor)|rumor {COMMODITY}|peek {COMMODITY} [12]"
    rf"|draw-tile {NUMBER}|draw-rumor (\+2|\+1|-1|-2)"
)

SPEC_IDS = {
    "move 5,1": 16,
    "draw": 121,
    "pass": 122,
    "end": 123,
    "bonus": 124,
    "no-stone": 125,
    "keep-chip": 126,
    "remove-chip": 127,
    "play-own 13": 140,
    "discard 1": 213,
    "take 1 6": 298 + 85 + 5,
    "take 3 85": 637,
    "place 6,1 r90": 638 + 4 * 17 + 1,
    "place 10,10 r270": 1121,
    "stone 1 a": 1122,
    "stone 16 b": 1153,
    "remove-stone 1": 1154,
    "remove-stone 16": 1169,
    "choose myrrh": 1170,
    "choose rumor": 1176,
    "rumor myrrh": 1177,
    "rumor gems": 1180,
    "peek myrrh 1": 1181,
    "peek gems 2": 1188,
    "draw-tile 1": 1189,
    "draw-tile 85": 1273,
    "draw-rumor +2": 1274,
    "draw-rumor -2": 1277,
}

MALFORMED = [
    "",
    " ",
    "move",
    "move 5 1",
    "move 05,1",
    "move 5,01",
    "move 11,0",
    "move 5,1 now",
    "Move 5,1",
    "move ５,1",
    "move ²,1",
    "draw now",
    "play-own",
    "play-own 0",
    "play-own 86",
    "play-own 013",
    "take 4 6",
    "take 1",
    "take 1 0",
    "place 6,1",
    "place 6,1 r45",
    "place 6,1 90",
    "place 6,1 r360",
    "stone 17 a",
    "stone 0 a",
    "stone 16 c",
    "stone 16",
    "remove-stone 17",
    "choose gold",
    "choose",
    "rumor water",
    "peek salt 3",
    "peek salt 0",
    "draw-tile 86",
    "draw-rumor 2",
    "draw-rumor +3",
    "draw-rumor ?",
    "end turn",
    "no stone",
]


def random_states(seed: int, players: int, desert_border: bool) -> list[serai.State]:
    rng = random.Random(seed)
    state = new_game(players, desert_border)
    out: list[serai.State] = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
        out.append(state.clone())
    return out


def test_parse_action_round_trip_over_the_whole_action_space() -> None:
    state = after_setup()
    texts = set()
    for action in range(NUM_ACTIONS):
        text = state.action_to_string(action)
        assert CANONICAL.fullmatch(text), text
        assert parse_action(text) == action
        texts.add(text)
    assert len(texts) == NUM_ACTIONS == serai.load_game("desert_sons").num_distinct_actions()


@pytest.mark.parametrize(("text", "action"), sorted(SPEC_IDS.items()))
def test_spec_id_formulas(text: str, action: int) -> None:
    assert parse_action(text) == action
    assert after_setup().action_to_string(action) == text


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_strings_are_rejected_with_the_notation(text: str) -> None:
    state = after_setup()
    before = state.to_json()
    assert parse_action(text) is None
    with pytest.raises(serai.IllegalActionError) as caught:
        state.string_to_action(text)
    assert "move 5,1" in caught.value.reason and caught.value.legal == legal(state)
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("draw", "move step"),
        ("place 6,1 r90", "move step"),
        ("move 3,3", "holds no field"),
        ("choose water", "move step"),
    ],
)
def test_well_formed_but_illegal_says_why(text: str, why: str) -> None:
    state = to_move(after_setup(), 0)
    with pytest.raises(serai.IllegalActionError) as caught:
        state.string_to_action(text)
    assert why in caught.value.reason


@pytest.mark.parametrize(
    ("texts", "text", "why"),
    [
        # The continuation after desert tile 8, taken from seat 1, on 4,4.
        (("move 5,4", "take 1 8", "draw-tile 2", "place 4,4 r0"), "move 3,3", "holds no field"),
        (("move 5,4", "take 1 8", "draw-tile 2", "place 4,4 r0"), "remove-stone 16", "not on"),
        (("move 5,4", "take 1 8", "draw-tile 2", "place 4,4 r0"), "remove-stone 15", "not yours"),
        (("move 5,4", "take 1 8", "draw-tile 2", "place 4,4 r0"), "stone 16 a", "oasis sections"),
        # The stone step after band 1 on 6,1 (test_example_1).
        (("move 5,1", "draw", "draw-tile 1", "place 6,1 r90"), "stone 9 b", "no section b"),
        (("move 5,1", "draw", "draw-tile 1", "place 6,1 r90"), "stone 15 a", "not yours"),
        (("move 5,1", "draw", "draw-tile 1", "place 6,1 r90"), "remove-stone 9", "not on"),
    ],
)
def test_illegal_stone_and_continuation_actions_say_why(
    texts: tuple[str, ...], text: str, why: str
) -> None:
    state = run(new_game(), "draw-tile 6", "draw-tile 8", *texts)
    with pytest.raises(serai.IllegalActionError) as caught:
        state.string_to_action(text)
    assert why in caught.value.reason


def test_illegal_rating_choices_say_why() -> None:
    state = run(new_game(), *EXAMPLE_7_STONES)
    with pytest.raises(serai.IllegalActionError, match=r"no salt symbol left \(R17\)"):
        state.string_to_action("choose salt")
    state = edit(state, goods="0,0,0,0/4,0,0,0")  # seat 1's 4 carrying spaces are full
    with pytest.raises(serai.IllegalActionError, match=r"carrying spaces are full \(R18\)"):
        state.string_to_action("choose gems")


def test_chance_and_terminal_states_reject_decisions() -> None:
    root = new_game()
    with pytest.raises(serai.IllegalActionError, match="not a possible outcome"):
        run(root, "draw-tile 18")
    final = random_states(3, 2, False)[-1]
    with pytest.raises(serai.IllegalActionError, match="game is over"):
        final.string_to_action("draw")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    desert_border=st.booleans(),
)
def test_legal_actions_round_trip_along_random_games(
    seed: int, players: int, desert_border: bool
) -> None:
    rng = random.Random(seed)
    for state in random_states(seed, players, desert_border)[::3]:
        if state.is_terminal():
            continue
        actions = state.legal_actions()
        assert actions == sorted(set(actions))
        for action in rng.sample(actions, min(2, len(actions))):
            text = state.action_to_string(action)
            assert CANONICAL.fullmatch(text)
            assert state.string_to_action(text) == action


@settings(max_examples=200, deadline=None)
@given(text=st.one_of(st.text(max_size=20), st.sampled_from(sorted(SPEC_IDS)).map(str)))
def test_any_text_is_either_a_legal_canonical_action_or_rejected(text: str) -> None:
    state = after_setup()
    before = state.to_json()
    try:
        action = state.string_to_action(text)
    except serai.IllegalActionError as error:
        assert error.reason
    else:
        assert state.is_legal(action) and state.action_to_string(action) == text
    assert state.to_json() == before


RULING_AT_THE_END = re.compile(r"\(R\d+\)$")


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 6)])
def test_illegal_decisions_are_explained_in_player_words_citing_a_ruling(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    seen = set()
    for state in random_states(seed, players, False)[::7]:
        if state.is_chance_node() or state.is_terminal():
            continue
        legal_now = set(state.legal_actions())
        for action in rng.sample(range(NUM_ACTIONS), 60):
            if action in legal_now:
                continue
            reason = state.why_illegal(action)
            assert "§" not in reason and "spec" not in reason, reason
            # Only a seat that does not exist at this table is explained in words alone.
            assert RULING_AT_THE_END.search(reason) or "there is no seat" in reason, reason
            seen.add(reason.split(":")[-1])
    assert len(seen) > 10


@pytest.mark.parametrize(
    ("texts", "text", "why"),
    [
        (("move 5,4", "take 1 6", "draw-tile 2"), "place 4,4 r90", "as 'place 4,4 r0' (R3)"),
        (("move 5,4", "take 1 6", "draw-tile 2"), "place 3,3 r0", "your caravan on 5,4 (R10)"),
        (("move 5,2", "play-own 1"), "place 4,2 r90", "does not match the edges next to 4,2 (R2)"),
        (("move 5,4",), "take 0 4", "'play-own t' (R9)"),
        (("move 5,4",), "take 1 13", "not in seat 1's display (R9)"),
        (("move 5,4",), "take 3 6", "there is no seat 3"),
        (("move 5,5",), "take 1 6", "tile 6 fits nowhere next to your caravan (R8)"),
        (("move 5,5",), "play-own 2", "tile 2 is not in your display (R8)"),
        (("move 5,5",), "discard 2", "tile 2 is not in your display (R24)"),
    ],
)
def test_illegal_placements_and_explorations_say_why(
    texts: tuple[str, ...], text: str, why: str
) -> None:
    state = run(new_game(), *EXAMPLE_3, *texts)
    with pytest.raises(serai.IllegalActionError) as caught:
        state.string_to_action(text)
    assert why in caught.value.reason


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("move 5,1", {"kind": "move", "cell": 16}),
        ("draw", {"kind": "draw"}),
        ("play-own 13", {"kind": "play-own", "tile": 13}),
        ("take 1 6", {"kind": "take", "seat": 1, "tile": 6}),
        ("discard 4", {"kind": "discard", "tile": 4}),
        ("place 6,1 r90", {"kind": "place", "cell": 17, "rotation": 1}),
        ("stone 16 b", {"kind": "stone", "rank": 16, "section": 1}),
        ("remove-stone 9", {"kind": "remove-stone", "rank": 9}),
        ("choose water", {"kind": "choose", "symbol": 5}),
        ("rumor salt", {"kind": "rumor", "symbol": 2}),
        ("peek salt 2", {"kind": "peek", "slot": 5}),
        ("draw-tile 85", {"kind": "draw-tile", "tile": 85}),
        ("draw-rumor -1", {"kind": "draw-rumor", "chip": 2}),
    ],
)
def test_decode_gives_the_parts_of_an_action(text: str, parts: dict[str, object]) -> None:
    decoded = serai.load_game("desert_sons").decode(act(text))
    assert decoded.kind == text.split(" ")[0]
    assert {key: value for key, value in decoded._asdict().items() if value != -1} == parts


def test_every_kind_decodes_from_its_own_range() -> None:
    game = serai.load_game("desert_sons")
    kinds = [game.decode(action).kind for action in range(NUM_ACTIONS)]
    sizes = {kind: kinds.count(kind) for kind in kinds}
    assert sizes["move"] == 121 and sizes["place"] == 4 * 121 and sizes["take"] == 4 * 85
    assert sizes["stone"] == 32 and sizes["peek"] == 8 and sizes["draw-tile"] == 85
    # Each kind is one contiguous range of ids, as actions.py lists them.
    assert all(
        kinds.index(kind) + sizes[kind] - 1 == NUM_ACTIONS - 1 - kinds[::-1].index(kind)
        for kind in sizes
    )
    for bad in (-1, NUM_ACTIONS, True):
        with pytest.raises(serai.GameError, match="not an action number"):
            game.decode(bad)
