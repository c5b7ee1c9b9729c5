"""Our bot against the official UECda programs, on the official server and on ours.

    python benchmarks/uecda_official.py --server PATH/tndhms --client PATH/client [--games 100] [--bot expert]
        [--seed 1] [--strong PATH/TO/PROGRAM]

The official match server (``tndhms``) and its sample client are not part of the project: build them from the
UECda kit, then give their paths (the server's configuration is written here, in a temporary folder). Parts:

1. the official server, our client playing BOT as player 0, four sample clients;
2. our server (the ``president uecda server`` match) with BOT in-process and four sample clients;
3. with ``--strong``: the official server, our client and four copies of that program (any UECda client that takes
   ``-p PORT``).

For each: BOT's points per game with a 95 % interval (par 3.0), seconds per game, and the plays each server refused
(answer 8 to a play of cards), counted on the wire by a relay in front of every program: our client's must be 0,
and a sample client's should be refused as often on our server as on the official one. In part 1 our client's
points are checked against the official server's own table (``debug.dat``). Not run by the tests.
"""

from __future__ import annotations

import argparse
import io
import math
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from president.players import make_bot
from president.uecda.client import ClientError, ClientResult, connect, play_match
from president.uecda.programs import stop_programs
from president.uecda.protocol import GRID_BYTES, read_exactly, unpack_grid, unpack_int
from president.uecda.server import serve

CONFIG = """WINDOW_TYPE console
CONSOLE_TYPE console
GRAPH_WINDOW none
RULE_KAKUMEI yes
RULE_SHIBARI yes
RULE_KINSOKU no
RULE_KAIDAN yes
RULE_5TOBI no
RULE_6REVERS no
RULE_8GIRI yes
RULE_11BACK no
RULE_CHANGE yes
RULE_SEKIGAE yes
RULE_SEKIGAE_NUM 3
FLAG_STATISTICS no
FLAG_LOGGER no
GAME_NUMBER {games}
FLASH_MIBUN_NUMBER 100
PORT_NUMBER {port}
RAND_TYPE MT
"""
"""The official server's switches as the UECda competition sets them (no windows)."""


def free_port() -> int:
    """A TCP port free on the loopback now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def interval(values: list[int]) -> tuple[float, float]:
    """Mean and 95 % half-width (normal approximation)."""
    mean = statistics.fmean(values)
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf


class Relay:
    """A man in the middle for one program: follows the protocol message by message, forwards every byte and counts
    the plays of cards the server answers 8."""

    def __init__(self, server_port: int) -> None:
        self.server_port = server_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(30)
        self.port = self.listener.getsockname()[1]
        self.plays = self.rejected = 0
        self.error: str | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            program, _ = self.listener.accept()
            upstream = None
            for _ in range(100):  # the server may need a moment before it listens
                try:
                    upstream = socket.create_connection(("127.0.0.1", self.server_port), timeout=120)
                    break
                except ConnectionRefusedError:
                    time.sleep(0.1)
            if upstream is None:
                raise OSError(f"nothing listens on port {self.server_port}")
            with program, upstream:
                program.settimeout(120)
                for sock in (program, upstream):
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self._follow(program, upstream)
        except (OSError, ValueError) as exc:
            self.error = str(exc) or type(exc).__name__
        finally:
            self.listener.close()

    def _follow(self, program: socket.socket, upstream: socket.socket) -> None:
        def move(source: socket.socket, target: socket.socket, size: int) -> bytes:
            data = read_exactly(source, size)
            target.sendall(data)
            return data

        move(program, upstream, GRID_BYTES)
        move(upstream, program, 4)
        while True:
            deal = unpack_grid(move(upstream, program, GRID_BYTES))
            if 0 < deal[5][1] < 100:
                move(program, upstream, GRID_BYTES)
            while True:
                hand = unpack_grid(move(upstream, program, GRID_BYTES))
                if hand[5][2]:
                    play = unpack_grid(move(program, upstream, GRID_BYTES))
                    answer = unpack_int(move(upstream, program, 4))
                    if any(any(row) for row in play[:5]):
                        self.plays += 1
                        self.rejected += answer == 8
                move(upstream, program, GRID_BYTES)
                word = unpack_int(move(upstream, program, 4))
                if word == 2:
                    return
                if word == 1:
                    break


def start_programs(command: str, count: int, server_port: int) -> tuple[list[Relay], list[subprocess.Popen[bytes]]]:
    """``count`` copies of a UECda program, each through its relay, started one after another."""
    relays, children = [], []
    for _ in range(count):
        relay = Relay(server_port)
        relays.append(relay)
        children.append(subprocess.Popen([*shlex.split(command), "-p", str(relay.port)],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(0.3)
    return relays, children


def official(server: str, program: str, bot: str, games: int, seed: int) -> tuple[ClientResult, list[int] | None,
                                                                                   list[Relay], float]:
    """Part 1 and 3: the official server, our client (player 0) and four copies of ``program``."""
    folder = Path(tempfile.mkdtemp(prefix="uecda-official-"))
    port = free_port()
    (folder / "tndhms.cfg").write_text(CONFIG.format(games=games, port=port))
    children = [subprocess.Popen([server, "-c", "tndhms.cfg", "-p", str(port)], cwd=folder,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    start = time.perf_counter()
    try:
        relay = Relay(port)
        try:
            sock = connect("127.0.0.1", relay.port, 300)
        except ClientError as exc:
            raise SystemExit(f"our client could not reach the official server: {exc}") from None
        box: list[ClientResult] = []
        ours = threading.Thread(target=lambda: box.append(play_match(sock, make_bot(bot), bot[:9], seed=seed,
                                                                     timeout=300)), daemon=True)
        ours.start()
        time.sleep(0.5)
        relays, programs = start_programs(program, 4, port)
        children += programs
        ours.join()
        sock.close()
        for each in relays:
            each.thread.join(10)
    finally:
        stop_programs(children)
    seconds = (time.perf_counter() - start) / games
    if not box:
        raise SystemExit(f"our client stopped: {relay.error}")
    table = folder / "debug.dat"
    server_points = None
    if table.exists():
        totals = [[int(v) for v in line.split()] for line in table.read_text().splitlines() if line.strip()]
        server_points = [row[0] - (totals[i - 1][0] if i else 0) for i, row in enumerate(totals)]
    return box[0], server_points, [relay, *relays], seconds


def ours(program: str, bot: str, games: int, seed: int) -> tuple[list[int], list[Relay], float, str]:
    """Part 2: our server with ``bot`` in-process and four copies of ``program``."""
    relays: list[Relay] = []
    children: list[subprocess.Popen[bytes]] = []
    log = io.StringIO()

    def ready(port: int) -> None:
        def go() -> None:
            started = start_programs(program, 4, port)
            relays.extend(started[0])
            children.extend(started[1])

        threading.Thread(target=go, daemon=True).start()

    start = time.perf_counter()
    try:
        result = serve([bot, "external", "external", "external", "external"], games, port=0, seed=seed,
                       fill=None, timeout=60, wait=60, ready=ready, log=log)
        for relay in relays:  # let the last messages through before the programs are stopped
            relay.thread.join(10)
    finally:
        stop_programs(children)
    seconds = (time.perf_counter() - start) / games
    if result.ended_early:
        raise SystemExit(f"our server's match ended early: {result.ended_early}")
    return [g[0] for g in result.points], relays, seconds, log.getvalue()


def report(label: str, points: list[int], seconds: float, relays: list[Relay], mine: int | None) -> None:
    """Print one part's line and its refused plays."""
    mean, half = interval(points)
    print(f"  {label}: {mean:.2f} ± {half:.2f} points per game over {len(points)} games, {seconds:.2f} s per game")
    for i, relay in enumerate(relays):
        who = "our client" if mine is not None and i == 0 else f"program {i + (mine is None)}"
        print(f"    {who}: {relay.rejected} of {relay.plays} plays refused"
              + (f" (relay: {relay.error})" if relay.error else ""))


def main(argv: list[str] | None = None) -> None:
    """Run the parts asked for and print the results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True, help="the official server program (tndhms)")
    parser.add_argument("--client", required=True, help="the official sample client program")
    parser.add_argument("--strong", default=None, help="another UECda program for part 3 (a command line; -p PORT "
                        "is added)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--parts", default="1,2,3", help="which parts to run (1,2,3)")
    args = parser.parse_args(argv)
    parts = {int(p) for p in args.parts.split(",")}
    print(f"{args.bot}, {args.games} UECda games a match (5/4/3/2/1 points, par 3.0)")
    if 1 in parts:
        result, table, relays, seconds = official(args.server, args.client, args.bot, args.games, args.seed)
        print(f"1. official server, {args.bot} (our client) against four sample clients")
        report("our client", result.points, seconds, relays, 0)
        if table is not None:
            agree = sum(a == b for a, b in zip(result.points, table, strict=False))
            print(f"    the server's own table agrees on {agree} of {len(table)} games")
    if 2 in parts:
        points, relays, seconds, log = ours(args.client, args.bot, args.games, args.seed)
        print(f"2. our server, {args.bot} (in-process) against four sample clients")
        report(args.bot, points, seconds, relays, None)
        reasons = [line for line in log.splitlines() if "illegal" in line or "undecodable" in line]
        for line in reasons[:5]:
            print(f"      {line}")
    if 3 in parts and args.strong:
        result, _, relays, seconds = official(args.server, args.strong, args.bot, args.games, args.seed)
        print(f"3. official server, {args.bot} (our client) against four copies of {args.strong}")
        report("our client", result.points, seconds, relays, 0)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
