"""Where the time of a public-API deal goes: the driving loop itself, dealing, and the engine's work.

    python benchmarks/api_floor.py [--preset tavern-jack] [--deals 3000] [--rounds 7]

The public-API row of ``benchmarks/anchors.py`` drives each deal with
``while m.to_act is not None: m.apply(rng.choice(m.legal_moves()))``. Part of that time is not the
engine's: ``rng.choice`` and two Python method calls per decision cost the same whatever the engine
does. This script measures, per deal and per CPU second (best of ``--rounds`` runs):

* ``deal``: the whole public-API deal of the preset, as the benchmark plays it;
* ``construction``: ``Match(preset, players=4, seed=s, deals=1)`` alone (shuffle and deal);
* ``loop floor``: the same loop over a stand-in engine whose ``legal_moves()`` returns a cached tuple and
  whose ``apply()`` only checks membership and counts down, run for the preset's mean decisions per deal.

The engine's own work per deal is ``deal - construction - loop floor``. Not run by the test suite.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from president import Match


class StandIn:
    """The cheapest object with the public API's shape: a cached tuple of moves and an apply that counts."""

    __slots__ = ("_legal", "left", "to_act")

    def __init__(self, decisions: int) -> None:
        self.to_act: int | None = 0
        self.left = decisions
        self._legal: tuple[int, ...] = ()

    def legal_moves(self) -> tuple[int, ...]:
        """A cached tuple, made again after each move."""
        moves = self._legal
        if moves:
            return moves
        moves = self._legal = (1, 2, 4, 0)
        return moves

    def apply(self, move: int) -> None:
        """Check the move like the engine's fast path does, then count the decision."""
        if not (move in self._legal and type(move) is int):
            raise ValueError(move)
        self._legal = ()
        self.left -= 1
        if not self.left:
            self.to_act = None


def best_per_deal_us(play: Callable[[int], None], deals: int, rounds: int) -> float:
    """Best, over ``rounds`` runs, of CPU microseconds per deal of ``play(seed)``."""
    best = float("inf")
    for _ in range(rounds):
        begin = time.process_time()
        for seed in range(deals):
            play(seed)
        best = min(best, (time.process_time() - begin) / deals * 1e6)
    return best


def main() -> None:
    """Measure the three parts and print them."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="tavern-jack")
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(1)
    choice = rng.choice
    decisions = 0

    def deal(seed: int) -> None:
        nonlocal decisions
        match = Match(args.preset, players=4, seed=seed, deals=1)
        legal_moves, apply = match.legal_moves, match.apply
        while match.to_act is not None:
            apply(choice(legal_moves()))
            decisions += 1

    def construction(seed: int) -> None:
        Match(args.preset, players=4, seed=seed, deals=1)

    whole = best_per_deal_us(deal, args.deals, args.rounds)
    per_deal = round(decisions / (args.deals * args.rounds))

    def floor(seed: int) -> None:
        stand_in = StandIn(per_deal)
        legal_moves, apply = stand_in.legal_moves, stand_in.apply
        while stand_in.to_act is not None:
            apply(choice(legal_moves()))

    built = best_per_deal_us(construction, args.deals, args.rounds)
    loop = best_per_deal_us(floor, args.deals, args.rounds)
    engine = whole - built - loop
    print(f"{args.preset}, four players, {per_deal} decisions a deal (CPU µs per deal, best of {args.rounds})")
    print(f"  public-API deal     {whole:8.1f}   ({1e6 / whole:,.0f} deals/s)")
    print(f"  construction        {built:8.1f}")
    print(f"  loop floor          {loop:8.1f}   ({loop / per_deal * 1000:.0f} ns a decision)")
    print(f"  the engine's moves  {engine:8.1f}   ({engine / per_deal * 1000:.0f} ns a decision)")


if __name__ == "__main__":
    main()
