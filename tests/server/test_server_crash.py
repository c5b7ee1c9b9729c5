"""A real ``president serve`` killed with SIGKILL mid-match and started again on the same database.

Every table comes back exactly where it was, with the same seat tokens, and play goes
on to the end; the finished match's record replays to the positions seen before the
kills. The server's own log never holds a token.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from president import Match
from president.old import OldMatch

from .support import play

pytestmark = [pytest.mark.timeout(120), pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")]


_STARTED: list[subprocess.Popen[bytes]] = []


@pytest.fixture(autouse=True)
def _no_server_left() -> Iterator[None]:
    """Kill the servers a test started and left running (a failed assertion skips its own kill)."""
    yield
    while _STARTED:
        process = _STARTED.pop()
        if process.poll() is None:
            process.kill()
            process.wait(10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``president serve`` in a subprocess, logging to a file."""

    def __init__(self, tmp_path: Path, database: str) -> None:
        self.port = free_port()
        self.log = tmp_path / "server.log"
        env = {**os.environ, "PRESIDENT_DATA": str(tmp_path / "data")}
        with self.log.open("a") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "president.cli", "serve", "--port", str(self.port), "--database", database,
                 "--bot-delay", "0", "--rate-limit", "1000", "--address-rate", "1000", "--log-level", "info"],
                stdout=out, stderr=subprocess.STDOUT, env=env,
            )
        _STARTED.append(self.process)
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", trust_env=False, timeout=10)
        deadline = time.monotonic() + 30
        while True:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if self.http.get("/api/health").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self.http.close()

    def seat(self, table_id: str, token: str) -> Client:
        return Client(self.port, table_id, token)


class Client:
    """One seat's WebSocket connection."""

    def __init__(self, port: int, table_id: str, token: str) -> None:
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{port}/ws", proxy=None, open_timeout=10, legacy=True)
        self.send({"type": "hello", "table": table_id, "token": token})
        self.last = self.wait("snapshot")

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def wait(self, kind: str, seq: int | None = None) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=10))
            if message["type"] == kind and (seq is None or message["seq"] == seq):
                if kind in ("snapshot", "update"):
                    self.last = message
                return message

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()


def test_sigkill_mid_match_loses_nothing_and_play_goes_on(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    server = Server(tmp_path, database)
    made = server.http.post("/api/tables", json={"rules": "three-of-clubs", "seats": [None, "classic", None, "random"],
                                                 "deals": 2}).json()
    table_id = made["table"]["id"]
    tokens = {seat: server.http.post(f"/api/tables/{table_id}/join", json={"name": name, "seat": seat}).json()["token"]
              for seat, name in ((0, "Ann"), (2, "Cy"))}
    clients = {seat: server.seat(table_id, token) for seat, token in tokens.items()}
    clients[0].send({"type": "start"})
    for client in clients.values():
        client.wait("snapshot")
    play(clients, 15)
    before = {seat: client.last for seat, client in clients.items()}

    server.kill()
    for client in clients.values():
        client.close()
    server = Server(tmp_path, database)
    clients = {seat: server.seat(table_id, token) for seat, token in tokens.items()}
    for seat, client in clients.items():
        assert client.last["seq"] == before[seat]["seq"]
        assert client.last["view"] == before[seat]["view"]
        assert client.last["table"]["seats"][seat]["name"] == ("Ann" if seat == 0 else "Cy")

    play(clients, 10)
    seen = clients[0].last
    to_act = seen["view"]["to_act"]
    clients[to_act].send({"type": "move", "move": clients[to_act].last["view"]["legal_moves"][0],
                          "seq": clients[to_act].last["seq"]})
    server.kill()
    for client in clients.values():
        client.close()
    server = Server(tmp_path, database)
    clients = {seat: server.seat(table_id, token) for seat, token in tokens.items()}
    after = clients[0].last
    assert after["seq"] >= seen["seq"]
    if after["seq"] == seen["seq"]:
        assert after["view"] == seen["view"]

    play(clients, None)
    for client in clients.values():
        client.close()
    status = server.http.get(f"/api/tables/{table_id}").json()
    assert status["status"] == "finished"
    record = server.http.get(f"/api/matches/{status['match_id']}/record").text
    server.kill()

    final = Match.replay(record)
    replay = Match.replay(_header(record))
    for seat, move in final.moves:
        if len(replay.moves) == before[0]["seq"]:
            assert replay.view(0) == before[0]["view"] and replay.view(2) == before[2]["view"]
        if len(replay.moves) == seen["seq"]:
            assert replay.view(0) == seen["view"]
        assert replay.to_act == seat
        replay.apply(move)
    assert replay.is_over and replay.scores == final.scores
    log = (tmp_path / "server.log").read_text()
    assert "WebSocket /ws" in log and table_id in log
    assert not any(token in log for token in tokens.values())


def _header(record: str) -> str:
    """The record without its moves: the match before the first move."""
    return "\n".join(line for line in record.splitlines() if line.startswith("[")) + "\n"


def test_sigkill_mid_deal_of_the_old_game_loses_no_card(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    server = Server(tmp_path, database)
    made = server.http.post("/api/tables", json={
        "game": "old-president", "players": 4, "seats": [None, "careful", None, "random"], "deals": 6,
        "options": {"staking": "equal", "stake": 16}}).json()
    table_id = made["table"]["id"]
    tokens = {seat: server.http.post(f"/api/tables/{table_id}/join", json={"name": name, "seat": seat}).json()["token"]
              for seat, name in ((0, "Ann"), (2, "Cy"))}
    clients = {seat: server.seat(table_id, token) for seat, token in tokens.items()}
    clients[0].send({"type": "start"})
    for client in clients.values():
        client.wait("snapshot")
    play(clients, 2, pick=0, phase="lead")  # the deals are random: the people may start few sequences, hence six deals
    before = {seat: client.last for seat, client in clients.items()}
    assert before[0]["view"]["phase"] == "lead" and before[0]["seq"] > 2

    server.kill()
    for client in clients.values():
        client.close()
    server = Server(tmp_path, database)
    clients = {seat: server.seat(table_id, token) for seat, token in tokens.items()}
    for seat, client in clients.items():
        assert client.last["seq"] == before[seat]["seq"]
        # A snapshot's view adds the table's latest events (the log the page rebuilds) to the update's.
        view = dict(client.last["view"])
        log = view.pop("log")
        assert view == before[seat]["view"]
        # It ends with the latest update's events, the cards of stopped sequences face down (one line each).
        latest = [e for e in before[seat]["events"] if e["type"] not in ("stake", "deal", "deal_end", "play")]
        told = [e for e in log if e["type"] not in ("play", "face_down")]
        assert latest and told[-len(latest):] == latest
        assert client.last["table"]["game"] == "old-president"

    play(clients, None, pick=0, phase="lead")
    for client in clients.values():
        client.close()
    status = server.http.get(f"/api/tables/{table_id}").json()
    assert status["status"] == "finished"
    record = server.http.get(f"/api/matches/{status['match_id']}/record").text
    server.kill()

    final = OldMatch.replay(record)
    replay = OldMatch.replay(_header(record))
    for move in final.moves[:before[0]["seq"]]:
        replay.apply(move)
    assert replay.view(0) == before[0]["view"] and replay.view(2) == before[2]["view"]
    assert final.is_over and sum(final.chips) == 4 * 100
