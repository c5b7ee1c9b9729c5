"""Why the ``classic`` player plays what it plays: the branch of its policy, in words.

:func:`~president.bots.classic.classic_move` and
:func:`~president.bots.house_classic.house_classic_move` are one walk that chooses
the move and, when asked, names the branch that chose it (an explanation key of
:mod:`president.explain`); a change to the policy is made there once. This module
asks for the key and fills in the parameters of its text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import JOKERS, RANK_NAMES
from ..explain import Decision, Explanation
from ..moves import CARDS_MASK, GIVE_FLAG, NAME_FLAG, move_str
from ..plays import Shape, shape_of, strength
from ..rules import Rules
from ..view import SeatView
from .classic import classic_gift, classic_move
from .house_classic import classic_owed, house_classic_move, unseen_by


def _rank_of(cards: int) -> str:
    return RANK_NAMES[(cards.bit_length() - 1) >> 2]


def classic_move_why(
    hand: int, table_rank: int, table_count: int, revolution: bool = False, jokers_high: bool = False,
    max_set: int = 4, flips: bool = False, must_contain: int = 0,
) -> tuple[int, str]:
    """:func:`~president.bots.classic.classic_move` (same arguments) with the key of the branch that chose it."""
    why: list[str] = []
    move = classic_move(hand, table_rank, table_count, revolution, jokers_high, max_set, flips, must_contain, why)
    return move, why[0]


def house_classic_move_why(
    moves: Sequence[int], hand: int, rules: Rules, reversed_order: bool, before: Shape | None = None,
    omen: bool = False,
) -> tuple[int, str]:
    """:func:`~president.bots.house_classic.house_classic_move` with the key of the branch that chose it."""
    why: list[str] = []
    move = house_classic_move(moves, hand, rules, reversed_order, before, omen, why)
    return move, why[0]


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
        unseen = unseen_by(view)
        why: list[str] = []
        move = classic_owed(view.legal_masks(), view.hand, rules, view.revolution != view.eleven_back, unseen, why)
        params["move"] = move_str(move)
        if move & NAME_FLAG:
            named = move & CARDS_MASK
            params.update(rank=_rank_of(named), mine=(view.hand & named).bit_count(),
                          others=(unseen & named).bit_count())
        return Decision(move, Explanation(why[0], params))
    if rules.house:
        table = shape_of(view.table_move, rules.wild_jokers) if view.table else None
        move, reason = house_classic_move_why(view.legal_masks(), view.hand, rules,
                                              view.revolution != view.eleven_back, table, view.omen)
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
