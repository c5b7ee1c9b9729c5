"""Bots on the server: finding them by name, and asking one for a move.

A bot seat holds a registry name (``classic``, ``random``, ``easy`` … ``expert``).
The stand-in for a person who dropped or ran out of time is the configured stand-in
bot (``classic``). A bot gets the seat's view and a generator seeded from the match
seed and the move number, so a table's bot moves do not depend on timing (seeded only if the bot
draws from it: :mod:`.move_random`).

The quick bots (``random``, ``classic``: microseconds a move) run in the event loop.
The search bots think for up to a few hundred milliseconds, which would stall every
table of the server, so they run in a small pool of worker processes; the table
plays their move when it comes back, if the position has not moved on meanwhile.
Bots are functions of (view, generator): one instance per name serves every seat.

The workers die with the server, however it ends (even ``SIGKILL``): each watches its
parent process and exits when the parent is gone (on Linux the kernel also sends it
``SIGKILL`` at once, through ``prctl(PR_SET_PDEATHSIG)``). The multiprocessing resource
tracker then exits by itself, as its last client has gone.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ...bots import Bot
from ...players import bot_names, decide, make_bot, style_names
from ...view import SeatView
from ..parent_watch import exit_with_parent
from .move_random import move_random

log = logging.getLogger("president.server")

FALLBACK_BOT = "random"
"""Used when a named bot is not installed (logged once per name)."""

WARM_UP_SECONDS = 60.0
"""How long the worker processes may take to start before the bots move in the server."""

MAX_TRACKED_TABLES = 2000
"""The fair share forgets tables whose used time has faded when it tracks more than four times this many."""

_bots: dict[str, Bot] = {}


def known_bot(name: str) -> bool:
    """Whether ``name`` is a bot offered to players (bots that peek at hands are not), with a style or not
    (``normal+rebel``)."""
    base, plus, style = name.partition("+")
    return base in bot_names() and (not plus or style in style_names())


def get_bot(name: str) -> Bot:
    """The bot of this name (shared), or the fallback bot, with a warning, when it is not installed."""
    bot = _bots.get(name)
    if bot is None:
        try:
            bot = make_bot(name)
        except ValueError:
            log.warning("bot %r is not installed; %r plays in its place", name, FALLBACK_BOT)
            bot = make_bot(FALLBACK_BOT)
        _bots[name] = bot
    return bot


def choose(name: str, view: SeatView, seed: int, ply: int) -> int:
    """The move of bot ``name`` for ``view``; a random legal move if the bot fails (logged).

    Runs in the server process or in a worker process; the result is verified by the table.
    """
    rng = move_random(seed, ply)
    try:
        return int(get_bot(name).choose(view, rng))
    except Exception as exc:
        log.error("bot %s failed at move %d (%s); a random legal move is played", name, ply, type(exc).__name__)
        moves = view.legal_masks()
        return moves[rng.randrange(len(moves))]


def decide_move(name: str, view: SeatView, seed: int, ply: int) -> tuple[int, dict[str, Any] | None]:
    """The move :func:`choose` makes, with why the bot made it (the explanation's JSON form; None when the bot
    failed and a random legal move is played)."""
    rng = move_random(seed, ply)
    try:
        decision = decide(get_bot(name), view, rng)
        return int(decision.move), decision.why.to_dict()
    except Exception as exc:
        log.error("bot %s failed at move %d (%s); a random legal move is played", name, ply, type(exc).__name__)
        moves = view.legal_masks()
        return moves[rng.randrange(len(moves))], None


Reason = dict[str, Any] | Callable[[SeatView], dict[str, Any] | None] | None
"""Why a bot made its move: the explanation's JSON form; or a function that works it out from the bot's view
again when someone asks (the quick bots say why only then: most moves are never asked about); or None when no
reason is known."""


def reason_later(name: str, seed: int, ply: int, move: int) -> Callable[[SeatView], dict[str, Any] | None]:
    """Why bot ``name`` made ``move`` (what :func:`decide_move` says), worked out when called with the view the bot
    moved from; None if the bot's decision from that view is not ``move`` (it failed, and a random legal move was
    played)."""
    return functools.partial(_reason_of, name, seed, ply, move)


def _reason_of(name: str, seed: int, ply: int, move: int, view: SeatView) -> dict[str, Any] | None:
    made, why = decide_move(name, view, seed, ply)
    return why if made == move else None


def warm_up() -> None:
    """A worker's first job: load the search bots, so that the first real move is timed like the others."""
    for name in bot_names():
        get_bot(name)


FAIR_SHARE_SECONDS = 30.0
"""The worker time a table used fades with this time constant (seconds) when the pool picks the next move."""


@dataclass
class _Request:
    table: str
    owner: str
    name: str
    view: SeatView
    seed: int
    ply: int
    order: int
    done: asyncio.Future[tuple[int, dict[str, Any] | None]]


class BotRunner:
    """Runs bots: the quick ones at once, the others in worker processes (started when first needed).

    The worker processes are shared fairly between the client addresses that created
    the tables, then between the tables of an address: when a worker is free, it takes
    the waiting move of the address that has used the least worker time lately (a
    fading sum, see :data:`FAIR_SHARE_SECONDS`), and of its tables the one that used the
    least, so a table with a quick bot is not held up behind many tables of slow ones,
    even when one address made them all. A move that has not come
    back within ``move_seconds`` (queueing included) is given up, and the table gets
    the ``stand_in`` bot's move instead, computed at once.
    """

    def __init__(self, inline: tuple[str, ...] = ("random", "classic"), workers: int = 1,
                 move_seconds: float = 3.0, stand_in: str = "classic") -> None:
        self.inline = frozenset(inline)
        self.workers = workers
        self.move_seconds = move_seconds
        self.stand_in = stand_in
        self.late = 0
        """Moves given up because they took longer than ``move_seconds``."""
        self._pool: Executor | None = None
        self._warm: asyncio.Future[list[None]] | None = None
        self._waiting: list[_Request] = []
        self._busy = 0
        self._used: dict[str, tuple[float, float]] = {}
        self._orders = 0

    def is_inline(self, name: str) -> bool:
        """Whether bot ``name`` moves in the event loop (else in a worker)."""
        return self.workers < 1 or name.partition("+")[0] in self.inline

    async def choose_later(self, name: str, view: SeatView, seed: int, ply: int, table: str = "",
                           owner: str = "") -> int:
        """The bot's move computed in a worker process, in its table's fair turn (see the class); ``owner`` is the
        address that created the table ("": the table stands for itself).

        In this process if the pool fails; the stand-in's move if it is late.
        """
        move, _why = await self.decide_later(name, view, seed, ply, table, owner)
        return move

    async def decide_later(self, name: str, view: SeatView, seed: int, ply: int, table: str = "",
                           owner: str = "") -> tuple[int, dict[str, Any] | None]:
        """:meth:`choose_later`'s move, with why the bot (or the stand-in, when late) made it."""
        loop = asyncio.get_running_loop()
        if self._pool is None or self._warm is None:
            self._open()
        assert self._warm is not None
        try:  # the time budget counts from a started pool: spawning the workers is not the bot's time
            await asyncio.wait_for(asyncio.shield(self._warm), WARM_UP_SECONDS)
        except Exception:
            log.error("the bot workers did not start; the move is computed in the server")
            self.close()
            return decide_move(name, view, seed, ply)
        self._orders += 1
        request = _Request(table, f"@{owner}" if owner else table, name, view, seed, ply, self._orders,
                           loop.create_future())
        self._waiting.append(request)
        self._dispatch()
        try:
            return await asyncio.wait_for(asyncio.shield(request.done), self.move_seconds)
        except TimeoutError:
            if request in self._waiting:
                self._waiting.remove(request)
            self.late += 1
            log.warning("bot %s took more than %.1f s at move %d; the %s bot moves instead", name,
                        self.move_seconds, ply, self.stand_in)
            return decide_move(self.stand_in, view, seed, ply)

    def used(self, table: str, now: float | None = None) -> float:
        """The worker seconds ``table`` (or the tables of an address, ``@<address>``) used lately (faded)."""
        seconds, stamp = self._used.get(table, (0.0, 0.0))
        now = time.monotonic() if now is None else now
        return seconds * math.exp(-(now - stamp) / FAIR_SHARE_SECONDS) if seconds else 0.0

    def _charge(self, table: str, seconds: float) -> None:
        now = time.monotonic()
        self._used[table] = (self.used(table, now) + seconds, now)
        if len(self._used) > 4 * MAX_TRACKED_TABLES:
            self._used = {k: v for k, v in self._used.items() if self.used(k, now) > 1e-3}

    def _dispatch(self) -> None:
        while self._waiting and self._busy < self.workers:
            now = time.monotonic()
            request = min(self._waiting, key=lambda r: (self.used(r.owner, now), self.used(r.table, now), r.order))
            self._waiting.remove(request)
            self._start(request)

    def _open(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=exit_with_parent,
                                         initargs=(os.getpid(),))
        loop = asyncio.get_running_loop()
        self._warm = asyncio.gather(*(loop.run_in_executor(self._pool, warm_up) for _ in range(self.workers)))

    def _start(self, request: _Request) -> None:
        if self._pool is None:
            self._open()
        assert self._pool is not None
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        self._busy += 1
        job = loop.run_in_executor(self._pool, decide_move, request.name, request.view, request.seed, request.ply)

        def finished(job: asyncio.Future[tuple[int, dict[str, Any] | None]]) -> None:
            self._busy -= 1
            spent = time.monotonic() - started
            self._charge(request.table, spent)
            if request.owner != request.table:
                self._charge(request.owner, spent)
            if not request.done.done():
                if job.cancelled() or job.exception() is not None:
                    error = "cancelled" if job.cancelled() else type(job.exception()).__name__
                    log.error("the bot worker failed (%s); the move is computed in the server", error)
                    self.close()
                    request.done.set_result(decide_move(request.name, request.view, request.seed, request.ply))
                else:
                    request.done.set_result(job.result())
            self._dispatch()

        job.add_done_callback(finished)

    def close(self) -> None:
        """Stop the worker processes."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        if self._warm is not None:
            self._warm.cancel()
            self._warm = None
