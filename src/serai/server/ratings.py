"""Ratings: OpenSkill's Plackett–Luce model, per game, for people and bot presets alike.

A rated game updates each player's rating for that game once, in the same transaction as
its last move. Places come from the result
(:func:`serai.engine.places`): winners first (tied winners share first place), then the
others by score (equal scores share a place); a player who left the game (a bot finished
it for them) places last. The rating shown is the cautious estimate ``mu - 3 sigma``
(OpenSkill's ordinal), which grows as a player's results become certain.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import desc, insert, select, text, update
from sqlalchemy.engine import Connection

from serai.server.schema import accounts, rating_history, ratings, tables
from serai.server.schema import seats as seat_rows


@cache
def model() -> PlackettLuce:
    return PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown: a cautious estimate of skill."""
    return mu - 3 * sigma


@dataclass(frozen=True)
class RatedSeat:
    account_id: str
    place: int


RATING = 536_516_160
"""The PostgreSQL advisory lock (a two-number one, ``(RATING, 0)``, which never meets the
one-number locks of tables and migrations) that a rating update holds until it commits:
two processes rating one player's games at once would otherwise both start from the same
rating, and one update would be lost. One lock for all, taken at most once by a
transaction however many games it rates, so transactions never wait for each other in a
circle; games end rarely enough that they queue for it unnoticed."""


def rate(db: Connection, table_id: str, game: str, seats: Sequence[RatedSeat]) -> None:
    """Update the ratings of a rated table's players, inside the caller's transaction;
    a table already rated is left alone (each result counts once)."""
    done = db.execute(
        select(rating_history.c.table_id).where(rating_history.c.table_id == table_id).limit(1)
    ).first()
    if done is not None:
        return
    if db.dialect.name == "postgresql":  # SQLite has one writer: its transactions never meet
        db.execute(text("SELECT pg_advisory_xact_lock(:kind, 0)"), {"kind": RATING})
    now = time.time()
    current = {
        row["account_id"]: row
        for row in db.execute(
            select(ratings).where(
                ratings.c.game == game,
                ratings.c.account_id.in_([seat.account_id for seat in seats]),
            )
        ).mappings()
    }
    teams = [
        [
            model().rating(
                mu=current[seat.account_id]["mu"] if seat.account_id in current else None,
                sigma=current[seat.account_id]["sigma"] if seat.account_id in current else None,
                name=seat.account_id,
            )
        ]
        for seat in seats
    ]
    updated = model().rate(teams, ranks=[float(seat.place) for seat in seats])
    for seat, (after,) in zip(seats, updated, strict=True):
        if seat.account_id in current:
            db.execute(
                update(ratings)
                .where(ratings.c.account_id == seat.account_id, ratings.c.game == game)
                .values(
                    mu=after.mu,
                    sigma=after.sigma,
                    games=current[seat.account_id]["games"] + 1,
                    updated_at=now,
                )
            )
        else:
            db.execute(
                insert(ratings).values(
                    account_id=seat.account_id,
                    game=game,
                    mu=after.mu,
                    sigma=after.sigma,
                    games=1,
                    updated_at=now,
                )
            )
        db.execute(
            insert(rating_history).values(
                table_id=table_id,
                account_id=seat.account_id,
                game=game,
                place=seat.place,
                mu=after.mu,
                sigma=after.sigma,
                at=now,
            )
        )


def leaderboard(db: Connection, game: str, offset: int, limit: int) -> list[dict[str, Any]]:
    rows = db.execute(
        select(ratings, accounts.c.name, accounts.c.bot)
        .join(accounts, accounts.c.id == ratings.c.account_id)
        .where(ratings.c.game == game)
        .order_by(desc(ratings.c.mu - 3 * ratings.c.sigma), accounts.c.name)
        .offset(offset)
        .limit(limit)
    ).mappings()
    return [
        {
            "place": offset + index + 1,
            "name": row["name"],
            "bot": bool(row["bot"]),
            "rating": round(ordinal(row["mu"], row["sigma"]), 2),
            "mu": round(row["mu"], 3),
            "sigma": round(row["sigma"], 3),
            "games": row["games"],
        }
        for index, row in enumerate(rows)
    ]


def profile(db: Connection, account_id: str, recent: int = 20) -> dict[str, Any]:
    """Per game the rating and its history; the most recent rated games."""
    games: dict[str, dict[str, Any]] = {}
    for row in db.execute(select(ratings).where(ratings.c.account_id == account_id)).mappings():
        games[row["game"]] = {
            "rating": round(ordinal(row["mu"], row["sigma"]), 2),
            "mu": round(row["mu"], 3),
            "sigma": round(row["sigma"], 3),
            "games": row["games"],
            "history": [],
        }
    history = db.execute(
        select(rating_history)
        .where(rating_history.c.account_id == account_id)
        .order_by(rating_history.c.at)
    ).mappings()
    results = []
    for row in history:
        point = {
            "at": row["at"],
            "table": row["table_id"],
            "place": row["place"],
            "rating": round(ordinal(row["mu"], row["sigma"]), 2),
        }
        if row["game"] in games:
            games[row["game"]]["history"].append(point)
        results.append({**point, "game": row["game"]})
    return {"games": games, "recent": results[::-1][:recent]}


def unrated_finished(db: Connection) -> list[str]:
    """Finished rated tables without their result (none, unless a rating write failed),
    leaving out those with a seat never taken, which count for no one."""
    rated = select(rating_history.c.table_id).distinct()
    untaken = select(seat_rows.c.table_id).where(~seat_rows.c.claimed).distinct()
    return [
        row[0]
        for row in db.execute(
            select(tables.c.id).where(
                tables.c.rated,
                tables.c.status == "finished",
                tables.c.id.not_in(rated),
                tables.c.id.not_in(untaken),
            )
        )
    ]
