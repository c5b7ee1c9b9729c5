"""expert against four classic through the UECda protocol, next to the same match played in-process.

    python benchmarks/uecda_match.py [--games 50] [--seed 1] [--bot expert]

Through the protocol, the bot is a separate process, ``president uecda client``, seated by the arena's
``uecda:`` seats; in-process, the UECda server seats it itself. Both matches use the same seed (the same deals
and seat changes) and the UECda server's rules. For each, the bot's points per game with a 95 % interval and the
wall-clock seconds per game; the two should agree within their intervals (the client rebuilds its view from the
protocol's messages, which carry no scores or past games).
"""

from __future__ import annotations

import argparse
import io
import shlex
import sys
import time

from president.uecda.programs import play_with_programs
from president.uecda.server import MatchResult, UecdaServer


def summary(result: MatchResult, player: int) -> tuple[float, float]:
    """Mean points per game of ``player`` and the half-width of its 95 % interval."""
    points = [game[player] for game in result.points]
    mean = sum(points) / len(points)
    var = sum((p - mean) ** 2 for p in points) / max(1, len(points) - 1)
    return mean, 1.96 * (var / len(points)) ** 0.5


def main() -> None:
    """Play both matches and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="expert")
    args = parser.parse_args()
    client = f"{shlex.quote(sys.executable)} -m president uecda client --bot {args.bot} --port {{port}}"
    start = time.perf_counter()
    remote = play_with_programs([f"uecda:{client}", "classic", "classic", "classic", "classic"], args.games,
                                seed=args.seed, log=io.StringIO())
    remote_seconds = (time.perf_counter() - start) / args.games
    start = time.perf_counter()
    local = UecdaServer([args.bot, "classic", "classic", "classic", "classic"], args.games, seed=args.seed,
                        log=io.StringIO()).run()
    local_seconds = (time.perf_counter() - start) / args.games
    print(f"{args.bot} against four classic, {args.games} UECda games (5/4/3/2/1 points, par 3.0), seed {args.seed}")
    for label, result, seconds in (("through the protocol", remote, remote_seconds),
                                   ("in-process", local, local_seconds)):
        mean, half = summary(result, 0)
        print(f"  {label:<21} {mean:.3f} ± {half:.3f} points per game, {seconds:.2f} s per game")


if __name__ == "__main__":
    main()
