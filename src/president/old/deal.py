"""Dealing: one card at a time clockwise from the dealer's left, the dummy just before the dealer.

Seats are numbered clockwise, so the player on the dealer's left is ``(dealer + 1) % players``. The ordinary
deal goes to every player and to a dummy hand until one card is left, which is turned up on the dummy. The
settlement redeal at the end of play has no dummy and deals out the whole pack face up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from president.old.cards import DECK, Card, card_text, parse_cards

DUMMY = -1
"""The recipient number of the dummy hand in :func:`deal_order`."""


def deal_order(players: int, dealer: int, dummy: bool = True) -> list[int]:
    """The recipients of one round of the deal: the dealer's left first, the dummy, then the dealer."""
    order = [(dealer + step) % players for step in range(1, players)]
    if dummy:
        order.append(DUMMY)
    order.append(dealer)
    return order


def recipients(players: int, dealer: int, dummy: bool = True) -> list[int]:
    """Who receives each card of the pack in turn; with a dummy the last card is turned up (recipient None)."""
    order = deal_order(players, dealer, dummy)
    dealt = len(DECK) - 1 if dummy else len(DECK)
    return [order[index % len(order)] for index in range(dealt)]


def deal(deck: Sequence[Card], players: int, dealer: int,
         dummy: bool = True) -> tuple[list[list[Card]], list[Card], Card | None]:
    """Deal ``deck`` (top card first): the players' hands, the dummy's cards and the turned-up card.

    Without a dummy every card goes to a player and there is no turned-up card.
    """
    hands: list[list[Card]] = [[] for _ in range(players)]
    dummy_cards: list[Card] = []
    to = recipients(players, dealer, dummy)
    for card, seat in zip(deck, to, strict=False):
        (dummy_cards if seat == DUMMY else hands[seat]).append(card)
    turned = deck[len(to)] if dummy else None
    return hands, dummy_cards, turned


def check_deck(deck: Iterable[Card | str]) -> list[Card]:
    """The deck as a list of cards, after checking it holds each of the 51 cards exactly once."""
    cards = parse_cards(deck)
    if sorted(cards) != list(DECK):
        extra = sorted(set(cards) - set(DECK)) + sorted(card for card in set(cards) if cards.count(card) > 1)
        lacking = sorted(set(DECK) - set(cards))
        detail = "; ".join(part for part in (
            "not allowed or repeated: " + " ".join(card_text(card) for card in extra) if extra else "",
            "missing: " + " ".join(card_text(card) for card in lacking) if lacking else "",
        ) if part)
        raise ValueError(f"a deck must hold each of the 51 cards exactly once ({detail})")
    return cards


def stack_deck(players: int, dealer: int, hands: Mapping[int, Iterable[Card | str]],
               dummy_cards: Iterable[Card | str] = (), turn_up: Card | str | None = None,
               dummy: bool = True) -> list[Card]:
    """A deck that deals the given cards to the given seats (and dummy, and turned-up card).

    Cards not placed fill the remaining places in card order. Raises ``ValueError`` if a hand is given more
    cards than the deal gives it, or if a card is placed twice. Useful to set up a position for a test,
    a lesson or a puzzle: pass the result to ``OldMatch(decks=[...])``.
    """
    to = recipients(players, dealer, dummy)
    wanted: dict[int, list[Card]] = {seat: parse_cards(cards) for seat, cards in hands.items()}
    wanted[DUMMY] = parse_cards(dummy_cards)
    turned = [] if turn_up is None else parse_cards([turn_up])
    placed = [card for cards in wanted.values() for card in cards] + turned
    if len(placed) != len(set(placed)) or not set(placed) <= set(DECK):
        raise ValueError("each card of the deck can be placed only once, and the 8 of diamonds not at all")
    if turned and not dummy:
        raise ValueError("the redeal without a dummy turns up no card")
    rest = iter(sorted(set(DECK) - set(placed)))
    pending = {seat: iter(cards) for seat, cards in wanted.items()}
    deck = [next(pending[seat], None) if seat in pending else None for seat in to]
    for seat, left in pending.items():
        if next(left, None) is not None:
            raise ValueError(f"{'the dummy' if seat == DUMMY else f'seat {seat}'} receives only "
                             f"{to.count(seat)} cards in this deal")
    filled = [next(rest) if card is None else card for card in deck]
    if dummy:
        filled.append(turned[0] if turned else next(rest))
    return filled
