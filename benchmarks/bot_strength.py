"""How strong and how fast the bots are.

Usage::

    python benchmarks/bot_strength.py [--deals 2000] [--seed 1] [--workers 2] [--rules three-of-clubs,tavern-jack]
                                      [--json out.json]
    python benchmarks/bot_strength.py --search expert,hard,normal,easy,cheater [--deals 2000] ...
    python benchmarks/bot_strength.py --search expert,expert-plain --worlds 100 --workers 1 ...

Search (``--search``): each named bot in seat rotation against three ``classic``
players, duplicate deals, with the thinking time per decision (median and 95th
percentile over the decisions that had a choice). The target for ``expert`` is
at least 2.2 points per deal with the interval's lower end above 2.1.

Strength: the arena (duplicate deals) of ``classic`` against three ``random``
players in each rule set, reporting each player's mean points per deal with its
95% interval. With 3/2/1/0 points per deal the par of four equal players is 1.5;
``classic`` must be clearly above it (its whole interval).

Speed: the microseconds per call of :func:`classic_move` and :func:`classic_gift`
(the pure functions a search calls in its playouts) and of ``ClassicBot.choose``
on a view, measured over positions collected from real classic-vs-random games.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from president import Match, Rules, get_rules
from president.arena import run_arena
from president.bots import ClassicBot
from president.bots.classic import classic_gift, classic_move
from president.players import bot_names, make_bot, register_bot
from president.view import SeatView

Position = tuple[int, int, int, bool, bool, int, bool, int]
"""The arguments of one classic_move call."""
Collected = tuple[list[Position], list[SeatView], list[tuple[int, int]]]


def collect_positions(rules: str, deals: int, seed: int) -> Collected:
    """Play-phase arguments of classic_move, the views, and the exchange gifts met in classic-vs-random games."""
    positions: list[Position] = []
    views: list[SeatView] = []
    gifts: list[tuple[int, int]] = []
    rng = random.Random(seed)
    played = 0
    match_seed = seed
    while played < deals:
        match = Match(rules, 4, seed=match_seed)
        match_seed += 1
        bots = [make_bot("classic")] + [make_bot("random") for _ in range(3)]
        while match.to_act is not None:
            seat = match.to_act
            view = match.seat_view(seat)
            if view.phase == "play":
                positions.append((view.hand, view.table_rank, view.table_count, view.revolution,
                                  view.rules.joker_in_revolution == "highest", view.rules.max_set,
                                  view.rules.revolution, view.must_contain))
                views.append(view)
            else:
                gifts.append((view.hand, view.give_count))
            match.apply_fast(bots[seat].choose(view, rng))
        played += match.deal_number
    return positions, views, gifts


def best_time(run: Callable[[], None], calls: int, repeats: int = 5) -> float:
    """Microseconds per call: the best of ``repeats`` timings of ``run`` (which makes ``calls`` calls)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def speed(rules: str, seed: int) -> dict[str, float]:
    """Microseconds per decision of the classic policy over positions of ``rules``."""
    positions, views, gifts = collect_positions(rules, 200, seed)
    bot = ClassicBot()
    rng = random.Random(0)

    def moves() -> None:
        for args in positions:
            classic_move(*args)

    def gives() -> None:
        for hand, count in gifts:
            classic_gift(hand, count)

    def chooses() -> None:
        for view in views:
            bot.choose(view, rng)

    return {
        "positions": len(positions),
        "classic_move_us": best_time(moves, len(positions)),
        "classic_gift_us": best_time(gives, max(1, len(gifts))),
        "choose_on_view_us": best_time(chooses, len(views)),
    }


def strength(rules: str, deals: int, seed: int, workers: int) -> dict[str, Any]:
    """The arena of classic against three random players."""
    result = run_arena(rules, 4, ["classic", "random", "random", "random"], deals=deals, seed=seed, workers=workers)
    return result.to_dict() | {"describe": result.describe()}


def search_strength(bot: str, rules: str | Rules, deals: int, seed: int, workers: int,
                    players: int = 4, csv: str | None = None) -> dict[str, Any]:
    """The arena of ``bot`` against ``players - 1`` classic players, with thinking times (every deal to ``csv``)."""
    result = run_arena(rules, players, [bot] + ["classic"] * (players - 1), deals=deals, seed=seed,
                       workers=workers, ratings=False, timing=True)
    if csv:
        result.write_csv(csv)
    return result.to_dict() | {"describe": result.describe()}


def fixed_worlds(bot: str, worlds: int) -> str:
    """Register ``bot`` searching exactly ``worlds`` guesses a decision, with no time budget; returns its name.

    The registration lives in this process only: the arena must run with one worker.
    """
    name = f"{bot}@{worlds}"
    if name not in bot_names(offered_only=False):
        # A budget never reached (not infinity: the batched search sizes its batches from the time left).
        register_bot(name, partial(make_bot, bot, worlds=worlds, min_worlds=worlds, seconds=1e9),
                     f"{bot} at {worlds} guesses a decision", offered=False)
    return name


def search_main(args: argparse.Namespace) -> int:
    """Each search bot against three classic players, in each rule set."""
    report: dict[str, Any] = {}
    failed = False
    if args.worlds is not None and (args.worlds < 1 or args.workers != 1):
        raise SystemExit("--worlds needs a positive count and --workers 1")
    for rules in args.rules.split(","):
        rule_set = get_rules(rules, deals=args.match_deals) if args.match_deals else get_rules(rules)
        for name in args.search.split(","):
            bot = fixed_worlds(name, args.worlds) if args.worlds else name
            start = time.perf_counter()
            csv = f"{args.csv}-{name}-{rules}.csv" if args.csv else None
            arena = search_strength(bot, rule_set, args.deals, args.seed, args.workers, args.players, csv)
            seconds = time.perf_counter() - start
            report[f"{bot}/{rules}"] = arena | {"arena_seconds": seconds}
            first, timing = arena["results"][0], arena["timing"][0]
            low, high = first["ci95"]
            interval = f"{low:.3f} .. {high:.3f}" if low is not None else "n/a (too few matches)"
            print(f"{bot:<8} {rules:<15} {first['mean']:.3f} points per deal, 95% interval {interval}; "
                  f"{timing['median_ms']:.0f} ms median, {timing['p95_ms']:.0f} ms p95 per decision "
                  f"({arena['deals']} deals, {seconds:.0f} s)", flush=True)
            print(f"         par {arena['par']:g} points per deal", flush=True)
            if bot == "expert" and args.players == 4 and rules in ("three-of-clubs", "tavern-jack"):
                failed |= not (first["mean"] >= 2.2 and low is not None and low > 2.1)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rules", default="three-of-clubs,tavern-jack")
    parser.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    parser.add_argument("--players", type=int, default=4, help="table size of the --search arena")
    parser.add_argument("--match-deals", type=int, default=0,
                        help="deals per match in the --search arena (default: the rule set's match length)")
    parser.add_argument("--worlds", type=int,
                        help="with --search: every search bot uses exactly this many guesses a decision and no time "
                        "budget (needs --workers 1)")
    parser.add_argument("--csv", metavar="PREFIX",
                        help="with --search: also write every deal to PREFIX-BOT-RULES.csv, for "
                        "benchmarks/compare_deals.py (the same seed plays the same decks)")
    parser.add_argument("--search", metavar="BOTS",
                        help="comma-separated bots to measure against three classic players instead")
    args = parser.parse_args(argv)
    if args.search:
        return search_main(args)
    report: dict[str, Any] = {}
    failed = False
    for rules in args.rules.split(","):
        start = time.perf_counter()
        arena = strength(rules, args.deals, args.seed, args.workers)
        seconds = time.perf_counter() - start
        fast = speed(rules, args.seed)
        report[rules] = {"arena": arena, "arena_seconds": seconds, "speed": fast}
        print(f"\n{arena['describe']} ({seconds:.1f} s with {args.workers} workers)")
        for r in arena["results"]:
            low, high = r["ci95"]
            print(f"  {r['label']:<9} {r['mean']:.3f} points per deal, 95% interval {low:.3f} .. {high:.3f}")
        classic = arena["results"][0]
        clear = classic["ci95"][0] > arena["par"]
        failed |= not clear
        print(f"  classic {'clearly beats' if clear else 'does NOT clearly beat'} random (par {arena['par']:g})")
        print(f"  classic_move {fast['classic_move_us']:.2f} µs, classic_gift {fast['classic_gift_us']:.2f} µs, "
              f"ClassicBot.choose on a view {fast['choose_on_view_us']:.2f} µs "
              f"(over {fast['positions']:.0f} positions)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
