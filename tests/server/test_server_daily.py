"""The deal of the day: everyone on the same cards against the same computer players that day, one try an
account, a leaderboard of the field, and the day's secret kept until the day is over."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from president import Match
from president.duplicate import dealt_hands
from president.secret_deals import DealSecret
from president.server import create_app
from president.server.play.daily import DAILY_DEALS, DAILY_RULES, field_scores

from .support import make_config, receive, send

pytestmark = pytest.mark.timeout(120)

PASSWORD = "correct horse battery"
DAY_ONE = datetime.datetime(2026, 3, 1, 12, tzinfo=datetime.UTC).timestamp()


def _sign_up(client: TestClient, name: str) -> None:
    client.cookies.clear()
    assert client.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201


def _play(client: TestClient, table_id: str, token: str, pick: int) -> dict[str, Any]:
    """Start the table and play seat 0 to the end (legal move ``pick`` each turn); the last view."""
    with client.websocket_connect("/ws") as ws:
        send(ws, {"type": "hello", "table": table_id, "token": token})
        receive(ws)
        send(ws, {"type": "start"})
        sent = -1
        while True:
            message = receive(ws)
            assert message["type"] != "error", message
            view = message.get("view") if message["type"] in ("snapshot", "update") else None
            if view is None:
                continue
            if view["phase"] == "over":
                return dict(view)
            if view["to_act"] == 0 and view["legal_moves"] and sent != message["seq"]:
                moves = view["legal_moves"]
                send(ws, {"type": "move", "move": moves[min(pick, len(moves) - 1)], "seq": message["seq"]})
                sent = message["seq"]


def test_two_players_of_a_day_get_the_same_deals_are_ranked_and_the_secret_waits_for_the_day_to_end(
    tmp_path: Path,
) -> None:
    clock = [DAY_ONE]
    with TestClient(create_app(make_config(tmp_path))) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.daily.now = lambda: clock[0]
        tables = {}
        for name, pick in (("Ann", 0), ("Bea", -1)):
            _sign_up(client, name)
            made = client.post("/api/daily", json={})
            assert made.status_code == 201, made.text
            assert made.json()["day"] == "2026-03-01" and made.json()["seat"] == 0
            table_id, token = made.json()["table"]["id"], made.json()["token"]
            again = client.post("/api/daily", json={})  # one try a day
            assert again.status_code == 409 and again.json()["error"]["code"] == "daily_played"
            view = _play(client, table_id, token, pick)
            assert view["phase"] == "over"
            tables[name] = table_id
        matches = {name: hub.tables[t].match for name, t in tables.items()}
        assert all(isinstance(m, Match) and m.deal_secret is not None for m in matches.values())
        ann, bea = matches["Ann"], matches["Bea"]
        assert ann.deal_secret.secret == bea.deal_secret.secret  # type: ignore[union-attr]
        for deal in range(1, DAILY_DEALS + 1):  # every deal, seat by seat, the same cards at both tables
            assert dealt_hands(DAILY_RULES, 4, deal, deal_secret=ann.deal_secret) == dealt_hands(
                DAILY_RULES, 4, deal, deal_secret=bea.deal_secret)
        assert [hub.tables[t].seats[s].bot for t in tables.values() for s in range(1, 4)] == ["classic"] * 6

        client.cookies.clear()  # a guest plays the same deal, unranked
        assert client.post("/api/daily", json={}).status_code == 422  # a guest gives a name
        guest = client.post("/api/daily", json={"name": "Gus"}).json()
        _play(client, guest["table"]["id"], guest["token"], 0)
        guest_match = hub.tables[guest["table"]["id"]].last_match_id
        assert client.get(f"/api/matches/{guest_match}/record").status_code == 404
        assert client.get("/api/daily").json()["played"] is False
        client.cookies.clear()
        assert client.post("/api/login", json={"name": "Ann", "password": PASSWORD}).status_code == 200
        board = client.get("/api/daily").json()
        assert board["day"] == "2026-03-01" and board["over"] is False and board["secret"] is None
        assert board["played"] is True
        field = board["field"]
        assert sorted(line["name"] for line in field) == ["Ann", "Bea"]
        assert [line["points"] for line in field] == sorted((line["points"] for line in field), reverse=True)
        assert field[0]["rank"] == 1
        points = {line["name"]: line["deals"] for line in field}
        assert points["Ann"] == [r.points[0] for r in ann.deal_results]
        assert points["Bea"] == [r.points[0] for r in bea.deal_results]
        first, second = field
        assert first["adjusted"] == pytest.approx(first["points"] - second["points"])
        # Nothing of the day's cards before it ends: no secret at the tables, no record of their matches.
        secret_hex = ann.deal_secret.hex  # type: ignore[union-attr]
        for table_id in tables.values():
            table = hub.tables[table_id]
            assert table.snapshot(None)["secret"] is None
            assert table.last_match_id is not None
            for path in ("", "/record", "/deals", "/steps"):
                answer = client.get(f"/api/matches/{table.last_match_id}{path}")
                assert answer.status_code == 404 and secret_hex not in answer.text, (path, answer.text)
                assert "deal of the day" in answer.text
        assert secret_hex not in client.get("/api/daily").text
        with client.websocket_connect("/ws") as ws:  # nobody watches a table of the day
            send(ws, {"type": "hello", "table": tables["Ann"], "spectate": True, "name": "Spy"})
            refused = receive(ws)
            assert refused["type"] == "error" and refused["code"] == "not_watched", refused

        clock[0] += 86400  # the next day: new cards, and the day before is told
        next_day = client.post("/api/daily", json={})
        assert next_day.status_code == 201 and next_day.json()["day"] == "2026-03-02"
        new = hub.tables[next_day.json()["table"]["id"]]
        assert new.shared_secret != ann.deal_secret.secret  # type: ignore[union-attr]
        told = client.get("/api/daily", params={"day": "2026-03-01"}).json()
        assert told["over"] is True and told["secret"] == secret_hex
        deals = client.get(f"/api/matches/{hub.tables[tables['Ann']].last_match_id}/deals")
        assert deals.status_code == 200, deals.text
        secret = DealSecret.from_hex(told["secret"], "any")
        assert dealt_hands(DAILY_RULES, 4, 1, deal_secret=secret) == dealt_hands(DAILY_RULES, 4, 1,
                                                                                deal_secret=ann.deal_secret)
        assert client.get("/api/daily", params={"day": "2026-03-03"}).status_code == 404
        assert client.get("/api/daily", params={"day": "March"}).status_code == 422


def test_the_field_ranks_by_points_ties_sharing_and_adjusts_each_deal_by_the_others_on_the_same_cards() -> None:
    lines = field_scores([{"name": "A", "match_id": 1, "points": [2, 0]},
                          {"name": "B", "match_id": 2, "points": [1, 1]},
                          {"name": "C", "match_id": 3, "points": [0, 0]}])
    assert [(x["name"], x["rank"], x["points"]) for x in lines] == [("A", 1, 2), ("B", 1, 2), ("C", 3, 0)]
    by = {x["name"]: x["adjusted"] for x in lines}
    assert by == {"A": 1.5 - 0.5, "B": 0.0 + 1.0, "C": -1.5 - 0.5}


def test_a_restarted_server_deals_a_waiting_table_of_the_day_from_the_days_secret(tmp_path: Path) -> None:
    config = make_config(tmp_path)
    with TestClient(create_app(config)) as client:
        made = client.post("/api/daily", json={"name": "Gus"}).json()
        table_id = made["table"]["id"]
        secret = client.app.state.hub.tables[table_id].shared_secret  # type: ignore[attr-defined]
    with TestClient(create_app(config)) as client:
        table = client.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
        assert table.status == "waiting" and table.one_match
        assert table.shared_secret == secret is not None
