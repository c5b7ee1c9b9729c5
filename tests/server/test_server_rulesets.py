"""Rule codes on the server: a rule set explained, its balance labels, a player's own rules, tables' codes, and
the events of house rules naming their option."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from president.balance import SHIPPED, measure
from president.rule_codes import decode
from president.server import create_app

from .support import make_config, receive, send

PASSWORD = "correct horse battery"


def test_a_rule_code_is_explained_with_its_changes_in_words_and_the_options_of_a_table(client: TestClient) -> None:
    info = client.get("/api/rulesets/R1.Daifugo.eight_cut~0").json()
    assert info["code"] == "r1.daifugo.eight_cut~0" and info["preset"] == "daifugo"
    assert [(c["option"], c["value_words"], c["was_words"]) for c in info["changes"]] == [("eight_cut", "off", "on")]
    assert info["options"]["eight_cut"] is False and info["options"]["suit_lock"] is True
    assert info["deals"] == 100 and info["balance"]["status"] == "none"


def test_a_bad_rule_code_is_refused_naming_the_bad_part(client: TestClient) -> None:
    response = client.get("/api/rulesets/r1.daifugo.jokers~9")
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "bad_rules" and "part 3 'jokers~9'" in error["message"]


def test_the_differences_from_a_players_own_rules_are_listed(client: TestClient) -> None:
    info = client.get("/api/rulesets/r1.tavern-jack.eight_cut.jokers~1",
                      params={"against": "r1.tavern-jack.jokers~1.revolution"}).json()
    changes = {c["option"]: (c["value_words"], c["was_words"]) for c in info["against"]["changes"]}
    assert changes == {"eight_cut": ("on", "off"), "revolution": ("off", "on")}


def test_a_presets_balance_labels_are_the_shipped_figures(client: TestClient) -> None:
    shipped = {f["code"]: f for f in json.loads(SHIPPED.read_text()).values()}
    info = client.get("/api/rulesets/r1.revolution").json()
    assert info["balance"] == {"code": "r1.revolution", "status": "done", "balance": shipped["r1.revolution"]}


def test_a_new_rule_sets_balance_is_measured_in_a_worker_and_kept(tmp_path: Path) -> None:
    code = "r1.tavern-jack.exchange~1"
    with TestClient(create_app(make_config(tmp_path, analysis_workers=1))) as client:
        started = client.post(f"/api/rulesets/{code}/balance").json()
        assert started["status"] in ("queued", "running") and started["total"] == 200
        seen = []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            status = client.get(f"/api/rulesets/{code}").json()["balance"]
            seen.append(status)
            assert status["status"] in ("queued", "running", "done"), status
            if status["status"] == "done":
                break
            time.sleep(0.05)
        assert seen[-1]["status"] == "done", seen[-1]
        assert seen[-1]["balance"] == measure(decode(code), deals=200, seed=1)
        again = client.post(f"/api/rulesets/{code}/balance").json()
        assert again == seen[-1]


def test_my_rules_are_kept_on_the_account_and_only_a_good_code_is_taken(client: TestClient) -> None:
    assert client.get("/api/me/rules").status_code == 401
    assert client.put("/api/me/rules", json={"code": "r1.daifugo"}).status_code == 401
    assert client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD}).status_code == 201
    assert client.get("/api/me/rules").json() == {"code": None}
    saved = client.put("/api/me/rules", json={"code": "R1.TAVERN-JACK.Eight_Cut"})
    assert saved.json() == {"code": "r1.tavern-jack.eight_cut"}
    bad = client.put("/api/me/rules", json={"code": "r1.tavern-jack.eight_cut~7"})
    assert bad.status_code == 422 and "eight_cut~7" in bad.json()["error"]["message"]
    assert client.get("/api/me/rules").json() == {"code": "r1.tavern-jack.eight_cut"}
    client.post("/api/logout")
    assert client.post("/api/login", json={"name": "ann", "password": PASSWORD}).status_code == 200
    assert client.get("/api/me/rules").json() == {"code": "r1.tavern-jack.eight_cut"}
    assert client.put("/api/me/rules", json={"code": None}).json() == {"code": None}


def _events_of_a_match(client: TestClient, table_id: str, token: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    with client.websocket_connect("/ws") as ws:
        send(ws, {"type": "hello", "table": table_id, "token": token})
        seat = receive(ws)["seat"]
        send(ws, {"type": "start"})
        while True:
            message = receive(ws)
            if message["type"] not in ("snapshot", "update"):
                continue
            events += message.get("events", [])
            view = message["view"]
            if view is None:
                continue
            if view["phase"] == "over":
                return events
            if view["to_act"] == seat and view["legal_moves"]:
                send(ws, {"type": "move", "move": view["legal_moves"][0], "seq": message["seq"]})


def test_a_table_carries_its_rule_code_and_its_house_rule_events_name_their_option(client: TestClient) -> None:
    created = client.post("/api/tables", json={
        "name": "Ann", "players": 4, "deals": 2, "seats": [None, "classic", "classic", "classic"],
        "rules": "tavern-jack", "options": {"eight_cut": True, "eleven_back": True}}).json()
    table = created["table"]
    assert table["code"] == "r1.tavern-jack.deals~2.eight_cut.eleven_back"
    assert client.get(f"/api/tables/{table['id']}").json()["code"] == table["code"]
    events = _events_of_a_match(client, table["id"], created["token"])
    named = {e["option"] for e in events if "option" in e}
    assert named == {"eight_cut", "eleven_back"}
    assert all("option" in e for e in events if e["type"] in ("eleven_back",) or e.get("cut"))
