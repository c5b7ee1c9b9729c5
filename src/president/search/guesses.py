"""What the search guessed of the hidden hands, where that guess is the reason for its move.

The search compares its move with the best rival over the same guessed deals
(:mod:`president.search.expert`). A guess of where a hidden card lies is *the
reason* for the move when the move does better than the rival in the deals where
the card lies there, and no better in the others: had the bot guessed otherwise,
it would not have preferred its move. :func:`deciding_guess` looks for such a
guess among the strongest hidden cards (the cards that take any trick), and
states it only when the bot placed the card with that seat in at least half of
its deals; every number it gives is counted in the deals the search played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import iter_cards
from ..movegen import STRENGTH
from ..moves import move_str
from ..view import SeatView

MIN_SHARE = 0.5
"""The least share of its deals in which the bot placed the card with the seat, for the guess to be stated."""


def strongest_hidden(view: SeatView, unknown: int) -> list[int]:
    """The cards of ``unknown`` (hidden, place not known) of the strongest rank among them in the order in force."""
    reversed_order = view.revolution != view.eleven_back if view.rules.house else view.revolution
    power = STRENGTH[reversed_order, view.rules.joker_in_revolution == "highest"]
    cards = list(iter_cards(unknown))
    if not cards:
        return []
    top = max(power[card >> 2] for card in cards)
    return [card for card in cards if power[card >> 2] == top]


def deciding_guess(view: SeatView, unknown: int, hands: Sequence[Sequence[int]],
                   values: Sequence[Sequence[float]], chosen: int, rival: int) -> dict[str, Any] | None:
    """The guess the choice of candidate ``chosen`` over ``rival`` rests on, or None.

    ``hands`` are the guessed deals the search played (every seat's hand, one
    list per deal) and ``values`` each deal's value of every candidate, in the
    same order. The answer holds the parameters of the explanation: ``card``
    (as :func:`~president.moves.move_str` writes it), ``holder`` (the seat the
    bot placed it with) and ``share`` (the percentage of its deals that did).
    Among the guesses the choice rests on, the one made in the most deals.
    """
    if not hands or len(hands) != len(values):
        return None
    edge = [v[chosen] - v[rival] for v in values]
    total_edge = sum(edge)
    best: tuple[int, int, int] | None = None
    for card in strongest_hidden(view, unknown):
        bit = 1 << card
        for seat in range(view.players):
            if seat == view.seat:
                continue
            held = [i for i, deal in enumerate(hands) if deal[seat] & bit]
            count = len(held)
            if count == len(hands) or count < MIN_SHARE * len(hands):
                continue
            edge_held = sum(edge[i] for i in held)
            edge_elsewhere = total_edge - edge_held
            if edge_held > 0 >= edge_elsewhere and (best is None or count > best[0]):
                best = (count, card, seat)
    if best is None:
        return None
    count, card, seat = best
    return {"card": move_str(1 << card), "holder": seat, "share": round(100 * count / len(hands))}


__all__ = ["MIN_SHARE", "deciding_guess", "strongest_hidden"]
