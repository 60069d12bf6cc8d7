"""The Sultanate as text (``str(state)``), at most 100 columns wide.

Each tile is a 3-line cell: type and VP with the owner's camel (``@1``), the meeples on it
(``y1 w2 g1 b1 r1`` by colour), and its Palm Trees and Palaces. Below the grid: supply and
bag, the resource row, the Djinn display, the bid and turn tracks and each seat's holdings,
with gold hidden as the view of ``seat`` hides it (R32). With ``markup`` the text carries
rich markup for colour terminals; the game itself never imports a rendering library.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import TYPE_CHECKING

from serai.games.five_tribes import actions as A
from serai.games.five_tribes.board import (
    BLUE_TYPES,
    COLOURS,
    COLS,
    NO_TILE,
    NUM_COLOURS,
    ROWS,
    SPOT_COST,
    TILE_VP,
    tile_index,
)

if TYPE_CHECKING:
    from serai.games.five_tribes.rules import FiveTribesState

WIDTH = 14
SHORT_TYPES = (
    "village",
    "sacred",
    "sacred",
    "sacred",
    "sacred",
    "oasis",
    "s-market",
    "l-market",
)
STYLE = {
    "yellow": "yellow",
    "white": "bright_white",
    "green": "green",
    "blue": "blue",
    "red": "red",
}
LEGEND = (
    "cell: type VP, @n camel of seat n; meeples y yellow w white g green b blue r red; "
    "palms, pal(aces)"
)


def highlighted_tiles(actions: Iterable[int]) -> set[int]:
    """The tiles the given actions name."""
    return {tile for tile in (A.decode(action).tile for action in actions) if tile >= 0}


def _cell_lines(state: FiveTribesState, t: int, markup: bool, marked: bool) -> list[str]:
    kind = state.tile_type[t]
    top = "?" if kind == NO_TILE else f"{SHORT_TYPES[kind]} {TILE_VP[kind]}"
    owner = state.camel[t]
    top = top.ljust(WIDTH - 3) + (f"@{owner}" if owner >= 0 else "  ") + ("*" if marked else " ")
    base = NUM_COLOURS * t
    parts = [
        (COLOURS[c], f"{COLOURS[c][0]}{state.meeples[base + c]}")
        for c in range(NUM_COLOURS)
        if state.meeples[base + c]
    ]
    middle_plain = " ".join(text for _, text in parts)
    bottom = ""
    if state.palms[t]:
        bottom += f"palms {state.palms[t]} "
    if state.palaces[t]:
        bottom += f"pal {state.palaces[t]}"
    bottom = bottom.strip()
    if not markup:
        return [top, middle_plain.ljust(WIDTH), bottom.ljust(WIDTH)]
    colour = "blue" if kind in BLUE_TYPES else "red"
    top_m = f"[{colour}]{top}[/]"
    if marked:
        top_m = f"[reverse]{top_m}[/reverse]"
    middle = " ".join(f"[{STYLE[name]}]{text}[/]" for name, text in parts)
    middle += " " * (WIDTH - len(middle_plain))
    return [top_m, middle, f"[green]{bottom.ljust(WIDTH)}[/]"]


def render_grid(
    state: FiveTribesState, markup: bool = False, highlight: set[int] | None = None
) -> str:
    """The 5×6 Sultanate; tiles in ``highlight`` carry a ``*`` (reversed with markup)."""
    rule = "  +" + "+".join("-" * WIDTH for _ in range(COLS)) + "+"
    lines = ["   " + "".join(f"{c:^{WIDTH + 1}}" for c in range(COLS)).rstrip(), rule]
    for r in range(ROWS):
        cells = [
            _cell_lines(state, tile_index(c, r), markup, tile_index(c, r) in (highlight or set()))
            for c in range(COLS)
        ]
        for i in range(3):
            label = f"{r} |" if i == 1 else "  |"
            lines.append(label + "|".join(cell[i] for cell in cells) + "|")
        lines.append(rule)
    return "\n".join(lines)


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, width=100, subsequent_indent="      ") or [""]


def render(
    state: FiveTribesState,
    markup: bool = False,
    seat: int | None = None,
    highlight: Iterable[int] = (),
) -> str:
    """The board, tracks and holdings as ``seat`` may see them (R32)."""
    view = state.view(seat)
    marked = highlighted_tiles(highlight)
    lines = [
        f"Five Tribes  round {state.round}  node {state.phase_name}  "
        + (
            f"to act p{view['to_act']}"
            if view["to_act"] is not None
            else ("game over" if state.is_terminal() else "chance")
        )
        + ("  FINAL ROUND" if state.final_round else ""),
        render_grid(state, markup, marked),
        LEGEND,
    ]
    if marked:
        lines.append("*: a tile your legal actions name")
    bag = " ".join(f"{c[0]}{state.bag[i]}" for i, c in enumerate(COLOURS))
    lines.append(
        f"supply: palms {state.palms_left}  palaces {state.palaces_left}  bag {bag}  "
        f"cards: pile {sum(state.pile)} discard {sum(state.discard)}  "
        f"djinns: pile {state.djinn_pile.bit_count()}"
    )
    lines += _wrap("row: " + (", ".join(view["row"]) or "-"))
    lines += _wrap(
        "djinns: "
        + (", ".join(view["display"]) or "-")
        + "   discarded: "
        + (", ".join(view["djinn_discard"]) or "-")
    )
    paid = "  ".join(
        f"{SPOT_COST[i + 1]}:" + (f"p{s}" if s >= 0 else "-") for i, s in enumerate(state.paid)
    )
    zeros = " ".join(f"p{s}" for s in state.zeros) or "-"
    last = " ".join(f"p{s}" for s in state.last) or "-"
    lines.append(
        "bid order: "
        + " ".join(f"p{s}" for s in state.bid_order)
        + "   next bid order: "
        + (" ".join(f"p{s}" for s in state.next_order) or "-")
    )
    lines.append(f"turn order: {paid}   0: {zeros}   last: {last}")
    move = view["turn"]["move"]
    if move:
        hand = ", ".join(f"{c} {k}" for c, k in move["hand"].items())
        lines.append(f"move: at {move['at']} from {move['from'] or '-'}  hand: {hand}")
    if view["turn"]["used"]:
        lines.append("used this turn: " + ", ".join(view["turn"]["used"]))
    if view["sibittis_drawn"]:
        lines.append("sibittis drew: " + ", ".join(view["sibittis_drawn"]))
    for player in view["players_info"]:
        cards = ", ".join(f"{name} {k}" for name, k in player["cards"].items()) or "-"
        lines.append(
            f"p{player['seat']}: gold {player['gold']}  camels {player['camels_left']}  "
            f"viziers {player['viziers']}  elders {player['elders']}  "
            f"score {player['score']['total']}" + ("" if "gold" in player["score"] else " + gold")
        )
        lines += _wrap(f"    cards: {cards}  djinns: " + (", ".join(player["djinns"]) or "-"))
    return "\n".join(lines)
