"""The house rules that change who plays next, and the ones that act once a deal is dealt or decided.

Each function answers one question the match (:meth:`president.engine.Match._play`,
:meth:`~president.engine.Match._go_out` and the exchange) asks when the option is on;
the bots and the reference model ask the same ones. A card a wild joker stands for
counts as that card, as for the 8-cut; a lone joker stands for no rank.
"""

from __future__ import annotations

from .cards import RANK_MASKS, highest_cards
from .plays import LONE_JOKER, SET, SPADE_THREE, Shape, shape_of
from .rules import Rules

FIVE_RANK = 2
SIX_RANK = 3
SEVEN_RANK = 4
NINE_RANK = 6
TEN_RANK = 7
QUEEN_RANK = 9
ABOVE_TEN = ~((1 << (4 * (TEN_RANK + 1))) - 1)
"""The bits of every card above the 10: jacks, queens, kings, aces, 2s and jokers."""


def skips_of(shape: Shape, rules: Rules) -> int:
    """How many players a play skips under ``five_skip``: one for each 5 in it."""
    if not rules.five_skip or shape.kind == LONE_JOKER:
        return 0
    return (shape.cards & RANK_MASKS[FIVE_RANK]).bit_count()


def reversals_of(shape: Shape, rules: Rules) -> tuple[str, ...]:
    """The options by which a play reverses the direction of play (``nine_reverse``, ``six_reverse``), in that
    order: each reverses it once, so a run holding a 6 and a 9 reverses it twice."""
    if shape.kind == LONE_JOKER:
        return ()
    cards = shape.cards
    out: tuple[str, ...] = ()
    if rules.nine_reverse and cards & RANK_MASKS[NINE_RANK]:
        out += ("nine_reverse",)
    if rules.six_reverse and cards & RANK_MASKS[SIX_RANK]:
        out += ("six_reverse",)
    return out


def spared_by_tenpen_chii(hand: int, rules: Rules) -> bool:
    """Whether a player who must give his best cards is spared the exchange (``tenpen_chii``): he holds nothing
    above a 10."""
    return rules.tenpen_chii and not hand & ABOVE_TEN


def gift_of(hand: int, count: int, rules: Rules) -> int:
    """The best ``count`` cards a player must give in the exchange: his highest, but never the 3 of spades under
    ``spade3_kept``."""
    return highest_cards(hand & ~(1 << SPADE_THREE) if rules.spade3_kept else hand, count)


def gekokujo_order(previous: tuple[int, ...], seat: int, rules: Rules) -> tuple[int, ...] | None:
    """The finishing order of the deal when ``seat``, the first to go out, overturns the titles (``gekokujo``):
    the previous deal's order reversed, when ``seat`` finished it last; else None."""
    if not rules.gekokujo or not previous or previous[-1] != seat:
        return None
    return previous[::-1]


def lucky_seven(table: int, rules: Rules) -> bool:
    """Whether a trick that ends with the move ``table`` on it is a lucky seven (``rules.lucky_seven`` on, and the
    play is a set of exactly three 7s, a wild joker standing for a 7 counting as one): its player, if he still holds
    cards, goes out at once."""
    if not rules.lucky_seven or not table:
        return False
    shape = shape_of(table, rules.wild_jokers)
    return shape is not None and shape.kind == SET and shape.size == 3 and shape.rank == SEVEN_RANK
