"""Placement as one process: the lobby's order, the quotas counted in memory, and the hub refusing a cluster
configuration it was not given the cluster's placement for."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from president.server import Hub, ProtocolError, build_hub
from president.server.play.placement import TABLES, TOURNAMENTS, LobbyRow, LocalPlacement, lobby_page

from .support import make_config


def _row(status: str, created: float, table_id: str) -> LobbyRow:
    return (status, created, table_id, {"id": table_id})


ROWS = [_row("playing", 5.0, "p-new"), _row("finished", 9.0, "f"), _row("waiting", 1.0, "w-old"),
        _row("waiting", 3.0, "w-new"), _row("playing", 2.0, "p-old"), _row("waiting", 3.0, "w-same")]


def test_the_lobby_shows_waiting_tables_then_those_in_play_newest_first() -> None:
    page, total = lobby_page(ROWS, None, 50, 0)
    assert [info["id"] for info in page] == ["w-new", "w-same", "w-old", "p-new", "p-old"]
    assert total == 5


def test_a_lobby_page_is_cut_from_the_whole_order_and_counts_all() -> None:
    page, total = lobby_page(ROWS, None, 2, 2)
    assert [info["id"] for info in page] == ["w-old", "p-new"]
    assert total == 5
    assert lobby_page(ROWS, "finished", 50, 0) == ([{"id": "f"}], 1)


def test_one_process_counts_each_quota_apart_and_frees_what_is_released() -> None:
    async def scenario() -> None:
        placement = LocalPlacement()
        assert await placement.count(TABLES, "1.2.3.4", "t1", 2)
        assert await placement.count(TABLES, "1.2.3.4", "t2", 2)
        assert not await placement.count(TABLES, "1.2.3.4", "t3", 2)
        assert await placement.count(TOURNAMENTS, "1.2.3.4", "tournament:e1", 1)
        assert await placement.held(TABLES, "1.2.3.4") == 2
        assert await placement.held(TABLES, "5.6.7.8") == 0
        await placement.released("t1")
        assert await placement.held(TABLES, "1.2.3.4") == 1
        assert await placement.held(TOURNAMENTS, "1.2.3.4") == 1
        assert await placement.count(TABLES, "1.2.3.4", "t3", 2)

    asyncio.run(scenario())


def test_one_process_paces_creations_per_address() -> None:
    async def scenario() -> list[bool]:
        placement = LocalPlacement()
        return [await placement.paced("1.2.3.4", 0.001, 2) for _ in range(3)] + [
            await placement.paced("5.6.7.8", 0.001, 2)]

    assert asyncio.run(scenario()) == [True, True, False, True]


def test_one_process_plays_every_table_it_has() -> None:
    async def scenario() -> None:
        placement = LocalPlacement()
        with pytest.raises(ProtocolError) as refused:
            await placement.locate("nope")
        assert refused.value.code == "no_table"
        assert await placement.locate_tournament("nope") is None
        assert await placement.claim("abc")
        assert await placement.lobby_elsewhere() == []

    asyncio.run(scenario())


def test_a_hub_for_several_processes_needs_the_cluster_placement(tmp_path: Path) -> None:
    config = make_config(tmp_path, redis_url="redis://127.0.0.1:1/0",
                         database_url="postgresql+psycopg://nobody@127.0.0.1:1/none")
    with pytest.raises(ValueError, match="build_hub"):
        Hub(config)


def test_a_hub_for_one_process_is_built_with_the_local_placement(tmp_path: Path) -> None:
    hub = build_hub(make_config(tmp_path))
    try:
        assert isinstance(hub.placement, LocalPlacement)
        assert hub.placement.describe() == {}
    finally:
        hub.close()
