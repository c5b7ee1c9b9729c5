"""``president serve``: run the game server (tables, live play, the browser app when installed)."""

from __future__ import annotations

import argparse
import logging
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any


def run(args: argparse.Namespace) -> int:
    """Start the server and serve until interrupted."""
    try:
        import uvicorn
        from sqlalchemy.engine import make_url

        from ..server import ServerConfig, create_app, default_data_dir, default_database_url
    except ImportError as exc:
        print(f"president serve: {exc.name} is missing; install the server extra: pip install 'president[server]'",
              file=sys.stderr)
        return 2
    data_dir = Path(args.data_dir) if args.data_dir else default_data_dir()
    database = args.database or default_database_url(data_dir)
    if args.workers < 1:
        print("president serve: --workers must be 1 or more", file=sys.stderr)
        return 2
    if (args.workers > 1 or args.redis) and (not args.redis or database.startswith("sqlite")):
        print("president serve: several processes share their tables through PostgreSQL and Redis: give "
              "--database postgresql+psycopg://... and --redis redis://... (or run one process)", file=sys.stderr)
        return 2
    if args.workers > 1:
        from ..server.cluster.supervisor import supervise

        return supervise(args, database)
    try:
        shown = make_url(database).render_as_string(hide_password=True)
        config = ServerConfig(database_url=database, bot_delay=args.bot_delay, rate_per_second=args.rate_limit,
                              rate_burst=max(30, int(args.rate_limit * 3)),
                              address_rate_per_second=args.address_rate,
                              address_rate_burst=max(30, int(args.address_rate * 3)),
                              websockets_per_address=args.websockets_per_address,
                              spectators_per_table=args.spectators_per_table,
                              registrations_per_address=args.registrations_per_address,
                              empty_table_minutes=args.empty_table_minutes, client_tables=args.client_tables,
                              client_creations_per_minute=args.client_creations,
                              connections_per_address=args.connections_per_address,
                              trusted_proxies=args.trusted_proxies, redis_url=args.redis,
                              lease_seconds=args.lease_seconds, group_commit=args.group_commit,
                              leaderboard_min_matches=args.leaderboard_min_matches,
                              chat_guests_phrases_only=args.guests_phrases_only,
                              **({"bot_workers": args.bot_workers} if args.bot_workers is not None else {}),
                              **({"commit_gather_ms": args.commit_gather} if args.commit_gather is not None else {}))
    except Exception as exc:
        print(f"president serve: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=getattr(logging, args.log_level.upper()), format="%(asctime)s %(levelname)s %(message)s")
    try:
        app = create_app(config)
    except Exception as exc:
        print(f"president serve: cannot open the database {shown}: {exc}", file=sys.stderr)
        return 2
    host = args.host
    url = f"http://{'[' + host + ']' if ':' in host else host}:{args.port}/"
    if config.web_dir is None or not (config.web_dir / "index.html").is_file():
        print(f"president serve: the browser app is not installed (no {config.web_dir}); only the API is served",
              file=sys.stderr)
    print(f"President server at {url}  (database: {shown}; Ctrl+C stops it)", flush=True)
    if args.open:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    from ..server.edge.collector import tune_collector
    from ..server.edge.guard import uvicorn_options

    tune_collector()
    options = {"log_level": args.log_level, "access_log": args.access_log, **uvicorn_options(config)}
    if args.reuse_port:
        from ..server.cluster.supervisor import shared_socket

        uvicorn.Server(uvicorn.Config(app, **options)).run(sockets=[shared_socket(host, args.port)])
    else:
        uvicorn.run(app, host=host, port=args.port, **options)
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``serve`` sub-command."""
    p = sub.add_parser("serve", help="run the game server: tables, live play over WebSockets, the browser app")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    p.add_argument("--database", default=None, metavar="URL",
                   help="SQLAlchemy database URL, e.g. postgresql+psycopg://user@host/db "
                        "(default: an SQLite file in the data directory)")
    p.add_argument("--data-dir", default=None, metavar="DIR",
                   help="where the default SQLite database lives (default: $PRESIDENT_DATA or ./data)")
    p.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                   help="seconds a bot waits before it moves, so people can follow (default: 0.6)")
    p.add_argument("--rate-limit", type=float, default=10.0, metavar="N",
                   help="messages a connection may send per second, on average (default: 10)")
    p.add_argument("--address-rate", type=float, default=40.0, metavar="N",
                   help="messages all the connections of one client address may send per second together (default: "
                        "40)")
    p.add_argument("--empty-table-minutes", type=float, default=10.0, metavar="MINUTES",
                   help="close a table no seated person has been connected to for this long (default: 10)")
    p.add_argument("--client-tables", type=int, default=10, metavar="N",
                   help="open tables created from one client address at once (default: 10)")
    p.add_argument("--client-creations", type=float, default=10.0, metavar="N",
                   help="tables one client address may create per minute (default: 10)")
    p.add_argument("--connections-per-address", type=int, default=64, metavar="N",
                   help="open HTTP connections one client address may hold (default: 64; raise it behind a proxy)")
    p.add_argument("--websockets-per-address", type=int, default=50, metavar="N",
                   help="open WebSocket connections one client address may hold (default: 50)")
    p.add_argument("--spectators-per-table", type=int, default=100, metavar="N",
                   help="spectators one table may have at once (default: 100)")
    p.add_argument("--registrations-per-address", type=int, default=5, metavar="N",
                   help="accounts one client address may create within 15 minutes (default: 5)")
    p.add_argument("--trusted-proxies", default="", metavar="ADDRESSES",
                   help="comma-separated addresses of the reverse proxies whose X-Forwarded-For names the client "
                        "(default: none; every limit per address counts the connection's own address)")
    p.add_argument("--redis", default=None, metavar="URL",
                   help="redis://host:port/db: serve as one of several processes (on one machine or many) sharing "
                        "the PostgreSQL database of --database; each table is played by one of them")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="server processes on this machine, sharing the port (N > 1 needs --redis and PostgreSQL; "
                        "a crashed one is restarted; default: 1)")
    p.add_argument("--lease-seconds", type=float, default=6.0, metavar="S",
                   help="with --redis: how soon the tables of a stopped process are taken over (default: 6)")
    p.add_argument("--bot-workers", type=int, default=None, metavar="N",
                   help="processes for the thinking bots (default: one per core but one, shared among --workers)")
    p.add_argument("--leaderboard-min-matches", type=int, default=5, metavar="N",
                   help="rated matches a player needs to be listed on the leaderboard (default: 5)")
    p.add_argument("--guests-phrases-only", action=argparse.BooleanOptionalAction, default=False,
                   help="guests may send quick phrases only in the table chat (default: no)")
    p.add_argument("--group-commit", action=argparse.BooleanOptionalAction, default=True,
                   help="commit the moves waiting for the database together, one transaction for many (default: yes)")
    p.add_argument("--commit-gather", type=float, default=None, metavar="MS",
                   help="how long a busy server lets the moves gather before a group commit, in milliseconds "
                        "(default: 10, ServerConfig's; longer costs less CPU a move and delays each move up to that "
                        "long)")
    p.add_argument("--reuse-port", action="store_true", default=False, help=argparse.SUPPRESS)
    p.add_argument("--open", action=argparse.BooleanOptionalAction, default=False,
                   help="open the browser app once the server runs (default: no)")
    p.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"),
                   help="how much the server logs (default: info)")
    p.add_argument("--access-log", action=argparse.BooleanOptionalAction, default=True,
                   help="log every HTTP request (default: yes; seat tokens never appear in addresses)")
    p.set_defaults(handler=run)
