"""What asking a bot why costs, and that not asking costs nothing.

Usage::

    python benchmarks/explain_cost.py [--deals 200] [--worlds 40] [--seed 1]

Collects the views of seed-rule games of ``classic`` players, then times, on the
same views, ``choose`` and (where the bot has it) ``decide`` of ``classic``, of
``classic+hoarder`` and of the search with a fixed number of guessed deals (so
that its time does not hang on a clock). Run it on a checkout without ``decide``
to compare ``choose`` before and after: the numbers are microseconds per call,
the best of five runs.
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
