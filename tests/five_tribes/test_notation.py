"""Notation: round trips, canonical forms, and rejection of everything else.

Illegal actions are refused with a reason in a player's words that cites its ruling.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import serai
from serai import rulebook
from serai.games.five_tribes import actions as A
from serai.games.five_tribes.actions import ACTION_TEXT, NUM_ACTIONS, parse_action
from serai.games.five_tribes.board import CARDS, COLOURS, DJINNS, TILE_NODE, TILE_TYPES
from serai.games.five_tribes.rules import FiveTribesState
from tests.five_tribes.scenario import Setup, board_x

COORD = r"[0-5],[0-4]"
COLOUR = "(" + "|".join(COLOURS) + ")"
CARD = "(" + "|".join(CARDS) + ")"
DJINN = "(" + "|".join(re.escape(d) for d in DJINNS) + ")"
P1 = "(elder|fakir)"
P2 = "(elder,elder|elder,fakir)"
# The exact text of each decision and draw (Notation).
CANONICAL = re.compile(
    rf"bid (18|12|8|5|3|1|0|last)|use kumarbi [1-6]"
    rf"|(pick|step|palace|palm) {COORD}|drop {COLOUR}|build ([0-9]|1[0-8])"
    rf"|use (echidna|sibittis) {P2}|use iblis {P1}|use sloar"
    rf"|kill {COORD} {COLOUR}(,{COLOUR})?|kill p[0-3] (yellow|white)(,(yellow|white))?"
    rf"|use (hagis|lamia|anun-nak|bouraq|enki) {COORD} {P1}|use (leta|utug) {COORD} {P2}"
    rf"|buy {CARD}(,{CARD})?|take-djinn {DJINN} {P2}|pass|keep {DJINN}"
    rf"|sell {CARD}(,{CARD})*|end"
    rf"|deal-tile {COORD} ({'|'.join(TILE_TYPES)})|draw-meeple {COORD} {COLOUR}"
    rf"|bid-order p[0-3]|draw-card {CARD}|draw-djinn {DJINN}"
)

MALFORMED = [
    "",
    " ",
    "bid",
    "bid 2",
    "bid 18 ",
    " bid 18",
    "bid  18",
    "BID 18",
    "pick 6,0",
    "pick 0,5",
    "pick 00,1",
    "pick 1, 1",
    "pick 1,1,1",
    "pick ²,1",
    "step",
    "drop purple",
    "drop red,red",
    "build 19",
    "build -1",
    "kill 3,2 red,white",  # not canonical colour order
    "kill p4 yellow",
    "kill p1 green",
    "kill p1 white,yellow",
    "buy gold,ivory",  # not canonical card order
    "buy fish,fish,fish",
    "sell fish,fish",  # a sale never repeats a type
    "sell silk,fish",
    "sell fakir",
    "take-djinn enki fakir,elder",
    "take-djinn dhenim elder,elder",
    "use sloar fakir",
    "use kumarbi 0",
    "use kumarbi 7",
    "use hagis 2,2",
    "use leta 2,2 elder",
    "keep",
    "end turn",
    "🐪",
]


def test_every_action_has_a_unique_canonical_text() -> None:
    assert len(set(ACTION_TEXT)) == NUM_ACTIONS
    for text in ACTION_TEXT:
        assert CANONICAL.fullmatch(text), text


@settings(max_examples=300, deadline=None)
@given(st.integers(0, NUM_ACTIONS - 1))
def test_text_round_trips(action: int) -> None:
    assert parse_action(ACTION_TEXT[action]) == action


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_text_is_rejected(text: str) -> None:
    assert parse_action(text) is None
    state = board_x(3).state()
    with pytest.raises(serai.IllegalActionError):
        state.string_to_action(text)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 400))
def test_legal_actions_round_trip_through_string_to_action(seed: int, upto: int) -> None:
    game = serai.load_game("five_tribes", players=3)
    record = serai.play(game, [serai.bots.RandomBot(seed + s) for s in range(3)], seed=seed)
    state = serai.replay(record, upto=min(upto + 130, len(record)))
    if state.is_terminal():
        return
    for action in state.legal_actions():
        assert state.string_to_action(state.action_to_string(action)) == action


def test_well_formed_but_illegal_text_is_rejected_with_a_reason() -> None:
    state = board_x(3).start_turn(0, 1, 2)
    before = state.to_json()
    with pytest.raises(serai.IllegalActionError, match="p0 is finishing the turn"):
        state.string_to_action("bid 18")
    with pytest.raises(serai.IllegalActionError, match="R33"):
        state.string_to_action("sell fish")
    with pytest.raises(serai.IllegalActionError, match="there is no action number"):
        state.apply_action(NUM_ACTIONS)
    assert state.to_json() == before


def test_kinds_cover_the_action_space_in_order() -> None:
    kinds = [A.decode(action).kind for action in range(NUM_ACTIONS)]
    assert kinds[0] == "deal_tile" and kinds[-1] == "end"
    assert [kind.name for kind in A.KINDS] == list(dict.fromkeys(kinds))
    assert all(kinds.index(name) == base for name, base in A.BASES.items())


def decoded(text: str) -> A.Action:
    action = parse_action(text)
    assert action is not None, text
    return A.decode(action)


def test_decoded_actions_name_their_parts() -> None:
    leta = decoded("use leta 5,0 elder,fakir")
    assert leta == A.Action("leta", tile=5, djinn=DJINNS.index("leta"), pay=1)
    assert decoded("bid 12") == A.Action("bid", spot=2)
    assert decoded("kill 3,2 white,red") == A.Action("kill_tile_pair", tile=15, colour=1, colour2=4)
    assert decoded("sell fish,silk").suit == 0b10001
    assert decoded("build 3").fakirs == 3
    game = serai.load_game("five_tribes", players=3)
    assert all(game.decode(action) == A.decode(action) for action in range(NUM_ACTIONS))
    with pytest.raises(serai.GameError, match="there is no action number"):
        game.decode(NUM_ACTIONS)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, NUM_ACTIONS - 1))
def test_an_action_text_names_exactly_its_decoded_parts(action: int) -> None:
    """The text and the decoded value come from one table: the text shows each part."""
    decoded = A.decode(action)
    words = ACTION_TEXT[action].replace(",", " ").split(" ")
    if decoded.tile >= 0:
        assert f"{decoded.tile % 6},{decoded.tile // 6}" in ACTION_TEXT[action]
    for colour in (decoded.colour, decoded.colour2):
        assert colour < 0 or COLOURS[colour] in words
    for card in (decoded.card, decoded.card2):
        assert card < 0 or CARDS[card] in words
    if decoded.djinn >= 0:
        assert DJINNS[decoded.djinn] in words
    if decoded.seat >= 0:
        assert f"p{decoded.seat}" in words


def test_reasons_name_the_ruling() -> None:
    state = board_x(3).put("0,0", "blue", "red", "red").put("1,0", "blue").start_turn(0, 1)
    with pytest.raises(serai.IllegalActionError, match=r"3,3 holds no meeple \(R4\)"):
        state.string_to_action("pick 3,3")
    state.apply_action(state.string_to_action("pick 0,0"))
    with pytest.raises(serai.IllegalActionError, match="R4"):
        state.string_to_action("step 1,0")
    with pytest.raises(serai.IllegalActionError, match=r"does not share a side .*\(R3\)"):
        state.string_to_action("step 1,1")
    state.apply_action(state.string_to_action("step 0,1"))
    with pytest.raises(serai.IllegalActionError, match="no yellow meeple"):
        state.string_to_action("drop yellow")
    bidding = board_x(3, bid_order=(0, 1, 2)).set(gold=[4, 50, 50]).state()
    with pytest.raises(serai.IllegalActionError, match=r"costs 8 gold and you have 4 \(R30\)"):
        bidding.string_to_action("bid 8")


def test_kill_reasons_name_the_exact_problem() -> None:
    # E3's position: p0's two Assassins end on 3,2 with 1 Fakir (range 3); p2 owns Boaz.
    setup = board_x(3).hold(1, viziers=3, elders=1).hold(2, viziers=2, elders=2)
    setup.give_djinn(2, "boaz").give_cards(0, "fakir")
    setup.put("3,1", "red").put("3,2", "red", "white").put("0,0", "yellow")
    state = setup.start_turn(0, 1, 2)
    for text in ("pick 3,1", "step 3,2", "drop red"):
        state.apply_action(state.string_to_action(text))
    with pytest.raises(serai.IllegalActionError, match=r"0,0 is 5 steps from 3,2, beyond .*R10"):
        state.string_to_action("kill 0,0 yellow")
    with pytest.raises(serai.IllegalActionError, match=r"p2 owns Boaz.*\(R13\)"):
        state.string_to_action("kill p2 yellow")
    with pytest.raises(serai.IllegalActionError, match="you never kill meeples you hold"):
        state.string_to_action("kill p0 white")
    with pytest.raises(serai.IllegalActionError, match="a pair kill needs 'use iblis'"):
        state.string_to_action("kill p1 yellow,yellow")


def test_tile_and_djinn_reasons_name_the_exact_problem() -> None:
    state = board_x(3).give_djinn(0, "enki").hold(0, elders=1).start_turn(0, 1)
    state = Setup(state).at_node(0, TILE_NODE, "2,0")  # a Village
    with pytest.raises(serai.IllegalActionError, match=r"on 2,0, a Village, not a market \(R8\)"):
        state.string_to_action("buy fish")
    with pytest.raises(serai.IllegalActionError, match=r"you do not own Bouraq \(R18\)"):
        state.string_to_action("use bouraq 2,0 elder")
    with pytest.raises(serai.IllegalActionError, match=r"Enki needs an Oasis.*\(R17\)"):
        state.string_to_action("use enki 2,0 elder")
    with pytest.raises(serai.IllegalActionError, match=r"the Palace goes on your final .*\(R8\)"):
        state.string_to_action("palace 3,0")
    state.apply_action(state.string_to_action("use enki 0,0 elder"))
    with pytest.raises(serai.IllegalActionError, match=r"Enki has been used this turn .*\(R18\)"):
        state.string_to_action("use enki 2,3 fakir")
    setup = Setup(state)
    setup.fields["gold"][0] = 2
    state = setup.at_node(0, TILE_NODE, "1,0")  # a Small Market
    with pytest.raises(serai.IllegalActionError, match=r"costs 3 gold and you have 2 \(R15\)"):
        state.string_to_action("buy fish")


def refusal_states() -> list[FiveTribesState]:
    """Decision nodes of every kind, from seeded random games of 2, 3 and 4 players."""
    out = []
    for players in (2, 3, 4):
        game = serai.load_game("five_tribes", players=players)
        record = serai.play(game, [serai.bots.RandomBot(s) for s in range(players)], seed=players)
        for upto in range(140, len(record), 7):
            state = serai.replay(record, upto=upto)
            assert isinstance(state, FiveTribesState)
            if not state.is_chance_node() and not state.is_terminal():
                out.append(state)
    return out


CITES_AT_END = re.compile(r"\(R\d+(, R\d+)*\)$")
WORDS_ONLY = re.compile(r"does not fit now: p\d is |: you hold no \w+ meeple$|there is no seat p")


def test_every_refusal_is_in_player_words_and_cites_a_ruling_at_its_end() -> None:
    rulings = {r.number for r in rulebook.rulings("five_tribes")}
    states = refusal_states()
    assert {s.phase_name for s in states} >= {"bid", "pick", "step", "drop", "tile", "final"}
    for state in states:
        legal = set(state.legal_actions())
        for action in range(NUM_ACTIONS):
            if action in legal:
                continue
            reason = state.why_illegal(action)
            assert not re.search(r"\bspec\b|§|\bnode\b", reason, re.I), reason
            assert CITES_AT_END.search(reason) or WORDS_ONLY.search(reason), reason
            assert set(rulebook.cited(reason)) <= rulings, reason
