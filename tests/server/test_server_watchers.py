"""What the spectators of a table cost, on a real uvicorn: each message encoded once for all of them, and a spectator
who does not read holds a bounded backlog and gets a fresh snapshot once he reads again."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.frames import Frame, Opcode
from websockets.sync.client import ClientConnection

from president.server.edge import wire
from president.server.edge.connection import Connection

from .support import LiveServer, make_config, ws_send, ws_until

pytestmark = pytest.mark.timeout(180)


class UnreadSocket:
    """A spectator's WebSocket with a tiny receive buffer that reads nothing until asked (no compression)."""

    def __init__(self, port: int) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        self.sock.settimeout(20)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def send(self, message: dict[str, Any]) -> None:
        data = json.dumps(message).encode()
        assert len(data) < 126
        mask = os.urandom(4)
        self.sock.sendall(struct.pack("!BB", 0x81, 0x80 | len(data)) + mask
                          + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _exactly(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            assert chunk, "the server closed the connection"
            data += chunk
        return data

    def messages(self) -> Iterator[dict[str, Any]]:
        """The messages, read one after the other."""
        while True:
            b0, b1 = self._exactly(2)
            length = b1 & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", self._exactly(2))
            elif length == 127:
                (length,) = struct.unpack("!Q", self._exactly(8))
            assert b0 == 0x81, "an uncompressed text message in one frame"
            yield json.loads(self._exactly(length))


def busy_table(server: LiveServer, deals: int) -> tuple[str, ClientConnection]:
    """A six-seat table whose person's moves the stand-in makes at once, started; its id and the person's socket."""
    with server.http() as http:
        made = http.post("/api/tables", json={"rules": "tavern-jack", "players": 6, "name": "Ann", "deals": deals,
                                               "seats": [None, *["random"] * 5], "turn_seconds": 0.01}).json()
    table = made["table"]["id"]
    person = server.socket()
    ws_send(person, {"type": "hello", "table": table, "token": made["token"]})
    ws_until(person, "snapshot")
    return table, person


def watch(server: LiveServer, table: str) -> ClientConnection:
    """A spectator of ``table`` reading protocol version 1 (every view with the deal's history), past his snapshot."""
    ws = server.socket()
    ws_send(ws, {"type": "hello", "table": table, "spectate": True})
    ws_until(ws, "snapshot")
    return ws


def until_over(ws: ClientConnection) -> list[dict[str, Any]]:
    """The updates a reading follower gets until the match is over."""
    updates = []
    while True:
        message = ws_until(ws, "update", timeout=60)
        updates.append(message)
        if message["view"]["phase"] == "over":
            return updates


def on_loop(server: LiveServer, fn: Any) -> Any:
    """``fn()`` called on the server's event loop (where its connections live), its result."""
    async def call() -> Any:
        return fn()
    assert server.loop is not None
    return asyncio.run_coroutine_threadsafe(call(), server.loop).result(10)


def test_each_update_is_encoded_once_for_every_spectator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    encoded: list[bytes] = []
    serialize = Frame.serialize

    def counting(self: Frame, *, mask: bool, extensions: Any = None) -> bytes:
        if not mask and self.opcode is Opcode.TEXT and b'"type":"update"' in self.data:
            encoded.append(bytes(self.data))  # a frame the server encodes (a client masks its frames)
        return serialize(self, mask=mask, extensions=extensions)

    monkeypatch.setattr(Frame, "serialize", counting)
    plain = wire.plain_text_frame

    def counting_plain(data: bytes) -> bytes:
        if b'"type":"update"' in data:
            encoded.append(bytes(data))  # a short message's frame, written by the server without a Frame
        return plain(data)

    monkeypatch.setattr(wire, "plain_text_frame", counting_plain)
    with LiveServer(make_config(tmp_path)) as server:
        table, person = busy_table(server, deals=1)
        spectators = [watch(server, table) for _ in range(5)]
        ws_send(person, {"type": "start"})
        seen = [until_over(ws) for ws in spectators]
        mine = until_over(person)
        for ws in [person, *spectators]:
            ws.close()
    texts = [json.dumps(u, separators=(",", ":")) for u in seen[0]]
    assert all([u["seq"] for u in s] == [u["seq"] for u in seen[0]] for s in seen)
    assert len(seen[0]) > 20
    # One encoding per text: the spectators' updates once each (not once per spectator), and the person's own.
    assert len(encoded) == len(set(encoded)) == len(texts) + len(mine)


def test_a_spectator_who_reads_nothing_holds_a_bounded_backlog_then_gets_a_fresh_snapshot(tmp_path: Path) -> None:
    limit = 16 * 1024

    def the_slow_one() -> Connection | None:
        """The spectator the server found behind (messages to him dropped), if any."""
        followers = [c for c in server.hub.tables[table].spectators if isinstance(c, Connection)]
        assert len(followers) == 2
        behind = [c for c in followers if c.behind]
        return behind[0] if behind else None

    with LiveServer(make_config(tmp_path, outbox_bytes=limit)) as server:
        table, person = busy_table(server, deals=3)
        slow = UnreadSocket(server.port)
        slow.send({"type": "hello", "table": table, "spectate": True})
        reader = watch(server, table)
        ws_send(person, {"type": "start"})
        updates: list[dict[str, Any]] = []
        # The kernel takes a few MB of what the server writes before the socket's own buffer grows: play on until
        # the server finds him behind.
        for _ in range(12):
            updates += until_over(reader)
            if on_loop(server, the_slow_one) is not None:
                break
            ws_send(person, {"type": "rematch"})
        conn = on_loop(server, the_slow_one)
        assert conn is not None and conn.wire is not None
        ws_send(person, {"type": "rematch"})  # a match he is sent nothing of
        updates += until_over(reader)
        assert conn.behind
        largest = max(len(json.dumps(u)) for u in updates)
        assert on_loop(server, conn.wire.backlog) <= limit + largest + 16  # the rest is dropped, not kept

        # He reads again: what he was sent before he fell behind, then a snapshot of the table as it is now.
        got = []
        for message in slow.messages():
            got.append(message)
            if message["type"] == "snapshot" and message["view"] is not None and message["view"]["phase"] == "over" \
                    and message["seq"] == updates[-1]["seq"]:
                break
        sent = [m for m in got[:-1] if m["type"] == "update"]
        assert sent == updates[:len(sent)] and len(sent) < len(updates)
        assert got[-2]["type"] == "update", "the fresh snapshot follows the last update he was sent"
        assert got[-1]["seat"] is None and got[-1]["table"]["status"] == "finished"
        assert conn.resyncs == 1 and not conn.behind
        # The person never read his updates: his socket's backlog stands between the server's answer to the
        # close and him, so his close does not wait for it.
        person.close_timeout = 0.1
        for ws in (person, reader):
            ws.close()
        slow.sock.close()
