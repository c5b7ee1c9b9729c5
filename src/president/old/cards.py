"""Cards of the old game: a 51-card deck without the 8 of diamonds, aces low, the 9 of diamonds is the President.

A card is a plain int ``suit * 13 + rank - 1`` with ranks 1 (ace) to 13 (king) and suits in the order
clubs, diamonds, hearts, spades, so the next card up in a suit is simply ``card + 1`` (below the king).
"""

from __future__ import annotations

from collections.abc import Iterable

Card = int
"""A card as an int from 0 to 51 (see the module docstring)."""

SUIT_LETTERS = "cdhs"
"""The suit letters in card order: clubs, diamonds, hearts, spades."""

SUIT_SYMBOLS = "♣♦♥♠"
"""The suit symbols, in the same order as :data:`SUIT_LETTERS`."""

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
"""The suit names, in the same order as :data:`SUIT_LETTERS`."""

RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Rank notation indexed by rank (1 = ace ... 13 = king)."""

RANK_NAMES = (
    "", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king",
)
"""Rank names indexed by rank."""

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
"""The ranks that win sections of the board."""

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
"""Suit numbers."""

_RANK_PARSE = {text.lower(): rank for rank, text in enumerate(RANK_TEXT) if text} | {"t": 10, "1": ACE}
_SUIT_PARSE = {letter: suit for suit, letter in enumerate(SUIT_LETTERS)} | {
    symbol: suit for suit, symbol in enumerate(SUIT_SYMBOLS)
}


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1 = ace ... 13 = king) in ``suit`` (0 = clubs ... 3 = spades)."""
    if not 1 <= rank <= 13 or not 0 <= suit <= 3:
        raise ValueError(f"there is no card of rank {rank} in suit {suit}")
    return suit * 13 + rank - 1


def rank_of(card: Card) -> int:
    """The rank of ``card``: 1 for the ace up to 13 for the king."""
    return card % 13 + 1


def suit_of(card: Card) -> int:
    """The suit of ``card``: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return card // 13


PRESIDENT: Card = make_card(9, DIAMONDS)
"""The 9 of diamonds, called the President."""

MISSING: Card = make_card(8, DIAMONDS)
"""The 8 of diamonds, taken out of the pack before play."""

DECK: tuple[Card, ...] = tuple(card for card in range(52) if card != MISSING)
"""The 51 cards of the game in card order."""


def card_text(card: Card) -> str:
    """Short notation such as ``9d``, ``10h`` or ``Qs``; :func:`parse_card` reads it back."""
    return RANK_TEXT[rank_of(card)] + SUIT_LETTERS[suit_of(card)]


def card_symbol(card: Card) -> str:
    """Notation with a suit symbol, such as ``9♦``, for display."""
    return RANK_TEXT[rank_of(card)] + SUIT_SYMBOLS[suit_of(card)]


def card_name(card: Card) -> str:
    """The card's name as a player announces it, e.g. ``three of hearts`` or ``nine of diamonds (the President)``."""
    name = f"{RANK_NAMES[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"
    return f"{name} (the President)" if card == PRESIDENT else name


def parse_card(text: str) -> Card:
    """Read one card such as ``9d``, ``Qh``, ``10s``, ``Ts`` or ``K♠`` (any case); ``president`` means the 9♦.

    Raises ``ValueError`` naming the token when it is not a card. The 8 of diamonds parses (it is a card),
    though it is not in the deck of this game.
    """
    token = text.strip().lower()
    if token in ("president", "pres"):
        return PRESIDENT
    if len(token) >= 2 and token[-1] in _SUIT_PARSE and token[:-1] in _RANK_PARSE:
        return make_card(_RANK_PARSE[token[:-1]], _SUIT_PARSE[token[-1]])
    raise ValueError(f"{text.strip()!r} is not a card: write a rank (A 2-10 J Q K) then a suit (c d h s), e.g. 9d")


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read several cards from a space-separated string or an iterable of card texts and ints."""
    items: Iterable[str | Card] = text.split() if isinstance(text, str) else text
    return [item if isinstance(item, int) else parse_card(item) for item in items]


def cards_text(cards: Iterable[Card]) -> str:
    """Space-separated notation of ``cards`` in the order given."""
    return " ".join(card_text(card) for card in cards)


def sort_key(card: Card) -> tuple[int, int]:
    """Order for showing a hand: by suit, then by rank with aces low."""
    return (suit_of(card), rank_of(card))
