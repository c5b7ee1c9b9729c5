"""Engine speed: random self-play per preset, through the public API and through the fast path.

    python benchmarks/engine_speed.py [--players 4] [--seconds 2] [--presets tavern-jack,revolution]

For each preset it plays whole matches with uniformly random legal moves and
reports deals and decisions (exchange gifts included) per second, twice:

* ``public``: ``legal_moves()`` then ``apply(move)``, the path of the CLI and server;
* ``fast``: ``legal_masks()`` then ``apply_fast(move)``, the path of bots and search.

One process, one core. Not run by the test suite.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from president import PRESETS, Match

Step = Callable[[Match, random.Random], None]


def public_step(match: Match, rng: random.Random) -> None:
    """One decision through the public API."""
    moves = match.legal_moves()
    match.apply(moves[rng.randrange(len(moves))])


def fast_step(match: Match, rng: random.Random) -> None:
    """One decision through the fast path."""
    moves = match.legal_masks()
    match.apply_fast(moves[rng.randrange(len(moves))])


PATHS: dict[str, Step] = {"public": public_step, "fast": fast_step}


@dataclass
class Measure:
    """What one preset and path did in the time given."""

    preset: str
    path: str
    matches: int
    deals: int
    decisions: int
    seconds: float

    @property
    def deals_per_second(self) -> float:
        """Finished deals per second."""
        return self.deals / self.seconds

    @property
    def decisions_per_second(self) -> float:
        """Decisions (plays, passes and gifts) per second."""
        return self.decisions / self.seconds


def measure(preset: str, players: int, path: str, seconds: float, seed: int) -> Measure:
    """Play whole random matches of ``preset`` for about ``seconds`` through ``path``."""
    step = PATHS[path]
    rng = random.Random(seed)
    matches = deals = decisions = 0
    elapsed = 0.0
    while elapsed < seconds:
        start = time.perf_counter()
        match = Match(preset, players=players, seed=seed + matches)
        while not match.is_over:
            step(match, rng)
            decisions += 1
        elapsed += time.perf_counter() - start
        matches += 1
        deals += len(match.deal_results)
    return Measure(preset, path, matches, deals, decisions, elapsed)


def report(results: list[Measure], players: int) -> None:
    """Print the results as a table (with rich when it is installed)."""
    title = f"Engine speed, random self-play, {players} players, one core"
    headers = ["preset", "path", "deals/s", "decisions/s", "µs/decision", "matches"]
    rows = [
        [r.preset, r.path, f"{r.deals_per_second:,.0f}", f"{r.decisions_per_second:,.0f}",
         f"{1e6 / r.decisions_per_second:.2f}", str(r.matches)]
        for r in results
    ]
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        print(title)
        widths = [max(len(row[i]) for row in [headers, *rows]) for i in range(len(headers))]
        for row in [headers, *rows]:
            print("  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)))
        return
    table = Table(title=title)
    for i, header in enumerate(headers):
        table.add_column(header, justify="left" if i < 2 else "right")
    for row in rows:
        table.add_row(*row)
    Console().print(table)


def main() -> None:
    """Parse the arguments, measure every preset and path, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per preset and path")
    parser.add_argument("--presets", default=",".join(PRESETS), help="comma-separated preset names")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results = [
        measure(preset, args.players, path, args.seconds, args.seed)
        for preset in args.presets.split(",")
        for path in PATHS
    ]
    report(results, args.players)


if __name__ == "__main__":
    main()
