"""The leases of several server processes on PostgreSQL: a process that lost a table's lease cannot write the table's
history, and time the database was down does not count against a lease."""

from __future__ import annotations

import asyncio
import functools
import sys
import time

import pytest

from president.server.store.journal import Journal
from president.server.store.leases import Leases
from president.server.store.storage import LeaseLost, Storage, StoredTable

from .services import Postgres

pytestmark = [pytest.mark.timeout(120), pytest.mark.skipif(sys.platform != "linux", reason="services")]

SECONDS = 1.0
"""The lease period of these tests."""


def member(url: str, name: str) -> tuple[Storage, Leases]:
    """The storage and leases of one server process called ``name``, as the cluster sets them up."""
    storage = Storage(url)
    storage.lease_owner = name
    return storage, Leases(storage, name, SECONDS)


def new_table(storage: Storage, table_id: str) -> None:
    now = time.time()
    storage.create_table(StoredTable(table_id, {"rules": "three-of-clubs"}, "playing", 1, 5, now, now))


def history(storage: Storage, table_id: str) -> list[str]:
    found = {t.id: t for t in storage.load_tables(("playing",))}
    return [move for _seat, move in found[table_id].moves]


def claim_when_run_out(leases: Leases) -> list[str]:
    """What ``leases`` claims once a lease has run out (they run out a lease period after the database started)."""
    deadline = time.monotonic() + 10 * SECONDS
    while time.monotonic() < deadline:
        if claimed := leases.claim_orphans(10):
            return claimed
        time.sleep(SECONDS / 5)
    return []


def test_a_process_that_lost_a_lease_cannot_add_to_the_history_the_new_owner_took_over(database_url: str) -> None:
    (a, lease_a), (b, lease_b) = member(database_url, "a"), member(database_url, "b")
    for table_id in ("t1", "t2"):
        assert lease_a.acquire(table_id)
        new_table(a, table_id)
    a.start_match("t1", 1, 5)
    a.add_move("t1", 1, 0, 0, "3c")
    # a stops renewing (paused, say) and b takes the table over from its history.
    a.engine.dispose()
    with b.engine.begin() as db:
        db.exec_driver_sql("UPDATE president_leases SET expires = 0 WHERE table_id = 't1'")
    assert claim_when_run_out(lease_b) == ["t1"]
    assert history(b, "t1") == ["3c"]
    # a, not knowing yet, plays on: refused, and nothing of it is stored.
    with pytest.raises(LeaseLost, match="t1"):
        a.add_move("t1", 1, 1, 1, "4c")
    with pytest.raises(LeaseLost):
        a.start_match("t1", 2, 6)
    with pytest.raises(LeaseLost):
        a.in_one_transaction([functools.partial(a.add_move, "t2", 1, 0, 0, "5d"),
                              functools.partial(a.add_move, "t1", 1, 1, 1, "4c")])
    b.add_move("t1", 1, 1, 2, "6h")
    assert history(b, "t1") == ["3c", "6h"] and history(b, "t2") == []

    # Through the journal, the move of the lost table fails alone; the other table's is stored.
    async def both() -> list[object]:
        journal = Journal(a)
        try:
            return await asyncio.gather(journal.write(a.add_move, "t2", 1, 0, 0, "5d"),
                                        journal.write(a.add_move, "t1", 1, 2, 1, "4c"), return_exceptions=True)
        finally:
            journal.close()

    stored, refused = asyncio.run(both())
    assert stored is None and isinstance(refused, LeaseLost)
    assert history(b, "t2") == ["5d"] and history(b, "t1") == ["3c", "6h"]
    b.close()


def test_a_restart_of_postgresql_longer_than_a_lease_hands_no_table_to_another_process(
        postgres_server: Postgres, database_url: str) -> None:
    (a, lease_a), (b, lease_b) = member(database_url, "a"), member(database_url, "b")
    assert lease_a.acquire("t1")
    new_table(a, "t1")
    postgres_server.stop()
    time.sleep(2 * SECONDS)
    postgres_server.start()
    # The owner has not renewed since before the restart, yet its lease still runs: the database was away.
    assert lease_b.claim_orphans(10) == []
    assert not lease_b.acquire("t1")
    assert lease_b.owner("t1") == ("a", True)
    assert lease_a.heartbeat() == {"t1"}

    async def move() -> None:  # through the journal, which replaces the connection the restart dropped
        journal = Journal(a)
        try:
            await journal.write(a.add_move, "t1", 1, 0, 0, "3c")
        finally:
            journal.close()

    asyncio.run(move())
    assert history(b, "t1") == ["3c"]
    # An owner that really stopped loses its tables, a lease period after its last renewal.
    lease_a.leave()
    assert claim_when_run_out(lease_b) == ["t1"]
    assert lease_b.owner("t1") == ("b", True)
    b.close()
