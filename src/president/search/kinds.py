"""Moves that differ only in what never matters to the search: one kind of move stands for them all."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import JOKERS
from ..moves import CARDS_MASK, GIVE_FLAG, OWED_FLAGS
from ..plays import shape_of
from ..rules import Rules

_HOUSE_KINDS: dict[tuple[int, bool, bool], tuple[int, ...]] = {}


def move_kind(move: int, rules: Rules | None = None) -> tuple[int, ...]:
    """What the search tells a move by: under the seed rules its rank and size (suits never matter in play).

    Under house rules a move is known by its kind (set, run, lone joker), rank,
    size and jokers spent, and by its suits where the suit lock makes them matter.
    A pass is ``(-1, 0)``; a gift of the exchange, a pass-on or a discard is known by its top rank and size, as
    under the seed rules.
    """
    cards = move & CARDS_MASK
    if not cards:
        return (-1, 0)
    if rules is None or not rules.house or move & (GIVE_FLAG | OWED_FLAGS):
        return ((cards.bit_length() - 1) >> 2, cards.bit_count())
    key = (move, rules.wild_jokers, rules.suit_lock)
    kind = _HOUSE_KINDS.get(key)
    if kind is None:
        shape = shape_of(move, rules.wild_jokers)
        assert shape is not None
        kind = (shape.kind, shape.rank, shape.size, (cards & JOKERS).bit_count(), shape.suits if rules.suit_lock else 0)
        if len(_HOUSE_KINDS) > 100_000:
            _HOUSE_KINDS.clear()
        _HOUSE_KINDS[key] = kind
    return kind


def distinct_moves(moves: Sequence[int], rules: Rules | None = None) -> list[int]:
    """One move of each kind (see :func:`move_kind`), the first of each in ``moves``.

    The engine lists the lowest suits first; a lead that must hold a card lists only such leads.
    """
    seen: set[tuple[int, ...]] = set()
    out = []
    for move in moves:
        key = move_kind(move, rules)
        if key not in seen:
            seen.add(key)
            out.append(move)
    return out
