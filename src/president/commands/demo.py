"""``president demo``: watch a match between computer players in the terminal."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from ..engine import Match
from ..players import bot_names, make_bot


def run(args: argparse.Namespace) -> int:
    """Play and print a match between bots."""
    try:
        match = Match(args.rules, players=args.players, seed=args.seed, deals=args.deals)
        names = (args.bots.split(",") if args.bots else ["random"]) * match.players
        bots = [make_bot(n.strip()) for n in names[: match.players]]
    except ValueError as exc:
        print(f"president demo: {exc}", file=sys.stderr)
        return 2
    rng = random.Random(match.seed)
    print(f"{match.rules.name}, {match.players} players, seed {match.seed}: "
          + ", ".join(f"seat {i} {b.name}" for i, b in enumerate(bots)) + "\n")
    deal = 0
    while match.to_act is not None:
        if match.deal_number != deal:
            deal = match.deal_number
            print(f"--- deal {deal} (seat {match.leader} leads)")
        seat = match.to_act
        move = bots[seat].choose(match.seat_view(seat), rng)
        events = match.apply(move)
        print(f"  seat {seat}: {match.moves[-1][1]}")
        for event in events:
            if event.kind == "deal_over":
                print(f"  order {event.data['order']}  points {event.data['points']}  "
                      f"totals {event.data['scores']}")
    print(f"\nWinner(s): {', '.join(f'seat {s}' for s in match.winners)}  final scores {match.scores}")
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``demo`` sub-command."""
    p = sub.add_parser("demo", help="watch a match between computer players in the terminal")
    p.add_argument("--rules", default="three-of-clubs", help="preset name (default: three-of-clubs)")
    p.add_argument("--players", type=int, default=4, help="number of players (default: 4)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: a new one)")
    p.add_argument("--deals", type=int, default=None, help="number of deals (default: the preset's)")
    p.add_argument("--bots", default=None,
                   help=f"comma-separated bot names, repeated to fill the table (from: {', '.join(bot_names())})")
    p.set_defaults(handler=run)
