"""Observations built from named pieces, as OpenSpiel's observers are.

Each game declares its observation vector as an :class:`ObservationLayout`: named pieces
with a shape and a meaning, in order. The layout gives the vector's size, where each piece
starts, and :meth:`ObservationLayout.split`, which cuts a vector back into its named
pieces (``State.observation_dict``).

>>> layout = ObservationLayout(
...     Piece("board", (2, 3), "1 where a camel stands"),
...     Piece("score", (1,), "points / 50"),
... )
>>> layout.size, layout.start("score")
(7, 6)
>>> layout.split([0, 1, 0, 1, 1, 0, 0.5])
{'board': [0, 1, 0, 1, 1, 0], 'score': [0.5]}
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Piece:
    """One named part of an observation vector."""

    name: str
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class ObservationLayout:
    """The pieces of an observation vector, in order."""

    def __init__(self, *pieces: Piece) -> None:
        names = [piece.name for piece in pieces]
        if len(set(names)) != len(names):
            raise ValueError(f"a piece is declared twice: {names}")
        self.pieces = pieces
        self.starts: dict[str, int] = {}
        offset = 0
        for piece in pieces:
            self.starts[piece.name] = offset
            offset += piece.size
        self.size = offset

    def start(self, name: str) -> int:
        """Where piece ``name`` begins in the vector."""
        return self.starts[name]

    def piece(self, name: str) -> Piece:
        return self.pieces[list(self.starts).index(name)]

    def split(self, vector: Sequence[float]) -> dict[str, list[float]]:
        """``vector`` cut into its named pieces (each flat, in its shape's row order)."""
        if len(vector) != self.size:
            raise ValueError(f"an observation has {self.size} numbers, not {len(vector)}")
        return {
            piece.name: list(vector[self.starts[piece.name] : self.starts[piece.name] + piece.size])
            for piece in self.pieces
        }

    def describe(self) -> str:
        """The layout as a Markdown table, for the docs."""
        rows = ["| piece | shape | starts at | meaning |", "|---|---|---|---|"]
        for piece in self.pieces:
            shape = "×".join(str(n) for n in piece.shape)
            rows.append(
                f"| `{piece.name}` | {shape} | {self.starts[piece.name]} | {piece.meaning} |"
            )
        return "\n".join(rows)
