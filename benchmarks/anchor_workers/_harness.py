"""Shared timing loop for the anchor workers.

Every worker (ours and the comparison engines) plays uniform-random self-play deals through this loop, so all
engines are timed the same way: a short untimed warm-up, then whole deals until the wall-time budget (or the deal
count) is spent, then one JSON line on standard output::

    {"deals": ..., "decisions": ..., "decisions_no_chance": ..., "seconds": ..., "cpu_seconds": ..., ...}

``seconds`` is wall-clock time, ``cpu_seconds`` the CPU time the worker process used in the same window (all of
its threads), which other load on the machine disturbs much less.

The workers run inside the comparison packages' own virtual environments, so this module uses the standard
library only and must keep working on every Python the benchmark supports.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Callable
from typing import Any

#: A deal player: plays one whole deal and returns (decisions, decisions without chance steps).
PlayDeal = Callable[[], tuple[float, float]]


class Unavailable(Exception):
    """Raised by a worker's setup when the engine cannot be measured (missing API, import error …)."""


def parse_args(
    argv: list[str] | None = None, extra: Callable[[argparse.ArgumentParser], None] | None = None
) -> argparse.Namespace:
    """Parse the options common to every worker (and any worker-specific ones added by ``extra``)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="timed wall-clock budget")
    parser.add_argument(
        "--deals", type=int, default=0, help="play exactly this many deals instead (0: use time)"
    )
    parser.add_argument("--warmup", type=float, default=0.5, help="untimed warm-up in seconds")
    parser.add_argument("--seed", type=int, default=1, help="seed for deals and random choices")
    if extra is not None:
        extra(parser)
    return parser.parse_args(argv)


def measure(play_deal: PlayDeal, seconds: float, deals: int = 0, warmup: float = 0.0) -> dict[str, float]:
    """Play whole deals with ``play_deal`` and return the counts and the elapsed wall and CPU time.

    A deal in progress is always finished, so ``seconds`` may run over by at most one deal.
    """
    clock = time.perf_counter
    cpu = time.process_time
    if warmup > 0:
        end = clock() + warmup
        while clock() < end:
            play_deal()
    n = 0
    decisions = 0.0
    no_chance = 0.0
    cpu_start = cpu()
    start = clock()
    if deals > 0:
        for _ in range(deals):
            d, dn = play_deal()
            decisions += d
            no_chance += dn
        n = deals
    else:
        end = start + seconds
        while True:
            d, dn = play_deal()
            decisions += d
            no_chance += dn
            n += 1
            if clock() >= end:
                break
    elapsed = clock() - start
    cpu_elapsed = cpu() - cpu_start
    return {
        "deals": n,
        "decisions": decisions,
        "decisions_no_chance": no_chance,
        "seconds": elapsed,
        "cpu_seconds": cpu_elapsed,
    }


def run(
    setup: Callable[[argparse.Namespace], tuple[PlayDeal, dict[str, Any]]],
    argv: list[str] | None = None,
    extra: Callable[[argparse.ArgumentParser], None] | None = None,
) -> int:
    """Entry point of a worker: set up the engine, measure it and print one JSON line.

    ``setup`` receives the parsed options and returns the deal player and a dict of facts to report (package
    versions, loop description). Anything the engine prints goes to standard error so that standard output
    carries only the result. A setup raising :class:`Unavailable` yields ``{"unavailable": reason}``.
    """
    args = parse_args(argv, extra)
    result: dict[str, Any] = {"python": sys.version.split()[0]}
    try:
        with contextlib.redirect_stdout(sys.stderr):
            play_deal, info = setup(args)
            result.update(info)
            result.update(measure(play_deal, args.seconds, args.deals, args.warmup))
    except Unavailable as exc:
        result["unavailable"] = str(exc)
    print(json.dumps(result), flush=True)
    return 0


def package_version(*names: str) -> str:
    """The installed version of the first distribution found among ``names`` ("?" when none is)."""
    from importlib import metadata

    for name in names:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return "?"
