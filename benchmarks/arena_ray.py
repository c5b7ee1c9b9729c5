"""Wall time of one arena on the process pool and on a local Ray with the same number of CPUs.

Usage::

    python benchmarks/arena_ray.py [--deals 2000] [--cpus 2] [--rounds 3] [--bots classic,random,random,random]

In each round, in an order rotated from round to round: the process pool (``workers=cpus``); a Ray started for the
run and shut down after it (``ray_address="local"``, what ``president arena --ray --workers N`` does, start-up
included); and a Ray already running (started once before the rounds, not timed: a cluster's case,
``president arena --ray auto``). Every run must give the pool's results, or the benchmark stops. Prints the median
wall time of each and its ratio to the pool's. Wall time is what the aim is stated in; on a machine shared with
other work it moves from round to round, so the rounds are interleaved and the table gives the spread.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import time
from collections.abc import Callable

from president.arena import ArenaResult, run_arena


def main() -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rules", default="tavern-jack")
    parser.add_argument("--bots", default="classic,random,random,random")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import ray

    bots = args.bots.split(",")

    def arena(**where: object) -> ArenaResult:
        return run_arena(args.rules, len(bots), bots, deals=args.deals, seed=args.seed, **where)  # type: ignore[arg-type]

    reference = arena(workers=args.cpus)
    ways: dict[str, Callable[[], ArenaResult]] = {
        "process pool": lambda: arena(workers=args.cpus),
        "Ray started for the run": lambda: arena(workers=args.cpus, ray_address="local"),
    }
    times: dict[str, list[float]] = {name: [] for name in [*ways, "Ray already running"]}
    ways_running = {"Ray already running": lambda: arena(ray_address="auto")}
    try:
        names = list(times)
        for round_number in range(args.rounds):
            order = names[round_number % len(names):] + names[:round_number % len(names)]
            for name in order:
                # Start or stop the running Ray outside the timed window.
                if name in ways and ray.is_initialized():
                    ray.shutdown()
                if name in ways_running and not ray.is_initialized():
                    ray.init(num_cpus=args.cpus, include_dashboard=False, logging_level=logging.WARNING,
                             log_to_driver=False)
                run = ways.get(name) or ways_running[name]
                start = time.perf_counter()
                result = run()
                times[name].append(time.perf_counter() - start)
                if result.records != reference.records:
                    raise SystemExit(f"{name} gave other results than the process pool")
    finally:
        if ray.is_initialized():
            ray.shutdown()
    pool = statistics.median(times["process pool"])
    print(f"{reference.describe()}; {args.cpus} CPUs; {args.rounds} rounds; wall seconds")
    print("| how | median s | min–max s | × process pool |")
    print("|---|--:|--:|--:|")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"| {name} | {median:.2f} | {min(values):.2f}–{max(values):.2f} | {median / pool:.2f}× |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
