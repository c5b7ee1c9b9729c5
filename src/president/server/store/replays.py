"""The steps of finished matches for the replay viewer, built by the engine (:mod:`president.steps`, and
:mod:`president.old.steps` for a game of the old President).

Building them costs a replay of the match, so it happens in one thread of its own, away from the event loop
and the database threads, and the answers of the last few matches asked for are kept (a finished match never
changes). They are kept compressed: the steps of a long match are large and repeat themselves.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

from ...old.match import GAME_NAME as OLD_GAME
from ...old.steps import old_steps
from ...steps import match_steps
from ..errors import ProtocolError
from .journal import Journal

KEPT = 16
"""How many matches' steps are kept, the latest asked for."""


class Replays:
    """The steps of finished matches as gzip-compressed JSON, built one match at a time and the latest kept."""

    def __init__(self, journal: Journal, kept: int = KEPT) -> None:
        self.journal = journal
        self.kept = kept
        self._cache: OrderedDict[int, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="president-replay")

    async def steps(self, match_id: int) -> bytes:
        """The steps of finished match ``match_id``: gzip of the JSON of :func:`~president.steps.match_steps`,
        or of :func:`~president.old.steps.old_steps` for a game of the old President (``game`` tells them apart).

        Raises :class:`ProtocolError`: ``not_found``, or ``not_replayable`` for a record that does not replay.
        """
        with self._lock:
            if match_id in self._cache:
                self._cache.move_to_end(match_id)
                return self._cache[match_id]
        found = await self.journal.read(self.journal.storage.match, match_id)
        if found is None:
            raise ProtocolError("not_found", f"there is no finished match {match_id}", 404)
        loop = asyncio.get_running_loop()
        body = await loop.run_in_executor(self._pool, _build, str(found["record"]), found["names"],
                                          found["rules"] == OLD_GAME)
        with self._lock:
            self._cache[match_id] = body
            while len(self._cache) > self.kept:
                self._cache.popitem(last=False)
        return body

    def close(self) -> None:
        """Release the thread."""
        self._pool.shutdown(wait=False, cancel_futures=True)


def _build(record: str, names: list[str | None], old: bool) -> bytes:
    try:
        steps = old_steps(record) if old else {"game": "president", **match_steps(record)}
    except (ValueError, KeyError):
        raise ProtocolError("not_replayable", "this match has no steps to show: its record does not replay",
                            422) from None
    steps["names"] = names
    return gzip.compress(json.dumps(steps, separators=(",", ":")).encode(), compresslevel=6)
