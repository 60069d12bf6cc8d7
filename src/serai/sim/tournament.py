"""``serai tournament``: every bot against every other, on one game, as a cross table.

For each ordered pair of distinct bots it plays a seat-rotated pairing
(:mod:`serai.sim.arena`): the row bot in one seat, rotated game by game, the column
bot in every other seat. A cell is the row bot's win rate there (ties half, so 50% is
equal strength at any player count); a bot's standing is the mean of its row. Every
pairing uses the same seed, so game ``i`` of each deals the same chance.

Every game also rates its two bots with OpenSkill's Plackett–Luce model, as the web
platform rates its players: the challenger against the opponent's seats as one side, the
side that finished ahead of the other in every comparison wins, anything else is a tie.
The ratings (``mu - 3 sigma``) are what ``mcts:hard`` and the other presets are worth
against each other.

>>> from serai import load_game
>>> result = tournament(load_game("through_the_desert", players=2), ["greedy", "random"], 2)
>>> len(result.pairings), result.pairing("random", "greedy").games
(2, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from statistics import fmean
from typing import Any

from openskill.models import PlackettLuce

from serai.engine import Game, GameError
from serai.sim.arena import MatchResult, PairingResult, pairing, tagged
from serai.sim.batch import Runner
from serai.sim.simulate import as_runner


@dataclass(frozen=True)
class BotRating:
    bot: str
    mu: float
    sigma: float
    games: int

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


def rate_bots(
    bots: Sequence[str], matches: Sequence[tuple[str, str, MatchResult]]
) -> list[BotRating]:
    """OpenSkill ratings of ``bots`` from their games, in the order they were played.

    >>> win = MatchResult(0, 0, beaten=1.0, compared=1, thinking=0.0, decisions=1)
    >>> [(r.bot, r.games) for r in rate_bots(["a", "b"], [("a", "b", win)] * 3)]
    [('a', 3), ('b', 3)]
    """
    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in bots}
    played = dict.fromkeys(bots, 0)
    for challenger, opponent, match in matches:
        share = match.beaten / match.compared
        ranks = [1.0, 2.0] if share == 1 else [2.0, 1.0] if share == 0 else [1.0, 1.0]
        [[first], [second]] = model.rate([[ratings[challenger]], [ratings[opponent]]], ranks=ranks)
        ratings[challenger], ratings[opponent] = first, second
        played[challenger] += 1
        played[opponent] += 1
    found = [BotRating(bot, ratings[bot].mu, ratings[bot].sigma, played[bot]) for bot in bots]
    return sorted(found, key=lambda r: -r.rating)


@dataclass(frozen=True)
class Tournament:
    """Every pairing of a tournament."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    pairings: tuple[PairingResult, ...]
    ratings: tuple[BotRating, ...] = ()

    def pairing(self, challenger: str, opponent: str) -> PairingResult:
        """The pairing of ``challenger`` (one seat) against ``opponent`` (the others)."""
        for result in self.pairings:
            if (result.challenger, result.opponent) == (challenger, opponent):
                return result
        raise GameError(f"no pairing of {challenger} against {opponent}")

    def standings(self) -> list[tuple[str, float]]:
        """Each bot with its mean win rate against the others, best first."""
        means = {
            bot: fmean(self.pairing(bot, other).win_rate for other in self.bots if other != bot)
            for bot in self.bots
        }
        return sorted(means.items(), key=lambda item: -item[1])

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "pairings": [asdict(result) for result in self.pairings],
            "standings": [{"bot": bot, "win_rate": rate} for bot, rate in self.standings()],
            "ratings": [{**asdict(r), "rating": r.rating} for r in self.ratings],
        }


def tournament(
    game: Game,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int | Runner = 1,
    on_result: Callable[[str, MatchResult], None] | None = None,
) -> Tournament:
    """Play a pairing of ``games`` games for every ordered pair of distinct ``bots``.

    ``workers`` (local processes or a :class:`~serai.sim.batch.Runner`) stay up for the
    whole tournament; ``on_result(label, match)`` follows every game.
    """
    names = tuple(dict.fromkeys(bots))
    if len(names) < 2:
        raise GameError("a tournament needs at least two different bots")
    results = []
    matches: list[tuple[str, str, MatchResult]] = []
    with as_runner(workers) as runner:
        for challenger in names:
            for opponent in names:
                if challenger == opponent:
                    continue
                label = f"{challenger} vs {opponent}"
                played: list[MatchResult] = []

                def follow(
                    match: MatchResult, label: str = label, played: list[MatchResult] = played
                ) -> None:
                    played.append(match)
                    if on_result is not None:
                        tagged(on_result, label)(match)

                results.append(pairing(game, challenger, opponent, games, seed, runner, follow))
                played.sort(key=lambda match: match.index)
                matches.extend((challenger, opponent, match) for match in played)
    return Tournament(
        game.info.name,
        game.num_players,
        names,
        games,
        seed,
        tuple(results),
        tuple(rate_bots(names, matches)),
    )
