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
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from ..bots.classic import ClassicBot
from ..engine import Match
from ..rules import get_rules
from ..search.expert import SearchBot
from ..search.kinds import distinct_moves
from ..view import SeatView
from .features import FEATURES, LAYOUT_SIZES, layout_for, layout_width, move_features

_CLASSIC = ClassicBot()

Decision = tuple[np.ndarray, np.ndarray, int]
"""One decision's candidates' rows, their values, and the index of the candidate played."""


@dataclass
class Examples:
    """Decisions with their candidates' rows and values, stored flat."""

    rows: np.ndarray
    """Every candidate's features, decision after decision (float32, ``(total, FEATURES)``)."""
    values: np.ndarray
    """Every candidate's value in the teacher's eyes (float32, ``(total,)``)."""
    starts: np.ndarray
    """Where each decision's candidates start in ``rows`` (int64, one more entry than decisions)."""
    played: np.ndarray | None = None
    """The candidate played at each decision, from its start (int64; ``None``: not known)."""
    rules: tuple[str, ...] = field(default=())
    """The rule sets of the run that made them, taken in turn from match to match (empty: not known)."""
    seed: int | None = None
    """The seed of that run (``None``: not known); with :attr:`rules`, enough to replay its positions."""
    players: int = 4
    """The players at the tables of that run."""

    def __len__(self) -> int:
        return len(self.starts) - 1

    @classmethod
    def join(cls, parts: Sequence[Decision]) -> Examples:
        """Examples from ``(rows, values, played)`` triples, one per decision."""
        sizes = [len(v) for _, v, _ in parts]
        starts = np.zeros(len(parts) + 1, dtype=np.int64)
        starts[1:] = np.cumsum(sizes)
        rows = np.concatenate([r for r, _, _ in parts]) if parts else np.zeros((0, FEATURES), np.float32)
        values = np.concatenate([v for _, v, _ in parts]) if parts else np.zeros(0, np.float32)
        played = np.array([p for _, _, p in parts], dtype=np.int64)
        return cls(rows.astype(np.float32), values.astype(np.float32), starts, played)

    def decision(self, d: int) -> Decision:
        """Decision ``d``'s rows, values and played candidate (-1: not known)."""
        a, b = self.starts[d], self.starts[d + 1]
        return self.rows[a:b], self.values[a:b], int(self.played[d]) if self.played is not None else -1

    def subset(self, decisions: np.ndarray) -> Examples:
        """The examples of the given decisions, in that order."""
        return Examples.join([self.decision(d) for d in decisions])

    @classmethod
    def concat(cls, runs: Sequence[Examples]) -> Examples:
        """The decisions of several runs, one run after the other."""
        if not runs:
            raise ValueError("no examples to join")
        starts = [runs[0].starts]
        for run in runs[1:]:
            starts.append(run.starts[1:] + starts[-1][-1])
        played = None if any(r.played is None for r in runs) else np.concatenate([r.played for r in runs])
        return cls(np.concatenate([r.rows for r in runs]), np.concatenate([r.values for r in runs]),
                   np.concatenate(starts), played)

    def save(self, path: str) -> None:
        """Write the examples (and the run that made them, when known) to an ``.npz`` file."""
        arrays: dict[str, np.ndarray] = {"rows": self.rows, "values": self.values, "starts": self.starts}
        if self.played is not None:
            arrays["played"] = self.played
        if self.rules and self.seed is not None:
            arrays |= {"source_rules": np.array(self.rules), "source_seed": np.array(self.seed)}
            if self.players != 4:
                arrays["source_players"] = np.array(self.players)
        np.savez_compressed(path, **arrays)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: str) -> Examples:
        """Read examples written by :meth:`save`.

        Examples saved with features of another version are replayed from the
        run that made them (:func:`positions`) and their rows computed anew.
        """
        try:
            with np.load(path, allow_pickle=False) as data:
                rows, values, starts = data["rows"], data["values"], data["starts"]
                rules = tuple(str(r) for r in data["source_rules"]) if "source_rules" in data.files else ()
                seed = int(data["source_seed"]) if "source_seed" in data.files else None
                played = data["played"] if "played" in data.files else None
                players = int(data["source_players"]) if "source_players" in data.files else 4
        except (KeyError, ValueError, EOFError) as error:
            raise ValueError(f"{path} does not hold examples: {error}") from None
        if rows.ndim != 2 or len(values) != len(rows) or len(starts) < 1 or starts[-1] != len(rows) \
                or (played is not None and len(played) != len(starts) - 1):
            raise ValueError(f"{path} does not hold examples")
        examples = cls(rows, values, starts, played, rules, seed, players)
        widths = [layout_width(layout_for(get_rules(rules[0])))] if rules else \
            [layout_width(layout) for layout in LAYOUT_SIZES]
        if rows.shape[1] not in widths:
            if not rules or seed is None or played is None:
                raise ValueError(f"{path} holds examples of {rows.shape[1]} features, not {widths[0]}, "
                                 "and not the run that made them")
            examples = examples.refeatured()
        return examples

    def refeatured(self) -> Examples:
        """The same decisions with their rows computed by this version's features (replaying their run)."""
        parts = [(move_features(view, moves, layout_for(view.rules)), *self.decision(d)[1:])
                 for d, (view, moves) in enumerate(positions(self))]
        return replace(Examples.join(parts), rules=self.rules, seed=self.seed, players=self.players)


def match_examples(rules: str, seed: int, index: int, worlds: int,
                   player: Callable[[np.ndarray], int] | None = None,
                   infer: float = 0.25, players: int = 4) -> list[Decision]:
    """The teacher's examples of one match (match ``index`` of the run seeded ``seed``).

    The teacher sits at seat ``index % players`` against ``classic`` players. With
    ``player`` (a function of a decision's rows returning the index of the move to
    play), that player moves at the teacher's seat and the teacher only judges.
    ``infer`` is the noise of the teacher's model of the other players (0: its
    guesses are not weighted by their plays, much cheaper).
    """
    rule_set = get_rules(rules)
    layout = layout_for(rule_set)
    match = Match(rule_set, players, seed=seed * 1_000_003 + index)
    rng = random.Random(seed * 7_919 + index)
    teacher = SearchBot(name="teacher", worlds=worlds, min_worlds=worlds, infer=infer)
    out: list[Decision] = []

    def decide(view: SeatView, candidates: list[int]) -> int:
        values = teacher.evaluate(view, candidates, rng, worlds=worlds, paired=True)
        rows = move_features(view, candidates, layout)
        best = player(rows) if player is not None else max(range(len(values)), key=lambda i: (values[i], -i))
        out.append((rows, np.asarray(values, dtype=np.float32), best))
        return best

    play_seat(match, index % players, decide, rng)
    return out


def play_seat(match: Match, seat: int, decide: Callable[[SeatView, list[int]], int], rng: random.Random,
              more: Callable[[], bool] = lambda: True) -> None:
    """Play ``match`` to its end (or until ``more()`` is false), ``classic`` in every seat and phase but the play
    decisions of ``seat`` with more than one distinct move, where ``decide`` names the candidate to play (its
    index)."""
    rule_set = match.rules
    while match.to_act is not None and more():
        view = match.seat_view(match.to_act)
        if match.to_act != seat or view.phase != "play":
            match.apply_fast(_CLASSIC.choose(view, rng))
            continue
        candidates = distinct_moves(view.legal_masks(), rule_set)
        match.apply_fast(candidates[0] if len(candidates) == 1 else candidates[decide(view, candidates)])


def positions(examples: Examples) -> Iterator[tuple[SeatView, list[int]]]:
    """The position and candidates of each decision, replayed from the run that made ``examples``.

    The ``classic`` players are deterministic and the examples keep the move
    played at each decision, so the matches of the run (:attr:`Examples.rules`,
    :attr:`Examples.seed`) replay move for move. Raises ``ValueError`` if the
    examples were not made by such a run (a replayed decision does not match).
    """
    if not examples.rules or examples.seed is None or examples.played is None:
        raise ValueError("the examples do not say which run made them")
    played = examples.played
    rng = random.Random(0)
    decision, index, players = 0, 0, examples.players
    found: list[tuple[SeatView, list[int]]] = []

    def replay(view: SeatView, candidates: list[int]) -> int:
        nonlocal decision
        if examples.starts[decision + 1] - examples.starts[decision] != len(candidates):
            raise ValueError(f"decision {decision} does not replay: the examples were made by another run")
        found.append((view, candidates))
        decision += 1
        return int(played[decision - 1])

    while decision < len(examples):
        rule_set = get_rules(examples.rules[index % len(examples.rules)])
        match = Match(rule_set, players, seed=examples.seed * 1_000_003 + index)
        play_seat(match, index % players, replay, rng, more=lambda: decision < len(examples))
        yield from found
        found.clear()
        index += 1


def _task(args: tuple[str, int, int, int, float, int]) -> list[Decision]:
    rules, seed, index, worlds, infer, players = args
    return match_examples(rules, seed, index, worlds, infer=infer, players=players)


def generate(rules: Sequence[str], seed: int, decisions: int, worlds: int, workers: int = 1,
             stop: Callable[[], bool] | None = None,
             update: Callable[[int], None] | None = None, infer: float = 0.25,
             ray_address: str | None = None, players: int = 4) -> Examples:
    """At least ``decisions`` examples (fewer if ``stop()`` turns true), matches alternating over ``rules``,
    at tables of ``players``.

    Match ``i`` plays ``rules[i % len(rules)]``; the examples depend on ``seed``
    alone, not on ``workers`` nor on ``ray_address`` (the matches as Ray tasks, on
    a Ray of this machine or a cluster: see :func:`~president.ray_cluster.ray_session`).
    """
    parts: list[Decision] = []

    def tasks() -> Iterator[tuple[str, int, int, int, float, int]]:
        index = 0
        while True:
            yield rules[index % len(rules)], seed, index, worlds, infer, players
            index += 1

    if ray_address is not None:
        from ..ray_cluster import cluster_cpus, ray_session

        with ray_session(ray_address, workers) as ray:
            remote = ray.remote(num_cpus=1)(_task)
            queued = tasks()
            # A few matches ahead per CPU, taken in match order; those not needed at the end are cancelled.
            pending = deque(remote.remote(next(queued)) for _ in range(2 * cluster_cpus(ray)))
            while pending:
                parts += ray.get(pending.popleft())
                if update:
                    update(min(len(parts), decisions))
                if len(parts) >= decisions or (stop and stop()):
                    for reference in pending:
                        ray.cancel(reference)
                    break
                pending.append(remote.remote(next(queued)))
    elif workers <= 1:
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
    return replace(Examples.join(parts[:decisions]), rules=tuple(rules), seed=seed, players=players)
