"""Analysing a finished match from the REST API: worker processes, progress, storage, limits and refusals."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from president.engine import Match
from president.moves import move_str
from president.record import read_record
from president.server import ServerConfig, create_app
from president.server.store.storage import FinishedMatch, Storage, StoredTable

from .support import LiveServer, make_config, ws_send, ws_until

pytestmark = pytest.mark.timeout(120)


def store_match(config: ServerConfig, seed: int = 3, deals: int = 1, record: str | None = None) -> int:
    """Put a finished match (random moves, or the given record) in the server's database; its id."""
    match = Match("tavern-jack", 4, seed=seed, deals=deals)
    rng = random.Random(seed)
    while match.to_act is not None:
        match.apply(rng.choice(match.legal_moves()))
    storage = Storage(config.database_url)
    try:
        table_id = f"stored{seed}"
        storage.create_table(StoredTable(table_id, {}, "closed", 1, seed, 0.0, 0.0))
        seat, move, _deal = match.move_log()[-1]
        finished = FinishedMatch(rules="tavern-jack", players=4, record=record or match.record(),
                                 names=["Ann", None, None, None], bots=[None, "random", "random", "random"],
                                 scores=list(match.scores), winners=list(match.winners))
        match_id = storage.finish_match(table_id, 1, len(match.move_log()) - 1, seat, move_str(move), finished)
        storage.set_status(table_id, "closed")
    finally:
        storage.close()
    return match_id


def wait_done(client: TestClient, match_id: int, seen: list[dict[str, Any]], seconds: float = 60) -> dict[str, Any]:
    """Poll the analysis of a match until it is done (every answer on the way goes to ``seen``)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status: dict[str, Any] = client.get(f"/api/matches/{match_id}/analysis").json()
        seen.append(status)
        assert status["status"] in ("queued", "running", "done"), status
        if status["status"] == "done":
            return status
        time.sleep(0.05)
    raise AssertionError(f"the analysis did not end: {seen[-1]}")


def test_an_analysis_reports_progress_and_is_stored_with_the_match_across_a_restart(tmp_path: Path) -> None:
    config = make_config(tmp_path, analysis_worlds=2)
    match_id = store_match(config)
    with TestClient(create_app(config)) as client:
        record = client.get(f"/api/matches/{match_id}/record").text
        moves = read_record(record).moves
        assert client.get(f"/api/matches/{match_id}/analysis").json() == {"match_id": match_id, "status": "none"}
        started = client.post(f"/api/matches/{match_id}/analysis")
        assert started.status_code == 202, started.text
        assert started.json()["status"] in ("queued", "running")
        seen: list[dict[str, Any]] = [started.json()]
        done = wait_done(client, match_id, seen)
    progress = [s["done"] for s in seen if s["status"] == "running"]
    assert progress == sorted(progress)
    assert all(s["total"] == len(moves) for s in seen if s["status"] == "running" and s["done"])
    analysis = done["analysis"]
    assert analysis["match_id"] == match_id and analysis["worlds"] == 2 and analysis["seats"] == [0, 1, 2, 3]
    assert analysis["decisions"], "random play has decisions with a choice"
    for decision in analysis["decisions"]:
        _line, seat, move = moves[decision["index"]]
        assert (decision["seat"], decision["played"]) == (seat, move)
    assert any(d["verdict"] == "blunder" for d in analysis["decisions"]), "random moves blunder somewhere"
    assert [s["seat"] for s in analysis["summary"]] == [0, 1, 2, 3]
    assert all(0 <= s["accuracy"] <= 1 and set(s["by_deal"]) == {"1"} for s in analysis["summary"])
    with TestClient(create_app(config)) as client:
        again = client.get(f"/api/matches/{match_id}/analysis")
        assert again.json()["analysis"]["decisions"] == analysis["decisions"]
        asked = client.post(f"/api/matches/{match_id}/analysis")
        assert asked.status_code == 200
        assert asked.json()["status"] == "done" and asked.json()["analysis"]["summary"] == analysis["summary"]


def test_analyses_are_refused_with_a_reason(tmp_path: Path) -> None:
    config = make_config(tmp_path, analysis_worlds=2, analysis_max_moves=150)
    short = store_match(config, seed=3)
    long = store_match(config, seed=4, deals=3)
    old = store_match(config, seed=5, record='[Game "Old President"]\n[Players "4"]\n')
    with TestClient(create_app(config)) as client:
        for method in (client.get, client.post):
            missing = method("/api/matches/999/analysis")
            assert (missing.status_code, missing.json()["error"]["code"]) == (404, "not_found")
        refused = client.post(f"/api/matches/{old}/analysis")
        assert (refused.status_code, refused.json()["error"]["code"]) == (422, "not_analysable")
        refused = client.post(f"/api/matches/{long}/analysis")
        assert (refused.status_code, refused.json()["error"]["code"]) == (422, "not_analysable")
        assert "at most 150" in refused.json()["error"]["message"]
        assert client.post(f"/api/matches/{short}/analysis").status_code == 202
        joined = client.post(f"/api/matches/{short}/analysis")
        assert joined.status_code == 202 and joined.json()["status"] in ("queued", "running")
        other = store_match(config, seed=6)
        refused = client.post(f"/api/matches/{other}/analysis")
        assert (refused.status_code, refused.json()["error"]["code"]) == (429, "too_many_analyses")
        wait_done(client, short, [])
        assert client.post(f"/api/matches/{other}/analysis").status_code == 202


def test_the_server_runs_a_bounded_number_of_analyses(tmp_path: Path) -> None:
    config = make_config(tmp_path, analysis_worlds=2, analysis_workers=1, analysis_queue=1, analysis_per_client=5)
    first, second, third = (store_match(config, seed=s) for s in (3, 4, 5))
    with TestClient(create_app(config)) as client:
        assert client.post(f"/api/matches/{first}/analysis").status_code == 202
        queued = client.post(f"/api/matches/{second}/analysis")
        assert queued.status_code == 202
        assert queued.json()["status"] == "queued" and queued.json()["position"] == 0
        refused = client.post(f"/api/matches/{third}/analysis")
        assert (refused.status_code, refused.json()["error"]["code"]) == (503, "analysis_busy")
        wait_done(client, first, [])
        wait_done(client, second, [])
    with TestClient(create_app(make_config(tmp_path, analysis_workers=0))) as client:
        refused = client.post(f"/api/matches/{third}/analysis")
        assert (refused.status_code, refused.json()["error"]["code"]) == (503, "analysis_busy")


def test_an_analysis_running_too_long_is_stopped_and_may_be_asked_again(tmp_path: Path) -> None:
    config = make_config(tmp_path, analysis_worlds=500, analysis_seconds=0.5)
    match_id = store_match(config)
    with TestClient(create_app(config)) as client:
        assert client.post(f"/api/matches/{match_id}/analysis").status_code == 202
        deadline = time.monotonic() + 30
        status = client.get(f"/api/matches/{match_id}/analysis").json()
        while status["status"] != "failed" and time.monotonic() < deadline:
            time.sleep(0.05)
            status = client.get(f"/api/matches/{match_id}/analysis").json()
        assert status["status"] == "failed" and "longer than 0.5 seconds" in status["message"]
        assert not client.app.state.hub.analyses._processes  # type: ignore[attr-defined]
        assert client.post(f"/api/matches/{match_id}/analysis").status_code == 202


def test_play_at_other_tables_goes_on_while_an_analysis_runs(tmp_path: Path) -> None:
    config = make_config(tmp_path, analysis_worlds=300)
    match_id = store_match(config, deals=2)
    with LiveServer(config) as server, server.http() as http:
        made = http.post("/api/tables", json={"players": 3, "name": "Ann"}).json()
        assert http.post(f"/api/matches/{match_id}/analysis").status_code == 202
        answered_while_running = 0
        with server.socket() as ws:
            ws_send(ws, {"type": "hello", "table": made["table"]["id"], "token": made["token"]})
            ws_until(ws, "snapshot")
            deadline = time.monotonic() + 60
            while answered_while_running < 5 and time.monotonic() < deadline:
                before = http.get(f"/api/matches/{match_id}/analysis").json()["status"]
                ws_send(ws, {"type": "ping"})
                ws_until(ws, "pong", timeout=5)
                after = http.get(f"/api/matches/{match_id}/analysis").json()
                if before == "running" and after["status"] == "running":
                    answered_while_running += 1
                assert after["status"] != "failed", after
                time.sleep(0.2)
        assert answered_while_running == 5, "the analysis ended before the pings were answered"


