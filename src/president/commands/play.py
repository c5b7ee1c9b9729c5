"""``president play``: play a match in the terminal against bots."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..players import bot_names


def run(args: argparse.Namespace) -> int:
    """Play a match against bots, reading moves from standard input."""
    from ..terminal import play

    try:
        return play(args.rules, args.bots.split(","), players=args.players, seat=args.seat, seed=args.seed,
                    deals=args.deals, color=False if args.no_color else None)
    except ValueError as exc:
        print(f"president play: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nYou left the match.", file=sys.stderr)
        return 1


def add_parser(sub: Any) -> None:
    """Add the ``play`` sub-command."""
    p = sub.add_parser("play", help="play a match in the terminal against bots",
                       description="Play President in the terminal against bots. Type cards ('7c 7h'), "
                       "their numbers in your sorted hand ('1 2'), 'pass', 'hint', 'help' or 'quit'.")
    p.add_argument("--rules", default="three-of-clubs", help="preset name (default: three-of-clubs)")
    p.add_argument("--bots", default="classic",
                   help=f"comma-separated bots of the other seats, repeated to fill the table "
                   f"(default: classic; from: {', '.join(bot_names())})")
    p.add_argument("--players", type=int, default=None,
                   help="number of players (default: one more than the bots named, or 4)")
    p.add_argument("--seat", type=int, default=0, help="your seat (default: 0)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: a new one, shown at the start)")
    p.add_argument("--deals", type=int, default=None, help="number of deals (default: the preset's)")
    p.add_argument("--no-color", action="store_true", help="plain text even in a terminal")
    p.set_defaults(handler=run)
