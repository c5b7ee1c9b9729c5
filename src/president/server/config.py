"""Settings of the game server, and where it keeps its data by default."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
"""Where the browser app lives inside the package (served at ``/`` when present)."""


def default_data_dir() -> Path:
    """``$PRESIDENT_DATA`` when set, else ``./data``."""
    return Path(os.environ.get("PRESIDENT_DATA") or "data")


def default_database_url(data_dir: Path | None = None) -> str:
    """An SQLite file in the data directory: ``sqlite:///<data-dir>/president.sqlite3``."""
    folder = default_data_dir() if data_dir is None else data_dir
    return f"sqlite:///{folder / 'president.sqlite3'}"


@dataclass(frozen=True)
class ServerConfig:
    """Everything the server can be told. The defaults suit a small public server."""

    database_url: str = field(default_factory=default_database_url)
    """SQLAlchemy URL: ``sqlite:///path`` or ``postgresql+psycopg://user:pass@host/db``."""
    bot_delay: float = 0.6
    """Seconds a bot waits before it moves, so people can follow (0 in tests)."""
    stand_in_bot: str = "classic"
    """The bot that plays for a dropped player after the grace period, and when a turn timer runs out."""
    default_bot: str = "classic"
    """The bot that fills a seat when no level is named."""
    inline_bots: tuple[str, ...] = ("random", "classic")
    """Bots quick enough to move inside the event loop; the others think in worker processes."""
    bot_workers: int = field(default_factory=lambda: max(1, (os.cpu_count() or 2) - 1))
    """Worker processes for the thinking bots, shared fairly between tables (0: every bot moves in the event
    loop). By default one per core but one."""
    bot_move_seconds: float = 3.0
    """A thinking bot's move that has not come back this long after it was asked (waiting for a worker
    included) is given up; the stand-in bot moves instead."""
    bot_account_move_seconds: float = 30.0
    """A bot account's move (a seat it was invited to) not made this long after its turn came is played by the
    stand-in bot, even at a table without a turn timer."""
    max_message_bytes: int = 4096
    """Larger WebSocket messages are refused with ``too_large``."""
    max_frame_bytes: int = 65536
    """Larger WebSocket frames close the connection at the protocol level."""
    rate_per_second: float = 10.0
    """Messages a connection may send per second, on average."""
    rate_burst: int = 30
    """Messages a connection may send at once before the rate limit applies."""
    rate_strikes: int = 100
    """Refused messages (they fade at ``rate_per_second``) at which the connection is closed (1008)."""
    address_rate_per_second: float = 40.0
    """Messages the WebSocket connections of one client address may send per second together, on average (over
    every process; closing and opening connections does not refill it)."""
    address_rate_burst: int = 120
    """Messages the connections of one client address may send at once before their common rate limit applies."""
    websockets_per_address: int = 50
    """Open WebSocket connections one client address may hold over every process (``too_many_connections``)."""
    spectators_per_table: int = 100
    """Spectators one table may have at once (``too_many_spectators``)."""
    hello_timeout: float = 10.0
    """Seconds a new connection has to send ``hello``."""
    outbox_limit: int = 1000
    """Messages queued for a client that does not read; beyond it the connection is closed (connections whose
    messages are queued: those made inside the server, or on another WebSocket protocol than the server's)."""
    outbox_bytes: int = 256 * 1024
    """Bytes unsent on a WebSocket past which its client is behind: messages to it are dropped until its socket
    drains, then it gets a fresh snapshot of its table (a client at no table here is closed instead)."""
    max_tables: int = 2000
    """Tables held in memory at once; creating more is refused with ``server_full``."""
    empty_table_minutes: float = 10.0
    """A table no seated person has been connected to for this long is closed, in play or not (its history
    stays; spectators do not keep a table open)."""
    client_tables: int = 10
    """Open tables that tables created from one client address may count at once (``too_many_tables``)."""
    client_creations_per_minute: float = 10.0
    """Tables one client address may create per minute on average (bursts of ``client_tables``)."""
    header_seconds: float = 10.0
    """Seconds an HTTP connection has to send the headers of its next request (from the connection, then from
    the end of each response) before it is closed."""
    body_seconds: float = 10.0
    """Seconds a request's whole body may take to come after its headers before it is refused (408)."""
    connections_per_address: int = 64
    """Open HTTP connections one client address may hold; more are closed at once (WebSockets are counted by
    ``websockets_per_address``)."""
    registrations_per_address: int = 5
    """Accounts one client address may create within 15 minutes; more are refused (``too_many_logins``). Raise it
    for a school or a club whose players all come from one address."""
    trusted_proxies: str = ""
    """Addresses of the reverse proxies whose ``X-Forwarded-For`` header names the client (comma-separated, ``*``:
    any). Empty: none, every limit counts the address of the connection itself."""
    database_writers: int | None = None
    """Threads that write to the database (None: 1; each commits the writes waiting for it as one group)."""
    database_retry_seconds: float = 10.0
    """A write the database could not take because it was away for a moment (PostgreSQL restarting) or busy
    (SQLite locked) is tried again until this long after it was asked for; only then is a move refused
    (``storage_error``)."""
    group_commit: bool = True
    """Commit the writes waiting for a writer thread in one transaction, each acknowledged after that commit
    (False: one transaction per write)."""
    commit_gather_ms: float = 10.0
    """With group commit, how long a busy server lets the writes gather before it commits them (milliseconds):
    longer commits more moves at once for less CPU a move, and delays each move's acknowledgement up to that
    long (a server whose writes come one at a time commits at once). ``president serve`` takes it from
    ``--commit-gather``, with the same default."""
    redis_url: str | None = None
    """``redis://host:port/db``: this process is one of several serving the same PostgreSQL database, each table
    played by one of them (see :mod:`president.server.cluster`). None: the only process."""
    lease_seconds: float = 6.0
    """In a cluster: how long a table's lease lasts without renewal (renewed three times as often); a stopped
    process's tables are taken over within about this long."""
    seed: int | None = None
    """When set, match seeds are drawn from this seed (tests, benchmarks); else they are unpredictable."""
    web_dir: Path | None = WEB_DIR
    """The static browser app served at ``/`` when the directory exists."""
    sqlite_synchronous: str = "NORMAL"
    """SQLite ``synchronous`` pragma; with WAL, NORMAL loses nothing when the process is killed."""
    analysis_worlds: int = 60
    """Guessed deals per decision when a finished match is analysed (``president.analysis.DEFAULT_WORLDS``)."""
    analysis_level: str = "expert"
    """The search level that judges the decisions of an analysis."""
    analysis_workers: int = 1
    """Analyses that run at once, each in a worker process of its own (0: no analyses on this server)."""
    analysis_queue: int = 8
    """Analyses that may wait for a worker; beyond them a request is refused with ``analysis_busy``."""
    analysis_per_client: int = 1
    """Analyses one client address may have waiting or running at once (``too_many_analyses``)."""
    analysis_seconds: float = 600.0
    """An analysis still running after this long is stopped and reported as failed."""
    analysis_max_moves: int = 2000
    """Matches with more moves than this are not analysed (``not_analysable``)."""
    chat_per_minute: float = 12.0
    """Chat lines one seat (or one spectator address) may send per minute on average."""
    chat_burst: int = 4
    """Chat lines that may be sent at once before the chat's rate limit applies."""
    chat_history: int = 100
    """The last chat lines of a match sent to a client after hello."""
    chat_guests_phrases_only: bool = False
    """Guests (players not signed in, and spectators not signed in) may send quick phrases only, no free text."""
    report_chat_lines: int = 20
    """The last chat lines of the table kept with a report."""
    reports_per_account: int = 5
    """Reports one account may send within 15 minutes; more are refused (``too_many_reports``)."""
    reports_per_address: int = 20
    """Reports one client address may send within 15 minutes, whichever accounts send them."""
    leave_stand_in_share: float = 0.5
    """A seat whose stand-in made more than this share of its decisions counts as left in a rated match."""
    leave_limit: int = 3
    """Matches left within ``leave_window_hours`` after which a player waits before joining public tables."""
    leave_window_hours: float = 168.0
    """How far back the matches left are counted (a week)."""
    leave_wait_minutes: float = 30.0
    """How long after his last leave such a player waits before taking a seat at a public table."""
    leaderboard_min_matches: int = 5
    """Rated matches a subject needs to be listed on the leaderboard."""
    max_tournaments: int = 50
    """Tournaments not yet finished that the server holds at once (``server_full`` beyond)."""
    client_tournaments: int = 3
    """Tournaments not yet finished that one client address may have created."""
    client_event_tables: int = 40
    """Open tables an address may hold when an event it created starts, its first round's tables included (the
    round tables count in the address's open tables, against ``client_tables`` too)."""
    daily_key: str | None = None
    """The secret key the deals of the day come from (keep it secret: it gives every day's cards); None: a key
    drawn once and stored in the database."""
    tournament_open_minutes: float = 60.0
    """A tournament its host has not started this long after it was created is cancelled (its places freed)."""
    tournament_entries: int = 64
    """The most entrants of one tournament."""
    argon2_memory_kib: int = 65536
    """Memory of one argon2id password hash, in KiB (argon2-cffi's default, 64 MiB)."""
    argon2_time_cost: int = 3
    """Passes of one argon2id password hash (argon2-cffi's default)."""
    password_hashers: int = 2
    """Threads that hash passwords (each hash holds ``argon2_memory_kib`` while it runs)."""

    def __post_init__(self) -> None:
        problems = []
        if self.bot_delay < 0:
            problems.append("bot_delay must not be negative")
        if self.bot_account_move_seconds <= 0:
            problems.append("bot_account_move_seconds must be positive")
        if self.max_message_bytes < 256:
            problems.append("max_message_bytes must be at least 256")
        if self.rate_per_second <= 0 or self.rate_burst < 1:
            problems.append("the rate limit must allow some messages")
        if self.address_rate_per_second <= 0 or self.address_rate_burst < 1:
            problems.append("the rate limit of an address must allow some messages")
        if self.websockets_per_address < 1 or self.spectators_per_table < 0:
            problems.append("websockets_per_address must be at least 1, spectators_per_table not negative")
        if self.empty_table_minutes <= 0:
            problems.append("empty_table_minutes must be positive")
        if self.client_tables < 1 or self.client_creations_per_minute <= 0:
            problems.append("each client address must be allowed some tables")
        if self.database_retry_seconds < 0:
            problems.append("database_retry_seconds must not be negative")
        if not 0 <= self.commit_gather_ms <= 1000:
            problems.append("commit_gather_ms must be from 0 to 1000")
        if self.database_writers is not None and self.database_writers < 1:
            problems.append("database_writers must be at least 1")
        if self.sqlite_synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            problems.append("sqlite_synchronous must be OFF, NORMAL, FULL or EXTRA")
        if self.analysis_worlds < 1 or self.analysis_seconds <= 0 or self.analysis_max_moves < 1:
            problems.append("analysis_worlds, analysis_seconds and analysis_max_moves must be positive")
        if self.analysis_workers < 0 or self.analysis_queue < 0 or self.analysis_per_client < 1:
            problems.append("analysis_workers and analysis_queue must not be negative, analysis_per_client positive")
        if self.chat_per_minute <= 0 or self.chat_burst < 1 or self.chat_history < 0:
            problems.append("the chat must allow some lines")
        if not 0 <= self.leave_stand_in_share <= 1 or self.leave_limit < 1 or self.leave_window_hours < 0 \
                or self.leave_wait_minutes < 0 or self.report_chat_lines < 0 or self.leaderboard_min_matches < 0 \
                or self.reports_per_account < 1 or self.reports_per_address < 1:
            problems.append("leave_stand_in_share must be from 0 to 1, leave_limit at least 1, and the leave window "
                            "and wait, report_chat_lines and leaderboard_min_matches not negative, and "
                            "reports_per_account and reports_per_address at least 1")
        if self.max_tournaments < 0 or self.client_tournaments < 1 or self.tournament_entries < 2:
            problems.append("tournaments need room: client_tournaments 1 or more, tournament_entries 2 or more")
        if self.client_event_tables < 1:
            problems.append("client_event_tables must be at least 1")
        if self.tournament_open_minutes <= 0:
            problems.append("tournament_open_minutes must be positive")
        if self.daily_key is not None and len(self.daily_key) < 16:
            problems.append("daily_key must be 16 characters or more (it gives every day's cards)")
        if self.argon2_memory_kib < 8 or self.argon2_time_cost < 1 or self.password_hashers < 1:
            problems.append("argon2_memory_kib must be at least 8, argon2_time_cost and password_hashers at least 1")
        if self.redis_url is not None and (self.database_url.startswith("sqlite") or self.lease_seconds < 1):
            problems.append("several processes need a PostgreSQL database and lease_seconds of 1 or more")
        if problems:
            raise ValueError("invalid server settings: " + "; ".join(problems))
