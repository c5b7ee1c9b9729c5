"""Improving the policy by its own results: the policy gradient against ``classic`` players.

The policy plays one seat of matches against three ``classic`` players, drawing
its moves from its softmax. After every batch of deals, each of its decisions is
made likelier in proportion to how much better than expected the deal ended for
it (its advantage), less likely when worse (REINFORCE with a baseline).

Two baselines say what was expected:

* ``"duplicate"`` (the default): the same deal, from the same cards after the
  same exchange, replayed with the policy's greedy choices in the seat (the
  ``classic`` players are deterministic, so the replay is exact); the advantage
  is the difference in points. The luck of the cards cancels out: only what the
  drawn moves changed is left.
* ``"mean"``: a running mean of the points of past deals.

``anchor`` keeps the policy near the one it started from: each decision also
pulls the policy towards the starting policy's probabilities on the same
candidates (a cross-entropy, the KL divergence up to a constant) with that weight.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..engine import Match
from ..rules import get_rules
from ..view import SeatView
from .features import layout_for, move_features
from .model import Adam, PolicyNet, group_softmax, loss_and_grads
from .teacher import play_seat

BASELINES = ("duplicate", "mean")
"""The baselines :func:`reinforce` knows."""



@dataclass(frozen=True)
class GradientSettings:
    """The settings of :func:`reinforce` (the defaults made the shipped model)."""

    rate: float = 3e-4
    """Adam's step size."""
    batch: int = 32
    """Deals per update."""
    temperature: float = 0.3
    """The softmax temperature the moves are drawn at, in points."""
    baseline: str = "duplicate"
    """What the deal's points are compared with: one of :data:`BASELINES`."""
    anchor: float = 0.0
    """The weight pulling the policy towards the one it started from (0: none)."""

    def __post_init__(self) -> None:
        if not self.rate > 0:
            raise ValueError(f"the rate must be positive, not {self.rate}")
        if self.batch < 1:
            raise ValueError(f"the batch must be at least 1 deal, not {self.batch}")
        if not self.temperature > 0:
            raise ValueError(f"the temperature must be positive, not {self.temperature}")
        if self.baseline not in BASELINES:
            raise ValueError(f"unknown baseline {self.baseline!r}: one of {', '.join(BASELINES)}")
        if not self.anchor >= 0:
            raise ValueError(f"the anchor must be 0 or more, not {self.anchor}")


Chooser = Callable[[np.ndarray], int]
"""Picks one candidate from a decision's feature rows (its index)."""


def greedy(net: PolicyNet) -> Chooser:
    """The policy's first choice."""
    return lambda rows: int(np.argmax(net.scores(rows)))


def play_deal(match: Match, seat: int, chooser: Chooser, rng: random.Random,
              record: list[tuple[np.ndarray, int]] | None = None) -> float:
    """Play ``match`` on to the end of its current deal, ``chooser`` in ``seat``; returns the seat's points.

    Each of the seat's decisions with more than one distinct move is appended
    to ``record`` as (feature rows, index chosen); everything else is played as
    ``classic`` plays it.
    """
    number = match.deal_number
    layout = layout_for(match.rules)

    def decide(view: SeatView, candidates: list[int]) -> int:
        rows = move_features(view, candidates, layout)
        choice = chooser(rows)
        if record is not None:
            record.append((rows, choice))
        return choice

    play_seat(match, seat, decide, rng, more=lambda: match.deal_number == number)
    return float(match.deal_results[-1].points[seat])


def duplicate_advantage(start: Match, seat: int, points: float, baseline_chooser: Chooser,
                        rng: random.Random) -> float:
    """``points`` minus what ``baseline_chooser`` scores in ``seat`` on the same deal from ``start``.

    ``start`` is a copy of the match at the start of the deal (it is played on).
    """
    return points - play_deal(start, seat, baseline_chooser, rng)


def reinforce(net: PolicyNet, rules: Sequence[str], seed: int, deals: int, rate: float = 3e-4, batch: int = 32,
              temperature: float = 0.3, baseline: str = "duplicate", anchor: float = 0.0,
              stop: Callable[[], bool] | None = None,
              update: Callable[[int, int], None] | None = None, players: int = 4) -> tuple[int, float]:
    """Train ``net`` in place over ``deals`` deals at tables of ``players``; returns the deals played and the
    learner's mean points.

    The moves are drawn from the softmax of the scores over ``temperature``; the
    same seed gives the same weights.
    """
    GradientSettings(rate, batch, temperature, baseline, anchor)  # refuses bad settings
    rng = np.random.default_rng(seed)
    moves_rng = random.Random(seed)
    optimiser = Adam(net, rate)
    start_net = PolicyNet({k: v.copy() for k, v in net.weights().items()}, net.layout) if anchor > 0 else None

    deviated = False

    def drawn(rows: np.ndarray) -> int:
        nonlocal deviated
        scores = net.scores(rows).astype(np.float64) / temperature
        p = np.exp(scores - scores.max())
        choice = int(rng.choice(len(rows), p=p / p.sum()))
        deviated = deviated or choice != int(np.argmax(scores))
        return choice

    running = 1.5
    played = 0
    total = 0.0
    pending: list[tuple[np.ndarray, int, float]] = []
    deals_in_batch = 0
    index = 0
    while played < deals and not (stop and stop()):
        rule_set = get_rules(rules[index % len(rules)])
        match = Match(rule_set, players, seed=seed * 1_000_033 + index)
        seat = index % players
        index += 1
        while match.to_act is not None and played < deals:
            start = match.copy() if baseline == "duplicate" else None
            record: list[tuple[np.ndarray, int]] = []
            deviated = False
            points = play_deal(match, seat, drawn, moves_rng, record)
            if start is not None:
                # Moves all greedy: the replay would be the same deal, so no advantage (and nothing to learn).
                advantage = duplicate_advantage(start, seat, points, greedy(net), moves_rng) if deviated \
                    else 0.0
            else:
                advantage = points - running
                running += 0.01 * (points - running)
            if advantage:
                pending += [(rows, choice, advantage) for rows, choice in record]
            total += points
            played += 1
            deals_in_batch += 1
            if deals_in_batch >= batch:
                if pending:
                    _step(net, optimiser, pending, temperature, start_net, anchor)
                pending, deals_in_batch = [], 0
                if update:
                    update(played, deals)
    return played, total / max(played, 1)


def _step(net: PolicyNet, optimiser: Adam, pending: list[tuple[np.ndarray, int, float]], temperature: float,
          start_net: PolicyNet | None, anchor: float) -> None:
    rows = np.concatenate([r for r, _, _ in pending])
    sizes = np.array([len(r) for r, _, _ in pending])
    starts = np.concatenate(([0], np.cumsum(sizes)))
    target = np.zeros(len(rows), dtype=np.float32)
    target[starts[:-1] + np.array([c for _, c, _ in pending])] = 1.0
    weights = np.array([a for _, _, a in pending], dtype=np.float32)
    # The gradient at the temperature: the scores are scaled by 1 / temperature, and so is their gradient.
    scaled = PolicyNet({k: v / temperature if k == "w3" else v for k, v in net.weights().items()}, net.layout)
    _, grads = loss_and_grads(scaled, rows, target, starts, 0.0, weights)
    if start_net is not None:
        keep = group_softmax(start_net.scores(rows) / temperature, starts).astype(np.float32)
        _, pull = loss_and_grads(scaled, rows, keep, starts, 0.0, np.full(len(pending), anchor, dtype=np.float32))
        grads = {k: g + pull[k] for k, g in grads.items()}
    grads["w3"] = grads["w3"] / temperature
    optimiser.update(grads)
