"""Bot seats of every level, thinking bots in worker processes, and idle tables being closed."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from president import Match
from president.server import create_app
from president.server.hub import Hub
from president.server.protocol import CreateTableRequest

from .support import create_table, hello, make_config, receive, send, until

pytestmark = pytest.mark.timeout(90)


def test_a_thinking_bot_plays_from_a_worker_process(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, "president.server")
    with TestClient(create_app(make_config(tmp_path, bot_workers=1))) as client:
        made = create_table(client, rules="three-of-clubs", seats=[None, "easy", "classic", "random"], deals=1,
                            turn_seconds=0.01, name="Ann")
        by_seat: dict[int, set[str]] = {}
        with client.websocket_connect("/ws") as ws:
            hello(ws, made["table"]["id"], made["token"])
            send(ws, {"type": "start"})
            message = until(ws, "snapshot")
            while message["type"] != "table" or message["table"]["status"] != "finished":
                message = receive(ws)
                if message["type"] == "update":
                    by_seat.setdefault(message["seat"], set()).add(message["by"])
        assert by_seat == {0: {"stand-in"}, 1: {"bot"}, 2: {"bot"}, 3: {"bot"}}
        record = client.get(f"/api/matches/{message['table']['match_id']}/record").text
        assert Match.replay(record).is_over
    assert not caplog.records, "the worker failed and the bot moved in the server"


def test_idle_tables_are_closed_and_not_brought_back(tmp_path: Path) -> None:
    config = make_config(tmp_path, idle_close_seconds=0.0)

    async def scenario() -> tuple[str, str, int]:
        hub = Hub(config)
        idle, _, _ = hub.create_table(CreateTableRequest(players=3))
        watched, _, _ = hub.create_table(CreateTableRequest(players=3))
        viewer = hub.connection()
        hub.handle(viewer, f'{{"type": "hello", "table": "{watched.id}", "spectate": true}}')
        await asyncio.sleep(0.01)
        closed = hub.sweep()
        assert idle.id not in hub.tables and watched.id in hub.tables
        hub.close()
        return idle.id, watched.id, closed

    idle_id, watched_id, closed = asyncio.run(scenario())
    assert closed == 1
    with TestClient(create_app(make_config(tmp_path))) as client:
        assert client.get(f"/api/tables/{idle_id}").status_code == 404
        assert client.get(f"/api/tables/{watched_id}").status_code == 200
