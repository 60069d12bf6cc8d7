"""``/api/rules/{game}``: a game's rules reference for the browser's Rules panel.

The Markdown of ``docs/rules/<game>.md`` is rendered here (markdown-it, raw HTML escaped):
the sections before the rulings as one block, then each ruling on its own with its
anchor (``r12``), so the page can search them and a refusal can link to the one it cites.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter
from markdown_it import MarkdownIt

from serai import rulebook
from serai.engine import game_info, list_games
from serai.server.errors import TableError

router = APIRouter(prefix="/api/rules", tags=["rules"])

RULINGS_SECTION = "\n## Rulings"


@cache
def rendered(game: str) -> dict[str, Any]:
    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
    text = rulebook.rules_text(game)
    introduction = text[: text.index(RULINGS_SECTION)] if RULINGS_SECTION in text else text
    return {
        "game": game,
        "title": game_info(game).title,
        "introduction": markdown.render(introduction),
        "rulings": [
            {
                "number": each.number,
                "label": each.label,
                "anchor": each.anchor,
                "title": each.title,
                "html": markdown.render(each.text),
                "text": each.text,
            }
            for each in rulebook.rulings(game)
        ],
    }


@router.get("/{game}")
async def rules(game: str) -> dict[str, Any]:
    """How to play ``game``: the reference's sections as HTML, and every ruling."""
    if game not in list_games():
        raise TableError("not_found", f"there is no game {game!r}")
    return rendered(game)
