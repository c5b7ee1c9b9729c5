"""Serving as one of several processes: the placement over PostgreSQL and Redis, and relayed connections.

With ``ServerConfig.redis_url`` set (and a PostgreSQL database), a process is one member
of a cluster; :class:`ClusterPlacement` is then the hub's
:class:`~president.server.play.placement.Placement` and its
:class:`~president.server.edge.relaying.Relaying`. Any member accepts any client:

* A table is played by the process holding its lease (:mod:`~president.server.store.leases`). A member that gets
  a ``hello`` for a table held elsewhere relays the connection: the client's messages go
  to the owner through Redis (:mod:`.relay`), after this member's own rate limit and size
  checks, and the owner treats them as a connection of its own (a
  :class:`RemoteConnection`), so seat tokens, views and every rule are the owner's: a
  hand is only ever rendered for the seat allowed to see it, then carried as is.
* REST calls about one table (its info, joining it) are asked of the owner the same way.
* Every ``lease_seconds / 3`` a member renews its leases and heartbeat, unloads the
  tables whose lease it lost, closes the relayed connections whose other end died (code
  1012: their clients reconnect, to any member), and claims tables whose owner died,
  restoring them from the move log.
* The lobby is the union of what each member publishes in Redis; the per-address table
  quotas are counted in Redis.
* The WebSocket connections of each client address are counted in Redis, per member (each rewrites its counts at
  every heartbeat, so a dead member's expire); the common rate of an address's messages is a bucket in Redis
  that each member draws from after every few messages it let through.
* Each member records in Redis how many connections of each bot account listen on it
  (renewed every heartbeat, gone when it stops), so an invitation made at the owner of a
  table is forwarded to a member where the bot listens, which hands it to one of them.
* A tournament is held by one member too, under the lease ``tournament:<id>``: the one
  that created it, or the one that claimed it when its holder died (restoring it from the
  database). The holder creates the round tables (they are its own, playable from any
  member through the relay); the REST calls that change a tournament reaching another
  member are asked of the holder, and every member reads a tournament from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import random
import socket
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

from ..config import ServerConfig
from ..edge.connection import Connection
from ..edge.hub import Hub
from ..errors import ProtocolError
from ..limits import RateLimit
from ..play.placement import TABLES, TOURNAMENTS, LobbyRow, count_socket
from ..play.tables import Table
from ..store.leases import TOURNAMENT, Leases, process_id, tournament_lease
from ..store.storage import Storage
from .messages import Call, Close, Forward, Gone, Message, Open, Out, Reply
from .relay import Relay

log = logging.getLogger("president.server")

P = ParamSpec("P")
T = TypeVar("T")

RPC_SECONDS = 5.0
"""How long a member waits for the owner of a table to answer a REST call."""

CLAIM_BATCH = 50
"""The most orphaned tables a member claims per heartbeat (so that the living members share them)."""

LOBBY_KEY = "president:lobby:"
HELD_KEY = "president:held:"
MADE_KEY = "president:made:"
"""``<address>``: when the address's next table creation is due (the rate of creations, see :data:`PACE_SCRIPT`)."""
CREATOR_KEY = "president:creator"
EVENTS_KEY = "president:events:"
"""``<address>``: the tournaments created from the address that are not finished."""
EVENT_CREATOR_KEY = "president:event-creator"

PACE_SCRIPT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local interval, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local due = tonumber(redis.call('GET', KEYS[1]) or '0')
if due < now then due = now end
if due - now > interval * (burst - 1) then return 0 end
due = due + interval
redis.call('SET', KEYS[1], tostring(due), 'PX', math.ceil((due - now) * 1000) + 1000)
return 1
"""
"""A steady rate with bursts, the same for every member (one clock: Redis's): an address may create ``burst`` at
once, then one every ``interval`` seconds. It keeps when the next creation is due, as the token bucket of one
process does (:class:`.connection.RateLimit`), rather than counting in fixed windows, which let twice the rate
through across a window's edge."""

RESERVE_SCRIPT = """
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
return 1
"""
"""Count a new table or tournament in its creator's quota if there is room, in one step (two members cannot both
take the last place)."""
_QUOTA_KEYS = {TABLES: (HELD_KEY, CREATOR_KEY), TOURNAMENTS: (EVENTS_KEY, EVENT_CREATOR_KEY)}
"""Of each quota: the set of what an address holds (key prefix), and the hash of who created each one."""

SOCKETS_KEY = "president:sockets:"
"""``<member>``: a hash of the WebSocket connections each client address holds on the member (rewritten at each of
its heartbeats, gone when it stops renewing it)."""
SOCKET_MEMBERS_KEY = "president:socket-members"
"""The members that may hold a hash of connections."""

OPEN_SOCKET_SCRIPT = """
local total = 0
for _, member in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = ARGV[1] .. member
  if redis.call('EXISTS', key) == 1 then
    total = total + tonumber(redis.call('HGET', key, ARGV[3]) or '0')
  else
    redis.call('SREM', KEYS[1], member)
  end
end
if total >= tonumber(ARGV[4]) then return 0 end
local mine = ARGV[1] .. ARGV[2]
redis.call('HINCRBY', mine, ARGV[3], 1)
redis.call('PEXPIRE', mine, ARGV[5])
redis.call('SADD', KEYS[1], ARGV[2])
return 1
"""
"""Count a new connection of an address on this member if all the members together hold fewer than the limit, in one
step (``ARGV``: key prefix, member, address, limit, time to live in ms)."""

CLOSE_SOCKET_SCRIPT = """
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1
"""

MESSAGES_KEY = "president:messages:"
"""``<address>``: the common bucket of the messages of an address's connections (tokens, and when it was counted)."""

SPEND_SCRIPT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local rate, burst, spent = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local found = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(found[1]) or burst
local stamp = tonumber(found[2]) or now
tokens = math.max(-burst, math.min(burst, tokens + (now - stamp) * rate) - spent)
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return tostring(tokens)
"""
"""Take the messages a member counted from an address's common bucket (Redis's clock for every member); the tokens
left, down to a debt of one burst (an address far over its rate waits a burst's time before it is heard again)."""

LISTEN_KEY = "president:listen:"
"""``<account>``: the members where the bot account listens; ``<account>:<member>``: how many connections there
(expires unless renewed by the member's heartbeat)."""


class RemoteConnection(Connection):
    """At the owner of a table: a client connected to another member, reached through the relay."""

    def __init__(self, cluster: ClusterPlacement, origin: str, key: str, peer: str) -> None:
        # The member the client is connected to applies the rate limits; the owner does not count twice (no address).
        super().__init__(RateLimit(1e9, 10**9), cluster.config.outbox_limit, peer)
        self.cluster = cluster
        self.origin = origin
        self.key = key
        self.names_checked = True  # by the member the client is connected to

    def send_text(self, text: str) -> None:
        """Send to the client through its member."""
        if not self.closing:
            self.cluster.relay.send(self.origin, Out(self.key, text))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the client's connection at its member."""
        if not self.closing:
            self.closing = True
            self.close_code, self.close_reason = code, reason
            self.cluster.relay.send(self.origin, Close(self.key, code, reason))
            self.cluster.remotes.pop(self.key, None)


class ClusterPlacement:
    """This process as a member of a cluster (built with the app when the configuration names Redis; the hub
    is attached to it once made)."""

    def __init__(self, config: ServerConfig, storage: Storage) -> None:
        assert config.redis_url is not None
        self.config = config
        self._hub: Hub | None = None
        self.id = process_id()
        self.leases = Leases(storage, self.id, config.lease_seconds)
        storage.lease_owner = self.id
        self.relay = Relay(config.redis_url, self.id, self._on_message, self._on_reset)
        self.lease_seconds = config.lease_seconds
        self.edges: dict[str, Connection] = {}
        """Connections of this member relayed to the owner of their table, by key."""
        self.remotes: dict[str, RemoteConnection] = {}
        """Connections of other members to tables of this one, by key."""
        self._rpcs: dict[str, asyncio.Future[Reply]] = {}
        self._numbers = itertools.count(1)
        self._pool = ThreadPoolExecutor(4, thread_name_prefix="president-lease")
        self._beat_pool = ThreadPoolExecutor(2, thread_name_prefix="president-heartbeat")
        """The heartbeat's own thread: renewing the leases never waits behind the look-ups of a crowd of hellos."""
        self._beating: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._sockets: dict[str, int] = {}
        """The WebSocket connections each client address holds on this member."""

    def attach(self, hub: Hub) -> None:
        """The hub this placement serves (its tables are the ones this process plays)."""
        self._hub = hub

    @property
    def hub(self) -> Hub:
        """The hub this placement serves."""
        assert self._hub is not None, "attach the hub first"
        return self._hub

    def describe(self) -> dict[str, Any]:
        """This process's id in the cluster."""
        return {"process": self.id}

    async def _db(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: fn(*args, **kwargs))

    async def _beat_db(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._beat_pool, lambda: fn(*args, **kwargs))

    # ----------------------------------------------------------------- life

    async def start(self, restore_all: Callable[[], Awaitable[int]]) -> None:
        """Join the cluster: register, listen on the relay, take a share of the tables nobody holds (by lease,
        not ``restore_all``)."""
        await self._db(self.leases.register, f"{socket.gethostname()}:{os.getpid()}")
        adopted = await self._db(self.leases.adopt_unowned)
        if adopted:
            log.info("cluster: %d table(s) without a lease are handed out", adopted)
        await self.relay.start()
        await self.beat()
        self._beating = asyncio.create_task(self._beat_forever())
        log.info("cluster: process %s joined (leases of %g s)", self.id, self.lease_seconds)

    async def stop(self) -> None:
        """Leave the cluster: the leases run out at once, so that the other members take the tables over."""
        if self._beating is not None:
            self._beating.cancel()
        for conn in list(self.edges.values()):
            conn.close(1012, "the server is restarting; reconnect")
        try:
            async with self.relay.redis.pipeline(transaction=False) as pipe:
                for account in self.hub.bots.listeners:
                    pipe.delete(f"{LISTEN_KEY}{account}:{self.id}")
                    pipe.srem(f"{LISTEN_KEY}{account}", self.id)
                pipe.delete(SOCKETS_KEY + self.id)
                pipe.srem(SOCKET_MEMBERS_KEY, self.id)
                await pipe.execute()
        except Exception:
            log.warning("cluster: the listening bot accounts and counts of connections could not be withdrawn; they "
                        "expire by themselves")
        try:
            await self._db(self.leases.leave)
        except Exception:
            log.exception("cluster: could not give up the leases; they run out by themselves")
        await self.relay.stop()
        self._pool.shutdown(wait=False)
        self._beat_pool.shutdown(wait=False)

    async def _beat_forever(self) -> None:
        chores: asyncio.Task[None] | None = None
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self.renew()
            except Exception:
                log.exception("cluster: heartbeat failed")
            if chores is None or chores.done():  # the renewal never waits for the chores of the beat before
                chores = asyncio.create_task(self._chores_logged())

    async def _chores_logged(self) -> None:
        try:
            await self.chores()
        except Exception:
            log.exception("cluster: the heartbeat's chores failed")

    async def beat(self) -> None:
        """One heartbeat: :meth:`renew`, then :meth:`chores`."""
        await self.renew()
        await self.chores()

    async def renew(self) -> None:
        """Renew this process's heartbeat and leases; unload the tables whose lease it lost."""
        # Only what was held before the renewal is judged by it: a table made (its lease taken) while the
        # statement ran is not in its answer, yet its lease is fine.
        tables = list(self.hub.tables.values())
        events = self.hub.tournaments.held()
        held = await self._beat_db(self.leases.heartbeat)
        for table in tables:
            if table.id not in held and self.hub.unload(
                    table, 1012, "the table moved to another server process; reconnect"):
                log.warning("cluster: table %s lost its lease; another process plays it now", table.id)
        for tournament_id in events:
            if tournament_lease(tournament_id) not in held and self.hub.tournaments.drop(tournament_id):
                log.warning("cluster: tournament %s lost its lease; another process holds it now", tournament_id)

    async def chores(self) -> None:
        """Drop the connections whose other end died, claim the tables of dead processes, publish the lobby."""
        dead = await self._beat_db(self.leases.dead_processes)
        for rc in [rc for rc in self.remotes.values() if rc.origin in dead]:
            self.remotes.pop(rc.key, None)
            self.hub.disconnect(rc)
        for conn in [c for c in self.edges.values() if c.relay in dead]:
            self._drop_edge(conn, 1012, "the table moves to another server process; reconnect")
        room = self.config.max_tables - len(self.hub.tables)
        if room > 0:
            claimed = await self._beat_db(self.leases.claim_orphans, min(CLAIM_BATCH, room))
            events = [c.removeprefix(TOURNAMENT) for c in claimed if c.startswith(TOURNAMENT)]
            tables = [c for c in claimed if not c.startswith(TOURNAMENT)]
            if tables:
                restored = await self._restore(tables)
                log.info("cluster: took over %d table(s) from stopped processes", restored)
            for tournament_id in events:
                await self.hub.tournaments.adopt(tournament_id)
        await self.hub.tournaments.catch_up()  # the round tables played by other processes
        await self._publish_lobby()
        await self.publish_listeners()
        await self._publish_sockets()

    async def _restore(self, table_ids: list[str]) -> int:
        found = await self.hub.take_over(table_ids)
        for table_id in set(table_ids) - found:
            await self._db(self.leases.release, table_id)  # closed meanwhile
        return len(found)

    # ----------------------------------------------------------------- where a table is played

    async def locate(self, table_id: str) -> Table | str:
        """The table when this process plays it, else the id of the process that does.

        A table whose owner stopped (its lease ran out) is taken over here at once.
        """
        table = self.hub.tables.get(table_id)
        if table is not None:
            return table
        found = await self._db(self.leases.owner, table_id)
        if found is None:
            raise ProtocolError("no_table", f"there is no open table {table_id[:64]!r}", 404)
        owner, running = found
        if running and owner != self.id:
            return owner
        if await self._db(self.leases.acquire, table_id):
            await self._restore([table_id])
            table = self.hub.tables.get(table_id)
            if table is None:
                raise ProtocolError("no_table", f"there is no open table {table_id[:64]!r}", 404)
            return table
        found = await self._db(self.leases.owner, table_id)
        if found is not None and found[1] and found[0] != self.id:
            return found[0]
        raise ProtocolError("table_moving", status=503)

    async def locate_tournament(self, tournament_id: str) -> str | None:
        """The id of the process that holds the tournament when it is another, else None (this process holds it,
        or it is finished or unknown: read it from the database). A tournament whose holder stopped is taken over
        here at once."""
        if self.hub.tournaments.holds(tournament_id):
            return None
        lease = tournament_lease(tournament_id[:20])
        found = await self._db(self.leases.owner, lease)
        if found is None:
            return None
        owner, running = found
        if running and owner != self.id:
            return owner
        if await self._db(self.leases.acquire, lease):
            await self.hub.tournaments.adopt(tournament_id)
            return None
        found = await self._db(self.leases.owner, lease)
        if found is not None and found[1] and found[0] != self.id:
            return found[0]
        raise ProtocolError("table_moving", "the tournament is moving to another server process", 503)

    async def claim(self, key: str) -> bool:
        """Take the lease of a table (or ``tournament:<id>``) about to be created (False: the id is in use)."""
        if await self._db(self.leases.owner, key) is not None:
            return False
        return await self._db(self.leases.acquire, key)

    async def released(self, key: str) -> None:
        """A table of this process was closed (or a tournament is over, or was never made): give up its lease
        and its place in its creator's quota."""
        try:
            await self._db(self.leases.release, key)
        except Exception:
            log.warning("cluster: the lease of %s could not be given up; it runs out", key)
        if key.startswith(TOURNAMENT):
            await self._unquota(EVENTS_KEY, EVENT_CREATOR_KEY, key.removeprefix(TOURNAMENT))
        else:
            await self._unquota(HELD_KEY, CREATOR_KEY, key)

    async def _unquota(self, held_key: str, creators_key: str, item: str) -> None:
        """Take a table or tournament out of its creator's count (``held_key`` + address, found in ``creators_key``)."""
        try:
            creator = await self.relay.redis.hget(creators_key, item)
            if creator:
                await self.relay.redis.srem(held_key + str(creator), item)
                await self.relay.redis.hdel(creators_key, item)
        except Exception:
            log.warning("cluster: the quota count of %s could not be updated", item)

    # ----------------------------------------------------------------- WebSocket connections

    def open(self, conn: Connection, owner: str, text: str) -> None:
        """Relay ``conn`` to the process ``owner`` that plays its table; ``text`` is its ``hello``."""
        conn.relay = owner
        conn.key = f"{self.id}/{next(self._numbers)}"
        self.edges[conn.key] = conn
        self.relay.send(owner, Open(conn.key, self.id, conn.peer, text))

    def forward(self, conn: Connection, text: str) -> None:
        """A message of a relayed connection, on to the owner of its table."""
        assert conn.relay is not None
        self.relay.send(conn.relay, Forward(conn.key, text))

    def gone(self, conn: Connection) -> None:
        """A relayed connection closed here."""
        if self.edges.pop(conn.key, None) is not None and conn.relay is not None:
            self.relay.send(conn.relay, Gone(conn.key))

    def _drop_edge(self, conn: Connection, code: int, reason: str) -> None:
        self.edges.pop(conn.key, None)
        conn.close(code, reason)

    def _on_reset(self) -> None:
        for conn in list(self.edges.values()):
            self._drop_edge(conn, 1012, "the server lost messages; reconnect")
        for rc in list(self.remotes.values()):
            self.remotes.pop(rc.key, None)
            self.hub.disconnect(rc)
            rc.close(1012, "the server lost messages; reconnect")

    def _on_message(self, message: Message) -> None:
        if isinstance(message, Out):
            conn = self.edges.get(message.key)
            if conn is not None:
                conn.send_text(message.text)
        elif isinstance(message, Forward):
            found = self.remotes.get(message.key)
            if found is not None:
                self._handle(found, message.text)
        elif isinstance(message, Close):
            conn = self.edges.get(message.key)
            if conn is not None:
                self._drop_edge(conn, message.code, message.reason)
        elif isinstance(message, Open):
            rc = RemoteConnection(self, message.origin, message.key, message.peer)
            self.remotes[message.key] = rc
            self._handle(rc, message.hello)
        elif isinstance(message, Gone):
            gone = self.remotes.pop(message.key, None)
            if gone is not None:
                gone.closing = True
                self.hub.disconnect(gone)
        elif isinstance(message, Call):
            self._spawn(self._answer(message))
        else:
            future = self._rpcs.get(message.id)
            if future is not None and not future.done():
                future.set_result(message)

    def _handle(self, rc: RemoteConnection, text: str) -> None:
        task = self.hub.handle(rc, text)
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ----------------------------------------------------------------- REST calls about one table

    async def call(self, owner: str, op: str, **args: Any) -> dict[str, Any]:
        """Ask the owner of a table to do ``op``; its answer (a refusal is raised as the owner's ProtocolError)."""
        number = f"{self.id}/{next(self._numbers)}"
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._rpcs[number] = future
        self.relay.send(owner, Call(number, self.id, op, args))
        try:
            reply = await asyncio.wait_for(future, RPC_SECONDS)
        except TimeoutError:
            raise ProtocolError("table_moving", status=503) from None
        finally:
            self._rpcs.pop(number, None)
        if reply.error is not None:
            raise ProtocolError(reply.error["code"], reply.error["message"], reply.status)
        return reply.result or {}

    async def _answer(self, call: Call) -> None:
        try:
            reply = Reply(call.id, await self.hub.answer(call.op, call.args))
        except ProtocolError as exc:
            reply = Reply(call.id, error=exc.to_dict(), status=exc.status)
        except Exception:
            log.exception("cluster: a relayed %s call failed", call.op)
            reply = Reply(call.id, error=ProtocolError("internal").to_dict(), status=500)
        self.relay.send(call.origin, reply)

    # ----------------------------------------------------------------- the lobby and the quotas

    async def _publish_lobby(self) -> None:
        listed = self.hub.lobby_rows()
        try:
            await self.relay.redis.set(LOBBY_KEY + self.id, json.dumps(listed, separators=(",", ":")),
                                       ex=max(1, int(self.lease_seconds * 2)))
        except Exception as exc:
            log.warning("cluster: the lobby could not be published (%s)", exc)

    async def lobby_elsewhere(self) -> list[LobbyRow]:
        """The listed tables of the other members, as published at their last heartbeat."""
        rows: list[LobbyRow] = []
        try:
            keys = [k async for k in self.relay.redis.scan_iter(match=LOBBY_KEY + "*", count=100)
                    if k != LOBBY_KEY + self.id]
            for text in (await self.relay.redis.mget(keys) if keys else []):
                if text:
                    rows.extend((s, c, i, info) for s, c, i, info in json.loads(text))
        except Exception as exc:
            log.warning("cluster: the lobby of the other processes could not be read (%s)", exc)
        return rows

    async def held(self, quota: str, client: str) -> int:
        """How many tables (or tournaments) created from ``client`` are open, over every member."""
        return int(await self.relay.redis.scard(_QUOTA_KEYS[quota][0] + client))

    async def count(self, quota: str, client: str, key: str, limit: int | None = None) -> bool:
        """Count ``key`` against ``client``'s quota over every member, in one step when there is a ``limit``."""
        held_key, creators_key = _QUOTA_KEYS[quota]
        item = key.removeprefix(TOURNAMENT)
        taken = await self.relay.redis.eval(RESERVE_SCRIPT, 2, held_key + client, creators_key, item,
                                            limit if limit is not None else 2**62, client)
        return bool(taken)

    async def paced(self, client: str, per_second: float, burst: int) -> bool:
        """The pace of creations of ``client`` over every member (Redis keeps when the next one is due)."""
        return bool(await self.relay.redis.eval(PACE_SCRIPT, 1, MADE_KEY + client, 1 / per_second, burst))

    def sweep(self) -> None:
        """Redis expires the paces by itself."""

    def _sockets_ttl_ms(self) -> int:
        return max(2000, int(self.lease_seconds * 2000))

    async def open_socket(self, client: str, limit: int) -> bool:
        """Count a new connection of ``client`` if all the members together hold fewer than ``limit`` (without
        Redis: if this member alone does)."""
        try:
            taken = bool(await self.relay.redis.eval(OPEN_SOCKET_SCRIPT, 1, SOCKET_MEMBERS_KEY, SOCKETS_KEY, self.id,
                                                     client, limit, self._sockets_ttl_ms()))
        except Exception as exc:
            log.warning("cluster: the connections of an address could not be counted (%s)", exc)
            taken = self._sockets.get(client, 0) < limit
        if taken:
            count_socket(self._sockets, client, 1)
        return taken

    async def socket_closed(self, client: str) -> None:
        """A connection of ``client`` on this member closed."""
        count_socket(self._sockets, client, -1)
        try:
            await self.relay.redis.eval(CLOSE_SOCKET_SCRIPT, 1, SOCKETS_KEY + self.id, client)
        except Exception as exc:
            log.warning("cluster: the connections of an address could not be counted (%s)", exc)

    async def _publish_sockets(self) -> None:
        """Write this member's counts of connections again (they expire unless renewed; this also mends them
        after Redis lost them)."""
        key = SOCKETS_KEY + self.id
        try:
            async with self.relay.redis.pipeline(transaction=True) as pipe:
                pipe.delete(key)
                if self._sockets:
                    pipe.hset(key, items=[part for pair in self._sockets.items() for part in pair])
                    pipe.pexpire(key, self._sockets_ttl_ms())
                    pipe.sadd(SOCKET_MEMBERS_KEY, self.id)
                await pipe.execute()
        except Exception as exc:
            log.warning("cluster: the connections of the addresses could not be published (%s)", exc)

    async def spend_messages(self, client: str, spent: int, per_second: float, burst: int) -> float | None:
        """Take ``spent`` messages from ``client``'s common bucket in Redis; the messages it may still send."""
        left = await self.relay.redis.eval(SPEND_SCRIPT, 1, MESSAGES_KEY + client, per_second, burst, spent)
        return float(left)

    # ----------------------------------------------------------------- bot accounts listening for invitations

    def _listen_ttl(self) -> int:
        return max(2, int(self.lease_seconds * 2))

    async def publish_listeners(self, account: int | None = None) -> None:
        """Record in Redis how many connections of each bot account (or of ``only``) listen here."""
        hub = self.hub
        accounts = list(hub.bots.listeners) if account is None else [account]
        try:
            async with self.relay.redis.pipeline(transaction=False) as pipe:
                for one in accounts:
                    count = len(hub.bots.listeners.get(one, []))
                    key = f"{LISTEN_KEY}{one}:{self.id}"
                    if count:
                        pipe.set(key, count, ex=self._listen_ttl())
                        pipe.sadd(f"{LISTEN_KEY}{one}", self.id)
                        pipe.expire(f"{LISTEN_KEY}{one}", self._listen_ttl())
                    else:
                        pipe.delete(key)
                        pipe.srem(f"{LISTEN_KEY}{one}", self.id)
                await pipe.execute()
        except Exception as exc:
            log.warning("cluster: the listening bot accounts could not be published (%s)", exc)

    def listeners_changed(self, account: int) -> None:
        """The listening connections of this bot account here changed: tell the other members."""
        self._spawn(self.publish_listeners(account))

    async def listening_elsewhere(self, account: int) -> dict[str, int]:
        """The other members where this bot account listens, and how many connections it holds there."""
        redis = self.relay.redis
        try:
            members = sorted(str(m) for m in await redis.smembers(f"{LISTEN_KEY}{account}") if m != self.id)
            if not members:
                return {}
            counts = await redis.mget([f"{LISTEN_KEY}{account}:{m}" for m in members])
        except Exception as exc:
            log.warning("cluster: the listening bot accounts could not be read (%s)", exc)
            return {}
        found = {m: int(c) for m, c in zip(members, counts, strict=True) if c}
        stale = [m for m in members if m not in found]
        if stale:  # their member stopped without saying so: its count expired
            with contextlib.suppress(Exception):
                await redis.srem(f"{LISTEN_KEY}{account}", *stale)
        return found

    async def deliver(self, account: int, message: dict[str, Any]) -> bool:
        """Hand an invitation to a connection of this bot account listening on another member (False: none took
        it)."""
        members = list(await self.listening_elsewhere(account))
        random.shuffle(members)
        for member in members:
            try:
                await self.call(member, "deliver", account=account, message=message)
                return True
            except ProtocolError:
                continue
        return False
