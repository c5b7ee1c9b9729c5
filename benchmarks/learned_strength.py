"""How strong the learned policy is, alone and as the guide of the search.

Usage::

    python benchmarks/learned_strength.py [--bots learned] [--rules three-of-clubs,tavern-jack] [--deals 2000]
                                          [--seed 1] [--workers 2] [--json out.json]
    python benchmarks/learned_strength.py --bots expert-learned,expert --deals 400 --workers 1
    python benchmarks/learned_strength.py --model my.npz --deals 4000 --workers 1

Each named bot sits in seat rotation against three ``classic`` players on
duplicate deals (the arena's five-deal matches, 3/2/1/0 points, par 1.5); the
report gives its points per deal with the 95 % interval over matches and its
thinking time per decision with a choice (median and 95th percentile). The aim
for ``learned`` is 2.2 points per deal at 5 ms a decision or less; for the
search guided by it, more than ``expert`` at the same time per decision.
``--model FILE`` measures the ``learned`` bot with another model file (in this
process: ``--workers 1``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from functools import partial
from typing import Any

from president.arena import run_arena
from president.players import register_bot


def measure(bot: str, rules: str, deals: int, seed: int, workers: int, csv: str | None = None) -> dict[str, Any]:
    """The arena of ``bot`` against three classic players, with thinking times (every deal to ``csv``)."""
    start = time.perf_counter()
    result = run_arena(rules, 4, [bot, "classic", "classic", "classic"], deals=deals, seed=seed, workers=workers,
                       ratings=False, timing=True)
    if csv:
        result.write_csv(csv)
    return result.to_dict() | {"seconds": time.perf_counter() - start}


def main(argv: list[str] | None = None) -> int:
    """Run the arenas and print one line per bot and rule set."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="learned", help="comma-separated bots to measure (default: learned)")
    parser.add_argument("--rules", default="three-of-clubs,tavern-jack")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--model", metavar="FILE",
                        help="measure the learned bot with this model file instead of the shipped one (--workers 1)")
    parser.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    parser.add_argument("--csv", metavar="PREFIX",
                        help="also write every deal to PREFIX-BOT-RULES.csv (the same seed plays the same decks, so "
                        "two bots can be compared deal by deal)")
    args = parser.parse_args(argv)
    if args.model:
        if args.workers != 1:
            parser.error("--model plays in this process: use --workers 1")
        from president.learned.bot import LearnedBot

        register_bot("learned-file", partial(LearnedBot, name="learned-file", model=args.model),
                     f"the learned policy of {args.model}", offered=False)
        args.bots = "learned-file"
    report: dict[str, Any] = {}
    for rules in args.rules.split(","):
        for bot in args.bots.split(","):
            csv = f"{args.csv}-{bot}-{rules}.csv" if args.csv else None
            arena = measure(bot, rules, args.deals, args.seed, args.workers, csv)
            report[f"{bot}/{rules}"] = arena
            first, timing = arena["results"][0], arena["timing"][0]
            low, high = first["ci95"]
            print(f"{bot:<15} {rules:<15} {first['mean']:.3f} points per deal, 95% interval {low:.3f} .. {high:.3f};"
                  f" {timing['median_ms']:.1f} ms median, {timing['p95_ms']:.1f} ms p95 per decision "
                  f"({arena['deals']} deals, {arena['seconds']:.0f} s)", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
