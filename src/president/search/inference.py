"""How likely the plays seen so far are, for one guess of the hidden hands.

The search guesses hands that fit the rules' facts (:mod:`president.search.sampler`);
what the other players *chose* tells more. If they play roughly like the playout
policy, a guess under which they would have played as they did is more likely
than one under which they would have played otherwise. :func:`history_weight`
replays the current deal from the guessed hands and scores each of the other
players' moves with a noisy model of the ``classic`` player (under house rules, of
its house-rule play, :mod:`president.bots.house_classic`): the classic move with
probability ``1 - epsilon``, any distinct legal move otherwise (the noise is also
what keeps players who are not ``classic`` from being ruled out). The search weighs
each guess by it, or draws guesses in proportion to it (:class:`PosteriorSampler`).

:func:`history_weight` is the plain statement of the model; :class:`HistoryModel`
computes the same numbers fast, which is what the search uses: the table each
player faced does not depend on the guess, so it is recorded once per decision,
and a guess is scored seat by seat, each seat's factor kept by its hand (a step
of the chain changes two hands and keeps the third).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..bots.classic import classic_move
from ..bots.house_classic import house_classic_move
from ..bots.uecda_default import uecda_default_move
from ..cards import NUM_RANKS, iter_cards
from ..engine import Match
from ..errors import IllegalMove
from ..movegen import PASS_MOVE, STRONGER
from ..moves import CARDS_MASK
from ..plays import plays, shape_of
from ..rules import Rules
from ..view import SeatView
from .kinds import move_kind
from .opponents import CLASSIC, UECDA_DEFAULT
from .sampler import Knowledge, sample_hands


def _kind(move: int) -> tuple[int, ...]:
    return move_kind(move)


def _distinct_count(moves: Sequence[int]) -> int:
    return len({_kind(m) for m in moves})


def _replay(view: SeatView, hands: Sequence[int]) -> Match:
    """The current deal from its start, if the hands now were ``hands``: each seat holds what it played since."""
    rules = view.rules
    start = list(hands)
    for seat, move in view.history:
        start[seat] |= move & CARDS_MASK
    holder_rule = view.deal_number == 1 and rules.first_leader == "holder" and rules.first_lead_card is not None
    leader: int | None = view.leader
    if holder_rule and rules.first_lead_card is not None:
        # The holder of the first-lead card led (and must play it where the rules say so). A guess that gives the
        # card to another seat, which the rules let the leader keep, still replays the deal from its real leader.
        first = view.history[0][0] if view.history else None
        leader = None if first is None or start[first] >> rules.first_lead_card & 1 else first
    return Match.from_hands(rules, start, leader=leader)


HouseDecision = tuple[int, bool, int, int, tuple[int, ...]]
"""What a player faced under house rules, and chose: the move on the table, the order of the trick, the lock, the
card the lead had to hold, and the kind of the move made."""


def _house_factor(held: int, rules: Rules, decision: HouseDecision, epsilon: float, model: str = CLASSIC) -> float:
    """The likelihood of the ``decision`` of the house-rule player holding ``held`` (with noise): the classic
    player, or another ``model`` of :mod:`president.search.opponents`."""
    table, backwards, lock, must, kind = decision
    options = plays(held, rules, table, backwards, lock, must)
    if table:
        options += (PASS_MOVE,)
    if model == UECDA_DEFAULT:
        expected = uecda_default_move(held, table, backwards, bool(lock), options)
    else:
        before = shape_of(table, rules.wild_jokers) if table else None
        expected = house_classic_move(options, held, rules, backwards, before)
    share = epsilon / len({move_kind(m, rules) for m in options})
    return (1.0 - epsilon + share) if move_kind(expected, rules) == kind else share


def _house_decisions(view: SeatView, sim: Match) -> list[tuple[int, int, HouseDecision]]:
    """The other players' decisions this deal, replayed on ``sim``: ``(seat, cards it played from then on, what it
    faced and chose)``.

    Where the replay leaves the deal's course (a player fallen by capital fall, whose
    cards no one saw), the decisions stop.
    """
    rules = view.rules
    played = [0] * view.players
    found = []
    for seat, move in view.history:
        if sim.is_over or sim.to_act != seat:
            break
        decision = (sim.table_move, sim.revolution != sim.eleven_back, sim.lock, sim.must_contain,
                    move_kind(move, rules))
        try:
            sim.apply(move)
        except IllegalMove:
            break
        if seat != view.seat:
            found.append((seat, played[seat], decision))
        played[seat] |= move & CARDS_MASK
    return [(seat, played[seat] & ~before, decision) for seat, before, decision in found]


def history_weight(view: SeatView, hands: Sequence[int], epsilon: float) -> float:
    """The likelihood of the other players' plays this deal if the hands were ``hands`` (up to a constant)."""
    history = view.history
    if not history:
        return 1.0
    rules = view.rules
    sim = _replay(view, hands)
    if rules.house:
        weight = 1.0
        for seat, rest, decision in _house_decisions(view, sim):
            weight *= _house_factor(hands[seat] | rest, rules, decision, epsilon)
        return weight
    holder_rule = view.deal_number == 1 and rules.first_leader == "holder" and rules.first_lead_card is not None
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


def _nibble_bytes(count: Callable[[int], int]) -> tuple[int, ...]:
    return tuple(count(b & 15) + count(b >> 4) for b in range(256))


_ANSWER_RANKS: tuple[tuple[int, ...], ...] = tuple(
    _nibble_bytes(lambda nib, k=k: int(nib.bit_count() >= k)) for k in range(5)  # type: ignore[misc]
)
"""``_ANSWER_RANKS[k][byte]``: how many of the byte's two ranks hold at least ``k`` cards."""

_LEAD_KINDS: tuple[tuple[int, ...], ...] = tuple(
    _nibble_bytes(lambda nib, m=m: min(nib.bit_count(), m)) for m in range(5)  # type: ignore[misc]
)
"""``_LEAD_KINDS[m][byte]``: the distinct leads (rank and size, at most ``m`` cards) of the byte's two ranks."""

_BYTES = (NUM_RANKS + 1) // 2


class HistoryModel:
    """:func:`history_weight` for many guesses of one decision, fast.

    Built once from the view (and any guess that fits it, to replay the deal):
    each of the other players' moves is kept with the table it answered and the
    cards that player played from then on. A guess's weight is the product of
    one factor per seat, and a seat's factor depends on its hand only, so it is
    kept by hand.
    """

    def __init__(self, view: SeatView, hands: Sequence[int], epsilon: float | Sequence[float],
                 models: Sequence[str] | None = None) -> None:
        rules = view.rules
        self.epsilons = (epsilon,) * len(hands) if isinstance(epsilon, (int, float)) else tuple(epsilon)
        """The noise of each seat's model: how often it is thought to leave it (small for a seat whose plays
        its model has matched so far)."""
        self.models = tuple(models) if models is not None else (CLASSIC,) * len(hands)
        """The model of each seat's plays under house rules (:mod:`president.search.opponents`)."""
        self.rules = rules
        self.active = bool(view.history)
        self.seats = [s for s in range(view.players) if s != view.seat]
        self.max_set = rules.max_set
        self.lead_sizes = min(rules.max_set, 4)
        self.flips = rules.revolution
        self.jokers_high = rules.joker_in_revolution == "highest"
        self._factors: dict[tuple[int, int], float] = {}
        self._decisions: list[list[tuple[int, int, int, bool, int, tuple[int, ...]]]] = [[] for _ in hands]
        self._house_decisions: list[list[tuple[int, HouseDecision]]] = [[] for _ in hands]
        if not self.active:
            return
        sim = _replay(view, hands)
        if rules.house:
            for seat, rest, decision in _house_decisions(view, sim):
                self._house_decisions[seat].append((rest, decision))
            return
        holder_rule = view.deal_number == 1 and rules.first_leader == "holder" and rules.first_lead_card is not None
        must = 1 << rules.first_lead_card if holder_rule and rules.first_lead_card is not None else 0
        later = [0] * len(hands)
        records: list[tuple[int, int, int, int, bool, int, tuple[int, ...]]] = []
        for seat, move in view.history:
            if seat != view.seat:
                table = sim.table_mask
                rank = (table.bit_length() - 1) >> 2 if table else -1
                records.append((seat, later[seat], rank, table.bit_count(), sim.revolution, must, _kind(move)))
            must = 0
            sim.apply_fast(move)
            later[seat] |= move
        for seat, before, rank, count, revolution, must_card, kind in records:
            # What the seat still had to play from this decision on: its later cards, less those played before.
            self._decisions[seat].append((later[seat] & ~before, rank, count, revolution, must_card, kind))

    def seat_factor(self, seat: int, hand: int) -> float:
        """The likelihood of ``seat``'s plays this deal if it holds ``hand`` now."""
        key = (seat, hand)
        factor = self._factors.get(key)
        if factor is not None:
            return factor
        epsilon = self.epsilons[seat]
        factor = 1.0
        for rest, decision in self._house_decisions[seat]:
            factor *= _house_factor(hand | rest, self.rules, decision, epsilon, self.models[seat])
        for rest, rank, count, revolution, must, kind in self._decisions[seat]:
            held = hand | rest
            expected = classic_move(held, rank, count, revolution, self.jokers_high, self.max_set, self.flips, must)
            if count:
                beats = held & STRONGER[(revolution, self.jokers_high)][rank]
                table = _ANSWER_RANKS[count]
                choices = 1 + sum(table[b] for b in beats.to_bytes(_BYTES))
            elif must:
                shift = ((must.bit_length() - 1) >> 2) << 2
                choices = min(((held >> shift) & 15).bit_count(), self.lead_sizes)
            else:
                table = _LEAD_KINDS[self.lead_sizes]
                choices = sum(table[b] for b in held.to_bytes(_BYTES))
            share = epsilon / choices
            factor *= (1.0 - epsilon + share) if _kind(expected) == kind else share
        self._factors[key] = factor
        return factor

    def weight(self, hands: Sequence[int]) -> float:
        """The likelihood of the other players' plays this deal if the hands are ``hands`` (up to a constant)."""
        if not self.active:
            return 1.0
        weight = 1.0
        for seat in self.seats:
            weight *= self.seat_factor(seat, hands[seat])
        return weight


class PosteriorSampler:
    """Guesses of the hidden hands drawn in proportion to :func:`history_weight`, by a Markov chain.

    Independent guesses rarely explain what the other players did (the weights of
    a few dominate), so the chain starts from one guess and moves by swapping one
    card between two other players, accepting a swap with probability
    ``min(1, new weight / old weight)`` (Metropolis). Swaps keep every fact of
    :class:`~president.search.sampler.Knowledge`. After ``burn`` steps, each guess
    handed out is ``thin`` steps after the one before. ``epsilon`` is the noise of
    every seat's model, or one per seat.
    """

    def __init__(self, view: SeatView, know: Knowledge, rng: random.Random, epsilon: float | Sequence[float],
                 burn: int = 40, thin: int = 3, models: Sequence[str] | None = None) -> None:
        self.know = know
        self.rng = rng
        self.thin = thin
        self.hands = sample_hands(know, rng)
        self.active = bool(view.history)
        self.others = [s for s in range(view.players) if s != view.seat and know.counts[s] > 0]
        self.model = HistoryModel(view, self.hands, epsilon, models)
        self.weight = self.model.weight(self.hands) if self.active else 1.0
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
        weight = self.model.weight(trial)
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
