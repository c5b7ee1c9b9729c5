"""The thinking bots' worker pool: shared fairly between tables, and bounded in time per move."""

from __future__ import annotations

import asyncio
import random

import pytest

from president import Match
from president.server.play.bot_pool import BotRunner, choose
from president.view import SeatView

pytestmark = pytest.mark.timeout(120)


def views(count: int, seed: int = 7) -> list[SeatView]:
    """Positions of four-player matches where the seat to act has several different plays."""
    out: list[SeatView] = []
    rng = random.Random(seed)
    while len(out) < count:
        match = Match("three-of-clubs", 4, seed=rng.randrange(10**6))
        while not match.is_over and len(out) < count:
            seat = match.to_act
            assert seat is not None
            moves = match.legal_moves()
            if match.phase == "play" and len(moves) > 3:
                out.append(match.seat_view(seat))
            match.apply(rng.choice(moves))
    return out


def test_a_quick_bot_at_a_quiet_table_goes_before_a_busy_tables_queue() -> None:
    async def run() -> list[str]:
        runner = BotRunner(workers=1, move_seconds=60)
        finished: list[str] = []

        async def ask(table: str, name: str, view: SeatView, ply: int) -> None:
            await runner.choose_later(name, view, 1, ply, table=table)
            finished.append(table)

        try:
            busy = [asyncio.ensure_future(ask("busy", "expert", v, i)) for i, v in enumerate(views(6))]
            await asyncio.sleep(0)  # the busy table's first move is on the worker, five wait
            quiet = asyncio.ensure_future(ask("quiet", "easy", views(1, seed=8)[0], 0))
            await asyncio.gather(*busy, quiet)
        finally:
            runner.close()
        return finished

    finished = asyncio.run(run())
    # First in first out would serve it last; the fair share serves it as soon as the worker is free.
    assert finished.index("quiet") == 1, finished


def test_a_move_that_takes_longer_than_the_budget_is_played_by_the_stand_in() -> None:
    positions = views(3, seed=9)

    async def run() -> tuple[list[int], BotRunner]:
        # No search on these positions answers within 10 ms (the pool has started): every move is late.
        runner = BotRunner(workers=1, move_seconds=0.01, stand_in="classic")
        try:
            moves = await asyncio.gather(*(runner.choose_later("expert", v, 3, i, table=f"t{i}")
                                           for i, v in enumerate(positions)))
        finally:
            runner.close()
        return list(moves), runner

    moves, runner = asyncio.run(run())
    assert runner.late == 3
    assert moves == [choose("classic", v, 3, i) for i, v in enumerate(positions)]
    assert not runner._waiting, "a move given up still waits for a worker"


def test_the_used_time_of_a_table_fades() -> None:
    runner = BotRunner(workers=1)
    runner._charge("t", 2.0)
    now = runner._used["t"][1]
    assert runner.used("t", now) == pytest.approx(2.0)
    assert runner.used("t", now + 30) == pytest.approx(2.0 / 2.718281828, rel=1e-3)
    assert runner.used("other", now) == 0.0


def test_the_workers_are_shared_between_addresses_before_tables() -> None:
    async def run() -> list[str]:
        runner = BotRunner(workers=1, move_seconds=60)
        finished: list[str] = []

        async def ask(table: str, owner: str, name: str, view: SeatView) -> None:
            await runner.choose_later(name, view, 1, 0, table=table, owner=owner)
            finished.append(table)

        try:
            # One address's six tables, each with a move waiting, none of them served yet.
            many = [asyncio.ensure_future(ask(f"a{i}", "10.0.0.1", "expert", v)) for i, v in enumerate(views(6))]
            await asyncio.sleep(0)
            other = asyncio.ensure_future(ask("b", "10.0.0.2", "easy", views(1, seed=8)[0]))
            await asyncio.gather(*many, other)
        finally:
            runner.close()
        return finished

    finished = asyncio.run(run())
    # Shared by table alone, the five tables that had used nothing yet would all go first.
    assert finished.index("b") == 1, finished
