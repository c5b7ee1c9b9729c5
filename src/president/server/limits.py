"""Rates: a token bucket with fading strikes, and a watch of the event loop's stalls that the bucket forgives.

The connections' message rate (each connection's, and that of all the connections of an address together:
:class:`AddressRates`), the tables an address may create a minute, the chat's pace and the sign-in attempts
all count with :class:`RateLimit`.
"""

from __future__ import annotations

import asyncio
import time

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

    def limit_to(self, tokens: float) -> None:
        """Hold the bucket to at most ``tokens`` (below zero: a debt the refill must pay first)."""
        now = time.monotonic()
        refilled = max(self._tokens, min(self.burst, self._tokens + (now - self._stamp) * self.rate))
        self._tokens = min(refilled, tokens)
        self._stamp = now

    def strike(self) -> float:
        """Count one refused message; returns the strikes not yet faded (the new one included)."""
        now = time.monotonic()
        self._strikes = max(0.0, self._strikes - (now - self._strike_stamp) * self.rate) + 1.0
        self._strike_stamp = now
        return self._strikes


class AddressRates:
    """One :class:`RateLimit` per client address, for the messages of all its connections together.

    A bucket outlives the connections that spent it (it is forgotten once full again), so closing a connection
    and opening another refills nothing. An empty address (a connection made inside the server) is not limited.
    """

    def __init__(self, rate: float, burst: int, watch: LoopWatch | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self._watch = watch
        self._buckets: dict[str, RateLimit] = {}

    def bucket(self, address: str) -> RateLimit:
        """The bucket of ``address`` (made full when the address has none)."""
        found = self._buckets.get(address)
        if found is None:
            found = self._buckets[address] = RateLimit(self.rate, self.burst, self._watch)
        return found

    def allow(self, address: str) -> bool:
        """Take one token of ``address``'s bucket if there is one."""
        return not address or self.bucket(address).allow()

    def sweep(self) -> None:
        """Forget the buckets that have refilled (their addresses would get full ones anyway)."""
        for address in [a for a, bucket in self._buckets.items() if bucket.full()]:
            del self._buckets[address]
