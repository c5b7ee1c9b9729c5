"""Messages between the server processes of a cluster, over Redis pub/sub: one channel per process.

A process listens on ``president:process:<its id>``. What it sends is queued and published
in order by one task (in pipelines, so a burst of updates costs one round trip), so the
messages from one process to another arrive in the order they were sent. Pub/sub keeps
nothing for a process that is not listening: when the link to Redis breaks, the relay
reconnects and calls ``on_reset``, and the cluster closes the relayed connections so
that their clients reconnect and get a fresh snapshot rather than miss an update.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from .messages import Message, decode, encode

log = logging.getLogger("president.server")

CHANNEL = "president:process:"
"""The prefix of the channel of each process."""

RETRY_SECONDS = 0.5
"""The pause before the relay tries Redis again after losing it."""


def channel_of(process: str) -> str:
    """The channel a process listens on."""
    return CHANNEL + process


class Relay:
    """Sends messages (:mod:`.messages`) to other processes and hands those for this one to ``on_message``."""

    def __init__(self, url: str, process: str, on_message: Callable[[Message], Awaitable[None] | None],
                 on_reset: Callable[[], None]) -> None:
        self.url = url
        self.process = process
        self.redis: aioredis.Redis = aioredis.from_url(url, decode_responses=True, health_check_interval=5)
        self._on_message = on_message
        self._on_reset = on_reset
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self.listening = asyncio.Event()

    async def start(self) -> None:
        """Subscribe to this process's channel (waits until Redis answers) and start publishing."""
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._publish())]
        await asyncio.wait_for(self.listening.wait(), 30)

    async def stop(self) -> None:
        """Stop listening and publishing; release the connections."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    def send(self, process: str, message: Message) -> None:
        """Queue a message for a process (never blocks)."""
        self._outbox.put_nowait((channel_of(process), encode(message)))

    async def _publish(self) -> None:
        while True:
            first = await self._outbox.get()
            # The callbacks ready now (other tables' moves of this turn of the loop) queue theirs first: one
            # round trip to Redis carries them all.
            await asyncio.sleep(0)
            batch = [first]
            while not self._outbox.empty() and len(batch) < 1000:
                batch.append(self._outbox.get_nowait())
            while True:
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for channel, text in batch:
                            pipe.publish(channel, text)
                        await pipe.execute()
                    break
                except (RedisError, OSError) as exc:
                    log.warning("relay: cannot publish to Redis (%s); trying again", exc)
                    await asyncio.sleep(RETRY_SECONDS)

    async def _listen(self) -> None:
        first = True
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(channel_of(self.process))
                self.listening.set()
                if not first:
                    log.warning("relay: Redis is back; relayed connections are asked to reconnect")
                    self._on_reset()
                first = False
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    try:
                        outcome = self._on_message(decode(message["data"]))
                        if outcome is not None:
                            await outcome
                    except Exception:
                        log.exception("relay: a message could not be handled")
            except (RedisError, OSError) as exc:
                if not first:
                    log.warning("relay: lost Redis (%s); reconnecting", exc)
                await asyncio.sleep(RETRY_SECONDS)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
