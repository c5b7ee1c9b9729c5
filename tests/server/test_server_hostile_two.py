"""Hostile clients, round two, on a real uvicorn: security headers, revoked API tokens, abandoned tournaments, slow
bodies."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from president.server.config import WEB_DIR

from .support import LiveServer, make_config, ws_send, ws_until

pytestmark = pytest.mark.timeout(60)


def test_every_response_forbids_framing_sniffing_and_foreign_content(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path, web_dir=WEB_DIR)) as server, server.http() as http:
        answers = {
            "page": http.get("/"),
            "script": http.get("/js/main.js"),
            "api": http.get("/api/health"),
            "missing": http.get("/api/nothing-here"),
            "invalid": http.post("/api/tables", json={"players": "many"}),
            "too large": http.post("/api/tables", content=b"{" * 20000,
                                   headers={"content-type": "application/json"}),
            "api docs": http.get("/api/docs"),
        }
    assert [answers[k].status_code for k in answers] == [200, 200, 200, 404, 422, 413, 200]
    for what, answer in answers.items():
        assert answer.headers.get("x-content-type-options") == "nosniff", what
        assert answer.headers.get("x-frame-options") == "DENY", what
        policy = answer.headers.get("content-security-policy", "")
        directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
        assert directives.get("frame-ancestors") == ["'none'"], what
        assert directives.get("object-src") == ["'none'"], what
        if what != "api docs":  # the app's own pages run nothing but its own scripts
            assert directives.get("script-src") == ["'self'"], what
            assert directives.get("default-src") == ["'self'"], what


def closed_within(ws: ClientConnection, seconds: float) -> bool:
    """Whether the server closes ``ws`` within ``seconds`` (messages before the close are read and dropped)."""
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            ws.recv(timeout=max(0.01, deadline - time.monotonic()))
    except ConnectionClosed:
        return True
    except TimeoutError:
        return False
    return False


def test_a_replaced_api_token_stops_its_listeners_at_once(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path)) as server, server.http() as http:
        assert http.post("/api/accounts", json={"name": "Robo", "password": "a long bot password"}).is_success
        old = http.post("/api/me/bot-token").json()["token"]
        listeners = [server.socket() for _ in range(4)]
        for ws in listeners:
            ws_send(ws, {"type": "listen", "token": old})
            assert ws_until(ws, "listening")["account"] == "Robo"
        new = http.post("/api/me/bot-token").json()["token"]
        assert new != old
        assert all(closed_within(ws, 10) for ws in listeners)
        http.cookies.clear()
        host = http.post("/api/tables", json={"name": "Ann", "players": 3}).json()
        with server.socket() as ws:
            ws_send(ws, {"type": "hello", "table": host["table"]["id"], "token": host["token"]})
            ws_until(ws, "snapshot")
            ws_send(ws, {"type": "invite", "seat": 1, "account": "Robo"})
            assert ws_until(ws, "error")["code"] == "bot_offline"
            with server.socket() as bot, server.socket() as stale:
                ws_send(stale, {"type": "listen", "token": old})
                assert ws_until(stale, "error")["code"] == "bad_token"
                ws_send(bot, {"type": "listen", "token": new})
                assert ws_until(bot, "listening")["account"] == "Robo"
                ws_send(ws, {"type": "invite", "seat": 1, "account": "Robo"})
                invitation = ws_until(bot, "invitation")
                assert invitation["seat"] == 1 and json.dumps(invitation).count(invitation["token"]) == 1


def wait_for_status(server: LiveServer, tournament_id: str, status: str, seconds: float = 20) -> dict[str, Any]:
    """Poll an event until it has ``status``; returns it (fails after ``seconds``)."""
    deadline = time.monotonic() + seconds
    with server.http() as http:
        while True:
            found: dict[str, Any] = http.get(f"/api/tournaments/{tournament_id}").json()
            if found.get("status") == status or time.monotonic() > deadline:
                assert found.get("status") == status, found
                return found
            time.sleep(0.05)


def test_a_tournament_never_started_expires_and_frees_its_creators_place(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path, client_tournaments=2, tournament_open_minutes=0.02)) as server, \
            server.http() as http:
        made = [http.post("/api/tournaments", json={"name": f"Cup {n}"}).json() for n in range(2)]
        refused = http.post("/api/tournaments", json={"name": "Cup 3"})
        assert refused.status_code == 429 and "(2 at most)" in refused.json()["error"]["message"]
        for event in made:
            wait_for_status(server, event["tournament"]["id"], "cancelled")
        assert http.get("/api/tournaments").json() == []
        late = http.post(f"/api/tournaments/{made[0]['tournament']['id']}/join", json={"name": "Ann"})
        assert late.status_code == 404
        assert http.post("/api/tournaments", json={"name": "Cup 4"}).status_code == 201


def test_tournaments_left_open_before_a_restart_expire_after_it(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path)) as server, server.http() as http:
        event = http.post("/api/tournaments", json={"name": "Cup"}).json()["tournament"]["id"]
    with LiveServer(make_config(tmp_path, tournament_open_minutes=0.02)) as server:
        wait_for_status(server, event, "cancelled")


def test_the_host_cancels_a_tournament_before_its_start(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path, client_tournaments=1)) as server, server.http() as http:
        made = http.post("/api/tournaments", json={"name": "Cup"}).json()
        event, key = made["tournament"]["id"], made["host_key"]
        entry = http.post(f"/api/tournaments/{event}/join", json={"name": "Ann"}).json()
        assert http.post(f"/api/tournaments/{event}/cancel", json={"host_key": entry["key"]}).status_code == 403
        assert http.get(f"/api/tournaments/{event}").json()["status"] == "registering"
        cancelled = http.post(f"/api/tournaments/{event}/cancel", json={"host_key": key})
        assert cancelled.status_code == 200 and cancelled.json()["tournament"]["status"] == "cancelled"
        assert http.get(f"/api/tournaments/{event}").json()["status"] == "cancelled"
        assert http.post(f"/api/tournaments/{event}/join", json={"name": "Bo"}).status_code == 404
        assert http.post(f"/api/tournaments/{event}/cancel", json={"host_key": key}).status_code == 404
        # Its place is free again; a started event cannot be cancelled.
        made = http.post("/api/tournaments", json={"name": "Cup 2", "rounds": 1}).json()
        event, key = made["tournament"]["id"], made["host_key"]
        for bot in ("random", "random"):
            assert http.post(f"/api/tournaments/{event}/bots", json={"host_key": key, "bot": bot}).is_success
        assert http.post(f"/api/tournaments/{event}/start", json={"host_key": key}).is_success
        refused = http.post(f"/api/tournaments/{event}/cancel", json={"host_key": key})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "already_started"


def test_a_body_trickling_in_is_refused_when_its_whole_time_is_up(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path, body_seconds=1.0)) as server, \
            socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        body = b'{"name": "Ann", "players": 3}' + b" " * 51  # 80 bytes, one every 0.2 s: 16 s in all
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n" % len(body))
        sock.settimeout(0.2)  # each piece comes well within body_seconds of the one before
        answer = b""
        sent = 0
        while sent < len(body) and not answer:
            try:
                sock.sendall(body[sent:sent + 1])
                sent += 1
            except OSError:
                break
            with contextlib.suppress(TimeoutError):
                answer = sock.recv(65536)
        sock.settimeout(5)
        while b"\r\n\r\n" not in answer:
            more = sock.recv(65536)
            assert more, answer
            answer += more
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b'"too_slow"' in answer or b'"too_slow"' in sock.recv(65536)
        assert sent < len(body), "the server waited for the whole body"
        assert server.hub.tables == {}


def test_a_seated_person_removes_an_invited_bot_account_before_the_start(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path)) as server, server.http() as http:
        assert http.post("/api/accounts", json={"name": "Robo", "password": "a long bot password"}).is_success
        api_token = http.post("/api/me/bot-token").json()["token"]
        http.cookies.clear()
        host = http.post("/api/tables", json={"name": "Ann", "players": 4}).json()
        table = host["table"]["id"]
        guest = http.post(f"/api/tables/{table}/join", json={"name": "Bo", "seat": 3}).json()
        assert guest["seat"] == 3
        with server.socket() as ws, server.socket() as listener:
            ws_send(ws, {"type": "hello", "table": table, "token": host["token"]})
            ws_until(ws, "snapshot")
            ws_send(listener, {"type": "listen", "token": api_token})
            ws_until(listener, "listening")
            for replacement in (None, "classic"):
                ws_send(ws, {"type": "invite", "seat": 1, "account": "Robo"})
                invitation = ws_until(listener, "invitation")
                with server.socket() as bot:
                    ws_send(bot, {"type": "hello", "table": table, "token": invitation["token"]})
                    assert ws_until(bot, "snapshot")["seat"] == 1
                    ws_until(ws, "table")
                    ws_send(ws, {"type": "seat", "seat": 1, "bot": replacement})
                    seats = ws_until(ws, "table")["table"]["seats"]
                    while seats[1]["kind"] == "person":  # the bot's own arrival may come first
                        seats = ws_until(ws, "table")["table"]["seats"]
                    assert seats[1]["kind"] == ("open" if replacement is None else "bot")
                    assert seats[1]["name"] is None and seats[1]["bot"] == replacement
                    assert ws_until(bot, "snapshot")["seat"] is None  # its connection only watches now
                with server.socket() as again:
                    ws_send(again, {"type": "hello", "table": table, "token": invitation["token"]})
                    assert ws_until(again, "error")["code"] == "bad_token"
            ws_send(ws, {"type": "seat", "seat": 3, "bot": None})  # a person's seat is not the host's to take
            assert ws_until(ws, "error")["code"] == "seat_taken"


def invite_robo(server: LiveServer, http: Any, players: int, **table: Any) -> tuple[dict[str, Any], ClientConnection,
                                                                                    dict[str, Any]]:
    """A signed-in host's table with the bot account Robo invited to seat 1 (registry bots elsewhere): the host's
    answer, its connection (at its snapshot) and Robo's invitation."""
    assert http.post("/api/accounts", json={"name": "Robo", "password": "a long bot password"}).is_success
    api_token = http.post("/api/me/bot-token").json()["token"]
    http.post("/api/logout")
    assert http.post("/api/accounts", json={"name": "Host", "password": "a long host password"}).is_success
    seats = [None, None] + ["random"] * (players - 2)
    host = http.post("/api/tables", json={"name": "Host", "players": players, "seats": seats, **table}).json()
    ws = server.socket()
    ws_send(ws, {"type": "hello", "table": host["table"]["id"], "token": host["token"]})
    ws_until(ws, "snapshot")
    listener = server.socket()
    ws_send(listener, {"type": "listen", "token": api_token})
    ws_until(listener, "listening")
    ws_send(ws, {"type": "invite", "seat": 1, "account": "Robo"})
    invitation = ws_until(listener, "invitation")
    listener.close()
    return host, ws, invitation


def test_a_bot_account_that_never_moves_gets_a_stand_in_and_does_not_keep_the_table_open(tmp_path: Path) -> None:
    config = make_config(tmp_path, bot_account_move_seconds=0.3, empty_table_minutes=0.02)
    with LiveServer(config) as server, server.http() as http:
        host, ws, invitation = invite_robo(server, http, 3, deals=1)
        table = host["table"]["id"]
        with server.socket() as bot:
            ws_send(bot, {"type": "hello", "table": table, "token": invitation["token"]})
            ws_until(bot, "snapshot")
            ws_send(ws, {"type": "start"})
            last = ws_until(ws, "snapshot")
            # The host moves when asked; the bot account never does: the stand-in moves for it in time.
            stood_in = None
            while last["view"]["phase"] != "over" and stood_in is None:
                if last["view"]["to_act"] == 0:
                    ws_send(ws, {"type": "move", "move": last["view"]["legal_moves"][-1], "seq": last["seq"]})
                last = ws_until(ws, "update", seq=last["seq"] + 1)
                if last["seat"] == 1:
                    stood_in = last["by"]
            assert stood_in == "stand-in"
            ws.close()  # the host leaves: the bot account's connection alone does not keep the table open
            assert closed_within(bot, 20)
        assert table not in server.hub.tables


def test_the_stand_in_moves_of_a_bot_account_that_never_came_are_not_rated(tmp_path: Path) -> None:
    config = make_config(tmp_path, bot_account_move_seconds=0.05)
    with LiveServer(config) as server, server.http() as http:
        _host, ws, _invitation = invite_robo(server, http, 3, deals=1, grace_seconds=3600)
        ws_send(ws, {"type": "start"})
        last = ws_until(ws, "snapshot")
        while last["view"]["phase"] != "over":
            if last["view"]["to_act"] == 0:
                ws_send(ws, {"type": "move", "move": last["view"]["legal_moves"][-1], "seq": last["seq"]})
            last = ws_until(ws, "update", seq=last["seq"] + 1)
        ws.close()
        deadline = time.monotonic() + 10
        while not (found := http.get("/api/matches").json()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert found, "the match was not stored"
        names = [line["name"] for line in http.get("/api/ratings", params={"family": "tavern-jack"}).json()["ratings"]]
        assert "Robo" not in names and "Host" not in names
