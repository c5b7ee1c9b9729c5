"""One client connection: who it is at which table, its outbox and its rate limit.

Messages to a client are queued (``send``) and written by one pump task per
connection, so that every client receives the messages of a table in the order the
table made them, and a slow client never holds a table up. A client that lets its
outbox overflow is disconnected; it can reconnect and get a fresh snapshot.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..play.tables import Table


STALL_TICK = 0.05
"""How often the loop watch wakes up (seconds)."""

STALL_TOLERANCE = 0.05
"""Lateness of the loop watch below this is not counted as a stall."""

MAX_STALL_CREDIT = 60.0
"""The longest stall (seconds) whose queued messages the rate limit excuses."""


class LoopWatch:
    """Measures how long the event loop was stalled (a slow callback, a paused process).

    During a stall the server reads nothing, so a client that kept a steady pace reaches
    the server in one burst afterwards; the rate limit gives it back the time the server
    was not listening (:meth:`RateLimit.allow`). :meth:`total` also counts a stall still
    under way, so the burst is excused even when it is read before the watch wakes up.
    """

    def __init__(self) -> None:
        self._stalled = 0.0
        self._last = time.monotonic()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start watching (inside the event loop)."""
        if self._task is None:
            self._last = time.monotonic()
            self._task = asyncio.ensure_future(self._run())

    def stop(self) -> None:
        """Stop watching."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def total(self) -> float:
        """Seconds the loop has been stalled since the watch started, the stall under way included."""
        if self._task is None:
            return self._stalled
        return self._stalled + self._late(time.monotonic())

    def _late(self, now: float) -> float:
        return max(0.0, now - self._last - STALL_TICK - STALL_TOLERANCE)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(STALL_TICK)
            now = time.monotonic()
            self._stalled += self._late(now)
            self._last = now


class RateLimit:
    """A token bucket: ``rate`` messages per second on average, ``burst`` at once.

    Refusals are counted as strikes that fade at ``rate`` a second, so a client that
    keeps sending far above the rate piles them up within a fraction of a second, while
    one slightly over the rate never does. With a :class:`LoopWatch`, the messages that
    queued up while the server itself was stalled are not held against the client.
    """

    __slots__ = ("_stall_seen", "_stamp", "_strike_stamp", "_strikes", "_tokens", "_watch", "burst", "rate")

    def __init__(self, rate: float, burst: int, watch: LoopWatch | None = None) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._tokens = float(burst)
        self._stamp = time.monotonic()
        self._watch = watch
        self._stall_seen = watch.total() if watch is not None else 0.0
        self._strikes = 0.0
        self._strike_stamp = self._stamp

    def allow(self) -> bool:
        """Take one token if there is one."""
        now = time.monotonic()
        cap = self.burst
        if self._watch is not None:
            stalled = self._watch.total()
            cap += min(stalled - self._stall_seen, MAX_STALL_CREDIT) * self.rate
            self._stall_seen = stalled
        # Tokens above the burst (credit for a stall) are kept until spent, not clipped.
        self._tokens = max(self._tokens, min(cap, self._tokens + (now - self._stamp) * self.rate))
        self._stamp = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False

    def full(self) -> bool:
        """Whether the bucket has refilled to its burst (nothing is held against the client)."""
        return self._tokens + (time.monotonic() - self._stamp) * self.rate >= self.burst

    def strike(self) -> float:
        """Count one refused message; returns the strikes not yet faded (the new one included)."""
        now = time.monotonic()
        self._strikes = max(0.0, self._strikes - (now - self._strike_stamp) * self.rate) + 1.0
        self._strike_stamp = now
        return self._strikes


class Connection:
    """A client of the server, seated or watching, with its queue of outgoing messages."""

    def __init__(self, limit: RateLimit, outbox_limit: int = 1000, peer: str = "") -> None:
        self.limit = limit
        self.outbox_limit = outbox_limit
        self.peer = peer
        self.table: Table | None = None
        self.seat: int | None = None
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
