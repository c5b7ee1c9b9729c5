"""Accounts: names claimed with a password, signed-in sessions by cookie, login limits, bot accounts' API tokens.

A person may play as a guest under any name no account holds, or claim a name with a
password (hashed with argon2id, ``argon2-cffi``; the hashing runs in threads of its own,
never in the event loop). Signing in gives a session: a random token in an HttpOnly,
SameSite=Lax cookie (Secure behind HTTPS), of which only the SHA-256 hash is stored.

Login limits live in the database (``president_login_limits``), so that every server process
counts the same attempts: each attempt is counted before the password is checked (one atomic
upsert), first against the client address, then against the pair of the name and the address
and against the name from every address, and given back when it succeeds. A browser that signed
in to the account before holds a device cookie (its hash is kept with the sessions); its attempts
at that account count against that device alone, so that nobody can lock the owner out by failing
on purpose elsewhere. Nothing of an account but its id goes to the log.

A signed-in account may turn itself into a bot account and get an API token (shown once,
stored hashed): the token opens a ``listen`` connection on the WebSocket, which receives the
invitations of hosts (``docs/bot-api.md``).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Connection, and_, case, delete, func, insert, or_, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from ..errors import ProtocolError
from ..names import skeleton
from ..protocol import DisplayName
from .duplicate_ratings import duplicate_ratings_of
from .fair_play import matches_left
from .journal import Journal
from .ratings import account_subject, ratings_of
from .schema import AccountRow, BoardRow, EntryRow, LoginLimitRow, MatchRow, ResultRow, SessionRow, TournamentRow
from .storage import Storage

log = logging.getLogger("president.server")

Leader = Callable[[list[int], list[tuple[list[int | None], list[int]]]], int | None]
"""Of a tournament's entries and its finished tables (the entry at each seat, the scores), the entry first in
its standings (None: no entrant); the rule is play's (:func:`~president.server.play.pairing.leader`)."""

SESSION_COOKIE = "president_session"
"""The name of the session cookie."""

SESSION_SECONDS = 30 * 24 * 3600.0
"""How long a session lasts without signing in again."""

DEVICE_COOKIE = "president_device"
"""The name of the cookie of a browser that signed in to an account before (a known device)."""

DEVICE_SECONDS = 365 * 24 * 3600.0
"""How long a browser stays a known device of an account after it last signed in."""

LIMIT_WINDOW = 15 * 60.0
"""The window over which login attempts are counted (seconds)."""

PAIR_ATTEMPTS = 10
"""Failed sign-ins for one name from one address within the window before they are refused until the window ends."""

NAME_ATTEMPTS = 100
"""Failed sign-ins for one name from every address together within the window (not from a known device)."""

ADDRESS_ATTEMPTS = 30
"""Failed sign-ins from one address within the window (counted first: an address over it is refused at once)."""

DEVICE_ATTEMPTS = 10
"""Failed sign-ins from one known device of an account within the window."""

API_TOKEN_PREFIX = "pb_"
"""Every API token starts so: never with a dash a command line would take for an option, and easy to spot."""

MIN_PASSWORD = 8
MAX_PASSWORD = 200


class PasswordChange(BaseModel):
    """``POST /api/me/password``: the password now, and the new one."""

    model_config = ConfigDict(extra="forbid", strict=True)

    password: str = Field(min_length=1, max_length=MAX_PASSWORD)
    new_password: str = Field(min_length=MIN_PASSWORD, max_length=MAX_PASSWORD)


class Credentials(BaseModel):
    """``POST /api/accounts`` and ``POST /api/login``: a name and its password."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: DisplayName
    password: str = Field(min_length=MIN_PASSWORD, max_length=MAX_PASSWORD)


@dataclass(frozen=True)
class Account:
    """A signed-in account as the server uses it."""

    id: int
    name: str
    bot: bool = False

    def public(self) -> dict[str, Any]:
        """What the account's owner and everyone may see."""
        return {"name": self.name, "bot": self.bot}


NAME_KEY_LENGTH = 64
"""The longest name key stored (a key longer than its name comes of compatibility forms that expand)."""

TWIN = "\x1f"
"""Between the key and the id of an account made before names were compared by their look, whose name looks like an
earlier account's (the migration ``0004`` keeps both, the later one under ``<key>\x1f<id>``)."""


def name_key(name: str) -> str:
    """The form under which a name is unique: its look (:func:`~president.server.names.skeleton`: case, accents,
    invisible characters and look-alike letters of other scripts set aside)."""
    return skeleton(name)[:NAME_KEY_LENGTH]


def hash_secret(token: str) -> str:
    """The stored form of a session cookie or an API token (sha256, hex)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def device_hash(token: str) -> str:
    """The stored form of a device cookie: never the hash of a session cookie, so that it opens no session."""
    return hash_secret(f"device:{token}")


def _upsert(db: Connection) -> Any:
    return pg_insert if db.dialect.name == "postgresql" else sqlite_insert


# ----------------------------------------------------------------- storage (blocking; run in the journal's threads)


def create_account(storage: Storage, name: str, password_hash: str) -> Account | None:
    """A new account, or None when the name (in any case) is taken."""
    try:
        with storage.engine.begin() as db:
            account_id = db.execute(insert(AccountRow).values(
                name=name, name_key=name_key(name), password_hash=password_hash, bot=False, created_at=time.time(),
            ).returning(AccountRow.id)).scalar_one()
    except IntegrityError:
        return None
    return Account(int(account_id), name)


def find_account(storage: Storage, name: str) -> tuple[Account, str] | None:
    """The account holding this name (or one that looks the same) and its password hash, or None. Of look-alike
    accounts kept from before the names were compared by their look, the one of this very name (in any case)."""
    key = name_key(name)
    twins = AccountRow.name_key.startswith(key + TWIN, autoescape=True)
    with storage.engine.connect() as db:
        rows = db.execute(select(AccountRow.id, AccountRow.name, AccountRow.bot, AccountRow.password_hash,
                                 AccountRow.name_key)
                          .where(or_(AccountRow.name_key == key, twins)).order_by(AccountRow.id)).all()
    row = next((r for r in rows if r.name.casefold() == name.casefold()), None) or next(
        (r for r in rows if r.name_key == key), None)
    return None if row is None else (Account(row.id, row.name, bool(row.bot)), row.password_hash)


def account_by_id(storage: Storage, account_id: int) -> Account | None:
    """The account with this id, or None."""
    with storage.engine.connect() as db:
        row = db.execute(select(AccountRow.id, AccountRow.name, AccountRow.bot)
                         .where(AccountRow.id == account_id)).first()
    return None if row is None else Account(row.id, row.name, bool(row.bot))


def set_password_hash(storage: Storage, account_id: int, password_hash: str) -> None:
    """Replace an account's password hash (argon2 parameters raised since it was made)."""
    with storage.engine.begin() as db:
        db.execute(update(AccountRow).where(AccountRow.id == account_id).values(password_hash=password_hash))


def count_attempt(storage: Storage, keys: list[str], window: float) -> list[int]:
    """Count one attempt against each key (a new window once the old one is over); the counts, this one included."""
    now = time.time()
    counts = []
    with storage.engine.begin() as db:
        insert_ = _upsert(db)
        for key in keys:
            stmt = insert_(LoginLimitRow).values(key=key, count=1, window_start=now)
            expired = LoginLimitRow.window_start < now - window
            stmt = stmt.on_conflict_do_update(index_elements=["key"], set_={
                "count": case((expired, 1), else_=LoginLimitRow.count + 1),
                "window_start": case((expired, now), else_=LoginLimitRow.window_start),
            }).returning(LoginLimitRow.count)
            counts.append(int(db.execute(stmt).scalar_one()))
    return counts


def forget_attempt(storage: Storage, keys: list[str]) -> None:
    """Give back one counted attempt of each key (it succeeded)."""
    with storage.engine.begin() as db:
        db.execute(update(LoginLimitRow).where(LoginLimitRow.key.in_(keys), LoginLimitRow.count > 0)
                   .values(count=LoginLimitRow.count - 1))


def create_session(storage: Storage, token_hash: str, account_id: int) -> None:
    """Store a new session."""
    now = time.time()
    with storage.engine.begin() as db:
        db.execute(insert(SessionRow).values(token_hash=token_hash, account_id=account_id, created_at=now,
                                             expires_at=now + SESSION_SECONDS))


def session_account(storage: Storage, token_hash: str) -> Account | None:
    """The account of a session that has not expired, or None."""
    with storage.engine.connect() as db:
        row = db.execute(select(AccountRow.id, AccountRow.name, AccountRow.bot)
                         .join(SessionRow, SessionRow.account_id == AccountRow.id)
                         .where(SessionRow.token_hash == token_hash, SessionRow.expires_at > time.time())).first()
    return None if row is None else Account(row.id, row.name, bool(row.bot))


def end_session(storage: Storage, token_hash: str) -> None:
    """Forget a session (signing out)."""
    with storage.engine.begin() as db:
        db.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))


def end_sessions(storage: Storage, account_id: int, keep: str | None = None) -> int:
    """Forget every session of an account (and its known devices), but the one whose hash is ``keep``; how many
    sessions ended."""
    with storage.engine.begin() as db:
        found = db.execute(delete(SessionRow).where(SessionRow.account_id == account_id,
                                                    SessionRow.token_hash != (keep or ""))
                           .returning(SessionRow.token_hash))
        return len(found.all())


def remember_device(storage: Storage, token_hash: str, account_id: int) -> None:
    """Know a browser as a device of the account for :data:`DEVICE_SECONDS` from now."""
    now = time.time()
    with storage.engine.begin() as db:
        db.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))
        db.execute(insert(SessionRow).values(token_hash=token_hash, account_id=account_id, created_at=now,
                                             expires_at=now + DEVICE_SECONDS))


def known_device(storage: Storage, token_hash: str, account_id: int) -> bool:
    """Whether the device of this hash is a known one of the account."""
    with storage.engine.connect() as db:
        return db.execute(select(SessionRow.token_hash).where(
            SessionRow.token_hash == token_hash, SessionRow.account_id == account_id,
            SessionRow.expires_at > time.time())).first() is not None


def purge(storage: Storage, window: float) -> None:
    """Drop the expired sessions and the login counts whose window is over."""
    now = time.time()
    with storage.engine.begin() as db:
        db.execute(delete(SessionRow).where(SessionRow.expires_at <= now))
        db.execute(delete(LoginLimitRow).where(LoginLimitRow.window_start < now - window))


def set_api_token(storage: Storage, account_id: int, token_hash: str) -> None:
    """Flag an account as a bot and give it a new API token (the old one stops working)."""
    with storage.engine.begin() as db:
        db.execute(update(AccountRow).where(AccountRow.id == account_id).values(bot=True, api_token_hash=token_hash))


def account_rules(storage: Storage, account_id: int) -> str | None:
    """The rule code an account keeps as its own rules, or None."""
    with storage.engine.connect() as db:
        code: str | None = db.execute(select(AccountRow.rules_code).where(AccountRow.id == account_id)).scalar()
    return code


def set_account_rules(storage: Storage, account_id: int, code: str | None) -> None:
    """Keep ``code`` as the account's own rules (None forgets them)."""
    with storage.engine.begin() as db:
        db.execute(update(AccountRow).where(AccountRow.id == account_id).values(rules_code=code))


def api_account(storage: Storage, token_hash: str) -> Account | None:
    """The bot account of an API token, or None."""
    with storage.engine.connect() as db:
        row = db.execute(select(AccountRow.id, AccountRow.name, AccountRow.bot)
                         .where(AccountRow.api_token_hash == token_hash, AccountRow.bot.is_(True))).first()
    return None if row is None else Account(row.id, row.name, True)


def profile(storage: Storage, name: str, leader: Leader, limit: int = 50) -> dict[str, Any] | None:
    """A player's page: the account, its finished matches (newest first), titles won, ratings with history and
    duplicate ratings with their rounds.

    A title is a finished tournament whose ``leader`` (first in its standings) is the account's entry.
    """

    found = find_account(storage, name)
    if found is None:
        return None
    account = found[0]
    with storage.engine.connect() as db:
        won = func.sum(case((ResultRow.won.is_(True), 1), else_=0))
        total, wins = db.execute(select(func.count(), won).where(ResultRow.account_id == account.id)).one()
        matches = []
        for row in db.execute(
                select(MatchRow, ResultRow.seat.label("seat"), ResultRow.points, ResultRow.won.label("won_it"))
                .join(ResultRow, ResultRow.match_id == MatchRow.id).where(ResultRow.account_id == account.id)
                .order_by(MatchRow.finished_at.desc(), MatchRow.id.desc()).limit(limit)):
            matches.append({"id": row.id, "table": row.table_id, "rules": row.rules, "players": row.players,
                            "names": list(row.names), "bots": list(row.bots), "scores": list(row.scores),
                            "winners": list(row.winners), "finished_at": row.finished_at, "seat": row.seat,
                            "points": row.points, "won": bool(row.won_it), "rated": bool(row.rated)})
        titles = []
        events = [e for (e,) in db.execute(
            select(EntryRow.tournament_id).join(TournamentRow, TournamentRow.id == EntryRow.tournament_id)
            .where(EntryRow.account_id == account.id, TournamentRow.status == "finished"))]
        if events:
            for event_id in events:
                tournament = db.execute(select(TournamentRow).where(TournamentRow.id == event_id)).one()
                entries = {e.entry: e for e in db.execute(select(EntryRow).where(EntryRow.tournament_id == event_id))}
                results = [(list(b.entries), list(b.scores)) for b in db.execute(
                    select(BoardRow).where(and_(BoardRow.tournament_id == event_id, BoardRow.scores.is_not(None))))]
                first = leader(list(entries), results)
                if first is not None and entries[first].account_id == account.id:
                    titles.append({"tournament": event_id, "name": tournament.settings.get("name"),
                                   "rules": tournament.settings.get("rules"), "at": tournament.updated_at})
        ratings = ratings_of(db, account_subject(account.id))
        duplicate_ratings = duplicate_ratings_of(db, account_subject(account.id))
        left = matches_left(db, account.id)
    return {"account": account.public(), "matches_played": int(total), "matches_won": int(wins or 0),
            "matches_left": left,
            "matches": matches, "titles": titles, "ratings": ratings, "duplicate_ratings": duplicate_ratings}


def names_taken(storage: Storage, names: list[str]) -> bool:
    """Whether any of these names belongs to an account."""
    keys = [name_key(n) for n in names]
    with storage.engine.connect() as db:
        return db.execute(select(AccountRow.id).where(or_(*(AccountRow.name_key == k for k in keys)))).first() \
            is not None


# ----------------------------------------------------------------- the service of a hub


class Accounts:
    """Registering, signing in and out, sessions and API tokens, for the routes and the hub."""

    def __init__(self, journal: Journal, hashers: int = 2, memory_kib: int = 65536, time_cost: int = 3,
                 registrations: int = 5) -> None:
        self.journal = journal
        self.storage = journal.storage
        self.hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib)
        self._hashing = ThreadPoolExecutor(hashers, thread_name_prefix="president-password")
        self._waiting = 0
        self.registrations = registrations
        """Accounts one address may create within the window."""
        self.max_waiting = 16 * hashers
        """Password checks that may wait for a hashing thread; more are refused (``server_busy``)."""

    def close(self) -> None:
        """Release the hashing threads."""
        self._hashing.shutdown(wait=False, cancel_futures=True)

    async def _hash(self, fn: Any, *args: Any) -> Any:
        if self._waiting >= self.max_waiting:
            raise ProtocolError("server_full", "the server is checking many passwords; try again in a moment", 503)
        self._waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._hashing, fn, *args)
        finally:
            self._waiting -= 1

    async def _count(self, keys: list[str], limits: list[int], what: str) -> None:
        counts = await self.journal.write(count_attempt, self.storage, keys, LIMIT_WINDOW)
        if any(c > limit for c, limit in zip(counts, limits, strict=True)):
            raise ProtocolError("too_many_logins", f"too many {what} in a short time; wait 15 minutes", 429)

    async def register(self, credentials: Credentials, address: str) -> tuple[Account, str]:
        """A new account under the name, signed in; refused when the name is taken (``name_taken``)."""
        await self._count([f"register:{address}"], [self.registrations], "new accounts from your address")
        password_hash = await self._hash(self.hasher.hash, credentials.password)
        account = await self.journal.write(create_account, self.storage, credentials.name, password_hash)
        if account is None:
            raise ProtocolError("name_taken", "this name belongs to an account already; choose another", 409)
        log.info("account %d created", account.id)
        return account, await self._new_session(account)

    async def login(self, credentials: Credentials, address: str, device: str | None = None
                    ) -> tuple[Account, str]:
        """Sign in: the account and a new session token; ``bad_login`` (401) or ``too_many_logins`` (429).

        ``device`` is the browser's device cookie: from a known device of the account, the attempts count against
        that device alone, else against the address first, then the name from this address and from anywhere.
        """
        found = await self.journal.read(find_account, self.storage, credentials.name)
        keys = await self._count_attempt(found[0] if found is not None else None, name_key(credentials.name),
                                         address, device)
        if found is None:
            await self._hash(self.hasher.hash, credentials.password)  # as slow as a wrong password
            raise ProtocolError("bad_login", "this name and password do not match an account", 401)
        account, password_hash = found
        await self._check_password(password_hash, credentials.password)
        await self.journal.write(forget_attempt, self.storage, keys)
        if self.hasher.check_needs_rehash(password_hash):
            rehashed = await self._hash(self.hasher.hash, credentials.password)
            await self.journal.write(set_password_hash, self.storage, account.id, rehashed)
        log.info("account %d signed in", account.id)
        return account, await self._new_session(account)

    async def _count_attempt(self, account: Account | None, key: str, address: str, device: str | None
                             ) -> list[str]:
        """Count one attempt at the password of ``account`` (of name key ``key``); the keys counted."""
        if account is not None and device and len(device) <= 128:
            hashed = device_hash(device)
            if await self.journal.read(known_device, self.storage, hashed, account.id):
                keys = [f"device:{hashed}"]
                await self._count(keys, [DEVICE_ATTEMPTS], "failed sign-ins on this device")
                return keys
        await self._count([f"address:{address}"], [ADDRESS_ATTEMPTS], "failed sign-ins from your address")
        keys = [f"pair:{key}|{address}", f"name:{key}"]
        try:
            await self._count(keys, [PAIR_ATTEMPTS, NAME_ATTEMPTS], "failed sign-ins for this name")
        except ProtocolError:
            await self.journal.write(forget_attempt, self.storage, [f"address:{address}"])  # refused unchecked
            raise
        return [f"address:{address}", *keys]

    async def _check_password(self, password_hash: str, password: str) -> None:
        try:
            await self._hash(self.hasher.verify, password_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            raise ProtocolError("bad_login", "this name and password do not match an account", 401) from None

    async def new_device(self, account: Account, device: str | None) -> str:
        """Remember the browser as a known device of ``account`` (its cookie ``device``, or a new one); the
        cookie's value."""
        token = device if device and len(device) <= 128 else secrets.token_urlsafe(32)
        await self.journal.write(remember_device, self.storage, device_hash(token), account.id)
        return token

    async def change_password(self, account: Account, change: PasswordChange, session: str | None, address: str,
                              device: str | None) -> None:
        """Replace the password of the signed-in ``account`` (its password now checked and counted as a sign-in);
        every other session of the account ends."""
        found = await self.journal.read(find_account, self.storage, account.name)
        if found is None or found[0].id != account.id:
            raise ProtocolError("not_signed_in", "sign in again", 401)
        keys = await self._count_attempt(account, name_key(account.name), address, device)
        await self._check_password(found[1], change.password)
        await self.journal.write(forget_attempt, self.storage, keys)
        new_hash = await self._hash(self.hasher.hash, change.new_password)
        await self.journal.write(set_password_hash, self.storage, account.id, new_hash)
        ended = await self.journal.write(end_sessions, self.storage, account.id,
                                         hash_secret(session) if session else None)
        log.info("account %d changed its password; %d other session(s) ended", account.id, ended)

    async def sign_out_everywhere(self, account: Account) -> int:
        """End every session of ``account`` (this browser's too) and forget its known devices; how many ended."""
        ended = int(await self.journal.write(end_sessions, self.storage, account.id))
        log.info("account %d signed out everywhere (%d session(s))", account.id, ended)
        return ended

    async def _new_session(self, account: Account) -> str:
        token = secrets.token_urlsafe(32)
        await self.journal.write(create_session, self.storage, hash_secret(token), account.id)
        return token

    async def session(self, token: str | None) -> Account | None:
        """The account signed in with this session token, or None."""
        if not token or len(token) > 128:
            return None
        return await self.journal.read(session_account, self.storage, hash_secret(token))

    async def logout(self, token: str | None) -> None:
        """End a session."""
        if token and len(token) <= 128:
            await self.journal.write(end_session, self.storage, hash_secret(token))

    async def new_api_token(self, account: Account) -> str:
        """Flag the account as a bot and return its new API token (the earlier one stops working)."""
        token = API_TOKEN_PREFIX + secrets.token_urlsafe(32)
        await self.journal.write(set_api_token, self.storage, account.id, hash_secret(token))
        log.info("account %d got a new API token", account.id)
        return token

    async def rules(self, account: Account) -> str | None:
        """The rule code the account keeps as its own rules, or None."""
        return await self.journal.read(account_rules, self.storage, account.id)

    async def set_rules(self, account: Account, code: str | None) -> None:
        """Keep ``code`` (already checked) as the account's own rules; None forgets them."""
        await self.journal.write(set_account_rules, self.storage, account.id, code)

    async def bot_of_token(self, token: str) -> Account | None:
        """The bot account an API token opens, or None."""
        return await self.journal.read(api_account, self.storage, hash_secret(token))

    async def check_guest_name(self, *names: str) -> None:
        """Refuse (``name_taken``, 403) a guest who uses a name an account holds."""
        if await self.journal.read(names_taken, self.storage, list(names)):
            raise ProtocolError("name_taken", "this name belongs to an account: sign in to play under it", 403)

    async def sweep(self) -> None:
        """Drop expired sessions and old login counts."""
        await self.journal.write(purge, self.storage, LIMIT_WINDOW)
