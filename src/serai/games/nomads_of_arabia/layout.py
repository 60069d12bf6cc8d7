"""The fixed board data of Nomads of Arabia for drawing it (the web board): the
*Components* of ``docs/rules/nomads_of_arabia.md``.

The view names the strip on each of the five rows (``view["rows"]``); this module gives
what the drawing needs beyond that and never changes during a game: the spaces of all 16
strips (R1, R2: doubled ``x``, odd on city strips, even on desert strips between two
half-mountains), the land colours with their grid letters, the stock tracks (4 price rows
per animal, ``c`` usable columns, the leftmost ``4 - c`` covered) and the numbers of
components in play for these options. Nothing in it is hidden.

>>> import serai
>>> data = layout(serai.load_game("nomads_of_arabia", players=4))
>>> data["strips"]["c1"][:3]
[{'x': 1, 'terrain': 'green'}, {'x': 3, 'terrain': 'sand'}, {'x': 5, 'terrain': 'city'}]
>>> data["columns"], data["tracks"]["camel"]
(3, [3, 6, 9, 12])
>>> data["strip_kind"]["d4"], [s["x"] for s in data["strips"]["d4"]]
('desert', [2, 4, 6, 8, 10])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from serai.games.nomads_of_arabia.board import (
    ANIMALS,
    CITY,
    FINAL_DISKS,
    LAND_LETTERS,
    LANDS,
    MOUNTAIN,
    NO_SPACE,
    NUM_STRIPS,
    PRICE_ROWS,
    ROWS,
    SAND,
    SPECIAL_DISKS,
    STRIP_NAMES,
    STRIP_TERRAIN,
    WIDTH,
    columns,
    is_city_strip,
)

if TYPE_CHECKING:
    from serai.engine import Game

# Land names (purple, blue and grey reconstructed, R3).
LAND_TITLES = ("Grasslands", "Wastelands", "Highlands", "Oasis", "Stonelands")
TERRAIN_NAMES = {**dict(enumerate(LANDS)), SAND: "sand", CITY: "city", MOUNTAIN: "mountain"}


def strip_spaces(strip: int) -> list[dict[str, Any]]:
    """The spaces of one strip, left to right, as ``{"x", "terrain"}``.

    >>> [s["terrain"] for s in strip_spaces(8)]  # d1: m . G . R . m
    ['sand', 'green', 'sand', 'red', 'sand']
    """
    terrain = STRIP_TERRAIN[strip]
    return [
        {"x": x, "terrain": TERRAIN_NAMES[terrain[x]]}
        for x in range(1, WIDTH + 1)
        if terrain[x] != NO_SPACE
    ]


def layout(game: Game) -> dict[str, Any]:
    """JSON-ready fixed data for ``game`` (a loaded Nomads of Arabia game)."""
    cols = columns(game.num_players)
    return {
        "rows": ROWS,
        "width": WIDTH,
        "strips": {STRIP_NAMES[s]: strip_spaces(s) for s in range(NUM_STRIPS)},
        "strip_kind": {
            STRIP_NAMES[s]: "city" if is_city_strip(s) else "desert" for s in range(NUM_STRIPS)
        },
        "strips_per_kind": NUM_STRIPS // 2,
        "lands": [
            {"name": land, "letter": LAND_LETTERS[i], "title": LAND_TITLES[i]}
            for i, land in enumerate(LANDS)
        ],
        "animals": list(ANIMALS),
        "tracks": {animal: list(PRICE_ROWS[a]) for a, animal in enumerate(ANIMALS)},
        "columns": cols,
        "animals_per_type": 4 * cols + 1,
        "special_disks": list(SPECIAL_DISKS),
        "final_disks": list(FINAL_DISKS),
        "special_disks_in_play": int(game.options["special_disks"]),
        "final_disks_in_play": int(game.options["final_disks"]),
    }
