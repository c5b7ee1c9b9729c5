"""``president serve --workers N``: N server processes sharing one port, watched by the command.

Each worker is ``president serve`` itself with the same options, listening on the same
address with ``SO_REUSEPORT`` (the kernel spreads new connections over them) and
joined to the others through PostgreSQL and Redis (:mod:`.placement`). The supervisor
restarts a worker that dies (after a pause that grows while it keeps dying), and stops
them all when it is stopped (Ctrl+C or SIGTERM); a worker whose supervisor is killed
receives SIGTERM from the kernel and stops too, giving its tables to the survivors.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
from typing import Any

_PR_SET_PDEATHSIG = 1
RESTART_PAUSE = (0.5, 30.0)
"""The pause before a dead worker is restarted: from the first value, doubling to the second while it keeps dying
within a minute of its start."""


def shared_socket(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` that other processes may bind as well (``SO_REUSEPORT``)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _die_with_parent() -> None:
    if sys.platform == "linux":
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)


def worker_command(args: argparse.Namespace, database: str, bot_workers: int) -> list[str]:
    """The command line of one worker: ``president serve`` with the supervisor's options, one process."""
    command = [sys.executable, "-m", "president.cli", "serve", "--host", args.host, "--port", str(args.port),
               "--database", database, "--redis", args.redis, "--lease-seconds", str(args.lease_seconds),
               "--bot-delay", str(args.bot_delay), "--rate-limit", str(args.rate_limit),
               "--empty-table-minutes", str(args.empty_table_minutes), "--client-tables", str(args.client_tables),
               "--client-creations", str(args.client_creations),
               "--connections-per-address", str(args.connections_per_address),
               "--trusted-proxies", args.trusted_proxies, "--address-rate", str(args.address_rate),
               "--websockets-per-address", str(args.websockets_per_address),
               "--spectators-per-table", str(args.spectators_per_table),
               "--registrations-per-address", str(args.registrations_per_address), "--log-level", args.log_level,
               "--access-log" if args.access_log else "--no-access-log", "--bot-workers", str(bot_workers),
               "--group-commit" if args.group_commit else "--no-group-commit", "--reuse-port",
               "--leaderboard-min-matches", str(args.leaderboard_min_matches),
               "--guests-phrases-only" if args.guests_phrases_only else "--no-guests-phrases-only"]
    if args.data_dir:
        command += ["--data-dir", args.data_dir]
    if args.commit_gather is not None:
        command += ["--commit-gather", str(args.commit_gather)]
    return command


def supervise(args: argparse.Namespace, database: str) -> int:
    """Run ``args.workers`` workers until stopped; restart those that die. Returns the exit status."""
    # Bound here first (and let go at once: a socket nobody accepts on would get its share of the connections),
    # so that a port in use is reported once, before any worker starts.
    try:
        shared_socket(args.host, args.port).close()
    except OSError as exc:
        print(f"president serve: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 2
    bot_workers = args.bot_workers if args.bot_workers is not None else max(
        1, ((os.cpu_count() or 2) - 1) // args.workers)
    command = worker_command(args, database, bot_workers)
    stopping = False

    def stop(_signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    workers: list[subprocess.Popen[bytes] | None] = [None] * args.workers
    started = [0.0] * args.workers
    pauses = [RESTART_PAUSE[0]] * args.workers
    due = [0.0] * args.workers
    print(f"President server at http://{args.host}:{args.port}/ with {args.workers} worker processes "
          f"(Ctrl+C stops them)", flush=True)
    try:
        while not stopping:
            now = time.monotonic()
            for n in range(args.workers):
                proc = workers[n]
                if proc is not None and proc.poll() is not None:
                    print(f"president serve: worker {n + 1} (pid {proc.pid}) ended with {proc.returncode}; "
                          "it is restarted", file=sys.stderr, flush=True)
                    workers[n] = None
                    quick = now - started[n] < 60
                    pauses[n] = min(RESTART_PAUSE[1], pauses[n] * 2) if quick else RESTART_PAUSE[0]
                    due[n] = now + pauses[n]
                if workers[n] is None and now >= due[n]:
                    workers[n] = subprocess.Popen(command, preexec_fn=_die_with_parent)
                    started[n] = now
            time.sleep(0.2)
    finally:
        live = [p for p in workers if p is not None and p.poll() is None]
        for proc in live:
            proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 15
        for proc in live:
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
    return 0
