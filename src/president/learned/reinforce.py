"""Improving the policy by its own results: the policy gradient against ``classic`` players.

The policy plays one seat of matches against three ``classic`` players, drawing
its moves from its softmax. After every batch of deals, each of its decisions is
made likelier in proportion to how much better than usual the deal ended for it
(its points in the deal minus a running mean), less likely when worse
(REINFORCE with a baseline).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np

from ..bots.classic import ClassicBot, classic_gift
from ..engine import Match
from ..moves import GIVE_FLAG
from ..rules import get_rules
from ..search.expert import distinct_moves
from .features import move_features
from .model import Adam, PolicyNet, loss_and_grads


def reinforce(net: PolicyNet, rules: Sequence[str], seed: int, deals: int, rate: float = 1e-4, batch: int = 32,
              temperature: float = 0.3,
              stop: Callable[[], bool] | None = None,
              update: Callable[[int, int], None] | None = None) -> tuple[int, float]:
    """Train ``net`` in place over about ``deals`` deals; returns the deals played and the learner's mean points.

    The moves are drawn from the softmax of the scores over ``temperature``.
    """
    rng = np.random.default_rng(seed)
    moves_rng = random.Random(seed)
    optimiser = Adam(net, rate)
    classic = ClassicBot()
    baseline = 1.5
    played = 0
    total = 0.0
    index = 0
    pending: list[tuple[np.ndarray, int, float]] = []
    deals_in_batch = 0
    while played < deals and not (stop and stop()):
        rule_set = get_rules(rules[index % len(rules)])
        match = Match(rule_set, 4, seed=seed * 1_000_033 + index)
        seat = index % 4
        index += 1
        deal: list[tuple[np.ndarray, int]] = []
        number = match.deal_number
        while match.to_act is not None:
            actor = match.to_act
            view = match.seat_view(actor)
            if actor != seat:
                match.apply_fast(classic.choose(view, moves_rng))
            elif view.phase == "exchange":
                match.apply_fast(classic_gift(view.hand, view.give_count) | GIVE_FLAG)
            else:
                candidates = distinct_moves(view.legal_masks(), rule_set)
                if len(candidates) == 1:
                    match.apply_fast(candidates[0])
                else:
                    rows = move_features(view, candidates)
                    scores = net.scores(rows).astype(np.float64) / temperature
                    p = np.exp(scores - scores.max())
                    choice = int(rng.choice(len(candidates), p=p / p.sum()))
                    deal.append((rows, choice))
                    match.apply_fast(candidates[choice])
            if match.deal_number != number or match.to_act is None:
                number = match.deal_number
                points = float(match.deal_results[-1].points[seat])
                pending += [(rows, choice, points - baseline) for rows, choice in deal]
                baseline += 0.01 * (points - baseline)
                total += points
                played += 1
                deals_in_batch += 1
                deal = []
                if deals_in_batch >= batch and pending:
                    _step(net, optimiser, pending, temperature)
                    pending, deals_in_batch = [], 0
                    if update:
                        update(min(played, deals), deals)
    return played, total / max(played, 1)


def _step(net: PolicyNet, optimiser: Adam, pending: list[tuple[np.ndarray, int, float]], temperature: float) -> None:
    rows = np.concatenate([r for r, _, _ in pending])
    sizes = np.array([len(r) for r, _, _ in pending])
    starts = np.concatenate(([0], np.cumsum(sizes)))
    target = np.zeros(len(rows), dtype=np.float32)
    target[starts[:-1] + np.array([c for _, c, _ in pending])] = 1.0
    weights = np.array([a for _, _, a in pending], dtype=np.float32)
    # The gradient at the temperature: the scores are scaled by 1 / temperature, and so is their gradient.
    scaled = PolicyNet({k: v / temperature if k == "w3" else v for k, v in net.weights().items()})
    _, grads = loss_and_grads(scaled, rows, target, starts, 0.0, weights)
    grads["w3"] = grads["w3"] / temperature
    optimiser.update(grads)
