"""How far the post-game analysis can be trusted, and what it costs.

    python benchmarks/analysis_quality.py [--matches 3] [--worlds 60] [--workers 2]

Plays ``--matches`` five-deal three-of-clubs matches between four ``classic`` players, then:

* **repeat**: analyses every decision of every seat twice, with two analysis seeds; of the decisions marked
  (inaccuracy or worse) by either run, the share the other run marks too, and the share whose mark is the same;
* **agreement**: for the same decisions, whether ``expert-plain`` (its own budget) would have played otherwise than
  ``classic`` did, against whether the analysis marks the decision;
* **cost**: the seconds one analysis of a whole match takes with ``--workers`` processes.
"""

from __future__ import annotations

import argparse
import random
import time

from president import Match
from president.analysis import analyse
from president.players import make_bot
from president.search.kinds import distinct_moves


def classic_match(seed: int) -> Match:
    """A five-deal three-of-clubs match between four classic players."""
    match = Match("three-of-clubs", 4, seed=seed)
    bot, rng = make_bot("classic"), random.Random(seed)
    while not match.is_over:
        match.apply(bot.choose(match.seat_view(match.to_act), rng))  # type: ignore[arg-type]
    return match


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--worlds", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    marked_either = same_mark = marked_both = judged = marked_first = kept = 0
    differ_marked = differ = agree_marked = agree = 0
    seconds = []
    expert = make_bot("expert-plain")
    for seed in range(args.matches):
        match = classic_match(seed)
        record = match.record()
        start = time.perf_counter()
        first = analyse(record, worlds=args.worlds, seed=1, workers=args.workers)
        seconds.append(time.perf_counter() - start)
        second = analyse(record, worlds=args.worlds, seed=2, workers=args.workers)
        again = {d.index: d for d in second.decisions}
        log = match.move_log()
        position = Match.replay(record, moves=0)
        done = 0
        for d in first.decisions:
            judged += 1
            other = again[d.index]
            if d.verdict:
                marked_first += 1
                kept += other.verdict is not None
            if d.verdict or other.verdict:
                marked_either += 1
                marked_both += bool(d.verdict and other.verdict)
                same_mark += d.verdict == other.verdict
            if d.phase != "play":
                continue
            while done < d.index:
                position.apply(log[done][1])
                done += 1
            view = position.seat_view(d.seat)
            choice = expert.choose(view, random.Random(d.index))
            kinds = distinct_moves([int(log[d.index][1]), choice], position.rules)
            if len(kinds) > 1:
                differ += 1
                differ_marked += bool(d.verdict)
            else:
                agree += 1
                agree_marked += bool(d.verdict)
    print(f"{args.matches} matches, {judged} decisions judged with {args.worlds} guessed deals each")
    print(f"repeat: {marked_either} marked by either run; both mark {marked_both} "
          f"({marked_both / max(marked_either, 1):.0%}), the same mark {same_mark} "
          f"({same_mark / max(marked_either, 1):.0%})")
    print(f"repeat: of the {marked_first} decisions the first run marks, the second marks {kept} "
          f"({kept / max(marked_first, 1):.0%})")
    print(f"agreement: where expert-plain would play otherwise than classic ({differ} decisions) the analysis marks "
          f"{differ_marked / max(differ, 1):.0%}; where it would play the same ({agree}) it marks "
          f"{agree_marked / max(agree, 1):.0%}")
    print(f"cost: {min(seconds):.1f}-{max(seconds):.1f} s to analyse a whole five-deal match (every seat) with "
          f"{args.workers} workers")


if __name__ == "__main__":
    main()
