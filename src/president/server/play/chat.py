"""Table chat: the players' chat and, apart from it, the spectators' chat of each table.

A seated player speaks in the ``players`` channel, a spectator in the ``spectators``
channel. Players read only the players' channel; spectators read both. A line is free
text (at most :data:`~president.server.protocol.CHAT_MAX_CHARS` characters, validated in
:mod:`~president.server.protocol`) or a quick phrase id that each reader's app shows in its
own language.

What the server adds to a line is public: the speaker's seat and name, the match it
belongs to, how many moves had been played and the time. Nothing of any hand is ever
added; the text itself is whatever the player typed.

Each line is stored before it is sent (``president_chat``, kept with the match it was said
in), so it survives a restart and is shown in the match's replay. Lines are rate-limited
per seat, and per address for spectators, apart from the protocol's own rate limit.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from sqlalchemy import insert, select

from ..config import ServerConfig
from ..edge.connection import Connection, LoopWatch, RateLimit
from ..errors import ProtocolError
from ..protocol import ChatMessage
from ..store.journal import Journal
from ..store.storage import ChatRow, Storage
from .tables import Table

log = logging.getLogger("president.server")

PLAYERS = "players"
"""The channel of the seated players."""

SPECTATORS = "spectators"
"""The channel of the spectators (players never receive it)."""


def chat_match_no(table: Table) -> int:
    """The match a line said now belongs to: the one in play or just over, else the one about to start."""
    return table.match_no if table.status in ("playing", "finished") else table.match_no + 1


def readable_channels(seat: int | None) -> tuple[str, ...]:
    """The channels a client reads: a seated player only the players', a spectator both."""
    return (PLAYERS,) if seat is not None else (PLAYERS, SPECTATORS)


# ----------------------------------------------------------------- storage (runs in the journal's threads)


def store_line(storage: Storage, line: dict[str, Any]) -> int:
    """Store one chat line; returns its id."""
    with storage.engine.begin() as db:
        return int(db.execute(insert(ChatRow).values(**line).returning(ChatRow.id)).scalar_one())


def read_lines(storage: Storage, table_id: str, match_no: int, channels: tuple[str, ...],
               limit: int) -> list[dict[str, Any]]:
    """The last ``limit`` lines of a match in the given channels, oldest first."""
    query = (select(ChatRow).where(ChatRow.table_id == table_id, ChatRow.match_no == match_no,
                                   ChatRow.channel.in_(channels))
             .order_by(ChatRow.id.desc()).limit(limit))
    with storage.engine.connect() as db:
        rows = list(db.execute(query))
    return [_line(row) for row in reversed(rows)]


def _line(row: Any) -> dict[str, Any]:
    return {"id": row.id, "channel": row.channel, "match_no": row.match_no, "seat": row.seat,
            "player": row.player, "name": row.name, "text": row.text, "phrase": row.phrase, "ply": row.ply,
            "at": row.at}


def match_chat(storage: Storage, table_id: str, match_no: int, limit: int = 2000) -> dict[str, list[dict[str, Any]]]:
    """The chat of a finished match for its replay: ``{"players": [...], "spectators": [...]}``."""
    lines = read_lines(storage, table_id, match_no, (PLAYERS, SPECTATORS), limit)
    return {PLAYERS: [x for x in lines if x["channel"] == PLAYERS],
            SPECTATORS: [x for x in lines if x["channel"] == SPECTATORS]}


# ----------------------------------------------------------------- the live chat


class Chat:
    """The chat of every table of a hub: checks, rate limits, storage and delivery."""

    def __init__(self, config: ServerConfig, journal: Journal, watch: LoopWatch | None = None) -> None:
        self.config = config
        self.journal = journal
        self.watch = watch
        self._buckets: dict[str, RateLimit] = {}
        self._reading: set[asyncio.Task[None]] = set()

    def say(self, conn: Connection, table: Table, message: ChatMessage) -> asyncio.Task[None]:
        """Accept a line from ``conn`` (refusals raise :class:`ProtocolError`); the task stores and sends it."""
        if (message.text is None) == (message.phrase is None):
            raise ProtocolError("bad_message", "chat: give either text or a phrase")
        if table.closed:
            raise ProtocolError("no_table", "this table was closed")
        if conn.seat is not None:
            seat = table.seats[conn.seat]
            channel, name, key = PLAYERS, seat.name or f"#{conn.seat + 1}", f"{table.id}:seat:{conn.seat}"
        else:
            channel, name = SPECTATORS, conn.name or "Spectator"
            key = f"{table.id}:watch:{conn.peer.rsplit(':', 1)[0]}"
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = RateLimit(self.config.chat_per_minute / 60, self.config.chat_burst,
                                                    self.watch)
        if not bucket.allow():
            raise ProtocolError("rate_limited", f"slow down: at most {self.config.chat_per_minute:g} chat lines "
                                                "a minute")
        line = {
            "table_id": table.id, "match_no": chat_match_no(table), "channel": channel, "seat": conn.seat,
            "player": name, "name": name, "text": message.text, "phrase": message.phrase,
            "ply": table.ply if table.status != "waiting" else 0, "at": time.time(),
        }
        return asyncio.ensure_future(self._store_and_send(conn, table, line))

    async def _store_and_send(self, conn: Connection, table: Table, line: dict[str, Any]) -> None:
        try:
            line_id = await self.journal.write(store_line, self.journal.storage, line)
        except Exception:
            log.exception("table %s: a chat line could not be stored", table.id)
            conn.send({"type": "error", **ProtocolError("storage_error").to_dict(), "ref": "chat"})
            return
        message = {"type": "chat", "id": line_id, **{k: v for k, v in line.items() if k != "table_id"}}
        readers = table.spectators if line["channel"] == SPECTATORS else table.connections()
        for reader in list(readers):
            reader.send(message)

    def send_history(self, conn: Connection, table: Table) -> asyncio.Task[None] | None:
        """After hello: send ``conn`` the lines of the current match it may read, when there are some."""
        if self.config.chat_history == 0:
            return None
        task = asyncio.ensure_future(self._history(conn, table))
        self._reading.add(task)
        task.add_done_callback(self._reading.discard)
        return task

    async def _history(self, conn: Connection, table: Table) -> None:
        try:
            lines = await self.journal.read(read_lines, self.journal.storage, table.id, chat_match_no(table),
                                            readable_channels(conn.seat), self.config.chat_history)
        except Exception:
            log.exception("table %s: the chat could not be read", table.id)
            return
        if lines:
            conn.send({"type": "chat_history", "lines": lines})

    def sweep(self) -> None:
        """Forget the rate limits that have refilled (nothing is held against their speakers)."""
        for key in [k for k, bucket in self._buckets.items() if bucket.full()]:
            del self._buckets[key]
