"""The committed balance reports: every game at each player count, random and greedy seats.

``python -m serai.sim.balance docs/balance [--workers N | --ray]`` (``make balance``)
plays every report of :data:`REPORTS` (:mod:`serai.sim.report`) into
``docs/balance/<game>-<players>p-<seats>/`` and writes ``docs/balance/README.md``: one line
per report with the first seat's share of the wins and its interval, linking to the page.
Each page states the ``serai report`` command that remakes it alone. ``--only GAME``
limits a run to one game; the overview is redrawn from every report in the folder.

Random seats play :data:`GAMES` ``["random"]`` games per variant, greedy seats fewer
(a greedy game costs tens of random ones): enough for intervals of about ±1.5 and ±4.5
points on a seat's share.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from serai.engine import game_info
from serai.sim import report
from serai.sim.batch import Runner

REPORTS: dict[str, dict[str, str]] = {
    "through_the_desert": {"board": "mountain,river"},
    "five_tribes": {},
    "nomads_of_arabia": {"final_disks": "5,3"},
    "desert_sons": {"desert_border": "false,true"},
}
"""Each game with the options whose values its reports set side by side."""
GAMES = {"random": 4000, "greedy": 500}
"""Games per variant, by the bot in every seat."""
SEED = 1


def directory_name(game: str, players: int, seats: str) -> str:
    """``through_the_desert-3p-greedy``."""
    return f"{game}-{players}p-{seats}"


def make(out: Path, names: Sequence[str], runner: Runner) -> list[Path]:
    """Play and write every report of the games ``names``; the directories written."""
    written = []
    with runner:
        for name in names:
            info = game_info(name)
            for players in range(info.min_players, info.max_players + 1):
                for seats, games in GAMES.items():
                    directory = out / directory_name(name, players, seats)
                    options = REPORTS[name]
                    command = report.command_line(
                        name, players, options, seats, games, SEED, False, directory
                    )
                    planned = report.plan(name, players, options, [seats])
                    made = report.run(planned, games, SEED, runner, command=command)
                    report.write(made, directory, raw=False)
                    written.append(directory)
                    print(f"{directory}: " + "; ".join(_headlines(made)), flush=True)
    return written


def _headlines(made: report.Report) -> list[str]:
    return [f"{v.label}: {report.headline(made, v)}" for v in made.variants]


def overview(out: Path) -> Path:
    """Write ``README.md`` in ``out`` from every report's ``results.json`` there."""
    rows = []
    for path in sorted(out.glob("*/results.json")):
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        even = 1 / data["players"]
        for variant in data["variants"]:
            first = variant["win_share"][0]
            p = variant["seat_test"]["p"]
            rows.append(
                f"| [{data['game']}]({path.parent.name}/index.html) | {data['players']} | "
                f"{data['seats'][0]} | {variant['label']} | {variant['games']} | "
                f"{first['share']:.1%} ({first['low']:.1%}–{first['high']:.1%}) | "
                f"{even:.1%} | {'< 0.001' if p < 0.001 else f'{p:.3f}'} | "
                f"{variant['decisions']['mean']:.0f} |"
            )
    lines = [
        "# Balance reports",
        "",
        f"Each report plays {GAMES['random']:,} seeded games of one game at one player count",
        f"with a random bot in every seat, or {GAMES['greedy']} with a greedy bot in every",
        "seat, for each value of the option that the game's reports compare (a greedy game",
        "costs tens of random ones). Open a report's page for its figures: who wins by seat,",
        "score spreads and margins, game length, where the points come from, and whether the",
        "option changes any of it. Pages, plots and `results.json` are in one folder each.",
        "",
        "The table shows the first seat's share of the wins (ties split) with its 95% interval",
        "beside the even share, and the p-value of a chi-square test that all seats win",
        "equally often (below 0.05: the seats differ). Random bots show what the rules and",
        "the setup alone give; greedy bots, what one ply of sense makes of them. In Five",
        "Tribes seat 0 is not a first player: bidding sets the order. With this many lines,",
        "a few p-values below 0.05 are to be expected from chance alone.",
        "",
        "| game | players | seats | variant | games | seat 0 wins | even share | seats equal? p "
        "| decisions |",
        "|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        "Regenerated with `make balance` (about 40 minutes on 2 cores), which runs",
        "",
        "    python -m serai.sim.balance docs/balance --workers 2",
        "",
        "Each page also states the `serai report` command that remakes it alone.",
        "",
    ]
    readme = out / "README.md"
    readme.write_text("\n".join(lines), encoding="utf-8")
    return readme


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Make the committed balance reports.")
    parser.add_argument("out", type=Path)
    parser.add_argument("--only", action="append", choices=sorted(REPORTS))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ray", action="store_true", help="on a Ray started for the run")
    arguments = parser.parse_args(argv)
    runner = Runner(arguments.workers, ray="local" if arguments.ray else None)
    make(arguments.out, arguments.only or list(REPORTS), runner)
    print(overview(arguments.out))


if __name__ == "__main__":
    main()
