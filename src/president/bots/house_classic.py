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
* A trick clearer is played for the lead it brings: a pair of 9s (ambulance) or of
  6s (rokurokubi) answers before any other beat, and three 3s (sandstorm), which
  answer anything, are kept for when nothing else beats; a clearer is led first when
  the rest of the hand is one combination (it leads again and goes out).
* A Q-bomber's name weighs what the rank is worth to the others, from the cards
  not yet seen, against what it is worth to the namer (see :func:`classic_name`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import DECK_MASKS, JOKER_RANK, JOKERS
from ..moves import CARDS_MASK, NAME_FLAG, SALVAGE_FLAG
from ..plays import (
    LONE_JOKER,
    NINE_RANK,
    RUN,
    SET,
    SIX_RANK,
    SPADE_THREE,
    Shape,
    forbidden_finish,
    is_sandstorm,
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


_KING_RANK = 10


def _clear_order(shape: Shape, leading: bool) -> int:
    """Where a trick clearer sorts among the plain moves: three 3s (sandstorm) after them, kept to take the lead
    back from any play; a pair of 9s or 6s led in its turn, but before them as an answer (it takes the lead)."""
    if is_sandstorm(shape):
        return 1
    return 0 if leading else -1


def _clears(shape: Shape, rules: Rules) -> bool:
    """Whether a play is a trick clearer worth keeping for when the player needs the lead: three 3s under the
    sandstorm rule (only three 3s answer them), a pair of 9s under ambulance (or more under ``nine_cut_many``), a
    pair of 6s under rokurokubi."""
    if shape.kind != SET:
        return False
    if rules.sandstorm and is_sandstorm(shape):
        return True
    if rules.nine_cut_many and shape.size > 2 and shape.rank == NINE_RANK:
        return True
    return shape.size == 2 and ((rules.nine_pair_cut and shape.rank == NINE_RANK)
                                or (rules.six_pair_cut and shape.rank == SIX_RANK))


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
    clear_then_out = 0
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
        clear = not cards & JOKERS and _clears(shape, rules)
        reserved = not clear and _reserved(shape, cards, reversed_order, rules)
        rest = hand & ~cards
        if clear and leading and rest and _groups(rest) <= 1:
            clear_then_out = move
        if reserved:
            endgame = _groups(rest) <= 1
            if not endgame and not leading:
                skipped_reserved = True
                continue
        bad_revolution = (not omen and reverses(shape, rules)
                          and not _revolution_helps(hand, shape, reversed_order, rules))
        key = (
            int(reserved),
            _clear_order(shape, leading) if clear else 0,
            int(bad_revolution),
            _breaks(hand, cards & ~JOKERS),
            strength(shape.rank if not reversed_order or shape.kind != RUN else shape.top, reversed_order, rules),
            -shape.size if leading else 0,
            move,
        )
        if best_key is None or key < best_key:
            best, best_key = move, key
    if clear_then_out:
        if why is not None:
            why.append("classic.lead.clear")
        return clear_then_out
    if best is None:
        if why is not None:
            why.append("classic.lead.lowest" if leading else
                       "classic.pass.keep" if skipped_reserved else "classic.pass.none")
        return 0 if not leading else min(m for m in moves if m)
    assert best_key is not None
    if not leading and (best_key[0] or best_key[2]) and _groups(hand) > 2:
        if why is not None:
            why.append("classic.pass.keep" if best_key[0] else "classic.pass.bad_revolution")
        return 0
    if why is not None:
        why.append(_chosen_reason(best, best_key, leading, omen, rules))
    return best


def classic_owed(moves: Sequence[int], hand: int, rules: Rules, reversed_order: bool, unseen: int | None = None,
                 why: list[str] | None = None) -> int:
    """The classic choice among the pass-ons or discards ``moves`` a play owes: the weakest cards in the order in
    force, lone cards first, then whole sets, then part of a set (jokers last); for a name, see
    :func:`classic_name` (``unseen``: the cards the others may hold). ``why``, when given, receives the key of the
    reason."""
    if moves[0] & NAME_FLAG:
        return classic_name(moves, hand, rules, reversed_order, unseen, why)
    if moves[0] & SALVAGE_FLAG:
        return classic_salvage(moves, hand, rules, reversed_order, why)
    best, best_key = moves[0], None
    for move in moves:
        cards = move & CARDS_MASK
        key = ((cards & JOKERS).bit_count(), _breaks(hand, cards & ~JOKERS),
               (cards & ~JOKERS).bit_count() - _lone(hand, cards), _weight(cards, reversed_order, rules), move)
        if best_key is None or key < best_key:
            best, best_key = move, key
    if why is not None:
        why.append("classic.owed.weakest")
    return best


def classic_salvage(moves: Sequence[int], hand: int, rules: Rules, reversed_order: bool,
                    why: list[str] | None = None) -> int:
    """The classic card to take back from the discard pile (the salvage): the strongest in the order in force, a
    wild joker above all; between cards as strong, the one that joins the most cards of its rank in ``hand``."""
    best, best_key = moves[0], None
    for move in moves:
        card = (move & CARDS_MASK).bit_length() - 1
        rank = card >> 2 if card < 52 else JOKER_RANK
        wild = rank == JOKER_RANK and rules.wild_jokers
        key = (wild, strength(rank, reversed_order, rules), (hand >> (4 * rank) & 15).bit_count(), -move)
        if best_key is None or key > best_key:
            best, best_key = move, key
    if why is not None:
        why.append("classic.owed.salvage")
    return best


def classic_name(moves: Sequence[int], hand: int, rules: Rules, reversed_order: bool, unseen: int | None = None,
                 why: list[str] | None = None) -> int:
    """The classic name among ``moves`` after a play of queens (every player, the namer too, discards the rank
    named).

    The rank of all its cards when they are of one rank (it goes out). Otherwise each card is worth its strength
    in the order in force above or below the king's: an ace or a 2 is worth keeping, a king or a weaker card is a
    burden to shed (arena runs of ``queen_bomber`` tables put the line there: see ``docs/bots.md``).
    A name costs the others what their cards of the rank are worth and costs the namer what its own are worth, so
    the name with the best balance is chosen: a strong rank the others still hold and it does not, or a weak rank
    it holds more of than they do. ``unseen`` is the mask of the cards the others may hold (every card neither in
    ``hand`` nor seen played or discarded); None counts every card not in ``hand``.
    """
    plain = hand & ~JOKERS
    if unseen is None:
        unseen = DECK_MASKS[rules.jokers] & ~hand
    middle = strength(_KING_RANK, reversed_order, rules)
    best, best_key = moves[0], None
    for move in moves:
        cards = move & CARDS_MASK
        mine = (plain & cards).bit_count()
        theirs = (unseen & cards).bit_count()
        rank = (cards.bit_length() - 1) >> 2
        worth = strength(rank, reversed_order, rules) - middle
        key = (plain != plain & cards, -worth * (theirs - mine), mine, move)
        if best_key is None or key < best_key:
            best, best_key = move, key
    if why is not None:
        assert best_key is not None
        rank = ((best & CARDS_MASK).bit_length() - 1) >> 2
        why.append("classic.owed.name_out" if not best_key[0] else
                   "classic.owed.name_strong" if strength(rank, reversed_order, rules) > middle else
                   "classic.owed.name_weak")
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
        if not omen and not key[2] and shape is not None and reverses(shape, rules):
            return "classic.lead.revolution"
        return "classic.lead.top_only" if key[0] else "classic.lead.clear" if key[1] > 0 else "classic.lead.lowest"
    if key[0]:
        return "classic.beat.endgame"
    if key[1]:
        return "classic.beat.clear"
    return "classic.beat.break" if key[3] else "classic.beat.exact"


def unseen_by(view: SeatView) -> int:
    """The cards the other players of ``view`` may hold: the deck less the seat's hand and the cards seen played or
    discarded this deal."""
    return DECK_MASKS[view.rules.jokers] & ~view.hand & ~view.played


def house_classic_choice(view: SeatView) -> int:
    """The classic move for a seat's view under house rules (it must be the seat to act, in the play phase)."""
    if view.owed:
        return classic_owed(view.legal_masks(), view.hand, view.rules, view.revolution != view.eleven_back,
                            unseen_by(view))
    table = shape_of(view.table_move, view.rules.wild_jokers) if view.table else None
    return house_classic_move(view.legal_masks(), view.hand, view.rules, view.revolution != view.eleven_back, table,
                              view.omen)


def house_match_choice(match: Match, seat: int, moves: Sequence[int]) -> int:
    """The classic move of ``seat`` among ``moves`` in a match under house rules (for playouts)."""
    rules = match.rules
    if match.owed:
        hands = match.hands
        others = 0
        for other, held in enumerate(hands):
            if other != seat:
                others |= held
        return classic_owed(moves, hands[seat], rules, match.revolution != match.eleven_back, others)
    table = shape_of(match.table_move, rules.wild_jokers) if match.table_mask else None
    return house_classic_move(moves, match.hands[seat], rules, match.revolution != match.eleven_back, table,
                              match.omen)

