"""The worked examples' positions, written as position texts (``docs/rules/five_tribes.md``,
Position notation) and loaded with ``game.from_position``.

Setup is played through the engine with forced draws (board X, then meeples, bid order, row
and display); :class:`Setup` then edits the fields of its position, moving each piece from
where it lies to where the example wants it, so that every component stays counted, and
loads the result. A turn is started by the engine itself: the previous marker ends its turn
(or, when every marker is still to play, the first to play makes the round's last bid).
"""

from __future__ import annotations

from collections import Counter

import serai
from serai.games.five_tribes.board import (
    BID,
    CARDS,
    COLOURS,
    DJINNS,
    FINAL,
    MARKERS,
    NUM_CARDS,
    NUM_COLOURS,
    TILE_TYPES,
    YELLOW,
    parse_tile,
)
from serai.games.five_tribes.position import Fields, read_fields, write_fields
from serai.games.five_tribes.rules import FiveTribes, FiveTribesState

# Board X of the worked examples, row by row.
BOARD_X = (
    "oasis small-market village sacred-6 large-market small-market",
    "small-market village sacred-10 oasis small-market sacred-6",
    "large-market oasis small-market village sacred-12 small-market",
    "sacred-6 small-market oasis large-market village oasis",
    "small-market sacred-15 sacred-6 village oasis large-market",
)
# Board X with the Village on 1,1 and the Large Market on 0,2 swapped: the block of 0,0 then
# holds no blue tile (R9).
BOARD_X_RED_CORNER = (
    BOARD_X[0],
    "small-market large-market sacred-10 oasis small-market sacred-6",
    "village oasis small-market village sacred-12 small-market",
    *BOARD_X[3:],
)


def types_of(board: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(TILE_TYPES.index(name) for line in board for name in line.split())


def tx(text: str) -> int:
    tile = parse_tile(text)
    assert tile is not None, text
    return tile


def act(state: FiveTribesState, text: str) -> None:
    """Apply ``text`` through the checked path."""
    state.apply_action(state.string_to_action(text))


def legal(state: FiveTribesState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def load(game: serai.Game, text: str) -> FiveTribesState:
    state = game.from_position(text)
    assert isinstance(state, FiveTribesState)
    return state


class Setup:
    """The fields of a position under construction (``fields``, by state field name)."""

    def __init__(self, state: FiveTribesState) -> None:
        self.game: FiveTribes = state.game
        self.fields: Fields = read_fields(self.game, state.position())

    @property
    def players(self) -> int:
        return self.game.num_players

    def text(self) -> str:
        return write_fields(self.game, self.fields)

    def state(self) -> FiveTribesState:
        return load(self.game, self.text())

    # -- pieces -------------------------------------------------------------------------------
    def clear(self) -> Setup:
        """Every meeple on the board goes back to the bag."""
        meeples, bag = self.fields["meeples"], self.fields["bag"]
        for index, count in enumerate(meeples):
            bag[index % NUM_COLOURS] += count
            meeples[index] = 0
        return self

    def put(self, where: str, *colours: str) -> Setup:
        """Meeples of ``colours`` go from the bag onto ``where``."""
        for name in colours:
            c = COLOURS.index(name)
            assert self.fields["bag"][c] > 0, name
            self.fields["bag"][c] -= 1
            self.fields["meeples"][NUM_COLOURS * tx(where) + c] += 1
        return self

    def hold(self, seat: int, viziers: int = 0, elders: int = 0) -> Setup:
        """``seat`` holds these Viziers and Elders, the difference taken from the bag."""
        f = self.fields
        f["bag"][0] -= viziers - f["viziers"][seat]
        f["bag"][1] -= elders - f["elders"][seat]
        f["viziers"][seat] = viziers
        f["elders"][seat] = elders
        return self

    def give_cards(self, seat: int, *cards: str) -> Setup:
        """``seat`` takes these cards from the resource pile (or, when it has none, the row)."""
        f = self.fields
        for name in cards:
            c = CARDS.index(name)
            if f["pile"][c]:
                f["pile"][c] -= 1
            else:
                f["row"].remove(c)
            f["hand"][seat * NUM_CARDS + c] += 1
        return self

    def empty_pile(self, *seats: int) -> Setup:
        """The cards left in the resource pile go round ``seats``' hands."""
        f = self.fields
        cards = [c for c in range(NUM_CARDS) for _ in range(f["pile"][c])]
        for i, c in enumerate(cards):
            f["hand"][seats[i % len(seats)] * NUM_CARDS + c] += 1
        f["pile"] = [0] * NUM_CARDS
        return self

    def give_djinn(self, seat: int, name: str) -> Setup:
        """``seat`` owns this Djinn (taken from the pile or the display)."""
        f = self.fields
        d = DJINNS.index(name)
        if f["djinn_pile"] >> d & 1:
            f["djinn_pile"] &= ~(1 << d)
        else:
            f["display"].remove(d)
        f["djinn_owner"][d] = seat
        return self

    def set_row(self, *cards: str) -> Setup:
        """Replace the row (old row cards go back to the pile)."""
        f = self.fields
        for c in f["row"]:
            f["pile"][c] += 1
        f["row"] = []
        for name in cards:
            c = CARDS.index(name)
            f["pile"][c] -= 1
            f["row"].append(c)
        return self

    def claim(self, seat: int, *where: str) -> Setup:
        """``seat``'s camels go onto these tiles."""
        for tile in where:
            self.fields["camel"][tx(tile)] = seat
            self.fields["camels_left"][seat] -= 1
        return self

    def place(self, where: str, palms: int = 0, palaces: int = 0) -> Setup:
        """Palm Trees and Palaces from the supply onto ``where``."""
        f = self.fields
        f["palms"][tx(where)] += palms
        f["palms_left"] -= palms
        f["palaces"][tx(where)] += palaces
        f["palaces_left"] -= palaces
        return self

    def set(self, **fields: object) -> Setup:
        """Fields whose value nothing else counts (gold, flags, ...)."""
        for name, value in fields.items():
            assert name in self.fields, name
            self.fields[name] = value
        return self

    # -- nodes --------------------------------------------------------------------------------
    def start_turn(self, seat: int, *later: int) -> FiveTribesState:
        """``seat`` starts its turn now, the markers of ``later`` wait to play after it, and
        every other marker has played this round (T1, T2)."""
        f = self.fields
        n = self.players
        markers = Counter({s: MARKERS[n] for s in range(n)})
        waiting = [seat, *later]
        played = list((markers - Counter(waiting)).elements())
        f.update(paid=[-1] * 6, used=0, echidna=False, iblis=False, discount=0)
        f.update(final_tile=-1, tribe=-1, collected=0, in_hand=[0] * NUM_COLOURS)
        if played:
            # The last marker to have played ends its turn.
            f.update(
                phase=FINAL, actor=played[-1], next_order=played, bid_slot=sum(markers.values())
            )
            f.update(zeros=waiting[:3], last=waiting[3:])
            state = self.state()
            act(state, "end")
        else:
            # Every marker is still to play: the first to play makes the last bid, bid 0.
            f.update(phase=BID, actor=seat, bid_order=[*later, seat], next_order=[])
            f.update(bid_slot=len(later), zeros=list(later[:2]), last=list(later[2:]))
            state = self.state()
            act(state, "bid 0")
        assert state.actor == seat
        return state

    def at_node(
        self,
        seat: int,
        phase: int,
        final: str | None = None,
        collected: int = 0,
        tribe: int = YELLOW,
    ) -> FiveTribesState:
        """``seat``, whose turn it is, is at ``phase``, its move having ended on ``final``
        where it took ``collected`` meeples of ``tribe``."""
        self.fields.update(
            actor=seat,
            phase=phase,
            final_tile=-1 if final is None else tx(final),
            collected=collected,
            tribe=tribe if final is not None else -1,
            used=0,
            echidna=False,
            iblis=False,
        )
        return self.state()


def board_x(
    players: int = 4,
    bid_order: tuple[int, ...] | None = None,
    row: tuple[str, ...] = ("fish",) * 6 + ("wheat",) * 3,
    display: tuple[str, ...] = ("enki", "sloar", "leta"),
    board: tuple[str, ...] = BOARD_X,
) -> Setup:
    """Board X after setup at the first bid, with every meeple back in the bag."""
    game = serai.load_game("five_tribes", players=players)
    state = game.new_initial_state()
    assert isinstance(state, FiveTribesState)
    for tile, kind in enumerate(types_of(board)):
        act(state, f"deal-tile {tile % 6},{tile // 6} {TILE_TYPES[kind]}")
    while state.phase_name == "draw-meeple":
        state.apply_action(state.legal_actions()[0])
    if bid_order is None:
        bid_order = tuple(s for s in range(players) for _ in range(MARKERS[players]))
    for seat in bid_order:
        act(state, f"bid-order p{seat}")
    for card in row:
        act(state, f"draw-card {card}")
    for djinn in display:
        act(state, f"draw-djinn {djinn}")
    assert state.phase == BID
    return Setup(state).clear()
