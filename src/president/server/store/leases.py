"""Which server process owns which table: renewable leases in the shared database (PostgreSQL).

When several processes serve one database, each table is played by exactly one of them,
the holder of its lease (a row of ``president_leases``: the table, the owner process and
when the lease runs out). The owner renews all its leases with one statement a few times
per lease period; a process that dies stops renewing, and once its leases have run out
another process claims the tables and restores them from the move log. Every process
also keeps a row of ``president_processes`` with its heartbeat, so that the others can
tell when the relay end of a client's connection has gone. (The tables are ``ProcessRow``
and ``LeaseRow`` of :mod:`.schema`, added by migration 0003.) A tournament is held the
same way, by the lease ``tournament:<its id>`` (:func:`tournament_lease`).

The clock is the database's (``clock_timestamp()``), so the machines' clocks need not
agree, and time the database was down does not count against a lease: a lease runs out a
lease period after it was last renewed, and never sooner than a lease period after the
database (re)started (``pg_postmaster_start_time()``), so that a restart of PostgreSQL
longer than a lease hands no table to another process while its owner lives. A process
that loses a lease it thought it held (it was paused longer than the lease) unloads the
table; a move it still tries to store is refused, since every write of a table's history
checks the lease in its own transaction (:class:`~president.server.store.storage.LeaseLost`),
so no table ever gets two histories.
"""

from __future__ import annotations

import os
import secrets
import socket
from typing import Any

from sqlalchemy import text

from .storage import Storage

NOW = "extract(epoch from clock_timestamp())"
STARTED = "extract(epoch from pg_postmaster_start_time())"


def _running(until: str) -> str:
    """SQL: whether a lease (or heartbeat) of expiry ``until`` still runs, the database's downtime not counted."""
    return f"GREATEST({until}, {STARTED} + :s) > {NOW}"

TOURNAMENT = "tournament:"
"""The prefix of the lease of a tournament (the rest of the lease's key is the tournament's id)."""


def tournament_lease(tournament_id: str) -> str:
    """The key of the lease of a tournament."""
    return TOURNAMENT + tournament_id


class Leases:
    """The lease statements of one process (blocking: call them from a thread, not the event loop)."""

    def __init__(self, storage: Storage, process: str, seconds: float) -> None:
        if storage.is_sqlite:
            raise ValueError("several server processes need PostgreSQL (--database postgresql+psycopg://...)")
        self.storage = storage
        self.process = process
        self.seconds = seconds

    def _run(self, sql: str, **params: Any) -> list[Any]:
        with self.storage.engine.begin() as db:
            result = db.execute(text(sql), {"me": self.process, "s": self.seconds, **params})
            return list(result) if result.returns_rows else []

    def register(self, address: str) -> None:
        """Announce this process (its heartbeat starts now)."""
        self._run(f"INSERT INTO president_processes (id, address, started_at, heartbeat) "
                  f"VALUES (:me, :address, {NOW}, {NOW})", address=address[:200])

    def heartbeat(self) -> set[str]:
        """Renew this process's heartbeat and every lease it holds; the tables it still holds."""
        rows = self._run(
            f"WITH beat AS (UPDATE president_processes SET heartbeat = {NOW} WHERE id = :me) "
            f"UPDATE president_leases SET expires = {NOW} + :s WHERE owner = :me RETURNING table_id")
        return {row[0] for row in rows}

    def acquire(self, table_id: str) -> bool:
        """Take the lease of a table nobody holds (or whose lease ran out); whether this process holds it now."""
        rows = self._run(
            f"INSERT INTO president_leases (table_id, owner, expires) VALUES (:t, :me, {NOW} + :s) "
            "ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires "
            f"WHERE NOT {_running('president_leases.expires')} OR president_leases.owner = excluded.owner "
            "RETURNING owner", t=table_id)
        return bool(rows)

    def owner(self, table_id: str) -> tuple[str, bool] | None:
        """The holder of a table's lease and whether the lease is still running, or None (no lease)."""
        rows = self._run(f"SELECT owner, {_running('expires')} FROM president_leases WHERE table_id = :t",
                         t=table_id)
        return (rows[0][0], bool(rows[0][1])) if rows else None

    def release(self, table_id: str) -> None:
        """Give up a table's lease (the table was closed)."""
        self._run("DELETE FROM president_leases WHERE table_id = :t AND owner = :me", t=table_id)

    def adopt_unowned(self) -> int:
        """Give a lease that has run out to every open table and tournament without one (they come from a server
        that ran as one process), so that :meth:`claim_orphans` hands them out; how many."""
        rows = self._run(
            "INSERT INTO president_leases (table_id, owner, expires) "
            "SELECT id, '', 0 FROM president_tables WHERE status IN ('waiting', 'playing', 'finished') "
            "ON CONFLICT (table_id) DO NOTHING RETURNING table_id")
        rows += self._run(
            "INSERT INTO president_leases (table_id, owner, expires) "
            "SELECT :prefix || id, '', 0 FROM president_tournaments WHERE status IN ('registering', 'playing') "
            "ON CONFLICT (table_id) DO NOTHING RETURNING table_id", prefix=TOURNAMENT)
        return len(rows)

    def claim_orphans(self, limit: int) -> list[str]:
        """Take up to ``limit`` tables whose lease ran out (their owner died); their ids.

        Processes claiming at once take different tables (``SKIP LOCKED``); the small limit
        spreads a dead process's tables over the living ones.
        """
        rows = self._run(
            f"UPDATE president_leases SET owner = :me, expires = {NOW} + :s WHERE table_id IN ("
            f"SELECT table_id FROM president_leases WHERE NOT {_running('expires')} ORDER BY expires LIMIT :n "
            "FOR UPDATE SKIP LOCKED) RETURNING table_id", n=limit)
        return [row[0] for row in rows]

    def dead_processes(self) -> set[str]:
        """The processes whose heartbeat is older than a lease (and forget those gone for long)."""
        self._run(f"DELETE FROM president_processes WHERE heartbeat < {NOW} - 3600")
        rows = self._run(f"SELECT id FROM president_processes WHERE NOT {_running('heartbeat + :s')}")
        return {row[0] for row in rows}

    def leave(self) -> None:
        """This process stops: its leases run out at once and its row goes."""
        self._run(f"UPDATE president_leases SET expires = {NOW} - 1 WHERE owner = :me")
        self._run("DELETE FROM president_processes WHERE id = :me")


def process_id() -> str:
    """A new process identity: unique across machines and restarts."""
    return f"{socket.gethostname()[:12]}-{os.getpid()}-{secrets.token_hex(6)}"[:40]
