"""Moves: an int holding the mask of the cards played, 0 for a pass, a flag bit for a gift.

``Move`` subclasses ``int`` so that the engine, bots and search can keep using
plain ints on the hot path while the edges get readable text::

    >>> str(Move.parse("7h 7c"))
    '7c 7h'
    >>> str(Move.parse("give 3c 5d"))
    'give 3c 5d'
"""

from __future__ import annotations

from .cards import cards_str, parse_cards
from .errors import IllegalMove

GIVE_FLAG = 1 << 60
"""Set on the int of a move that gives cards back during the exchange."""
PASS = 0
"""The int of a pass."""
CARDS_MASK = GIVE_FLAG - 1


class Move(int):
    """A move of President: a play of cards, a pass, or a gift during the exchange.

    The value is the card mask (``0`` for a pass) with :data:`GIVE_FLAG` added for
    a gift. Equal moves are equal ints, so moves hash and sort like numbers.
    """

    __slots__ = ()

    @classmethod
    def play(cls, cards: int) -> Move:
        """The move that plays the cards of ``cards`` (a non-empty mask)."""
        return move_of(cards)

    @classmethod
    def give(cls, cards: int) -> Move:
        """The exchange move that gives back the cards of ``cards``."""
        return move_of(cards | GIVE_FLAG)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse ``pass``, ``give 3c 5d`` or cards such as ``7c 7h`` (``play 7c 7h`` too).

        Raises :class:`IllegalMove` (a ``ValueError``) saying what is wrong.
        """
        words = text.strip()
        lowered = words.lower()
        if not lowered:
            raise IllegalMove("empty move: type cards such as '7c 7h', or 'pass'")
        if lowered in ("pass", "p"):
            return move_of(PASS)
        give = False
        if lowered.startswith("give"):
            give, words = True, words[4:]
        elif lowered.startswith("play"):
            words = words[4:]
        try:
            mask = parse_cards(words)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        if not mask:
            raise IllegalMove("no cards given: name the cards, such as 'give 3c 5d'" if give
                              else "no cards given: type cards such as '7c 7h', or 'pass'")
        return move_of(mask | GIVE_FLAG if give else mask)

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self == 0

    @property
    def is_give(self) -> bool:
        """True for a gift of the exchange."""
        return bool(self & GIVE_FLAG)

    @property
    def cards(self) -> int:
        """The mask of the cards moved (0 for a pass)."""
        return self & CARDS_MASK

    def __str__(self) -> str:
        return move_str(self)

    def __repr__(self) -> str:
        return f"Move({move_str(self)!r})"


_CACHE: dict[int, Move] = {}


def move_of(value: int) -> Move:
    """The (shared) ``Move`` object for an int move."""
    move = _CACHE.get(value)
    if move is None:
        move = _CACHE[value] = Move.__new__(Move, value)
    return move


def move_str(value: int) -> str:
    """Text of an int move: ``pass``, ``7c 7h`` or ``give 3c 5d``."""
    if value == 0:
        return "pass"
    if value & GIVE_FLAG:
        return "give " + cards_str(value & CARDS_MASK)
    return cards_str(value)
