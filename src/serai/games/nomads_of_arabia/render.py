"""The board as text (``str(state)``), at most 100 columns wide.

The five strips are drawn as the staggered grid of R1: one column of text per
four characters of doubled ``x``, so a desert row sits half a space to the right. Each
space shows its terrain letter, then ``*`` for a face-down special disk or the letter of
a face-up final disk, then the seats of the nomads standing on it. Below: the land boxes,
the stock tracks with their prices, the handler pile, the disks and every seat.
With ``markup`` the spaces a player may move to are marked in rich's markup.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from serai.engine import ActionId, Seat
from serai.games.nomads_of_arabia.actions import decode
from serai.games.nomads_of_arabia.board import (
    ANIMALS,
    FINAL_DISKS,
    FINAL_LETTERS,
    LANDS,
    NO_SPACE,
    NUM_ANIMALS,
    PRICE_ROWS,
    SPECIAL_DISKS,
    STRIP_NAMES,
    STRIP_TERRAIN,
    TERRAIN_LETTERS,
    WIDTH,
    space_name,
)
from serai.games.nomads_of_arabia.views import shown_disks

if TYPE_CHECKING:
    from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState

STATUS_TEXT = ("on", "lost", "with the Pilgrim")
LEGEND = (
    "C city  . sand  # mountain  G R P B S lands (green red purple blue grey)\n"
    "* face-down special disk  c d g h bonus disk  M Mecca  digits: nomads by seat"
)


def action_spaces(actions: Iterable[ActionId]) -> set[int]:
    """The spaces that movement and placement actions lead to (for highlighting)."""
    out: set[int] = set()
    for action in actions:
        parts = decode(action)
        if parts.space >= 0:
            out.add(parts.to if parts.to >= 0 else parts.space)
    return out


def _cell(state: NomadsOfArabiaState, sp: int, terrain: int) -> str:
    text = TERRAIN_LETTERS[terrain]
    disk = state.city_disk[sp // WIDTH]
    if text == "C" and disk >= 0:
        text += "*" if disk >= len(FINAL_DISKS) else FINAL_LETTERS[disk]
    nomads = "".join(str(s) for s in range(state.n) if state.pos[s] == sp)
    return (text + nomads)[:7]


def board_lines(state: NomadsOfArabiaState, markup: bool, highlight: set[int]) -> list[str]:
    lines = ["        x:" + "".join(f"{x:>4}" for x in range(1, WIDTH + 1))]
    for row, strip in enumerate(state.rows):
        line = f"row {row} ({STRIP_NAMES[strip]:>2})"
        terrain = STRIP_TERRAIN[strip]
        chars = [" "] * (4 * WIDTH + 8)
        marks: list[tuple[int, int, str]] = []
        for x in range(1, WIDTH + 1):
            if terrain[x] == NO_SPACE:
                continue
            sp = row * WIDTH + x - 1
            cell = _cell(state, sp, terrain[x])
            start = 4 * x - 1
            chars[start : start + len(cell)] = list(cell)
            if sp in highlight:
                marks.append((start, len(cell), cell))
        body = "".join(chars).rstrip()
        if markup and marks:
            for start, length, cell in reversed(marks):
                body = body[:start] + f"[reverse]{cell}[/]" + body[start + length :]
        lines.append(line + body)
    return lines


def render(state: NomadsOfArabiaState, markup: bool, seat: Seat | None, highlight: set[int]) -> str:
    lines = board_lines(state, markup, highlight)
    lines.append(LEGEND)
    for land, name in enumerate(LANDS):
        b = land * NUM_ANIMALS
        held = "  ".join(f"{animal} {state.boxes[b + a]:>2}" for a, animal in enumerate(ANIMALS))
        lines.append(f"box {name:<6}  {held}")
    prices = state.prices()
    for a, name in enumerate(ANIMALS):
        track = " ".join(f"[{p}]" if p == prices[a] else f"{p}" for p in PRICE_ROWS[a])
        lines.append(f"stock {name:<6} {state.stock[a]:>2}  track {track}  price {prices[a]}")
    pile = "  ".join(f"{name} {state.pile[a]}" for a, name in enumerate(ANIMALS))
    lines.append(f"handler pile: {pile}")
    finals = ", ".join(FINAL_DISKS[f] for f in state.finals) or "none"
    played = ", ".join(d for i, d in enumerate(SPECIAL_DISKS) if state.played >> i & 1) or "none"
    lines.append(f"special disks: supply {state.supply}  played: {played}")
    lines.append(f"final disks drawn: {finals}")
    over = state.is_terminal()
    lines.append("seats (animals and handlers as camel/donkey/goat/horse):")
    for owner in range(state.n):
        b = NUM_ANIMALS * owner
        animals = "/".join(str(k) for k in state.animals[b : b + NUM_ANIMALS])
        dice = "/".join(str(k) for k in state.handlers[b : b + NUM_ANIMALS])
        where = STATUS_TEXT[state.status[owner]]
        if state.pos[owner] >= 0:
            where += " " + space_name(state.pos[owner])
        line = (
            f"seat {owner}: {state.money[owner]:>3} Dinars  {where:<16} "
            f"animals {animals}  handlers {dice}  "
            f"disks {state.hands[owner].bit_count()}"
        )
        lines.append(line)
        if names := shown_disks(state.hands[owner], owner == seat, over):
            lines.append(f"        seat {owner} holds " + ", ".join(names))
    if over:
        lines.append("game over; scores " + " ".join(str(s) for s in state.scores()))
    else:
        who = state.current_player()
        actor = "chance" if who < 0 else f"seat {who}"
        lines.append(f"turn {state.turn}, seat {state.active}'s turn: {actor} at {state.node_name}")
    return "\n".join(lines)
