"""The hex map as text (``str(state)``), at most 100 columns wide.

Each hex is a two-character glyph; odd columns sit half a line lower, as on the board.
With ``markup`` the glyphs carry rich markup (``[blue]b0[/]``) for colour terminals;
the game itself never imports a rendering library.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from serai.engine import ActionId
from serai.games.through_the_desert.actions import DECODED
from serai.games.through_the_desert.board import (
    CENTRAL,
    COLOURS,
    COLS,
    NUM_COLOURS,
    ROWS,
    WEST_BANK,
    Mask,
    hex_index,
)

if TYPE_CHECKING:
    from serai.games.through_the_desert.rules import ThroughTheDesertState

STYLE = {
    "blue": "bold bright_blue",
    "green": "bold green",
    "red": "bold red",
    "yellow": "bold yellow",
    "white": "bold white",
}

LEGEND = (
    "B0 leader (colour letter, seat 0)  b0 camel  P palm  ~2 watering hole worth 2\n"
    "x0 closed by seat 0  ^^ mountain  colours: b blue, g green, r red, y yellow, w white"
)
RIVER_LEGEND = "river side: '.' west bank, ':' east bank"


def action_hexes(actions: Iterable[ActionId]) -> Mask:
    """The hexes that camel, leader and palm actions name, as a mask."""
    mask = 0
    for action in actions:
        move = DECODED[action]
        if move.kind == "camel" or move.kind == "leader" or move.kind == "palm":
            mask |= 1 << move.hex
    return mask


def _glyph(state: ThroughTheDesertState, h: int, markup: bool, highlight: int) -> str:
    text = _plain_glyph(state, h, markup)
    if not highlight >> h & 1:
        return text
    if markup:
        return f"[reverse]{text}[/reverse]"
    return " +" if text.endswith(".") or text.endswith(":") else text


def _plain_glyph(state: ThroughTheDesertState, h: int, markup: bool) -> str:
    bit = 1 << h
    layout = state.layout
    if not layout.playable & bit:
        return "^^" if CENTRAL & bit else "  "
    if state.occupied & bit:
        caravan = next(c for c, mask in enumerate(state.pieces) if mask & bit)
        seat, colour = divmod(caravan, NUM_COLOURS)
        letter = COLOURS[colour][0]
        text = f"{letter.upper() if state.leaders & bit else letter}{seat}"
        return f"[{STYLE[COLOURS[colour]]}]{text}[/]" if markup else text
    if state.palms & bit:
        return "[bold green] P[/]" if markup else " P"
    if state.tokens & bit:
        text = f"~{state.token_value[h]}"
        return f"[cyan]{text}[/]" if markup else text
    if state.closed & bit:
        caravan = next(c for region, c in state.closed_regions if region & bit)
        text = f"x{caravan // NUM_COLOURS}"
        return f"[dim {STYLE[COLOURS[caravan % NUM_COLOURS]]}]{text}[/]" if markup else text
    if layout.river and not WEST_BANK & bit:
        return "[blue] :[/]" if markup else " :"
    return "[dim] .[/]" if markup else " ."


def render_map(state: ThroughTheDesertState, markup: bool = False, highlight: int = 0) -> str:
    """The hex grid; hexes in ``highlight`` are marked ``+`` (reversed with markup)."""
    header = "     " + "".join(f"{c:>3} " for c in range(COLS))
    lines = [header.rstrip()]
    for row in range(ROWS):
        for parity in (0, 1):
            cells = []
            for col in range(COLS):
                cells.append(
                    _glyph(state, hex_index(col, row), markup, highlight)
                    if col % 2 == parity
                    else "  "
                )
            label = f"{row:>3}  " if parity == 0 else "     "
            lines.append((label + "".join(f" {c} " for c in cells)).rstrip())
    return "\n".join(lines)


def render(
    state: ThroughTheDesertState, markup: bool = False, seat: int | None = None, highlight: int = 0
) -> str:
    """The map, the supply and each seat's points as ``seat`` may see them (R24)."""
    lines = [render_map(state, markup, highlight), LEGEND]
    if highlight:
        lines.append("+ (reversed in colour): a hex where you may place now")
    if state.layout.river:
        lines.append(RIVER_LEGEND)
    view = state.view(seat)
    supply = "  ".join(f"{name} {state.supply[c]}" for c, name in enumerate(COLOURS))
    lines.append(f"supply: {supply}")
    for player in view["players_info"]:
        score = player["score"]
        parts = "  ".join(f"{k} {v}" for k, v in score.items() if k != "total")
        lines.append(
            f"seat {player['seat']}: {player['tokens']} tokens  {parts}  total {score['total']}"
            + (" (token values hidden)" if "water" not in score else "")
        )
    return "\n".join(lines)
