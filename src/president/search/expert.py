"""The search bots: determinized Monte Carlo over the hidden cards.

For each decision the bot draws guesses of the hidden hands that fit everything
its seat knows (:mod:`president.search.sampler`), and for every candidate move
plays each guess to the end of the deal on the engine's fast rollout path, with
every seat following the ``classic`` policy plus a little noise. It picks the
move with the best mean points for its own seat — points, not only going out
first. The same guesses are used for every candidate (common random numbers), so
the comparison between moves is sharper than the number of guesses suggests.

Difficulty levels are budgets: ``easy`` uses few guesses and sometimes blunders on
purpose, ``normal``, ``hard`` and ``expert`` use more time. Every decision has a
hard time cap. ``cheater`` runs the same search on the true hands: a ceiling to
measure against, never offered to players.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..bots.classic import classic_gift, classic_move
from ..bots.classic_reasons import classic_decision
from ..bots.house_classic import house_classic_choice, house_match_choice
from ..cards import RANK_MASKS
from ..engine import Match, PlayoutPolicy
from ..explain import Decision, Explanation, percent
from ..movegen import STRONGER, answer_moves, lead_moves
from ..moves import GIVE_FLAG, move_str
from ..view import SeatView
from .guesses import deciding_guess
from .inference import PosteriorSampler
from .kinds import distinct_moves
from .opponents import check_models, seat_models, with_opponents
from .place_chain import chain_edge, games_ahead
from .sampler import knowledge, sample_hands


@functools.lru_cache(maxsize=64)
def noisy_classic_policy(view_rules_max_set: int, flips: bool, jokers_high: bool, epsilon: float) -> PlayoutPolicy:
    """A fast playout policy: the classic move, or with probability ``epsilon`` a random legal move.

    It keeps no state (the random draws come from the ``rng`` handed in), so one
    is made per set of arguments and shared.
    """

    def policy(seat: int, hand: int, table_rank: int, table_count: int, revolution: bool, must: int,
               rng: random.Random) -> int:
        if epsilon and rng.random() < epsilon:
            if table_count:
                moves = answer_moves(hand, table_count, STRONGER[(revolution, jokers_high)][table_rank])
                if not moves or rng.random() < 1 / (len(moves) + 1):
                    return 0
                return moves[int(rng.random() * len(moves))]
            leads = lead_moves(hand, view_rules_max_set, must)
            return leads[int(rng.random() * len(leads))]
        return classic_move(hand, table_rank, table_count, revolution, jokers_high, view_rules_max_set, flips, must)

    def house(match: Match, seat: int, moves: Sequence[int], rng: random.Random) -> int:
        if epsilon and rng.random() < epsilon:
            return moves[int(rng.random() * len(moves))]
        return house_match_choice(match, seat, moves)

    policy.house = house  # type: ignore[attr-defined]
    return policy


FUTURE_FOUR_PLAYERS: tuple[float, ...] = (0.77, 0.28, -0.58, -0.47)
"""What a place is worth in the next deal at a four-player table, beyond par, in points.

Measured over 1,500 matches of ``classic`` self-play in three-of-clubs and
tavern-jack (both give the same within 0.03): the President of one deal scores
2.27 in the next, the Vice-President 1.78, the Vice-Beggar 0.92 and the Beggar
1.03 (he leads). The exchange makes first place worth more than its points.
"""


def place_values(view: SeatView) -> tuple[float, ...]:
    """What each finishing place is worth to the seat: its points, plus the next deal's edge if there is one.

    The edge comes from the exchange the place leads to; in the last deal of a
    match (or of its exchange block) only the points count. Under house rules
    measured in self-play, the edge is the place's worth over the whole chain of
    later games (:mod:`president.search.place_chain`).
    """
    rules = view.rules
    n = view.players
    points = rules.points_for(n)
    if games_ahead(rules, view.deal_number) == 0 or not rules.exchange_pairs(n):
        return tuple(float(p) for p in points)
    edge = chain_edge(rules, n, view.deal_number)
    if edge is not None:
        return tuple(p + e for p, e in zip(points, edge, strict=True))
    if n == 4:
        future = FUTURE_FOUR_PLAYERS
    else:
        mean = sum(points) / n
        future = tuple(0.5 * (p - mean) for p in points)
    scale = (max(points) - min(points)) / 3 if max(points) != min(points) else 1.0
    return tuple(p + scale * f for p, f in zip(points, future, strict=True))


def gift_candidates(hand: int, count: int) -> list[int]:
    """A few sensible gifts of ``count`` cards to compare by search.

    The classic gift (the weakest cards), gifts of unpaired low cards (keeping
    pairs and sets whole), and the weakest card of each low rank mixed in.
    """
    singles = [r for r in range(12) if ((hand >> (4 * r)) & 15).bit_count() == 1]
    low_cards: list[int] = []
    m = hand
    while m and len(low_cards) < 6:
        low = m & -m
        low_cards.append(low)
        m ^= low
    out = {classic_gift(hand, count)}
    if len(singles) >= count:
        out.add(sum(hand & RANK_MASKS[r] for r in singles[:count]))
        if len(singles) > count:
            out.add(sum(hand & RANK_MASKS[r] for r in singles[1: count + 1]))
    if count == 1:
        out.update(low_cards[:4])
    else:
        for i in range(min(4, len(low_cards))):
            for j in range(i + 1, min(5, len(low_cards))):
                if count == 2:
                    out.add(low_cards[i] | low_cards[j])
    return sorted(g for g in out if g.bit_count() == count)


class SearchBot:
    """Determinized Monte Carlo search with classic playouts.

    ``worlds`` is the most guesses of the hidden hands per decision, ``seconds``
    the time budget per decision (the search stops at whichever comes first, after
    at least ``min_worlds``), ``epsilon`` the noise of the playout policy,
    ``blunder`` the probability of playing the plain classic move instead (for the
    easy level), ``nested`` the playouts per move of the small search made at the
    seat's own next turn inside each playout (0: that turn follows the policy too),
    ``cheat`` searches the true hands (needs a view made with ``reveal=True``), and
    ``infer`` (the noise of the model, 0 to turn it off) draws the guesses in
    proportion to how likely the other players' plays this deal are under them
    (:mod:`president.search.inference`). ``prior`` scores the candidate moves of a
    play (higher: more promising; the learned policy of :mod:`president.learned`
    is one); the search then compares only the ``prior_top`` best of them, so that
    each gets more playouts in the same time. ``opponents`` is the model of the
    other seats in the playouts and the inference: one name of
    :data:`~president.search.opponents.MODELS` for every other seat, or one per
    seat (None: ``classic``; see :mod:`president.search.opponents`).
    """

    def __init__(
        self,
        name: str = "expert",
        worlds: int = 400,
        seconds: float = 0.18,
        min_worlds: int = 8,
        epsilon: float = 0.05,
        blunder: float = 0.0,
        cheat: bool = False,
        nested: int = 0,
        infer: float = 0.0,
        prior: Callable[[SeatView, Sequence[int]], Sequence[float]] | None = None,
        prior_top: int = 4,
        opponents: str | Sequence[str] | None = None,
    ) -> None:
        self.name = name
        self.worlds = worlds
        self.seconds = seconds
        self.min_worlds = min_worlds
        self.epsilon = epsilon
        self.blunder = blunder
        self.cheat = cheat
        self.nested = nested
        self.infer = infer
        self.prior = prior
        self.prior_top = prior_top
        self.opponents = check_models(opponents)
        self.seat_infer: tuple[float, ...] | None = None
        """The inference's noise per seat, in place of ``infer`` for every seat (None: ``infer``); a client that
        has scored the other players' plays over a match sets it (:meth:`ModelTally.noise`)."""
        self.batch_worlds = 1
        """The most guessed deals drawn and played together between two looks at the clock (fewer near the
        deadline: as many as fit at the pace so far)."""
        self.sees_all = cheat
        """True for the cheater: the arena then hands it views with every hand."""
        self.last_worlds = 0
        """How many guessed deals the last searched decision used (for tests and tuning)."""

    def choose(self, view: SeatView, rng: random.Random) -> int:
        """The move with the best mean points over the sampled deals."""
        return self._decide(view, rng, False).move

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        """The move :meth:`choose` makes with the same ``rng``, and why: its measured values against the best
        rival's (the share of guessed deals it goes out first in, and the expected points) and, where the choice
        rests on it, where it guessed a strongest hidden card lies (:mod:`president.search.guesses`)."""
        return self._decide(view, rng, True)

    def _decide(self, view: SeatView, rng: random.Random, explain: bool) -> Decision:
        if view.to_act != view.seat:
            raise ValueError(f"seat {view.seat} is not to act")
        if view.owed:
            # What a play owes is settled as the classic player settles it (the search weighs plays).
            plain = classic_decision(view)
            return plain if explain else Decision(plain.move, _ONLY_MOVE)
        exchange = view.phase == "exchange"
        if exchange:
            candidates = [g | GIVE_FLAG for g in gift_candidates(view.hand, view.give_count)]
        else:
            candidates = distinct_moves(view.legal_masks(), view.rules)
        if len(candidates) == 1:
            return Decision(candidates[0], _ONLY_MOVE if not explain else
                            Explanation("search.only", {"move": move_str(candidates[0])}))
        if self.blunder and rng.random() < self.blunder:
            if explain:
                plain = classic_decision(view)
                return Decision(plain.move, Explanation("search.slip", {}, plain.why))
            return Decision(self._plain_move(view), _ONLY_MOVE)
        if self.prior is not None and not exchange and len(candidates) > self.prior_top:
            scores = self.prior(view, candidates)
            best = sorted(range(len(candidates)), key=lambda i: (-scores[i], i))[:self.prior_top]
            candidates = [candidates[i] for i in sorted(best)]
        if not explain:
            return Decision(self._search(view, candidates, rng), _ONLY_MOVE)
        per_world: list[list[float]] = []
        hands_seen: list[list[int]] = []
        totals = self.evaluate(view, candidates, rng, per_world=per_world, hands_seen=hands_seen)
        ranked = sorted(range(len(candidates)), key=lambda i: (-totals[i], i))
        first = place_values(view)[0]
        wins = [percent(sum(values[i] == first for values in per_world) / max(len(per_world), 1))
                for i in range(len(candidates))]
        chosen, rival = ranked[0], ranked[1]
        params: dict[str, Any] = {
            "move": move_str(candidates[chosen]), "value": round(totals[chosen], 2), "win": wins[chosen],
            "rival": move_str(candidates[rival]), "rival_value": round(totals[rival], 2), "rival_win": wins[rival],
            "worlds": len(per_world),
        }
        guess = None if self.cheat else deciding_guess(view, knowledge(view).unknown, hands_seen, per_world,
                                                       chosen, rival)
        if guess is not None:
            return Decision(candidates[chosen], Explanation("search.guess", params | guess))
        return Decision(candidates[chosen], Explanation("search.best", params))

    def _plain_move(self, view: SeatView) -> int:
        if view.phase == "exchange":
            return classic_gift(view.hand, view.give_count) | GIVE_FLAG
        rules = view.rules
        if rules.house:
            return house_classic_choice(view)
        return classic_move(view.hand, view.table_rank, view.table_count, view.revolution,
                            rules.joker_in_revolution == "highest", rules.max_set, rules.revolution,
                            view.must_contain)

    def _search(self, view: SeatView, candidates: list[int], rng: random.Random) -> int:
        totals = self.evaluate(view, candidates, rng)
        best = min(range(len(candidates)), key=lambda i: (-totals[i], i))
        return candidates[best]

    def evaluate(self, view: SeatView, candidates: Sequence[int], rng: random.Random,
                 worlds: int | None = None, per_world: list[list[float]] | None = None,
                 paired: bool = False, hands_seen: list[list[int]] | None = None) -> list[float]:
        """The mean value of each candidate move over guessed deals: the seat's expected points, with the next
        deal's edge (see :func:`place_values`).

        With ``worlds``, exactly that many guesses and no time budget (the same
        result for the same ``rng``); otherwise the bot's own budget. Uses only
        ``view`` (the cheater's views hold every hand). ``per_world``, when given,
        receives each guess's values (one list per guess, in candidate order), and
        ``hands_seen`` each guess's hands (every seat's, in the same order).
        With ``paired``, every candidate of a guess is played out with the same
        random draws (common random numbers), so that the difference between two
        candidates is measured with less noise.
        """
        rules = view.rules
        points = place_values(view)
        policy = noisy_classic_policy(rules.max_set, rules.revolution, rules.joker_in_revolution == "highest",
                                      self.epsilon)
        models = seat_models(self.opponents, view.players)
        if self.opponents is not None:
            policy = with_opponents(policy, view.seat, models)
        know = knowledge(view)
        totals = [0.0] * len(candidates)
        most = self.worlds if worlds is None else worlds
        started = time.perf_counter()
        deadline = started + self.seconds if worlds is None else float("inf")
        seat = view.seat
        count = 0
        noise = self.infer if self.seat_infer is None else self.seat_infer
        chain = PosteriorSampler(view, know, rng, noise, models=models) if self.infer and not self.cheat else None
        while count < most:
            now = time.perf_counter()
            if count >= self.min_worlds and now > deadline:
                break
            batch = min(self.batch_worlds, most - count)
            if count and batch > 1 and worlds is None:
                # No more guesses than fit before the deadline at the pace so far (but the minimum, and one).
                fit = int((deadline - now) * count / max(now - started, 1e-9))
                batch = max(1, min(batch, max(fit, self.min_worlds - count)))
            bases = []
            for _ in range(batch):
                if self.cheat:
                    hands = self._true_hands(view)
                elif chain is not None:
                    hands = chain.next()
                else:
                    hands = sample_hands(know, rng)
                bases.append(Match.from_view(view, hands))
                if hands_seen is not None:
                    hands_seen.append(list(hands))
            count += len(bases)
            for values in self.play_worlds(bases, candidates, seat, points, policy, rng, paired):
                for i, value in enumerate(values):
                    totals[i] += value
                if per_world is not None:
                    per_world.append(values)
        self.last_worlds = count
        return [t / max(count, 1) for t in totals]

    def play_worlds(self, bases: Sequence[Match], candidates: Sequence[int], seat: int, points: Sequence[float],
                    policy: PlayoutPolicy, rng: random.Random, paired: bool) -> list[list[float]]:
        """The value of each candidate in each guessed deal (one list per deal, in candidate order).

        ``bases`` are the guessed deals at the decision; each candidate is applied
        to a copy and played out. With ``paired``, a deal's candidates share their
        random draws. Subclasses may play the playouts otherwise (all at once, say).
        """
        out = []
        for base in bases:
            draws = rng.getrandbits(64) if paired else 0
            values = []
            for move in candidates:
                sim = base.copy()
                sim.apply_fast(move)
                values.append(self._playout_value(sim, seat, points, policy, random.Random(draws) if paired else rng))
            out.append(values)
        return out

    def _playout_value(
        self, sim: Match, seat: int, values: Sequence[float], policy: PlayoutPolicy, rng: random.Random,
    ) -> float:
        """The value to ``seat`` of playing ``sim`` out; with ``nested``, its next decision is searched too.

        The nested search is a small one inside the guessed deal: each distinct move
        of the seat's next turn is played out ``nested`` times and the best is kept;
        the rest of the deal follows the playout policy.
        """
        if sim.is_over:
            return values[sim.deal_results[-1].order.index(seat)]
        if not self.nested:
            return values[sim.playout(policy, rng).index(seat)]
        order = sim.playout_until(seat, policy, rng)
        if order is not None:
            return values[order.index(seat)]
        moves = distinct_moves(sim.legal_masks(), sim.rules)
        best = moves[0]
        if len(moves) > 1:
            best_total = -1e9
            for move in moves:
                total = 0.0
                for _ in range(self.nested):
                    trial = sim.copy()
                    trial.apply_fast(move)
                    end = trial.deal_results[-1].order if trial.is_over else trial.playout(policy, rng)
                    total += values[end.index(seat)]
                if total > best_total:
                    best, best_total = move, total
        sim.apply_fast(best)
        order = sim.deal_results[-1].order if sim.is_over else sim.playout(policy, rng)
        return values[order.index(seat)]

    @staticmethod
    def _true_hands(view: SeatView) -> list[int]:
        if view.all_hands is None:
            raise ValueError("the cheater needs a view made with reveal=True")
        return list(view.all_hands)


_ONLY_MOVE = Explanation("search.only")
"""The placeholder reason of :meth:`SearchBot.choose`, which is not asked why (its text is never made)."""


LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"worlds": 12, "seconds": 0.03, "min_worlds": 4, "blunder": 0.3},
    "normal": {"worlds": 60, "seconds": 0.06, "min_worlds": 8, "infer": 0.25},
    "hard": {"worlds": 200, "seconds": 0.12, "min_worlds": 16, "infer": 0.25},
    "expert": {"worlds": 1000, "seconds": 0.18, "min_worlds": 24, "infer": 0.25},
}
"""Search budgets of the difficulty levels."""
