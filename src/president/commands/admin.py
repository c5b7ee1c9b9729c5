"""``president admin``: the operator's tools of fair play: read the reports, mute an account, list the groups of
accounts that play rated matches together again and again."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any


def _storage(args: argparse.Namespace) -> Any:
    from ..server import default_data_dir, default_database_url
    from ..server.store.storage import Storage

    database = args.database or default_database_url(Path(args.data_dir) if args.data_dir else default_data_dir())
    return Storage(database)


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(at))


def _reports(storage: Any, args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from ..server.store.moderation import reports

    found = reports(storage, args.limit)
    console = Console()
    if not found:
        console.print("no reports")
        return 0
    table = Table(title=f"the latest {len(found)} reports, newest first")
    for column in ("#", "when (UTC)", "by", "about", "table", "message", "chat kept"):
        table.add_column(column, overflow="fold")
    for r in found:
        chat = "\n".join(f"{line['name']}: {line['text'] if line['text'] is not None else '[' + line['phrase'] + ']'}"
                         for line in r["chat"][-args.lines:])
        table.add_row(str(r["id"]), _when(r["at"]), r["reporter"], r["reported"], r["table"] or "", r["message"],
                      chat)
    console.print(table, highlight=False)
    return 0


def _mute(storage: Any, args: argparse.Namespace, muted: bool) -> int:
    from ..server.store.accounts import name_key
    from ..server.store.moderation import set_muted

    name = set_muted(storage, name_key(args.name), muted)
    if name is None:
        print(f"president admin: there is no account called {args.name!r}", file=sys.stderr)
        return 1
    print(f"{name} is {'muted' if muted else 'no longer muted'} at every table")
    return 0


def _collusion(storage: Any, args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from ..server.store.fair_play import GROUP_FREE_MATCHES, GROUP_WINDOW
    from ..server.store.moderation import collusion

    groups = collusion(storage)
    console = Console()
    days = GROUP_WINDOW / 86400
    if not groups:
        console.print(f"no group of 2 to 4 accounts played {GROUP_FREE_MATCHES} or more rated matches together "
                      f"in the last {days:g} days")
        return 0
    table = Table(title=f"groups with {GROUP_FREE_MATCHES}+ rated matches together in {days:g} days")
    for column in ("accounts", "matches", "last (UTC)", "weight of the next"):
        table.add_column(column)
    for g in groups:
        table.add_row(", ".join(g["accounts"]), str(g["matches"]), _when(g["last"]), f"{g['next_weight']:.2f}")
    console.print(table, highlight=False)
    return 0


def run(args: argparse.Namespace) -> int:
    """Do the operator's command on the server's database."""
    try:
        storage = _storage(args)
    except ImportError as exc:
        print(f"president admin: {exc.name} is missing; install the server extra: pip install 'president[server]'",
              file=sys.stderr)
        return 2
    try:
        if args.action == "reports":
            return _reports(storage, args)
        if args.action in ("mute", "unmute"):
            return _mute(storage, args, args.action == "mute")
        return _collusion(storage, args)
    finally:
        storage.close()


def add_parser(sub: Any) -> None:
    """Add the ``admin`` sub-command."""
    p = sub.add_parser("admin", help="operator's tools: reports, server-wide mutes, groups that play together often")
    p.add_argument("--database", default=None, metavar="URL", help="the server's database (default: the one "
                                                                    "president serve uses)")
    p.add_argument("--data-dir", default=None, metavar="DIR", help="the server's data directory")
    actions = p.add_subparsers(dest="action", required=True)
    reports = actions.add_parser("reports", help="the reports of players, newest first, with the chat kept")
    reports.add_argument("--limit", type=int, default=50, help="how many reports (default 50)")
    reports.add_argument("--lines", type=int, default=10, help="chat lines shown of each (default 10)")
    mute = actions.add_parser("mute", help="mute an account at every table")
    mute.add_argument("name")
    unmute = actions.add_parser("unmute", help="let a muted account chat again")
    unmute.add_argument("name")
    actions.add_parser("collusion", help="groups of 2 to 4 accounts with many rated matches together")
    p.set_defaults(handler=run)
