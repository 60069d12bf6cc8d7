"""Positions of Through the Desert: a whole state as one line of text, and back.

The notation is described, part by part with an example, under *Position notation* in the
rules reference (``docs/rules/through_the_desert.md``). A position writes what cannot be
worked out from the rest: the phase and whose turn it is, the map (every hex with what
lies on it), the closed regions in the order they closed, the tokens each seat holds, the
leaders set aside and the colours opened in round 1. Everything else (zones, the free
hexes, supplies, scores) follows, and :func:`derive` works it out. Reading refuses a
position that no game reaches, saying which part is wrong.

>>> import serai
>>> game = serai.load_game("through_the_desert", players=2)
>>> text = game.new_initial_state().position()
>>> text.split(" ")[:6]
['2', 'mountain', 'setup', '0', '0', '0']
>>> game.from_position(text).position() == text
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serai.engine import GameError
from serai.engine.position import PositionReader, header, ints
from serai.games.through_the_desert.board import (
    ALL_COLOURS,
    CAMELS,
    COLOUR_LETTERS,
    COLOURS,
    COLS,
    LEADERS,
    NEIGHBOURS,
    NUM_COLOURS,
    OVER,
    PALMS,
    PHASE_NAMES,
    REMOVAL,
    ROWS,
    SETUP_PALMS,
    SETUP_TOKENS,
    SHADED_FIRST_COL,
    SUPPLY,
    TOKENS_PER_VALUE,
    Hex,
    Mask,
    bits,
    grow,
    hex_index,
    hex_name,
    leaders_per_player,
    parse_hex,
)

if TYPE_CHECKING:
    from serai.games.through_the_desert.rules import ThroughTheDesertState

GAME = "through_the_desert"

# The cells of the map, two characters a hex; a piece is its colour's letter (upper case
# for a leader) and its seat, ``r0`` or ``R0``.
OFF_MAP = "##"
OPEN = ".."
PALM = "PP"
TOKEN_CELLS = ("~1", "~2", "~3")
CLOSED = "xx"
CLOSED_PALM = "xP"


def write_position(state: ThroughTheDesertState) -> str:
    """``state`` as one line (*Position notation* in the rules reference)."""
    n = state.n
    closed = [
        f"{_caravan_code(caravan)}@{hex_name((region & -region).bit_length() - 1)}"
        for region, caravan in state.closed_regions
    ]
    claimed = [ints(state.claimed[3 * seat : 3 * seat + 3]) for seat in range(n)]
    removed = "".join(COLOUR_LETTERS[c] if c >= 0 else "-" for c in state.removed)
    opened = "".join(COLOUR_LETTERS[c] for c in bits(state.round1))
    owner = {h: caravan for caravan, mask in enumerate(state.pieces) for h in bits(mask)}
    return " ".join(
        [
            header(state.game),
            PHASE_NAMES[state.phase],
            str(state.player),
            str(state.turn),
            str(state.placed),
            "/".join(_map_row(state, owner, row) for row in range(ROWS)),
            "/".join(closed) or "-",
            "/".join(claimed),
            removed,
            opened or "-",
        ]
    )


def _map_row(state: ThroughTheDesertState, owner: dict[Hex, int], row: int) -> str:
    """One row of the map, two characters a hex; ``owner`` gives each piece's caravan."""
    cells = []
    for col in range(COLS if state.layout.full else SHADED_FIRST_COL):
        h = hex_index(col, row)
        bit = 1 << h
        if not state.layout.playable & bit:
            cells.append(OFF_MAP)
        elif h in owner:
            code = _caravan_code(owner[h])
            cells.append(code.capitalize() if state.leaders & bit else code)
        elif state.palms & bit:
            cells.append(CLOSED_PALM if state.closed & bit else PALM)
        elif state.tokens & bit:
            cells.append(TOKEN_CELLS[state.token_value[h] - 1])
        else:
            cells.append(CLOSED if state.closed & bit else OPEN)
    return "".join(cells)


def _caravan_code(caravan: int) -> str:
    """A caravan as positions write it: its colour's letter and its seat (``r0``)."""
    seat, colour = divmod(caravan, NUM_COLOURS)
    return f"{COLOUR_LETTERS[colour]}{seat}"


def derive(state: ThroughTheDesertState) -> None:
    """Fill in every field of ``state`` that follows from the ones a position writes
    (phase, turn, palms, tokens, pieces, leaders, closed regions, claimed tokens, leaders
    set aside, round-1 colours): what the placements of a game keep up to date one by one."""
    n = state.n
    layout = state.layout
    state.held = [ALL_COLOURS] * n
    state.area = [0] * n
    state.river_scored = 0
    state.palm_zone = 0
    for h in bits(state.palms):
        state.palm_zone |= (1 << h) | NEIGHBOURS[h]
    state.token_hexes = state.deal_hexes() if state.palms.bit_count() == PALMS else ()
    if state.phase == SETUP_TOKENS:
        state.dealt = state.tokens.bit_count()
    else:
        state.dealt = len(state.token_hexes)
    state.occupied = 0
    state.leader_zone = 0
    for h in bits(state.leaders):
        state.leader_zone |= (1 << h) | NEIGHBOURS[h]
    state.closed = 0
    for region, _ in state.closed_regions:
        state.closed |= region
    on_board = [0] * NUM_COLOURS
    for caravan, mask in enumerate(state.pieces):
        seat, colour = divmod(caravan, NUM_COLOURS)
        state.occupied |= mask
        zone = 0
        crossed = 0
        for h in bits(mask):
            zone |= NEIGHBOURS[h]
            crossed |= layout.across_river[h]
        state.zone[caravan] = zone
        state.camels[caravan] = (mask & ~state.leaders).bit_count()
        on_board[colour] += state.camels[caravan]
        # R16: a camel touching a palm scored it (a leader never stands next to one, R8).
        state.oasis_scored[caravan] = zone & state.palms
        # R4: two pieces of the caravan on either side of a river edge.
        if crossed & mask:
            state.river_scored |= 1 << caravan
        if mask & state.leaders:
            state.held[seat] &= ~(1 << colour)
    for seat, colour in enumerate(state.removed):
        if colour >= 0:
            state.held[seat] &= ~(1 << colour)
    state.free = layout.playable & ~state.palms & ~state.occupied & ~state.closed
    state.supply = [SUPPLY[n] - count for count in on_board]
    state.leaders_placed = state.leaders.bit_count()
    for region, caravan in state.closed_regions:
        state.oasis_scored[caravan] |= region & state.palms  # R17(b)
        state.area[caravan // NUM_COLOURS] += (region & ~state.palms).bit_count()  # R17(c)
    for value in (1, 2, 3):
        taken = sum(state.claimed[3 * seat + value - 1] for seat in range(n))
        board = sum(1 for h in bits(state.tokens) if state.token_value[h] == value)
        state.pool[value - 1] = TOKENS_PER_VALUE - taken - board
    state.ending = min(state.supply) == 0  # R20(a): set by the camel that emptied a colour


PARTS = (
    "players",
    "board",
    "phase",
    "player",
    "turn",
    "placed",
    "map",
    "closed regions",
    "claimed tokens",
    "leaders set aside",
    "round-1 colours",
)
"""The parts of a position, in order (*Position notation*)."""

_PHASE_OF_NAME = {"setup": SETUP_PALMS, "removal": REMOVAL, "leaders": LEADERS}
_PHASE_OF_NAME |= {"camels": CAMELS, "over": OVER}
SEATS = "01234"


class _Position:
    """One position text being read into a state, part by part, with its checks."""

    def __init__(self, state: ThroughTheDesertState, text: str) -> None:
        self.reader = PositionReader(GAME, text)
        self.reader.check_header(state.game)
        self.state = state
        self.n = state.n
        self.closed_hexes: Mask = 0

    def fail(self, part: str, problem: str) -> GameError:
        return GameError(f"{GAME} position, part {PARTS.index(part) + 1} ({part}): {problem}")

    def read(self) -> None:
        reader, state, n = self.reader, self.state, self.n
        state.phase = _PHASE_OF_NAME[reader.choice("phase", tuple(_PHASE_OF_NAME))]
        state.player = reader.integer("player", 0, n - 1)
        state.turn = reader.integer("turn", 0)
        state.placed = reader.integer("placed", 0, 2)
        self._read_map(reader.word("map"))
        self._read_closed(reader.word("closed regions"))
        self._read_claimed(reader.word("claimed tokens"))
        self._read_removed(reader.word("leaders set aside"))
        self._read_round1(reader.word("round-1 colours"))
        reader.end()
        if state.phase == SETUP_PALMS and state.palms.bit_count() == PALMS:
            state.phase = SETUP_TOKENS
        derive(state)
        self._check()

    # -- the parts ------------------------------------------------------------------
    def _read_map(self, word: str) -> None:
        layout = self.state.layout
        rows = word.split("/")
        if len(rows) != ROWS:
            raise self.fail("map", f"has {len(rows)} rows, not {ROWS}")
        cols = COLS if layout.full else SHADED_FIRST_COL
        for row, text in enumerate(rows):
            if len(text) != 2 * cols:
                raise self.fail("map", f"row {row} is not {cols} hexes of 2 characters")
            for col in range(cols):
                self._place(hex_index(col, row), text[2 * col : 2 * col + 2])

    def _place(self, h: Hex, cell: str) -> None:
        state, layout = self.state, self.state.layout
        bit = 1 << h
        where = hex_name(h)
        if (cell == OFF_MAP) == bool(layout.playable & bit):
            if cell == OFF_MAP:
                raise self.fail("map", f"{where} is in play, not {OFF_MAP!r}")
            raise self.fail("map", f"{where} is not in play (R1–R3) but holds {cell!r}")
        if cell == OFF_MAP:
            return
        if cell in (PALM, CLOSED_PALM):
            if not layout.oases & bit:
                raise self.fail("map", f"a palm on {where}, which is not an oasis (R25)")
            state.palms |= bit
        elif cell in TOKEN_CELLS:
            if not (layout.oases | layout.watering_holes) & bit:
                raise self.fail("map", f"a token on {where}, which is not a watering hole (R6)")
            state.tokens |= bit
            state.token_value[h] = TOKEN_CELLS.index(cell) + 1
        elif cell[0].lower() in COLOUR_LETTERS and cell[1:] in SEATS[: self.n]:
            colour = COLOUR_LETTERS.index(cell[0].lower())
            state.pieces[int(cell[1]) * NUM_COLOURS + colour] |= bit
            if cell[0].isupper():
                state.leaders |= bit
        elif cell not in (OPEN, CLOSED):
            raise self.fail("map", f"{cell!r} on {where} is not a cell of the map")
        if cell in (CLOSED, CLOSED_PALM):
            self.closed_hexes |= bit

    def _read_closed(self, word: str) -> None:
        state = self.state
        rest = self.closed_hexes
        for entry in [] if word == "-" else word.split("/"):
            code, _, where = entry.partition("@")
            h = parse_hex(where)
            seat = code[1:]
            if not (
                len(code) == 2
                and code[0] in COLOUR_LETTERS
                and len(seat) == 1
                and seat in SEATS[: self.n]
                and h is not None
            ):
                raise self.fail("closed regions", f"{entry!r} is not <caravan>@<col>,<row>")
            if not rest >> h & 1:
                raise self.fail("closed regions", f"{where} is not a closed hex named once")
            region = _region_of(1 << h, self.closed_hexes)
            if region & -region != 1 << h:
                first = hex_name((region & -region).bit_length() - 1)
                raise self.fail("closed regions", f"the region of {where} is named by {first}")
            rest &= ~region
            caravan = int(seat) * NUM_COLOURS + COLOUR_LETTERS.index(code[0])
            state.closed_regions.append((region, caravan))
        if rest:
            first = hex_name((rest & -rest).bit_length() - 1)
            raise self.fail("closed regions", f"the closed hex {first} is in no listed region")

    def _read_claimed(self, word: str) -> None:
        seats = word.split("/")
        if len(seats) != self.n:
            raise self.fail("claimed tokens", f"lists {len(seats)} seats, not {self.n}")
        for seat, counts in enumerate(seats):
            values = counts.split(",")
            if len(values) != 3 or not all(v.isascii() and v.isdecimal() for v in values):
                raise self.fail("claimed tokens", f"{counts!r} is not three counts like 1,0,2")
            self.state.claimed[3 * seat : 3 * seat + 3] = [int(v) for v in values]

    def _read_removed(self, word: str) -> None:
        if len(word) != self.n or any(c not in COLOUR_LETTERS + "-" for c in word):
            raise self.fail("leaders set aside", f"{word!r} is not one letter or '-' per seat")
        self.state.removed = [COLOUR_LETTERS.find(c) for c in word]

    def _read_round1(self, word: str) -> None:
        if word == "-":
            return
        colours = [COLOUR_LETTERS.find(c) for c in word]
        if -1 in colours or colours != sorted(set(colours)):
            raise self.fail("round-1 colours", f"{word!r} is not colour letters in order")
        for colour in colours:
            self.state.round1 |= 1 << colour

    # -- the checks -----------------------------------------------------------------
    def _check(self) -> None:
        """Refuse a position that no game reaches: pieces where the rules never put them,
        counts that do not add up, a phase that does not fit the board."""
        state = self.state
        self._check_pieces()
        self._check_tokens()
        self._check_leaders_set_aside()
        if state.phase >= CAMELS:
            self._check_camel_phase()
        else:
            self._check_before_camels()
        fresh = state.game.new_initial_state().component_counts()
        counts = state.component_counts()
        for name, total in fresh.items():
            if counts[name] != total:
                raise self.fail("map", f"{counts[name]} {name}: the game has {total}")

    def _check_tokens(self) -> None:
        """R6, R15, R17(a), R25: the palms and tokens that setup deals, and who took which."""
        state = self.state
        palms = state.palms.bit_count()
        if palms > PALMS or (palms < PALMS and state.phase > SETUP_TOKENS):
            raise self.fail("map", f"{palms} palms: setup draws {PALMS} (R25)")
        if palms < PALMS and state.tokens:
            raise self.fail("map", "the tokens are dealt once the 5 palms stand (R25)")
        token_hexes = sum(1 << h for h in state.token_hexes)
        camels = state.occupied & ~state.leaders
        if state.phase == SETUP_TOKENS:
            dealt = state.tokens.bit_count()
            if state.tokens != sum(1 << h for h in state.token_hexes[:dealt]):
                raise self.fail("map", "setup deals the tokens in increasing hex order (R25)")
            if dealt == len(state.token_hexes):
                raise self.fail("phase", "every token is dealt, so setup is over (R25)")
        elif state.phase > SETUP_TOKENS:
            missing = token_hexes & ~state.tokens & ~camels & ~state.closed
            if missing:
                where = hex_name((missing & -missing).bit_length() - 1)
                raise self.fail("map", f"{where} lost its token to no camel and no region (R6)")
        for seat in range(self.n):
            taken = 0
            for colour in range(NUM_COLOURS):
                taken |= state.pieces[seat * NUM_COLOURS + colour] & camels
            for region, caravan in state.closed_regions:
                if caravan // NUM_COLOURS == seat:
                    taken |= region
            took, holds = (taken & token_hexes).bit_count(), state.token_count(seat)
            if took != holds:
                raise self.fail(
                    "claimed tokens", f"seat {seat} holds {holds} tokens but took {took} (R15, R17)"
                )
        for value in (1, 2, 3):
            if state.pool[value - 1] < 0:
                raise self.fail(
                    "claimed tokens",
                    f"{TOKENS_PER_VALUE - state.pool[value - 1]} tokens worth {value}: "
                    f"there are {TOKENS_PER_VALUE} (R6)",
                )

    def _check_leaders_set_aside(self) -> None:
        """R11: with 5 players each seat in turn sets a different colour aside first."""
        state, n = self.state, self.n
        if n != 5 or state.phase <= SETUP_TOKENS:
            count = 0
        elif state.phase == REMOVAL:
            count = state.player
        else:
            count = n
        removed = state.removed[:count]
        if (
            -1 in removed
            or len(set(removed)) != count
            or state.removed[count:] != [-1] * (n - count)
        ):
            raise self.fail(
                "leaders set aside",
                f"{count} seats, from seat 0 on, have set a different colour aside by now (R11)",
            )

    def _check_pieces(self) -> None:
        """R8, R9, R12, R21: where leaders and camels may stand, and how many there are."""
        state, n = self.state, self.n
        leaders = state.leaders
        for caravan, mask in enumerate(state.pieces):
            seat, colour = divmod(caravan, NUM_COLOURS)
            name = f"seat {seat}'s {COLOURS[colour]} caravan"
            if not mask:
                continue
            if (mask & leaders).bit_count() != 1:
                raise self.fail("map", f"{name} has {(mask & leaders).bit_count()} leaders (R9)")
            if state.removed[seat] == colour:
                raise self.fail("map", f"{name}: that leader was set aside (R11)")
            if _region_of(mask & -mask, mask) != mask:
                raise self.fail("map", f"{name} is in pieces that do not touch (R9)")
            for other in range(seat + 1, n):
                if state.zone[caravan] & state.pieces[other * NUM_COLOURS + colour]:
                    raise self.fail("map", f"{name} touches seat {other}'s of its colour (R12)")
        for h in bits(leaders):
            where = hex_name(h)
            if NEIGHBOURS[h] & leaders:
                raise self.fail("map", f"the leader on {where} is next to another leader (R8)")
            if NEIGHBOURS[h] & state.palms:
                raise self.fail("map", f"the leader on {where} is next to a palm (R8)")
            if (state.layout.watering_holes | state.layout.oases) >> h & 1:
                raise self.fail("map", f"a leader stands on the token hex {where} (R8)")
        for colour, left in enumerate(state.supply):
            if left < 0:
                placed = SUPPLY[n] - left
                raise self.fail(
                    "map", f"{placed} {COLOURS[colour]} camels: there are {SUPPLY[n]} (R21)"
                )

    def _check_before_camels(self) -> None:
        """Setup, removal and the leader phase: no camel yet, leaders placed in turn."""
        state, n = self.state, self.n
        if state.closed_regions or state.occupied & ~state.leaders:
            raise self.fail("map", "camels and closed regions come only in the camel phase (R19)")
        if state.turn or state.placed:
            raise self.fail("turn", "turns are counted from the camel phase on (R13)")
        placed = state.leaders_placed
        if state.phase < LEADERS and placed:
            raise self.fail("map", "leaders are placed once setup and removal are over (R11)")
        if placed >= n * leaders_per_player(n):
            raise self.fail("phase", "every leader is placed, so the camel phase has begun")
        for seat in range(n):
            mine = sum(1 for c in range(NUM_COLOURS) if state.pieces[seat * NUM_COLOURS + c])
            if mine != placed // n + (seat < placed % n):
                raise self.fail("map", f"seat {seat} has {mine} leaders out of turn (R10)")
        self._check_round1(min(placed, n))
        # In the removal phase the seat to act was checked with the leaders set aside.
        expected = state.player if state.phase == REMOVAL else placed % n
        if state.player != expected:
            raise self.fail("player", f"seat {expected} is to act, not {state.player}")
        if state.phase == LEADERS and not state.legal_actions():
            raise self.fail("map", f"seat {expected} has no leader it may place (R8, R10, R11)")

    def _check_round1(self, count: int) -> None:
        """R10: the first leader of each seat opened a colour no earlier seat opened."""
        state = self.state
        colours = 0
        for caravan, mask in enumerate(state.pieces):
            if mask:
                colours |= 1 << caravan % NUM_COLOURS
        if state.round1.bit_count() != count or state.round1 & ~colours:
            raise self.fail(
                "round-1 colours", f"the first {count} leaders opened {count} colours (R10)"
            )

    def _check_camel_phase(self) -> None:
        """R13, R17, R20: every leader placed, whose turn it is, closed regions, the end."""
        state, n = self.state, self.n
        for seat in range(n):
            held = state.held[seat]
            if held:
                name = COLOURS[(held & -held).bit_length() - 1]
                raise self.fail("map", f"seat {seat} has not placed its {name} leader (R13)")
        self._check_round1(n)
        if state.player != state.turn % n:
            raise self.fail("player", f"turn {state.turn} is seat {state.turn % n}'s (R13)")
        per_turn = state.camels_this_turn()
        if state.placed > per_turn or (state.phase == CAMELS and state.placed == per_turn):
            raise self.fail("placed", f"turn {state.turn} places {per_turn} camels (R13)")
        for region, caravan in state.closed_regions:
            around = grow(region) & ~region & state.layout.playable
            if around & ~state.pieces[caravan] or not state.camels[caravan]:
                where = hex_name((region & -region).bit_length() - 1)
                raise self.fail(
                    "closed regions", f"the region of {where} is not enclosed by its caravan (R17)"
                )
        # A game may be declared over at any point of the camel phase (to score a board);
        # one that goes on must have a camel to place (R20).
        if state.phase == CAMELS:
            if state.ending and state.placed == 0:
                raise self.fail("phase", "a colour ran out last turn, so the game is over (R20)")
            if not state.has_camel_move(state.player):
                raise self.fail("phase", f"seat {state.player} cannot place, so it is over (R20)")


def _region_of(seed: Mask, within: Mask) -> Mask:
    """The hexes of ``within`` connected to ``seed``."""
    region = seed
    while True:
        bigger = grow(region) & within
        if bigger == region:
            return region
        region = bigger


def read_position(state: ThroughTheDesertState, text: str) -> None:
    """Make the fresh ``state`` the one that ``text`` writes (*Position notation*), or raise
    :class:`GameError` saying which part is wrong."""
    _Position(state, text).read()
