"""Reading the JSON files serai is handed: game records, states, a tournament to resume,
each game's strength figures. A file may have been edited, truncated or replaced by
anyone: it is read only if it is a regular file of a sensible size, and each value the
simulations read back is taken only if the command could have written it there.

>>> read_back(3, int, "a seat", "that file", high=5)
3
>>> read_back(True, int, "a seat", "that file")
Traceback (most recent call last):
serai.engine.errors.GameError: that file cannot be read: a seat is True
"""

from __future__ import annotations

import json
import stat
from dataclasses import fields
from pathlib import Path
from typing import Any, TypeVar, get_type_hints

from serai.engine.errors import GameError, quoted

MOST = 2.0**53
"""The largest number these files hold (the last whole number a float keeps)."""

MAX_BYTES = 64 * 2**20
"""The largest file read: a record of the longest game is well under 1 MB, and so is a
long tournament."""

Record = TypeVar("Record")


def read_back(
    value: Any, kind: type, what: str, whose: str, low: float = 0, high: float = MOST
) -> Any:
    """``value`` if it is one the command could have written in ``whose`` file: of
    ``kind`` (a float may be written whole; a flag is never a number), and a number from
    ``low`` to ``high``; else :class:`GameError` quoting it."""
    kinds = (int, float) if kind is float else kind
    fits = not isinstance(value, bool) and isinstance(value, kinds)
    if fits and kind is not str:
        fits = low <= value <= high  # NaN is in no range
    if not fits:
        raise GameError(f"{whose} cannot be read: {what} is {quoted(value)}")
    return value


def read_record(cls: type[Record], data: Any, what: str, whose: str) -> Record:
    """The dataclass ``cls`` from ``data``, an object with exactly its fields, each of the
    kind its annotation names (numbers from 0)."""
    kinds = get_type_hints(cls)
    names = [field.name for field in fields(cls)]  # type: ignore[arg-type]
    if not isinstance(data, dict) or sorted(data) != sorted(names):
        raise GameError(f"{whose} cannot be read: {what} needs the fields {', '.join(names)}")
    return cls(**{name: read_back(data[name], kinds[name], name, whose) for name in names})


def read_json(path: Path, what: str) -> dict[str, Any]:
    """The JSON object in ``path``, which should be ``what`` (a game record…): a regular
    file of at most :data:`MAX_BYTES` (a pipe or a device is never read); else
    :class:`GameError` saying what is wrong with it."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise GameError(f"{path} is not a file")
        with path.open("rb") as file:
            text = file.read(MAX_BYTES + 1)
        if len(text) > MAX_BYTES:
            raise GameError(f"{path} is too large for a {what} (over {MAX_BYTES} bytes)")
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise GameError(f"{path} is not a JSON {what}: {error}") from None
    except ValueError as error:  # a number of thousands of digits, say
        raise GameError(f"{path} is not a {what}: {error}") from None
    except RecursionError:
        raise GameError(f"{path} is not a {what}: its JSON is nested too deeply") from None
    if not isinstance(data, dict):
        raise GameError(f"{path} is not a serai {what}")
    return data
