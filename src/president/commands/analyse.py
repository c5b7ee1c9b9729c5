"""``president analyse RECORD``: the search bot judges every decision of a finished match."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ._progress import progress_bar


def run(args: argparse.Namespace) -> int:
    """Read the record, judge the decisions, print the marks and the summary (or JSON)."""
    from ..analysis import analyse, describe

    try:
        text = sys.stdin.read() if args.record == "-" else Path(args.record).read_text(encoding="utf-8")
    except OSError as exc:
        print(f"president analyse: cannot read {args.record}: {exc.strerror}", file=sys.stderr)
        return 2
    seats = None if args.seat is None else [args.seat]
    try:
        with progress_bar(sys.stderr.isatty() and not args.json, "decisions") as progress:
            result = analyse(text, seats=seats, level=args.level, worlds=args.worlds, seed=args.seed,
                             workers=args.workers, progress=progress)
    except ValueError as exc:
        print(f"president analyse: {exc}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(result.to_dict(), sys.stdout, indent=2)
        print()
    else:
        print(describe(result))
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``analyse`` sub-command."""
    from ..analysis import DEFAULT_WORLDS, VERDICTS

    marks = ", ".join(f"{name} from {threshold:g}" for name, threshold in VERDICTS)
    p = sub.add_parser(
        "analyse", aliases=["analyze"], help="judge every decision of a finished match with the search bot",
        description="Replay a match record and, for each decision of the chosen seat(s), weigh every candidate "
        "move from that seat's view only (no peeking at hidden cards): the expected points of the move played, of "
        f"the best move, and the loss. Marks by expected points lost: {marks}.",
    )
    p.add_argument("record", help="a match record file (as `Match.record()` writes it), or - for standard input")
    p.add_argument("--seat", type=int, help="judge only this seat (default: every seat)")
    p.add_argument("--level", default="expert", help="the search level that judges (default: expert)")
    p.add_argument("--worlds", type=int, default=DEFAULT_WORLDS,
                   help=f"guessed deals per decision (default: {DEFAULT_WORLDS})")
    p.add_argument("--seed", type=int, default=0, help="the analysis seed: the same seed, the same verdicts")
    p.add_argument("--workers", type=int, default=1, help="worker processes (results do not depend on it)")
    p.add_argument("--json", action="store_true", help="print the whole analysis as JSON")
    p.set_defaults(handler=run)
