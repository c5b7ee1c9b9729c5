"""Tournaments: a host's event of several rounds, Swiss-paired into ordinary tables of the server.

A host creates an event (rule set, house rules, rounds, seats per table, turn timer) and
gets a host key; people join under a name and get an entry key; the host adds registry
bots and starts. Each round is paired by standing (:mod:`~president.server.play.pairing`) into
normal tables, created with every seat taken (a person's seat opens with the entry key,
whose hash it stores) and started at once: play, persistence and crash recovery are the
tables' own. A round table keeps to its time control: when a person is away the stand-in
bot plays for the seat after the grace period or the turn timer, so a round always ends.
When every table of a round is over, the next round is paired; after the last one the
event is finished. Everything is stored (``president_tournaments``, ``..._entries``,
``..._boards``) before it is told, and a restarted server picks up where it stopped.

When the server runs as several processes, one of them holds each event (see
:mod:`.placement`): the calls that change it are done there (:meth:`Tournaments.act`), and
every process reads events from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...duplicate import dealt_hands
from ...engine import Match
from ...rules import get_rules
from ...secret_deals import SECRET_BYTES, DealSecret
from ..config import ServerConfig
from ..errors import ProtocolError
from ..protocol import MODERN_MAX_PLAYERS, BotName, DisplayName
from ..store.analyses import Analyses
from ..store.duplicate_ratings import rate_round
from ..store.journal import Journal
from ..store.leases import tournament_lease
from ..store.storage import StoredSeat
from ..store.tournament_log import (
    Board,
    Entry,
    StoredTournament,
    cancel_tournament,
    finished_tournaments,
    first_match_of,
    load_tournaments,
    remove_entry,
    store_entry,
    store_result,
    store_round,
    store_tournament,
)
from .bot_pool import known_bot
from .duplicate_field import DealPoints, adjusted_by_subject, complete_deals, field_report
from .pairing import BoardResult, duplicate_round, meetings, pair_round, standings, table_points
from .placement import TABLES, TOURNAMENTS, Placement
from .settings import TableSettings, check_rule_options
from .tables import Table, hash_token

log = logging.getLogger("president.server")

NewTable = Callable[[TableSettings, list[str | None], dict[int, tuple[str, str, int | None]]], Awaitable[Table]]
"""Makes a new table of this process: settings, the bot of each seat, the people seated (seat: name, hashed key,
account) (:meth:`~president.server.edge.hub.Hub.new_table`)."""

MAX_ROUNDS = 12
"""The most rounds of one tournament."""

FILL_BOT = "classic"
"""The bot that fills the open seats of a short table (it is not an entrant)."""

PAR_BOTS = ("classic", "expert")
"""The bots whose field gives the par of a duplicate event."""

PAR_PLAYOUTS = 8
"""Playouts of each duplicate deal's par (each seat leads as often as the others)."""

PAR_SECONDS = 20.0
"""The most time a duplicate deal's par may take in its worker."""



# ----------------------------------------------------------------- REST bodies


class CreateTournamentRequest(BaseModel):
    """``POST /api/tournaments``: a new event."""

    model_config = ConfigDict(extra="forbid")

    name: DisplayName
    rules: str = Field(default="tavern-jack", max_length=40)
    """A preset name or alias."""
    options: dict[str, Any] = Field(default_factory=dict)
    """House rules that differ from the preset."""
    rounds: int = Field(default=3, ge=1, le=MAX_ROUNDS, strict=True)
    seats: int = Field(default=4, ge=2, le=MODERN_MAX_PLAYERS, strict=True)
    """Seats of each table."""
    deals: int | None = Field(default=None, ge=1, le=20, strict=True)
    """Deals of each round's match (default: the preset's)."""
    turn_seconds: float | None = Field(default=30.0, gt=0, le=600)
    """The time control: seconds a person has for a move before the stand-in bot plays it (None: no timer)."""
    grace_seconds: float = Field(default=30.0, ge=0, le=3600)
    """Seconds a dropped person keeps control of the seat before the stand-in bot plays for it."""
    format: Literal["swiss", "duplicate"] = "swiss"
    """``swiss``: rounds paired by standing; ``duplicate``: every table of a round plays the same cards from the
    same seats, the same groups every round with the seats rotated, results measured against the field."""
    par_bot: Literal["classic", "expert"] = "classic"
    """Duplicate: the bot whose field gives each deal's par."""


class JoinTournamentRequest(BaseModel):
    """``POST /api/tournaments/{id}/join``: a person enters under a name."""

    model_config = ConfigDict(extra="forbid")

    name: DisplayName


class AddBotRequest(BaseModel):
    """``POST /api/tournaments/{id}/bots``: the host enters a registry bot."""

    model_config = ConfigDict(extra="forbid")

    host_key: str = Field(min_length=1, max_length=128)
    bot: BotName
    name: DisplayName | None = None
    """The bot's name in the standings (default: its registry name and a number)."""


class HostRequest(BaseModel):
    """``POST /api/tournaments/{id}/start``: the host's key."""

    model_config = ConfigDict(extra="forbid")

    host_key: str = Field(min_length=1, max_length=128)


class LeaveTournamentRequest(BaseModel):
    """``POST /api/tournaments/{id}/leave``: an entrant withdraws before the start with its key."""

    model_config = ConfigDict(extra="forbid")

    key: str = Field(min_length=1, max_length=128)


# ----------------------------------------------------------------- the event in memory


@dataclass
class Tournament(StoredTournament):
    """One event in memory: its stored form, its creator and its lock."""

    creator: str = ""
    """The client address that created it (for the per-address quota; not stored)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @classmethod
    def from_stored(cls, stored: StoredTournament) -> Tournament:
        """The event in memory of its stored form."""
        return cls(stored.id, stored.settings, stored.host_hash, stored.status, stored.round, stored.created_at,
                   stored.entries, stored.boards)

    def results(self) -> list[BoardResult]:
        """Every finished table so far."""
        return [BoardResult(b.entries, b.scores) for b in self.boards if b.scores is not None]

    def info(self) -> dict[str, Any]:
        """The event, its standings and its rounds, as everyone may see them."""
        names = {e.entry: e for e in self.entries}
        table = standings(names, self.results())
        ranked = []
        for place, row in enumerate(table, 1):
            entry = names[row.entry]
            ranked.append({"rank": place, **entry.public(), "points": row.points, "score": row.score,
                           "buchholz": row.buchholz, "played": row.played})
        rounds: list[dict[str, Any]] = []  # the tables of each round paired so far
        for board in self.boards:
            if not rounds or rounds[-1]["round"] != board.round:
                rounds.append({"round": board.round, "boards": []})
            seats = [names[e].public() if e is not None else {"entry": None, "name": None, "bot": FILL_BOT}
                     for e in board.entries]
            rounds[-1]["boards"].append({
                "board": board.board, "table": board.table_id, "seats": seats, "scores": board.scores,
                "points": table_points(board.scores) if board.scores is not None else None,
                "match_id": board.match_id,
            })
        if self.duplicate:
            for r in rounds:  # a finished table's replay shows cards other tables of the round are still playing
                if any(b["scores"] is None for b in r["boards"]):
                    for b in r["boards"]:
                        b["match_id"] = None
        return {"id": self.id, "format": "swiss", **self.settings, "status": self.status, "round": self.round,
                "created_at": self.created_at, "entries": [e.public() for e in self.entries],
                "standings": ranked, "played": rounds}

    @property
    def duplicate(self) -> bool:
        """A duplicate event: every table of a round deals the same cards."""
        return self.settings.get("format") == "duplicate"

    def summary(self) -> dict[str, Any]:
        """One line of the list of events."""
        return {"id": self.id, "name": self.settings["name"], "rules": self.settings["rules"],
                "rounds": self.settings["rounds"], "seats": self.settings["seats"], "status": self.status,
                "round": self.round, "entries": len(self.entries), "created_at": self.created_at}


# ----------------------------------------------------------------- the events of a hub


class Tournaments:
    """Every event of a hub not yet finished, and the pairing of their rounds."""

    def __init__(self, config: ServerConfig, journal: Journal, tables: dict[str, Table], new_table: NewTable,
                 placement: Placement, analyses: Analyses | None = None) -> None:
        self.config = config
        self.journal = journal
        self.storage = journal.storage
        self.tables = tables
        """The tables this process plays (the hub's), the round tables among them."""
        self.new_table = new_table
        self.placement = placement
        self.events: dict[str, Tournament] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.analyses = analyses
        """The analysis workers, which compute the par of duplicate deals (None: no par)."""
        self._pars: dict[tuple[str, int, int], list[float] | None] = {}
        """Par by (event, round, deal); None while it is computed or when it could not be (``_par_failed``)."""
        self._par_failed: set[tuple[str, int, int]] = set()
        self._replayed: dict[int, Match] = {}
        """Finished round matches replayed from their records, by match id (duplicate results)."""

    async def _load(self, tournament_id: str | None = None) -> list[Tournament]:
        """The events not finished (or the one with this id, whatever its status), read from the database."""
        found = await self.journal.read(load_tournaments, self.storage, tournament_id)
        return [Tournament.from_stored(t) for t in found]

    # ------------------------------------------------------------- restoring

    async def restore(self) -> None:
        """Load the events not finished and mark their tables (before the tables' timers start)."""
        for t in await self._load():
            self.events[t.id] = t
            for board in t.boards:
                table = self.tables.get(board.table_id)
                if table is None:
                    continue
                table.tournament = t.id
                if board.scores is None:
                    self._watch(t, table)

    async def catch_up(self) -> None:
        """Record the tables that finished while the server was down, and pair the rounds that are due."""
        for t in list(self.events.values()):
            async with t.lock:
                if t.status != "playing":
                    continue
                for board in t.boards:
                    if board.round == t.round and board.scores is None:
                        table = self.tables.get(board.table_id)
                        if table is not None and table.status == "waiting":
                            await table.start()  # the server stopped between pairing and starting the round
                        if table is not None and table.status != "finished":
                            continue
                        found = await self._result_of(board, table)
                        if found is not None:
                            await self._record(t, board, *found)
                if t.duplicate:  # a round whose rating was not done before the server stopped (done once only)
                    for round_no in range(1, t.round):
                        self._spawn(self._rate_round(t, round_no))
                await self._advance(t)

    async def _result_of(self, board: Board, table: Table | None) -> tuple[int, list[int]] | None:
        if table is not None and table.match is not None and table.last_match_id is not None:
            return table.last_match_id, list(table.match.scores)
        return await self.journal.read(first_match_of, self.storage, board.table_id)

    # ------------------------------------------------------------- reading

    async def get(self, tournament_id: str) -> Tournament:
        """The event with this id (a finished one is read from the database), or ``not_found`` (404)."""
        t = self.events.get(tournament_id)
        if t is not None:
            return t
        found = await self._load(tournament_id[:64])
        if not found:
            raise ProtocolError("not_found", f"there is no tournament {tournament_id[:64]!r}", 404)
        return found[0]

    async def listing(self, finished: int = 20) -> list[dict[str, Any]]:
        """The events open or in play (newest first), then the latest finished ones."""
        held = await self._load()  # the events of every process (each is stored before it is told)
        live = sorted(held, key=lambda t: -t.created_at)
        done = await self.journal.read(finished_tournaments, self.storage, finished)
        return [t.summary() for t in live] + [Tournament.from_stored(t).summary() for t in done]

    # ------------------------------------------------------------- the host and the entrants

    async def create(self, request: CreateTournamentRequest, client: str = "") -> tuple[Tournament, str]:
        """A new event; returns it and the host key (the only key to starting it and adding bots)."""
        config = self.config
        if len(self.events) >= config.max_tournaments:
            raise ProtocolError("server_full", "the server holds as many tournaments as it can; try again later", 503)
        try:
            rules = get_rules(request.rules).name
        except ValueError as exc:
            raise ProtocolError("bad_rules", str(exc)) from None
        check_rule_options(request.options)
        settings = {"name": request.name, "rules": rules, "options": dict(request.options), "rounds": request.rounds,
                    "seats": request.seats, "deals": request.deals, "turn_seconds": request.turn_seconds,
                    "grace_seconds": request.grace_seconds}
        if request.format == "duplicate":
            settings.update(format="duplicate", par_bot=request.par_bot)
        self._table_settings(settings).new_match(0)  # refuses rules that cannot be played with these seats
        key = secrets.token_urlsafe(24)
        t = Tournament(id=secrets.token_hex(6), settings=settings, host_hash=hash_token(key),
                       created_at=time.time(), creator=client)
        lease = tournament_lease(t.id)
        if not await self.placement.claim(lease):
            raise ProtocolError("table_moving", "try again", 503)  # the id is in use: next time it is another
        try:
            if client and not await self.placement.count(TOURNAMENTS, client, lease, config.client_tournaments):
                raise ProtocolError("too_many_tables", f"tournaments created from your address are still running "
                                    f"({config.client_tournaments} at most): wait for one to end, or cancel one "
                                    "not started", 429)
            await self.journal.write(store_tournament, self.storage, t)
        except BaseException:
            await self.placement.released(lease)
            raise
        self.events[t.id] = t
        log.info("tournament %s created (%s, %d rounds)", t.id, rules, request.rounds)
        return t, key

    def _table_settings(self, settings: dict[str, Any]) -> TableSettings:
        return TableSettings(rules=settings["rules"], players=settings["seats"], options=settings["options"],
                             deals=settings["deals"], turn_seconds=settings["turn_seconds"],
                             grace_seconds=settings["grace_seconds"],
                             duplicate=settings.get("format") == "duplicate")

    def _open(self, tournament_id: str) -> Tournament:
        t = self.events.get(tournament_id)
        if t is None:
            raise ProtocolError("not_found", f"there is no open tournament {tournament_id[:64]!r}", 404)
        if t.status != "registering":
            raise ProtocolError("already_started", "the tournament has started")
        return t

    def _check_host(self, t: Tournament, key: str) -> None:
        if not secrets.compare_digest(t.host_hash, hash_token(key)):
            raise ProtocolError("bad_token", "this key does not host this tournament", 403)

    async def _enter(self, t: Tournament, entry: Entry) -> None:
        if len(t.entries) >= self.config.tournament_entries:
            raise ProtocolError("no_seat", f"the tournament is full ({len(t.entries)} entrants)")
        await self.journal.write(store_entry, self.storage, t.id, entry)
        t.entries.append(entry)

    async def act(self, call: str, tournament_id: str, args: dict[str, Any], relayed: bool = False) -> dict[str, Any]:
        """A call that changes an event (``join``, ``bots``, ``leave``, ``start``, ``cancel``; ``args`` are the
        request's fields, and for ``join`` the signed-in ``account`` as ``[id, name]``): done here, or in a cluster
        asked of the process that holds the event. The answer of the REST call."""
        if tournament_id not in self.events:
            where = await self.placement.locate_tournament(tournament_id)
            if isinstance(where, str):
                if relayed:  # it moved between the two processes' look-ups
                    raise ProtocolError("table_moving", "the tournament is moving to another server process", 503)
                return await self.placement.call(where, "tournament", call=call, id=tournament_id, a=args)
        if call == "join":
            account = args.pop("account", None)
            t, entry, key = await self.join(tournament_id, JoinTournamentRequest(**args),
                                            (int(account[0]), str(account[1])) if account else None)
            return {"tournament": t.info(), "entry": entry.entry, "key": key}
        if call == "bots":
            t, entry = await self.add_bot(tournament_id, AddBotRequest(**args))
            return {"tournament": t.info(), "entry": entry.entry}
        if call == "leave":
            return {"tournament": (await self.leave(tournament_id, LeaveTournamentRequest(**args))).info()}
        if call == "start":
            return {"tournament": (await self.start(tournament_id, HostRequest(**args))).info()}
        if call == "cancel":
            return {"tournament": (await self.cancel(tournament_id, HostRequest(**args))).info()}
        raise ProtocolError("bad_request", f"unknown call {call[:32]!r}")

    def held(self) -> list[str]:
        """The ids of the events this process holds."""
        return list(self.events)

    def holds(self, tournament_id: str) -> bool:
        """Whether this process holds the event."""
        return tournament_id in self.events

    def drop(self, tournament_id: str) -> bool:
        """Stop holding an event (another process holds it now); False when it was not held here."""
        return self.events.pop(tournament_id, None) is not None

    async def adopt(self, tournament_id: str) -> Tournament | None:
        """In a cluster, this process took the lease of an event: load it (None: it is finished or unknown)."""
        t = self.events.get(tournament_id)
        if t is not None:
            return t
        found = await self._load(tournament_id)
        t = self.events.get(tournament_id)  # adopted by another task meanwhile
        if t is not None:
            return t
        if not found or found[0].status in ("finished", "cancelled"):
            await self.placement.released(tournament_lease(tournament_id))
            return None
        t = found[0]
        self.events[t.id] = t
        for board in t.boards:
            table = self.tables.get(board.table_id)
            if table is not None:
                table.tournament = t.id
                if board.scores is None:
                    self._watch(t, table)
        log.info("tournament %s is held by this process now", t.id)
        return t

    def mark(self, table: Table, tournament_id: str) -> None:
        """In a cluster, a round table was restored here (before its timers start): it keeps to its time control,
        and when this process holds its event, its end is recorded at once."""
        table.tournament = tournament_id
        t = self.events.get(tournament_id)
        if t is not None and any(b.table_id == table.id and b.scores is None for b in t.boards):
            self._watch(t, table)

    async def join(self, tournament_id: str, request: JoinTournamentRequest,
                   account: tuple[int, str] | None = None) -> tuple[Tournament, Entry, str]:
        """A person enters (under the name of the account ``(id, name)`` when signed in); returns the entry and its
        key (it opens the person's seat at every table)."""
        t = self._open(tournament_id)
        name = account[1] if account is not None else request.name
        player = f"account:{account[0]}" if account is not None else name
        async with t.lock:
            t = self._open(tournament_id)
            if any(e.name == name for e in t.entries):
                raise ProtocolError("seat_taken", f"someone has entered as {name!r}; choose another name")
            key = secrets.token_urlsafe(24)
            entry = Entry(self._next_entry(t), player, name, None, hash_token(key), time.time(),
                          account[0] if account is not None else None)
            await self._enter(t, entry)
        return t, entry, key

    async def add_bot(self, tournament_id: str, request: AddBotRequest) -> tuple[Tournament, Entry]:
        """The host enters a registry bot."""
        t = self._open(tournament_id)
        self._check_host(t, request.host_key)
        if not known_bot(request.bot):
            raise ProtocolError("bad_bot", f"there is no bot called {request.bot[:32]!r}")
        async with t.lock:
            t = self._open(tournament_id)
            number = self._next_entry(t)
            name = request.name or f"{request.bot} {number + 1}"
            if any(e.name == name for e in t.entries):
                raise ProtocolError("seat_taken", f"someone has entered as {name!r}; choose another name")
            entry = Entry(number, f"bot:{request.bot}", name, request.bot, None, time.time())
            await self._enter(t, entry)
        return t, entry

    async def leave(self, tournament_id: str, request: LeaveTournamentRequest) -> Tournament:
        """Before the start, an entrant withdraws with its key (or the host takes out a bot with the host key)."""
        t = self._open(tournament_id)
        async with t.lock:
            t = self._open(tournament_id)
            digest = hash_token(request.key)
            found = next((e for e in t.entries if e.token_hash is not None
                          and secrets.compare_digest(e.token_hash, digest)), None)
            if found is None:
                raise ProtocolError("bad_token", "this key is not an entry of this tournament", 403)
            await self.journal.write(remove_entry, self.storage, t.id, found.entry)
            t.entries.remove(found)
        return t

    @staticmethod
    def _next_entry(t: Tournament) -> int:
        return max((e.entry for e in t.entries), default=-1) + 1

    async def start(self, tournament_id: str, request: HostRequest) -> Tournament:
        """The host closes the entries and the first round is paired."""
        t = self._open(tournament_id)
        self._check_host(t, request.host_key)
        async with t.lock:
            t = self._open(tournament_id)
            if len(t.entries) < 2:
                raise ProtocolError("seats_open", "a tournament needs at least two entrants")
            await self._pair(t, first=True)
        return t

    async def cancel(self, tournament_id: str, request: HostRequest) -> Tournament:
        """The host calls off an event before its start: its entries close and its places are free again."""
        t = self._open(tournament_id)
        self._check_host(t, request.host_key)
        async with t.lock:
            t = self._open(tournament_id)
            await self._cancel(t)
        log.info("tournament %s cancelled by its host", t.id)
        return t

    async def _cancel(self, t: Tournament) -> None:
        """Store the event as cancelled and let it go (its lock is held; it has not started)."""
        await self.journal.write(cancel_tournament, self.storage, t.id)
        t.status = "cancelled"
        self.events.pop(t.id, None)
        await self.placement.released(tournament_lease(t.id))

    async def _expire(self, t: Tournament) -> None:
        try:
            async with t.lock:
                if t.status != "registering" or self.events.get(t.id) is not t:
                    return
                await self._cancel(t)
            log.info("tournament %s expired: not started within %g minutes", t.id,
                     self.config.tournament_open_minutes)
        except Exception:
            log.exception("tournament %s: it could not be expired", t.id)

    # ------------------------------------------------------------- rounds

    async def _pair(self, t: Tournament, first: bool = False) -> None:
        """Pair and start the next round (the event's lock is held). The round tables count in the open tables of
        the event's creator; the ``first`` round is refused (``too_many_tables``) when they would pass
        ``client_event_tables``."""
        round_no = t.round + 1
        if t.duplicate:
            pairing = duplicate_round([e.entry for e in t.entries], t.settings["seats"], round_no)
        else:
            if t.round == 0:
                order = [e.entry for e in t.entries]
            else:
                order = [s.entry for s in standings([e.entry for e in t.entries], t.results())]
            pairing = pair_round(order, t.settings["seats"], meetings(b.entries for b in t.boards))
        if first and t.creator:
            held = await self.placement.held(TABLES, t.creator)
            if held + len(pairing) > self.config.client_event_tables:
                raise ProtocolError("too_many_tables", f"the first round needs {len(pairing)} tables and your "
                                    f"address holds {held} open ones ({self.config.client_event_tables} at most "
                                    "with the rounds of its events); wait for some to close", 429)
        boards: list[Board] = []
        tables: list[Table] = []
        try:
            await self._make_tables(t, round_no, pairing, boards, tables)
            await self.journal.write(store_round, self.storage, t.id, round_no, boards)
        except BaseException:
            for table in tables:  # a round is paired whole or not at all
                table.close()
                self.tables.pop(table.id, None)
                with contextlib.suppress(Exception):
                    await self.journal.write(self.storage.set_status, table.id, "closed")
                with contextlib.suppress(Exception):
                    await self.placement.released(table.id)
            raise
        t.boards.extend(boards)
        t.round = round_no
        t.status = "playing"
        log.info("tournament %s: round %d paired into %d table(s)", t.id, round_no, len(boards))
        for table in tables:
            self._watch(t, table)
            await table.start()

    async def _make_tables(self, t: Tournament, round_no: int, pairing: list[list[int | None]],
                           boards: list[Board], tables: list[Table]) -> None:
        names = {e.entry: e for e in t.entries}
        settings = self._table_settings(t.settings)
        shared = None
        if t.duplicate:  # one secret for the round: every table deals the same cards to the same seats
            shared = secrets.token_bytes(SECRET_BYTES) if self.config.seed is None else DealSecret.new(
                "round", self.config.seed + round_no).secret
        for number, seated in enumerate(pairing, 1):
            bots: list[str | None] = []
            people: dict[int, tuple[str, str, int | None]] = {}
            for seat, entry in enumerate(seated):
                who = names[entry] if entry is not None else None
                if who is None or who.bot is not None:
                    bots.append(who.bot if who is not None else FILL_BOT)
                else:
                    assert who.token_hash is not None
                    bots.append(None)
                    people[seat] = (who.name, who.token_hash, who.account_id)
            table = await self.new_table(settings, bots, people)
            table.shared_secret = shared
            tables.append(table)
            if t.creator:  # the round tables count for the event's creator, as the tables it made itself
                table.creator = t.creator
                await self.placement.count(TABLES, t.creator, table.id)
            boards.append(Board(round_no, number, table.id, list(seated)))
            # A bot entrant sits under its name in the standings (the seat stays a bot's).
            named = [StoredSeat(seat, names[entry].name, None, names[entry].bot) for seat, entry in enumerate(seated)
                     if entry is not None and names[entry].bot is not None]
            if named:
                await self.journal.write(self.storage.save_seats, table.id, named)
                for stored in named:
                    table.seats[stored.seat].name = stored.name

    def _watch(self, t: Tournament, table: Table) -> None:
        table.tournament = t.id

        def finished(done: Table) -> None:
            task = asyncio.ensure_future(self._table_over(t.id, done))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        table.on_finish = finished

    async def _table_over(self, tournament_id: str, table: Table) -> None:
        t = self.events.get(tournament_id)
        if t is None:
            return
        try:
            async with t.lock:
                board = next((b for b in t.boards if b.table_id == table.id and b.scores is None), None)
                if board is None or table.match is None or table.last_match_id is None:
                    return
                await self._record(t, board, table.last_match_id, list(table.match.scores))
                await self._advance(t)
        except Exception:
            log.exception("tournament %s: the end of table %s could not be recorded", tournament_id, table.id)

    async def _record(self, t: Tournament, board: Board, match_id: int, scores: list[int]) -> None:
        board.match_id, board.scores = match_id, scores
        last = t.round >= t.settings["rounds"] and all(
            b.scores is not None for b in t.boards if b.round == t.round)
        await self.journal.write(store_result, self.storage, t.id, board, last)
        table = self.tables.get(board.table_id)
        if table is not None:
            table.on_finish = None
        if t.duplicate and all(b.scores is not None for b in t.boards if b.round == board.round):
            for b in t.boards:  # the round is over: its tables may show the secret their deals came from
                done = self.tables.get(b.table_id)
                if b.round == board.round and done is not None:
                    done.proof_held = False
            self._spawn(self._rate_round(t, board.round))
        if last:
            t.status = "finished"
            log.info("tournament %s is over", t.id)

    async def _advance(self, t: Tournament) -> None:
        """Pair the next round when every table of this one is over (the event's lock is held)."""
        if t.status == "finished":
            self.events.pop(t.id, None)
            await self.placement.released(tournament_lease(t.id))
            return
        if t.status == "playing" and all(b.scores is not None for b in t.boards if b.round == t.round):
            await self._pair(t)

    def sweep(self) -> None:
        """Retry the pairing of rounds that are due (a pairing refused for want of room is tried again), and
        cancel the events not started within ``tournament_open_minutes`` of their creation."""
        expired = time.time() - self.config.tournament_open_minutes * 60
        for t in list(self.events.values()):
            if t.lock.locked():
                continue
            if t.status == "playing" and all(b.scores is not None for b in t.boards if b.round == t.round):
                self._spawn(self._retry(t))
            elif t.status == "registering" and t.created_at <= expired:
                self._spawn(self._expire(t))

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _retry(self, t: Tournament) -> None:
        try:
            async with t.lock:
                await self._advance(t)
        except Exception:
            log.exception("tournament %s: the next round could not be paired", t.id)

    # ------------------------------------------------------------- duplicate results

    def withheld(self, match_id: int) -> bool:
        """Whether the finished match ``match_id`` is a table of a duplicate round still in play elsewhere: its
        record would show cards the other tables of the round are playing (this process's events)."""
        for t in self.events.values():
            if not t.duplicate:
                continue
            board = next((b for b in t.boards if b.match_id == match_id), None)
            if board is not None:
                return any(b.scores is None for b in t.boards if b.round == board.round)
        return False

    async def field(self, t: Tournament) -> dict[str, Any] | None:
        """A duplicate event's results against the field (:func:`.duplicate_field.field_report`), or None for
        another format. The par of each deal every table has finished is asked of the analysis workers once; it
        shows in a later reading when it is ready."""
        if not t.duplicate:
            return None
        rounds: dict[int, list[Board]] = {}
        for b in t.boards:
            rounds.setdefault(b.round, []).append(b)
        results: dict[str, DealPoints] = {}
        matches: dict[int, Match] = {}
        for round_no, boards in rounds.items():
            for b in boards:
                match = await self._match_of(b)
                if match is not None:
                    results[b.table_id] = [r.points for r in match.deal_results]
                    matches.setdefault(round_no, match)
        pars: dict[tuple[int, int], list[float]] = {}
        for round_no, boards in rounds.items():
            missing = []
            for deal in range(1, complete_deals(boards, results) + 1):
                key = (t.id, round_no, deal)
                if key not in self._pars:
                    missing.append(key)
                par = self._pars.get(key)
                if par is not None:
                    pars[(round_no, deal)] = par
            if missing:
                self._start_par(t, missing, matches[round_no])
        report = field_report(rounds, results, pars)
        report["par_bot"] = t.settings.get("par_bot", "classic")
        report["par_unavailable"] = self.analyses is None or any(key[0] == t.id for key in self._par_failed)
        return report

    async def _rate_round(self, t: Tournament, round_no: int) -> None:
        """Rate a finished round of a duplicate event by its entrants' adjusted totals
        (:mod:`~president.server.store.duplicate_ratings`), once the par of its deals is known: not at all without
        analysis workers."""
        try:
            boards = [b for b in t.boards if b.round == round_no]
            results: dict[str, DealPoints] = {}
            first: Match | None = None
            for b in boards:
                match = await self._match_of(b)
                if match is None:
                    return
                results[b.table_id] = [r.points for r in match.deal_results]
                first = first or match
            if first is None or first.deal_secret is None:
                return
            keys = [(t.id, round_no, deal) for deal in range(1, complete_deals(boards, results) + 1)]
            missing = [key for key in keys if self._pars.get(key) is None]
            if missing:
                if self.analyses is None or self.config.analysis_workers < 1:
                    return
                deals = [dealt_hands(first.rules, first.players, key[2], deal_secret=first.deal_secret)
                         for key in missing]
                found = await self.analyses.par(first.rules, deals, t.settings.get("par_bot", "classic"),
                                                PAR_PLAYOUTS, PAR_SECONDS * len(deals))
                for key, par in zip(missing, found, strict=True):
                    self._pars[key] = [float(p) for p in par["points"]]
            pars = {(round_no, key[2]): self._pars[key] or [] for key in keys}
            report = field_report({round_no: boards}, results, pars)
            adjusted = adjusted_by_subject(report["totals"], t.entries)
            if await self.journal.write(rate_round, self.storage, t.id, round_no, t.settings["rules"], adjusted):
                log.info("tournament %s: round %d rated against par", t.id, round_no)
        except Exception:
            log.exception("tournament %s: round %d could not be rated", t.id, round_no)

    async def _match_of(self, board: Board) -> Match | None:
        """The match of a round table: in play here, or replayed from its stored record once finished."""
        table = self.tables.get(board.table_id)
        if table is not None and isinstance(table.match, Match):
            return table.match
        if board.match_id is None:
            return None
        match = self._replayed.get(board.match_id)
        if match is None:
            stored = await self.journal.read(self.storage.match, board.match_id)
            if stored is None:
                return None
            try:
                match = Match.replay(str(stored["record"]))
            except ValueError:
                log.exception("the record of match %d does not replay", board.match_id)
                return None
            self._replayed[board.match_id] = match
        return match

    def _start_par(self, t: Tournament, keys: list[tuple[str, int, int]], match: Match) -> None:
        """Ask the analysis workers for the par of these deals (event, round, deal) of one round, in one process."""
        for key in keys:
            self._pars[key] = None
        secret = match.deal_secret
        if self.analyses is None or secret is None:
            self._par_failed.update(keys)
            return
        deals = [dealt_hands(match.rules, match.players, key[2], deal_secret=secret) for key in keys]
        bot = t.settings.get("par_bot", "classic")
        analyses = self.analyses

        async def compute() -> None:
            try:
                found = await analyses.par(match.rules, deals, bot, PAR_PLAYOUTS, PAR_SECONDS * len(deals))
                for key, par in zip(keys, found, strict=True):
                    self._pars[key] = [float(p) for p in par["points"]]
            except Exception:
                self._par_failed.update(keys)
                log.exception("tournament %s: the par of deals %s could not be computed", t.id,
                              [key[1:] for key in keys])

        self._spawn(compute())
