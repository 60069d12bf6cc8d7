"""Five Tribes: the state and its rules (``docs/rules/five_tribes.md``).

The state is flat: per-tile lists indexed ``6r + c`` (meeples as ``5 * tile + colour``),
per-seat lists, card counts, Djinn bitmasks and a bitmask per meeple colour of the tiles
holding that colour, kept up to date on every meeple move. With that mask and the table
``ENDS`` of walk end tiles, the exact completion test of R4 is a few bit
operations per candidate, so every movement node lists exactly the completable choices.

Its fields are declared once, in ``FiveTribesState.FIELDS``. A node is one ``phase``
(``board.py``); ``ret`` is the node a sub-step (PLACE, KEEP, Djinn or Kandicha draws)
returns to. Actions are applied by what they decode to (:mod:`.actions`); a position is
written and read part by part (:mod:`.position`).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, ClassVar

from serai.engine import (
    CHANCE,
    TERMINAL,
    ActionId,
    Game,
    GameInfo,
    Seat,
    State,
    register,
)
from serai.engine.fields import LIST, Field, FieldTable, plain
from serai.engine.observe import ObservationLayout
from serai.games.five_tribes import actions as A
from serai.games.five_tribes.actions import DECODED, Action
from serai.games.five_tribes.board import (
    AL_AMIN,
    ALL_DJINNS,
    ANUN_DRAW,
    ANUN_NAK,
    BAAL,
    BID,
    BLOCKS,
    BLUE,
    BLUE_TYPES,
    BOAZ,
    BOURAQ,
    BUILD,
    CAMELS,
    CARD_COUNTS,
    CARDS,
    COLOURS,
    DEAL,
    DISTANCE,
    DJINN_VP,
    DJINNS,
    DROP,
    ECHIDNA,
    ENDS,
    ENKI,
    FAKIR,
    FILL_DISPLAY,
    FILL_ROW,
    FINAL,
    GREEN,
    HAGIS,
    HAND_CARD,
    HAURVATAT,
    IBLIS,
    JAFAAR,
    KANDICHA,
    KEEP,
    KILL,
    KUMARBI,
    LAMIA,
    LARGE_MARKET,
    LETA,
    MARID,
    MARKERS,
    MAX_ROUNDS,
    MEEPLE_COUNTS,
    MERCHANDISE,
    MONKIR,
    NEIGHBOUR_LISTS,
    NEIGHBOURS,
    NEKIR,
    NO_TILE,
    NONE,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_TILE_TYPES,
    OASIS,
    ORDER,
    OVER,
    PALACES,
    PALM_TREES,
    PHASE_NAMES,
    PHASE_WORDS,
    PICK,
    PLACE,
    RED,
    ROW_SIZE,
    SEED,
    SHAMHAT,
    SIB_DRAW,
    SIBITTIS,
    SLOAR,
    SMALL_MARKET,
    SPOT_COST,
    STARTING_GOLD,
    STEP,
    SUIT_VALUES,
    TILE_COUNTS,
    TILE_NODE,
    TILE_TYPES,
    TILE_VP,
    TILES,
    UTUG,
    VILLAGE,
    WHITE,
    YELLOW,
    Tile,
    bits,
)
from serai.games.five_tribes.estimate import estimate
from serai.games.five_tribes.explain import SCORE_LABELS, narrate, prompt, why_illegal
from serai.games.five_tribes.layout import board_layout
from serai.games.five_tribes.observation import LAYOUT, observation
from serai.games.five_tribes.position import Fields, fields_of, read_fields, refuse, write_fields
from serai.games.five_tribes.render import render
from serai.games.five_tribes.views import table_view

INFO = GameInfo(
    name="five_tribes",
    title="Five Tribes: The Djinns of Naqala",
    version="1.1",
    min_players=2,
    max_players=4,
    default_players=4,
)

BLUE_TILE_TYPES = tuple(t in BLUE_TYPES for t in range(NUM_TILE_TYPES + 1))


def best_merchandise(counts: tuple[int, ...], wilds: int) -> int:
    """R37: Merchandise VP of ``counts`` (per type) plus ``wilds`` cards of free types.

    >>> best_merchandise((2, 1, 1, 0, 1, 0, 0, 0, 0), 0)
    14
    >>> best_merchandise((2, 1, 1, 0, 1, 0, 0, 0, 0), 2)
    31
    """
    return _best(tuple(sorted(counts, reverse=True)), wilds)


@lru_cache(maxsize=65536)
def _best(counts: tuple[int, ...], wilds: int) -> int:
    if wilds == 0:
        total = 0
        level = 1
        while True:
            types = sum(1 for c in counts if c >= level)
            if not types:
                return total
            total += SUIT_VALUES[types]
            level += 1
    best = 0
    tried = set()
    for i, c in enumerate(counts):
        # Types with equal counts are interchangeable: try one of each.
        if c in tried:
            continue
        tried.add(c)
        raised = tuple(sorted((*counts[:i], c + 1, *counts[i + 1 :]), reverse=True))
        best = max(best, _best(raised, wilds - 1))
    return best


class GroupedFields(FieldTable):
    """A :class:`FieldTable` whose fields may share a JSON key: those are written together,
    as one list in the order they are declared. Rules version 1.1 writes the Turn Order track,
    the turn's bookkeeping and a pending sub-step so; saved states must still load."""

    def __init__(self, *fields: Field) -> None:
        super().__init__(*fields)
        keys = [field.json_key for field in fields if field.json]
        self.grouped = frozenset(key for key in keys if keys.count(key) > 1)

    def to_json(self, state: object) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for field in self.fields:
            if field.json:
                key = field.json_key
                value = plain(getattr(state, field.name))
                if key in self.grouped:
                    data.setdefault(key, []).append(value)
                else:
                    data[key] = value
        return data


class FiveTribesState(State):
    """A position of Five Tribes. Build one with ``game.new_initial_state()`` or
    ``game.from_position(text)``."""

    FIELDS: ClassVar[FieldTable] = GroupedFields(
        # In the order of the JSON of rules version 1.1.
        Field("_history", LIST),
        Field("phase"),  # written by name
        Field("actor"),
        Field("round"),
        Field("final_round"),
        Field("tile_type", LIST, key="tiles"),
        Field("meeples", LIST),
        Field("camel", LIST, key="camels"),
        Field("palms", LIST, key="palm_trees"),
        Field("palaces", LIST),
        Field("gold", LIST),
        Field("camels_left", LIST),
        Field("viziers", LIST),
        Field("elders", LIST),
        Field("hand", LIST, key="hands"),
        Field("bag", LIST),
        Field("pile", LIST),
        Field("row", LIST),
        Field("discard", LIST),
        Field("djinn_pile"),
        Field("display", LIST),
        Field("djinn_discard"),
        Field("djinn_owner", LIST),
        Field("sib_drawn", LIST, key="sibittis_drawn"),
        Field("bid_order", LIST),
        Field("paid", LIST, key="track"),
        Field("zeros", LIST, key="track"),
        Field("last", LIST, key="track"),
        Field("next_order", LIST, key="next_bid_order"),
        Field("used", key="turn"),
        Field("echidna", key="turn"),
        Field("iblis", key="turn"),
        Field("discount", key="turn"),
        Field("in_hand", LIST, key="turn"),
        Field("cur", key="turn"),
        Field("prev", key="turn"),
        Field("final_tile", key="turn"),
        Field("tribe", key="turn"),
        Field("collected", key="turn"),
        Field("pending", key="pending"),
        Field("target", key="pending"),
        Field("ret", key="pending"),
        Field("place_palm", key="pending"),
        # Not in the JSON: the game, and what the fields above give again.
        Field("game", json=False),
        Field("n", json=False),
        Field("markers", json=False),
        Field("_legal", json=False),  # a cache, replaced, never changed in place
        Field("dealt", json=False),
        Field("seeded", json=False),
        Field("palms_left", json=False),
        Field("palaces_left", json=False),
        Field("bid_slot", json=False),
        Field("tile_total", LIST, json=False),
        Field("colour_mask", LIST, json=False),
    )
    __slots__ = FIELDS.slots
    clone: ClassVar[Callable[[FiveTribesState], FiveTribesState]]
    """An independent copy (``FIELDS.make_clone``, set below the class)."""

    game: FiveTribes

    def __init__(self, game: FiveTribes) -> None:
        n = game.num_players
        self.game = game
        self.n = n
        self.markers = n * MARKERS[n]
        self._history: list[ActionId] = []
        self._legal: list[ActionId] | None = None
        self.phase = DEAL
        self.actor = -1
        self.ret = FINAL
        self.pending = 0
        self.target = -1
        self.place_palm = False
        self.dealt = 0
        self.seeded = 0
        self.tile_type = bytearray([NO_TILE] * TILES)
        self.meeples = [0] * (TILES * NUM_COLOURS)
        self.tile_total = [0] * TILES
        self.colour_mask = [0] * NUM_COLOURS
        self.camel = [-1] * TILES
        self.palms = [0] * TILES
        self.palaces = [0] * TILES
        self.gold = [STARTING_GOLD] * n
        self.camels_left = [CAMELS[n]] * n
        self.viziers = [0] * n
        self.elders = [0] * n
        self.hand = [0] * (n * NUM_CARDS)
        self.palms_left = PALM_TREES
        self.palaces_left = PALACES
        self.bag = list(MEEPLE_COUNTS)
        self.pile = list(CARD_COUNTS)
        self.row: list[int] = []
        self.discard = [0] * NUM_CARDS
        self.djinn_pile = ALL_DJINNS
        self.display: list[int] = []
        self.djinn_discard = 0
        self.djinn_owner = [-1] * len(DJINN_VP)
        self.sib_drawn: list[int] = []
        self.bid_order: list[Seat] = []
        self.bid_slot = 0
        self.paid = [-1] * 6
        self.zeros: list[Seat] = []
        self.last: list[Seat] = []
        self.next_order: list[Seat] = []
        self.round = 0
        self.final_round = False
        self.used = 0
        self.echidna = False
        self.iblis = False
        self.discount = 0
        self.in_hand = [0] * NUM_COLOURS
        self.cur = -1
        self.prev = NONE
        self.final_tile = -1
        self.tribe = -1
        self.collected = 0

    def history(self) -> list[ActionId]:
        return self._history[:]

    # -- who acts ---------------------------------------------------------------------------------
    def current_player(self) -> Seat:
        phase = self.phase
        if phase < BID:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.actor

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    # -- small queries ----------------------------------------------------------------------------
    def fakirs(self, seat: Seat) -> int:
        return self.hand[seat * NUM_CARDS + FAKIR]

    def is_empty_tile(self, tile: Tile) -> bool:
        """No meeple, no camel, no Palm Tree and no Palace (R26)."""
        return (
            not self.tile_total[tile]
            and self.camel[tile] < 0
            and not self.palms[tile]
            and not self.palaces[tile]
        )

    def blue_count(self, tile: Tile) -> int:
        """R9: blue-valued tiles in the 3×3 block of ``tile``."""
        tile_type = self.tile_type
        return sum(1 for t in bits(BLOCKS[tile]) if BLUE_TILE_TYPES[tile_type[t]])

    def p1_options(self, seat: Seat) -> list[int]:
        """R21: E/F payments ``seat`` can make (0 elder, 1 fakir)."""
        out = []
        if self.elders[seat]:
            out.append(0)
        if self.hand[seat * NUM_CARDS + FAKIR]:
            out.append(1)
        return out

    def p2_options(self, seat: Seat) -> list[int]:
        """R21: E+E/F payments (0 elder,elder; 1 elder,fakir)."""
        elders = self.elders[seat]
        out = []
        if elders >= 2:
            out.append(0)
        if elders and self.hand[seat * NUM_CARDS + FAKIR]:
            out.append(1)
        return out

    def usable(self, djinn: int) -> bool:
        """R18: the actor owns ``djinn`` and has not used its power this turn."""
        return self.djinn_owner[djinn] == self.actor and not self.used >> djinn & 1

    # -- movement: the exact completion test (R1, R3, R4) ---------------------------------------
    def _completable(self, p: Tile, q: int, hand: list[int], m: int, extra: int) -> bool:
        """Completable(p, q, R, N) where N is the board plus one meeple of ``extra`` on p."""
        if m == 0:
            return True
        if m >= 6 or (m == 5 and max(hand) >= 2):
            return True  # R4 (a)
        ends = ENDS[p, q, m]
        masks = self.colour_mask
        bit = 1 << p
        for c in range(NUM_COLOURS):
            if hand[c]:
                mask = masks[c] | bit if c == extra else masks[c]
                if mask & ends:
                    return True
        return False

    def pickable(self, tile: Tile) -> bool:
        """R4: a complete legal move exists from ``tile``."""
        m = self.tile_total[tile]
        if not m:
            return False
        if m >= 5:
            base = NUM_COLOURS * tile
            if m >= 6 or max(self.meeples[base : base + NUM_COLOURS]) >= 2:
                return True
        bit = 1 << tile
        ends = ENDS[tile, NONE, m] & ~bit  # the start tile is emptied by the pick-up
        # A colour of the hand with a meeple on an end tile; a loop, not any() over a
        # generator, as this runs for every tile at every pick.
        for mask in self.colour_mask:  # noqa: SIM110
            if mask & bit and mask & ends:
                return True
        return False

    def _drop_ok(self, t: Tile, came_from: int, colour: int) -> bool:
        """Whether ``drop colour`` on t (entered from ``came_from``) keeps the move completable."""
        hand = self.in_hand
        m = sum(hand)
        if m == 1:
            return self.meeples[NUM_COLOURS * t + colour] > 0  # R1
        hand = hand[:]
        hand[colour] -= 1
        return self._completable(t, came_from, hand, m - 1, colour)

    def any_pick(self) -> bool:
        total = self.tile_total
        return any(total[t] and self.pickable(t) for t in range(TILES))

    # -- legal actions ----------------------------------------------------------------------------
    def legal_actions(self) -> list[ActionId]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal[:]

    def _compute_legal(self) -> list[ActionId]:
        phase = self.phase
        if phase < BID:
            return sorted(a for a, _ in self.chance_outcomes())
        if phase == STEP:
            return self._step_actions()
        if phase == DROP:
            return [
                A.DROP + c
                for c in range(NUM_COLOURS)
                if self.in_hand[c] and self._drop_ok(self.cur, self.prev, c)
            ]
        if phase == PICK:
            out = [A.PICK + t for t in range(TILES) if self.pickable(t)]
            return sorted(out + self._window_actions())
        if phase == FINAL:
            return sorted(self._window_actions() + self._sell_actions() + [A.END])
        if phase == TILE_NODE:
            return sorted(self._tile_choices() + self._window_actions())
        if phase == BID:
            return self._bid_actions()
        if phase == BUILD:
            return self._build_actions()
        if phase == KILL:
            return self._kill_actions()
        if phase == PLACE:
            return self._place_actions()
        if phase == KEEP:
            return sorted(A.KEEP + d for d in set(self.sib_drawn))
        return []

    def _step_actions(self) -> list[ActionId]:
        p, q = self.cur, self.prev
        out = []
        hand = self.in_hand
        for t in NEIGHBOUR_LISTS[p]:
            if t == q:
                continue  # R3
            for c in range(NUM_COLOURS):
                if hand[c] and self._drop_ok(t, p, c):
                    out.append(A.STEP + t)
                    break
        return out

    def bid_cost(self, spot: int) -> int:
        """R25: the effective cost of paid spot ``spot`` (1..6) with this bid's discount."""
        return SPOT_COST[min(spot + self.discount, 9)]

    def _bid_actions(self) -> list[ActionId]:
        """R30, R25."""
        seat = self.actor
        gold = self.gold[seat]
        free = [i for i in range(1, 7) if self.paid[i - 1] < 0 and self.bid_cost(i) <= gold]
        out: list[ActionId]
        if len(self.zeros) < 3:
            out = [A.BID + i - 1 for i in free] + [A.BID_ZERO]
        elif free:
            out = [A.BID + free[-1] - 1]
        else:
            out = [A.BID_LAST]
        if self.djinn_owner[KUMARBI] == seat and not self.discount:
            out += [A.KUMARBI + k - 1 for k in range(1, min(self.fakirs(seat), 6) + 1)]  # R25
        return sorted(out)

    def _build_actions(self) -> list[ActionId]:
        """R9, R24."""
        seat = self.actor
        if not self.blue_count(self.final_tile):
            return [A.BUILD]
        out = [A.BUILD + f for f in range(self.fakirs(seat) + 1)]
        if self.usable(ECHIDNA):
            out += [A.ECHIDNA + p for p in self.p2_options(seat)]
        return out

    def _targets(self, seat: Seat) -> list[Seat]:
        """R11, R13: opponents whose held Viziers and Elders may be killed."""
        owner = self.djinn_owner[BOAZ]
        return [s for s in range(self.n) if s != seat and s != owner]

    def _kill_actions(self) -> list[ActionId]:
        """R10–R13, R22."""
        seat = self.actor
        reach = self.collected + self.fakirs(seat)
        origin = DISTANCE[self.final_tile]
        total = self.tile_total
        meeples = self.meeples
        out = []
        if self.iblis:
            for t in range(TILES):
                if total[t] >= 2 and origin[t] <= reach:
                    base = NUM_COLOURS * t
                    for j, (a, b) in enumerate(A.COLOUR_PAIRS):
                        if (
                            (meeples[base + a] >= 2)
                            if a == b
                            else (meeples[base + a] and meeples[base + b])
                        ):
                            out.append(A.KILL_TILE_PAIR + len(A.COLOUR_PAIRS) * t + j)
            for s in self._targets(seat):
                v, e = self.viziers[s], self.elders[s]
                for j, (tv, te) in enumerate(A.HELD_PAIR_TAKES):
                    if v >= tv and e >= te:
                        out.append(A.KILL_SEAT_PAIR + 3 * s + j)
            return sorted(out)
        for t in range(TILES):
            if total[t] and origin[t] <= reach:
                base = NUM_COLOURS * t
                for c in range(NUM_COLOURS):
                    if meeples[base + c]:
                        out.append(A.KILL_TILE + base + c)
        for s in self._targets(seat):
            if self.viziers[s]:
                out.append(A.KILL_SEAT + 2 * s)
            if self.elders[s]:
                out.append(A.KILL_SEAT + 2 * s + 1)
        if self.usable(IBLIS):
            for p in self.p1_options(seat):
                if self._pair_target_exists(reach - p):
                    out.append(A.IBLIS + p)  # R22
        return sorted(out)

    def _pair_target_exists(self, reach: int) -> bool:
        origin = DISTANCE[self.final_tile]
        if any(n >= 2 and origin[t] <= reach for t, n in enumerate(self.tile_total)):
            return True
        return any(self.viziers[s] + self.elders[s] >= 2 for s in self._targets(self.actor))

    def _tile_choices(self) -> list[ActionId]:
        """The final tile's action: R8, R15–R17, R19."""
        seat = self.actor
        tile = self.final_tile
        kind = self.tile_type[tile]
        if kind == VILLAGE:
            if not self.palaces_left:
                return [A.PASS]  # R17
            out = [A.PALACE + tile]
            if self.usable(HAGIS):
                pays = self.p1_options(seat)
                out += [A.HAGIS + 2 * n + p for n in NEIGHBOUR_LISTS[tile] for p in pays]
            return out
        if kind == OASIS:
            if not self.palms_left:
                return [A.PASS]  # R17
            out = [A.PALM + tile]
            if self.usable(LAMIA):
                pays = self.p1_options(seat)
                out += [A.LAMIA + 2 * n + p for n in NEIGHBOUR_LISTS[tile] for p in pays]
            return out
        out = [A.PASS]
        row = self.row
        if kind == SMALL_MARKET:
            if self.gold[seat] >= 3 and row:
                out += [A.BUY + c for c in set(row[:3])]
            return out
        if kind == LARGE_MARKET:
            if self.gold[seat] >= 6 and row:
                if len(row) == 1:
                    out.append(A.BUY + row[0])
                else:
                    front = sorted(row[:6])
                    pairs = {
                        (front[i], front[j])
                        for i in range(len(front))
                        for j in range(i + 1, len(front))
                    }
                    out += [A.BUY_PAIR + A.CARD_PAIRS.index(pair) for pair in pairs]
            return out
        pays = self.p2_options(seat)  # R16
        out += [A.TAKE_DJINN + 2 * d + p for d in self.display for p in pays]
        return out

    def _place_actions(self) -> list[ActionId]:
        """After Bouraq or Enki: keep the piece on the chosen tile or move it (R19)."""
        tile = self.target
        pays = self.p1_options(self.actor)
        if self.place_palm:
            return sorted(
                [A.PALM + tile] + [A.LAMIA + 2 * n + p for n in NEIGHBOUR_LISTS[tile] for p in pays]
            )
        return sorted(
            [A.PALACE + tile] + [A.HAGIS + 2 * n + p for n in NEIGHBOUR_LISTS[tile] for p in pays]
        )

    def _window_actions(self) -> list[ActionId]:
        """Every window Djinn use that can be completed (R5, R18)."""
        seat = self.actor
        owner = self.djinn_owner
        used = self.used
        out: list[ActionId] = []
        for djinn in (ANUN_NAK, BOURAQ, ENKI, LETA, SIBITTIS, SLOAR, UTUG):
            if owner[djinn] != seat or used >> djinn & 1:
                continue
            if djinn == SLOAR:
                if self.fakirs(seat):
                    out.append(A.SLOAR)
                continue
            if djinn in (ANUN_NAK, BOURAQ, ENKI):
                pays = self.p1_options(seat)
            else:
                pays = self.p2_options(seat)
            if not pays:
                continue
            if djinn == SIBITTIS:
                if self.djinn_pile or self.djinn_discard:  # R28
                    out += [A.SIBITTIS + p for p in pays]
                continue
            if djinn == ANUN_NAK:
                bag = sum(self.bag)
                for t in range(TILES):
                    if self.is_empty_tile(t):
                        # R26: an Elder paid goes to the bag first.
                        out += [A.ANUN_NAK + 2 * t + p for p in pays if bag or p == 0]
            elif djinn == BOURAQ:
                if self.palaces_left:  # R17
                    out += [
                        A.BOURAQ + 2 * t + p
                        for t in range(TILES)
                        if self.tile_type[t] == VILLAGE
                        for p in pays
                    ]
            elif djinn == ENKI:
                if self.palms_left:  # R17
                    out += [
                        A.ENKI + 2 * t + p
                        for t in range(TILES)
                        if self.tile_type[t] == OASIS
                        for p in pays
                    ]
            elif self.camels_left[seat]:  # R27
                if djinn == LETA:
                    out += [
                        A.LETA + 2 * t + p
                        for t in range(TILES)
                        if self.is_empty_tile(t)
                        for p in pays
                    ]
                else:
                    out += [
                        A.UTUG + 2 * t + p
                        for t in range(TILES)
                        if self.tile_total[t]
                        and self.camel[t] < 0
                        and not self.palms[t]
                        and not self.palaces[t]
                        for p in pays
                    ]
        return out

    def _sell_actions(self) -> list[ActionId]:
        """R33: every non-empty set of different Merchandise types held."""
        base = self.actor * NUM_CARDS
        held = 0
        for t in range(MERCHANDISE):
            if self.hand[base + t]:
                held |= 1 << t
        out = []
        sub = held
        while sub:
            out.append(A.SELL + sub - 1)
            sub = (sub - 1) & held
        return out

    def chance_outcomes(self) -> list[tuple[ActionId, float]]:
        phase = self.phase
        if phase >= BID:
            return []
        if phase in (FILL_ROW, HAND_CARD):
            pile = self.pile
            size = sum(pile)
            return [(A.DRAW_CARD + c, pile[c] / size) for c in range(NUM_CARDS) if pile[c]]
        if phase in (FILL_DISPLAY, SIB_DRAW):
            djinns = bits(self.djinn_pile)
            return [(A.DRAW_DJINN + d, 1.0 / len(djinns)) for d in djinns]
        if phase in (SEED, ANUN_DRAW):
            tile = self.seeded // 3 if phase == SEED else self.target
            bag = self.bag
            size = sum(bag)
            base = A.DRAW_MEEPLE + NUM_COLOURS * tile
            return [(base + c, bag[c] / size) for c in range(NUM_COLOURS) if bag[c]]
        if phase == DEAL:
            left = TILES - self.dealt
            base = A.DEAL_TILE + NUM_TILE_TYPES * self.dealt
            placed = [0] * NUM_TILE_TYPES
            for t in self.tile_type:
                if t < NUM_TILE_TYPES:
                    placed[t] += 1
            return [
                (base + t, (TILE_COUNTS[t] - placed[t]) / left)
                for t in range(NUM_TILE_TYPES)
                if TILE_COUNTS[t] > placed[t]
            ]
        # ORDER: the first bid order, by each seat's markers not yet placed (R40).
        each = MARKERS[self.n]
        left = self.markers - len(self.bid_order)
        return [
            (A.BID_ORDER + s, (each - self.bid_order.count(s)) / left)
            for s in range(self.n)
            if self.bid_order.count(s) < each
        ]

    def is_legal(self, action: ActionId) -> bool:
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        if self.phase == OVER:
            return False
        if self._legal is None:
            self._legal = self._compute_legal()
        return action in self._legal

    # -- applying actions -------------------------------------------------------------------------
    def apply_unchecked(self, action: ActionId) -> None:
        self._history.append(action)
        self._legal = None
        APPLY_BY_ID[action](self, DECODED[action])
        self._settle()

    def _add_meeple(self, tile: Tile, colour: int) -> None:
        self.meeples[NUM_COLOURS * tile + colour] += 1
        self.tile_total[tile] += 1
        self.colour_mask[colour] |= 1 << tile

    def _remove_meeple(self, tile: Tile, colour: int, count: int = 1) -> None:
        index = NUM_COLOURS * tile + colour
        self.meeples[index] -= count
        self.tile_total[tile] -= count
        if not self.meeples[index]:
            self.colour_mask[colour] &= ~(1 << tile)

    # -- draws (R31, R40) -------------------------------------------------------------------------
    def _deal_tile(self, action: Action) -> None:
        self.tile_type[action.tile] = action.tile_type
        self.dealt += 1
        if self.dealt == TILES:
            self.phase = SEED

    def _draw_meeple(self, action: Action) -> None:
        self.bag[action.colour] -= 1
        self._add_meeple(action.tile, action.colour)
        if self.phase == SEED:
            self.seeded += 1
            if self.seeded == 3 * TILES:
                self.phase = ORDER
        else:
            self.pending -= 1  # R26

    def _draw_bid_order(self, action: Action) -> None:
        self.bid_order.append(action.seat)
        if len(self.bid_order) == self.markers:
            self.phase = FILL_ROW

    def _draw_card(self, action: Action) -> None:
        card = action.card
        self.pile[card] -= 1
        if self.phase == FILL_ROW:
            self.row.append(card)
        else:
            self.hand[self.target * NUM_CARDS + card] += 1  # Sloar, Kandicha
            self.pending -= 1

    def _draw_djinn(self, action: Action) -> None:
        djinn = action.djinn
        self.djinn_pile &= ~(1 << djinn)
        if self.phase == FILL_DISPLAY:
            self.display.append(djinn)
        else:
            self.sib_drawn.append(djinn)  # R28
            self.pending -= 1

    def _settle(self) -> None:
        """Run the automatic steps until the next node (R39)."""
        while True:
            phase = self.phase
            if phase == FILL_ROW:
                if len(self.row) < ROW_SIZE and self._card_available():
                    return
                self.phase = FILL_DISPLAY
            elif phase == FILL_DISPLAY:
                if len(self.display) < 3 and self._djinn_available():
                    return
                self._start_bidding()
            elif phase == HAND_CARD:
                if self.pending and self._card_available():
                    return
                self.pending = 0
                self.phase = self.ret
            elif phase == SIB_DRAW:
                if self.pending and self._djinn_available():
                    return
                self.pending = 0
                self.phase = KEEP
            elif phase == ANUN_DRAW:
                if self.pending:
                    return
                self.phase = self.ret
            else:
                return

    def _card_available(self) -> bool:
        """R31: an empty pile takes the whole discard pile (no chance node)."""
        pile = self.pile
        if any(pile):
            return True
        if any(self.discard):
            self.pile = self.discard
            self.discard = [0] * NUM_CARDS
            return True
        return False

    def _djinn_available(self) -> bool:
        """R28, R31: the same for Djinns."""
        if self.djinn_pile:
            return True
        if self.djinn_discard:
            self.djinn_pile = self.djinn_discard
            self.djinn_discard = 0
            return True
        return False

    def _start_bidding(self) -> None:
        self.round += 1
        self.bid_slot = 0
        self.paid = [-1] * 6
        self.zeros = []
        self.last = []
        self.next_order = []
        self.discount = 0
        self.actor = self.bid_order[0]
        self.phase = BID

    # -- bidding (R25, R30) -----------------------------------------------------------------------
    def _use_kumarbi(self, action: Action) -> None:
        seat = self.actor
        k = action.fakirs
        self.hand[seat * NUM_CARDS + FAKIR] -= k
        self.discard[FAKIR] += k  # R21
        self.used |= 1 << KUMARBI
        self.discount = k

    def _bid(self, action: Action) -> None:
        seat = self.actor
        kind = action.kind
        if kind == "bid_zero":
            self.zeros.insert(0, seat)  # R30: the last to bid 0 plays first among the zeros
        elif kind == "bid_last":
            self.last.append(seat)
        else:
            self.gold[seat] -= self.bid_cost(action.spot)
            self.paid[action.spot - 1] = seat
        self.discount = 0
        self.used = 0
        self.bid_slot += 1
        if self.bid_slot < self.markers:
            self.actor = self.bid_order[self.bid_slot]
        else:
            self._next_turn()

    def play_order(self) -> list[Seat]:
        """The markers still on the Turn Order track, in the order they play (R30)."""
        return [s for s in self.paid if s >= 0] + self.zeros + self.last

    def _end(self, action: Action) -> None:
        # R34: a board left with no legal move after a turn's end makes this round the
        # last, so a stuck board never reaches clean-up and another round of bids.
        if not self.final_round and not self.any_pick():
            self.final_round = True
        self._next_turn()

    def _next_turn(self) -> None:
        """The start of the next marker's turn, or the end of the round (R34, R35)."""
        seat = -1
        for i in range(6):
            if self.paid[i] >= 0:
                seat = self.paid[i]
                self.paid[i] = -1
                break
        else:
            if self.zeros:
                seat = self.zeros.pop(0)
            elif self.last:
                seat = self.last.pop(0)
        if seat < 0:
            if self.final_round:
                self.phase = OVER  # R35
                return
            self.bid_order = self.next_order
            self.phase = FILL_ROW  # clean-up (A turn)
            return
        self.next_order.append(seat)
        self.actor = seat
        self.used = 0
        self.echidna = False
        self.iblis = False
        self.final_tile = -1
        self.tribe = -1
        self.collected = 0
        if self.any_pick():
            self.phase = PICK
        else:
            self.final_round = True  # R34
            self.phase = FINAL

    # -- movement ---------------------------------------------------------------------------------
    def _pick(self, action: Action) -> None:
        tile = action.tile
        base = NUM_COLOURS * tile
        hand = self.meeples[base : base + NUM_COLOURS]
        self.in_hand = hand
        for c in range(NUM_COLOURS):
            self.meeples[base + c] = 0
            self.colour_mask[c] &= ~(1 << tile)
        self.tile_total[tile] = 0
        self.cur = tile
        self.prev = NONE
        self.phase = STEP

    def _step(self, action: Action) -> None:
        self.prev = self.cur
        self.cur = action.tile
        self.phase = DROP

    def _drop(self, action: Action) -> None:
        tile = self.cur
        colour = action.colour
        self.in_hand[colour] -= 1
        self._add_meeple(tile, colour)
        owner = self.djinn_owner[MARID]
        if owner >= 0 and self.camel[tile] == owner:
            self.gold[owner] += 1 if owner == self.actor else 2  # R20
        if any(self.in_hand):
            self.phase = STEP
            return
        self.final_tile = tile
        self.tribe = colour
        self._control(tile, colour)

    def _claim(self, seat: Seat, tile: Tile) -> None:
        self.camel[tile] = seat
        self.camels_left[seat] -= 1
        if not self.camels_left[seat]:
            self.final_round = True  # R34

    def _control(self, tile: Tile, colour: int) -> None:
        """Take the tribe (R2), claim the tile (R7), then the tribe action."""
        seat = self.actor
        k = self.meeples[NUM_COLOURS * tile + colour]
        self._remove_meeple(tile, colour, k)
        self.collected = k
        # R6: an owned tile keeps its owner; R7: only an empty, camel-free final tile is claimed.
        if not self.tile_total[tile] and self.camel[tile] < 0 and self.camels_left[seat]:
            self._claim(seat, tile)
        self.phase = TILE_NODE
        if colour == YELLOW:
            self.viziers[seat] += k
        elif colour == WHITE:
            self.elders[seat] += k
        else:
            self.bag[colour] += k
            if colour == GREEN:
                take = self.row[:k]  # R14
                del self.row[:k]
                for card in take:
                    self.hand[seat * NUM_CARDS + card] += 1
            elif colour == BLUE:
                self.phase = BUILD
            elif colour == RED and self._kill_actions():
                self.phase = KILL  # R11

    # -- tribe actions ----------------------------------------------------------------------------
    def _build(self, action: Action) -> None:
        seat = self.actor
        fakirs = action.fakirs
        self.hand[seat * NUM_CARDS + FAKIR] -= fakirs
        self.discard[FAKIR] += fakirs  # R21
        gain = (self.collected + fakirs) * self.blue_count(self.final_tile)
        self.gold[seat] += 2 * gain if self.echidna else gain  # R24
        self.phase = TILE_NODE

    def _use_echidna(self, action: Action) -> None:
        self._pay_p2(self.actor, action.pay)
        self.used |= 1 << ECHIDNA
        self.echidna = True  # R24

    def _use_iblis(self, action: Action) -> None:
        self._pay_p1(self.actor, action.pay)
        self.used |= 1 << IBLIS
        self.iblis = True  # R22

    def _kill(self, action: Action) -> None:
        """A kill and its effects, in order (R10–R13, R20, R23): of meeples on ``tile``, or
        of Viziers and Elders held by ``seat``."""
        seat = self.actor
        tile = action.tile
        victims = [action.colour] if action.colour2 < 0 else [action.colour, action.colour2]
        if tile >= 0:
            need = max(0, DISTANCE[self.final_tile][tile] - self.collected)  # R10
            self.hand[seat * NUM_CARDS + FAKIR] -= need
            self.discard[FAKIR] += need
            for colour in victims:
                self._remove_meeple(tile, colour)
        else:
            for colour in victims:
                if colour == YELLOW:
                    self.viziers[action.seat] -= 1
                else:
                    self.elders[action.seat] -= 1
        kandicha = self.djinn_owner[KANDICHA] == seat
        for colour in victims:
            if kandicha and colour == YELLOW:
                self.viziers[seat] += 1  # R23
            elif kandicha and colour == WHITE:
                self.elders[seat] += 1
            else:
                self.bag[colour] += 1
            if kandicha and colour == BLUE:
                self.gold[seat] += self.blue_count(tile)
        owner = self.djinn_owner[NEKIR]
        if owner >= 0:
            self.gold[owner] += len(victims) * (1 if owner == seat else 2)  # R20
        if (
            tile >= 0
            and not self.tile_total[tile]
            and self.camel[tile] < 0
            and self.camels_left[seat]
        ):
            self._claim(seat, tile)  # R7, R12
        merchants = victims.count(GREEN) if kandicha else 0
        if merchants:
            self.pending = merchants
            self.target = seat
            self.ret = TILE_NODE
            self.phase = HAND_CARD
        else:
            self.phase = TILE_NODE

    # -- tile actions and placements --------------------------------------------------------------
    def _place_palace(self, tile: Tile) -> None:
        self.palaces_left -= 1
        self.palaces[tile] += 1
        owner = self.djinn_owner[MONKIR]
        if owner >= 0:
            self.gold[owner] += 1 if owner == self.actor else 2  # R20

    def _place_palm(self, tile: Tile) -> None:
        self.palms_left -= 1
        self.palms[tile] += 1

    def _place(self, action: Action) -> None:
        """``palace``/``palm``, or Hagis/Lamia placing it beside, at TILE or PLACE (R19)."""
        if action.djinn >= 0:
            self._pay_p1(self.actor, action.pay)
            self.used |= 1 << action.djinn
        if action.djinn == HAGIS or action.kind == "palace":
            self._place_palace(action.tile)
        else:
            self._place_palm(action.tile)
        self.phase = self.ret if self.phase == PLACE else FINAL

    def _buy(self, action: Action) -> None:
        """R15: the frontmost copies of the named types leave the eligible part of the row."""
        seat = self.actor
        names = [action.card] if action.card2 < 0 else [action.card, action.card2]
        small = self.tile_type[self.final_tile] == SMALL_MARKET
        self.gold[seat] -= 3 if small else 6
        eligible = 3 if small else 6
        taken: list[int] = []
        for card in names:
            index = next(
                i
                for i in range(min(eligible, len(self.row)))
                if self.row[i] == card and i not in taken
            )
            taken.append(index)
        for index in sorted(taken, reverse=True):
            self.hand[seat * NUM_CARDS + self.row[index]] += 1
            del self.row[index]
        self.phase = FINAL

    def _take_djinn(self, action: Action) -> None:
        seat = self.actor
        self._pay_p2(seat, action.pay)  # R16, R21
        self.display.remove(action.djinn)
        self._gain_djinn(seat, action.djinn)
        self.phase = FINAL

    def _pass(self, action: Action) -> None:
        self.phase = FINAL

    def _gain_djinn(self, seat: Seat, djinn: int) -> None:
        self.djinn_owner[djinn] = seat
        owner = self.djinn_owner[BAAL]
        if owner >= 0 and djinn != BAAL:
            self.gold[owner] += 1 if owner == seat else 2  # R20

    def _pay_p1(self, seat: Seat, pay: int) -> None:
        """R21: an Elder goes to the bag, a Fakir to the resource discard pile."""
        if pay == 0:
            self.elders[seat] -= 1
            self.bag[WHITE] += 1
        else:
            self.hand[seat * NUM_CARDS + FAKIR] -= 1
            self.discard[FAKIR] += 1

    def _pay_p2(self, seat: Seat, pay: int) -> None:
        self.elders[seat] -= 1
        self.bag[WHITE] += 1
        self._pay_p1(seat, pay)

    def _use_window_djinn(self, action: Action) -> None:
        """A window Djinn's use; its sub-steps return to this window (R18)."""
        seat = self.actor
        djinn = action.djinn
        tile = action.tile
        self.ret = self.phase
        self.used |= 1 << djinn
        if djinn == SLOAR:
            self._pay_p1(seat, 1)  # R29: the Fakir first, then the draw
            self.pending = 1
            self.target = seat
            self.phase = HAND_CARD
        elif djinn == SIBITTIS:
            self._pay_p2(seat, action.pay)
            self.pending = 3  # R28
            self.sib_drawn = []
            self.phase = SIB_DRAW
        elif djinn in (LETA, UTUG):
            self._pay_p2(seat, action.pay)
            self._claim(seat, tile)  # R27
        elif djinn == ANUN_NAK:
            self._pay_p1(seat, action.pay)
            self.pending = min(3, sum(self.bag))  # R26
            self.target = tile
            self.phase = ANUN_DRAW
        else:
            self._pay_p1(seat, action.pay)
            palm = djinn == ENKI
            helper = LAMIA if palm else HAGIS
            if self.usable(helper) and self.p1_options(seat):
                self.place_palm = palm
                self.target = tile
                self.phase = PLACE
            elif palm:
                self._place_palm(tile)
            else:
                self._place_palace(tile)

    def _keep(self, action: Action) -> None:
        djinn = action.djinn
        self.sib_drawn.remove(djinn)
        self._gain_djinn(self.actor, djinn)
        for other in self.sib_drawn:
            self.djinn_discard |= 1 << other
        self.sib_drawn = []
        self.phase = self.ret

    def _sell(self, action: Action) -> None:
        """R33: one suit, paid at its value."""
        seat = self.actor
        types = bits(action.suit)
        for t in types:
            self.hand[seat * NUM_CARDS + t] -= 1
            self.discard[t] += 1
        self.gold[seat] += SUIT_VALUES[len(types)]

    # -- notation ---------------------------------------------------------------------------------
    def action_to_string(self, action: ActionId) -> str:
        return A.ACTION_TEXT[A.known(action)]

    def parse_action(self, text: str) -> ActionId | None:
        return A.parse_action(text)

    def notation_help(self) -> str:
        return (
            "e.g. 'bid 12', 'pick 2,3', 'step 2,4', 'drop red', 'build 1', 'kill 5,3 green', "
            "'palace 3,2', 'buy fish', 'take-djinn enki elder,fakir', 'sell fish,silk', 'end'"
        )

    def why_illegal(self, action: ActionId) -> str:
        return why_illegal(self, action)

    def prompt(self) -> str:
        return prompt(self)

    def narrate_for(self, viewer: Seat | None, action: ActionId) -> str:
        return narrate(self, viewer, action)

    # -- scoring (End and scoring) ---------------------------------------------------------------
    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat the scoring parts on the current state (provisional until the end)."""
        n = self.n
        owned_djinns: list[list[int]] = [[] for _ in range(n)]
        for djinn, owner in enumerate(self.djinn_owner):
            if owner >= 0:
                owned_djinns[owner].append(djinn)
        tiles = [0] * n
        palms = [0] * n
        palaces = [0] * n
        for t in range(TILES):
            owner = self.camel[t]
            if owner >= 0:
                tiles[owner] += TILE_VP[self.tile_type[t]]
                palms[owner] += self.palms[t]
                palaces[owner] += self.palaces[t]
        out = []
        for seat in range(n):
            mine = owned_djinns[seat]
            base = seat * NUM_CARDS
            wilds = self.hand[base + FAKIR] // 2 if AL_AMIN in mine else 0
            part = {
                "gold": self.gold[seat],
                "viziers": self.viziers[seat] * (3 if JAFAAR in mine else 1),
                "vizier_majority": 10  # R38
                * sum(1 for s in range(n) if s != seat and self.viziers[s] < self.viziers[seat]),
                "elders": self.elders[seat] * (4 if SHAMHAT in mine else 2),
                "djinns": sum(DJINN_VP[d] for d in mine),
                "tiles": tiles[seat],
                "palm_trees": palms[seat] * (5 if HAURVATAT in mine else 3),
                "palaces": palaces[seat] * 5,
                "merchandise": best_merchandise(tuple(self.hand[base : base + MERCHANDISE]), wilds),
            }
            part["total"] = sum(part.values())
            out.append(part)
        return out

    def scores(self) -> list[int]:
        """Each seat's VP; R36: no tie-breaker, so ``returns()`` shares the win among ties.

        The same totals as :meth:`score_breakdown`, without building its dicts (bots call
        this through :meth:`estimate` once per search iteration).
        """
        n = self.n
        owner_of = self.djinn_owner
        totals = self.gold[:]
        palm_vp = [3] * n
        for djinn, owner in enumerate(owner_of):
            if owner >= 0:
                totals[owner] += DJINN_VP[djinn]
        if owner_of[HAURVATAT] >= 0:
            palm_vp[owner_of[HAURVATAT]] = 5
        camel, tile_type, palms, palaces = self.camel, self.tile_type, self.palms, self.palaces
        for t in range(TILES):
            owner = camel[t]
            if owner >= 0:
                totals[owner] += TILE_VP[tile_type[t]] + palm_vp[owner] * palms[t] + 5 * palaces[t]
        viziers, elders, hand = self.viziers, self.elders, self.hand
        for seat in range(n):
            v = viziers[seat]
            base = seat * NUM_CARDS
            wilds = hand[base + FAKIR] // 2 if owner_of[AL_AMIN] == seat else 0
            totals[seat] += (
                v * (3 if owner_of[JAFAAR] == seat else 1)
                + 10 * sum(1 for other in viziers if other < v)  # R38
                + elders[seat] * (4 if owner_of[SHAMHAT] == seat else 2)
                + best_merchandise(tuple(hand[base : base + MERCHANDISE]), wilds)
            )
        return totals

    def estimate(self) -> list[float]:
        """The bots' evaluation (:mod:`.estimate`)."""
        return estimate(self)

    # -- information (R32) ------------------------------------------------------------------------
    def view(self, seat: Seat | None) -> dict[str, Any]:
        return table_view(self, seat)

    def observation(self, seat: Seat | None) -> list[float]:
        return observation(self, seat)

    def resample_hidden(self, seat: Seat, rng: random.Random) -> FiveTribesState:
        # R32: every gold change is public, so a seat's information state fixes all gold;
        # draw piles are unordered multisets (R31). Nothing is left to resample.
        return self.clone()

    def scramble_hidden(self, seat: Seat | None, rng: random.Random) -> FiveTribesState:
        other = self.clone()
        if self.phase == OVER:
            return other  # R32: all gold is shown at the end
        for owner in range(self.n):
            if owner != seat:
                other.gold[owner] = rng.randrange(0, 200)
        return other

    def component_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for c, name in enumerate(COLOURS):
            board = sum(self.meeples[c::NUM_COLOURS])
            held = 0
            if c == YELLOW:
                held = sum(self.viziers)
            elif c == WHITE:
                held = sum(self.elders)
            counts[f"{name} meeples"] = board + self.bag[c] + held + self.in_hand[c]
        n = self.n
        for card, name in enumerate(CARDS):
            hands = sum(self.hand[s * NUM_CARDS + card] for s in range(n))
            row = self.row.count(card)
            counts[f"{name} cards"] = self.pile[card] + row + self.discard[card] + hands
        owned = sum(1 for owner in self.djinn_owner if owner >= 0)
        counts["djinns"] = (
            self.djinn_pile.bit_count()
            + self.djinn_discard.bit_count()
            + len(self.display)
            + len(self.sib_drawn)
            + owned
        )
        for seat in range(n):
            on_board = sum(1 for owner in self.camel if owner == seat)
            counts[f"camels of p{seat}"] = self.camels_left[seat] + on_board
        counts["palm trees"] = self.palms_left + sum(self.palms)
        counts["palaces"] = self.palaces_left + sum(self.palaces)
        return counts

    # -- serialisation ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = {"game": INFO.name, "version": INFO.version, "options": self.game.params()}
        data.update(self.FIELDS.to_json(self))
        data["phase"] = PHASE_NAMES[self.phase]  # by name, as views show it
        return data

    def position(self) -> str:
        """The state as a position (``docs/rules/five_tribes.md``, Position notation)."""
        return write_fields(self.game, fields_of(self))

    def render(
        self, markup: bool = False, seat: Seat | None = None, highlight: Iterable[ActionId] = ()
    ) -> str:
        return render(self, markup, seat, highlight)


FiveTribesState.clone = FiveTribesState.FIELDS.make_clone(FiveTribesState)
abc.update_abstractmethods(FiveTribesState)

APPLY: dict[str, Callable[[FiveTribesState, Action], None]] = {
    "deal_tile": FiveTribesState._deal_tile,
    "draw_meeple": FiveTribesState._draw_meeple,
    "bid_order": FiveTribesState._draw_bid_order,
    "draw_card": FiveTribesState._draw_card,
    "draw_djinn": FiveTribesState._draw_djinn,
    "bid": FiveTribesState._bid,
    "bid_zero": FiveTribesState._bid,
    "bid_last": FiveTribesState._bid,
    "kumarbi": FiveTribesState._use_kumarbi,
    "pick": FiveTribesState._pick,
    "step": FiveTribesState._step,
    "drop": FiveTribesState._drop,
    "build": FiveTribesState._build,
    "echidna": FiveTribesState._use_echidna,
    "kill_tile": FiveTribesState._kill,
    "kill_seat": FiveTribesState._kill,
    "kill_tile_pair": FiveTribesState._kill,
    "kill_seat_pair": FiveTribesState._kill,
    "iblis": FiveTribesState._use_iblis,
    "palace": FiveTribesState._place,
    "palm": FiveTribesState._place,
    "hagis": FiveTribesState._place,
    "lamia": FiveTribesState._place,
    "buy": FiveTribesState._buy,
    "buy_pair": FiveTribesState._buy,
    "take_djinn": FiveTribesState._take_djinn,
    "pass": FiveTribesState._pass,
    "anun_nak": FiveTribesState._use_window_djinn,
    "bouraq": FiveTribesState._use_window_djinn,
    "enki": FiveTribesState._use_window_djinn,
    "leta": FiveTribesState._use_window_djinn,
    "utug": FiveTribesState._use_window_djinn,
    "sibittis": FiveTribesState._use_window_djinn,
    "sloar": FiveTribesState._use_window_djinn,
    "keep": FiveTribesState._keep,
    "sell": FiveTribesState._sell,
    "end": FiveTribesState._end,
}
"""How each kind of action is applied."""
APPLY_BY_ID = tuple(APPLY[action.kind] for action in DECODED)
"""The same per action id: one look-up on the hot path."""


WINDOWS = (PICK, TILE_NODE, FINAL)
"""The nodes at which window Djinns are used, which their sub-steps return to (R18)."""
TURN_PHASES = frozenset((*range(HAND_CARD, BID), *range(PICK, OVER)))
"""The nodes inside a turn, the draws of its Djinns and Kandicha included."""


def build_state(game: FiveTribes, fields: Fields) -> FiveTribesState:
    """The state with the fields of a position, if the game can be in it; otherwise a
    :class:`GameError` saying what does not fit."""
    state = FiveTribesState(game)
    expected = state.component_counts()
    for name, value in fields.items():
        setattr(state, name, value)
    state.tile_type = bytearray(fields["tile_type"])
    meeples = state.meeples
    state.tile_total = [sum(meeples[NUM_COLOURS * t : NUM_COLOURS * (t + 1)]) for t in range(TILES)]
    state.colour_mask = [
        sum(1 << t for t in range(TILES) if meeples[NUM_COLOURS * t + c])
        for c in range(NUM_COLOURS)
    ]
    state.dealt = sum(1 for kind in state.tile_type if kind != NO_TILE)
    state.seeded = 0 if state.phase == DEAL else sum(state.tile_total)
    if state.phase > SEED:
        state.seeded = 3 * TILES
    _check_pieces(state, expected)
    _check_setup(state)
    _check_track(state)
    _check_node(state)
    if not state.is_terminal() and not state.legal_actions():
        raise refuse(f"nothing can be done at this {PHASE_WORDS[state.phase]} node (R5)")
    return state


def _check_pieces(state: FiveTribesState, expected: dict[str, int]) -> None:
    """Every piece once, where pieces can be."""
    n = state.n
    if any(owner >= n for owner in state.camel):
        raise refuse(f"a camel belongs to a seat beyond p{n - 1}")
    for kind, total in enumerate(TILE_COUNTS):
        dealt = state.tile_type.count(kind)
        if dealt > total or (state.phase != DEAL and dealt != total):
            raise refuse(f"the board has {dealt} {TILE_TYPES[kind]} tiles; the game has {total}")
    places = [0] * len(DJINNS)
    for djinn in (*bits(state.djinn_pile), *bits(state.djinn_discard), *state.display):
        places[djinn] += 1
    for djinn in state.sib_drawn:
        places[djinn] += 1
    for djinn, owner in enumerate(state.djinn_owner):
        places[djinn] += 1 if owner >= 0 else 0
    for djinn, count in enumerate(places):
        if count != 1:
            raise refuse(f"{DJINNS[djinn]} is in {count} places, not 1")
    if len(state.row) > ROW_SIZE or len(state.display) > 3:
        raise refuse(f"the row holds at most {ROW_SIZE} cards and the display 3 Djinns")
    counts = state.component_counts()
    for name, total in expected.items():
        if counts[name] != total:
            raise refuse(f"the position has {counts[name]} {name}; the game has {total}")


def _check_setup(state: FiveTribesState) -> None:
    """Setup's draws happen in order, before the first round (Setup)."""
    phase, n = state.phase, state.n
    if (phase in (DEAL, SEED, ORDER)) != (state.round == 0) and phase not in (
        FILL_ROW,
        FILL_DISPLAY,
    ):
        raise refuse(f"round {state.round} does not fit the {PHASE_WORDS[phase]} node")
    if phase == DEAL and any(state.tile_total):
        raise refuse("meeples are on the board before every tile is dealt")
    if phase == SEED:
        seeded = state.seeded
        full, part = divmod(seeded, 3)
        wanted = [3] * full + [part] + [0] * (TILES - full - 1)
        if state.tile_total != wanted:
            raise refuse("setup draws 3 meeples onto each tile in turn, from 0,0 on")
    orders = len(state.bid_order)
    if phase > ORDER and (
        orders != state.markers or any(state.bid_order.count(s) != MARKERS[n] for s in range(n))
    ):
        raise refuse(f"the bid order holds {MARKERS[n]} markers of each of {n} seats")
    if phase <= ORDER and (orders >= state.markers if phase == ORDER else orders):
        raise refuse("the bid order is drawn marker by marker after the meeples (R40)")


def _check_track(state: FiveTribesState) -> None:
    """The markers on the Turn Order track, played or still to play (R30)."""
    phase, n = state.phase, state.n
    waiting = state.play_order()
    if len(state.zeros) > 3:
        raise refuse("the zero queue has 3 places (R30)")
    markers = waiting + state.next_order
    if phase == BID:
        if state.next_order or not 0 <= state.bid_slot < state.markers:
            raise refuse("in bidding no marker has played yet and one is still to bid")
        if len(waiting) != state.bid_slot or state.actor != state.bid_order[state.bid_slot]:
            raise refuse("the markers on the track are those of the bid order before the bidder")
    elif phase in TURN_PHASES:
        if (
            state.bid_slot != state.markers
            or any(markers.count(s) != MARKERS[n] for s in range(n))
            or state.actor != state.next_order[-1]
        ):
            raise refuse(
                "in a turn every marker is on the track or played, the player's own last played"
            )
    elif waiting:
        raise refuse(f"no marker waits on the track at the {PHASE_WORDS[phase]} node")
    if state.discount and phase != BID:
        raise refuse("Kumarbi's discount lasts for one bid only (R25)")


def _check_node(state: FiveTribesState) -> None:
    """What the node in progress needs."""
    phase = state.phase
    word = PHASE_WORDS[phase]
    if state.ret not in WINDOWS:
        raise refuse("a Djinn's sub-step returns to pick, tile or final (R18)")
    if (phase in (STEP, DROP)) != any(state.in_hand):
        raise refuse("meeples are in hand exactly during a move")
    if phase in (STEP, DROP):
        came_from = state.prev
        picked_up = came_from == NONE and phase == STEP  # no tile left yet (R3)
        if state.cur < 0 or not (picked_up or NEIGHBOURS[state.cur] >> came_from & 1):
            raise refuse("a move stands on a tile, entered from one beside it (R3)")
    if phase in (BUILD, KILL, TILE_NODE) and (state.final_tile < 0 or state.tribe < 0):
        raise refuse(f"the {word} node follows a move: it needs its final tile and tribe")
    if (phase == BUILD and state.tribe != BLUE) or (phase == KILL and state.tribe != RED):
        raise refuse(f"the {word} node is for the tribe that acts there")
    if phase in (PLACE, ANUN_DRAW) and state.target < 0:
        raise refuse(f"the {word} node needs its target tile")
    if phase == HAND_CARD and not 0 <= state.target < state.n:
        raise refuse("a card drawn for a player needs the seat as its target")
    if (phase in (SIB_DRAW, KEEP)) != bool(state.sib_drawn) and phase != SIB_DRAW:
        raise refuse("Djinns drawn by Sibittis wait only to be kept (R28)")
    drawing = {
        FILL_ROW: len(state.row) < ROW_SIZE and any(state.pile),
        FILL_DISPLAY: len(state.display) < 3 and state.djinn_pile != 0,
        HAND_CARD: state.pending > 0 and any(state.pile),
        SIB_DRAW: state.pending > 0 and state.djinn_pile != 0,
        ANUN_DRAW: state.pending > 0,
    }
    if not drawing.get(phase, True):
        raise refuse(f"the {word} draw has nothing left to draw (R31)")
    if state.pending and phase not in (HAND_CARD, SIB_DRAW, ANUN_DRAW):
        raise refuse("draws are pending only at a Djinn's or Kandicha's draw")
    if phase == OVER and not state.final_round:
        raise refuse("the game ends only after the last round (R35)")


@register
class FiveTribes(Game):
    """Five Tribes for 2–4 players (base game with its 2-player rules)."""

    info = INFO

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def max_game_length(self) -> int:
        # Setup, then at most 46 rounds (R41): clean-up draws, bids with Kumarbi, and per
        # turn at most 2 actions per meeple on the board, 7 Window Djinns of 5 actions each in
        # each of 3 windows, tribe and tile actions and 9 sales.
        markers = self.num_players * MARKERS[self.num_players]
        per_turn = 1 + 2 * sum(MEEPLE_COUNTS) + 3 * 7 * 5 + 8 + 9 + 1
        per_round = (ROW_SIZE + 3) + 2 * markers + markers * per_turn
        return TILES + sum(MEEPLE_COUNTS) + markers + ROW_SIZE + 3 + MAX_ROUNDS * per_round

    def observation_size(self) -> int:
        return LAYOUT.size

    def observation_layout(self) -> ObservationLayout:
        return LAYOUT

    def score_labels(self) -> dict[str, str]:
        return dict(SCORE_LABELS)

    def decode(self, action: ActionId) -> Action:
        return DECODED[A.known(action)]

    def new_initial_state(self) -> FiveTribesState:
        return FiveTribesState(self)

    def from_position(self, text: str) -> FiveTribesState:
        return build_state(self, read_fields(self, text))

    def layout(self) -> dict[str, Any]:
        return board_layout(self.num_players)
