"""The arena: many duplicate deals between bots, and how each bot did.

>>> from president.arena import run_arena
>>> result = run_arena("tavern-jack", 4, ["classic", "random", "random", "random"], deals=40, seed=1)
>>> result.deals, [s.label for s in result.stats]
(40, ['classic', 'random', 'random#2', 'random#3'])

Duplicate deals: match ``m`` is played once for each rotation of the players
through the seats, always from the same match seed, so every player meets every
deck from every seat. ``deals`` is the total number of deals wanted; it is
rounded up to whole matches times rotations. Matches run in ``workers``
processes, or as Ray tasks (``ray_address``), and give the same result for any
number of workers and on Ray. See
``docs/arena.md`` for the statistics.
"""

from __future__ import annotations

import csv
import json
import math
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .arena_play import DealRecord, MatchOutcome, MatchTask, play_match, seat_of
from .arena_stats import ratio_interval
from .players import make_bot
from .rule_codes import encode
from .rules import Rules, get_rules

Progress = Callable[[int, int], None]
"""Called as ``progress(deals_done, deals_expected)`` while the arena runs."""

_TARGET_SCORE_GUESS = 6
"""Deals per match assumed before the first matches of a play-to-a-score rule set are known."""


@dataclass(frozen=True)
class PlayerStats:
    """How one player of the arena did."""

    label: str
    """The bot name, with ``#2``, ``#3`` … for the second and later players of the same bot."""
    bot: str
    """The registry name of the bot."""
    deals: int
    points: int
    mean: float
    """Mean points per deal."""
    low: float | None
    """Lower end of the 95% interval of the mean (None with a single match)."""
    high: float | None
    """Upper end of the 95% interval of the mean."""
    titles: dict[str, float]
    """Share of the deals ended with each title (title key to fraction)."""
    places: tuple[float, ...]
    """Share of the deals ended in each place, first place first."""
    wins: float
    """Matches won (a shared win counts 1/k to each of k winners)."""
    match_plays: int
    """Matches played (matches times rotations)."""
    mu: float | None
    """openskill Plackett-Luce rating: mean skill (None when ratings are off)."""
    sigma: float | None
    """openskill rating: uncertainty of ``mu``."""

    @property
    def ordinal(self) -> float | None:
        """A conservative rating, ``mu - 3 * sigma``."""
        if self.mu is None or self.sigma is None:
            return None
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "label": self.label,
            "bot": self.bot,
            "deals": self.deals,
            "points": self.points,
            "mean": self.mean,
            "ci95": [self.low, self.high],
            "titles": dict(self.titles),
            "places": list(self.places),
            "wins": self.wins,
            "match_plays": self.match_plays,
            "win_rate": self.wins / self.match_plays if self.match_plays else 0.0,
            "rating": {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal},
        }


@dataclass(frozen=True)
class DecisionTimes:
    """A player's thinking time per decision, over the decisions where it had a choice."""

    label: str
    decisions: int
    median_ms: float
    p95_ms: float
    max_ms: float

    @classmethod
    def of(cls, label: str, seconds: Sequence[float]) -> DecisionTimes:
        """Summarise sorted times in seconds."""
        if not seconds:
            return cls(label, 0, 0.0, 0.0, 0.0)
        n = len(seconds)
        return cls(label, n, 1000 * seconds[n // 2], 1000 * seconds[min(n - 1, math.ceil(0.95 * n) - 1)],
                   1000 * seconds[-1])

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"label": self.label, "decisions": self.decisions, "median_ms": self.median_ms,
                "p95_ms": self.p95_ms, "max_ms": self.max_ms}


@dataclass(frozen=True)
class ArenaResult:
    """The outcome of :func:`run_arena`: per-player statistics and every deal."""

    rules: Rules
    players: int
    bots: tuple[str, ...]
    """Registry name of each player's bot."""
    seed: int
    requested_deals: int
    matches: int
    """Match seeds played (each once per rotation)."""
    deals: int
    """Deals played in all."""
    par: float
    """Mean points per deal of a seat: what equal players score."""
    stats: tuple[PlayerStats, ...]
    records: tuple[DealRecord, ...]
    """Every deal, sorted by match, rotation and deal."""
    timing: tuple[DecisionTimes, ...] = ()
    """With ``timing=True``: each player's thinking time per decision (decisions with a choice)."""

    @property
    def labels(self) -> tuple[str, ...]:
        """The players' labels."""
        return tuple(s.label for s in self.stats)

    @property
    def rules_label(self) -> str:
        """The preset's name, or the rule code when some option differs from the preset."""
        code = encode(self.rules)
        return self.rules.name if code.split(".")[1:] == [self.rules.name] else code

    def describe(self) -> str:
        """One sentence on what was played, the rounding of ``deals`` included."""
        per_match = self.deals / (self.matches * self.players)
        per = f"{per_match:g}" if per_match == int(per_match) else f"{per_match:.2f} on average"
        text = (f"{self.deals} deals of {self.rules_label}: {self.matches} deck seeds x {self.players} seatings "
                f"x {per} deals per match")
        if self.deals != self.requested_deals:
            text += f" ({self.requested_deals} asked, rounded up to whole matches)"
        return text

    def to_dict(self) -> dict[str, Any]:
        """JSON form of the summary (the per-deal records go to :meth:`write_csv`)."""
        return {
            "rules": self.rules.name,
            "rule_code": encode(self.rules),
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "requested_deals": self.requested_deals,
            "deals": self.deals,
            "matches": self.matches,
            "rotations": self.players,
            "par": self.par,
            "results": [s.to_dict() for s in self.stats],
            **({"timing": [t.to_dict() for t in self.timing]} if self.timing else {}),
        }

    def to_json(self, indent: int | None = 2) -> str:
        """The summary as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def write_csv(self, target: str | Path | IO[str]) -> None:
        """Write one row per player and deal: match, rotation, deal, player, bot, seat, place, title, points."""
        if isinstance(target, str | Path):
            with open(target, "w", newline="", encoding="utf-8") as handle:
                self.write_csv(handle)
            return
        writer = csv.writer(target)
        writer.writerow(["match", "rotation", "deal", "player", "bot", "seat", "place", "title", "points"])
        titles = self.rules.titles(self.players)
        labels = self.labels
        for rec in self.records:
            for player in range(self.players):
                place = rec.places[player]
                writer.writerow([
                    rec.match, rec.rotation, rec.deal, labels[player], self.bots[player],
                    seat_of(player, rec.rotation, self.players), place + 1, titles[place], rec.points[player],
                ])


def player_labels(bots: Sequence[str]) -> tuple[str, ...]:
    """Labels for the players: the bot name, then ``name#2``, ``name#3`` … for repeats."""
    seen: dict[str, int] = {}
    labels = []
    for name in bots:
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return tuple(labels)


def _one_thread_each() -> None:
    """Keep a worker's numerical libraries to one thread: the workers already fill the cores, and the bots'
    small matrix products only lose time to threads fighting over them (numpy reads these when first imported)."""
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(variable, "1")


@contextmanager
def _runner(workers: int, ray_address: str | None) -> Iterator[Callable[[list[MatchTask]], Iterator[MatchOutcome]]]:
    if ray_address is not None:
        from .arena_ray import ray_runner

        with ray_runner(ray_address, workers) as run_on_ray:
            yield run_on_ray
        return
    if workers <= 1:
        yield lambda batch: map(play_match, batch)
        return
    with multiprocessing.get_context("spawn").Pool(workers, initializer=_one_thread_each) as pool:
        def run(batch: list[MatchTask]) -> Iterator[MatchOutcome]:
            return pool.imap(play_match, batch, chunksize=max(1, min(16, len(batch) // (workers * 8))))

        yield run


def _play_matches(
    make_task: Callable[[int], MatchTask], per_match: float, target: int, workers: int, progress: Progress | None,
    ray_address: str | None = None,
) -> list[MatchOutcome]:
    """The shortest run of matches 0, 1, 2 … whose deals reach ``target``, whatever the number of workers."""
    outcomes: list[MatchOutcome] = []
    played = 0
    expected = math.ceil(target / per_match) * per_match
    with _runner(workers, ray_address) as run:
        while played < target:
            if outcomes:
                per_match = played / len(outcomes)
            count = max(1, math.ceil((target - played) / per_match))
            start = len(outcomes)
            for outcome in run([make_task(i) for i in range(start, start + count)]):
                outcomes.append(outcome)
                played += len(outcome.deals)
                if progress is not None:
                    progress(played, max(played, round(expected)))
                if played >= target:
                    break
    return outcomes


def _ratings(records: Sequence[DealRecord], labels: Sequence[str]) -> list[tuple[float, float]] | None:
    """openskill Plackett-Luce ratings after one update per deal, in record order; None without openskill."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in labels]
    for rec in records:
        rated = model.rate([[r] for r in ratings], ranks=[float(p + 1) for p in rec.places])
        ratings = [team[0] for team in rated]
    return [(r.mu, r.sigma) for r in ratings]


def _player_stats(
    rules: Rules, players: int, bots: Sequence[str], outcomes: Sequence[MatchOutcome], rate: bool,
) -> tuple[PlayerStats, ...]:
    labels = player_labels(bots)
    titles = rules.titles(players)
    records = [rec for outcome in outcomes for rec in outcome.deals]
    ratings = _ratings(records, labels) if rate else None
    match_deals = [len(outcome.deals) for outcome in outcomes]
    out = []
    for player in range(players):
        match_points = [sum(rec.points[player] for rec in outcome.deals) for outcome in outcomes]
        interval = ratio_interval(match_points, match_deals)
        place_counts = [0] * players
        title_counts: dict[str, int] = dict.fromkeys(titles, 0)
        for rec in records:
            place = rec.places[player]
            place_counts[place] += 1
            title_counts[titles[place]] += 1
        total = len(records)
        mu, sigma = ratings[player] if ratings is not None else (None, None)
        out.append(PlayerStats(
            label=labels[player],
            bot=bots[player],
            deals=total,
            points=sum(match_points),
            mean=interval.mean,
            low=interval.low,
            high=interval.high,
            titles={key: count / total for key, count in title_counts.items()},
            places=tuple(count / total for count in place_counts),
            wins=sum(outcome.wins[player] for outcome in outcomes),
            match_plays=len(outcomes) * players,
            mu=mu,
            sigma=sigma,
        ))
    return tuple(out)


def run_arena(
    rules: str | Rules,
    players: int | None,
    bots: Sequence[str],
    deals: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
    ratings: bool = True,
    timing: bool = False,
    ray_address: str | None = None,
) -> ArenaResult:
    """Play at least ``deals`` duplicate deals between ``bots`` (one registry name per player) and rate them.

    ``players`` may be None (one player per bot name). Raises ``ValueError`` for
    an unknown bot or rule set, a table size the rules do not allow, or counts
    below 1. ``ratings=False`` skips the openskill ratings; ``timing=True`` measures
    each player's thinking time per decision (results do not depend on it).
    ``ray_address`` plays the matches as Ray tasks instead of ``workers`` processes:
    ``"local"`` starts a Ray on this machine (``workers`` CPUs, or all of them when
    ``workers`` is 1), anything else is the address of a running Ray cluster; the
    results are the same.
    """
    rule_set = get_rules(rules)
    names = tuple(name.strip() for name in bots)
    n = len(names) if players is None else players
    if len(names) != n:
        raise ValueError(f"give one bot per player: {n} players but {len(names)} bots ({', '.join(names)})")
    if not rule_set.min_players <= n <= rule_set.max_players:
        raise ValueError(f"{rule_set.name} is played by {rule_set.min_players} to {rule_set.max_players} players, "
                         f"not {n}")
    if deals < 1:
        raise ValueError("deals must be at least 1")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    for name in set(names):
        make_bot(name)
    per_rotation = rule_set.deals if rule_set.deals is not None else _TARGET_SCORE_GUESS
    outcomes = _play_matches(
        lambda match: MatchTask(rule_set, n, names, seed, match, timing), per_rotation * n, deals, workers, progress,
        ray_address,
    )
    points = rule_set.points_for(n)
    return ArenaResult(
        rules=rule_set,
        players=n,
        bots=names,
        seed=seed,
        requested_deals=deals,
        matches=len(outcomes),
        deals=sum(len(outcome.deals) for outcome in outcomes),
        par=sum(points) / n,
        stats=_player_stats(rule_set, n, names, outcomes, ratings),
        records=tuple(rec for outcome in outcomes for rec in outcome.deals),
        timing=_timing(player_labels(names), outcomes) if timing else (),
    )


def _timing(labels: Sequence[str], outcomes: Sequence[MatchOutcome]) -> tuple[DecisionTimes, ...]:
    out = []
    for player, label in enumerate(labels):
        times = sorted(t for outcome in outcomes for t in outcome.times[player])
        out.append(DecisionTimes.of(label, times))
    return tuple(out)
