"""What the watchers of one busy table cost the other tables: their ping while it broadcasts to many spectators.

Usage::

    python benchmarks/watchers_load.py [--watchers 100] [--spectators-per-table 100] [--seconds 20]

Starts ``president serve`` in a subprocess (a fresh SQLite file, bots moving at once), makes a busy table (a client
in seat 0 moving as soon as it may against three ``random`` bots, rematches until the time is up) and lets
``--watchers`` spectators watch it, each reading every update (in a process of their own); meanwhile a client
seated at another, quiet table sends a ``ping`` every 20 ms and measures the round trip. It reports the watchers
the server let in (beyond ``--spectators-per-table`` they are refused with ``too_many_spectators``), the updates
the busy table sent a second, the ping's p50 and p99 and the server's CPU time a second (user and system, read
from ``/proc``, so a busy machine slows the figures down without making them up).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def next_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type ``kind``."""
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if message["type"] == kind:
            return message


async def player(url: str, table: str, token: str, until: float, counts: dict[str, int]) -> None:
    """Seat 0 of the busy table: moves at once whenever it is to act, asks for a rematch when a match ends."""
    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
        last = await next_of(ws, "snapshot")
        await ws.send(json.dumps({"type": "start"}))
        while time.monotonic() < until:
            message: dict[str, Any] = json.loads(await ws.recv())
            if message["type"] not in ("snapshot", "update"):
                continue
            last = message
            counts["updates"] += message["type"] == "update"
            view = last["view"]
            if view["phase"] == "over":
                await ws.send(json.dumps({"type": "rematch"}))
            elif view["to_act"] == 0:
                await ws.send(json.dumps({"type": "move", "move": view["legal_moves"][-1], "seq": last["seq"]}))


async def watcher(url: str, table: str, until: float, let_in: list[bool]) -> None:
    """A spectator of the busy table reading everything it is sent (counted as not let in when refused)."""
    try:
        async with connect(url, max_size=None, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "table": table, "spectate": True}))
            first = json.loads(await ws.recv())
            let_in.append(first["type"] == "snapshot")
            if first["type"] != "snapshot":
                return
            while time.monotonic() < until:
                await ws.recv()
    except (OSError, TimeoutError, ConnectionClosed):
        let_in.append(False)


async def pinger(url: str, table: str, token: str, until: float, rtts: list[float]) -> None:
    """Seat 0 of a quiet table, sending a ping every 20 ms."""
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
        await next_of(ws, "snapshot")
        while time.monotonic() < until:
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            await next_of(ws, "pong")
            rtts.append(time.perf_counter() - sent)
            await asyncio.sleep(0.02)


def watch(url: str, table: str, watchers: int, told: Any) -> None:
    """The watchers, in a process of their own (so that reading their updates does not slow the pinger down): tells
    ``told`` how many were let in, then reads until it is stopped."""

    async def all_of_them() -> None:
        let_in: list[bool] = []
        tasks = [asyncio.ensure_future(watcher(url, table, time.monotonic() + 3600, let_in)) for _ in range(watchers)]
        while len(let_in) < watchers:  # every watcher let in or refused
            await asyncio.sleep(0.05)
        told.put(sum(let_in))
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(all_of_them())


async def run(port: int, watchers: int, seconds: float, server: int) -> dict[str, Any]:
    """Everything at once; the figures."""
    base, url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=30) as http:
        busy = (await http.post("/api/tables", json={"name": "Busy", "players": 4, "rules": "three-of-clubs",
                                                      "seats": [None, "random", "random", "random"]})).json()
        quiet = (await http.post("/api/tables", json={"name": "Quiet", "players": 3})).json()
    told: Any = multiprocessing.Queue()
    spectators = multiprocessing.Process(target=watch, args=(url, busy["table"]["id"], watchers, told), daemon=True)
    spectators.start()
    let_in = await asyncio.get_running_loop().run_in_executor(None, told.get)
    until = time.monotonic() + seconds
    counts = {"updates": 0}
    rtts: list[float] = []
    cpu = cpu_seconds(server)
    started = time.monotonic()
    await asyncio.gather(player(url, busy["table"]["id"], busy["token"], until, counts),
                         pinger(url, quiet["table"]["id"], quiet["token"], until, rtts))
    elapsed = time.monotonic() - started
    cpu = cpu_seconds(server) - cpu
    spectators.terminate()
    spectators.join()
    rtts.sort()
    return {"watchers": watchers, "let_in": let_in, "updates_per_second": counts["updates"] / elapsed,
            "ping_p50_ms": statistics.median(rtts) * 1000, "ping_p99_ms": rtts[int(len(rtts) * 0.99)] * 1000,
            "server_cpu_per_second": cpu / elapsed}


def main() -> int:
    """Start the server, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--watchers", type=int, default=100)
    parser.add_argument("--spectators-per-table", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    port = free_port()
    folder = tempfile.mkdtemp(prefix="president-watchers-")
    server = subprocess.Popen(
        [sys.executable, "-m", "president.cli", "serve", "--port", str(port), "--database",
         f"sqlite:///{folder}/db.sqlite3", "--bot-delay", "0", "--bot-workers", "0", "--no-access-log",
         "--log-level", "warning", "--rate-limit", "1000", "--address-rate", "1000000",
         "--websockets-per-address", str(args.watchers + 10), "--connections-per-address", str(args.watchers + 100),
         "--spectators-per-table", str(args.spectators_per_table)])
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/health", trust_env=False).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.1)
        figures = asyncio.run(run(port, args.watchers, args.seconds, server.pid))
    finally:
        server.terminate()
        server.wait(30)
    print(f"{figures['let_in']} of {figures['watchers']} watchers let in (spectators_per_table "
          f"{args.spectators_per_table}); busy table {figures['updates_per_second']:.0f} updates/s; quiet table's "
          f"ping p50 {figures['ping_p50_ms']:.1f} ms, p99 {figures['ping_p99_ms']:.1f} ms; server CPU "
          f"{figures['server_cpu_per_second']:.2f} s/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
