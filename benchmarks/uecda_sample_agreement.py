"""How often our model of the UECda sample client (the ``uecda-default`` bot) plays what the real one plays.

    python benchmarks/uecda_sample_agreement.py --client PATH/client [--games 100] [--seed 1] [--show 10]
        [--in-process classic]

Our UECda server (``president uecda server``'s match) seats copies of the sample client (built from the UECda
development kit; give its path: it is started in a scratch folder, since it appends logs to its working folder),
each behind a relay that follows the protocol as our client does. At each of their turns the relay builds the view
our client would build and asks ``uecda-default`` what it would play; it then compares with what the program
sent. A play the server refused (answer 8) counts as the pass it becomes. ``--in-process BOT`` seats that bot as
player 0 and four programs (default: five programs). Reported: the agreement over plays (leads and answers
apart), over returns of the exchange, and, apart, the turns where a program was asked to beat its own cards
(everyone else having passed), which our engine never asks. Not run by the tests.
"""

from __future__ import annotations

import argparse
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter

from president.bots.uecda_default import UecdaDefaultBot, sample_choice, sample_gift
from president.moves import PASS, move_str
from president.uecda.client import _Game
from president.uecda.programs import stop_programs
from president.uecda.protocol import (
    ACCEPTED,
    GRID_BYTES,
    MATCH_OVER,
    ProtocolError,
    State,
    grid_hand,
    grid_play,
    read_exactly,
    unpack_grid,
    unpack_int,
)
from president.uecda.server import serve


class Watcher:
    """A relay in front of one sample client that compares each of its plays with ``uecda-default``'s."""

    def __init__(self, server_port: int, show: int) -> None:
        self.server_port = server_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(60)
        self.port = self.listener.getsockname()[1]
        self.show = show
        self.tally: Counter[str] = Counter()
        self.examples: list[str] = []
        self.error: str | None = None
        self.bot = UecdaDefaultBot()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            program, _ = self.listener.accept()
            with program, socket.create_connection(("127.0.0.1", self.server_port), timeout=120) as upstream:
                program.settimeout(120)
                for sock in (program, upstream):
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self._follow(program, upstream)
        except (OSError, ValueError, ProtocolError) as exc:
            self.error = str(exc) or type(exc).__name__
        finally:
            self.listener.close()

    def _note(self, kind: str, same: bool, text: str) -> None:
        self.tally[kind] += 1
        self.tally[kind + " agreed"] += same
        if not same and len(self.examples) < self.show:
            self.examples.append(f"{kind}: {text}")

    def _follow(self, program: socket.socket, upstream: socket.socket) -> None:
        def move(source: socket.socket, target: socket.socket, size: int) -> bytes:
            data = read_exactly(source, size)
            target.sendall(data)
            return data

        move(program, upstream, GRID_BYTES)
        me = unpack_int(move(upstream, program, 4))
        rng = random.Random(0)
        while True:
            deal = unpack_grid(move(upstream, program, GRID_BYTES))
            state = State.read(deal)
            game = _Game(me, state, grid_hand(deal))
            if 0 < deal[5][1] < 100:
                gift = grid_hand(unpack_grid(move(program, upstream, GRID_BYTES)))
                ours = sample_gift(game.hand, deal[5][1])
                self._note("return", gift == ours, f"hand {move_str(game.hand)}: it gave {move_str(gift)}, "
                                                   f"we {move_str(ours)}")
            while True:
                turn = unpack_grid(move(upstream, program, GRID_BYTES))
                state = State.read(turn)
                game.hand = grid_hand(turn)
                game.update(state)
                if state.my_turn:
                    sent = grid_play(unpack_grid(move(program, upstream, GRID_BYTES)))
                    answer = unpack_int(move(upstream, program, 4))
                    played = sent if answer == ACCEPTED else PASS
                    if game.table and game.owner == game.seat(me):
                        ours = sample_choice(game.hand, game.table, game.revolution, game.lock)
                        kind, theirs = "own cards", sent
                    else:
                        view = game.view()
                        ours = self.bot.choose(view, rng)
                        kind, theirs = ("answer" if view.table else "lead"), played
                    self._note(kind, ours == theirs,
                               f"hand {move_str(game.hand)}, table {move_str(game.table) if game.table else '-'}"
                               f"{' (revolution)' if game.revolution else ''}{' (lock)' if game.lock else ''}: "
                               f"it played {move_str(theirs)}, we {move_str(ours)}")
                stage = unpack_grid(move(upstream, program, GRID_BYTES))
                state = State.read(stage)
                game.counts = list(state.counts)
                game.revolution, game.lock = state.revolution, state.lock
                game.moved(state.turn, grid_play(stage))
                word = unpack_int(move(upstream, program, 4))
                if word == MATCH_OVER:
                    return
                if word != 0:
                    break


def main(argv: list[str] | None = None) -> None:
    """Play the match and print the agreement."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--client", required=True, help="the built sample client of the UECda kit")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=10, help="disagreements to print")
    parser.add_argument("--in-process", default=None, help="a bot of ours as player 0 (default: five programs)")
    args = parser.parse_args(argv)
    programs = 5 if args.in_process is None else 4
    seats = ["external"] * programs if args.in_process is None else [args.in_process] + ["external"] * 4
    watchers: list[Watcher] = []
    children: list[subprocess.Popen[bytes]] = []
    folder = tempfile.mkdtemp(prefix="uecda-sample-")

    def ready(port: int) -> None:
        def go() -> None:
            for _ in range(programs):
                watcher = Watcher(port, args.show)
                watchers.append(watcher)
                children.append(subprocess.Popen([args.client, "-p", str(watcher.port)], cwd=folder,
                                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
                time.sleep(0.3)

        threading.Thread(target=go, daemon=True).start()

    start = time.perf_counter()
    try:
        result = serve(seats, args.games, port=0, seed=args.seed, fill=None, timeout=60, wait=60, ready=ready)
        for watcher in watchers:
            watcher.thread.join(10)
    finally:
        stop_programs(children)
    if result.ended_early:
        sys.exit(f"the match ended early: {result.ended_early}")
    tally: Counter[str] = sum((w.tally for w in watchers), Counter())
    print(f"{args.games} games, {programs} sample clients, {time.perf_counter() - start:.0f} s")
    for kind in ("lead", "answer", "return", "own cards"):
        if tally[kind]:
            print(f"  {kind}: {tally[kind + ' agreed']} of {tally[kind]} agree "
                  f"({100 * tally[kind + ' agreed'] / tally[kind]:.1f} %)")
    plays = tally["lead"] + tally["answer"]
    agreed = tally["lead agreed"] + tally["answer agreed"]
    if plays:
        print(f"  plays (leads and answers): {agreed} of {plays} ({100 * agreed / plays:.2f} %)")
    for watcher in watchers:
        if watcher.error:
            print(f"  relay error: {watcher.error}")
        for line in watcher.examples:
            print("   ", line)


if __name__ == "__main__":
    main()
