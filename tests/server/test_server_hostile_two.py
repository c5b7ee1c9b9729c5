"""Hostile clients, round two, on a real uvicorn: security headers, revoked API tokens, abandoned tournaments, slow
bodies."""

from __future__ import annotations

import json
import time
from pathlib import Path

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
