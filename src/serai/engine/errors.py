"""Typed errors raised by every game.

Anything a user or the network can cause is raised as one of these, never asserted.
"""

from __future__ import annotations

from collections.abc import Sequence


class GameError(Exception):
    """A request the engine cannot honour: unknown game, bad option, bad record."""


class IllegalActionError(GameError, ValueError):
    """An action that is not legal in the current state.

    ``reason`` says what was wrong; ``legal`` lists the legal choices in notation,
    so a caller can show them. The state is unchanged when this is raised.
    """

    def __init__(self, reason: str, legal: Sequence[str] = ()) -> None:
        self.reason = reason
        self.legal = list(legal)
        shown = ", ".join(self.legal[:12])
        more = f" … ({len(self.legal)} in all)" if len(self.legal) > 12 else ""
        message = reason if not self.legal else f"{reason}. Legal: {shown}{more}"
        super().__init__(message)
