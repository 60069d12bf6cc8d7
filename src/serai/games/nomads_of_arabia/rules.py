"""Nomads of Arabia: the state and its rules (``docs/rules/nomads_of_arabia.md``).

The state is flat: short lists of counts (boxes ``5 x 4``, stock, handler pile, per seat
handlers and animals ``4 * seat + animal``), the strip on each row, and a hand of special
disks per seat as a bitmask. The procedures of a turn (movement, the restock chain,
shifts, Lost discards, the Sands of Time window) are a stack of small steps (``T_*``);
``_run`` pops steps until one needs a decision or a chance outcome, so a turn pauses at
any node and a clone resumes it.

Integer actions (people and records read the notation of the rules reference instead):

- ``0 stay``, ``1 pilgrim``, ``2 capture``, ``3 call``, ``4 shift``,
  ``5 play silver-tongue``, ``6 end``, ``7 play sands-of-time``, ``8 pass``;
- ``MOVE1 + p``: ``move p``; ``MOVE2 + 55 p + q``: ``move p q``;
  ``RIDE + p``: ``play ride-the-winds p``; ``PLACE + p``: ``place p``
  (a space ``p`` is ``11 * row + x - 1``);
- ``TAKE + h``: ``take-handlers L`` with ``h`` the counts of ``L`` in base 4;
- ``SELL + m`` / ``ABDUL + m``: ``sell L`` / ``play abdul L`` with ``m`` the counts of
  ``L`` in base 18 (camel first);
- ``EXPERT + 4 l + a``: ``play expert-handler l a``; ``PICK + a``; ``KEEP + 4 a + b``
  (``a <= b``): ``keep a,b``; ``CHOOSE + l``: ``choose-land l``;
- chance: ``STRIP + strip`` (``draw-strip``), ``LAND + l`` (``roll-land``, 5 = yellow),
  ``ANIMALS + 5 f1 + f2`` (``roll-animals``, face 4 = blank, ``f1 <= f2``),
  ``HANDLERS + h`` (``roll-handlers``: ``h`` the animal faces per type in base 4),
  ``DISK + d`` (``draw-disk``), ``FINAL + f`` (``draw-final``).

Animals are indexed camel, donkey, goat, horse; lands green, red, purple, blue, grey.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

from serai.engine import (
    CHANCE,
    TERMINAL,
    ActionId,
    Game,
    GameError,
    GameInfo,
    Option,
    Seat,
    State,
    register,
)
from serai.games.nomads_of_arabia.board import (
    ABDUL,
    ANIMAL_ROLLS,
    ANIMALS,
    BLANK,
    CITY,
    CITY_STRIPS,
    DISK_DINARS,
    EXPERT,
    FINAL_DISKS,
    LANDS,
    MECCA,
    MOUNTAIN,
    NEIGHBOURS,
    NO_SPACE,
    NUM_ANIMALS,
    NUM_LANDS,
    RIDE,
    SAND,
    SANDS,
    SILVER,
    SPACES,
    SPECIAL_DISKS,
    STRIP_CITY_X,
    STRIP_NAMES,
    STRIP_TERRAIN,
    WIDTH,
    columns,
    handler_roll_probability,
    parse_space,
    price,
    space_name,
)
from serai.games.nomads_of_arabia.estimate import estimate
from serai.games.nomads_of_arabia.layout import layout as board_layout
from serai.games.nomads_of_arabia.observation import OBSERVATION_SIZE, observation
from serai.games.nomads_of_arabia.render import render
from serai.games.nomads_of_arabia.views import table_view

# -- action space -----------------------------------------------------------------
STAY, PILGRIM, CAPTURE, CALL, SHIFT, PLAY_SILVER, END, PLAY_SANDS, PASS = range(9)
MOVE1 = 9
MOVE2 = MOVE1 + SPACES
RIDE_BASE = MOVE2 + SPACES * SPACES
PLACE = RIDE_BASE + SPACES
TAKE = PLACE + SPACES
SELL_RADIX = 18  # at most 4c + 1 = 17 animals of a type are in play
SELL_SPAN: int = SELL_RADIX**NUM_ANIMALS
HANDLER_CODES: int = 4**NUM_ANIMALS
SELL = TAKE + HANDLER_CODES
ABDUL_BASE = SELL + SELL_SPAN
EXPERT_BASE = ABDUL_BASE + SELL_SPAN
PICK = EXPERT_BASE + NUM_LANDS * NUM_ANIMALS
KEEP = PICK + NUM_ANIMALS
CHOOSE = KEEP + NUM_ANIMALS * NUM_ANIMALS
STRIP = CHOOSE + NUM_LANDS
LAND = STRIP + len(STRIP_NAMES)
ANIMALS_BASE = LAND + NUM_LANDS + 1
HANDLERS = ANIMALS_BASE + 25
DISK = HANDLERS + HANDLER_CODES
FINAL = DISK + len(SPECIAL_DISKS)
NUM_ACTIONS = FINAL + len(FINAL_DISKS)

SIMPLE_WORDS = (
    "stay",
    "pilgrim",
    "capture",
    "call",
    "shift",
    "play silver-tongue",
    "end",
    "play sands-of-time",
    "pass",
)
YELLOW = NUM_LANDS
# Passable spaces of each strip as a bit mask over x - 1 (shifted to its row on the board).
STRIP_OPEN = tuple(
    sum(1 << (x - 1) for x in range(1, WIDTH + 1) if t[x] not in (NO_SPACE, MOUNTAIN))
    for t in STRIP_TERRAIN
)
ROLL_QUANTITIES = {5 * f1 + f2: quantities for f1, f2, _, quantities in ANIMAL_ROLLS}

# -- nodes (what the state waits for) ---------------------------------------------
(
    RUNNING,
    N_MOVE,
    N_PLACE,
    N_HANDLERS,
    N_ACTION,
    N_PICK,
    N_KEEP,
    N_LAND,
    N_SANDS,
    C_STRIP,
    C_LAND,
    C_ANIMALS,
    C_HANDLERS,
    C_DISK,
    C_FINAL,
    OVER,
) = range(16)
FIRST_CHANCE = C_STRIP
# What a seat may do at each decision, in its words (for refusals).
NODE_CHOICES = {
    N_MOVE: "move first: stay, move, play ride-the-winds or pilgrim (R9)",
    N_PLACE: "place your nomad from the Pilgrim space first (R27)",
    N_HANDLERS: "you are leaving a city: take handlers first (R11)",
    N_ACTION: "capture, call, shift, sell, play a disk, or end your turn",
    N_PICK: "your handler dice all came up blank: pick an animal from the box (R14)",
    N_KEEP: "choose the two animals you keep first (R25, R26)",
    N_LAND: "choose the box that takes the animals first (R20)",
    N_SANDS: "this is the Sands of Time window: pass, or play sands-of-time if you hold it (R33)",
}
NODE_NAMES = (
    "running",
    "move",
    "place",
    "handlers",
    "action",
    "pick",
    "keep",
    "land",
    "sands",
    "draw-strip",
    "roll-land",
    "roll-animals",
    "roll-handlers",
    "draw-disk",
    "draw-final",
    "over",
)

# -- procedure steps (the stack) ----------------------------------------------------
(
    T_SETUP_STRIP,
    T_FIRST_BOX,
    T_SETUP_DONE,
    T_LA,
    T_PAIR,
    T_DECIDE,
    T_RANDOM,
    T_SHIFT,
    T_LOSE,
    T_SHIFT_MOVE,
    T_STEP,
    T_ARRIVE,
    T_ACTION,
    T_TRAVEL_DONE,
    T_END_TURN,
    T_NEXT_TURN,
    T_WINDOW,
) = range(17)

# roll-land purposes
LP_FIRST, LP_ANIMAL, LP_RANDOM = range(3)

# seat status
BOARD, LOST, PILGRIM_SPACE = range(3)
STATUS_NAMES = ("board", "lost", "pilgrim")

# a city's disk
NO_DISK = -1
FACE_DOWN = 9

START_MONEY = 10
BANK = 1_000_000  # the bank is unlimited; a large balance keeps money countable
ALL_SPECIAL = (1 << len(SPECIAL_DISKS)) - 1


INFO = GameInfo(
    name="nomads_of_arabia",
    title="Nomads of Arabia",
    version="1.1",
    min_players=3,
    max_players=6,
    default_players=4,
    options=(
        Option("special_disks", 5, (0, 1, 2, 3, 4, 5), "special city disks used (R41)"),
        Option("final_disks", 5, (5, 3), "3: the short game, Mecca plus 2 bonus disks (R41)"),
        Option("max_turns", 1000, (1000,), "safety limit on turns (R40)", minimum=1),
    ),
)


def counts_to_list(counts: Iterable[int]) -> str:
    """Counts per animal as a canonical list (``camel,camel,horse``)."""
    return ",".join(ANIMALS[a] for a, k in enumerate(counts) for _ in range(k))


def parse_list(text: str, radix: int) -> int | None:
    """A canonical animal list to its counts in base ``radix``, or None."""
    if not text:
        return None
    counts = [0] * NUM_ANIMALS
    last = 0
    for word in text.split(","):
        if word not in ANIMALS:
            return None
        a = ANIMALS.index(word)
        if a < last:
            return None  # canonical order only (Notation)
        last = a
        counts[a] += 1
        if counts[a] >= radix:
            return None
    return encode(counts, radix)


def encode(counts: Iterable[int], radix: int) -> int:
    code = 0
    for k in reversed(list(counts)):
        code = code * radix + k
    return code


def decode(code: int, radix: int) -> list[int]:
    out = []
    for _ in range(NUM_ANIMALS):
        code, k = divmod(code, radix)
        out.append(k)
    return out


def sub_multisets(counts: list[int], minimum: int = 1) -> Iterator[list[int]]:
    """Every sub-multiset of ``counts`` with at least ``minimum`` pieces."""
    c0, c1, c2, c3 = counts
    for a in range(c0 + 1):
        for b in range(c1 + 1):
            for c in range(c2 + 1):
                for d in range(c3 + 1):
                    if a + b + c + d >= minimum:
                        yield [a, b, c, d]


class NomadsOfArabiaState(State):
    """A position of Nomads of Arabia. Build one with ``game.new_initial_state()``."""

    __slots__ = (
        "_history",
        "active",
        "animals",
        "bank",
        "boxes",
        "carry",
        "carry_type",
        "city_disk",
        "claimer",
        "cols",
        "final_gone",
        "finals",
        "game",
        "handlers",
        "hands",
        "land_purpose",
        "losing",
        "main_done",
        "money",
        "n",
        "next_seat",
        "node",
        "node_seat",
        "open_mask",
        "path",
        "pile",
        "placed",
        "placement",
        "played",
        "pos",
        "queues",
        "reserve",
        "revealed",
        "rolled",
        "rolling_call",
        "rows",
        "setup",
        "shift_done",
        "silver",
        "special_gone",
        "stack",
        "status",
        "step_dest",
        "stock",
        "strip_type",
        "supply",
        "target_box",
        "tied",
        "turn",
        "undrawn",
        "window",
    )

    game: NomadsOfArabia

    def __init__(self, game: NomadsOfArabia) -> None:
        n = game.num_players
        cols = columns(n)
        self.game = game
        self.n = n
        self.cols = cols
        self.rows: list[int] = []
        self.open_mask = 0  # passable spaces of the current board, kept with the rows
        self.city_disk: list[int] = []
        self.undrawn = (1 << len(STRIP_NAMES)) - 1
        self.queues: list[list[int]] = [[], []]  # R8: discarded city / desert strips
        self.boxes = [0] * (NUM_LANDS * NUM_ANIMALS)
        self.stock = [4 * cols] * NUM_ANIMALS
        self.reserve = [1] * NUM_ANIMALS  # from the game box into the first box (setup 4)
        self.pile = [cols] * NUM_ANIMALS
        self.money = [START_MONEY] * n
        self.bank = BANK - START_MONEY * n
        self.status = [BOARD] * n
        self.pos = [-1] * n
        self.handlers = [0] * (NUM_ANIMALS * n)
        self.animals = [0] * (NUM_ANIMALS * n)
        self.hands = [0] * n
        self.played = 0
        self.revealed = 0
        self.supply = int(game.options["special_disks"])
        self.special_gone = 0
        self.finals: list[int] = []
        self.final_gone = 0
        self.active = 0
        self.next_seat = 0
        self.turn = 0
        self.shift_done = False
        self.main_done = False
        self.silver = False
        self.placement = False
        self.setup = True
        self.placed = 0
        self.carry = 0
        self.carry_type = 0
        self.target_box = -1
        self.rolled = 0
        self.land_purpose = LP_FIRST
        self.tied = 0
        self.rolling_call = False
        self.claimer = -1
        self.step_dest = -1
        self.path: list[int] = []
        self.losing: list[int] = []
        self.window: list[Seat] = []  # R33: seats still to ask at this window, in order
        self.strip_type = 1
        self.node = RUNNING
        self.node_seat = 0
        # Setup, popped last-first.
        self.stack = [
            T_SETUP_DONE,
            T_RANDOM,
            T_RANDOM,
            T_LA,
            T_FIRST_BOX,
            *[T_SETUP_STRIP] * 5,
        ]
        self._history: list[ActionId] = []
        self._run()

    # -- copies -----------------------------------------------------------------------
    def clone(self) -> NomadsOfArabiaState:
        other = object.__new__(NomadsOfArabiaState)
        other.game = self.game
        other.n = self.n
        other.cols = self.cols
        other.rows = self.rows[:]
        other.open_mask = self.open_mask
        other.city_disk = self.city_disk[:]
        other.undrawn = self.undrawn
        other.queues = [self.queues[0][:], self.queues[1][:]]
        other.boxes = self.boxes[:]
        other.stock = self.stock[:]
        other.reserve = self.reserve[:]
        other.pile = self.pile[:]
        other.money = self.money[:]
        other.bank = self.bank
        other.status = self.status[:]
        other.pos = self.pos[:]
        other.handlers = self.handlers[:]
        other.animals = self.animals[:]
        other.hands = self.hands[:]
        other.played = self.played
        other.revealed = self.revealed
        other.supply = self.supply
        other.special_gone = self.special_gone
        other.finals = self.finals[:]
        other.final_gone = self.final_gone
        other.active = self.active
        other.next_seat = self.next_seat
        other.turn = self.turn
        other.shift_done = self.shift_done
        other.main_done = self.main_done
        other.silver = self.silver
        other.placement = self.placement
        other.setup = self.setup
        other.placed = self.placed
        other.carry = self.carry
        other.carry_type = self.carry_type
        other.target_box = self.target_box
        other.rolled = self.rolled
        other.land_purpose = self.land_purpose
        other.tied = self.tied
        other.rolling_call = self.rolling_call
        other.claimer = self.claimer
        other.step_dest = self.step_dest
        other.path = self.path[:]
        other.losing = self.losing[:]
        other.window = self.window[:]
        other.strip_type = self.strip_type
        other.node = self.node
        other.node_seat = self.node_seat
        other.stack = self.stack[:]
        other._history = self._history[:]
        return other

    def history(self) -> list[ActionId]:
        return self._history[:]

    # -- board queries ----------------------------------------------------------------
    def terrain(self, sp: int) -> int:
        """Terrain code of space ``sp`` on the current board (NO_SPACE if none)."""
        if sp < 0:
            return NO_SPACE
        row = sp // WIDTH
        if row >= len(self.rows):
            return NO_SPACE
        return STRIP_TERRAIN[self.rows[row]][sp % WIDTH + 1]

    def passable(self, sp: int) -> bool:
        return bool(self.open_mask >> sp & 1)

    def passable_spaces(self) -> list[int]:
        return [sp for sp in range(SPACES) if self.open_mask >> sp & 1]

    def _board_changed(self) -> None:
        mask = 0
        for row, strip in enumerate(self.rows):
            mask |= STRIP_OPEN[strip] << (row * WIDTH)
        self.open_mask = mask

    def city_row_disk(self, sp: int) -> int:
        return self.city_disk[sp // WIDTH]

    def box_total(self, land: int) -> int:
        b = land * NUM_ANIMALS
        boxes = self.boxes
        return boxes[b] + boxes[b + 1] + boxes[b + 2] + boxes[b + 3]

    def seat_animals(self, seat: Seat) -> list[int]:
        return self.animals[NUM_ANIMALS * seat : NUM_ANIMALS * seat + NUM_ANIMALS]

    def seat_handlers(self, seat: Seat) -> list[int]:
        return self.handlers[NUM_ANIMALS * seat : NUM_ANIMALS * seat + NUM_ANIMALS]

    def prices(self) -> list[int]:
        return [price(a, self.stock[a], self.cols) for a in range(NUM_ANIMALS)]

    def holds(self, seat: Seat, disk: int) -> bool:
        return bool(self.hands[seat] >> disk & 1)

    @property
    def node_name(self) -> str:
        return NODE_NAMES[self.node]

    # -- who acts ---------------------------------------------------------------------
    def current_player(self) -> Seat:
        node = self.node
        if node == OVER:
            return TERMINAL
        if node >= FIRST_CHANCE:
            return CHANCE
        return self.node_seat

    def is_terminal(self) -> bool:
        return self.node == OVER

    def is_chance_node(self) -> bool:
        return FIRST_CHANCE <= self.node < OVER

    # -- legal actions ----------------------------------------------------------------
    def legal_actions(self) -> list[ActionId]:
        node = self.node
        if node == N_ACTION:
            return self._action_actions()
        if node == N_MOVE:
            return self._move_actions()
        if node >= FIRST_CHANCE:
            if node == OVER:
                return []
            return sorted(a for a, _ in self.chance_outcomes())
        if node == N_HANDLERS:
            return self._take_actions()
        if node == N_PLACE:
            return [PLACE + sp for sp in self.passable_spaces()]  # R27
        if node == N_PICK:
            b = self._box_here() * NUM_ANIMALS
            return [PICK + a for a in range(NUM_ANIMALS) if self.boxes[b + a]]
        if node == N_KEEP:
            return self._keep_actions(self.node_seat)
        if node == N_LAND:
            return [CHOOSE + land for land in range(NUM_LANDS) if self.tied >> land & 1]
        if node == N_SANDS:
            # R33: every seat with a special disk is asked; only the holder may play it.
            return [PLAY_SANDS, PASS] if self.hands[self.node_seat] >> SANDS & 1 else [PASS]
        return []

    def is_legal(self, action: ActionId) -> bool:
        """A direct check of the node's rule, equal to ``action in legal_actions()``."""
        node = self.node
        if node == N_MOVE:
            return self._move_legal(action)
        if node == N_ACTION:
            return self._action_legal(action)
        if node == C_ANIMALS:
            return action - ANIMALS_BASE in ROLL_QUANTITIES
        if node == C_LAND:
            return LAND <= action < LAND + (NUM_LANDS if self.setup else NUM_LANDS + 1)
        if node == N_HANDLERS:
            if not TAKE <= action < SELL:
                return False
            dice = decode(action - TAKE, 4)
            size = sum(dice)
            pile = self.pile
            total = pile[0] + pile[1] + pile[2] + pile[3]
            if any(dice[a] > pile[a] for a in range(NUM_ANIMALS)):
                return False
            return size == min(2, total) or (size == 3 and self.money[self.active] >= 3)
        return action in self.legal_actions()

    def _move_legal(self, action: ActionId) -> bool:
        seat = self.active
        start = self.pos[seat]
        if action < MOVE1:
            return action in (STAY, PILGRIM)
        if action < MOVE2:
            p = action - MOVE1
            return p in NEIGHBOURS[start] and self.passable(p)
        if action < RIDE_BASE:
            p, q = divmod(action - MOVE2, SPACES)
            return (
                p in NEIGHBOURS[start]
                and q in NEIGHBOURS[p]
                and q != start
                and self.passable(p)
                and self.passable(q)
                and self.money[seat] >= self.move_cost(seat)
            )
        if action < PLACE:
            p = action - RIDE_BASE
            return bool(self.hands[seat] >> RIDE & 1) and p != start and self.passable(p)
        return False

    def _action_legal(self, action: ActionId) -> bool:
        if action == END:
            return True
        if action in (CAPTURE, CALL, SHIFT, PLAY_SILVER) or SELL <= action < PICK:
            return action in self._action_actions()
        return False

    def move_cost(self, seat: Seat) -> int:
        """R10: 1 per animal held plus 3 when holding three handlers."""
        b = NUM_ANIMALS * seat
        held = sum(self.handlers[b : b + NUM_ANIMALS])
        return sum(self.animals[b : b + NUM_ANIMALS]) + (3 if held == 3 else 0)

    def _move_actions(self) -> list[ActionId]:
        seat = self.active
        start = self.pos[seat]
        out = [STAY, PILGRIM]
        two_steps = self.money[seat] >= self.move_cost(seat)
        for p in NEIGHBOURS[start]:
            if not self.passable(p):
                continue
            out.append(MOVE1 + p)
            if two_steps:
                base = MOVE2 + SPACES * p
                for q in NEIGHBOURS[p]:
                    if q != start and self.passable(q):  # R9
                        out.append(base + q)
        if self.hands[seat] >> RIDE & 1:  # R32
            out.extend(RIDE_BASE + sp for sp in self.passable_spaces() if sp != start)
        out.sort()
        return out

    def _take_actions(self) -> list[ActionId]:
        """Leaving a city: 2 handlers free, or 3 for 3 Dinars (R11)."""
        pile = self.pile
        total = pile[0] + pile[1] + pile[2] + pile[3]
        sizes = [min(2, total)]
        if total >= 3 and self.money[self.active] >= 3:
            sizes.append(3)
        out = []
        for sub in sub_multisets(pile, min(sizes)):
            if sum(sub) in sizes:
                out.append(TAKE + encode(sub, 4))
        out.sort()
        return out

    def _keep_actions(self, seat: Seat) -> list[ActionId]:
        held = self.seat_animals(seat)
        out = []
        for a in range(NUM_ANIMALS):
            for b in range(a, NUM_ANIMALS):
                if (held[a] >= 2) if a == b else (held[a] and held[b]):
                    out.append(KEEP + NUM_ANIMALS * a + b)
        return out

    def _box_here(self) -> int:
        """The land (box) of the active nomad's space, or -1 (city, sand, off board)."""
        t = self.terrain(self.pos[self.active])
        return t if 0 <= t < NUM_LANDS else -1

    def nomad_on_row4(self) -> bool:
        far = 4 * WIDTH
        return any(self.status[s] == BOARD and self.pos[s] >= far for s in range(self.n))

    def _action_actions(self) -> list[ActionId]:
        """The action phase (R13–R16, R23, R27–R31)."""
        seat = self.active
        t = self.terrain(self.pos[seat])
        held = self.seat_animals(seat)
        hand = self.hands[seat]
        out = []
        if not self.main_done and not self.placement:
            if t < NUM_LANDS and any(self.seat_handlers(seat)):  # R13
                out.append(CAPTURE)
                out.append(CALL)
            if t == SAND and not self.nomad_on_row4():  # R23
                out.append(SHIFT)
        on_city = t == CITY
        has_animals = any(held)
        sale_left = (on_city and not self.main_done) or (not on_city and hand >> ABDUL & 1)
        if hand >> SILVER & 1 and has_animals and sale_left:
            out.append(PLAY_SILVER)  # R31
        out.append(END)
        if has_animals:
            if on_city and not self.main_done:
                out.extend(SELL + encode(sub, SELL_RADIX) for sub in sub_multisets(held))
            if not on_city and hand >> ABDUL & 1:  # R30
                out.extend(ABDUL_BASE + encode(sub, SELL_RADIX) for sub in sub_multisets(held))
        if hand >> EXPERT & 1:  # R29
            boxes = self.boxes
            for i in range(NUM_LANDS * NUM_ANIMALS):
                if boxes[i]:
                    out.append(EXPERT_BASE + i)
        out.sort()
        return out

    def chance_outcomes(self) -> list[tuple[ActionId, float]]:
        node = self.node
        if node < FIRST_CHANCE or node == OVER:
            return []
        if node == C_ANIMALS:
            return [(ANIMALS_BASE + 5 * f1 + f2, p) for f1, f2, p, _ in ANIMAL_ROLLS]
        if node == C_LAND:
            if self.setup:
                return [(LAND + land, 0.2) for land in range(NUM_LANDS)]  # R20
            return [(LAND + land, 1 / 6) for land in range(NUM_LANDS + 1)]
        if node == C_HANDLERS:
            held = self.seat_handlers(self.active)
            return [
                (HANDLERS + encode(shown, 4), handler_roll_probability(held, tuple(shown)))
                for shown in sub_multisets(held, 0)
            ]
        if node == C_STRIP:
            candidates = self._strip_candidates()
            return [(STRIP + s, 1 / len(candidates)) for s in candidates]
        if node == C_DISK:
            left = [d for d in range(len(SPECIAL_DISKS)) if not self.revealed >> d & 1]
            return [(DISK + d, 1 / len(left)) for d in left]  # R24
        return self._final_outcomes()

    def _strip_candidates(self) -> list[int]:
        base = 0 if self.strip_type == 0 else 8
        return [s for s in range(base, base + 8) if self.undrawn >> s & 1]

    def _final_outcomes(self) -> list[tuple[ActionId, float]]:
        """R24 draw-final: Mecca 1/(m-j), each undrawn bonus (m-j-1)/((m-j)(4-j))."""
        m = int(self.game.options["final_disks"])
        j = len(self.finals)
        left = m - j
        out = [(FINAL + MECCA, 1 / left)]
        if left > 1:
            p = (left - 1) / (left * (4 - j))
            out.extend((FINAL + f, p) for f in range(4) if f not in self.finals)
        return out

    # -- applying actions -------------------------------------------------------------
    def apply_unchecked(self, action: ActionId) -> None:
        self._history.append(action)
        node = self.node
        self.node = RUNNING
        if node == N_ACTION:
            self._do_action(action)
        elif node == N_MOVE:
            self._do_move(action)
        elif node == C_ANIMALS:
            self._roll_animals(action - ANIMALS_BASE)
        elif node == C_LAND:
            self._roll_land(action - LAND)
        elif node == C_HANDLERS:
            self._roll_handlers(decode(action - HANDLERS, 4))
        elif node == N_HANDLERS:
            self._take_handlers(decode(action - TAKE, 4))
        elif node == N_PLACE:
            self._place(action - PLACE)
        elif node == N_PICK:
            self._take_from_box(self._box_here(), action - PICK, self.active)
            self.node = N_ACTION
        elif node == N_KEEP:
            a, b = divmod(action - KEEP, NUM_ANIMALS)
            self._keep(self.node_seat, a, b)
        elif node == N_LAND:
            self._place_on_land(action - CHOOSE)
        elif node == N_SANDS:
            self._sands(action == PLAY_SANDS)
        elif node == C_STRIP:
            self._put_strip(action - STRIP)
        elif node == C_DISK:
            self._claim(action - DISK)
        elif node == C_FINAL:
            self._place_final(action - FINAL)
        self._run()

    def _run(self) -> None:
        """Pop procedure steps until one waits for a decision or a chance outcome."""
        stack = self.stack
        while self.node == RUNNING:
            if not stack:
                raise GameError("internal: the procedure stack ran dry")
            step = stack.pop()
            if step == T_LA:
                self._land_and_animal()
            elif step == T_PAIR:
                if self.carry:
                    self.land_purpose = LP_ANIMAL
                    self.node = C_LAND
                    stack.append(T_PAIR)
            elif step == T_DECIDE:
                # R17, R21: one Random Restock and one shift per turn, only if animals were placed.
                if self.placed > 0 and not self.shift_done:
                    self.shift_done = True
                    stack.extend((T_LA, T_SHIFT, T_RANDOM))  # R22: then L&A once more
            elif step == T_RANDOM:
                self.target_box = -1
                self.node = C_ANIMALS
            elif step == T_SHIFT:
                self._shift()
            elif step == T_LOSE:
                self._lose(self.losing.pop(0))
            elif step == T_SHIFT_MOVE:
                self._shift_move()
            elif step == T_STEP:
                self._step()
            elif step == T_ARRIVE:
                self._arrive()
            elif step == T_ACTION:
                if self.status[self.active] == BOARD:
                    self.node = N_ACTION
                    self.node_seat = self.active
                else:
                    self._restock(T_END_TURN)  # R35
            elif step == T_TRAVEL_DONE:
                self._restock(T_END_TURN)
            elif step == T_END_TURN:
                self._end_turn()
            elif step == T_WINDOW:
                if self.window:
                    self.node = N_SANDS
                    self.node_seat = self.window.pop(0)
                    stack.append(T_WINDOW)
            elif step == T_NEXT_TURN:
                seat = self.next_seat
                self.next_seat = (seat + 1) % self.n
                self._start_turn(seat)
            elif step == T_SETUP_STRIP:
                self.strip_type = 1 if len(self.rows) % 2 == 0 else 0
                self.node = C_STRIP
            elif step == T_FIRST_BOX:
                self.land_purpose = LP_FIRST
                self.node = C_LAND
            elif step == T_SETUP_DONE:
                self._finish_setup()

    # -- setup ------------------------------------------------------------------------
    def _finish_setup(self) -> None:
        self.setup = False
        if self.supply >= 1:
            self.city_disk[1] = FACE_DOWN
            self.supply -= 1
        start = 3 * WIDTH + STRIP_CITY_X[self.rows[3]] - 1
        for seat in range(self.n):
            self.pos[seat] = start
        self.next_seat = 0
        self.stack.append(T_NEXT_TURN)

    # -- turns ------------------------------------------------------------------------
    def _start_turn(self, seat: Seat) -> None:
        self.active = seat
        self.node_seat = seat
        self.shift_done = self.main_done = self.silver = self.placement = False
        status = self.status[seat]
        if status == LOST:
            self.status[seat] = PILGRIM_SPACE  # R25: forced, no decision
            self._restock(T_END_TURN)
        elif status == PILGRIM_SPACE:
            self.node = N_PLACE  # R27
        else:
            self.node = N_MOVE

    def _end_turn(self) -> None:
        self.turn += 1
        if self.turn >= int(self.game.options["max_turns"]):
            self._game_over()  # R40
            return
        self.stack.append(T_NEXT_TURN)
        if self.played >> SANDS & 1:
            return  # R33: once Sands of Time is played there are no more windows
        # R33: every seat holding a special disk is asked, starting after the active seat
        # and ending with it; asking the holder alone would show everyone who holds it.
        n = self.n
        a = self.active
        self.window = [s for s in ((a + i) % n for i in range(1, n + 1)) if self.hands[s]]
        self.stack.append(T_WINDOW)

    def _sands(self, play: bool) -> None:
        if play:
            seat = self.node_seat
            self._discard_disk(seat, SANDS)
            self.window.clear()
            # R33: the extra turn comes at once; the seats after it in this window are not
            # asked and its own end of turn continues with next_seat (unchanged), so this
            # window's next turn is dropped with the rest of the window.
            del self.stack[-2:]  # T_NEXT_TURN, T_WINDOW
            self._start_turn(seat)

    def window_pass(self) -> ActionId | None:
        """R33: at the Sands of Time window, ``pass``, for holder and non-holder alike."""
        return PASS if self.node == N_SANDS else None

    def _game_over(self) -> None:
        self.node = OVER
        self.stack.clear()

    def _restock(self, then: int) -> None:
        """The end-of-turn restock chain (R17), followed by step ``then``."""
        self.placed = 0
        self.stack.extend((then, T_DECIDE, T_LA))

    # -- movement ---------------------------------------------------------------------
    def _do_move(self, action: ActionId) -> None:
        seat = self.active
        if action == STAY:
            self.node = N_ACTION
            return
        if action == PILGRIM:
            self._discard(seat, T_TRAVEL_DONE)  # R26
            self.status[seat] = PILGRIM_SPACE
            self.pos[seat] = -1
            return
        self.stack.append(T_ACTION)
        if action < MOVE2:
            self.path = [action - MOVE1]
        elif action < RIDE_BASE:
            p, q = divmod(action - MOVE2, SPACES)
            cost = self.move_cost(seat)  # R10: counted and paid before moving
            self.money[seat] -= cost
            self.bank += cost
            self.path = [p, q]
        else:
            self._discard_disk(seat, RIDE)  # R32: one free step
            self.path = [action - RIDE_BASE]
        self.stack.extend([T_STEP] * len(self.path))

    def _step(self) -> None:
        """One step of a move: leaving a city takes handlers (R11)."""
        seat = self.active
        self.step_dest = self.path.pop(0)
        self.stack.append(T_ARRIVE)
        if self.terrain(self.pos[seat]) == CITY:
            pile = self.pile
            if pile[0] + pile[1] + pile[2] + pile[3] <= 1:
                self._take_handlers(pile[:])  # R11: fewer than 2, take them all
            else:
                self.node = N_HANDLERS

    def _take_handlers(self, dice: list[int]) -> None:
        seat = self.active
        b = NUM_ANIMALS * seat
        for a in range(NUM_ANIMALS):
            self.pile[a] -= dice[a]
            self.handlers[b + a] += dice[a]
        if sum(dice) == 3:
            self.money[seat] -= 3
            self.bank += 3

    def _arrive(self) -> None:
        seat = self.active
        sp = self.step_dest
        self.pos[seat] = sp
        if self.terrain(sp) == CITY:
            self._return_handlers(seat)  # R11
            row = sp // WIDTH
            if self.city_disk[row] == FACE_DOWN:  # R12: compulsory claim
                self.city_disk[row] = NO_DISK
                self.claimer = seat
                left = [d for d in range(len(SPECIAL_DISKS)) if not self.revealed >> d & 1]
                if len(left) == 1:
                    self._claim(left[0])  # R39: a single outcome is no node
                else:
                    self.node = C_DISK

    def _return_handlers(self, seat: Seat) -> None:
        b = NUM_ANIMALS * seat
        for a in range(NUM_ANIMALS):
            self.pile[a] += self.handlers[b + a]
            self.handlers[b + a] = 0

    def _claim(self, disk: int) -> None:
        seat = self.claimer
        self.hands[seat] |= 1 << disk
        self.revealed |= 1 << disk
        self.claimer = -1

    def _place(self, sp: int) -> None:
        seat = self.active
        self.pos[seat] = sp
        self.status[seat] = BOARD
        self.placement = True  # R27
        self.node = N_ACTION

    # -- action phase -----------------------------------------------------------------
    def _do_action(self, action: ActionId) -> None:
        seat = self.active
        if action == END:
            self._restock(T_END_TURN)
        elif action in (CAPTURE, CALL):
            self.main_done = True
            self.rolling_call = action == CALL
            self.node = C_HANDLERS
        elif action == SHIFT:
            self.main_done = True  # R23: no restock, shift_done unchanged
            self.stack.append(T_ACTION)
            self._shift()
        elif action == PLAY_SILVER:
            self._discard_disk(seat, SILVER)
            self.silver = True  # R31
            self.node = N_ACTION
        elif action < ABDUL_BASE:
            self.main_done = True
            self._sale(decode(action - SELL, SELL_RADIX), True)
            self.node = N_ACTION
        elif action < EXPERT_BASE:
            self._discard_disk(seat, ABDUL)  # R30
            self._sale(decode(action - ABDUL_BASE, SELL_RADIX), False)
            self.node = N_ACTION
        else:
            land, a = divmod(action - EXPERT_BASE, NUM_ANIMALS)
            self._discard_disk(seat, EXPERT)
            self._take_from_box(land, a, seat)  # R29
            self._restock(T_ACTION)  # R21; R35 if the nomad was Lost

    def _discard_disk(self, seat: Seat, disk: int) -> None:
        """A played special disk is revealed to all and leaves the game."""
        self.hands[seat] &= ~(1 << disk)
        self.played |= 1 << disk

    def _take_from_box(self, land: int, a: int, seat: Seat) -> None:
        self.boxes[land * NUM_ANIMALS + a] -= 1
        self.animals[NUM_ANIMALS * seat + a] += 1

    def _roll_handlers(self, shown: list[int]) -> None:
        seat = self.active
        land = self._box_here()
        b = land * NUM_ANIMALS
        boxes, stock = self.boxes, self.stock
        self.node = N_ACTION
        if self.rolling_call:  # R15
            for a in range(NUM_ANIMALS):
                q = min(2 * shown[a], stock[a]) if any(shown) else min(1, stock[a])
                stock[a] -= q
                boxes[b + a] += q
            return
        if any(shown):  # R14
            for a in range(NUM_ANIMALS):
                take = min(shown[a], boxes[b + a])
                boxes[b + a] -= take
                self.animals[NUM_ANIMALS * seat + a] += take
            return
        present = [a for a in range(NUM_ANIMALS) if boxes[b + a]]
        if len(present) == 1:
            self._take_from_box(land, present[0], seat)
        elif len(present) > 1:
            self.node = N_PICK

    def _sale(self, sold: list[int], in_city: bool) -> None:
        """A sale: prices fixed before any animal returns (R16, R31)."""
        seat = self.active
        bonus = self.city_row_disk(self.pos[seat]) if in_city else NO_DISK
        total = 0
        for a in range(NUM_ANIMALS):
            if sold[a]:
                each = price(a, self.stock[a], self.cols) + (bonus == a) + self.silver
                total += sold[a] * each
        for a in range(NUM_ANIMALS):
            self.stock[a] += sold[a]
            self.animals[NUM_ANIMALS * seat + a] -= sold[a]
        self.money[seat] += total
        self.bank -= total

    # -- restocks ---------------------------------------------------------------------
    def _land_and_animal(self) -> None:
        """Land then Animal Restocks (R17 steps 1–2), resumed after every roll."""
        stock = self.stock
        if stock[0] + stock[1] + stock[2] + stock[3] > 0:
            for land in range(NUM_LANDS):
                if not self.box_total(land):
                    self.target_box = land  # R18: repeated while empty
                    self.node = C_ANIMALS
                    self.stack.append(T_LA)
                    return
        boxes = self.boxes
        for a in range(NUM_ANIMALS):
            if stock[a] and not any(boxes[land * NUM_ANIMALS + a] for land in range(NUM_LANDS)):
                q = min(4, stock[a])  # R19
                stock[a] -= q
                self.carry = q
                self.carry_type = a
                self.stack.extend((T_LA, T_PAIR))
                return

    def _roll_animals(self, code: int) -> None:
        f1, f2 = divmod(code, 5)
        if self.target_box < 0:  # the Random Restock's roll; its land comes next
            self.rolled = code
            self.land_purpose = LP_RANDOM
            self.node = C_LAND
            return
        self.placed += self._put_roll(self.target_box, f1, f2)

    def _put_roll(self, land: int, f1: int, f2: int) -> int:
        """Place a roll's quantities (R5), each limited by stock; the number placed."""
        quantities = ROLL_QUANTITIES[5 * f1 + f2]
        b = land * NUM_ANIMALS
        placed = 0
        for a in range(NUM_ANIMALS):
            q = min(quantities[a], self.stock[a])
            self.stock[a] -= q
            self.boxes[b + a] += q
            placed += q
        return placed

    def _roll_land(self, land: int) -> None:
        if self.land_purpose == LP_FIRST:
            b = land * NUM_ANIMALS
            for a in range(NUM_ANIMALS):
                self.boxes[b + a] += self.reserve[a]
                self.reserve[a] = 0
            return
        if land == YELLOW:
            # R20: the box with the fewest animals just before placing; ties: active seat.
            totals = [self.box_total(x) for x in range(NUM_LANDS)]
            least = min(totals)
            tied = [x for x in range(NUM_LANDS) if totals[x] == least]
            if len(tied) > 1:
                self.tied = sum(1 << x for x in tied)
                self.node = N_LAND
                self.node_seat = self.active
                return
            land = tied[0]
        self._place_on_land(land)

    def _place_on_land(self, land: int) -> None:
        if self.land_purpose == LP_ANIMAL:
            put = min(2, self.carry)
            self.boxes[land * NUM_ANIMALS + self.carry_type] += put
            self.carry -= put
            self.placed += put
        else:
            f1, f2 = divmod(self.rolled, 5)
            self._put_roll(land, f1, f2)

    # -- shifting ---------------------------------------------------------------------
    def _shift(self) -> None:
        """A shift's first steps: nomads on row 4 are Lost, starting with the active seat."""
        n = self.n
        far = 4 * WIDTH
        self.losing = [
            s
            for s in ((self.active + i) % n for i in range(n))
            if self.status[s] == BOARD and self.pos[s] >= far
        ]
        self.stack.append(T_SHIFT_MOVE)
        self.stack.extend([T_LOSE] * len(self.losing))

    def _lose(self, seat: Seat) -> None:
        """R25: LOSE(seat)."""
        self.status[seat] = LOST
        self.pos[seat] = -1
        self._discard(seat, -1)

    def _discard(self, seat: Seat, then: int) -> None:
        """R25, R26: handlers to the pile; keep 2 of 3 or more animals."""
        self._return_handlers(seat)
        if then >= 0:
            self.stack.append(then)
        if sum(self.seat_animals(seat)) >= 3:
            self.node = N_KEEP
            self.node_seat = seat

    def _keep(self, seat: Seat, a: int, b: int) -> None:
        base = NUM_ANIMALS * seat
        for t in range(NUM_ANIMALS):
            keep = (t == a) + (t == b)
            extra = self.animals[base + t] - keep
            self.stock[t] += extra
            self.animals[base + t] = keep

    def _shift_move(self) -> None:
        """A shift: the far strip leaves, the rest move down, a new strip comes.

        R7: row 4 leaves and the new strip, of the other type, enters row 0.
        """
        strip = self.rows.pop()
        disk = self.city_disk.pop()
        if disk == FACE_DOWN:
            self.special_gone += 1
        elif disk != NO_DISK:
            self.final_gone += 1
        self.queues[0 if strip in CITY_STRIPS else 1].append(strip)  # R8
        for s in range(self.n):
            if self.status[s] == BOARD:
                self.pos[s] += WIDTH
        self.strip_type = 1 if self.rows[0] in CITY_STRIPS else 0
        candidates = self._strip_candidates()
        if len(candidates) > 1:
            self.node = C_STRIP
        elif candidates:
            self._put_strip(candidates[0])  # R39: a single outcome is no node
        else:
            self._put_strip(self.queues[self.strip_type].pop(0))  # R8

    def _put_strip(self, strip: int) -> None:
        self.undrawn &= ~(1 << strip)
        if self.setup:
            self.rows.append(strip)
            self.city_disk.append(NO_DISK)
            self._board_changed()
            return
        self.rows.insert(0, strip)
        self.city_disk.insert(0, NO_DISK)
        self._board_changed()
        if strip not in CITY_STRIPS:
            return
        if self.supply > 0:  # R24
            self.supply -= 1
            self.city_disk[0] = FACE_DOWN
        elif len(self.finals) < int(self.game.options["final_disks"]):
            outcomes = self._final_outcomes()
            if len(outcomes) == 1:
                self._place_final(MECCA)  # R39: a single outcome is no node
            else:
                self.node = C_FINAL

    def _place_final(self, disk: int) -> None:
        self.finals.append(disk)
        self.city_disk[0] = disk
        if disk == MECCA:
            self._game_over()  # R36

    # -- notation ---------------------------------------------------------------------
    def action_to_string(self, action: ActionId) -> str:
        if not 0 <= action < NUM_ACTIONS:
            raise GameError(f"{action} is outside the action space 0..{NUM_ACTIONS - 1}")
        if action < MOVE1:
            return SIMPLE_WORDS[action]
        if action < MOVE2:
            return f"move {space_name(action - MOVE1)}"
        if action < RIDE_BASE:
            p, q = divmod(action - MOVE2, SPACES)
            return f"move {space_name(p)} {space_name(q)}"
        if action < PLACE:
            return f"play ride-the-winds {space_name(action - RIDE_BASE)}"
        if action < TAKE:
            return f"place {space_name(action - PLACE)}"
        if action < SELL:
            return f"take-handlers {counts_to_list(decode(action - TAKE, 4))}"
        if action < ABDUL_BASE:
            return f"sell {counts_to_list(decode(action - SELL, SELL_RADIX))}"
        if action < EXPERT_BASE:
            return f"play abdul {counts_to_list(decode(action - ABDUL_BASE, SELL_RADIX))}"
        if action < PICK:
            land, a = divmod(action - EXPERT_BASE, NUM_ANIMALS)
            return f"play expert-handler {LANDS[land]} {ANIMALS[a]}"
        if action < KEEP:
            return f"pick {ANIMALS[action - PICK]}"
        if action < CHOOSE:
            a, b = divmod(action - KEEP, NUM_ANIMALS)
            return f"keep {ANIMALS[a]},{ANIMALS[b]}"
        if action < STRIP:
            return f"choose-land {LANDS[action - CHOOSE]}"
        if action < LAND:
            return f"draw-strip {STRIP_NAMES[action - STRIP]}"
        if action < ANIMALS_BASE:
            land = action - LAND
            return f"roll-land {'yellow' if land == YELLOW else LANDS[land]}"
        if action < HANDLERS:
            f1, f2 = divmod(action - ANIMALS_BASE, 5)
            faces = [ANIMALS[f] if f < BLANK else "blank" for f in (f1, f2)]
            return f"roll-animals {','.join(faces)}"
        if action < DISK:
            return f"roll-handlers {self._handler_faces(decode(action - HANDLERS, 4))}"
        if action < FINAL:
            return f"draw-disk {SPECIAL_DISKS[action - DISK]}"
        return f"draw-final {FINAL_DISKS[action - FINAL]}"

    def _handler_faces(self, shown: list[int]) -> str:
        """One entry per held die, by type, animal faces before blanks (Notation)."""
        held = self.seat_handlers(self.active)
        faces: list[str] = []
        for a in range(NUM_ANIMALS):
            faces.extend([ANIMALS[a]] * shown[a])
            faces.extend(["blank"] * max(held[a] - shown[a], 0))
        return ",".join(faces)

    def reveals_information(self, action: ActionId) -> bool:
        """A played special disk is shown to everyone (R38). A window's ``pass`` shows
        nothing, but it is final too: only a holder could want it back (R33)."""
        return action == PASS or self.action_to_string(action).startswith("play ")

    def action_to_string_for(self, seat: Seat | None, action: ActionId) -> str:
        """R38: another seat's ``draw-disk`` outcome reads ``draw-disk hidden``."""
        if DISK <= action < FINAL and self.node == C_DISK and seat != self.claimer:
            return "draw-disk hidden"
        return self.action_to_string(action)

    def parse_action(self, text: str) -> ActionId | None:
        if text in SIMPLE_WORDS:
            return SIMPLE_WORDS.index(text)
        words = text.split(" ")
        verb, args = words[0], words[1:]
        if verb == "move" and 1 <= len(args) <= 2:
            spaces = [parse_space(w) for w in args]
            if any(sp is None for sp in spaces):
                return None
            if len(spaces) == 1:
                return MOVE1 + int(spaces[0])  # type: ignore[arg-type]
            return MOVE2 + SPACES * int(spaces[0]) + int(spaces[1])  # type: ignore[arg-type]
        if len(args) == 1:
            arg = args[0]
            if verb == "place":
                sp = parse_space(arg)
                return None if sp is None else PLACE + sp
            if verb in ("sell", "take-handlers"):
                radix = SELL_RADIX if verb == "sell" else 4
                code = parse_list(arg, radix)
                if code is None or (verb == "take-handlers" and sum(decode(code, 4)) > 3):
                    return None
                return (SELL if verb == "sell" else TAKE) + code
            if verb == "pick" and arg in ANIMALS:
                return PICK + ANIMALS.index(arg)
            if verb == "keep":
                pair = arg.split(",")
                if len(pair) == 2 and all(w in ANIMALS for w in pair):
                    a, b = ANIMALS.index(pair[0]), ANIMALS.index(pair[1])
                    return KEEP + NUM_ANIMALS * a + b if a <= b else None
                return None
            if verb == "choose-land" and arg in LANDS:
                return CHOOSE + LANDS.index(arg)
            if verb == "draw-strip" and arg in STRIP_NAMES:
                return STRIP + STRIP_NAMES.index(arg)
            if verb == "roll-land":
                if arg == "yellow":
                    return LAND + YELLOW
                return LAND + LANDS.index(arg) if arg in LANDS else None
            if verb == "roll-animals":
                return self._parse_animal_roll(arg)
            if verb == "roll-handlers":
                return self._parse_handler_roll(arg)
            if verb == "draw-disk" and arg in SPECIAL_DISKS:
                return DISK + SPECIAL_DISKS.index(arg)
            if verb == "draw-final" and arg in FINAL_DISKS:
                return FINAL + FINAL_DISKS.index(arg)
            return None
        if verb == "play" and len(args) >= 2:
            kind, rest = args[0], args[1:]
            if kind == "ride-the-winds" and len(rest) == 1:
                sp = parse_space(rest[0])
                return None if sp is None else RIDE_BASE + sp
            if kind == "abdul" and len(rest) == 1:
                code = parse_list(rest[0], SELL_RADIX)
                return None if code is None else ABDUL_BASE + code
            if kind == "expert-handler" and len(rest) == 2:
                land, animal = rest
                if land in LANDS and animal in ANIMALS:
                    return EXPERT_BASE + NUM_ANIMALS * LANDS.index(land) + ANIMALS.index(animal)
        return None

    @staticmethod
    def _parse_animal_roll(arg: str) -> ActionId | None:
        faces = arg.split(",")
        names = [*ANIMALS, "blank"]
        if len(faces) != 2 or not all(f in names for f in faces):
            return None
        f1, f2 = names.index(faces[0]), names.index(faces[1])
        return ANIMALS_BASE + 5 * f1 + f2 if f1 <= f2 else None

    def _parse_handler_roll(self, arg: str) -> ActionId | None:
        shown = [0] * NUM_ANIMALS
        faces = arg.split(",")
        names = [*ANIMALS, "blank"]
        if not all(f in names for f in faces):
            return None
        for f in faces:
            if f != "blank":
                shown[ANIMALS.index(f)] += 1
        if any(k > 3 for k in shown):
            return None
        action = HANDLERS + encode(shown, 4)
        return action if self.action_to_string(action) == f"roll-handlers {arg}" else None

    def notation_help(self) -> str:
        return (
            "e.g. 'stay', 'move 2,4', 'move 2,4 1,5', 'pilgrim', 'take-handlers camel,goat', "
            "'capture', 'call', 'shift', 'sell camel,horse', 'end', 'keep goat,horse', 'pass'"
        )

    def why_illegal(self, action: ActionId) -> str:
        if not 0 <= action < NUM_ACTIONS:
            return f"{action} is not an action number of this game (0 to {NUM_ACTIONS - 1})"
        text = self.action_to_string(action)
        node = self.node
        if node == OVER:
            return "the game is over"
        if node >= FIRST_CHANCE:
            return f"{text!r} cannot be the outcome of this {NODE_NAMES[node]}"
        if action == PLAY_SANDS:
            if node == N_SANDS:
                return f"{text!r}: you do not hold sands-of-time (R33)"
            return f"{text!r}: it is played only in the window after a turn (R28)"
        if action == PASS and node != N_SANDS:
            return f"{text!r} only answers the Sands of Time window after a turn (R33)"
        seat = self.active
        if node == N_MOVE:
            if MOVE2 <= action < RIDE_BASE and self.money[seat] < self.move_cost(seat):
                return (
                    f"{text!r}: a two-step move costs {self.move_cost(seat)} Dinars, "
                    f"you have {self.money[seat]} (R10)"
                )
            if RIDE_BASE <= action < PLACE:
                if not self.holds(seat, RIDE):
                    return f"{text!r}: you do not hold ride-the-winds (R32)"
                return f"{text!r}: ride to a passable space other than your own (R32)"
            if MOVE2 <= action < RIDE_BASE and (action - MOVE2) % SPACES == self.pos[seat]:
                return f"{text!r}: a two-step move may not end where it started (R9)"
            if MOVE1 <= action < PLACE:
                return (
                    f"{text!r}: move 1 or 2 steps between neighbouring spaces; "
                    "mountains cannot be entered (R9)"
                )
        if node == N_PLACE and PLACE <= action < TAKE:
            return f"{text!r}: place your nomad on a space of the board, not a mountain (R27)"
        if node == N_PICK and PICK <= action < KEEP:
            return f"{text!r}: pick an animal type that the box holds (R14)"
        if node == N_LAND and CHOOSE <= action < STRIP:
            return f"{text!r}: choose one of the boxes tied for fewest animals (R20)"
        if node == N_ACTION:
            return self._why_action_illegal(action, text)
        if node == N_HANDLERS and TAKE <= action < SELL:
            return f"{text!r}: take 2 handlers free or 3 for 3 Dinars from the pile (R11)"
        if node == N_KEEP and KEEP <= action < CHOOSE:
            return f"{text!r}: keep two animals that you hold (R25, R26)"
        return f"{text!r} is not a choice now: {NODE_CHOICES[node]}"

    def _why_action_illegal(self, action: ActionId, text: str) -> str:
        seat = self.active
        t = self.terrain(self.pos[seat])
        if action in (CAPTURE, CALL, SHIFT) and self.placement:
            return f"{text!r}: not on the turn your nomad is placed (R27)"
        if action in (CAPTURE, CALL, SHIFT) and self.main_done:
            return f"{text!r}: this turn's capture, call, shift or sale is already done"
        if action in (CAPTURE, CALL):
            if t >= NUM_LANDS:
                return f"{text!r}: your nomad must stand on a land space (R14)"
            return f"{text!r}: you hold no handler dice (R13)"
        if action == SHIFT:
            if t != SAND:
                return f"{text!r}: shift only from a sand space (R23)"
            return f"{text!r}: not while a nomad stands on row 4 (R23)"
        if SELL <= action < ABDUL_BASE:
            if t != CITY:
                return f"{text!r}: sell only in a city (R16)"
            if self.main_done:
                return f"{text!r}: this turn's capture, call, shift or sale is already done (R16)"
            return f"{text!r}: you do not have those animals (R16)"
        hand = self.hands[seat]
        if ABDUL_BASE <= action < EXPERT_BASE:
            if not hand >> ABDUL & 1:
                return f"{text!r}: you do not hold abdul (R30)"
            if t == CITY:
                return f"{text!r}: abdul is not played in a city; use 'sell' (R30)"
            return f"{text!r}: you do not have those animals (R30)"
        if EXPERT_BASE <= action < PICK:
            if not hand >> EXPERT & 1:
                return f"{text!r}: you do not hold expert-handler (R29)"
            return f"{text!r}: that box holds no such animal (R29)"
        if action == PLAY_SILVER:
            if not hand >> SILVER & 1:
                return f"{text!r}: you do not hold silver-tongue (R31)"
            return f"{text!r}: it needs animals and a sale still to come this turn (R31)"
        return f"{text!r} is not a choice now: {NODE_CHOICES[N_ACTION]}"

    # -- scoring ----------------------------------------------------------------------
    def disk_dinars(self, seat: Seat) -> int:
        return sum(v for d, v in DISK_DINARS.items() if self.hands[seat] >> d & 1)

    def score_breakdown(self) -> list[dict[str, int]]:
        """R34, R37: money disks count once the game is over."""
        over = self.node == OVER
        out = []
        for seat in range(self.n):
            disks = self.disk_dinars(seat) if over else 0
            out.append(
                {
                    "dinars": self.money[seat],
                    "money_disks": disks,
                    "total": self.money[seat] + disks,
                }
            )
        return out

    def scores(self) -> list[int]:
        return [part["total"] for part in self.score_breakdown()]

    def estimate(self) -> list[float]:
        """The bots' evaluation; its terms are listed in ``estimate.py``.

        Money, money disks, other disks, held animals at today's prices discounted by the
        distance to a city, the expected capture the seat's handlers promise and the
        handler dice. Once the game is over it is exactly :meth:`scores`.
        """
        node = self.node
        if node == OVER:
            return [float(score) for score in self.scores()]
        capture_open = (node == N_ACTION and not self.main_done and not self.placement) or (
            node == C_HANDLERS and not self.rolling_call
        )
        leaving = node == N_HANDLERS and not self.path
        return estimate(self, capture_open, leaving, self.claimer if node == C_DISK else -1)

    def returns(self) -> list[float]:
        """R37: most Dinars, then most animals; a remaining tie is shared."""
        n = self.n
        if self.node != OVER:
            return [0.0] * n
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(n) if scores[s] == best]
        most = max(sum(self.seat_animals(s)) for s in tied)
        winners = [s for s in tied if sum(self.seat_animals(s)) == most]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]

    # -- information ------------------------------------------------------------------
    def view(self, seat: Seat | None) -> dict[str, Any]:
        return table_view(self, seat)

    def observation(self, seat: Seat | None) -> list[float]:
        return observation(self, seat)

    def _redeal(self, seat: Seat | None, rng: random.Random) -> None:
        """Give the other seats' held disks new identities, uniform over every deal.

        Only hand sizes, the seat's own hand and the played disks are known (R38): a
        ``pass`` at a Sands of Time window looks the same from every seat (R33).
        """
        if self.node == OVER:
            return  # the final scoring reveals every hand
        others = [s for s in range(self.n) if s != seat and self.hands[s]]
        if not others:
            return
        own = self.hands[seat] if seat is not None else 0
        pool = [d for d in range(len(SPECIAL_DISKS)) if not (own | self.played) >> d & 1]
        rng.shuffle(pool)
        for s in others:
            self.revealed &= ~self.hands[s]
        i = 0
        for s in others:
            k = self.hands[s].bit_count()
            self.hands[s] = sum(1 << d for d in pool[i : i + k])
            self.revealed |= self.hands[s]
            i += k

    def resample_hidden(self, seat: Seat, rng: random.Random) -> NomadsOfArabiaState:
        """Deal the other seats' disks anew, uniform among the deals ``seat`` cannot exclude."""
        other = self.clone()
        other._redeal(seat, rng)
        return other

    def scramble_hidden(self, seat: Seat | None, rng: random.Random) -> NomadsOfArabiaState:
        other = self.clone()
        other._redeal(seat, rng)
        return other

    def component_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        n = self.n
        for a, name in enumerate(ANIMALS):
            boxes = sum(self.boxes[land * NUM_ANIMALS + a] for land in range(NUM_LANDS))
            held = sum(self.animals[NUM_ANIMALS * s + a] for s in range(n))
            carried = self.carry if self.carry_type == a else 0
            counts[f"animals {name}"] = self.stock[a] + self.reserve[a] + boxes + held + carried
            dice = sum(self.handlers[NUM_ANIMALS * s + a] for s in range(n))
            counts[f"handler dice {name}"] = self.pile[a] + dice
        counts["money"] = self.bank + sum(self.money)
        k = int(self.game.options["special_disks"])
        on_cities = sum(1 for d in self.city_disk if d == FACE_DOWN)
        counts["special disks"] = (
            self.supply
            + on_cities
            + (self.node == C_DISK)
            + sum(h.bit_count() for h in self.hands)
            + self.played.bit_count()
            + self.special_gone
            + len(SPECIAL_DISKS)
            - k
        )
        m = int(self.game.options["final_disks"])
        face_up = sum(1 for d in self.city_disk if 0 <= d < len(FINAL_DISKS))
        counts["final disks"] = m - len(self.finals) + face_up + self.final_gone + 5 - m
        counts["strips"] = (
            len(self.rows) + self.undrawn.bit_count() + len(self.queues[0]) + len(self.queues[1])
        )
        return counts

    # -- serialisation ----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "game": INFO.name,
            "version": INFO.version,
            "options": self.game.params(),
            "history": self._history[:],
            "rows": [STRIP_NAMES[s] for s in self.rows],
            "city_disk": self.city_disk[:],
            "undrawn": self.undrawn,
            "queues": [[STRIP_NAMES[s] for s in q] for q in self.queues],
            "boxes": self.boxes[:],
            "stock": self.stock[:],
            "reserve": self.reserve[:],
            "pile": self.pile[:],
            "money": self.money[:],
            "bank": self.bank,
            "status": [STATUS_NAMES[s] for s in self.status],
            "pos": self.pos[:],
            "handlers": self.handlers[:],
            "animals": self.animals[:],
            "hands": [
                [SPECIAL_DISKS[d] for d in range(len(SPECIAL_DISKS)) if h >> d & 1]
                for h in self.hands
            ],
            "played": self.played,
            "revealed": self.revealed,
            "supply": self.supply,
            "special_gone": self.special_gone,
            "finals": [FINAL_DISKS[f] for f in self.finals],
            "final_gone": self.final_gone,
            "node": NODE_NAMES[self.node],
            "node_seat": self.node_seat,
            "active": self.active,
            "next_seat": self.next_seat,
            "turn": self.turn,
            "flags": [self.shift_done, self.main_done, self.silver, self.placement, self.setup],
            "procedure": [
                self.placed,
                self.carry,
                self.carry_type,
                self.target_box,
                self.rolled,
                self.land_purpose,
                self.tied,
                self.rolling_call,
                self.claimer,
                self.step_dest,
                self.strip_type,
            ],
            "path": self.path[:],
            "losing": self.losing[:],
            "window": self.window[:],
            "stack": self.stack[:],
        }

    def render(
        self, markup: bool = False, seat: Seat | None = None, highlight: Iterable[ActionId] = ()
    ) -> str:
        return render(self, markup, seat, action_spaces(highlight))


@register
class NomadsOfArabia(Game):
    """Nomads of Arabia for 3–6 players."""

    info = INFO

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        # R40 bounds the turns; a turn's actions are bounded in practice (R18's repeated
        # Land Restocks end with probability 1), so this is a generous bound.
        return 400 * int(self.options["max_turns"]) + 1000

    def observation_size(self) -> int:
        return OBSERVATION_SIZE

    def new_initial_state(self) -> NomadsOfArabiaState:
        return NomadsOfArabiaState(self)

    def layout(self) -> dict[str, Any]:
        return board_layout(self)


def action_spaces(actions: Iterable[ActionId]) -> set[int]:
    """The spaces that movement and placement actions name (for highlighting)."""
    out: set[int] = set()
    for action in actions:
        if MOVE1 <= action < MOVE2:
            out.add(action - MOVE1)
        elif MOVE2 <= action < RIDE_BASE:
            out.add((action - MOVE2) % SPACES)
        elif RIDE_BASE <= action < TAKE:
            out.add((action - RIDE_BASE) % SPACES)
    return out
