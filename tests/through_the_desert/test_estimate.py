"""``State.estimate`` and ``State.action_priors`` (terms in ``through_the_desert/estimate.py``)."""

from __future__ import annotations

import random

import pytest

import serai
from serai.bots import RandomBot
from serai.bots.mcts import Node
from serai.games.through_the_desert import estimate as E
from serai.games.through_the_desert.actions import decode
from serai.games.through_the_desert.board import (
    CAMELS,
    COLOURS,
    LEADERS,
    NEIGHBOURS,
    NUM_COLOURS,
    REMOVAL,
    bits,
    grow,
)
from serai.games.through_the_desert.rules import ThroughTheDesertState
from tests.through_the_desert.scenario import act, camel_position, hx, setup, to_act

RED = COLOURS.index("red")


def reach_term(state: ThroughTheDesertState, seat: int, **weights: float) -> float:
    """``seat``'s reach term with only the named weights on (the others 0)."""
    keep = {name: getattr(E, name) for name in ("TOKEN_REACH", "OASIS_REACH")}
    try:
        for name in keep:
            setattr(E, name, weights.get(name, 0.0))
        return E.reach_values(state)[seat]
    finally:
        for name, value in keep.items():
            setattr(E, name, value)


def reach_by_rule(state: ThroughTheDesertState, seat: int, colour: int) -> int:
    """The hexes where ``seat`` may place a ``colour`` camel, from the rules' own list."""
    mask = 0
    for action in to_act(state, seat).legal_actions():
        _, camel_colour, h = decode(action)
        if camel_colour == colour:
            mask |= 1 << h
    return mask


def mid_game(players: int, seed: int, moves: int) -> ThroughTheDesertState:
    game = serai.load_game("through_the_desert", players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    bots = [RandomBot(seed + seat) for seat in range(players)]
    while not state.is_terminal() and len(state.history()) < moves:
        if state.is_chance_node():
            state.apply_action(serai.sample_chance(state, rng))
        else:
            state.apply_action(bots[state.current_player()].act(state))
    assert isinstance(state, ThroughTheDesertState)
    return state


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_reach_is_what_the_legal_camels_can_take(players: int, seed: int) -> None:
    state = mid_game(players, seed, moves=5 + 33 + 5 * players + 20)
    assert state.phase == CAMELS
    reach = E.reach_values(state)
    for seat in range(players):
        union = 0
        expected = 0.0
        for colour in range(NUM_COLOURS):
            mask = reach_by_rule(state, seat, colour)
            union |= mask
            unscored = state.palms & ~state.oasis_scored[seat * NUM_COLOURS + colour]
            touched = [p for p in bits(unscored) if NEIGHBOURS[p] & mask]
            expected += E.OASIS_REACH * 5 * len(touched)
        tokens = sum(state.token_value[h] for h in bits(union & state.tokens))
        expected += E.TOKEN_REACH * tokens
        assert reach[seat] == pytest.approx(expected)


def test_token_reach_counts_tokens_next_to_a_caravan_once() -> None:
    # The token on 5,2 is next to seat 0's green leader 5,3 and yellow leader 5,1.
    state = camel_position(2, [(0, "yellow", "5,1")], tokens={"5,2": 3})
    union = 0
    per_caravan = 0
    for colour in range(NUM_COLOURS):
        mask = reach_by_rule(state, 0, colour) & state.tokens
        union |= mask
        per_caravan += sum(state.token_value[h] for h in bits(mask))
    assert hx("5,2") in bits(union)
    value = sum(state.token_value[h] for h in bits(union))
    assert reach_term(state, 0, TOKEN_REACH=1.0) == value < per_caravan
    # A claimed token counts no more: yellow takes the one on 5,2 (R15).
    state = act(state, 0, "camel yellow 5,2")
    union = 0
    for colour in range(NUM_COLOURS):
        union |= reach_by_rule(state, 0, colour) & state.tokens
    assert not state.tokens >> hx("5,2") & 1
    assert reach_term(state, 0, TOKEN_REACH=1.0) == sum(state.token_value[h] for h in bits(union))


def test_oasis_reach_counts_unscored_palms_a_camel_would_touch() -> None:
    # S6(a): seat 0's red leader 12,4; a red camel on 12,5 would touch the palm 12,6.
    state = camel_position(2, [(0, "red", "12,4")])
    before = reach_term(state, 0, OASIS_REACH=1.0)
    assert before >= 5
    state = act(state, 0, "camel red 12,5")  # red scores 12,6 (R16)
    assert state.oasis_scored[RED] == 1 << hx("12,6")
    assert reach_term(state, 0, OASIS_REACH=1.0) == before - 5
    # Green (leader 5,3) reaches 3,2 and white (15,0) reaches 16,2: once they have scored
    # them, no caravan of seat 0 reaches a palm it has not scored.
    state = act(state, 0, "camel green 4,3")
    state = act(state, 0, "camel white 16,1")
    assert reach_term(state, 0, OASIS_REACH=1.0) == 0


@pytest.mark.parametrize("players", [2, 3])
def test_estimate_sums_scores_awards_and_reach_and_is_scores_at_the_end(players: int) -> None:
    counted = players <= E.REACH_MAX_PLAYERS
    assert counted == (players == 2)  # the reach counts with two players only
    reached = False
    for moves in range(5 + 33 + 15, 5 + 33 + 15 + 120, 7):
        state = mid_game(players, 6, moves)
        if state.is_terminal():
            break
        reach = E.reach_values(state)
        reached = reached or any(r > 0 for r in reach)
        awards = state.caravan_awards()
        assert state.estimate() == [
            s + a + (r if counted else 0.0)
            for s, a, r in zip(state.scores(), awards, reach, strict=True)
        ]
    assert reached  # there was a reach to count or to leave out
    end = mid_game(players, 8, moves=10_000)
    assert end.is_terminal()
    assert end.estimate() == [float(score) for score in end.scores()]


def test_a_leader_near_tokens_and_palms_is_worth_more() -> None:
    state = setup(2)
    assert state.phase == LEADERS
    near = state.clone()
    near.apply_action(near.string_to_action("leader blue 12,4"))  # tokens 11,3 13,4; palm 12,6
    far = state.clone()
    far.apply_action(far.string_to_action("leader blue 10,9"))  # tokens 9,8 and 9,10
    assert near.estimate()[0] > far.estimate()[0] > 0 == far.estimate()[1]


def test_camel_priors_count_token_palm_award_and_new_reach() -> None:
    state = camel_position(2, [(0, "red", "12,4")], tokens={"11,3": 3, "13,4": 2, "11,5": 1})
    actions = state.legal_actions()
    priors = dict(zip(actions, E.action_priors(state, actions) or [], strict=True))

    def prior(text: str) -> float:
        return priors[state.string_to_action(text)]

    award = 10  # a first red camel puts seat 0 ahead in red
    assert prior("camel red 13,4") == 2 + award  # the token on its hex
    # 12,5 touches the palm 12,6 and brings the token on 11,5 (1) into red's reach.
    assert prior("camel red 12,5") == 5 + award + E.PRIOR_REACH * 1
    # 11,4 is next to 11,3 (red reaches it already: not new) and 11,5 (new).
    assert prior("camel red 11,4") == award + E.PRIOR_REACH * 1
    state = act(state, 1, "camel red 7,3")
    # Seat 1 now leads red 2 to 0: one camel of seat 0 changes nothing.
    state = act(state, 1, "camel red 8,3")
    state = to_act(state, 0)
    priors = dict(zip(actions, E.action_priors(state, actions) or [], strict=True))
    assert prior("camel red 13,4") == 2


def test_leader_priors_and_other_phases() -> None:
    state = setup(2)
    actions = state.legal_actions()
    priors = E.action_priors(state, actions)
    assert priors is not None and len(priors) == len(actions)
    by_action = dict(zip(actions, priors, strict=True))
    h = hx("12,4")
    expected = sum(state.token_value[t] for t in bits(NEIGHBOURS[h] & state.tokens))
    expected += 5 * (grow(NEIGHBOURS[h]) & state.palms).bit_count()
    assert by_action[state.string_to_action("leader green 12,4")] == expected > 5
    game = serai.load_game("through_the_desert", players=2)
    assert game.new_initial_state().action_priors([]) is None  # setup: chance
    five = setup(5)
    assert five.phase == REMOVAL
    assert five.action_priors(five.legal_actions()) is None


def test_mcts_orders_a_node_by_the_priors() -> None:
    state = camel_position(2, [(0, "red", "12,4")], tokens={"13,4": 2})
    actions = state.legal_actions()
    bot = serai.bots.MCTSBot(serai.bots.mcts.Budget(iterations=1), seed=1)
    node = Node()
    order = bot._ordered(node, 0, state, actions)
    assert order is not None and sorted(order) == actions
    priors = dict(zip(actions, state.action_priors(actions) or [], strict=True))
    assert [priors[a] for a in order] == sorted(priors.values(), reverse=True)
    assert bot._ordered(node, 0, state, actions) is order  # computed once per node
