"""Through the Desert: the state and its rules (``docs/rules/through_the_desert.md``).

The state is flat: bitboards (ints over the 299 hex indices) and short lists. A caravan
is indexed ``seat * 5 + colour`` (R9). Each caravan keeps its ``zone``, the hexes next to
any of its pieces, so a camel's legal hexes are ``zone & free`` minus the zones of the
other players' caravans of that colour (R12) with no scan of the board.

Integer actions (people and records read the notation of the rules reference instead):

- ``0 .. 1494``: camel, ``colour * 299 + hex`` (``camel red 7,3``);
- ``1495 .. 2989``: leader, ``1495 + colour * 299 + hex`` (``leader blue 8,10``);
- ``2990 .. 2994``: remove a leader, 5 players (``remove-leader green``);
- ``2995 .. 3293``: chance, a palm on ``2995 + hex`` (``palm 3,2``);
- ``3294 .. 4190``: chance, a token, ``3294 + 3 * hex + value - 1`` (``token 7,10 2``).

Colours are indexed blue, green, red, yellow, white; hexes by ``23 * row + col``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import permutations
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
from serai.games.through_the_desert import estimate as bot_view
from serai.games.through_the_desert.board import (
    COLOURS,
    HEXES,
    NEIGHBOURS,
    NUM_COLOURS,
    SHADED,
    Hex,
    Layout,
    Mask,
    bits,
    grow,
    hex_name,
    layout_for,
    parse_hex,
)
from serai.games.through_the_desert.layout import board_layout
from serai.games.through_the_desert.observation import OBSERVATION_SIZE, observation
from serai.games.through_the_desert.render import render
from serai.games.through_the_desert.views import table_view

CAMEL_BASE = 0
LEADER_BASE = NUM_COLOURS * HEXES
REMOVE_BASE = 2 * NUM_COLOURS * HEXES
PALM_BASE = REMOVE_BASE + NUM_COLOURS
TOKEN_BASE = PALM_BASE + HEXES
NUM_ACTIONS = TOKEN_BASE + 3 * HEXES

PALMS = 5
TOKENS_PER_VALUE = 15
OASIS_POINTS = 5
RIVER_POINTS = 5
LARGEST_CARAVAN = 10
SHARED_LARGEST_CARAVAN = 5

# Phases, in the order they come.
SETUP_PALMS, SETUP_TOKENS, REMOVAL, LEADERS, CAMELS, OVER = range(6)
PHASE_NAMES = ("setup", "setup", "removal", "leaders", "camels", "over")

# R21: camels per colour by player count.
SUPPLY = {2: 22, 3: 26, 4: 30, 5: 30}

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


def colour_index(name: str) -> int | None:
    return COLOURS.index(name) if name in COLOURS else None


def leaders_per_player(players: int) -> int:
    """R11: with 5 players each removes one leader."""
    return 4 if players == 5 else 5


def single_camel_turns(players: int) -> int:
    """R13: the first camel turn of seats 0 and 1 (2 players: seat 0 only) has one camel."""
    return 1 if players == 2 else 2


def _no_such_action(action: ActionId) -> str:
    return f"there is no action {action}: actions are numbered 0 to {NUM_ACTIONS - 1}"


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
    """A position of Through the Desert. Build one with ``game.new_initial_state()``."""

    __slots__ = (
        "_history",
        "area",
        "camels",
        "claimed",
        "closed",
        "closed_regions",
        "dealt",
        "ending",
        "free",
        "game",
        "held",
        "layout",
        "leader_zone",
        "leaders",
        "leaders_placed",
        "n",
        "oasis_scored",
        "occupied",
        "palm_zone",
        "palms",
        "phase",
        "pieces",
        "placed",
        "player",
        "pool",
        "removed",
        "river_scored",
        "round1",
        "supply",
        "token_hexes",
        "token_value",
        "tokens",
        "turn",
        "zone",
    )

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
        self.held = [(1 << NUM_COLOURS) - 1] * n
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

    # -- copies -----------------------------------------------------------------
    def clone(self) -> ThroughTheDesertState:
        other = object.__new__(ThroughTheDesertState)
        other.game = self.game
        other.layout = self.layout
        other.n = self.n
        other.phase = self.phase
        other.palms = self.palms
        other.palm_zone = self.palm_zone
        other.token_hexes = self.token_hexes
        other.dealt = self.dealt
        other.pool = self.pool[:]
        other.tokens = self.tokens
        other.token_value = self.token_value[:]
        other.pieces = self.pieces[:]
        other.zone = self.zone[:]
        other.leaders = self.leaders
        other.leader_zone = self.leader_zone
        other.occupied = self.occupied
        other.closed = self.closed
        other.free = self.free
        other.closed_regions = self.closed_regions[:]
        other.camels = self.camels[:]
        other.supply = self.supply[:]
        other.held = self.held[:]
        other.removed = self.removed[:]
        other.round1 = self.round1
        other.leaders_placed = self.leaders_placed
        other.oasis_scored = self.oasis_scored[:]
        other.river_scored = self.river_scored
        other.area = self.area[:]
        other.claimed = self.claimed[:]
        other.player = self.player
        other.turn = self.turn
        other.placed = self.placed
        other.ending = self.ending
        other._history = self._history[:]
        return other

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
        mask = zone[seat * NUM_COLOURS + colour] & self.free
        if mask:
            for other in range(self.n):
                if other != seat:
                    mask &= ~zone[other * NUM_COLOURS + colour]
        return mask

    def _camel_actions(self, seat: Seat) -> list[ActionId]:
        out: list[ActionId] = []
        for colour in range(NUM_COLOURS):
            mask = self._camel_mask(seat, colour)
            base = CAMEL_BASE + colour * HEXES
            while mask:
                low = mask & -mask
                out.append(base + low.bit_length() - 1)
                mask ^= low
        return out

    def _has_camel_move(self, seat: Seat) -> bool:
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
            rest = ((1 << NUM_COLOURS) - 1) & ~self.round1 & ~(1 << colour)
            if _can_match(range(seat + 1, self.n), rest, self.held):
                allowed |= 1 << colour
        return allowed

    def _leader_actions(self) -> list[ActionId]:
        hexes = bits(self.leader_hexes())
        return [
            LEADER_BASE + colour * HEXES + h
            for colour in bits(self.leader_colours(self.player))
            for h in hexes
        ]

    def _removable(self) -> int:
        """R11: colours no earlier seat removed."""
        taken = 0
        for colour in self.removed:
            if colour >= 0:
                taken |= 1 << colour
        return ((1 << NUM_COLOURS) - 1) & ~taken

    def is_legal(self, action: ActionId) -> bool:
        phase = self.phase
        if phase == CAMELS:
            if not CAMEL_BASE <= action < LEADER_BASE:
                return False
            colour, h = divmod(action - CAMEL_BASE, HEXES)
            return bool(self._camel_mask(self.player, colour) >> h & 1)
        if phase == LEADERS:
            if not LEADER_BASE <= action < REMOVE_BASE:
                return False
            colour, h = divmod(action - LEADER_BASE, HEXES)
            return bool(
                self.leader_colours(self.player) >> colour & 1 and self.leader_hexes() >> h & 1
            )
        if phase == REMOVAL:
            return REMOVE_BASE <= action < PALM_BASE and bool(
                self._removable() >> (action - REMOVE_BASE) & 1
            )
        if phase <= SETUP_TOKENS:
            return any(action == a for a, _ in self.chance_outcomes())
        return False

    # -- applying actions -----------------------------------------------------------
    def apply_unchecked(self, action: ActionId) -> None:
        self._history.append(action)
        if action < LEADER_BASE:
            colour, h = divmod(action - CAMEL_BASE, HEXES)
            self._place_camel(self.player, colour, h)
            self._after_camel()
        elif action < REMOVE_BASE:
            colour, h = divmod(action - LEADER_BASE, HEXES)
            self._place_leader(self.player, colour, h)
            self._after_leader()
        elif action < PALM_BASE:
            self._remove_leader(self.player, action - REMOVE_BASE)
        elif action < TOKEN_BASE:
            self._place_palm(action - PALM_BASE)
        else:
            h, value = divmod(action - TOKEN_BASE, 3)
            self._deal_token(h, value + 1)

    def _place_palm(self, h: Hex) -> None:
        self.palms |= 1 << h
        self.palm_zone |= (1 << h) | NEIGHBOURS[h]
        self.free &= ~(1 << h)
        if self.palms.bit_count() == PALMS:
            # R6, R7: every watering hole and every palm-less oasis in play gets a token.
            layout = self.layout
            self.token_hexes = tuple(bits((layout.watering_holes | layout.oases) & ~self.palms))
            self.phase = SETUP_TOKENS

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
        if not self._has_camel_move(0):
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
        """R17: close every region next to ``h`` whose adjacent pieces all belong to ``caravan``."""
        open_hexes = self.layout.playable & ~self.occupied & ~self.closed
        foreign = self.occupied & ~self.pieces[caravan]
        seeds = NEIGHBOURS[h] & open_hexes
        enclosed = []
        while seeds:
            seed = seeds & -seeds
            region = self._enclosed_region(seed, open_hexes, foreign)
            if region:
                enclosed.append(region)
                seeds &= ~region
            else:
                seeds ^= seed
        # R27: regions close in increasing order of their smallest hex index.
        for region in sorted(enclosed, key=lambda r: r & -r):
            self._close(caravan, region)

    @staticmethod
    def _enclosed_region(seed: Mask, open_hexes: Mask, foreign: Mask) -> Mask:
        """The region of ``seed`` if no foreign piece touches it, else 0 (stops early)."""
        region = seed
        while True:
            around = grow(region)
            if around & foreign:
                return 0
            bigger = around & open_hexes
            if bigger == region:
                return region
            region = bigger

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
            if not self._has_camel_move(seat):
                self.phase = OVER  # R20(b)
        elif self.ending:
            self.phase = OVER  # R20(a)
        else:
            self.turn += 1
            self.placed = 0
            self.player = (seat + 1) % self.n
            if not self._has_camel_move(self.player):
                self.phase = OVER  # R20(b)

    # -- notation -------------------------------------------------------------------
    def action_to_string(self, action: ActionId) -> str:
        if not 0 <= action < NUM_ACTIONS:
            raise GameError(_no_such_action(action))
        if action < LEADER_BASE:
            colour, h = divmod(action - CAMEL_BASE, HEXES)
            return f"camel {COLOURS[colour]} {hex_name(h)}"
        if action < REMOVE_BASE:
            colour, h = divmod(action - LEADER_BASE, HEXES)
            return f"leader {COLOURS[colour]} {hex_name(h)}"
        if action < PALM_BASE:
            return f"remove-leader {COLOURS[action - REMOVE_BASE]}"
        if action < TOKEN_BASE:
            return f"palm {hex_name(action - PALM_BASE)}"
        h, value = divmod(action - TOKEN_BASE, 3)
        return f"token {hex_name(h)} {value + 1}"

    def parse_action(self, text: str) -> ActionId | None:
        return parse_action(text)

    def notation_help(self) -> str:
        return (
            "expected 'camel <colour> <col>,<row>', 'leader <colour> <col>,<row>' or "
            "'remove-leader <colour>'; colours: " + ", ".join(COLOURS)
        )

    def why_illegal(self, action: ActionId) -> str:
        if not 0 <= action < NUM_ACTIONS:
            return _no_such_action(action)
        text = self.action_to_string(action)
        phase = self.phase
        if phase == SETUP_PALMS:
            return (
                f"{text!r} is not a possible outcome of this setup draw: a palm goes on an "
                "oasis hex in play that has none yet (R25)"
            )
        if phase == SETUP_TOKENS:
            where = hex_name(self.token_hexes[self.dealt])
            return (
                f"{text!r} is not a possible outcome of this setup draw: the next token goes "
                f"on {where}, with a value still among the undealt tokens (R6)"
            )
        if phase == OVER:
            return "the game is over"
        expected = {
            CAMELS: (CAMEL_BASE, LEADER_BASE, "camel phase: place a camel (R12)"),
            LEADERS: (LEADER_BASE, REMOVE_BASE, "leader phase: place a leader (R8)"),
            REMOVAL: (
                REMOVE_BASE,
                PALM_BASE,
                "start of a 5-player game: each player first sets one leader aside (R11)",
            ),
        }[phase]
        if not expected[0] <= action < expected[1]:
            return f"{text!r} does not fit now: this is the {expected[2]}"
        seat = self.player
        if phase == REMOVAL:
            return f"{text!r}: an earlier player already set that colour aside (R11)"
        colour, h = divmod(action - expected[0], HEXES)
        name = COLOURS[colour]
        where = hex_name(h)
        # R8 says where a leader may stand, R12 where a camel may go.
        ruling = "R8" if phase == LEADERS else "R12"
        if not self.layout.playable >> h & 1:
            if SHADED >> h & 1 and not self.layout.full:
                return f"{text!r}: {where} is in the shaded area, not in play with 2–3 players (R2)"
            side = "R3" if self.layout.river else "R1"
            return f"{text!r}: {where} is a mountain or off the map ({side})"
        if self.palms >> h & 1:
            return f"{text!r}: a palm stands on {where} ({ruling})"
        if self.occupied >> h & 1:
            return f"{text!r}: {where} already holds a piece ({ruling})"
        if phase == LEADERS:
            return self._why_leader_illegal(text, seat, colour, h)
        if self.closed >> h & 1:
            return f"{text!r}: {where} lies in a region that is already closed (R18)"
        if not self.supply[colour]:
            return f"{text!r}: no {name} camels are left in the supply (R12)"
        if self.removed[seat] == colour:
            return f"{text!r}: you set your {name} leader aside and have no {name} caravan (R11)"
        caravan = seat * NUM_COLOURS + colour
        if not self.zone[caravan] >> h & 1:
            return f"{text!r}: {where} is not next to your {name} caravan (R12)"
        for other in range(self.n):
            if other != seat and self.zone[other * NUM_COLOURS + colour] >> h & 1:
                return f"{text!r}: {where} touches seat {other}'s {name} caravan (R12)"
        return f"{text!r} is not legal now"

    def _why_leader_illegal(self, text: str, seat: Seat, colour: int, h: Hex) -> str:
        name = COLOURS[colour]
        where = hex_name(h)
        if self.removed[seat] == colour:
            return f"{text!r}: you set your {name} leader aside (R11)"
        if not self.held[seat] >> colour & 1:
            return f"{text!r}: your {name} leader is already on the board (R10)"
        if self.leader_round == 0 and self.round1 >> colour & 1:
            return f"{text!r}: an earlier player already opened {name} in round 1 (R10)"
        if not self.leader_colours(seat) >> colour & 1:
            return f"{text!r}: a later player would be left with no colour to open (R11)"
        if self.tokens >> h & 1:
            if self.layout.oases >> h & 1:
                return f"{text!r}: {where} is an oasis without a palm, so it holds a token (R7)"
            return f"{text!r}: {where} holds a watering-hole token (R8)"
        if self.palm_zone >> h & 1:
            return f"{text!r}: {where} is next to a palm (R8)"
        if self.leader_zone >> h & 1:
            return f"{text!r}: {where} is next to another leader, yours count too (R8)"
        return f"{text!r} is not legal now"

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
        for seat in range(self.n):
            caravans = range(seat * NUM_COLOURS, (seat + 1) * NUM_COLOURS)
            part = {
                "caravan": awards[seat],
                "water": self.water(seat),
                "oasis": OASIS_POINTS * sum(self.oasis_scored[c].bit_count() for c in caravans),
                "river": RIVER_POINTS * sum(self.river_scored >> c & 1 for c in caravans),
                "area": self.area[seat],
            }
            part["total"] = sum(part.values())
            out.append(part)
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
        return {
            "game": INFO.name,
            "version": INFO.version,
            "options": self.game.params(),
            "history": self._history[:],
            "phase": self.phase,
            "palms": bits(self.palms),
            "dealt": self.dealt,
            "pool": self.pool[:],
            "tokens": [[h, self.token_value[h]] for h in bits(self.tokens)],
            "pieces": [bits(mask) for mask in self.pieces],
            "leaders": bits(self.leaders),
            "closed_regions": [[bits(region), caravan] for region, caravan in self.closed_regions],
            "held": self.held[:],
            "removed": self.removed[:],
            "round1": self.round1,
            "oasis_scored": [bits(mask) for mask in self.oasis_scored],
            "river_scored": self.river_scored,
            "claimed": self.claimed[:],
            "player": self.player,
            "turn": self.turn,
            "placed": self.placed,
            "ending": self.ending,
        }

    def render(
        self, markup: bool = False, seat: Seat | None = None, highlight: Iterable[ActionId] = ()
    ) -> str:
        return render(self, markup, seat, action_hexes(highlight))


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
        return OBSERVATION_SIZE

    def new_initial_state(self) -> ThroughTheDesertState:
        return ThroughTheDesertState(self)

    def layout(self) -> dict[str, Any]:
        return board_layout(str(self.options["board"]), self.num_players)


def action_hexes(actions: Iterable[ActionId]) -> Mask:
    """The hexes that camel, leader and palm actions name, as a mask."""
    mask = 0
    for action in actions:
        if action < REMOVE_BASE:
            mask |= 1 << (action - CAMEL_BASE) % HEXES
        elif PALM_BASE <= action < TOKEN_BASE:
            mask |= 1 << (action - PALM_BASE)
    return mask


def parse_action(text: str) -> ActionId | None:
    """The action id written as ``text`` in the game's notation, legal or not.

    >>> parse_action("camel red 7,3") == 2 * 299 + 3 * 23 + 7
    True
    >>> parse_action("camel purple 7,3") is None
    True
    """
    words = text.split(" ")
    verb = words[0]
    if verb in ("camel", "leader") and len(words) == 3:
        colour, h = colour_index(words[1]), parse_hex(words[2])
        if colour is None or h is None:
            return None
        base = CAMEL_BASE if verb == "camel" else LEADER_BASE
        return base + colour * HEXES + h
    if verb == "remove-leader" and len(words) == 2:
        colour = colour_index(words[1])
        return None if colour is None else REMOVE_BASE + colour
    if verb == "palm" and len(words) == 2:
        h = parse_hex(words[1])
        return None if h is None else PALM_BASE + h
    if verb == "token" and len(words) == 3 and words[2] in ("1", "2", "3"):
        h = parse_hex(words[1])
        return None if h is None else TOKEN_BASE + 3 * h + int(words[2]) - 1
    return None
