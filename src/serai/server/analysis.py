"""A finished game as the bots saw it: each seat's chance to win, move by move.

Every position where a player decided is judged by the bots' own evaluation
(:func:`serai.bots.mcts.leaf_values`: a logistic of each seat's lead over its best rival in
the game's estimate, reading the whole state, which is fair once the game is over), the
values scaled to share 1 between the seats; the final position gives the result itself.
A *swing* is a decision after which some seat's chance moved by :data:`SWING` or more.
The analysis is made once, when first asked for after the game, and kept with it.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection

from serai.bots.mcts import leaf_values
from serai.engine import ActionId, State
from serai.engine.core import Game
from serai.server.schema import analysis
from serai.server.store import Store

SWING = 0.15


def chances(state: State) -> list[float]:
    """Each seat's chance to win as the bots judge ``state`` (shares of 1)."""
    values = state.returns() if state.is_terminal() else leaf_values(state)
    total = sum(values)
    seats = len(values)
    return [value / total if total > 0 else 1 / seats for value in values]


def analyse(game: Game, actions: Sequence[ActionId]) -> dict[str, Any]:
    """The chances before every decision and at the end, and the swings."""
    state = game.new_initial_state()
    points: list[dict[str, Any]] = []
    for step, action in enumerate(actions):
        if not state.is_chance_node():
            points.append({"step": step, "values": [round(v, 4) for v in chances(state)]})
        state.apply_unchecked(action)
    points.append({"step": len(actions), "values": [round(v, 4) for v in chances(state)]})
    swings = [
        after["step"]
        for before, after in itertools.pairwise(points)
        if max(abs(a - b) for a, b in zip(after["values"], before["values"], strict=True)) >= SWING
    ]
    return {"status": "done", "points": points, "swings": swings}


def submit_analysis(store: Store, table_id: str, result: dict[str, Any]) -> Any:
    def write(db: Connection) -> None:
        if db.execute(select(analysis.c.table_id).where(analysis.c.table_id == table_id)).first():
            return
        db.execute(
            insert(analysis).values(
                table_id=table_id,
                status=result["status"],
                points=json.dumps({"points": result["points"], "swings": result["swings"]}),
                updated_at=time.time(),
            )
        )

    return store.writer.submit(write)


def load_analysis(store: Store, table_id: str) -> dict[str, Any] | None:
    with store.engine.connect() as db:
        row = db.execute(select(analysis).where(analysis.c.table_id == table_id)).mappings().first()
    if row is None:
        return None
    return {"status": row["status"], **json.loads(row["points"])}
