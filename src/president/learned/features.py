"""What the learned policy sees of a decision: one row of numbers per candidate move.

A row is the position (the same for every candidate) followed by what the
candidate does to it. Ranks are written in the order in force, weakest first,
so that a revolution needs no other input: the first entry is always the
weakest rank, the last the strongest. Everything comes from one seat's view:
its hand, the cards played this deal, the table and the others' card counts.

Position (:data:`POSITION_SIZE` numbers):

* ``hand``: the seat's cards of each rank, weakest first, over 4 (14);
* ``unseen``: the cards of each rank neither in the hand nor played, over 4 (14);
* ``table``: how many cards are on the table, one-hot 0 (the seat leads) to 4 (5);
  the rank to beat, by place in the order, over 13 (1);
* ``sizes``: the seat's cards, the fewest cards of an opponent, and the cards of
  the next three opponents in turn, over 13 (5); the share of opponents still in (1);
* ``flags``: the order is reversed, the rules allow a revolution, the lead must
  hold a given card (3); the seat's distinct ranks over 13 (1).

Move (:data:`MOVE_SIZE` numbers):

* ``pass``; the number of cards, one-hot 1, 2, 3, 4 or more (5);
* its rank by place in the order, one-hot (14);
* the cards of that rank held before it over 4, and whether it breaks that rank (2);
* what is left: cards over 13, distinct ranks over 13, whether the hand is empty,
  its weakest and strongest place in the order over 13 (5);
* the stronger ranks the unseen cards hold in the same number (that could beat it)
  over 13, whether none could, the stronger ranks the seat keeps over 13 (3);
* whether it reverses the order (1);
* whether it is the move the ``classic`` player would make here, and the seat's
  cards weaker than it over 13 (2).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..bots.classic import classic_move
from ..bots.house_classic import house_classic_choice
from ..cards import DECK_MASKS, JOKER_RANK, NUM_RANKS
from ..movegen import ORDER
from ..moves import CARDS_MASK
from ..plays import shape_of
from ..view import SeatView

POSITION_SIZE = 44
"""Numbers describing the position."""
MOVE_SIZE = 32
"""Numbers describing a candidate move."""
FEATURES = POSITION_SIZE + MOVE_SIZE
"""Numbers in one row."""

_PLACE: dict[tuple[bool, bool], tuple[int, ...]] = {
    key: tuple(order.index(rank) for rank in range(NUM_RANKS)) for key, order in ORDER.items()
}
"""``_PLACE[(revolution, jokers_stay_high)][rank]``: the rank's place in the order in force, 0 the weakest."""


def rank_counts(mask: int) -> list[int]:
    """The cards of each rank (jokers last) in a card mask."""
    return [((mask >> (4 * r)) & 15).bit_count() for r in range(NUM_RANKS)]


def move_rank_size(move: int, house: bool, wild: bool) -> tuple[int, int]:
    """The rank and number of cards a play stands for (a run: its highest rank)."""
    cards = move & CARDS_MASK
    if house:
        shape = shape_of(move, wild)
        if shape is not None:
            return shape.top, shape.size
    return (cards.bit_length() - 1) >> 2, cards.bit_count()


def position_features(view: SeatView) -> tuple[np.ndarray, list[int], list[int], tuple[int, ...]]:
    """The position's numbers, the hand's and unseen cards' counts by rank, and the rank places in force."""
    rules = view.rules
    key = (bool(view.revolution) != bool(view.eleven_back), rules.joker_in_revolution == "highest")
    place = _PLACE[key]
    order = ORDER[key]
    deck = DECK_MASKS[rules.jokers]
    hand_counts = rank_counts(view.hand)
    unseen_counts = rank_counts(deck & ~view.hand & ~view.played)
    row = np.zeros(POSITION_SIZE, dtype=np.float32)
    for i, rank in enumerate(order):
        row[i] = hand_counts[rank] / 4
        row[14 + i] = unseen_counts[rank] / 4
    leads = not view.table
    if leads:
        row[28] = 1.0
    else:
        rank, size = move_rank_size(view.table_move or view.table, rules.house, rules.wild_jokers)
        row[28 + min(size, 4)] = 1.0
        row[33] = place[rank] / 13
    n = view.players
    others = [view.counts[(view.seat + k) % n] for k in range(1, n)]
    active = [c for c in others if c > 0]
    row[34] = view.hand.bit_count() / 13
    row[35] = (min(active) if active else 0) / 13
    following = active[:3]
    for i, count in enumerate(following):
        row[36 + i] = count / 13
    row[39] = len(active) / max(1, n - 1)
    row[40] = float(key[0])
    row[41] = float(bool(rules.revolution))
    row[42] = float(bool(view.must_contain) and leads)
    row[43] = sum(1 for c in hand_counts if c) / 13
    return row, hand_counts, unseen_counts, place


def classic_kind(view: SeatView) -> tuple[int, int]:
    """The rank and size of the move the ``classic`` player would make (``(-1, 0)`` for a pass)."""
    rules = view.rules
    if rules.house:
        move = house_classic_choice(view)
    else:
        move = classic_move(view.hand, view.table_rank, view.table_count, view.revolution,
                            rules.joker_in_revolution == "highest", rules.max_set, rules.revolution,
                            view.must_contain)
    return move_rank_size(move, rules.house, rules.wild_jokers) if move & CARDS_MASK else (-1, 0)


def move_features(view: SeatView, moves: Sequence[int]) -> np.ndarray:
    """One row per move: the position's numbers then the move's (see the module's docstring)."""
    rules = view.rules
    classic = classic_kind(view)
    position, hand_counts, unseen_counts, place = position_features(view)
    rows = np.zeros((len(moves), FEATURES), dtype=np.float32)
    rows[:, :POSITION_SIZE] = position
    hand = view.hand
    by_place = [0] * NUM_RANKS
    for rank in range(NUM_RANKS):
        by_place[place[rank]] = rank
    for i, move in enumerate(moves):
        row = rows[i]
        base = POSITION_SIZE
        cards = move & CARDS_MASK
        if not cards:
            row[base] = 1.0
            left = hand
            rank, size = -1, 0
        else:
            rank, size = move_rank_size(move, rules.house, rules.wild_jokers)
            row[base + min(size, 4)] = 1.0
            row[base + 5 + place[rank]] = 1.0
            held = hand_counts[rank]
            row[base + 19] = held / 4
            row[base + 20] = float(held > (cards >> (4 * rank) & 15).bit_count())
            left = hand & ~cards
        left_counts = rank_counts(left)
        kept = [place[r] for r in range(NUM_RANKS) if left_counts[r]]
        row[base + 21] = left.bit_count() / 13
        row[base + 22] = len(kept) / 13
        row[base + 23] = float(not left)
        if kept:
            row[base + 24] = min(kept) / 13
            row[base + 25] = max(kept) / 13
        if cards:
            need = min(size, 4)
            above = range(place[rank] + 1, NUM_RANKS)
            threats = sum(1 for p in above if unseen_counts[by_place[p]] >= need)
            row[base + 26] = threats / 13
            row[base + 27] = float(threats == 0)
            row[base + 28] = sum(1 for p in above if left_counts[by_place[p]]) / 13
            row[base + 29] = float(size == 4 and bool(rules.revolution) and rank != JOKER_RANK)
            row[base + 31] = sum(hand_counts[by_place[p]] for p in range(place[rank])) / 13
        row[base + 30] = float((rank, size) == classic)
    return rows
