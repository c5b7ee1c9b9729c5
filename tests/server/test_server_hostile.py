"""A hostile or unlucky world, on a real uvicorn: endless bodies, a locked database, a stalled loop, floods."""

from __future__ import annotations

import json
import socket
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed

from president.server import create_app

from .services import Postgres
from .support import LiveServer, create_table, make_config, ws_send, ws_until

pytestmark = pytest.mark.timeout(60)


def test_a_chunked_body_is_refused_at_the_limit_without_reading_the_rest(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path)) as server, \
            socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b" " * 4096
        for _ in range(6):  # 24 KiB of an endless body: no end chunk is ever sent
            sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        answer = sock.recv(65536)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert b'"too_large"' in answer or b'"too_large"' in sock.recv(65536)
        closed = False
        deadline = time.monotonic() + 5
        while not closed and time.monotonic() < deadline:
            try:
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                closed = sock.recv(65536) == b""
            except OSError:
                closed = True
        assert closed, "the server kept reading the body after refusing it"
        assert server.hub.tables == {}


def seated(server: LiveServer, **body: Any) -> tuple[Any, dict[str, Any]]:
    """A table with one person and bots, that person's socket, and the snapshot once the person is to act."""
    with server.http() as http:
        response = http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made = response.json()
    ws = server.socket()
    ws_send(ws, {"type": "hello", "table": made["table"]["id"], "token": made["token"]})
    last = ws_until(ws, "snapshot")
    return ws, last


def test_a_locked_database_delays_only_the_commit_not_pings_or_other_tables(tmp_path: Path) -> None:
    config = make_config(tmp_path, rate_per_second=10.0, rate_burst=30)
    with LiveServer(config) as server:
        mover, _ = seated(server, players=3, seats=[None, "random", "random"], name="Ann", deals=1)
        ws_send(mover, {"type": "start"})
        last = ws_until(mover, "snapshot")
        while last["view"]["to_act"] != 0:
            last = ws_until(mover, "update")
        healthy, _ = seated(server, players=3, name="Bo")

        lock = sqlite3.connect(tmp_path / "server.sqlite3", isolation_level=None, timeout=10)
        lock.execute("BEGIN IMMEDIATE")  # another writer holds the database
        held = 3.0
        locked_at = time.monotonic()
        ws_send(mover, {"type": "move", "move": last["view"]["legal_moves"][0], "seq": last["seq"]})
        ws_send(mover, {"type": "ping"})
        assert ws_until(mover, "pong", timeout=1)  # the mover's own ping overtakes its pending move
        slowest = 0.0
        while time.monotonic() - locked_at < held:
            sent = time.monotonic()
            ws_send(healthy, {"type": "ping"})
            ws_until(healthy, "pong", timeout=1)
            slowest = max(slowest, time.monotonic() - sent)
            time.sleep(0.1)
        with server.http() as http:
            sent = time.monotonic()
            assert http.get("/api/leaderboard").status_code == 200
            assert http.get("/api/tables").status_code == 200
            slowest = max(slowest, (time.monotonic() - sent) / 2)
        lock.rollback()
        lock.close()
        update = ws_until(mover, "update", timeout=10, seq=last["seq"] + 1)
        assert update["seat"] == 0 and time.monotonic() - locked_at >= held
        with sqlite3.connect(tmp_path / "server.sqlite3") as db:
            assert db.execute("SELECT COUNT(*) FROM president_moves WHERE ply = ?", (last["seq"],)).fetchone()[0]
        assert slowest < 1.0
        mover.close()
        healthy.close()


def test_a_stalled_server_does_not_rate_limit_a_client_that_kept_the_pace(tmp_path: Path) -> None:
    config = make_config(tmp_path, rate_per_second=20.0, rate_burst=30)
    with LiveServer(config) as server:
        ws, _ = seated(server, players=3, name="Ann")
        replies: list[str] = []

        def read() -> None:
            try:
                while True:
                    message = ws.recv(timeout=15)
                    replies.append(str(message))
            except (TimeoutError, ConnectionClosed):
                pass

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        for n in range(60):  # 20 a second for 3 s, the pace the server allows; the stall holds 40, more than a burst
            if n == 10:
                server.stall(2.0)
            ws_send(ws, {"type": "ping"})
            time.sleep(0.05)
        deadline = time.monotonic() + 10
        while len(replies) < 60 and time.monotonic() < deadline:
            time.sleep(0.05)
        ws.close()
        reader.join(5)
        assert sum('"rate_limited"' in r for r in replies) == 0
        assert sum('"pong"' in r for r in replies) == 60


def test_a_sustained_flood_is_cut_off_within_a_second(tmp_path: Path) -> None:
    config = make_config(tmp_path, rate_per_second=10.0, rate_burst=30, rate_strikes=100)
    with LiveServer(config) as server:
        ws, _ = seated(server, players=3, name="Ann")
        closed_at: list[float] = []

        def read() -> None:
            try:
                while True:
                    ws.recv(timeout=10)
            except ConnectionClosed:
                closed_at.append(time.monotonic())
            except TimeoutError:
                pass

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        start = time.monotonic()
        sent = 0
        while reader.is_alive() and time.monotonic() - start < 5:
            try:
                ws_send(ws, {"type": "ping"})
            except ConnectionClosed:
                break
            sent += 1
            time.sleep(0.001)  # about 1,000 messages a second, for as long as the server lets it
        reader.join(5)
        assert closed_at, f"still connected after {sent} messages in 5 s"
        assert ws.close_code == 1008 and ws.close_reason == "too many messages"
        cut = closed_at[0] - start
        assert cut < 1.5, f"cut off after {cut:.2f} s and {sent} messages"


def test_tables_per_address_are_limited_in_number_and_pace(tmp_path: Path) -> None:
    app = create_app(make_config(tmp_path, client_tables=3, client_creations_per_minute=1))
    with TestClient(app, client=("203.0.113.7", 5000)) as greedy, \
            TestClient(app, client=("198.51.100.9", 5000)) as other:
        made = [create_table(greedy, players=3)["table"]["id"] for _ in range(3)]
        refused = greedy.post("/api/tables", json={"players": 3})
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_tables"
        assert "still open" in refused.json()["error"]["message"]
        create_table(other, players=3)
        hub = app.state.hub
        hub.tables[made[0]].empty_since -= 3600
        greedy.get("/api/health")
        assert greedy.portal is not None
        greedy.portal.call(hub.sweep)
        assert made[0] not in hub.tables
        too_fast = greedy.post("/api/tables", json={"players": 3})
        assert too_fast.status_code == 429 and "too fast" in too_fast.json()["error"]["message"]


def test_a_move_sent_while_postgresql_restarts_is_stored_once_it_is_back(tmp_path: Path, database_url: str,
                                                                          postgres_server: Postgres) -> None:
    config = make_config(tmp_path, database_url=database_url)
    with LiveServer(config) as server, server.http() as http:
        made = http.post("/api/tables", json={"name": "Ann", "players": 3, "seats": [None, "random", "random"]})
        table, token = made.json()["table"]["id"], made.json()["token"]
        with server.socket() as ws:
            ws_send(ws, {"type": "hello", "table": table, "token": token})
            ws_until(ws, "snapshot")
            ws_send(ws, {"type": "start"})
            last = ws_until(ws, "snapshot")
            while last["view"]["to_act"] != 0:
                last = ws_until(ws, "update", seq=last["seq"] + 1)
            postgres_server.stop()
            try:
                ws_send(ws, {"type": "move", "move": last["view"]["legal_moves"][-1], "seq": last["seq"]})
                time.sleep(0.3)  # the write meets the stopped server, and is tried again meanwhile
            finally:
                postgres_server.start()
            answer = json.loads(ws.recv(timeout=20))
            while answer["type"] == "table":
                answer = json.loads(ws.recv(timeout=20))
            assert answer["type"] == "update" and answer["seat"] == 0, answer
        assert server.hub.journal.retried >= 1
