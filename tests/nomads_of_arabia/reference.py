"""A slow, obvious reading of the rules for cross-checking the engine.

Legal decisions are rebuilt from the rulings' own words: spaces as ``(row, x)`` pairs with
the brick adjacency of R1 read from the strip text, sub-multisets by brute force.
It shares nothing with the engine but the state's plain fields.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product

from serai.games.nomads_of_arabia.rules import NomadsOfArabiaState

ANIMALS = ["camel", "donkey", "goat", "horse"]
LANDS = ["green", "red", "purple", "blue", "grey"]
CITY_TEXT = {
    "c1": "G . C R . P",
    "c2": "B # G . C S",
    "c3": "R C . P B .",
    "c4": ". G S C # R",
    "c5": "C P . S . B",
    "c6": "P . B # G C",
    "c7": "S R C . # B",
    "c8": ". R P C G .",
}
DESERT_TEXT = {
    "d1": ". G . R .",
    "d2": "P . # . B",
    "d3": ". S . . G",
    "d4": "R # . S .",
    "d5": "P . . . S",
    "d6": ". B . # G",
    "d7": ". . R B .",
    "d8": "# S . P .",
}
NAMES = [f"c{i}" for i in range(1, 9)] + [f"d{i}" for i in range(1, 9)]


def board(state: NomadsOfArabiaState) -> dict[tuple[int, int], str]:
    """Every space of the current board: ``(row, x) -> letter``."""
    out = {}
    for row, strip in enumerate(state.rows):
        name = NAMES[strip]
        if name.startswith("c"):
            for i, letter in enumerate(CITY_TEXT[name].split()):
                out[(row, 1 + 2 * i)] = letter
        else:
            for i, letter in enumerate(DESERT_TEXT[name].split()):
                out[(row, 2 + 2 * i)] = letter
    return out


def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    (r1, x1), (r2, x2) = a, b
    return (r1 == r2 and abs(x1 - x2) == 2) or (abs(r1 - r2) == 1 and abs(x1 - x2) == 1)


def name(p: tuple[int, int]) -> str:
    return f"{p[0]},{p[1]}"


def at(state: NomadsOfArabiaState, seat: int) -> tuple[int, int]:
    return divmod(state.pos[seat], 11)[0], state.pos[seat] % 11 + 1


def held(values: list[int], seat: int) -> list[int]:
    return values[4 * seat : 4 * seat + 4]


def move_actions(state: NomadsOfArabiaState) -> set[str]:
    seat = state.active
    spaces = board(state)
    passable = {p for p, letter in spaces.items() if letter != "#"}
    start = at(state, seat)
    cost = sum(held(state.animals, seat)) + (3 if sum(held(state.handlers, seat)) == 3 else 0)
    out = {"stay", "pilgrim"}
    for p in passable:
        if adjacent(start, p):
            out.add(f"move {name(p)}")
            for q in passable:
                if adjacent(p, q) and q != start and state.money[seat] >= cost:
                    out.add(f"move {name(p)} {name(q)}")
    if state.hands[seat] >> 3 & 1:
        out |= {f"play ride-the-winds {name(p)}" for p in passable if p != start}
    return out


def lists(counts: list[int]) -> set[str]:
    """Every non-empty sub-multiset as a canonical list."""
    out = set()
    for choice in product(*(range(k + 1) for k in counts)):
        if sum(choice):
            out.add(",".join(a for a, k in zip(ANIMALS, choice, strict=True) for _ in range(k)))
    return out


def take_actions(state: NomadsOfArabiaState) -> set[str]:
    dice = [a for a, k in zip(ANIMALS, state.pile, strict=True) for _ in range(k)]
    sizes = [min(2, len(dice))]
    if len(dice) >= 3 and state.money[state.active] >= 3:
        sizes.append(3)
    out = set()
    for size in sizes:
        for combo in combinations_with_replacement(ANIMALS, size):
            if all(combo.count(a) <= dice.count(a) for a in ANIMALS):
                out.add("take-handlers " + ",".join(combo))
    return out


def action_actions(state: NomadsOfArabiaState) -> set[str]:
    seat = state.active
    letter = board(state)[at(state, seat)]
    animals = held(state.animals, seat)
    hand = {d for d in range(8) if state.hands[seat] >> d & 1}
    out = {"end"}
    on_land = letter in "GRPBS"
    if not state.main_done and not state.placement:
        if on_land and sum(held(state.handlers, seat)):
            out |= {"capture", "call"}
        row4 = any(state.status[s] == 0 and state.pos[s] >= 44 for s in range(state.n))
        if letter == "." and not row4:
            out.add("shift")
    if letter == "C" and not state.main_done:
        out |= {f"sell {text}" for text in lists(animals)}
    if letter != "C" and 1 in hand:
        out |= {f"play abdul {text}" for text in lists(animals)}
    sale_left = (letter == "C" and not state.main_done) or (letter != "C" and 1 in hand)
    if 0 in hand and sum(animals) and sale_left:
        out.add("play silver-tongue")
    if 2 in hand:
        for land in range(5):
            for a in range(4):
                if state.boxes[4 * land + a]:
                    out.add(f"play expert-handler {LANDS[land]} {ANIMALS[a]}")
    return out


def keep_actions(state: NomadsOfArabiaState) -> set[str]:
    animals = held(state.animals, state.node_seat)
    pieces = [a for a, k in zip(ANIMALS, animals, strict=True) for _ in range(k)]
    return {
        f"keep {a},{b}"
        for a, b in combinations_with_replacement(ANIMALS, 2)
        if (pieces.count(a) >= 2 if a == b else (a in pieces and b in pieces))
    }


def price(state: NomadsOfArabiaState, animal: int) -> int:
    """R6 read as 'the number on the lowest empty space' of the stock track."""
    rows = {0: (3, 6, 9, 12), 1: (1, 2, 3, 5), 2: (1, 2, 3, 4), 3: (3, 5, 7, 10)}[animal]
    filled = state.stock[animal]
    for row in range(4):
        if filled < state.cols:
            return rows[row]
        filled -= state.cols
    return rows[3]


SANDS_OF_TIME = 4  # the fifth special disk: silver-tongue, abdul, expert, ride, sands


def window_order(state: NomadsOfArabiaState) -> list[int]:
    """R33: the seats holding any special disk, from the one after the active seat round
    to the active seat itself; nobody once Sands of Time has been played."""
    if state.played >> SANDS_OF_TIME & 1:
        return []
    n = state.n
    return [(state.active + i) % n for i in range(1, n + 1) if state.hands[(state.active + i) % n]]


def sands_actions(state: NomadsOfArabiaState) -> set[str]:
    """R33: every seat asked may pass; the holder may also play the disk."""
    if state.hands[state.node_seat] >> SANDS_OF_TIME & 1:
        return {"pass", "play sands-of-time"}
    return {"pass"}


def legal(state: NomadsOfArabiaState) -> set[str] | None:
    """The reference's legal set for the decision nodes it knows, else None."""
    node = state.node_name
    if node == "move":
        return move_actions(state)
    if node == "handlers":
        return take_actions(state)
    if node == "action":
        return action_actions(state)
    if node == "keep":
        return keep_actions(state)
    if node == "place":
        return {f"place {name(p)}" for p, letter in board(state).items() if letter != "#"}
    if node == "sands":
        return sands_actions(state)
    return None
