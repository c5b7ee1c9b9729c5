"""The database seen from the event loop: every call runs in a worker thread, never in the loop.

A slow or locked database then delays only what must wait for it (the change being
committed, and the later changes of the same table), while pings, snapshots, the lobby
and every other table go on. Writes and reads have threads of their own, so a reader
never queues behind a stuck writer.

Ordering: a table makes its changes one at a time (it holds its lock from the check
through the commit to the broadcast), so the writes of one table reach the database in
the order the table made them. Writes of different tables may run side by side when
there is more than one writer thread.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from .storage import Storage

P = ParamSpec("P")
T = TypeVar("T")


class Journal:
    """Runs :class:`Storage` calls in bounded thread pools: ``writers`` threads for writes, two for reads."""

    def __init__(self, storage: Storage, writers: int | None = None) -> None:
        self.storage = storage
        shared = storage.single_connection
        if writers is None:
            writers = 1 if storage.is_sqlite else 4
        self.writers = 1 if shared else max(1, writers)
        self._write_pool = ThreadPoolExecutor(self.writers, thread_name_prefix="president-db-write")
        # An in-memory SQLite database is one connection: reads must share the writer's thread.
        self._read_pool = self._write_pool if shared else ThreadPoolExecutor(2, thread_name_prefix="president-db-read")

    async def write(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``fn(*args, **kwargs)`` in a writer thread; its result, or its exception."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._write_pool, functools.partial(fn, *args, **kwargs))

    async def read(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``fn(*args, **kwargs)`` in a reader thread; its result, or its exception."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._read_pool, functools.partial(fn, *args, **kwargs))

    def close(self) -> None:
        """Wait for the calls under way, then release the threads and the database."""
        self._write_pool.shutdown(wait=True)
        if self._read_pool is not self._write_pool:
            self._read_pool.shutdown(wait=True)
        self.storage.close()
