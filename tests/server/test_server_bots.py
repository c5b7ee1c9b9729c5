"""Bot seats of every level, thinking bots in worker processes, and idle tables being closed."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from president import Match
from president.server import create_app
from president.server.edge.hub import Hub
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


def age(hub: Hub, seconds: float) -> None:
    """Make every table look as if it had been empty ``seconds`` longer."""
    for table in hub.tables.values():
        if table.empty_since is not None:
            table.empty_since -= seconds


def test_empty_tables_are_closed_and_not_brought_back(tmp_path: Path) -> None:
    config = make_config(tmp_path, empty_table_minutes=1)

    async def scenario() -> tuple[str, str, str, int]:
        hub = Hub(config)
        idle, _, _ = await hub.create_table(CreateTableRequest(players=3))
        watched, _, _ = await hub.create_table(CreateTableRequest(players=3))
        seated, _, token = await hub.create_table(CreateTableRequest(players=3, name="Ann"))
        viewer, player = hub.connection(), hub.connection()
        hub.handle(viewer, f'{{"type": "hello", "table": "{watched.id}", "spectate": true}}')
        hub.handle(player, f'{{"type": "hello", "table": "{seated.id}", "token": "{token}"}}')
        age(hub, 50)
        assert await hub.sweep() == 0
        age(hub, 11)
        closed = await hub.sweep()
        assert idle.id not in hub.tables and watched.id not in hub.tables and seated.id in hub.tables
        assert viewer.closing and viewer.close_code == 1001 and not player.closing
        hub.disconnect(player)
        age(hub, 59)
        assert await hub.sweep() == 0
        age(hub, 2)
        assert await hub.sweep() == 1 and seated.id not in hub.tables
        hub.close()
        return idle.id, watched.id, seated.id, closed

    *ids, closed = asyncio.run(scenario())
    assert closed == 2
    with TestClient(create_app(make_config(tmp_path))) as client:
        for table_id in ids:
            assert client.get(f"/api/tables/{table_id}").status_code == 404


async def eventually(done: Callable[[], bool], seconds: float = 30.0) -> None:
    """Wait until ``done()`` holds, looking every 10 ms; fail after ``seconds``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not done():
        assert loop.time() < deadline, "the awaited state never came"
        await asyncio.sleep(0.01)


def test_a_table_with_nobody_connected_waits_instead_of_playing_on(tmp_path: Path) -> None:
    config = make_config(tmp_path, bot_delay=0.005)

    async def scenario() -> tuple[int, int, int, int]:
        hub = Hub(config)
        table, _, token = await hub.create_table(CreateTableRequest(
            players=3, seats=[None, "random", "random"], name="Ann", turn_seconds=0.005, deals=5))
        hello = f'{{"type": "hello", "table": "{table.id}", "token": "{token}"}}'
        person = hub.connection()
        hub.handle(person, hello)
        task = hub.handle(person, '{"type": "start"}')
        if task is not None:
            await task
        # The bots play, and the stand-in for the idle person when the timer runs out.
        await eventually(lambda: table.ply > 3)
        before_leaving = table.ply
        hub.disconnect(person)
        # A move already under way may land; then nothing is under way any more.
        await eventually(lambda: table._thinking is None or table._thinking.done())
        left = table.ply
        await asyncio.sleep(0.5)
        while_away = table.ply
        back = hub.connection()
        hub.handle(back, hello)
        await eventually(lambda: table.ply > while_away)
        after = table.ply
        hub.close()
        return before_leaving, left, while_away, after

    before_leaving, left, while_away, after = asyncio.run(scenario())
    assert before_leaving > 0, "the match went on while the person was connected"
    assert while_away == left, "nobody connected: nobody plays"
    assert after > while_away, "the person is back: play goes on"
