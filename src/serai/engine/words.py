"""Small helpers for the words games say to players: prompts, log lines and score labels.

A log line names seats as :meth:`str.format` fields (``{0}``, ``{1}``, …) that the caller
fills with the players' names; everything else in it is plain text, so braces that come
from elsewhere are doubled (:func:`literal`).

>>> line = seat_field(1) + " placed a blue camel at 7,3" + gain(5)
>>> line, line.format("Ann", "Bob")
('{1} placed a blue camel at 7,3 (+5)', 'Bob placed a blue camel at 7,3 (+5)')
>>> listing(["a camel", "a palm", "a token"]), plural(1, "camel"), plural(3, "camel")
('a camel, a palm and a token', '1 camel', '3 camels')
"""

from __future__ import annotations

from collections.abc import Sequence


def seat_field(index: int) -> str:
    """The field a log line writes for the player in seat ``index``."""
    return f"{{{index}}}"


def literal(text: str) -> str:
    """``text`` as it reads after :meth:`str.format`: its braces doubled."""
    return text.replace("{", "{{").replace("}", "}}")


def gain(points: int) -> str:
    """Points a player gains at once, in brackets after the words (nothing for none)."""
    if not points:
        return ""
    return f" (+{points})" if points > 0 else f" ({points})"


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, with the plural ``many`` (default: ``noun`` + s) unless 1."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def listing(items: Sequence[str], last: str = "and") -> str:
    """Items joined as a sentence joins them: ``a, b and c`` (``last="or"``: ``a, b or c``)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def score_label(key: str) -> str:
    """A label made from a key of ``score_breakdown`` (the default of ``score_labels``).

    >>> score_label("vizier_majority"), score_label("total")
    ('Vizier majority', 'Total')
    """
    return key.replace("_", " ").capitalize()
