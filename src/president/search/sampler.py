"""Sampling the hidden hands consistently with everything one seat knows.

What a seat knows about the cards it cannot see:

* every card played this deal (they are out), and how many cards each seat holds;
* the exchange: the cards it gave are in the receiver's hand unless played since;
* the automatic gift of the exchange: a receiver knows the giver had to give his
  highest cards, so the giver holds nothing above the lowest card he gave, except
  what the receiver gave back to him;
* the lead card: where its holder leads the deal (the ♦3 of ``daifugo``), the
  leader held it, and still does until he plays it.

Passes tell nothing in President: a player may always pass. :func:`knowledge`
turns a view into per-seat constraints once per decision; :func:`sample_hands`
then draws one consistent guess of every hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import DECK_MASKS, iter_cards
from ..view import SeatView


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows of the others' hands, as card masks by seat."""

    seat: int
    hand: int
    """The seat's own hand."""
    must: tuple[int, ...]
    """Cards known to be in each hand."""
    allowed: tuple[int, ...]
    """Cards each hand may hold (``must`` included)."""
    counts: tuple[int, ...]
    """Cards held by each seat."""
    unknown: int
    """Cards held by the other seats, not known where."""


def knowledge(view: SeatView) -> Knowledge:
    """The constraints on the hidden hands that ``view`` implies."""
    n = view.players
    deck = DECK_MASKS[view.rules.jokers]
    outside = deck & ~view.hand & ~view.played
    must = [0] * n
    allowed = [outside] * n
    allowed[view.seat] = view.hand
    must[view.seat] = view.hand
    if view.deal_number >= 2 and view.deal_results and view.phase != "over":
        order = view.deal_results[-1].order
        for i, _count in enumerate(view.rules.exchange_pairs(n)):
            receiver, giver = order[i], order[n - 1 - i]
            if view.seat == giver and view.given:
                must[receiver] |= view.given & outside
            elif view.seat == receiver:
                returned = view.given & outside
                must[giver] |= returned
                if view.received:
                    lowest_gift = view.received & -view.received
                    allowed[giver] &= (lowest_gift - 1) | returned
    lead_card = _lead_card(view)
    if lead_card & outside & allowed[view.leader] and not any(lead_card & m for m in must):
        must[view.leader] |= lead_card
    for s in range(n):
        if view.counts[s] == 0:
            allowed[s] = 0
            must[s] = 0
    known = 0
    for s in range(n):
        if s != view.seat:
            known |= must[s]
    return Knowledge(
        seat=view.seat,
        hand=view.hand,
        must=tuple(must),
        allowed=tuple(allowed),
        counts=tuple(view.counts),
        unknown=outside & ~known,
    )


def _lead_card(view: SeatView) -> int:
    """The card the deal's leader held when play began (0 when the rules do not make its holder lead)."""
    rules = view.rules
    card = rules.first_lead_card
    if card is None or view.phase != "play" or rules.seven_pass or not 0 <= view.leader < view.players \
            or view.leader == view.seat:
        return 0
    if rules.lead_card_every_deal or (view.deal_number == 1 and rules.first_leader == "holder"):
        return 1 << card
    return 0


def sample_hands(know: Knowledge, rng: random.Random) -> list[int]:
    """One guess of every hand, consistent with ``know``; the seat's own hand is exact.

    Raises ``ValueError`` when no deal fits the knowledge.
    """
    n = len(know.counts)
    hands = list(know.must)
    pool = list(iter_cards(know.unknown))
    # A seat whose allowed cards are restricted draws first, uniformly among them; the
    # unrestricted seats then share the rest uniformly. With at most one restricted seat
    # (a seat is in one exchange pair at most) this draws uniformly among consistent deals.
    order = sorted(
        (s for s in range(n) if s != know.seat),
        key=lambda s: (know.allowed[s] & know.unknown) != know.unknown,
        reverse=True,
    )
    taken = 0
    for s in order:
        need = know.counts[s] - know.must[s].bit_count()
        if need <= 0:
            if need < 0:
                raise ValueError(f"seat {s} is known to hold more cards than it has")
            continue
        allowed = know.allowed[s] & ~taken
        if allowed == know.unknown & ~taken:
            choices = [c for c in pool if not taken >> c & 1]
        else:
            choices = [c for c in pool if allowed >> c & 1]
        if len(choices) < need:
            raise ValueError(f"no card distribution fits what seat {know.seat} knows")
        drawn = 0
        for c in rng.sample(choices, need):
            drawn |= 1 << c
        hands[s] |= drawn
        taken |= drawn
    return hands
