"""Swiss pairing of a tournament into tables, and its standings.

Points at one table: each entrant scores one point per other seat whose match score is
lower than its own and half a point per other seat with the same score (the sole winner of
a four-seat table gets 3, the last 0). Bots that only fill a short table take part in these
comparisons but are not ranked.

Standings order: points, then the sum of match scores, then the opponents' points (the
Buchholz sum: the points of everyone met, once per meeting), then the earlier entry.

Pairing of a round: the entrants in standing order (entry order before the first round);
``ceil(n / seats)`` tables, all full except the last, whose open seats bots fill. Tables are
filled in order: each takes the best entrant left, then, one seat at a time, the first
entrant left (in standing order) who has not yet met anyone already at that table; when
every entrant left has met someone there, the one with the fewest earlier meetings with
them (the first in standing order among equals).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class BoardResult:
    """A finished table of a round: the entry at each seat (None: a filling bot) and the match scores."""

    entries: Sequence[int | None]
    scores: Sequence[int]


@dataclass
class Standing:
    """One entrant's place in the standings."""

    entry: int
    points: float = 0.0
    score: int = 0
    """The sum of the entrant's match scores."""
    buchholz: float = 0.0
    """The opponents' points, once per meeting."""
    played: int = 0


def table_points(scores: Sequence[int]) -> list[float]:
    """Tournament points of each seat of one finished table, from its match scores."""
    return [sum(1.0 if other < mine else 0.5 if other == mine else 0.0
                for j, other in enumerate(scores) if j != i)
            for i, mine in enumerate(scores)]


def leader(entries: list[int], boards: list[tuple[list[int | None], list[int]]]) -> int | None:
    """The entry first in the standings of these finished tables (the entry at each seat, the scores); None
    without entrants."""
    table = standings(entries, [BoardResult(seats, scores) for seats, scores in boards])
    return table[0].entry if table else None


def standings(entries: Iterable[int], results: Iterable[BoardResult]) -> list[Standing]:
    """Every entrant's standing, best first (see the module's text for the order)."""
    table = {e: Standing(e) for e in entries}
    finished = list(results)
    for result in finished:
        points = table_points(result.scores)
        for seat, entry in enumerate(result.entries):
            if entry is not None and entry in table:
                row = table[entry]
                row.points += points[seat]
                row.score += result.scores[seat]
                row.played += 1
    for result in finished:
        people = [e for e in result.entries if e is not None and e in table]
        for entry in people:
            table[entry].buchholz += sum(table[other].points for other in people if other != entry)
    return sorted(table.values(), key=lambda s: (-s.points, -s.score, -s.buchholz, s.entry))


def meetings(results: Iterable[Sequence[int | None]]) -> Counter[frozenset[int]]:
    """How many times each pair of entrants has sat at one table (from each table's entries)."""
    met: Counter[frozenset[int]] = Counter()
    for entries in results:
        people = [e for e in entries if e is not None]
        for i, a in enumerate(people):
            for b in people[i + 1:]:
                met[frozenset((a, b))] += 1
    return met


def pair_round(order: Sequence[int], seats: int, met: Counter[frozenset[int]]) -> list[list[int | None]]:
    """The tables of a round: entries per seat, None where a bot fills a short table.

    ``order`` is the entrants in standing order, ``seats`` the seats of a table, ``met`` the
    earlier meetings (:func:`meetings`).
    """
    if seats < 2:
        raise ValueError("a table needs at least two seats")
    left = list(order)
    tables: list[list[int | None]] = []
    for _ in range(math.ceil(len(left) / seats)):
        table: list[int | None] = [left.pop(0)]
        while len(table) < seats and left:
            at = [e for e in table if e is not None]
            fresh = next((e for e in left if all(met[frozenset((e, o))] == 0 for o in at)), None)
            if fresh is None:
                fresh = min(left, key=lambda e: sum(met[frozenset((e, o))] for o in at))
            left.remove(fresh)
            table.append(fresh)
        table.extend([None] * (seats - len(table)))
        tables.append(table)
    return tables


def duplicate_round(order: Sequence[int], seats: int, round_no: int) -> list[list[int | None]]:
    """The tables of round ``round_no`` (from 1) of a duplicate event: the same groups of ``seats`` entrants (in
    ``order``, the last group filled with bots) every round, each entrant moved one seat on per round, as the
    arena rotates its players: the entrant ``p`` of a group sits at seat ``(p + round_no - 1) % seats``."""
    if seats < 2:
        raise ValueError("a table needs at least two seats")
    if round_no < 1:
        raise ValueError(f"rounds are counted from 1, not {round_no}")
    tables: list[list[int | None]] = []
    for start in range(0, len(order), seats):
        group: list[int | None] = list(order[start:start + seats])
        group.extend([None] * (seats - len(group)))
        table: list[int | None] = [None] * seats
        for p, entry in enumerate(group):
            table[(p + round_no - 1) % seats] = entry
        tables.append(table)
    return tables
