"""Every request body the server accepts, declared once (pydantic), strict.

Nothing is coerced: ``"hotseat": "false"`` or ``"revision": "3"`` is refused, not read as
``False`` or ``3``. Texts that people choose (seat names) are normalised to NFC and may not
hold control characters, lone surrogates or bidirectional overrides; every text and list
has a maximum length. Game options are checked by the engine itself (``load_game``), which
accepts each option only in its own type. The same declarations give the OpenAPI schema
at ``/openapi.json``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from serai.server.clocks import ClockSettings
from serai.server.errors import TableError
from serai.server.players import BLANKS, check_name, check_password

MAX_SEATS = 8
MAX_NAME = 40
MAX_ACTION = 200

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def plain_text(text: str) -> str:
    """``text`` in NFC, refused if it holds characters that are not meant to be shown, or
    shows nothing at all.

    >>> plain_text("Ame\u0301lie")
    'Amélie'
    >>> plain_text("a\\x00b")
    Traceback (most recent call last):
    ...
    ValueError: a control character (U+0000) is not allowed
    >>> plain_text("\u200b\u2800")
    Traceback (most recent call last):
    ...
    ValueError: it shows nothing: every character in it is blank or invisible
    """
    for char in text:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Zl", "Zp") or char in BIDI_CONTROLS:
            kind = "a lone surrogate" if category == "Cs" else "a control character"
            raise ValueError(f"{kind} (U+{ord(char):04X}) is not allowed")
    if all(unicodedata.category(char) in ("Cf", "Zs") or char in BLANKS for char in text):
        raise ValueError("it shows nothing: every character in it is blank or invisible")
    return unicodedata.normalize("NFC", text)


Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME),
    AfterValidator(plain_text),
]
Token = Annotated[str, StringConstraints(max_length=64, pattern=r"^[A-Za-z0-9_-]*$")]
ActionText = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_ACTION),
    AfterValidator(plain_text),
]
ChatText = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=500),
    AfterValidator(plain_text),
]
PlayerName = Annotated[str, AfterValidator(check_name)]
Password = Annotated[str, AfterValidator(check_password)]
OptionName = Annotated[str, StringConstraints(min_length=1, max_length=32)]
SAFE_INTEGER = 2**53 - 1
"""The largest whole number every JSON reader (a browser's included) keeps exactly."""
OptionValue = Annotated[
    bool
    | Annotated[int, Field(ge=-SAFE_INTEGER, le=SAFE_INTEGER)]
    | Annotated[str, StringConstraints(max_length=32)],
    Field(union_mode="left_to_right"),
]
Revision = Annotated[int, Field(ge=0, le=SAFE_INTEGER)]


class Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class SeatIn(Strict):
    """One seat of a new table."""

    kind: Literal["human", "open", "bot"] = Field(
        "human",
        description="human: an invited seat (its link is in the answer), or kept for "
        "`account`; open: anyone may take it from the lobby; bot: a bot plays it",
    )
    name: Name | None = None
    account: Name | None = Field(None, description="with kind human: only this player's account")
    bot: Literal["random", "greedy", "mcts"] | None = Field(
        None, description="with kind bot (default mcts)"
    )
    difficulty: Literal["easy", "medium", "hard"] | None = Field(
        None, description="with bot mcts (default medium)"
    )

    @model_validator(mode="after")
    def _bot_fields(self) -> SeatIn:
        if self.kind != "bot" and (self.bot is not None or self.difficulty is not None):
            raise ValueError("only a bot seat takes bot and difficulty")
        if self.kind != "human" and self.account is not None:
            raise ValueError("only a person's seat is kept for an account")
        if self.bot in ("random", "greedy") and self.difficulty is not None:
            raise ValueError(f"{self.bot} takes no difficulty")
        return self

    @property
    def bot_spec(self) -> str | None:
        """The preset's name, as the server stores it (``mcts:hard``)."""
        if self.kind != "bot":
            return None
        bot = self.bot or "mcts"
        return f"mcts:{self.difficulty or 'medium'}" if bot == "mcts" else bot


class CreateTable(Strict):
    game: Annotated[str, StringConstraints(max_length=64)]
    players: Annotated[int, Field(ge=1, le=MAX_SEATS)] | None = None
    options: Annotated[dict[OptionName, OptionValue], Field(max_length=16)] = Field(
        default_factory=dict
    )
    seats: Annotated[list[SeatIn], Field(min_length=1, max_length=MAX_SEATS)]
    hotseat: bool = False
    listed: bool = True
    rated: bool = Field(False, description="ratings change at the end (signed-in players only)")
    spectator_chat: Literal["shared", "apart"] = Field(
        "shared", description="apart: spectators' chat lines are read by spectators only"
    )
    hints: bool | None = Field(
        None, description="players may ask the hard bot for a hint (default: unless rated)"
    )
    clock: ClockSettings | None = Field(
        None,
        description="none (default; a rated table: 5 min + 20 s real time), realtime or turn-based",
    )


class MoveIn(Strict):
    token: Token = ""
    action: ActionText
    revision: Revision


class UndoIn(Strict):
    token: Token = ""
    revision: Revision


class Choices(Strict):
    """A seat's private choices; those left out stay as they are."""

    stop_at_windows: bool | None = Field(
        None,
        description="be asked at optional windows (Nomads of Arabia's Sands of Time); "
        "otherwise they pass at once",
    )
    mute_chat: bool | None = Field(None, description="read only your own chat lines")

    def given(self) -> dict[str, bool]:
        """The choices made (not the rest of the request)."""
        chosen = {key: getattr(self, key) for key in Choices.model_fields}
        return {key: value for key, value in chosen.items() if value is not None}

    @model_validator(mode="after")
    def _some_choice(self) -> Choices:
        if not self.given():
            raise ValueError(f"make at least one of the choices {', '.join(Choices.model_fields)}")
        return self


class PreferencesIn(Choices):
    token: Token = ""


class BySeat(Strict):
    """A request for the seats of ``token``, or of the signed-in player."""

    token: Token = ""


class LeaveIn(BySeat):
    away: bool = Field(True, description="true: a bot plays for you; false: you are back")


class ChatIn(BySeat):
    text: ChatText


class PauseIn(BySeat):
    pause: bool = Field(description="true: ask to stop the clocks; false: go on")


class VacationIn(Strict):
    days: float = Field(ge=0, le=30, description="0: back now")


class RematchIn(BySeat):
    """Propose the rematch (the first call) or take your seat in it."""


class SignUp(Strict):
    name: PlayerName
    password: Password


class SignIn(Strict):
    name: Annotated[str, StringConstraints(max_length=64)]
    password: Annotated[str, StringConstraints(max_length=256)]


class Empty(Strict):
    """A body with nothing in it (``{}``)."""


class MoveMessage(Strict):
    type: Literal["move"]
    action: ActionText
    revision: Revision


class UndoMessage(Strict):
    type: Literal["undo"]
    revision: Revision


class PingMessage(Strict):
    type: Literal["ping"]


class PreferencesMessage(Choices):
    type: Literal["preferences"]


class LeaveMessage(Strict):
    type: Literal["leave"]
    away: bool


class DeclineMessage(Strict):
    type: Literal["decline"]


class ChatMessage(Strict):
    type: Literal["chat"]
    text: ChatText


class PauseMessage(Strict):
    type: Literal["pause"]
    pause: bool


ClientMessage = Annotated[
    MoveMessage
    | UndoMessage
    | PingMessage
    | PreferencesMessage
    | LeaveMessage
    | DeclineMessage
    | ChatMessage
    | PauseMessage,
    Field(discriminator="type"),
]
client_messages: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


def readable(problems: Sequence[Mapping[str, Any]]) -> str:
    """Validation errors in one line: each wrong field and what is wrong with it."""
    parts = []
    for problem in problems:
        where = ".".join(str(part) for part in problem["loc"] if part != "body")
        message = problem["msg"].removeprefix("Value error, ")
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts)


def parse_message(text: str | bytes) -> Any:
    """A WebSocket message, or the :class:`TableError` that says what is wrong with it."""
    try:
        return client_messages.validate_json(text)
    except ValidationError as error:
        raise TableError("malformed", readable(error.errors(include_input=False))) from None
