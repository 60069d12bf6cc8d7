"""The fixed geometry of In the Realm of the Desert Sons for drawing it (the web board).

A view (``views.py``) names each field by its tile id and rotation only; this module gives
what a drawing needs besides: the start cross and every explorer tile with its listed edges
and sections, the stones of each seat (all in Components of ``docs/rules/desert_sons.md``)
and the start fields (Setup).
Everything here is public and never changes during a game.

Edges are written as in the rules reference, ``N E S W`` in the listed rotation (``r0``); a section
names its ``O`` edges as direction letters. A placed tile turned ``r`` degrees clockwise
shows, facing direction ``d``, the listed edge of ``d - r/90`` (Notation).

>>> data = board_layout(2, desert_border=False)
>>> data["cross"]["5,1"]
{'edges': 'DODD', 'sections': [{'label': 'a', 'edges': 'E', 'symbols': ['water']}]}
>>> [(s["label"], s["edges"], s["symbols"]) for s in data["tiles"]["12"]["sections"]]
[('a', 'N', ['salt']), ('b', 'E', ['incense'])]
>>> data["tiles"]["1"]["rotations"]  # a band: r0 and r90 only (R3)
[0, 90]
>>> data["stones"], data["start_fields"]
([[16, 9, 8, 1], [15, 10, 7, 2]], ['5,0', '5,10'])
>>> len(data["tiles"]), sorted(set(t["stack"] for t in data["tiles"].values()))
(85, [1, 2, 3, 4, 5])
"""

from __future__ import annotations

from typing import Any

from serai.games.desert_sons.board import (
    CENTRE,
    COMMODITIES,
    CROSS,
    DIRECTIONS,
    DISTINCT_ROTATIONS,
    EDGES,
    KINDS,
    NUM_STACKS,
    NUM_TILES,
    ROTATION_NAMES,
    SECTION_LABELS,
    SECTIONS,
    SIZE,
    STACK_OF,
    STACK_SIZE,
    START_FIELDS,
    STONES,
    SYMBOLS,
    Field,
    cell_name,
    edge_string,
)


def _sections(field: Field) -> list[dict[str, Any]]:
    return [
        {
            "label": SECTION_LABELS[label],
            "edges": "".join(DIRECTIONS[d] for d in range(4) if mask >> d & 1),
            "symbols": [SYMBOLS[x] for x in symbols],
        }
        for label, (mask, symbols) in enumerate(SECTIONS[field])
    ]


def board_layout(players: int, desert_border: bool) -> dict[str, Any]:
    """JSON-ready board data for a game of ``players`` seats (see the module docstring)."""
    return {
        "size": SIZE,
        "centre": cell_name(CENTRE),
        "directions": DIRECTIONS,
        "symbols": list(SYMBOLS),
        "commodities": list(COMMODITIES),
        "desert_border": desert_border,
        "cross": {
            cell_name(cell): {"edges": edge_string(EDGES[field]), "sections": _sections(field)}
            for cell, field in CROSS
        },
        "tiles": {
            str(tile): {
                "type": KINDS[tile],
                "stack": STACK_OF[tile] + 1,
                "edges": edge_string(EDGES[tile]),
                "sections": _sections(tile),
                "rotations": [int(ROTATION_NAMES[k][1:]) for k in DISTINCT_ROTATIONS[tile]],
            }
            for tile in range(1, NUM_TILES + 1)
        },
        "stacks": NUM_STACKS,
        "stack_size": STACK_SIZE,
        "stones": [list(STONES[seat]) for seat in range(players)],
        "start_fields": list(START_FIELDS[players]),
    }
