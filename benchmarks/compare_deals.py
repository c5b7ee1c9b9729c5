"""Two bots compared deck by deck, from the deals two arena runs wrote out.

Usage::

    python benchmarks/learned_strength.py --bots expert --rules three-of-clubs --deals 2000 --workers 1 --csv runs/a
    python benchmarks/learned_strength.py --bots expert-plain --rules three-of-clubs --deals 2000 --workers 1 \\
        --csv runs/a
    python benchmarks/compare_deals.py runs/a-expert-three-of-clubs.csv runs/a-expert-plain-three-of-clubs.csv

Each file holds one bot's arena against the same players with the same seed, so
the same decks: match ``m`` of one file was dealt from the same deck seed as match
``m`` of the other, and played once in each seat rotation. The bot's points a deal
are averaged over each deck (its rotations and deals together), the difference
between the two bots is taken deck by deck, and the report gives its mean with a
95 % interval over the decks. Pairing removes most of the luck of the cards, which
two separate intervals would count twice. A last line gives each bot's points in
each deal of the match, the first (without an exchange) apart from the later ones.
"""

from __future__ import annotations

import argparse
import csv
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path


def player_rows(path: Path, player: str | None) -> tuple[str, list[dict[str, str]]]:
    """The measured player of ``path`` (``player``, by default the arena's first: the bot against the others) and
    its rows, one a deal."""
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    if not rows:
        raise ValueError(f"{path}: no deals")
    missing = {"match", "deal", "player", "points"} - rows[0].keys()
    if missing:
        raise ValueError(f"{path}: not an arena's deals (no column {', '.join(sorted(missing))})")
    labels = list(dict.fromkeys(row["player"] for row in rows))
    player = labels[0] if player is None else player
    if player not in labels:
        raise ValueError(f"{path}: no player {player!r} (the players are {', '.join(labels)})")
    return player, [row for row in rows if row["player"] == player]


def _means_by(rows: list[dict[str, str]], column: str) -> dict[int, float]:
    points: dict[int, list[float]] = defaultdict(list)
    for row in rows:
        points[int(row[column])].append(float(row["points"]))
    return {key: statistics.fmean(values) for key, values in sorted(points.items())}


def deck_means(path: Path, player: str | None) -> tuple[str, dict[int, float]]:
    """The measured player of ``path`` (as :func:`player_rows` finds it) and its mean points a deal on each deck
    (match seed)."""
    player, rows = player_rows(path, player)
    return player, _means_by(rows, "match")


def deal_means(path: Path, player: str | None) -> dict[int, float]:
    """The measured player's mean points in each deal of the match (1 for the first deal, and so on).

    The first deal has no exchange; in the later ones the places of the deal
    before bring their gifts, so an edge in play grows from deal to deal.
    """
    return _means_by(player_rows(path, player)[1], "deal")


def compare(first: dict[int, float], second: dict[int, float]) -> dict[str, float]:
    """The mean deck-by-deck difference ``first - second`` with its 95 % interval (normal approximation)."""
    if first.keys() != second.keys():
        raise ValueError(f"the runs did not play the same decks ({len(first)} and {len(second)} decks, "
                         f"{len(first.keys() & second.keys())} in common): use the same --seed and --deals")
    differences = [first[m] - second[m] for m in sorted(first)]
    if len(differences) < 2:
        raise ValueError("at least two decks are needed for an interval")
    mean = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / math.sqrt(len(differences))
    return {"decks": len(differences), "first": statistics.fmean(first.values()),
            "second": statistics.fmean(second.values()), "difference": mean, "low": mean - half, "high": mean + half}


def main(argv: list[str] | None = None) -> int:
    """Print the comparison of the two files."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", type=Path, help="a CSV of learned_strength.py --csv (or the arena's --csv)")
    parser.add_argument("second", type=Path, help="the other bot's CSV, same seed and number of deals")
    parser.add_argument("--player", help="the player to compare, as the files name it (default: the first, the bot "
                        "measured against the others)")
    args = parser.parse_args(argv)
    try:
        name_a, rows_a = player_rows(args.first, args.player)
        name_b, rows_b = player_rows(args.second, args.player)
        result = compare(_means_by(rows_a, "match"), _means_by(rows_b, "match"))
    except (OSError, ValueError) as error:
        print(f"compare_deals: {error}", file=sys.stderr)
        return 2
    print(f"{name_a}: {result['first']:.3f} points a deal, {name_b}: {result['second']:.3f} "
          f"over the same {result['decks']} decks")
    print(f"{name_a} - {name_b}: {result['difference']:+.3f} points a deal, 95% interval "
          f"{result['low']:+.3f} .. {result['high']:+.3f} (deck by deck)")
    deals_a, deals_b = _means_by(rows_a, "deal"), _means_by(rows_b, "deal")
    print("by deal of the match: " + ", ".join(
        f"{deal}: {mean:.3f} / {deals_b[deal]:.3f}" for deal, mean in deals_a.items() if deal in deals_b))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
