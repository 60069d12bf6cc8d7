"""Typed errors raised by every game.

Anything a user or the network can cause is raised as one of these, never asserted.
"""

from __future__ import annotations

import reprlib
from collections.abc import Sequence
from typing import Any


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


class _Quoting(reprlib.Repr):
    """``repr`` cut short, for values that came from outside: a whole number of any
    size, a list nested any depth (each of which ``repr`` itself refuses)."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * self.maxlong:  # too long for repr: its size says enough
            return f"<a whole number of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_QUOTING = _Quoting()
_QUOTING.maxlevel = 3
_QUOTING.maxstring = _QUOTING.maxlong = _QUOTING.maxother = 60


def quoted(value: Any) -> str:
    """``value`` as an error message quotes it: its ``repr``, shortened to about 60
    characters, whatever a file or a caller put there.

    >>> quoted("caravan"), quoted(10**5000), quoted([[[[[1]]]]])
    ("'caravan'", '<a whole number of 16610 bits>', '[[[[...]]]]')
    """
    return _QUOTING.repr(value)
