"""How the styles show at the table: each style against its own level played plain.

Usage::

    python benchmarks/bot_styles.py [--levels classic] [--deals 2000] [--rules revolution] [--seed 1]
    python benchmarks/bot_styles.py --levels easy,normal --deals 200

For each level, a table of four plays deals where one seat (a different one each
match) is ``LEVEL+STYLE`` and the three others are ``LEVEL``; the same deals are
also played by four plain ``LEVEL`` players, whose measured seat is the baseline.
Per deal of the measured seat it prints, with the 95 % interval of the mean:

* ``revolution %``: of the deals where it could start a revolution at some turn
  (four of a kind under the revolution rule), the share where it started one;
* ``high kept``: its high cards (aces and stronger in the order in force, jokers)
  still in hand at its first turn with five cards or fewer;
* ``pass %``: the share of its turns to answer, with a beat in hand, that it passed;
* ``cards/play``: the cards of each of its plays;
* ``points``: its points in the deal (what the style costs or gains).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence

from president import Match, get_rules
from president.bots.styles import STYLES, high_cards
from president.moves import CARDS_MASK
from president.players import make_bot
from president.plays import reverses, shape_of

MEASURES = ("revolution %", "high kept", "pass %", "cards/play", "points")


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95 % interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def measure(level: str, style: str | None, rules_name: str, deals: int, seed: int) -> dict[str, list[float]]:
    """Play ``deals`` deals (matches of the rule set's length) and collect the measured seat's figures per deal."""
    rules = get_rules(rules_name)
    out: dict[str, list[float]] = {m: [] for m in MEASURES}
    match_number = 0
    while len(out["points"]) < deals:
        seat_measured = match_number % 4
        names = [f"{level}+{style}" if style and s == seat_measured else level for s in range(4)]
        bots = [make_bot(n) for n in names]
        rngs = [random.Random(f"{seed}/{match_number}/{s}") for s in range(4)]
        game = Match(rules, 4, seed=seed * 100_003 + match_number)
        deal = game.deal_number
        revs = answers = passes = plays = cards = 0
        chance = False
        kept: int | None = None
        while game.to_act is not None:
            seat = game.to_act
            view = game.seat_view(seat)
            move = bots[seat].choose(view, rngs[seat])
            if seat == seat_measured and view.phase == "play":
                if not chance:
                    chance = any(reverses(shape, rules) for m in view.legal_masks() if m
                                 and (shape := shape_of(m, rules.wild_jokers)) is not None)
                if kept is None and bin(view.hand).count("1") <= 5:
                    kept = bin(high_cards(view)).count("1")
                if view.table and len(view.legal_masks()) > 1:
                    answers += 1
                    passes += move == 0
                if move:
                    plays += 1
                    cards += bin(move & CARDS_MASK).count("1")
            events = game.apply(move)
            revs += sum(e.kind == "revolution" and e.seat == seat_measured and bool(e.data.get("on")) for e in events)
            if game.deal_number != deal or game.to_act is None:
                if chance:
                    out["revolution %"].append(100.0 * (revs > 0))
                if kept is not None:
                    out["high kept"].append(kept)
                if answers:
                    out["pass %"].append(100 * passes / answers)
                if plays:
                    out["cards/play"].append(cards / plays)
                out["points"].append(game.deal_results[-1].points[seat_measured])
                deal = game.deal_number
                revs = answers = passes = plays = cards = 0
                chance = False
                kept = None
                if len(out["points"]) >= deals:
                    break
        match_number += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Print the measures of every style at every level asked for."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="classic", help="comma-separated levels (default classic)")
    parser.add_argument("--deals", type=int, default=2000, help="deals per style and level (default 2000)")
    parser.add_argument("--rules", default="revolution", help="rule set (default revolution: four of a kind "
                        "reverses the order)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{args.rules}, {args.deals} deals per row; mean per deal of the measured seat ± 95 % interval")
    print(f"{'player':<18}" + "".join(f"{m:>17}" for m in MEASURES))
    for level in (name.strip() for name in args.levels.split(",") if name.strip()):
        for style in (None, *STYLES):
            figures = measure(level, style, args.rules, args.deals, args.seed)
            cells = []
            for m in MEASURES:
                mean, half = interval(figures[m])
                cells.append(f"{mean:8.2f} ± {half:5.2f}")
            print(f"{level + ('+' + style if style else ''):<18}" + "".join(f"{c:>17}" for c in cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
