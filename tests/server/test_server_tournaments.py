"""Tournaments: Swiss pairing and standings, and whole events of bots and a scripted person over the server."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete, update
from starlette.testclient import TestClient

from president.server import create_app
from president.server.play.pairing import BoardResult, meetings, pair_round, standings, table_points
from president.server.store.schema import MoveRow, TableRow
from president.server.store.storage import Storage

from .support import hello, make_config, receive, send, until

pytestmark = pytest.mark.timeout(120)


# ----------------------------------------------------------------- pairing and standings


def test_table_points_rank_the_match_scores_and_share_ties() -> None:
    assert table_points([5, 9, 1, 5]) == [1.5, 3.0, 0.0, 1.5]


def test_standings_order_by_points_then_score_then_opponents() -> None:
    results = [BoardResult([0, 1], [3, 1]), BoardResult([2, 3], [3, 1]), BoardResult([3, 4], [5, 0])]
    table = standings(range(5), results)
    # 3, 2 and 0 have a point each: 3 scored most; 2 and 0 scored 3, but 2 met 3 (a point) and 0 met 1 (none).
    assert [s.entry for s in table] == [3, 2, 0, 1, 4]
    assert [(s.points, s.score, s.buchholz, s.played) for s in table[:3]] == [
        (1.0, 6, 1.0, 2), (1.0, 3, 1.0, 1), (1.0, 3, 0.0, 1)]


def test_pairing_fills_tables_in_order_with_bots_in_the_short_one() -> None:
    assert pair_round([4, 2, 0, 1, 3], 2, Counter()) == [[4, 2], [0, 1], [3, None]]
    assert pair_round([0, 1, 2, 3, 4], 4, Counter()) == [[0, 1, 2, 3], [4, None, None, None]]


def test_pairing_avoids_repeat_meetings_where_it_can() -> None:
    met = meetings([[0, 1], [2, 3]])
    assert pair_round([0, 1, 2, 3], 2, met) == [[0, 2], [1, 3]]
    # Everyone left has met 0: the one met least often joins it.
    met = meetings([[0, 1, 2], [0, 1, 3], [0, 2, None]])
    assert pair_round([0, 1, 2, 3], 2, met) == [[0, 3], [1, 2]]


# ----------------------------------------------------------------- whole events over the server


def event(client: TestClient, **body: Any) -> tuple[str, str]:
    made = client.post("/api/tournaments", json={"name": "Friday cup", "rules": "tavern-jack", "rounds": 3,
                                                 "seats": 3, "deals": 1, "turn_seconds": 5, **body})
    assert made.status_code == 201, made.text
    return made.json()["tournament"]["id"], made.json()["host_key"]


def my_table(client: TestClient, tid: str, entry: int, round_no: int) -> tuple[str, int] | None:
    """The table and seat of ``entry`` in round ``round_no``, once it is paired."""
    info = client.get(f"/api/tournaments/{tid}").json()
    for r in info["played"]:
        if r["round"] == round_no:
            for board in r["boards"]:
                for seat, who in enumerate(board["seats"]):
                    if who["entry"] == entry:
                        return board["table"], seat
    return None


def play_round(client: TestClient, tid: str, entry: int, key: str, round_no: int) -> str:
    """Play ``entry``'s match of a round by hand (the last legal move each turn); returns the table id."""
    deadline = time.monotonic() + 30
    found = my_table(client, tid, entry, round_no)
    while found is None:
        assert time.monotonic() < deadline, f"round {round_no} was never paired"
        time.sleep(0.02)
        found = my_table(client, tid, entry, round_no)
    table_id, seat = found
    with client.websocket_connect("/ws") as ws:
        last = hello(ws, table_id, key)
        assert last["seat"] == seat
        info = client.get(f"/api/tournaments/{tid}").json()
        board = next(b for r in info["played"] for b in r["boards"] if b["table"] == table_id)
        assert [s["name"] for s in last["table"]["seats"]] == [s["name"] for s in board["seats"]]
        while last["view"] is None or last["view"]["phase"] != "over":
            view = last["view"]
            if view is not None and view["to_act"] == seat:
                send(ws, {"type": "move", "move": view["legal_moves"][-1], "seq": last["seq"]})
            message = receive(ws)
            while message["type"] not in ("update", "snapshot"):
                assert message["type"] != "error", message
                message = receive(ws)
            last = message
    return table_id


def wait_for(client: TestClient, tid: str, status: str) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while True:
        info: dict[str, Any] = client.get(f"/api/tournaments/{tid}").json()
        if info["status"] == status:
            return info
        assert time.monotonic() < deadline, info
        time.sleep(0.02)


def test_an_event_of_bots_and_a_person_is_paired_played_and_kept_across_a_restart(tmp_path: Path) -> None:
    config = make_config(tmp_path)
    with TestClient(create_app(config)) as client:
        tid, host = event(client)
        joined = client.post(f"/api/tournaments/{tid}/join", json={"name": "Ann"}).json()
        ann, key = joined["entry"], joined["key"]
        for bot in ("random", "classic", "random", "classic"):
            assert client.post(f"/api/tournaments/{tid}/bots", json={"host_key": host, "bot": bot}).status_code == 200
        assert client.post(f"/api/tournaments/{tid}/start", json={"host_key": "wrong"}).status_code == 403
        started = client.post(f"/api/tournaments/{tid}/start", json={"host_key": host})
        assert started.status_code == 200, started.text
        first = started.json()["tournament"]["played"][0]["boards"]
        # Five entrants at tables of three: one full table, then two entrants and a filling bot.
        assert [[s["entry"] for s in b["seats"]] for b in first] == [[0, 1, 2], [3, 4, None]]
        assert client.post(f"/api/tournaments/{tid}/join", json={"name": "Late"}).status_code == 400
        played = [play_round(client, tid, ann, key, 1)]
    # The server stops between rounds; the next one comes back with it and is played to the end.
    with TestClient(create_app(config)) as client:
        played.append(play_round(client, tid, ann, key, 2))
        played.append(play_round(client, tid, ann, key, 3))
        with client.websocket_connect("/ws") as ws:
            hello(ws, played[0], key)
            send(ws, {"type": "rematch"})
            assert until(ws, "error")["code"] == "match_over"
        info = wait_for(client, tid, "finished")
    assert len(set(played)) == 3
    assert [r["round"] for r in info["played"]] == [1, 2, 3]
    met = meetings([[s["entry"] for s in b["seats"]] for r in info["played"] for b in r["boards"]])
    for r in info["played"]:
        for board in r["boards"]:
            assert board["match_id"] is not None and len(board["scores"]) == 3
    # Ten pairs among five entrants, six meetings of pairs each round at most: repeats only when forced.
    assert max(met.values()) <= 2
    ranked = info["standings"]
    assert [s["rank"] for s in ranked] == [1, 2, 3, 4, 5]
    assert sum(s["played"] for s in ranked) == 3 * 5
    results = [BoardResult([s["entry"] for s in b["seats"]], b["scores"]) for r in info["played"] for b in r["boards"]]
    assert [s["entry"] for s in ranked] == [s.entry for s in standings(range(5), results)]
    with TestClient(create_app(config)) as client:
        again = client.get(f"/api/tournaments/{tid}").json()
        assert again["standings"] == ranked
        assert client.get("/api/tournaments").json()[0]["status"] == "finished"
        record = client.get(f"/api/matches/{info['played'][0]['boards'][0]['match_id']}")
        assert record.status_code == 200


def test_bad_events_and_entries_are_refused(client: TestClient) -> None:
    bad = [{"rounds": 0}, {"seats": 9}, {"rules": "no-such"}, {"options": {"exchange": [30]}}, {"extra": 1}]
    for body in bad:
        response = client.post("/api/tournaments", json={"name": "Cup", **body})
        assert response.status_code in (400, 422), (body, response.text)
    tid, host = event(client)
    assert client.post(f"/api/tournaments/{tid}/start", json={"host_key": host}).status_code == 400
    assert client.post(f"/api/tournaments/{tid}/bots", json={"host_key": host, "bot": "nobody"}).status_code == 400
    joined = client.post(f"/api/tournaments/{tid}/join", json={"name": "Bo"}).json()
    assert client.post(f"/api/tournaments/{tid}/join", json={"name": "Bo"}).status_code == 400
    assert client.post(f"/api/tournaments/{tid}/leave", json={"key": "nope"}).status_code == 403
    assert client.post(f"/api/tournaments/{tid}/leave", json={"key": joined["key"]}).status_code == 200
    assert client.get(f"/api/tournaments/{tid}").json()["entries"] == []
    assert client.get("/api/tournaments/nothing").status_code == 404


def test_one_address_may_run_a_few_events_at_once(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path, client_tournaments=2))) as client:
        event(client)
        event(client)
        refused = client.post("/api/tournaments", json={"name": "Third"})
        assert refused.status_code == 429


def test_an_entrant_who_never_comes_is_played_for_and_the_event_ends(client: TestClient) -> None:
    tid, host = event(client, rounds=2, seats=3, turn_seconds=1, grace_seconds=0)
    assert client.post(f"/api/tournaments/{tid}/join", json={"name": "Absent"}).status_code == 200
    for bot in ("random", "random"):
        client.post(f"/api/tournaments/{tid}/bots", json={"host_key": host, "bot": bot})
    assert client.post(f"/api/tournaments/{tid}/start", json={"host_key": host}).status_code == 200
    info = wait_for(client, tid, "finished")
    assert [s["played"] for s in info["standings"]] == [2, 2, 2]


def test_a_round_stored_but_not_started_when_the_server_stopped_starts_after_the_restart(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path, bot_delay=5.0))) as client:
        tid, host = event(client, rounds=2, seats=3)
        for bot in ("random", "classic", "random"):
            client.post(f"/api/tournaments/{tid}/bots", json={"host_key": host, "bot": bot})
        tables = [b["table"] for b in client.post(f"/api/tournaments/{tid}/start", json={"host_key": host})
                  .json()["tournament"]["played"][0]["boards"]]
    # As if the server had stopped after storing the round and before starting its tables.
    storage = Storage(make_config(tmp_path).database_url)
    with storage.engine.begin() as db:
        db.execute(update(TableRow).where(TableRow.id.in_(tables)).values(status="waiting", match_no=0, seed=None))
        db.execute(delete(MoveRow).where(MoveRow.table_id.in_(tables)))
    storage.close()
    with TestClient(create_app(make_config(tmp_path))) as client:
        info = wait_for(client, tid, "finished")
        assert info["played"][0]["boards"][0]["table"] == tables[0]
        assert [s["played"] for s in info["standings"]] == [2, 2, 2]
