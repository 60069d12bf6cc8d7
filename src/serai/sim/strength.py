"""``serai strength``: how strong each bot is, per game, as a table and a plot.

For every game at 2 and 3 players (3 alone for Nomads of Arabia, which needs three)
it plays three seat-rotated pairings
(:mod:`serai.sim.arena`): ``mcts:medium`` against ``greedy``, ``greedy`` against
``random`` and ``mcts:hard`` against ``mcts:medium``. The plot shows, per game at its
fewest players, the win rate of MCTS against Greedy as its iteration budget grows,
against the thinking time that budget took per decision.

It writes ``strength.md`` (the table, with the command that made it), ``strength.json``
(every figure) and ``strength.png`` (the plot; needs matplotlib, ``serai[plots]``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from serai.engine import GameError, game_info, list_games, load_game
from serai.files import read_back, read_json, read_record
from serai.sim.arena import MatchResult, PairingResult, pairing, tagged
from serai.sim.batch import Runner
from serai.sim.simulate import as_runner

PAIRINGS = (("mcts:medium", "greedy"), ("greedy", "random"), ("mcts:hard", "mcts:medium"))
PLAYER_COUNTS = (2, 3)


def player_counts(name: str) -> tuple[int, ...]:
    """The player counts a game's pairings are played at: those of 2 and 3 it allows.

    >>> player_counts("through_the_desert"), player_counts("nomads_of_arabia")
    ((2, 3), (3,))
    """
    info = game_info(name)
    return tuple(n for n in PLAYER_COUNTS if info.min_players <= n <= info.max_players)


TARGETS = {("greedy", "random"): 0.8, ("mcts:medium", "greedy"): 0.7}
"""The win rate each pairing should reach; hard must simply beat medium (above 50%)."""
CURVE_ITERATIONS = (25, 100, 400, 1600)


@dataclass(frozen=True)
class CurvePoint:
    """MCTS with a fixed iteration budget against Greedy."""

    game: str
    iterations: int
    seconds_per_decision: float
    win_rate: float


@dataclass(frozen=True)
class Strength:
    """Every pairing and curve point of a run, and the command that ran it."""

    command: str
    pairings: tuple[PairingResult, ...]
    curve: tuple[CurvePoint, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "command": self.command,
            "pairings": [asdict(p) for p in self.pairings],
            "curve": [asdict(c) for c in self.curve],
        }

    @classmethod
    def from_json(cls, data: Any, whose: str = "that strength file") -> Strength:
        """The figures :meth:`to_json` wrote, each of the kind it writes; else
        :class:`GameError` saying which is wrong."""
        if not isinstance(data, dict) or sorted(data) != ["command", "curve", "pairings"]:
            raise GameError(f"{whose} cannot be read: it needs command, pairings and curve")
        pairings, curve = data["pairings"], data["curve"]
        if not isinstance(pairings, list) or not isinstance(curve, list):
            raise GameError(f"{whose} cannot be read: pairings and curve are lists")
        return cls(
            read_back(data["command"], str, "the command", whose),
            tuple(read_record(PairingResult, p, "a pairing", whose) for p in pairings),
            tuple(read_record(CurvePoint, c, "a point of the curve", whose) for c in curve),
        )

    def only(self, name: str) -> Strength:
        """The figures of game ``name`` alone."""
        return Strength(
            self.command,
            tuple(p for p in self.pairings if p.game == name),
            tuple(c for c in self.curve if c.game == name),
        )


def measure(
    games: int,
    workers: int | Runner,
    names: Sequence[str] | None = None,
    curve_games: int | None = None,
    on_result: Callable[[str, MatchResult], None] | None = None,
    command: str = "",
) -> Strength:
    """Play every pairing with ``games`` games, and the curve with ``curve_games``.

    ``workers`` (local processes or a :class:`~serai.sim.batch.Runner`) stay up for the
    whole run.
    """
    names = list(names or list_games())
    with as_runner(workers) as runner:
        return _measure(games, runner, names, curve_games, on_result, command)


def _measure(
    games: int,
    runner: Runner,
    names: Sequence[str],
    curve_games: int | None,
    on_result: Callable[[str, MatchResult], None] | None,
    command: str,
) -> Strength:
    results = []
    for name in names:
        for players in player_counts(name):
            game = load_game(name, players=players)
            for challenger, opponent in PAIRINGS:
                label = f"{name} {players}p {challenger} vs {opponent}"
                results.append(
                    pairing(
                        game,
                        challenger,
                        opponent,
                        games,
                        seed=1,
                        workers=runner,
                        on_result=None if on_result is None else tagged(on_result, label),
                    )
                )
    curve = []
    for name in names:
        players = game_info(name).min_players
        game = load_game(name, players=players)
        for iterations in CURVE_ITERATIONS:
            label = f"{name} {players}p mcts@{iterations} vs greedy"
            result = pairing(
                game,
                f"mcts:{iterations}",
                "greedy",
                curve_games or games,
                seed=2,
                workers=runner,
                on_result=None if on_result is None else tagged(on_result, label),
            )
            curve.append(CurvePoint(name, iterations, result.seconds_per_decision, result.win_rate))
    return Strength(command, tuple(results), tuple(curve))


def verdict(result: PairingResult) -> str:
    """Whether a pairing met its target: its rate in ``TARGETS``, else above 50%."""
    target = TARGETS.get((result.challenger, result.opponent))
    met = result.win_rate > 0.5 if target is None else result.win_rate >= target
    return "met" if met else "missed"


def table_markdown(parts: Sequence[Strength]) -> str:
    """The strength table of every game in ``parts`` as Markdown, with their commands."""
    lines = [
        "# Bot strength",
        "",
        "Each row is one pairing: the challenger rotated through every seat, the opponent's",
        "kind in the others. Its win rate counts each game's comparison with every opponent",
        "seat (ties half), so 50% is equal strength; ± is the 95% Wilson interval. The last",
        "column is the challenger's mean thinking time per decision on one core.",
        "",
        "| game | players | challenger | opponent | games | win rate | target | s/decision |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in (result for part in parts for result in part.pairings):
        target = TARGETS.get((r.challenger, r.opponent))
        goal = "> 50%" if target is None else f"≥ {target:.0%}"
        lines.append(
            f"| {r.game} | {r.players} | {r.challenger} | {r.opponent} | {r.games} | "
            f"{r.win_rate:.0%} ± {r.margin:.0%} | {goal} ({verdict(r)}) | "
            f"{r.seconds_per_decision:.3f} |"
        )
    lines += ["", "Regenerated game by game with:", ""]
    lines += [f"    {command}" for command in dict.fromkeys(part.command for part in parts)]
    lines += ["", "![MCTS against Greedy by thinking time](strength.png)", ""]
    return "\n".join(lines)


def plot(curve: Sequence[CurvePoint], path: Path) -> None:
    """Win rate of MCTS against Greedy by thinking time per decision, one line a game."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise GameError("the plot needs matplotlib: pip install 'serai[plots]'") from error
    figure, axes = plt.subplots(figsize=(7, 4.5))
    markers = "osD^v"
    for index, name in enumerate(dict.fromkeys(point.game for point in curve)):
        points = [p for p in curve if p.game == name]
        axes.plot(
            [p.seconds_per_decision for p in points],
            [p.win_rate for p in points],
            marker=markers[index % len(markers)],
            label=name,
        )
        for p in points:
            axes.annotate(
                str(p.iterations),
                (p.seconds_per_decision, p.win_rate),
                textcoords="offset points",
                xytext=(4, -10),
                fontsize=7,
            )
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    axes.set_xscale("log")
    axes.set_ylim(0, 1)
    axes.set_xlabel("MCTS thinking time per decision (s, log scale; labels: iterations)")
    axes.set_ylabel("win rate against Greedy (fewest players)")
    axes.set_title("serai MCTSBot against GreedyBot")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def kept(directory: Path) -> list[Strength]:
    """Every game's figures kept in ``directory`` (``strength-*.json``), each checked:
    :class:`GameError` names a file this command could not have written, so ``serai
    strength`` says so before it measures anything."""
    return [
        Strength.from_json(read_json(path, "strength file"), str(path))
        for path in sorted(directory.glob("strength-*.json"))
    ]


def write(strength: Strength, directory: Path) -> list[Path]:
    """Store each game's figures, then redraw the table and plot from every stored game.

    Each game's figures go to ``strength-<game>.json``, so one game can be measured again
    without replaying the others; the table and the plot cover every game stored.
    """
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name in dict.fromkeys(p.game for p in strength.pairings):
        path = directory / f"strength-{name}.json"
        path.write_text(json.dumps(strength.only(name).to_json(), indent=1) + "\n", "utf-8")
        written.append(path)
    stored = kept(directory)
    table = directory / "strength.md"
    table.write_text(table_markdown(stored), encoding="utf-8")
    image = directory / "strength.png"
    plot([point for part in stored for point in part.curve], image)
    return [*written, table, image]
