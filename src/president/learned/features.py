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

The ``house`` layout (:data:`HOUSE`, for house rules such as ``daifugo``) adds
:data:`HOUSE_POSITION_SIZE` numbers to the position and :data:`HOUSE_MOVE_SIZE`
to each move, after the seed layout's (:data:`SEED`, the only one of the seed
rules, unchanged):

* position: a revolution is in force, an 11-back is in force, the trick is
  locked to its suits, the table holds a run, the jokers held and unseen (over
  2), the cards of the fourth opponent in turn and of the table's owner (over 13);
* move: it is a run, it spends a joker, it ends the trick at once (an 8-cut, the
  3 of spades on a joker), it locks the trick's suits, it reverses the order for
  the deal (a revolution, a run of five) or for the trick (11-back), it goes out,
  it is the lone joker (8).

A model file says which layout its network reads (:mod:`president.learned.model`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from ..bots.classic import classic_move
from ..bots.house_classic import house_classic_choice
from ..cards import DECK_MASKS, JOKER_RANK, NUM_RANKS, RANK_MASKS
from ..movegen import ORDER
from ..moves import CARDS_MASK
from ..plays import LONE_JOKER, RUN, Shape, cut_rule, flips_for_the_trick, reverses, shape_of
from ..rules import Rules
from ..view import SeatView

POSITION_SIZE = 44
"""Numbers describing the position."""
MOVE_SIZE = 32
"""Numbers describing a candidate move."""
FEATURES = POSITION_SIZE + MOVE_SIZE
"""Numbers in one row of the seed layout."""

SEED = "seed"
"""The layout of the seed rules (:data:`FEATURES` numbers a row)."""
HOUSE = "house"
"""The layout of house rules: the seed layout's numbers and the house rules' state (see the module's docstring)."""
HOUSE_POSITION_SIZE = 8
"""Numbers the house layout adds to the position."""
HOUSE_MOVE_SIZE = 8
"""Numbers the house layout adds to each move."""
LAYOUT_SIZES: dict[str, tuple[int, int]] = {
    SEED: (POSITION_SIZE, MOVE_SIZE),
    HOUSE: (POSITION_SIZE + HOUSE_POSITION_SIZE, MOVE_SIZE + HOUSE_MOVE_SIZE),
}
"""The position's and each move's numbers, by layout."""


def layout_width(layout: str) -> int:
    """The numbers in one row of ``layout``; ``ValueError`` for a layout this version does not know."""
    try:
        position, move = LAYOUT_SIZES[layout]
    except KeyError:
        raise ValueError(f"unknown feature layout {layout!r}: one of {', '.join(LAYOUT_SIZES)}") from None
    return position + move


def layout_for(rules: Rules) -> str:
    """The layout a policy for ``rules`` reads: :data:`HOUSE` under house rules, else :data:`SEED`."""
    return HOUSE if rules.house else SEED



class Position(Protocol):
    """What the features read of a decision: a :class:`~president.view.SeatView` has it all.

    The search's playouts build lighter objects with the same fields
    (:class:`president.learned.playouts.PlayoutPosition`), for the seed rules.
    """

    @property
    def rules(self) -> Rules: ...
    @property
    def seat(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def hand(self) -> int: ...
    @property
    def played(self) -> int: ...
    @property
    def table(self) -> int: ...
    @property
    def table_move(self) -> int: ...
    @property
    def table_rank(self) -> int: ...
    @property
    def table_count(self) -> int: ...
    @property
    def counts(self) -> Sequence[int]: ...
    @property
    def revolution(self) -> bool: ...
    @property
    def eleven_back(self) -> bool: ...
    @property
    def must_contain(self) -> int: ...
    @property
    def lock(self) -> int: ...
    @property
    def owner(self) -> int: ...


_PLACE: dict[tuple[bool, bool], tuple[int, ...]] = {
    key: tuple(order.index(rank) for rank in range(NUM_RANKS)) for key, order in ORDER.items()
}
"""``_PLACE[(revolution, jokers_stay_high)][rank]``: the rank's place in the order in force, 0 the weakest."""


_BYTE_COUNTS: tuple[tuple[int, int], ...] = tuple(((b & 15).bit_count(), (b >> 4).bit_count()) for b in range(256))
"""The cards of the two ranks held in one byte of a card mask, lower rank first."""


def rank_counts(mask: int) -> list[int]:
    """The cards of each rank (jokers last) in a card mask."""
    counts: list[int] = []
    for byte in mask.to_bytes(NUM_RANKS // 2, "little"):
        counts += _BYTE_COUNTS[byte]
    return counts


def move_rank_size(move: int, house: bool, wild: bool) -> tuple[int, int]:
    """The rank and number of cards a play stands for (a run: its highest rank)."""
    cards = move & CARDS_MASK
    if house:
        shape = shape_of(move, wild)
        if shape is not None:
            return shape.top, shape.size
    return (cards.bit_length() - 1) >> 2, cards.bit_count()


def position_features(view: Position) -> tuple[np.ndarray, list[int], list[int], tuple[int, ...]]:
    """The position's numbers, the hand's and unseen cards' counts by rank, and the rank places in force."""
    row, hand_counts, unseen_counts, place = _position(view)
    return np.array(row, dtype=np.float32), hand_counts, unseen_counts, place


def _position(view: Position) -> tuple[list[float], list[int], list[int], tuple[int, ...]]:
    rules = view.rules
    key = (bool(view.revolution) != bool(view.eleven_back), rules.joker_in_revolution == "highest")
    place = _PLACE[key]
    order = ORDER[key]
    deck = DECK_MASKS[rules.jokers]
    hand_counts = rank_counts(view.hand)
    unseen_counts = rank_counts(deck & ~view.hand & ~view.played)
    row = [hand_counts[rank] / 4 for rank in order] + [unseen_counts[rank] / 4 for rank in order]
    table = [0.0] * 6
    leads = not view.table
    if leads:
        table[0] = 1.0
    else:
        rank, size = move_rank_size(view.table_move or view.table, rules.house, rules.wild_jokers)
        table[min(size, 4)] = 1.0
        table[5] = place[rank] / 13
    row += table
    n = view.players
    counts = view.counts
    active = [c for c in (counts[(view.seat + k) % n] for k in range(1, n)) if c > 0]
    following = [c / 13 for c in active[:3]]
    row += [view.hand.bit_count() / 13, (min(active) if active else 0) / 13]
    row += following + [0.0] * (3 - len(following))
    row += [len(active) / max(1, n - 1), float(key[0]), float(bool(rules.revolution)),
            float(bool(view.must_contain) and leads), sum(1 for c in hand_counts if c) / 13]
    return row, hand_counts, unseen_counts, place


def classic_kind(view: Position) -> tuple[int, int]:
    """The rank and size of the move the ``classic`` player would make (``(-1, 0)`` for a pass).

    Under house rules a position other than a :class:`~president.view.SeatView` says it itself, as its
    ``classic_move``.
    """
    rules = view.rules
    if rules.house:
        if isinstance(view, SeatView):
            move = house_classic_choice(view)
        else:
            given = getattr(view, "classic_move", None)
            if given is None:
                raise TypeError("under house rules the features need a seat's view or the classic move")
            move = given
    else:
        move = classic_move(view.hand, view.table_rank, view.table_count, view.revolution,
                            rules.joker_in_revolution == "highest", rules.max_set, rules.revolution,
                            view.must_contain)
    return move_rank_size(move, rules.house, rules.wild_jokers) if move & CARDS_MASK else (-1, 0)


def move_features(view: Position, moves: Sequence[int], layout: str = SEED) -> np.ndarray:
    """One row per move of ``layout``: the position's numbers then the move's (see the module's docstring)."""
    return np.array(feature_rows(view, moves, layout), dtype=np.float32).reshape(len(moves), layout_width(layout))


def feature_rows(view: Position, moves: Sequence[int], layout: str = SEED) -> list[list[float]]:
    """:func:`move_features` as lists, for joining the rows of many decisions into one array."""
    position, move_rows = feature_parts(view, moves, layout)
    return [position + row for row in move_rows]


def feature_parts(view: Position, moves: Sequence[int], layout: str = SEED) -> tuple[list[float], list[list[float]]]:
    """The rows of :func:`move_features` in two parts: the position's numbers once, then each move's own."""
    position, rows = _seed_parts(view, moves)
    if layout == SEED:
        return position, rows
    layout_width(layout)
    before = shape_of(view.table_move or view.table, view.rules.wild_jokers) if view.table else None
    for move, row in zip(moves, rows, strict=True):
        row += _house_move(view, move, before)
    return position + _house_position(view, before), rows


def _house_position(view: Position, before: Shape | None) -> list[float]:
    """The house layout's position numbers (see the module's docstring)."""
    jokers = DECK_MASKS[view.rules.jokers] & ~DECK_MASKS[0]
    n = view.players
    fourth = view.counts[(view.seat + 4) % n] if n > 4 else 0
    owner = view.counts[view.owner] if view.table and 0 <= view.owner < n else 0
    return [float(bool(view.revolution)), float(bool(view.eleven_back)), float(bool(view.lock)),
            float(before is not None and before.kind == RUN), (view.hand & jokers).bit_count() / 2,
            (jokers & ~view.hand & ~view.played).bit_count() / 2, fourth / 13, owner / 13]


def _house_move(view: Position, move: int, before: Shape | None) -> list[float]:
    """The house layout's numbers of one move (all zero for a pass)."""
    cards = move & CARDS_MASK
    rules = view.rules
    shape = shape_of(move, rules.wild_jokers) if cards else None
    if shape is None:
        return [0.0] * HOUSE_MOVE_SIZE
    jokers = DECK_MASKS[rules.jokers] & ~DECK_MASKS[0]
    locks = bool(rules.suit_lock and before is not None and not view.lock and shape.suits
                 and shape.suits == before.suits)
    out = cards.bit_count() == view.hand.bit_count()
    return [float(shape.kind == RUN), float(bool(cards & jokers)),
            float(cut_rule(shape, before, rules, move, lead=before is None, out=out) is not None), float(locks),
            float(reverses(shape, rules)), float(flips_for_the_trick(shape, rules, move)), float(out),
            float(shape.kind == LONE_JOKER)]


def _seed_parts(view: Position, moves: Sequence[int]) -> tuple[list[float], list[list[float]]]:
    rules = view.rules
    classic = classic_kind(view)
    position, hand_counts, unseen_counts, place = _position(view)
    hand = view.hand
    hand_size = hand.bit_count()
    by_place = [0] * NUM_RANKS
    for rank in range(NUM_RANKS):
        by_place[place[rank]] = rank
    held = [hand_counts[by_place[p]] for p in range(NUM_RANKS)]
    unseen = [unseen_counts[by_place[p]] for p in range(NUM_RANKS)]
    kept_places = [p for p in range(NUM_RANKS) if held[p]]
    weaker = [0] * NUM_RANKS  # the seat's cards in places below p
    stronger_kept = [0] * NUM_RANKS  # the seat's ranks in places above p
    for p in range(1, NUM_RANKS):
        weaker[p] = weaker[p - 1] + held[p - 1]
    for p in range(NUM_RANKS - 2, -1, -1):
        stronger_kept[p] = stronger_kept[p + 1] + (1 if held[p + 1] else 0)
    threats: dict[int, list[int]] = {}  # by cards needed: the unseen ranks above p that hold as many
    rows = []
    for move in moves:
        cards = move & CARDS_MASK
        if not cards:
            row = [0.0] * MOVE_SIZE
            row[0] = 1.0
            _left_stats(row, hand_size, kept_places)
            row[30] = float(classic == (-1, 0))
            rows.append(row)
            continue
        rank, size = move_rank_size(move, rules.house, rules.wild_jokers)
        if cards & ~RANK_MASKS[rank]:
            rows.append(_spread_move_row(move, rank, size, view, hand_counts, unseen_counts, place, by_place,
                                         classic))
            continue
        row = [0.0] * MOVE_SIZE
        p = place[rank]
        gone = cards.bit_count()
        row[min(size, 4)] = 1.0
        row[5 + p] = 1.0
        row[19] = held[p] / 4
        row[20] = float(held[p] > gone)
        _left_stats(row, hand_size - gone, kept_places if held[p] > gone else [q for q in kept_places if q != p])
        need = min(size, 4)
        above = threats.get(need)
        if above is None:
            above = [0] * NUM_RANKS
            for q in range(NUM_RANKS - 2, -1, -1):
                above[q] = above[q + 1] + (1 if unseen[q + 1] >= need else 0)
            threats[need] = above
        row[26] = above[p] / 13
        row[27] = float(above[p] == 0)
        row[28] = stronger_kept[p] / 13
        row[29] = float(size == 4 and bool(rules.revolution) and rank != JOKER_RANK)
        row[31] = weaker[p] / 13
        row[30] = float((rank, size) == classic)
        rows.append(row)
    return position, rows


def _left_stats(row: list[float], left_size: int, kept: list[int]) -> None:
    """The move's numbers for what the hand keeps: its cards, ranks, whether empty, weakest and strongest place."""
    row[21] = left_size / 13
    row[22] = len(kept) / 13
    row[23] = float(not left_size)
    if kept:
        row[24] = kept[0] / 13
        row[25] = kept[-1] / 13


def _spread_move_row(move: int, rank: int, size: int, view: Position, hand_counts: list[int],
                     unseen_counts: list[int], place: tuple[int, ...], by_place: list[int],
                     classic: tuple[int, int]) -> list[float]:
    """The move's numbers for a play whose cards span several ranks (a run, or wild jokers)."""
    rules = view.rules
    cards = move & CARDS_MASK
    row = [0.0] * MOVE_SIZE
    row[min(size, 4)] = 1.0
    row[5 + place[rank]] = 1.0
    held = hand_counts[rank]
    row[19] = held / 4
    row[20] = float(held > (cards >> (4 * rank) & 15).bit_count())
    left = view.hand & ~cards
    left_counts = rank_counts(left)
    _left_stats(row, left.bit_count(), sorted(place[r] for r in range(NUM_RANKS) if left_counts[r]))
    need = min(size, 4)
    above = range(place[rank] + 1, NUM_RANKS)
    threats = sum(1 for p in above if unseen_counts[by_place[p]] >= need)
    row[26] = threats / 13
    row[27] = float(threats == 0)
    row[28] = sum(1 for p in above if left_counts[by_place[p]]) / 13
    row[29] = float(size == 4 and bool(rules.revolution) and rank != JOKER_RANK)
    row[31] = sum(hand_counts[by_place[p]] for p in range(place[rank])) / 13
    row[30] = float((rank, size) == classic)
    return row
