"""Bots on the server: finding them by name, and asking one for a move.

A bot seat holds a registry name (``classic``, ``random``, ``easy`` … ``expert``).
The stand-in for a person who dropped or ran out of time is the configured stand-in
bot (``classic``). A bot gets the seat's view and a generator seeded from the match
seed and the move number, so a table's bot moves do not depend on timing.

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
import ctypes
import logging
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from ..bots import Bot, bot_names, make_bot
from ..view import SeatView

log = logging.getLogger("president.server")

PARENT_CHECK_SECONDS = 0.5
"""How often a worker process looks whether the server process is still there."""

_PR_SET_PDEATHSIG = 1

FALLBACK_BOT = "random"
"""Used when a named bot is not installed (logged once per name)."""

_bots: dict[str, Bot] = {}


def known_bot(name: str) -> bool:
    """Whether ``name`` is a bot offered to players (bots that peek at hands are not)."""
    return name in bot_names()


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
    rng = random.Random(f"{seed}/{ply}")
    try:
        return int(get_bot(name).choose(view, rng))
    except Exception as exc:
        log.error("bot %s failed at move %d (%s); a random legal move is played", name, ply, type(exc).__name__)
        moves = view.legal_masks()
        return moves[rng.randrange(len(moves))]


def exit_with_parent(parent: int) -> None:
    """Initializer of a worker process: end this process as soon as the server process ``parent`` is gone."""
    if sys.platform == "linux":
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watching thread below is enough
    if os.getppid() != parent:
        os._exit(0)  # the parent died before the death signal was set
    threading.Thread(target=_watch_parent, args=(parent,), name="president-parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


class BotRunner:
    """Runs bots: the quick ones at once, the others in worker processes (started when first needed)."""

    def __init__(self, inline: tuple[str, ...] = ("random", "classic"), workers: int = 1) -> None:
        self.inline = frozenset(inline)
        self.workers = workers
        self._pool: Executor | None = None

    def is_inline(self, name: str) -> bool:
        """Whether bot ``name`` moves in the event loop (else in a worker)."""
        return self.workers < 1 or name in self.inline

    async def choose_later(self, name: str, view: SeatView, seed: int, ply: int) -> int:
        """The bot's move computed in a worker process (in this process if the pool fails)."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=exit_with_parent,
                                             initargs=(os.getpid(),))
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, choose, name, view, seed, ply)
        except Exception as exc:
            log.error("the bot worker failed (%s); the move is computed in the server", type(exc).__name__)
            self.close()
            return choose(name, view, seed, ply)

    def close(self) -> None:
        """Stop the worker processes."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
