"""Random-action steps of our PettingZoo environment ``president_v0``, one rule set.

For each deal: ``env.reset(seed=s)`` on an environment whose matches last one deal, then the standard AEC loop
``for agent in env.agent_iter(): observation, reward, termination, truncation, info = env.last()`` and
``env.step(action)`` with the action drawn uniformly from the legal ones of ``observation["action_mask"]`` (or
``None`` once the game is over). ``--wrapped`` measures ``president.env.env`` (PettingZoo's usual wrappers),
otherwise the bare ``raw_env``.

``--vector N`` measures ``president.env_vector.VectorEnv`` instead: N games stepped together, one action each per
``step``, every action drawn uniformly from its row of the batched ``action_mask`` by a few numpy operations over
the whole batch (the policy reads the masks and the observations are built, as in training). A "deal" of the
harness is then one batched step.

Counts: every ``env.step`` with an action is one decision (passes and exchange gifts included); in the vector
environment, every game that moved in a step (not the games being reset after their match ended).
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
    parser.add_argument("--vector", type=int, default=0, metavar="N", help="N games in the vector environment")


def setup_vector(args: argparse.Namespace) -> tuple[PlayDeal, dict[str, Any]]:
    """The vector environment and a player of one batched step with uniformly drawn legal actions."""
    try:
        import numpy as np

        from president.env_vector import VectorEnv
    except ImportError as exc:
        raise Unavailable(f"cannot import president.env_vector: {exc}") from exc
    games = VectorEnv(args.vector, rules=args.rules, players=args.players, deals=1)
    observations, _ = games.reset(seed=args.seed)
    rng = np.random.default_rng(args.seed)
    rows, width = args.vector, len(games.actions)
    row_starts = np.arange(rows) * width
    state = {"masks": observations["action_mask"]}

    def play_deal() -> tuple[float, float]:
        # The k-th legal entry of each row, k uniform: positions of the legal entries, counted per row.
        legal = np.flatnonzero(state["masks"].view(np.bool_))
        counts = np.bincount(legal // width, minlength=rows)
        ends = np.cumsum(counts)
        pick = np.minimum(ends - counts + (rng.random(rows) * counts).astype(np.int64), max(len(legal) - 1, 0))
        actions = np.where(counts > 0, legal[pick] - row_starts, 0) if len(legal) else np.zeros(rows, np.int64)
        observations, *_ = games.step(actions)
        state["masks"] = observations["action_mask"]
        moved = int(np.count_nonzero(counts))
        return moved, moved

    info = {
        "engine": "president-env-vector",
        "versions": {"gymnasium": package_version("gymnasium"), "numpy": package_version("numpy")},
    }
    return play_deal, info


def setup(args: argparse.Namespace) -> tuple[PlayDeal, dict[str, Any]]:
    """Create the environment and return a player of its one-deal episodes."""
    if args.vector:
        return setup_vector(args)
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
