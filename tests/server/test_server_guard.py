"""Guards below the application, on a real uvicorn: slow headers, slow bodies, connections per address."""

from __future__ import annotations

import base64
import gc
import json
import logging
import os
import socket
import time
from pathlib import Path

import pytest

from .support import LiveServer, make_config, ws_send, ws_until

pytestmark = pytest.mark.timeout(60)


def connect(server: LiveServer) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    return sock


def closed_within(sock: socket.socket, seconds: float) -> bytes | None:
    """What the server sent before closing the connection, or None if it was still open after ``seconds``."""
    sock.settimeout(seconds)
    received = b""
    try:
        while True:
            chunk = sock.recv(4096)
            if not chunk:
                return received
            received += chunk
    except TimeoutError:
        return None


def healthy(server: LiveServer) -> bool:
    with server.http() as http:
        return http.get("/api/health").status_code == 200


def test_a_request_whose_headers_never_end_is_closed(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path, header_seconds=0.5)) as server:
        idle = connect(server)  # says nothing at all
        slow = connect(server)
        slow.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        assert closed_within(idle, 5) == b"" and closed_within(slow, 5) == b""
        # A keep-alive connection gets the same time again for its next request's headers.
        kept = connect(server)
        kept.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        time.sleep(0.2)
        assert kept.recv(4096).startswith(b"HTTP/1.1 200")
        kept.sendall(b"GET /api/health HTTP/1.1\r\n")
        assert closed_within(kept, 5) == b""
        assert healthy(server)


def test_a_body_that_stops_coming_is_refused_with_408(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path, body_seconds=0.5)) as server:
        sock = connect(server)
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 40\r\n\r\n{\"rules\":")
        answer = closed_within(sock, 5)
        assert answer is not None and answer.startswith(b"HTTP/1.1 408")
        body = json.loads(answer.split(b"\r\n\r\n", 1)[1])
        assert body["error"]["code"] == "too_slow"
        assert healthy(server)


def test_an_address_may_hold_only_so_many_open_connections(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path, connections_per_address=5, header_seconds=30)) as server:
        held = [connect(server) for _ in range(4)]
        time.sleep(0.3)  # the four are open (the health check of the start-up has closed)
        extra = [connect(server) for _ in range(3)]
        outcomes = [closed_within(sock, 2) for sock in extra]
        assert outcomes.count(b"") >= 2  # the fifth connection is allowed, the ones after it are closed at once
        for sock in held + extra:
            sock.close()
        time.sleep(0.3)
        assert healthy(server)


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_text_frame_that_is_not_utf8_closes_with_1007_and_logs_one_line(tmp_path: Path) -> None:
    records = _Records()
    logger = logging.getLogger("uvicorn.error")
    with LiveServer(make_config(tmp_path)) as server:
        logger.addHandler(records)
        try:
            sock = connect(server)
            key = base64.b64encode(os.urandom(16)).decode()
            sock.sendall(f"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
            sock.settimeout(5)
            assert sock.recv(4096).startswith(b"HTTP/1.1 101")
            payload, mask = b"\xff\xfe{}", os.urandom(4)
            masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)  # a final text frame, masked
            answer = closed_within(sock, 5)
            assert answer is not None and answer[:1] == b"\x88"  # a close frame …
            assert int.from_bytes(answer[2:4], "big") == 1007  # … saying "invalid frame payload data"
        finally:
            logger.removeHandler(records)
        assert healthy(server)
    about = [r for r in records.records if "UTF-8" in r.getMessage()]
    assert len(about) == 1
    assert about[0].exc_info is None and about[0].levelno == logging.WARNING


def test_the_http_protocol_of_a_connection_that_became_a_websocket_is_freed_without_the_collector(
        tmp_path: Path) -> None:
    """After the upgrade uvicorn's HTTP protocol and its parser referred to each other: each closed WebSocket left
    them for the collector's rare full passes (about 20 KiB a connection in a long-running server)."""
    with LiveServer(make_config(tmp_path)) as server, server.http() as http:
        table_id = http.post("/api/tables", json={"players": 3}).json()["table"]["id"]
        table = server.hub.tables[table_id]
        gc.collect()
        gc.disable()  # only reference counting frees anything from here on
        try:
            for _ in range(20):
                with server.socket() as ws:
                    ws_send(ws, {"type": "hello", "table": table_id, "spectate": True})
                    ws_until(ws, "snapshot")
            deadline = time.monotonic() + 10
            while table.spectators and time.monotonic() < deadline:
                time.sleep(0.02)
            assert not table.spectators
            alive = [o for o in gc.get_objects() if type(o).__name__ == "GuardedHttpProtocol"]
        finally:
            gc.enable()
        assert len(alive) <= 2, f"{len(alive)} HTTP protocols alive: those of the closed WebSockets were kept"
