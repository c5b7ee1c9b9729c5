"""Moves: an int holding the mask of the cards played, 0 for a pass, a flag bit for a gift, a pass-on, a discard, a
named rank or a salvage.

``Move`` subclasses ``int`` so that the engine, bots and search can keep using
plain ints on the hot path while the edges get readable text::

    >>> str(Move.parse("7h 7c"))
    '7c 7h'
    >>> str(Move.parse("give 3c 5d"))
    'give 3c 5d'
    >>> str(Move.parse("pass-on 9d 5c"))
    'pass-on 5c 9d'
    >>> str(Move.parse("name q"))
    'name Q'
    >>> str(Move.parse("salvage 2s"))
    'salvage 2s'
"""

from __future__ import annotations

import functools

from .cards import (
    BLACK_JOKER,
    JOKER_RANK,
    JOKERS,
    RANK_MASKS,
    RANK_NAMES,
    RED_JOKER,
    SUIT_LETTERS,
    card_str,
    cards_str,
    parse_card,
    parse_cards,
)
from .errors import IllegalMove

GIVE_FLAG = 1 << 60
"""Set on the int of a move that gives cards back during the exchange."""
PASS_ON_FLAG = 1 << 61
"""Set on the int of a move that passes cards on to the next player after a play of 7s (the ``seven_pass`` rule)."""
DISCARD_FLAG = 1 << 62
"""Set on the int of a move that discards cards, face up, after a play of 10s (the ``ten_discard`` rule)."""
NAME_FLAG = 1 << 63
"""Set on the int of a move that names a rank after a play of queens (the ``queen_bomber`` rule); its cards are the
four cards of the rank named."""
SALVAGE_FLAG = 1 << 59
"""Set on the int of a move that takes cards back from the discard pile (the ``salvage`` rule and its kin)."""
OWED_FLAGS = PASS_ON_FLAG | DISCARD_FLAG | NAME_FLAG | SALVAGE_FLAG
"""The flags of the moves a play may owe (a pass-on, a discard, a named rank, a salvage)."""
OWED_WORDS: dict[int, str] = {PASS_ON_FLAG: "pass-on", DISCARD_FLAG: "discard", NAME_FLAG: "name",
                              SALVAGE_FLAG: "salvage"}
"""The word that starts the notation of each owed move."""
PASS = 0
"""The int of a pass."""
CARDS_MASK = SALVAGE_FLAG - 1
STAND_SHIFT: dict[int, int] = {BLACK_JOKER: 64, RED_JOKER: 71}
"""Where a wild joker's stand-in is kept in a move: ``card + 1`` in 7 bits from this bit (0: the joker alone)."""
STANDS_MASK = ((1 << 14) - 1) << 64
"""Every stand-in bit of a move."""
BELOW_THREE = 64
"""Stand-ins 64–67: the card of each suit (♣ ♦ ♥ ♠) below the 3, where a wild joker may close a run
(the ``joker_run_ends`` rule). Written ``-c`` … ``-s``."""
ABOVE_TWO = 68
"""Stand-ins 68–71: the card of each suit above the 2 (``+c`` … ``+s``)."""
FIFTH = 72
"""Stand-ins 72–84: a fifth card of each rank (3 … 2), a wild joker making five of a kind. Written as the rank
alone (``5c 5d 5h 5s RJ=5``)."""
SIXTH = 85
"""Stand-ins 85–97: a sixth card of each rank (two wild jokers making six of a kind)."""
_STAND_END = 98


def stand_rank_suit(card: int) -> tuple[int, int]:
    """The rank and suit a stand-in card means: -1 below the 3, 13 above the 2; suit -1 for a fifth or sixth."""
    if card < BELOW_THREE:
        return card >> 2, card & 3
    if card < ABOVE_TWO:
        return -1, card - BELOW_THREE
    if card < FIFTH:
        return 13, card - ABOVE_TWO
    return (card - FIFTH) % 13, -1


def stand_str(card: int) -> str:
    """Text of what a joker stands for: a card (``5c``), ``-c``/``+c`` past a run's ends, or ``5`` (a fifth)."""
    if card < BELOW_THREE:
        return card_str(card)
    if not card < _STAND_END:
        raise ValueError(f"{card!r} is not a stand-in card number")
    rank, suit = stand_rank_suit(card)
    if suit < 0:
        return RANK_NAMES[rank]
    return ("-" if rank < 0 else "+") + SUIT_LETTERS[suit]


def represented_str(mask: int) -> str:
    """Text of the cards a play stands for (see :func:`represented`), lowest card number first."""
    words = []
    while mask:
        low = mask & -mask
        words.append(stand_str(low.bit_length() - 1))
        mask ^= low
    return " ".join(words)


def _parse_stand(text: str) -> int:
    """What ``RJ=…`` names: a card, ``-c``/``+c`` (past a run's ends) or a rank alone (a fifth card)."""
    if len(text) == 2 and text[0] in "-+" and text[1].lower() in SUIT_LETTERS:
        return (BELOW_THREE if text[0] == "-" else ABOVE_TWO) + SUIT_LETTERS.index(text[1].lower())
    try:
        return parse_card(text)
    except ValueError:
        pass
    try:
        return FIFTH + (parse_card(text + "c") >> 2)
    except ValueError:
        raise ValueError(f"{text!r} is not what a joker can stand for: a card (5c), a rank alone for a fifth "
                         "card (5), or -c/+c for a run's end below the 3 or above the 2") from None


def with_stands(cards: int, stands: dict[int, int]) -> int:
    """The move playing ``cards`` where each joker of ``stands`` stands for the card it maps to."""
    value = cards
    for joker, card in stands.items():
        value |= (card + 1) << STAND_SHIFT[joker]
    return value


def stands_of(value: int) -> dict[int, int]:
    """What each joker of a move stands for (``{joker: card}``; empty when no joker stands in)."""
    if value < 1 << 64:
        return {}
    out = {}
    for joker, shift in STAND_SHIFT.items():
        code = value >> shift & 127
        if code:
            out[joker] = code - 1
    return out


def represented(value: int) -> int:
    """The cards a play stands for: its cards with each standing-in joker replaced by its card."""
    cards = value & CARDS_MASK
    if value < 1 << 64:
        return cards
    for joker, card in stands_of(value).items():
        cards = cards & ~(1 << joker) | 1 << card
    return cards


class Move(int):
    """A move of President: a play of cards, a pass, a gift during the exchange, or a move a play owes.

    The value is the card mask (``0`` for a pass) with :data:`GIVE_FLAG` added for
    a gift, :data:`PASS_ON_FLAG` for a pass-on, :data:`DISCARD_FLAG` for a discard and
    :data:`SALVAGE_FLAG` for cards taken back from the discard pile; a named rank is
    :data:`NAME_FLAG` with the four cards of the rank.
    Equal moves are equal ints, so moves hash and sort like numbers.
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
    def pass_on(cls, cards: int) -> Move:
        """The move that passes the cards of ``cards`` on to the next player (after a play of 7s)."""
        return move_of(cards | PASS_ON_FLAG)

    @classmethod
    def discard(cls, cards: int) -> Move:
        """The move that discards the cards of ``cards`` (after a play of 10s)."""
        return move_of(cards | DISCARD_FLAG)

    @classmethod
    def salvage(cls, cards: int) -> Move:
        """The move that takes the cards of ``cards`` back from the discard pile (the ``salvage`` rule and its kin)."""
        return move_of(cards | SALVAGE_FLAG)

    @classmethod
    def name_rank(cls, rank: int) -> Move:
        """The move that names the rank ``rank`` (0 for the 3s … 12 for the 2s) after a play of queens."""
        if not 0 <= rank < JOKER_RANK:
            raise IllegalMove(f"{rank!r} is not a rank to name: 0 (the 3s) to 12 (the 2s)")
        return move_of(RANK_MASKS[rank] | NAME_FLAG)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse ``pass``, ``give 3c 5d``, ``pass-on 5c``, ``discard 4h``, ``name 7``, ``salvage 2s`` or cards such as
        ``7c 7h`` (``play 7c 7h`` too).

        Raises :class:`IllegalMove` (a ``ValueError``) saying what is wrong.
        """
        words = text.strip()
        lowered = words.lower()
        if not lowered:
            raise IllegalMove("empty move: type cards such as '7c 7h', or 'pass'")
        if lowered in ("pass", "p"):
            return move_of(PASS)
        if lowered.startswith("name"):
            return cls.name_rank(parse_rank(words[4:]))
        flag, word = 0, ""
        for flag_word, prefix in ((GIVE_FLAG, "give"), (PASS_ON_FLAG, "pass-on"), (DISCARD_FLAG, "discard"),
                                 (SALVAGE_FLAG, "salvage")):
            if lowered.startswith(prefix):
                flag, word, words = flag_word, prefix, words[len(prefix):]
                break
        else:
            if lowered.startswith("play"):
                words = words[4:]
        try:
            mask, stands = _parse_play(words)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        if stands:
            if flag:
                raise IllegalMove(f"a joker stands for another card only in a play, not in '{word}'")
            return move_of(with_stands(mask, stands))
        if not mask:
            raise IllegalMove(f"no cards given: name the cards, such as '{word} 3c 5d'" if flag
                              else "no cards given: type cards such as '7c 7h', or 'pass'")
        return move_of(mask | flag)

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self == 0

    @property
    def is_give(self) -> bool:
        """True for a gift of the exchange."""
        return bool(self & GIVE_FLAG)

    @property
    def is_pass_on(self) -> bool:
        """True for a pass-on owed after a play of 7s."""
        return bool(self & PASS_ON_FLAG)

    @property
    def is_discard(self) -> bool:
        """True for a discard owed after a play of 10s."""
        return bool(self & DISCARD_FLAG)

    @property
    def is_salvage(self) -> bool:
        """True for cards taken back from the discard pile (the ``salvage`` rule and its kin)."""
        return bool(self & SALVAGE_FLAG)

    @property
    def is_name(self) -> bool:
        """True for a rank named after a play of queens."""
        return bool(self & NAME_FLAG)

    @property
    def cards(self) -> int:
        """The mask of the cards moved (0 for a pass; the four cards of the rank a name move names)."""
        return self & CARDS_MASK

    @property
    def stands(self) -> dict[int, int]:
        """What each wild joker of the play stands for (``{joker card: card}``)."""
        return stands_of(self)

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
    """Text of an int move: ``pass``, ``7c 7h``, ``give 3c 5d``, ``pass-on 5c`` or ``discard 4h``."""
    return _move_text(int(value))


@functools.lru_cache(maxsize=1 << 16)
def _move_text(value: int) -> str:
    """:func:`move_str`, remembered: views and records write the same moves again and again."""
    if value == 0:
        return "pass"
    if value & GIVE_FLAG:
        return "give " + cards_str(value & CARDS_MASK)
    if value & NAME_FLAG:
        return "name " + RANK_NAMES[(value & CARDS_MASK).bit_length() - 1 >> 2]
    if value & OWED_FLAGS:
        return OWED_WORDS[value & OWED_FLAGS] + " " + cards_str(value & CARDS_MASK)
    if value >= 1 << 64:
        stands = stands_of(value)
        words = cards_str(value & CARDS_MASK & ~JOKERS).split()
        words += [f"{card_str(j)}={stand_str(stands[j])}" if j in stands else card_str(j)
                  for j in (BLACK_JOKER, RED_JOKER) if value >> j & 1]
        return " ".join(w for w in words if w)
    return cards_str(value)


def parse_rank(text: str) -> int:
    """The rank ``text`` names (``3`` … ``10``, ``J``, ``Q``, ``K``, ``A``, ``2``; ``t`` for the 10 too): 0 for the
    3s … 12 for the 2s. Raises :class:`IllegalMove` saying what is wrong."""
    word = text.strip()
    if not word:
        raise IllegalMove("no rank given: name one, such as 'name 7' or 'name K'")
    try:
        rank = parse_card(word + "c") >> 2
    except ValueError:
        raise IllegalMove(f"{word!r} is not a rank: name one of 3 4 5 6 7 8 9 10 J Q K A 2") from None
    return rank


def _parse_play(text: str) -> tuple[int, dict[int, int]]:
    """Cards and joker stand-ins of ``7c 7h RJ=7s``."""
    if "=" not in text:
        return parse_cards(text), {}
    plain = []
    stands: dict[int, int] = {}
    for token in text.replace(",", " ").split():
        if "=" not in token:
            plain.append(token)
            continue
        left, _, right = token.partition("=")
        joker = parse_card(left)
        if joker not in STAND_SHIFT:
            raise ValueError(f"{token!r}: only a joker may stand for another card (RJ=5c)")
        card = _parse_stand(right)
        if card in STAND_SHIFT:
            raise ValueError(f"{token!r}: a joker stands for a card of the 52, not another joker")
        if joker in stands:
            raise ValueError(f"{left!r} is given twice")
        stands[joker] = card
        plain.append(left)
    black, red = stands.get(BLACK_JOKER), stands.get(RED_JOKER)
    if black is not None and black == red and FIFTH <= red < SIXTH:
        stands[RED_JOKER] = red + SIXTH - FIFTH  # both jokers extra cards of one rank: the red one is the sixth
    return parse_cards(" ".join(plain)), stands
