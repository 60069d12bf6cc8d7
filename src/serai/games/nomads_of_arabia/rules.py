"""Nomads of Arabia: the state and its rules (``docs/rules/nomads_of_arabia.md``).

The state is flat: short lists of counts (boxes ``5 x 4``, stock, handler pile, per seat
handlers and animals ``4 * seat + animal``), the strip on each row, and a hand of special
disks per seat as a bitmask; :data:`FIELDS` lists every field once. A turn pauses at a node
(a decision or a draw) with the rest of its procedure on a stack of steps (see
:mod:`~serai.games.nomads_of_arabia.procedure`); ``_run`` pops steps until one needs a
decision or a chance outcome.

Actions are the integers of :mod:`~serai.games.nomads_of_arabia.actions`, read through
its ``decode``. Animals are indexed camel, donkey, goat, horse; lands green, red, purple,
blue, grey.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

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
from serai.engine.core import DecodedAction
from serai.engine.fields import LIST, Field, FieldTable
from serai.engine.observe import ObservationLayout
from serai.games.nomads_of_arabia import explain
from serai.games.nomads_of_arabia.actions import (
    ABDUL_BASE,
    ANIMALS_BASE,
    CALL,
    CAPTURE,
    CHOOSE,
    DECODED,
    DISK,
    END,
    EXPERT_BASE,
    FINAL,
    HANDLERS,
    KEEP,
    LAND,
    MOVE1,
    MOVE2,
    NUM_ACTIONS,
    PASS,
    PICK,
    PILGRIM,
    PLACE,
    PLAY_SANDS,
    PLAY_SILVER,
    RIDE_BASE,
    SELL,
    SELL_RADIX,
    SHIFT,
    STAY,
    STRIP,
    TAKE,
    YELLOW,
    Action,
    action_text,
    decode,
    encode,
    parse,
    sub_multisets,
)
from serai.games.nomads_of_arabia.board import (
    ABDUL,
    ANIMAL_ROLLS,
    ANIMALS,
    BANK,
    CITY,
    CITY_STRIPS,
    DISK_DINARS,
    EXPERT,
    FACE_DOWN,
    FINAL_DISKS,
    MECCA,
    MONEY_DISKS,
    NEIGHBOURS,
    NO_DISK,
    NO_SPACE,
    NUM_ANIMALS,
    NUM_LANDS,
    RIDE,
    SAND,
    SANDS,
    SILVER,
    SPACES,
    SPECIAL_DISKS,
    START_MONEY,
    STRIP_CITY_X,
    STRIP_NAMES,
    STRIP_OPEN,
    STRIP_TERRAIN,
    WIDTH,
    columns,
    handler_roll_probability,
    price,
)
from serai.games.nomads_of_arabia.estimate import estimate
from serai.games.nomads_of_arabia.layout import layout as board_layout
from serai.games.nomads_of_arabia.observation import LAYOUT, observation
from serai.games.nomads_of_arabia.position import read as read_position
from serai.games.nomads_of_arabia.position import write as write_position
from serai.games.nomads_of_arabia.procedure import (
    BOARD,
    C_ANIMALS,
    C_DISK,
    C_FINAL,
    C_HANDLERS,
    C_LAND,
    C_STRIP,
    FIRST_CHANCE,
    LOST,
    LP_ANIMAL,
    LP_FIRST,
    LP_RANDOM,
    N_ACTION,
    N_HANDLERS,
    N_KEEP,
    N_LAND,
    N_MOVE,
    N_PICK,
    N_PLACE,
    N_SANDS,
    NODE_NAMES,
    OVER,
    PILGRIM_SPACE,
    RUNNING,
    STATUS_NAMES,
    T_ACTION,
    T_ARRIVE,
    T_DECIDE,
    T_END_TURN,
    T_FIRST_BOX,
    T_LA,
    T_LOSE,
    T_NEXT_TURN,
    T_PAIR,
    T_RANDOM,
    T_SETUP_DONE,
    T_SETUP_STRIP,
    T_SHIFT,
    T_SHIFT_MOVE,
    T_STEP,
    T_TRAVEL_DONE,
    T_WINDOW,
)
from serai.games.nomads_of_arabia.render import action_spaces, render
from serai.games.nomads_of_arabia.views import named_disks, table_view

# R5: a roll of the animal dice as ``5 * f1 + f2`` (4: blank) and what it places.
ROLL_QUANTITIES = {5 * f1 + f2: quantities for f1, f2, _, quantities in ANIMAL_ROLLS}
ANIMAL_ROLL_OUTCOMES = tuple((ANIMALS_BASE + 5 * f1 + f2, p) for f1, f2, p, _ in ANIMAL_ROLLS)
ANIMAL_ROLL_ACTIONS = frozenset(action for action, _ in ANIMAL_ROLL_OUTCOMES)

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

FLAGS = ("shift_done", "main_done", "silver", "placement", "setup")
"""The turn's flags, in the order of JSON's ``flags``: this turn's Random Restock and shift
done (R21), its capture, call, shift or sale done, silver-tongue played (R31), a placement
turn (R27); and the setup still running."""
PROCEDURE = (
    "placed",
    "carry",
    "carry_type",
    "target_box",
    "rolled",
    "land_purpose",
    "tied",
    "rolling_call",
    "claimer",
    "step_dest",
    "strip_type",
)
"""What the procedure remembers between steps, in the order of JSON's ``procedure``:
animals placed by this turn's restocks (R21); the animals of an Animal Restock still to
place and their type (R19); the box a Land Restock fills (-1: a Random Restock); the
Random Restock's roll; what the land die is rolled for; the boxes tied for the yellow dot
(R20); a call rather than a capture (R15); the seat claiming a disk; the space the
current step goes to; the type of strip to draw (0 city, 1 desert)."""

FIELDS = FieldTable(
    Field("game", json=False),
    Field("n", json=False),
    Field("cols", json=False),
    Field("_history", LIST),
    Field("rows", LIST, json=False),
    Field("open_mask", json=False),
    Field("city_disk", LIST),
    Field("undrawn"),
    Field("city_queue", LIST, json=False),
    Field("desert_queue", LIST, json=False),
    Field("boxes", LIST),
    Field("stock", LIST),
    Field("reserve", LIST),
    Field("pile", LIST),
    Field("money", LIST),
    Field("bank"),
    Field("status", LIST, json=False),
    Field("pos", LIST),
    Field("handlers", LIST),
    Field("animals", LIST),
    Field("hands", LIST, json=False),
    Field("played"),
    Field("revealed"),
    Field("supply"),
    Field("special_gone"),
    Field("finals", LIST, json=False),
    Field("final_gone"),
    Field("node", json=False),
    Field("node_seat"),
    Field("active"),
    Field("next_seat"),
    Field("turn"),
    *(Field(name, json=False) for name in FLAGS + PROCEDURE),
    Field("path", LIST),
    Field("losing", LIST),
    Field("window", LIST),
    Field("stack", LIST),
)
"""Every field of a state, once. ``cols``: usable stock columns (cover cards); ``rows``:
the strip on each row, row 0 first, with ``open_mask`` its passable spaces; ``city_disk``:
per row :data:`NO_DISK`, :data:`FACE_DOWN` or a face-up final disk; ``undrawn``: a bit per
strip; the queues: discarded strips, oldest first (R8); ``reserve``: the animals the first
box takes from the game box (setup); ``pile``: handler dice in the pile; ``hands``: special
disks held, a bit each; ``revealed``: disks drawn so far; ``special_gone`` and
``final_gone``: disks that left with their strip; ``path``, ``losing``, ``window``: the
spaces of a move, the seats losing their nomads and the seats a Sands of Time window still
asks; ``stack``: the procedure's steps, the next last."""


class NomadsOfArabiaState(State):
    """A position of Nomads of Arabia. Build one with ``game.new_initial_state()`` or
    ``game.from_position(text)``."""

    FIELDS = FIELDS
    __slots__ = FIELDS.slots
    clone: ClassVar[Callable[[NomadsOfArabiaState], NomadsOfArabiaState]]

    game: NomadsOfArabia
    rows: list[int]
    city_disk: list[int]
    city_queue: list[int]
    desert_queue: list[int]
    finals: list[int]
    path: list[int]
    losing: list[int]
    window: list[Seat]
    stack: list[int]
    _history: list[ActionId]

    def __init__(self, game: NomadsOfArabia) -> None:
        n = game.num_players
        cols = columns(n)
        self.game = game
        self.n = n
        self.cols = cols
        self.rows = []
        self.open_mask = 0
        self.city_disk = []
        self.undrawn = (1 << len(STRIP_NAMES)) - 1
        self.city_queue = []
        self.desert_queue = []
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
        self.finals = []
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
        self.path = []
        self.losing = []
        self.window = []
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
        self._history = []
        self._run()

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

    def board_changed(self) -> None:
        """Recompute the passable spaces after the rows changed."""
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
        if not 0 <= action < NUM_ACTIONS:
            return False
        node = self.node
        if node == N_MOVE:
            return self._move_legal(decode(action))
        if node == N_ACTION:
            return self._action_legal(action)
        if node == C_ANIMALS:
            return action in ANIMAL_ROLL_ACTIONS
        if node == C_LAND:
            roll = decode(action)
            return roll.kind == "roll-land" and (roll.land < NUM_LANDS or not self.setup)
        if node == N_HANDLERS:
            take = decode(action)
            if take.kind != "take-handlers":
                return False
            dice = take.animals
            size = sum(dice)
            pile = self.pile
            total = pile[0] + pile[1] + pile[2] + pile[3]
            if any(dice[a] > pile[a] for a in range(NUM_ANIMALS)):
                return False
            return size == min(2, total) or (size == 3 and self.money[self.active] >= 3)
        return action in self.legal_actions()

    def _move_legal(self, move: Action) -> bool:
        kind = move.kind
        if kind in ("stay", "pilgrim"):
            return True
        seat = self.active
        start = self.pos[seat]
        p = move.space
        if kind == "move":
            if move.to < 0:
                return p in NEIGHBOURS[start] and self.passable(p)
            q = move.to
            return (
                p in NEIGHBOURS[start]
                and q in NEIGHBOURS[p]
                and q != start
                and self.passable(p)
                and self.passable(q)
                and self.money[seat] >= self.move_cost(seat)
            )
        if kind == "play" and move.disk == RIDE:
            return bool(self.hands[seat] >> RIDE & 1) and p != start and self.passable(p)
        return False

    def _action_legal(self, action: ActionId) -> bool:
        if action == END:
            return True
        if decode(action).kind in ("capture", "call", "shift", "sell", "play"):
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
            return list(ANIMAL_ROLL_OUTCOMES)
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
            candidates = self.strip_candidates()
            return [(STRIP + s, 1 / len(candidates)) for s in candidates]
        if node == C_DISK:
            left = [d for d in range(len(SPECIAL_DISKS)) if not self.revealed >> d & 1]
            return [(DISK + d, 1 / len(left)) for d in left]  # R24
        return self._final_outcomes()

    def strip_candidates(self) -> list[int]:
        """The undrawn strips of the type to draw."""
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
        try:
            played = DECODED[action]
        except KeyError:  # a sale, decoded the first time it is played
            played = decode(action)
        if node == N_ACTION:
            self._do_action(played)
        elif node == N_MOVE:
            self._do_move(played)
        elif node == C_ANIMALS:
            self._roll_animals(played.pair)
        elif node == C_LAND:
            self._roll_land(played.land)
        elif node == C_HANDLERS:
            self._roll_handlers(played.animals)
        elif node == N_HANDLERS:
            self._take_handlers(played.animals)
        elif node == N_PLACE:
            self._place(played.space)
        elif node == N_PICK:
            self._take_from_box(self._box_here(), played.animal, self.active)
            self.node = N_ACTION
        elif node == N_KEEP:
            self._keep(self.node_seat, played.pair)
        elif node == N_LAND:
            self._place_on_land(played.land)
        elif node == N_SANDS:
            self._sands(played.kind == "play")
        elif node == C_STRIP:
            self._put_strip(played.strip)
        elif node == C_DISK:
            self._claim(played.disk)
        elif node == C_FINAL:
            self._place_final(played.disk)
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
    def _do_move(self, move: Action) -> None:
        seat = self.active
        kind = move.kind
        if kind == "stay":
            self.node = N_ACTION
            return
        if kind == "pilgrim":
            self._discard(seat, T_TRAVEL_DONE)  # R26
            self.status[seat] = PILGRIM_SPACE
            self.pos[seat] = -1
            return
        self.stack.append(T_ACTION)
        if kind == "play":
            self._discard_disk(seat, RIDE)  # R32: one free step
            self.path = [move.space]
        elif move.to < 0:
            self.path = [move.space]
        else:
            cost = self.move_cost(seat)  # R10: counted and paid before moving
            self.money[seat] -= cost
            self.bank += cost
            self.path = [move.space, move.to]
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
    def _do_action(self, action: Action) -> None:
        seat = self.active
        kind = action.kind
        if kind == "end":
            self._restock(T_END_TURN)
        elif kind in ("capture", "call"):
            self.main_done = True
            self.rolling_call = kind == "call"
            self.node = C_HANDLERS
        elif kind == "shift":
            self.main_done = True  # R23: no restock, shift_done unchanged
            self.stack.append(T_ACTION)
            self._shift()
        elif kind == "sell":
            self.main_done = True
            self._sale(action.animals, True)
            self.node = N_ACTION
        elif action.disk == SILVER:
            self._discard_disk(seat, SILVER)
            self.silver = True  # R31
            self.node = N_ACTION
        elif action.disk == ABDUL:
            self._discard_disk(seat, ABDUL)  # R30
            self._sale(action.animals, False)
            self.node = N_ACTION
        else:
            self._discard_disk(seat, EXPERT)
            self._take_from_box(action.land, action.animal, seat)  # R29
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

    def _roll_animals(self, faces: list[int]) -> None:
        roll = 5 * faces[0] + faces[1]
        if self.target_box < 0:  # the Random Restock's roll; its land comes next
            self.rolled = roll
            self.land_purpose = LP_RANDOM
            self.node = C_LAND
            return
        self.placed += self._put_roll(self.target_box, roll)

    def _put_roll(self, land: int, roll: int) -> int:
        """Place a roll's quantities (R5), each limited by stock; the number placed."""
        quantities = ROLL_QUANTITIES[roll]
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
            tied = self.fewest_animals()
            if len(tied) > 1:
                self.tied = sum(1 << x for x in tied)
                self.node = N_LAND
                self.node_seat = self.active
                return
            land = tied[0]
        self._place_on_land(land)

    def fewest_animals(self) -> list[int]:
        """The boxes holding the fewest animals (R20)."""
        totals = [self.box_total(x) for x in range(NUM_LANDS)]
        least = min(totals)
        return [x for x in range(NUM_LANDS) if totals[x] == least]

    def _place_on_land(self, land: int) -> None:
        if self.land_purpose == LP_ANIMAL:
            put = min(2, self.carry)
            self.boxes[land * NUM_ANIMALS + self.carry_type] += put
            self.carry -= put
            self.placed += put
        else:
            self._put_roll(land, self.rolled)

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

    def _keep(self, seat: Seat, kept: list[int]) -> None:
        base = NUM_ANIMALS * seat
        a, b = kept
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
        (self.city_queue if strip in CITY_STRIPS else self.desert_queue).append(strip)  # R8
        for s in range(self.n):
            if self.status[s] == BOARD:
                self.pos[s] += WIDTH
        self.strip_type = 1 if self.rows[0] in CITY_STRIPS else 0
        candidates = self.strip_candidates()
        if len(candidates) > 1:
            self.node = C_STRIP
        elif candidates:
            self._put_strip(candidates[0])  # R39: a single outcome is no node
        else:
            queue = self.city_queue if self.strip_type == 0 else self.desert_queue
            self._put_strip(queue.pop(0))  # R8

    def _put_strip(self, strip: int) -> None:
        self.undrawn &= ~(1 << strip)
        if self.setup:
            self.rows.append(strip)
            self.city_disk.append(NO_DISK)
            self.board_changed()
            return
        self.rows.insert(0, strip)
        self.city_disk.insert(0, NO_DISK)
        self.board_changed()
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
        return action_text(decode(action), self.seat_handlers(self.active))

    def reveals_information(self, action: ActionId) -> bool:
        """A played special disk is shown to everyone (R38). A window's ``pass`` shows
        nothing, but it is final too: only a holder could want it back (R33)."""
        return action == PASS or decode(action).kind == "play"

    def action_to_string_for(self, seat: Seat | None, action: ActionId) -> str:
        """R38: another seat's ``draw-disk`` outcome reads ``draw-disk hidden``."""
        if self.node == C_DISK and seat != self.claimer and decode(action).kind == "draw-disk":
            return "draw-disk hidden"
        return self.action_to_string(action)

    def parse_action(self, text: str) -> ActionId | None:
        return parse(text, self.seat_handlers(self.active))

    def notation_help(self) -> str:
        return (
            "e.g. 'stay', 'move 2,4', 'move 2,4 1,5', 'pilgrim', 'take-handlers camel,goat', "
            "'capture', 'call', 'shift', 'sell camel,horse', 'end', 'keep goat,horse', 'pass'"
        )

    def why_illegal(self, action: ActionId) -> str:
        return explain.why_illegal(self, action)

    def prompt(self) -> str:
        return explain.prompt(self)

    def narrate_for(self, viewer: Seat | None, action: ActionId) -> str:
        return explain.narrate(self, viewer, action)

    def position(self) -> str:
        """The whole state as one line (``docs/rules/nomads_of_arabia.md``, *Position
        notation*)."""
        return write_position(self)

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

        Only hand sizes, the seat's own hand and the played disks are known (R38), and
        once the game is over every money disk (section 7): a ``pass`` at a Sands of Time
        window looks the same from every seat (R33).
        """
        shown = MONEY_DISKS if self.node == OVER else 0
        others = [s for s in range(self.n) if s != seat and self.hands[s] & ~shown]
        if not others:
            return
        known = (self.hands[seat] if seat is not None else 0) | self.played | shown
        pool = [d for d in range(len(SPECIAL_DISKS)) if not known >> d & 1]
        rng.shuffle(pool)
        for s in others:
            self.revealed &= ~(self.hands[s] & ~shown)
        i = 0
        for s in others:
            k = (self.hands[s] & ~shown).bit_count()
            dealt = sum(1 << d for d in pool[i : i + k])
            self.hands[s] = self.hands[s] & shown | dealt
            self.revealed |= dealt
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
            len(self.rows)
            + self.undrawn.bit_count()
            + len(self.city_queue)
            + len(self.desert_queue)
        )
        return counts

    # -- serialisation ----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "game": INFO.name,
            "version": INFO.version,
            "options": self.game.params(),
            **FIELDS.to_json(self),
            "rows": [STRIP_NAMES[s] for s in self.rows],
            "queues": [[STRIP_NAMES[s] for s in q] for q in (self.city_queue, self.desert_queue)],
            "status": [STATUS_NAMES[s] for s in self.status],
            "hands": [named_disks(hand) for hand in self.hands],
            "finals": [FINAL_DISKS[f] for f in self.finals],
            "node": NODE_NAMES[self.node],
            "flags": [getattr(self, name) for name in FLAGS],
            "procedure": [getattr(self, name) for name in PROCEDURE],
        }

    def render(
        self, markup: bool = False, seat: Seat | None = None, highlight: Iterable[ActionId] = ()
    ) -> str:
        return render(self, markup, seat, action_spaces(highlight))


NomadsOfArabiaState.clone = FIELDS.make_clone(NomadsOfArabiaState)
abc.update_abstractmethods(NomadsOfArabiaState)


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
        return LAYOUT.size

    def observation_layout(self) -> ObservationLayout:
        return LAYOUT

    def score_labels(self) -> dict[str, str]:
        return dict(explain.SCORE_LABELS)

    def decode(self, action: ActionId) -> DecodedAction:
        return decode(action)

    def new_initial_state(self) -> NomadsOfArabiaState:
        return NomadsOfArabiaState(self)

    def from_position(self, text: str) -> NomadsOfArabiaState:
        """The state written as ``text`` (``docs/rules/nomads_of_arabia.md``, *Position
        notation*); its history starts empty."""
        state: NomadsOfArabiaState = object.__new__(NomadsOfArabiaState)
        read_position(self, text, state)
        return state

    def layout(self) -> dict[str, Any]:
        return board_layout(self)
