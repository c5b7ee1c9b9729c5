"""How close the search's guesses of the hidden hands come to the true ones, by the inference's noise.

    python benchmarks/inference_accuracy.py [--deals 30] [--bot uecda-default] [--noise 0.25,0.05,0.01]
        [--guesses 24] [--burn 40] [--seed 1]

Five copies of ``--bot`` play ``daifugo`` deals; at about half of seat 0's turns after the first eight moves of a
deal, the guesses a search would draw (``--guesses`` of them) are compared with the true hands: the share of the
hidden cards each guess puts in the right hand, averaged. Once with plain draws that keep to the rules' facts
alone (``sampler.sample_hands``), then with the inference's chain (``inference.PosteriorSampler``, every other
seat modelled by ``--bot``: exact) at each noise of ``--noise``. The same positions and draws for every row.
Not run by the tests.
"""

from __future__ import annotations

import argparse
import random

from president import Match
from president.players import make_bot
from president.search.inference import PosteriorSampler
from president.search.opponents import CLASSIC, seat_models
from president.search.sampler import knowledge, sample_hands


def main() -> None:
    """Print the share of hidden cards placed right, plain and by noise."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--bot", default="uecda-default", help="the players, and the model of them (or classic)")
    parser.add_argument("--noise", default="0.25,0.05,0.01")
    parser.add_argument("--guesses", type=int, default=24)
    parser.add_argument("--burn", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    noises = [float(x) for x in args.noise.split(",")]
    bot = make_bot(args.bot)
    models = seat_models(args.bot if args.bot != CLASSIC else None, 5)
    rng = random.Random(args.seed)
    shares: dict[float | None, list[float]] = {None: [], **{e: [] for e in noises}}
    for deal in range(args.deals):
        match = Match("daifugo", 5, seed=args.seed * 100_000 + deal)
        while not match.deal_results:
            seat = match.to_act
            assert seat is not None
            view = match.seat_view(seat)
            if match.phase == "play" and seat == 0 and len(view.history) > 8 and rng.random() < 0.5:
                know = knowledge(view)
                hidden = know.unknown
                for noise in shares:
                    draws = random.Random(deal)
                    if noise is None:
                        guesses = [sample_hands(know, draws) for _ in range(args.guesses)]
                    else:
                        chain = PosteriorSampler(view, know, draws, noise, burn=args.burn, models=models)
                        guesses = [chain.next() for _ in range(args.guesses)]
                    right = sum((g[s] & match.hands[s] & hidden).bit_count() for g in guesses for s in range(1, 5))
                    shares[noise].append(right / (args.guesses * max(1, hidden.bit_count())))
            match.apply(bot.choose(view, rng))
    print(f"{len(shares[None])} positions of {args.deals} deals, {args.bot} players, {args.guesses} guesses, "
          f"burn {args.burn}: share of the hidden cards placed in the right hand")
    for noise, values in shares.items():
        label = "rules' facts only" if noise is None else f"inference, noise {noise:g}"
        print(f"  {label:<24} {sum(values) / len(values):.3f}")


if __name__ == "__main__":
    main()
