"""Duplicate events: every table of a round plays the same cards from the same seats, results against the field."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from president import Match
from president.duplicate import dealt_hands
from president.server import create_app
from president.server.play.duplicate_field import field_report
from president.server.play.pairing import duplicate_round
from president.server.store.tournament_log import Board

from .support import make_config

pytestmark = pytest.mark.timeout(120)


def test_duplicate_rounds_keep_the_groups_and_move_everyone_one_seat_on() -> None:
    assert duplicate_round([0, 1, 2, 3, 4], 3, 1) == [[0, 1, 2], [3, 4, None]]
    assert duplicate_round([0, 1, 2, 3, 4], 3, 2) == [[2, 0, 1], [None, 3, 4]]
    assert duplicate_round([0, 1, 2, 3, 4], 3, 4) == duplicate_round([0, 1, 2, 3, 4], 3, 1)
    with pytest.raises(ValueError, match="from 1"):
        duplicate_round([0, 1], 2, 0)


def test_the_field_report_ranks_each_seat_among_the_tables_and_tells_only_deals_every_table_finished() -> None:
    boards = [Board(1, 1, "a", [0, 1]), Board(1, 2, "b", [2, 3]), Board(1, 3, "c", [4, None])]
    results = {"a": [[2, 0], [1, 1]], "b": [[0, 2], [0, 2]], "c": [[2, 0]]}
    report = field_report({1: boards}, results, {(1, 1): [1.5, 0.5]})
    (deal,) = report["rounds"][0]["deals"]  # table c has not finished deal 2: only deal 1 is told
    first, second = deal["seats"]
    assert first["par"] == 1.5
    assert [(r["entry"], r["points"], r["place"], r["of"], r["adjusted"]) for r in first["results"]] == [
        (0, 2, 1, 3, 0.5), (2, 0, 3, 3, -1.5), (4, 2, 1, 3, 0.5)]
    assert [(r["entry"], r["place"], r["adjusted"]) for r in second["results"]] == [
        (1, 2, -0.5), (3, 1, 1.5), (None, 2, -0.5)]
    totals = {t["entry"]: t for t in report["totals"]}
    assert totals[3]["adjusted"] == 1.5 and totals[3]["field_points"] == 2.0
    assert totals[0]["field_points"] == 1.5  # beat one table, tied one
    assert report["totals"][0]["entry"] == 3
    no_par = field_report({1: boards}, results, {})
    assert no_par["rounds"][0]["deals"][0]["seats"][0]["par"] is None
    assert no_par["rounds"][0]["deals"][0]["seats"][0]["results"][0]["adjusted"] is None


def _wait(client: TestClient, tid: str, done: Any, what: str, seconds: float = 90) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        info: dict[str, Any] = client.get(f"/api/tournaments/{tid}").json()
        if done(info):
            return info
        assert time.monotonic() < deadline, f"{what}: {info}"
        time.sleep(0.05)


def _pars_known(info: dict[str, Any]) -> bool:
    rounds = info.get("field", {}).get("rounds", [])
    return bool(rounds) and all(len(r["deals"]) == 2 and all(s["par"] is not None for d in r["deals"]
                                                              for s in d["seats"]) for r in rounds)


def test_a_duplicate_event_of_bots_deals_the_same_cards_at_every_table_and_measures_each_against_the_field(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        made = client.post("/api/tournaments", json={"name": "Same cards", "rules": "tavern-jack", "rounds": 2,
                                                     "seats": 4, "deals": 2, "format": "duplicate"})
        assert made.status_code == 201, made.text
        tid, host = made.json()["tournament"]["id"], made.json()["host_key"]
        assert made.json()["tournament"]["format"] == "duplicate"
        for bot in ("random", "classic") * 4:
            assert client.post(f"/api/tournaments/{tid}/bots", json={"host_key": host, "bot": bot}).status_code == 200
        assert client.post(f"/api/tournaments/{tid}/start", json={"host_key": host}).status_code == 200
        info = _wait(client, tid, lambda i: i["status"] == "finished" and _pars_known(i), "the event and its par")
        records = {b["table"]: client.get(f"/api/matches/{b['match_id']}").json()["record"]
                   for r in info["played"] for b in r["boards"]}
    seated = [[[s["entry"] for s in b["seats"]] for b in r["boards"]] for r in info["played"]]
    assert seated == [[[0, 1, 2, 3], [4, 5, 6, 7]], [[3, 0, 1, 2], [7, 4, 5, 6]]]
    for r in info["played"]:
        matches = [Match.replay(records[b["table"]]) for b in r["boards"]]
        assert all(m.duplicate for m in matches)
        secret = matches[0].deal_secret
        assert secret is not None and all(m.deal_secret is not None and m.deal_secret.hex == secret.hex
                                          for m in matches)
        hands = dealt_hands("tavern-jack", 4, 1, deal_secret=secret)
        for b in r["boards"]:  # the first deal, as each table was dealt it: the same hands by seat
            assert Match.replay(records[b["table"]], moves=0).hands == hands
        field_round = next(f for f in info["field"]["rounds"] if f["round"] == r["round"])
        for deal in field_round["deals"]:
            for seat in deal["seats"]:
                points = [m.deal_results[deal["deal"] - 1].points[seat["seat"]] for m in matches]
                assert [row["points"] for row in seat["results"]] == points
                assert [row["of"] for row in seat["results"]] == [2, 2]
                best = max(points)
                assert [row["place"] == 1 for row in seat["results"]] == [p == best for p in points]
                for row in seat["results"]:
                    assert row["adjusted"] == round(row["points"] - seat["par"], 2)
            assert sum(s["par"] for s in deal["seats"]) == pytest.approx(sum(
                m.deal_results[deal["deal"] - 1].points[s] for s in range(4) for m in matches[:1]))
    totals = info["field"]["totals"]
    assert sorted(t["entry"] for t in totals) == list(range(8))
    assert all(t["deals"] == 4 for t in totals)
    assert [t["adjusted"] for t in totals] == sorted((t["adjusted"] for t in totals), reverse=True)
    assert info["field"]["par_bot"] == "classic"


def test_a_server_without_analysis_workers_says_par_is_unavailable_and_still_ranks_against_the_field(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(make_config(tmp_path, analysis_workers=0))) as client:
        made = client.post("/api/tournaments", json={"name": "No par", "rounds": 1, "seats": 4, "deals": 1,
                                                     "format": "duplicate", "par_bot": "expert"}).json()
        tid, host = made["tournament"]["id"], made["host_key"]
        for bot in ("random",) * 5:
            assert client.post(f"/api/tournaments/{tid}/bots", json={"host_key": host, "bot": bot}).status_code == 200
        assert client.post(f"/api/tournaments/{tid}/start", json={"host_key": host}).status_code == 200
        info = _wait(client, tid, lambda i: i["status"] == "finished" and i["field"]["par_unavailable"], "no par")
        bad = client.post("/api/tournaments", json={"name": "Bad", "format": "knockout"})
        assert bad.status_code == 422
    field = info["field"]
    assert field["par_bot"] == "expert"
    (deal,) = field["rounds"][0]["deals"]
    for seat in deal["seats"]:
        assert seat["par"] is None and all(r["adjusted"] is None for r in seat["results"])
        assert [r["of"] for r in seat["results"]] == [2, 2]
        # The second table's seats 1 to 3 are filling bots: they are ranked in the field, not in the totals.
        assert [r["entry"] is None for r in seat["results"]] == [False, seat["seat"] > 0]
    assert sorted(t["entry"] for t in field["totals"]) == [0, 1, 2, 3, 4]


def test_a_finished_table_tells_nothing_of_its_cards_while_another_table_of_the_round_plays_them(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        made = client.post("/api/tournaments", json={"name": "Quiet", "rounds": 1, "seats": 4, "deals": 1,
                                                     "format": "duplicate", "turn_seconds": None,
                                                     "grace_seconds": 3600}).json()
        tid, host = made["tournament"]["id"], made["host_key"]
        assert client.post(f"/api/tournaments/{tid}/join", json={"name": "Slow"}).status_code == 200
        for bot in ("random",) * 7:
            assert client.post(f"/api/tournaments/{tid}/bots", json={"host_key": host, "bot": bot}).status_code == 200
        assert client.post(f"/api/tournaments/{tid}/start", json={"host_key": host}).status_code == 200
        # Table 2 is all bots and ends; table 1 waits for its person, who never comes.
        info = _wait(client, tid, lambda i: i["played"][0]["boards"][1]["scores"] is not None, "table 2's end")
        boards = info["played"][0]["boards"]
        assert boards[0]["scores"] is None and [b["match_id"] for b in boards] == [None, None]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        done = hub.tables[boards[1]["table"]]
        assert done.last_match_id is not None
        for path in ("", "/record", "/deals", "/steps", "/analysis"):
            answer = client.get(f"/api/matches/{done.last_match_id}{path}")
            assert answer.status_code == 404, (path, answer.text)
            assert "duplicate round" in answer.text
        assert done.snapshot(None)["secret"] is None and done.snapshot(None)["commitments"]
        assert info["field"]["rounds"][0]["deals"] == []  # no deal is told before every table has played it
