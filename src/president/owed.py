"""The moves a play may owe inside a turn: the 7-pass (``seven_pass``) and the 10-discard (``ten_discard``).

After a play holding N sevens, its player passes N cards of his choice on to the next
player in the current direction; after a play holding N tens, he discards N cards of his
choice, face up. A card a wild joker stands for counts as that card (as for the 8-cut);
a lone joker stands for no rank. A player who went out with the play owes nothing, and
one holding fewer cards than he owes gives or discards them all. The match
(:meth:`president.engine.Match._owe`) asks these questions; the bots, the views and the
reference model ask the same ones.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from .cards import RANK_MASKS
from .moves import DISCARD_FLAG, OWED_WORDS, PASS_ON_FLAG, Move, move_of
from .plays import LONE_JOKER, Shape
from .rules import Rules
from .turn_order import SEVEN_RANK, TEN_RANK

OWED_OPTIONS: dict[int, str] = {PASS_ON_FLAG: "seven_pass", DISCARD_FLAG: "ten_discard"}
"""The option behind each kind of owed move."""


def owed_by(shape: Shape, rules: Rules) -> tuple[tuple[int, int], ...]:
    """What a play owes, in the order it is settled: ``(flag, count)`` for the pass-on of its 7s, then for the
    discard of its 10s (a run may hold both); empty when it owes nothing."""
    if shape.kind == LONE_JOKER:
        return ()
    out: tuple[tuple[int, int], ...] = ()
    if rules.seven_pass and (sevens := (shape.cards & RANK_MASKS[SEVEN_RANK]).bit_count()):
        out += ((PASS_ON_FLAG, sevens),)
    if rules.ten_discard and (tens := (shape.cards & RANK_MASKS[TEN_RANK]).bit_count()):
        out += ((DISCARD_FLAG, tens),)
    return out


def owed_count(count: int, hand: int) -> int:
    """How many cards a player owing ``count`` gives or discards: all of his hand when it holds fewer."""
    return min(count, hand.bit_count())


def owed_moves(hand: int, flag: int, count: int) -> tuple[Move, ...]:
    """Every choice of ``count`` cards of ``hand`` (all of them when it holds fewer) as moves of the kind ``flag``,
    in the order of :func:`itertools.combinations` over the cards from the lowest bit up."""
    held = []
    while hand:
        low = hand & -hand
        held.append(low.bit_length() - 1)
        hand ^= low
    count = min(count, len(held))
    return tuple(move_of(sum(1 << card for card in chosen) | flag) for chosen in combinations(held, count))


def owed_draw(hand: int, flag: int, count: int, draw: float) -> int:
    """The move ``owed_moves(hand, flag, count)[int(draw * len(...))]`` (``0 <= draw < 1``), found without listing
    them: the playouts' random pick, with the same draws as a pick from the list."""
    held = []
    while hand:
        low = hand & -hand
        held.append(low)
        hand ^= low
    n = len(held)
    k = min(count, n)
    index = int(draw * comb(n, k))
    value = flag
    at = 0
    while k:
        # The choices that take held[at] next are the first comb(n - at - 1, k - 1) of those left.
        first = comb(n - at - 1, k - 1)
        if index < first:
            value |= held[at]
            k -= 1
        else:
            index -= first
        at += 1
    return value


def owed_word(flag: int) -> str:
    """``pass-on`` or ``discard``: the notation's word for an owed move of the kind ``flag``."""
    return OWED_WORDS[flag]
