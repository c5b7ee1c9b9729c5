"""Random-action steps of our PettingZoo environment ``president_v0``, one rule set.

For each deal: ``env.reset(seed=s)`` on an environment whose matches last one deal, then the standard AEC loop
``for agent in env.agent_iter(): observation, reward, termination, truncation, info = env.last()`` and
``env.step(action)`` with the action drawn uniformly from the legal ones of ``observation["action_mask"]`` (or
``None`` once the game is over). ``--wrapped`` measures ``president.env.env`` (PettingZoo's usual wrappers),
otherwise the bare ``raw_env``.

Counts: every ``env.step`` with an action is one decision (passes and exchange gifts included).
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from _harness import PlayDeal, Unavailable, package_version, run


def add_options(parser: argparse.ArgumentParser) -> None:
    """The rule set, table size and wrapper choice."""
    parser.add_argument("--rules", default="tavern-jack")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--wrapped", action="store_true")


def setup(args: argparse.Namespace) -> tuple[PlayDeal, dict[str, Any]]:
    """Create the environment and return a player of its one-deal episodes."""
    try:
        import numpy as np

        from president.env import env, raw_env
    except ImportError as exc:
        raise Unavailable(f"cannot import president.env: {exc}") from exc
    make = env if args.wrapped else raw_env
    environment = make(rules=args.rules, players=args.players, deals=1)
    rng = random.Random(args.seed)
    choice = rng.choice
    flat = np.flatnonzero
    seeds = iter(range(args.seed * 1_000_003, 2**62))

    def play_deal() -> tuple[float, float]:
        environment.reset(seed=next(seeds))
        steps = 0
        last, step = environment.last, environment.step
        for _agent in environment.agent_iter():
            observation, _reward, termination, truncation, _info = last()
            if termination or truncation:
                step(None)
                continue
            step(int(choice(flat(observation["action_mask"]))))
            steps += 1
        return steps, steps

    info = {
        "engine": "president-env",
        "versions": {"pettingzoo": package_version("pettingzoo"), "numpy": package_version("numpy")},
    }
    return play_deal, info


if __name__ == "__main__":
    sys.exit(run(setup, extra=add_options))
