"""A slow, obvious Five Tribes reference: movement by brute force over walks and drops.

Nothing here uses the engine's colour masks or ``ENDS`` table: neighbours come from the grid
coordinates (see Notation), and a move is legal when some sequence of steps (R3: no immediate
backtrack) and drops (one per step) ends with the last meeple on a tile that already holds
its colour (R1). Final scoring goes part by part, Al-Amin's wilds tried over every multiset.
The end of the game is R34 and R35 read directly: a round is the last one when a seat is out
of camels or the board had no move after one of its turns ended.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from serai.games.five_tribes.board import (
    BLUE_TYPES,
    COLS,
    DJINNS,
    MERCHANDISE,
    NUM_CARDS,
    NUM_COLOURS,
    ROWS,
    SUIT_VALUES,
    TILE_VP,
    TILES,
)
from serai.games.five_tribes.rules import FiveTribesState

Board = tuple[tuple[int, ...], ...]


def neighbours(t: int) -> list[int]:
    c, r = t % COLS, t // COLS
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        if 0 <= c + dc < COLS and 0 <= r + dr < ROWS:
            out.append((r + dr) * COLS + c + dc)
    return out


def board_of(state: FiveTribesState) -> Board:
    m = state.meeples
    return tuple(tuple(m[NUM_COLOURS * t : NUM_COLOURS * t + NUM_COLOURS]) for t in range(TILES))


def with_meeple(board: Board, t: int, colour: int, delta: int) -> Board:
    row = list(board[t])
    row[colour] += delta
    return (*board[:t], tuple(row), *board[t + 1 :])


def can_finish(board: Board, cur: int, prev: int | None, hand: tuple[int, ...]) -> bool:
    """Some sequence of steps and drops from ``cur`` empties ``hand`` legally (R1, R3)."""
    seen: dict[tuple[object, ...], bool] = {}

    def search(board: Board, cur: int, prev: int | None, hand: tuple[int, ...]) -> bool:
        key = (board, cur, prev, hand)
        if key in seen:
            return seen[key]
        seen[key] = False
        for t in neighbours(cur):
            if t == prev:
                continue
            for x in range(NUM_COLOURS):
                if not hand[x]:
                    continue
                rest = (*hand[:x], hand[x] - 1, *hand[x + 1 :])
                if sum(rest) == 0:
                    ok = board[t][x] >= 1
                else:
                    ok = search(with_meeple(board, t, x, 1), t, cur, rest)
                if ok:
                    seen[key] = True
                    return True
        return False

    return search(board, cur, prev, hand)


def pick_tiles(state: FiveTribesState) -> list[int]:
    """R4: tiles from which at least one complete move exists."""
    board = board_of(state)
    out = []
    for s in range(TILES):
        hand = board[s]
        if sum(hand) and can_finish(
            (*board[:s], (0,) * NUM_COLOURS, *board[s + 1 :]), s, None, hand
        ):
            out.append(s)
    return out


def last_round(state: FiveTribesState, stuck_after_an_end: bool) -> bool:
    """R34, R35: the round just played is the last one when a seat has placed its last
    camel, or when the board offered no legal move after one of the round's turns ended."""
    return stuck_after_an_end or 0 in state.camels_left


def drop_ok(board: Board, t: int, came_from: int, hand: tuple[int, ...], x: int) -> bool:
    rest = (*hand[:x], hand[x] - 1, *hand[x + 1 :])
    if sum(rest) == 0:
        return board[t][x] >= 1
    return can_finish(with_meeple(board, t, x, 1), t, came_from, rest)


def step_tiles(state: FiveTribesState) -> list[int]:
    board = board_of(state)
    hand = tuple(state.in_hand)
    prev = None if state.prev >= TILES else state.prev
    return [
        t
        for t in neighbours(state.cur)
        if t != prev
        and any(hand[x] and drop_ok(board, t, state.cur, hand, x) for x in range(NUM_COLOURS))
    ]


def drop_colours(state: FiveTribesState) -> list[int]:
    board = board_of(state)
    hand = tuple(state.in_hand)
    return [
        x for x in range(NUM_COLOURS) if hand[x] and drop_ok(board, state.cur, state.prev, hand, x)
    ]


def complete_moves(state: FiveTribesState, start: int) -> set[tuple[tuple[int, int], ...]]:
    """Every complete legal move from ``start``: the (tile, colour) of each step, in order."""
    board = board_of(state)
    hand = board[start]
    board = (*board[:start], (0,) * NUM_COLOURS, *board[start + 1 :])
    out: set[tuple[tuple[int, int], ...]] = set()

    def walk(board: Board, cur: int, prev: int | None, hand: tuple[int, ...], path: tuple) -> None:  # type: ignore[type-arg]
        for t in neighbours(cur):
            if t == prev:
                continue
            for x in range(NUM_COLOURS):
                if not hand[x]:
                    continue
                rest = (*hand[:x], hand[x] - 1, *hand[x + 1 :])
                step = (*path, (t, x))
                if sum(rest) == 0:
                    if board[t][x] >= 1:
                        out.add(step)
                else:
                    walk(with_meeple(board, t, x, 1), t, cur, rest, step)

    walk(board, start, None, hand, ())
    return out


def merchandise(counts: list[int], wilds: int) -> int:
    """R37 by brute force: every multiset of wild types, suits dealt one of each type."""
    best = 0
    for extra in combinations_with_replacement(range(MERCHANDISE), wilds):
        held = list(counts)
        for t in extra:
            held[t] += 1
        total = 0
        while any(held):
            total += SUIT_VALUES[sum(1 for h in held if h)]
            held = [max(0, h - 1) for h in held]
        best = max(best, total)
    return best


def final_scores(state: FiveTribesState) -> list[int]:
    """The final scoring, part by part (End and scoring)."""
    n = state.n
    out = []
    for seat in range(n):
        djinns = {DJINNS[d] for d, o in enumerate(state.djinn_owner) if o == seat}
        score = state.gold[seat]
        score += state.viziers[seat] * (3 if "jafaar" in djinns else 1)
        score += 10 * sum(1 for s in range(n) if state.viziers[s] < state.viziers[seat])
        score += state.elders[seat] * (4 if "shamhat" in djinns else 2)
        score += sum(
            (5, 8, 6, 6, 6, 4, 8, 10, 8, 8, 6, 6, 6, 10, 4, 6, 6, 6, 6, 4, 8, 4)[DJINNS.index(d)]
            for d in djinns
        )
        for t in range(TILES):
            if state.camel[t] == seat:
                score += TILE_VP[state.tile_type[t]]
                score += state.palms[t] * (5 if "haurvatat" in djinns else 3)
                score += state.palaces[t] * 5
        hand = state.hand[seat * NUM_CARDS : (seat + 1) * NUM_CARDS]
        wilds = hand[-1] // 2 if "al-amin" in djinns else 0
        score += merchandise(hand[:MERCHANDISE], wilds)
        out.append(score)
    return out


def blue_in_block(state: FiveTribesState, t: int) -> int:
    """R9: blue tiles within one column and one row of ``t`` (diagonals included)."""
    c, r = t % COLS, t // COLS
    return sum(
        1
        for u in range(TILES)
        if abs(u % COLS - c) <= 1 and abs(u // COLS - r) <= 1 and state.tile_type[u] in BLUE_TYPES
    )


def kill_texts(state: FiveTribesState) -> set[str]:
    """The Assassins' choices (R10–R13, R22): targets in range, held targets, Iblis."""
    seat = state.actor
    k = state.collected
    fakirs = state.hand[seat * NUM_CARDS + NUM_CARDS - 1]
    colours = ("yellow", "white", "green", "blue", "red")
    final = state.final_tile

    def distance(t: int) -> int:
        return abs(t % COLS - final % COLS) + abs(t // COLS - final // COLS)

    boaz = state.djinn_owner[DJINNS.index("boaz")]
    targets = [s for s in range(state.n) if s not in (seat, boaz)]
    out = set()
    if state.iblis:
        for t in range(TILES):
            if distance(t) > k + fakirs:
                continue
            here = [c for c in range(NUM_COLOURS) for _ in range(state.meeples[5 * t + c])]
            for i in range(len(here)):
                for j in range(i + 1, len(here)):
                    out.add(f"kill {t % COLS},{t // COLS} {colours[here[i]]},{colours[here[j]]}")
        for s in targets:
            held = ["yellow"] * state.viziers[s] + ["white"] * state.elders[s]
            for i in range(len(held)):
                for j in range(i + 1, len(held)):
                    out.add(f"kill p{s} {held[i]},{held[j]}")
        return out
    for t in range(TILES):
        if distance(t) <= k + fakirs:
            for c in range(NUM_COLOURS):
                if state.meeples[5 * t + c]:
                    out.add(f"kill {t % COLS},{t // COLS} {colours[c]}")
    for s in targets:
        if state.viziers[s]:
            out.add(f"kill p{s} yellow")
        if state.elders[s]:
            out.add(f"kill p{s} white")
    iblis = DJINNS.index("iblis")
    if state.djinn_owner[iblis] == seat and not state.used >> iblis & 1:
        for pay, left in (("elder", fakirs), ("fakir", fakirs - 1)):
            if (pay == "elder" and not state.elders[seat]) or left < 0:
                continue
            tiles = any(
                sum(state.meeples[5 * t : 5 * t + 5]) >= 2 and distance(t) <= k + left
                for t in range(TILES)
            )
            pairs_held = any(state.viziers[s] + state.elders[s] >= 2 for s in targets)
            if tiles or pairs_held:
                out.add(f"use iblis {pay}")
    return out


def bid_texts(state: FiveTribesState) -> set[str]:
    """The bids of R25 and R30, read straight from the rulings."""
    seat = state.actor
    gold = state.gold[seat]
    costs = (18, 12, 8, 5, 3, 1, 0, 0, 0)
    k = state.discount

    def price(spot: int) -> int:
        return costs[min(spot + k, 9) - 1]

    free = [spot for spot in range(1, 7) if state.paid[spot - 1] < 0 and price(spot) <= gold]
    if len(state.zeros) < 3:
        out = {f"bid {costs[spot - 1]}" for spot in free} | {"bid 0"}
    elif free:
        out = {f"bid {costs[max(free) - 1]}"}
    else:
        out = {"bid last"}
    kumarbi = DJINNS.index("kumarbi")
    fakirs = state.hand[seat * NUM_CARDS + NUM_CARDS - 1]
    if state.djinn_owner[kumarbi] == seat and k == 0:
        out |= {f"use kumarbi {j}" for j in range(1, min(fakirs, 6) + 1)}
    return out


def observation(state: FiveTribesState, seat: int | None) -> list[float]:
    """The observation vector index by index, as rules version 1.1 first laid it out
    (1168 numbers): trained agents read exactly these places."""
    out = [0.0] * 1168
    n = state.n
    me = 0 if seat is None else seat

    def rel(s: int) -> int:
        return (s - me) % n

    for t in range(TILES):  # 19 per tile from 0
        base = 19 * t
        if state.tile_type[t] < 8:
            out[base + state.tile_type[t]] = 1.0
        for c in range(5):
            out[base + 8 + c] = state.meeples[5 * t + c] / 10
        if state.camel[t] >= 0:
            out[base + 13 + rel(state.camel[t])] = 1.0
        out[base + 17] = state.palms[t] / 3
        out[base + 18] = state.palaces[t] / 3
    over = state.is_terminal()
    for s in range(n):  # 36 per relative seat from 570
        base = 570 + 36 * rel(s)
        if s == seat or over:
            out[base] = state.gold[s] / 100
        out[base + 1] = state.camels_left[s] / 11
        out[base + 2] = state.viziers[s] / 16
        out[base + 3] = state.elders[s] / 20
        for card in range(10):
            out[base + 4 + card] = state.hand[10 * s + card] / 6
    for d, owner in enumerate(state.djinn_owner):
        if owner >= 0:
            out[570 + 36 * rel(owner) + 14 + d] = 1.0
    out[714] = state.palms_left / 12
    out[715] = state.palaces_left / 10
    for c in range(5):
        out[716 + c] = state.bag[c] / 20
    for card in range(10):
        out[721 + card] = state.pile[card] / 18
        out[821 + card] = state.discard[card] / 18
    for slot, card in enumerate(state.row):
        out[731 + 10 * slot + card] = 1.0
    for d in range(22):
        out[831 + d] = float(state.djinn_pile >> d & 1)
        out[875 + d] = float(state.djinn_discard >> d & 1)
    for d in state.display:
        out[853 + d] = 1.0
    for slot, s in enumerate(state.bid_order):
        out[897 + 4 * slot + rel(s)] = 1.0
    for spot, s in enumerate(state.paid):
        if s >= 0:
            out[929 + 4 * spot + rel(s)] = 1.0
    for slot, s in enumerate(state.zeros):
        out[953 + 4 * slot + rel(s)] = 1.0
    for s in state.last:
        out[965 + rel(s)] = 1.0
    for slot, s in enumerate(state.next_order):
        out[969 + 4 * slot + rel(s)] = 1.0
    out[1001 + state.phase] = 1.0
    if state.current_player() >= 0:
        out[1020 + rel(state.current_player())] = 1.0
    out[1024] = float(state.final_round)
    for d in range(22):
        out[1025 + d] = float(state.used >> d & 1)
    out[1047] = float(state.echidna)
    out[1048] = float(state.iblis)
    out[1049] = state.discount / 6
    if state.phase_name in ("step", "drop"):
        out[1050 + state.cur] = 1.0
        if state.prev < TILES:
            out[1080 + state.prev] = 1.0
        for c in range(5):
            out[1110 + c] = state.in_hand[c] / 10
    if state.final_tile >= 0:
        out[1115 + state.final_tile] = 1.0
    out[1145] = state.collected / 10
    for d in state.sib_drawn:
        out[1146 + d] = 1.0
    return out
