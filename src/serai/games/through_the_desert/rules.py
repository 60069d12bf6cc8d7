"""Through the Desert: the state and its rules (``docs/rules/through_the_desert.md``).

The state is flat: bitboards (ints over the 299 hex indices) and short lists. A caravan
is indexed ``seat * 5 + colour`` (R9). Each caravan keeps its ``zone``, the hexes next to
any of its pieces, so a camel's legal hexes are ``zone & free`` minus the zones of the
other players' caravans of that colour (R12) with no scan of the board.

Actions are the integers of ``actions.py``; ``DECODED[action]`` says what each one is. A
whole state is written as a position (*Position notation* in the rules reference):
``state.position()`` and ``game.from_position(text)``.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Iterable
from itertools import compress, permutations
from typing import TYPE_CHECKING, Any

from serai.engine import (
    CHANCE,
    TERMINAL,
    ActionId,
    Game,
    GameInfo,
    Option,
    Seat,
    State,
    register,
)
from serai.engine.fields import LIST, Field, FieldTable
from serai.engine.observe import ObservationLayout
from serai.games.through_the_desert import estimate as bot_view
from serai.games.through_the_desert.actions import (
    CAMEL_IDS,
    DECODED,
    LEADER_IDS,
    NUM_ACTIONS,
    PALM_BASE,
    REMOVE_BASE,
    TOKEN_BASE,
    Decoded,
    action_to_string,
    decode,
    parse_action,
)
from serai.games.through_the_desert.board import (
    ALL_COLOURS,
    CAMELS,
    COLOURS,
    HEXES,
    LARGEST_CARAVAN,
    LEADERS,
    NEIGHBOURS,
    NUM_COLOURS,
    OASIS_POINTS,
    OVER,
    PALMS,
    PHASE_NAMES,
    REMOVAL,
    RIVER_POINTS,
    SETUP_PALMS,
    SETUP_TOKENS,
    SHARED_LARGEST_CARAVAN,
    SUPPLY,
    TOKENS_PER_VALUE,
    Hex,
    Layout,
    Mask,
    bits,
    flags,
    grow,
    layout_for,
    leaders_per_player,
    single_camel_turns,
)
from serai.games.through_the_desert.explain import (
    SCORE_LABELS,
    narrate,
    narrations,
    prompt,
    why_illegal,
)
from serai.games.through_the_desert.layout import board_layout
from serai.games.through_the_desert.observation import LAYOUT, observation
from serai.games.through_the_desert.position import read_position, write_position
from serai.games.through_the_desert.render import action_hexes, render
from serai.games.through_the_desert.views import table_view

INFO = GameInfo(
    name="through_the_desert",
    title="Through the Desert",
    version="1.0",
    min_players=2,
    max_players=5,
    default_players=2,
    options=(
        Option("board", "mountain", ("mountain", "river"), "board side (R1, R3)"),  # R29
    ),
)


def _can_match(seats: range, colours: int, held: list[int]) -> bool:
    """R11(c): can each seat be given a distinct colour from ``colours`` that it holds?"""
    seat_list = list(seats)
    available = bits(colours)
    if len(available) < len(seat_list):
        return False
    return any(
        all(held[s] >> c & 1 for s, c in zip(seat_list, choice, strict=True))
        for choice in permutations(available, len(seat_list))
    )


class ThroughTheDesertState(State):
    """A position of Through the Desert. Build one with ``game.new_initial_state()`` or
    ``game.from_position(text)``."""

    FIELDS = FieldTable(
        Field("game", json=False),
        Field("layout", json=False),
        Field("n", json=False),
        Field("_history", LIST),
        Field("phase"),
        Field("palms"),
        Field("palm_zone", json=False),
        Field("token_hexes", json=False),
        Field("dealt"),
        Field("pool", LIST),
        Field("tokens"),
        Field("token_value", LIST, json=False),
        Field("pieces", LIST),
        Field("zone", LIST, json=False),
        Field("leaders"),
        Field("leader_zone", json=False),
        Field("occupied", json=False),
        Field("closed", json=False),
        Field("free", json=False),
        Field("closed_regions", LIST),
        Field("camels", LIST, json=False),
        Field("supply", LIST, json=False),
        Field("held", LIST),
        Field("removed", LIST),
        Field("round1"),
        Field("leaders_placed", json=False),
        Field("oasis_scored", LIST),
        Field("river_scored"),
        Field("area", LIST, json=False),
        Field("claimed", LIST),
        Field("player"),
        Field("turn"),
        Field("placed"),
        Field("ending"),
    )
    """Every field; those not written to JSON follow from the others (``_derive``)."""

    __slots__ = FIELDS.slots

    game: ThroughTheDesert
    layout: Layout

    def __init__(self, game: ThroughTheDesert) -> None:
        n = game.num_players
        self.game = game
        self.layout = layout_for(str(game.options["board"]), n)
        self.n = n
        self.phase = SETUP_PALMS
        self.palms: Mask = 0
        self.palm_zone: Mask = 0
        self.token_hexes: tuple[Hex, ...] = ()
        self.dealt = 0
        self.pool = [TOKENS_PER_VALUE] * 3
        self.tokens: Mask = 0
        self.token_value = bytearray(HEXES)
        self.pieces = [0] * (NUM_COLOURS * n)
        self.zone = [0] * (NUM_COLOURS * n)
        self.leaders: Mask = 0
        self.leader_zone: Mask = 0
        self.occupied: Mask = 0
        self.closed: Mask = 0
        self.free: Mask = self.layout.playable
        self.closed_regions: list[tuple[Mask, int]] = []
        self.camels = [0] * (NUM_COLOURS * n)
        self.supply = [SUPPLY[n]] * NUM_COLOURS
        self.held = [ALL_COLOURS] * n
        self.removed = [-1] * n
        self.round1 = 0
        self.leaders_placed = 0
        self.oasis_scored = [0] * (NUM_COLOURS * n)
        self.river_scored = 0
        self.area = [0] * n
        self.claimed = [0] * (3 * n)
        self.player = 0
        self.turn = 0
        self.placed = 0
        self.ending = False
        self._history: list[ActionId] = []

    if TYPE_CHECKING:

        def clone(self) -> ThroughTheDesertState: ...

    def history(self) -> list[ActionId]:
        return self._history[:]

    # -- who acts -----------------------------------------------------------------
    def current_player(self) -> Seat:
        phase = self.phase
        if phase <= SETUP_TOKENS:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.player

    def is_chance_node(self) -> bool:
        return self.phase <= SETUP_TOKENS

    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def leader_round(self) -> int:
        """0-based round of the leader phase (R10 restricts round 0)."""
        return self.leaders_placed // self.n

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def camels_this_turn(self) -> int:
        """R13: how many camels the current camel turn places."""
        return 1 if self.turn < single_camel_turns(self.n) else 2

    # -- legal actions --------------------------------------------------------------
    def legal_actions(self) -> list[ActionId]:
        phase = self.phase
        if phase == CAMELS:
            return self._camel_actions(self.player)
        if phase == LEADERS:
            return self._leader_actions()
        if phase == REMOVAL:
            return [REMOVE_BASE + c for c in bits(self._removable())]
        if phase <= SETUP_TOKENS:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def chance_outcomes(self) -> list[tuple[ActionId, float]]:
        if self.phase == SETUP_PALMS:
            candidates = bits(self.layout.oases & ~self.palms)
            return [(PALM_BASE + h, 1.0 / len(candidates)) for h in candidates]
        if self.phase == SETUP_TOKENS:
            base = TOKEN_BASE + 3 * self.token_hexes[self.dealt]
            left = sum(self.pool)
            return [(base + v, self.pool[v] / left) for v in range(3) if self.pool[v]]
        return []

    def _camel_mask(self, seat: Seat, colour: int) -> Mask:
        """R12: the hexes where ``seat`` may place a camel of ``colour``."""
        if not self.supply[colour]:
            return 0
        zone = self.zone
        own = seat * NUM_COLOURS + colour
        mask = zone[own] & self.free
        if mask:
            for other in range(colour, self.n * NUM_COLOURS, NUM_COLOURS):
                if other != own:
                    mask &= ~zone[other]
        return mask

    def _camel_actions(self, seat: Seat) -> list[ActionId]:
        """The camels of :meth:`_camel_mask` for every colour, written out for speed: from
        the highest action down (the highest hex first, as :func:`bits` takes them), then
        reversed."""
        out: list[ActionId] = []
        append = out.append
        zone = self.zone
        free = self.free
        supply = self.supply
        first = seat * NUM_COLOURS
        last = self.n * NUM_COLOURS
        for colour in reversed(range(NUM_COLOURS)):
            if not supply[colour]:
                continue
            own = first + colour
            mask = zone[own] & free
            if not mask:
                continue
            for other in range(colour, last, NUM_COLOURS):
                if other != own:
                    mask &= ~zone[other]
            camels = CAMEL_IDS[colour]
            while mask:
                top = mask.bit_length() - 1
                append(camels[top])
                mask ^= 1 << top
        out.reverse()
        return out

    def has_camel_move(self, seat: Seat) -> bool:
        """R20(b): whether ``seat`` may place a camel now."""
        return any(self._camel_mask(seat, colour) for colour in range(NUM_COLOURS))

    def leader_hexes(self) -> Mask:
        """R8: hexes where a leader may stand (the same for every colour)."""
        return self.free & ~self.palm_zone & ~self.tokens & ~self.leader_zone

    def leader_colours(self, seat: Seat) -> int:
        """R10, R11: the colours ``seat`` may place a leader of now, as a bitmask."""
        held = self.held[seat]
        if self.leader_round > 0:
            return held
        allowed = 0
        for colour in bits(held & ~self.round1):
            rest = ALL_COLOURS & ~self.round1 & ~(1 << colour)
            if _can_match(range(seat + 1, self.n), rest, self.held):
                allowed |= 1 << colour
        return allowed

    def _leader_actions(self) -> list[ActionId]:
        hexes = flags(self.leader_hexes())
        out: list[ActionId] = []
        for colour in bits(self.leader_colours(self.player)):
            out += compress(LEADER_IDS[colour], hexes)
        return out

    def _removable(self) -> int:
        """R11: colours no earlier seat removed."""
        taken = 0
        for colour in self.removed:
            if colour >= 0:
                taken |= 1 << colour
        return ALL_COLOURS & ~taken

    def is_legal(self, action: ActionId) -> bool:
        if not 0 <= action < NUM_ACTIONS:
            return False
        phase = self.phase
        move = DECODED[action]
        if phase == CAMELS:
            return move.kind == "camel" and bool(
                self._camel_mask(self.player, move.colour) >> move.hex & 1
            )
        if phase == LEADERS:
            return move.kind == "leader" and bool(
                self.leader_colours(self.player) >> move.colour & 1
                and self.leader_hexes() >> move.hex & 1
            )
        if phase == REMOVAL:
            return move.kind == "remove-leader" and bool(self._removable() >> move.colour & 1)
        if phase <= SETUP_TOKENS:
            return any(action == a for a, _ in self.chance_outcomes())
        return False

    # -- applying actions -----------------------------------------------------------
    def apply_unchecked(self, action: ActionId) -> None:
        self._history.append(action)
        move = DECODED[action]
        if move.kind == "camel":
            _, colour, h = move
            self._place_camel(self.player, colour, h)
            self._after_camel()
        elif move.kind == "leader":
            _, colour, h = move
            self._place_leader(self.player, colour, h)
            self._after_leader()
        elif move.kind == "remove-leader":
            self._remove_leader(self.player, move.colour)
        elif move.kind == "palm":
            self._place_palm(move.hex)
        else:
            self._deal_token(move.hex, move.value)

    def _place_palm(self, h: Hex) -> None:
        self.palms |= 1 << h
        self.palm_zone |= (1 << h) | NEIGHBOURS[h]
        self.free &= ~(1 << h)
        if self.palms.bit_count() == PALMS:
            # R6, R7: every watering hole and every palm-less oasis in play gets a token.
            self.token_hexes = self.deal_hexes()
            self.phase = SETUP_TOKENS

    def deal_hexes(self) -> tuple[Hex, ...]:
        """R6, R7: the hexes that get a token once the palms stand, in the order of the deal."""
        layout = self.layout
        return tuple(bits((layout.watering_holes | layout.oases) & ~self.palms))

    def _deal_token(self, h: Hex, value: int) -> None:
        self.pool[value - 1] -= 1
        self.token_value[h] = value
        self.tokens |= 1 << h
        self.dealt += 1
        if self.dealt == len(self.token_hexes):
            # R6: the undealt tokens stay in the pool, which is the box from now on.
            self.phase = REMOVAL if self.n == 5 else LEADERS
            self.player = 0

    def _remove_leader(self, seat: Seat, colour: int) -> None:
        self.removed[seat] = colour  # R11
        self.held[seat] &= ~(1 << colour)
        if seat + 1 < self.n:
            self.player = seat + 1
        else:
            self.phase = LEADERS
            self.player = 0

    def _place_leader(self, seat: Seat, colour: int, h: Hex) -> None:
        bit = 1 << h
        caravan = seat * NUM_COLOURS + colour
        self.pieces[caravan] |= bit
        self.zone[caravan] |= NEIGHBOURS[h]
        self.occupied |= bit
        self.free &= ~bit
        self.leaders |= bit
        self.leader_zone |= bit | NEIGHBOURS[h]
        self.held[seat] &= ~(1 << colour)
        if self.leader_round == 0:
            self.round1 |= 1 << colour  # R10
        self.leaders_placed += 1

    def _after_leader(self) -> None:
        if self.leaders_placed < self.n * leaders_per_player(self.n):
            self.player = self.leaders_placed % self.n
            return
        # R13: the camel phase starts with seat 0; R20(b) if it cannot place.
        self.phase = CAMELS
        self.player = 0
        self.turn = 0
        self.placed = 0
        if not self.has_camel_move(0):
            self.phase = OVER

    def _place_camel(self, seat: Seat, colour: int, h: Hex) -> None:
        """Place one camel and resolve it in the order of R27."""
        bit = 1 << h
        caravan = seat * NUM_COLOURS + colour
        self.pieces[caravan] |= bit
        self.zone[caravan] |= NEIGHBOURS[h]
        self.occupied |= bit
        self.free &= ~bit
        self.camels[caravan] += 1
        self.supply[colour] -= 1
        # R15: the token on the hex goes to the placing player.
        if self.tokens & bit:
            self._claim_token(seat, h)
        # R16: touching a palm scores it once per caravan.
        self.oasis_scored[caravan] |= NEIGHBOURS[h] & self.palms
        # R4: the first camel placed across a river edge from its own caravan.
        if self.layout.across_river[h] & self.pieces[caravan]:
            self.river_scored |= 1 << caravan
        # R17, R18: only regions next to the new camel can close, and only for its caravan.
        self._close_regions(caravan, h)
        # R20(a): the last camel of a colour ends the game after this turn.
        if not self.supply[colour]:
            self.ending = True

    def _claim_token(self, seat: Seat, h: Hex) -> None:
        self.claimed[3 * seat + self.token_value[h] - 1] += 1
        self.token_value[h] = 0
        self.tokens &= ~(1 << h)

    def _close_regions(self, caravan: int, h: Hex) -> None:
        """R17: close every region next to ``h`` whose adjacent pieces all belong to ``caravan``.

        Each open neighbour of ``h`` is flooded outwards until the flood reaches a hex next
        to a foreign piece (the region stays open) or stops growing (it is closed). A flood
        that fails covers the neighbours it reached, so none of them is flooded again.
        """
        open_hexes = self.layout.playable & ~self.occupied & ~self.closed
        seeds = NEIGHBOURS[h] & open_hexes
        if not seeds:
            return
        # Open hexes next to a foreign piece, and all that connects to them, stay open.
        touching = grow(self.occupied & ~self.pieces[caravan]) & open_hexes
        seeds &= ~touching
        enclosed = []
        while seeds:
            region = seeds & -seeds
            while True:
                bigger = grow(region) & open_hexes
                if bigger & touching:
                    break
                if bigger == region:
                    enclosed.append(region)
                    break
                region = bigger
            seeds &= ~bigger
        # R27: regions close in increasing order of their smallest hex index.
        for region in sorted(enclosed, key=lambda r: r & -r):
            self._close(caravan, region)

    def _close(self, caravan: int, region: Mask) -> None:
        seat = caravan // NUM_COLOURS
        self.closed |= region
        self.free &= ~region
        self.closed_regions.append((region, caravan))
        for h in bits(region & self.tokens):
            self._claim_token(seat, h)  # R17(a)
        self.oasis_scored[caravan] |= region & self.palms  # R17(b)
        self.area[seat] += (region & ~self.palms).bit_count()  # R17(c)

    def _after_camel(self) -> None:
        """Who acts next after a camel (R13, R14, R20)."""
        self.placed += 1
        seat = self.player
        if self.placed < self.camels_this_turn():
            if not self.has_camel_move(seat):
                self.phase = OVER  # R20(b)
        elif self.ending:
            self.phase = OVER  # R20(a)
        else:
            self.turn += 1
            self.placed = 0
            self.player = (seat + 1) % self.n
            if not self.has_camel_move(self.player):
                self.phase = OVER  # R20(b)

    # -- notation -------------------------------------------------------------------
    def action_to_string(self, action: ActionId) -> str:
        return action_to_string(action)

    def parse_action(self, text: str) -> ActionId | None:
        return parse_action(text)

    def notation_help(self) -> str:
        return (
            "expected 'camel <colour> <col>,<row>', 'leader <colour> <col>,<row>' or "
            "'remove-leader <colour>'; colours: " + ", ".join(COLOURS)
        )

    def why_illegal(self, action: ActionId) -> str:
        return why_illegal(self, action)

    def prompt(self) -> str:
        return prompt(self)

    def narrate_for(self, viewer: Seat | None, action: ActionId) -> str:
        return narrate(self, viewer, action)

    def narrations(self, action: ActionId, after: State | None = None) -> tuple[str, ...]:
        return narrations(self, action, after if isinstance(after, type(self)) else None)

    # -- scoring --------------------------------------------------------------------
    def water(self, seat: Seat) -> int:
        claimed = self.claimed
        return claimed[3 * seat] + 2 * claimed[3 * seat + 1] + 3 * claimed[3 * seat + 2]

    def token_count(self, seat: Seat) -> int:
        return sum(self.claimed[3 * seat : 3 * seat + 3])

    def caravan_awards(self) -> list[int]:
        """R22: 10 to the single player with the most camels of a colour, 5 to each tied."""
        awards = [0] * self.n
        for colour in range(NUM_COLOURS):
            counts = [self.camels[s * NUM_COLOURS + colour] for s in range(self.n)]
            most = max(counts)
            if most == 0:
                continue
            leaders = [s for s in range(self.n) if counts[s] == most]
            points = LARGEST_CARAVAN if len(leaders) == 1 else SHARED_LARGEST_CARAVAN
            for s in leaders:
                awards[s] += points
        return awards

    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat the parts of the score; ``caravan`` counts only once the game is over."""
        awards = self.caravan_awards() if self.phase == OVER else [0] * self.n
        out = []
        for seat, caravan in enumerate(awards):
            first = seat * NUM_COLOURS
            water = self.water(seat)
            oasis = OASIS_POINTS * sum(
                map(int.bit_count, self.oasis_scored[first : first + NUM_COLOURS])
            )
            river = RIVER_POINTS * (self.river_scored >> first & ALL_COLOURS).bit_count()
            area = self.area[seat]
            out.append(
                {
                    "caravan": caravan,
                    "water": water,
                    "oasis": oasis,
                    "river": river,
                    "area": area,
                    "total": caravan + water + oasis + river + area,
                }
            )
        return out

    def scores(self) -> list[int]:
        return [part["total"] for part in self.score_breakdown()]

    def estimate(self) -> list[float]:
        """Scores, R22 awards as they stand and each seat's reach (``estimate.py``)."""
        return bot_view.estimate(self)

    def action_priors(self, actions: list[ActionId]) -> list[float] | None:
        """What each camel or leader gains at once, for MCTS (``estimate.py``)."""
        return bot_view.action_priors(self, actions)

    # -- information ----------------------------------------------------------------
    def view(self, seat: Seat | None) -> dict[str, Any]:
        """R24: claimed token values only to their owner until the end."""
        return table_view(self, seat)

    def observation(self, seat: Seat | None) -> list[float]:
        return observation(self, seat)

    def resample_hidden(self, seat: Seat, rng: random.Random) -> ThroughTheDesertState:
        # R24: every token value is in the public history, so with perfect recall
        # nothing is hidden from a seat and no resampling is needed.
        return self.clone()

    def scramble_hidden(self, seat: Seat | None, rng: random.Random) -> ThroughTheDesertState:
        other = self.clone()
        if self.phase == OVER:
            return other  # the final scoring reveals every token
        for owner in range(self.n):
            if owner == seat:
                continue
            count = self.token_count(owner)
            values = [rng.randrange(3) for _ in range(count)]
            other.claimed[3 * owner : 3 * owner + 3] = [values.count(v) for v in range(3)]
        return other

    def component_counts(self) -> dict[str, int]:
        drawn = self.palms.bit_count()
        counts = {"palms": drawn + (PALMS - drawn if self.phase == SETUP_PALMS else 0)}
        for colour, name in enumerate(COLOURS):
            on_board = sum(self.camels[s * NUM_COLOURS + colour] for s in range(self.n))
            counts[f"camels {name}"] = self.supply[colour] + on_board
        for seat in range(self.n):
            mine = 0
            for colour in range(NUM_COLOURS):
                mine |= self.pieces[seat * NUM_COLOURS + colour]
            on_board = (mine & self.leaders).bit_count()
            removed = 1 if self.removed[seat] >= 0 else 0
            counts[f"leaders seat {seat}"] = self.held[seat].bit_count() + on_board + removed
        for value in (1, 2, 3):
            board = sum(1 for h in bits(self.tokens) if self.token_value[h] == value)
            taken = sum(self.claimed[3 * s + value - 1] for s in range(self.n))
            counts[f"tokens worth {value}"] = self.pool[value - 1] + board + taken
        return counts

    # -- serialisation --------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = self.FIELDS.to_json(self)
        # Bitboards are written as the hex indices they hold (tokens with their values).
        data["palms"] = bits(self.palms)
        data["tokens"] = [[h, self.token_value[h]] for h in bits(self.tokens)]
        data["pieces"] = [bits(mask) for mask in self.pieces]
        data["leaders"] = bits(self.leaders)
        data["closed_regions"] = [
            [bits(region), caravan] for region, caravan in self.closed_regions
        ]
        data["oasis_scored"] = [bits(mask) for mask in self.oasis_scored]
        return {"game": INFO.name, "version": INFO.version, "options": self.game.params(), **data}

    def position(self) -> str:
        """The whole state as one line (*Position notation* in the rules reference)."""
        return write_position(self)

    def render(
        self, markup: bool = False, seat: Seat | None = None, highlight: Iterable[ActionId] = ()
    ) -> str:
        return render(self, markup, seat, action_hexes(highlight))


# The copy generated from FIELDS (as fast as one written out), then no longer abstract.
_clone = ThroughTheDesertState.FIELDS.make_clone(ThroughTheDesertState)
ThroughTheDesertState.clone = _clone  # type: ignore[method-assign,assignment]
abc.update_abstractmethods(ThroughTheDesertState)


@register
class ThroughTheDesert(Game):
    """Through the Desert for 2–5 players on the mountain or river side."""

    info = INFO

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        n = self.num_players
        layout = layout_for(str(self.options["board"]), n)
        token_hexes = (layout.watering_holes | layout.oases).bit_count() - PALMS
        removals = n if n == 5 else 0
        camel_bound = NUM_COLOURS * (SUPPLY[n] - 1) + 2  # R20(a): one turn after a colour runs out
        return PALMS + token_hexes + removals + n * leaders_per_player(n) + camel_bound

    def observation_size(self) -> int:
        return LAYOUT.size

    def observation_layout(self) -> ObservationLayout:
        return LAYOUT

    def decode(self, action: ActionId) -> Decoded:
        return decode(action)

    def score_labels(self) -> dict[str, str]:
        return dict(SCORE_LABELS)

    def new_initial_state(self) -> ThroughTheDesertState:
        return ThroughTheDesertState(self)

    def from_position(self, text: str) -> ThroughTheDesertState:
        state = ThroughTheDesertState(self)
        read_position(state, text)
        return state

    def layout(self) -> dict[str, Any]:
        return board_layout(str(self.options["board"]), self.num_players)
