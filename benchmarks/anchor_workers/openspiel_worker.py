"""Uniform-random self-play of Dou Dizhu in OpenSpiel (C++ core through pybind11), three players.

``pyspiel.load_game("dou_dizhu")``; for each deal ``game.new_initial_state()``, then until the state is terminal:
at a chance node (the deal, card by card, and the face-up card that fixes who bids first) an outcome is drawn
uniformly from ``state.chance_outcomes()`` — the leanest correct loop, since every chance node of dou_dizhu is
uniform (checked at set-up over untimed deals; if a node were not, the worker would sample by the probabilities);
at a player node an action is drawn uniformly from
``state.legal_actions()`` (bids and passes included); either way ``state.apply_action``. A deal in which all
three players decline to bid ends there, as it does in OpenSpiel.

Counts: ``decisions`` is every ``apply_action`` (chance steps included), ``decisions_no_chance`` counts only the
players' choices.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from _harness import PlayDeal, Unavailable, package_version, run


def setup(args: argparse.Namespace) -> tuple[PlayDeal, dict[str, Any]]:
    """Load OpenSpiel's dou_dizhu and return a player of its deals."""
    try:
        import pyspiel
    except ImportError as exc:
        raise Unavailable(f"cannot import pyspiel: {exc}") from exc

    rng = random.Random(args.seed)
    game = pyspiel.load_game("dou_dizhu")
    choice = rng.choice
    choices = rng.choices

    def chance_is_uniform(deals: int = 30) -> bool:
        for _ in range(deals):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    if len({p for _, p in outcomes}) != 1:
                        return False
                    state.apply_action(choice(outcomes)[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
        return True

    uniform = chance_is_uniform()

    def play_deal() -> tuple[float, float]:
        chance = 0
        player = 0
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                if uniform:
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(choices(outcomes, probs)[0])
                chance += 1
            else:
                state.apply_action(choice(state.legal_actions()))
                player += 1
        return chance + player, player

    info = {"engine": "openspiel", "versions": {"open_spiel": package_version("open_spiel", "open-spiel")},
            "chance": "uniform choice" if uniform else "sampled by probability"}
    return play_deal, info


if __name__ == "__main__":
    sys.exit(run(setup))
