"""Tables, seats and sessions: who sits where, who may do what, and the match in play.

A :class:`Table` holds a :class:`~president.engine.Match` (the only authority on the
rules), its seats and the connections watching it. Every change goes to storage
first and to the clients after: a move is verified, played on a copy of the match,
committed, and only then does the copy become the table's match and the update go
out. The commit runs in a database thread (:class:`~president.server.store.journal.Journal`)
while the event loop serves everyone else; the table holds its lock from the check to
the broadcast, so no two changes of one table interleave, they are committed in the
order they were made, and a refused change leaves the table exactly as it was. What is
read (snapshots, the table's info) is always the committed state.

Bots and timers are ``call_later`` callbacks on the same loop: the bot of a bot seat
(after the bot delay), the stand-in bot for a person who dropped (after the grace
period) or whose turn timer ran out.

A table knows its match only through the interface both games implement
(:class:`~president.server.play.games.TableMatch`), and its game's bots through
:class:`~president.server.play.games.Game`: a table of the old President (``settings.game``)
holds an :class:`~president.server.play.oldgame.OldTableMatch` and takes the same path; its
forced cards are played by the table after the bot delay (``by: "forced"``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from ...engine import Match
from ...errors import IllegalMove
from ...explain import Explanation
from ...secret_deals import DealSecret
from ..config import ServerConfig
from ..errors import ProtocolError
from ..protocol import dumps
from ..store.journal import Journal
from ..store.storage import FinishedMatch, StoredSeat, StoredTable
from .bot_pool import BotRunner, Reason
from .games import GameEvent, TableMatch
from .settings import BOT_SPEEDS, TableSettings
from .subscriber import FIRST_READING, Reading, Subscriber

log = logging.getLogger("president.server")

RETRY_SECONDS = 1.0
"""A bot move that could not be stored is tried again after this long."""


def hash_token(token: str) -> str:
    """The stored form of a seat token (sha256, hex)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class Seat:
    """A seat: open, held by a person (name and hashed token), or given to a bot."""

    __slots__ = ("account_id", "away", "bot", "bot_account", "connections", "decisions", "grace", "index", "left",
                 "name", "seen", "stand_ins", "token_hash")

    def __init__(self, index: int, name: str | None = None, token_hash: str | None = None,
                 bot: str | None = None, account_id: int | None = None) -> None:
        self.index = index
        self.name = name
        self.token_hash = token_hash
        self.bot = bot
        self.account_id = account_id
        """The account of the person seated (a signed-in player or an invited bot account), else None."""
        self.connections: list[Subscriber] = []
        self.away = False
        self.grace: asyncio.TimerHandle | None = None
        self.bot_account = False
        """Held by a bot account (invited; or, after a restore, any seat of a bot account): it moves within
        ``bot_account_move_seconds``, and its connections do not keep a table of people open."""
        self.seen = False
        """A connection held the seat since the match began (a bot account that never came is not rated)."""
        self.left = False
        """The person resigned the match in play: the stand-in plays the seat to its end, and a rated match
        rates the seat last."""
        self.decisions = 0
        """Moves made for this person's seat in the current match (by the person or the stand-in)."""
        self.stand_ins = 0
        """… of which the stand-in made these."""

    @property
    def kind(self) -> str:
        """``person``, ``bot`` or ``open``."""
        if self.token_hash is not None:
            return "person"
        return "bot" if self.bot is not None else "open"

    def info(self) -> dict[str, Any]:
        """Public JSON form."""
        person = self.token_hash is not None
        return {
            "seat": self.index, "kind": self.kind, "name": self.name, "bot": self.bot,
            "connected": bool(self.connections), "away": self.away if person else False,
            "account": person and self.account_id is not None, "left": self.left,
            "bot_account": person and self.bot_account,
        }

    def stored(self) -> StoredSeat:
        """Storage form."""
        return StoredSeat(self.index, self.name, self.token_hash, self.bot, self.account_id)


class Table:
    """One table: settings, seats, the current match and everyone connected to it."""

    def __init__(
        self,
        table_id: str,
        settings: TableSettings,
        config: ServerConfig,
        journal: Journal,
        new_seed: Callable[[], int],
        runner: BotRunner,
        *,
        seats: list[Seat] | None = None,
        created_at: float | None = None,
    ) -> None:
        self.id = table_id
        self.settings = settings
        self.config = config
        self.journal = journal
        self.storage = journal.storage
        self.new_seed = new_seed
        self.runner = runner
        self.seats = seats if seats is not None else [Seat(i) for i in range(settings.players)]
        self.created_at = time.time() if created_at is None else created_at
        self.status = "waiting"
        self.match_no = 0
        self.seed: int | None = None
        """The seed of the current match: the bots' draws, and the deals of the old game (and of matches started
        before deals came from a secret)."""
        self.deal_secret: DealSecret | None = None
        """The secret the deals of the current match come from (the climbing game): shown when it is over."""
        self.shared_secret: bytes | None = None
        """The secret bytes every table of a duplicate round deals from (set by the tournament before the start)."""
        self.proof_held = settings.duplicate
        """The secret of a finished match is not shown while the other tables of its duplicate round still play
        the same cards (the tournament lets it go once the round is over)."""
        self.match: TableMatch | None = None
        self.ply = 0
        self.reasons: dict[int, tuple[int, int, str, dict[str, Any] | Callable[[Any], dict[str, Any] | None]]] = {}
        """Why the bots made their moves this match: by move number, the deal, the seat, the move and the
        explanation (told once the deal is over), or for a quick bot a function that works it out from the bot's
        view again (:data:`~.bot_pool.Reason`; the position is played again from :attr:`_replay` when asked)."""
        self._replay: tuple[int, TableMatch, list[Any]] | None = None
        """A position of the match that no move changes (its first, or where it was restored), its move number, and
        every move made since in the game's form: any later position of the match is played again from it."""
        self.last_match_id: int | None = None
        self.spectators: list[Subscriber] = []
        self._members: dict[Subscriber, int | None] = {}
        """Everyone following the table, and the seat each one holds (None: a spectator)."""
        self._readings: dict[Subscriber, Reading] = {}
        """How each follower that asked for other than :data:`FIRST_READING` reads the views."""
        self.deadline: float | None = None
        self.touched = time.monotonic()
        self.empty_since: float | None = self.touched
        """Since when no seat has had a connection (monotonic), or None while one has."""
        self.creator = ""
        """The client address that created the table, or its tournament (for the per-address quota and the bot
        workers' fair share; not stored)."""
        self.closed = False
        self.tournament: str | None = None
        self.one_match = False
        """A table of one match only (the deal of the day's): no rematch."""
        """The tournament this table is a round table of (set by the tournaments, not stored with the table):
        it plays on when its people are away, and is not closed while in play."""
        self.on_finish: Callable[[Table], None] | None = None
        """Called once the last move of a match is stored and told (the tournaments record the result)."""
        self.lock = asyncio.Lock()
        """Held by every change from its checks to its broadcast (the commit is awaited inside)."""
        self._timer: asyncio.TimerHandle | None = None
        self._thinking: asyncio.Task[None] | None = None

    # ----------------------------------------------------------------- creating and restoring

    @classmethod
    async def create(
        cls, table_id: str, settings: TableSettings, bots: list[str | None], config: ServerConfig,
        journal: Journal, new_seed: Callable[[], int], runner: BotRunner,
        people: dict[int, tuple[str, str, int | None]] | None = None,
    ) -> Table:
        """A new table (stored at once); ``bots`` names a bot or None (open) per seat.

        ``people`` seats persons at once: seat → (name, hashed token, account id or None).
        """
        for name in bots:
            if name is not None and not settings.kind.known_bot(name):
                raise ProtocolError("bad_bot", f"there is no bot called {name[:32]!r}")
        seats = [Seat(i, bot=bots[i] if i < len(bots) else None) for i in range(settings.players)]
        for index, (name, token_hash, account_id) in (people or {}).items():
            seats[index] = Seat(index, name, token_hash, account_id=account_id)
        table = cls(table_id, settings, config, journal, new_seed, runner, seats=seats)
        await journal.write(journal.storage.create_table, StoredTable(
            id=table_id, settings=settings.to_json(), status="waiting", match_no=0, seed=None,
            created_at=table.created_at, updated_at=table.created_at, seats=[s.stored() for s in seats],
        ))
        return table

    @classmethod
    def restore(
        cls, stored: StoredTable, config: ServerConfig, journal: Journal, new_seed: Callable[[], int],
        runner: BotRunner,
    ) -> Table:
        """The table as it was stored: its match is replayed move by move through the engine; who resigned, and
        how many of each person's decisions the stand-in made, come back with it."""
        settings = TableSettings.from_json(stored.settings)
        seats = [Seat(s.seat, s.name, s.token_hash, s.bot, s.account_id) for s in stored.seats]
        table = cls(stored.id, settings, config, journal, new_seed, runner, seats=seats, created_at=stored.created_at)
        table.status = stored.status
        table.match_no = stored.match_no
        table.seed = stored.seed
        table.deal_secret = None if stored.secret is None else DealSecret.from_hex(stored.secret, stored.id)
        table.last_match_id = stored.last_match_id
        if stored.seed is not None and stored.status in ("playing", "finished"):
            match = settings.new_match(stored.seed, table.deal_secret)
            for (seat, text), by in zip(stored.moves, stored.made_by or [None] * len(stored.moves), strict=True):
                if match.to_act != seat:
                    raise ValueError(f"table {stored.id}: stored move {table.ply} is not by the seat to act")
                match.apply(match.parse_move(text))
                table.ply += 1
                mover = seats[seat]
                if by in ("person", "stand-in") and mover.kind == "person":
                    mover.decisions += 1
                    mover.stand_ins += by == "stand-in"
            table.match = match
            table._replay = (table.ply, match, [])
            if stored.status == "playing":
                for kept, seat_now in zip(stored.seats, seats, strict=True):
                    seat_now.left = seat_now.away = kept.resigned and seat_now.kind == "person"
        return table

    def resume(self) -> None:
        """After a restore: start the grace periods of the people (nobody is connected yet) and the bots."""
        if self.status == "playing":
            for seat in self.seats:
                if seat.kind == "person" and not seat.left:
                    self._start_grace(seat)
            self._plan_turn()

    # ----------------------------------------------------------------- what everyone may see

    def info(self) -> dict[str, Any]:
        """The table as everyone may see it."""
        s = self.settings
        return {
            "id": self.id, "game": s.game, "rules": s.rules, "code": s.code(), "options": s.options,
            "players": s.players,
            "deals": s.deals,
            "target_score": s.target_score, "status": self.status, "match_no": self.match_no,
            "seats": [seat.info() for seat in self.seats], "turn_seconds": s.turn_seconds,
            "grace_seconds": s.grace_seconds, "public": s.public, "bot_speed": s.bot_speed,
            "explain_now": s.explain_now, "created_at": self.created_at,
            "match_id": self.last_match_id,
        }

    def view_for(self, seat: int | None) -> dict[str, Any] | None:
        """The view of ``seat`` (None: a spectator), or None before the first match."""
        if self.match is None:
            return None
        return self.match.view(seat)

    def snapshot(self, seat: int | None, reading: Reading = FIRST_READING) -> dict[str, Any]:
        """A full ``snapshot`` message for ``seat`` (None: a spectator); its view has the deal's history (the old
        game's: the table's latest events, ``log``) unless ``reading`` wants none. ``game`` says what a client
        needs to know of the table's game: its bots and every kind of event its updates may hold."""
        view = None if self.match is None else self.match.snapshot_view(seat, reading.history)
        kind = self.settings.kind
        return {
            "type": "snapshot", "table": self.info(), "seat": seat, "seq": self.ply,
            "view": view, "deadline": self.deadline, "now": round(time.time(), 3),
            "game": {"name": kind.name, "bots": kind.bots(), "event_types": list(kind.event_types),
                     "analysable": kind.analysable},
            **self._deal_proof(),
        }

    def reading_of(self, member: Subscriber) -> Reading:
        """How ``member`` reads the table's views (as its ``hello`` asked)."""
        return self._readings.get(member, FIRST_READING)

    def _deal_proof(self) -> dict[str, Any]:
        """The commitments of the deals dealt so far, and the secret they come from once the match is over (and
        never before: docs/verify.md); nothing for a match dealt from its seed."""
        secret, match = self.deal_secret, self.match
        if secret is None or match is None:
            return {}
        shown = match.is_over and not self.proof_held
        return {"commitments": secret.commitments(_dealt(match)), "secret": secret.hex if shown else None}

    def seat_of_member(self, member: Subscriber) -> int | None:
        """The seat ``member`` follows the table from (None: it watches); ``ProtocolError`` when it is not
        following this table."""
        try:
            return self._members[member]
        except KeyError:
            raise ProtocolError("hello_first", "say hello to this table first") from None

    def connections(self) -> list[Subscriber]:
        """Every connection to this table."""
        out = list(self.spectators)
        for seat in self.seats:
            out.extend(seat.connections)
        return out

    @property
    def open_seats(self) -> int:
        """How many seats nobody holds yet."""
        return sum(1 for s in self.seats if s.kind == "open")

    @property
    def listed(self) -> bool:
        """Shown in the lobby: public, and a seat open for a person or two people seated.

        A game of one person against the computer is not listed: there is no seat to take and
        nothing to watch but that person's play.
        """
        people = sum(1 for s in self.seats if s.kind == "person")
        return self.settings.public and (self.open_seats > 0 or people >= 2)

    def _require_open(self) -> None:
        if self.closed:
            raise ProtocolError("no_table", "this table was closed")

    # ----------------------------------------------------------------- seats

    def seat_of_token(self, token: str) -> int | None:
        """The seat this token opens, or None."""
        digest = hash_token(token)
        found = None
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                found = seat.index
        return found

    async def join(self, name: str, seat: int | None = None, account_id: int | None = None) -> tuple[int, str]:
        """Take an open seat under ``name`` (for ``account_id`` when signed in); returns the seat and its
        (unguessable) token.

        A seat given to a bot is not open: it must be opened first (``seat`` message with ``bot: null``).
        """
        async with self.lock:
            return await self._join(name, seat, account_id)

    async def invite(self, seat: int, name: str, account_id: int) -> str:
        """Before the start: seat a bot account in a seat no person holds; returns the seat's token (for the bot)."""
        async with self.lock:
            self._require_waiting()
            if not 0 <= seat < len(self.seats):
                raise ProtocolError("no_seat", f"this table has seats 0 to {len(self.seats) - 1}")
            if self.seats[seat].kind == "person":
                raise ProtocolError("seat_taken", f"seat {seat} is held by {self.seats[seat].name}")
            return (await self._join(name, seat, account_id, over_bot=True))[1]

    async def uninvite(self, seat: int, account_id: int) -> None:
        """Open again a seat given to a bot account by :meth:`invite` that nobody took (its invitation could not
        be handed over); nothing happens once the match started or the seat changed hands."""
        async with self.lock:
            if self.closed or self.status != "waiting" or not 0 <= seat < len(self.seats):
                return
            chosen = self.seats[seat]
            if chosen.account_id != account_id or chosen.connections:
                return
            await self.journal.write(self.storage.save_seats, self.id,
                                     [StoredSeat(chosen.index, None, None, chosen.bot)])
            chosen.name = chosen.token_hash = None
            chosen.account_id = None
            self._leave_seat(chosen)

    async def remove_invited(self, seat: int, account_id: int, bot: str | None) -> None:
        """Before the start: take the seat of the bot account ``account_id`` back from it (its token stops
        working, its connections only watch) and open it, or give it to the registry bot ``bot``."""
        async with self.lock:
            self._require_waiting()
            chosen = self.seats[seat]
            if chosen.kind != "person" or chosen.account_id != account_id:
                raise ProtocolError("seat_taken", f"seat {seat} changed hands meanwhile")
            if bot is not None and not self.settings.kind.known_bot(bot):
                raise ProtocolError("bad_bot", f"there is no bot called {bot[:32]!r}")
            await self.journal.write(self.storage.save_seats, self.id, [StoredSeat(chosen.index, None, None, bot)])
            chosen.name = chosen.token_hash = None
            chosen.account_id = None
            chosen.bot = bot
            log.info("table %s: bot account %d removed from seat %d", self.id, account_id, seat)
            self._leave_seat(chosen)

    async def _join(self, name: str, seat: int | None, account_id: int | None = None,
                    over_bot: bool = False) -> tuple[int, str]:
        self._require_open()
        held = next((s for s in self.seats if account_id is not None and s.kind == "person"
                     and s.account_id == account_id), None)
        if held is not None:
            if over_bot:
                raise ProtocolError("seat_taken", f"{name} has a seat at this table already")
            return held.index, await self._new_token(held)
        if self.status != "waiting":
            raise ProtocolError("already_started", "the match has started: you can watch this table")
        if seat is None:
            free = [s for s in self.seats if s.kind == "open"]
            if not free:
                raise ProtocolError("no_seat", "every seat is taken")
            chosen = free[0]
        else:
            if not 0 <= seat < len(self.seats):
                raise ProtocolError("no_seat", f"this table has seats 0 to {len(self.seats) - 1}")
            chosen = self.seats[seat]
            if chosen.kind == "person":
                raise ProtocolError("seat_taken", f"seat {seat} is taken by {chosen.name}")
            if chosen.kind == "bot" and not over_bot:
                raise ProtocolError("seat_taken", f"seat {seat} is given to the bot {chosen.bot}; open it first")
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        await self.journal.write(self.storage.save_seats, self.id,
                                 [StoredSeat(chosen.index, name, digest, None, account_id)])
        chosen.name, chosen.token_hash, chosen.bot, chosen.account_id = name, digest, None, account_id
        chosen.bot_account = over_bot
        who = name if account_id is None else f"account {account_id}"  # no account data in the log
        log.info("table %s: %s joins seat %d", self.id, who, chosen.index)
        self._changed()
        return chosen.index, token

    async def _new_token(self, seat: Seat) -> str:
        """A new token for a seat its account takes back (from another device, even in play); the old one stops
        opening it (the connections already open keep the seat)."""
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        await self.journal.write(self.storage.save_seats, self.id,
                                 [StoredSeat(seat.index, seat.name, digest, None, seat.account_id)])
        seat.token_hash = digest
        log.info("table %s: account %s takes seat %d back", self.id, seat.account_id, seat.index)
        return token

    async def set_seat(self, seat: int, bot: str | None) -> None:
        """Before the start: a bot (by name) in a seat no person holds, or open it again (``None``)."""
        async with self.lock:
            await self._set_seat(seat, bot)

    async def _set_seat(self, seat: int, bot: str | None) -> None:
        self._require_waiting()
        if not 0 <= seat < len(self.seats):
            raise ProtocolError("no_seat", f"this table has seats 0 to {len(self.seats) - 1}")
        target = self.seats[seat]
        if target.kind == "person":
            raise ProtocolError("seat_taken", f"seat {seat} is held by {target.name}")
        if bot is not None and not self.settings.kind.known_bot(bot):
            raise ProtocolError("bad_bot", f"there is no bot called {bot[:32]!r}")
        await self._save_seats([(target, bot)])

    async def fill(self, bot: str | None) -> None:
        """Before the start: a bot in every open seat."""
        async with self.lock:
            self._require_waiting()
            name = bot or self.settings.kind.fill_bot(self.config)
            if bot is not None and not self.settings.kind.known_bot(bot):
                raise ProtocolError("bad_bot", f"there is no bot called {bot[:32]!r}")
            await self._save_seats([(s, name) for s in self.seats if s.kind == "open"])

    async def _save_seats(self, changes: list[tuple[Seat, str | None]]) -> None:
        await self.journal.write(self.storage.save_seats, self.id,
                                 [StoredSeat(s.index, s.name, s.token_hash, bot, s.account_id) for s, bot in changes])
        for s, bot in changes:
            s.bot = bot
        self._changed()

    async def set_speed(self, speed: str) -> None:
        """How fast the computer players move from their next move on (any time; stored with the settings)."""
        async with self.lock:
            if speed not in BOT_SPEEDS:
                raise ProtocolError("bad_message", f"speed must be one of {', '.join(BOT_SPEEDS)}")
            settings = dataclasses.replace(self.settings, bot_speed=speed)
            await self.journal.write(self.storage.save_settings, self.id, settings.to_json())
            self.settings = settings
            self._changed()

    async def leave(self, conn: Subscriber) -> None:
        """The person of ``conn``'s seat gives it up, and the seat's connections then watch: before the start the
        seat opens; in play the person resigns (:meth:`_resign`)."""
        async with self.lock:
            self._require_open()
            index = self._members.get(conn)
            if index is None:
                raise ProtocolError("not_seated", "only a seated player may leave a seat")
            if self.status == "playing":
                await self._resign(index)
                return
            self._require_waiting()
            seat = self.seats[index]
            await self.journal.write(self.storage.save_seats, self.id, [StoredSeat(seat.index, None, None, seat.bot)])
            seat.name = seat.token_hash = None
            seat.account_id = None
            self._leave_seat(seat)

    async def _resign(self, index: int) -> None:
        """In play: the stand-in plays the seat to the end of the match (its person may watch but not come back to
        it), and a rated match rates the seat last (``docs/server.md``, *Leaving a match*). Stored first, so that
        a restart or another process that takes the table over keeps it."""
        seat = self.seats[index]
        if seat.kind != "person" or seat.left:
            raise ProtocolError("not_seated", "this seat has left the match already")
        try:
            await self.journal.write(self.storage.resign_seat, self.id, index)
        except Exception:
            log.exception("table %s: a resignation could not be stored", self.id)
            raise ProtocolError("storage_error") from None
        seat.left = seat.away = True
        if seat.grace is not None:
            seat.grace.cancel()
            seat.grace = None
        log.info("table %s: seat %d resigns; the stand-in bot plays for it", self.id, index)
        self._leave_seat(seat)
        if self.match is not None and self.match.to_act == index:
            self._plan_turn()

    def _leave_seat(self, seat: Seat) -> None:
        seat.bot_account = False
        moved, seat.connections = seat.connections, []
        for c in moved:
            self._members[c] = None
            self.spectators.append(c)
        self._note_if_empty()
        self._changed()
        for c in moved:
            c.send(self.snapshot(None, self.reading_of(c)))

    def _require_waiting(self) -> None:
        self._require_open()
        if self.status != "waiting":
            raise ProtocolError("already_started", "seats can only change before the match starts")

    # ----------------------------------------------------------------- starting

    async def start(self) -> None:
        """Start the first match (every seat held by a person or a bot)."""
        async with self.lock:
            self._require_open()
            if self.status != "waiting":
                raise ProtocolError("already_started")
            if self.open_seats:
                raise ProtocolError("seats_open", f"{self.open_seats} seat(s) still open: wait for people or fill "
                                                  "them with bots")
            await self._new_match()

    async def rematch(self) -> None:
        """A new match with the same seats, once the match is over."""
        async with self.lock:
            self._require_open()
            if self.status != "finished":
                raise ProtocolError("not_over" if self.status == "playing" else "not_started")
            if self.tournament is not None:
                raise ProtocolError("match_over", "a round table of a tournament plays one match")
            if self.one_match:
                raise ProtocolError("match_over", "a table of the deal of the day plays one match")
            await self._new_match()

    async def _new_match(self) -> None:
        seed = self.new_seed()
        fixed = None if self.config.seed is None else seed  # a server of fixed seeds deals predictably too
        if self.shared_secret is not None:
            secret = DealSecret(self.shared_secret, self.id)
        else:
            secret = DealSecret.new(self.id, fixed)
        match = self.settings.new_match(seed, secret)
        await self.journal.write(self.storage.start_match, self.id, self.match_no + 1, seed,
                                 None if secret is None else secret.hex)
        self.match_no += 1
        self.seed = seed
        self.deal_secret = secret
        self.match = match
        self.ply = 0
        self.reasons = {}
        self._replay = (0, match, [])  # each move is made on a copy: this match stays its first position
        self.status = "playing"
        log.info("table %s: match %d starts", self.id, self.match_no)
        for seat in self.seats:
            seat.seen = bool(seat.connections)
            seat.left, seat.decisions, seat.stand_ins = False, 0, 0
            if seat.kind == "person" and not seat.connections:
                self._start_grace(seat)
        self._plan_turn()
        self.touched = time.monotonic()
        for c in self.connections():
            c.send(self.snapshot(self._members[c], self.reading_of(c)))

    # ----------------------------------------------------------------- moves

    async def play(self, seat: int, move: str | int, by: str = "person", seq: int | None = None) -> None:
        """Play ``move`` for ``seat``: verified, stored, then told to everyone.

        Raises :class:`ProtocolError` (and changes nothing) when the move cannot be played.
        """
        async with self.lock:
            await self._play(seat, move, by, seq)

    async def _play(self, seat: int, move: str | int, by: str, seq: int | None = None) -> None:
        self._require_open()
        match = self.match
        if self.status != "playing" or match is None:
            raise ProtocolError("match_over" if self.status == "finished" else "not_started")
        if match.to_act != seat:
            raise ProtocolError("not_your_turn", f"seat {match.to_act} is to act, not seat {seat}")
        if seq is not None and seq != self.ply:
            raise ProtocolError("stale", f"the move was meant for move {seq}, but the match is at move {self.ply}")
        # Checked on the copy that plays it: the legal moves the check works out serve the move too.
        after = match.copy()
        try:
            value = after.verify(move)
        except IllegalMove as exc:
            raise ProtocolError("illegal_move", str(exc)) from None
        events = after.apply(value)
        text = match.move_text(value)
        mover = self.seats[seat]
        if by in ("person", "stand-in") and mover.kind == "person":
            mover.decisions += 1
            mover.stand_ins += by == "stand-in"
        try:
            if after.is_over:
                self.last_match_id = await self.journal.write(
                    self.storage.finish_match, self.id, self.match_no, self.ply, seat, text, self._finished(after), by)
            else:
                await self.journal.write(self.storage.add_move, self.id, self.match_no, self.ply, seat, text, by)
        except Exception:
            log.exception("table %s: a move could not be stored", self.id)
            if by in ("person", "stand-in") and mover.kind == "person":
                mover.decisions -= 1
                mover.stand_ins -= by == "stand-in"
            raise ProtocolError("storage_error") from None
        self.match = after
        self.ply += 1
        if self._replay is not None:
            self._replay[2].append(value)
        self.touched = time.monotonic()
        if after.is_over:
            self.status = "finished"
            log.info("table %s: match %d is over", self.id, self.match_no)
        self._plan_turn()
        self._send_update(seat, by, events, match)
        if after.is_over:
            self._changed()
            if self.on_finish is not None:
                self.on_finish(self)

    def hint(self, seat: int) -> str:
        """What a bot would do for ``seat`` on its turn, from that seat's own view: the move of the ``classic``
        bot (the climbing game), or the card the ``careful`` bot would start a sequence with (old President)."""
        match = self.match
        if match is None:
            raise ProtocolError("not_started", "the match has not started")
        if self.status != "playing" or match.to_act != seat or match.forced_move() is not None:
            raise ProtocolError("not_your_turn", self.settings.kind.hint_refusal)
        assert self.seed is not None
        return match.move_text(self.settings.kind.hint(match.bot_view(seat), self.seed, self.ply))

    def hint_why(self, seat: int) -> dict[str, Any] | None:
        """Why the hint's bot would make the move of :meth:`hint` (from the seat's own view), with its English
        text; None in old President. Call it after :meth:`hint`, which checks the turn."""
        match = self.match
        assert match is not None and self.seed is not None
        return _with_text(self.settings.kind.hint_why(match.bot_view(seat), self.seed, self.ply))

    def why(self, seq: int) -> dict[str, Any]:
        """The ``why`` answer for the move ``seq`` of this match: a bot's move of a deal that is over, or of the
        deal in play at a practice table (``explain_now``).

        Raises :class:`ProtocolError` when there is no such reason yet: the move is not a bot's (or was forced,
        or the old game's), or its deal is still being played at a table that is not for practice.
        """
        match = self.match
        reason = self.reasons.get(seq)
        if match is None or reason is None:
            raise ProtocolError("no_reason", f"no computer player's reason is kept for move {seq} of this match")
        deal, seat, move, kept = reason
        if match.deal_number <= deal and not match.is_over and not self.settings.explain_now:
            raise ProtocolError("why_later", "the computer players say why once the deal is over: their reasons "
                                "would show their cards")
        why = kept(self._position(seq).bot_view(seat)) if callable(kept) else kept
        if why is None:
            del self.reasons[seq]
            raise ProtocolError("no_reason", f"no computer player's reason is kept for move {seq} of this match")
        self.reasons[seq] = (deal, seat, move, why)
        return {"type": "why", "seq": seq, "seat": seat, "move": move, "why": _with_text(why)}

    def _position(self, seq: int) -> TableMatch:
        """The match as it was before its move ``seq`` (one made since :attr:`_replay`'s position), played again."""
        assert self._replay is not None
        ply, start, moves = self._replay
        match = start.copy()
        for value in moves[:seq - ply]:
            match.apply(value)
        return match

    def _finished(self, match: TableMatch) -> FinishedMatch:
        return FinishedMatch(
            rules=self.settings.rules,
            players=match.players, record=match.record(),
            names=[s.name if s.kind == "person" else None for s in self.seats],
            bots=[s.bot if s.kind == "bot" else None for s in self.seats],
            scores=list(match.scores), winners=list(match.winners),
            # A bot account that never came to its seat is not rated for the stand-in's moves.
            accounts=[s.account_id if s.kind == "person" and (s.seen or not s.bot_account) else None
                      for s in self.seats],
            leavers=[s.index for s in self.seats if s.kind == "person" and self._quit(s)],
            practice=self.settings.explain_now,
        )

    def _quit(self, seat: Seat) -> bool:
        """Whether a person's seat counts as left: resigned, or the stand-in made more than
        ``leave_stand_in_share`` of its decisions (a drop that comes back within the grace time costs nothing:
        the stand-in makes no decision meanwhile)."""
        if seat.left:
            return True
        return seat.decisions > 0 and seat.stand_ins > self.config.leave_stand_in_share * seat.decisions

    def _send_update(self, mover: int, by: str, events: Sequence[GameEvent], before: TableMatch) -> None:
        """Tell every follower the move: one text per seat and way of reading (and one for the spectators)."""
        match = self.match
        assert match is not None
        events = list(events)  # an engine's events are made as they are read: made once here
        base = {"type": "update", "seq": self.ply, "seat": mover, "by": by, "now": round(time.time(), 3)}
        if self.deal_secret is not None and (match.is_over or _dealt(match) != _dealt(before)
                                             or any(getattr(e, "kind", None) == "deal" for e in events)):
            base.update(self._deal_proof())
        added: list[dict[str, Any] | None] = []  # the history's change, worked out once if anyone reads it

        def message(seat: int | None, reading: Reading) -> str:
            out = {**base, "events": [e.to_dict(seat) for e in events],
                   "view": match.view(seat, reading.full_views), "deadline": self.deadline}
            if reading.history_updates:
                if not added:
                    change = match.history_since(before)
                    added.append(None if change is None else {"at": change[0], "add": change[1]})
                if added[0] is not None:
                    out["history"] = added[0]
            return dumps(out)

        for seat in self.seats:
            if seat.connections:
                self._send_each(seat.connections, functools.partial(message, seat.index))
        if self.spectators:
            self._send_each(self.spectators, functools.partial(message, None))

    def _send_each(self, followers: list[Subscriber], text_for: Callable[[Reading], str]) -> None:
        """Send each follower its text, made once for each way of reading among them."""
        made: dict[Reading, str] = {}
        for c in followers:
            reading = self._readings.get(c, FIRST_READING)
            text = made.get(reading)
            if text is None:
                text = made[reading] = text_for(reading)
            c.send_text(text)

    # ----------------------------------------------------------------- bots and timers

    def _plan_turn(self) -> None:
        """Arrange who moves next when it is not a person at a keyboard: a bot, or a stand-in after a delay."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.deadline = None
        match = self.match
        if self.status != "playing" or match is None or match.to_act is None:
            return
        seat = self.seats[match.to_act]
        forced = match.forced_move() is not None
        limits = [t for t in (self.settings.turn_seconds,
                              self.config.bot_account_move_seconds if seat.bot_account else None) if t is not None]
        if forced or seat.kind == "bot" or seat.away:
            delay = self.settings.bot_delay(self.config.bot_delay)
        elif limits:  # the turn timer, and a bot account's deadline, whichever comes first
            delay = min(limits)
            self.deadline = time.time() + delay
        else:
            return
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(delay, self._on_timer, self.ply)

    def paused(self) -> bool:
        """True while no seated person is connected to a table that has people's seats: nobody plays then,
        not even the bots and stand-ins, until someone comes back (an empty table is closed after a while)."""
        if self.tournament is not None:
            return False  # a round table keeps to its time control: stand-ins play for those away
        return self.empty_since is not None and any(s.kind == "person" and not s.left for s in self.seats)

    def _on_timer(self, ply: int) -> None:
        self._timer = None
        match = self.match
        if self.closed or self.status != "playing" or match is None or ply != self.ply or match.to_act is None:
            return
        if self.paused():
            log.info("table %s: paused, nobody is connected", self.id)
            return  # attach() plans the turn again
        index = match.to_act
        seat = self.seats[index]
        forced = match.forced_move()
        loop = asyncio.get_running_loop()
        if forced is not None:
            self._thinking = loop.create_task(self._bot_plays_now(index, forced, "forced", ply))
            return
        if seat.kind == "bot":
            assert seat.bot is not None
            name, by = seat.bot, "bot"
        else:
            name, by = self.settings.kind.stand_in(self.config), "stand-in"
        assert self.seed is not None
        view = match.bot_view(index)
        self._thinking = loop.create_task(self._bot_turn(index, name, by, view, self.seed, ply))

    async def _bot_turn(self, index: int, name: str, by: str, view: Any, seed: int, ply: int) -> None:
        move, why = await self.settings.kind.bot_move(self.runner, name, view, seed, ply, self.id,
                                                      owner=self.creator)
        await self._bot_plays_now(index, move, by, ply, why)

    async def _bot_plays_now(self, index: int, move: Any, by: str, ply: int, why: Reason = None) -> None:
        async with self.lock:
            await self._bot_plays(index, move, by, ply, why)

    async def _bot_plays(self, index: int, move: Any, by: str, ply: int, why: Reason = None) -> None:
        if self.closed or ply != self.ply or self.status != "playing" or self.match is None:
            return  # the position moved on while the bot thought (a person came back)
        match = self.match
        try:
            try:
                await self._play(index, move, by)
            except ProtocolError as exc:
                if exc.code != "illegal_move":
                    raise
                log.error("table %s: the %s move for seat %d is illegal; its first legal move is played", self.id,
                          by, index)
                move, why = match.legal_masks()[0], None
                await self._play(index, move, by)
            if why is not None:
                self.reasons[ply] = (match.deal_number, index, match.move_text(move), why)
        except Exception:
            log.exception("table %s: the %s move for seat %d failed; it is tried again", self.id, by, index)
            self._timer = asyncio.get_running_loop().call_later(RETRY_SECONDS, self._on_timer, ply)

    def _start_grace(self, seat: Seat) -> None:
        if seat.grace is not None:
            seat.grace.cancel()
        loop = asyncio.get_running_loop()
        seat.grace = loop.call_later(self.settings.grace_seconds, self._on_grace, seat.index)

    def _on_grace(self, index: int) -> None:
        seat = self.seats[index]
        seat.grace = None
        if seat.connections or self.status != "playing" or seat.kind != "person":
            return
        seat.away = True
        log.info("table %s: seat %d is away; the stand-in bot plays for it", self.id, index)
        self._changed()
        if self.match is not None and self.match.to_act == index:
            self._plan_turn()

    # ----------------------------------------------------------------- connections

    def attach(self, conn: Subscriber, seat: int | None, reading: Reading = FIRST_READING) -> None:
        """Add a connection (to a seat, or as a spectator) and send it a snapshot, its views read as
        ``reading`` says."""
        if seat is not None and self.seats[seat].left and self.status == "playing":
            seat = None  # a person who resigned watches the rest of the match
        self._members[conn] = seat
        if reading != FIRST_READING:
            self._readings[conn] = reading
        self.touched = time.monotonic()
        if seat is None:
            self.spectators.append(conn)
            conn.send(self.snapshot(None, reading))
            return
        target = self.seats[seat]
        first = not target.connections
        target.connections.append(conn)
        target.seen = True
        resumed = self.paused()
        if self._attended():
            self.empty_since = None
        if target.grace is not None:
            target.grace.cancel()
            target.grace = None
        was_away, target.away = target.away, False
        if resumed or (was_away and self.match is not None and self.match.to_act == seat):
            self._plan_turn()
        conn.send(self.snapshot(seat, reading))
        if first:
            self._changed(skip=conn)

    def resync(self, conn: Subscriber) -> None:
        """Send a follower that missed messages (it fell behind) a fresh snapshot of its seat or of the spectators'
        view."""
        if conn in self._members:
            conn.send(self.snapshot(self._members[conn], self.reading_of(conn)))

    def detach(self, conn: Subscriber) -> None:
        """Remove a connection; a person's last connection gone starts the grace period."""
        self.touched = time.monotonic()
        if conn not in self._members:
            return
        index = self._members.pop(conn)
        self._readings.pop(conn, None)
        if index is None:
            if conn in self.spectators:
                self.spectators.remove(conn)
            return
        seat = self.seats[index]
        if conn in seat.connections:
            seat.connections.remove(conn)
        self._note_if_empty()
        if not seat.connections and seat.kind == "person":
            if self.status == "playing":
                self._start_grace(seat)
            self._changed()

    def _note_if_empty(self) -> None:
        if self.empty_since is None and not self._attended():
            self.empty_since = time.monotonic()

    def _attended(self) -> bool:
        """Whether a person is connected to a seat; at a table with no person's seat but those of bot accounts,
        whether one of these is (a bot account alone at a table of people does not keep it open)."""
        people = [s for s in self.seats if s.kind == "person" and not s.bot_account]
        return any(s.connections for s in (people or self.seats))

    @property
    def people_ids(self) -> list[int]:
        """The accounts seated as people (for blocks)."""
        return [s.account_id for s in self.seats if s.kind == "person" and s.account_id is not None]

    def _changed(self, skip: Subscriber | None = None) -> None:
        """Tell everyone connected that the table (seats, status) changed."""
        text = dumps({"type": "table", "table": self.info()})
        for c in self.connections():
            if c is not skip:
                c.send_text(text)

    def close(self, code: int = 1001, reason: str = "the table was closed") -> None:
        """Stop the timers and close every connection (the table is being unloaded)."""
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._thinking is not None:
            self._thinking.cancel()
            self._thinking = None
        for seat in self.seats:
            if seat.grace is not None:
                seat.grace.cancel()
                seat.grace = None
        for c in self.connections():
            c.close(code, reason)


def _with_text(why: dict[str, Any] | None) -> dict[str, Any] | None:
    """An explanation's JSON form with its English text beside it (None stays None)."""
    if why is None:
        return None
    return {**why, "text": Explanation.from_dict(why).text()}


def _dealt(match: TableMatch) -> int:
    """How many deals (the old game: packs) of ``match`` were dealt so far, each shown with its commitment."""
    if isinstance(match, Match):
        return match.deal_number
    return int(getattr(match, "dealt", 0))
