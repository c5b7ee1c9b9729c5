"""The database seen from the event loop: every call runs in a worker thread, never in the loop.

A slow or locked database then delays only what must wait for it (the change being
committed, and the later changes of the same table), while pings, snapshots, the lobby
and every other table go on. Writes and reads have threads of their own, so a reader
never queues behind a stuck writer.

Group commit: the writes waiting for a writer thread are taken together and made in one
transaction, and each is acknowledged (its ``await`` returns) once that transaction is
committed. While one commit waits for the disk, the next moves of every table gather
behind it, so the server pays one commit for many moves instead of one each. Should a
write of the group fail, the group is rolled back and its writes are made again one
transaction each, so that one bad write fails alone. Only the writes of :class:`Storage`
itself join a group; other functions (they open their own transactions) run alone, in
their turn.

A database that is away for a moment (PostgreSQL restarting: the connection dropped or refused) or busy (SQLite
locked by another writer beyond its busy timeout) does not refuse a write at once: the write (or the group) is
made again, after pauses that grow from 50 ms to 1 s, until ``retry_seconds`` after it was asked for; only then
does it fail. A write that failed for what it holds (a broken key, say) fails at once.

The writes an event loop asks for in one turn of the loop reach the writer threads together, as one batch: one
wake-up of a writer, not one a write (a busy loop asks for many in a turn). A writer then lets the writes gather
for :data:`GATHER_SECONDS` after the first was asked for (a commit of many costs little more than a commit of
one, and at a thousand moves a second most commits would otherwise hold one move); when a gathering found no
other write, as when one client writes alone and waits for each, the writer commits at once for
:data:`IDLE_SECONDS` before it lets the writes gather again.

Ordering: a table makes its changes one at a time (it holds its lock from the check
through the commit to the broadcast), so the writes of one table reach the database in
the order the table made them. Writes queue in the order they were asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from sqlalchemy.exc import DBAPIError, OperationalError

from .storage import Storage

P = ParamSpec("P")
T = TypeVar("T")

log = logging.getLogger("president.server")

MAX_GROUP = 500
"""The most writes committed in one transaction."""

GATHER_SECONDS = 0.002
"""How long a writer lets the writes gather after the first one was asked for, before it commits them."""

IDLE_SECONDS = 1.0
"""How long a writer commits at once after a gathering that found no other write (one client writing alone)."""

RETRY_PAUSES = (0.05, 0.1, 0.2, 0.4, 0.8, 1.0)
"""The pauses before each new try of a write the database could not take (the last one repeats)."""


@dataclass(slots=True)
class _Job:
    call: Callable[[], Any]
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop
    grouped: bool
    asked: float
    """When the write was asked for (monotonic): it is tried again until ``retry_seconds`` after."""


class Journal:
    """Runs :class:`Storage` calls in worker threads: ``writers`` threads that commit the waiting writes in groups,
    two threads for reads."""

    def __init__(self, storage: Storage, writers: int | None = None, group_commit: bool = True,
                 retry_seconds: float = 10.0, gather_seconds: float = GATHER_SECONDS) -> None:
        self.storage = storage
        self.group_commit = group_commit
        self.gather_seconds = gather_seconds if group_commit else 0.0
        self.retry_seconds = retry_seconds
        self.retried = 0
        """Writes (or groups) that had to be tried again because the database was away or busy."""
        self._sqlite = storage.engine.dialect.name == "sqlite"
        shared = storage.single_connection
        self.writers = 1 if shared or writers is None else max(1, writers)
        self._queue: queue.SimpleQueue[list[_Job] | None] = queue.SimpleQueue()
        self._batches: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
        """The writes each event loop asked for in its current turn, not yet handed to the writers."""
        self._threads = [threading.Thread(target=self._write_loop, name=f"president-db-write-{n}", daemon=True)
                         for n in range(self.writers)]
        for thread in self._threads:
            thread.start()
        # An in-memory SQLite database is one connection: reads must share the writer's thread.
        self._shared = shared
        self._closed = False
        self._read_pool = None if shared else ThreadPoolExecutor(2, thread_name_prefix="president-db-read")
        self.groups = 0
        """Transactions of grouped writes committed so far (with :attr:`grouped`: the mean group size)."""
        self.grouped = 0
        """Writes committed in those transactions."""

    async def write(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``fn(*args, **kwargs)`` in a writer thread, committed; its result, or its exception."""
        return await self._enqueue(functools.partial(fn, *args, **kwargs),
                                   self.group_commit and getattr(fn, "__self__", None) is self.storage)

    async def read(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``fn(*args, **kwargs)`` in a reader thread; its result, or its exception."""
        call = functools.partial(fn, *args, **kwargs)
        if self._read_pool is None:
            return await self._enqueue(call, False)
        return await asyncio.get_running_loop().run_in_executor(self._read_pool, call)

    def _enqueue(self, call: Callable[[], T], grouped: bool) -> asyncio.Future[T]:
        """The future of ``call``, queued for the writers (a plain function: one coroutine less a write)."""
        if self._closed:
            raise RuntimeError("the journal is closed")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        batch = self._batches.get(loop)
        if batch is None:
            batch = self._batches[loop] = []
            loop.call_soon(self._hand_over, loop)
        batch.append(_Job(call, future, loop, grouped, time.monotonic()))
        return future

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        """Give the writers the writes ``loop`` asked for in its last turn."""
        batch = self._batches.pop(loop, None)
        if batch:
            self._queue.put(batch)

    def close(self) -> None:
        """Wait for the calls under way, then release the threads and the database."""
        self._closed = True
        for loop in list(self._batches):
            self._hand_over(loop)
        for _ in self._threads:
            self._queue.put(None)
        for thread in self._threads:
            thread.join()
        if self._read_pool is not None:
            self._read_pool.shutdown(wait=True)
        self.storage.close()

    # ----------------------------------------------------------------- the writer threads

    def _write_loop(self) -> None:
        gather_from = 0.0  # when this writer may let the writes gather again (monotonic)
        while True:
            batch = self._queue.get()
            if batch is None:
                return
            jobs = list(batch)
            pause = jobs[0].asked + self.gather_seconds - time.monotonic()
            if pause > 0 and len(jobs) < MAX_GROUP and time.monotonic() >= gather_from:
                time.sleep(pause)
                if self._queue.empty():
                    gather_from = time.monotonic() + IDLE_SECONDS
            stop = False
            while len(jobs) < MAX_GROUP:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                jobs.extend(more)
            for start in range(0, len(jobs), MAX_GROUP):
                self._run(jobs[start:start + MAX_GROUP])
            if stop:
                return

    def _run(self, jobs: list[_Job]) -> None:
        group: list[_Job] = []
        for job in jobs:
            if job.grouped:
                group.append(job)
                continue
            self._run_group(group)
            group = []
            self._run_alone(job)
        self._run_group(group)

    def _run_group(self, group: list[_Job]) -> None:
        if len(group) <= 1:
            for job in group:
                self._run_alone(job)
            return
        deadline = min(job.asked for job in group) + self.retry_seconds
        tries = 0
        while True:
            try:
                results = self.storage.in_one_transaction([job.call for job in group])
                break
            except Exception as exc:
                if not self._again(exc, deadline, tries, f"a group of {len(group)} writes"):
                    log.info("a group of %d writes failed; each is made alone", len(group))
                    for job in group:
                        self._run_alone(job)
                    return
                tries += 1
        self.groups += 1
        self.grouped += len(group)
        _settle([(job, True, result) for job, result in zip(group, results, strict=True)])

    def _run_alone(self, job: _Job) -> None:
        tries = 0
        while True:
            try:
                result = job.call()
            except BaseException as exc:  # handed to the waiting coroutine, as an executor would
                if isinstance(exc, Exception) and self._again(exc, job.asked + self.retry_seconds, tries, "a write"):
                    tries += 1
                    continue
                _settle([(job, False, exc)])
            else:
                _settle([(job, True, result)])
            return

    def _again(self, exc: Exception, deadline: float, tries: int, what: str) -> bool:
        """Whether to try a failed write again (the database was away or busy, and there is time left): then after
        the pause of this try."""
        if not self._transient(exc):
            return False
        pause = RETRY_PAUSES[min(tries, len(RETRY_PAUSES) - 1)]
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        if tries == 0:
            self.retried += 1
            log.warning("the database could not take %s (%s); it is tried again for up to %.1f s", what,
                        type(getattr(exc, "orig", None) or exc).__name__, left)
        time.sleep(min(pause, left))
        return True

    def _transient(self, exc: Exception) -> bool:
        """Whether ``exc`` says the database was away or busy rather than that the write was wrong: its connection
        dropped, or (PostgreSQL) it could not be reached or was starting or stopping, or (SQLite) it was locked."""
        if isinstance(exc, DBAPIError) and exc.connection_invalidated:
            return True
        if not isinstance(exc, OperationalError):
            return False
        if not self._sqlite:
            return True
        text = str(exc.orig).lower()
        return "locked" in text or "busy" in text


def _settle(outcomes: list[tuple[_Job, bool, Any]]) -> None:
    """Hand each job's result (or exception) to its coroutine, one callback per event loop."""
    by_loop: dict[asyncio.AbstractEventLoop, list[tuple[_Job, bool, Any]]] = {}
    for outcome in outcomes:
        by_loop.setdefault(outcome[0].loop, []).append(outcome)
    for loop, some in by_loop.items():
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            loop.call_soon_threadsafe(_resolve, some)


def _resolve(outcomes: list[tuple[_Job, bool, Any]]) -> None:
    for job, ok, value in outcomes:
        if job.future.done():
            continue
        if ok:
            job.future.set_result(value)
        else:
            job.future.set_exception(value)
