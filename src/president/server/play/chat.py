"""Table chat: the players' chat and, apart from it, the spectators' chat of each table.

A seated player speaks in the ``players`` channel, a spectator in the ``spectators``
channel. Players read only the players' channel; spectators read both. A line is free
text (at most :data:`~president.server.protocol.CHAT_MAX_CHARS` characters, validated in
:mod:`~president.server.protocol`) or a quick phrase id that each reader's app shows in its
own language.

What the server adds to a line is public: the speaker's seat and name, the match it
belongs to, how many moves had been played and the time. Nothing of any hand is ever
added; the text itself is whatever the player typed.

Safety (``docs/server.md``, *Fair play*): a line of an account an operator muted is refused, and so is a guest's
free text when the server allows guests quick phrases only; a line is not sent to a seated player whose account
blocks the speaker's (nor shown in his history). Free text is only ever text: the browser shows no link.

Each line is stored before it is sent (``president_chat``, kept with the match it was said
in), so it survives a restart and is shown in the match's replay. Lines are rate-limited
per seat, and per address for spectators, apart from the protocol's own rate limit.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from ..config import ServerConfig
from ..errors import ProtocolError
from ..limits import LoopWatch, RateLimit
from ..protocol import ChatMessage
from ..store.accounts import hash_secret, session_account
from ..store.chat_log import PLAYERS, SPECTATORS, read_lines, store_line
from ..store.journal import Journal
from ..store.moderation import blocks_among, muted
from .subscriber import Subscriber
from .tables import Table

log = logging.getLogger("president.server")

def chat_match_no(table: Table) -> int:
    """The match a line said now belongs to: the one in play or just over, else the one about to start."""
    return table.match_no if table.status in ("playing", "finished") else table.match_no + 1


def readable_channels(seat: int | None) -> tuple[str, ...]:
    """The channels a client reads: a seated player only the players', a spectator both."""
    return (PLAYERS,) if seat is not None else (PLAYERS, SPECTATORS)


# ----------------------------------------------------------------- the live chat


class Chat:
    """The chat of every table of a hub: checks, rate limits, storage and delivery."""

    def __init__(self, config: ServerConfig, journal: Journal, watch: LoopWatch | None = None) -> None:
        self.config = config
        self.journal = journal
        self.watch = watch
        self._buckets: dict[str, RateLimit] = {}
        self._reading: set[asyncio.Task[None]] = set()

    def say(self, conn: Subscriber, table: Table, message: ChatMessage, watcher: str | None = None,
            peer: str = "") -> asyncio.Task[None]:
        """Accept a line from ``conn`` (refusals raise :class:`ProtocolError`); the task stores and sends it.

        A spectator speaks as ``watcher`` (the name of its hello) and is rate-limited by its address ``peer``.
        """
        at = table.seat_of_member(conn)
        if (message.text is None) == (message.phrase is None):
            raise ProtocolError("bad_message", "chat: give either text or a phrase")
        if table.closed:
            raise ProtocolError("no_table", "this table was closed")
        if at is not None:
            seat = table.seats[at]
            channel, name, key = PLAYERS, seat.name or f"#{at + 1}", f"{table.id}:seat:{at}"
        else:
            channel, name = SPECTATORS, watcher or "Spectator"
            key = f"{table.id}:watch:{peer.rsplit(':', 1)[0]}"
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = RateLimit(self.config.chat_per_minute / 60, self.config.chat_burst,
                                                    self.watch)
        if not bucket.allow():
            raise ProtocolError("rate_limited", f"slow down: at most {self.config.chat_per_minute:g} chat lines "
                                                "a minute")
        line = {
            "table_id": table.id, "match_no": chat_match_no(table), "channel": channel, "seat": at,
            "player": name, "name": name, "text": message.text, "phrase": message.phrase,
            "ply": table.ply if table.status != "waiting" else 0, "at": time.time(),
        }
        return asyncio.ensure_future(self._store_and_send(conn, table, line))

    async def _speaker(self, conn: Subscriber, table: Table, seat: int | None) -> int | None:
        """The account of the one who speaks: the seat's, or a spectator's signed-in session (None: a guest)."""
        if seat is not None:
            return table.seats[seat].account_id
        session = getattr(conn, "session", None)
        if not session:
            return None
        account = await self.journal.read(session_account, self.journal.storage, hash_secret(session))
        return None if account is None else account.id

    async def _refusal(self, speaker: int | None, line: dict[str, Any]) -> ProtocolError | None:
        """Why this speaker may not say this line, or None."""
        if speaker is None:
            if line["text"] is not None and self.config.chat_guests_phrases_only:
                return ProtocolError("phrases_only", "guests may send quick phrases only: sign in to write")
            return None
        if await self.journal.read(muted, self.journal.storage, speaker):
            return ProtocolError("muted", "an operator muted your account: your chat lines are not sent")
        return None

    async def _store_and_send(self, conn: Subscriber, table: Table, line: dict[str, Any]) -> None:
        try:
            speaker = await self._speaker(conn, table, line["seat"])
            refusal = await self._refusal(speaker, line)
            if refusal is not None:
                conn.send({"type": "error", **refusal.to_dict(), "ref": "chat"})
                return
            line_id = await self.journal.write(store_line, self.journal.storage, line)
            blockers = await self._blockers(table, speaker)
        except Exception:
            log.exception("table %s: a chat line could not be stored", table.id)
            conn.send({"type": "error", **ProtocolError("storage_error").to_dict(), "ref": "chat"})
            return
        bot = line["seat"] is not None and table.seats[line["seat"]].bot_account
        message = {"type": "chat", "id": line_id, **{k: v for k, v in line.items() if k != "table_id"}, "bot": bot}
        readers = table.spectators if line["channel"] == SPECTATORS else table.connections()
        for reader in list(readers):
            if blockers and self._account_of(table, reader) in blockers:
                continue
            reader.send(message)

    async def _blockers(self, table: Table, speaker: int | None) -> set[int]:
        """The accounts seated at ``table`` that block ``speaker``."""
        if speaker is None:
            return set()
        pairs = await self.journal.read(blocks_among, self.journal.storage, [*table.people_ids, speaker])
        return {blocker for blocker, blocked in pairs if blocked == speaker}

    @staticmethod
    def _account_of(table: Table, reader: Subscriber) -> int | None:
        """The account of a reader's seat (None: a spectator or a guest)."""
        try:
            seat = table.seat_of_member(reader)
        except ProtocolError:
            return None
        return None if seat is None else table.seats[seat].account_id

    def send_history(self, conn: Subscriber, table: Table) -> asyncio.Task[None] | None:
        """After hello: send ``conn`` the lines of the current match it may read, when there are some."""
        if self.config.chat_history == 0:
            return None
        task = asyncio.ensure_future(self._history(conn, table))
        self._reading.add(task)
        task.add_done_callback(self._reading.discard)
        return task

    async def _history(self, conn: Subscriber, table: Table) -> None:
        try:
            lines = await self.journal.read(read_lines, self.journal.storage, table.id, chat_match_no(table),
                                            readable_channels(table.seat_of_member(conn)), self.config.chat_history)
        except Exception:
            log.exception("table %s: the chat could not be read", table.id)
            return
        reader = self._account_of(table, conn)
        if reader is not None and lines:
            try:
                pairs = await self.journal.read(blocks_among, self.journal.storage, table.people_ids)
            except Exception:
                log.exception("table %s: the blocks could not be read", table.id)
                return
            hidden = {s.index for s in table.seats if (reader, s.account_id) in pairs}
            lines = [x for x in lines if x["seat"] not in hidden]
        for x in lines:
            x["bot"] = x["seat"] is not None and table.seats[x["seat"]].bot_account
        if lines:
            conn.send({"type": "chat_history", "lines": lines})

    def sweep(self) -> None:
        """Forget the rate limits that have refilled (nothing is held against their speakers)."""
        for key in [k for k, bucket in self._buckets.items() if bucket.full()]:
            del self._buckets[key]
