"""One client connection: who it is at which table, its outbox and its rate limit (:mod:`..limits`).

A WebSocket accepted by the server's own protocol gets a :class:`~.wire.SocketWire`: each message is written to
its socket at once (in the order the table made them; a frame shared with every socket that reads the same text),
and nothing on the table's path waits for the socket. A client that leaves more than ``outbox_bytes`` unsent is
*behind*: the messages meant for it are dropped, and once its socket has drained it gets a fresh snapshot of its
table (a client that follows no table here, or whose table another process plays, is closed instead: it can
reconnect and get a snapshot then).

Otherwise (a connection made inside the server, or on another WebSocket protocol) messages are queued and written
by one pump task per connection; a client that lets ``outbox_limit`` of them pile up is closed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from ..limits import RateLimit
from ..protocol import dumps
from .wire import SocketWire

if TYPE_CHECKING:
    from ..play.tables import Table


class Connection:
    """A client of the server, seated or watching, with its queue of outgoing messages."""

    def __init__(self, limit: RateLimit, outbox_limit: int = 1000, peer: str = "", address: str = "",
                 outbox_bytes: int = 256 * 1024) -> None:
        self.limit = limit
        self.outbox_limit = outbox_limit
        self.outbox_bytes = outbox_bytes
        """With a wire: the bytes unsent on the socket past which the client is behind."""
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
        self.wire: SocketWire | None = None
        """The socket the messages are written to directly (None: they are queued for :meth:`pump`)."""
        self.behind = False
        """Whether messages are being dropped until the socket drains (then a fresh snapshot is sent)."""
        self.resyncs = 0
        """Fresh snapshots sent after the client fell behind."""
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue()

    @property
    def joined(self) -> bool:
        """True once ``hello`` (or a bot's ``listen``) was accepted, or relayed to the process that plays the
        table."""
        return self.table is not None or self.listening is not None or self.relay is not None

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (a JSON-ready dict)."""
        self.send_text(dumps(message))

    def use_wire(self, wire: SocketWire) -> None:
        """Write the messages to ``wire`` from now on, not through the queue."""
        self.wire = wire
        wire.when_drained(self._drained, self.outbox_bytes)

    def send_text(self, text: str) -> None:
        """Send (or queue) a message already in JSON."""
        if self.closing:
            return
        wire = self.wire
        if wire is not None:
            if not self.behind and not wire.write_within(text, self.outbox_bytes):
                self._fall_behind()
            return
        if self._outbox.qsize() >= self.outbox_limit:
            self.close(1008, "too many unread messages")
            return
        self._outbox.put_nowait(text)

    def _fall_behind(self) -> None:
        if self.table is None or self.relay is not None:
            self.close(1008, "too many unread messages")
            return
        self.behind = True

    def _drained(self) -> None:
        """The socket drained: a client that fell behind gets a fresh snapshot of its table, then the messages
        again."""
        if not self.behind or self.closing:
            return
        self.behind = False
        if self.table is None:
            self.close(1008, "too many unread messages")
            return
        self.resyncs += 1
        self.table.resync(self)

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Stop sending, then close the connection with ``code`` (after the messages already queued)."""
        if not self.closing:
            if self.wire is not None:
                self.wire.when_drained(None)
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
