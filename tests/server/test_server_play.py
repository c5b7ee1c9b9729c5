"""Live play over WebSockets: seats, start, moves, spectators, races, rematch."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter
from starlette.testclient import TestClient

from president import Match
from president.server.protocol import ServerMessage

from .support import create_table, hello, join, play_until_turn_or_over, receive, send, until

pytestmark = pytest.mark.timeout(60)

SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def test_a_person_plays_a_whole_match_against_bots(client: TestClient) -> None:
    made = create_table(client, rules="three-of-clubs", seats=[None, "classic", "random", "classic"], deals=2,
                        name="Ann")
    table_id, token = made["table"]["id"], made["token"]
    seen: list[dict[str, Any]] = []
    with client.websocket_connect("/ws") as ws:
        snapshot = hello(ws, table_id, token)
        assert snapshot["seat"] == 0 and snapshot["view"] is None and snapshot["table"]["status"] == "waiting"
        send(ws, {"type": "start"})
        last = until(ws, "snapshot")
        seen.append(last)
        assert last["table"]["status"] == "playing" and last["seq"] == 0
        assert len(last["view"]["hand"]) == 13
        while last["view"]["phase"] != "over":
            if last["view"]["to_act"] == 0:
                send(ws, {"type": "move", "move": last["view"]["legal_moves"][0], "seq": last["seq"]})
            message = receive(ws)
            seen.append(message)
            if message["type"] == "update":
                assert message["seq"] == last["seq"] + 1
                last = message
        assert until(ws, "table")["table"]["status"] == "finished"
    for message in seen:
        SERVER_MESSAGE.validate_python(message)
    people = {m["by"] for m in seen if m["type"] == "update" and m["seat"] == 0}
    bots = {m["by"] for m in seen if m["type"] == "update" and m["seat"] != 0}
    assert people == {"person"} and bots == {"bot"}
    matches = client.get("/api/matches").json()
    assert len(matches) == 1 and matches[0]["names"] == ["Ann", None, None, None]
    record = client.get(f"/api/matches/{matches[0]['id']}/record").text
    replayed = Match.replay(record)
    assert replayed.is_over and replayed.scores == last["view"]["scores"] == matches[0]["scores"]
    assert len(replayed.moves) == last["seq"]
    board = client.get("/api/leaderboard").json()
    assert board == [{"name": "Ann", "matches": 1, "wins": int(0 in replayed.winners),
                      "mean_points": float(replayed.scores[0])}]


def test_seats_are_arranged_before_the_start_and_frozen_after(client: TestClient) -> None:
    table_id = create_table(client, players=4)["table"]["id"]
    ann = join(client, table_id, "Ann")
    with client.websocket_connect("/ws") as ws:
        hello(ws, table_id, ann["token"])
        send(ws, {"type": "start"})
        assert until(ws, "error")["code"] == "seats_open"
        send(ws, {"type": "seat", "seat": 0, "bot": "random"})
        assert until(ws, "error")["code"] == "seat_taken"
        send(ws, {"type": "seat", "seat": 2, "bot": "nobody"})
        assert until(ws, "error")["code"] == "bad_bot"
        send(ws, {"type": "seat", "seat": 2, "bot": "hard"})
        assert until(ws, "table")["table"]["seats"][2]["bot"] == "hard"
        send(ws, {"type": "seat", "seat": 2, "bot": None})
        assert until(ws, "table")["table"]["seats"][2]["kind"] == "open"
        send(ws, {"type": "fill", "bot": "random"})
        seats = until(ws, "table")["table"]["seats"]
        assert [s["kind"] for s in seats] == ["person", "bot", "bot", "bot"]
        send(ws, {"type": "seat", "seat": 3, "bot": "classic"})
        until(ws, "table")
        send(ws, {"type": "start"})
        assert until(ws, "snapshot")["table"]["seats"][3]["bot"] == "classic"
        send(ws, {"type": "seat", "seat": 3, "bot": "random"})
        assert until(ws, "error")["code"] == "already_started"
        send(ws, {"type": "start"})
        assert until(ws, "error")["code"] == "already_started"
    late = client.post(f"/api/tables/{table_id}/join", json={"name": "Late"})
    assert late.json()["error"]["code"] == "already_started"


def test_leaving_frees_the_seat_and_the_token_stops_working(client: TestClient) -> None:
    table_id = create_table(client, players=3)["table"]["id"]
    bo = join(client, table_id, "Bo")
    with client.websocket_connect("/ws") as ws:
        hello(ws, table_id, bo["token"])
        send(ws, {"type": "leave"})
        assert until(ws, "snapshot")["seat"] is None
        send(ws, {"type": "start"})
        assert until(ws, "error")["code"] == "not_seated"
    assert client.get(f"/api/tables/{table_id}").json()["seats"][bo["seat"]]["kind"] == "open"
    with client.websocket_connect("/ws") as ws:
        send(ws, {"type": "hello", "table": table_id, "token": bo["token"]})
        assert receive(ws)["code"] == "bad_token"


def start_two_people(client: TestClient) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A 3-seat table with two people and a random bot; returns the table id and the two joins."""
    table_id = create_table(client, rules="tavern-jack", players=3, seats=[None, None, "random"])["table"]["id"]
    return table_id, join(client, table_id, "Ann"), join(client, table_id, "Bo")


def until_seq(ws: Any, seq: int) -> dict[str, Any]:
    """Receive until the snapshot or update of move ``seq``."""
    message = receive(ws)
    while message["type"] not in ("update", "snapshot") or message["seq"] != seq:
        message = receive(ws)
    return message


def until_turn(ws: Any, seat: int, last: dict[str, Any], others: dict[int, Any]) -> dict[str, Any]:
    """Receive on ``ws`` until ``seat`` is to act or the match is over; meanwhile the people of ``others`` (seat →
    socket) play their first legal move on their turns (the deal, drawn from the match's secret, says who leads)."""
    while last["view"]["to_act"] != seat and last["view"]["phase"] != "over":
        mover = others.get(last["view"]["to_act"])
        if mover is not None:
            own = last if mover is ws else until_seq(mover, last["seq"])
            send(mover, {"type": "move", "move": own["view"]["legal_moves"][0], "seq": own["seq"]})
        last = receive(ws)
        while last["type"] not in ("update", "snapshot"):
            last = receive(ws)
    return last


def test_two_connections_of_one_seat_racing_for_the_same_move(client: TestClient) -> None:
    table_id, ann, bo = start_two_people(client)
    with client.websocket_connect("/ws") as a1, client.websocket_connect("/ws") as a2, \
            client.websocket_connect("/ws") as b:
        hello(a1, table_id, ann["token"])
        hello(a2, table_id, ann["token"])
        hello(b, table_id, bo["token"])
        send(b, {"type": "start"})
        last = until(a1, "snapshot")
        until(a2, "snapshot")
        last = until_turn(a1, 0, last, {1: b})
        play_until_turn_or_over(a2, 0, last)
        moves = last["view"]["legal_moves"]
        seq = last["seq"]
        send(a1, {"type": "move", "move": moves[0], "seq": seq})
        send(a2, {"type": "move", "move": moves[-1], "seq": seq})
        first = until(a1, "update", seq=seq + 1)
        assert first["seat"] == 0
        assert until(a2, "update", seq=seq + 1) == first
        error = until(a2, "error")
        assert error["code"] in ("stale", "not_your_turn") and error["ref"] == "move"
        assert until(b, "update", seq=seq + 1)["seat"] == 0
        send(a1, {"type": "sync"})
        assert until(a1, "snapshot")["seq"] >= seq + 1


def test_a_client_cannot_act_for_another_seat(client: TestClient) -> None:
    table_id, ann, bo = start_two_people(client)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        hello(a, table_id, ann["token"])
        hello(b, table_id, bo["token"])
        send(a, {"type": "start"})
        last = until(b, "snapshot")
        last = until_turn(b, 0, last, {1: b})
        seq = last["seq"]
        some_move = last["view"]["history"][-1]["move"] if last["view"]["history"] else "3c"
        send(b, {"type": "move", "move": "pass", "seq": seq})
        assert until(b, "error")["code"] == "not_your_turn"
        send(b, {"type": "move", "move": some_move, "seat": 0})
        assert until(b, "error")["code"] == "bad_message"
        send(b, {"type": "sync"})
        assert until(b, "snapshot")["seq"] == seq
        send(a, {"type": "sync"})
        assert until(a, "snapshot", seq=seq)["view"]["to_act"] == 0


def test_stale_and_illegal_moves_are_refused_and_change_nothing(client: TestClient) -> None:
    table_id, ann, bo = start_two_people(client)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        hello(a, table_id, ann["token"])
        hello(b, table_id, bo["token"])
        send(a, {"type": "start"})
        last = until_turn(a, 0, until(a, "snapshot"), {1: b})
        seq = last["seq"]
        send(a, {"type": "move", "move": last["view"]["legal_moves"][0], "seq": seq + 5})
        assert until(a, "error")["code"] == "stale"
        held = set(last["view"]["hand"])
        missing = next(c for c in ("3c", "3d", "3h", "3s", "4c") if c not in held)
        send(a, {"type": "move", "move": missing})
        error = until(a, "error")
        assert error["code"] == "illegal_move" and "do not hold" in error["message"]
        send(a, {"type": "move", "move": "give"})
        assert until(a, "error")["code"] == "illegal_move"
        send(a, {"type": "sync"})
        again = until(a, "snapshot")
        assert again["seq"] == seq and again["view"] == last["view"]


def test_spectators_watch_without_any_hand_and_cannot_play(client: TestClient) -> None:
    table_id, ann, bo = start_two_people(client)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b, \
            client.websocket_connect("/ws") as watcher:
        hello(a, table_id, ann["token"])
        hello(b, table_id, bo["token"])
        snapshot = hello(watcher, table_id)
        assert snapshot["seat"] is None
        send(a, {"type": "start"})
        view = until(watcher, "snapshot")["view"]
        assert view["hand"] == [] and view["legal_moves"] == [] and sum(view["counts"]) == 52
        send(watcher, {"type": "move", "move": "pass"})
        assert until(watcher, "error")["code"] == "not_seated"
        send(watcher, {"type": "rematch"})
        assert until(watcher, "error")["code"] == "not_seated"


def test_rematch_after_the_end_keeps_the_seats(client: TestClient) -> None:
    made = create_table(client, players=3, seats=[None, "random", "random"], deals=1, name="Ann")
    table_id, token = made["table"]["id"], made["token"]
    with client.websocket_connect("/ws") as ws:
        hello(ws, table_id, token)
        send(ws, {"type": "rematch"})
        assert until(ws, "error")["code"] == "not_started"
        send(ws, {"type": "start"})
        until(ws, "snapshot")
        send(ws, {"type": "rematch"})
        assert until(ws, "error")["code"] == "not_over"
        send(ws, {"type": "sync"})  # the bots may have moved meanwhile (the deal says who leads)
        last = until(ws, "snapshot")
        while last["view"]["phase"] != "over":
            last = play_until_turn_or_over(ws, 0, last)
            if last["view"]["phase"] != "over":
                send(ws, {"type": "move", "move": last["view"]["legal_moves"][-1], "seq": last["seq"]})
                last = until(ws, "update", seq=last["seq"] + 1)
        send(ws, {"type": "move", "move": "pass"})
        assert until(ws, "error")["code"] == "match_over"
        send(ws, {"type": "rematch"})
        again = until(ws, "snapshot")
        assert again["table"]["match_no"] == 2 and again["seq"] == 0 and again["table"]["status"] == "playing"
        assert again["table"]["match_id"] == 1
        assert again["view"]["scores"] == [0, 0, 0]
