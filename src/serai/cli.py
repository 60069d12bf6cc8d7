"""The ``serai`` command: list games, read their rules, play in the terminal, replay,
simulate, benchmark.

Games are reached only through the registry and the engine contract, so every
registered game works here unchanged. Errors a user can cause (bad game, option, seat,
file, illegal action) print one red line and exit with code 1 (``serai rules``: 2).
"""

from __future__ import annotations

import itertools
import json
import os
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from serai import rulebook
from serai.bots import BOT_KINDS, make_bot
from serai.engine import (
    ActionId,
    Agent,
    GameError,
    GameRecord,
    OptionValue,
    State,
    game_info,
    list_games,
    load_game,
    replay,
)
from serai.engine.record import agent_name, new_record
from serai.files import read_json
from serai.human import QuitGame, TerminalHuman, play_at_terminal
from serai.sim import report as balance_report
from serai.sim.arena import MatchResult
from serai.sim.batch import Runner, TaskFailure, import_ray
from serai.sim.bench import BenchResult, bench
from serai.sim.scaling import ScalingResult, scaling
from serai.sim.simulate import GameResult, Simulation, Stats, bot_seed, check_seats, simulate
from serai.sim.stats import wilson_margin
from serai.sim.strength import (
    CURVE_ITERATIONS,
    PAIRINGS,
    measure,
    player_counts,
    verdict,
)
from serai.sim.strength import kept as kept_strength
from serai.sim.strength import write as write_strength
from serai.sim.tournament import (
    BotRating,
    MixedTournament,
    Tournament,
    mixed_tournament,
    played_before,
    seated_before,
    tournament,
)
from serai.sim.versus import VersusResult, versus

if TYPE_CHECKING:
    from serai.sim.loadtest import LoadResult

CHANCE_SHOWN = 8
"""How many outcomes of a run of chance draws of one kind the game log spells out."""

app = typer.Typer(
    name="serai",
    help="Desert board games: play, replay, simulate and benchmark.",
    no_args_is_help=True,
    add_completion=False,
)

OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as key=value; repeatable."),
]
Players = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of players (default: the game's).")
]


def _console() -> Console:
    return Console(highlight=False)


@contextmanager
def _clean_errors(exit_code: int = 2) -> Iterator[None]:
    """Turn errors a user can cause into one red line and ``exit_code`` (2: a usage
    error, as typer's own)."""
    try:
        yield
    except (GameError, OSError) as error:
        Console(stderr=True, highlight=False).print(
            f"[bold red]error:[/] {escape(str(error))}", soft_wrap=True
        )
        raise typer.Exit(exit_code) from None


def parse_options(pairs: Sequence[str] | None) -> dict[str, OptionValue]:
    """``["board=river"]`` → ``{"board": "river"}``; values stay text for ``load_game``."""
    options: dict[str, OptionValue] = {}
    for pair in pairs or ():
        key, equals, value = pair.partition("=")
        key = key.strip()
        if not equals or not key:
            raise GameError(f"--option expects key=value, not {pair!r}")
        if key == "players":
            raise GameError(f"set the number of players with --players, not --option {pair}")
        options[key] = value.strip()
    return options


# -- seats ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatSpec:
    """One seat of ``--seats``: a kind with an optional argument (``mcts:hard``)."""

    kind: str
    argument: str | None = None

    def __str__(self) -> str:
        return self.kind if self.argument is None else f"{self.kind}:{self.argument}"


@dataclass(frozen=True)
class SeatContext:
    """What a seat's agent is built with besides its spec."""

    seed: int
    console: Console
    flush: Callable[[], None]
    """Prints the game log held back so far; called before a person is asked to act."""
    shared_screen: bool
    """Several people play at this terminal, so none may be shown their hidden values."""


AgentFactory = Callable[[SeatSpec, SeatContext], Agent]
"""Builds the agent of a seat from its spec and context."""


def _no_argument(spec: SeatSpec) -> None:
    if spec.argument is not None:
        raise GameError(f"seat kind {spec.kind!r} takes no argument (got {str(spec)!r})")


def _human(spec: SeatSpec, context: SeatContext) -> Agent:
    _no_argument(spec)
    return TerminalHuman(
        context.console, before_turn=context.flush, shared_screen=context.shared_screen
    )


def _bot(spec: SeatSpec, context: SeatContext) -> Agent:
    return make_bot(spec.kind, spec.argument, seed=context.seed)


SEAT_KINDS: dict[str, AgentFactory] = {"human": _human, **{kind: _bot for kind in BOT_KINDS}}
"""Seat kinds of ``--seats`` by name: a person at this terminal or a bot
(``mcts:easy``, ``mcts:medium``, ``mcts:hard``; see :mod:`serai.bots.presets`)."""


def parse_seats(text: str, players: int) -> list[SeatSpec]:
    """Parse ``"human,random,mcts:hard"``: known kinds, one per player."""
    specs = []
    for item in text.split(","):
        kind, colon, argument = item.strip().partition(":")
        kind = kind.strip().lower()
        if kind not in SEAT_KINDS:
            known = ", ".join(sorted(SEAT_KINDS))
            raise GameError(f"unknown seat kind {kind!r}; known seat kinds: {known}")
        specs.append(SeatSpec(kind, argument.strip() if colon else None))
    if len(specs) != players:
        raise GameError(f"--seats lists {len(specs)} seats but the game has {players} players")
    return specs


# -- output -----------------------------------------------------------------------------


class GameLog:
    """Prints the game as it happens, in words: one line per decision, draws summarised.

    A decision's line starts with its action number, counting chance outcomes as
    ``serai replay --at`` does, then says it in words (``state.narrate_for``) with the
    players named ``seat 1 (random)``. Consecutive chance outcomes are held back and
    printed together by :meth:`flush`: a lone draw in words, a run of draws of one kind
    (the first word of their notation) as one line spelling out the first
    :data:`CHANCE_SHOWN` in notation, so a setup of dozens of draws takes a line or two
    (the board shows what they placed).
    """

    def __init__(self, console: Console, players: Sequence[str], viewer: int | None) -> None:
        self.console = console
        self.players = list(players)
        self.viewer = viewer
        self.names = [f"seat {seat} ({name})" for seat, name in enumerate(self.players)]
        self.pending: list[tuple[str, str]] = []
        """Draws held back: each one's notation and its words, as the viewer may read them."""

    def words(self, state: State, action: ActionId) -> str:
        """``action`` (not yet applied to ``state``) in words, as the viewer may read it."""
        return state.narrate_for(self.viewer, action).format(*self.names)

    def on_action(self, state: State, action: ActionId, text: str) -> None:
        """Log ``action`` (not yet applied to ``state``)."""
        words = self.words(state, action)
        if state.is_chance_node():
            self.pending.append((state.action_to_string_for(self.viewer, action), words))
            return
        self.flush()
        number = len(state.history()) + 1
        # A window's pass never reads as forced: that would tell who could have played.
        only = len(state.legal_actions()) == 1 and state.window_pass() is None
        forced = " [dim](forced: the only legal choice)[/]" if only else ""
        self.console.print(f"[dim]{number:>3}.[/] {escape(words)}{forced}")

    def on_take_back(self, state: State, actions: Sequence[ActionId]) -> None:
        """Log that ``actions``, applied to ``state``, were taken back (``undo``)."""
        self.flush()
        replayed = state.clone()
        lines = []
        for action in actions:
            lines.append(self.words(replayed, action))
            replayed.apply_unchecked(action)
        self.console.print(f"[yellow]taken back:[/] {escape('; '.join(lines))}")

    def flush(self) -> None:
        """Print the chance outcomes held back, grouped by their notation's first word."""
        runs: list[tuple[str, list[str], str]] = []
        for text, words in self.pending:
            kind, _, rest = text.partition(" ")
            if runs and runs[-1][0] == kind:
                runs[-1][1].append(rest)
            else:
                runs.append((kind, [rest], words))
        for kind, rests, words in runs:
            line = words
            if len(rests) > 1:
                shown = " · ".join(rests[:CHANCE_SHOWN])
                more = f" … (+{len(rests) - CHANCE_SHOWN})" if len(rests) > CHANCE_SHOWN else ""
                line = f"{len(rests)} × {kind}: {shown}{more}"
            self.console.print(f"[dim]chance:[/] {escape(line)}")
        self.pending.clear()


WIDE_BREAKDOWN = 6
"""Score parts beyond which the table turns on its side to fit 80 columns."""


def score_table(state: State, players: Sequence[str], title: str) -> Table:
    """The parts of ``score_breakdown`` per seat under the game's labels, the total first,
    winners marked.

    One row per seat; a game with more than :data:`WIDE_BREAKDOWN` parts gets one row per
    part and one column per seat instead, so the table still fits a terminal.
    """
    parts = state.score_breakdown()
    keys = ["total", *(key for key in parts[0] if key != "total")]
    labels = state.game.score_labels()
    over = state.is_terminal()
    returns = state.returns()
    result = [
        "[green]winner[/]" if over and returns[seat] > 0 else "" for seat in range(len(parts))
    ]
    table = Table(title=title)
    if len(keys) > WIDE_BREAKDOWN:
        table.add_column("")
        for seat in range(len(parts)):
            table.add_column(f"seat {seat}\n{escape(players[seat])}", justify="right")
        for key in keys:
            cells = [str(part[key]) for part in parts]
            table.add_row(labels[key], *cells, style="bold" if key == "total" else None)
        if over:
            table.add_row("result", *result)
        return table
    table.add_column("seat", justify="right")
    table.add_column("player")
    for key in keys:
        table.add_column(labels[key], justify="right", style="bold" if key == "total" else None)
    if over:
        table.add_column("result")
    for seat, part in enumerate(parts):
        row = [str(seat), escape(players[seat]), *(str(part[key]) for key in keys)]
        table.add_row(*row, *([result[seat]] if over else []))
    return table


def winners_line(state: State, players: Sequence[str]) -> str:
    """``winner: seat 2 (random)`` or the tied winners."""
    returns = state.returns()
    names = [f"seat {s} ({escape(players[s])})" for s in range(len(returns)) if returns[s] > 0]
    label = "winner" if len(names) == 1 else "tied winners"
    return f"[bold green]{label}:[/] {', '.join(names)}"


# -- commands ---------------------------------------------------------------------------


@app.command()
def games() -> None:
    """List the games with their player counts and options."""
    table = Table(title="serai games")
    table.add_column("name", style="bold", no_wrap=True)
    table.add_column("title")
    table.add_column("players", no_wrap=True)
    table.add_column("options")
    for name in list_games():
        with _clean_errors():
            info = game_info(name)
        options = "\n".join(
            f"{o.name}: {o.describe()} (default {o.default}) — {o.help}" for o in info.options
        )
        players = f"{info.min_players}–{info.max_players} (default {info.default_players})"
        table.add_row(name, info.title, players, escape(options) or "—")
    _console().print(table)


@app.command("play")
def play_command(
    game: Annotated[
        str | None, typer.Argument(help="Game name (see `serai games`); none with --resume.")
    ] = None,
    players: Players = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="Comma-separated seat kinds, one per player: "
            + ", ".join(sorted(SEAT_KINDS))
            + " (default: human, then random; with --resume: the saved seats).",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of chance and bots (default: a random one).")
    ] = None,
    option: OptionList = None,
    save: Annotated[
        Path | None,
        typer.Option(
            help="Write the game record here (JSON), also when you quit before the end "
            "(with --resume: by default the file resumed)."
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            help="Go on with an unfinished game saved by --save: its game, options, seats "
            "and seed (chance goes on as if it had never stopped); --seats may change seats."
        ),
    ] = None,
) -> None:
    """Play a game in the terminal against bots or friends at the same keyboard."""
    console = _console()
    with _clean_errors():
        saved = None
        if resume is not None:
            saved = _resumable(resume, game, players, option, seed)
            loaded = load_game(saved.game, **saved.options)
            seats = seats or ",".join(saved.players)
            seed = saved.seed
            save = save or resume
        elif game is None:
            raise GameError("name the game to play (see `serai games`), or --resume a saved one")
        else:
            if players is None and seats is not None:
                players = len(seats.split(","))
            loaded = load_game(game, players, **parse_options(option))
        n = loaded.num_players
        specs = parse_seats(seats or ",".join(["human", *["random"] * (n - 1)]), n)
        _check_writable(save)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        humans = [s for s, spec in enumerate(specs) if spec.kind == "human"]
        # One person at the keyboard sees as their seat; several share a spectator's view
        # (R24 and its kin: nobody's hidden values on a shared screen).
        shared = len(humans) > 1
        viewer = humans[0] if len(humans) == 1 else None
        log = GameLog(console, [str(spec) for spec in specs], viewer)
        agents = [
            SEAT_KINDS[spec.kind](spec, SeatContext(bot_seed(seed, s), console, log.flush, shared))
            for s, spec in enumerate(specs)
        ]
        record = new_record(loaded, [agent_name(agent) for agent in agents], seed)
        if saved is not None:
            saved.players = record.players
            record = saved
        console.print(
            f"[bold]{escape(loaded.info.title)}[/] — {n} players, "
            f"{', '.join(f'{k}={v}' for k, v in loaded.options.items()) or 'no options'}, "
            f"seed {seed}" + (f", resumed after {len(record)} actions" if saved else "")
        )
        try:
            play_at_terminal(loaded, agents, record, log.on_action, log.on_take_back)
        except QuitGame:
            log.flush()
            if save is None:
                console.print("game abandoned; nothing saved")
                return
            _write_json(save, record.to_json())
            console.print(
                f"game stopped after {len(record)} actions and saved to {escape(str(save))}; "
                f"go on with: serai play --resume {escape(str(save))}",
                soft_wrap=True,
            )
            return
        log.flush()
        final = replay(record)
        console.print(final.render(markup=True), soft_wrap=True)
        console.print(score_table(final, log.players, "Final scores"))
        console.print(winners_line(final, log.players))
        if save is not None:
            _write_json(save, record.to_json())
            console.print(f"record saved to {escape(str(save))}")


def _resumable(
    path: Path, game: str | None, players: int | None, option: list[str] | None, seed: int | None
) -> GameRecord:
    """The unfinished game saved in ``path``, which the rest of the command line must not
    contradict."""
    if players is not None or option or seed is not None:
        raise GameError(
            "--resume goes on with the saved game's players, options and seed; "
            "only --seats may change"
        )
    record = _load_record(path)
    if game is not None and game != record.game:
        raise GameError(f"{path} holds a game of {record.game}, not of {game}")
    if record.seed is None:
        raise GameError(f"{path} names no seed, so its chance cannot go on")
    if replay(record).is_terminal():
        raise GameError(f"the game in {path} is over; `serai replay {path}` shows it")
    return record


@app.command("rules")
def rules_command(
    game: Annotated[
        str | None, typer.Argument(help="Game name (see `serai games`); none: list the games.")
    ] = None,
    ruling: Annotated[
        str | None, typer.Argument(help="One ruling, such as R12; none: the whole rules.")
    ] = None,
) -> None:
    """Read a game's rules reference, or one of its numbered rulings, in the terminal."""
    console = _console()
    with _clean_errors():
        if game is None:
            for name in list_games():
                console.print(f"[bold]serai rules {name}[/]: {escape(game_info(name).title)}")
            return
        console.print(Markdown(rulebook.markdown(game, ruling)))


def _check_writable(path: Path | None) -> None:
    """Refuse an output path in a missing directory before the work, not after it."""
    if path is not None and not path.parent.is_dir():
        raise GameError(f"cannot write {path}: there is no directory {path.parent}")
    if path is not None and path.is_dir():
        raise GameError(f"cannot write {path}: it is a directory; name a file in it")


def _check_folder(path: Path) -> None:
    """Refuse an output directory that is a file, or under one, before the work (the
    missing directories are made)."""
    folder = path
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise GameError(f"cannot write into {path}: {folder} is not a directory")


def _write_json(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` whole or not at all (a run stopped while writing keeps
    the file it had)."""
    text = json.dumps(data, indent=1) + "\n"
    if path.exists() and not path.is_file():  # a device or a pipe: /dev/stdout
        path.write_text(text)
        return
    written = path.with_name(f".{path.name}.writing")
    written.write_text(text)
    os.replace(written, path)


def _to_move(state: State, players: Sequence[str]) -> str:
    """Who acts in ``state``, in words."""
    if state.is_terminal():
        return "the game is over"
    if state.is_chance_node():
        return "chance to draw"
    seat = state.current_player()
    return f"seat {seat} ({escape(players[seat])}) to play"


def _load_record(path: Path) -> GameRecord:
    return GameRecord.from_json(read_json(path, "game record"))


FULL_REVIEW = " (a record holds every hidden value: shown here; the board is a spectator's)"


@app.command("replay")
def replay_command(
    path: Annotated[Path, typer.Argument(help="A record saved by `serai play --save`.")],
    at: Annotated[
        int | None, typer.Option("--at", help="Show only the position after this many actions.")
    ] = None,
) -> None:
    """Replay a saved game move by move, or show one position of it."""
    console = _console()
    with _clean_errors():
        record = _load_record(path)
        final = replay(record)
        shown = final if at is None else replay(record, at)
        players = record.players
        console.print(
            f"[bold]{escape(final.game.info.title)}[/] — {escape(', '.join(players))}, "
            f"seed {record.seed}, {len(record)} actions"
        )
        if at is not None:
            console.print(shown.render(markup=True), soft_wrap=True)
            console.print(f"after {at} of {len(record)} actions: {_to_move(shown, players)}")
            console.print(score_table(shown, players, f"Scores after {at} actions{FULL_REVIEW}"))
            return
        log = GameLog(console, players, None)
        state = final.game.new_initial_state()
        for action in record.actions:
            decision = not state.is_chance_node()
            log.on_action(state, action, state.action_to_string(action))
            state.apply_action(action)
            if decision:
                console.print(state.render(markup=True), soft_wrap=True)
        log.flush()
        if not final.is_terminal():
            console.print(f"the game is unfinished: {_to_move(final, players)}")
            console.print(
                score_table(final, players, f"Scores after {len(record)} actions{FULL_REVIEW}")
            )
            return
        console.print(score_table(final, players, "Final scores"))
        console.print(winners_line(final, players))


def _stats_cells(stats: Stats) -> list[str]:
    return [f"{stats.mean:.2f}", f"{stats.median:g}", f"{stats.min:g}", f"{stats.max:g}"]


def summary_tables(result: Simulation) -> list[Table]:
    """The per-seat results table and the game-length table of a simulation."""
    summary = result.summary
    seats = Table(title=f"{result.game}: {summary.games} games, seed {result.seed}")
    for column in ("seat", "win share", "score mean", "median", "min", "max"):
        seats.add_column(column, justify="right")
    for seat, (share, stats) in enumerate(zip(summary.win_share, summary.scores, strict=True)):
        seats.add_row(str(seat), f"{share:.3f}", *_stats_cells(stats))
    lengths = Table(title="game length")
    lengths.add_column("actions")
    for column in ("mean", "median", "min", "max"):
        lengths.add_column(column, justify="right")
    lengths.add_row("all (chance included)", *_stats_cells(summary.length))
    lengths.add_row("decisions", *_stats_cells(summary.decisions))
    return [seats, lengths]


MOST_WORKERS = 256
"""The most worker processes a command starts (each takes tens of MB)."""
Workers = Annotated[
    int, typer.Option(min=1, max=MOST_WORKERS, help="Worker processes.", clamp=False)
]
UseRay = Annotated[
    bool,
    typer.Option(
        "--ray",
        help="Play the games on a Ray started on this machine for the run "
        "(needs serai[distributed]).",
    ),
]
RayAddress = Annotated[
    str | None,
    typer.Option(
        "--ray-address",
        metavar="ADDRESS",
        help="Play the games on the Ray cluster at ADDRESS (host:port or ray://…).",
    ),
]
BotSeats = Annotated[
    str,
    typer.Option(
        "--seats", help="The bot in every seat (random, greedy, mcts:easy…), or one per seat."
    ),
]


def _runner(console: Console, workers: int, ray: bool, ray_address: str | None) -> Runner:
    """Where the games run; with Ray asked for but not installed, one line and exit 2."""
    address = ray_address or ("local" if ray else None)
    if address is not None:
        with _clean_errors():
            import_ray()

    def report(failure: TaskFailure) -> None:
        console.print(f"[yellow]task failed:[/] {escape(str(failure))}")

    with _clean_errors():  # worker processes and Ray both asked for, say
        return Runner(workers, ray=address, on_failure=report)


def progress_bar(console: Console) -> Progress:
    """A bar with the task's name, done/total and the time left."""
    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
    )


@app.command("simulate")
def simulate_command(
    game: Annotated[str, typer.Argument(help="Game name (see `serai games`).")],
    players: Players = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the whole batch.")] = 0,
    option: OptionList = None,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="Write per-game results and summary here.")
    ] = None,
    workers: Workers = 1,
    ray: UseRay = False,
    ray_address: RayAddress = None,
    seats: BotSeats = "random",
) -> None:
    """Play many games between bots (random ones by default); summarise who wins and how."""
    console = _console()
    runner = _runner(console, workers, ray, ray_address)
    with _clean_errors():
        loaded = load_game(game, players, **parse_options(option))
        _check_writable(json_path)
        bots = check_seats(loaded, seats.split(","))
        with runner, progress_bar(console) as progress:
            task = progress.add_task(f"simulating {game}", total=games)

            def advance(_: GameResult) -> None:
                progress.advance(task)

            result = simulate(loaded, games, seed, runner, on_result=advance, seats=bots)
        for table in summary_tables(result):
            console.print(table)
        if json_path is not None:
            _write_json(json_path, result.to_json())
            console.print(f"results written to {escape(str(json_path))}")


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str, typer.Option(help="Database URL: sqlite:///FILE or postgresql+psycopg://…")
    ] = "sqlite:///serai.db",
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://HOST:6379/0): this process is one of a group serving the "
            "same PostgreSQL store, on any ports or machines."
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1, help="Processes serving this port on this machine (PostgreSQL and Redis)."
        ),
    ] = 1,
    bot_workers: Annotated[
        int, typer.Option(min=1, help="Processes the bots think in, per server process.")
    ] = 2,
    origin: Annotated[
        list[str] | None,
        typer.Option(
            help="An origin allowed besides the server's own address (https://play.example), "
            "for pages served elsewhere; repeatable."
        ),
    ] = None,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="A name the Host header may carry (play.example.org, *.example.org), "
            "compared without the port; repeatable. None given: loopback names alone when "
            "--host is a loopback address (a page of another site rebound to it is "
            "refused), any name otherwise. Behind a proxy, the public name."
        ),
    ] = None,
    tables_per_minute: Annotated[
        float, typer.Option(min=0.1, help="Tables one client address may create per minute.")
    ] = 10.0,
    sockets_per_address: Annotated[
        int,
        typer.Option(min=1, help="Live WebSocket connections one client address may hold."),
    ] = 64,
    sockets_per_minute: Annotated[
        float,
        typer.Option(
            min=0.1,
            help="WebSocket connections one client address may open per minute (a tenth of "
            "them at once); a request for a table not held in memory counts as one.",
        ),
    ] = 600.0,
    messages_per_second: Annotated[
        float,
        typer.Option(
            min=0.1,
            help="WebSocket messages, and actions, one client address may send per second "
            "(100 at once); past them its connections are read no more for a while.",
        ),
    ] = 50.0,
    header_timeout: Annotated[
        float, typer.Option(min=0.1, help="Seconds a client may take to send its headers.")
    ] = 10.0,
    bot_pace: Annotated[
        float,
        typer.Option(
            min=0.0, help="Seconds between two bot moves at a table someone watches (0: none)."
        ),
    ] = 0.8,
) -> None:
    """Serve the web platform: lobby, tables, bots and replays, stored in DB."""
    import uvicorn
    from pydantic import ValidationError

    from serai.server.app import SETTINGS_VARIABLE
    from serai.server.collector import YOUNG_OBJECTS
    from serai.server.config import Settings
    from serai.server.guard import HEADER_TIMEOUT_VARIABLE
    from serai.server.models import readable
    from serai.server.store import open_store

    console = _console()
    settings = {
        "db": db,
        "redis": redis,
        "bot_workers": bot_workers,
        "origins": list(origin or ()),
        "allowed_hosts": list(allowed_host or ()),
        "listen": host,
        "tables_per_minute": tables_per_minute,
        "sockets_per_address": sockets_per_address,
        "sockets_per_minute": sockets_per_minute,
        "messages_per_second": messages_per_second,
        "bot_pace": bot_pace,
        # after the 5 s given to open connections (below), 20 s to stop the rest
        "stop_within": 20.0,
        "young_objects": YOUNG_OBJECTS,
    }
    with _clean_errors():
        try:  # a bad --allowed-host: one line now, not a traceback in every process
            Settings.model_validate(settings)
        except ValidationError as error:
            raise GameError(readable(error.errors(include_input=False))) from None
        if (redis or workers > 1) and db.startswith("sqlite"):
            raise GameError(
                "SQLite is the database of one process: several processes serve one "
                "PostgreSQL store (--db postgresql+psycopg://…)"
            )
        if workers > 1 and redis is None:
            raise GameError(
                "several processes tell each other of every move through Redis: "
                "add --redis redis://HOST:6379/0"
            )
        open_store(db).close()  # a bad URL, path or server: one line now, not a traceback
        if redis is not None:
            _check_redis(redis)
    # every process of the group reads them, the first as well as any --workers
    os.environ[SETTINGS_VARIABLE] = json.dumps(settings)
    os.environ[HEADER_TIMEOUT_VARIABLE] = str(header_timeout)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    many = f" in {workers} processes" if workers > 1 else ""
    console.print(
        f"serai is serving at [bold]http://{shown}:{port}/[/bold]{many} (Ctrl+C stops it)"
    )
    # state messages are small JSON: compressing each one cost more CPU than it saved
    uvicorn.run(
        "serai.server.app:from_environment",
        factory=True,
        workers=workers,
        host=host,
        port=port,
        log_level="warning",
        http="serai.server.guard:GuardedH11Protocol",
        ws="serai.server.guard:GuardedWebSocketProtocol",
        ws_per_message_deflate=False,
        ws_max_size=WS_MAX_SIZE,
        timeout_keep_alive=5,
        # on Ctrl+C or SIGTERM, connections still open after this are closed: the store
        # has every acknowledged move, and the clients reconnect to another process
        timeout_graceful_shutdown=5,
    )


def _check_redis(url: str) -> None:
    """Refuse a Redis that cannot be reached, in one line."""
    try:
        import redis as redis_client
    except ImportError:
        raise GameError("several processes need Redis: pip install 'serai[cluster]'") from None

    try:
        redis_client.Redis.from_url(url, socket_connect_timeout=5).ping()
    except (redis_client.RedisError, ValueError) as error:
        raise GameError(f"cannot reach Redis at {url}: {error}") from None


WS_MAX_SIZE = 65536
"""Bytes beyond which a WebSocket message is cut off by the protocol itself; messages up
to this size are read and refused with a clear error above the server's own limit."""


@app.command("strength")
def strength_command(
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per pairing.")] = 100,
    curve_games: Annotated[
        int, typer.Option(min=1, help="Games per point of the thinking-time curve.")
    ] = 40,
    workers: Workers = 1,
    out: Annotated[Path, typer.Option(help="Directory for strength.md, .json and .png.")] = Path(
        "docs"
    ),
    only: Annotated[
        list[str] | None, typer.Option("--game", help="Only this game; repeatable.")
    ] = None,
    ray: UseRay = False,
    ray_address: RayAddress = None,
) -> None:
    """Play the bots against each other; write the strength table and plot.

    Each game's figures are kept in OUT/strength-<game>.json as soon as that game is done,
    and the table and plot are redrawn from every game kept there, so games can be measured
    one at a time and a run stopped midway keeps the games it finished.
    """
    console = _console()
    runner = _runner(console, workers, ray, ray_address)
    with _clean_errors():
        names = list(only or list_games())
        for name in names:
            game_info(name)
        _check_folder(out)
        kept_strength(out)  # a file kept there that cannot be read is said before the work
        total = sum(
            len(player_counts(name)) * len(PAIRINGS) * games + len(CURVE_ITERATIONS) * curve_games
            for name in names
        )
        with runner, progress_bar(console) as progress:
            task = progress.add_task("bot games", total=total)

            def advance(label: str, _: MatchResult) -> None:
                progress.update(task, advance=1, description=label)

            for name in names:
                command = f"serai strength --games {games} --curve-games {curve_games}"
                command += f" --game {name}"
                strength = measure(games, runner, [name], curve_games, advance, command)
                # Each game is stored once it is done, so a run stopped midway keeps it.
                for path in write_strength(strength, out):
                    console.print(f"wrote {escape(str(path))}")
                for result in strength.pairings:
                    console.print(
                        f"{result.game} {result.players}p {result.challenger} vs "
                        f"{result.opponent}: {result.win_rate:.0%} ± {result.margin:.0%} "
                        f"({verdict(result)})"
                    )


@app.command("report")
def report_command(
    game: Annotated[str, typer.Argument(help="Game name (see `serai games`).")],
    out: Annotated[Path, typer.Option(help="Directory for index.html, its plots and data.")],
    players: Players = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="A game option as key=value, or key=a,b to compare values side by side; "
            "repeatable.",
        ),
    ] = None,
    seats: BotSeats = "random",
    games: Annotated[
        int, typer.Option("--games", "-n", min=2, help="Games per variant of the options.")
    ] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the whole run.")] = 0,
    raw: Annotated[
        bool, typer.Option(help="Keep every game's results in results.json, not just figures.")
    ] = True,
    workers: Workers = 1,
    ray: UseRay = False,
    ray_address: RayAddress = None,
) -> None:
    """Play many games and write a balance report: seats, scores, length, scoring parts."""
    console = _console()
    runner = _runner(console, workers, ray, ray_address)
    with _clean_errors():
        options = {key: str(value) for key, value in parse_options(option).items()}
        planned = balance_report.plan(game, players, options, seats.split(","))
        count = len(planned.variants)
        command = balance_report.command_line(game, players, options, seats, games, seed, raw, out)
        _check_folder(out)
        with runner, progress_bar(console) as progress:
            task = progress.add_task(f"{game}: {count} × {games} games", total=count * games)

            def advance(_: GameResult) -> None:
                progress.advance(task)

            report = balance_report.run(planned, games, seed, runner, advance, command)
        for path in balance_report.write(report, out, raw):
            console.print(f"wrote {escape(str(path))}")
        for variant in report.variants:
            line = balance_report.headline(report, variant)
            console.print(f"{escape(variant.label)}: {escape(line)}")


def tournament_table(result: Tournament) -> Table:
    """The cross table: the row bot's win rate against the column bot, and standings."""
    table = Table(
        title=f"{result.game}, {result.players} players: row bot in one seat against the "
        f"column bot in the others, {result.games} games each",
        caption="win rate of the row bot, ties half, ± the 95% interval",
    )
    table.add_column("bot")
    for bot in result.bots:
        table.add_column(escape(bot), justify="right")
    table.add_column("mean", justify="right", style="bold")
    standing = dict(result.standings())
    for bot, _ in result.standings():
        cells = [
            "—"
            if bot == other
            else f"{result.pairing(bot, other).win_rate:.0%} ± "
            f"{result.pairing(bot, other).margin:.0%}"
            for other in result.bots
        ]
        table.add_row(escape(bot), *cells, f"{standing[bot]:.0%}")
    return table


def mixed_table(result: MixedTournament) -> Table:
    """How often the row bot finished ahead of the column bot where both played, and each
    bot's mean place."""
    table = Table(
        title=f"{result.game}, {result.players} players: a different bot in every seat, "
        f"{result.games} games at each table",
        caption="how often the row bot finished ahead of the column bot in the games that "
        "seated both, level half, ± the 95% interval (games)",
    )
    table.add_column("bot")
    for bot in result.bots:
        table.add_column(escape(bot), justify="right")
    table.add_column("mean place", justify="right", style="bold")
    for bot, place in result.standings():
        cells = []
        for other in result.bots:
            share, games = result.ahead(bot, other)
            cells.append(
                "—"
                if bot == other
                else f"{share:.0%} ± {wilson_margin(share, games):.0%} ({games})"
            )
        table.add_row(escape(bot), *cells, f"{place:.2f}")
    return table


def ratings_table(ratings: Sequence[BotRating]) -> Table:
    """Each bot's OpenSkill rating from every game it played, best first."""
    table = Table(title="OpenSkill ratings (Plackett–Luce), from every game of the tournament")
    for column in ("bot", "rating μ−3σ", "μ", "σ", "games"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for rating in ratings:
        table.add_row(
            escape(rating.bot),
            f"{rating.rating:.2f}",
            f"{rating.mu:.2f}",
            f"{rating.sigma:.2f}",
            str(rating.games),
        )
    return table


@app.command("tournament")
def tournament_command(
    game: Annotated[str, typer.Argument(help="Game name (see `serai games`).")],
    bots: Annotated[
        str, typer.Option(help="Comma-separated bots, each against every other.")
    ] = "random,greedy,mcts:easy",
    players: Players = None,
    option: OptionList = None,
    games: Annotated[
        int,
        typer.Option(
            "--games", "-n", min=1, help="Games per ordered pair of bots (with --mixed: per table)."
        ),
    ] = 20,
    seed: Annotated[int, typer.Option(help="Seed of every pairing or table.")] = 0,
    mixed: Annotated[
        bool,
        typer.Option(
            "--mixed",
            help="A different bot in every seat: every set of as many bots as there are "
            "players sits at one table for --games games, the seats rotated game by game.",
        ),
    ] = False,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="Write every pairing or table here.")
    ] = None,
    workers: Workers = 1,
    ray: UseRay = False,
    ray_address: RayAddress = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="With --json: write the file after every pairing or table, and reuse the "
            "ones it already holds (same seating, game, options, games and seed; bots may "
            "be added).",
        ),
    ] = False,
) -> None:
    """Play every bot against every other on one game; print the cross table and ratings."""
    console = _console()
    runner = _runner(console, workers, ray, ray_address)
    with _clean_errors():
        loaded = load_game(game, players, **parse_options(option))
        _check_writable(json_path)
        if resume and json_path is None:
            raise GameError("--resume needs --json: the file the pairings are kept in")
        names = list(dict.fromkeys(bot.strip() for bot in bots.split(",")))
        earlier: dict[Any, Any] = {}
        if resume and json_path is not None and json_path.exists():
            read = seated_before if mixed else played_before
            earlier = dict(read(read_json(json_path, "tournament"), loaded, games, seed))
        keep: Callable[[Tournament | MixedTournament], None] | None = None
        if resume and json_path is not None:
            kept = json_path

            def keep(so_far: Tournament | MixedTournament) -> None:
                _write_json(kept, so_far.to_json())

        units: list[frozenset[str] | tuple[str, str]]
        if mixed:
            units = [frozenset(c) for c in itertools.combinations(names, loaded.num_players)]
        else:
            units = [(c, o) for c in names for o in names if c != o]
        total = sum(games for unit in units if unit not in earlier)

        with runner, progress_bar(console) as progress:
            task = progress.add_task("bot games", total=total)

            def advance(label: str, _: object) -> None:
                progress.update(task, advance=1, description=label)

            if mixed:
                result: Tournament | MixedTournament = mixed_tournament(
                    loaded, names, games, seed, runner, advance, earlier, keep
                )
            else:
                result = tournament(loaded, names, games, seed, runner, advance, earlier, keep)
        console.print(
            mixed_table(result) if isinstance(result, MixedTournament) else tournament_table(result)
        )
        console.print(ratings_table(result.ratings))
        if json_path is not None:
            _write_json(json_path, result.to_json())
            console.print(f"results written to {escape(str(json_path))}")


def bench_table(result: BenchResult) -> Table:
    """The figures of a benchmark, one per row, with how each was measured."""
    options = ", ".join(f"{k}={v}" for k, v in result.params.items())
    table = Table(title=f"{result.game} ({options}): median of {result.runs} runs")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("how", style="dim")
    playouts = f"random playouts, {result.seconds:g} s per run"
    positions = f"per call, on {result.positions} mid-game positions"
    table.add_row("playout actions/s", f"{result.actions_per_second:,.0f}", playouts)
    table.add_row("playout games/s", f"{result.games_per_second:,.1f}", playouts)
    table.add_row("clone()", f"{result.clone_us:.2f} µs", positions)
    table.add_row("legal_actions()", f"{result.legal_actions_us:.2f} µs", positions)
    table.add_row(
        "state memory", f"{result.state_bytes:,} bytes", "tracemalloc, one mid-game state"
    )
    table.add_row(
        "MCTS iterations/s",
        f"{result.mcts_iterations_per_second:,.0f}",
        f"MCTSBot search, on {result.positions} mid-game positions",
    )
    if result.backgammon_ratio is not None:
        table.add_row(
            "× OpenSpiel backgammon",
            f"{result.backgammon_ratio:.2f}×",
            f"playout actions/s over C++ backgammon's "
            f"({result.backgammon_actions_per_second:,.0f}), same method and run",
        )
    return table


def versus_table(result: VersusResult) -> Table:
    """The figures of ``serai bench --bots``."""
    table = Table(
        title=f"{result.game}, {result.players} players: serai MCTSBot and OpenSpiel MCTSBot, "
        f"{result.seconds_per_move:g} s per move"
    )
    table.add_column("measure")
    table.add_column("serai", justify="right")
    table.add_column("OpenSpiel", justify="right")
    table.add_row(
        f"iterations/s ({result.positions} positions)",
        f"{result.ours_iterations_per_second:,.0f}",
        f"{result.openspiel_iterations_per_second:,.0f}",
    )
    table.add_row("speed ratio", f"{result.speedup:.1f}×", "1×")
    table.add_row(
        f"wins in {result.games} games",
        f"{result.ours_win_rate:.0%} ± {result.margin:.0%}",
        f"{1 - result.ours_win_rate:.0%}",
    )
    return table


def scaling_table(result: ScalingResult) -> Table:
    """The figures of ``serai bench --ray``."""
    options = ", ".join(f"{k}={v}" for k, v in result.params.items())
    table = Table(
        title=f"{result.game} ({options}): {result.games:,} random games each way, "
        f"median of {len(result.rows[0].runs)} runs",
        caption=f"2 over 1: Ray {result.ray_ratio:.2f}×, processes {result.workers_ratio:.2f}×; "
        f"Ray's cost per task {result.ray_task_ms:.2f} ms",
    )
    for column in ("run on", "games/s", "seconds", "tasks", "Ray's share of the time"):
        table.add_column(column, justify="left" if column == "run on" else "right")
    for row in result.rows:
        share = result.overhead(row)
        table.add_row(
            row.label,
            f"{row.games_per_second:,.0f}",
            f"{row.seconds:.1f}",
            f"{row.tasks:,}",
            f"{share:.2%}" if row.label.startswith("ray") else "—",
        )
    return table


def loadtest_table(result: LoadResult) -> Table:
    """The figures of ``serai bench --server``: the server beside its floor (the rules'
    work alone) and a bare echo server."""
    shares = ""
    if result.echo is not None:
        shares = f"server at {result.ratio:.1%} of the echo ceiling"
        if result.floor is not None:
            shares += f", its floor (the rules' work alone) at {result.floor_ratio:.1%}"
        shares += "; "
    table = Table(
        title=f"serai serve under load: {result.game}, {result.players} players, "
        f"{result.seconds:g} s per run",
        caption=shares
        + f"{result.server.finished} games finished; {result.server.errors} errors seen by "
        f"clients, {result.server.logged_errors} in the server's log; cores: the CPU each "
        "server's processes used while the clients played (1 = one core busy), thread: "
        "its busiest thread's share of a core",
    )
    for column in ("", "tables", "moves", "moves/s", "p50 ms", "p99 ms", "cores", "thread"):
        table.add_column(column, justify="left" if not column else "right")
    sides = [("server", result.server)]
    if result.floor is not None:
        sides.append(("floor", result.floor))
    if result.echo is not None:
        sides.append(("echo ceiling", result.echo))
    for label, side in sides:
        table.add_row(
            label,
            f"{side.tables:,}",
            f"{side.moves:,}",
            f"{side.moves_per_second:,.0f}",
            f"{side.p50_ms:.1f}",
            f"{side.p99_ms:.1f}",
            "—" if side.cpu_cores is None else f"{side.cpu_cores:.2f}",
            "—" if side.busiest_thread is None else f"{side.busiest_thread:.2f}",
        )
    return table


@app.command("bench")
def bench_command(
    game: Annotated[
        str | None, typer.Argument(help="Game name (see `serai games`); optional with --server.")
    ] = None,
    players: Players = None,
    option: OptionList = None,
    runs: Annotated[int, typer.Option(min=1, help="Runs; each figure is their median.")] = 5,
    seconds: Annotated[
        float | None,
        typer.Option(
            min=0.001,
            help="Playout seconds per run, default 1 (timings: a quarter each); "
            "with --server: each load run's length, default 30.",
        ),
    ] = None,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="Write the figures here.")
    ] = None,
    bots: Annotated[
        bool,
        typer.Option(
            "--bots",
            help="Instead: our MCTSBot against OpenSpiel's (needs serai[research]); "
            "uses --games and --move-seconds, not --runs and --seconds.",
        ),
    ] = False,
    games: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="With --bots: games head to head (default 50); with --ray: games timed "
            "each way (default 4000).",
        ),
    ] = None,
    ray: Annotated[
        bool,
        typer.Option(
            "--ray",
            help="Instead: random games per second with 1 and 2 worker processes and on a "
            "local Ray with 1 and 2 CPUs, in one run, and Ray's cost per task "
            "(needs serai[distributed]).",
        ),
    ] = False,
    move_seconds: Annotated[
        float, typer.Option(min=0.001, help="With --bots: thinking time per move.")
    ] = 0.5,
    simulations: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="With --bots: the games give each bot this many iterations per move "
            "instead of --move-seconds, so they do not depend on the machine's speed.",
        ),
    ] = None,
    server: Annotated[
        bool,
        typer.Option(
            "--server",
            help="Instead: load-test `serai serve` with --tables clients playing random moves "
            "over WebSockets, beside its floor (the same stack doing the rules' work alone) "
            "and a bare WebSocket echo server under the same load.",
        ),
    ] = False,
    tables: Annotated[int, typer.Option(min=1, help="With --server: tables played at once.")] = 200,
    spectators: Annotated[
        int, typer.Option(min=0, help="With --server: connections watching each table.")
    ] = 0,
    startup: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="With --server, instead: start the server over a store of this many "
            "unfinished tables; time to its first answer and its memory then.",
        ),
    ] = None,
    processes: Annotated[
        int,
        typer.Option(
            min=1, help="With --server: server processes (a PostgreSQL --db and --redis)."
        ),
    ] = 1,
    server_db: Annotated[
        str | None,
        typer.Option(
            "--db", help="With --server: a scratch database for the tables (default: SQLite)."
        ),
    ] = None,
    redis: Annotated[
        str | None, typer.Option(help="With --server: Redis, for several processes.")
    ] = None,
    move_every: Annotated[
        float | None,
        typer.Option(
            min=0.1,
            help="With --server: each table moves every so many seconds, as people do; "
            "finds the most tables answered with a 99th percentile under 100 ms.",
        ),
    ] = None,
    server_game: Annotated[
        str | None,
        typer.Option("--game", help="With --server: the game (or GAME; through_the_desert)."),
    ] = None,
) -> None:
    """Measure playout speed, clone and legal-action cost, state size and MCTS speed."""
    console = _console()
    if server and startup is not None:
        _bench_startup(console, startup, json_path)
        return
    if server:
        load = {"spectators": spectators, "db": server_db, "redis": redis, "processes": processes}
        _bench_server(
            console,
            server_game or game or "through_the_desert",
            players,
            option,
            tables,
            30.0 if seconds is None else seconds,
            json_path,
            load,
            move_every,
        )
        return
    if game is None:
        raise typer.BadParameter("name a game (see `serai games`)", param_hint="GAME")
    if ray:
        _runner(console, 1, ray, None)  # Ray missing: one line and exit 2
    with _clean_errors():
        if bots and players is None:
            players = game_info(game).min_players
        loaded = load_game(game, players, **parse_options(option))
        _check_writable(json_path)
        figures: BenchResult | VersusResult | ScalingResult
        if bots:
            with console.status(f"our MCTSBot against OpenSpiel's on {game}…"):
                figures = versus(loaded, move_seconds, games or 50, simulations=simulations)
            console.print(versus_table(figures))
        elif ray:
            with console.status(f"{game}: local processes and Ray, one after the other…"):
                figures = scaling(loaded, games or 4000, runs=runs)
            console.print(scaling_table(figures))
        else:
            with console.status(f"benchmarking {game}…"):
                figures = bench(loaded, runs, 1.0 if seconds is None else seconds)
            console.print(bench_table(figures))
        if json_path is not None:
            _write_json(json_path, figures.to_json())
            console.print(f"figures written to {escape(str(json_path))}")


def _bench_server(
    console: Console,
    game: str,
    players: int | None,
    option: list[str] | None,
    tables: int,
    seconds: float,
    json_path: Path | None,
    load: dict[str, Any],
    move_every: float | None,
) -> None:
    """``serai bench --server``: the load test and its echo ceiling, as a table; at a
    person's pace (``move_every``), the most tables the server holds."""
    from serai.sim.loadtest import LATENCY_TARGET_MS, capacity, load_test

    with _clean_errors():
        if load["processes"] > 1 and (load["redis"] is None or load["db"] is None):
            raise GameError("several processes need a PostgreSQL --db and --redis")
        loaded = load_game(game, players or game_info(game).min_players, **parse_options(option))
        _check_writable(json_path)
        load.update(game=game, players=loaded.num_players, options=parse_options(option))
        if move_every is not None:
            best, runs = capacity(
                move_every, seconds, on_run=lambda r: console.print(loadtest_table(r)), **load
            )
            console.print(
                f"[bold]{best:,} tables[/bold] moving every {move_every:g} s were answered with "
                f"a 99th percentile under {LATENCY_TARGET_MS:g} ms by {load['processes']} "
                f"process(es), in runs of {seconds:g} s (a process collects all its objects "
                "about every 5 minutes, a pause that only longer runs see: docs/running.md)"
            )
            if json_path is not None:
                figures = {"tables": best, "runs": [run.to_json() for run in runs]}
                _write_json(json_path, figures)
            return
        watched = f", {load['spectators']} spectators each" if load["spectators"] else ""
        with console.status(
            f"{tables} tables of {game}{watched} on serai serve, then on its floor and on an "
            f"echo server, {seconds:g} s each…"
        ):
            result = load_test(tables, seconds, **load)
        console.print(loadtest_table(result))
        console.print(f"[dim]note: {escape(result.caveat)}[/dim]")
        before = " ".join(f"{x:.2f}" for x in result.load_before)
        after = " ".join(f"{x:.2f}" for x in result.load_after)
        console.print(f"[dim]load average before: {before}; after: {after}[/dim]")
        if json_path is not None:
            _write_json(json_path, result.to_json())
            console.print(f"figures written to {escape(str(json_path))}")


def _bench_startup(console: Console, tables: int, json_path: Path | None) -> None:
    """``serai bench --server --startup N``: a server opening a store of N tables."""
    from serai.sim.loadtest import startup_test

    with _clean_errors():
        _check_writable(json_path)
        with console.status(f"storing {tables:,} unfinished tables, then starting serai serve…"):
            result = startup_test(tables)
        console.print(
            f"serai serve over {result.tables:,} unfinished tables "
            f"({result.actions_per_table} actions each): answered after "
            f"{result.seconds:.2f} s holding {result.rss_mb:.0f} MB; "
            f"a lobby page then took {result.lobby_ms:.1f} ms"
        )
        if json_path is not None:
            _write_json(json_path, result.to_json())
            console.print(f"figures written to {escape(str(json_path))}")
