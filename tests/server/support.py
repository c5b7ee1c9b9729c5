"""Helpers of the server tests: a test configuration, WebSocket clients, and card bookkeeping."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import socket
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

import httpx
import uvicorn
from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket
from websockets.sync.client import ClientConnection, connect

from president.cards import parse_card
from president.server import Hub, ServerConfig, create_app
from president.server.edge.guard import uvicorn_options

CARD = re.compile(r"(?<![0-9A-Za-z])(?:(?:10|[2-9JQKA])[cdhs]|BJ|RJ)(?![0-9A-Za-z])")
"""A card in canonical text, standing alone (between quotes, spaces or the ends of a text)."""


def make_config(tmp_path: Path, **changes: Any) -> ServerConfig:
    """A configuration for tests: a fresh SQLite file, bots without delay and in-process, a fixed seed."""
    settings: dict[str, Any] = {
        "database_url": f"sqlite:///{tmp_path / 'server.sqlite3'}",
        "bot_delay": 0.0,
        "seed": 7,
        "web_dir": None,
        "bot_workers": 0,
        "rate_per_second": 1000.0,
        "rate_burst": 1000,
        "address_rate_per_second": 1000.0,
        "address_rate_burst": 1000,
        "argon2_memory_kib": 1024,  # light password hashes: the tests check accounts, not the hash's cost
        "argon2_time_cost": 1,
        "leaderboard_min_matches": 0,  # a test's one or two matches list their players
        "commit_gather_ms": 2.0,  # a move acknowledged soon after its commit: a test waits for many in turn
    }
    settings.update(changes)
    return ServerConfig(**settings)


def create_table(client: TestClient, **body: Any) -> dict[str, Any]:
    """``POST /api/tables``, checked to succeed."""
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


def join(client: TestClient, table_id: str, name: str, seat: int | None = None) -> dict[str, Any]:
    """``POST /api/tables/{id}/join``, checked to succeed."""
    body: dict[str, Any] = {"name": name}
    if seat is not None:
        body["seat"] = seat
    response = client.post(f"/api/tables/{table_id}/join", json=body)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def send(ws: Socket, message: dict[str, Any]) -> None:
    """Send one JSON message."""
    ws.send_text(json.dumps(message))


def receive(ws: Socket) -> dict[str, Any]:
    """Receive one JSON message."""
    message: dict[str, Any] = json.loads(ws.receive_text())
    return message


def hello(ws: Socket, table_id: str, token: str | None = None) -> dict[str, Any]:
    """Say hello with a token (or as a spectator) and return the snapshot."""
    message: dict[str, Any] = {"type": "hello", "table": table_id}
    if token is None:
        message["spectate"] = True
    else:
        message["token"] = token
    send(ws, message)
    snapshot = receive(ws)
    assert snapshot["type"] == "snapshot", snapshot
    return snapshot


def until(ws: Socket, kind: str, **fields: Any) -> dict[str, Any]:
    """Receive messages until one of type ``kind`` with the given field values arrives."""
    while True:
        message = receive(ws)
        if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
            return message


def play_until_turn_or_over(ws: Socket, seat: int, last: dict[str, Any]) -> dict[str, Any]:
    """Receive until ``seat`` is to act or the match is over; returns the last snapshot or update."""
    while last["view"]["to_act"] != seat and last["view"]["phase"] != "over":
        message = receive(ws)
        if message["type"] in ("update", "snapshot"):
            last = message
    return last


def cards_in(message: Any) -> set[int]:
    """Every card named anywhere in a JSON message or a text (card texts alone or in space-separated strings)."""
    text = message if isinstance(message, str) else json.dumps(message)
    return {parse_card(word) for word in CARD.findall(text)}


def mask_cards(mask: int) -> set[int]:
    """The card numbers of a mask."""
    return {c for c in range(54) if mask >> c & 1}


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """The application served by a real uvicorn on a free loopback port, in a thread of the test process."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.app = create_app(config)
        self.hub: Hub = self.app.state.hub
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.loop: asyncio.AbstractEventLoop | None = None
        self._server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                                     lifespan="on", **uvicorn_options(config)))
        self._thread = threading.Thread(target=asyncio.run, args=(self._serve(),), daemon=True)

    async def _serve(self) -> None:
        self.loop = asyncio.get_running_loop()
        await self._server.serve()

    def __enter__(self) -> LiveServer:
        self._thread.start()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/api/health", timeout=1, trust_env=False).status_code == 200:
                    return self
            time.sleep(0.05)
        raise RuntimeError("the test server did not start")

    def __exit__(self, *_exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=20)

    def http(self) -> httpx.Client:
        """An HTTP client for the REST API of this server."""
        return httpx.Client(base_url=self.url, trust_env=False, timeout=10)

    def stall(self, seconds: float) -> None:
        """Make the server's event loop stop for ``seconds`` (as a slow callback would), from another thread."""
        assert self.loop is not None
        self.loop.call_soon_threadsafe(time.sleep, seconds)

    def socket(self) -> ClientConnection:
        """A WebSocket connection to ``/ws``."""
        return connect(f"ws://127.0.0.1:{self.port}/ws", proxy=None, open_timeout=10, legacy=True)


def ws_send(ws: ClientConnection, message: dict[str, Any]) -> None:
    """Send one JSON message on a real WebSocket."""
    ws.send(json.dumps(message))


def ws_until(ws: ClientConnection, kind: str, timeout: float = 10, **fields: Any) -> dict[str, Any]:
    """Receive messages on a real WebSocket until one of type ``kind`` with the given field values arrives."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
        if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
            return message


class SeatClient(Protocol):
    """A seat's connection as :func:`play` drives it: its last message, sending, waiting for a message."""

    last: dict[str, Any]

    def send(self, message: dict[str, Any]) -> None: ...

    def wait(self, kind: str, seq: int | None = None) -> dict[str, Any]: ...


def play(clients: Mapping[int, SeatClient], moves: int | None, pick: int = -1, phase: str | None = None) -> None:
    """The people move (their legal move at index ``pick``, by default the last) until they made ``moves`` moves
    (None: until the end); with ``phase``, only their moves in that phase count, the others are left to the table.

    Returns at a person's turn, when no bot has a move pending. The clients first catch up with the newest of
    them: connected one after the other, a later one may have been sent a bot's move the first one was not yet.
    """
    newest = max(client.last["seq"] for client in clients.values())
    for client in clients.values():
        if client.last["seq"] < newest:
            client.wait("update", newest)
    made = 0
    while True:
        view = clients[0].last["view"]
        if view["phase"] == "over":
            return
        to_act = view["to_act"]
        if to_act in clients and (phase is None or view["phase"] == phase):
            if made == moves:
                return
            mine = clients[to_act].last
            clients[to_act].send({"type": "move", "move": mine["view"]["legal_moves"][pick], "seq": mine["seq"]})
            made += 1
        for client in clients.values():
            client.wait("update", client.last["seq"] + 1)
