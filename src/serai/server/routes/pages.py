"""The browser pages: the lobby, a table and a finished game's replay."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

WEB = Path(__file__).resolve().parent.parent.parent / "web"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby_page() -> FileResponse:
    return FileResponse(WEB / "lobby.html")


@router.get("/table/{table_id}")
async def table_page(table_id: str) -> FileResponse:
    return FileResponse(WEB / "table.html")


@router.get("/replay/{table_id}")
async def replay_page(table_id: str) -> FileResponse:
    return FileResponse(WEB / "replay.html")


@router.get("/rules/{game}")
async def rules_page(game: str) -> FileResponse:
    return FileResponse(WEB / "rules.html")


@router.get("/leaderboard/{game}")
async def leaderboard_page(game: str) -> FileResponse:
    return FileResponse(WEB / "leaderboard.html")


@router.get("/players/{name}")
async def player_page(name: str) -> FileResponse:
    return FileResponse(WEB / "player.html")
