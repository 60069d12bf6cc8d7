"""Reading and writing position texts (each game's one-line notation of a whole state).

A game writes its position as words separated by single spaces; :class:`PositionReader`
reads them back in order and says, on any mistake, which part was wrong and what it
expected, as a :class:`~serai.GameError`. Lists of whole numbers are written with commas
(``3,0,12``) and the empty list as ``-``.

Every position starts with the same :func:`header`: the number of players, then each
option's value in the order the game declares its options, so a position names the game
it belongs to (``serai.load_position(name, text)`` needs nothing else).

>>> reader = PositionReader("through_the_desert", "2 3,0,12 - river")
>>> reader.integer("players", 2, 5), reader.integers("pool"), reader.integers("held")
(2, [3, 0, 12], [])
>>> reader.choice("board", ("mountain", "river"))
'river'
>>> reader.end()
>>> PositionReader("five_tribes", "7").integer("round", 1, 6)
Traceback (most recent call last):
...
serai.engine.errors.GameError: five_tribes position, part 1 (round): 7 is not from 1 to 6
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from serai.engine.errors import GameError, quoted

if TYPE_CHECKING:
    from serai.engine.core import Game, GameInfo, OptionValue

EMPTY = "-"
"""How an empty list is written."""

MOST_DIGITS = 100
"""The most digits a number of a position may have (a board's mask has a few dozen)."""


def ints(values: Iterable[int]) -> str:
    """Whole numbers as a position writes them.

    >>> ints([3, 0, 12]), ints([])
    ('3,0,12', '-')
    """
    text = ",".join(str(value) for value in values)
    return text or EMPTY


def option_text(value: OptionValue) -> str:
    """An option's value as a position writes it (``true``/``false`` for yes-or-no)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def header(game: Game) -> str:
    """The first words of every position of ``game``: players, then each option.

    >>> import serai
    >>> header(serai.load_game("nomads_of_arabia", players=4, final_disks=3))
    '4 5 3 1000'
    """
    values = [option_text(game.options[option.name]) for option in game.info.options]
    return " ".join([str(game.num_players), *values])


def whole_number(text: str) -> int | None:
    """``text`` as a whole number typed in plain digits (not ``1_000``, nor digits of
    other scripts, nor thousands of them), else None.

    >>> whole_number(" 12 "), whole_number("1_000"), whole_number("３")
    (12, None, None)
    """
    digits = text.strip()
    if digits.isascii() and digits.isdecimal() and len(digits) <= 18:
        return int(digits)
    return None


def plain_number(text: str) -> int | None:
    """``text`` as the notation writes a number: a :func:`whole_number` written without
    a leading zero or spaces, else None.

    >>> plain_number("12"), plain_number("012"), plain_number("１２"), plain_number("9" * 5000)
    (12, None, None, None)
    """
    number = whole_number(text)
    return number if number is not None and str(number) == text else None


class PositionReader:
    """The parts of a position text, read one after the other."""

    def __init__(self, game: str, text: str) -> None:
        if not isinstance(text, str):
            raise GameError(f"a {game} position is text, not {type(text).__name__}")
        if text != text.strip() or "  " in text or "\n" in text:
            raise GameError(f"a {game} position is one line of words with single spaces")
        self.game = game
        self.words = text.split(" ") if text else []
        self.index = 0

    def fail(self, what: str, problem: str) -> GameError:
        """The error for part ``what`` (the one just read)."""
        return GameError(f"{self.game} position, part {self.index} ({what}): {problem}")

    def word(self, what: str) -> str:
        if self.index >= len(self.words):
            raise GameError(
                f"{self.game} position ends after {len(self.words)} parts; "
                f"part {self.index + 1} ({what}) is missing"
            )
        word = self.words[self.index]
        self.index += 1
        return word

    def integer(self, what: str, low: int | None = None, high: int | None = None) -> int:
        word = self.word(what)
        return self.whole(word, what, low, high)

    def integers(
        self,
        what: str,
        count: int | None = None,
        low: int | None = None,
        high: int | None = None,
    ) -> list[int]:
        """A comma-separated list (``-``: empty), of ``count`` numbers if given."""
        word = self.word(what)
        values = [] if word == EMPTY else [self.whole(w, what, low, high) for w in word.split(",")]
        if count is not None and len(values) != count:
            raise self.fail(what, f"has {len(values)} numbers, not {count}")
        return values

    def choice(self, what: str, options: Sequence[str]) -> str:
        word = self.word(what)
        if word not in options:
            raise self.fail(what, f"{quoted(word)} is not one of {', '.join(options)}")
        return word

    def header(self, info: GameInfo) -> tuple[int, dict[str, OptionValue]]:
        """The players and options a position starts with (see :func:`header`)."""
        players = self.integer("players", info.min_players, info.max_players)
        options: dict[str, OptionValue] = {}
        for option in info.options:
            word = self.word(option.name)
            value = next((choice for choice in option.choices if option_text(choice) == word), None)
            if value is None and option.minimum is not None:
                value = whole_number(word)
            if value is None or not option.allows(value):
                raise self.fail(option.name, f"{quoted(word)} is not one of {option.describe()}")
            options[option.name] = value
        return players, options

    def check_header(self, game: Game) -> None:
        """Read the header and refuse a position of other players or options than
        ``game``'s."""
        players, options = self.header(game.info)
        if {"players": players, **options} != game.params():
            raise GameError(
                f"this {self.game} position is for players={players}, "
                f"{', '.join(f'{k}={v}' for k, v in options.items()) or 'no options'}; "
                f"the game was loaded with {game!r}"
            )

    def end(self) -> None:
        """Every part has been read."""
        if self.index != len(self.words):
            raise GameError(
                f"{self.game} position has {len(self.words)} parts; only {self.index} belong "
                f"to it (the next is {quoted(self.words[self.index])})"
            )

    def whole(self, word: str, what: str, low: int | None = None, high: int | None = None) -> int:
        """``word`` (of part ``what``) as a whole number from ``low`` to ``high``."""
        sign = word[1:] if word.startswith("-") else word
        if not (sign.isascii() and sign.isdecimal()) or len(sign) > MOST_DIGITS:
            raise self.fail(what, f"{quoted(word)} is not a whole number of a position")
        value = int(word)
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise self.fail(what, f"{value} is not {bounds}")
        return value
