"""The old President (seed 000) as a second game of the server: creation, play, forced cards, leaks, replay."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from president.old import MISSING, Event, OldMatch, parse_card
from president.server.edge.connection import Connection
from president.server.edge.hub import Hub
from president.server.play.oldgame import OldTableMatch, face_down_log
from president.server.play.tables import Table
from president.server.protocol import CreateTableRequest, UpdateOut

from .support import CARD, create_table, hello, join, make_config, receive, send

pytestmark = pytest.mark.timeout(120)

Messages = list[tuple[int | None, dict[str, Any]]]

OLD = {"game": "old-president", "players": 3, "deals": 2,
       "options": {"chips": 50, "staking": "equal", "stake": 16, "president_turnup": "board"}}


def test_an_old_president_table_is_made_with_its_options(client: TestClient) -> None:
    made = create_table(client, **OLD, seats=[None, "careful", "random"], name="Ann")
    table = made["table"]
    assert table["game"] == "old-president" and table["rules"] == "old-president"
    assert table["options"] == OLD["options"] and table["deals"] == 2 and made["seat"] == 0
    assert {b["name"] for b in client.get("/api/bots", params={"game": "old-president"}).json()} == {
        "careful", "random"}
    assert create_table(client, rules="tavern-jack")["table"]["game"] == "president"


@pytest.mark.parametrize(("body", "words"), [
    ({"players": 2}, "3 to 10"),
    ({"players": 10, "game": "president"}, "at most 8"),
    ({"options": {"chips": "many"}}, "chips"),
    ({"options": {"staking": "equal", "stake": 12}}, "multiple of 8"),
    ({"options": {"staking": "lavish"}}, "staking"),
    ({"options": {"auto_play": True}}, "no option"),
    ({"target_score": 100}, "number of deals"),
    ({"seats": [None, "classic"]}, "no bot"),
])
def test_options_the_old_game_cannot_play_are_refused(client: TestClient, body: dict[str, Any], words: str) -> None:
    response = client.post("/api/tables", json={**OLD, **body})
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]["message"]


def test_the_old_game_allows_ten_seats(client: TestClient) -> None:
    assert len(create_table(client, **{**OLD, "players": 10})["table"]["seats"]) == 10


async def _handled(hub: Hub, conn: Connection, text: str) -> None:
    task = hub.handle(conn, text)
    if task is not None:
        await task


async def _play(hub: Hub, seats: list[str | None], seed: int, deals: int) -> tuple[Table, Messages]:
    """One old game through the hub, people starting sequences at random; every message kept."""
    rng = random.Random(seed)
    table, _, _ = await hub.create_table(CreateTableRequest(game="old-president", players=len(seats), seats=seats,
                                                            deals=deals))
    tokens = {i: (await table.join(f"P{i}", i))[1] for i, bot in enumerate(seats) if bot is None}
    conns = {i: hub.connection() for i in tokens}
    watcher = hub.connection()
    for i, conn in conns.items():
        hub.handle(conn, json.dumps({"type": "hello", "table": table.id, "token": tokens[i]}))
    hub.handle(watcher, json.dumps({"type": "hello", "table": table.id, "spectate": True}))
    await _handled(hub, next(iter(conns.values())), '{"type": "start"}')
    messages: Messages = []
    latest: dict[int, dict[str, Any]] = {}
    # Bounded by time, not by turns of the loop: a move's messages wait for its commit, which takes longer on a
    # busy machine while the loop turns as fast as ever.
    deadline = asyncio.get_running_loop().time() + 300
    while asyncio.get_running_loop().time() < deadline:
        for seat, conn in [*conns.items(), (None, watcher)]:
            for text in conn.pending():
                message = json.loads(text)
                assert message["type"] != "error", message
                messages.append((seat, message))
                if seat is not None and message["type"] in ("snapshot", "update") and message["view"]:
                    latest[seat] = message
        if table.status == "finished":
            break
        match = table.match
        assert isinstance(match, OldTableMatch)
        to_act = match.to_act
        if to_act in conns and not match.forced and to_act in latest and latest[to_act]["seq"] == table.ply:
            move = rng.choice(latest[to_act]["view"]["legal_moves"])
            await _handled(hub, conns[to_act], json.dumps({"type": "move", "move": move, "seq": table.ply}))
        else:
            await asyncio.sleep(0)
    assert table.status == "finished"
    return table, messages


def cards_in(message: Any) -> set[int]:
    """Every card of the old game named anywhere in a JSON message (as old-game card numbers)."""
    return {parse_card(word) for word in CARD.findall(json.dumps(message))}


class Truth:
    """What each seat may know before and after each move, from a replay of the finished game.

    Public: the cards played this deal, the turned-up card, the card the table is about to play for its
    holder, and a dummy card that stopped a sequence (everyone sees that nobody holds it).
    """

    def __init__(self, table: Table) -> None:
        assert isinstance(table.match, OldTableMatch) and table.seed is not None
        fresh = table.settings.new_match(table.seed, table.deal_secret)
        assert isinstance(fresh, OldTableMatch)
        match = fresh.match
        self.players = match.players
        self.hands: list[list[set[int]]] = []
        self.public: list[set[int]] = []
        self.dummies: list[set[int]] = []
        self.stoppers: set[int] = set()
        self.moves = [parse_card(move) for move in table.match.match.moves]
        self._take(match, match.log)
        for move in table.match.match.moves:
            self._take(match, match.apply(move))

    def _take(self, match: OldMatch, events: list[Event]) -> None:
        for event in events:
            if event.type == "deal_start":
                self.stoppers = set()
            elif event.type == "sequence_end" and event.data["reason"] == "dummy":
                self.stoppers.add(parse_card(event.data["next"]))
        self.hands.append([set(match.hand(seat)) for seat in range(self.players)])
        turned = set() if match.turned_up is None else {match.turned_up}
        coming = {play.card for play in match.legal_moves()} if match.phase == "continue" else set()
        self.public.append({card for _, card in match.played} | turned | coming | self.stoppers)
        self.dummies.append(set(match.dummy()) - self.stoppers)

    def check(self, messages: Messages) -> int:
        """Check every message; returns how many were checked."""
        checked = 0
        for seat, message in messages:
            if message["type"] not in ("snapshot", "update") or message["view"] is None:
                continue
            seq = message["seq"]
            steps = [seq - 1, seq] if message["type"] == "update" else [seq]
            allowed = {MISSING, self.moves[seq - 1]} if message["type"] == "update" else {MISSING}
            for n in steps:
                allowed |= self.public[n] | (self.hands[n][seat] if seat is not None else set())
            view = message["view"]
            shown = {key: value for key, value in view.items() if key not in ("last_deal", "settlement")}
            events = [e for e in message.get("events", []) if e["type"] not in ("deal_end", "settlement_deal")]
            extra = cards_in([shown, events]) - allowed
            assert not extra, f"seat {seat} was shown {sorted(extra)} at move {seq}"
            mine = set() if seat is None else self.hands[seq][seat]
            assert {parse_card(text) for text in view["hand"]} == mine
            assert not cards_in(view["played"]) & self.dummies[seq]
            revealed = view["last_deal"]
            if revealed is not None and view["phase"] != "over":
                assert revealed["deal"] < view["deal"]
            checked += 1
        return checked


def test_no_old_game_message_shows_a_hand_or_the_dummy(tmp_path: Path) -> None:
    async def run() -> tuple[int, int, list[Messages]]:
        hub = Hub(make_config(tmp_path))
        checked = forced = 0
        kept: list[Messages] = []
        try:
            for seed, seats in enumerate([[None, "careful", None], [None, None, "random", "careful"],
                                          [None, None, None, None, None]]):
                table, messages = await _play(hub, seats, seed, deals=2)
                checked += Truth(table).check(messages)
                forced += sum(1 for s, m in messages if s is None and m["type"] == "update" and m["by"] == "forced")
                kept.append(messages)
        finally:
            hub.close()
        return checked, forced, kept

    checked, forced, kept = asyncio.run(run())
    assert checked > 300 and forced > 20
    for messages in kept:
        for _, message in messages:
            if message["type"] == "update":
                UpdateOut.model_validate(message)


def test_forced_cards_are_played_by_the_table_and_people_only_start_sequences(tmp_path: Path) -> None:
    async def run() -> Messages:
        hub = Hub(make_config(tmp_path))
        try:
            _, messages = await _play(hub, [None, None, None], 3, deals=1)
        finally:
            hub.close()
        return messages

    updates = [m for s, m in run_and_keep(run) if s is None and m["type"] == "update"]
    for update in updates:
        plays = [e for e in update["events"] if e["type"] == "play"]
        assert len(plays) == 1
        assert plays[0]["lead"] == (update["by"] == "person")
    assert {u["by"] for u in updates} == {"person", "forced"}


def run_and_keep(run: Any) -> Messages:
    """Run a coroutine function holding a hub; its messages."""
    result: Messages = asyncio.run(run())
    return result


def test_a_finished_old_game_is_kept_with_its_record(client: TestClient) -> None:
    made = create_table(client, **OLD, seats=[None, "careful", "careful"], name="Ann")
    table_id, token = made["table"]["id"], made["token"]
    with client.websocket_connect("/ws") as ws:
        last = hello(ws, table_id, token)
        send(ws, {"type": "start"})
        while last["view"] is None or last["view"]["phase"] != "over":
            message = receive(ws)
            if message["type"] not in ("snapshot", "update"):
                continue
            last = message
            view = message["view"]
            if view["to_act"] == 0 and view["phase"] == "lead":
                send(ws, {"type": "move", "move": view["legal_moves"][0], "seq": message["seq"]})
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "finished"
    found = client.get(f"/api/matches/{info['match_id']}").json()
    assert found["rules"] == "old-president" and found["names"] == ["Ann", None, None]
    replay = OldMatch.replay(found["record"])
    assert replay.is_over and [c - 50 for c in replay.chips] == found["scores"]
    assert sum(found["scores"]) == 0
    assert last["view"]["settlement"] is None or last["view"]["settlement"]["hands"]
    # Its replay: one step per card of the record (the table plays every card as a move), every hand face up.
    got = client.get(f"/api/matches/{info['match_id']}/steps").json()
    assert got["game"] == "old-president" and got["names"] == ["Ann", None, None]
    cards = [step for step in got["steps"] if step["seat"] is not None]
    assert [step["index"] for step in cards] == list(range(len(replay.moves)))
    assert [step["events"][0]["card"] for step in cards] == replay.moves
    assert got["chips"] == replay.chips == got["steps"][-1]["chips"]
    assert got["chips_by_deal"] == last["view"]["chips_by_deal"] and len(got["chips_by_deal"]) == 2
    first = got["steps"][0]
    assert sum(len(hand) for hand in first["hands"]) + len(first["dummy"]) == 50


@pytest.mark.parametrize("open_record", [False, True])
def test_an_unfinished_old_game_has_no_steps_and_a_snapshot_brings_back_its_log(client: TestClient,
                                                                                 open_record: bool) -> None:
    options = {**OLD["options"], "open_record": open_record}
    made = create_table(client, **{**OLD, "options": options}, seats=[None, "careful", "careful"], name="Ann")
    table_id, token = made["table"]["id"], made["token"]
    with client.websocket_connect("/ws") as ws:
        hello(ws, table_id, token)
        send(ws, {"type": "start"})
        events: list[dict[str, Any]] = []
        seq = 0
        while True:
            message = receive(ws)
            if message["type"] == "update":
                events.extend(message["events"])
                seq = message["seq"]
            view = message.get("view")
            if message["type"] in ("snapshot", "update") and view and view["to_act"] == 0 and view["phase"] == "lead":
                if seq >= 12:
                    break  # Ann's turn: nothing moves until she plays
                send(ws, {"type": "move", "move": view["legal_moves"][0], "seq": message["seq"]})
        assert client.get("/api/tables/" + table_id).json()["match_id"] is None
        for match_id in (1, 2, 999):
            answer = client.get(f"/api/matches/{match_id}/steps")
            assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"
        assert client.get("/api/matches").json() == []
    with client.websocket_connect("/ws") as again:
        snapshot = hello(again, table_id, token)
    assert snapshot["seq"] == seq
    log = snapshot["view"]["log"]
    assert 0 < len(log) <= 60 and not {e["type"] for e in log} & {"stake", "deal", "deal_end"}
    # The log ends with the events of the latest moves, as the updates brought them; without the open record, the
    # cards of the sequences that stopped are face down: one line each, and no card of theirs.
    shown = [e for e in events if e["type"] not in ("stake", "deal", "deal_end")]
    assert len(shown) >= 20
    if open_record:
        assert log[-20:] == shown[-20:] and "face_down" not in {e["type"] for e in log}
    else:
        expected = face_down_log(shown)
        assert log[-len(expected):] == expected
        stops = [i for i, e in enumerate(log) if e["type"] == "sequence_end"]
        assert stops and not any(e["type"] == "play" for e in log[:stops[-1]])
        assert {e["card"] for e in shown if e["type"] == "play"} - {e["card"] for e in log if e["type"] == "play"}
    assert snapshot["view"]["chips_by_deal"] == [] and "log" not in snapshot["view"]["options"]


def test_a_person_cannot_play_a_card_for_someone_else(client: TestClient) -> None:
    made = create_table(client, **OLD, seats=[None, None, "careful"], name="Ann")
    table_id = made["table"]["id"]
    other = join(client, table_id, "Bo")
    with client.websocket_connect("/ws") as ws:
        hello(ws, table_id, other["token"])
        send(ws, {"type": "start"})
        snapshot = receive(ws)
        while snapshot["type"] != "snapshot":
            snapshot = receive(ws)
        assert snapshot["view"]["to_act"] == 1 and snapshot["view"]["hand"]
        send(ws, {"type": "move", "move": "Ks" if "Ks" not in snapshot["view"]["hand"] else "Kc"})
        error = receive(ws)
        while error["type"] != "error":
            error = receive(ws)
        assert error["code"] == "illegal_move" and "do not hold" in error["message"]


def test_the_face_down_log_turns_each_stopped_sequence_into_one_line_and_keeps_every_other_event() -> None:
    match = OldMatch(players=4, deals=2, seed=5)
    rng = random.Random(5)
    while not match.is_over:
        match.apply(rng.choice(match.legal_moves()))
    events = [e.to_dict() for e in match.log]
    shown = face_down_log(events)
    assert [e for e in shown if e["type"] not in ("play", "face_down")] == \
        [e for e in events if e["type"] != "play"]
    plays = [e for e in events if e["type"] == "play"]
    assert sum(e["count"] for e in shown if e["type"] == "face_down") + sum(
        1 for e in shown if e["type"] == "play") == len(plays)
    # One face-down line for each sequence that stopped, naming the player who led it.
    stopped, leader = [], None
    for e in events:
        if e["type"] == "play" and e["lead"]:
            leader = e["seat"]
        elif e["type"] == "sequence_end":
            stopped.append(leader)
    assert stopped and [e["seat"] for e in shown if e["type"] == "face_down"] == stopped
    assert face_down_log(shown) == shown
