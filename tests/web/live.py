"""A live game server in a background thread, and the engine-side facts the browser tests compare with."""

from __future__ import annotations

import json
import random
import socket
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from president.engine import Match
from president.moves import move_str
from president.players import make_bot
from president.secret_deals import DealSecret
from president.server import ServerConfig, create_app
from president.server.play.tables import Table

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run"]


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """The real application served by uvicorn on a free port, with bots that move at once unless told."""

    def __init__(self, database: Path, seed: int | None = None, bot_delay: float = 0.0) -> None:
        # Every browser test creates its tables from 127.0.0.1: the per-address quotas are the server tests' to
        # check, not a limit on how many tests share one server; nor is a connection's message rate a limit on how
        # fast a test's socket plays a seat.
        self.config = ServerConfig(database_url=f"sqlite:///{database}", bot_delay=bot_delay, seed=seed,
                                   rate_per_second=1000.0, rate_burst=1000,
                                   analysis_worlds=2, client_tables=1000, client_event_tables=1000,
                                   client_creations_per_minute=1000.0,
                                   websockets_per_address=1000, address_rate_per_second=1000.0,
                                   address_rate_burst=1000, registrations_per_address=1000,
                                   argon2_memory_kib=1024, argon2_time_cost=1,
                                   commit_gather_ms=2.0,  # a move acknowledged soon: a test waits for many
                                   leaderboard_min_matches=1)  # a test's one rated match lists its players
        self.app = create_app(self.config)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self._server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                                     lifespan="on"))
        self._thread = threading.Thread(target=self._server.run, daemon=True)

    def start(self) -> None:
        """Serve, and return once the server answers."""
        self._thread.start()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError("the test server did not start")

    def stop(self) -> None:
        """Stop serving."""
        self._server.should_exit = True
        self._thread.join(timeout=10)

    def table(self, table_id: str) -> Table:
        """The table with this id, as the server holds it."""
        return self.app.state.hub.tables[table_id]  # type: ignore[no-any-return]

    def match(self, table_id: str) -> Match:
        """A copy of the match in play at a table (the server's copy is never touched)."""
        match = self.table(table_id).match
        assert isinstance(match, Match), "the match of the climbing game has not started"
        return match.copy()


def classic_move(match: Match, seat: int) -> str:
    """The move the classic computer player makes for ``seat`` (the tests play the person's seat with it)."""
    bot = make_bot("classic")
    return move_str(bot.choose(match.seat_view(seat), random.Random(0)))


class SeatSocket:
    """A person's seat played over a WebSocket of its own (the seat's token, as the page would), for a test whose
    browser checks the screens around a match rather than its turns.

    Opening it attaches the seat at once, so the page may leave the table without the seat counting as away.
    """

    def __init__(self, server: LiveServer, table: str, token: str) -> None:
        self.server, self.table = server, table
        self._ws: ClientConnection = connect(f"ws://127.0.0.1:{server.port}/ws", proxy=None, open_timeout=10,
                                               legacy=True)
        self._ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
        snapshot = self._receive()
        assert snapshot["type"] == "snapshot", snapshot
        self.seat: int = snapshot["seat"]
        self._last = snapshot
        self.moves = 0

    def _receive(self, timeout: float = 30) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self._ws.recv(timeout=timeout))
        assert message["type"] != "error", message
        return message

    def start(self) -> None:
        """Start the match of the table (as the page of its creator does when the person sits down)."""
        self._ws.send(json.dumps({"type": "start"}))

    def play_to_the_end(self) -> int:
        """Make the classic computer player's move at each of the seat's turns until the match is over; returns
        how many moves the seat made. The socket is closed on the way out."""
        return self.play_until_deal(None)

    def play_until_deal(self, deal: int | None) -> int:
        """As :meth:`play_to_the_end`, but stop as soon as deal number ``deal`` has begun (None: never)."""
        answered = -1
        try:
            while True:
                message, view = self._last, self._last.get("view")
                if view is not None and (view["phase"] == "over"
                                         or (deal is not None and view["deal_number"] >= deal)):
                    return self.moves
                if view is not None and view["to_act"] == self.seat and message["seq"] != answered:
                    move = classic_move(self.server.match(self.table), self.seat)
                    self._ws.send(json.dumps({"type": "move", "move": move, "seq": message["seq"]}))
                    answered = message["seq"]
                    self.moves += 1
                message = self._receive()
                if message["type"] in ("snapshot", "update"):
                    self._last = message
        finally:
            self._ws.close()


def bright_expected(match: Match, seat: int) -> set[str]:
    """The cards that can be part of a legal move of ``seat`` now: the bright cards of an empty selection."""
    out: set[str] = set()
    for text in match.view(seat)["legal_moves"]:
        if text != "pass":
            out.update(text.removeprefix("give ").split())
    return out


def first_match_of(server_seed: int, rules: str, players: int) -> Match:
    """The first match a fresh server started with ``server_seed`` deals: from the secret drawn from the match
    seed, as a server of fixed seeds draws it (its deals do not depend on the table id)."""
    return Match(rules, players, deal_secret=DealSecret.new("any", random.Random(server_seed).getrandbits(63)))


def server_seed_where(check: object, tries: int = 400) -> int:
    """The first server seed whose first three-of-clubs match passes ``check(match)`` (deal 1 played by classic).

    A server draws the seed of each new match from its own seed, so a fresh server started
    with the returned seed deals that match to the first table created on it.
    """
    assert callable(check)
    for server_seed in range(tries):
        match = first_match_of(server_seed, "three-of-clubs", 4)
        if check(match):
            return server_seed
    raise AssertionError("no server seed found")


def play_deal_one(match: Match) -> Match:
    """Deal 1 played to its end by classic players at every seat (what a test playing classic sees)."""
    bot = make_bot("classic")
    rng = random.Random(0)
    while match.deal_number == 1 and match.to_act is not None:
        seat = match.to_act
        match.apply(bot.choose(match.seat_view(seat), rng))
    return match
