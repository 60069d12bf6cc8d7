"""A state's fields, declared once: its slots, its copy and its JSON come from one table.

Each game lists its state's fields in a :class:`FieldTable` with how each is copied; the
class takes its ``__slots__`` and its ``clone`` from the table (the copy is generated once,
at import, as the plain assignments one would write by hand, so it is as fast), and
``to_json`` writes every field the table marks for JSON. A field cannot be forgotten in
one of them.

>>> table = FieldTable(Field("turn"), Field("scores", LIST), Field("board", ROWS))
>>> table.slots
('turn', 'scores', 'board')
>>> class Counter:
...     __slots__ = table.slots
>>> Counter.clone = table.make_clone(Counter)
>>> a = Counter(); a.turn, a.scores, a.board = 3, [1, 2], [[0], [1]]
>>> b = a.clone(); b.scores[0] = 9; b.board[1][0] = 9
>>> a.scores, a.board, table.to_json(b)
([1, 2], [[0], [1]], {'turn': 3, 'scores': [9, 2], 'board': [[0], [9]]})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

VALUE = "value"
"""Never changed in place (an int, a string, a tuple, a static table): the copy shares it."""
LIST = "list"
"""A list or bytearray changed in place: the copy gets its own (``[:]``)."""
ROWS = "rows"
"""A list of lists (or bytearrays) changed in place: the copy gets its own rows."""

S = TypeVar("S")


@dataclass(frozen=True)
class Field:
    """One field of a state."""

    name: str
    copy: str = VALUE
    """:data:`VALUE`, :data:`LIST` or :data:`ROWS`."""
    json: bool = True
    """Written by ``to_json``; False for the game, static tables and caches that are
    rebuilt from the other fields."""
    key: str = ""
    """Its name in JSON; by default the field's name without a leading underscore."""

    @property
    def json_key(self) -> str:
        return self.key or self.name.lstrip("_")


class FieldTable:
    """The fields of one game's state, in the order they are declared."""

    def __init__(self, *fields: Field) -> None:
        names = [field.name for field in fields]
        if len(set(names)) != len(names):
            raise ValueError(f"a field is declared twice: {names}")
        for field in fields:
            if field.copy not in (VALUE, LIST, ROWS):
                raise ValueError(f"field {field.name}: unknown copy {field.copy!r}")
        self.fields = fields

    @property
    def slots(self) -> tuple[str, ...]:
        return tuple(field.name for field in self.fields)

    def make_clone(self, cls: type[S]) -> Callable[[S], S]:
        """A ``clone`` method for ``cls``: a new object with every field copied as declared."""
        lines = ["def clone(self):", "    other = new(cls)"]
        for field in self.fields:
            name = field.name
            if field.copy == LIST:
                lines.append(f"    other.{name} = self.{name}[:]")
            elif field.copy == ROWS:
                lines.append(f"    other.{name} = [row[:] for row in self.{name}]")
            else:
                lines.append(f"    other.{name} = self.{name}")
        lines.append("    return other")
        namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
        exec("\n".join(lines), namespace)
        clone: Callable[[S], S] = namespace["clone"]
        clone.__qualname__ = f"{cls.__qualname__}.clone"
        clone.__doc__ = "An independent copy: every field copied as its table declares."
        return clone

    def to_json(self, state: object) -> dict[str, Any]:
        """Every JSON field of ``state`` as plain JSON values (lists for bytearrays and
        tuples)."""
        return {
            field.json_key: plain(getattr(state, field.name)) for field in self.fields if field.json
        }


def plain(value: Any) -> Any:
    """``value`` as JSON holds it: tuples, bytearrays and bytes become lists.

    >>> plain((1, bytearray(b"\\x02"), [3, (4,)]))
    [1, [2], [3, [4]]]
    """
    if isinstance(value, bytes | bytearray):
        return list(value)
    if isinstance(value, list | tuple):
        # most items are numbers (a history, a row of a board): kept without a call each
        return [item if type(item) in _SCALARS else plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    return value


_SCALARS = frozenset((int, float, str, bool, type(None)))
"""The types JSON holds as they are."""
