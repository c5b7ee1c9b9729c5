"""WebSocket compression on a real uvicorn: a short message goes as it is, a long one compressed, both readable."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from president.server.edge.deflate import COMPRESS_FROM, LargeOnlyDeflateProtocol, missing_reading_parts
from president.server.edge.wire import plain_text_frame

from .support import LiveServer, make_config

pytestmark = pytest.mark.timeout(60)


class RawSocket:
    """A WebSocket client that shows each message's frame as it came: compressed (RSV1) or not."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        self.agreed = b"permessage-deflate" in head.lower()
        assert head.startswith(b"HTTP/1.1 101"), head
        self.inflater = zlib.decompressobj(-15)

    def _exactly(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            assert chunk, "the server closed the connection"
            data += chunk
        return data

    def send(self, message: dict[str, Any]) -> None:
        data = json.dumps(message).encode()
        assert len(data) < 126
        mask = os.urandom(4)
        self.sock.sendall(struct.pack("!BB", 0x81, 0x80 | len(data)) + mask
                          + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def receive(self) -> tuple[bool, dict[str, Any], int]:
        """The next message: whether it came compressed, the message, and its length uncompressed."""
        b0, b1 = self._exactly(2)
        length = b1 & 0x7F
        if length == 126:
            (length,) = struct.unpack("!H", self._exactly(2))
        elif length == 127:
            (length,) = struct.unpack("!Q", self._exactly(8))
        assert b0 & 0x80, "a whole message in one frame"
        payload = self._exactly(length)
        compressed = bool(b0 & 0x40)
        if compressed:
            payload = self.inflater.decompress(payload + b"\x00\x00\xff\xff")
        return compressed, json.loads(payload), len(payload)


def test_short_messages_go_uncompressed_and_long_ones_compressed_on_one_connection(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path)) as server, server.http() as http:
        made = http.post("/api/tables", json={"rules": "tavern-jack", "players": 6, "name": "Ann",
                                               "seats": [None, *["classic"] * 5]}).json()
        ws = RawSocket(server.port)
        assert ws.agreed
        seen: list[tuple[bool, int]] = []
        ws.send({"type": "hello", "table": made["table"]["id"], "token": made["token"], "version": 2})
        for _ in range(3):
            ws.send({"type": "ping"})
        ws.send({"type": "start"})
        while True:
            compressed, message, size = ws.receive()
            seen.append((compressed, size))
            if message["type"] == "snapshot" and message["view"] is not None:
                break
        ws.send({"type": "ping"})
        while True:  # the computer players' moves may come before the answer
            compressed, message, size = ws.receive()
            seen.append((compressed, size))
            if message["type"] == "pong":
                break
        assert all(compressed == (size >= COMPRESS_FROM) for compressed, size in seen)
        assert any(compressed for compressed, _ in seen) and any(not compressed for compressed, _ in seen)


@pytest.mark.parametrize("size", [0, 125, 126, 65535, 65536])
def test_a_plain_frame_written_by_the_server_reads_back_as_the_same_text_at_every_length_encoding(size: int) -> None:
    text = ("é" * size)[:size // 2] + "x" * (size - 2 * (size // 2))  # two bytes a character, so sizes are exact
    data = text.encode()
    assert len(data) == size
    reader = StreamReader()
    reader.feed_data(plain_text_frame(data))
    parse = Frame.parse(reader.read_exact, mask=False)
    try:
        next(parse)
    except StopIteration as done:
        frame = done.value
    assert frame.fin and frame.opcode is Opcode.TEXT and not frame.rsv1
    assert frame.data.decode() == text
    assert reader.at_eof() or not reader.buffer


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """An event loop of the test's own (an earlier test's ``asyncio.run`` leaves the thread without a current one)."""
    fresh = asyncio.new_event_loop()
    yield fresh
    fresh.close()


def _protocol(loop: asyncio.AbstractEventLoop) -> LargeOnlyDeflateProtocol:
    """The server's WebSocket protocol as uvicorn builds it for a connection (not yet connected)."""
    async def app(scope: Any, receive: Any, send: Any) -> None:
        """No application: the protocol is only looked at."""

    config = Config(app=app, ws="websockets-sansio")
    config.load()
    return LargeOnlyDeflateProtocol(config=config, server_state=ServerState(), app_state={}, _loop=loop)


def test_the_installed_uvicorn_lets_the_server_read_messages_directly(loop: asyncio.AbstractEventLoop) -> None:
    # What the direct reading borrows from uvicorn is not its public interface: an upgrade that takes a part away
    # turns the direct reading off (the server stays correct, only slower), and this test names the part.
    protocol = _protocol(loop)
    assert missing_reading_parts(protocol) == []
    assert protocol.reads_directly


def test_a_uvicorn_without_a_part_the_direct_reading_needs_reads_through_receive(
        monkeypatch: pytest.MonkeyPatch, loop: asyncio.AbstractEventLoop) -> None:
    monkeypatch.delattr(WebSocketsSansIOProtocol, "send_receive_event_to_app")
    protocol = _protocol(loop)
    assert missing_reading_parts(protocol) == ["send_receive_event_to_app"]
    assert not protocol.reads_directly
    del protocol.frames
    assert missing_reading_parts(protocol) == ["frames", "send_receive_event_to_app"]
