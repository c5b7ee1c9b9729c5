"""What deals anyone can check cost: a deal from a secret against one from a seed, a commitment, a whole check.

    python benchmarks/secret_deals_speed.py [--deals 20000]

Prints CPU time (``time.process_time``), which a busy machine disturbs less than the wall clock: microseconds per
five-player deal of the 54-card deck from a :class:`~president.secret_deals.DealSecret` and from a seed (the
engine's :func:`~president.shuffle.deal_hands`), per commitment, and milliseconds per :func:`~president.verify.
verify_record` of a 100-deal ``daifugo`` match played by random legal moves.
"""

from __future__ import annotations

import argparse
import random
import time

from president import Match
from president.secret_deals import DealSecret
from president.shuffle import deal_hands
from president.verify import verify_record


def per_call(function: object, count: int) -> float:
    """CPU seconds per call of ``function(n)`` for n from 1 to ``count``."""
    assert callable(function)
    start = time.process_time()
    for n in range(1, count + 1):
        function(n)
    return (time.process_time() - start) / count


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20000, help="deals and commitments measured (default 20000)")
    args = parser.parse_args()
    deck = [1 << card for card in range(54)]
    secret = DealSecret(bytes(range(32)), "bench")
    from_secret = per_call(lambda n: secret.deal_hands(deck, 5, 0, n), args.deals)
    from_seed = per_call(lambda n: deal_hands(deck, 5, 0, 12345, n), args.deals)
    commitment = per_call(secret.commitment, args.deals)
    match = Match("daifugo", 5, deal_secret=secret)
    rng = random.Random(1)
    while not match.is_over:
        match.apply(rng.choice(match.legal_moves()))
    record = match.record()
    check = per_call(lambda _n: verify_record(record), 5)
    print(f"deal from a secret {from_secret * 1e6:.1f} µs, from a seed {from_seed * 1e6:.1f} µs; "
          f"commitment {commitment * 1e6:.2f} µs; check of a {match.deal_number}-deal daifugo match "
          f"({len(match.moves)} moves) {check * 1e3:.0f} ms (CPU time)")


if __name__ == "__main__":
    main()
