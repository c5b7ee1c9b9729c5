"""The search bots' inner loop: ``Match.copy()`` and copy + random playout to the end of a deal.

    python benchmarks/copy_speed.py [--presets tavern-jack,revolution] [--positions 2000] [--rounds 5]

For each preset (four players) it builds ``--positions`` positions of one-deal matches: the start of
the deal and a mid-deal position (after a random number of uniformly random moves, up to half the
deal). Then, in ``--rounds`` interleaved rounds, it times over all positions:

* ``copy``: ``match.copy()`` of the mid-deal positions;
* ``copy + playout (start)``: ``match.copy().playout("random", rng)`` from the start of the deal,
  i.e. a whole four-player deal;
* ``copy + playout (mid)``: the same from the mid-deal positions.

It prints the median over the rounds of the mean time per call, per CPU second of this process, with
the targets of the engine (copy at most 2 µs, copy + playout of a whole deal at most 150 µs).
One process, one core. Not run by the test suite.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from president import PRESETS, Match

COPY_TARGET_US = 2.0
PLAYOUT_TARGET_US = 150.0


def positions(preset: str, count: int, seed: int) -> tuple[list[Match], list[Match]]:
    """``count`` deal starts and ``count`` mid-deal positions of one-deal four-player matches."""
    rng = random.Random(seed)
    starts, middles = [], []
    for i in range(count):
        start = Match(preset, players=4, seed=seed * 1_000_003 + i, deals=1)
        middle = start.copy()
        for _ in range(rng.randrange(1, 50)):
            if middle.is_over:
                break
            middle.apply(rng.choice(middle.legal_moves()))
        if middle.is_over:
            middle = start.copy()
        starts.append(start)
        middles.append(middle)
    return starts, middles


def per_call_us(work: Callable[[], None], calls: int) -> float:
    """CPU microseconds per call of one run of ``work`` (which makes ``calls`` calls)."""
    begin = time.process_time()
    work()
    return (time.process_time() - begin) / calls * 1e6


def measure(preset: str, count: int, rounds: int, seed: int) -> dict[str, float]:
    """Median over ``rounds`` of the mean time per call of each operation, in µs."""
    starts, middles = positions(preset, count, seed)
    rng = random.Random(seed)

    def copies() -> None:
        for match in middles:
            match.copy()

    def playouts_from_start() -> None:
        for match in starts:
            match.copy().playout("random", rng)

    def playouts_from_middle() -> None:
        for match in middles:
            match.copy().playout("random", rng)

    operations = {
        "copy": copies,
        "copy + playout (start)": playouts_from_start,
        "copy + playout (mid)": playouts_from_middle,
    }
    samples: dict[str, list[float]] = {name: [] for name in operations}
    for _ in range(rounds):
        for name, work in operations.items():
            samples[name].append(per_call_us(work, count))
    return {name: statistics.median(values) for name, values in samples.items()}


def main() -> None:
    """Measure every preset and print one line per preset and operation, with the targets."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presets", default=",".join(PRESETS), help="comma-separated preset names")
    parser.add_argument("--positions", type=int, default=2000, help="positions per preset")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (the median is reported)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    worst = {"copy": 0.0, "copy + playout (start)": 0.0}
    print(f"{'preset':16} {'operation':24} {'µs per call':>12}")
    for preset in args.presets.split(","):
        for name, value in measure(preset, args.positions, args.rounds, args.seed).items():
            print(f"{preset:16} {name:24} {value:12.2f}")
            # The playout target is the fast engine's (the seed rule sets); every preset has the copy target.
            if name in worst and (name == "copy" or not PRESETS[preset].house):
                worst[name] = max(worst[name], value)
    copy_ok = "met" if worst["copy"] <= COPY_TARGET_US else "NOT met"
    playout_ok = "met" if worst["copy + playout (start)"] <= PLAYOUT_TARGET_US else "NOT met"
    print(f"target copy() <= {COPY_TARGET_US:g} µs: worst {worst['copy']:.2f} µs -> {copy_ok}")
    print(
        f"target copy + random playout of a whole deal of a seed rule set <= {PLAYOUT_TARGET_US:g} µs: "
        f"worst {worst['copy + playout (start)']:.1f} µs -> {playout_ok}"
    )


if __name__ == "__main__":
    main()
