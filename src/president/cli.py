"""The ``president`` command.

Each sub-command lives in its own module and is imported only when used, so that
``president rules`` works with the standard library alone.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence

from .engine import Match
from .rules import ALIASES, PRESETS, get_rules

Handler = Callable[[argparse.Namespace], int]


def _cmd_rules(args: argparse.Namespace) -> int:
    if not args.name:
        width = max(len(n) for n in PRESETS)
        print("Rule sets (use `president rules NAME` for the details):\n")
        for name, rules in PRESETS.items():
            players = f"{rules.min_players}-{rules.max_players}" if rules.min_players != rules.max_players \
                else str(rules.min_players)
            print(f"  {name:<{width}}  {players:>4} players  {rules.description}")
        aliases = ", ".join(f"{a} = {n}" for a, n in ALIASES.items())
        print(f"\nAliases: {aliases}")
        return 0
    try:
        rules = get_rules(args.name)
    except ValueError as exc:
        print(f"president rules: {exc}", file=sys.stderr)
        return 2
    print(rules.explain())
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    try:
        match = Match(args.rules, players=args.players, seed=args.seed, deals=args.deals)
    except ValueError as exc:
        print(f"president demo: {exc}", file=sys.stderr)
        return 2
    rng = random.Random(match.seed)
    print(f"{match.rules.name}, {match.players} players, seed {match.seed}: random moves for every seat\n")
    deal = 0
    while match.to_act is not None:
        if match.deal_number != deal:
            deal = match.deal_number
            print(f"--- deal {deal} (seat {match.leader} leads)")
        seat = match.to_act
        move = rng.choice(match.legal_moves())
        events = match.apply(move)
        print(f"  seat {seat}: {move}")
        for event in events:
            if event.kind == "deal_over":
                print(f"  order {event.data['order']}  points {event.data['points']}  "
                      f"totals {event.data['scores']}")
    print(f"\nWinner(s): {', '.join(f'seat {s}' for s in match.winners)}  final scores {match.scores}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``president`` command."""
    parser = argparse.ArgumentParser(
        prog="president",
        description="President, Daifugo, Scum and friends: play, study and build bots.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("rules", help="list the rule sets, or explain one")
    p.add_argument("name", nargs="?", help="a preset name such as tavern-jack")
    p.set_defaults(handler=_cmd_rules)

    p = sub.add_parser("demo", help="watch a match of random moves in the terminal")
    p.add_argument("--rules", default="three-of-clubs", help="preset name (default: three-of-clubs)")
    p.add_argument("--players", type=int, default=4, help="number of players (default: 4)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: a new one)")
    p.add_argument("--deals", type=int, default=None, help="number of deals (default: the preset's)")
    p.set_defaults(handler=_cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``president`` command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 0
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
