"""Duplicate ratings: each round of a duplicate event rated by the entrants' luck-adjusted totals, apart from the
ordinary ratings."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from president.server import create_app
from president.server.play.duplicate_field import adjusted_by_subject, field_report
from president.server.store.accounts import find_account
from president.server.store.duplicate_ratings import rate_round
from president.server.store.tournament_log import Board, Entry

from .support import make_config

pytestmark = pytest.mark.timeout(120)

PASSWORD = "correct horse battery"


def _register(client: TestClient, name: str) -> None:
    client.cookies.clear()
    assert client.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201


def test_a_round_moves_the_ratings_by_the_adjusted_totals_not_by_the_points(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        for name in ("Ann", "Bea"):
            _register(client, name)
        storage = client.app.state.hub.storage  # type: ignore[attr-defined]
        ann, bea = (find_account(storage, name)[0].id for name in ("Ann", "Bea"))  # type: ignore[index]
        entries = [Entry(0, f"account:{ann}", "Ann", account_id=ann), Entry(1, "bot:random", "random 2", "random"),
                   Entry(2, "bot:classic", "classic 3", "classic"), Entry(3, f"account:{bea}", "Bea", account_id=bea),
                   Entry(4, "Guest", "Guest")]
        boards = [Board(1, 1, "a", [0, 1]), Board(1, 2, "b", [2, 3]), Board(1, 3, "c", [4, None])]
        # Ann scores the most points, from the seat whose cards par says are worth more still; Bea scores less
        # from the poor seat, and beats its par.
        results = {"a": [[2, 0]], "b": [[1, 1]], "c": [[2, 0]]}
        report = field_report({1: boards}, results, {(1, 1): [2.5, 0.2]})
        adjusted = adjusted_by_subject(report["totals"], entries)
        assert adjusted == {f"account:{ann}": -0.5, "bot:random": -0.2, "bot:classic": -1.5,
                            f"account:{bea}": 0.8}  # the guest has no rating: left out
        assert rate_round(storage, "event1", 1, "tavern-jack", adjusted)
        assert not rate_round(storage, "event1", 1, "tavern-jack", adjusted)  # a round is rated once
        assert not rate_round(storage, "event2", 1, "tavern-jack", {"bot:random": 1.0, "bot:classic": 0.0})

        board = client.get("/api/ratings", params={"family": "tavern-jack", "duplicate": ""}).json()
        assert board["duplicate"] is True
        assert [(r["name"], r["bot"]) for r in board["ratings"]] == [
            ("Bea", False), ("random", True), ("Ann", False), ("classic", True)]
        assert all(r["matches"] == 1 for r in board["ratings"])
        assert client.get("/api/ratings", params={"family": "tavern-jack"}).json()["ratings"] == []
        profile = client.get("/api/players/Ann").json()
        assert profile["ratings"] == []
        (rating,) = profile["duplicate_ratings"]
        assert rating["family"] == "tavern-jack" and rating["rounds"] == 1
        (step,) = rating["history"]
        assert step["tournament"] == "event1" and step["round"] == 1 and step["adjusted"] == -0.5
        assert rating["mu"] < 25 < client.get("/api/players/Bea").json()["duplicate_ratings"][0]["mu"]


def _wait(client: TestClient, path: str, params: dict[str, Any], done: Any, what: str) -> dict[str, Any]:
    deadline = time.monotonic() + 90
    while True:
        found: dict[str, Any] = client.get(path, params=params).json()
        if done(found):
            return found
        assert time.monotonic() < deadline, f"{what}: {found}"
        time.sleep(0.05)


def test_a_duplicate_event_with_an_account_rates_its_round_once_par_is_known(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        _register(client, "Cleo")
        made = client.post("/api/tournaments", json={"name": "Rated", "rounds": 1, "seats": 4, "deals": 1,
                                                     "format": "duplicate", "turn_seconds": 0.05,
                                                     "grace_seconds": 0}).json()
        tid, host = made["tournament"]["id"], made["host_key"]
        assert client.post(f"/api/tournaments/{tid}/join", json={"name": "Cleo"}).status_code == 200
        for bot in ("random", "classic", "random"):
            assert client.post(f"/api/tournaments/{tid}/bots", json={"host_key": host, "bot": bot}).status_code == 200
        assert client.post(f"/api/tournaments/{tid}/start", json={"host_key": host}).status_code == 200
        board = _wait(client, "/api/ratings", {"family": "tavern-jack", "duplicate": "1"},
                      lambda b: b["ratings"], "the round's duplicate ratings")
        info = client.get(f"/api/tournaments/{tid}").json()
    # The par the round was rated by is the event's: each rating follows the entrant's adjusted total.
    name_of = {e["entry"]: e["bot"] or e["name"] for e in info["entries"]}
    best: dict[str, float] = {}
    for total in info["field"]["totals"]:
        assert total["deals"] == 1
        name = name_of[total["entry"]]
        best[name] = max(total["adjusted"], best.get(name, float("-inf")))
    assert sorted(best) == ["Cleo", "classic", "random"]  # the two random entrants are one bot, rated by its best
    ratings = {r["name"]: r["mu"] for r in board["ratings"]}
    for one in best:
        for other in best:
            if best[one] > best[other]:
                assert ratings[one] > ratings[other], (best, ratings)
