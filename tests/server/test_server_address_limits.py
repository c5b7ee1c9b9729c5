"""The limits of one client address on WebSockets, on a real uvicorn: connections held, spectators of a table, and the
rate of messages of all its connections together."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from .support import LiveServer, make_config, ws_send, ws_until

pytestmark = pytest.mark.timeout(60)


def refused_and_closed(ws: ClientConnection) -> tuple[dict[str, Any], int | None, str]:
    """The error a refused connection is sent, then its close code and reason."""
    error: dict[str, Any] = json.loads(ws.recv(timeout=10))
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=10)
    received = closed.value.rcvd
    return error, received.code if received else None, received.reason if received else ""


def spectate(server: LiveServer, table: str, seconds: float = 20) -> ClientConnection:
    """A spectator of ``table``, connecting again while the server still counts a connection just closed."""
    deadline = time.monotonic() + seconds
    while True:
        ws = server.socket()
        try:
            ws_send(ws, {"type": "hello", "table": table, "spectate": True})
            first = json.loads(ws.recv(timeout=10))
            if first["type"] == "snapshot":
                return ws
        except ConnectionClosed:
            pass
        ws.close()
        assert time.monotonic() < deadline, first
        time.sleep(0.05)


def test_an_address_holds_so_many_websockets_and_a_table_so_many_spectators(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path, websockets_per_address=3, spectators_per_table=2)) as server, \
            server.http() as http:
        table = http.post("/api/tables", json={"players": 3}).json()["table"]["id"]
        held = [spectate(server, table), spectate(server, table)]
        third = server.socket()
        ws_send(third, {"type": "hello", "table": table, "spectate": True})
        refusal = ws_until(third, "error")
        assert refusal["code"] == "too_many_spectators" and "2 spectators" in refusal["message"]
        ws_send(third, {"type": "ping"})  # refused, not closed: it may still say hello elsewhere
        assert ws_until(third, "error")["code"] == "hello_first"

        error, code, reason = refused_and_closed(server.socket())
        assert error["code"] == "too_many_connections" and "3 connections" in error["message"]
        assert code == 1008 and reason == "too many connections from your address"

        held.pop().close()  # a place at the table and one of the address's connections are free again
        third.close()
        held.append(spectate(server, table))
        for ws in held:
            ws.close()


def test_reconnecting_does_not_refill_an_addresss_rate_of_messages(tmp_path: Path) -> None:
    config = make_config(tmp_path, address_rate_per_second=0.01, address_rate_burst=20)
    with LiveServer(config) as server, server.http() as http:
        table = http.post("/api/tables", json={"players": 3}).json()["table"]["id"]
        with server.socket() as ws:
            ws_send(ws, {"type": "hello", "table": table, "spectate": True})
            ws_until(ws, "snapshot")
            for _ in range(19):
                ws_send(ws, {"type": "ping"})
                assert json.loads(ws.recv(timeout=10))["type"] == "pong"
            ws_send(ws, {"type": "ping"})
            refusal = ws_until(ws, "error")
            assert refusal["code"] == "rate_limited" and "0.01 from one address" in refusal["message"]
        for _ in range(3):
            with server.socket() as again:
                ws_send(again, {"type": "hello", "table": table, "spectate": True})
                assert ws_until(again, "error")["code"] == "rate_limited"


@pytest.mark.parametrize("trusted", ["", "127.0.0.1"])
def test_x_forwarded_for_names_the_client_only_when_its_sender_is_a_trusted_proxy(tmp_path: Path,
                                                                                  trusted: str) -> None:
    with LiveServer(make_config(tmp_path, client_tables=1, trusted_proxies=trusted)) as server, \
            server.http() as http:
        made = [http.post("/api/tables", json={"players": 3}, headers={"x-forwarded-for": f"10.0.0.{n}"})
                for n in (1, 2)]
    # Untrusted, the header is ignored: both come from 127.0.0.1, which may hold one table.
    assert [r.status_code for r in made] == ([201, 429] if not trusted else [201, 201])


def test_the_round_tables_of_an_addresss_events_count_in_its_open_tables(tmp_path: Path) -> None:
    config = make_config(tmp_path, client_tables=1, client_event_tables=3, bot_delay=60.0)
    with LiveServer(config) as server, server.http() as http:
        events = []
        for name in ("Cup", "Shield"):
            made = http.post("/api/tournaments", json={"name": name, "seats": 3, "rounds": 1}).json()
            event, key = made["tournament"]["id"], made["host_key"]
            for _ in range(6):  # two tables of three in the first round
                assert http.post(f"/api/tournaments/{event}/bots", json={"host_key": key, "bot": "random"}
                                 ).is_success
            events.append((event, key))
        started = http.post(f"/api/tournaments/{events[0][0]}/start", json={"host_key": events[0][1]})
        assert started.is_success, started.text
        # Its two round tables are the address's: it may create no table of its own beyond client_tables ...
        refused = http.post("/api/tables", json={"players": 3})
        assert refused.status_code == 429 and "(2)" in refused.json()["error"]["message"]
        # ... nor start another event whose round would take it past client_event_tables.
        second = http.post(f"/api/tournaments/{events[1][0]}/start", json={"host_key": events[1][1]})
        assert second.status_code == 429, second.text
        assert "needs 2 tables" in second.json()["error"]["message"]
        assert http.get(f"/api/tournaments/{events[1][0]}").json()["status"] == "registering"
        tables = [t for t in server.hub.tables.values() if t.tournament is not None]
        assert len(tables) == 2 and {t.creator for t in tables} == {"127.0.0.1"}
