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

A **mixed** tournament (:func:`mixed_tournament`) seats a different bot in every seat
instead: every set of as many bots as there are players sits at one table for its games,
each bot moving on one seat per game (every seat equally often when the games are a
multiple of the players), and every game rates all its bots at once by their places, as a
rated table of the platform does. A cell of its cross table is how often the row bot
finished ahead of the column bot at the tables that seated both.

>>> from serai import load_game
>>> result = tournament(load_game("through_the_desert", players=2), ["greedy", "random"], 2)
>>> len(result.pairings), result.pairing("random", "greedy").games
(2, 2)
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from statistics import fmean
from typing import Any

from openskill.models import PlackettLuce

from serai.engine import Game, GameError, OptionValue, places
from serai.engine.errors import quoted
from serai.files import MOST, read_back
from serai.sim.arena import (
    MatchResult,
    PairingResult,
    pairing,
    play_seated,
    summarise,
    tagged,
)
from serai.sim.batch import Runner
from serai.sim.simulate import (
    Params,
    as_runner,
    cached_game,
    check_bots,
    derive_seed,
    params_of,
)


@dataclass(frozen=True)
class BotRating:
    bot: str
    mu: float
    sigma: float
    games: int

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


def rate_results(
    bots: Sequence[str], results: Iterable[tuple[Sequence[str], Sequence[float]]]
) -> list[BotRating]:
    """OpenSkill ratings of ``bots`` from games given in the order they were played, each
    as the bot of every side and the sides' places (1 is best, level sides share one)."""
    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in bots}
    played = dict.fromkeys(bots, 0)
    for sides, ranks in results:
        updated = model.rate([[ratings[bot]] for bot in sides], ranks=list(ranks))
        for bot, (rating,) in zip(sides, updated, strict=True):
            ratings[bot] = rating
            played[bot] += 1
    found = [BotRating(bot, ratings[bot].mu, ratings[bot].sigma, played[bot]) for bot in bots]
    return sorted(found, key=lambda r: -r.rating)


def rate_bots(
    bots: Sequence[str], matches: Sequence[tuple[str, str, MatchResult]]
) -> list[BotRating]:
    """OpenSkill ratings of ``bots`` from the games of pairings, in the order they were
    played: the challenger against the opponent's seats as one side.

    >>> win = MatchResult(0, 0, beaten=1.0, compared=1, thinking=0.0, decisions=1)
    >>> [(r.bot, r.games) for r in rate_bots(["a", "b"], [("a", "b", win)] * 3)]
    [('a', 3), ('b', 3)]
    """

    def ranks(match: MatchResult) -> list[float]:
        share = match.beaten / match.compared
        return [1.0, 2.0] if share == 1 else [2.0, 1.0] if share == 0 else [1.0, 1.0]

    return rate_results(bots, (((c, o), ranks(match)) for c, o, match in matches))


@dataclass(frozen=True)
class Setup:
    """What a tournament plays: one game and its options, the bots, the games of each
    pairing or table, and the seed."""

    game: str
    options: dict[str, OptionValue]
    """Every option of the game, ``players`` included."""
    bots: tuple[str, ...]
    games: int
    seed: int

    @property
    def players(self) -> int:
        return int(self.options["players"])

    def heading(self, seating: str) -> dict[str, Any]:
        """The first fields of the tournament's JSON, which a resumed one must match."""
        return {
            "seating": seating,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
        }


@dataclass(frozen=True)
class Tournament(Setup):
    """The pairings of a tournament played so far (every one, once it has ended)."""

    pairings: tuple[PairingResult, ...]
    played: tuple[tuple[MatchResult, ...], ...]
    """The games of each pairing, in the order of ``pairings``."""
    ratings: tuple[BotRating, ...]

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
            **self.heading("pairs"),
            "pairings": [
                {**asdict(result), "matches": [asdict(match) for match in matches]}
                for result, matches in zip(self.pairings, self.played, strict=True)
            ],
            "standings": [{"bot": bot, "win_rate": rate} for bot, rate in self.standings()],
            "ratings": [{**asdict(r), "rating": r.rating} for r in self.ratings],
        }


Played = Mapping[tuple[str, str], Sequence[MatchResult]]
"""The games of pairings already played, by (challenger, opponent)."""


def _check_same(
    data: Mapping[str, Any], seating: str, game: Game, games: int, seed: int, unit: str
) -> None:
    """Refuse a file written by another tournament than the one being resumed."""
    wanted = Setup(game.info.name, game.params(), (), games, seed).heading(seating)
    words = {
        "seating": "seats its bots as",
        "game": "is of",
        "options": "has the options",
        "games": "has",
        "seed": "has seed",
    }
    for key, word in words.items():
        value = json.loads(json.dumps(wanted[key]))
        found = data.get(key, "pairs" if key == "seating" else None)  # older files: pairs
        if found != value:
            units = f" games per {unit}" if key == "games" else ""
            raise GameError(f"that tournament {word} {found}{units}, not {value}")


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
    _check_same(data, "pairs", game, games, seed, "pairing")
    others = game.num_players - 1
    try:
        played = {
            (_read(p["challenger"], str, "a bot"), _read(p["opponent"], str, "a bot")): [
                MatchResult(
                    index=_read(m["index"], int, "a game's number", 0, games - 1),
                    challenger_seat=_read(m["challenger_seat"], int, "a seat", 0, others),
                    beaten=_read(m["beaten"], float, "a count of seats beaten", 0, others),
                    compared=_read(m["compared"], int, "a count of seats", others, others),
                    thinking=_read(m["thinking"], float, "a thinking time"),
                    decisions=_read(m["decisions"], int, "a count of decisions"),
                )
                for m in p["matches"]
            ]
            for p in data["pairings"]
            if len(p.get("matches", ())) == games
        }
    except (KeyError, TypeError, AttributeError) as error:
        raise GameError(f"that tournament's pairings cannot be read: {error!r}") from error
    for matches in played.values():
        _numbered(matches, games)
    return played


WHOSE = "that tournament's file"


def _read(value: Any, kind: type, what: str, low: float = 0, high: float = MOST) -> Any:
    """A number or a name read back from a tournament's file (:func:`read_back`)."""
    return read_back(value, kind, what, WHOSE, low, high)


def _numbered(played: Sequence[MatchResult | SeatedGame], games: int) -> None:
    """Refuse the games of a pairing or a table unless they are its games 0…games-1."""
    if sorted(game.index for game in played) != list(range(games)):
        raise GameError(f"{WHOSE} cannot be read: a game is there twice")


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


@dataclass(frozen=True)
class SeatedGame:
    """One game of a mixed tournament, with a different bot in every seat."""

    index: int
    bots: tuple[str, ...]
    """The bot in each seat."""
    places: tuple[int, ...]
    """Each seat's place (:func:`serai.engine.places`): 1 is best, level seats share one."""
    thinking: tuple[float, ...]
    """Seconds each seat spent choosing, summed over the game."""
    decisions: tuple[int, ...]

    def ahead(self, bot: str, other: str) -> float:
        """1 if ``bot`` finished ahead of ``other`` here, 0.5 if level, else 0."""
        mine, theirs = self.places[self.bots.index(bot)], self.places[self.bots.index(other)]
        return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0


def rotated(bots: Sequence[str], index: int) -> tuple[str, ...]:
    """The seats of game ``index`` at a table of ``bots``: every bot moves on one seat per
    game, so each plays every seat once in any run of as many games as there are seats.

    >>> rotated(["a", "b", "c"], 1)
    ('c', 'a', 'b')
    """
    return tuple(bots[(seat - index) % len(bots)] for seat in range(len(bots)))


@dataclass(frozen=True)
class TableGames:
    """The games of one table of a mixed tournament as a batch (:mod:`serai.sim.batch`)."""

    name: str
    params: Params
    bots: tuple[str, ...]
    seed: int

    def play(self, index: int) -> SeatedGame:
        game = cached_game(self.name, self.params)
        seats = rotated(self.bots, index)
        chance_seed = derive_seed("arena", self.seed, index)
        state, thinking, decisions = play_seated(game, seats, chance_seed)
        return SeatedGame(
            index,
            seats,
            tuple(places(state.returns(), state.scores())),
            tuple(thinking),
            tuple(decisions),
        )


@dataclass(frozen=True)
class BotTable:
    """One table of a mixed tournament: its bots, and the games they played."""

    bots: tuple[str, ...]
    games: tuple[SeatedGame, ...]


@dataclass(frozen=True)
class MixedTournament(Setup):
    """The tables of a mixed tournament played so far (every one, once it has ended)."""

    tables: tuple[BotTable, ...]
    ratings: tuple[BotRating, ...]

    def seated(self) -> list[SeatedGame]:
        """Every game played, round by round: game 0 of every table, then game 1…"""
        played = [game for table in self.tables for game in table.games]
        return sorted(played, key=lambda game: game.index)

    def ahead(self, bot: str, other: str) -> tuple[float, int]:
        """How often ``bot`` finished ahead of ``other`` in the games that seated both
        (level counts half), and in how many games."""
        shares = [
            game.ahead(bot, other)
            for game in self.seated()
            if bot in game.bots and other in game.bots
        ]
        return (fmean(shares) if shares else 0.0, len(shares))

    def standings(self) -> list[tuple[str, float]]:
        """Each bot with its mean place over the games it played, best first."""
        found: dict[str, list[int]] = {}
        for game in self.seated():
            for bot, place in zip(game.bots, game.places, strict=True):
                found.setdefault(bot, []).append(place)
        means = {bot: fmean(found[bot]) for bot in self.bots if bot in found}
        return sorted(means.items(), key=lambda item: item[1])

    def to_json(self) -> dict[str, Any]:
        return {
            **self.heading("mixed"),
            "tables": [
                {"bots": list(table.bots), "games": [asdict(game) for game in table.games]}
                for table in self.tables
            ],
            "standings": [{"bot": bot, "mean_place": place} for bot, place in self.standings()],
            "ratings": [{**asdict(r), "rating": r.rating} for r in self.ratings],
        }


Seated = Mapping[frozenset[str], Sequence[SeatedGame]]
"""The games of tables already played, by their bots (in any order)."""


def seated_before(data: Mapping[str, Any], game: Game, games: int, seed: int) -> Seated:
    """The tables a mixed tournament written as JSON (:meth:`MixedTournament.to_json`)
    already played, to be reused by the same tournament, which may add bots to it."""
    _check_same(data, "mixed", game, games, seed, "table")
    players = game.num_players

    def each(values: Any, kind: type, what: str, low: float = 0, high: float = MOST) -> Any:
        if not isinstance(values, list) or len(values) != players:
            raise GameError(f"{WHOSE} cannot be read: not {players} of {what} in {quoted(values)}")
        return tuple(_read(value, kind, what, low, high) for value in values)

    try:
        seated = {
            frozenset(each(table["bots"], str, "a bot")): [
                SeatedGame(
                    index=_read(g["index"], int, "a game's number", 0, games - 1),
                    bots=each(g["bots"], str, "a bot"),
                    places=each(g["places"], int, "a place", 1, players),
                    thinking=each(g["thinking"], float, "a thinking time"),
                    decisions=each(g["decisions"], int, "a count of decisions"),
                )
                for g in table["games"]
            ]
            for table in data["tables"]
            if len(table.get("games", ())) == games
        }
    except (KeyError, TypeError, AttributeError) as error:
        raise GameError(f"that tournament's tables cannot be read: {error!r}") from error
    for bots, seated_games in seated.items():
        if len(bots) != players or any(set(g.bots) != bots for g in seated_games):
            raise GameError(f"{WHOSE} cannot be read: a table's bots differ")
        _numbered(seated_games, games)
    return seated


def mixed_tournament(
    game: Game,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int | Runner = 1,
    on_result: Callable[[str, SeatedGame], None] | None = None,
    played: Seated | None = None,
    on_table: Callable[[MixedTournament], None] | None = None,
) -> MixedTournament:
    """Play ``games`` games at a table of every set of ``game.num_players`` distinct
    ``bots``, one bot in each seat, the seats rotated game by game (:func:`rotated`).

    Game ``i`` of every table deals the same chance. Every game rates all its bots at once
    by their places, as a rated table of the web platform does, round by round (game 0 of
    every table, then game 1…). ``workers``, ``on_result`` and ``played`` are as for
    :func:`tournament`; ``on_table`` is handed the tournament so far after every table.

    >>> from serai import load_game
    >>> three = load_game("through_the_desert", players=3)
    >>> result = mixed_tournament(three, ["greedy", "random", "mcts:easy"], 3)
    >>> [table.bots for table in result.tables], result.seated()[1].bots
    ([('greedy', 'random', 'mcts:easy')], ('mcts:easy', 'greedy', 'random'))
    """
    if games < 1:
        raise GameError(f"the number of games must be at least 1, not {games}")
    names = tuple(dict.fromkeys(bots))
    players = game.num_players
    if len(names) < players:
        raise GameError(
            f"a mixed tournament at {players} players needs at least {players} different "
            f"bots, one for each seat, not {len(names)}"
        )
    check_bots(names)
    played = played or {}
    params = params_of(game)
    tables: list[BotTable] = []

    def so_far() -> MixedTournament:
        result = MixedTournament(
            game.info.name, game.params(), names, games, seed, tuple(tables), ()
        )
        rated = ((g.bots, [float(place) for place in g.places]) for g in result.seated())
        return replace(result, ratings=tuple(rate_results(names, rated)))

    with as_runner(workers) as runner:
        for at_table in itertools.combinations(names, players):
            earlier = played.get(frozenset(at_table))
            if earlier is None:
                follow = None if on_result is None else tagged(on_result, " · ".join(at_table))
                batch = TableGames(game.info.name, params, at_table, seed)
                earlier = runner.run(batch, games, follow)
            tables.append(BotTable(at_table, tuple(sorted(earlier, key=lambda g: g.index))))
            if on_table is not None:
                on_table(so_far())
    return so_far()
