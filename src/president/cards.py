"""Cards as small ints, sets of cards as int bitmasks, and their text notation.

A card is ``rank * 4 + suit``. Ranks count up from the lowest card of the usual
order: rank 0 is the 3, rank 11 the ace, rank 12 the 2 and rank 13 holds the
jokers. Suits are clubs, diamonds, hearts, spades (0..3); the two jokers are
card 52 (black joker, ``BJ``) and card 53 (red joker, ``RJ``).

A set of cards (a hand, a play) is an int with bit ``card`` set, so the four
cards of one rank sit in one 4-bit nibble: ``(mask >> 4 * rank) & 15``.
``Cards`` wraps such a mask for printing and iterating at the edges; the engine
itself works on the plain ints.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

RANK_NAMES: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "Jk")
"""Canonical rank names, lowest first (index = rank)."""

SUIT_LETTERS: tuple[str, ...] = ("c", "d", "h", "s")
"""Canonical suit letters, in the fixed order that breaks ties (clubs lowest)."""

SUIT_SYMBOLS: tuple[str, ...] = ("♣", "♦", "♥", "♠")
"""Suit symbols in the same order as :data:`SUIT_LETTERS`."""

NUM_RANKS = 14
JOKER_RANK = 13
BLACK_JOKER = 52
RED_JOKER = 53
TWO_RANK = 12
THREE_OF_CLUBS = 0

FULL_DECK = (1 << 52) - 1
"""The 52 standard cards as a mask."""
JOKERS = (1 << BLACK_JOKER) | (1 << RED_JOKER)
"""The two jokers as a mask."""
ALL_CARDS = FULL_DECK | JOKERS
"""Every card number there is (52 cards and the two jokers) as a mask."""

DECK_MASKS: tuple[int, ...] = (FULL_DECK, FULL_DECK | 1 << RED_JOKER, ALL_CARDS)
"""The deck as a mask by number of jokers (a single joker is the red one)."""

RANK_MASKS: tuple[int, ...] = tuple(15 << (4 * r) for r in range(NUM_RANKS))
"""``RANK_MASKS[r]`` has the bits of every card of rank ``r``."""

_RANK_INPUT = {
    "3": 0, "4": 1, "5": 2, "6": 3, "7": 4, "8": 5, "9": 6, "10": 7, "t": 7,
    "j": 8, "q": 9, "k": 10, "a": 11, "2": 12,
}
_SUIT_INPUT = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_JOKER_INPUT = {"bj": BLACK_JOKER, "rj": RED_JOKER}
_SPLIT = re.compile(r"[\s,]+")


def card_rank(card: int) -> int:
    """The rank index of ``card`` (0 = the 3 … 12 = the 2, 13 = joker)."""
    return card >> 2


def card_suit(card: int) -> int:
    """The suit index of ``card`` (0..3; jokers give 0 and 1)."""
    return card & 3


def card_str(card: int) -> str:
    """Canonical text of one card: ``10h``, ``Qs``, ``2c``, ``RJ``."""
    if card == RED_JOKER:
        return "RJ"
    if card == BLACK_JOKER:
        return "BJ"
    if not 0 <= card < 52:
        raise ValueError(f"{card!r} is not a card number (0..53)")
    return RANK_NAMES[card >> 2] + SUIT_LETTERS[card & 3]


def parse_card(token: str) -> int:
    """Parse one card such as ``7c``, ``Tc``, ``10♣``, ``qS`` or ``RJ``.

    Raises ``ValueError`` naming the token when it is not a card.
    """
    text = token.strip().lower()
    if text in _JOKER_INPUT:
        return _JOKER_INPUT[text]
    if len(text) >= 2:
        rank = _RANK_INPUT.get(text[:-1])
        suit = _SUIT_INPUT.get(text[-1])
        if rank is not None and suit is not None:
            return rank * 4 + suit
    raise ValueError(
        f"{token!r} is not a card: write a rank (3-10 or T, J, Q, K, A, 2) and a suit "
        f"(c d h s or ♣ ♦ ♥ ♠), like 7c or 10h, or RJ/BJ for a joker"
    )


def parse_cards(text: str) -> int:
    """Parse cards separated by spaces or commas into a mask.

    Raises ``ValueError`` naming the first bad token, or a card given twice.
    """
    mask = 0
    for token in _SPLIT.split(text.strip()):
        if not token:
            continue
        card = parse_card(token)
        bit = 1 << card
        if mask & bit:
            raise ValueError(f"{token!r} is given twice")
        mask |= bit
    return mask


def iter_cards(mask: int) -> Iterator[int]:
    """The cards of ``mask``, lowest card number first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_CARD_TEXT = tuple(card_str(c) for c in range(54))


def cards_str(mask: int) -> str:
    """Canonical text of a set of cards, lowest first: ``7c 7h Qs``."""
    return " ".join(cards_list(mask))


_SLICE = 9
"""The cards of a mask are written a slice of this many card numbers at a time (six slices hold all 54)."""

_SLICE_TEXT: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(_CARD_TEXT[start + bit] for bit in range(_SLICE) if bits >> bit & 1) for bits in range(1 << _SLICE))
    for start in range(0, 54, _SLICE)
)
"""``_SLICE_TEXT[k][bits]``: the texts of the cards ``9k + i`` for each bit ``i`` of ``bits``, lowest first."""


def cards_list(mask: int) -> list[str]:
    """The canonical card texts of ``mask`` as a list, lowest first."""
    if mask >> 54:
        raise ValueError(f"{mask!r} holds bits that are not cards (0..53)")
    a, b, c, d, e, f = _SLICE_TEXT
    # Written out, slice by slice: a view writes several sets of cards per update, the played ones up to 54.
    return [*a[mask & 511], *b[mask >> 9 & 511], *c[mask >> 18 & 511], *d[mask >> 27 & 511],
            *e[mask >> 36 & 511], *f[mask >> 45]]


def mask_of(cards: Iterable[int]) -> int:
    """The mask holding the given card numbers."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def rank_count(mask: int, rank: int) -> int:
    """How many cards of ``rank`` the mask holds."""
    return ((mask >> (4 * rank)) & 15).bit_count()


def highest_cards(mask: int, count: int) -> int:
    """The ``count`` highest cards of ``mask`` in the usual order (jokers, 2s, aces …).

    Cards of equal rank are taken by suit, spades first: the fixed order that
    makes the automatic gift of the exchange reproducible.
    """
    out = 0
    while count and mask:
        top = 1 << (mask.bit_length() - 1)
        out |= top
        mask ^= top
        count -= 1
    return out


def lowest_cards(mask: int, count: int) -> int:
    """The ``count`` lowest cards of ``mask`` (clubs first among equal ranks)."""
    out = 0
    while count and mask:
        low = mask & -mask
        out |= low
        mask ^= low
        count -= 1
    return out


class Cards:
    """A read-only set of cards for printing and iterating; wraps a mask.

    >>> str(Cards.parse("tc 7h 7c"))
    '7c 7h 10c'
    """

    __slots__ = ("mask",)

    def __init__(self, mask: int = 0) -> None:
        self.mask = mask

    @classmethod
    def parse(cls, text: str) -> Cards:
        """Parse card text (see :func:`parse_cards`)."""
        return cls(parse_cards(text))

    def __iter__(self) -> Iterator[int]:
        return iter_cards(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and bool(self.mask >> card & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cards) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return cards_str(self.mask)

    def __repr__(self) -> str:
        return f"Cards({cards_str(self.mask)!r})"
