"""The explored area as text (``str(state)``), at most 100 columns wide.

Neighbouring fields share their border line, which shows the edge both sides have (R2):
``-``/``|`` a desert edge, ``~`` an oasis edge. Inside a field: its tile id (``+`` a cross
field, ``#`` the centre), a stone as rank and section (``16a``) and the caravans
(``@02``: seats 0 and 2). With ``markup`` the text carries rich markup; the game never
imports a rendering library.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import TYPE_CHECKING

from serai.engine import ActionId
from serai.games.desert_sons.actions import DECODED, NUM_ACTIONS
from serai.games.desert_sons.board import (
    CENTRE,
    COMMODITIES,
    DIRECTIONS,
    NUM_TILES,
    SECTION_LABELS,
    SECTIONS,
    SIZE,
    STONE_OWNER,
    STONES,
    SYMBOLS,
    cell_name,
    placed_edges,
    rotate,
)

if TYPE_CHECKING:
    from serai.games.desert_sons.rules import DesertSonsState

SEAT_STYLE = ("bold red", "bold blue", "bold green", "bold magenta")
LEGEND = (
    "edges: - | desert, ~ oasis   13 tile id, + cross field, # centre\n"
    "16a stone 16 on section a   @02 caravans of seats 0 and 2   16* the turban stone"
)
INNER = 6


def action_cells(actions: Iterable[ActionId]) -> int:
    """The cells that move and place actions name, as a mask."""
    mask = 0
    for action in actions:
        cell = DECODED[action].cell if 0 <= action < NUM_ACTIONS else -1
        if cell >= 0:
            mask |= 1 << cell
    return mask


def _edge(state: DesertSonsState, cell: int, direction: int) -> int:
    """1 oasis, 0 desert, -1 no field on ``cell`` (or no cell)."""
    if cell < 0 or not state.field[cell]:
        return -1
    return placed_edges(state.field[cell], state.rot[cell]) >> direction & 1


def _shared(state: DesertSonsState, first: int, first_dir: int, second: int) -> int:
    """The edge between ``first`` and its neighbour ``second`` in ``first_dir``."""
    mine = _edge(state, first, first_dir)
    return mine if mine >= 0 else _edge(state, second, (first_dir + 2) & 3)


def _paint(text: str, style: str, markup: bool) -> str:
    return f"[{style}]{text}[/]" if markup and text.strip() else text


def _cell_lines(state: DesertSonsState, cell: int, markup: bool, highlight: int) -> tuple[str, str]:
    field = state.field[cell]
    marked = bool(highlight >> cell & 1)
    if not field:
        if marked:
            return _paint("  ++  ", "reverse", markup), " " * INNER
        return " " * INNER, " " * INNER
    label = f"{field:>2}" if field <= NUM_TILES else " #" if cell == CENTRE else " +"
    stone = ""
    for seat in range(state.n):
        for rank in STONES[seat]:
            at = state.stone_at[rank]
            if at >= 0 and at // 2 == cell:
                stone = _paint(f"{rank}{SECTION_LABELS[at % 2]}", SEAT_STYLE[seat], markup)
                stone += " " * (3 - len(f"{rank}{SECTION_LABELS[at % 2]}"))
    first = f"{label} {stone or '   '}"
    seats = [str(s) for s in range(state.n) if state.caravan[s] == cell]
    caravans = f"@{''.join(seats)}" if seats else ""
    width = len(caravans)
    if markup and seats:
        caravans = "@" + "".join(_paint(s, SEAT_STYLE[int(s)], True) for s in seats)
    second = caravans + " " * (INNER - 1 - width) + ("+" if marked else " ")
    if marked and markup:
        second = caravans + " " * (INNER - 1 - width) + "[reverse]+[/]"
    return first, second


def render_area(state: DesertSonsState, markup: bool = False, highlight: int = 0) -> str:
    """The 11 x 11 area; cells in ``highlight`` are marked ``+`` (reversed with markup)."""
    oasis = _paint("~", "bold cyan", markup)
    header = "    " + "".join(f"{x:^{INNER + 1}}" for x in range(SIZE))
    lines = [header.rstrip()]
    for y in range(SIZE + 1):
        border = ["    "]
        for x in range(SIZE + 1):
            around = [
                cell
                for cx, cy in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))
                if 0 <= cx < SIZE and 0 <= cy < SIZE
                for cell in (SIZE * cy + cx,)
                if state.field[cell]
            ]
            border.append("+" if around else " ")
            if x == SIZE:
                break
            above = SIZE * (y - 1) + x if y > 0 else -1
            below = SIZE * y + x if y < SIZE else -1
            kind = _shared(state, above, 2, below) if above >= 0 else _edge(state, below, 0)
            if kind == 1:
                border.append("-" + oasis * 4 + "-")
            elif kind == 0:
                border.append("-" * INNER)
            else:
                border.append(" " * INNER)
        lines.append("".join(border).rstrip())
        if y == SIZE:
            break
        rows = [[f"{y:>3} "], ["    "]]
        for x in range(SIZE + 1):
            cell = SIZE * y + x
            left = cell - 1 if x > 0 else -1
            if x < SIZE:
                kind = _shared(state, left, 1, cell) if left >= 0 else _edge(state, cell, 3)
            else:
                kind = _edge(state, left, 1)
            mark = oasis if kind == 1 else "|" if kind == 0 else " "
            rows[0].append(mark)
            rows[1].append(mark)
            if x < SIZE:
                first, second = _cell_lines(state, cell, markup, highlight)
                rows[0].append(first)
                rows[1].append(second)
        lines.extend("".join(row).rstrip() for row in rows)
    return "\n".join(lines)


def _section_text(field: int, k: int) -> str:
    """Each section as ``a N+E: myrrh`` with its edges as placed at rotation ``k``."""
    parts = []
    for label, (mask, symbols) in enumerate(SECTIONS[field]):
        edges = "+".join(DIRECTIONS[d] for d in range(4) if rotate(mask, k) >> d & 1)
        names = ", ".join(SYMBOLS[x] for x in symbols) or "blank"
        parts.append(f"{SECTION_LABELS[label]} {edges}: {names}")
    return "; ".join(parts) or "desert"


def render(
    state: DesertSonsState, markup: bool = False, seat: int | None = None, highlight: int = 0
) -> str:
    """The area, the rumor board, and each seat's display, goods, water and camels."""
    view = state.view(seat)
    lines = [render_area(state, markup, highlight), LEGEND]
    if highlight:
        lines.append("+ (reversed in colour): a cell you may choose now")
    stacks = " ".join(str(k) for k in view["stacks"])
    discarded = " ".join(str(t) for t in view["discarded"]) or "none"
    lines.append(
        f"stacks {stacks} ({len(view['stack_tiles'])} left)   turban: seat {state.turban} "
        f"(stone {STONES[state.turban][0]})"
    )
    lines.extend(textwrap.wrap(f"discarded tiles: {discarded}", 100, subsequent_indent="  "))
    rows = []
    for name, chips in view["rumor_board"].items():
        shown = " ".join(chip["value"] or "?" for chip in chips) or "-"
        rows.append(f"{name} {shown}")
    lines.append(f"rumor board: {'  '.join(rows)}   pool {view['rumor_pool']} chips")
    supply = view["supply"]
    lines.append(
        f"supply: water {supply['water']}  camel cards {supply['camel_cards']}  "
        + "  ".join(f"{name} {supply[name]}" for name in COMMODITIES)
    )
    if view["commodity_values"] is not None:
        values = view["commodity_values"]
        lines.append(
            "final values: "
            + "  ".join(f"{n} {v}" for n, v in zip(COMMODITIES, values, strict=True))
        )
    for info in view["players_info"]:
        owner = info["seat"]
        hand = " ".join(
            f"{r}*" if r == STONES[state.turban][0] else str(r) for r in info["stones_in_hand"]
        )
        goods = " ".join(f"{n} {k}" for n, k in info["goods"].items() if k) or "no goods"
        display = " ".join(str(t) for t in info["display"]) or "empty"
        head = _paint(f"seat {owner}", SEAT_STYLE[owner], markup)
        lines.append(
            f"{head} @{info['caravan']}  water {info['water']}  camels {info['camels']} "
            f"({info['carrying_spaces']} spaces)  {goods}  score {info['score']['total']}"
        )
        lines.append(f"       display {display}   stones in hand {hand or 'none'}")
    lines.extend(_status(state, view))
    return "\n".join(lines)


def _status(state: DesertSonsState, view: dict[str, object]) -> list[str]:
    out = []
    if state.last_cell >= 0:
        field = state.field[state.last_cell]
        out.append(
            f"just placed: tile {field} at {cell_name(state.last_cell)} "
            f"({_section_text(field, state.rot[state.last_cell])})"
        )
    if state.pending:
        out.append(f"tile to place: {state.pending} ({_section_text(state.pending, 0)})")
    if state.r_order:
        stones = " ".join(
            f"{r}(seat {STONE_OWNER[r]}{', blocked' if r == state.r_blocked else ''})"
            for r in state.r_order[state.r_pos :]
        )
        left = ", ".join(
            f"{SYMBOLS[x]} {k}" if k > 1 else SYMBOLS[x] for x, k in enumerate(state.r_syms) if k
        )
        out.append(f"rating: stones to choose {stones}; symbols left: {left or 'none'}")
    if view["drawn_chip"] is not None:
        out.append(f"drawn rumor chip: {view['drawn_chip']}")
    to_act = view["to_act"]
    if to_act is not None:
        extra = " (bonus turn)" if state.bonus else ""
        final = view["final_turns_left"]
        ending = f", stack empty: {final} more turns after this one" if final is not None else ""
        out.append(f"to act: seat {to_act}, {state.phase_name}{extra}{ending}")
    elif state.is_terminal():
        out.append("game over")
    return out
