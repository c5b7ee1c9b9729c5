"""What closed WebSocket connections leave for the garbage collector in a server.

Usage::

    python benchmarks/closed_connections.py [--connections 1000] [--loop uvloop|asyncio]

Starts the server in this process on a real uvicorn (on uvloop, as ``president serve`` runs, unless told otherwise),
turns the garbage collector off, then opens ``--connections`` WebSockets one after the other, each saying hello to a
table as a spectator and closing once it has the snapshot. It reports, per connection, the objects only the collector
could free (those ``gc.collect()`` finds unreachable afterwards) and the memory blocks of Python's allocator they held
meanwhile, then the CPU time of the whole process (client and server) per connection. Reference counting frees
everything else at once, so what it reports is what a long-running server keeps until one of its rare collections of
the old generations.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn
from websockets.sync.client import connect

from president.server import ServerConfig, create_app
from president.server.edge.guard import uvicorn_options


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def main() -> int:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--loop", choices=("uvloop", "asyncio"), default="uvloop")
    args = parser.parse_args()
    if args.loop == "uvloop":
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    folder = Path(tempfile.mkdtemp(prefix="president-closed-"))
    config = ServerConfig(database_url=f"sqlite:///{folder / 'db.sqlite3'}", bot_workers=0, web_dir=None,
                          websockets_per_address=args.connections + 10, address_rate_per_second=1e6,
                          address_rate_burst=10**6)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(config), host="127.0.0.1", port=port, log_level="warning",
                                          **uvicorn_options(config)))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    while True:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/api/health", trust_env=False).status_code == 200:
                break
        time.sleep(0.05)
    table = httpx.post(f"{url}/api/tables", json={"players": 3}, trust_env=False).json()["table"]["id"]

    def spectate_once() -> None:
        with connect(f"ws://127.0.0.1:{port}/ws", proxy=None) as ws:
            ws.send(json.dumps({"type": "hello", "table": table, "spectate": True}))
            while json.loads(ws.recv(timeout=10))["type"] != "snapshot":
                pass

    for _ in range(50):  # warm up: caches filled, lazy imports done
        spectate_once()
    time.sleep(0.5)
    gc.collect()
    gc.disable()
    blocks = sys.getallocatedblocks()
    cpu = time.process_time()
    for _ in range(args.connections):
        spectate_once()
    time.sleep(1.0)
    cpu = time.process_time() - cpu
    held = sys.getallocatedblocks() - blocks
    unreachable = gc.collect()
    gc.enable()
    n = args.connections
    print(f"{n} connections on {args.loop}: {unreachable / n:.1f} objects a connection left for the collector, "
          f"{held / n:.1f} allocator blocks a connection held until it ran; CPU {cpu / n * 1000:.2f} ms a "
          "connection (client and server)")
    server.should_exit = True
    thread.join(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
