"""The ``classic`` player under house rules: seed 004's way of playing, carried over to runs, jokers and bombs.

The seed-004 computer players lead their smallest combination, beat with the
cheapest combination that does not break a bigger one, keep their 2s for the end
and give back their weakest cards. Under house rules the same ideas pick among the
engine's legal moves (see ``docs/bots.md``):

* A move is *reserved* when it spends a joker, a card at least as strong as the
  normal 2 in the order in force, or a bomb (four of a kind where it ends the
  trick, 2s under the 2-bomb rule). Reserved moves are kept for the end: played
  only when nothing else can be led, or, to answer, when the rest of the hand
  would be at most one combination.
* A move *breaks* a set when it takes some but not all of the cards of a rank the
  hand holds; a move that breaks nothing is preferred, then the one breaking least.
* Leading, the weakest combination goes first and, at equal strength, the one
  with more cards (a run before a single of its lowest rank). Answering, the
  cheapest beat goes first.
* A move that empties the hand is played at once unless it would be a forbidden
  finish. A revolution is started only when it moves the rest of the hand up the
  order in total. Equal choices keep the engine's order (lowest int first).
* A pass-on (7-pass) or a discard (10-discard) gives away the weakest cards in the
  order in force that break no set: lone cards first, then whole sets, part of a
  set last, never a joker while other cards will do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import JOKERS
from ..moves import CARDS_MASK, NAME_FLAG
from ..plays import (
    LONE_JOKER,
    RUN,
    SET,
    SPADE_THREE,
    Shape,
    forbidden_finish,
    reverses,
    revolution_by,
    shape_of,
    strength,
)
from ..rules import Rules
from ..view import SeatView

if TYPE_CHECKING:
    from ..engine import Match

_NIBBLE_COUNT = tuple(n.bit_count() for n in range(16))


_RANK_LOW_BITS = sum(1 << (4 * r) for r in range(13))
"""The lowest bit of each rank's nibble, 3 … 2."""


def _ranks_held(cards: int) -> int:
    """One bit per rank 3 … 2 holding any of ``cards`` (the lowest bit of its nibble)."""
    cards |= cards >> 1
    cards |= cards >> 2
    return cards & _RANK_LOW_BITS


def _breaks(hand: int, cards: int) -> int:
    """How many ranks of the hand the play takes part of (without taking them all)."""
    return (_ranks_held(cards) & _ranks_held(hand & ~cards)).bit_count()


def _groups(hand: int) -> int:
    """The number of ranks held (jokers count as one group)."""
    return _ranks_held(hand).bit_count() + (1 if hand & JOKERS else 0)


def _reserved(shape: Shape, cards: int, reversed_order: bool, rules: Rules) -> bool:
    if cards & JOKERS or shape.kind == LONE_JOKER:
        return True
    two = strength(12, False, rules)
    top = shape.top if not reversed_order else shape.rank
    if strength(top, reversed_order, rules) >= two:
        return True
    return shape.kind == SET and ((rules.quad_bomb and shape.size >= 4) or (rules.two_bomb and shape.rank == 12))


def _revolution_helps(hand: int, shape: Shape, reversed_order: bool, rules: Rules) -> bool:
    """Whether reversing the order moves the rest of the hand up in total."""
    rest = hand & ~shape.cards
    now = after = 0
    for rank in range(13):
        count = _NIBBLE_COUNT[rest >> (4 * rank) & 15]
        if count:
            now += count * strength(rank, reversed_order, rules)
            after += count * strength(rank, not reversed_order, rules)
    return after > now


def house_classic_move(
    moves: Sequence[int], hand: int, rules: Rules, reversed_order: bool, before: Shape | None = None,
    omen: bool = False, why: list[str] | None = None,
) -> int:
    """The classic choice among the legal ``moves`` (a pass, 0, is among them when answering ``before``; ``omen``:
    no revolution happens any more this deal).

    ``why``, when given, receives the key of the branch that chose the move (an
    explanation key of :mod:`president.explain`), as in
    :func:`~president.bots.classic.classic_move`.
    """
    leading = before is None
    table_lone_joker = before is not None and before.kind == LONE_JOKER
    best = None
    best_key: tuple[int, ...] | None = None
    skipped_reserved = False
    wild = rules.wild_jokers
    for move in moves:
        if not move:
            continue
        cards = move & CARDS_MASK
        shape = shape_of(move, wild)
        if shape is None:
            continue
        if cards == hand and not forbidden_finish(move, shape, before, rules):
            if why is not None:
                why.append("classic.out")
            return move
        if not omen and rules.great_revolution and revolution_by(shape, rules) == "great_revolution":
            if why is not None:
                why.append("classic.great_revolution")
            return move
        if table_lone_joker and cards == 1 << SPADE_THREE:
            if why is not None:
                why.append("classic.spade_three")
            return move
        reserved = _reserved(shape, cards, reversed_order, rules)
        rest = hand & ~cards
        if reserved:
            endgame = _groups(rest) <= 1
            if not endgame and not leading:
                skipped_reserved = True
                continue
        bad_revolution = (not omen and reverses(shape, rules)
                          and not _revolution_helps(hand, shape, reversed_order, rules))
        key = (
            int(reserved),
            int(bad_revolution),
            _breaks(hand, cards & ~JOKERS),
            strength(shape.rank if not reversed_order or shape.kind != RUN else shape.top, reversed_order, rules),
            -shape.size if leading else 0,
            move,
        )
        if best_key is None or key < best_key:
            best, best_key = move, key
    if best is None:
        if why is not None:
            why.append("classic.lead.lowest" if leading else
                       "classic.pass.keep" if skipped_reserved else "classic.pass.none")
        return 0 if not leading else min(m for m in moves if m)
    assert best_key is not None
    if not leading and (best_key[0] or best_key[1]) and _groups(hand) > 2:
        if why is not None:
            why.append("classic.pass.keep" if best_key[0] else "classic.pass.bad_revolution")
        return 0
    if why is not None:
        why.append(_chosen_reason(best, best_key, leading, omen, rules))
    return best


def classic_owed(moves: Sequence[int], hand: int, rules: Rules, reversed_order: bool) -> int:
    """The classic choice among the pass-ons or discards ``moves`` a play owes: the weakest cards in the order in
    force, lone cards first, then whole sets, then part of a set (jokers last); for a name, see
    :func:`classic_name`."""
    if moves[0] & NAME_FLAG:
        return classic_name(moves, hand, rules, reversed_order)
    best, best_key = moves[0], None
    for move in moves:
        cards = move & CARDS_MASK
        key = ((cards & JOKERS).bit_count(), _breaks(hand, cards & ~JOKERS),
               (cards & ~JOKERS).bit_count() - _lone(hand, cards), _weight(cards, reversed_order, rules), move)
        if best_key is None or key < best_key:
            best, best_key = move, key
    return best


def classic_name(moves: Sequence[int], hand: int, rules: Rules, reversed_order: bool) -> int:
    """The classic name among ``moves`` after a play of queens (every player, the namer too, discards the rank
    named): the rank of all its cards when they are of one rank (it goes out), else the strongest rank in the order
    in force that it does not hold (the others lose their best cards), else the rank it holds fewest of, weakest
    first."""
    plain = hand & ~JOKERS
    best, best_key = moves[0], None
    for move in moves:
        cards = move & CARDS_MASK
        held = (plain & cards).bit_count()
        rank = (cards.bit_length() - 1) >> 2
        key = (plain != plain & cards, held, -strength(rank, reversed_order, rules) if not held
               else strength(rank, reversed_order, rules))
        if best_key is None or key < best_key:
            best, best_key = move, key
    return best


def _lone(hand: int, cards: int) -> int:
    """How many of ``cards`` are the only card of their rank in ``hand``."""
    return sum(1 for rank in range(13) if _NIBBLE_COUNT[hand >> (4 * rank) & 15] == 1 and cards >> (4 * rank) & 15)


def _weight(cards: int, reversed_order: bool, rules: Rules) -> int:
    """The strength of the strongest card of ``cards`` (jokers apart), then of the others, as one number."""
    strengths = sorted((strength(rank, reversed_order, rules) for rank in range(13)
                        for _ in range(_NIBBLE_COUNT[cards >> (4 * rank) & 15])), reverse=True)
    return sum(s * 16 ** (8 - i) for i, s in enumerate(strengths[:8]))


def _chosen_reason(move: int, key: tuple[int, ...], leading: bool, omen: bool, rules: Rules) -> str:
    """The explanation key of the best move of :func:`house_classic_move` by its sort ``key``."""
    if leading:
        shape = shape_of(move, rules.wild_jokers)
        if not omen and not key[1] and shape is not None and reverses(shape, rules):
            return "classic.lead.revolution"
        return "classic.lead.top_only" if key[0] else "classic.lead.lowest"
    if key[0]:
        return "classic.beat.endgame"
    return "classic.beat.break" if key[2] else "classic.beat.exact"


def house_classic_choice(view: SeatView) -> int:
    """The classic move for a seat's view under house rules (it must be the seat to act, in the play phase)."""
    if view.owed:
        return classic_owed(view.legal_masks(), view.hand, view.rules, view.revolution != view.eleven_back)
    table = shape_of(view.table_move, view.rules.wild_jokers) if view.table else None
    return house_classic_move(view.legal_masks(), view.hand, view.rules, view.revolution != view.eleven_back, table,
                              view.omen)


def house_match_choice(match: Match, seat: int, moves: Sequence[int]) -> int:
    """The classic move of ``seat`` among ``moves`` in a match under house rules (for playouts)."""
    rules = match.rules
    if match.owed:
        return classic_owed(moves, match.hands[seat], rules, match.revolution != match.eleven_back)
    table = shape_of(match.table_move, rules.wild_jokers) if match.table_mask else None
    return house_classic_move(moves, match.hands[seat], rules, match.revolution != match.eleven_back, table,
                              match.omen)

