"""Uniform-random self-play of our engine, one preset, four players.

Two modes:

``api``
    The public API, as any caller would use it: ``president.Match(preset, players=4, seed=s, deals=1)``, then
    while ``match.to_act is not None``: ``match.apply(rng.choice(match.legal_moves()))``. ``legal_moves()``
    lists every legal move (passes and exchange gifts included) and every ``apply`` is one decision.
``rollout``
    The fast path used by search bots: a new one-deal ``Match`` per deal, played out by
    ``match.rollout(policy="random", rng=rng)``. The rollout reports only the finishing order, so its decisions
    are counted as the mean decisions per deal of the same preset under the public API, from an untimed
    calibration sample of uniform-random deals played before the timed run (the result says so).

The engine has no chance steps (the deal is part of starting a deal), so both counts are equal.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from _harness import PlayDeal, Unavailable, package_version, run

CALIBRATION_DEALS = 1000


def add_options(parser: argparse.ArgumentParser) -> None:
    """The worker's own options: the preset and the mode."""
    parser.add_argument("--preset", required=True, help="preset name, one of president.PRESETS")
    parser.add_argument("--mode", choices=("api", "rollout"), default="api")


def setup(args: argparse.Namespace) -> tuple[PlayDeal, dict[str, Any]]:
    """Return a player of one-deal matches of the preset, through the public API or the rollout path."""
    try:
        import president
    except ImportError as exc:
        raise Unavailable(f"cannot import president: {exc}") from exc
    match_cls = getattr(president, "Match", None)
    if match_cls is None:
        raise Unavailable("president.Match does not exist yet")
    preset: str = args.preset
    rng = random.Random(args.seed)
    choice = rng.choice
    seeds = iter(range(args.seed * 1_000_003, 2**62))

    def play_api() -> tuple[float, float]:
        match = match_cls(preset, players=4, seed=next(seeds), deals=1)
        legal_moves = match.legal_moves
        apply = match.apply
        decisions = 0
        while match.to_act is not None:
            apply(choice(legal_moves()))
            decisions += 1
        return decisions, decisions

    info: dict[str, Any] = {
        "engine": "president",
        "preset": preset,
        "mode": args.mode,
        "versions": {"president": getattr(president, "__version__", None) or package_version("president")},
    }
    if args.mode == "api":
        return play_api, info

    if not callable(getattr(match_cls, "rollout", None)):
        raise Unavailable("president.Match.rollout does not exist yet")
    try:  # calibration: mean decisions per deal under uniform-random public-API play
        total = sum(play_api()[0] for _ in range(CALIBRATION_DEALS))
        probe = match_cls(preset, players=4, seed=0, deals=1)
        probe.rollout(policy="random", rng=random.Random(0))
    except (TypeError, NotImplementedError, AttributeError) as exc:
        raise Unavailable(f"Match.rollout(policy='random', rng=...) failed: {exc!r}") from exc
    per_deal = total / CALIBRATION_DEALS

    def play_rollout() -> tuple[float, float]:
        match_cls(preset, players=4, seed=next(seeds), deals=1).rollout(policy="random", rng=rng)
        return per_deal, per_deal

    info["decisions_estimated"] = True
    info["decisions_per_deal"] = per_deal
    return play_rollout, info


if __name__ == "__main__":
    sys.exit(run(setup, extra=add_options))
