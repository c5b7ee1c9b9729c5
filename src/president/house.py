"""The general engine: the course of a trick under every rule option, in one place.

:class:`HouseMatch` is the :class:`~president.engine.Match` that plays rule sets
with house rules the fast engine does not know (runs, wild jokers, 8-cut, suit
lock, 11-back, bombs, equal answers and skip, forbidden finish, capital fall, a
lead card every deal). ``Match(...)`` becomes one by itself when its rules need it;
the public API is the same. What a play is and what beats what lives in
:mod:`president.plays`; what a play or a pass does to the trick lives here. The
fast engine of the seed rule sets is held to this one by a test that plays both
with the same choices and compares whole states after every move.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import JOKERS, RANK_MASKS, card_str
from .engine import EXCHANGE, OVER, PASS_ONLY, PLAY, Match, Policy
from .errors import IllegalMove
from .events import Events
from .movegen import gift_moves
from .moves import CARDS_MASK, STANDS_MASK, Move, move_str, represented, stand_str, stands_of
from .plays import (
    EIGHT_RANK,
    JACK_RANK,
    LONE_JOKER,
    RUN,
    SET,
    SPADE_THREE,
    Shape,
    answer_problem,
    is_equal_answer,
    play_problem,
    plays,
    shape_of,
    suits_text,
)


class HouseMatch(Match):
    """A match under house rules: the same API as :class:`~president.engine.Match`, the general engine inside."""

    __slots__ = ()
    _MOVE_BITS = Match._MOVE_BITS | STANDS_MASK

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the seat to act: plays in a fixed order (see :func:`~president.plays.plays`), then
        ``pass``; or the gifts."""
        moves = self._legal
        if moves:
            return moves
        phase = self._phase
        if phase == PLAY:
            hand = self.hands[self.to_act]  # type: ignore[index]
            if self._table:
                moves = plays(hand, self.rules, self._tmove or self._table, self._rev != self._back,
                              self._lock) + PASS_ONLY
            else:
                moves = plays(hand, self.rules, 0, self._rev, 0, self._must_contain)
        elif phase == EXCHANGE:
            moves = tuple(gift_moves(self.hands[self.to_act], self._give_count))  # type: ignore[index]
        else:
            moves = ()
        self._legal = moves
        return moves

    def _check_play(self, value: int) -> int:
        rules = self.rules
        cards = value & CARDS_MASK
        stands = stands_of(value)
        if stands:
            if not rules.wild_jokers:
                raise IllegalMove(f"jokers are not wild in {rules.name}: play them as they are")
            if any(not cards >> joker & 1 for joker in stands):
                raise IllegalMove("only a joker you play can stand for a card")
            if represented(value).bit_count() != cards.bit_count():
                raise IllegalMove("a joker cannot stand for a card played with it")
        shape = shape_of(value, rules.wild_jokers)
        problem = play_problem(shape, rules)
        if problem is not None:
            if shape is None and cards & JOKERS and rules.wild_jokers and not stands and cards & ~JOKERS:
                problem = "say what each joker stands for, such as '5h RJ=5c'"
            raise IllegalMove(problem)
        assert shape is not None
        if self._table:
            table = shape_of(self._tmove or self._table, rules.wild_jokers)
            assert table is not None
            problem = answer_problem(shape, table, self._rev != self._back, self._lock, rules)
            if problem is not None:
                raise IllegalMove(problem)
        elif self._must_contain and not cards & self._must_contain:
            raise IllegalMove(f"this lead must contain the {card_str(self._must_contain.bit_length() - 1)}")
        if value not in self.legal_moves():
            raise IllegalMove(f"{move_str(value)} is not one of the legal ways to play these cards: "
                              + ", ".join(str(m) for m in self.legal_moves() if m & CARDS_MASK == cards))
        return value

    def apply(self, move: Move | int | str) -> Events:
        """Apply a move of the seat to act and return the events it caused (see :meth:`Match.apply`)."""
        if move in self._legal and ((kind := type(move)) is Move or kind is int):
            value: int = move
        else:
            value = self.verify(move)
        events: list[Any] = []
        self._events = events
        try:
            self._apply(value)
        finally:
            self._events = None
        return Events(events)

    # ----------------------------------------------------------------- the course of a trick

    def _play(self, seat: int, value: int) -> None:
        rules = self.rules
        cards = value & CARDS_MASK
        hand = self.hands[seat] ^ cards
        self.hands[seat] = hand
        shape = shape_of(value, rules.wild_jokers)
        assert shape is not None
        before = shape_of(self._tmove or self._table, rules.wild_jokers) if self._table else None
        reversed_order = self._rev != self._back
        # Under the lockout, whoever passed on this trick stays out of it.
        still = self._waiting | 1 << self._owner if self._lockout and self._table else -1
        events = self._events
        if events is not None:
            stands = stands_of(value)
            data = {"stands": {card_str(j): stand_str(c) for j, c in stands.items()}} if stands else None
            events.append(("play", seat, cards, None, data, None))
        self._table = cards
        self._tmove = value
        self._owner = seat
        self._must_contain = 0
        if rules.suit_lock:
            self._lock_after(shape, before, seat)
        skip = rules.skip_on_equal and before is not None and is_equal_answer(shape, before, reversed_order, rules)
        if self._reverses(shape):
            self._rev = not self._rev
            if events is not None:
                events.append(("revolution", seat, 0, None, {"on": self._rev}, None))
        if rules.eleven_back and shape.kind != LONE_JOKER and shape.cards & RANK_MASKS[JACK_RANK]:
            self._back = not self._back
            if events is not None:
                events.append(("eleven_back", seat, 0, None, {"on": self._back}, None))
        cut = self._cut(shape, before)
        if not hand:
            self._go_out(seat, shape, before)
            if self._active & (self._active - 1) == 0:
                self._end_deal()
                return
        active = self._active
        if cut:
            leader = seat if active >> seat & 1 else self._next[seat][active]
            self._clear_trick(leader)
            if events is not None:
                events.append(("trick_cleared", None, 0, None, {"leader": leader, "cut": cut}, None))
            return
        waiting = active & ~(1 << seat) & still
        if skip and waiting:
            skipped = self._next[seat][waiting]
            waiting &= ~(1 << skipped)
            if events is not None:
                events.append(("skip", skipped, 0, None, None, None))
        self._turn_after(seat, waiting)

    def _lock_after(self, shape: Shape, before: Shape | None, seat: int) -> None:
        """The suit lock: two plays in a row with the same suits lock the trick; a lone joker unlocks it."""
        if shape.kind == LONE_JOKER:
            self._lock = 0
        elif (not self._lock and before is not None and before.kind != LONE_JOKER and before.suits
              and shape.suits == before.suits):
            self._lock = shape.suits
            if self._events is not None:
                self._events.append(("lock", seat, 0, None, {"suits": suits_text(shape.suits)}, None))

    def _reverses(self, shape: Shape) -> bool:
        """Whether a play starts or ends a revolution: four or more of a kind, or a long enough run."""
        rules = self.rules
        if not rules.revolution:
            return False
        if shape.kind == SET:
            return shape.size >= 4
        return shape.kind == RUN and bool(rules.run_revolution) and shape.size >= rules.run_revolution

    def _cut(self, shape: Shape, before: Shape | None) -> str | None:
        """Why a play ends the trick at once (``eight``, ``spade3``, ``bomb``), or None."""
        rules = self.rules
        if rules.eight_cut and shape.kind != LONE_JOKER and shape.cards & RANK_MASKS[EIGHT_RANK]:
            return "eight"
        if before is not None and before.kind == LONE_JOKER and shape.cards == 1 << SPADE_THREE:
            return "spade3"
        if shape.kind == SET and shape.rank < 13:
            if rules.quad_bomb and shape.size >= 4:
                return "bomb"
            if rules.two_bomb and shape.rank == 12:
                return "bomb"
        return None

    def _go_out(self, seat: int, shape: Shape, before: Shape | None) -> None:
        """``seat`` has played its last card: a place from the top, or the bottom for a forbidden finish."""
        self._active &= ~(1 << seat)
        events = self._events
        if self._forbidden(shape, before):
            self._bottom += (seat,)
            if events is not None:
                events.append(("out", seat, 0, None, {"place": self.players + 1 - len(self._bottom),
                                                      "forbidden": True}, None))
            return
        self._finished += (seat,)
        if events is not None:
            events.append(("out", seat, 0, None, {"place": len(self._finished)}, None))
        if self.rules.capital_fall and len(self._finished) == 1 and self._results:
            president = self._results[-1].order[0]
            if president != seat and self._active >> president & 1:
                self._active &= ~(1 << president)
                self._dead |= self.hands[president]
                self.hands[president] = 0
                self._bottom += (president,)
                if events is not None:
                    events.append(("fall", president, 0, None,
                                   {"place": self.players + 1 - len(self._bottom)}, None))

    def _forbidden(self, shape: Shape, before: Shape | None) -> bool:
        banned = self.rules.forbidden_finish
        if not banned:
            return False
        cards = shape.cards
        return (
            ("2" in banned and shape.kind != LONE_JOKER and bool(cards & RANK_MASKS[12]))
            or ("joker" in banned and bool(self._table & JOKERS))
            or ("8" in banned and shape.kind != LONE_JOKER and bool(cards & RANK_MASKS[EIGHT_RANK]))
            or ("spade3" in banned and before is not None and before.kind == LONE_JOKER
                and cards == 1 << SPADE_THREE)
        )

    def _clear_trick(self, leader: int) -> None:
        self._table = 0
        self._tmove = 0
        self._lock = 0
        self._back = False
        self._must_contain = 0
        self.to_act = leader

    # ----------------------------------------------------------------- playouts

    def _playout(self, policy: Policy | None, rng: random.Random, stop_at: int = -1) -> tuple[int, ...] | None:
        house = None
        if policy is not None:
            house = getattr(policy, "house", None)
            if house is None:
                raise ValueError(f"a fast playout policy plays only the seed rule sets, not {self.rules.name}: "
                                 "give it a house(match, seat, moves, rng) attribute")
        rand = rng.random
        single = self.single_deal
        self.single_deal = True  # the playout ends with the deal
        while self._phase != OVER:
            seat: int = self.to_act  # type: ignore[assignment]
            if seat == stop_at and self._phase == PLAY:
                self.single_deal = single
                return None
            moves = self.legal_moves()
            move = house(self, seat, moves, rng) if house is not None else moves[int(rand() * len(moves))]
            self._apply(move)
        return self._results[-1].order

