"""Load on the game server: N lean clients on loopback, each playing full matches at its own bot-filled table.

Usage::

    python benchmarks/server_load.py [--tables 200] [--seconds 60] [--bot-delay 0.6] [--think 0.5]
                                     [--rules three-of-clubs] [--players 4] [--deals 1] [--version 2]
                                     [--no-deflate] [--database URL] [--workers N --redis URL] [--json out.json]

The script starts ``president serve`` in a subprocess on a free port and a fresh SQLite
file (or ``--database``), creates one table per client (the client in seat 0, ``classic``
bots in the others), and lets every client play: it waits ``--think`` seconds (drawn
between half and one and a half of it) when it is to act, sends a legal move, and
measures the round trip until the server's update for that move comes back. A client
whose match is over asks for a rematch; every client stops when ``--seconds`` have passed.

Every client runs in this one process, on a WebSocket client of its own making (:class:`LeanSocket`: text frames
and nothing else), so that the load generator costs little beside the server. The clients read the protocol as the
browser does: version 2 (``--version 1`` for a server that has only version 1), permessage-deflate offered
(``--no-deflate``: not).

The clock starts once every client is connected and has its snapshot. It reports the moves per
second the server made (bots included) while the clients played, the p50/p99/max move
round trip, the server's CPU time per move (user and system time of the server processes,
read from ``/proc``, divided by the moves; and of their main threads alone, the event loops, apart from the
database's and the other threads), the load generator's own CPU time apart, the
machine's load average before and after, and the server's memory per table (resident memory
with every table in play, less the memory before the first table, divided by the tables).
``--bot-delay 0 --think 0`` measures the server flat out.

``--workers N --redis URL --database postgresql+psycopg://...`` runs ``president serve --workers N``: N
processes sharing the port, the kernel spreading the connections over them, so that a client
is often connected to another process than the one playing its table (its messages are
relayed). CPU and memory are then summed over the worker processes.

``--pair owner|other --redis URL --database postgresql+psycopg://...`` measures the relay: two processes of one
cluster (two ``president serve --redis``, each on a port of its own), every table made on the first, which plays
it; the clients connect to the first (``owner``: every move local) or to the second (``other``: every message of
every client relayed to the first and back). CPU and memory are summed over both, so the two runs' CPU per move
compare a relayed move with a local one at the same cost of a second process.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import random
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

try:
    import orjson

    loads: Callable[[str | bytes], Any] = orjson.loads
except ImportError:  # pragma: no cover - orjson comes with the server extra
    loads = json.loads


class Closed(Exception):
    """The server closed the connection."""


class LeanSocket:
    """A WebSocket client of the fewest parts: text frames out (masked, as a client's must be), text frames in,
    pings answered, permessage-deflate offered as browsers offer it (``deflate``)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 inflate: Callable[[], Any] | None, fresh_inflater: bool) -> None:
        self.reader = reader
        self.writer = writer
        self._new_inflater = inflate
        self._fresh = fresh_inflater
        self._inflater = inflate() if inflate is not None else None

    @classmethod
    async def open(cls, host: str, port: int, deflate: bool) -> LeanSocket:
        """Connect and shake hands on ``/ws``."""
        reader, writer = await asyncio.open_connection(host, port, limit=2**22)
        key = base64.b64encode(os.urandom(16)).decode()
        offer = "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n" if deflate else ""
        writer.write((f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{offer}\r\n").encode())
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").lower()
        if not head.startswith("http/1.1 101"):
            raise Closed(head.split("\r\n", 1)[0])
        agreed = "permessage-deflate" in head
        inflate = (lambda: zlib.decompressobj(-15)) if agreed else None
        return cls(reader, writer, inflate, "server_no_context_takeover" in head)

    def send(self, text: str) -> None:
        """Send one text frame."""
        data = text.encode()
        n = len(data)
        if n < 126:
            head = struct.pack("!BB", 0x81, 0x80 | n)
        elif n < 65536:
            head = struct.pack("!BBH", 0x81, 0xFE, n)
        else:
            head = struct.pack("!BBQ", 0x81, 0xFF, n)
        self.writer.write(head + self._masked(data))

    @staticmethod
    def _masked(data: bytes) -> bytes:
        mask = os.urandom(4)
        n = len(data)
        if not n:
            return mask
        key = int.from_bytes((mask * (n // 4 + 1))[:n], "big")
        return mask + (int.from_bytes(data, "big") ^ key).to_bytes(n, "big")

    async def recv(self) -> bytes:
        """The next text message (inflated when it came compressed)."""
        parts: list[bytes] = []
        compressed = False
        while True:
            b0, b1 = await self.reader.readexactly(2)
            length = b1 & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", await self.reader.readexactly(2))
            elif length == 127:
                (length,) = struct.unpack("!Q", await self.reader.readexactly(8))
            payload = await self.reader.readexactly(length)
            opcode = b0 & 0x0F
            if opcode == 8:
                raise Closed(payload[2:].decode(errors="replace"))
            if opcode == 9:
                self.writer.write(struct.pack("!BB", 0x8A, 0x80 | len(payload)) + self._masked(payload))
                continue
            if opcode == 10:
                continue
            if opcode in (1, 2):
                compressed = bool(b0 & 0x40)
            parts.append(payload)
            if b0 & 0x80:
                break
        data = b"".join(parts)
        if compressed:
            assert self._inflater is not None and self._new_inflater is not None
            if self._fresh:
                self._inflater = self._new_inflater()
            data = self._inflater.decompress(data + b"\x00\x00\xff\xff")
        return data

    def close(self) -> None:
        """Drop the connection."""
        self.writer.close()


@dataclass
class ClientStats:
    """What the clients saw."""

    rtts: list[float] = field(default_factory=list)
    moves_seen: int = 0
    matches: int = 0
    errors: int = 0
    dropped: int = 0
    """Connections the server closed (a table moving to another process)."""
    ready: int = 0
    """Clients connected, with their table's snapshot."""
    until: float = 0.0
    """When the clients stop (set once all are ready)."""
    received_bytes: int = 0
    """The bytes of every message received (inflated), snapshots and updates."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def rss_kib(pid: int) -> int:
    """Resident memory of a process in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """User and system CPU time of a process so far, or of one of its threads (Linux)."""
    stat = Path(f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat")
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def play_table(port: int, table_id: str, token: str, think: float, version: int, deflate: bool,
                     stats: ClientStats, started: asyncio.Event, rng: random.Random) -> None:
    """One client: start the match, play it, ask for rematches until the time is up."""
    ws = await LeanSocket.open("127.0.0.1", port, deflate)
    try:
        hello: dict[str, Any] = {"type": "hello", "table": table_id, "token": token}
        if version != 1:
            hello["version"] = version
        ws.send(json.dumps(hello))
        while loads(await ws.recv())["type"] != "snapshot":
            pass
        stats.ready += 1
        await started.wait()
        until = stats.until
        ws.send('{"type":"start"}')
        sent_at: float | None = None
        waiting_for = -1
        while True:
            raw = await ws.recv()
            if time.monotonic() >= until:
                return
            stats.received_bytes += len(raw)
            message = loads(raw)
            kind = message["type"]
            if kind == "error":
                stats.errors += 1
                continue
            if kind not in ("snapshot", "update"):
                continue
            if kind == "update":
                stats.moves_seen += 1
                if message["seq"] == waiting_for and sent_at is not None:
                    stats.rtts.append(time.perf_counter() - sent_at)
                    sent_at = None
            view = message["view"]
            if view is None:
                continue
            if view["phase"] == "over":
                stats.matches += 1
                ws.send('{"type":"rematch"}')
                continue
            if view["to_act"] == 0 and view["legal_moves"]:
                if think:
                    await asyncio.sleep(rng.uniform(think / 2, think * 1.5))
                waiting_for = message["seq"] + 1
                sent_at = time.perf_counter()
                ws.send(json.dumps({"type": "move", "move": rng.choice(view["legal_moves"]), "seq": message["seq"]}))
    finally:
        ws.close()


async def play_or_drop(port: int, table_id: str, token: str, think: float, version: int, deflate: bool,
                       stats: ClientStats, started: asyncio.Event, rng: random.Random) -> None:
    """:func:`play_table`; a connection the server closes counts as dropped (the client does not come back)."""
    try:
        await play_table(port, table_id, token, think, version, deflate, stats, started, rng)
    except (Closed, ConnectionError, asyncio.IncompleteReadError):
        stats.dropped += 1


async def run_clients(port: int, seats: list[tuple[str, str]], think: float, seconds: float, version: int,
                      deflate: bool, on_start: Callable[[], None]) -> ClientStats:
    """Every client, started together; ``on_start`` is called as the clock starts."""
    stats = ClientStats()
    started = asyncio.Event()
    tasks = [asyncio.create_task(play_or_drop(port, table_id, token, think, version, deflate, stats, started,
                                              random.Random(n)))
             for n, (table_id, token) in enumerate(seats)]
    # The clock starts once every client is connected and has its table's snapshot.
    while stats.ready < len(seats) and not any(t.done() for t in tasks):
        await asyncio.sleep(0.1)
    on_start()
    stats.until = time.monotonic() + seconds
    started.set()
    await asyncio.gather(*tasks)
    return stats


def server_pids(server: subprocess.Popen[bytes]) -> list[int]:
    """The processes serving: the command itself, or its workers (``--workers``)."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children")
    found = [int(p) for p in children.read_text().split()] if children.exists() else []
    return found or [server.pid]


def start_server(args: argparse.Namespace, database: str, port: int) -> subprocess.Popen[bytes]:
    cluster = ["--workers", str(args.workers), "--redis", args.redis] if args.redis else []
    if args.no_group_commit:
        cluster.append("--no-group-commit")
    if args.commit_gather is not None:
        cluster += ["--commit-gather", str(args.commit_gather)]
    command = [sys.executable, "-m", "president.cli", "serve", "--port", str(port), "--database", database,
               "--bot-delay", str(args.bot_delay), "--rate-limit", "1000", "--no-access-log",
               "--log-level", "warning", "--client-tables", str(args.tables), "--client-creations",
               str(args.tables * 60), "--connections-per-address", str(args.tables + 64),
               "--websockets-per-address", str(args.tables + 64), "--address-rate", "1000000", *cluster]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    seen: set[str] = set()
    with httpx.Client(trust_env=False) as http:
        deadline = time.monotonic() + 120
        while True:
            try:
                answer = http.get(f"http://127.0.0.1:{port}/api/health", headers={"connection": "close"})
                seen.add(answer.json().get("process", ""))
                if answer.status_code == 200 and len(seen) >= (args.workers if args.redis else 1):
                    return server
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                server.send_signal(signal.SIGINT)
                raise SystemExit("the server did not start")
            time.sleep(0.1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables, one client each (default 200)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the clients keep playing (default 60)")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="the server's bot delay (default 0.6)")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds a client waits before moving (0.5)")
    parser.add_argument("--rules", default="three-of-clubs", help="preset of the tables (default three-of-clubs)")
    parser.add_argument("--players", type=int, default=4, help="seats per table (default 4)")
    parser.add_argument("--deals", type=int, default=1, help="deals per match (default 1)")
    parser.add_argument("--version", type=int, default=2, help="the protocol version the clients read (default 2)")
    parser.add_argument("--no-deflate", action="store_true", help="the clients offer no permessage-deflate")
    parser.add_argument("--database", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (needs --redis; default 1)")
    parser.add_argument("--redis", default=None, help="Redis URL: run the server as a cluster of --workers")
    parser.add_argument("--pair", choices=("owner", "other"), default=None,
                        help="two processes of a cluster (needs --redis, PostgreSQL), every table made on the first; "
                             "the clients connect to the first (owner) or to the second (other: relayed)")
    parser.add_argument("--no-group-commit", action="store_true", help="one transaction per move (to compare)")
    parser.add_argument("--commit-gather", type=float, default=None, metavar="MS",
                        help="the server's --commit-gather (default: the server's own)")
    parser.add_argument("--json", default=None, help="also write the results to this JSON file")
    args = parser.parse_args(argv)

    folder = tempfile.mkdtemp(prefix="president-load-")
    database = args.database or f"sqlite:///{folder}/load.sqlite3"
    if args.pair and not (args.redis and database.startswith("postgresql")):
        raise SystemExit("--pair needs --redis and a PostgreSQL --database")
    if args.pair and args.workers != 1:
        raise SystemExit("--pair runs two processes of its own: leave --workers out")
    port = free_port()
    servers = [start_server(args, database, port)]
    client_port = port
    try:
        if args.pair:
            # A second process of the cluster, on a port of its own: the tables are all made on the first.
            client_port = free_port() if args.pair == "other" else port
            servers.append(start_server(args, database, free_port() if args.pair == "owner" else client_port))
        pids = [pid for server in servers for pid in server_pids(server)]
        base_rss = sum(rss_kib(pid) for pid in pids)
        seats: list[tuple[str, str]] = []
        bots = ["classic"] * (args.players - 1)
        # Eight kept-alive connections, each given to a worker by the kernel: the tables are spread over them.
        https = [httpx.Client(base_url=f"http://127.0.0.1:{port}", trust_env=False, timeout=30) for _ in range(8)]
        try:
            for n in range(args.tables):
                answer = https[n % len(https)].post("/api/tables", json={
                    "rules": args.rules, "players": args.players, "deals": args.deals, "seats": [None, *bots],
                    "name": f"load{n}", "public": False,
                })
                made = answer.json()
                if answer.status_code != 201:
                    raise SystemExit(f"table {n} was not made ({answer.status_code}): {made}")
                seats.append((made["table"]["id"], made["token"]))
        finally:
            for http in https:
                http.close()
        load_before = os.getloadavg()
        marks: dict[str, float] = {}
        peak_rss = 0

        def sample(at: str) -> None:
            marks["cpu" + at] = sum(cpu_seconds(pid) for pid in pids)
            marks["loop_cpu" + at] = sum(cpu_seconds(pid, pid) for pid in pids)
            marks["own_cpu" + at] = time.process_time()
            marks["wall" + at] = time.perf_counter()

        def on_start() -> None:
            sample("")
            asyncio.get_running_loop().call_later(args.seconds, sample, "_end")

        async def clients() -> ClientStats:
            nonlocal peak_rss
            task = asyncio.create_task(run_clients(client_port, seats, args.think, args.seconds, args.version,
                                                   not args.no_deflate, on_start))
            while not task.done():
                peak_rss = max(peak_rss, sum(rss_kib(pid) for pid in pids))
                await asyncio.sleep(0.5)
            return await task

        stats = asyncio.run(clients())
        elapsed = marks["wall_end"] - marks["wall"]
        cpu = marks["cpu_end"] - marks["cpu"]
        loop_cpu = marks["loop_cpu_end"] - marks["loop_cpu"]
        own_cpu = marks["own_cpu_end"] - marks["own_cpu"]
        load_after = os.getloadavg()
    finally:
        for server in servers:
            server.send_signal(signal.SIGINT)
        for server in servers:
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        shutil.rmtree(folder, ignore_errors=True)

    rtts = sorted(stats.rtts)
    moves = stats.moves_seen
    report = {
        "tables": args.tables, "seconds": args.seconds, "wall_seconds": round(elapsed, 1),
        "bot_delay": args.bot_delay, "think": args.think, "rules": args.rules, "players": args.players,
        "version": args.version, "deflate": not args.no_deflate, "workers": len(pids), "pair": args.pair,
        "moves": moves, "moves_per_second": round(moves / args.seconds, 1),
        "client_moves": len(rtts), "matches": stats.matches, "errors": stats.errors, "dropped": stats.dropped,
        "rtt_p50_ms": round(1000 * statistics.median(rtts), 2) if rtts else None,
        "rtt_p99_ms": round(1000 * rtts[min(len(rtts) - 1, int(0.99 * len(rtts)))], 2) if rtts else None,
        "rtt_max_ms": round(1000 * rtts[-1], 2) if rtts else None,
        "server_cpu_seconds": round(cpu, 2),
        "server_cpu_ms_per_move": round(1000 * cpu / moves, 3) if moves else None,
        "server_loop_cpu_ms_per_move": round(1000 * loop_cpu / moves, 3) if moves else None,
        "server_cpu_percent": round(100 * cpu / elapsed, 1),
        "load_generator_cpu_percent": round(100 * own_cpu / elapsed, 1),
        "bytes_per_update": round(stats.received_bytes / moves) if moves else None,
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
        "memory_per_table_kib": round((peak_rss - base_rss) / args.tables, 1),
        "server_rss_mib": round(peak_rss / 1024, 1),
    }
    width = max(len(k) for k in report)
    for key, value in report.items():
        print(f"{key:<{width}}  {value}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
