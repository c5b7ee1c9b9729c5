"""Bad input and abuse: every refused message gets an error and changes nothing; nothing brings the server down."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from president import Match
from president.server import ERROR_CODES, create_app
from president.server.edge.connection import Connection
from president.server.edge.hub import Hub
from president.server.limits import RateLimit
from president.server.play.tables import Table

from .support import create_table, hello, join, make_config, receive, send, until

pytestmark = pytest.mark.timeout(90)

CARDS = ["3c", "7h", "10s", "Tc", "Qd", "2s", "Ah", "RJ", "BJ", "1c", "7x", "", "♠A", "3♣", "Kk"]


def fingerprint(table: Table) -> tuple[Any, ...]:
    """Everything a refused message must leave alone."""
    match = table.match
    seats = tuple((s.name, s.token_hash, s.bot) for s in table.seats)
    if match is None:
        return table.status, table.match_no, seats
    assert isinstance(match, Match)
    return (table.status, table.match_no, seats, table.ply, tuple(match.hands), match.to_act, match.phase,
            match.table_mask, tuple(match.scores), match.deal_number)


def junk(rng: random.Random, table_id: str, seq: int) -> str | bytes:
    """A message that is malformed, misplaced or illegal (a few, like ping, are valid and harmless)."""
    choice = rng.randrange(22)
    cards = " ".join(rng.sample(CARDS, rng.randrange(1, 4)))
    samples: list[Any] = [
        lambda: "".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(1, 40))),
        lambda: '{"type": "move", "move": "7c"',
        lambda: json.dumps([1, 2, {"type": "move"}]),
        lambda: json.dumps({"type": rng.choice(["Move", "moves", "", "hello ", "x" * 100])}),
        lambda: json.dumps({"type": "move", "move": cards, "seq": seq + rng.choice([-3, -1, 1, 7])}),
        lambda: json.dumps({"type": "move", "move": cards, "seat": rng.randrange(4)}),
        lambda: json.dumps({"type": "move", "move": rng.choice([7, None, ["7c"], {"c": 1}, True])}),
        lambda: json.dumps({"type": "move", "move": "give " + cards}),
        lambda: json.dumps({"type": "move", "move": "play"}),
        lambda: json.dumps({"type": "hello", "table": table_id, "token": "x" * rng.randrange(1, 200)}),
        lambda: json.dumps({"type": "hello", "table": rng.choice(["", "nope", table_id * 9]), "spectate": True}),
        lambda: json.dumps({"type": "start", "force": True}),
        lambda: json.dumps({"type": "start"}),
        lambda: json.dumps({"type": "rematch"}),
        lambda: json.dumps({"type": "seat", "seat": rng.randrange(-2, 10), "bot": rng.choice(["classic", None])}),
        lambda: json.dumps({"type": "fill", "bot": rng.choice(["random", "nobody", "cheater"])}),
        lambda: json.dumps({"type": "leave", "seat": rng.randrange(4)}),  # a bare leave resigns in play
        lambda: json.dumps({"type": "move", "move": "pass", "pad": "x" * 5000}),
        lambda: rng.randbytes(rng.randrange(1, 64)),
        lambda: "[" * 5000,
        lambda: json.dumps({"type": "ping"}),
        lambda: json.dumps({"type": "sync"}),
    ]
    result: str | bytes = samples[choice]()
    return result


def test_random_and_malformed_messages_at_random_moments_change_nothing(client: TestClient) -> None:
    table_id = create_table(client, rules="revolution", players=4, deals=2)["table"]["id"]
    tokens = [join(client, table_id, f"P{i}")["token"] for i in range(4)]
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.tables[table_id]
    rng = random.Random(2024)
    refused: dict[str, int] = {}
    with client.websocket_connect("/ws") as s0, client.websocket_connect("/ws") as s1, \
            client.websocket_connect("/ws") as s2, client.websocket_connect("/ws") as s3, \
            client.websocket_connect("/ws") as watcher, client.websocket_connect("/ws") as stranger:
        seats = [s0, s1, s2, s3]
        views = {i: hello(ws, table_id, tokens[i]) for i, ws in enumerate(seats)}
        hello(watcher, table_id)
        send(s0, {"type": "start"})
        for i, ws in enumerate(seats):
            views[i] = until(ws, "snapshot")
        until(watcher, "snapshot")
        everyone = [*seats, watcher]
        for step in range(700):
            to_act = table.match.to_act if table.match else None
            if table.status == "finished":
                break
            if step % 4 == 0 and to_act is not None:
                view = views[to_act]["view"]
                seq = table.ply
                send(seats[to_act], {"type": "move", "move": rng.choice(view["legal_moves"]), "seq": seq})
                for i, ws in enumerate(seats):
                    views[i] = until(ws, "update", seq=seq + 1)
                until(watcher, "update", seq=seq + 1)
                continue
            sender = rng.choice([*everyone, stranger])
            message = junk(rng, table_id, table.ply)
            before = fingerprint(table)
            if isinstance(message, bytes):
                sender.send_bytes(message)
            else:
                sender.send_text(message)
            reply = receive(sender)
            while reply["type"] == "table":
                reply = receive(sender)
            if reply["type"] == "error":
                assert reply["code"] in ERROR_CODES and reply["message"]
                assert fingerprint(table) == before, f"refused {message!r} changed the table"
                refused[reply["code"]] = refused.get(reply["code"], 0) + 1
            elif reply["type"] == "update":
                seat = reply["seat"]
                for i, ws in enumerate(seats):
                    views[i] = reply if ws is sender else until(ws, "update", seq=reply["seq"])
                    if ws is sender:
                        assert i == seat
                until(watcher, "update", seq=reply["seq"])
            else:
                assert reply["type"] in ("pong", "snapshot"), reply
                assert fingerprint(table) == before
        send(stranger, {"type": "ping"})
        assert receive(stranger)["code"] == "hello_first"
    assert table.ply > 60
    for code in ("bad_json", "unknown_type", "bad_message", "too_large", "not_your_turn", "stale", "illegal_move",
                 "already_started", "already_joined", "hello_first", "not_seated"):
        assert refused.get(code), f"the fuzz never provoked {code}: {refused}"
    assert client.get("/api/health").json()["ok"] is True


def test_a_flood_is_rate_limited_then_cut_off(tmp_path: Path) -> None:
    config = make_config(tmp_path, rate_per_second=0.5, rate_burst=3, rate_strikes=4)
    with TestClient(create_app(config)) as client:
        made = create_table(client, players=3, name="Ann")
        with client.websocket_connect("/ws") as ws:
            send(ws, {"type": "hello", "table": made["table"]["id"], "token": made["token"]})
            assert receive(ws)["type"] == "snapshot"
            replies = []
            for _ in range(6):
                send(ws, {"type": "ping"})
                replies.append(receive(ws))
            assert [r["type"] for r in replies] == ["pong", "pong", "error", "error", "error", "error"]
            assert replies[-1]["code"] == "rate_limited"
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(ws)
            assert closed.value.code == 1008
        assert client.get("/api/health").status_code == 200


def test_a_silent_connection_is_closed_after_the_hello_timeout(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path, hello_timeout=0.1))) as client, \
            client.websocket_connect("/ws") as ws:
        error = receive(ws)
        assert error["code"] == "hello_first"
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
        assert closed.value.code == 1008


def test_a_client_that_does_not_read_is_disconnected_not_buffered_forever() -> None:
    conn = Connection(RateLimit(10, 10), outbox_limit=3)
    for n in range(3):
        conn.send({"type": "pong", "n": n})
    assert not conn.closing
    conn.send({"type": "pong"})
    assert conn.closing and conn.close_code == 1008
    assert len(conn.pending()) == 3


def test_an_unexpected_failure_is_reported_and_the_table_goes_on(client: TestClient,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    made = create_table(client, players=3, seats=[None, "random", "random"], name="Ann")
    with client.websocket_connect("/ws") as ws:
        hello(ws, made["table"]["id"], made["token"])

        def broken(*_args: object) -> None:
            raise RuntimeError("boom")

        monkeypatch.setattr(Table, "start", broken)
        send(ws, {"type": "start"})
        error = until(ws, "error")
        assert error["code"] == "internal" and "boom" not in error["message"]
        monkeypatch.undo()
        send(ws, {"type": "start"})
        assert until(ws, "snapshot")["table"]["status"] == "playing"


def test_a_bot_that_fails_is_replaced_by_a_legal_move(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from president.bots.random_bot import RandomBot

    def broken(*_args: object) -> int:
        raise IndexError("bot bug")

    monkeypatch.setattr(RandomBot, "choose", broken)
    made = create_table(client, players=3, seats=[None, "random", "random"], deals=1, turn_seconds=0.01,
                        name="Ann")
    with client.websocket_connect("/ws") as ws:
        hello(ws, made["table"]["id"], made["token"])
        send(ws, {"type": "start"})
        deadline = time.monotonic() + 30
        message = until(ws, "snapshot")
        while message["type"] != "table" or message["table"]["status"] != "finished":
            assert time.monotonic() < deadline
            message = receive(ws)
