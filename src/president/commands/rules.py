"""``president rules [NAME]``: list the rule sets, or explain one with its sources."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..rules import ALIASES, PRESETS, get_rules


def run(args: argparse.Namespace) -> int:
    """List the presets, or explain the one named."""
    if not args.name:
        width = max(len(n) for n in PRESETS)
        print("Rule sets (use `president rules NAME` for the details):\n")
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
    try:
        rules = get_rules(args.name)
    except ValueError as exc:
        print(f"president rules: {exc}", file=sys.stderr)
        return 2
    print(rules.explain())
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``rules`` sub-command."""
    p = sub.add_parser("rules", help="list the rule sets, or explain one")
    p.add_argument("name", nargs="?", help="a preset name such as tavern-jack")
    p.set_defaults(handler=run)
