"""The serai web platform: the server is the only authority over every table.

:mod:`serai.server.store` keeps tables as records in SQL, :mod:`serai.server.tables` plays
them (moves, undo, bots, each seat's message) and :mod:`serai.server.app` is the FastAPI
application that ``serai serve`` runs with uvicorn.
"""

from serai.server.app import create_app

__all__ = ["create_app"]
