"""How much a search bot loses on each decision by stopping early: its regret against a long search.

Usage::

    python benchmarks/search_regret.py [--bot expert] [--rules three-of-clubs] [--players 4] [--positions 150]
                                       [--reference 2000] [--worlds 50,100,200,400] [--repeats 3] [--json out.json]

Decisions are collected from games of four (``--players``) ``classic`` players (seat 0's play
decisions with more than one distinct move, a random sample of them). For each,
the bot evaluates every distinct move with ``--reference`` guesses of the hidden
hands: those values stand for the truth. Then, for each budget of ``--worlds``,
the bot decides with that many guesses (no time budget, so the figures do not
depend on the machine's speed or load), ``--repeats`` times with other random
draws, and the regret of a decision is the reference value of the reference's
best move less that of the move chosen.

The mean regret, times the decisions a player makes in a deal (about 11 in
three-of-clubs), estimates what the budget costs in points a deal against a
search that never stops; the differences between budgets are what to read, the
reference being noisy itself. Game runs (``bot_strength.py``) need thousands of
deals to separate a few hundredths of a point; this takes minutes.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from president import Match
from president.commands._progress import progress_bar
from president.players import make_bot
from president.search.expert import SearchBot
from president.search.kinds import distinct_moves
from president.view import SeatView


def collect_decisions(rules: str, positions: int, seed: int, players: int = 4) -> list[SeatView]:
    """``positions`` play decisions of seat 0 with a choice, drawn from games of ``players`` ``classic`` players."""
    rng = random.Random(seed)
    views: list[SeatView] = []
    match_seed = seed
    while len(views) < 4 * positions:
        match = Match(rules, players, seed=match_seed)
        match_seed += 1
        classic = make_bot("classic")
        while match.to_act is not None:
            view = match.seat_view(match.to_act)
            if (match.to_act == 0 and view.phase == "play"
                    and len(distinct_moves(view.legal_masks(), view.rules)) > 1):
                views.append(view)
            match.apply_fast(classic.choose(view, rng))
    rng.shuffle(views)
    return views[:positions]


def _best(values: list[float]) -> int:
    """The index of the best value (the first of equals, as the search picks)."""
    return max(range(len(values)), key=lambda i: (values[i], -i))


def measure(bot_name: str, rules: str, positions: int, reference: int, budgets: list[int], repeats: int,
            seed: int, show: bool, players: int = 4) -> dict[str, Any]:
    """The reference values, then each budget's mean regret (with its 95 % interval over decisions)."""
    bot = make_bot(bot_name)
    if not isinstance(bot, SearchBot):
        raise SystemExit(f"{bot_name!r} is not a search bot")
    views = collect_decisions(rules, positions, seed, players)
    total = len(views) * (1 + len(budgets) * repeats)
    done = 0
    references: list[tuple[list[int], list[float]]] = []
    result: dict[str, Any] = {"bot": bot_name, "rules": rules, "players": players, "positions": len(views),
                              "reference": reference, "repeats": repeats, "budgets": {}}
    with progress_bar(show, "decisions") as update:
        start = time.perf_counter()
        for k, view in enumerate(views):
            candidates = distinct_moves(view.legal_masks(), view.rules)
            values = bot.evaluate(view, candidates, random.Random(seed * 1_000_003 + k), worlds=reference)
            references.append((candidates, values))
            done += 1
            if update:
                update(done, total)
        result["reference_seconds"] = round(time.perf_counter() - start, 1)
        for worlds in budgets:
            per_decision: list[float] = []
            wrong = 0
            start = time.perf_counter()
            for k, (view, (candidates, values)) in enumerate(zip(views, references, strict=True)):
                regrets = []
                for r in range(repeats):
                    chosen = bot.evaluate(view, candidates, random.Random(r * 7_919 + k), worlds=worlds)
                    pick = _best(chosen)
                    regrets.append(max(values) - values[pick])
                    wrong += regrets[-1] > 0
                    done += 1
                    if update:
                        update(done, total)
                per_decision.append(statistics.mean(regrets))
            mean = statistics.mean(per_decision)
            half = 1.96 * statistics.stdev(per_decision) / len(per_decision) ** 0.5 if len(per_decision) > 1 else 0
            result["budgets"][str(worlds)] = {
                "regret": round(mean, 4), "low": round(mean - half, 4), "high": round(mean + half, 4),
                "other_move": round(wrong / (len(views) * repeats), 3),
                "ms_per_decision": round(1000 * (time.perf_counter() - start) / (len(views) * repeats), 1),
            }
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the measurement and print one line per budget."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="expert", help="a search bot (default: expert)")
    parser.add_argument("--rules", default="three-of-clubs")
    parser.add_argument("--players", type=int, default=4, help="players at the table (default: 4)")
    parser.add_argument("--positions", type=int, default=150, help="decisions to measure (default: 150)")
    parser.add_argument("--reference", type=int, default=2000, help="guesses of the reference search (default: 2000)")
    parser.add_argument("--worlds", default="50,100,200,400", help="comma-separated budgets, in guesses a decision")
    parser.add_argument("--repeats", type=int, default=3, help="decisions with other draws per budget (default: 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    args = parser.parse_args(argv)
    try:
        budgets = [int(w) for w in args.worlds.split(",")]
    except ValueError:
        parser.error(f"--worlds must be comma-separated whole numbers, not {args.worlds!r}")
    if args.positions < 1 or args.reference < 1 or args.repeats < 1 or min(budgets) < 1:
        parser.error("--positions, --reference, --repeats and every budget must be at least 1")
    try:
        result = measure(args.bot, args.rules, args.positions, args.reference, budgets, args.repeats, args.seed,
                         sys.stderr.isatty(), args.players)
    except ValueError as error:
        parser.error(str(error))
    print(f"{result['bot']} {result['rules']} at {result['players']}: {result['positions']} decisions, "
          f"reference {result['reference']} guesses ({result['reference_seconds']} s)")
    for worlds, row in result["budgets"].items():
        print(f"  {worlds:>5} guesses: regret {row['regret']:.4f} a decision (95% {row['low']:.4f} .. "
              f"{row['high']:.4f}), another move than the reference's best {100 * row['other_move']:.1f}%, "
              f"{row['ms_per_decision']} ms a decision")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(result, handle, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
