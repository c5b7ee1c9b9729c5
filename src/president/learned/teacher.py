"""Examples for the learned policy: the search bot's judgement of its own decisions.

A teacher (the search of :mod:`president.search.expert` with a fixed number of
guesses, so that the same seed gives the same examples) plays one seat of a
match against ``classic`` players. At each of its decisions in the play phase
with more than one distinct move it evaluates every candidate; an example is
the candidates' feature rows (:func:`~president.learned.features.move_features`)
and their values (the seat's expected points). The teacher then plays its best
move, so that the examples come from the positions a strong player reaches.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from ..bots.classic import ClassicBot
from ..engine import Match
from ..rules import get_rules
from ..search.expert import SearchBot, distinct_moves
from .features import FEATURES, move_features


@dataclass
class Examples:
    """Decisions with their candidates' rows and values, stored flat."""

    rows: np.ndarray
    """Every candidate's features, decision after decision (float32, ``(total, FEATURES)``)."""
    values: np.ndarray
    """Every candidate's value in the teacher's eyes (float32, ``(total,)``)."""
    starts: np.ndarray
    """Where each decision's candidates start in ``rows`` (int64, one more entry than decisions)."""

    def __len__(self) -> int:
        return len(self.starts) - 1

    @classmethod
    def join(cls, parts: Sequence[tuple[np.ndarray, np.ndarray]]) -> Examples:
        """Examples from ``(rows, values)`` pairs, one pair per decision."""
        sizes = [len(v) for _, v in parts]
        starts = np.zeros(len(parts) + 1, dtype=np.int64)
        starts[1:] = np.cumsum(sizes)
        rows = np.concatenate([r for r, _ in parts]) if parts else np.zeros((0, FEATURES), np.float32)
        values = np.concatenate([v for _, v in parts]) if parts else np.zeros(0, np.float32)
        return cls(rows.astype(np.float32), values.astype(np.float32), starts)

    def subset(self, decisions: np.ndarray) -> Examples:
        """The examples of the given decisions, in that order."""
        return Examples.join([(self.rows[self.starts[d]:self.starts[d + 1]],
                               self.values[self.starts[d]:self.starts[d + 1]]) for d in decisions])

    def save(self, path: str) -> None:
        """Write the examples to an ``.npz`` file."""
        np.savez_compressed(path, rows=self.rows, values=self.values, starts=self.starts)

    @classmethod
    def load(cls, path: str) -> Examples:
        """Read examples written by :meth:`save`."""
        with np.load(path) as data:
            rows, values, starts = data["rows"], data["values"], data["starts"]
        if rows.ndim != 2 or rows.shape[1] != FEATURES or len(values) != len(rows) or starts[-1] != len(rows):
            raise ValueError(f"{path} does not hold examples of {FEATURES} features")
        return cls(rows, values, starts)


def match_examples(rules: str, seed: int, index: int, worlds: int,
                   player: Callable[[np.ndarray], int] | None = None,
                   infer: float = 0.25) -> list[tuple[np.ndarray, np.ndarray]]:
    """The teacher's examples of one match (match ``index`` of the run seeded ``seed``).

    The teacher sits at seat ``index % 4`` against three ``classic`` players. With
    ``player`` (a function of a decision's rows returning the index of the move to
    play), that player moves at the teacher's seat and the teacher only judges.
    ``infer`` is the noise of the teacher's model of the other players (0: its
    guesses are not weighted by their plays, much cheaper).
    """
    rule_set = get_rules(rules)
    players = 4
    match = Match(rule_set, players, seed=seed * 1_000_003 + index)
    rng = random.Random(seed * 7_919 + index)
    teacher = SearchBot(name="teacher", worlds=worlds, min_worlds=worlds, infer=infer)
    classic = ClassicBot()
    seat = index % players
    out: list[tuple[np.ndarray, np.ndarray]] = []
    while match.to_act is not None:
        actor = match.to_act
        view = match.seat_view(actor)
        if actor != seat or view.phase != "play":
            match.apply_fast(classic.choose(view, rng))
            continue
        candidates = distinct_moves(view.legal_masks(), rule_set)
        if len(candidates) == 1:
            match.apply_fast(candidates[0])
            continue
        values = teacher.evaluate(view, candidates, rng, worlds=worlds, paired=True)
        rows = move_features(view, candidates)
        out.append((rows, np.asarray(values, dtype=np.float32)))
        best = player(rows) if player is not None else max(range(len(values)), key=lambda i: (values[i], -i))
        match.apply_fast(candidates[best])
    return out


def _task(args: tuple[str, int, int, int, float]) -> list[tuple[np.ndarray, np.ndarray]]:
    rules, seed, index, worlds, infer = args
    return match_examples(rules, seed, index, worlds, infer=infer)


def generate(rules: Sequence[str], seed: int, decisions: int, worlds: int, workers: int = 1,
             stop: Callable[[], bool] | None = None,
             update: Callable[[int], None] | None = None, infer: float = 0.25) -> Examples:
    """At least ``decisions`` examples (fewer if ``stop()`` turns true), matches alternating over ``rules``.

    Match ``i`` plays ``rules[i % len(rules)]``; the examples depend on ``seed``
    alone, not on ``workers``.
    """
    parts: list[tuple[np.ndarray, np.ndarray]] = []

    def tasks() -> Iterator[tuple[str, int, int, int, float]]:
        index = 0
        while True:
            yield rules[index % len(rules)], seed, index, worlds, infer
            index += 1

    if workers <= 1:
        for task in tasks():
            parts += _task(task)
            if update:
                update(min(len(parts), decisions))
            if len(parts) >= decisions or (stop and stop()):
                break
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for found in pool.imap(_task, tasks()):
                parts += found
                if update:
                    update(min(len(parts), decisions))
                if len(parts) >= decisions or (stop and stop()):
                    pool.terminate()
                    break
    return Examples.join(parts[:decisions])
