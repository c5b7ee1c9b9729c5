"""The hub: every table of the server, the lobby, and the handling of client messages.

:meth:`Hub.handle` is the one door for WebSocket messages: rate limit, size, JSON,
validation, then the action on the table. Whatever goes wrong becomes an ``error``
message for that client; nothing escapes to the connection or the table.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from typing import Any

from .bots_runner import BotRunner
from .config import ServerConfig
from .connection import Connection, RateLimit
from .errors import ProtocolError
from .protocol import (
    CreateTableRequest,
    FillMessage,
    Hello,
    JoinRequest,
    LeaveMessage,
    MoveMessage,
    PingMessage,
    RematchMessage,
    SeatMessage,
    StartMessage,
    SyncMessage,
    parse_client_message,
)
from .settings import TableSettings
from .storage import Storage
from .tables import Table

log = logging.getLogger("president.server")


class Hub:
    """All tables in memory, backed by the storage; made by the app, one per server."""

    def __init__(self, config: ServerConfig, storage: Storage | None = None) -> None:
        self.config = config
        self.storage = storage if storage is not None else Storage(config.database_url, config.sqlite_synchronous)
        self.tables: dict[str, Table] = {}
        self.runner = BotRunner(config.inline_bots, config.bot_workers)
        self._seeds = random.Random(config.seed) if config.seed is not None else None

    def new_seed(self) -> int:
        """A match seed: unpredictable, unless the server was given a seed."""
        return self._seeds.getrandbits(63) if self._seeds is not None else secrets.randbits(63)

    def restore(self) -> int:
        """Load every unfinished (and recently finished) table from storage; returns how many.

        Must run inside the event loop: the bots and timers of the tables start again.
        """
        cutoff = time.time() - self.config.idle_close_seconds
        count = 0
        for stored in self.storage.load_tables():
            if stored.status != "playing" and stored.updated_at < cutoff:
                self.storage.set_status(stored.id, "closed")
                continue
            try:
                table = Table.restore(stored, self.config, self.storage, self.new_seed, self.runner)
            except Exception:
                log.exception("table %s could not be restored; it stays in the database", stored.id)
                continue
            self.tables[table.id] = table
            table.resume()
            count += 1
        if count:
            log.info("restored %d table(s)", count)
        return count

    def close(self) -> None:
        """Stop every table and release the database."""
        for table in self.tables.values():
            table.close()
        self.runner.close()
        self.storage.close()

    # ----------------------------------------------------------------- REST actions

    def create_table(self, request: CreateTableRequest) -> tuple[Table, int | None, str | None]:
        """A new table; when the request names the creator, the creator's seat and token too."""
        if len(self.tables) >= self.config.max_tables:
            raise ProtocolError("server_full", "the server holds as many tables as it can; try again later", 503)
        settings = TableSettings.from_request(request)
        bots = list(request.seats or [])
        if len(bots) > settings.players:
            raise ProtocolError("no_seat", f"{len(bots)} seats given for a table of {settings.players}")
        table_id = secrets.token_hex(6)
        while table_id in self.tables:
            table_id = secrets.token_hex(6)
        table = Table.create(table_id, settings, bots, self.config, self.storage, self.new_seed, self.runner)
        self.tables[table_id] = table
        log.info("table %s created (%s, %d seats)", table_id, settings.rules, settings.players)
        seat = token = None
        if request.name is not None:
            seat, token = table.join(request.name)
        return table, seat, token

    def table(self, table_id: str) -> Table:
        """The table with this id, or ``ProtocolError`` ``no_table`` (404)."""
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError("no_table", f"there is no open table {table_id[:64]!r}", 404)
        return table

    def join(self, table_id: str, request: JoinRequest) -> tuple[Table, int, str]:
        """Take a seat at a table."""
        table = self.table(table_id)
        seat, token = table.join(request.name, request.seat)
        return table, seat, token

    def lobby(self, status: str | None = None) -> list[dict[str, Any]]:
        """The public tables: by default those waiting for players (first) and those in play."""
        wanted = ("waiting", "playing") if status is None else (status,)
        order = {"waiting": 0, "playing": 1, "finished": 2}
        tables = [t for t in self.tables.values() if t.settings.public and t.status in wanted]
        tables.sort(key=lambda t: (order[t.status], -t.created_at))
        return [t.info() for t in tables]

    # ----------------------------------------------------------------- WebSocket messages

    def connection(self, peer: str = "") -> Connection:
        """A new connection with this server's limits."""
        c = self.config
        return Connection(RateLimit(c.rate_per_second, c.rate_burst), c.outbox_limit, peer)

    def handle(self, conn: Connection, text: str | bytes) -> None:
        """Act on one message of ``conn`` (a binary frame is refused); refusals go back as ``error`` messages."""
        ref = None
        try:
            if not conn.limit.allow():
                conn.strikes += 1
                raise ProtocolError(
                    "rate_limited", f"slow down: at most {self.config.rate_per_second:g} messages a second")
            conn.strikes = 0
            limit = self.config.max_message_bytes
            if len(text) > limit or (isinstance(text, str) and not text.isascii()
                                     and len(text.encode("utf-8", "replace")) > limit):
                raise ProtocolError("too_large", f"messages may hold at most {limit} bytes")
            if isinstance(text, bytes):
                raise ProtocolError("bad_json", "send text frames holding JSON, not binary ones")
            message = parse_client_message(text)
            ref = message.type
            self._dispatch(conn, message)
        except ProtocolError as exc:
            conn.send({"type": "error", **exc.to_dict(), "ref": ref})
            if exc.code == "rate_limited" and conn.strikes >= self.config.rate_strikes:
                conn.close(1008, "too many messages")
        except Exception:
            log.exception("unexpected error on a %s message", ref or "client")
            conn.send({"type": "error", **ProtocolError("internal").to_dict(), "ref": ref})

    def reject(self, conn: Connection, error: ProtocolError) -> None:
        """Send ``error`` to ``conn`` (for input refused before it reaches :meth:`handle`)."""
        conn.send({"type": "error", **error.to_dict(), "ref": None})

    def disconnect(self, conn: Connection) -> None:
        """The connection is gone."""
        table = conn.table
        if table is not None:
            try:
                table.detach(conn)
            except Exception:
                log.exception("table %s: error while a connection left", table.id)

    def _dispatch(self, conn: Connection, message: Any) -> None:
        if isinstance(message, Hello):
            self._hello(conn, message)
            return
        table = conn.table
        if table is None:
            raise ProtocolError("hello_first", "say hello first: {\"type\": \"hello\", \"table\": ..., \"token\": ...}")
        if isinstance(message, PingMessage):
            conn.send({"type": "pong"})
        elif isinstance(message, SyncMessage):
            conn.send(table.snapshot(conn.seat))
        else:
            seat = conn.seat
            if seat is None:
                raise ProtocolError("not_seated", "spectators cannot play or change the table")
            if isinstance(message, MoveMessage):
                table.play(seat, message.move, "person", message.seq)
            elif isinstance(message, StartMessage):
                table.start()
            elif isinstance(message, RematchMessage):
                table.rematch()
            elif isinstance(message, SeatMessage):
                table.set_seat(message.seat, message.bot)
            elif isinstance(message, FillMessage):
                table.fill(message.bot)
            elif isinstance(message, LeaveMessage):
                table.leave(conn)
            else:  # pragma: no cover - every type is handled above
                raise ProtocolError("unknown_type")

    def _hello(self, conn: Connection, hello: Hello) -> None:
        if conn.joined:
            raise ProtocolError("already_joined", "this connection has a table already; open another to change")
        table = self.table(hello.table)
        if hello.token is not None and hello.spectate:
            raise ProtocolError("bad_message", "hello: give a token or spectate, not both")
        if hello.token is not None:
            seat = table.seat_of_token(hello.token)
            if seat is None:
                raise ProtocolError("bad_token", "this token does not open a seat at this table")
            table.attach(conn, seat)
        elif hello.spectate:
            table.attach(conn, None)
        else:
            raise ProtocolError("bad_message", "hello: give a seat token, or \"spectate\": true to watch")

    # ----------------------------------------------------------------- housekeeping

    def sweep(self) -> int:
        """Close tables nobody has used for ``idle_close_seconds`` (not those in play); returns how many."""
        now = time.monotonic()
        idle = [
            t for t in self.tables.values()
            if t.status != "playing" and not t.connections() and now - t.touched > self.config.idle_close_seconds
        ]
        for table in idle:
            try:
                self.storage.set_status(table.id, "closed")
            except Exception:
                log.exception("table %s could not be closed", table.id)
                continue
            table.close()
            del self.tables[table.id]
            log.info("table %s closed (idle)", table.id)
        return len(idle)
