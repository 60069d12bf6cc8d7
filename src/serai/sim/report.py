"""``serai report``: a balance report of one game for designers, as a small web page.

It plays ``games`` seeded games (:func:`~serai.sim.simulate.simulate`, so locally, in
worker processes or on Ray) for each *variant*, and writes into one directory:

- ``index.html``: the figures with what each means for a designer, and the command;
- ``win_share.png``, ``scores.png``, ``margins.png``, ``length.png``, ``components.png``;
- ``results.json``: every figure shown, the tests, and the raw per-game results.

A variant is one combination of the options: ``--option board=mountain,river`` gives two,
played with the same seeds, and every figure shows them side by side with a test of
whether they differ (:mod:`serai.sim.stats`).

>>> variants({"board": "mountain,river", "x": "1"})
[{'board': 'mountain', 'x': '1'}, {'board': 'river', 'x': '1'}]
"""

from __future__ import annotations

import html
import itertools
import json
import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from serai.engine import Game, GameError, game_info, load_game
from serai.sim.batch import Runner
from serai.sim.simulate import GameResult, Simulation, as_runner, check_seats, simulate
from serai.sim.stats import (
    chi_square_even,
    chi_square_homogeneity,
    kruskal_wallis,
    wilson_interval,
)

SEAT_ORDER_NOTES = {
    "five_tribes": "Five Tribes has no fixed first player: the first bid order is drawn at "
    "random and bidding sets each round's order (R40), so a difference between seats here "
    "would point to a fault, not to an advantage of moving first."
}
"""What seat numbers mean where seat 0 is not simply the first player."""
SEAT_ORDER = "Seat 0 takes the first turn and the others follow in seat order."
FIGURES = ("win_share", "scores", "margins", "length", "components")
SIGNIFICANCE = 0.05


def variants(options: Mapping[str, str]) -> list[dict[str, str]]:
    """Every combination of the options' values, each given as ``value`` or ``a,b,…``."""
    choices = [[value.strip() for value in text.split(",")] for text in options.values()]
    return [
        dict(zip(options, combination, strict=True)) for combination in itertools.product(*choices)
    ]


def label(options: Mapping[str, str], swept: Sequence[str]) -> str:
    """The name of a variant: its swept options as ``key=value`` (else all of them)."""
    shown = swept or list(options)
    return ", ".join(f"{key}={options[key]}" for key in shown) or "default options"


@dataclass(frozen=True)
class SeatShare:
    """One seat's share of the wins (ties split) with its 95% Wilson interval."""

    seat: int
    share: float
    low: float
    high: float


@dataclass(frozen=True)
class Variant:
    """The games of one combination of options and what they show."""

    label: str
    options: dict[str, str]
    simulation: Simulation

    @property
    def results(self) -> tuple[GameResult, ...]:
        return self.simulation.results

    def seat_shares(self) -> list[SeatShare]:
        games = len(self.results)
        return [
            SeatShare(seat, share, *wilson_interval(share, games))
            for seat, share in enumerate(self.simulation.summary.win_share)
        ]

    def seat_test(self) -> tuple[float, int, float]:
        """Chi-square test that every seat wins equally often."""
        wins = [share * len(self.results) for share in self.simulation.summary.win_share]
        return chi_square_even(wins)

    def winning_scores(self) -> list[int]:
        return [max(result.scores) for result in self.results]

    def margins(self) -> list[int]:
        """The winner's lead over the runner-up, per game (0 when tied)."""
        return [_first_minus_second(result.scores) for result in self.results]

    def decisions(self) -> list[int]:
        return [result.decisions for result in self.results]

    def components(self) -> dict[str, tuple[float, float]]:
        """Per part of the final score: mean points of a seat, and of a game's winners."""
        parts = [key for key in self.results[0].breakdown[0] if key != "total"]
        everyone: dict[str, list[int]] = {part: [] for part in parts}
        winners: dict[str, list[int]] = {part: [] for part in parts}
        for result in self.results:
            for seat, breakdown in enumerate(result.breakdown):
                for part in parts:
                    everyone[part].append(breakdown[part])
                    if result.returns[seat] > 0:
                        winners[part].append(breakdown[part])
        return {
            part: (statistics.fmean(everyone[part]), statistics.fmean(winners[part]))
            for part in sorted(parts, key=lambda p: -statistics.fmean(everyone[p]))
        }

    def to_json(self, raw: bool = True) -> dict[str, Any]:
        """Every figure; with ``raw`` every game's results too."""
        summary = self.simulation.summary
        statistic, dof, p = self.seat_test()
        return {
            "label": self.label,
            "options": self.options,
            "params": self.simulation.params,
            "games": len(self.results),
            "win_share": [vars(share) for share in self.seat_shares()],
            "seat_test": {"chi_square": statistic, "dof": dof, "p": p},
            "scores": [vars(stats) for stats in summary.scores],
            "winning_score": _describe(self.winning_scores()),
            "margin": _describe(self.margins()),
            "decisions": _describe(self.decisions()),
            "actions": vars(summary.length),
            "components": {
                part: {"mean": everyone, "mean_of_winners": winners}
                for part, (everyone, winners) in self.components().items()
            },
            "retried": [str(failure) for failure in self.simulation.retried],
            **({"results": _columns(self.results)} if raw else {}),
        }


def _first_minus_second(scores: Sequence[int]) -> int:
    first, second = sorted(scores, reverse=True)[:2]
    return first - second


def _describe(values: Sequence[int]) -> dict[str, float]:
    return {
        "mean": statistics.fmean(values),
        "median": float(statistics.median(values)),
        "min": float(min(values)),
        "max": float(max(values)),
    }


def _columns(results: Sequence[GameResult]) -> dict[str, Any]:
    """The per-game results, one list per field (far smaller than one dict per game)."""
    parts = list(results[0].breakdown[0])
    return {
        "index": [r.index for r in results],
        "seed": [r.seed for r in results],
        "length": [r.length for r in results],
        "decisions": [r.decisions for r in results],
        "scores": [list(r.scores) for r in results],
        "returns": [list(r.returns) for r in results],
        "breakdown": {part: [[b[part] for b in r.breakdown] for r in results] for part in parts},
    }


@dataclass(frozen=True)
class Report:
    """Every variant of a balance report, and how it was made."""

    command: str
    game: str
    players: int
    seats: tuple[str, ...]
    seed: int
    variants: tuple[Variant, ...]

    @property
    def title(self) -> str:
        return game_info(self.game).title

    @property
    def games(self) -> int:
        return len(self.variants[0].results)

    def variant_tests(self) -> dict[str, tuple[float, int, float]]:
        """Whether the variants differ: wins by seat, winning score, margin, length."""
        if len(self.variants) < 2:
            return {}
        wins = [[s.share * self.games for s in v.seat_shares()] for v in self.variants]
        return {
            "wins by seat": chi_square_homogeneity(wins),
            "winning score": kruskal_wallis([v.winning_scores() for v in self.variants]),
            "margin": kruskal_wallis([v.margins() for v in self.variants]),
            "decisions": kruskal_wallis([v.decisions() for v in self.variants]),
        }

    def to_json(self, raw: bool = True) -> dict[str, Any]:
        """Every figure of every variant; with ``raw`` every game's results too."""
        return {
            "command": self.command,
            "game": self.game,
            "version": self.variants[0].simulation.version,
            "players": self.players,
            "seats": list(self.seats),
            "seed": self.seed,
            "games_per_variant": self.games,
            "seeding": "game i of every variant: chance seed game_seed(seed, i); "
            "seat s: bot_seed(that, s)",
            "variant_tests": {
                name: {"statistic": statistic, "dof": dof, "p": p}
                for name, (statistic, dof, p) in self.variant_tests().items()
            },
            "variants": [variant.to_json(raw) for variant in self.variants],
        }


def command_line(
    game: str,
    players: int | None,
    options: Mapping[str, str],
    seats: str,
    games: int,
    seed: int,
    raw: bool,
    out: Path,
) -> str:
    """The ``serai report`` command that makes this report (where it runs changes nothing)."""
    return " ".join(
        [
            f"serai report {game}",
            *([f"--players {players}"] if players else []),
            *(f"--option {key}={value}" for key, value in options.items()),
            f"--seats {seats} --games {games} --seed {seed}",
            *([] if raw else ["--no-raw"]),
            f"--out {out}",
        ]
    )


@dataclass(frozen=True)
class Plan:
    """What a report will play, checked before any game is: variants, games, bots."""

    game: str
    variants: tuple[dict[str, str], ...]
    swept: tuple[str, ...]
    loaded: tuple[Game, ...]
    seats: tuple[str, ...]


def plan(
    game: str, players: int | None, options: Mapping[str, str], seats: Sequence[str] | None
) -> Plan:
    """Check the game, every variant of ``options`` (see :func:`variants`) and ``seats``.

    ``seats`` names one bot per seat, or one for every seat (default ``random``).
    """
    combinations = tuple(variants(options))
    loaded = tuple(load_game(game, players, **combination) for combination in combinations)
    names = check_seats(loaded[0], seats)
    swept = tuple(key for key, text in options.items() if "," in text)
    return Plan(game, combinations, swept, loaded, names)


def run(
    planned: Plan,
    games: int,
    seed: int = 0,
    workers: int | Runner = 1,
    on_result: Callable[[GameResult], None] | None = None,
    command: str = "",
) -> Report:
    """Play ``games`` games of every variant of ``planned``, all with the same seeds."""
    with as_runner(workers) as runner:
        played = tuple(
            Variant(
                label(combination, planned.swept),
                combination,
                simulate(each, games, seed, runner, on_result, planned.seats),
            )
            for combination, each in zip(planned.variants, planned.loaded, strict=True)
        )
    return Report(command, planned.game, planned.loaded[0].num_players, planned.seats, seed, played)


# -- the page ---------------------------------------------------------------------------


def write(report: Report, directory: Path, raw: bool = True) -> list[Path]:
    """Write the page, its figures and ``results.json`` (per-game too with ``raw``)."""
    directory.mkdir(parents=True, exist_ok=True)
    images = plot(report, directory)
    data = directory / "results.json"
    data.write_text(json.dumps(report.to_json(raw), separators=(",", ":")) + "\n", "utf-8")
    page = directory / "index.html"
    page.write_text(page_html(report, raw), "utf-8")
    return [page, *images, data]


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _p(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def headline(report: Report, variant: Variant) -> str:
    """Seat 0's share of the wins with its interval, against an even share."""
    first = variant.seat_shares()[0]
    even = 1 / report.players
    side = (
        "above"
        if first.low > even
        else "below"
        if first.high < even
        else "not distinguishable from"
    )
    return (
        f"seat 0 won {_percent(first.share)} of the games (95% interval "
        f"{_percent(first.low)}–{_percent(first.high)}), {side} the even share of {_percent(even)}"
    )


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _figure(name: str, alt: str) -> str:
    return f'<p><img src="{name}.png" alt="{html.escape(alt)}"></p>'


def page_html(report: Report, raw: bool = True) -> str:
    """The report as one HTML page that needs nothing but its PNGs beside it."""
    seats = ", ".join(dict.fromkeys(report.seats))
    many = len(report.variants) > 1
    title = f"{report.title}, {report.players} players, {seats} seats: balance report"
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title>",
        "<style>body{font:15px/1.45 system-ui,sans-serif;max-width:60rem;margin:2rem auto;"
        "padding:0 1rem;color:#222}table{border-collapse:collapse;margin:.5rem 0}"
        "td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:right}"
        "th{background:#f3f0e8}img{max-width:100%}code{background:#f3f0e8;padding:0 .2rem}"
        "</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{report.games} games per variant, every seat played by the <b>"
        f"{html.escape(seats)}</b> bot; rules version "
        f"{html.escape(report.variants[0].simulation.version)}, seed {report.seed}. "
        "Bots are not people: random seats show what the rules and luck alone give, greedy "
        "ones what a player looking one move ahead makes of them. Read what follows as "
        "leads to try at the table.</p>",
        "<ul>"
        + "".join(
            f"<li><b>{html.escape(v.label)}</b>: {html.escape(headline(report, v))}.</li>"
            for v in report.variants
        )
        + "</ul>",
        "<h2>Who wins: the seats</h2>",
        "<p>Each bar is a seat's share of the wins (a tie splits the win), with its 95% "
        f"interval. In an even game every seat wins {_percent(1 / report.players)} "
        "(the dashed line). A bar whose interval stays clear of the line marks a seat "
        "that the turn order favours or handicaps: the first-player advantage a designer "
        "may want to offset, with a compensation for later seats or a different start.</p>",
    ]
    note = SEAT_ORDER_NOTES.get(report.game, SEAT_ORDER)
    parts.append(f"<p><i>{html.escape(note)}</i></p>")
    parts.append(_figure("win_share", "share of the wins by seat"))
    rows = []
    for v in report.variants:
        statistic, dof, p = v.seat_test()
        shares = [
            f"{_percent(s.share)} ({_percent(s.low)}–{_percent(s.high)})" for s in v.seat_shares()
        ]
        rows.append([v.label, *shares, f"χ²={statistic:.1f}, {dof} dof, p {_p(p)}"])
    header = ["variant", *(f"seat {s}" for s in range(report.players)), "seats equal?"]
    parts.append(_table(header, rows))
    parts.append(
        "<p>The last column tests whether all seats win equally often; a p-value below "
        f"{SIGNIFICANCE} says the differences are unlikely to be chance alone.</p>"
    )
    parts += [
        "<h2>How the scores fall</h2>",
        "<p>The final scores of each seat. Wide, overlapping curves mean the outcome is "
        "open; a seat whose curve sits to the right is ahead before anyone plays well.</p>",
        _figure("scores", "final scores by seat"),
        "<p>The winner's lead over the runner-up. Many narrow wins mean tense endings; a "
        "long tail of large leads means games that are decided early and played out "
        "anyway (a runaway leader).</p>",
        _figure("margins", "winning margins"),
        _table(
            ["variant", "winning score (mean, median)", "margin (mean, median, max)"],
            [
                [
                    v.label,
                    f"{statistics.fmean(v.winning_scores()):.1f}, "
                    f"{statistics.median(v.winning_scores()):g}",
                    f"{statistics.fmean(v.margins()):.1f}, {statistics.median(v.margins()):g}, "
                    f"{max(v.margins())}",
                ]
                for v in report.variants
            ],
        ),
        "<h2>How long a game lasts</h2>",
        "<p>Decisions per game, all seats together (dice and draws not counted). This is "
        "the length players feel; a long right tail means some games drag on.</p>",
        _figure("length", "decisions per game"),
        _table(
            ["variant", "mean", "median", "min", "max"],
            [
                [
                    v.label,
                    f"{statistics.fmean(v.decisions()):.1f}",
                    f"{statistics.median(v.decisions()):g}",
                    str(min(v.decisions())),
                    str(max(v.decisions())),
                ]
                for v in report.variants
            ],
        ),
        "<h2>Where the points come from</h2>",
        "<p>The mean points a seat scores from each part of the final scoring, beside the "
        "mean of the games' winners. A part that makes up most of every score dominates the "
        "game; a part where winners score far more than the average seat is what wins.</p>",
        _figure("components", "mean points by part of the score"),
    ]
    for v in report.variants:
        parts.append(
            _table(
                [f"{v.label}: part", "mean per seat", "mean of winners"],
                [[part, f"{a:.1f}", f"{b:.1f}"] for part, (a, b) in v.components().items()],
            )
        )
    tests = report.variant_tests()
    if many:
        parts += [
            "<h2>Do the variants differ?</h2>",
            "<p>Each line tests whether the variants could be the same game: the wins by "
            "seat with a chi-square test of homogeneity, the winning score, margin and "
            "length with a Kruskal–Wallis test. A p-value below "
            f"{SIGNIFICANCE} says the option changes that figure.</p>",
            _table(
                ["figure", "statistic", "dof", "p", f"differ at {SIGNIFICANCE}?"],
                [
                    [name, f"{statistic:.2f}", str(dof), _p(p), "yes" if p < SIGNIFICANCE else "no"]
                    for name, (statistic, dof, p) in tests.items()
                ],
            ),
        ]
    retried = [f"{v.label}: {failure}" for v in report.variants for failure in v.simulation.retried]
    parts += [
        "<h2>How this was made</h2>",
        f"<p>Regenerate with <code>{html.escape(report.command)}</code>. Game <i>i</i> of "
        "every variant uses the same chance seed, derived from the run's seed and <i>i</i> "
        "alone, so the numbers do not depend on where the games ran. Every figure"
        + (" and every game's results are" if raw else " is")
        + ' in <a href="results.json">results.json</a>.</p>',
        "<p>"
        + (
            "Tasks that failed and were played again: " + html.escape("; ".join(retried))
            if retried
            else "No task failed."
        )
        + "</p>",
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


# -- the figures ------------------------------------------------------------------------


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise GameError("the report needs matplotlib: pip install 'serai[plots]'") from error
    return plt


def plot(report: Report, directory: Path) -> list[Path]:
    """Draw the report's five figures into ``directory``; their paths."""
    plt = _pyplot()
    k = len(report.variants)
    written = []

    def save(figure: Any, name: str) -> None:
        figure.tight_layout()
        path = directory / f"{name}.png"
        figure.savefig(path, dpi=72, pil_kwargs={"optimize": True})
        plt.close(figure)
        written.append(path)

    figure, axes = plt.subplots(figsize=(7, 3.4))
    width = 0.8 / k
    for i, v in enumerate(report.variants):
        shares = v.seat_shares()
        xs = [s.seat - 0.4 + width * (i + 0.5) for s in shares]
        errors = [[s.share - s.low for s in shares], [s.high - s.share for s in shares]]
        axes.bar(xs, [s.share for s in shares], width, yerr=errors, capsize=3, label=v.label)
    axes.axhline(1 / report.players, color="grey", linestyle="--", linewidth=1)
    axes.set_xticks(range(report.players), [f"seat {s}" for s in range(report.players)])
    axes.set_ylabel("share of the wins")
    if k > 1:
        axes.legend(fontsize=8)
    save(figure, "win_share")

    figure, grid = plt.subplots(1, k, figsize=(3.6 * k + 0.6, 3.2), sharey=True, squeeze=False)
    every = [score for v in report.variants for r in v.results for score in r.scores]
    bins = _bins(every)
    for axes, v in zip(grid[0], report.variants, strict=True):
        for seat in range(report.players):
            axes.hist(
                [r.scores[seat] for r in v.results], bins, histtype="step", label=f"seat {seat}"
            )
        axes.set_title(v.label, fontsize=9)
        axes.set_xlabel("final score")
    grid[0][0].set_ylabel("games")
    grid[0][-1].legend(fontsize=7)
    save(figure, "scores")

    for name, values, xlabel in (
        ("margins", Variant.margins, "winner's lead over the runner-up"),
        ("length", Variant.decisions, "decisions per game"),
    ):
        figure, axes = plt.subplots(figsize=(7, 3))
        bins = _bins([x for v in report.variants for x in values(v)])
        for v in report.variants:
            axes.hist(values(v), bins, histtype="step", linewidth=1.5, label=v.label)
        axes.set_xlabel(xlabel)
        axes.set_ylabel("games")
        if k > 1:
            axes.legend(fontsize=8)
        save(figure, name)

    parts = list(report.variants[0].components())
    figure, grid = plt.subplots(
        1, k, figsize=(3.6 * k + 1.2, 0.35 * len(parts) + 1.2), sharey=True, squeeze=False
    )
    ys = range(len(parts))
    for axes, v in zip(grid[0], report.variants, strict=True):
        means = v.components()
        axes.barh([y + 0.2 for y in ys], [means[p][0] for p in parts], 0.4, label="every seat")
        axes.barh([y - 0.2 for y in ys], [means[p][1] for p in parts], 0.4, label="winners")
        axes.set_title(v.label, fontsize=9)
        axes.set_xlabel("mean points")
    grid[0][0].set_yticks(list(ys), parts)
    grid[0][0].invert_yaxis()
    grid[0][-1].legend(fontsize=7)
    save(figure, "components")
    return written


def _bins(values: Sequence[int]) -> list[float]:
    """Histogram edges on whole numbers, at most about 40 bins."""
    low, high = min(values), max(values)
    step = max(1, math.ceil((high - low + 1) / 40))
    return [low - 0.5 + step * i for i in range((high - low) // step + 2)]
