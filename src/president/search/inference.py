"""How likely the plays seen so far are, for one guess of the hidden hands.

The search guesses hands that fit the rules' facts (:mod:`president.search.sampler`);
what the other players *chose* tells more. If they play roughly like the playout
policy, a guess under which they would have played as they did is more likely
than one under which they would have played otherwise. :func:`history_weight`
replays the current deal from the guessed hands and scores each of the other
players' moves with a noisy model of the ``classic`` player: the classic move with
probability ``1 - epsilon``, any distinct legal move otherwise. The search weighs
each guess by it, or draws guesses in proportion to it (:class:`PosteriorSampler`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..bots.classic import classic_move
from ..cards import iter_cards
from ..engine import Match
from ..view import SeatView
from .sampler import Knowledge, sample_hands


def _kind(move: int) -> tuple[int, int]:
    return ((move.bit_length() - 1) >> 2, move.bit_count()) if move else (-1, 0)


def _distinct_count(moves: Sequence[int]) -> int:
    return len({_kind(m) for m in moves})


def history_weight(view: SeatView, hands: Sequence[int], epsilon: float) -> float:
    """The likelihood of the other players' plays this deal if the hands were ``hands`` (up to a constant)."""
    history = view.history
    if not history or view.rules.house:
        return 1.0  # under house rules the guesses are not weighted by the plays (not modelled yet)
    rules = view.rules
    start = list(hands)
    for seat, move in history:
        start[seat] |= move
    holder_rule = view.deal_number == 1 and rules.first_leader == "holder" and rules.first_lead_card is not None
    sim = Match.from_hands(rules, start, leader=None if holder_rule else view.leader)
    jokers_high = rules.joker_in_revolution == "highest"
    must = 1 << rules.first_lead_card if holder_rule and rules.first_lead_card is not None else 0
    weight = 1.0
    for seat, move in history:
        if seat != view.seat:
            table = sim.table_mask
            rank = (table.bit_length() - 1) >> 2 if table else -1
            expected = classic_move(sim.hands[seat], rank, table.bit_count(), sim.revolution, jokers_high,
                                    rules.max_set, rules.revolution, must)
            share = epsilon / _distinct_count(sim.legal_masks())
            weight *= (1.0 - epsilon + share) if _kind(expected) == _kind(move) else share
        must = 0
        sim.apply_fast(move)
    return weight




class PosteriorSampler:
    """Guesses of the hidden hands drawn in proportion to :func:`history_weight`, by a Markov chain.

    Independent guesses rarely explain what the other players did (the weights of
    a few dominate), so the chain starts from one guess and moves by swapping one
    card between two other players, accepting a swap with probability
    ``min(1, new weight / old weight)`` (Metropolis). Swaps keep every fact of
    :class:`~president.search.sampler.Knowledge`. After ``burn`` steps, each guess
    handed out is ``thin`` steps after the one before.
    """

    def __init__(self, view: SeatView, know: Knowledge, rng: random.Random, epsilon: float,
                 burn: int = 40, thin: int = 3) -> None:
        self.view = view
        self.know = know
        self.rng = rng
        self.epsilon = epsilon
        self.thin = thin
        self.hands = sample_hands(know, rng)
        self.active = bool(view.history)
        self.others = [s for s in range(view.players) if s != view.seat and know.counts[s] > 0]
        self.weight = history_weight(view, self.hands, epsilon) if self.active else 1.0
        self.steps = 0
        self.accepted = 0
        if self.active:
            for _ in range(burn):
                self._step()

    def _step(self) -> None:
        if len(self.others) < 2:
            return
        rng = self.rng
        know = self.know
        hands = self.hands
        a, b = rng.sample(self.others, 2)
        from_a = hands[a] & ~know.must[a] & know.allowed[b]
        from_b = hands[b] & ~know.must[b] & know.allowed[a]
        self.steps += 1
        if not from_a or not from_b:
            return
        x = 1 << rng.choice(list(iter_cards(from_a)))
        y = 1 << rng.choice(list(iter_cards(from_b)))
        trial = list(hands)
        trial[a] = (hands[a] & ~x) | y
        trial[b] = (hands[b] & ~y) | x
        weight = history_weight(self.view, trial, self.epsilon)
        if weight >= self.weight or rng.random() * self.weight < weight:
            self.hands = trial
            self.weight = weight
            self.accepted += 1

    def next(self) -> list[int]:
        """The next guess of every hand (the seat's own hand exact)."""
        if not self.active:
            return sample_hands(self.know, self.rng)
        for _ in range(self.thin):
            self._step()
        return list(self.hands)
