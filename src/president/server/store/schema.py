"""The database schema: one SQLAlchemy mapped class a table. Alembic's migrations (:mod:`.migrations`) create
and change the tables; these classes are what the queries of this package are written against."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Integer, String, Text, UniqueConstraint, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""


class TableRow(Base):
    """A table: its settings, its status and the seed and deal secret of its current match."""

    __tablename__ = "president_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    match_no: Mapped[int] = mapped_column(Integer, default=0)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The secret the current match deals from, as hexadecimal text (docs/verify.md); None: from the seed."""
    last_match_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)


class SeatRow(Base):
    """A seat of a table: a person (name and hashed token), a bot, or open."""

    __tablename__ = "president_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("president_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The account of the person seated, when signed in (or of the bot account invited)."""
    resigned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The person resigned the current match (the stand-in plays the seat to its end; a rated match rates it last)."""


class MoveRow(Base):
    """One accepted move of a table's current match, in the engine's notation."""

    __tablename__ = "president_moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("president_tables.id", ondelete="CASCADE"), primary_key=True)
    match_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[str] = mapped_column(String(200))
    made_by: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """Who made it: ``person``, ``stand-in``, ``bot`` or ``forced`` (None for moves stored before this was kept)."""


class MatchRow(Base):
    """A finished match with its full record (replayable with ``Match.replay``)."""

    __tablename__ = "president_matches"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    match_no: Mapped[int] = mapped_column(Integer)
    rules: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    record: Mapped[str] = mapped_column(Text)
    names: Mapped[list[str | None]] = mapped_column(JSON)
    bots: Mapped[list[str | None]] = mapped_column(JSON)
    scores: Mapped[list[int]] = mapped_column(JSON)
    winners: Mapped[list[int]] = mapped_column(JSON)
    finished_at: Mapped[float] = mapped_column(Float, index=True)
    accounts: Mapped[list[int | None] | None] = mapped_column(JSON, nullable=True)
    """The account at each seat (None: a guest, a registry bot, or a match finished before accounts)."""
    rated: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    """Whether the match changed ratings."""
    leavers: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """The seats that left the match, or whose stand-in made too many of their decisions (rated last)."""
    group_key: Mapped[str | None] = mapped_column(String(200), nullable=True, index=True)
    """Of a rated match between two to four accounts: their ids in order (``3,8,12``), to count repeats."""
    weight: Mapped[float | None] = mapped_column(Float, nullable=True)
    """How much the match counted in the ratings (1: fully; less when the same group played again and again)."""


class ResultRow(Base):
    """One person's result in a finished match: the leaderboard is built from these."""

    __tablename__ = "president_results"

    match_id: Mapped[int] = mapped_column(ForeignKey("president_matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), index=True)
    points: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)


class AnalysisRow(Base):
    """The analysis of a finished match (``president.analysis``), as the browser reads it."""

    __tablename__ = "president_analyses"

    match_id: Mapped[int] = mapped_column(ForeignKey("president_matches.id", ondelete="CASCADE"), primary_key=True)
    level: Mapped[str] = mapped_column(String(40))
    worlds: Mapped[int] = mapped_column(Integer)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    seconds: Mapped[float] = mapped_column(Float)
    """How long the analysis took."""
    made_at: Mapped[float] = mapped_column(Float)


# ============================================================== table chat and tournaments (schema additions)
# The tables below came with table chat and tournaments; their reads and writes live in ``chat_log.py`` and
# ``tournament_log.py``. Kept together so that one migration can add them.


class ChatRow(Base):
    """One chat line of a table, kept with the match it was said in (``match_no``) and the move it followed."""

    __tablename__ = "president_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    match_no: Mapped[int] = mapped_column(Integer)
    channel: Mapped[str] = mapped_column(String(16))
    """``players`` or ``spectators``."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    player: Mapped[str] = mapped_column(String(80))
    """The speaker's identity: a display name today (an account id once accounts exist)."""
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str | None] = mapped_column(String(400), nullable=True)
    phrase: Mapped[str | None] = mapped_column(String(32), nullable=True)
    ply: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)


class TournamentRow(Base):
    """A tournament: its settings, host key, status and the round in play."""

    __tablename__ = "president_tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    host_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), index=True)
    round: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)


class EntryRow(Base):
    """One entrant of a tournament: a person (identity and hashed key) or a registry bot."""

    __tablename__ = "president_tournament_entries"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("president_tournaments.id", ondelete="CASCADE"),
                                               primary_key=True)
    entry: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(80))
    """A display name today (an account id once accounts exist)."""
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    joined_at: Mapped[float] = mapped_column(Float)
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The entrant's account, when it entered signed in."""


class BoardRow(Base):
    """One table of one round of a tournament: who sits where, and its result once it is over."""

    __tablename__ = "president_tournament_boards"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("president_tournaments.id", ondelete="CASCADE"),
                                               primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    board: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    entries: Mapped[list[int | None]] = mapped_column(JSON)
    """The entry at each seat; None for a bot that fills a short table."""
    match_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    scores: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)


# ============================================================== accounts and ratings (migration 0002)
# Their reads and writes live in ``accounts.py`` and ``ratings.py``.


class AccountRow(Base):
    """A claimed name: its argon2 password hash, and for a bot account the hash of its API token."""

    __tablename__ = "president_accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(24))
    name_key: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    """The name's look (``president.server.names.skeleton``): two accounts may not differ only by case, accents,
    invisible characters or letters of other scripts that look alike."""
    password_hash: Mapped[str] = mapped_column(String(200))
    bot: Mapped[bool] = mapped_column(Boolean)
    api_token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True, index=True)
    created_at: Mapped[float] = mapped_column(Float)
    rules_code: Mapped[str | None] = mapped_column(String(400), nullable=True)
    """The rule code the player keeps as "my rules" (migration 0006; None: not saved)."""
    muted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Muted by an operator: its chat lines are refused at every table."""


class SessionRow(Base):
    """A signed-in browser: the hash of its cookie, until it expires or signs out."""

    __tablename__ = "president_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("president_accounts.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class LoginLimitRow(Base):
    """Attempts counted against one key (a name, an address) in the current window: shared by every process."""

    __tablename__ = "president_login_limits"

    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    window_start: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """The openskill rating of one subject (``account:<id>`` or ``bot:<name>``) in one rule family."""

    __tablename__ = "president_ratings"

    subject: Mapped[str] = mapped_column(String(80), primary_key=True)
    family: Mapped[str] = mapped_column(String(40), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)


class RatingHistoryRow(Base):
    """A subject's rating before and after one rated match."""

    __tablename__ = "president_rating_history"

    match_id: Mapped[int] = mapped_column(ForeignKey("president_matches.id", ondelete="CASCADE"), primary_key=True)
    subject: Mapped[str] = mapped_column(String(80), primary_key=True, index=True)
    family: Mapped[str] = mapped_column(String(40))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    before_mu: Mapped[float] = mapped_column(Float)
    before_sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)


# ============================================================== fair play (migration 0007)
# Leaves, blocks and reports; ``fair_play.py`` reads and writes them.


class LeaveRow(Base):
    """A rated match an account left (or let its stand-in play for too long)."""

    __tablename__ = "president_leaves"

    account_id: Mapped[int] = mapped_column(ForeignKey("president_accounts.id", ondelete="CASCADE"),
                                            primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("president_matches.id", ondelete="CASCADE"), primary_key=True)
    at: Mapped[float] = mapped_column(Float, index=True)


class BlockRow(Base):
    """One account blocks another: the other's chat is hidden from it, and they are never seated together at
    public tables."""

    __tablename__ = "president_blocks"

    blocker_id: Mapped[int] = mapped_column(ForeignKey("president_accounts.id", ondelete="CASCADE"),
                                            primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("president_accounts.id", ondelete="CASCADE"),
                                            primary_key=True, index=True)
    at: Mapped[float] = mapped_column(Float)


class ReportRow(Base):
    """A report of a player to the operators, with the table's last chat lines as they were."""

    __tablename__ = "president_reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("president_accounts.id", ondelete="CASCADE"), index=True)
    reported: Mapped[str] = mapped_column(String(64))
    """The name reported (a guest's name, or an account's)."""
    reported_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    message: Mapped[str] = mapped_column(Text)
    chat: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    at: Mapped[float] = mapped_column(Float, index=True)


# ============================================================== duplicate ratings and the deal of the day (0009)
# ``duplicate_ratings.py`` and ``daily_log.py`` read and write them.


class DuplicateRatingRow(Base):
    """The openskill rating of one subject in one rule family from the luck-adjusted results of duplicate events,
    apart from its ordinary rating."""

    __tablename__ = "president_duplicate_ratings"

    subject: Mapped[str] = mapped_column(String(80), primary_key=True)
    family: Mapped[str] = mapped_column(String(40), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rounds: Mapped[int] = mapped_column(Integer)
    """The duplicate rounds rated."""
    updated_at: Mapped[float] = mapped_column(Float)


class DuplicateRatingHistoryRow(Base):
    """A subject's duplicate rating before and after one round of a duplicate event, and its adjusted total."""

    __tablename__ = "president_duplicate_rating_history"

    tournament_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    subject: Mapped[str] = mapped_column(String(80), primary_key=True, index=True)
    family: Mapped[str] = mapped_column(String(40))
    adjusted: Mapped[float] = mapped_column(Float)
    """The round's points less par, summed over its deals."""
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    before_mu: Mapped[float] = mapped_column(Float)
    before_sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)


class ServerKeyRow(Base):
    """A secret key of the server, drawn once and shared by its processes (the deal of the day's)."""

    __tablename__ = "president_server_keys"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[float] = mapped_column(Float)


class DailyTableRow(Base):
    """A table of a day's deal: an account's one try (unique by day), or a guest's (not ranked); then its first
    match and the person's points by deal."""

    __tablename__ = "president_daily_tables"
    __table_args__ = (UniqueConstraint("day", "account_id", name="uq_president_daily_tables_day_account"),)

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    day: Mapped[str] = mapped_column(String(10), index=True)
    """The UTC day, ``YYYY-MM-DD``."""
    account_id: Mapped[int | None] = mapped_column(ForeignKey("president_accounts.id", ondelete="CASCADE"),
                                                   nullable=True)
    name: Mapped[str] = mapped_column(String(24))
    match_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    points: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """The person's points in each deal, once the match is over."""
    started_at: Mapped[float] = mapped_column(Float)

# ============================================================== end of the schema


# ============================================================== several processes (migration 0003)
# The two tables below came with serving from several processes; only ``leases.py`` reads and writes them.


class ProcessRow(Base):
    """A server process of a cluster and its last heartbeat (database clock, seconds)."""

    __tablename__ = "president_processes"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    address: Mapped[str] = mapped_column(String(200))
    """Where the process runs (host name and process id), for people reading the table."""
    started_at: Mapped[float] = mapped_column(Float)
    heartbeat: Mapped[float] = mapped_column(Float, index=True)


class LeaseRow(Base):
    """The lease of one table: the process that plays it, until when (database clock, seconds)."""

    __tablename__ = "president_leases"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(40), index=True)
    expires: Mapped[float] = mapped_column(Float, index=True)


# ============================================================== end of the several processes' tables
