"""A plain, independent model of one deal of President, written from the rule texts.

It shares nothing with the engine's tables: a legal play is found by trying every
set of up to four cards of the hand (no rank has more than four cards) and keeping
those the rules allow, and turns go round the table seat by seat. The tests start
it from an engine position, then play both side by side and compare them; the
golden move counts are computed with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import combinations

from president import Match, Rules
from president.moves import GIVE_FLAG

from .spec import exchange_counts, later_leader

JOKER_RANK = 13
PASS: frozenset[int] = frozenset()
"""The pass, as the empty set of cards."""


def rank_of(card: int) -> int:
    """The rank of a card: 0 is the 3, 12 the 2, 13 a joker (card = rank * 4 + suit)."""
    return card // 4


def cards_of(mask: int) -> frozenset[int]:
    """The cards of an engine mask."""
    return frozenset(c for c in range(54) if mask >> c & 1)


def mask_of(cards: Iterable[int]) -> int:
    """The engine mask of some cards."""
    return sum(1 << c for c in set(cards))


def power(rank: int, reversed_order: bool, jokers_stay_high: bool) -> int:
    """How strong a rank is now: a play beats another of the same size when its power is higher.

    Normal order: 3 lowest, then up to the ace, the 2, and the joker on top. A
    revolution reverses every rank; the joker goes to the bottom with the rest
    unless the option keeps it on top.
    """
    if not reversed_order:
        return rank
    if rank == JOKER_RANK:
        return 100 if jokers_stay_high else -100
    return -rank


def strongest(cards: Iterable[int], count: int) -> frozenset[int]:
    """The ``count`` strongest cards in the normal order; equal ranks go spades, hearts, diamonds, clubs."""
    ranked = sorted(cards, key=lambda c: (rank_of(c), c % 4), reverse=True)
    return frozenset(ranked[:count])


@dataclass(frozen=True)
class RefDeal:
    """One deal in progress: who holds what, what lies on the table, who is to act."""

    rules: Rules
    hands: tuple[frozenset[int], ...]
    to_act: int
    leader: int
    """Who leads the first trick once the exchange is over."""
    exchange: tuple[tuple[int, int, int], ...] = ()
    """Gifts still to be given back, in turn: ``(receiver, giver, count)``."""
    table: frozenset[int] = PASS
    owner: int = -1
    passed: frozenset[int] = frozenset()
    """Seats that passed since the last play (or, with the lockout, in this pile)."""
    finished: tuple[int, ...] = ()
    reversed_order: bool = False
    must_contain: int | None = None
    over: bool = False

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.hands)

    @property
    def phase(self) -> str:
        """``exchange``, ``play`` or ``over`` (the deal, not the match)."""
        return "over" if self.over else "exchange" if self.exchange else "play"

    def holders(self) -> list[int]:
        """Seats that still hold cards."""
        return [s for s in range(self.players) if self.hands[s]]

    def legal_moves(self) -> list[frozenset[int]]:
        """Every legal move of the seat to act; :data:`PASS` stands for a pass."""
        if self.over:
            return []
        hand = sorted(self.hands[self.to_act])
        if self.exchange:
            return [frozenset(c) for c in combinations(hand, self.exchange[0][2])]
        moves = [frozenset(c) for size in range(1, 5) for c in combinations(hand, size) if self._may_play(c)]
        if self.table:
            moves.append(PASS)
        return moves

    def _power(self, rank: int) -> int:
        return power(rank, self.reversed_order, self.rules.joker_in_revolution == "highest")

    def _may_play(self, cards: tuple[int, ...]) -> bool:
        """Whether ``cards`` (in increasing order) may be played now."""
        rank = rank_of(cards[0])
        if rank != rank_of(cards[-1]) or len(cards) > self.rules.max_set:
            return False
        if not self.table:
            return self.must_contain is None or self.must_contain in cards
        table_rank = rank_of(min(self.table))
        return len(cards) == len(self.table) and self._power(rank) > self._power(table_rank)

    def after(self, move: frozenset[int]) -> RefDeal:
        """The deal after the seat to act makes ``move`` (which must be legal)."""
        seat = self.to_act
        hands = list(self.hands)
        if self.exchange:
            receiver, giver, _ = self.exchange[0]
            hands[receiver] -= move
            hands[giver] |= move
            rest = self.exchange[1:]
            return replace(self, hands=tuple(hands), exchange=rest, to_act=rest[0][0] if rest else self.leader)
        if not move:
            return replace(self, passed=self.passed | {seat})._turn_after(seat)
        hands[seat] -= move
        finished = self.finished + (() if hands[seat] else (seat,))
        state = replace(
            self,
            hands=tuple(hands),
            table=move,
            owner=seat,
            passed=self.passed if self.rules.pass_lockout else frozenset(),
            finished=finished,
            reversed_order=self.reversed_order ^ (self.rules.revolution and len(move) == 4),
            must_contain=None,
        )
        holders = state.holders()
        if len(holders) == 1:
            return replace(state, finished=(*finished, holders[0]), over=True, table=PASS, passed=frozenset())
        return state._turn_after(seat)

    def _clockwise_from(self, seat: int, eligible: set[int]) -> int:
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if candidate in eligible:
                return candidate
        raise AssertionError("nobody can act")

    def _turn_after(self, seat: int) -> RefDeal:
        holders = set(self.holders())
        if holders - {self.owner} <= self.passed:
            leader = self.owner if self.owner in holders else self._clockwise_from(self.owner, holders)
            return replace(self, table=PASS, passed=frozenset(), to_act=leader)
        locked = self.passed if self.rules.pass_lockout else frozenset()
        return replace(self, to_act=self._clockwise_from(seat, holders - locked))


def from_match(match: Match, preset: str | None = None) -> RefDeal:
    """The reference model of the deal ``match`` is playing, read from its public state.

    The exchange queue and the leader after the exchange come from the rule texts
    (see :mod:`.spec`), not from the engine.
    """
    to_act = match.to_act
    assert to_act is not None, "the match is over"
    preset = preset or match.rules.name
    n = match.players
    view = match.seat_view(to_act)
    exchange: tuple[tuple[int, int, int], ...] = ()
    leader = match.leader
    if match.deal_results and not match.single_deal:
        order = match.deal_results[-1].order
        leader = later_leader(preset, order)
        if match.phase == "exchange":
            pairs = [(order[i], order[n - 1 - i], count) for i, count in enumerate(exchange_counts(preset, n))]
            receivers = [p[0] for p in pairs]
            exchange = tuple(pairs[receivers.index(to_act):])
    owner = match.table_owner
    return RefDeal(
        rules=match.rules,
        hands=tuple(cards_of(h) for h in match.hands),
        to_act=to_act,
        leader=leader,
        exchange=exchange,
        table=cards_of(match.table_mask),
        owner=-1 if owner is None else owner,
        passed=frozenset(s for s in range(n) if view.passed >> s & 1),
        finished=tuple(match.finished),
        reversed_order=match.revolution,
        must_contain=view.must_contain.bit_length() - 1 if view.must_contain else None,
    )


def engine_move(move: frozenset[int], exchange: bool) -> int:
    """The engine's int for a reference move."""
    return mask_of(move) | (GIVE_FLAG if exchange else 0)
