"""``president verify RECORD``: check every deal of a finished match against the commitments shown before it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..old.verify import OldVerification
    from ..verify import Verification


def _hands_lines(deal: dict[str, Any]) -> list[tuple[str, str]]:
    """Each hand of a deal as (who, cards): the seats, then for the old game the dummy and the turned-up card."""
    rows = [(f"seat {s}", " ".join(cards)) for s, cards in enumerate(deal["hands"])]
    if deal.get("dummy"):
        rows.append(("dummy", " ".join(deal["dummy"]) + (f"  turned up {deal['turned_up']}" if deal["turned_up"]
                                                          else "")))
    return rows


def _plain(result: Verification | OldVerification, hands: bool) -> str:
    lines = [f"table {result.table}, {result.players} players, {len(result.deals)} deals",
             f"secret {result.secret}", ""]
    for deal in result.deals:
        mark = "ok" if deal.ok else "FAILED"
        lines.append(f"deal {deal.number:>3}  dealt from seat {deal.first}  {deal.shown or '(none shown)'}  {mark}")
        if hands:
            lines += [f"          {who}: {cards}" for who, cards in _hands_lines(deal.to_dict())]
    lines.append("")
    lines += [f"problem: {p}" for p in result.problems]
    lines.append("every deal is the one committed before it was played" if result.ok else
                 "the deals do NOT match the commitments")
    return "\n".join(lines)


def _rich(result: Verification | OldVerification, hands: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=f"table {result.table}: {result.players} players, {len(result.deals)} deals",
                  caption=f"secret {result.secret}")
    table.add_column("deal", justify="right")
    table.add_column("from seat", justify="right")
    table.add_column("commitment shown", overflow="fold")
    table.add_column("check")
    if hands:
        table.add_column("hands as dealt")
    for deal in result.deals:
        row = [str(deal.number), str(deal.first), deal.shown or "(none shown)",
               "[green]ok[/green]" if deal.ok else "[bold red]FAILED[/bold red]"]
        if hands:
            row.append("\n".join(f"{who}: {cards}" for who, cards in _hands_lines(deal.to_dict())))
        table.add_row(*row)
    console.print(table)
    for problem in result.problems:
        console.print(f"[red]problem:[/red] {problem}", highlight=False)
    console.print("[bold green]every deal is the one committed before it was played[/bold green]" if result.ok
                  else "[bold red]the deals do NOT match the commitments[/bold red]")


def run(args: argparse.Namespace) -> int:
    """Read the record and check it: status 0 when every deal is the committed one, 1 when not, 2 when the
    record cannot be checked."""
    from ..old.verify import check_record
    from ..verify import NotVerifiable

    try:
        text = sys.stdin.read() if args.record == "-" else Path(args.record).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"president verify: cannot read {args.record}: {getattr(exc, 'strerror', None) or exc}",
              file=sys.stderr)
        return 2
    try:
        result = check_record(text)
    except NotVerifiable as exc:
        print(f"president verify: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    elif sys.stdout.isatty():
        try:
            _rich(result, args.hands)
        except ImportError:
            print(_plain(result, args.hands))
    else:
        print(_plain(result, args.hands))
    return 0 if result.ok else 1


def add_parser(sub: Any) -> None:
    """Add the ``verify`` sub-command."""
    p = sub.add_parser(
        "verify", help="check the deals of a finished match against the commitments shown before them",
        description="Recompute every deal of a finished match from the secret its record shows (told when the "
        "match ends): each deal's commitment must be the one shown before the deal, and the moves must be "
        "playable on the cards the secret deals; records of the old President (seed 000) too. The algorithm "
        "is specified in docs/verify.md. Exit status: 0 when every deal checks, 1 when one does not, 2 when the "
        "record cannot be checked.",
    )
    p.add_argument("record", help="a match record file (the server's /api/matches/ID/record), or - for standard "
                   "input")
    p.add_argument("--hands", action="store_true", help="also print every hand as dealt")
    p.add_argument("--json", action="store_true", help="print the whole check as JSON")
    p.set_defaults(handler=run)
