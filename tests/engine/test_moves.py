"""Moves: ints holding the cards played, their text, and how bad input is refused."""

from __future__ import annotations

import pytest

from president import IllegalMove, Match, Move, parse_cards
from president.cards import RED_JOKER
from president.moves import GIVE_FLAG, stand_str, stands_of

from .driving import lowest, play_to_deal, snapshot


def test_a_move_is_the_int_mask_of_its_cards() -> None:
    move = Move.parse("7h 7c")
    assert isinstance(move, int)
    assert move == parse_cards("7c 7h")
    assert move.cards == parse_cards("7c 7h")
    assert not move.is_pass and not move.is_give


def test_pass_is_zero_and_prints_as_pass() -> None:
    for text in ("pass", "PASS", " p ", "Pass"):
        move = Move.parse(text)
        assert move == 0 and move.is_pass and str(move) == "pass"


def test_a_gift_carries_the_give_flag_and_prints_with_give() -> None:
    move = Move.parse("give 5d 3c")
    assert move.is_give
    assert move == parse_cards("3c 5d") | GIVE_FLAG
    assert move.cards == parse_cards("3c 5d")
    assert str(move) == "give 3c 5d"
    assert Move.give(parse_cards("3c")) == Move.parse("give 3c")


def test_move_text_is_canonical_and_round_trips() -> None:
    move = Move.parse("play tc T♦ 10h")
    assert str(move) == "10c 10d 10h"
    assert Move.parse(str(move)) == move
    assert repr(move) == "Move('10c 10d 10h')"
    assert Move.play(parse_cards("RJ BJ")) == Move.parse("bj rj")


def test_illegal_move_is_a_value_error() -> None:
    assert issubclass(IllegalMove, ValueError)


@pytest.mark.parametrize("text", ["", "   "])
def test_empty_move_raises_illegal_move_with_the_reason(text: str) -> None:
    with pytest.raises(IllegalMove, match="empty move"):
        Move.parse(text)


@pytest.mark.parametrize("text", ["give", "play"])
def test_move_without_cards_raises_illegal_move(text: str) -> None:
    with pytest.raises(IllegalMove, match="no cards"):
        Move.parse(text)


def test_unparsable_move_raises_illegal_move_naming_the_token() -> None:
    with pytest.raises(IllegalMove, match="'7x'"):
        Move.parse("7c 7x")


def test_apply_refuses_empty_and_unparsable_text_and_changes_nothing() -> None:
    match = Match("tavern-jack", players=4, seed=3)
    before = snapshot(match)
    for text in ("", "hello", "7c 7c", "give", 3.5, None, True, -1):
        with pytest.raises(IllegalMove):
            match.apply(text)  # type: ignore[arg-type]
        assert snapshot(match) == before


def test_apply_accepts_text_move_objects_and_plain_ints_alike() -> None:
    first = lowest(Match("tavern-jack", players=4, seed=8))
    forms: list[int | str | Move] = [str(Move(first)), Move(first), int(first)]
    moves = []
    for move in forms:
        match = Match("tavern-jack", players=4, seed=8)
        match.apply(move)
        moves.append(match.moves)
    assert moves[0] == moves[1] == moves[2] == [(match.leader, first)]


def test_bare_cards_during_the_exchange_mean_a_gift() -> None:
    match = Match("tavern-jack", players=4, seed=5)
    play_to_deal(match, 2)
    assert match.phase == "exchange"
    seat = match.to_act
    assert seat is not None
    low = min(match.legal_masks())
    cards = str(Move(low & ~GIVE_FLAG))
    assert match.parse_move(cards) == low
    match.apply(cards)
    assert match.moves[-1] == (seat, low)


def test_a_gift_outside_the_exchange_is_illegal() -> None:
    match = Match("tavern-jack", players=4, seed=5)
    card = min(match.legal_masks())
    with pytest.raises(IllegalMove, match="exchange is over"):
        match.apply(card | GIVE_FLAG)



def test_an_int_with_bits_outside_the_deck_is_an_illegal_move_not_a_pass() -> None:
    match = Match("tavern-jack", players=4, seed=5)
    match.apply(lowest(match))
    before = snapshot(match)
    with pytest.raises(IllegalMove):
        match.apply(1 << 61)
    assert snapshot(match) == before



def test_a_mask_naming_no_card_raises_illegal_move() -> None:
    match = Match("tavern-jack", players=4, seed=5)
    with pytest.raises(IllegalMove):
        match.apply(lowest(match) | 1 << 54)


@pytest.mark.parametrize(("text", "stand"), [("3c 4c RJ=-c", "-c"), ("As 2s RJ=+s", "+s"),
                                             ("7c 7d 7h 7s RJ=7", "7"), ("5h RJ=5c", "5c")])
def test_what_only_a_joker_stands_for_prints_and_parses_back(text: str, stand: str) -> None:
    move = Move.parse(text)
    assert stand_str(stands_of(move)[RED_JOKER]) == stand
    assert str(move) == text and Move.parse(str(move)) == move


def test_a_joker_standing_for_nothing_a_joker_can_be_is_refused() -> None:
    with pytest.raises(IllegalMove, match="not what a joker can stand for"):
        Move.parse("5h RJ=x5")
    with pytest.raises(IllegalMove, match="not another joker"):
        Move.parse("5h RJ=BJ")
