"""The UECda protocol (version 20070): grids of 8 × 15 big-endian ints, and our cards in them.

A *grid* (what the protocol's own documents call its "table"; here "table" keeps its one meaning, the cards to
beat) is 8 rows of 15 ints. Rows 0–3 are the suits ♠ ♥ ♦ ♣, columns 1–13 the
ranks 3, 4 … K, A, 2; row 4 holds the joker of a hand (``[4][1] = 2``) or of a
five-card set. Rows 5 and 6 carry the state cells (:class:`State`); row 7 is unused.
Our cards are ``rank * 4 + suit`` with suits ♣ ♦ ♥ ♠ = 0..3 (see :mod:`president.cards`),
so a card sits at row ``3 - suit``, column ``rank + 1``.

In a play, each real card is a 1 and the wild joker is a 2 in the cell of the
card it stands for: column 0 or 14 when it closes a run below the 3 or above the 2,
row 4 at its rank's column when it is the fifth card of five of a kind; a lone joker
is a 2 in any cell of rows 0–3. The engine plays the red joker (card 53) as the one
joker of the UECda deck.
"""

from __future__ import annotations

import socket
import struct
from dataclasses import dataclass, field

from ..cards import BLACK_JOKER, JOKERS, RED_JOKER
from ..moves import ABOVE_TWO, BELOW_THREE, CARDS_MASK, FIFTH, SIXTH, stands_of, with_stands

PROTOCOL_VERSION = 20070
"""The protocol version a client sends in ``[0][0]`` of its handshake grid."""
DEFAULT_PORT = 42485
"""The port of the official match server."""
ROWS, COLUMNS = 8, 15
GRID_BYTES = ROWS * COLUMNS * 4
"""The size of one grid on the wire."""
NAME_LENGTH = 9
"""The characters of a client's name the server keeps."""

ACCEPTED, REJECTED = 9, 8
"""The server's answer to a play: accepted, or rejected (an illegal play or a pass on a live table)."""
GAME_GOES_ON, GAME_OVER, MATCH_OVER = 0, 1, 2
"""The server's word after each turn."""

Grid = list[list[int]]
"""A grid: 8 lists of 15 ints."""

_FORMAT = struct.Struct(f">{ROWS * COLUMNS}i")
_INT = struct.Struct(">i")


class ProtocolError(ValueError):
    """A message that does not follow the protocol (bad size, bad cell values, cards that make no play)."""


class ConnectionLost(Exception):
    """The other side did not send the bytes awaited: ``kind`` is ``timeout``, ``error`` or ``closed``."""

    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(detail or kind)
        self.kind = kind


def read_exactly(sock: socket.socket, size: int) -> bytes:
    """Exactly ``size`` bytes from ``sock``; :class:`ConnectionLost` saying why when they do not all come."""
    chunks = []
    left = size
    while left:
        try:
            chunk = sock.recv(left)
        except TimeoutError:
            raise ConnectionLost("timeout") from None
        except OSError as exc:
            raise ConnectionLost("error", f"connection error: {exc}") from None
        if not chunk:
            raise ConnectionLost("closed")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def empty_grid() -> Grid:
    """A grid of zeros."""
    return [[0] * COLUMNS for _ in range(ROWS)]


def pack_grid(grid: Grid) -> bytes:
    """The 480 bytes of ``grid`` on the wire (row by row, big-endian 32-bit ints)."""
    if len(grid) != ROWS or any(len(row) != COLUMNS for row in grid):
        raise ProtocolError(f"a grid has {ROWS} rows of {COLUMNS} ints")
    return _FORMAT.pack(*(value for row in grid for value in row))


def unpack_grid(data: bytes) -> Grid:
    """The grid of 480 bytes read from the wire."""
    if len(data) != GRID_BYTES:
        raise ProtocolError(f"a grid is {GRID_BYTES} bytes, got {len(data)}")
    values = _FORMAT.unpack(data)
    return [list(values[r * COLUMNS:(r + 1) * COLUMNS]) for r in range(ROWS)]


def pack_int(value: int) -> bytes:
    """One big-endian 32-bit int."""
    return _INT.pack(value)


def unpack_int(data: bytes) -> int:
    """The int of 4 bytes read from the wire."""
    if len(data) != 4:
        raise ProtocolError(f"an int is 4 bytes, got {len(data)}")
    value: int = _INT.unpack(data)[0]
    return value


def cell_of(card: int) -> tuple[int, int]:
    """The (row, column) of a card of the 52."""
    return 3 - (card & 3), (card >> 2) + 1


def card_at(row: int, column: int) -> int:
    """The card of a cell of rows 0–3, columns 1–13."""
    return (column - 1) * 4 + 3 - row


def stand_cell(card: int) -> tuple[int, int]:
    """The (row, column) where a joker standing for ``card`` sits in a play (see :mod:`president.moves`)."""
    if card < 52:
        return cell_of(card)
    if BELOW_THREE <= card < ABOVE_TWO:
        return 3 - (card - BELOW_THREE), 0
    if ABOVE_TWO <= card < FIFTH:
        return 3 - (card - ABOVE_TWO), 14
    if FIFTH <= card < SIXTH:
        return 4, card - FIFTH + 1
    raise ProtocolError("the UECda deck has one joker: no sixth card")


def stand_at(row: int, column: int) -> int:
    """What a joker in a cell stands for beside other cards: a card, a run's end (column 0 or 14) or a fifth card
    (row 4)."""
    if row == 4:
        return FIFTH + column - 1
    if column == 0:
        return BELOW_THREE + 3 - row
    if column == 14:
        return ABOVE_TWO + 3 - row
    return card_at(row, column)


def _plain_cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def hand_grid(hand: int) -> Grid:
    """The grid of a hand: a 1 per card, the joker as ``[4][1] = 2`` (state rows empty)."""
    grid = empty_grid()
    for card in _plain_cards(hand):
        row, column = cell_of(card)
        grid[row][column] = 1
    if hand & JOKERS:
        grid[4][1] = 2
    return grid


def grid_hand(grid: Grid) -> int:
    """The hand of a grid: every non-zero cell of rows 0–3 (columns 1–13), and the joker of row 4."""
    hand = 0
    for row in range(4):
        for column in range(1, 14):
            value = grid[row][column]
            if value == 1:
                hand |= 1 << card_at(row, column)
            elif value == 2:
                hand |= 1 << RED_JOKER
            elif value:
                raise ProtocolError(f"cell [{row}][{column}] of a hand holds {value}, not 0, 1 or 2")
    if any(grid[4]):
        hand |= 1 << RED_JOKER
    return hand


def play_grid(move: int, revolution: bool = False) -> Grid:
    """The grid of a play (all zeros for a pass): cards as 1s, the joker as a 2 where it stands.

    A lone joker is a 2 at ``[0][14]`` (``[0][0]`` during a revolution), past the strongest rank, as
    FujiGokoro writes it.
    """
    grid = empty_grid()
    cards = move & CARDS_MASK
    stands = stands_of(move)
    for card in _plain_cards(cards):
        row, column = cell_of(card)
        grid[row][column] = 1
    jokers = cards & JOKERS
    if jokers:
        if jokers.bit_count() > 1:
            raise ProtocolError("the UECda deck has one joker")
        joker = RED_JOKER if jokers >> RED_JOKER & 1 else BLACK_JOKER
        if joker in stands:
            row, column = stand_cell(stands[joker])
            grid[row][column] = 2
        elif cards == jokers:
            grid[0][0 if revolution else 14] = 2
        else:
            raise ProtocolError("a joker played with cards must say which card it stands for")
    return grid


def grid_play(grid: Grid) -> int:
    """The move of a play grid: 0 for a pass (no card), the engine's move otherwise.

    Raises :class:`ProtocolError` for cells other than 0, 1 and 2, a card outside rows 0–3 and
    columns 1–13, a joker in row 4 without cards or more than one joker. Whether the move is legal
    is the engine's to say.
    """
    cards = 0
    joker_cells: list[tuple[int, int]] = []
    for row in range(5):
        for column in range(COLUMNS):
            value = grid[row][column]
            if value == 0:
                continue
            if value == 1 and row < 4 and 1 <= column <= 13:
                cards |= 1 << card_at(row, column)
            elif value == 2 and (row < 4 or 1 <= column <= 13):
                joker_cells.append((row, column))
            else:
                raise ProtocolError(f"cell [{row}][{column}] of a play holds {value}")
    if len(joker_cells) > 1:
        raise ProtocolError(f"a play holds one joker, this one has {len(joker_cells)} cells of 2")
    if not joker_cells:
        return cards
    row, column = joker_cells[0]
    if not cards:
        if row == 4:
            raise ProtocolError("a joker in row 4 is the fifth card of four of a kind, and no cards came with it")
        return 1 << RED_JOKER
    return with_stands(cards | 1 << RED_JOKER, {RED_JOKER: stand_at(row, column)})


@dataclass
class State:
    """The state cells of rows 5 and 6 of a server's grid."""

    exchange: bool = False
    """``[5][0]``: the cards are being exchanged."""
    give_count: int = 0
    """``[5][1]``: the cards this player must give back (2 Daifugō, 1 Fugō, else 0)."""
    my_turn: bool = False
    """``[5][2]``: it is this player's turn."""
    turn: int = 0
    """``[5][3]``: whose turn it is (in a grid of the cards on the grid: who just moved)."""
    table_empty: bool = True
    """``[5][4]``: the grid is empty (a new trick)."""
    eleven_back: bool = False
    """``[5][5]``: a jack has reversed the order."""
    revolution: bool = False
    """``[5][6]``: a revolution is on."""
    lock: bool = False
    """``[5][7]``: the trick is locked to the suits on the grid."""
    counts: list[int] = field(default_factory=lambda: [0] * 5)
    """``[6][0..4]``: the cards each player holds."""
    classes: list[int] = field(default_factory=lambda: [0] * 5)
    """``[6][5..9]``: the class of each player (0 Daifugō … 4 Daihinmin; all 0 in a block's first game)."""
    seats: list[int] = field(default_factory=lambda: [0, 1, 2, 3, 4])
    """``[6][10..14]``: the player in each seat, in turn order."""

    def write(self, grid: Grid) -> Grid:
        """Put these cells into ``grid`` (changed in place) and return it."""
        grid[5][:8] = [int(self.exchange), self.give_count, int(self.my_turn), self.turn, int(self.table_empty),
                        int(self.eleven_back), int(self.revolution), int(self.lock)]
        grid[6][0:5] = self.counts
        grid[6][5:10] = self.classes
        grid[6][10:15] = self.seats
        return grid

    @classmethod
    def read(cls, grid: Grid) -> State:
        """The state cells of a grid."""
        five, six = grid[5], grid[6]
        return cls(bool(five[0]), five[1], bool(five[2]), five[3], bool(five[4]), bool(five[5]), bool(five[6]),
                   bool(five[7]), list(six[0:5]), list(six[5:10]), list(six[10:15]))


def handshake_grid(name: str) -> Grid:
    """The grid a client sends first: the protocol version and its name as ASCII codes (NUL-terminated)."""
    grid = empty_grid()
    grid[0][0] = PROTOCOL_VERSION
    for i, char in enumerate(name.encode("ascii", "replace")[:NAME_LENGTH]):
        grid[1][i] = char
    return grid


def handshake_name(grid: Grid) -> str:
    """The name a client sent in its handshake grid (printable ASCII, at most 9 characters)."""
    chars = []
    for value in grid[1][:NAME_LENGTH]:
        if value == 0:
            break
        chars.append(chr(value) if 32 <= value < 127 else "?")
    return "".join(chars)
