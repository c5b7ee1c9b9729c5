"""Persistence: tables, seats and every accepted move, finished matches and their results.

The database is the journal of the server: the state of a table in memory is its
settings, its seats and the ordered moves of its current match, all of which are
written here (and committed) before anyone is told. Restoring a table replays the
moves through the engine. The same SQLAlchemy 2 code serves SQLite and PostgreSQL.

SQLite runs in WAL mode with ``synchronous=NORMAL`` by default: a commit is in the
write-ahead log (the operating system's page cache) before ``commit`` returns, so
killing the server process loses nothing acknowledged; only a power cut or an
operating-system crash could drop the last commits. ``FULL`` closes that gap too at
the price of one ``fsync`` per move.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Integer,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import StaticPool

from .fair_play import group_key, group_weight, record_leaves
from .migrations import upgrade_database
from .ratings import rate_match, rated_subjects
from .schema import AnalysisRow, LeaseRow, MatchRow, MoveRow, ResultRow, SeatRow, TableRow


@dataclass
class StoredSeat:
    """A seat as stored."""

    seat: int
    name: str | None = None
    token_hash: str | None = None
    bot: str | None = None
    account_id: int | None = None
    resigned: bool = False
    """The person resigned the current match (set by :meth:`Storage.resign_seat`, not by :meth:`Storage.save_seats`)."""


@dataclass
class StoredTable:
    """A table as stored: enough to rebuild it exactly."""

    id: str
    settings: dict[str, Any]
    status: str
    match_no: int
    seed: int | None
    created_at: float
    updated_at: float
    last_match_id: int | None = None
    secret: str | None = None
    """The secret the current match deals from (hexadecimal), or None when it deals from the seed."""
    seats: list[StoredSeat] = field(default_factory=list)
    moves: list[tuple[int, str]] = field(default_factory=list)
    """``(seat, move)`` of the current match, in order."""
    made_by: list[str | None] = field(default_factory=list)
    """Who made each of :attr:`moves` (``person``, ``stand-in``, ``bot``, ``forced``; None when not kept)."""


@dataclass(frozen=True)
class FinishedMatch:
    """What is kept of a finished match."""

    rules: str
    players: int
    record: str
    names: list[str | None]
    bots: list[str | None]
    scores: list[int]
    winners: list[int]
    accounts: list[int | None] = field(default_factory=list)
    """The account at each seat (None: a guest or a registry bot); empty: none at all."""
    leavers: list[int] = field(default_factory=list)
    """The seats that left the match (rated last)."""
    practice: bool = False
    """A practice match (its computer players explained their moves at once): never rated."""


def _sqlite_pragmas(synchronous: str) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()

    return on_connect


def make_engine(url: str, sqlite_synchronous: str = "NORMAL") -> Engine:
    """An SQLAlchemy engine for ``url``; for SQLite, creates the folder and sets the pragmas."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    database = parsed.database or ""
    if database in ("", ":memory:"):
        engine = create_engine(url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
    else:
        Path(database).expanduser().resolve().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})
    event.listen(engine, "connect", _sqlite_pragmas(sqlite_synchronous.upper()))
    return engine


_MOVE_COLUMNS = ("table_id", "match_no", "ply", "seat", "move", "made_by")
"""The columns of a stored move, in the order of the rows :meth:`Storage._insert_moves` takes."""


class LeaseLost(Exception):
    """A write of a table's history by a process that no longer holds the table's lease (refused, not retried)."""


class Storage:
    """The server's database. Every method is one transaction, committed when it returns.

    The methods block; the server calls them through a :class:`~president.server.store.journal.Journal`,
    in worker threads. Writes go through one long-lived connection per thread (a pool
    checkout costs more than the insert of a move); it is replaced when the database drops it.
    """

    def __init__(self, url: str, sqlite_synchronous: str = "NORMAL") -> None:
        self.engine = make_engine(url, sqlite_synchronous)
        upgrade_database(self.engine)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        self.single_connection = isinstance(self.engine.pool, StaticPool)
        """One connection serves everything (in-memory SQLite): it must be used by one thread."""
        self._local = threading.local()
        self._conns: list[Connection] = []
        self._conns_lock = threading.Lock()
        self._insert_move = insert(MoveRow)
        # SQLite: the moves go straight to the driver (through SQLAlchemy, preparing the parameters of a group took
        # longer than inserting it), in the statement SQLAlchemy writes for them.
        self._move_sql = str(insert(MoveRow).compile(dialect=self.engine.dialect, column_keys=list(_MOVE_COLUMNS))) \
            if self.is_sqlite else None
        # The statements of every match start, made once (building one costs more than running it).
        self._drop_old_moves = delete(MoveRow).where(
            MoveRow.table_id == bindparam("table"), MoveRow.match_no < bindparam("before"))
        self._clear_resigned = update(SeatRow).where(
            SeatRow.table_id == bindparam("table"), SeatRow.resigned.is_(True)).values(resigned=False)
        self._mark_started = update(TableRow).where(TableRow.id == bindparam("table")).values(
            status="playing", match_no=bindparam("new_match_no"), seed=bindparam("new_seed"),
            secret=bindparam("new_secret"), updated_at=bindparam("now"))
        self.lease_owner: str | None = None
        """In a cluster, this process's id (set by the cluster): the history of a table (its moves, the start and
        end of its matches) is written only while this process holds the table's lease, checked in the same
        transaction, so that a process which lost a lease without knowing it yet cannot add to the history the
        new owner restored (:class:`LeaseLost`)."""

    def close(self) -> None:
        """Release the connections."""
        with self._conns_lock:
            conns, self._conns = self._conns, []
        for conn in conns:
            conn.close()
        self.engine.dispose()

    def _connection(self) -> Connection:
        conn: Connection | None = getattr(self._local, "conn", None)
        if conn is None or conn.closed or conn.invalidated:
            if conn is not None:
                conn.close()
            conn = self._local.conn = self.engine.connect()
            with self._conns_lock:
                self._conns = [c for c in self._conns if not c.closed]
                self._conns.append(conn)
        return conn

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        group: Connection | None = getattr(self._local, "group", None)
        if group is not None:
            yield group  # inside :meth:`in_one_transaction`: its transaction commits
            return
        conn = self._connection()
        with conn.begin():
            yield conn

    def in_one_transaction(self, calls: list[Callable[[], Any]]) -> list[Any]:
        """Run write methods of this storage (bound, without arguments) in one transaction; their results.

        Either every call is committed or, when one raises, none is (the exception is raised).
        """
        conn = self._connection()
        results: list[Any] = []
        moves: list[tuple[Any, ...]] = []
        with conn.begin():
            self._local.group = conn
            try:
                for call in calls:
                    move = self._move_of(call)
                    if move is not None:
                        moves.append(move)  # the moves in a row are inserted together: one round trip
                        results.append(None)
                        continue
                    if moves:
                        self._insert_moves(conn, moves)
                        moves = []
                    results.append(call())
                if moves:
                    self._insert_moves(conn, moves)
            finally:
                self._local.group = None
        return results

    def _insert_moves(self, db: Connection, moves: list[tuple[Any, ...]]) -> None:
        """Insert the rows of moves (values in the order of :data:`_MOVE_COLUMNS`) in ``db``'s transaction."""
        self._fence(db, {move[0] for move in moves})
        if self._move_sql is None:
            db.execute(self._insert_move, [dict(zip(_MOVE_COLUMNS, move, strict=True)) for move in moves])
            return
        driver_error = self.engine.dialect.loaded_dbapi.Error
        cursor = db.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.executemany(self._move_sql, moves)
        except driver_error as exc:  # raised as SQLAlchemy would (a locked database is tried again, see journal)
            raise DBAPIError.instance(self._move_sql, moves, exc, driver_error) from exc
        finally:
            cursor.close()

    def _fence(self, db: Connection, table_ids: set[str]) -> None:
        """Raise :class:`LeaseLost` unless this process holds the lease of every table of ``table_ids`` (in a
        cluster); the leases stay locked against a claim until the transaction ends."""
        if self.lease_owner is None:
            return
        held = set(db.execute(select(LeaseRow.table_id).where(
            LeaseRow.table_id.in_(table_ids), LeaseRow.owner == self.lease_owner).with_for_update(read=True)
        ).scalars())
        if lost := table_ids - held:
            raise LeaseLost(f"this process no longer holds the lease of table {min(lost)}: another process plays it")

    def _move_of(self, call: Callable[[], Any]) -> tuple[Any, ...] | None:
        """The row of a call of :meth:`add_move` with positional arguments, else None."""
        if isinstance(call, functools.partial) and call.func == self.add_move and not call.keywords:
            args = call.args
            return args if len(args) == 6 else (*args, None)
        return None

    # ----------------------------------------------------------------- tables and seats

    def create_table(self, table: StoredTable) -> None:
        """Store a new table and its seats."""
        with self._write() as db:
            db.execute(insert(TableRow).values(
                id=table.id, settings=table.settings, status=table.status, match_no=table.match_no,
                seed=table.seed, created_at=table.created_at, updated_at=table.updated_at,
            ))
            seats = [
                {"table_id": table.id, "seat": s.seat, "name": s.name, "token_hash": s.token_hash, "bot": s.bot,
                 "account_id": s.account_id}
                for s in table.seats
            ]
            if seats:
                db.execute(insert(SeatRow), seats)

    def save_seats(self, table_id: str, seats: list[StoredSeat]) -> None:
        """Store the given seats of a table as they are now."""
        with self._write() as db:
            for s in seats:
                db.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == s.seat)
                    .values(name=s.name, token_hash=s.token_hash, bot=s.bot, account_id=s.account_id)
                )
            self._touch(db, table_id)

    def save_settings(self, table_id: str, settings: dict[str, Any]) -> None:
        """Store a table's changed settings."""
        with self._write() as db:
            db.execute(update(TableRow).where(TableRow.id == table_id)
                       .values(settings=settings, updated_at=time.time()))

    def start_match(self, table_id: str, match_no: int, seed: int, secret: str | None = None) -> None:
        """Store the start of match ``match_no`` with its seed and the secret it deals from (dropping the moves of
        earlier matches, kept in their records)."""
        with self._write() as db:
            self._fence(db, {table_id})
            db.execute(self._drop_old_moves, {"table": table_id, "before": match_no})
            db.execute(self._clear_resigned, {"table": table_id})
            db.execute(self._mark_started, {"table": table_id, "new_match_no": match_no, "new_seed": seed,
                                            "new_secret": secret, "now": time.time()})

    def resign_seat(self, table_id: str, seat: int) -> None:
        """Store that the person of ``seat`` resigned the current match (cleared when the next one starts)."""
        with self._write() as db:
            self._fence(db, {table_id})
            db.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                       .values(resigned=True))
            self._touch(db, table_id)

    def add_move(self, table_id: str, match_no: int, ply: int, seat: int, move: str,
                 made_by: str | None = None) -> None:
        """Store one accepted move, and who made it (``person``, ``stand-in``, ``bot`` or ``forced``)."""
        with self._write() as db:
            self._insert_moves(db, [(table_id, match_no, ply, seat, move, made_by)])

    def finish_match(
        self, table_id: str, match_no: int, ply: int, seat: int, move: str, finished: FinishedMatch,
        made_by: str | None = None,
    ) -> int:
        """Store the last move of a match, its record and results, in one transaction; return the match id."""
        now = time.time()
        accounts = finished.accounts or [None] * finished.players
        subjects = None if finished.practice else rated_subjects(accounts, finished.bots)
        group = group_key(accounts) if subjects is not None else None
        with self._write() as db:
            self._insert_moves(db, [(table_id, match_no, ply, seat, move, made_by)])
            weight = group_weight(db, group, now) if subjects is not None else None
            match_id = int(db.execute(insert(MatchRow).values(
                table_id=table_id, match_no=match_no, rules=finished.rules, players=finished.players,
                record=finished.record, names=finished.names, bots=finished.bots, scores=finished.scores,
                winners=finished.winners, finished_at=now, accounts=accounts, rated=subjects is not None,
                leavers=finished.leavers or None, group_key=group, weight=weight,
            ).returning(MatchRow.id)).scalar_one())
            people = [
                {"match_id": match_id, "seat": s, "name": name, "points": finished.scores[s],
                 "won": s in finished.winners, "account_id": accounts[s]}
                for s, name in enumerate(finished.names) if name is not None
            ]
            if people:
                db.execute(insert(ResultRow), people)
            if subjects is not None:
                rate_match(db, match_id, finished.rules, subjects, finished.scores, finished.leavers,
                           weight if weight is not None else 1.0)
                record_leaves(db, match_id, [a for s, a in enumerate(accounts) if a is not None
                                             and s in finished.leavers], now)
            db.execute(
                update(TableRow).where(TableRow.id == table_id)
                .values(status="finished", last_match_id=match_id, updated_at=now)
            )
        return match_id

    def set_status(self, table_id: str, status: str) -> None:
        """Change the status of a table (``closed`` unloads it for good)."""
        with self._write() as db:
            db.execute(update(TableRow).where(TableRow.id == table_id).values(status=status, updated_at=time.time()))

    def _touch(self, db: Connection, table_id: str) -> None:
        db.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=time.time()))

    def load_tables(self, statuses: tuple[str, ...] = ("waiting", "playing", "finished"),
                    ids: list[str] | None = None) -> list[StoredTable]:
        """Every table with one of ``statuses`` (among ``ids`` when given), with its seats and the moves of its
        current match."""
        query = select(TableRow).where(TableRow.status.in_(statuses)).order_by(TableRow.created_at)
        if ids is not None:
            query = query.where(TableRow.id.in_(ids))
        with self.engine.connect() as db:
            rows = db.execute(query)
            tables = {
                r.id: StoredTable(
                    id=r.id, settings=dict(r.settings), status=r.status, match_no=r.match_no, seed=r.seed,
                    created_at=r.created_at, updated_at=r.updated_at, last_match_id=r.last_match_id,
                    secret=r.secret,
                )
                for r in rows
            }
            if not tables:
                return []
            ids = list(tables)
            for s in db.execute(select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)):
                tables[s.table_id].seats.append(StoredSeat(s.seat, s.name, s.token_hash, s.bot, s.account_id,
                                                           bool(s.resigned)))
            moves = db.execute(
                select(MoveRow.table_id, MoveRow.match_no, MoveRow.seat, MoveRow.move, MoveRow.made_by)
                .where(MoveRow.table_id.in_(ids))
                .order_by(MoveRow.table_id, MoveRow.match_no, MoveRow.ply)
            )
            for table_id, match_no, seat, move, made_by in moves:
                table = tables[table_id]
                if match_no == table.match_no:
                    table.moves.append((seat, move))
                    table.made_by.append(made_by)
        return list(tables.values())

    # ----------------------------------------------------------------- finished matches

    def leaderboard(self, limit: int = 100) -> list[dict[str, Any]]:
        """Per player name: matches played, matches won and mean points, best first."""
        wins = func.sum(func.cast(ResultRow.won, Integer))
        mean = func.avg(ResultRow.points)
        query = (
            select(ResultRow.name, func.count().label("matches"), wins.label("wins"), mean.label("mean"))
            .group_by(ResultRow.name)
            .order_by(wins.desc(), mean.desc(), ResultRow.name)
            .limit(limit)
        )
        with self.engine.connect() as db:
            return [
                {"name": name, "matches": int(matches), "wins": int(won or 0), "mean_points": round(float(avg), 3)}
                for name, matches, won, avg in db.execute(query)
            ]

    def matches(self, limit: int = 50, name: str | None = None) -> list[dict[str, Any]]:
        """The latest finished matches (of one player name when given), newest first; the public list leaves out
        the matches of private tables (a guided first deal)."""
        query = select(MatchRow).order_by(MatchRow.finished_at.desc(), MatchRow.id.desc()).limit(limit)
        if name is not None:
            query = query.where(MatchRow.id.in_(select(ResultRow.match_id).where(ResultRow.name == name)))
        else:
            private = select(TableRow.id).where(TableRow.settings["public"].as_boolean() == false())
            query = query.where(MatchRow.table_id.not_in(private))
        with self.engine.connect() as db:
            return [_summary(row) for row in db.execute(query)]

    def match(self, match_id: int) -> dict[str, Any] | None:
        """One finished match with its record, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(MatchRow).where(MatchRow.id == match_id)).first()
        if row is None:
            return None
        return {**_summary(row), "record": row.record}


    def analysis(self, match_id: int) -> dict[str, Any] | None:
        """The stored analysis of a finished match (``result`` with ``seconds`` and ``made_at``), or None."""
        with self.engine.connect() as db:
            row = db.execute(select(AnalysisRow).where(AnalysisRow.match_id == match_id)).first()
        if row is None:
            return None
        return {**row.result, "seconds": row.seconds, "made_at": row.made_at}

    def save_analysis(self, match_id: int, level: str, worlds: int, result: dict[str, Any], seconds: float) -> None:
        """Store the analysis of a finished match, replacing an earlier one."""
        with self._write() as db:
            db.execute(delete(AnalysisRow).where(AnalysisRow.match_id == match_id))
            db.execute(insert(AnalysisRow).values(match_id=match_id, level=level, worlds=worlds, result=result,
                                                  seconds=seconds, made_at=time.time()))


def _summary(row: Any) -> dict[str, Any]:
    return {
        "id": row.id, "table": row.table_id, "match_no": row.match_no, "rules": row.rules, "players": row.players,
        "names": list(row.names), "bots": list(row.bots), "scores": list(row.scores), "winners": list(row.winners),
        "finished_at": row.finished_at,
    }
