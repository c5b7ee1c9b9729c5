"""House rules next to the seed rules: random self-play per CPU second, side by side in one run.

    python benchmarks/house_speed.py [--rounds 5] [--seconds 1.0] [--json out.json]

Each round measures every rule set below once, in an order rotated from round to
round, each for about ``--seconds`` of CPU time (``time.process_time``) in this one
process: ``public`` plays whole matches with ``legal_moves()`` then ``apply()`` and a
uniform choice; ``rollout`` plays ``copy().playout("random")`` from the start of each
new deal (building the match included, as in a public-API deal). Decisions are every
choice made, passes and the exchange's gifts included (rollouts: estimated from the
public path's decisions a deal). The table gives the median over the rounds and each
rule set's ratio to ``tavern-jack`` at four players, the reference of the seed rules.

The rule sets are ``daifugo`` at five players (the UECda rules) and one house rule
or combination each on ``tavern-jack`` at four players: the same sample as the test
that holds the engine's straight lanes to the definition of the trick.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from president import Match

REFERENCE = ("tavern-jack", 4, {})
CASES: list[tuple[str, int, dict[str, Any]]] = [
    REFERENCE,
    ("daifugo", 5, {}),
    ("tavern-jack", 4, {"jokers": 1}),
    ("tavern-jack", 4, {"eight_cut": True}),
    ("tavern-jack", 4, {"eleven_back": True, "revolution": True}),
    ("tavern-jack", 4, {"suit_lock": True}),
    ("tavern-jack", 4, {"equal_answers": True, "skip_on_equal": True}),
    ("tavern-jack", 4, {"runs": True, "suit_lock": True, "revolution": True, "run_revolution": 4}),
    ("tavern-jack", 4, {"jokers": 2, "wild_jokers": True, "runs": True}),
    ("tavern-jack", 4, {"quad_bomb": True, "two_bomb": True, "revolution": True}),
    ("tavern-jack", 4, {"forbidden_finish": ("2", "8", "joker"), "jokers": 2, "eight_cut": True,
                        "capital_fall": True}),
    ("tavern-jack", 4, {"nine_pair_cut": True, "six_pair_cut": True, "spade3_cut": True, "coup": True,
                        "omen": True, "great_revolution": True, "revolution": True}),
    ("tavern-jack", 4, {"eleven_back": True, "eleven_back_once": True, "eleven_back_odd": True}),
    ("tavern-jack", 4, {"sandstorm": True, "down_number": True, "stair_lock": True}),
    ("tavern-jack", 4, {"jokers": 2, "wild_jokers": True, "wild_joker_pair": True}),
    ("tavern-jack", 4, {"seven_pass": True, "ten_discard": True}),
    ("tavern-jack", 4, {"queen_bomber": True}),
    ("tavern-jack", 4, {"salvage": True}),
    ("tavern-jack", 4, {"unbeatable_clears": True}),
    ("tavern-jack", 4, {"jokers": 1, "unbeatable_clears": True, "suit_lock": True, "suit_lock_at_once": True}),
    ("tavern-jack", 4, {"eight_cut": True, "four_stop": True}),
    ("tavern-jack", 4, {"emperor": True}),
]


def label(case: tuple[str, int, dict[str, Any]]) -> str:
    """``preset, Np`` and its options."""
    preset, players, options = case
    extra = " ".join(f"{k}={v}" for k, v in options.items())
    return f"{preset}, {players}p" + (f" + {extra}" if extra else "")


def public(case: tuple[str, int, dict[str, Any]], seconds: float, seed: int) -> tuple[float, float]:
    """Decisions and deals per CPU second of random play through the public API."""
    preset, players, options = case
    rng = random.Random(seed)
    decisions = deals = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        match = Match(preset, players, seed=seed + deals, deals=5, **options)
        while not match.is_over:
            moves = match.legal_moves()
            match.apply(moves[int(rng.random() * len(moves))])
            decisions += 1
        deals += len(match.deal_results)
    used = time.process_time() - start
    return decisions / used, deals / used


def rollout(case: tuple[str, int, dict[str, Any]], seconds: float, seed: int) -> float:
    """Deals per CPU second of random playouts on a copy of each new match."""
    preset, players, options = case
    rng = random.Random(seed)
    deals = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        match = Match(preset, players, seed=seed + deals, deals=1, **options)
        match.copy().playout("random", rng)
        deals += 1
    return deals / (time.process_time() - start)


def main(argv: list[str] | None = None) -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per rule set, path and round")
    parser.add_argument("--json", metavar="FILE", help="also write every round's numbers")
    parser.add_argument("--only", metavar="TEXT", action="append", default=[],
                        help="measure only the rule sets whose label holds TEXT (repeatable; the reference is kept)")
    args = parser.parse_args(argv)
    cases = [c for c in CASES if c == REFERENCE or not args.only or any(t in label(c) for t in args.only)]
    rows: dict[str, dict[str, list[float]]] = {label(c): {"public": [], "deals": [], "rollout": []} for c in cases}
    for r in range(args.rounds):
        order = cases[r % len(cases):] + cases[:r % len(cases)]
        for case in order:
            per_decision, per_deal = public(case, args.seconds, seed=1 + r)
            row = rows[label(case)]
            row["public"].append(per_decision)
            row["deals"].append(per_deal)
            row["rollout"].append(rollout(case, args.seconds, seed=1 + r))
        print(f"round {r + 1}/{args.rounds} done", flush=True)
    med = {name: {k: statistics.median(v) for k, v in row.items()} for name, row in rows.items()}
    ref = med[label(REFERENCE)]
    print("\n| rule set | public decisions/s | × tavern-jack | rollout deals/s | rollout decisions/s | × tavern-jack |")
    print("|---|--:|--:|--:|--:|--:|")
    for name, m in med.items():
        per_deal = m["public"] / m["deals"]
        rollout_decisions = m["rollout"] * per_deal
        ref_rollout = ref["rollout"] * ref["public"] / ref["deals"]
        print(f"| {name} | {m['public']:,.0f} | {m['public'] / ref['public']:.2f} | {m['rollout']:,.0f} | "
              f"~{rollout_decisions:,.0f} | {rollout_decisions / ref_rollout:.2f} |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(rows, handle, indent=2)


if __name__ == "__main__":
    main()
