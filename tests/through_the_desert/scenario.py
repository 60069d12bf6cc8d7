"""Test positions of Through the Desert, written as position texts and loaded as such.

Every position a test starts from is a position text (*Position notation* in the rules
reference) read by ``serai.load_position``; the helpers here only write those texts from a
short description, with hexes by name:

- :func:`position` writes a board exactly as described: palms, token values, leaders, camels
  (each takes the token under it for its seat) and the regions the test lists as closed;
- :func:`camel_position` writes the leaders (those listed, and the background ones) at the
  start of the camel phase, then places the listed camels through the rules, each as its seat
  in a turn of its own, so that they take tokens, score palms and close regions (R27);
- :func:`to_act` writes the same position with another seat to act (a camel turn of its own)
  and reads it back; :func:`act`, :func:`legal` and :func:`rejected` use it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pytest

import serai
from serai.games.through_the_desert.actions import decode, parse_action
from serai.games.through_the_desert.board import (
    COLOUR_LETTERS,
    COLOURS,
    COLS,
    PHASE_NAMES,
    ROWS,
    SHADED_FIRST_COL,
    TOKENS_PER_VALUE,
    bits,
    grow,
    hex_index,
    hex_name,
    layout_for,
    parse_hex,
)
from serai.games.through_the_desert.position import PARTS
from serai.games.through_the_desert.rules import ThroughTheDesertState

GAME = "through_the_desert"
CLAIMED = PARTS.index("claimed tokens")
"""Where a position writes the tokens each seat holds."""

LAYOUT_A = ("1,7", "3,2", "9,2", "12,6", "16,2")

# Where each unlisted leader stands in camel-phase scenarios: legal under R8 for 2, 3 and 4
# players on both sides, and away from every scenario's pieces and regions. Without them a
# lone caravan would "enclose" the whole open desert.
BACKGROUND = {
    "blue": ("2,0", "4,0", "12,1", "19,0"),
    "green": ("5,3", "3,4", "10,5", "22,2"),
    "red": ("7,6", "7,4", "13,8", "20,6"),
    "yellow": ("5,8", "6,10", "9,11", "21,9"),
    "white": ("15,0", "15,8", "0,3", "19,10"),
}

Piece = tuple[int, str, str]
"""A piece by seat, colour and hex: ``(0, "red", "12,4")``."""


def leaders_of(seat: int, *hexes: str) -> list[Piece]:
    """``seat``'s leaders on ``hexes``, in colour order: blue, green, red, yellow, white."""
    return [(seat, colour, h) for colour, h in zip(COLOURS, hexes, strict=True)]


# Seat 0's green leader on 2,0 has one way out, 3,0 (R20(b)): seat 1's blue camels fill 2,1.
# Seat 0's other leaders stand in corners of the map whose free neighbours touch seat 1's
# caravan of their colour (R12): blue 8,0 by seat 1's blue on 6,1 and 7,1, red 3,11 by 4,10,
# yellow 11,11 by 10,10, white 9,12 by 8,11.
CORNERED = {
    "leaders": [
        *leaders_of(0, "8,0", "2,0", "3,11", "11,11", "9,12"),
        *leaders_of(1, "4,0", "7,4", "4,10", "10,10", "8,11"),
    ],
    "camels": [(1, "blue", h) for h in ("4,1", "3,1", "2,1", "5,1", "6,1", "7,1")],
}


def hx(text: str) -> int:
    h = parse_hex(text)
    assert h is not None, text
    return h


def load(text: str) -> ThroughTheDesertState:
    state = serai.load_position(GAME, text)
    assert isinstance(state, ThroughTheDesertState)
    return state


def token_values(
    players: int, board: str, palms: Sequence[str], tokens: Mapping[str, int]
) -> dict[int, int]:
    """The value dealt on each token hex (R6, R7), in the order of the deal: the named ones
    as given, every other one the value whose tokens are most plentiful after keeping back
    those the named hexes still to come need."""
    layout = layout_for(board, players)
    palm_mask = sum(1 << hx(h) for h in palms)
    wanted = {hx(h): v for h, v in tokens.items()}
    pool = [TOKENS_PER_VALUE] * 3
    values = {}
    for h in bits((layout.watering_holes | layout.oases) & ~palm_mask):
        if h in wanted:
            value = wanted.pop(h)
        else:
            reserve = [sum(1 for w in wanted.values() if w == v) for v in (1, 2, 3)]
            value = max((1, 2, 3), key=lambda v: pool[v - 1] - reserve[v - 1])
        pool[value - 1] -= 1
        values[h] = value
    return values


def position(
    players: int,
    *,
    board: str = "mountain",
    phase: str = "camels",
    player: int = 0,
    turn: int | None = None,
    placed: int = 0,
    palms: Sequence[str] = LAYOUT_A,
    tokens: Mapping[str, int] | None = None,
    dealt: int | None = None,
    leaders: Iterable[Piece] = (),
    camels: Iterable[Piece] = (),
    closed: Iterable[tuple[int, str, Iterable[str]]] = (),
    removed: str | None = None,
    round1: str | None = None,
) -> str:
    """The position text of a board described piece by piece.

    ``turn`` is by default a two-camel turn of ``player`` in the camel phase (R13), 0 before;
    ``dealt`` is how many tokens are on the board in setup (by default none); ``closed``
    lists regions as (seat, colour, hexes) in the order they closed. Each seat holds the
    tokens its camels stand on and those of its closed regions. ``round1`` is by default the
    first colours of the leaders, one per seat that has placed one (R10).
    """
    layout = layout_for(board, players)
    values = token_values(players, board, palms, tokens or {})
    if dealt is not None or phase == "setup":
        values = dict(list(values.items())[: dealt or 0])
    leaders, camels = list(leaders), list(camels)
    cells = {hx(h): "PP" for h in palms}
    cells |= {h: f"~{v}" for h, v in values.items()}
    claimed = [0] * (3 * players)
    for seat, colour, where in leaders:
        cells[hx(where)] = f"{colour[0].upper()}{seat}"
    for seat, colour, where in camels:
        h = hx(where)
        if h in values:
            claimed[3 * seat + values[h] - 1] += 1  # R15
        cells[h] = f"{colour[0]}{seat}"
    regions = []
    for seat, colour, hexes in closed:
        named = [hx(h) for h in hexes]
        for h in named:
            if h in values:
                claimed[3 * seat + values[h] - 1] += 1  # R17(a)
            cells[h] = "xP" if cells.get(h) == "PP" else "xx"
        regions.append(f"{colour[0]}{seat}@{hex_name(min(named))}")
    off_map = [hex_name(h) for h in cells if not layout.playable >> h & 1]
    assert not off_map, f"not in play: {off_map}"
    cols = COLS if layout.full else SHADED_FIRST_COL
    rows = []
    for row in range(ROWS):
        line = ""
        for col in range(cols):
            h = hex_index(col, row)
            line += cells.get(h, "..") if layout.playable >> h & 1 else "##"
        rows.append(line)
    if turn is None:
        turn = 2 * players + player if phase in ("camels", "over") else 0
    if round1 is None:
        opened = sorted({COLOURS.index(colour) for _, colour, _ in leaders})
        round1 = "".join(COLOUR_LETTERS[c] for c in opened[: min(len(leaders), players)])
    return " ".join(
        [
            f"{players} {board} {phase} {player} {turn} {placed}",
            "/".join(rows),
            "/".join(regions) or "-",
            "/".join(",".join(map(str, claimed[3 * s : 3 * s + 3])) for s in range(players)),
            removed or "-" * players,
            round1 or "-",
        ]
    )


def setup(
    players: int,
    board: str = "mountain",
    tokens: dict[str, int] | None = None,
    palms: tuple[str, ...] = LAYOUT_A,
) -> ThroughTheDesertState:
    """The position right after setup: the palms and token values given (R25, R6), the
    others dealt as :func:`token_values` says; the leader phase, or with 5 players the
    removal of leaders (R11)."""
    phase = "removal" if players == 5 else "leaders"
    return load(position(players, board=board, phase=phase, palms=palms, tokens=tokens))


def camel_leaders(players: int, leaders: Iterable[Piece]) -> list[Piece]:
    """The listed leaders, then a background leader for every other seat and colour."""
    listed = list(leaders)
    taken = {(seat, colour) for seat, colour, _ in listed}
    for colour, places in BACKGROUND.items():
        for seat in range(players):
            if (seat, colour) not in taken:
                listed.append((seat, colour, places[seat]))
    return listed


def camel_position(
    players: int,
    leaders: Iterable[Piece],
    camels: Iterable[Piece] = (),
    tokens: dict[str, int] | None = None,
    board: str = "mountain",
    turn: int | None = None,
    palms: Sequence[str] = LAYOUT_A,
) -> ThroughTheDesertState:
    """A camel-phase position: the listed leaders and the background ones, then the listed
    camels placed through the rules; seat 0 to act in a two-camel turn (R13) unless
    ``turn`` says otherwise."""
    leaders = camel_leaders(players, leaders)
    state = load(position(players, board=board, palms=palms, tokens=tokens, leaders=leaders))
    for seat, colour, where in camels:
        state = act(state, seat, f"camel {colour} {where}", new_turn=True)
    return to_act(state, 0, turn=turn)


def spend(
    state: ThroughTheDesertState, seat: int, colour: str, left: int, keep_clear: Iterable[str]
) -> ThroughTheDesertState:
    """Place camels of ``colour`` for ``seat`` through the rules until ``left`` are left in
    the supply (R21), each on the legal hex lowest on the map (the highest index) that is
    neither in nor next to ``keep_clear``; then seat 0 is to act, as after
    :func:`camel_position`."""
    index = COLOURS.index(colour)
    clear = 0
    for h in (hx(where) for where in keep_clear):
        clear |= 1 << h | grow(1 << h)
    while state.supply[index] > left:
        state = to_act(state, seat)
        moves = [decode(action) for action in state.legal_actions()]
        hexes = [move[-1] for move in moves if move[1] == index and not clear >> move[-1] & 1]
        state.apply_action(state.string_to_action(f"camel {colour} {hex_name(max(hexes))}"))
    return to_act(state, 0)


def to_act(
    state: ThroughTheDesertState, seat: int, placed: int = 0, turn: int | None = None
) -> ThroughTheDesertState:
    """The same position in the camel phase with ``seat`` to act, ``placed`` camels into its
    turn: by default a two-camel turn in the same round of turns (R13). In the leader phase
    the seat to act follows from the leaders placed, so only that seat is accepted."""
    n = state.n
    if state.phase_name in ("setup", "removal", "leaders"):
        assert seat == state.player, f"seat {state.player} is to act in the {state.phase_name}"
        return state
    if turn is None:
        turn = state.turn - state.turn % n + seat
        if turn < 2:
            turn += n
    words = state.position().split(" ")
    words[2:6] = ["camels", str(seat), str(turn), str(placed)]
    return load(" ".join(words))


def act(
    state: ThroughTheDesertState, seat: int, text: str, new_turn: bool = False
) -> ThroughTheDesertState:
    """Apply ``text`` as ``seat`` through the checked path and return the state after it.

    If another seat is to act (or ``new_turn``), ``seat`` first gets a turn of its own.
    """
    if new_turn or state.player != seat:
        state = to_act(state, seat)
    state.apply_action(state.string_to_action(text))
    return state


def as_seat(state: ThroughTheDesertState, seat: int | None) -> ThroughTheDesertState:
    return state if seat is None or seat == state.player else to_act(state, seat)


def legal(state: ThroughTheDesertState, seat: int, text: str) -> bool:
    """Whether ``seat`` may play ``text`` now (in a turn of its own if another seat is to act)."""
    action = parse_action(text)
    assert action is not None, text
    return as_seat(state, seat).is_legal(action)


def rejected(state: ThroughTheDesertState, seat: int | None, text: str) -> str:
    """``text`` must be refused (as ``seat`` if given) and leave the state unchanged."""
    state = as_seat(state, seat)
    before = state.position()
    with pytest.raises(serai.IllegalActionError) as caught:
        state.string_to_action(text)
    assert state.position() == before
    return caught.value.reason


def with_claimed(
    state: ThroughTheDesertState, seat: int, counts: tuple[int, int, int]
) -> ThroughTheDesertState:
    """The same position with ``seat`` holding ``counts`` tokens worth 1, 2 and 3 (hidden
    from the others, R24)."""
    words = state.position().split(" ")
    claimed = words[CLAIMED].split("/")
    claimed[seat] = ",".join(map(str, counts))
    words[CLAIMED] = "/".join(claimed)
    return load(" ".join(words))


def finished(state: ThroughTheDesertState) -> ThroughTheDesertState:
    """The same position with the game over, so that final scoring applies."""
    words = state.position().split(" ")
    words[2] = PHASE_NAMES[-1]
    return load(" ".join(words))
