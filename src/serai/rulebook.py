"""The players' rules reference of each game, ``docs/rules/<game>.md``, and its rulings.

The files ship inside the package (``serai/rules`` is a link to ``docs/rules`` in the
repository), so an installed ``serai`` reads them too. A ruling is a section headed
``### R12 — <title>``; engine messages cite rulings as ``(R12)``.

>>> ruling("through_the_desert", "R12").title
'Placing a camel'
>>> cited("'camel red 3,6': 3,6 is not next to your red caravan (R12)")
[12]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from serai.engine import GameError, list_games

RULING_HEADING = re.compile(r"^### (R\d+) — (.+)$", re.MULTILINE)
"""The heading of a ruling in a rules file; software depends on exactly this form."""

CITATION = re.compile(r"\bR([1-9]\d*)\b")
"""A ruling cited in a message or in code: ``R8`` (rulings are numbered from 1)."""


@dataclass(frozen=True)
class Ruling:
    """One numbered ruling: its number, short title and explanation (Markdown)."""

    number: int
    title: str
    text: str

    @property
    def label(self) -> str:
        """``R12``, as messages and code cite it."""
        return f"R{self.number}"

    @property
    def anchor(self) -> str:
        """``r12``, the id of the ruling in rendered pages."""
        return f"r{self.number}"

    def markdown(self) -> str:
        """The ruling as it stands in its rules file: heading, blank line, explanation."""
        return f"### {self.label} — {self.title}\n\n{self.text}\n"


def rules_text(game: str) -> str:
    """The whole rules file of ``game``, Markdown.

    >>> rules_text("through_the_desert").splitlines()[0]
    '# Through the Desert — rules'
    >>> rules_text("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    serai.engine.errors.GameError: unknown game 'chess'; known games: desert_sons, ...
    """
    return _read(game)


def rulings(game: str) -> list[Ruling]:
    """Every ruling of ``game`` in the order of its file.

    >>> [r.label for r in rulings("through_the_desert")][:3]
    ['R1', 'R2', 'R3']
    """
    return list(_parse(game))


def ruling(game: str, number: int | str) -> Ruling:
    """One ruling of ``game`` by number: ``12``, ``"12"``, ``"R12"`` or ``"r12"``.

    >>> ruling("through_the_desert", 8).anchor
    'r8'
    >>> ruling("through_the_desert", "R99")
    Traceback (most recent call last):
    ...
    serai.engine.errors.GameError: through_the_desert has no ruling R99; its rulings are R1–R29
    """
    wanted = _ruling_number(number)
    found = _parse(game)
    for each in found:
        if each.number == wanted:
            return each
    raise GameError(f"{game} has no ruling R{wanted}; its rulings are {_spans(found)}")


def markdown(game: str, number: int | str | None = None) -> str:
    """The whole rules of ``game`` (``number`` None) or one ruling, as Markdown to show.

    >>> print(markdown("through_the_desert", "R29"))
    ### R29 — Default options
    <BLANKLINE>
    Without options the game is for 2 players on the mountain side.
    <BLANKLINE>
    """
    return rules_text(game) if number is None else ruling(game, number).markdown()


def cited(message: str) -> list[int]:
    """The ruling numbers ``message`` cites, in order of first mention.

    >>> cited("'leader red 7,10': 7,10 holds a token like a watering hole (R7, R8)")
    [7, 8]
    >>> cited("the game is over")
    []
    """
    return list(dict.fromkeys(int(n) for n in CITATION.findall(message)))


def _ruling_number(number: int | str) -> int:
    text = str(number).strip()
    digits = text[1:] if text[:1] in ("R", "r") else text
    if not (digits.isascii() and digits.isdecimal()) or len(digits) > 4:
        raise GameError(f"{number!r:.20} is not a ruling number; write it as R12 or 12")
    return int(digits)


def _spans(found: tuple[Ruling, ...]) -> str:
    """``R1–R29`` for consecutive numbers; runs joined by commas where some are missing."""
    runs: list[list[int]] = []
    for each in found:
        if runs and each.number == runs[-1][-1] + 1:
            runs[-1].append(each.number)
        else:
            runs.append([each.number])
    return ", ".join(f"R{r[0]}" if len(r) == 1 else f"R{r[0]}–R{r[-1]}" for r in runs) or "none"


@cache
def _read(game: str) -> str:
    if game not in list_games():
        raise GameError(f"unknown game {game!r}; known games: {', '.join(list_games())}")
    source = files("serai") / "rules" / f"{game}.md"
    try:
        return source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameError(f"{game} has no rules reference yet (docs/rules/{game}.md)") from None


@cache
def _parse(game: str) -> tuple[Ruling, ...]:
    text = _read(game)
    headings = list(RULING_HEADING.finditer(text))
    found = []
    for index, heading in enumerate(headings):
        end = headings[index + 1].start() if index + 1 < len(headings) else len(text)
        body = text[heading.end() : end].strip()
        found.append(Ruling(int(heading[1][1:]), heading[2].strip(), body))
    return tuple(found)
