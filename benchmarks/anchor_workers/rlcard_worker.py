"""Uniform-random self-play of Dou Dizhu in RLCard, three players.

``rlcard.make("doudizhu")``, then for each deal ``env.reset()`` and ``env.step(action)`` with the action drawn
uniformly from the state's ``legal_actions`` until ``env.is_over()``. This is the lean form of ``env.run`` with
``RandomAgent``s: ``env.run`` also builds every player's final state and the agents' probability tables, which
roughly quarters the rate, so this loop gives RLCard its best case.

Counts: every ``env.step`` is one decision (passes included). RLCard deals and picks the landlord without player
decisions or chance steps, so both counts are equal.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from _harness import PlayDeal, Unavailable, package_version, run


def setup(args: argparse.Namespace) -> tuple[PlayDeal, dict[str, Any]]:
    """Create the RLCard Dou Dizhu environment and return a player of its deals."""
    try:
        import rlcard
    except ImportError as exc:
        raise Unavailable(f"cannot import rlcard: {exc}") from exc

    rng = random.Random(args.seed)
    env = rlcard.make("doudizhu", config={"seed": args.seed})
    choice = rng.choice

    def play_deal() -> tuple[float, float]:
        decisions = 0
        state, _player = env.reset()
        step = env.step
        is_over = env.is_over
        while not is_over():
            state, _player = step(choice(list(state["legal_actions"])))
            decisions += 1
        return decisions, decisions

    info = {
        "engine": "rlcard",
        "versions": {"rlcard": package_version("rlcard"), "numpy": package_version("numpy")},
    }
    return play_deal, info


if __name__ == "__main__":
    sys.exit(run(setup))
