"""The hub: every table of the server, the lobby, and the handling of client messages.

:meth:`Hub.handle` is the one door for WebSocket messages: rate limit, size, JSON,
validation, then the action on the table. Whatever goes wrong becomes an ``error``
message for that client; nothing escapes to the connection or the table. Reads
(``ping``, ``sync``, ``hello``) are answered at once; changes (moves, seats, starts)
run as tasks that wait for the table's lock and their commit, so a slow database never
delays a read.
"""

from __future__ import annotations

import asyncio
import logging
import math
import random
import secrets
import time
from typing import Any

from ..config import ServerConfig
from ..errors import ProtocolError
from ..limits import AddressRates, LoopWatch, RateLimit
from ..play.bot_pool import BotRunner
from ..play.chat import Chat
from ..play.daily import Daily
from ..play.placement import TABLES, LobbyRow, LocalPlacement, Placement, lobby_page
from ..play.settings import TableSettings
from ..play.subscriber import Reading
from ..play.tables import Table
from ..play.tournaments import Tournaments
from ..protocol import (
    ChatMessage,
    CreateTableRequest,
    FillMessage,
    Hello,
    HintMessage,
    InviteMessage,
    LeaveMessage,
    ListenMessage,
    MoveMessage,
    PingMessage,
    RematchMessage,
    SeatMessage,
    SpeedMessage,
    StartMessage,
    SyncMessage,
    WhyMessage,
    parse_client_message,
)
from ..store.accounts import Account, Accounts, name_key
from ..store.analyses import Analyses
from ..store.journal import Journal
from ..store.moderation import blocks_among, recent_leaves
from ..store.replays import Replays
from ..store.storage import Storage, StoredTable
from ..store.tournament_log import round_tables
from .bot_listeners import BotListeners
from .connection import Connection
from .relaying import NoRelaying, Relaying

log = logging.getLogger("president.server")

REPORT_EVERY = 10
"""In a cluster, the messages of an address let through here between two reports to the common count."""


class Hub:
    """All tables in memory, backed by the storage; made by the app, one per server.

    Where a table is played is the ``placement``'s to say, and carrying a connection to another process the
    ``relaying``'s: both are the cluster's when the server is one of several processes (see
    :func:`president.server.build.build_hub`), else this process plays everything.
    """

    def __init__(self, config: ServerConfig, storage: Storage | None = None, placement: Placement | None = None,
                 relaying: Relaying | None = None) -> None:
        if placement is None and config.redis_url is not None:
            raise ValueError("a server of several processes needs the cluster's placement: "
                             "build the hub with president.server.build.build_hub")
        self.config = config
        self.placement: Placement = placement if placement is not None else LocalPlacement()
        self.relaying: Relaying = relaying if relaying is not None else NoRelaying()
        self.storage = storage if storage is not None else Storage(config.database_url, config.sqlite_synchronous)
        self.journal = Journal(self.storage, config.database_writers, config.group_commit,
                               config.database_retry_seconds, config.commit_gather_ms / 1000)
        self.tables: dict[str, Table] = {}
        self.runner = BotRunner(config.inline_bots, config.bot_workers, config.bot_move_seconds, config.stand_in_bot)
        self.analyses = Analyses(config, self.journal)
        self.replays = Replays(self.journal)
        self.watch = LoopWatch()
        self.chat = Chat(config, self.journal, self.watch)
        self.tournaments = Tournaments(config, self.journal, self.tables, self.new_table, self.placement,
                                       self.analyses)
        self.daily = Daily(config, self.journal, self.tables, self.new_table)
        self.accounts = Accounts(self.journal, config.password_hashers, config.argon2_memory_kib,
                                 config.argon2_time_cost, config.registrations_per_address)
        self.bots = BotListeners(self.journal, self.accounts, self.placement)
        self._seeds = random.Random(config.seed) if config.seed is not None else None
        self._creating = 0
        self.rates = AddressRates(config.address_rate_per_second, config.address_rate_burst, self.watch)
        """The messages of all the connections of each client address, together."""
        self._shared_rates = not isinstance(self.placement, LocalPlacement)
        self._unreported: dict[str, int] = {}
        self._reports: set[asyncio.Task[None]] = set()

    def new_seed(self) -> int:
        """A match seed: unpredictable, unless the server was given a seed."""
        return self._seeds.getrandbits(63) if self._seeds is not None else secrets.randbits(63)

    async def restore(self) -> int:
        """Hold this process's share of the tables not closed (all of them when it is the only process; in a
        cluster, those its placement gives it); returns how many it holds.

        Must run inside the event loop: the bots and timers of the tables start again. Nobody is
        connected yet, so the wait before an empty table is closed starts now.
        """
        self.watch.start()
        await self.placement.start(self._restore_all)
        return len(self.tables)

    async def _restore_all(self) -> int:
        restored = []
        for stored in await self.journal.read(self.storage.load_tables):
            table = self.load_table(stored)
            if table is not None:
                restored.append(table)
        await self.tournaments.restore()  # marks the round tables before their timers start
        await self.daily.mark(restored)
        for table in restored:
            await self.bots.mark_seats(table)
            table.resume()
        await self.tournaments.catch_up()
        count = len(restored)
        if count:
            log.info("restored %d table(s)", count)
        return count

    def load_table(self, stored: StoredTable) -> Table | None:
        """Hold a table again from its stored form (its timers start with :meth:`Table.resume`); None, logged,
        when it cannot be restored (it stays in the database)."""
        try:
            table = Table.restore(stored, self.config, self.journal, self.new_seed, self.runner)
        except Exception:
            log.exception("table %s could not be restored; it stays in the database", stored.id)
            return None
        self.tables[table.id] = table
        return table

    async def take_over(self, table_ids: list[str]) -> set[str]:
        """Hold these tables from storage (this process took their leases over) and start their timers; returns
        the ids found (one closed meanwhile is not). A round table keeps to its tournament's time control."""
        stored = await self.journal.read(self.storage.load_tables, ("waiting", "playing", "finished"), table_ids)
        rounds = await self.journal.read(round_tables, self.storage, table_ids)
        found = set()
        for one in stored:
            found.add(one.id)
            if one.id in self.tables:
                continue
            table = self.load_table(one)
            if table is None:
                continue
            if table.id in rounds:
                self.tournaments.mark(table, rounds[table.id])
            await self.daily.mark([table])
            await self.bots.mark_seats(table)
            table.resume()
        return found

    def unload(self, table: Table, code: int, reason: str) -> bool:
        """Stop holding ``table`` (another process plays it now) and close its connections with ``code``; False
        when this process no longer held it."""
        if self.tables.get(table.id) is not table:
            return False
        self.tables.pop(table.id, None)
        table.close(code, reason)
        return True

    async def leave(self) -> None:
        """Give up the tables to the other processes, if there are any (before :meth:`close`)."""
        await self.placement.stop()

    def close(self) -> None:
        """Stop every table and release the database (after the commits under way)."""
        self.watch.stop()
        for table in self.tables.values():
            table.close()
        self.analyses.close()
        self.replays.close()
        self.accounts.close()
        self.runner.close()
        self.journal.close()

    # ----------------------------------------------------------------- REST actions

    async def create_table(self, request: CreateTableRequest, client: str = "",
                           account: Account | None = None) -> tuple[Table, int | None, str | None]:
        """A new table; when the request names the creator, the creator's seat and token too (signed in: the
        seat is the account's, under its name; a guest may not take a name an account holds).

        ``client`` is the creator's address: each address may hold ``client_tables`` open tables and
        create ``client_creations_per_minute`` a minute (``too_many_tables``, 429). No address (a table
        made in the server process itself) has no quota.
        """
        if len(self.tables) + self._creating >= self.config.max_tables:
            raise ProtocolError("server_full", "the server holds as many tables as it can; try again later", 503)
        await self._check_quota(client)
        if account is None and request.name is not None:
            await self.accounts.check_guest_name(request.name)
        settings = TableSettings.from_request(request)
        if account is not None and request.name is not None and settings.public:
            await self._check_leaves(account.id)  # refused before a table is made for nothing
        bots = list(request.seats or [])
        if len(bots) > settings.players:
            raise ProtocolError("no_seat", f"{len(bots)} seats given for a table of {settings.players}")
        challenged = None
        if request.invite is not None:
            challenged = await self.bots.listening_account(request.invite)
            open_seats = settings.players - sum(1 for b in bots if b is not None)
            if open_seats < (2 if request.name is not None else 1):
                raise ProtocolError("no_seat", "no seat is left open for the bot account")
        table = await self.new_table(settings, bots)
        table.creator = client
        if client:
            await self.placement.count(TABLES, client, table.id)
        seat = token = None
        if request.name is not None:
            if account is not None:
                seat, token = await self.take_seat(table, account.name, account_id=account.id)
            else:
                seat, token = await self.take_seat(table, request.name, name_checked=True)
        if challenged is not None:
            free = next(s.index for s in table.seats if s.kind == "open")
            try:
                await self.bots.seat(table, free, challenged, seat)
            except ProtocolError:  # the bot stopped listening meanwhile: the table stands, its seat open
                log.info("table %s: the challenged bot account %d could not be seated", table.id, challenged.id)
        return table, seat, token

    async def new_table(self, settings: TableSettings, bots: list[str | None],
                        people: dict[int, tuple[str, str, int | None]] | None = None) -> Table:
        """A new table with these settings, stored and held (``people``: seat → name, hashed token, account)."""
        if len(self.tables) + self._creating >= self.config.max_tables:
            raise ProtocolError("server_full", "the server holds as many tables as it can; try again later", 503)
        table_id = secrets.token_hex(6)
        while table_id in self.tables or not await self.placement.claim(table_id):
            table_id = secrets.token_hex(6)
        self._creating += 1
        try:
            table = await Table.create(table_id, settings, bots, self.config, self.journal, self.new_seed,
                                       self.runner, people)
        finally:
            self._creating -= 1
        self.tables[table_id] = table
        log.info("table %s created (%s, %d seats)", table_id, settings.rules, settings.players)
        return table

    async def start_daily(self, name: str, account: Account | None, client: str = "") -> tuple[Table, str, str]:
        """A table of today's deal of the day for one person (:class:`~president.server.play.daily.Daily`): the
        table, the seat token of seat 0 and the day. It counts in the address's open tables like any other."""
        await self._check_quota(client)
        if account is None:
            await self.accounts.check_guest_name(name)
        table, token, day = await self.daily.start(account.name if account else name,
                                                   account.id if account else None)
        table.creator = client
        if client:
            await self.placement.count(TABLES, client, table.id)
        return table, token, day

    async def _check_quota(self, client: str) -> None:
        if not client:
            return
        c = self.config
        held = await self.placement.held(TABLES, client)
        if held >= c.client_tables:
            raise ProtocolError("too_many_tables", f"tables created from your address are still open ({held}); "
                                "finish or leave some first", 429)
        if not await self.placement.paced(client, c.client_creations_per_minute / 60, c.client_tables):
            raise ProtocolError("too_many_tables", "tables are created too fast from your address; wait a minute",
                                429)

    def table(self, table_id: str) -> Table:
        """The table with this id, or ``ProtocolError`` ``no_table`` (404)."""
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError("no_table", f"there is no open table {table_id[:64]!r}", 404)
        return table

    async def lobby(self, status: str | None = None, limit: int = 50, offset: int = 0
                    ) -> tuple[list[dict[str, Any]], int]:
        """One page of the listed tables (:attr:`Table.listed`) of every process (the others' as they last
        published them), and how many there are in all (see :func:`~president.server.play.placement.lobby_page`)."""
        rows = self.lobby_rows()
        rows.extend(r for r in await self.placement.lobby_elsewhere() if r[2] not in self.tables)
        return lobby_page(rows, status, limit, offset)

    def lobby_rows(self) -> list[LobbyRow]:
        """The listed tables of this process."""
        return [(t.status, t.created_at, t.id, t.info()) for t in self.tables.values() if t.listed]

    async def table_call(self, table_id: str, op: str, **args: Any) -> dict[str, Any]:
        """``op`` on a table (see :meth:`answer`), wherever it is played."""
        if table_id not in self.tables:
            where = await self.placement.locate(table_id)
            if isinstance(where, str):
                return await self.placement.call(where, op, table=table_id, **args)
        return await self.answer(op, {"table": table_id, **args})

    async def take_seat(self, table: Table, name: str, seat: int | None = None, account_id: int | None = None, *,
                        name_checked: bool = False) -> tuple[int, str]:
        """The one door of a person to a seat (the table decides which, and gives the token): signed in, under
        the account's name; a guest may not take a name an account holds (unless ``name_checked`` already)."""
        if account_id is None and not name_checked:
            await self.accounts.check_guest_name(name)
        if account_id is not None and table.settings.public and account_id not in table.people_ids:
            await self._check_public_seat(table, account_id)
        return await table.join(name, seat, account_id)

    async def _check_leaves(self, account_id: int) -> None:
        """Refuse (``leave_wait``) an account that left ``leave_limit`` rated matches lately, until its wait is
        over."""
        config = self.config
        now = time.time()
        left = await self.journal.read(recent_leaves, self.storage, account_id,
                                       now - config.leave_window_hours * 3600)
        if len(left) >= config.leave_limit:
            wait = left[0] + config.leave_wait_minutes * 60 - now
            if wait > 0:
                raise ProtocolError("leave_wait", f"you left {len(left)} rated matches lately: you may join a "
                                                  f"public table again in {math.ceil(wait / 60)} minutes", 403)

    async def _check_public_seat(self, table: Table, account_id: int) -> None:
        """Refuse a seat at a public table to an account that left too many rated matches lately (until its wait
        is over), or that blocks, or is blocked by, someone seated there."""
        await self._check_leaves(account_id)
        if await self.journal.read(blocks_among, self.storage, [*table.people_ids, account_id]) & {
                pair for other in table.people_ids for pair in ((account_id, other), (other, account_id))}:
            raise ProtocolError("blocked", "you cannot sit at this table: you block a player there, or a player "
                                           "there blocks you", 403)

    async def answer(self, op: str, args: dict[str, Any]) -> dict[str, Any]:
        """Do a call about a table this process plays (``info``, or ``join`` with ``name``, ``seat`` and
        ``account``) or a tournament it holds (``tournament``), or hand an invitation to a bot account's
        listening connection here (``deliver``) or close them all (``revoke``): asked by the REST routes, or by
        another process."""
        if op == "tournament":
            return await self.tournaments.act(str(args["call"]), str(args["id"]), dict(args["a"]), relayed=True)
        if op == "deliver":
            if not self.bots.deliver(int(args["account"]), dict(args["message"])):
                raise ProtocolError("bot_offline", "the bot account stopped listening on this process")
            return {}
        if op == "revoke":
            self.bots.close_listeners(int(args["account"]))
            return {}
        table = self.table(str(args.get("table")))
        if op == "info":
            return table.info()
        if op == "join":
            seat, token = await self.take_seat(table, str(args["name"]), args.get("seat"), args.get("account"))
            return {"table": table.info(), "seat": seat, "token": token}
        raise ProtocolError("bad_request", f"unknown call {op[:32]!r}")

    # ----------------------------------------------------------------- WebSocket messages

    def connection(self, peer: str = "", address: str = "") -> Connection:
        """A new connection with this server's limits (``address``: the client's, for the limits of an address)."""
        c = self.config
        return Connection(RateLimit(c.rate_per_second, c.rate_burst, self.watch), c.outbox_limit, peer, address,
                          c.outbox_bytes)

    async def admit(self, address: str) -> bool:
        """Count a new WebSocket connection of ``address``; False when the address holds
        ``websockets_per_address`` already (over every process). Each admitted one is let go by :meth:`release`."""
        return not address or await self.placement.open_socket(address, self.config.websockets_per_address)

    async def release(self, address: str) -> None:
        """A WebSocket connection counted by :meth:`admit` closed."""
        if address:
            await self.placement.socket_closed(address)

    def _address_allows(self, address: str) -> bool:
        """Whether the connections of ``address`` together may send one more message now; in a cluster, every
        :data:`REPORT_EVERY` messages let through are counted in the common bucket too, and the answer lowers
        this process's bucket when the address spent more on the other processes."""
        if not self.rates.allow(address):
            return False
        if self._shared_rates and address:
            spent = self._unreported.get(address, 0) + 1
            if spent >= REPORT_EVERY:
                self._unreported.pop(address, None)
                self._report(address, spent)
            else:
                self._unreported[address] = spent
        return True

    def _report(self, address: str, spent: int) -> None:
        task = asyncio.ensure_future(self._spend(address, spent))
        self._reports.add(task)
        task.add_done_callback(self._reports.discard)

    async def _spend(self, address: str, spent: int) -> None:
        c = self.config
        try:
            left = await self.placement.spend_messages(address, spent, c.address_rate_per_second,
                                                       c.address_rate_burst)
        except Exception as exc:
            log.warning("the messages of an address could not be counted with the other processes (%s)", exc)
            return
        if left is not None:
            self.rates.bucket(address).limit_to(left)

    def handle(self, conn: Connection, text: str | bytes) -> asyncio.Task[None] | None:
        """Act on one message of ``conn`` (a binary frame is refused); refusals go back as ``error`` messages.

        A message that changes a table returns the task that makes the change (its refusal, if any,
        is sent by the task); the others are answered before this returns.
        """
        ref = None
        try:
            if not conn.limit.allow() or not self._address_allows(conn.address):
                conn.send({"type": "error", "code": "rate_limited", "ref": None,
                           "message": f"slow down: at most {self.config.rate_per_second:g} messages a second "
                           f"({self.config.address_rate_per_second:g} from one address)"})
                # Strikes fade continuously: "more than one less" is the n-th refusal in quick succession.
                if conn.limit.strike() > self.config.rate_strikes - 1:
                    conn.close(1008, "too many messages")
                return None
            limit = self.config.max_message_bytes
            if len(text) > limit or (isinstance(text, str) and not text.isascii()
                                     and len(text.encode("utf-8", "replace")) > limit):
                raise ProtocolError("too_large", f"messages may hold at most {limit} bytes")
            if isinstance(text, bytes):
                raise ProtocolError("bad_json", "send text frames holding JSON, not binary ones")
            if conn.relay is not None:
                self.relaying.forward(conn, text)  # the process that plays the table checks the rest
                return None
            message = parse_client_message(text)
            ref = message.type
            if (isinstance(message, Hello) and not conn.joined and message.spectate and message.name is not None
                    and not conn.names_checked):
                return asyncio.ensure_future(self._hello_named(conn, message, text))
            if isinstance(message, Hello) and not conn.joined and message.table not in self.tables:
                return asyncio.ensure_future(self._hello_elsewhere(conn, message, text))
            return self._dispatch(conn, message)
        except ProtocolError as exc:
            conn.send({"type": "error", **exc.to_dict(), "ref": ref})
        except Exception:
            log.exception("unexpected error on a %s message", ref or "client")
            conn.send({"type": "error", **ProtocolError("internal").to_dict(), "ref": ref})
        return None

    def reject(self, conn: Connection, error: ProtocolError) -> None:
        """Send ``error`` to ``conn`` (for input refused before it reaches :meth:`handle`)."""
        conn.send({"type": "error", **error.to_dict(), "ref": None})

    def disconnect(self, conn: Connection) -> None:
        """The connection is gone."""
        if conn.relay is not None:
            self.relaying.gone(conn)
        table = conn.table
        if table is not None:
            try:
                table.detach(conn)
            except Exception:
                log.exception("table %s: error while a connection left", table.id)
        if conn.listening is not None:
            self.bots.forget(conn, conn.listening)

    def _dispatch(self, conn: Connection, message: Any) -> asyncio.Task[None] | None:
        if isinstance(message, Hello):
            self._hello(conn, message)
            return None
        if isinstance(message, ListenMessage):
            if conn.joined:
                raise ProtocolError("already_joined", "this connection has said hello or listen already")
            return asyncio.ensure_future(self.bots.listen(conn, message))
        if isinstance(message, PingMessage) and conn.listening is not None:
            conn.send({"type": "pong"})
            return None
        table = conn.table
        if table is None:
            raise ProtocolError("hello_first", "say hello first: {\"type\": \"hello\", \"table\": ..., \"token\": ...}")
        if isinstance(message, PingMessage):
            conn.send({"type": "pong"})
            return None
        seat = table.seat_of_member(conn)
        if isinstance(message, SyncMessage):
            conn.send(table.snapshot(seat, table.reading_of(conn)))
            return None
        if isinstance(message, ChatMessage):
            return self.chat.say(conn, table, message, conn.name, conn.peer)
        if isinstance(message, WhyMessage):
            conn.send(table.why(message.seq))
            return None
        if seat is None:
            raise ProtocolError("not_seated", "spectators cannot play or change the table")
        if isinstance(message, HintMessage):
            move = table.hint(seat)
            conn.send({"type": "hint", "move": move, "seq": table.ply, "why": table.hint_why(seat)})
            return None
        return asyncio.ensure_future(self._act(conn, table, seat, message))

    async def _act(self, conn: Connection, table: Table, seat: int, message: Any) -> None:
        """Make the change a seated client asked for; a refusal goes back to it as an ``error`` message."""
        try:
            if isinstance(message, MoveMessage):
                await table.play(seat, message.move, "person", message.seq)
            elif isinstance(message, StartMessage):
                await table.start()
            elif isinstance(message, RematchMessage):
                await table.rematch()
            elif isinstance(message, SeatMessage):
                await self._set_seat(table, seat, message)
            elif isinstance(message, FillMessage):
                await table.fill(message.bot)
            elif isinstance(message, LeaveMessage):
                await table.leave(conn)
            elif isinstance(message, SpeedMessage):
                await table.set_speed(message.speed)
            elif isinstance(message, InviteMessage):
                await self._invite(table, seat, message)
            else:  # pragma: no cover - every type is handled above
                raise ProtocolError("unknown_type")
        except ProtocolError as exc:
            conn.send({"type": "error", **exc.to_dict(), "ref": message.type})
        except Exception:
            log.exception("unexpected error on a %s message", message.type)
            conn.send({"type": "error", **ProtocolError("internal").to_dict(), "ref": message.type})

    async def _set_seat(self, table: Table, seat: int, message: SeatMessage) -> None:
        """A registry bot in a seat, or the seat opened; a seat an invited bot account holds (another's than the
        asker's) is taken back from it."""
        target = table.seats[message.seat] if message.seat < len(table.seats) else None
        if (target is not None and target.kind == "person" and target.account_id is not None
                and message.seat != seat and await self.bots.is_bot_account(target.account_id)):
            await table.remove_invited(message.seat, target.account_id, message.bot)
        else:
            await table.set_seat(message.seat, message.bot)

    async def _invite(self, table: Table, seat: int, message: InviteMessage) -> None:
        """Seat a listening bot account and hand its seat token to one of its listening connections."""
        await self.bots.seat(table, message.seat, await self.bots.listening_account(message.account), seat)

    def _hello(self, conn: Connection, hello: Hello) -> None:
        if conn.joined:
            raise ProtocolError("already_joined", "this connection has a table already; open another to change")
        self.say_hello(conn, hello, self.table(hello.table))

    async def _hello_named(self, conn: Connection, hello: Hello, text: str) -> None:
        """A spectator's ``hello`` with a chat name: the name may not be (or look like) one an account holds, but
        that of the account the client is signed in to."""
        try:
            try:
                await self.accounts.check_guest_name(hello.name or "")
            except ProtocolError:
                account = await self.accounts.session(conn.session)
                if account is None or name_key(account.name) != name_key(hello.name or ""):
                    raise
            if hello.table not in self.tables:
                await self._hello_elsewhere(conn, hello, text)
                return
            self._hello(conn, hello)
        except ProtocolError as exc:
            conn.send({"type": "error", **exc.to_dict(), "ref": "hello"})
        except Exception:
            log.exception("unexpected error on a hello message")
            conn.send({"type": "error", **ProtocolError("internal").to_dict(), "ref": "hello"})

    async def _hello_elsewhere(self, conn: Connection, hello: Hello, text: str) -> None:
        """A ``hello`` for a table this process does not hold: attach once it is taken over here, or relay the
        connection to the process that plays it."""
        try:
            where = await self.placement.locate(hello.table)
            if isinstance(where, Table):
                self.say_hello(conn, hello, where)
                return
        except ProtocolError as exc:
            conn.send({"type": "error", **exc.to_dict(), "ref": "hello"})
            return
        if not conn.closing and not conn.joined:
            self.relaying.open(conn, where, text)

    def say_hello(self, conn: Connection, hello: Hello, table: Table) -> None:
        """Attach ``conn`` to ``table`` as its ``hello`` asks (a seat by its token, or a spectator)."""
        if conn.joined:
            raise ProtocolError("already_joined", "this connection has a table already; open another to change")
        if hello.token is not None and hello.spectate:
            raise ProtocolError("bad_message", "hello: give a token or spectate, not both")
        if hello.token is not None:
            seat = table.seat_of_token(hello.token)
            if seat is None:
                raise ProtocolError("bad_token", "this token does not open a seat at this table")
            table.attach(conn, seat, Reading(hello.version, hello.history))
        elif hello.spectate:
            if table.one_match:
                raise ProtocolError("not_watched", "a table of the deal of the day is not watched: its cards are "
                                    "everyone's that day")
            if len(table.spectators) >= self.config.spectators_per_table:
                raise ProtocolError("too_many_spectators", f"this table has {len(table.spectators)} spectators, as "
                                    "many as it may; try again later")
            conn.name = hello.name
            table.attach(conn, None, Reading(hello.version, hello.history))
        else:
            raise ProtocolError("bad_message", "hello: give a seat token, or \"spectate\": true to watch")
        conn.table = table
        self.chat.send_history(conn, table)

    # ----------------------------------------------------------------- housekeeping

    async def sweep(self) -> int:
        """Close the tables no seated person has been connected to for ``empty_table_minutes``; returns how many."""
        now = time.monotonic()
        wait = self.config.empty_table_minutes * 60
        empty = [t for t in self.tables.values() if t.empty_since is not None and now - t.empty_since >= wait
                 and not (t.tournament is not None and t.status == "playing")]
        closed = 0
        for table in empty:
            async with table.lock:
                if table.closed or table.empty_since is None:
                    continue  # someone came back while the lock was awaited
                try:
                    await self.journal.write(self.storage.set_status, table.id, "closed")
                except Exception:
                    log.exception("table %s could not be closed", table.id)
                    continue
                table.close()
            self.tables.pop(table.id, None)
            await self.placement.released(table.id)
            closed += 1
            log.info("table %s closed (no seated person for %g minutes)", table.id, self.config.empty_table_minutes)
        self.placement.sweep()
        self.rates.sweep()
        for address, spent in self._unreported.items():
            self._report(address, spent)
        self._unreported.clear()
        self.chat.sweep()
        self.tournaments.sweep()
        try:
            await self.accounts.sweep()
        except Exception:
            log.exception("expired sessions could not be purged")
        return closed
