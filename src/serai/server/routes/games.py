"""``/api/games``: what a new table can be."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from serai.bots.presets import BOT_KINDS, DIFFICULTIES
from serai.engine import game_info, list_games

router = APIRouter(prefix="/api", tags=["games"])


def games_catalogue() -> list[dict[str, Any]]:
    """Every game with what a table needs: player counts and options."""
    catalogue = []
    for name in list_games():
        info = game_info(name)
        catalogue.append(
            {
                "name": info.name,
                "title": info.title,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "default_players": info.default_players,
                "options": [
                    {
                        "name": option.name,
                        "default": option.default,
                        "choices": list(option.choices),
                        "minimum": option.minimum,
                        "help": option.help,
                        "describe": option.describe(),
                    }
                    for option in info.options
                ],
            }
        )
    return catalogue


@router.get("/games")
async def games() -> dict[str, Any]:
    """Every game, its player counts and options, and the bots a seat can hold."""
    return {
        "games": games_catalogue(),
        "bots": list(BOT_KINDS),
        "difficulties": list(DIFFICULTIES),
    }
