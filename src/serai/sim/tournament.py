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
against each other. A tournament written as JSON can be resumed (:func:`played_before`):
its finished pairings are reused, and only the others are played.

>>> from serai import load_game
>>> result = tournament(load_game("through_the_desert", players=2), ["greedy", "random"], 2)
>>> len(result.pairings), result.pairing("random", "greedy").games
(2, 2)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from statistics import fmean
from typing import Any

from openskill.models import PlackettLuce

from serai.engine import Game, GameError, OptionValue
from serai.sim.arena import MatchResult, PairingResult, pairing, summarise, tagged
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
    """The pairings of a tournament played so far (every one, once it has ended)."""

    game: str
    options: dict[str, OptionValue]
    """Every option of the game, ``players`` included."""
    bots: tuple[str, ...]
    games: int
    seed: int
    pairings: tuple[PairingResult, ...]
    played: tuple[tuple[MatchResult, ...], ...]
    """The games of each pairing, in the order of ``pairings``."""
    ratings: tuple[BotRating, ...]

    @property
    def players(self) -> int:
        return int(self.options["players"])

    def pairing(self, challenger: str, opponent: str) -> PairingResult:
        """The pairing of ``challenger`` (one seat) against ``opponent`` (the others)."""
        for result in self.pairings:
            if (result.challenger, result.opponent) == (challenger, opponent):
                return result
        raise GameError(f"no pairing of {challenger} against {opponent}")

    def standings(self) -> list[tuple[str, float]]:
        """Each bot with its mean win rate in the pairings it challenged, best first."""
        rates: dict[str, list[float]] = {}
        for result in self.pairings:
            rates.setdefault(result.challenger, []).append(result.win_rate)
        means = {bot: fmean(rates[bot]) for bot in self.bots if bot in rates}
        return sorted(means.items(), key=lambda item: -item[1])

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "pairings": [
                {**asdict(result), "matches": [asdict(match) for match in matches]}
                for result, matches in zip(self.pairings, self.played, strict=True)
            ],
            "standings": [{"bot": bot, "win_rate": rate} for bot, rate in self.standings()],
            "ratings": [{**asdict(r), "rating": r.rating} for r in self.ratings],
        }


Played = Mapping[tuple[str, str], Sequence[MatchResult]]
"""The games of pairings already played, by (challenger, opponent)."""


def played_before(data: Mapping[str, Any], game: Game, games: int, seed: int) -> Played:
    """The pairings a tournament written as JSON (:meth:`Tournament.to_json`) already
    played, to be reused by the same tournament (game, options, games and seed), which may
    add bots to it.

    >>> from serai import load_game
    >>> game = load_game("through_the_desert", players=2)
    >>> earlier = tournament(game, ["greedy", "random"], 2).to_json()
    >>> sorted(played_before(earlier, game, 2, 0))
    [('greedy', 'random'), ('random', 'greedy')]
    >>> played_before(earlier, game, 3, 0)
    Traceback (most recent call last):
    ...
    serai.engine.errors.GameError: that tournament has 2 games per pairing, not 3
    """
    wanted = {
        "game": game.info.name,
        "options": json.loads(json.dumps(game.params())),
        "games": games,
        "seed": seed,
    }
    words = {"game": "is of", "options": "has the options", "games": "has", "seed": "has seed"}
    for key, value in wanted.items():
        if data.get(key) != value:
            unit = " games per pairing" if key == "games" else ""
            raise GameError(f"that tournament {words[key]} {data.get(key)}{unit}, not {value}")
    try:
        return {
            (p["challenger"], p["opponent"]): [MatchResult(**m) for m in p["matches"]]
            for p in data["pairings"]
            if len(p.get("matches", ())) == games
        }
    except (KeyError, TypeError) as error:
        raise GameError(f"that tournament's pairings cannot be read: {error}") from error


def tournament(
    game: Game,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int | Runner = 1,
    on_result: Callable[[str, MatchResult], None] | None = None,
    played: Played | None = None,
    on_pairing: Callable[[Tournament], None] | None = None,
) -> Tournament:
    """Play a pairing of ``games`` games for every ordered pair of distinct ``bots``.

    ``workers`` (local processes or a :class:`~serai.sim.batch.Runner`) stay up for the
    whole tournament; ``on_result(label, match)`` follows every game, ``on_pairing`` is
    handed the tournament so far after every pairing. A pairing in ``played`` is not
    played again: its games are taken from there.
    """
    names = tuple(dict.fromkeys(bots))
    if len(names) < 2:
        raise GameError("a tournament needs at least two different bots")
    played = played or {}
    results: list[PairingResult] = []
    matches: list[tuple[MatchResult, ...]] = []

    def so_far() -> Tournament:
        rated = [
            (result.challenger, result.opponent, match)
            for result, games_played in zip(results, matches, strict=True)
            for match in games_played
        ]
        return Tournament(
            game.info.name,
            game.params(),
            names,
            games,
            seed,
            tuple(results),
            tuple(matches),
            tuple(rate_bots(names, rated)),
        )

    with as_runner(workers) as runner:
        for challenger in names:
            for opponent in names:
                if challenger == opponent:
                    continue
                label = f"{challenger} vs {opponent}"
                earlier = played.get((challenger, opponent))
                if earlier is not None:
                    games_played = list(earlier)
                    results.append(summarise(game, challenger, opponent, games_played))
                else:
                    games_played = []

                    def follow(
                        match: MatchResult,
                        label: str = label,
                        games_played: list[MatchResult] = games_played,
                    ) -> None:
                        games_played.append(match)
                        if on_result is not None:
                            tagged(on_result, label)(match)

                    result = pairing(game, challenger, opponent, games, seed, runner, follow)
                    results.append(result)
                games_played.sort(key=lambda match: match.index)
                matches.append(tuple(games_played))
                if on_pairing is not None:
                    on_pairing(so_far())
    return so_far()
