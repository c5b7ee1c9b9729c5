"""What each finishing place is worth over the chain of later games, measured in self-play.

Usage::

    python benchmarks/place_values.py [--rules daifugo] [--players 3,4,5,6,7] [--games 4000] [--bot classic]
                                      [--horizon 6] [--discount 1.0] [--match-games 100] [--seed 1]
                                      [--write src/president/search/place_table.py] [--plain]

Method. Every seat is played by the same bot (``classic`` by default) for ``--games`` games per table size, in
matches of ``--match-games`` games (by default the rules' exchange block, else their number of deals, else 100),
so that each game's places lead to the next game's exchange. For a game ``t`` and a seat that finished it in place
``p``, the chain value over ``h`` later games is the sum of ``discount ** (k - 1) * (points in game t + k - par)``
for ``k`` from 1 to ``h``, where par is the mean of the points by place; the value of place ``p`` is its mean over
all games of all matches that have ``--horizon`` games after them (the same games for every horizon and every
place, so each row sums to zero over the places exactly: every game has one player in each place). It is what
finishing ``p`` now is worth in the next ``h`` games beyond an even share, through the exchange it leads to and
the places that exchange makes likelier, and so on down the chain. Nothing is assumed about the chain (no Markov
model of places): the later games are those actually played.

The 95 % intervals are taken over matches (each match's mean by place is one sample; Student's t), since the
games of one match are linked by the very chain measured.

With ``--write PATH`` the values of every horizon from 1 to ``--horizon`` are written as the table the search
reads (:mod:`president.search.place_table`), rounded to three decimals.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from president import Match, Rules, get_rules
from president.arena_play import derive_seed
from president.players import make_bot


class PlaceChain(NamedTuple):
    """The chain values of one rule set and table size: ``values[h - 1][p]`` over ``h`` later games."""

    rules: str
    players: int
    games: int
    """Games played."""
    matches: int
    """Matches they were played in (the samples of the intervals)."""
    counted: int
    """Games that had the whole horizon after them in their match (the games the values average)."""
    values: list[list[float]]
    """By horizon (1 first), by place (first place first): the mean future points beyond par."""
    half_widths: list[list[float]]
    """The half-width of the 95 % interval of each value."""
    next_points: list[float]
    """By place: the mean points scored in the next game (par plus the horizon-1 value)."""


def t_quantile(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom (Cornish-Fisher expansion; 1.96 for large
    ``df``, within 0.002 from 5 degrees of freedom on)."""
    z = 1.959964
    if df <= 0:
        return math.inf
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2) + \
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)


def match_length(rules: Rules) -> int:
    """Games in one simulated match: the exchange block, else the match's deals, else 100."""
    return rules.exchange_block or rules.deals or 100


def play_places(rules: Rules, players: int, games: int, bot: str, seed: int, match_games: int,
                on_game: Callable[[], None] | None = None) -> Iterator[list[tuple[int, ...]]]:
    """Self-play in matches of ``match_games`` games (one exchange block): for each match in turn, each game's
    finishing place of every seat (``places[seat]``)."""
    played = 0
    index = 0
    while played < games:
        length = min(match_games, games - played)
        match = Match(rules.replace(deals=length, exchange_block=None), players, seed=derive_seed(seed, index))
        bots = [make_bot(bot) for _ in range(players)]
        rngs = [random.Random(derive_seed(seed, index, s)) for s in range(players)]
        while match.to_act is not None:
            seat = match.to_act
            move = bots[seat].choose(match.seat_view(seat, history=True), rngs[seat])
            before = len(match.deal_results)
            match.apply_fast(match.verify(move))
            if on_game is not None and len(match.deal_results) > before:
                on_game()
        out = []
        for result in match.deal_results:
            places = [0] * players
            for place, s in enumerate(result.order):
                places[s] = place
            out.append(tuple(places))
        played += length
        index += 1
        yield out


def chain_values(matches: Sequence[Sequence[tuple[int, ...]]], points: Sequence[int], horizon: int,
                 discount: float = 1.0) -> tuple[list[list[float]], list[list[float]], int]:
    """The chain values by horizon and place, their 95 % half-widths over matches, and the games counted.

    ``matches`` holds each match's places by game and seat (:func:`play_places`); a game counts when ``horizon``
    games follow it in its match. Matches too short to count any game are left out.
    """
    n = len(points)
    par = sum(points) / n
    samples: list[list[list[float]]] = [[[] for _ in range(n)] for _ in range(horizon)]
    counted = 0
    for games in matches:
        usable = len(games) - horizon
        if usable <= 0:
            continue
        sums = [[0.0] * n for _ in range(horizon)]
        for t in range(usable):
            for seat in range(n):
                place = games[t][seat]
                total = 0.0
                for k in range(1, horizon + 1):
                    total += discount ** (k - 1) * (points[games[t + k][seat]] - par)
                    sums[k - 1][place] += total
        counted += usable
        for h in range(horizon):
            for place in range(n):
                samples[h][place].append(sums[h][place] / usable)
    if not samples[0][0]:
        raise ValueError(f"no match is longer than the horizon of {horizon} games")
    values = [[statistics.fmean(s) for s in row] for row in samples]
    m = len(samples[0][0])
    t = t_quantile(m - 1)
    widths = [[t * statistics.stdev(s) / math.sqrt(m) if m > 1 else math.inf for s in row] for row in samples]
    return values, widths, counted


def measure(rules: Rules, players: int, games: int, bot: str = "classic", seed: int = 1, horizon: int = 6,
            discount: float = 1.0, match_games: int | None = None,
            on_game: Callable[[], None] | None = None) -> PlaceChain:
    """Play ``games`` games of ``bot`` self-play under ``rules`` at ``players`` and measure the chain values."""
    if not rules.exchange_pairs(players):
        raise ValueError(f"{rules.name} at {players} players has no exchange: a place is worth its points only")
    matches = list(play_places(rules, players, games, bot, seed, match_games or match_length(rules), on_game))
    points = rules.points_for(players)
    values, widths, counted = chain_values(matches, points, horizon, discount)
    par = sum(points) / players
    return PlaceChain(rules.name, players, games, len(matches), counted, values, widths,
                      [par + v for v in values[0]])


@contextmanager
def progress(total: int, plain: bool) -> Iterator[Callable[[str], None]]:
    """Yield ``step(description)``, called once a game: a rich progress bar, or nothing without rich."""
    try:
        if plain:
            raise ImportError
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    except ImportError:
        yield lambda _description: None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task("self-play", total=total)

        def step(description: str) -> None:
            bar.update(task, description=description, advance=1)

        yield step


def report(chain: PlaceChain) -> str:
    """The values of ``chain`` as text: the next game's points and the chain values by place."""
    h = len(chain.values)
    lines = [f"{chain.rules} at {chain.players}: {chain.games} games in {chain.matches} matches, "
             f"{chain.counted} with {h} games after them",
             f"{'place':>5} {'next game':>10} {'next ± 95 %':>16} {f'over {h} games ± 95 %':>22}"]
    for p in range(chain.players):
        lines.append(f"{p + 1:>5} {chain.next_points[p]:>10.2f} {chain.values[0][p]:>+9.2f} ± "
                     f"{chain.half_widths[0][p]:.2f} {chain.values[-1][p]:>+15.2f} ± {chain.half_widths[-1][p]:.2f}")
    for k, row in enumerate(chain.values, 1):
        lines.append(f"  over {k} game{'s' if k > 1 else ' '}: " + " ".join(f"{v:+.2f}" for v in row))
    return "\n".join(lines)


def table_source(chains: Sequence[PlaceChain], command: str) -> str:
    """The text of :mod:`president.search.place_table` holding ``chains``."""
    first = chains[0]
    lines = [
        '"""What each finishing place is worth beyond its points, over the chain of later games (generated).',
        "",
        "Written by ``benchmarks/place_values.py`` (its docstring states the method)::",
        "",
        f"    {command}",
        "",
        f"{first.games:,} games of ``classic`` self-play per table size. ``PLACE_CHAIN[(preset, players)][h - 1][p]``",
        "is what finishing in place ``p`` (0 first) is worth in the next ``h`` games beyond par, in points; the last",
        "row stands for every longer horizon (the chain has faded by then). Each row sums to zero over the places.",
        '"""',
        "",
        "PLACE_CHAIN: dict[tuple[str, int], tuple[tuple[float, ...], ...]] = {",
    ]
    for chain in chains:
        lines.append(f"    ({chain.rules!r}, {chain.players}): (")
        for row in chain.values:
            shift = sum(round(v, 3) for v in row) / len(row)
            cells = ", ".join(f"{round(v, 3) - shift:.3f}".replace("-0.000", "0.000") for v in row)
            lines.append(f"        ({cells}),")
        lines.append("    ),")
    lines += ["}", '"""The chain values by preset and table size, by horizon, by place."""', ""]
    return "\n".join(lines)


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


def main(argv: list[str] | None = None) -> int:
    """Measure the place values and print them (and write the table with ``--write``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="daifugo", help="preset names, comma-separated")
    parser.add_argument("--players", default="", help="table sizes, comma-separated (default: all the preset's)")
    parser.add_argument("--games", type=int, default=4000, help="games per table size")
    parser.add_argument("--bot", default="classic", help="the bot playing every seat")
    parser.add_argument("--horizon", type=int, default=6, help="later games counted (the longest horizon)")
    parser.add_argument("--discount", type=float, default=1.0, help="weight of game t+k is discount**(k-1)")
    parser.add_argument("--match-games", type=int, default=None, help="games in one simulated match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", type=Path, default=None, help="write the search's table to this file")
    parser.add_argument("--plain", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.horizon < 1 or not 0 < args.discount <= 1 or args.games < 1:
        parser.error("--horizon and --games must be at least 1, --discount in (0, 1]")
    jobs = []
    for name in args.rules.split(","):
        rules = get_rules(name)
        sizes = _ints(args.players) or list(range(rules.min_players, rules.max_players + 1))
        jobs += [(rules, n) for n in sizes if rules.exchange_pairs(n)]
    chains = []
    with progress(len(jobs) * args.games, args.plain) as step:
        for rules, n in jobs:
            chain = measure(rules, n, args.games, args.bot, args.seed, args.horizon, args.discount,
                            args.match_games, lambda r=rules, k=n: step(f"{r.name} at {k}"))
            chains.append(chain)
            print(report(chain), flush=True)
    if args.write is not None:
        command = "python benchmarks/place_values.py " + " ".join(sys.argv[1:] if argv is None else argv)
        args.write.write_text(table_source(chains, command.strip()))
        print(f"wrote {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
