"""The REST side: creating and joining tables, the lobby, presets, bots, errors and the static app."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from president.rules import TABLE_OPTIONS
from president.server import create_app

from .support import create_table, join, make_config

pytestmark = pytest.mark.timeout(60)


def test_a_created_table_waits_with_its_seats_and_an_invite_link(client: TestClient) -> None:
    made = create_table(client, rules="daifugo", players=5, seats=[None, "classic", None, "random"],
                        options={"pass_lockout": False, "exchange": [1, 1]}, deals=3, turn_seconds=20)
    table = made["table"]
    assert table["rules"] == "daifugo" and table["players"] == 5 and table["status"] == "waiting"
    assert [s["kind"] for s in table["seats"]] == ["open", "bot", "open", "bot", "open"]
    assert table["seats"][1]["bot"] == "classic" and table["deals"] == 3 and table["turn_seconds"] == 20
    assert made["invite_url"] == f"http://testserver/?table={table['id']}"
    assert made["token"] is None and made["seat"] is None
    assert client.get(f"/api/tables/{table['id']}").json() == table


def test_the_creator_named_takes_the_first_open_seat(client: TestClient) -> None:
    made = create_table(client, seats=["classic", None, None], players=3, name="  Ann   Lee ")
    assert made["seat"] == 1 and len(made["token"]) >= 32
    assert made["table"]["seats"][1] == {"seat": 1, "kind": "person", "name": "Ann Lee", "bot": None,
                                         "connected": False, "away": False, "account": False,
                                         "left": False, "bot_account": False}


def test_joining_takes_open_seats_until_none_is_left(client: TestClient) -> None:
    table_id = create_table(client, players=3, seats=[None, "random"])["table"]["id"]
    first = join(client, table_id, "Bo")
    assert first["seat"] == 0
    taken = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy", "seat": 0})
    assert taken.status_code == 400 and taken.json()["error"]["code"] == "seat_taken"
    second = join(client, table_id, "Cy")
    assert second["seat"] == 2 and second["token"] != first["token"]
    full = client.post(f"/api/tables/{table_id}/join", json={"name": "Di"})
    assert full.json()["error"] == {"code": "no_seat", "message": "every seat is taken"}
    beyond = client.post(f"/api/tables/{table_id}/join", json={"name": "Di", "seat": 7})
    assert beyond.json()["error"]["code"] == "no_seat"
    bot = client.post(f"/api/tables/{table_id}/join", json={"name": "Di", "seat": 1})
    assert bot.status_code == 400 and bot.json()["error"]["code"] == "seat_taken"
    assert client.get(f"/api/tables/{table_id}").json()["seats"][1]["bot"] == "random"
    as_text = client.post(f"/api/tables/{table_id}/join", json={"name": "Di", "seat": "1"})
    assert as_text.status_code == 422 and as_text.json()["error"]["code"] == "bad_request"


@pytest.mark.parametrize(("body", "code"), [
    ({"rules": "poker"}, "bad_rules"),
    ({"rules": "three-of-clubs", "players": 5}, "bad_rules"),
    ({"options": {"revolution": "yes"}}, "bad_rules"),
    ({"options": {"exchange": [30]}}, "bad_rules"),
    ({"options": {"name": "mine"}}, "bad_rules"),
    ({"options": {"first_leader": "holder"}}, "bad_rules"),
    ({"seats": ["cheater"]}, "bad_bot"),
    ({"seats": ["nobody"]}, "bad_bot"),
    ({"seats": [None] * 5}, "no_seat"),
    ({"players": 1}, "bad_request"),
    ({"players": "4"}, "bad_request"),
    ({"players": 4.0}, "bad_request"),
    ({"deals": "2"}, "bad_request"),
    ({"public": "no"}, "bad_request"),
    ({"name": ""}, "bad_request"),
    ({"name": "a\u0007b"}, "bad_request"),
    ({"colour": "red"}, "bad_request"),
])
def test_tables_that_cannot_be_played_are_refused_with_a_reason(client: TestClient, body: dict[str, object],
                                                                code: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code in (400, 422)
    error = response.json()["error"]
    assert error["code"] == code and error["message"]
    assert client.get("/api/tables").json() == []


def test_house_rules_are_kept_and_the_first_leader_rule_can_be_changed(client: TestClient) -> None:
    options = {"first_leader": "holder", "first_lead_card": 0, "points": [5, 2], "tie_break": "share"}
    table = create_table(client, rules="tavern-jack", options=options)["table"]
    assert table["options"] == options


def test_the_lobby_lists_public_tables_waiting_first(client: TestClient) -> None:
    public = create_table(client, name="Ann")["table"]["id"]
    private = create_table(client, public=False)["table"]["id"]
    two = create_table(client, players=3, seats=[None, None, "random"], name="Bo")["table"]["id"]
    join(client, two, "Cy")
    lobby = [t["id"] for t in client.get("/api/tables").json()]
    assert lobby == [two, public]
    assert client.get(f"/api/tables/{private}").status_code == 200
    assert client.get("/api/tables?status=playing").json() == []
    lost = client.get("/api/tables?status=lost")
    assert lost.status_code == 422 and lost.json()["error"]["code"] == "bad_request"


def test_a_game_against_the_computer_is_not_listed(client: TestClient) -> None:
    solo = create_table(client, players=3, seats=["random", "random"], name="Bo")["table"]["id"]
    bots_only = create_table(client, players=3, seats=["random", "random", "classic"])["table"]["id"]
    waiting = create_table(client, players=3, seats=["random"], name="Ann")["table"]["id"]
    assert [t["id"] for t in client.get("/api/tables").json()] == [waiting]
    assert client.get(f"/api/tables/{solo}").json()["seats"][2]["name"] == "Bo"
    assert client.get(f"/api/tables/{bots_only}").status_code == 200


def test_the_lobby_comes_a_page_at_a_time(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path, client_tables=100, client_creations_per_minute=6000))) as client:
        made = [create_table(client, players=3)["table"]["id"] for _ in range(7)]
        first = client.get("/api/tables?limit=3")
        assert first.headers["x-total-count"] == "7"
        pages = [first.json()] + [client.get(f"/api/tables?limit=3&offset={n}").json() for n in (3, 6)]
        assert [len(page) for page in pages] == [3, 3, 1]
        assert [t["id"] for page in pages for t in page] == made[::-1]
        assert len(client.get("/api/tables").json()) == 7
        for query in ("limit=0", "limit=201", "offset=-1", "limit=two"):
            refused = client.get(f"/api/tables?{query}")
            assert refused.status_code == 422 and refused.json()["error"]["code"] == "bad_request"


def test_unknown_tables_and_addresses_answer_404_in_json(client: TestClient) -> None:
    assert client.get("/api/tables/nope").json()["error"]["code"] == "no_table"
    missing = client.get("/api/nothing-here")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    assert client.get("/api/matches/999").status_code == 404
    assert client.get("/api/matches/999/record").status_code == 404
    assert client.get("/api/matches/999/steps").json()["error"]["code"] == "not_found"


def test_without_a_web_app_the_root_is_a_json_404(client: TestClient) -> None:
    root = client.get("/")
    assert root.status_code == 404 and root.json()["error"]["code"] == "not_found"


def test_the_web_app_directory_is_served_at_the_root(tmp_path: Path) -> None:
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<!doctype html><title>President</title>")
    (web / "app.js").write_text("console.log(1)")
    with TestClient(create_app(make_config(tmp_path, web_dir=web))) as client:
        assert "<title>President</title>" in client.get("/").text
        assert client.get("/app.js").text == "console.log(1)"
        assert client.get("/api/health").json()["ok"] is True


def test_oversized_request_bodies_are_refused(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{" + b" " * 20000 + b"}",
                           headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.json()["error"]["code"] == "too_large"


def test_presets_and_bots_are_listed_for_the_table_form(client: TestClient) -> None:
    presets = {p["name"]: p for p in client.get("/api/presets").json()}
    assert set(presets) == {"tavern-jack", "race-to-11", "revolution", "three-of-clubs", "daifugo"}
    assert presets["revolution"]["options"]["revolution"] is True
    assert presets["daifugo"]["options"]["eight_cut"] is True and presets["daifugo"]["options"]["jokers"] == 1
    assert presets["three-of-clubs"]["options"]["exchange"] == [2, 1]
    assert presets["tavern-jack"]["titles"]["5"] == ["president", "vice-president", "citizen", "vice-beggar", "beggar"]
    assert presets["daifugo"]["titles"]["3"] == ["daifugo", "heimin", "daihinmin"]
    assert presets["race-to-11"]["titles"]["4"] == ["president", "vice-president", "citizen", "last"]
    bots = [b["name"] for b in client.get("/api/bots").json()]
    assert "classic" in bots and "random" in bots and "cheater" not in bots


def test_the_options_are_served_from_their_declaration(client: TestClient) -> None:
    options = {o["name"]: o for o in client.get("/api/options").json()}
    assert set(options) == set(TABLE_OPTIONS)
    assert options["eight_cut"]["kind"] == "flag" and options["eight_cut"]["default"] is False
    assert options["jokers"]["low"] == 0 and options["jokers"]["high"] == 2
    assert options["forbidden_finish"]["choices"] == ["2", "joker", "8", "spade3"]
    assert all(o["description"] for o in options.values())


@pytest.mark.parametrize(
    ("options", "words"),
    [({"eight_cut": "yes"}, "eight_cut must be true or false"), ({"run_min": 1}, "run_min must be a whole number"),
     ({"forbidden_finish": ["ace"]}, "forbidden_finish must be a list"), ({"deals": 3}, "unknown rule option"),
     ({"skip_on_equal": True}, "skip_on_equal needs equal_answers")],
)
def test_bad_house_rules_are_refused_with_the_reason(client: TestClient, options: dict[str, object],
                                                     words: str) -> None:
    response = client.post("/api/tables", json={"rules": "tavern-jack", "players": 4, "options": options})
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["code"] == "bad_rules" and words in error["message"]


def test_a_table_with_house_rules_plays_them(client: TestClient) -> None:
    made = create_table(client, rules="tavern-jack", players=4, seats=[None, "classic", "classic", "classic"],
                        options={"eight_cut": True, "runs": True, "forbidden_finish": ["2"]})
    assert made["table"]["options"] == {"eight_cut": True, "runs": True, "forbidden_finish": ["2"]}


def test_the_server_refuses_new_tables_when_full(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path, max_tables=2))) as client:
        create_table(client)
        create_table(client)
        response = client.post("/api/tables", json={})
        assert response.status_code == 503 and response.json()["error"]["code"] == "server_full"
