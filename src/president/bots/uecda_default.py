"""The ``uecda-default`` bot: our model of how the UECda sample client plays, for the search to expect it.

The UECda development kit ships a sample client that most tables of the competition seat as their weakest
players. It plays one fixed rule, which this module states in its own words on the protocol's grid of cards
(rows ♠ ♥ ♦ ♣, columns 1–13 the ranks 3 … 2, column 0 below the 3 and 14 past the 2 for a joker closing a run;
see docs/uecda.md):

- **Leading** (no revolution): the longest run it can make, counting the joker in the first gap or past the top of
  a run, starting from its lowest card (ties: the first row); with no run of three, the biggest set (the joker
  makes any card a pair), the lowest of that size, the joker in the first row it does not hold; else its lowest
  card, else the joker alone. In a revolution it takes the highest run, set or card instead.
- **Answering a single** (no revolution): its lowest card above the table that belongs to no run and no pair,
  in a suit the lock allows; else the joker alone. It never breaks a pair or a run for a single.
- **Answering a set**: among the ranks above the table (the lock's suits only), the lowest with exactly as many
  cards as the table, never breaking a bigger set; else, holding the joker, the lowest with one card fewer and the
  joker. **Answering a run**: the lowest run of exactly the table's length that lies above it, taking the top
  cards of a longer run; else the same with the joker. In a revolution, the highest below the table instead.
- **Giving back** after the exchange: its lowest cards (never the joker).

A choice the rules do not allow (its joker sometimes closes a run on the wrong side of the table's) is a pass, as
the UECda server counts it. Where that leaves no legal move (a lead our rules require), it leads its lowest
legal play. ``uecda_default_move`` is the same rule for the search's fast playouts.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from ..cards import JOKERS
from ..moves import ABOVE_TWO, BELOW_THREE, CARDS_MASK, FIFTH, GIVE_FLAG, PASS, represented, with_stands
from ..view import SeatView

ROWS = 4
"""The four suit rows of the protocol's grid: ♠ ♥ ♦ ♣ (the engine's suits 3, 2, 1, 0)."""
TOP = 14
"""The column past the 2 (and the highest of the grid)."""
FIFTH_ROW = 4
"""The row of a fifth card: a joker making five of a kind."""

Cell = tuple[int, int]
"""A cell of the grid: (row, column)."""


def hand_rows(hand: int) -> list[int]:
    """The cards of ``hand`` as one mask of columns per row (bit ``c``: the card of column ``c``)."""
    rows = [0] * ROWS
    cards = hand & ((1 << 52) - 1)
    while cards:
        low = cards & -cards
        card = low.bit_length() - 1
        rows[3 - (card & 3)] |= 1 << ((card >> 2) + 1)
        cards ^= low
    return rows


def _held(rows: Sequence[int], row: int, column: int) -> bool:
    return bool(rows[row] >> column & 1)


def run_lengths(rows: Sequence[int], joker: bool) -> list[list[int]]:
    """For each cell, the length of the run that starts there and goes up (0 when under three cards).

    Without the joker only held cards count. With it, the run takes the joker in its first missing cell (the
    start cell itself may be that one) or, with no gap, in the column past its top.
    """
    table = [[0] * (TOP + 1) for _ in range(ROWS)]
    for row in range(ROWS):
        plain = 0          # held cards from this column up
        with_joker = 1     # the run from this column up with the joker somewhere in it
        for column in range(TOP - 1, -1 if joker else 0, -1):
            if _held(rows, row, column):
                plain, with_joker = plain + 1, with_joker + 1
            else:
                plain, with_joker = 0, plain + 1
            length = with_joker if joker else plain
            table[row][column] = length if length >= 3 else 0
    return table


def set_sizes(rows: Sequence[int], joker: bool) -> list[int]:
    """For each column, the set it makes: its held cards (and the joker, if held), or 0 under two cards."""
    sizes = [0] * (TOP + 1)
    for column in range(TOP if joker else TOP + 1):
        size = sum(rows[row] >> column & 1 for row in range(ROWS)) + joker
        sizes[column] = size if size >= 2 else 0
    return sizes


def _run_cells(rows: Sequence[int], row: int, start: int, length: int) -> list[tuple[int, int, bool]]:
    return [(row, c, not _held(rows, row, c)) for c in range(start, start + length)]


def _lowest_run(lengths: list[list[int]], length: int) -> Cell | None:
    for column in range(TOP + 1):
        for row in range(ROWS):
            if lengths[row][column] == length:
                return row, column
    return None


def _highest_run(lengths: list[list[int]], length: int, rows: Sequence[int]) -> Cell | None:
    """The run the sample takes in a revolution: from the highest held start cell, the last row there, the
    lowest start of the block of equal starts below it."""
    for column in range(TOP, 0, -1):
        found: Cell | None = None
        for row in range(ROWS):
            if lengths[row][column] == length and _held(rows, row, column):
                low = column
                while low - 1 >= 0 and lengths[row][low - 1] == length:
                    low -= 1
                if column + 1 <= TOP and lengths[row][column + 1] == length:
                    low = min(low, column + 1)
                found = row, low
        if found is not None:
            return found
    return None


def _set_cells(rows: Sequence[int], hand_full: Sequence[int], column: int, size: int,
               allowed: int) -> list[tuple[int, int, bool]]:
    """The held cards of ``rows`` in ``column`` and, if short of ``size``, the joker in the first row not held in
    the whole hand that the lock allows (``allowed``: a mask of rows), or as a fifth card."""
    cells = [(row, column, False) for row in range(ROWS) if _held(rows, row, column)]
    for row in range(ROWS):
        if len(cells) >= size:
            break
        if not _held(hand_full, row, column) and allowed >> row & 1:
            cells.append((row, column, True))
    if len(cells) < size:
        cells.append((FIFTH_ROW, column, True))
    return cells


def _sets_of(sizes: list[int], size: int, high: bool) -> int | None:
    columns = range(TOP - 1, 0, -1) if high else range(1, TOP)
    return next((c for c in columns if sizes[c] == size), None)


def _single(rows: Sequence[int], high: bool) -> Cell | None:
    columns = range(TOP - 1, 0, -1) if high else range(1, TOP)
    for column in columns:
        for row in range(ROWS):
            if _held(rows, row, column):
                return row, column
    return None


def _lead(rows: list[int], joker: bool, revolution: bool) -> list[tuple[int, int, bool]] | None:
    """The cells of the sample's lead (None: the joker alone or nothing)."""
    lengths = run_lengths(rows, joker)
    longest = max(max(line) for line in lengths)
    if longest >= 3:
        start = _highest_run(lengths, longest, rows) if revolution else _lowest_run(lengths, longest)
        if start is not None:
            return _run_cells(rows, start[0], start[1], longest)
    sizes = set_sizes(rows, joker)
    for size in range(5, 1, -1):
        column = _sets_of(sizes, size, revolution)
        if column is not None:
            return _set_cells(rows, rows, column, size, 15)
    cell = _single(rows, revolution)
    return None if cell is None else [(cell[0], cell[1], False)]


def _keep(rows: Sequence[int], bound: int, revolution: bool, allowed: int) -> list[int]:
    """The held cards above the column ``bound`` (below it in a revolution), in the rows the lock allows."""
    if revolution:
        band = (1 << bound) - 1 if bound > 0 else 0
    else:
        band = ((1 << (TOP + 1)) - 1) & ~((1 << (bound + 1)) - 1)
    return [rows[r] & band if allowed >> r & 1 else 0 for r in range(ROWS)]


def _loose(rows: Sequence[int]) -> list[int]:
    """The held cards in no run of three and no pair or bigger set (without the joker)."""
    out = list(rows)
    lengths = run_lengths(rows, False)
    for row in range(ROWS):
        column = 0
        while column <= TOP:
            if lengths[row][column]:
                for c in range(column, column + lengths[row][column]):
                    out[row] &= ~(1 << c)
                column += lengths[row][column]
            else:
                column += 1
    for column, size in enumerate(set_sizes(rows, False)):
        if size:
            for row in range(ROWS):
                out[row] &= ~(1 << column)
    return out


def _table_cells(table: int) -> list[Cell]:
    cells = []
    rep = represented(table)
    while rep:
        low = rep & -rep
        card = low.bit_length() - 1
        rep ^= low
        if card < 52:
            cells.append((3 - (card & 3), (card >> 2) + 1))
        elif card < 64:
            cells.append((-1, -1))  # a lone joker
        elif card < ABOVE_TWO:
            cells.append((3 - (card - BELOW_THREE), 0))
        elif card < FIFTH:
            cells.append((3 - (card - ABOVE_TWO), TOP))
        else:
            cells.append((FIFTH_ROW, (card - FIFTH) % 13 + 1))
    return cells


def _answer(rows: list[int], joker: bool, revolution: bool, table: int,
            locked: bool) -> list[tuple[int, int, bool]] | None:
    """The cells of the sample's answer to ``table`` (None: the joker alone, or a pass when it has none)."""
    cells = _table_cells(table)
    count = len(cells)
    if cells[0][0] < 0:
        return []  # nothing beats a lone joker for the sample (and it cannot hold a second one)
    columns = sorted({c for _, c in cells})
    is_run = len(columns) > 1
    bound = (columns[0] if revolution else columns[-1]) if is_run else columns[0]
    allowed = sum(1 << r for r, _ in cells if r < ROWS) if locked else 15
    if count == 1:
        loose = _keep(_loose(rows), bound, revolution, allowed)
        cell = _single(loose, revolution)
        return None if cell is None else [(cell[0], cell[1], False)]
    kept = _keep(rows, bound, revolution, allowed)
    if not is_run:
        sizes = set_sizes(kept, False)
        column = _sets_of(sizes, count, revolution)
        if column is None and joker:
            column = _sets_of(set_sizes(kept, True), count, revolution)
        if column is None:
            return []
        return _set_cells(kept, rows, column, count, allowed)
    for wild in (False, True) if joker else (False,):
        lengths = run_lengths(kept, wild)
        start = _highest_run(lengths, count, rows) if revolution else _lowest_run(lengths, count)
        if start is not None:
            return _run_cells(rows, start[0], start[1], count)
        if any(count in line for line in lengths):
            return []
    return []


def _cells_move(cells: list[tuple[int, int, bool]], joker_card: int) -> int:
    cards = 0
    stand = -1
    for row, column, is_joker in cells:
        if not is_joker:
            cards |= 1 << ((column - 1) * 4 + 3 - row)
        elif row == FIFTH_ROW:
            stand = FIFTH + column - 1
        elif column == 0:
            stand = BELOW_THREE + 3 - row
        elif column == TOP:
            stand = ABOVE_TWO + 3 - row
        else:
            stand = (column - 1) * 4 + 3 - row
    if stand < 0:
        return cards
    return with_stands(cards | 1 << joker_card, {joker_card: stand})


@functools.lru_cache(maxsize=1 << 16)
def sample_choice(hand: int, table: int, revolution: bool, locked: bool) -> int:
    """The play the sample client makes with ``hand`` (a lead when ``table`` is 0), as an engine move; 0 for a
    pass. It may be illegal under the table's rules: the caller checks."""
    jokers = hand & JOKERS
    joker_card = jokers.bit_length() - 1 if jokers else -1
    rows = hand_rows(hand)
    cells = _lead(rows, bool(jokers), revolution) if not table else _answer(rows, bool(jokers), revolution,
                                                                             table, locked)
    if cells is None:
        return 1 << joker_card if jokers else PASS
    return _cells_move(cells, joker_card) if cells else PASS


def sample_gift(hand: int, count: int) -> int:
    """The cards the sample client gives back: its ``count`` lowest, ♠ first within a rank, never the joker."""
    cards: list[int] = []
    for rank in range(13):
        for suit in (3, 2, 1, 0):
            if hand >> (rank * 4 + suit) & 1 and len(cards) < count:
                cards.append(rank * 4 + suit)
    return sum(1 << c for c in cards)


def uecda_default_move(hand: int, table: int, revolution: bool, locked: bool, moves: Sequence[int]) -> int:
    """The sample client's play among the legal ``moves``: its choice if legal, else a pass if legal, else the
    first of ``moves``."""
    if len(moves) == 1:
        return moves[0]
    move = sample_choice(hand, table, revolution, locked)
    if move in moves:
        return move
    return PASS if PASS in moves or not moves else moves[0]


class UecdaDefaultBot:
    """Plays as the UECda sample client does (see the module's text)."""

    name = "uecda-default"

    def choose(self, view: SeatView, rng: random.Random) -> int:
        """The sample client's move in ``view`` (its gift during the exchange)."""
        moves = view.legal_masks()
        if view.phase == "exchange":
            gift = sample_gift(view.hand, view.give_count) | GIVE_FLAG
            return gift if gift in moves else moves[0]
        table = view.table_move if view.table & CARDS_MASK else 0
        return uecda_default_move(view.hand, table, view.revolution != view.eleven_back, bool(view.lock), moves)
