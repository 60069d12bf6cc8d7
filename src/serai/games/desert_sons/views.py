"""What each seat may see (R19, R20, R27): the one place where hidden values are filtered.

Only rumor chip values are hidden: a placed chip is known to the seat that laid it and to
every seat that peeked at it (R19, R20), a drawn chip to its drawer, and every chip to
everyone once the game is over. Who has seen which chip is public. While the turn player
moves, the view lists the fields its caravan reaches without paying water (R6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from serai.engine import Seat
from serai.games.desert_sons.board import (
    CHIP_NAMES,
    COMMODITIES,
    MOVE,
    NUM_STACKS,
    NUM_TILES,
    SECTION_LABELS,
    SECTIONS,
    STACK_OF,
    STONE_OWNER,
    STONES,
    SYMBOLS,
    bits,
    cell_name,
)

if TYPE_CHECKING:
    from serai.games.desert_sons.rules import DesertSonsState


def rumor_rows(state: DesertSonsState, seat: Seat | None) -> dict[str, list[dict[str, Any]]]:
    """Per commodity its chips in order: the value if ``seat`` knows it, and who has seen it."""
    rows: dict[str, list[dict[str, Any]]] = {}
    for c, name in enumerate(COMMODITIES):
        row = []
        for slot in (2 * c, 2 * c + 1):
            code = state.chips[slot]
            if code:
                known = state.knows_chip(seat, slot)
                row.append(
                    {
                        "value": CHIP_NAMES[code - 1] if known else None,
                        "seen_by": [s for s in range(state.n) if state.chip_seen[slot] >> s & 1],
                    }
                )
        rows[name] = row
    return rows


def stone_where(state: DesertSonsState, rank: int) -> dict[str, Any] | None:
    at = state.stone_at[rank]
    if at < 0:
        return None
    return {"cell": cell_name(at // 2), "section": SECTION_LABELS[at % 2]}


def table_view(state: DesertSonsState, seat: Seat | None) -> dict[str, Any]:
    over = state.is_terminal()
    breakdown = state.score_breakdown()
    players = []
    for owner in range(state.n):
        players.append(
            {
                "seat": owner,
                "caravan": cell_name(state.caravan[owner]),
                "display": list(state.display[owner]),
                "water": state.water[owner],
                "camels": state.camels[owner],
                "carrying_spaces": state.carrying_spaces(owner),
                "goods": {name: state.goods[4 * owner + c] for c, name in enumerate(COMMODITIES)},
                "stones_in_hand": [r for r in STONES[owner] if state.stone_at[r] < 0],
                "stones_on_board": {
                    str(r): stone_where(state, r) for r in STONES[owner] if state.stone_at[r] >= 0
                },
                "score": breakdown[owner],
            }
        )
    rating = None
    if state.r_order:
        rating = {
            "order": list(state.r_order),
            "owners": [STONE_OWNER[r] for r in state.r_order],
            "position": state.r_pos,
            "blocked": state.r_blocked or None,
            "symbols": {SYMBOLS[x]: k for x, k in enumerate(state.r_syms) if k},
        }
    drawn = None
    if state.drawn:
        drawn = CHIP_NAMES[state.drawn - 1] if seat == state.chooser else "?"
    to_act = state.current_player()
    stacks = [0] * NUM_STACKS
    remaining = []
    tile = 1
    stack = state.stack
    while stack >> tile:
        if stack >> tile & 1:
            stacks[STACK_OF[tile]] += 1
            remaining.append(tile)
        tile += 1
    return {
        "game": "desert_sons",
        "seat": seat,
        "players": state.n,
        "desert_border": state.no_border_oasis,
        "phase": state.phase_name,
        "to_act": to_act if to_act >= 0 else None,
        "turn_player": state.player,
        "bonus_turn": bool(state.bonus),
        "final_turns_left": state.ending if state.ending >= 0 else None,
        "fields": [
            {
                "cell": cell_name(c),
                "tile": state.field[c] if state.field[c] <= NUM_TILES else None,
                "rotation": 90 * state.rot[c],
                "sections": len(SECTIONS[state.field[c]]),
            }
            for c in state.field_cells
        ],
        "pending_tile": state.pending or None,
        "last_placed": cell_name(state.last_cell) if state.last_cell >= 0 else None,
        "free_moves": [cell_name(c) for c in bits(state.free_destinations(state.player))]
        if state.phase == MOVE
        else None,
        "stacks": stacks,
        "stack_tiles": remaining,
        "discarded": list(state.discarded),
        "turban": state.turban,
        "rumor_board": rumor_rows(state, seat),
        "rumor_pool": sum(state.pool),
        "drawn_chip": drawn,
        "rating": rating,
        "supply": {
            "water": state.water_supply,
            "camel_cards": state.camel_supply,
            **{name: state.goods_supply[c] for c, name in enumerate(COMMODITIES)},
        },
        "commodity_values": state.commodity_values() if over else None,
        "players_info": players,
        "scores": state.scores(),
        "returns": state.returns() if over else None,
    }
