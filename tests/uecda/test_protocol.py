"""Encoding of grids, hands, plays and state cells against hand-written grids."""

from __future__ import annotations

import pytest

from president.cards import RED_JOKER, parse_cards
from president.moves import Move
from president.uecda.protocol import (
    ProtocolError,
    State,
    empty_grid,
    grid_hand,
    grid_play,
    hand_grid,
    handshake_grid,
    handshake_name,
    pack_grid,
    play_grid,
    unpack_grid,
)


def cells(table: list[list[int]]) -> set[tuple[int, int, int]]:
    return {(r, c, v) for r, row in enumerate(table) for c, v in enumerate(row) if v}


def test_hand_cells_rows_are_spades_hearts_diamonds_clubs_columns_3_to_2() -> None:
    hand = parse_cards("3s 3c 10h Kd 2c RJ")
    expected = {(0, 1, 1), (3, 1, 1), (1, 8, 1), (2, 11, 1), (3, 13, 1), (4, 1, 2)}
    assert cells(hand_grid(hand)) == expected
    assert grid_hand(hand_grid(hand)) == hand


def test_pair_with_the_joker_standing_for_a_card() -> None:
    move = int(Move.parse("5h RJ=5c"))
    table = play_grid(move)
    assert cells(table) == {(1, 3, 1), (3, 3, 2)}
    assert grid_play(table) == move


def test_run_with_the_joker_in_the_middle() -> None:
    move = int(Move.parse("4s RJ=5s 6s"))
    assert cells(play_grid(move)) == {(0, 2, 1), (0, 3, 2), (0, 4, 1)}
    assert grid_play(play_grid(move)) == move


def test_lone_joker_sits_past_the_strongest_rank_and_decodes_from_any_cell() -> None:
    assert cells(play_grid(1 << RED_JOKER)) == {(0, 14, 2)}
    assert cells(play_grid(1 << RED_JOKER, revolution=True)) == {(0, 0, 2)}
    table = empty_grid()
    table[2][7] = 2
    assert grid_play(table) == 1 << RED_JOKER


def test_pass_is_all_zeros() -> None:
    assert cells(play_grid(0)) == set()
    assert grid_play(empty_grid()) == 0


def test_bad_tables_are_protocol_errors() -> None:
    table = empty_grid()
    table[0][1] = 7
    with pytest.raises(ProtocolError):
        grid_play(table)
    two = empty_grid()
    two[0][1] = two[0][2] = 2
    with pytest.raises(ProtocolError):
        grid_play(two)
    alone = empty_grid()
    alone[4][3] = 2
    with pytest.raises(ProtocolError, match="row 4"):
        grid_play(alone)
    card = empty_grid()
    card[4][3] = 1
    with pytest.raises(ProtocolError):
        grid_play(card)
    with pytest.raises(ProtocolError):
        unpack_grid(b"\x00" * 479)


def test_wire_format_is_big_endian_row_by_row() -> None:
    table = empty_grid()
    table[0][1] = 1
    table[7][14] = 258
    data = pack_grid(table)
    assert len(data) == 480
    assert data[4:8] == b"\x00\x00\x00\x01"
    assert data[-4:] == b"\x00\x00\x01\x02"
    assert unpack_grid(data) == table


def test_state_cells_round_trip() -> None:
    state = State(exchange=True, give_count=2, my_turn=True, turn=3, table_empty=False, eleven_back=False,
                  revolution=True, lock=True, counts=[11, 11, 11, 10, 10], classes=[4, 3, 2, 1, 0],
                  seats=[2, 0, 4, 1, 3])
    table = state.write(empty_grid())
    assert table[5][:8] == [1, 2, 1, 3, 0, 0, 1, 1]
    assert table[6] == [11, 11, 11, 10, 10, 4, 3, 2, 1, 0, 2, 0, 4, 1, 3]
    assert State.read(table) == state


def test_handshake_keeps_nine_ascii_characters() -> None:
    table = handshake_grid("FujiGokoroX")
    assert table[0][0] == 20070
    assert table[1][:10] == [ord(c) for c in "FujiGokor"] + [0]
    assert handshake_name(table) == "FujiGokor"


def test_five_of_a_kind_puts_the_joker_in_row_4_at_its_ranks_column() -> None:
    move = int(Move.parse("5c 5d 5h 5s RJ=5"))
    table = play_grid(move)
    assert cells(table) == {(0, 3, 1), (1, 3, 1), (2, 3, 1), (3, 3, 1), (4, 3, 2)}
    assert grid_play(table) == move


def test_a_joker_closing_a_run_sits_in_column_0_or_14() -> None:
    low = int(Move.parse("3c 4c RJ=-c"))
    assert cells(play_grid(low)) == {(3, 0, 2), (3, 1, 1), (3, 2, 1)}
    assert grid_play(play_grid(low)) == low
    high = int(Move.parse("As 2s RJ=+s"))
    assert cells(play_grid(high)) == {(0, 12, 1), (0, 13, 1), (0, 14, 2)}
    assert grid_play(play_grid(high)) == high
