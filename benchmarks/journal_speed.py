"""Moves committed per second by the server's journal, without the network: group commit against one per move.

Usage::

    python benchmarks/journal_speed.py [--database URL] [--tables 100] [--seconds 5] [--writers 1]
                                       [--no-group]

Each of ``--tables`` tables stores moves one after the other, as a table of the server
does (the next move waits for the commit of the one before), flat out. It reports the
moves committed per second, the p50/p99 time from asking for a commit to its
acknowledgement, and the mean number of moves per transaction. The default database is a
fresh SQLite file; give a PostgreSQL URL to measure PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time

from president.server.store.journal import Journal
from president.server.store.storage import Storage, StoredTable


async def run(journal: Journal, tables: int, seconds: float) -> list[float]:
    """Every table storing moves until the time is up; the commit latencies."""
    for n in range(tables):
        await journal.write(journal.storage.create_table, StoredTable(
            id=f"t{n}", settings={}, status="playing", match_no=1, seed=1, created_at=0.0, updated_at=0.0))
    latencies: list[float] = []
    until = time.perf_counter() + seconds

    async def table(n: int) -> None:
        ply = 0
        while time.perf_counter() < until:
            asked = time.perf_counter()
            await journal.write(journal.storage.add_move, f"t{n}", 1, ply, ply % 4, "3c")
            latencies.append(time.perf_counter() - asked)
            ply += 1

    await asyncio.gather(*(table(n) for n in range(tables)))
    return latencies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--tables", type=int, default=100, help="tables storing moves at once (default 100)")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long (default 5)")
    parser.add_argument("--writers", type=int, default=None, help="writer threads (default: the server's)")
    parser.add_argument("--no-group", action="store_true", help="one transaction per move (no group commit)")
    args = parser.parse_args(argv)
    database = args.database or f"sqlite:///{tempfile.mkdtemp(prefix='president-journal-')}/j.sqlite3"
    journal = Journal(Storage(database), args.writers, group_commit=not args.no_group)
    began = time.perf_counter()
    try:
        latencies = sorted(asyncio.run(run(journal, args.tables, args.seconds)))
    finally:
        elapsed = time.perf_counter() - began
        journal.close()
    print(f"database         {database.split('://')[0]}")
    print(f"group commit     {not args.no_group} ({journal.writers} writer thread(s))")
    print(f"moves/s          {len(latencies) / args.seconds:.0f}")
    print(f"commit p50 ms    {1000 * statistics.median(latencies):.2f}")
    print(f"commit p99 ms    {1000 * latencies[int(0.99 * (len(latencies) - 1))]:.2f}")
    if journal.groups:
        print(f"moves per group  {journal.grouped / journal.groups:.1f}")
    print(f"wall seconds     {elapsed:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
