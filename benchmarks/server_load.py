"""Load on the game server: N clients on loopback, each playing full matches at its own bot-filled table.

Usage::

    python benchmarks/server_load.py [--tables 200] [--seconds 60] [--bot-delay 0.6] [--think 0.5]
                                     [--rules three-of-clubs] [--players 4] [--deals 1] [--client-procs 1]
                                     [--database URL] [--workers N --redis URL] [--json out.json]

The script starts ``president serve`` in a subprocess on a free port and a fresh SQLite
file (or ``--database``), creates one table per client (the client in seat 0, ``classic``
bots in the others), and lets every client play: it waits ``--think`` seconds (drawn
between half and one and a half of it) when it is to act, sends a legal move, and
measures the round trip until the server's update for that move comes back. A client
whose match is over asks for a rematch; every client stops when ``--seconds`` have passed.

The clock starts once every client is connected and has its snapshot. It reports the moves per
second the server made (bots included) while the clients played, the p50/p99/max move
round trip, and the server's memory per table (resident memory with every table in
play, less the memory before the first table, divided by the tables) and CPU use.
``--bot-delay 0 --think 0`` measures the server flat out.

``--workers N --redis URL --database postgresql+psycopg://...`` runs ``president serve --workers N``: N
processes sharing the port, the kernel spreading the connections over them, so that a client
is often connected to another process than the one playing its table (its messages are
relayed). CPU and memory are then summed over the worker processes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed


@dataclass
class ClientStats:
    """What the clients of one process saw."""

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


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def play_table(url: str, table_id: str, token: str, think: float, until: float, stats: ClientStats,
                     started: asyncio.Event, rng: random.Random) -> None:
    """One client: start the match, play it, ask for rematches until the time is up."""
    async with connect(url, proxy=None, max_size=2**22, open_timeout=120) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table_id, "token": token}))
        while json.loads(await ws.recv())["type"] != "snapshot":
            pass
        stats.ready += 1
        await started.wait()
        until = stats.until
        await ws.send(json.dumps({"type": "start"}))
        sent_at: float | None = None
        waiting_for = -1
        async for raw in ws:
            if time.monotonic() >= until:
                return
            message = json.loads(raw)
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
                await ws.send(json.dumps({"type": "rematch"}))
                continue
            if view["to_act"] == 0 and view["legal_moves"]:
                if think:
                    await asyncio.sleep(rng.uniform(think / 2, think * 1.5))
                waiting_for = message["seq"] + 1
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": rng.choice(view["legal_moves"]),
                                          "seq": message["seq"]}))


async def play_or_drop(url: str, table_id: str, token: str, think: float, stats: ClientStats,
                       started: asyncio.Event, rng: random.Random) -> None:
    """:func:`play_table`; a connection the server closes counts as dropped (the client does not come back)."""
    try:
        await play_table(url, table_id, token, think, 0.0, stats, started, rng)
    except ConnectionClosed:
        stats.dropped += 1


async def run_clients(port: int, seats: list[tuple[str, str]], think: float, seconds: float) -> ClientStats:
    """Every client of this process, started together."""
    stats = ClientStats()
    started = asyncio.Event()
    url = f"ws://127.0.0.1:{port}/ws"
    tasks = [asyncio.create_task(play_or_drop(url, table_id, token, think, stats, started, random.Random(n)))
             for n, (table_id, token) in enumerate(seats)]
    # The clock starts once every client is connected and has its table's snapshot.
    while stats.ready < len(seats) and not any(t.done() for t in tasks):
        await asyncio.sleep(0.1)
    stats.until = time.monotonic() + seconds
    started.set()
    await asyncio.gather(*tasks)
    return stats


def client_process(port: int, seats: list[tuple[str, str]], think: float, seconds: float) -> dict[str, Any]:
    """A process running some of the clients; returns its statistics as a dict."""
    stats = asyncio.run(run_clients(port, seats, think, seconds))
    return {"rtts": stats.rtts, "moves_seen": stats.moves_seen, "matches": stats.matches, "errors": stats.errors,
            "dropped": stats.dropped}


def server_pids(server: subprocess.Popen[bytes]) -> list[int]:
    """The processes serving: the command itself, or its workers (``--workers``)."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children")
    found = [int(p) for p in children.read_text().split()] if children.exists() else []
    return found or [server.pid]


def start_server(args: argparse.Namespace, database: str, port: int) -> subprocess.Popen[bytes]:
    cluster = ["--workers", str(args.workers), "--redis", args.redis] if args.redis else []
    if args.no_group_commit:
        cluster.append("--no-group-commit")
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
    parser.add_argument("--client-procs", type=int, default=1, help="processes running the clients (default 1)")
    parser.add_argument("--database", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (needs --redis; default 1)")
    parser.add_argument("--redis", default=None, help="Redis URL: run the server as a cluster of --workers")
    parser.add_argument("--no-group-commit", action="store_true", help="one transaction per move (to compare)")
    parser.add_argument("--json", default=None, help="also write the results to this JSON file")
    args = parser.parse_args(argv)

    folder = tempfile.mkdtemp(prefix="president-load-")
    database = args.database or f"sqlite:///{folder}/load.sqlite3"
    port = free_port()
    server = start_server(args, database, port)
    try:
        pids = server_pids(server)
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
        cpu_before = sum(cpu_seconds(pid) for pid in pids)
        began = time.perf_counter()
        shares = [seats[i::args.client_procs] for i in range(args.client_procs)]
        peak_rss = 0
        with multiprocessing.get_context("spawn").Pool(args.client_procs) as pool:
            pending = [pool.apply_async(client_process, (port, share, args.think, args.seconds)) for share in shares]
            while not all(p.ready() for p in pending):
                peak_rss = max(peak_rss, sum(rss_kib(pid) for pid in pids))
                time.sleep(0.5)
            results = [p.get() for p in pending]
        elapsed = time.perf_counter() - began
        cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()

    rtts = sorted(r for result in results for r in result["rtts"])
    moves = sum(result["moves_seen"] for result in results)
    report = {
        "tables": args.tables, "seconds": args.seconds, "wall_seconds": round(elapsed, 1),
        "bot_delay": args.bot_delay, "think": args.think,
        "rules": args.rules, "players": args.players, "client_procs": args.client_procs, "workers": len(pids),
        "moves": moves, "moves_per_second": round(moves / args.seconds, 1),
        "client_moves": len(rtts), "matches": sum(r["matches"] for r in results),
        "errors": sum(r["errors"] for r in results), "dropped": sum(r["dropped"] for r in results),
        "rtt_p50_ms": round(1000 * statistics.median(rtts), 2) if rtts else None,
        "rtt_p99_ms": round(1000 * rtts[min(len(rtts) - 1, int(0.99 * len(rtts)))], 2) if rtts else None,
        "rtt_max_ms": round(1000 * rtts[-1], 2) if rtts else None,
        "server_cpu_percent": round(100 * cpu / elapsed, 1),
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
