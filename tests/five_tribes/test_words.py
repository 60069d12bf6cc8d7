"""Five Tribes in words: prompts, log lines and score labels (R2, R9, R14, R30, R32)."""

from __future__ import annotations

import serai
from serai.games.five_tribes.board import BLUE, BUILD
from serai.games.five_tribes.rules import FiveTribesState
from tests.five_tribes.scenario import Setup, act, board_x

NAMES = ("Ann", "Bob", "Cy", "Di")


def words(state: FiveTribesState, text: str, viewer: int | None = None) -> str:
    """The log line of ``text`` about to be played, as ``viewer`` reads it, names filled in."""
    return state.narrate_for(viewer, state.string_to_action(text)).format(*NAMES)


def test_r30_the_bid_prompt_and_bids_in_words() -> None:
    state = board_x(4, bid_order=(0, 1, 2, 3)).state()
    assert state.prompt() == (
        "Bid for a place in the turn order: the cheapest free spot costs 0, or pay 1 to 18 "
        "gold to play earlier (you have 50)"
    )
    assert words(state, "bid 12") == "Ann paid 12 gold for the 12 spot in the turn order"
    for text in ("bid 0", "bid 0", "bid 0"):
        act(state, text)
    assert state.prompt() == (
        "Bid for a place in the turn order: the 0 spots are full, so take the cheapest paid "
        "spot you can afford, 1 gold"
    )


def test_r2_r7_r14_the_last_drop_takes_the_merchants_the_row_and_the_tile() -> None:
    setup = board_x(4).set_row("silk", "fish").put("0,0", "green").put("1,0", "green")
    state = setup.start_turn(0, 1)
    assert words(state, "pick 0,0") == "Ann picked up the meeples on 0,0: 1 green"
    act(state, "pick 0,0")
    assert state.prompt() == "Step from 0,0 to a tile beside it — 1 meeple left in hand"
    assert words(state, "step 1,0") == "Ann stepped to 1,0 (a Small Market)"
    act(state, "step 1,0")
    assert state.prompt() == (
        "Drop your last meeple on 1,0: it must match a colour there, and you take that tribe"
    )
    assert words(state, "drop green") == (
        "Ann dropped a green meeple on 1,0 and took 2 Merchants, the cards fish and silk and "
        "the tile with a camel, worth 6 at the end"
    )


def test_r9_r32_builders_gold_is_told_to_everyone_but_nobody_s_holdings() -> None:
    state = board_x(4).start_turn(0)
    state = Setup(state).give_cards(0, "fakir").at_node(0, BUILD, "1,0", 2, BLUE)
    assert (
        state.prompt() == "Your 2 Builders earn 3 gold each; add Fakirs to earn more (you hold 1)"
    )
    line = "Ann built with 2 Builders and 1 Fakir beside 3 blue tiles, earning 9 gold"
    for viewer in (0, 1, None):
        assert words(state, "build 1", viewer) == line


def test_draws_read_in_words() -> None:
    state = serai.load_game("five_tribes", players=2).new_initial_state()
    assert words(state, "deal-tile 0,0 sacred-10") == "A Sacred Place worth 10 is dealt on 0,0"
    assert words(state, "deal-tile 0,0 oasis") == "An Oasis is dealt on 0,0"


def test_the_score_labels_name_each_part() -> None:
    labels = serai.load_game("five_tribes", players=3).score_labels()
    assert labels["vizier_majority"] == "Vizier majority"
    assert labels["palm_trees"] == "Palm Trees"
    assert list(labels)[-1] == "total"
