"""The ``classic`` bot: the computer players of seed 004.

Seed 004 says the computer players "lead their smallest combination, beat with
the cheapest combination of the right size without breaking up their big
combinations when they can, keep their 2s for the end and give back their
weakest cards". The policy is written as pure functions on ints,
:func:`classic_move` and :func:`classic_gift`, so that a search can call it
millions of times; :class:`ClassicBot` is a thin wrapper over a
:class:`~president.view.SeatView`.

Where the seed is silent (see ``docs/bots.md``):

* "Small" and "strong" follow the order in force: under a revolution the 3 is
  the strongest rank and the 2 a weak one.
* The *reserved* ranks are those at least as strong as the 2 of the normal order:
  the 2 and the jokers normally; the 3 under a revolution, with the jokers when
  they stay on top. They are kept for the end: played only when nothing else can
  be led, or, to beat, when the rest of the hand is at most one rank.
* The bot passes only when it cannot beat without a reserved card before the end
  (or, under the revolution rule, without a revolution that would hurt it).
* A four of a kind under the revolution rule is played only when reversing the
  order helps the rest of the hand (its cards move up the order in total);
  otherwise it is led as three cards and then one.
* Among cards of one rank the lowest suits go first (clubs first).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..cards import NUM_RANKS, lowest_cards
from ..explain import Decision
from ..movegen import ORDER, STRENGTH
from ..moves import GIVE_FLAG
from ..view import SeatView
from .house_classic import house_classic_choice

_POP: tuple[int, ...] = tuple(n.bit_count() for n in range(16))


_LOW: tuple[tuple[int, ...], ...] = tuple(tuple(lowest_cards(nib, k) for k in range(5)) for nib in range(16))
"""``_LOW[nibble][k]``: the ``k`` lowest suits of ``nibble``."""

_ONES = sum(1 << (4 * r) for r in range(NUM_RANKS))
"""Bit 0 of every rank nibble; used to find four of a kind with shifts."""


def _key(revolution: bool, jokers_high: bool) -> int:
    return (2 if revolution else 0) | (1 if jokers_high else 0)


_KEYS = ((False, False), (False, True), (True, False), (True, True))


def _reserved(strength: tuple[int, ...]) -> tuple[int, ...]:
    two = STRENGTH[(False, False)][12]
    return tuple(r for r in range(NUM_RANKS) if strength[r] >= two)


_ORDERS = tuple(ORDER[k] for k in _KEYS)
_STRENGTHS = tuple(STRENGTH[k] for k in _KEYS)
_RESERVED_RANKS = tuple(_reserved(STRENGTH[k]) for k in _KEYS)
_PLAIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in ORDER[k] if r not in _RESERVED_RANKS[i]) for i, k in enumerate(_KEYS)
)
"""``_PLAIN[key]``: the ranks that are not reserved, weakest first."""
_TOP: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in ORDER[k] if r in _RESERVED_RANKS[i]) for i, k in enumerate(_KEYS)
)
"""``_TOP[key]``: the reserved ranks, weakest first."""
_RESERVED_MASK: tuple[int, ...] = tuple(sum(15 << (4 * r) for r in ranks) for ranks in _RESERVED_RANKS)


def _beaters(key: int, plain: bool) -> tuple[tuple[int, ...], ...]:
    strength = STRENGTH[_KEYS[key]]
    chosen = _PLAIN[key] if plain else _TOP[key]
    return tuple(tuple(r for r in chosen if strength[r] > strength[t]) for t in range(NUM_RANKS))


_BEAT_PLAIN = tuple(_beaters(k, True) for k in range(4))
"""``_BEAT_PLAIN[key][rank]``: the plain ranks that beat ``rank``, cheapest first."""
_BEAT_TOP = tuple(_beaters(k, False) for k in range(4))
"""``_BEAT_TOP[key][rank]``: the reserved ranks that beat ``rank``, cheapest first."""


def _flip_gains(key: int) -> tuple[int, ...]:
    now = _ORDERS[key]
    after = _ORDERS[key ^ 2]
    return tuple(after.index(r) - now.index(r) for r in range(NUM_RANKS))


_FLIP_GAIN = tuple(_flip_gains(k) for k in range(4))
"""``_FLIP_GAIN[key][rank]``: how many places a card of ``rank`` moves up the order when it is reversed."""


def flip_gain(hand: int, revolution: bool = False, jokers_high: bool = False) -> int:
    """How many places the cards of ``hand`` move up the order in total if a revolution reverses it."""
    gains = _FLIP_GAIN[_key(revolution, jokers_high)]
    total = 0
    for rank in range(NUM_RANKS):
        nib = (hand >> (rank << 2)) & 15
        if nib:
            total += _POP[nib] * gains[rank]
    return total


def _end_is_near(hand: int, key: int) -> bool:
    """True when the hand holds at most one rank besides the reserved ones."""
    rest = hand & ~_RESERVED_MASK[key]
    if not rest:
        return True
    shift = ((rest.bit_length() - 1) >> 2) << 2
    return not rest & ~(15 << shift)


def _weakest_quad(hand: int, key: int) -> int:
    """The rank of the weakest four of a kind in ``hand`` (in the order ``key``), or -1."""
    full = hand & (hand >> 1) & (hand >> 2) & (hand >> 3) & _ONES
    if not full:
        return -1
    for rank in _ORDERS[key]:
        if full >> (rank << 2) & 1:
            return rank
    return -1


def _holds_beat(hand: int, ranks: tuple[int, ...], count: int) -> bool:
    """Whether ``hand`` holds ``count`` cards of one of ``ranks``.

    A function of its own: a generator in :func:`classic_move` would turn its
    variables into closure cells and slow every call of the policy.
    """
    return any(_POP[(hand >> (rank << 2)) & 15] >= count for rank in ranks)


def _lead(hand: int, key: int, max_set: int, flips: bool, must_contain: int, why: list[str] | None) -> int:
    if must_contain:
        shift = ((must_contain.bit_length() - 1) >> 2) << 2
        nib = (hand >> shift) & 15
        size = min(_POP[nib], max_set)
        reason = "classic.lead.must"
        if size == 4 and flips and flip_gain(hand & ~(15 << shift), key >= 2, key & 1 == 1) < 0:
            size = 3
            reason = "classic.lead.split"
        if why is not None:
            why.append(reason)
        must = must_contain >> shift
        return (must | _LOW[nib & ~must][size - 1]) << shift
    if flips and max_set == 4:
        quad = _weakest_quad(hand, key)
        if quad >= 0:
            rest = hand & ~(15 << (quad << 2))
            if flip_gain(rest, key >= 2, key & 1 == 1) >= 0:
                if why is not None:
                    why.append("classic.lead.revolution")
                return 15 << (quad << 2)
    if key < 2:
        # Normal order: the plain ranks are the low bits, weakest first.
        rest = hand & ~_RESERVED_MASK[key] or hand
        shift = (((rest & -rest).bit_length() - 1) >> 2) << 2
    else:
        shift = -1
        for rank in _PLAIN[key]:
            if (hand >> (rank << 2)) & 15:
                shift = rank << 2
                break
        else:
            for rank in _TOP[key]:
                if (hand >> (rank << 2)) & 15:
                    shift = rank << 2
                    break
    nib = (hand >> shift) & 15
    size = _POP[nib]
    if why is not None:
        split = size == 4 and flips and max_set >= 4
        top_only = not hand & ~_RESERVED_MASK[key]  # every rank of the order is plain or reserved
        why.append("classic.lead.split" if split else "classic.lead.top_only" if top_only else "classic.lead.lowest")
    if size > max_set or (size == 4 and flips):
        size = 3 if max_set >= 3 else max_set
    return _LOW[nib][size] << shift


def classic_move(
    hand: int,
    table_rank: int,
    table_count: int,
    revolution: bool = False,
    jokers_high: bool = False,
    max_set: int = 4,
    flips: bool = False,
    must_contain: int = 0,
    why: list[str] | None = None,
) -> int:
    """The move of the classic player holding ``hand`` (a card mask); 0 is a pass.

    ``table_count`` cards of ``table_rank`` are to be beaten (``table_count`` 0:
    the player leads). ``revolution`` tells whether the order is reversed now,
    ``jokers_high`` whether jokers stay on top under a revolution
    (``rules.joker_in_revolution == "highest"``), ``max_set`` is the largest set
    that may be played, ``flips`` whether four of a kind makes a revolution
    (``rules.revolution``) and ``must_contain`` a one-card mask the lead must hold.
    The position must be one where the player is to act in the play phase.

    ``why``, when given, receives the key of the branch that chose the move (an
    explanation key of :mod:`president.explain`): the policy and its reasons are
    this one walk; the search's playouts, which do not ask, pay a test of ``why`` per branch for it.
    """
    key = (2 if revolution else 0) | (1 if jokers_high else 0)
    if not table_count:
        return _lead(hand, key, max_set, flips, must_contain, why)
    if table_count == 4 and flips:
        # Only a higher four of a kind beats a revolution, and it reverses the order again.
        strength = _STRENGTHS[key]
        for rank in _ORDERS[key]:
            shift = rank << 2
            if ((hand >> shift) & 15) == 15 and strength[rank] > strength[table_rank]:
                if flip_gain(hand & ~(15 << shift), revolution, jokers_high) >= 0:
                    if why is not None:
                        why.append("classic.beat.counter")
                    return 15 << shift
                if why is not None:
                    why.append("classic.pass.counter_hurts")
                return 0
        if why is not None:
            why.append("classic.pass.none")
        return 0
    plain = _BEAT_PLAIN[key][table_rank]
    for rank in plain:
        nib = (hand >> (rank << 2)) & 15
        if _POP[nib] == table_count:
            if why is not None:
                why.append("classic.beat.exact")
            return nib << (rank << 2)
    for rank in plain:
        nib = (hand >> (rank << 2)) & 15
        if _POP[nib] > table_count:
            if why is not None:
                why.append("classic.beat.break")
            return _LOW[nib][table_count] << (rank << 2)
    if not _end_is_near(hand, key):
        if why is not None:
            can_top = _holds_beat(hand, _BEAT_TOP[key][table_rank], table_count)
            why.append("classic.pass.keep" if can_top else "classic.pass.none")
        return 0
    top = _BEAT_TOP[key][table_rank]
    for rank in top:
        nib = (hand >> (rank << 2)) & 15
        if _POP[nib] == table_count:
            if why is not None:
                why.append("classic.beat.endgame")
            return nib << (rank << 2)
    for rank in top:
        nib = (hand >> (rank << 2)) & 15
        if _POP[nib] > table_count:
            if why is not None:
                why.append("classic.beat.endgame")
            return _LOW[nib][table_count] << (rank << 2)
    if why is not None:
        why.append("classic.pass.none")
    return 0


def classic_gift(hand: int, count: int) -> int:
    """The cards the classic player gives back in the exchange: its ``count`` weakest (a card mask).

    The exchange happens before any play, so the order is the normal one, where
    the weakest cards are the lowest bits. Add :data:`~president.moves.GIVE_FLAG`
    to make the move.
    """
    return lowest_cards(hand, count)


class ClassicBot:
    """The computer player of seed 004 (deterministic: the random generator is not used)."""

    name = "classic"

    def choose(self, view: SeatView, rng: random.Random) -> int:
        """The classic move for ``view`` (a gift during the exchange)."""
        if view.to_act != view.seat:
            raise ValueError(f"seat {view.seat} is not to act")
        if view.phase == "exchange":
            return classic_gift(view.hand, view.give_count) | GIVE_FLAG
        rules = view.rules
        if rules.house:
            return house_classic_choice(view)
        return classic_move(
            view.hand,
            view.table_rank,
            view.table_count,
            view.revolution,
            rules.joker_in_revolution == "highest",
            rules.max_set,
            rules.revolution,
            view.must_contain,
        )

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        """The move :meth:`choose` makes, and the branch of the policy that chose it."""
        if view.to_act != view.seat:
            raise ValueError(f"seat {view.seat} is not to act")
        return (_classic_decision or _load_classic_decision())(view)


def _load_classic_decision() -> Callable[[SeatView], Decision]:
    """The function that says why the classic policy moves, imported at the first call (its module imports this
    one) and kept: the server asks it on every bot move."""
    global _classic_decision
    from .classic_reasons import classic_decision

    _classic_decision = classic_decision
    return classic_decision


_classic_decision: Callable[[SeatView], Decision] | None = None
