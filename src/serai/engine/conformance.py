"""Which configurations of a game the conformance suite plays.

>>> [c.label for c in configurations("through_the_desert")][:3]
['through_the_desert-2p', 'through_the_desert-3p', 'through_the_desert-4p']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from serai.engine.core import Game, OptionValue
from serai.engine.registry import game_info, load_game


@dataclass(frozen=True)
class Configuration:
    """A game name, player count and options: one thing to load and play."""

    name: str
    players: int
    options: dict[str, OptionValue] = field(default_factory=dict)

    @property
    def label(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in self.options.items())
        return f"{self.name}-{self.players}p{extra}"

    def load(self) -> Game:
        return load_game(self.name, players=self.players, **self.options)


def configurations(name: str) -> list[Configuration]:
    """Every player count with default options, then each non-default option value
    at the smallest and the largest player count."""
    info = game_info(name)
    counts = range(info.min_players, info.max_players + 1)
    out = [Configuration(name, n) for n in counts]
    for option in info.options:
        for value in option.choices:
            if value != option.default:
                for n in sorted({info.min_players, info.max_players}):
                    out.append(Configuration(name, n, {option.name: value}))
    return out
