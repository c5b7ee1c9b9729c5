"""Cards: numbering, text notation (input in many spellings, one canonical output), masks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from president import Cards, card_str, cards_str, parse_card, parse_cards
from president.cards import cards_list, highest_cards, iter_cards, lowest_cards, mask_of, rank_count

RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
SUITS = ["c", "d", "h", "s"]


def test_card_number_is_rank_times_four_plus_suit() -> None:
    for rank, name in enumerate(RANKS):
        for suit, letter in enumerate(SUITS):
            assert parse_card(name + letter) == rank * 4 + suit


def test_three_of_clubs_is_card_zero_and_two_of_spades_is_51() -> None:
    assert parse_card("3c") == 0
    assert parse_card("2s") == 51


def test_jokers_are_cards_52_black_and_53_red() -> None:
    assert parse_card("BJ") == 52
    assert parse_card("RJ") == 53
    assert card_str(52) == "BJ"
    assert card_str(53) == "RJ"


def test_canonical_output_uses_10_upper_case_ranks_and_lower_case_suits() -> None:
    assert card_str(parse_card("th")) == "10h"
    assert card_str(parse_card("qS")) == "Qs"
    assert card_str(parse_card("rj")) == "RJ"
    assert cards_str(parse_cards("Kd 3c Ah 10s 2h")) == "3c 10s Kd Ah 2h"


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("10c", "10c"), ("Tc", "10c"), ("tc", "10c"), ("TC", "10c"), ("10C", "10c"),
        ("7♣", "7c"), ("7♦", "7d"), ("7♥", "7h"), ("7♠", "7s"), ("q♠", "Qs"), ("A♥", "Ah"),
        ("jd", "Jd"), ("KH", "Kh"), ("aS", "As"), ("2C", "2c"), ("bj", "BJ"), ("Rj", "RJ"),
    ],
)
def test_card_input_accepts_letters_symbols_and_any_case(text: str, card: str) -> None:
    assert card_str(parse_card(text)) == card


def test_every_card_round_trips_through_its_text() -> None:
    for card in range(54):
        assert parse_card(card_str(card)) == card


@pytest.mark.parametrize("token", ["1c", "11h", "Xs", "7x", "7", "c", "joker", "", "10", "Kk", "0s"])
def test_bad_card_raises_value_error_naming_the_token(token: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_card(token)
    assert repr(token) in str(info.value)


def test_bad_card_in_a_list_names_the_bad_token() -> None:
    with pytest.raises(ValueError, match="'9x'"):
        parse_cards("7c 8h 9x 10d")


def test_a_card_given_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        parse_cards("7c 7h 7C")


def test_card_list_separators_are_spaces_or_commas() -> None:
    assert parse_cards("7c,7h  8d, 9s") == parse_cards("7c 7h 8d 9s")
    assert parse_cards("") == 0


def test_card_number_outside_the_deck_has_no_text() -> None:
    with pytest.raises(ValueError):
        card_str(54)


def test_nibble_of_a_rank_holds_its_four_suits() -> None:
    hand = parse_cards("7c 7h 7s 9d")
    seven = RANKS.index("7")
    assert (hand >> (4 * seven)) & 15 == 0b1101
    assert rank_count(hand, seven) == 3
    assert rank_count(hand, RANKS.index("9")) == 1
    assert rank_count(hand, RANKS.index("8")) == 0


def test_highest_cards_breaks_rank_ties_by_suit_spades_first() -> None:
    hand = parse_cards("2c 2h Ad As 3c")
    assert cards_str(highest_cards(hand, 1)) == "2h"
    assert cards_str(highest_cards(hand, 2)) == "2c 2h"
    assert cards_str(highest_cards(hand, 3)) == "As 2c 2h"


def test_highest_cards_puts_jokers_above_the_twos() -> None:
    hand = parse_cards("2s BJ Kc RJ")
    assert cards_str(highest_cards(hand, 1)) == "RJ"
    assert cards_str(highest_cards(hand, 2)) == "BJ RJ"
    assert cards_str(highest_cards(hand, 3)) == "2s BJ RJ"


def test_lowest_cards_takes_clubs_first_among_equal_ranks() -> None:
    assert cards_str(lowest_cards(parse_cards("5s 5c 4h Kd"), 2)) == "4h 5c"


def test_cards_wrapper_prints_iterates_and_compares() -> None:
    cards = Cards.parse("tc 7h 7c")
    assert str(cards) == "7c 7h 10c"
    assert len(cards) == 3
    assert list(cards) == [parse_card("7c"), parse_card("7h"), parse_card("10c")]
    assert parse_card("7h") in cards and parse_card("7d") not in cards
    assert cards == Cards(parse_cards("7c 7h 10c")) and hash(cards) == hash(Cards(cards.mask))
    assert cards != Cards.parse("7c 7h")
    assert repr(cards) == "Cards('7c 7h 10c')"


masks = st.integers(min_value=0, max_value=(1 << 54) - 1)


@settings(max_examples=200)
@given(masks)
def test_any_set_of_cards_round_trips_through_text(mask: int) -> None:
    assert parse_cards(cards_str(mask)) == mask
    assert mask_of(iter_cards(mask)) == mask
    assert cards_list(mask) == cards_str(mask).split() == [card_str(c) for c in iter_cards(mask)]


@settings(max_examples=200)
@given(masks, st.integers(min_value=0, max_value=6))
def test_highest_and_lowest_cards_split_a_hand_by_strength(mask: int, count: int) -> None:
    high, low = highest_cards(mask, count), lowest_cards(mask, count)
    taken = min(count, mask.bit_count())
    assert high.bit_count() == low.bit_count() == taken
    assert high & ~mask == 0 and low & ~mask == 0
    rest = mask & ~high
    if rest and high:
        assert min(iter_cards(high)) > max(iter_cards(rest))
    rest = mask & ~low
    if rest and low:
        assert max(iter_cards(low)) < min(iter_cards(rest))
