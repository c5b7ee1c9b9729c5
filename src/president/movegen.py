"""Legal-move generation from lookup tables indexed by the 4-bit nibble of a rank.

Everything here works on plain ints: a hand is a card mask, a move is the mask of
the cards played (0 = pass). Tables are built once at import.
"""

from __future__ import annotations

from itertools import combinations

from .cards import JOKER_RANK, NUM_RANKS
from .moves import GIVE_FLAG, PASS, Move, move_of

PASS_MOVE: Move = move_of(PASS)
"""The pass, as a shared :class:`~president.moves.Move`."""
ByteLookups = tuple[tuple[tuple[Move, ...], ...], ...]
"""Seven tables indexed by a byte of a hand (two ranks): the plays those two ranks make."""

SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s for s in range(1, 16) if s & nib == s and s.bit_count() == k) for k in range(5))
    for nib in range(16)
)
"""``SUBSETS[nibble][k]``: the sub-nibbles of ``nibble`` with exactly ``k`` cards."""

LEAD_SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s for s in range(1, 16) if s & nib == s and s.bit_count() <= m) for m in range(5))
    for nib in range(16)
)
"""``LEAD_SUBSETS[nibble][m]``: the non-empty sub-nibbles of ``nibble`` with at most ``m`` cards."""


SHIFTED_LEAD: tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(move_of(sub << (4 * r)) for sub in LEAD_SUBSETS[nib][m]) for m in range(5)) for nib in range(16))
    for r in range(NUM_RANKS)
)
"""``SHIFTED_LEAD[rank][nibble][m]``: the leads of at most ``m`` cards from that rank (shared Move ints)."""

SHIFTED_SUBSETS: tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(move_of(sub << (4 * r)) for sub in SUBSETS[nib][k]) for k in range(5)) for nib in range(16))
    for r in range(NUM_RANKS)
)
"""``SHIFTED_SUBSETS[rank][nibble][k]``: the plays of exactly ``k`` cards from that rank (shared Move ints)."""


LEAD_BYTES: tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(SHIFTED_LEAD[2 * i][b & 15][m] + SHIFTED_LEAD[2 * i + 1][b >> 4][m] for m in range(5))
        for b in range(256)
    )
    for i in range(NUM_RANKS // 2)
)
"""``LEAD_BYTES[i][byte][m]``: the leads of at most ``m`` cards from ranks ``2i`` and ``2i+1``.

Indexed by a byte of the hand (two rank nibbles): one lookup serves two ranks.
"""

ANSWER_BYTES: tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(SHIFTED_SUBSETS[2 * i][b & 15][k] + SHIFTED_SUBSETS[2 * i + 1][b >> 4][k] for k in range(5))
        for b in range(256)
    )
    for i in range(NUM_RANKS // 2)
)
"""``ANSWER_BYTES[i][byte][k]``: the plays of exactly ``k`` cards of one rank from ranks ``2i`` and ``2i+1``."""


ANSWERS_BY_COUNT: tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...] = tuple(
    tuple(tuple(ANSWER_BYTES[i][b][k] for b in range(256)) for i in range(NUM_RANKS // 2)) for k in range(5)
)
"""``ANSWERS_BY_COUNT[k][i][byte]``: :data:`ANSWER_BYTES` with the count first (the same tuples)."""

LEADS_BY_SIZE: tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...] = tuple(
    tuple(tuple(LEAD_BYTES[i][b][m] for b in range(256)) for i in range(NUM_RANKS // 2)) for m in range(5)
)
"""``LEADS_BY_SIZE[m][i][byte]``: :data:`LEAD_BYTES` with the largest set first (the same tuples)."""


def strength_table(revolution: bool, jokers_stay_high: bool) -> tuple[int, ...]:
    """Strength of each rank (higher beats lower) in the normal or reversed order."""
    if not revolution:
        return tuple(range(NUM_RANKS))
    table = [12 - r for r in range(NUM_RANKS)]
    table[JOKER_RANK] = NUM_RANKS if jokers_stay_high else -1
    return tuple(table)


def _beaters(strength: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(r for r in range(NUM_RANKS) if strength[r] > strength[t]) for t in range(NUM_RANKS)
    )


STRENGTH: dict[tuple[bool, bool], tuple[int, ...]] = {
    (rev, high): strength_table(rev, high) for rev in (False, True) for high in (False, True)
}
"""``STRENGTH[(revolution, jokers_stay_high)][rank]``."""

BEATERS: dict[tuple[bool, bool], tuple[tuple[int, ...], ...]] = {
    key: _beaters(value) for key, value in STRENGTH.items()
}
"""``BEATERS[(revolution, jokers_stay_high)][rank]``: the ranks that beat ``rank``, lowest first."""

STRONGER: dict[tuple[bool, bool], tuple[int, ...]] = {
    key: tuple(sum(15 << (4 * r) for r in ranks) for ranks in value) for key, value in BEATERS.items()
}
"""``STRONGER[(revolution, jokers_stay_high)][rank]``: the mask of every card of a rank that beats ``rank``."""

BEAT_MASKS: dict[tuple[bool, bool, int, bool], int] = {
    (rev, high, rank, equal): sum(
        15 << (4 * r) for r in range(NUM_RANKS) if power[r] > power[rank] or (equal and power[r] == power[rank])
    )
    for (rev, high), power in STRENGTH.items()
    for rank in range(NUM_RANKS)
    for equal in (False, True)
}
"""``BEAT_MASKS[(reversed order, jokers_stay_high, rank, equal answers)]``: the cards of every rank that may answer
a set of ``rank`` (stronger, or as strong where equal answers are allowed)."""

SUIT_CARDS: tuple[int, ...] = tuple(
    sum(suits << (4 * r) for r in range(NUM_RANKS - 1)) for suits in range(16)
)
"""``SUIT_CARDS[suits]``: every card 3 … 2 of the suits in the 4-bit mask (jokers excluded)."""

BEATS: dict[tuple[bool, bool], dict[int, int]] = {
    key: {
        move_of(sub << (4 * rank)): value[rank] for rank in range(NUM_RANKS) for sub in range(1, 16)
    }
    for key, value in STRONGER.items()
}
"""``BEATS[(revolution, jokers_stay_high)][play]``: the mask of the cards that beat ``play`` (every one-rank play)."""

ORDER: dict[tuple[bool, bool], tuple[int, ...]] = {
    key: tuple(sorted(range(NUM_RANKS), key=lambda r, s=value: s[r])) for key, value in STRENGTH.items()  # type: ignore[misc]
}
"""``ORDER[key]``: the ranks from weakest to strongest."""


def lead_moves(hand: int, max_set: int, must_contain: int = 0) -> list[Move]:
    """Every play that may open a trick: each non-empty subset of one rank, up to ``max_set`` cards.

    With ``must_contain`` (a one-card mask), only plays holding that card.
    """
    if must_contain:
        rank = (must_contain.bit_length() - 1) >> 2
        return [m for m in SHIFTED_LEAD[rank][(hand >> (rank << 2)) & 15][max_set] if m & must_contain]
    out: list[Move] = []
    i = 0
    while hand:
        byte = hand & 255
        if byte:
            out += LEAD_BYTES[i][byte][max_set]
        hand >>= 8
        i += 1
    return out


def answer_moves(hand: int, table_count: int, stronger: int) -> list[Move]:
    """Every play of ``table_count`` cards of one rank among the cards of ``hand & stronger`` (no pass).

    ``stronger`` is the mask of the cards that beat the table, from :data:`STRONGER`.
    """
    out: list[Move] = []
    h = hand & stronger
    if not h:
        return out
    i = ((h & -h).bit_length() - 1) >> 3
    h >>= i << 3
    while h:
        byte = h & 255
        if byte:
            out += ANSWER_BYTES[i][byte][table_count]
        h >>= 8
        i += 1
    return out


def gift_moves(hand: int, count: int) -> list[Move]:
    """Every choice of ``count`` cards of ``hand``, as exchange moves (with the gift flag), in the order of
    :func:`itertools.combinations` over the cards from the lowest bit up."""
    held = []
    while hand:
        low = hand & -hand
        held.append(low.bit_length() - 1)
        hand ^= low
    if count == 1:
        return [_GIFTS_OF_ONE[card] for card in held]
    if count == 2:
        out: list[Move] = []
        for at, card in enumerate(held):
            row = _GIFTS_OF_TWO[card]
            out += [row[other] for other in held[at + 1:]]
        return out
    return [move_of(sum(1 << card for card in chosen) | GIVE_FLAG) for chosen in combinations(held, count)]


_GIFT_CARDS = 56
"""The card bits a hand may hold (the 52 cards, the jokers and their room)."""
_GIFTS_OF_ONE = tuple(move_of(1 << card | GIVE_FLAG) for card in range(_GIFT_CARDS))
_GIFTS_OF_TWO = tuple(tuple(move_of(1 << card | 1 << other | GIVE_FLAG) for other in range(_GIFT_CARDS))
                      for card in range(_GIFT_CARDS))
"""``_GIFTS_OF_TWO[card][other]``: the gift of the two cards (the common exchange of two cards)."""
