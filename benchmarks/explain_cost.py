"""What asking a bot why costs, and that not asking costs nothing.

Usage::

    python benchmarks/explain_cost.py [--deals 200] [--worlds 40] [--seed 1]

Collects the views of seed-rule games of ``classic`` players, then times, on the
same views, ``choose`` and (where the bot has it) ``decide`` of ``classic``, of
``classic+hoarder`` and of the search with a fixed number of guessed deals (so
that its time does not hang on a clock). Run it on a checkout without ``decide``
to compare ``choose`` before and after: the numbers are microseconds per call,
the best of five runs. Last, the cost of the classic policy where the search
pays for it: one call of ``classic_move`` (asked no reason) and one playout of a
deal by the search's playout policy, in CPU time (less disturbed by a busy
machine than the clock).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from president import Match
from president.bots import ClassicBot
from president.players import make_bot
from president.search.expert import SearchBot
from president.view import SeatView


def collect_views(deals: int, seed: int) -> list[SeatView]:
    """The views of the seats to act in ``deals`` deals of four classic players (three-of-clubs)."""
    views: list[SeatView] = []
    bot = ClassicBot()
    played = 0
    while played < deals:
        match = Match("three-of-clubs", 4, seed=seed + played)
        while match.to_act is not None:
            view = match.seat_view(match.to_act)
            views.append(view)
            match.apply_fast(bot.choose(view, random.Random(0)))
        played += match.deal_number
    return views


def policy_costs(views: Sequence[SeatView], deals: int = 200) -> tuple[float, float]:
    """CPU microseconds of one ``classic_move`` over the play views, and of one playout of a fresh deal with the
    search's playout policy (the best of five passes each)."""
    from president.bots.classic import classic_move
    from president.search.expert import noisy_classic_policy

    args = [(v.hand, v.table_rank, v.table_count, v.revolution, v.rules.joker_in_revolution == "highest",
             v.rules.max_set, v.rules.revolution, v.must_contain) for v in views if v.phase == "play"]
    starts = [Match("three-of-clubs", 4, seed=seed) for seed in range(deals)]
    rules = starts[0].rules
    policy = noisy_classic_policy(rules.max_set, rules.revolution, rules.joker_in_revolution == "highest", 0.05)
    rng = random.Random(1)
    move = playout = float("inf")
    for _ in range(5):
        start = time.process_time()
        for a in args:
            classic_move(*a)
        move = min(move, time.process_time() - start)
        start = time.process_time()
        for match in starts:
            match.copy().playout(policy, rng)
        playout = min(playout, time.process_time() - start)
    return 1e6 * move / len(args), 1e6 * playout / len(starts)


def per_call(run: Callable[[SeatView], object], views: Sequence[SeatView], repeats: int = 5) -> float:
    """Microseconds per call of ``run`` over ``views``: the best of ``repeats`` passes."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for view in views:
            run(view)
        best = min(best, time.perf_counter() - start)
    return 1e6 * best / len(views)


def _maybe(name: str) -> object | None:
    try:
        return make_bot(name)
    except ValueError:
        return None


def main(argv: Sequence[str] | None = None) -> int:
    """Print the cost of ``choose`` and ``decide`` for each bot."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=40, help="guessed deals of each search decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    views = collect_views(args.deals, args.seed)
    search_views = views[:: max(1, len(views) // 150)]
    bots: list[tuple[str, object, Sequence[SeatView]]] = [
        ("classic", make_bot("classic"), views),
        ("classic+hoarder", _maybe("classic+hoarder"), views),
        (f"search ({args.worlds} deals)", SearchBot("normal", worlds=args.worlds, min_worlds=args.worlds,
                                                    seconds=1e9), search_views),
    ]
    print(f"{len(views)} views ({len(search_views)} for the search); microseconds per call, best of 5")
    print(f"{'bot':<22}{'choose':>12}{'decide':>12}")
    for name, bot, chosen in bots:
        if bot is None:
            continue  # a checkout without styles
        choose = per_call(lambda v, b=bot: b.choose(v, random.Random(0)), chosen)  # type: ignore[attr-defined]
        decide = getattr(bot, "decide", None)
        cost = per_call(lambda v, d=decide: d(v, random.Random(0)), chosen) if decide else float("nan")
        print(f"{name:<22}{choose:>12.1f}{cost:>12.1f}", flush=True)
    move, playout = policy_costs(views)
    print(f"classic_move: {move:.3f} µs a call; a playout of a deal by the search's policy: {playout:.1f} µs (CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
