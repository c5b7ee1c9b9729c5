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
    rank = 0
    while hand:
        nib = hand & 15
        if nib:
            out += SHIFTED_LEAD[rank][nib][max_set]
        hand >>= 4
        rank += 1
    return out


def answer_moves(hand: int, table_rank: int, table_count: int, beaters: tuple[int, ...]) -> list[Move]:
    """Every play that beats ``table_count`` cards of ``table_rank`` (the pass not included)."""
    out: list[Move] = []
    for rank in beaters:
        nib = (hand >> (rank << 2)) & 15
        if nib:
            out += SHIFTED_SUBSETS[rank][nib][table_count]
    return out


def gift_moves(hand: int, count: int) -> list[Move]:
    """Every choice of ``count`` cards of ``hand``, as exchange moves (with the gift flag)."""
    cards = []
    m = hand
    while m:
        low = m & -m
        cards.append(low)
        m ^= low
    return [move_of(sum(c) | GIVE_FLAG) for c in combinations(cards, count)]
