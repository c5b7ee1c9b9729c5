"""One client connection: who it is at which table, its outbox and its rate limit (:mod:`..limits`).

Messages to a client are queued (``send``) and written by one pump task per
connection, so that every client receives the messages of a table in the order the
table made them, and a slow client never holds a table up. A client that lets its
outbox overflow is disconnected; it can reconnect and get a fresh snapshot.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from ..limits import RateLimit

if TYPE_CHECKING:
    from ..play.tables import Table


class Connection:
    """A client of the server, seated or watching, with its queue of outgoing messages."""

    def __init__(self, limit: RateLimit, outbox_limit: int = 1000, peer: str = "", address: str = "") -> None:
        self.limit = limit
        self.outbox_limit = outbox_limit
        self.peer = peer
        self.address = address
        """The client's address, whose connections share a rate limit ("": none, made inside the server)."""
        self.session: str | None = None
        """The session cookie the client connected with (a signed-in spectator may chat under the account's
        name)."""
        self.names_checked = False
        """Whether a spectator's chat name was checked already (by the process the client is connected to)."""
        self.table: Table | None = None
        """The table this connection follows (its seat there is the table's to say)."""
        self.name: str | None = None
        """A spectator's chat name (from hello)."""
        self.listening: int | None = None
        """The bot account whose invitations this connection waits for (after ``listen``), else None."""
        self.relay: str | None = None
        """In a cluster: the process that plays this connection's table, when it is another one (the messages
        are relayed to it)."""
        self.key = ""
        """In a cluster: this connection's name in the relay."""
        self.closing = False
        self.close_code = 1000
        self.close_reason = ""
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue()

    @property
    def joined(self) -> bool:
        """True once ``hello`` (or a bot's ``listen``) was accepted, or relayed to the process that plays the
        table."""
        return self.table is not None or self.listening is not None or self.relay is not None

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (a JSON-ready dict)."""
        self.send_text(json.dumps(message, separators=(",", ":")))

    def send_text(self, text: str) -> None:
        """Queue a message already in JSON."""
        if self.closing:
            return
        if self._outbox.qsize() >= self.outbox_limit:
            self.close(1008, "too many unread messages")
            return
        self._outbox.put_nowait(text)

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Stop sending, then close the connection with ``code`` (after the messages already queued)."""
        if not self.closing:
            self.closing = True
            self.close_code = code
            self.close_reason = reason
            self._outbox.put_nowait(None)

    def pending(self) -> list[str]:
        """Take every queued message without sending it (for tests and in-process clients)."""
        out = []
        while not self._outbox.empty():
            text = self._outbox.get_nowait()
            if text is not None:
                out.append(text)
        return out

    async def pump(self, write: Callable[[str], Awaitable[None]]) -> None:
        """Write the queued messages with ``write`` until the connection is closed."""
        while True:
            text = await self._outbox.get()
            if text is None:
                return
            await write(text)
