"""Group commit: the writes waiting for the writer are committed together; a bad one fails alone."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from president.server.store.journal import Journal
from president.server.store.storage import Storage, StoredTable


def _table(table_id: str) -> StoredTable:
    return StoredTable(id=table_id, settings={}, status="playing", match_no=1, seed=1, created_at=0.0,
                       updated_at=0.0)


async def _grouped_writes(journal: Journal, gate: threading.Event) -> list[BaseException | None]:
    storage = journal.storage
    await journal.write(storage.create_table, _table("a"))
    await journal.write(storage.create_table, _table("b"))
    await journal.write(storage.add_move, "a", 1, 0, 0, "3c")
    # The writer waits on the gate while the next writes queue up behind it.
    blocker = asyncio.ensure_future(journal.write(gate.wait, 10))
    await asyncio.sleep(0.05)
    writes = [
        journal.write(storage.add_move, "b", 1, 0, 0, "3c"),
        journal.write(storage.add_move, "a", 1, 0, 1, "4c"),  # ply 0 of table a is stored already
        journal.write(storage.add_move, "b", 1, 1, 1, "4c"),
        journal.write(storage.set_status, "b", "finished"),
    ]
    tasks = [asyncio.ensure_future(w) for w in writes]
    await asyncio.sleep(0.05)
    gate.set()
    await blocker
    outcomes: list[BaseException | None] = []
    for task in tasks:
        try:
            await task
            outcomes.append(None)
        except Exception as exc:
            outcomes.append(exc)
    return outcomes


@pytest.mark.parametrize("group", [True, False])
def test_a_bad_write_fails_alone_and_the_others_are_committed(tmp_path: Path, group: bool) -> None:
    journal = Journal(Storage(f"sqlite:///{tmp_path / 'j.sqlite3'}"), group_commit=group)
    try:
        outcomes = asyncio.run(_grouped_writes(journal, threading.Event()))
        assert outcomes[0] is None and outcomes[2] is None and outcomes[3] is None
        assert isinstance(outcomes[1], IntegrityError)
        # The failed group was made again write by write; nothing else was committed as a group.
        assert journal.groups == 0
        tables = {t.id: t for t in journal.storage.load_tables(("playing", "finished"))}
        assert tables["a"].moves == [(0, "3c")]
        assert tables["b"].moves == [(0, "3c"), (1, "4c")]
        assert tables["b"].status == "finished"
    finally:
        journal.close()


async def _many_tables(journal: Journal, gate: threading.Event) -> None:
    storage = journal.storage
    for n in range(20):
        await journal.write(storage.create_table, _table(f"t{n}"))
    blocker = asyncio.ensure_future(journal.write(gate.wait, 10))
    await asyncio.sleep(0.05)
    tasks = [asyncio.ensure_future(journal.write(storage.add_move, f"t{n}", 1, 0, 0, "3c")) for n in range(20)]
    await asyncio.sleep(0.05)
    gate.set()
    await blocker
    await asyncio.gather(*tasks)


def test_waiting_writes_are_committed_in_one_transaction(tmp_path: Path) -> None:
    journal = Journal(Storage(f"sqlite:///{tmp_path / 'j.sqlite3'}"))
    try:
        asyncio.run(_many_tables(journal, threading.Event()))
        assert (journal.groups, journal.grouped) == (1, 20)
        assert all(t.moves == [(0, "3c")] for t in journal.storage.load_tables(("playing",)))
    finally:
        journal.close()


async def _one_turn(journal: Journal) -> None:
    storage = journal.storage
    for n in range(20):
        await journal.write(storage.create_table, _table(f"t{n}"))

    async def ask(n: int) -> None:
        time.sleep(0.005)  # a busy turn of the loop, the other threads free to run meanwhile
        await journal.write(storage.add_move, f"t{n}", 1, 0, 0, "3c")

    # Twenty tables ask in the same turn of the loop, nothing ahead of them in the writer's queue.
    await asyncio.gather(*[ask(n) for n in range(20)])


def test_the_writes_of_one_turn_of_the_loop_reach_the_writer_together(tmp_path: Path) -> None:
    journal = Journal(Storage(f"sqlite:///{tmp_path / 'j.sqlite3'}"))
    try:
        asyncio.run(_one_turn(journal))
        assert (journal.groups, journal.grouped) == (1, 20)
        assert all(t.moves == [(0, "3c")] for t in journal.storage.load_tables(("playing",)))
    finally:
        journal.close()
