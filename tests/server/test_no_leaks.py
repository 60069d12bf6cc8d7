"""Nothing a seat may not see is ever sent to it: every message is built from its view.

For every game, a table is played at random through the server's own code path, and at
many points each seat's (and a spectator's) message is built twice: from the live state
and from a copy whose hidden information, as that seat sees it, was scrambled. The two
must be identical, so no field of a message depends on anything hidden from its reader.
"""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from serai.server.store import Store
from serai.server.tables import Hub, NewSeat, Table

GAMES = [
    ("through_the_desert", 3),
    ("five_tribes", 3),
    ("nomads_of_arabia", 3),
    ("desert_sons", 3),
]


def canonical(message: dict[str, object]) -> str:
    return json.dumps(message, sort_keys=True)


def check_blind(table: Table, rng: random.Random) -> int:
    """Compare each reader's message with one built over scrambled hidden information."""
    differences = 0
    for seat in [None, *range(table.game.num_players)]:
        seats = () if seat is None else (seat,)
        real = table.message(seats)
        scrambled = table.state.scramble_hidden(seat, rng)
        assert canonical(table.message(seats, scrambled)) == canonical(real), seat
        differences += canonical(scrambled.view(None)) != canonical(table.state.view(None))
    return differences


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_messages_are_blind_to_hidden_information(name: str, players: int) -> None:
    async def play() -> int:
        hub = Hub(Store("sqlite://"))
        table, _, _ = await hub.create(
            name, players, {}, [NewSeat("human")] * players, hotseat=True
        )
        rng = random.Random(11)
        checked = 0
        for step in range(400):
            if table.state.is_terminal():
                break
            if step % 7 == 0:
                check_blind(table, rng)
                checked += 1
            seat = table.state.current_player()
            text = table.state.action_to_string(rng.choice(table.state.legal_actions()))
            await hub.move(table, (seat,), text, table.revision)
        return checked

    assert asyncio.run(play()) > 10


def test_the_check_can_fail() -> None:
    """A message that showed the full state's scores mid-game would be caught: at the first
    position where the hidden values change the scores, the two messages differ."""

    async def play() -> None:
        hub = Hub(Store("sqlite://"))
        table, _, _ = await hub.create("five_tribes", 2, {}, [NewSeat("human")] * 2, hotseat=True)
        rng = random.Random(2)
        while not table.state.is_terminal():
            scrambled = table.state.scramble_hidden(0, random.Random(1))
            if scrambled.scores() != table.state.scores():
                leaky = {**table.message((0,)), "scores": table.state.scores()}
                leaky_scrambled = {**table.message((0,), scrambled), "scores": scrambled.scores()}
                assert canonical(leaky) != canonical(leaky_scrambled)
                return
            seat = table.state.current_player()
            text = table.state.action_to_string(rng.choice(table.state.legal_actions()))
            await hub.move(table, (seat,), text, table.revision)
        raise AssertionError("no position where hidden values change the scores")

    asyncio.run(play())


def test_a_hotseat_device_shows_no_seat_s_hidden_values_while_a_bot_plays() -> None:
    """The device is still in the hands of the player who moved last: while no seat it
    plays for is to move, it is shown what a spectator sees (a stranger's review: it was
    shown the first seat's gold), and each seat's own view again at its turn."""

    async def play() -> list[tuple[int, int | None]]:
        hub = Hub(Store("sqlite://"))
        seats = [NewSeat("human"), NewSeat("human"), NewSeat("bot", bot="greedy")]
        table, _, _ = await hub.create("five_tribes", 3, {}, seats, hotseat=True, seed=3)
        device = (0, 1)
        rng = random.Random(2)
        shown = []
        while len(shown) < 40 and not table.state.is_terminal():
            message = table.message(device)
            to_move = table.state.current_player()
            shown.append((to_move, message["seat"]))
            if to_move in device:
                assert message["view"] == table.state.view(to_move)
                text = table.state.action_to_string(rng.choice(table.state.legal_actions()))
                await hub.move(table, device, text, table.revision)
            else:  # the bot's turn, played here by hand
                assert message["view"] == table.state.view(None)
                action = rng.choice(table.state.legal_actions())
                async with table.lock:
                    await hub._commit(table, to_move, [action])
        return shown

    shown = asyncio.run(play())
    assert {seat for to_move, seat in shown if to_move == 2} == {None}
    assert {seat for to_move, seat in shown if to_move in (0, 1)} == {0, 1}
