"""``president rules [NAME|CODE]``: list the rule sets, explain a preset with its sources, or a rule code in words."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..rule_codes import RuleCodeError, explain, explain_text, looks_like_code
from ..rules import ALIASES, PRESETS, get_rules


def run(args: argparse.Namespace) -> int:
    """List the presets, explain the one named, or explain a rule code (with ``--json``, ``--balance``)."""
    if not args.name:
        width = max(len(n) for n in PRESETS)
        print("Rule sets (use `president rules NAME` for the details, `president rules CODE` for a rule code):\n")
        for name, rules in PRESETS.items():
            players = (
                f"{rules.min_players}-{rules.max_players}"
                if rules.min_players != rules.max_players
                else str(rules.min_players)
            )
            print(f"  {name:<{width}}  {players:>4} players  {rules.description}")
        aliases = ", ".join(f"{a} = {n}" for a, n in ALIASES.items())
        print(f"\nAliases: {aliases}")
        return 0
    if looks_like_code(args.name) or args.json or args.balance:
        code = args.name if looks_like_code(args.name) else f"r1.{args.name}"
        try:
            info = explain(code)
        except RuleCodeError as exc:
            print(f"president rules: {exc}", file=sys.stderr)
            return 2
        if args.balance:
            from ..balance import balance_for_code
            from ._progress import progress_bar

            with progress_bar(sys.stderr.isatty(), "deals") as update:
                try:
                    info["balance"] = balance_for_code(info["code"], players=args.players, deals=args.deals,
                                                       seed=args.seed, progress=update, cache=not args.no_cache)
                except ValueError as exc:
                    print(f"president rules: {exc}", file=sys.stderr)
                    return 2
        if args.json:
            print(json.dumps(info, indent=2))
        else:
            print(explain_text(info["code"]))
            if args.balance:
                from ..balance import balance_text
                print()
                print(balance_text(info["balance"]))
        return 0
    try:
        rules = get_rules(args.name)
    except ValueError as exc:
        print(f"president rules: {exc}", file=sys.stderr)
        return 2
    print(rules.explain())
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``rules`` sub-command."""
    p = sub.add_parser("rules", help="list the rule sets, explain one, or explain a rule code")
    p.add_argument("name", nargs="?", help="a preset name such as tavern-jack, or a rule code such as "
                   "r1.daifugo.eight_cut~0")
    p.add_argument("--json", action="store_true", help="the explanation of the rule code as JSON")
    p.add_argument("--balance", action="store_true",
                   help="add balance labels measured by classic bots (cached per rule code)")
    p.add_argument("--deals", type=int, default=200, help="deals the balance labels are measured on (default 200)")
    p.add_argument("--players", type=int, help="table size of the balance runs (default 4, or the nearest allowed)")
    p.add_argument("--seed", type=int, default=1, help="seed of the balance runs (default 1)")
    p.add_argument("--no-cache", action="store_true", help="measure again even when the figures are cached")
    p.set_defaults(handler=run)
