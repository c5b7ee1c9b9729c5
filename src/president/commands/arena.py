"""``president arena``: many duplicate deals between bots, then points, titles, wins and ratings per bot."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..players import bot_names
from ._progress import progress_bar

DEFAULT_BOTS = "classic,random,random,random"




OLD_GAME = "old-president"
"""The ``--rules`` name of the 19th-century stops game, whose arena counts chips, not points."""


def _run_old(args: argparse.Namespace, bots: list[str]) -> int:
    """The arena of the old game: mean chips won per game by each bot, seats rotated."""
    import json

    from ..old.arena import play_old_games

    if args.bots == DEFAULT_BOTS:
        bots = ["careful", "random", "random", "random"]
    players = args.players or len(bots)
    games = max(1, -(-args.deals // players))
    try:
        chips = play_old_games(bots, games=games, seed=args.seed, players=players)
    except ValueError as exc:
        print(f"president arena: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"rules": OLD_GAME, "players": players, "games": games, "deals": games * players,
                          "seed": args.seed, "mean_chips_per_game": chips}, indent=2))
        return 0
    print(f"{games} games of old-president ({games * players} deals), {players} players, seats rotated")
    width = max(len(name) for name in chips)
    print(f"{'bot':<{width}}  chips/game")
    for name, value in sorted(chips.items(), key=lambda item: -item[1]):
        print(f"{name:<{width}}  {value:+10.2f}")
    return 0


def _run_uecda(args: argparse.Namespace, bots: list[str]) -> int:
    """A UECda match (the daifugo rules of the UECda server) with external programs among the seats."""
    from ..uecda.programs import play_with_programs
    from ..uecda.server import results_json

    if len(bots) != 5:
        print(f"president arena: a UECda match has 5 players, not {len(bots)}", file=sys.stderr)
        return 2
    if args.rules not in ("tavern-jack", "daifugo", "uecda"):
        print("president arena: external UECda programs play the UECda rules (daifugo); leave --rules out",
              file=sys.stderr)
        return 2
    unsupported = [option for option, given in (("--out", args.out), ("--plot", args.plot), ("--timing", args.timing))
                   if given]
    if unsupported:
        print(f"president arena: {', '.join(unsupported)} cannot be used with external UECda programs; "
              "--json gives every game's points", file=sys.stderr)
        return 2
    try:
        result = play_with_programs(bots, args.deals, seed=args.seed, log=sys.stderr)
    except (RuntimeError, ValueError) as exc:
        print(f"president arena: {exc}", file=sys.stderr)
        return 2
    print(results_json(result) if args.json else result.table())
    return 0


def run(args: argparse.Namespace) -> int:
    """Run the arena and report."""
    from ..arena import run_arena
    from ..arena_output import plain_table, rich_tables, write_plot
    from ..rule_codes import RuleCodeError, decode, looks_like_code
    from ..rules import Rules

    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    if args.rules == OLD_GAME:
        return _run_old(args, bots)
    if any(name.startswith("uecda:") for name in bots):
        return _run_uecda(args, bots)
    rules: str | Rules = args.rules
    if looks_like_code(args.rules):
        try:
            rules = decode(args.rules)
        except RuleCodeError as exc:
            print(f"president arena: {exc}", file=sys.stderr)
            return 2
    try:
        with progress_bar(sys.stderr.isatty(), "deals") as progress:
            result = run_arena(rules, args.players, bots, deals=args.deals, seed=args.seed,
                               workers=args.workers, progress=progress, ratings=not args.no_ratings,
                               timing=args.timing, ray_address=args.ray)
    except ValueError as exc:
        print(f"president arena: {exc}", file=sys.stderr)
        return 2
    notes = sys.stderr if args.json else sys.stdout
    if args.json:
        print(result.to_json())
    elif sys.stdout.isatty():
        try:
            from rich.console import Console
        except ImportError:
            print(plain_table(result))
        else:
            console = Console()
            for table in rich_tables(result):
                console.print(table)
    else:
        print(plain_table(result))
    if args.out:
        result.write_csv(args.out)
        print(f"per-deal data written to {args.out}", file=notes)
    if args.plot:
        write_plot(result, args.plot)
        print(f"chart written to {args.plot}", file=notes)
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``arena`` sub-command."""
    p = sub.add_parser(
        "arena",
        help="rate bots over many duplicate deals",
        description="Play many duplicate deals between bots (each deck replayed with the bots rotated through "
        "the seats) and report mean points per deal with a 95% interval, titles, match wins and an openskill "
        "rating per bot.",
    )
    p.add_argument("--rules", default="tavern-jack",
                   help="preset name (default: tavern-jack), a rule code such as r1.tavern-jack.queen_bomber "
                   "(`president rules CODE` explains one), or old-president for the 19th-century stops game")
    p.add_argument("--players", type=int, default=None, help="number of players (default: one per bot)")
    p.add_argument("--bots", default=DEFAULT_BOTS,
                   help=f"comma-separated bot names, one per player (default: {DEFAULT_BOTS}; "
                   f"from: {', '.join(bot_names())}); 'uecda:COMMAND' seats an external UECda program in a "
                   "five-player UECda match ({port} in COMMAND is the server's port, else -p PORT is added)")
    p.add_argument("--deals", type=int, default=2000,
                   help="deals to play in all, rounded up to whole matches x seatings (default: 2000)")
    p.add_argument("--seed", type=int, default=1, help="arena seed (default: 1)")
    p.add_argument("--workers", type=int, default=1, help="worker processes; results do not depend on it")
    p.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
                   help="play the matches as Ray tasks: on a Ray started on this machine (--workers CPUs, or all), "
                   "or on the running cluster at ADDRESS (auto, HOST:6379, ray://HOST:10001); results do not depend "
                   "on it; needs pip install 'president[dist]'")
    p.add_argument("--json", action="store_true", help="print the summary as JSON only")
    p.add_argument("--out", metavar="FILE.csv", help="write one CSV row per player and deal")
    p.add_argument("--plot", metavar="FILE.png", help="save a chart of points per deal by bot")
    p.add_argument("--no-ratings", action="store_true", help="skip the openskill ratings")
    p.add_argument("--timing", action="store_true",
                   help="also report each bot's thinking time per decision (median and 95th percentile)")
    p.set_defaults(handler=run)
