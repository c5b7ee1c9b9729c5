"""Uniform-random self-play of Chef's Hat (ChefsHatGym), four players.

Drives the package's own gym environment (``ChefsHatEnv``) directly, the way its local game room does but
without the room's per-action logging and player callbacks: at each turn a legal action is drawn uniformly from
the action mask in the observation (the entries equal to 1, as the package's random agent does) and passed to
``env.step``. Between deals, the chef and the sous-chef choose their exchange cards uniformly at random (two
decisions per deal) and ``env.exchange_cards`` performs the swap, as the room does. Special actions (food fight,
dinner served) are not declared: the room never reaches them with four players either.

Counts: every ``env.step`` is one decision (passes included) plus the two exchange choices; there are no chance
steps, so both counts are equal.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
from typing import Any

from _harness import PlayDeal, Unavailable, package_version, run

ACTIONS = 200


def setup(args: argparse.Namespace) -> tuple[PlayDeal, dict[str, Any]]:
    """Create one long Chef's Hat experiment and return a player of its deals ("matches")."""
    try:
        import gym
        import numpy
        from ChefsHatGym.env import ChefsHatEnv
    except ImportError as exc:
        raise Unavailable(f"cannot import ChefsHatGym: {exc}") from exc

    rng = random.Random(args.seed)
    random.seed(args.seed)  # the environment shuffles with the global generators
    numpy.random.seed(args.seed)
    logs = tempfile.mkdtemp(prefix="chefshat-bench-")
    env: Any = gym.make("chefshat-v1").unwrapped
    env.startExperiment(
        gameType=ChefsHatEnv.GAMETYPE["MATCHES"],
        stopCriteria=10**12,  # one endless experiment: every deal is one "match"
        maxRounds=-1,
        playerNames=["p0", "p1", "p2", "p3"],
        logDirectory=os.path.join(logs, "bench"),  # the environment needs a log folder even when not logging
        verbose=0,
        saveLog=False,
        saveDataset=False,
    )
    env.reset()
    state: dict[str, Any] = {"obs": env.getObservation(), "exchange": False}
    choice = rng.choice
    sample = rng.sample
    zeros = numpy.zeros
    flatnonzero = numpy.flatnonzero

    def play_deal() -> tuple[float, float]:
        decisions = 0
        if state["exchange"]:
            # (dishwasher, its 2 lowest, waiter, its lowest, sous-chef, hand, chef, hand)
            roles = env.get_chef_souschef_roles_cards()
            dish_cards, waiter_card, sous_cards, chef_cards = roles[1], roles[3], roles[5], roles[7]
            sous_card = choice(list(sous_cards))
            chef_gift = sample(list(chef_cards), 2)
            env.exchange_cards(chef_gift, sous_card, waiter_card, dish_cards, False, -1)
            decisions += 2
            state["obs"] = env.getObservation()
        obs = state["obs"]
        over = False
        while not over:
            legal = flatnonzero(obs[28:] == 1).tolist()
            action = zeros(ACTIONS)
            action[choice(legal)] = 1
            obs, _reward, over, _truncated, _info = env.step(action)
            decisions += 1
        state["obs"] = obs
        state["exchange"] = True
        return decisions, decisions

    info = {
        "engine": "chefshatgym",
        "versions": {
            "chefshatgym": package_version("chefshatgym", "ChefsHatGym"),
            "gym": package_version("gym"),
            "numpy": package_version("numpy"),
        },
    }
    import atexit

    atexit.register(shutil.rmtree, logs, True)
    return play_deal, info


if __name__ == "__main__":
    sys.exit(run(setup))
