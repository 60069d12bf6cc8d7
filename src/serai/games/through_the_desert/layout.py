"""The fixed geometry of the board, as JSON-ready data for drawing it (the web board).

Everything here follows from the game's options (board side, player count) alone: which
hexes are drawn, where their centres lie, their printed terrain, and the river's edges.
Pieces, palms, tokens and closed regions change during a game and come from the view.

Hexes are flat-topped in odd-q layout (*Notation*) with size 1 (centre to corner), so the
centre of ``col,row`` is at ``x = 1.5 * col``, ``y = √3 * (row + (col % 2) / 2)``.

>>> data = board_layout("mountain", 3)
>>> data["cols"], data["rows"], len(data["hexes"])
(18, 13, 234)
>>> next(h for h in data["hexes"] if h["id"] == "7,10")["terrain"]
'oasis'
>>> sum(h["terrain"] == "mountain" for h in data["hexes"]), data["river"]
(7, [])
>>> river = board_layout("river", 4)["river"]
>>> sum(edge["crossing"] for edge in river)
27
"""

from __future__ import annotations

import math
from typing import Any

from serai.games.through_the_desert.board import (
    CENTRAL,
    COLOURS,
    COLS,
    MOUNTAIN_GRID,
    NEIGHBOURS,
    ROWS,
    SHADED_FIRST_COL,
    WEST_BANK,
    bits,
    hex_col_row,
    hex_index,
    hex_name,
    layout_for,
)

SQRT3 = math.sqrt(3.0)


def hex_centre(col: int, row: int) -> tuple[float, float]:
    """The centre of ``col,row`` for hex size 1.

    >>> hex_centre(1, 0)
    (1.5, 0.866)
    """
    return round(1.5 * col, 3), round(SQRT3 * (row + 0.5 * (col % 2)), 3)


def _terrain(col: int, row: int, side: str, playable: bool) -> str:
    """``desert``, ``oasis`` (a palm candidate), ``water`` (a watering hole),
    ``mountain`` (the central range, mountain side only) or ``blocked`` (the map's rim)."""
    cell = MOUNTAIN_GRID[row][col]
    if cell == "O":
        return "oasis"
    if cell == "w":
        return "water"
    if playable:
        return "desert"
    if CENTRAL >> hex_index(col, row) & 1 and side == "mountain":
        return "mountain"
    return "blocked"


def _shared_edge(a: int, b: int) -> list[list[float]]:
    """The two end points of the edge between the adjacent hexes ``a`` and ``b``."""
    ax, ay = hex_centre(*hex_col_row(a))
    bx, by = hex_centre(*hex_col_row(b))
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    # The edge is perpendicular to the line of centres and as long as the hex size.
    px, py = -dy / length / 2, dx / length / 2
    return [[round(mx - px, 3), round(my - py, 3)], [round(mx + px, 3), round(my + py, 3)]]


def board_layout(side: str, players: int) -> dict[str, Any]:
    """The drawing data for one board side and player count.

    Keys: ``board`` (side), ``full`` (the shaded columns 18–22 are in play, R2),
    ``cols``/``rows`` (the drawn grid: with 2–3 players the shaded columns are left
    out), ``colours`` (caravan colours in index order), ``hexes`` (every drawn cell:
    ``id`` ``"col,row"``, ``hex`` its index as decoded actions name it, ``col``, ``row``,
    centre ``x``/``y``, ``terrain``, ``playable``, ``shaded``, and on the river side
    ``bank`` ``"west"``/``"east"``), and
    ``river`` (the river side's course along hex edges between the two banks: ``hexes``
    the pair west–east, ``edge`` its two end points, ``crossing`` true for the 27 edges
    between two playable hexes, R4).
    """
    layout = layout_for(side, players)
    cols = COLS if layout.full else SHADED_FIRST_COL
    hexes = []
    for row in range(ROWS):
        for col in range(cols):
            h = hex_index(col, row)
            playable = bool(layout.playable >> h & 1)
            x, y = hex_centre(col, row)
            cell: dict[str, Any] = {
                "id": hex_name(h),
                "hex": h,
                "col": col,
                "row": row,
                "x": x,
                "y": y,
                "terrain": _terrain(col, row, side, playable),
                "playable": playable,
                "shaded": col >= SHADED_FIRST_COL,
            }
            if layout.river:
                cell["bank"] = "west" if WEST_BANK >> h & 1 else "east"
            hexes.append(cell)
    river = []
    if layout.river:
        for h in range(ROWS * COLS):
            if not WEST_BANK >> h & 1 or hex_col_row(h)[0] >= cols:
                continue
            for other in bits(NEIGHBOURS[h] & ~WEST_BANK):
                if hex_col_row(other)[0] >= cols:
                    continue
                river.append(
                    {
                        "hexes": [hex_name(h), hex_name(other)],
                        "edge": _shared_edge(h, other),
                        "crossing": bool(layout.across_river[h] >> other & 1),
                    }
                )
    return {
        "board": side,
        "full": layout.full,
        "cols": cols,
        "rows": ROWS,
        "colours": list(COLOURS),
        "hexes": hexes,
        "river": river,
    }
