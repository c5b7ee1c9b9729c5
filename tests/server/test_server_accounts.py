"""Accounts, sessions, login limits, seats tied to accounts, and ratings of rated matches."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from president.server import create_app
from president.server.store.accounts import PAIR_ATTEMPTS, SESSION_COOKIE

from .support import make_config, receive, send

PASSWORD = "correct horse battery"


def register(client: TestClient, name: str, password: str = PASSWORD) -> dict[str, Any]:
    response = client.post("/api/accounts", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


def play_match(client: TestClient, table_id: str, token: str) -> dict[str, Any]:
    """Start the table and play its match to the end (the first legal move each turn); the last update."""
    with client.websocket_connect("/ws") as ws:
        send(ws, {"type": "hello", "table": table_id, "token": token})
        last = receive(ws)
        seat = last["seat"]
        send(ws, {"type": "start"})
        while True:
            message = receive(ws)
            if message["type"] not in ("snapshot", "update"):
                continue
            view = message["view"]
            if view is None:
                continue
            last = message
            if view["phase"] == "over":
                return last
            if view["to_act"] == seat and view["legal_moves"]:
                send(ws, {"type": "move", "move": view["legal_moves"][0], "seq": message["seq"]})


def test_register_sign_out_and_in_with_a_session_cookie(client: TestClient) -> None:
    response = client.post("/api/accounts", json={"name": "  Ann  Lee ", "password": PASSWORD})
    assert response.status_code == 201
    assert response.json() == {"account": {"name": "Ann Lee", "bot": False}}
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # plain HTTP here; behind HTTPS the cookie is Secure
    assert client.get("/api/me").json() == {"account": {"name": "Ann Lee", "bot": False}}
    assert client.post("/api/logout").json() == {"account": None}
    assert client.get("/api/me").json() == {"account": None}
    wrong = client.post("/api/login", json={"name": "ann lee", "password": "not the password"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_login"
    assert client.get("/api/me").json() == {"account": None}
    right = client.post("/api/login", json={"name": "ANN LEE", "password": PASSWORD})
    assert right.status_code == 200 and right.json()["account"]["name"] == "Ann Lee"
    assert client.get("/api/me").json()["account"]["name"] == "Ann Lee"


def test_a_name_is_claimed_once_whatever_its_case(client: TestClient) -> None:
    register(client, "Bo")
    client.cookies.clear()
    again = client.post("/api/accounts", json={"name": "bO", "password": PASSWORD})
    assert again.status_code == 409 and again.json()["error"]["code"] == "name_taken"
    short = client.post("/api/accounts", json={"name": "Cy", "password": "short"})
    assert short.status_code == 422


def test_a_guest_may_not_play_under_a_claimed_name(client: TestClient) -> None:
    register(client, "Dee")
    client.cookies.clear()
    refused = client.post("/api/tables", json={"name": "dee", "players": 3})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "name_taken"
    table = client.post("/api/tables", json={"players": 3}).json()["table"]
    assert client.post(f"/api/tables/{table['id']}/join", json={"name": "DEE"}).status_code == 403
    assert client.post(f"/api/tables/{table['id']}/join", json={"name": "Eve"}).status_code == 200


def test_login_limits_are_kept_in_the_database_for_every_process(tmp_path: Path) -> None:
    config = make_config(tmp_path)
    with TestClient(create_app(config)) as first:
        register(first, "Fay")
        first.cookies.clear()  # not the owner's browser any more: the attempts count against the name and address
        for _ in range(PAIR_ATTEMPTS):
            assert first.post("/api/login", json={"name": "Fay", "password": "wrong password"}).status_code == 401
    with TestClient(create_app(config)) as second:  # another server process on the same database
        refused = second.post("/api/login", json={"name": "fay", "password": PASSWORD})
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_logins"
        assert second.get("/api/me").json() == {"account": None}


def test_a_signed_in_player_against_bots_plays_a_rated_match(client: TestClient,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    register(client, "Gus")
    created = client.post("/api/tables", json={"name": "whatever", "players": 3, "deals": 1,
                                               "seats": [None, "random", "classic"]}).json()
    assert created["table"]["seats"][0]["name"] == "Gus" and created["table"]["seats"][0]["account"] is True
    play_match(client, created["table"]["id"], created["token"])
    profile = client.get("/api/players/gus").json()
    assert profile["account"] == {"name": "Gus", "bot": False}
    (match,) = profile["matches"]
    assert match["rated"] is True and match["seat"] == 0
    assert profile["matches_played"] == 1 and profile["matches_won"] == int(match["won"])
    assert match["won"] == (0 in match["winners"]) and match["points"] == match["scores"][0]
    (rating,) = profile["ratings"]
    assert rating["family"] == "tavern-jack" and rating["matches"] == 1 and rating["provisional"] is True
    assert [h["match_id"] for h in rating["history"]] == [match["id"]]
    board = client.get("/api/ratings", params={"family": "tavern-jack"}).json()
    assert {line["name"] for line in board["ratings"]} == {"Gus", "random", "classic"}
    assert [line["rank"] for line in board["ratings"]] == [1, 2, 3]
    assert board["families"] == ["tavern-jack"]
    ranked = [line["rating"] for line in board["ratings"]]
    assert ranked == sorted(ranked, reverse=True)
    # Nothing of the account but its id reaches the log.
    text = caplog.text
    assert PASSWORD not in text and "Gus" not in text and client.cookies[SESSION_COOKIE] not in text


def test_a_guest_at_the_table_makes_the_match_unrated(client: TestClient) -> None:
    register(client, "Hal")
    created = client.post("/api/tables", json={"name": "x", "players": 3, "deals": 1, "seats": [None, "random"]})
    table = created.json()
    client.cookies.clear()
    guest = client.post(f"/api/tables/{table['table']['id']}/join", json={"name": "Ivy"}).json()
    assert guest["table"]["seats"][2]["account"] is False
    last = play_match_two(client, table["table"]["id"], table["token"], guest["token"])
    assert last["view"]["phase"] == "over"
    assert client.get("/api/players/Hal").json()["matches"][0]["rated"] is False
    assert client.get("/api/players/Hal").json()["ratings"] == []
    assert client.get("/api/ratings", params={"family": "tavern-jack"}).json()["ratings"] == []
    assert client.get("/api/players/Ivy").status_code == 404


def play_match_two(client: TestClient, table_id: str, token_a: str, token_b: str) -> dict[str, Any]:
    """Play a match with two people (first legal move each), from two connections."""
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        send(a, {"type": "hello", "table": table_id, "token": token_a})
        send(b, {"type": "hello", "table": table_id, "token": token_b})
        seats = {id(a): receive(a)["seat"], id(b): receive(b)["seat"]}
        send(a, {"type": "start"})
        last: dict[str, Any] = {}
        for ws in (a, b):  # each connection reads until the start's snapshot
            while (m := receive(ws))["type"] != "snapshot":
                pass
            last = m
        while last["view"]["phase"] != "over":
            to_act = last["view"]["to_act"]
            mover = a if seats[id(a)] == to_act else b if seats[id(b)] == to_act else None
            if mover is not None:
                own = last if last["seat"] == to_act else None
                if own is None:
                    send(mover, {"type": "sync"})
                    while (own := receive(mover))["type"] != "snapshot":
                        pass
                send(mover, {"type": "move", "move": own["view"]["legal_moves"][0], "seq": own["seq"]})
            while True:
                m = receive(a)
                if m["type"] == "update":
                    last = m
                    break
    return last


def test_behind_https_the_session_cookie_is_secure(app: Any) -> None:
    with TestClient(app, base_url="https://testserver") as client:
        response = client.post("/api/accounts", json={"name": "Jo", "password": PASSWORD})
        assert "Secure" in response.headers["set-cookie"]


def test_a_tournament_entry_made_signed_in_is_the_accounts(client: TestClient) -> None:
    from .test_server_tournaments import event, play_round, wait_for

    register(client, "Kim")
    tid, host = event(client, rounds=1)
    joined = client.post(f"/api/tournaments/{tid}/join", json={"name": "typed name"}).json()
    assert joined["tournament"]["entries"][0]["name"] == "Kim"
    assert client.post(f"/api/tournaments/{tid}/bots", json={"host_key": host, "bot": "random"}).status_code == 200
    assert client.post(f"/api/tournaments/{tid}/start", json={"host_key": host}).status_code == 200
    table_id = play_round(client, tid, joined["entry"], joined["key"], 1)
    info = wait_for(client, tid, "finished")
    assert client.get(f"/api/tables/{table_id}").json()["seats"][[s["name"] for s in
                                                                  info["entries"]].index("Kim")]["account"] is True
    profile = client.get("/api/players/Kim").json()
    assert profile["matches"][0]["rated"] is True  # an account and a registry bot: a rated round table
    won = info["standings"][0]["name"] == "Kim"
    assert [t["tournament"] for t in profile["titles"]] == ([tid] if won else [])


def test_the_access_log_names_no_player() -> None:
    from president.server.edge.guard import HideAccountNames

    def logged(path: str) -> str:
        record = logging.LogRecord("uvicorn.access", logging.INFO, "", 0, '%s - "%s %s HTTP/%s" %d',
                                   ("1.2.3.4:5", "GET", path, "1.1", 200), None)
        assert HideAccountNames().filter(record)
        return record.getMessage()

    assert logged("/api/players/Zoe%20Lee") == '1.2.3.4:5 - "GET /api/players/… HTTP/1.1" 200'
    assert logged("/?player=Zoe&x=1") == '1.2.3.4:5 - "GET /?player=…&x=1 HTTP/1.1" 200'
    assert logged("/api/tables") == '1.2.3.4:5 - "GET /api/tables HTTP/1.1" 200'


def test_an_account_takes_its_seat_back_from_another_device_even_in_play(client: TestClient) -> None:
    register(client, "Lou")
    made = client.post("/api/tables", json={"name": "Lou", "players": 3, "seats": [None, "classic", "classic"],
                                            "turn_seconds": 600}).json()
    table_id = made["table"]["id"]
    with client.websocket_connect("/ws") as ws:
        send(ws, {"type": "hello", "table": table_id, "token": made["token"]})
        receive(ws)
        send(ws, {"type": "start"})
        while receive(ws)["type"] != "snapshot":
            pass
    # Another device: a new session of the same account, without the seat token.
    client.cookies.clear()
    client.post("/api/login", json={"name": "Lou", "password": PASSWORD})
    back = client.post(f"/api/tables/{table_id}/join", json={"name": "Lou"})
    assert back.status_code == 200 and back.json()["seat"] == 0
    with client.websocket_connect("/ws") as ws:
        send(ws, {"type": "hello", "table": table_id, "token": back.json()["token"]})
        assert receive(ws)["seat"] == 0
    with client.websocket_connect("/ws") as ws:  # the old token stopped working
        send(ws, {"type": "hello", "table": table_id, "token": made["token"]})
        assert receive(ws)["code"] == "bad_token"
    client.cookies.clear()
    guest = client.post(f"/api/tables/{table_id}/join", json={"name": "Someone"})
    assert guest.json()["error"]["code"] == "already_started"


def test_passwords_are_argon2id_hashes_made_again_when_the_parameters_change(tmp_path: Path) -> None:
    from sqlalchemy import select

    from president.server.store.schema import AccountRow

    def stored(app: Any) -> str:
        with app.state.hub.storage.engine.connect() as db:
            return str(db.execute(select(AccountRow.password_hash)).scalar_one())

    light = create_app(make_config(tmp_path))
    with TestClient(light) as client:
        register(client, "Max")
        assert stored(light).startswith("$argon2id$v=19$m=1024,t=1,")
    stronger = create_app(make_config(tmp_path, argon2_memory_kib=2048, argon2_time_cost=2))
    with TestClient(stronger) as client:
        assert client.post("/api/login", json={"name": "Max", "password": PASSWORD}).status_code == 200
        assert stored(stronger).startswith("$argon2id$v=19$m=2048,t=2,")
        assert client.post("/api/login", json={"name": "Max", "password": PASSWORD}).status_code == 200
    assert PASSWORD not in stored(stronger)


@pytest.mark.parametrize("allowed", [5, 7])
def test_one_address_creates_as_many_accounts_as_the_server_allows_and_no_more(tmp_path: Path, allowed: int) -> None:
    config = make_config(tmp_path, registrations_per_address=allowed)
    with TestClient(create_app(config)) as client:
        for number in range(allowed):
            register(client, f"Player{number}")
            client.cookies.clear()
        refused = client.post("/api/accounts", json={"name": "OneTooMany", "password": PASSWORD})
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_logins"
        assert "new accounts from your address" in refused.json()["error"]["message"]
        assert client.post("/api/login", json={"name": "OneTooMany", "password": PASSWORD}).status_code == 401
