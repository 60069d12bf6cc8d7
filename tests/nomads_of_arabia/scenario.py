"""The positions of the worked examples, written in the game's position notation.

Examples state only what matters ("anything not stated is irrelevant"). A :class:`Table`
holds a position's parts by name; an example edits the parts it states, then loads the
text with ``serai.load_position``, which refuses anything no game could reach. So that an
example need not count every animal, the animals its boxes and seats add or remove come
from the stock or go back to it, unless it states that stock itself; then the seat it names
with :meth:`Table.rest_with` holds those missing from the stock.
"""

from __future__ import annotations

import serai
from serai.games.nomads_of_arabia.board import (
    ANIMALS,
    LANDS,
    NUM_ANIMALS,
    SPECIAL_DISKS,
    columns,
    parse_space,
)
from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState

# Examples 1, 2 and 5: the setup that gives the reference board REF.
REF_SETUP = (
    "draw-strip d4",
    "draw-strip c2",
    "draw-strip d1",
    "draw-strip c1",
    "draw-strip d3",
    "roll-land green",
    "roll-animals camel,horse",
    "roll-animals goat,blank",
    "roll-animals donkey,donkey",
    "roll-animals blank,blank",
    "roll-animals camel,goat",
    "roll-land blue",
    "roll-animals horse,blank",
    "roll-land red",
)
REF = (
    "4 5 5 1000 d4,c2*,d1,c1,d3 - 1,1,1,1/2,0,0,6/0,0,4,0/2,4,2,0/1,1,1,1 7,7,5,5 3,3,3,3 "
    "4/-/0 -/0 3,5/10/0,0,0,0/0,0,0,0/- 3,5/10/0,0,0,0/0,0,0,0/- 3,5/10/0,0,0,0/0,0,0,0/- "
    "3,5/10/0,0,0,0/0,0,0,0/- 0/0/1 - move:0 -"
)
"""REF after setup, four players: seat 0 to move, every nomad on the start city 3,5."""

HEADER = ("players", "special disks option", "final disks option", "max turns")
BODY = ("board", "discards", "boxes", "stock", "pile", "special disks", "final disks")
TAIL = ("turn", "flags", "to act", "steps")


def part_names(players: int) -> tuple[str, ...]:
    """The names of a position's parts, in order."""
    return (*HEADER, *BODY, *(f"seat {seat}" for seat in range(players)), *TAIL)


def counts(**animals: int) -> list[int]:
    return [animals.get(a, 0) for a in ANIMALS]


def numbers(word: str) -> list[int]:
    return [int(k) for k in word.split(",")]


def text(values: list[int]) -> str:
    return ",".join(str(k) for k in values)


class Table:
    """A position's parts by name, for an example to edit; ``load`` makes the state."""

    def __init__(self, position: str) -> None:
        words = position.split(" ")
        self.players = int(words[0])
        self.parts = dict(zip(part_names(self.players), words, strict=True))
        self.stated_stock: set[int] = set()
        self.rest: int | None = None

    @classmethod
    def of(cls, state: serai.State) -> Table:
        return cls(state.position())

    @property
    def position(self) -> str:
        return " ".join(self.parts.values())

    def set(self, part: str, word: str) -> Table:
        """Any part as written (see the rules reference, *Position notation*)."""
        assert part in self.parts, part
        self.parts[part] = word
        return self

    def box(self, land: str, **animals: int) -> Table:
        boxes = self.parts["boxes"].split("/")
        boxes[LANDS.index(land)] = text(counts(**animals))
        self.parts["boxes"] = "/".join(boxes)
        return self

    def stock(self, **animals: int) -> Table:
        stock = numbers(self.parts["stock"])
        for a, name in enumerate(ANIMALS):
            if name in animals:
                stock[a] = animals[name]
                self.stated_stock.add(a)
        self.parts["stock"] = text(stock)
        return self

    def rest_with(self, seat: int) -> Table:
        """``seat`` holds the animals of a stated stock that are missing elsewhere."""
        self.rest = seat
        return self

    def pile(self, **dice: int) -> Table:
        self.parts["pile"] = text(counts(**dice))
        return self

    def seat(
        self,
        seat: int,
        at: str | None = None,
        handlers: tuple[str, ...] | None = None,
        animals: dict[str, int] | None = None,
        money: int | None = None,
        disks: tuple[str, ...] = (),
    ) -> Table:
        """Put a nomad somewhere (a space, ``lost`` or ``pilgrim``); its handler dice come
        from (or go back to) the pile, its special disks from the supply."""
        where, cash, held, dice, hand = self.parts[f"seat {seat}"].split("/")
        if at is not None:
            assert at in ("lost", "pilgrim") or parse_space(at) is not None, at
            where = at
        if handlers is not None:
            pile = numbers(self.parts["pile"])
            old = numbers(dice)
            new = [handlers.count(animal) for animal in ANIMALS]
            self.parts["pile"] = text([p + o - k for p, o, k in zip(pile, old, new, strict=True)])
            dice = text(new)
        if animals is not None:
            held = text(counts(**animals))
        if money is not None:
            cash = str(money)
        if disks:
            supply, played, gone = self.parts["special disks"].split("/")
            assert int(supply) >= len(disks), "the supply has no more special disks"
            self.parts["special disks"] = f"{int(supply) - len(disks)}/{played}/{gone}"
            names = [] if hand == "-" else hand.split(",")
            hand = ",".join(d for d in SPECIAL_DISKS if d in names or d in disks)
        self.parts[f"seat {seat}"] = "/".join((where, cash, held, dice, hand))
        return self

    def turn(self, seat: int) -> Table:
        """``seat``'s turn begins now (the seat after it moves next)."""
        node = "place" if self.parts[f"seat {seat}"].startswith("pilgrim") else "move"
        return self._now(seat, f"{node}:{seat}")

    def action_phase(self, seat: int) -> Table:
        """``seat``'s action phase, as after ``stay``."""
        return self._now(seat, f"action:{seat}")

    def before_shift(self, seat: int) -> Table:
        """The end of ``seat``'s turn, its Random Restock rolled blank,blank: the land die
        for it comes next, then the desert shifts (R17)."""
        self._now(seat, "roll-land:blank,blank")
        self.parts["flags"] = "shifted"
        self.parts["steps"] = "shift/restock/end-turn"
        return self

    def _now(self, seat: int, to_act: str) -> Table:
        turns = self.parts["turn"].split("/")[0]
        self.parts["turn"] = f"{turns}/{seat}/{(seat + 1) % self.players}"
        self.parts["flags"] = "-"
        self.parts["to act"] = to_act
        self.parts["steps"] = "-"
        return self

    def load(self) -> NomadsOfArabiaState:
        self._balance_stock()
        state = serai.load_position("nomads_of_arabia", self.position)
        assert isinstance(state, NomadsOfArabiaState)
        return state

    def _balance_stock(self) -> None:
        """Animals an example adds or removes come from the stock or go back to it."""
        total = 4 * columns(self.players) + 1
        stock = numbers(self.parts["stock"])
        held = [numbers(box) for box in self.parts["boxes"].split("/")]
        held += [numbers(self.parts[f"seat {s}"].split("/")[2]) for s in range(self.players)]
        rest = [0] * NUM_ANIMALS
        for a in range(NUM_ANIMALS):
            missing = total - stock[a] - sum(k[a] for k in held)
            if a not in self.stated_stock:
                stock[a] += missing
                assert stock[a] >= 0, f"more {ANIMALS[a]}s than the game has"
            elif missing and self.rest is not None:
                rest[a] = missing
        self.parts["stock"] = text(stock)
        if any(rest) and self.rest is not None:
            where, cash, animals, dice, hand = self.parts[f"seat {self.rest}"].split("/")
            animals = text([k + r for k, r in zip(numbers(animals), rest, strict=True)])
            self.parts[f"seat {self.rest}"] = "/".join((where, cash, animals, dice, hand))


def new_state(players: int = 4, **options: int) -> NomadsOfArabiaState:
    state = serai.load_game("nomads_of_arabia", players=players, **options).new_initial_state()
    assert isinstance(state, NomadsOfArabiaState)
    return state


def ref(players: int = 4, **options: int) -> NomadsOfArabiaState:
    """REF after setup: seat 0 to move, every nomad on 3,5."""
    state = new_state(players, **options)
    do(state, *REF_SETUP)
    return state


def ref_table(players: int = 4, **options: int) -> Table:
    """REF after setup as a :class:`Table` (for four players and no options: :data:`REF`)."""
    return Table(ref(players, **options).position() if players != 4 or options else REF)


def do(state: serai.State, *texts: str) -> None:
    for line in texts:
        state.apply_action(state.string_to_action(line))


def legal(state: serai.State) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def sp(name: str) -> int:
    space = parse_space(name)
    assert space is not None, name
    return space


def box(state: NomadsOfArabiaState, land: str) -> dict[str, int]:
    b = LANDS.index(land) * NUM_ANIMALS
    return {a: k for a, k in zip(ANIMALS, state.boxes[b : b + NUM_ANIMALS], strict=True) if k}


def seat_animals(state: NomadsOfArabiaState, seat: int) -> dict[str, int]:
    b = NUM_ANIMALS * seat
    return {a: k for a, k in zip(ANIMALS, state.animals[b : b + NUM_ANIMALS], strict=True) if k}


def seat_handlers(state: NomadsOfArabiaState, seat: int) -> dict[str, int]:
    b = NUM_ANIMALS * seat
    return {a: k for a, k in zip(ANIMALS, state.handlers[b : b + NUM_ANIMALS], strict=True) if k}
