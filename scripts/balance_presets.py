"""Measure the presets' balance labels and write them to src/president/balance_presets.json (shipped).

    PYTHONPATH=src python scripts/balance_presets.py [--deals 200] [--seed 1]

The figures are keyed as ``president rules CODE --balance`` looks them up (code, players, deals, seed), so
the command and the rule set's page show them at once for the presets.
"""

from __future__ import annotations

import argparse
import json

from president.balance import SHIPPED, figures_key, measure
from president.rules import PRESETS


def main() -> None:
    """Measure every preset at its balance table size and write the file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out = {}
    for rules in PRESETS.values():
        figures = measure(rules, deals=args.deals, seed=args.seed)
        out[figures_key(figures["code"], figures["players"], args.deals, args.seed)] = figures
        print(f"{figures['code']}: {figures}")
    SHIPPED.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
