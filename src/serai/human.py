"""A person at the terminal as an :class:`~serai.Agent`: board, choices, prompt.

The agent works for any registered game through the engine contract: it shows
``state.render(markup=True)``, says what to decide (``state.prompt()``), lists the legal
actions in the game's notation and reads either notation (``state.string_to_action``) or
a number from the list of legal actions. :func:`play_at_terminal` plays a game whose seats
may take back their decisions of the turn (``undo``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from rich.columns import Columns
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape

from serai import rulebook
from serai.engine import (
    ActionId,
    Agent,
    Game,
    GameError,
    GameRecord,
    IllegalActionError,
    State,
    play,
)

MENU_LIMIT = 40
"""Up to this many legal actions are shown as a numbered menu; more are grouped."""

GROUP_SHOWN = 16
"""How many choices of one group the compact listing shows before eliding the rest."""

COMMANDS = {
    "help": "notation and commands",
    "moves": "every legal action, numbered (also: list)",
    "board": "show the board again",
    "secret": "on a shared screen: your own hidden values (others look away)",
    "windows stop": "be asked at every optional window (Sands of Time), even to only pass",
    "windows skip": "pass optional windows at once, whatever you hold (the default)",
    "rules": "the rules of this game; 'rules R12' shows ruling R12 alone",
    "undo": "take back your last decision of this turn (not past a draw or anything revealed)",
    "quit": "stop the game (with --save it is kept, to go on with --resume)",
}


class QuitGame(Exception):
    """The person at the terminal asked to stop (``quit``, end of input or Ctrl-C)."""


class TakeBack(Exception):
    """The person at the terminal takes back decisions: the game goes back to ``keep``
    actions (:func:`undo_point`)."""

    def __init__(self, keep: int) -> None:
        super().__init__(keep)
        self.keep = keep


def asks(state: State) -> bool:
    """Whether a person to act in ``state`` is asked: more than one choice, and no window
    that passes at once (:class:`TerminalHuman`)."""
    return len(state.legal_actions()) > 1 and state.window_pass() is None


def undo_point(state: State) -> int | None:
    """How many actions of ``state``'s history remain when the seat to act takes back its
    last decision it was asked for, or ``None`` if there is none to take back.

    As the browser's undo: only the seat's own decisions of this turn, none before a chance
    node or a decision that revealed something (:meth:`State.reveals_information`).
    Decisions it was not asked for (forced ones) go back with the one before them.
    ``state`` must have been played from the start of its game (its history replays it).
    """
    seat = state.current_player()
    if seat < 0:
        return None
    history = state.history()
    replayed = state.game.new_initial_state()
    steps = []
    for action in history:
        mine = replayed.current_player() == seat and not replayed.reveals_information(action)
        steps.append((mine, asks(replayed)))
        replayed.apply_unchecked(action)
    for keep in range(len(history) - 1, -1, -1):
        mine, asked = steps[keep]
        if not mine:
            return None
        if asked:
            return keep
    return None


def play_at_terminal(
    game: Game,
    agents: Sequence[Agent],
    record: GameRecord,
    on_action: Callable[[State, ActionId, str], None],
    on_take_back: Callable[[State, list[ActionId]], None],
) -> GameRecord:
    """Play ``record`` (of ``game``) on to the end, in place: a person's ``undo`` cuts it back
    and play goes on from there (``on_take_back(state, actions)`` is told the actions taken
    back, from the state before them); ``quit`` raises :class:`QuitGame` with ``record``
    holding the game so far."""
    while True:
        try:
            return play(game, agents, on_action=on_action, record=record)
        except TakeBack as back:
            gone = record.actions[back.keep :]
            del record.actions[back.keep :], record.texts[back.keep :]
            del record.chance[back.keep :], record.times[back.keep :]
            state = game.new_initial_state()
            for action in record.actions:
                state.apply_unchecked(action)
            on_take_back(state, gone)


@contextmanager
def tab_completion(choices: Sequence[str]) -> Iterator[None]:
    """While reading one line, complete ``choices`` on Tab if ``readline`` is available.

    Without ``readline`` (or without a terminal) input works the same, uncompleted.
    """
    try:
        import readline
    except ImportError:
        yield
        return
    if not sys.stdin.isatty():
        yield
        return

    def complete(text: str, index: int) -> str | None:
        matches = [choice for choice in choices if choice.startswith(text)]
        return matches[index] if index < len(matches) else None

    old_completer = readline.get_completer()
    old_delims = readline.get_completer_delims()
    # No delimiters: the whole line is completed, since actions contain spaces.
    readline.set_completer_delims("")
    readline.set_completer(complete)
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    try:
        yield
    finally:
        readline.set_completer(old_completer)
        readline.set_completer_delims(old_delims)


def group_choices(texts: Sequence[str]) -> dict[str, list[str]]:
    """Group action texts by all words but the last, keeping their order.

    >>> group_choices(["camel red 7,3", "camel red 7,4", "camel blue 1,1", "pass"])
    {'camel red': ['7,3', '7,4'], 'camel blue': ['1,1'], '': ['pass']}
    """
    groups: dict[str, list[str]] = {}
    for text in texts:
        head, _, last = text.rpartition(" ")
        groups.setdefault(head, []).append(last)
    return groups


class TerminalHuman:
    """Asks the person at the terminal for each decision of the seat it plays.

    A decision with a single legal action is returned without asking (the game log says
    it was forced). At an optional window (:meth:`State.window_pass`) the seat's own
    choice decides instead: unless it typed ``windows stop`` it passes at once, and if it
    did it is asked even when it can only pass, so how long a window takes never shows
    what the seat holds. ``before_turn`` runs before the board is shown, so a caller can
    first flush its pending log lines.
    """

    name = "human"

    def __init__(
        self,
        console: Console,
        before_turn: Callable[[], None] | None = None,
        shared_screen: bool = False,
    ) -> None:
        self.console = console
        self.before_turn = before_turn
        self.shared_screen = shared_screen
        self.stop_at_windows = False
        """The seat's private choice (``windows stop``) to be asked at optional windows."""
        self.window_hint_due = False
        """A window passed this seat at once while it could do more: hint at its next prompt."""
        self.window_hint_shown = False

    def act(self, state: State) -> ActionId:
        """Show the position and read a legal action; raise :class:`QuitGame` to stop."""
        actions = state.legal_actions()
        window_pass = state.window_pass()
        if window_pass is not None and not self.stop_at_windows:
            # The only sign this interface has that the seat gained something to play at
            # windows; the hint goes to the seat alone, at its own next prompt.
            if len(actions) > 1 and not self.window_hint_shown:
                self.window_hint_due = True
            return window_pass
        if len(actions) == 1 and window_pass is None:
            return actions[0]
        if self.before_turn is not None:
            self.before_turn()
        texts = [state.action_to_string(action) for action in actions]
        self.show_turn(state, texts)
        if not self.shared_screen:
            self.show_window_hint()
        seat = state.current_player()
        while True:
            line = self.read(f"seat {seat}> ", [*texts, *COMMANDS, "list"])
            command = line.lower()
            if not command:
                continue
            if command == "quit":
                raise QuitGame
            if command == "undo":
                keep = undo_point(state)
                if keep is not None:
                    raise TakeBack(keep)
                self.console.print(
                    "[red]nothing to take back:[/] undo works on your own decisions of this "
                    "turn, back to the last draw or anything revealed"
                )
                continue
            if command == "help":
                self.show_help(state)
            elif command in ("moves", "list"):
                self.show_numbered(texts)
            elif command == "board":
                self.show_turn(state, texts)
            elif command == "secret":
                self.show_secret(state)
                self.show_window_hint()
            elif " ".join(command.split()) in ("windows stop", "windows skip"):
                self.stop_at_windows = command.split()[1] == "stop"
                self.window_hint_due = False
                self.window_hint_shown = True
                self.console.print(
                    "windows: you will be asked at every optional window"
                    if self.stop_at_windows
                    else "windows: optional windows pass you at once"
                )
            elif command == "rules" or command.startswith("rules "):
                self.show_rules(state, command.removeprefix("rules").strip() or None)
            elif command.isdecimal():
                digits = command.lstrip("0") or "0"  # however long: never read as a number
                if len(digits) <= len(str(len(actions))) and 1 <= int(digits) <= len(actions):
                    return actions[int(digits) - 1]
                self.console.print(
                    f"[red]no choice {digits:.12}[/]: the choices are numbered 1 to "
                    f"{len(actions)} (type 'moves' to see them)"
                )
            else:
                try:
                    return state.string_to_action(" ".join(line.split()).lower())
                except IllegalActionError as error:
                    self.console.print(f"[red]illegal:[/] {escape(str(error))}")
                    self.show_rules_hint(error.reason)

    def read(self, prompt: str, choices: Sequence[str]) -> str:
        """One line of input, stripped; end of input or Ctrl-C raise :class:`QuitGame`."""
        with tab_completion(choices):
            try:
                return input(prompt).strip()
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                raise QuitGame from None

    def show_board(self, state: State) -> None:
        """The board as this seat may see it (as a spectator on a shared screen)."""
        seat = state.current_player()
        viewer = None if self.shared_screen else seat
        board = state.render(markup=True, seat=viewer, highlight=state.legal_actions())
        self.console.print(board, soft_wrap=True)
        self.console.print(f"[bold]seat {seat} to play[/]")
        if self.shared_screen:
            self.console.print("[dim]shared screen: type 'secret' to see your hidden values[/]")

    def show_turn(self, state: State, texts: Sequence[str]) -> None:
        """The board, what to decide in words, and the choices."""
        self.show_board(state)
        prompt = state.prompt()
        if prompt:
            self.console.print(f"[bold cyan]{escape(prompt)}[/]", soft_wrap=True)
        self.show_choices(texts)

    def show_window_hint(self) -> None:
        """Once, after a window passed this seat while it could have played there."""
        if self.window_hint_due:
            self.console.print(
                "[yellow]you now hold something to play at optional windows (such as Sands "
                "of Time); type 'windows stop' to be asked at them[/]"
            )
            self.window_hint_due = False
            self.window_hint_shown = True

    def show_secret(self, state: State) -> None:
        """This seat's own view, asked for on purpose on a shared screen."""
        seat = state.current_player()
        self.console.print(state.render(markup=True, seat=seat), soft_wrap=True)

    def show_rules(self, state: State, ruling: str | None) -> None:
        """The game's rules reference, or one ruling of it (``ruling`` such as ``R12``)."""
        try:
            text = rulebook.markdown(state.game.info.name, ruling)
        except GameError as error:
            self.console.print(f"[red]{escape(str(error))}[/]")
            return
        self.console.print(Markdown(text))

    def show_rules_hint(self, reason: str) -> None:
        """After an illegal action: how to read the rulings its reason cites."""
        commands = [f"'rules R{number}'" for number in rulebook.cited(reason)]
        if commands:
            self.console.print(f"[dim]type {' or '.join(commands)} to read the ruling[/]")

    def show_choices(self, texts: Sequence[str]) -> None:
        """A numbered menu of few choices, or the choices grouped by their leading words."""
        if len(texts) <= MENU_LIMIT:
            self.show_numbered(texts)
            return
        self.console.print(f"{len(texts)} legal actions:")
        for head, lasts in group_choices(texts).items():
            shown = " ".join(lasts[:GROUP_SHOWN])
            more = f" … (+{len(lasts) - GROUP_SHOWN})" if len(lasts) > GROUP_SHOWN else ""
            label = f"[bold]{escape(head)}[/]: " if head else ""
            self.console.print(f"  {label}{escape(shown)}{more}")
        self.console.print("type an action, or 'moves' for a numbered list of all of them")

    def show_numbered(self, texts: Sequence[str]) -> None:
        """Every choice with its number, in columns."""
        entries = [f"[cyan]{number:>3}[/] {escape(text)}" for number, text in enumerate(texts, 1)]
        self.console.print(Columns(entries, column_first=True, padding=(0, 2)))

    def show_help(self, state: State) -> None:
        """The game's notation and the commands."""
        self.console.print(f"notation: {escape(state.notation_help())}")
        self.console.print("or a number from the list of legal actions ('moves')")
        for command, meaning in COMMANDS.items():
            self.console.print(f"  [bold]{command}[/]: {meaning}")
        self.console.print("Tab completes legal actions where the terminal supports it.")
