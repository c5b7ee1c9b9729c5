"""Helpers of the server tests: a test configuration, WebSocket clients, and card bookkeeping."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from president.cards import parse_card
from president.server import ServerConfig

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
