"""Why the ``classic`` player plays what it plays: its policy again, step by step, naming the branch it takes.

:func:`classic_move` and :func:`~president.bots.house_classic.house_classic_move`
stay as they are, lean and fast for the search's playouts; the functions here walk
the same branches in the same order and return the move with the key of the
branch that chose it (see :mod:`president.explain`). Tests hold the two to the
same move in every position they try.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import JOKERS, RANK_NAMES
from ..explain import Decision, Explanation
from ..moves import CARDS_MASK, GIVE_FLAG, move_str
from ..plays import LONE_JOKER, RUN, SPADE_THREE, Shape, forbidden_finish, reverses, shape_of, strength
from ..rules import Rules
from ..view import SeatView
from .classic import (
    _BEAT_PLAIN,
    _BEAT_TOP,
    _LOW,
    _ORDERS,
    _PLAIN,
    _POP,
    _RESERVED_MASK,
    _STRENGTHS,
    _TOP,
    _end_is_near,
    _weakest_quad,
    classic_gift,
    flip_gain,
)
from .house_classic import _breaks, _groups, _reserved, _revolution_helps, classic_owed


def _top_text(key: int) -> str:
    return ", ".join(RANK_NAMES[r] for r in reversed(_TOP[key]))


def _rank_of(cards: int) -> str:
    return RANK_NAMES[(cards.bit_length() - 1) >> 2]


def _lead_why(hand: int, key: int, max_set: int, flips: bool, must_contain: int) -> tuple[int, str]:
    """:func:`~president.bots.classic._lead` with the key of the branch taken."""
    if must_contain:
        shift = ((must_contain.bit_length() - 1) >> 2) << 2
        nib = (hand >> shift) & 15
        size = min(_POP[nib], max_set)
        reason = "classic.lead.must"
        if size == 4 and flips and flip_gain(hand & ~(15 << shift), key >= 2, key & 1 == 1) < 0:
            size = 3
            reason = "classic.lead.split"
        must = must_contain >> shift
        return (must | _LOW[nib & ~must][size - 1]) << shift, reason
    if flips and max_set == 4:
        quad = _weakest_quad(hand, key)
        if quad >= 0:
            rest = hand & ~(15 << (quad << 2))
            if flip_gain(rest, key >= 2, key & 1 == 1) >= 0:
                return 15 << (quad << 2), "classic.lead.revolution"
    top_only = False
    if key < 2:
        plain = hand & ~_RESERVED_MASK[key]
        top_only = not plain
        rest = plain or hand
        shift = (((rest & -rest).bit_length() - 1) >> 2) << 2
    else:
        shift = -1
        for rank in _PLAIN[key]:
            if (hand >> (rank << 2)) & 15:
                shift = rank << 2
                break
        else:
            top_only = True
            for rank in _TOP[key]:
                if (hand >> (rank << 2)) & 15:
                    shift = rank << 2
                    break
    nib = (hand >> shift) & 15
    size = _POP[nib]
    reason = "classic.lead.top_only" if top_only else "classic.lead.lowest"
    if size > max_set or (size == 4 and flips):
        if size == 4 and flips and max_set >= 4:
            reason = "classic.lead.split"
        size = 3 if max_set >= 3 else max_set
    return _LOW[nib][size] << shift, reason


def classic_move_why(
    hand: int, table_rank: int, table_count: int, revolution: bool = False, jokers_high: bool = False,
    max_set: int = 4, flips: bool = False, must_contain: int = 0,
) -> tuple[int, str]:
    """:func:`~president.bots.classic.classic_move` (same arguments) with the key of the branch that chose it."""
    key = (2 if revolution else 0) | (1 if jokers_high else 0)
    if not table_count:
        return _lead_why(hand, key, max_set, flips, must_contain)
    if table_count == 4 and flips:
        strength_of = _STRENGTHS[key]
        for rank in _ORDERS[key]:
            shift = rank << 2
            if ((hand >> shift) & 15) == 15 and strength_of[rank] > strength_of[table_rank]:
                if flip_gain(hand & ~(15 << shift), revolution, jokers_high) >= 0:
                    return 15 << shift, "classic.beat.counter"
                return 0, "classic.pass.counter_hurts"
        return 0, "classic.pass.none"
    plain = _BEAT_PLAIN[key][table_rank]
    for rank in plain:
        nib = (hand >> (rank << 2)) & 15
        if _POP[nib] == table_count:
            return nib << (rank << 2), "classic.beat.exact"
    for rank in plain:
        nib = (hand >> (rank << 2)) & 15
        if _POP[nib] > table_count:
            return _LOW[nib][table_count] << (rank << 2), "classic.beat.break"
    top = _BEAT_TOP[key][table_rank]
    can_top = any(_POP[(hand >> (rank << 2)) & 15] >= table_count for rank in top)
    if not _end_is_near(hand, key):
        return 0, "classic.pass.keep" if can_top else "classic.pass.none"
    for rank in top:
        nib = (hand >> (rank << 2)) & 15
        if _POP[nib] == table_count:
            return nib << (rank << 2), "classic.beat.endgame"
    for rank in top:
        nib = (hand >> (rank << 2)) & 15
        if _POP[nib] > table_count:
            return _LOW[nib][table_count] << (rank << 2), "classic.beat.endgame"
    return 0, "classic.pass.none"


def house_classic_move_why(
    moves: Sequence[int], hand: int, rules: Rules, reversed_order: bool, before: Shape | None = None,
) -> tuple[int, str]:
    """:func:`~president.bots.house_classic.house_classic_move` with the key of the branch that chose it."""
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
            return move, "classic.out"
        if table_lone_joker and cards == 1 << SPADE_THREE:
            return move, "classic.spade_three"
        reserved = _reserved(shape, cards, reversed_order, rules)
        rest = hand & ~cards
        if reserved:
            endgame = _groups(rest) <= 1
            if not endgame and not leading:
                skipped_reserved = True
                continue
        bad_revolution = reverses(shape, rules) and not _revolution_helps(hand, shape, reversed_order, rules)
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
        if not leading:
            return 0, "classic.pass.keep" if skipped_reserved else "classic.pass.none"
        return min(m for m in moves if m), "classic.lead.lowest"
    assert best_key is not None
    if not leading and (best_key[0] or best_key[1]) and _groups(hand) > 2:
        return 0, "classic.pass.keep" if best_key[0] else "classic.pass.bad_revolution"
    if leading:
        if best_key[1] == 0 and reverses(shape_of(best, wild) or _NO_SHAPE, rules):
            return best, "classic.lead.revolution"
        return best, "classic.lead.top_only" if best_key[0] else "classic.lead.lowest"
    if best_key[0]:
        return best, "classic.beat.endgame"
    return best, "classic.beat.break" if best_key[2] else "classic.beat.exact"


_NO_SHAPE = Shape(0, 0, 0, 0, 0, 0)


def _reserved_text(view: SeatView) -> str:
    rules = view.rules
    reversed_order = view.revolution != view.eleven_back
    two = strength(12, False, rules)
    ranks = [r for r in range(13) if strength(r, reversed_order, rules) >= two]
    ranks.sort(key=lambda r: -strength(r, reversed_order, rules))
    names = [RANK_NAMES[r] for r in ranks]
    if rules.jokers:
        names.insert(0 if rules.joker_in_revolution == "highest" or not reversed_order else len(names), "Jk")
    return ", ".join(names)


def classic_decision(view: SeatView) -> Decision:
    """The classic move for ``view`` (the seat to act) and the branch of the policy that chose it."""
    params: dict[str, Any] = {}
    if view.phase == "exchange":
        gift = classic_gift(view.hand, view.give_count)
        return Decision(gift | GIVE_FLAG, Explanation("classic.gift.weakest", {"move": move_str(gift)}))
    rules = view.rules
    if view.owed:
        move = classic_owed(view.legal_masks(), view.hand, rules, view.revolution != view.eleven_back)
        return Decision(move, Explanation("classic.owed.weakest", {"move": move_str(move)}))
    if rules.house:
        table = shape_of(view.table_move, rules.wild_jokers) if view.table else None
        move, reason = house_classic_move_why(view.legal_masks(), view.hand, rules,
                                              view.revolution != view.eleven_back, table)
    else:
        move, reason = classic_move_why(view.hand, view.table_rank, view.table_count, view.revolution,
                                        rules.joker_in_revolution == "highest", rules.max_set, rules.revolution,
                                        view.must_contain)
    if move:
        params["move"] = move_str(move)
    if view.table:
        params["table"] = move_str(view.table_move)
    if reason in ("classic.lead.top_only", "classic.beat.endgame", "classic.pass.keep"):
        params["top"] = _reserved_text(view)
    if reason == "classic.beat.break":
        params["rank"] = _rank_of(move & CARDS_MASK & ~JOKERS or move & CARDS_MASK)
    return Decision(move, Explanation(reason, params))


__all__ = ["classic_decision", "classic_move_why", "house_classic_move_why"]
