"""Placement: which server process plays a table or holds a tournament, and what the processes count together.

The hub and the tournaments ask one :class:`Placement`, chosen when the app is built: :class:`LocalPlacement`
when the server is one process, the cluster's placement over PostgreSQL and Redis when it is one of several
(:mod:`president.server.cluster.placement`). The policy stays with the callers: the lobby's filter and order
(:func:`lobby_page`), the quotas' limits and messages; a placement answers where, who and how many.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import ProtocolError
from ..limits import RateLimit

if TYPE_CHECKING:
    from .tables import Table

LobbyRow = tuple[str, float, str, dict[str, Any]]
"""A listed table in the lobby: its status, when it was created, its id, its public info."""

TABLES = "tables"
"""The quota of open tables an address created."""

TOURNAMENTS = "tournaments"
"""The quota of running tournaments an address created."""

LOBBY_ORDER = {"waiting": 0, "playing": 1, "finished": 2}
"""The lobby shows the tables waiting for players first, then those in play, then the finished ones."""


def lobby_page(rows: list[LobbyRow], status: str | None, limit: int, offset: int
               ) -> tuple[list[dict[str, Any]], int]:
    """One page of the lobby: the rows of ``status`` (by default waiting and playing), newest first within a
    status, and how many rows there are in all."""
    wanted = ("waiting", "playing") if status is None else (status,)
    kept = sorted((r for r in rows if r[0] in wanted), key=lambda r: (LOBBY_ORDER[r[0]], -r[1], r[2]))
    return [r[3] for r in kept[offset:offset + limit]], len(kept)


class Placement(Protocol):
    """Where a table is played, who may take one, the lobby of the other processes, and the shared quotas."""

    def describe(self) -> dict[str, Any]:
        """What the health endpoint says of this process's place (empty when it is the only process)."""

    async def start(self, restore_all: Callable[[], Awaitable[int]]) -> None:
        """Take this process's share of the stored tables and tournaments (``restore_all`` loads every one)."""

    async def stop(self) -> None:
        """Give this process's tables up to the others (before the hub closes)."""

    # where a table is played, and who may take one

    async def locate(self, table_id: str) -> Table | str:
        """A table this process does not hold: the table once taken over here, or the process that plays it
        (``no_table``, ``table_moving``)."""

    async def locate_tournament(self, tournament_id: str) -> str | None:
        """A tournament this process does not hold: the process that holds it, or None (taken over here now, or
        finished or unknown: read it from the database)."""

    async def claim(self, key: str) -> bool:
        """Take a new table's id (or ``tournament:<id>``) for this process; False when it is in use."""

    async def released(self, key: str) -> None:
        """A table closed (or a tournament over, ``tournament:<id>``): give up its place and its quota count."""

    async def call(self, owner: str, op: str, **args: Any) -> dict[str, Any]:
        """Ask the process ``owner`` to do ``op`` (see :meth:`~president.server.edge.hub.Hub.answer`)."""

    # the lobby

    async def lobby_elsewhere(self) -> list[LobbyRow]:
        """The listed tables of the other processes, as they last published them."""

    # the quotas of a client address

    async def held(self, quota: str, client: str) -> int:
        """How many tables (or tournaments) created from ``client`` are open."""

    async def count(self, quota: str, client: str, key: str, limit: int | None = None) -> bool:
        """Count ``key`` against ``client``'s quota, if fewer than ``limit`` are held (in one step; no limit: the
        caller checked :meth:`held` before)."""

    async def paced(self, client: str, per_second: float, burst: int) -> bool:
        """Whether ``client`` may create a table now: ``per_second`` on average, ``burst`` at once."""

    def sweep(self) -> None:
        """Forget the counts that no longer hold anything back."""

    async def open_socket(self, client: str, limit: int) -> bool:
        """Count a new WebSocket connection of ``client`` if it holds fewer than ``limit`` over every process (in
        one step)."""

    async def socket_closed(self, client: str) -> None:
        """A WebSocket connection of ``client`` counted by :meth:`open_socket` closed."""

    async def spend_messages(self, client: str, spent: int, per_second: float, burst: int) -> float | None:
        """Count ``spent`` messages ``client`` sent here in the common bucket of its messages over every process
        (``per_second`` on average, ``burst`` at once); the messages it may still send (below zero: a debt), or
        None when this process is the only one (its own bucket is the whole count)."""

    # bot accounts listening for invitations on other processes

    async def listening_elsewhere(self, account: int) -> dict[str, int]:
        """The other processes where this bot account listens, and how many connections it holds there."""

    async def deliver(self, account: int, message: dict[str, Any]) -> bool:
        """Hand an invitation to a connection of the bot account on another process (False: none took it)."""

    def listeners_changed(self, account: int) -> None:
        """The connections of this bot account listening here changed (the count is told in the background)."""

    async def publish_listeners(self, account: int) -> None:
        """Tell the other processes at once how many connections of this bot account listen here."""


class LocalPlacement:
    """The only process: it plays every table and holds every tournament; the quotas are counted in memory."""

    def __init__(self) -> None:
        self._held: dict[str, dict[str, set[str]]] = {TABLES: {}, TOURNAMENTS: {}}
        self._creators: dict[str, tuple[str, str]] = {}
        self._pace: dict[str, RateLimit] = {}
        self._sockets: dict[str, int] = {}

    def describe(self) -> dict[str, Any]:
        """Nothing to say: the one process."""
        return {}

    async def start(self, restore_all: Callable[[], Awaitable[int]]) -> None:
        """Every stored table and tournament is this process's."""
        await restore_all()

    async def stop(self) -> None:
        """Nobody to give the tables to."""

    async def locate(self, table_id: str) -> Table | str:
        """A table not held here does not exist."""
        raise ProtocolError("no_table", f"there is no open table {table_id[:64]!r}", 404)

    async def locate_tournament(self, tournament_id: str) -> str | None:
        """A tournament not held here is finished or unknown."""
        return None

    async def claim(self, key: str) -> bool:
        """Any id free in this process is free."""
        return True

    async def released(self, key: str) -> None:
        """Take the table or tournament out of its creator's count."""
        found = self._creators.pop(key, None)
        if found is not None:
            quota, client = found
            keys = self._held[quota].get(client, set())
            keys.discard(key)
            if not keys:
                self._held[quota].pop(client, None)

    async def call(self, owner: str, op: str, **args: Any) -> dict[str, Any]:
        """There is no other process to ask."""
        raise ProtocolError("internal", f"no server process {owner[:32]!r} to ask", 500)

    async def lobby_elsewhere(self) -> list[LobbyRow]:
        """No other process lists tables."""
        return []

    async def held(self, quota: str, client: str) -> int:
        """Counted in memory."""
        return len(self._held[quota].get(client, ()))

    async def count(self, quota: str, client: str, key: str, limit: int | None = None) -> bool:
        """Counted in memory."""
        keys = self._held[quota].setdefault(client, set())
        if limit is not None and len(keys) >= limit:
            return False
        keys.add(key)
        self._creators[key] = (quota, client)
        return True

    async def paced(self, client: str, per_second: float, burst: int) -> bool:
        """A token bucket per address."""
        bucket = self._pace.get(client)
        if bucket is None:
            bucket = self._pace[client] = RateLimit(per_second, burst)
        return bucket.allow()

    def sweep(self) -> None:
        """Forget the buckets that have refilled."""
        for client in [c for c, bucket in self._pace.items() if bucket.full()]:
            del self._pace[client]

    async def open_socket(self, client: str, limit: int) -> bool:
        """Counted in memory."""
        held = self._sockets.get(client, 0)
        if held >= limit:
            return False
        self._sockets[client] = held + 1
        return True

    async def socket_closed(self, client: str) -> None:
        """Counted in memory."""
        left = self._sockets.get(client, 0) - 1
        if left > 0:
            self._sockets[client] = left
        else:
            self._sockets.pop(client, None)

    async def spend_messages(self, client: str, spent: int, per_second: float, burst: int) -> float | None:
        """Nothing else counts: the hub's bucket of the address is the whole count."""
        return None

    async def listening_elsewhere(self, account: int) -> dict[str, int]:
        """There is nowhere else."""
        return {}

    async def deliver(self, account: int, message: dict[str, Any]) -> bool:
        """There is nowhere else."""
        return False

    def listeners_changed(self, account: int) -> None:
        """Nobody to tell."""

    async def publish_listeners(self, account: int) -> None:
        """Nobody to tell."""
