"""The web platform's HTTP and WebSocket interface: tables, moves, errors, undo, bots."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import serai
from serai.server.guard import RateLimit
from tests.server.conftest import Creator


def state_of(client: TestClient, table: dict[str, Any], token: str = "") -> dict[str, Any]:
    response = client.get(f"/api/tables/{table['table']['id']}", params={"token": token})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def move(client: TestClient, table: dict[str, Any], token: str, action: str, revision: int) -> Any:
    return client.post(
        f"/api/tables/{table['table']['id']}/move",
        json={"token": token, "action": action, "revision": revision},
    )


def engine_state(client: TestClient, table: dict[str, Any]) -> serai.State:
    """The table's state rebuilt the way the server stores it: from its record."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live: serai.State = hub.tables[table["table"]["id"]].state
    return live


def play_until(
    client: TestClient, table: dict[str, Any], token: str, done: Any, seed: int = 1
) -> dict[str, Any]:
    """Play random legal moves with ``token`` until ``done(message)`` holds."""
    rng = random.Random(seed)
    message = state_of(client, table, token)
    while not done(message):
        assert message["legal"], "the token's seats must be to move"
        response = move(client, table, token, rng.choice(message["legal"]), message["revision"])
        assert response.status_code == 200, response.text
        message = response.json()
    return message


def test_games_lists_every_game_with_its_options(client: TestClient) -> None:
    body = client.get("/api/games").json()
    names = [g["name"] for g in body["games"]]
    assert names == serai.list_games()
    nomads = next(g for g in body["games"] if g["name"] == "nomads_of_arabia")
    assert nomads["min_players"] == 3
    assert {o["name"] for o in nomads["options"]} >= {"special_disks", "max_turns"}
    assert body["difficulties"] == ["easy", "medium", "hard"]


@pytest.mark.parametrize(
    ("body", "code", "says"),
    [
        ({"game": "chess", "seats": [{}, {}]}, "bad_table", "unknown game"),
        ({"game": "five_tribes", "players": 2, "seats": [{}]}, "bad_table", "needs 2 seats"),
        ({"game": "five_tribes", "players": 9, "seats": [{}] * 8}, "invalid", "players"),
        (
            {"game": "five_tribes", "players": 2, "seats": [{}, {"kind": "bot", "bot": "alpha"}]},
            "invalid",
            "seats.1.bot",
        ),
        (
            {
                "game": "five_tribes",
                "players": 2,
                "seats": [{}, {"kind": "bot", "bot": "mcts", "difficulty": "godlike"}],
            },
            "invalid",
            "seats.1.difficulty",
        ),
        (
            {
                "game": "desert_sons",
                "players": 2,
                "options": {"desert_border": 3},
                "seats": [{}, {}],
            },
            "bad_table",
            "desert_border",
        ),
        ({"game": "desert_sons", "seats": "two"}, "invalid", "seats"),
    ],
)
def test_a_bad_table_is_refused_with_the_reason(
    client: TestClient, body: dict[str, Any], code: str, says: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    error = response.json()
    assert error["code"] == code
    assert says in error["message"]
    assert client.get("/api/tables").json()["tables"] == []


def test_a_seat_sees_its_own_view_and_legal_actions(client: TestClient, new_table: Creator) -> None:
    table = new_table("five_tribes", ["human", "human"])
    state = engine_state(client, table)
    seat = state.current_player()
    mine = state_of(client, table, table["tokens"][seat])
    other = state_of(client, table, table["tokens"][1 - seat])
    spectator = state_of(client, table)
    assert mine["view"] == json.loads(json.dumps(state.view(seat)))
    assert mine["legal"] == [state.action_to_string(a) for a in state.legal_actions()]
    assert mine["seat"] == seat and mine["you"] == [seat]
    assert [choice["text"] for choice in mine["choices"]] == mine["legal"]
    assert mine["choices"] == [
        {"text": state.action_to_string(a), **state.game.decode(a)._asdict()}
        for a in state.legal_actions()
    ]
    assert other["legal"] == [] and other["view"] == json.loads(json.dumps(state.view(1 - seat)))
    assert spectator["seat"] is None and spectator["legal"] == []
    assert spectator["view"] == json.loads(json.dumps(state.view(None)))
    # setup's draws are in every log, as each viewer may read them
    assert len(mine["log"]) == len(state.history()) > 0


def test_a_move_is_stored_and_pushed_to_every_connection(
    client: TestClient, new_table: Creator
) -> None:
    table = new_table("through_the_desert", ["human", "human"])
    tid = table["table"]["id"]
    first = engine_state(client, table).current_player()
    with (
        client.websocket_connect(f"/ws/tables/{tid}?token={table['tokens'][first]}") as mover,
        client.websocket_connect(f"/ws/tables/{tid}") as watcher,
    ):
        hello = mover.receive_json()
        assert hello["type"] == "hello" and hello["table"]["id"] == tid
        start = mover.receive_json()
        watcher.receive_json()
        watcher.receive_json()
        action = start["legal"][0]
        mover.send_json({"type": "move", "action": action, "revision": start["revision"]})
        after = mover.receive_json()
        seen = watcher.receive_json()
    assert after["revision"] == seen["revision"] == start["revision"] + 1
    assert after["log"][-1]["text"] == seen["log"][-1]["text"] == action
    assert seen["legal"] == []
    # each connection is sent only the log lines it lacks
    assert start["log_start"] == 0 and len(start["log"]) > 0
    assert after["log_start"] == len(start["log"]) and len(after["log"]) == 1
    assert state_of(client, table)["log_start"] == 0


def test_after_an_undo_the_log_restarts_where_the_turn_began(
    client: TestClient, new_table: Creator
) -> None:
    table = new_table("through_the_desert", ["human", "human"], hotseat=True)
    token = table["hotseat"].split("token=")[1]
    play_until(
        client,
        table,
        token,
        lambda m: (
            m["view"]["phase"] == "camels"
            and m["view"]["placed_this_turn"] == 0
            and m["view"]["camels_this_turn"] == 2
        ),
    )
    with client.websocket_connect(f"/ws/tables/{table['table']['id']}?token={token}") as ws:
        ws.receive_json()
        start = ws.receive_json()
        ws.send_json({"type": "move", "action": start["legal"][0], "revision": start["revision"]})
        placed = ws.receive_json()
        assert placed["can_undo"] and placed["log_start"] == len(start["log"])
        ws.send_json({"type": "undo", "revision": placed["revision"]})
        undone = ws.receive_json()
    assert undone["log_start"] == len(start["log"]) and undone["log"] == []
    assert undone["view"] == start["view"]


def test_a_connection_behind_two_undos_and_a_move_is_sent_the_lines_from_the_first_undone(
    db_url: str,
) -> None:
    """A connection whose last message was sent before two undos and a new decision (its
    next one waited meanwhile, or its process caught up with all three at once) has more
    lines than the table: it is sent them again from the first one taken back."""
    from serai.server.store import Store
    from serai.server.tables import Hub, NewSeat, Sent

    async def play() -> tuple[dict[str, Any], list[Any], int]:
        store = Store(db_url)
        hub = Hub(store)
        try:
            table, _, _ = await hub.create(
                "five_tribes", 2, {}, [NewSeat("human")] * 2, hotseat=True
            )
            everyone = (0, 1)
            rng = random.Random(2)
            while True:
                seat = table.state.current_player()
                by = [mover for _, mover, _, _ in table.moves[-2:]]
                if by == [seat, seat] and table.undo_target(seat) is not None:
                    sent = Sent()
                    table.message_since(everyone, sent)
                    await hub.undo(table, everyone, table.revision)
                    if table.undo_target(seat) is not None:
                        await hub.undo(table, everyone, table.revision)
                        kept = len(table.moves)
                        text = rng.choice(table.state.legal_actions())
                        move = table.state.action_to_string(text)
                        await hub.move(table, everyone, move, table.revision)
                        told = json.loads(table.message_since(everyone, sent))
                        whole = json.loads(table.message_text(everyone))["log"]
                        return told, whole, kept
                move = table.state.action_to_string(rng.choice(table.state.legal_actions()))
                await hub.move(table, everyone, move, table.revision)
        finally:
            store.close()

    told, whole, kept = asyncio.run(play())
    assert told["log_start"] == kept
    assert told["log"] == whole[kept:]


def test_bad_input_gets_a_clear_error_and_changes_nothing(
    client: TestClient, new_table: Creator
) -> None:
    table = new_table("through_the_desert", ["human", "human"])
    tid = table["table"]["id"]
    seat = engine_state(client, table).current_player()
    history = list(engine_state(client, table).history())
    with client.websocket_connect(f"/ws/tables/{tid}?token={table['tokens'][seat]}") as ws:
        ws.receive_json()
        start = ws.receive_json()
        revision = start["revision"]
        cases = [
            ("{not json", "malformed", "Invalid JSON"),
            ("[1, 2]", "malformed", "should be an object"),
            (json.dumps({"type": "dance", "revision": revision}), "malformed", "'move', 'undo'"),
            (json.dumps({"type": "move", "action": start["legal"][0]}), "malformed", "revision"),
            (json.dumps({"type": "move", "revision": revision}), "malformed", "action"),
            (
                json.dumps({"type": "move", "action": "x" * 5000, "revision": revision}),
                "too_large",
                "at most",
            ),
            (
                json.dumps({"type": "move", "action": "fly to the moon", "revision": revision}),
                "illegal_action",
                "",
            ),
            (
                json.dumps({"type": "move", "action": start["legal"][0], "revision": revision + 5}),
                "stale_state",
                "changed",
            ),
            (json.dumps({"type": "undo", "revision": revision}), "cannot_undo", "nothing"),
        ]
        for text, code, says in cases:
            ws.send_text(text)
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == code, (text, error)
            assert says in error["message"]
        # the stale and illegal errors carry the fresh state; the connection still plays
        ws.send_text(json.dumps({"type": "move", "action": start["legal"][0], "revision": 7}))
        stale = ws.receive_json()
        assert stale["state"]["revision"] == revision
        assert engine_state(client, table).history() == history
        ws.send_json({"type": "move", "action": start["legal"][0], "revision": revision})
        assert ws.receive_json()["revision"] == revision + 1


def test_an_illegal_action_says_what_is_allowed(client: TestClient, new_table: Creator) -> None:
    table = new_table("nomads_of_arabia", ["human", "human", "human"], hotseat=True)
    token = table["hotseat"].split("token=")[1]
    message = state_of(client, table, token)
    response = move(client, table, token, "sell camel,camel", message["revision"])
    assert response.status_code == 422
    error = response.json()
    assert error["code"] == "illegal_action"
    assert error["state"]["revision"] == message["revision"]
    assert any(legal in error["message"] for legal in message["legal"][:3])


def test_out_of_turn_wrong_token_unknown_table(client: TestClient, new_table: Creator) -> None:
    table = new_table("five_tribes", ["human", "human"])
    seat = engine_state(client, table).current_player()
    waiting = table["tokens"][1 - seat]
    message = state_of(client, table, table["tokens"][seat])
    response = move(client, table, waiting, message["legal"][0], message["revision"])
    assert response.status_code == 409 and response.json()["code"] == "not_your_turn"
    spectator = move(client, table, "", message["legal"][0], message["revision"])
    assert spectator.json()["code"] == "not_your_turn"
    assert "spectators" in spectator.json()["message"]
    wrong = client.get(f"/api/tables/{table['table']['id']}", params={"token": "forged"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "bad_token"
    assert client.get("/api/tables/nope").status_code == 404
    with client.websocket_connect(f"/ws/tables/{table['table']['id']}?token=forged") as ws:
        assert ws.receive_json()["code"] == "bad_token"
    assert engine_state(client, table).history() == engine_state(client, table).history()
    assert state_of(client, table)["revision"] == message["revision"]


def test_two_clients_answering_one_state_one_wins_one_is_stale(
    client: TestClient, new_table: Creator
) -> None:
    table = new_table("through_the_desert", ["human", "human"], hotseat=True)
    token = table["hotseat"].split("token=")[1]
    message = state_of(client, table, token)
    first = move(client, table, token, message["legal"][0], message["revision"])
    second = move(client, table, token, message["legal"][-1], message["revision"])
    assert first.status_code == 200
    assert second.status_code == 409
    assert second.json()["code"] == "stale_state"
    assert second.json()["state"]["revision"] == message["revision"] + 1
    assert second.json()["state"]["log"][-1]["text"] == message["legal"][0]


def test_r_undo_takes_back_a_camel_within_the_turn_only(
    client: TestClient, new_table: Creator
) -> None:
    """Through the Desert: two camels a turn; the first may be taken back, not the turn."""
    table = new_table("through_the_desert", ["human", "human"], hotseat=True)
    token = table["hotseat"].split("token=")[1]
    state = engine_state(client, table)
    message = play_until(
        client,
        table,
        token,
        lambda m: m["view"]["phase"] == "camels" and m["view"]["placed_this_turn"] == 1,
    )
    assert message["can_undo"]
    before = list(engine_state(client, table).history())
    undone = client.post(
        f"/api/tables/{table['table']['id']}/undo",
        json={"token": token, "revision": message["revision"]},
    ).json()
    assert undone["revision"] == message["revision"] + 1
    assert engine_state(client, table).history() == before[:-1]
    assert undone["view"]["placed_this_turn"] == 0
    assert not undone["can_undo"]
    assert state is not engine_state(client, table)


def test_undo_stops_at_information_a_peek_revealed() -> None:
    """Desert Sons R20: a peek shows a chip's value, so it cannot be taken back."""
    game = serai.load_game("desert_sons", players=2)
    state = game.new_initial_state()
    peeks = [a for a in range(game.num_distinct_actions()) if "peek" in _text(state, a)]
    assert len(peeks) == 8 and all(state.reveals_information(a) for a in peeks)
    others = [state.parse_action(text) for text in ("end", "draw", "keep-chip", "move 5,1")]
    assert None not in others
    assert not any(state.reveals_information(a) for a in others if a is not None)


def test_undo_stops_at_a_played_special_disk() -> None:
    """Nomads of Arabia §7: a played disk is shown to everyone, and so is a Sands answer."""
    state = serai.load_game("nomads_of_arabia", players=3).new_initial_state()
    for text, reveals in [
        ("play silver-tongue", True),
        ("play sands-of-time", True),
        ("pass", True),
        ("end", False),
        ("capture", False),
        ("stay", False),
    ]:
        action = state.parse_action(text)
        assert action is not None and state.reveals_information(action) is reveals, text


def _text(state: serai.State, action: int) -> str:
    try:
        return state.action_to_string(action)
    except (serai.GameError, ValueError, IndexError):
        return ""


def test_bots_play_a_whole_game_by_themselves(client: TestClient, new_table: Creator) -> None:
    table = new_table("desert_sons", ["random", "greedy"])
    deadline = time.monotonic() + 60
    message = state_of(client, table)
    while not message["over"] and time.monotonic() < deadline:
        time.sleep(0.05)
        message = state_of(client, table)
    assert message["over"]
    assert message["scores"] == engine_state(client, table).scores()
    assert sum(message["returns"]) == pytest.approx(1)
    assert message["table"]["status"] == "finished"


def test_a_finished_game_replays_step_by_step(client: TestClient, new_table: Creator) -> None:
    table = new_table("five_tribes", ["human", "random"])
    tid = table["table"]["id"]
    token = table["tokens"][0]
    early = client.get(f"/api/tables/{tid}/replay/0", params={"token": token})
    assert early.status_code == 409 and early.json()["code"] == "not_finished"
    deadline = time.monotonic() + 120
    message = state_of(client, table, token)
    rng = random.Random(3)
    while not message["over"] and time.monotonic() < deadline:
        if message["legal"]:
            answer = move(client, table, token, rng.choice(message["legal"]), message["revision"])
            if answer.status_code == 200:
                message = answer.json()
                continue
        time.sleep(0.01)
        message = state_of(client, table, token)
    assert message["over"]
    steps = message["table"]["actions"]
    middle = client.get(f"/api/tables/{tid}/replay/{steps // 2}", params={"token": token}).json()
    rebuilt = serai.load_game("five_tribes", players=2).new_initial_state()
    for action in engine_state(client, table).history()[: steps // 2]:
        rebuilt.apply_action(action)
    assert middle["view"] == json.loads(json.dumps(rebuilt.view(0)))
    assert len(middle["log"]) == steps // 2 and middle["steps"] == steps
    bad = client.get(f"/api/tables/{tid}/replay/{steps + 1}")
    assert bad.json()["code"] == "bad_step"


def test_replay_steps_are_limited_per_address(client: TestClient, new_table: Creator) -> None:
    """Each step replays its game: one address asking for many slows every table."""
    tid = new_table("five_tribes", ["human", "random"])["table"]["id"]
    limits = client.app.state.limits  # type: ignore[attr-defined]
    limits.replays_by_address = RateLimit(per_minute=1e-6, burst=3)  # no refill while it runs
    here = TestClient(client.app, client=("203.0.113.8", 1))
    answers = [here.get(f"/api/tables/{tid}/replay/0") for _ in range(4)]
    assert [a.json()["code"] for a in answers] == ["not_finished"] * 3 + ["too_many"]
    assert answers[3].status_code == 429 and "replay steps" in answers[3].json()["message"]
    elsewhere = TestClient(client.app, client=("203.0.113.9", 1))
    assert elsewhere.get(f"/api/tables/{tid}/replay/0").json()["code"] == "not_finished"


@pytest.mark.parametrize(
    "step", ["-1", str(2**53), "9" * 4000], ids=["negative", "2_53", "4000_digits"]
)
def test_a_replay_step_no_browser_reads_exactly_is_refused_short(
    client: TestClient, new_table: Creator, step: str
) -> None:
    tid = new_table("five_tribes", ["human", "random"])["table"]["id"]
    refused = client.get(f"/api/tables/{tid}/replay/{step}")
    assert refused.status_code == 422 and refused.json()["code"] == "invalid"
    assert len(refused.content) < 1000, "the step is not written back whole"


def test_reading_tables_not_held_here_counts_against_the_address(
    client: TestClient, new_table: Creator
) -> None:
    """Each table read from the store is replayed and then held: one address reading every
    stored game could fill the server's memory. Such reads count as connections opened;
    tables already held do not, and other addresses read on."""
    ids = [new_table("through_the_desert", ["human", "human"])["table"]["id"] for _ in range(4)]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.tables.clear()  # as after a restart: every table is in the store alone
    limits = client.app.state.limits  # type: ignore[attr-defined]
    limits.openings = RateLimit(per_minute=1e-6, burst=3)  # no refill while it runs
    here = TestClient(client.app, client=("203.0.113.8", 1))
    reads = ["", "/chat", "/layout"]
    answers = [here.get(f"/api/tables/{tid}{path}") for tid, path in zip(ids, reads, strict=False)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    refused = here.get(f"/api/tables/{ids[3]}/analysis")
    assert refused.status_code == 429 and refused.json()["code"] == "too_many"
    assert "tables opened" in refused.json()["message"]
    assert ids[3] not in hub.tables, "a refused read loads nothing"
    unknown = here.get(f"/api/tables/{'x' * len(ids[0])}")
    assert unknown.json()["code"] == "too_many", "an unknown id costs a read of the store too"
    assert here.get(f"/api/tables/{ids[0]}").status_code == 200, "a held table reads on"
    elsewhere = TestClient(client.app, client=("203.0.113.9", 1))
    assert elsewhere.get(f"/api/tables/{ids[3]}").status_code == 200


def test_the_lobby_lists_open_tables_and_join_takes_a_seat(
    client: TestClient, new_table: Creator
) -> None:
    table = new_table("through_the_desert", ["open", "open", "mcts"])
    hidden = new_table("through_the_desert", ["human", "human"], listed=False)
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [table["table"]["id"]]
    assert hidden["table"]["id"] not in {t["id"] for t in listed}
    tid = table["table"]["id"]
    assert [s["open"] for s in listed[0]["seats"]] == [True, True, False]
    assert table["invites"] == []
    first = client.post(f"/api/tables/{tid}/join", json={}).json()
    second = client.post(f"/api/tables/{tid}/join", json={}).json()
    assert {first["seat"], second["seat"]} == {0, 1}
    full = client.post(f"/api/tables/{tid}/join", json={})
    assert full.status_code == 409 and full.json()["code"] == "table_full"
    mine = state_of(client, table, first["token"])
    assert mine["you"] == [first["seat"]]
    assert not any(s["open"] for s in client.get("/api/tables").json()["tables"][0]["seats"])
    hidden_join = client.post(f"/api/tables/{hidden['table']['id']}/join", json={})
    assert hidden_join.json()["code"] == "not_open"


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_tables_survive_a_restart(
    database: str, db_url: str, executor: Any, request: pytest.FixtureRequest
) -> None:
    from serai.server import create_app

    if database == "postgresql":
        db_url = request.getfixturevalue("postgres_url")

    with TestClient(create_app(db_url, executor=executor)) as first:
        made = first.post(
            "/api/tables",
            json={"game": "five_tribes", "players": 2, "seats": [{}, {}], "hotseat": True},
        ).json()
        table = {**made, "tokens": {}}
        token = made["hotseat"].split("token=")[1]
        rng = random.Random(5)
        for _ in range(12):
            message = state_of(first, table, token)
            move(first, table, token, rng.choice(message["legal"]), message["revision"])
        before = state_of(first, table, token)
    with TestClient(create_app(db_url, executor=executor)) as second:
        after = state_of(second, table, token)
    assert after == before


def test_the_rules_panel_gets_every_ruling_of_a_game(client: TestClient) -> None:
    from serai import rulebook

    for name in serai.list_games():
        body = client.get(f"/api/rules/{name}").json()
        assert [r["label"] for r in body["rulings"]] == [r.label for r in rulebook.rulings(name)]
        assert body["rulings"][0]["anchor"] == "r1" and "<p>" in body["rulings"][0]["html"]
        assert "<h2>Notation</h2>" in body["introduction"]
        assert "<script" not in json.dumps(body)
    missing = client.get("/api/rules/chess")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    assert "text/html" in client.get("/rules/five_tribes").headers["content-type"]


def test_log_lines_carry_the_parts_of_what_their_reader_saw_whole(
    client: TestClient, new_table: Creator
) -> None:
    table = new_table("nomads_of_arabia", ["human", "human", "human"], hotseat=True)
    token = table["hotseat"].split("token=")[1]
    live = client.app.state.hub.tables[table["table"]["id"]]  # type: ignore[attr-defined]

    def something_hidden(message: dict[str, Any]) -> bool:
        return message["over"] or any(len(set(texts)) > 1 for texts, _, _ in live.seen)

    play_until(client, table, token, something_hidden)
    hidden = 0
    for seat in (None, 0, 1, 2):
        for line, (action, _, text, _) in zip(
            live.log_for(seat, len(live.moves)), live.moves, strict=True
        ):
            if line["text"] == text:
                assert line["parts"] == live.game.decode(action)._asdict()
            else:
                assert "parts" not in line
                hidden += 1
    assert hidden > 0, "some draws are hidden from some reader"


def test_a_hotseat_device_reads_the_log_a_spectator_reads(
    client: TestClient, new_table: Creator
) -> None:
    """Every seat shares a hotseat device: joined as the page joins them (the lines before
    ``log_start`` kept), its log lines are always the public ones, whoever is to move."""
    table = new_table("nomads_of_arabia", ["human", "human", "human"], hotseat=True)
    token = table["hotseat"].split("token=")[1]
    app: Any = client.app
    live = app.state.hub.tables[table["table"]["id"]]
    # it moves as fast as the server answers, for as long as it takes: not a flood
    app.state.limits.messages = RateLimit(per_minute=6e7, burst=100)
    rng = random.Random(4)
    viewers = set()  # the seats that were the device's viewer after a private line

    def private() -> bool:
        return any(len(set(texts)) > 1 for texts, _, _ in live.seen)

    with client.websocket_connect(f"/ws/tables/{live.id}?token={token}") as ws:
        ws.receive_json()
        lines: list[dict[str, Any]] = []
        while True:
            message = ws.receive_json()
            if private():
                viewers.add(message["seat"])
            lines = lines[: message["log_start"]] + message["log"]
            assert lines == live.log_for(None, len(live.moves))
            if message["over"] or viewers == {0, 1, 2}:
                break
            action = rng.choice(message["legal"])
            ws.send_json({"type": "move", "action": action, "revision": message["revision"]})
    assert viewers == {0, 1, 2}, "every seat read the log after a private line"


def test_bots_wait_their_pace_while_someone_watches(db_url: str, executor: Any) -> None:
    """With people watching, a bot's next move waits until the pace since its last one
    has passed (the worker serves other tables meanwhile); unwatched, bots move at once."""
    from serai.server import create_app

    with TestClient(create_app(db_url, executor=executor, bot_pace=3600)) as slow:
        made = slow.post(
            "/api/tables",
            json={
                "game": "through_the_desert",
                "players": 2,
                "seats": [{}, {"kind": "bot", "bot": "random"}],
                "hotseat": True,
            },
        ).json()
        tid = made["table"]["id"]
        token = made["hotseat"].split("token=")[1]
        table = {**made, "tokens": {}}
        hub = slow.app.state.hub  # type: ignore[attr-defined]
        with slow.websocket_connect(f"/ws/tables/{tid}") as watcher:
            watcher.receive_json()
            start = watcher.receive_json()
            mine = state_of(slow, table, token)
            move(slow, table, token, mine["legal"][0], mine["revision"])

            last = start["revision"]

            def next_revision() -> int:
                """The next revision the watcher is told of (a seat taken tells the last
                one again)."""
                nonlocal last
                while (told := watcher.receive_json()["revision"]) == last:
                    pass
                last = int(told)
                return last

            revisions = [next_revision(), next_revision()]
            assert revisions == [start["revision"] + 1, start["revision"] + 2], "bot at once"
            mine = state_of(slow, table, token)
            assert mine["legal"], "the person's turn again"
            move(slow, table, token, mine["legal"][0], mine["revision"])
            assert next_revision() == start["revision"] + 3
            live = hub.tables[tid]
            assert live.next_bot > time.monotonic() + 3000
            slow.portal.call(hub._bot_turn, tid, hub.driver.workers[0])
            assert live.revision == start["revision"] + 3, "the bot waits for its pace"


def test_messages_speak_plainly(client: TestClient, new_table: Creator) -> None:
    """The seat to act is told what to decide, every log line comes in words with the
    players' names, and the score parts have labels."""
    made = client.post(
        "/api/tables",
        json={
            "game": "through_the_desert",
            "players": 2,
            "seats": [{"name": "Ada"}, {"name": "Bea"}],
        },
    ).json()
    tid = made["table"]["id"]
    tokens = {invite["seat"]: invite["token"] for invite in made["invites"]}
    first = client.get(f"/api/tables/{tid}", params={"token": tokens[0]}).json()
    acting, waiting = (0, 1) if first["legal"] else (1, 0)
    mine = client.get(f"/api/tables/{tid}", params={"token": tokens[acting]}).json()
    theirs = client.get(f"/api/tables/{tid}", params={"token": tokens[waiting]}).json()
    assert mine["prompt"] and "leader" in mine["prompt"].lower()
    assert theirs["prompt"] == ""
    moved = move(
        client, made | {"tokens": tokens}, tokens[acting], mine["legal"][0], mine["revision"]
    )
    last = moved.json()["log"][-1]
    assert ("Ada" if acting == 0 else "Bea") in last["words"] and "{" not in last["words"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello = ws.receive_json()
    assert hello["labels"]["total"] and set(hello["labels"]) >= {"total"}


def test_tables_of_a_game_share_its_decisions_and_other_options_have_their_own() -> None:
    """Each choice sent (its text and decoded parts) and the board's layout are built once
    for every table of a game and options; they are what the engine says at every table,
    a river board's too."""
    import asyncio

    from serai.server.store import Store
    from serai.server.tables import Hub, NewSeat

    async def play() -> None:
        hub = Hub(Store("sqlite://"))
        tables = []
        for options in ({}, {}, {"board": "river"}):
            made, _, _ = await hub.create(
                "through_the_desert", 2, options, [NewSeat("human")] * 2, hotseat=True
            )
            tables.append(made)
        assert tables[0].shared is tables[1].shared
        assert tables[2].shared is not tables[0].shared
        assert tables[2].shared.layout() == tables[2].game.layout() != tables[0].shared.layout()
        rng = random.Random(4)
        for table in tables:
            for _ in range(30):
                state, game = table.state, table.game
                expected = [
                    {"text": state.action_to_string(a), **game.decode(a)._asdict()}
                    for a in state.legal_actions()
                ]
                message = table.message((0, 1))
                assert message["choices"] == expected
                assert message["legal"] == [choice["text"] for choice in expected]
                text = rng.choice(message["legal"])
                await hub.move(table, (0, 1), text, table.revision)
                parts = table.message((0, 1), log_from=len(table.moves) - 1)["log"][-1]["parts"]
                assert parts == game.decode(table.moves[-1][0])._asdict()

    asyncio.run(play())


def test_the_parts_shared_by_a_games_tables_are_kept_for_the_games_used_last() -> None:
    """Tables at ever new options (every ``max_turns``) cannot grow the server's memory
    without end: the games used longest ago are let go."""
    from serai.server.tables import KEPT_GAMES, Shared

    first = serai.load_game("nomads_of_arabia", players=3, max_turns=1)
    kept = Shared.of(first)
    for turns in range(2, KEPT_GAMES + 10):
        Shared.of(serai.load_game("nomads_of_arabia", players=3, max_turns=turns))
        Shared.of(first)  # in use all along
    assert len(Shared.known) == KEPT_GAMES
    assert Shared.of(first) is kept
    oldest = serai.load_game("nomads_of_arabia", players=3, max_turns=2)
    assert repr(oldest) not in Shared.known
