"""One test per clause of the rules of seed 000, named after the clause."""

from __future__ import annotations

import pytest
from old_helpers import of_type, plays, table, wins

from president.old import DECK, MISSING, PRESIDENT, SECTIONS, OldMatch, card_text, parse_card, stack_deck
from president.old.board import FIXED_STAKES, split, stakes
from president.old.cards import rank_of
from president.old.deal import DUMMY, recipients

# Fixed stakes of three players: what each section holds after one round of staking.
THREE_FIXED = {section: 3 * chips for section, chips in FIXED_STAKES.items()}


# -- the cards -----------------------------------------------------------------------------------------------


def test_deck_of_51_cards_with_the_eight_of_diamonds_removed() -> None:
    assert len(DECK) == 51 == len(set(DECK))
    assert MISSING not in DECK
    assert card_text(MISSING) == "8d"


def test_nine_of_diamonds_is_called_the_president() -> None:
    assert PRESIDENT == parse_card("9d") == parse_card("president") == parse_card("9♦")
    match = table({1: "9d"}, dummy="10d")
    assert match.apply("9d")[0].data["name"] == "nine of diamonds (the President)"


def test_aces_are_low() -> None:
    assert rank_of(parse_card("Ah")) == 1 < rank_of(parse_card("2h"))
    match = table({1: "Ah", 2: "2h"}, dummy="3h")
    assert plays(match.apply("Ah")) == [(1, "Ah"), (2, "2h")]


# -- chips and the board -------------------------------------------------------------------------------------


def test_equal_chips_for_every_player_at_the_start() -> None:
    match = OldMatch(players=5, chips=60, seed=3)
    stake = sum(FIXED_STAKES.values())
    assert [event.seat for event in of_type(match.log, "stake")] == [1, 2, 3, 4, 0]
    dealer_gain = sum(chips for _, _, chips in wins(match.log))
    assert sorted(match.chips) == sorted([60 - stake] * 4 + [60 - stake + dealer_gain])


def test_staking_board_has_the_eight_sections() -> None:
    assert SECTIONS == ("ace", "jack", "intrigue", "queen", "matrimony", "king", "president", "game")
    assert set(OldMatch().board) == set(SECTIONS)


def test_equal_staking_spreads_an_agreed_amount_evenly_over_the_sections() -> None:
    assert stakes("equal", 16) == dict.fromkeys(SECTIONS, 2)
    match = table({}, staking="equal", stake=16, turn_up="5c")
    assert match.board == dict.fromkeys(SECTIONS, 6)
    assert match.chips == [100 - 16] * 3
    with pytest.raises(ValueError, match="multiple of 8"):
        OldMatch(staking="equal", stake=12)


def test_fixed_staking_four_on_president_two_on_matrimony_two_on_intrigue_one_elsewhere() -> None:
    assert stakes("fixed", 0) == {"ace": 1, "jack": 1, "intrigue": 2, "queen": 1, "matrimony": 2, "king": 1,
                                  "president": 4, "game": 1}
    match = table({}, turn_up="5c")
    assert match.board == THREE_FIXED
    assert match.chips == [100 - 13] * 3


# -- the deal -------------------------------------------------------------------------------------------------


def test_deal_one_at_a_time_clockwise_from_the_dealers_left_dummy_just_before_the_dealer() -> None:
    assert recipients(4, dealer=2)[:10] == [3, 0, 1, DUMMY, 2, 3, 0, 1, DUMMY, 2]
    match = OldMatch(players=4, first_dealer=2, decks=[list(DECK)])
    for seat, first in ((3, 0), (0, 1), (1, 2), (2, 4)):
        assert match.hand(seat) == [DECK[index] for index in range(first, 50, 5)]
    assert match.dummy() == [DECK[index] for index in range(3, 50, 5)]


def test_deal_until_one_card_is_left_which_is_turned_up_on_the_dummy() -> None:
    match = OldMatch(players=3, decks=[list(DECK)])
    assert match.turned_up == DECK[50]
    assert sum(len(match.hand(seat)) for seat in range(3)) + len(match.dummy()) == 50
    assert [len(match.hand(seat)) for seat in (1, 2, 0)] == [13, 13, 12] and len(match.dummy()) == 12
    assert match.view(0)["turned_up"] == card_text(DECK[50])


# -- the turned-up card ---------------------------------------------------------------------------------------


def test_turned_up_president_wins_the_dealer_the_president_and_game_sections_and_ends_the_deal() -> None:
    match = table({}, turn_up="9d", deals=2, later=[stack_deck(3, 1, {}, turn_up="5c")])
    assert wins(match.log) == [(0, "president", 12), (0, "game", 3)]
    assert not of_type(match.log, "play")
    assert match.deal_number == 2 and match.dealer == 1 and match.to_act == 2
    assert match.chips == [100 - 26 + 15, 100 - 26, 100 - 26]
    assert match.board == {section: chips * 2 - (chips if section in ("president", "game") else 0)
                           for section, chips in THREE_FIXED.items()}


def test_turned_up_president_wins_the_whole_board_as_an_option() -> None:
    match = table({}, turn_up="9d", president_turnup="board", deals=2, later=[stack_deck(3, 1, {}, turn_up="5c")])
    assert sum(chips for seat, _, chips in wins(match.log) if seat == 0) == 39
    assert match.chips[0] == 100 - 26 + 39


def test_turned_up_card_other_than_the_president_makes_its_suit_trumps() -> None:
    match = table({}, turn_up="5h")
    assert match.trumps == 2 and match.view(1)["trumps"] == "h"
    assert not wins(match.log)


@pytest.mark.parametrize("card,section", [("Ah", "ace"), ("Jh", "jack"), ("Qh", "queen"), ("Kh", "king")])
def test_turned_up_ace_or_court_card_wins_the_dealer_that_section(card: str, section: str) -> None:
    match = table({}, turn_up=card)
    assert wins(match.log) == [(0, section, 3)]
    assert match.board[section] == 0 and match.chips[0] == 100 - 13 + 3


# -- the play --------------------------------------------------------------------------------------------------


def test_eldest_hand_starts_the_play() -> None:
    assert table({}, dealer=0).to_act == 1
    assert table({}, dealer=2).to_act == 0


def test_each_card_is_named_as_it_is_played() -> None:
    match = table({1: "3h"}, dummy="4h")
    (play,) = of_type(match.apply("3h"), "play")
    assert play.data["name"] == "three of hearts" and play.data["lead"]


def test_the_holder_of_the_next_card_up_continues_the_sequence() -> None:
    match = table({1: "3h", 2: "4h", 0: "5h"}, dummy="6h")
    assert plays(match.apply("3h")) == [(1, "3h"), (2, "4h"), (0, "5h")]


def test_the_sequence_stops_after_the_king() -> None:
    match = table({1: "Qh Kh", 2: "Ah"}, dummy="2h")
    events = match.apply("Qh")
    assert plays(events) == [(1, "Qh"), (1, "Kh")]
    assert of_type(events, "sequence_end")[0].data == {"card": "Kh", "reason": "king", "next": None}


def test_the_sequence_stops_at_the_missing_eight_of_diamonds() -> None:
    match = table({1: "6d 7d", 2: "9d"})
    events = match.apply("6d")
    assert plays(events) == [(1, "6d"), (1, "7d")]
    assert of_type(events, "sequence_end")[0].data["reason"] == "missing"


def test_the_sequence_stops_at_a_card_in_the_dummy() -> None:
    match = table({1: "3s"}, dummy="4s")
    assert of_type(match.apply("3s"), "sequence_end")[0].data == {"card": "3s", "reason": "dummy", "next": "4s"}


def test_the_sequence_stops_at_the_turned_up_card_on_the_dummy() -> None:
    match = table({1: "4c"}, turn_up="5c")
    assert of_type(match.apply("4c"), "sequence_end")[0].data["reason"] == "dummy"


def test_the_sequence_stops_at_a_card_already_played() -> None:
    match = table({1: "4s 5s"}, dummy="6s")
    match.apply("5s")
    events = match.apply("4s")
    assert plays(events) == [(1, "4s")]
    assert of_type(events, "sequence_end")[0].data["reason"] == "played"


def test_the_player_of_the_last_card_starts_a_new_sequence() -> None:
    match = table({1: "3h", 2: "4h", 0: "5h"}, dummy="6h")
    match.apply("3h")
    assert match.to_act == 0 and match.phase == "lead"
    assert match.view(0)["sequence"] == []


def test_nobody_passes_the_holder_of_the_next_card_must_play_it() -> None:
    match = table({1: "3h", 2: "4h"}, dummy="5h", auto_play=False)
    match.apply("3h")
    assert match.to_act == 2 and match.phase == "continue"
    assert [str(move) for move in match.legal_moves()] == ["4h"]


# -- the payouts -----------------------------------------------------------------------------------------------


def test_trump_ace_jack_queen_and_king_win_their_sections() -> None:
    match = table({1: "Ah Jh", 2: "Qh", 0: "Kh"}, dummy="2h 10h", turn_up="5h")
    assert wins(match.apply("Ah")) == [(1, "ace", 3)]
    match = table({1: "Jh", 2: "Qh", 0: "Kh"}, dummy="10h", turn_up="5h")
    assert wins(match.apply("Jh")) == [(1, "jack", 3), (2, "queen", 3), (0, "king", 3)]


def test_honours_outside_trumps_win_nothing() -> None:
    match = table({1: "As Js Qs Ks"}, dummy="2s", turn_up="5h")
    assert not wins(match.apply("As")) and not wins(match.apply("Js"))


def test_intrigue_for_the_trump_jack_then_queen_in_succession() -> None:
    match = table({1: "Jh Qh"}, dummy="Kh", turn_up="5h")
    assert wins(match.apply("Jh")) == [(1, "jack", 3), (1, "queen", 3), (1, "intrigue", 6)]


def test_no_intrigue_when_the_trump_jack_and_queen_are_not_played_in_succession() -> None:
    match = table({1: "Jh Qh"}, dummy="Kh", turn_up="5h")
    assert wins(match.apply("Qh")) == [(1, "queen", 3)]
    assert wins(match.apply("Jh")) == [(1, "jack", 3)]
    assert match.board["intrigue"] == 6


def test_matrimony_for_the_trump_queen_then_king_in_succession() -> None:
    match = table({1: "Qh Kh"}, dummy="Jh", turn_up="5h")
    assert wins(match.apply("Qh")) == [(1, "queen", 3), (1, "king", 3), (1, "matrimony", 6)]


def test_no_intrigue_or_matrimony_when_different_players_play_the_pair() -> None:
    match = table({1: "Jh", 2: "Qh", 0: "Kh"}, dummy="10h", turn_up="5h")
    match.apply("Jh")
    assert match.board["intrigue"] == 6 and match.board["matrimony"] == 6


def test_the_president_played_wins_the_president_section() -> None:
    match = table({1: "9d", 2: "10d"}, dummy="Jd")
    events = match.apply("9d")
    assert wins(events) == [(1, "president", 12)]
    assert plays(events) == [(1, "9d"), (2, "10d")]


def test_cards_win_chips_only_when_played_in_a_sequence() -> None:
    hands = {1: "Qc Kc Qd Kd Ks", 2: "Ah Kh 9d"}
    match = table(hands, dummy="", turn_up="5h", players=10, deals=2,
                  later=[stack_deck(10, 1, {}, turn_up="5c")])
    match.apply("Qc")
    match.apply("Qd")
    events = match.apply("Ks")
    assert wins(events) == [(1, "game", 10)]
    assert match.board["ace"] == match.board["king"] == match.board["president"] / 4 == 20


# -- going out --------------------------------------------------------------------------------------------------


def test_going_out_wins_the_game_section_and_a_chip_for_every_card_left_in_each_other_hand() -> None:
    match = table({1: "Qc Kc Qd Kd Ks"}, dummy="9d", turn_up="5h", players=10)
    match.apply("Qc")
    match.apply("Qd")
    left = {seat: len(match.hand(seat)) for seat in range(10)}
    events = match.apply("Ks")
    assert of_type(events, "out")[0].seat == 1
    assert wins(events, "going out") == [(1, "game", 10)]
    paid = {event.seat: event.data["chips"] for event in of_type(events, "pay")}
    assert paid == {seat: left[seat] for seat in range(10) if seat != 1}
    chips = of_type(events, "deal_end")[0].data["chips"]
    assert chips[1] == 87 + 10 + sum(paid.values())
    assert all(chips[seat] == 87 - left[seat] for seat in (0, *range(2, 10)))


def test_the_holder_of_an_unplayed_president_pays_nothing_for_his_cards() -> None:
    match = table({1: "Qc Kc Qd Kd Ks", 3: "9d"}, turn_up="5h", players=10)
    for card in ("Qc", "Qd"):
        match.apply(card)
    events = match.apply("Ks")
    assert [event.seat for event in of_type(events, "exempt")] == [3]
    assert 3 not in [event.seat for event in of_type(events, "pay")]
    assert of_type(events, "deal_end")[0].data["chips"][3] == 87


def test_the_deal_ends_as_soon_as_a_player_has_no_cards_even_mid_sequence() -> None:
    match = table({1: "Qc Kc Qd Kd Jh", 2: "Qh"}, dummy="Kh", turn_up="5h", players=10)
    match.apply("Qc")
    match.apply("Qd")
    events = match.apply("Jh")
    assert plays(events) == [(1, "Jh")]
    assert of_type(events, "out")[0].seat == 1 and match.is_over


# -- between deals ------------------------------------------------------------------------------------------------


def test_chips_not_won_stay_on_the_board_and_new_stakes_are_added_each_deal() -> None:
    match = table({1: "Qc Kc Qd Kd Ks"}, dummy="9d", turn_up="5h", players=10, deals=2,
                  later=[stack_deck(10, 1, {}, turn_up="5c")])
    for card in ("Qc", "Qd", "Ks"):
        match.apply(card)
    assert match.deal_number == 2
    assert match.board == {section: 10 * chips * (1 if section == "game" else 2)
                           for section, chips in FIXED_STAKES.items()}


def test_the_deal_passes_to_the_left() -> None:
    match = table({}, turn_up="9d", deals=3, later=[stack_deck(3, 1, {}, turn_up="9d"),
                                                     stack_deck(3, 2, {}, turn_up="5c")])
    assert [event.seat for event in of_type(match.log, "deal_start")] == [0, 1, 2]
    assert match.to_act == 0


# -- the settlement ------------------------------------------------------------------------------------------------


def _settled(hands: dict[int, str], **options: object) -> OldMatch:
    """A one-deal match ended by a turned-up President, then a stacked settlement redeal by seat 1."""
    redeal = stack_deck(3, 1, {seat: cards.split() for seat, cards in hands.items()}, dummy=False)
    return table({}, turn_up="9d", later=[redeal], **options)  # type: ignore[arg-type]


def test_leftover_chips_are_shared_out_by_a_face_up_redeal_without_a_dummy() -> None:
    match = _settled({0: "Ad"})
    (redeal,) = of_type(match.log, "settlement_deal")
    assert redeal.seat == 1
    assert sorted(len(hand) for hand in redeal.data["hands"]) == [17, 17, 17]
    assert match.is_over and sum(match.board.values()) == 0
    assert match.view(2)["settlement"]["hands"] == redeal.data["hands"]


def test_settlement_ace_jack_queen_of_diamonds_and_the_president_take_their_sections() -> None:
    match = _settled({0: "Ad Jd", 1: "Qd", 2: "Kd"})
    settled = wins(match.log, "settlement")
    assert (0, "ace", 3) in settled and (0, "jack", 3) in settled and (1, "queen", 3) in settled
    assert (2, "king", 3) in settled


def test_settlement_matrimony_is_split_between_the_holders_of_king_and_queen() -> None:
    match = _settled({0: "Ad Jd", 1: "Qd", 2: "Kd"})
    assert [win for win in wins(match.log, "settlement") if win[1] == "matrimony"] == [(2, "matrimony", 3),
                                                                                      (1, "matrimony", 3)]


def test_settlement_intrigue_is_split_between_the_holders_of_queen_and_jack() -> None:
    match = _settled({0: "Ad Jd", 1: "Qd", 2: "Kd"})
    assert [win for win in wins(match.log, "settlement") if win[1] == "intrigue"] == [(1, "intrigue", 3),
                                                                                     (0, "intrigue", 3)]
    assert match.chips == [100 - 13 + 15 + 3 + 3 + 3, 100 - 13 + 3 + 3 + 3, 100 - 13 + 3 + 3]


def test_settlement_odd_chip_goes_to_the_holder_of_the_higher_card() -> None:
    match = _settled({1: "Kd", 2: "Qd", 0: "Jd"}, staking="equal", stake=8)
    settled = wins(match.log, "settlement")
    assert [win for win in settled if win[1] == "matrimony"] == [(1, "matrimony", 2), (2, "matrimony", 1)]
    assert [win for win in settled if win[1] == "intrigue"] == [(2, "intrigue", 2), (0, "intrigue", 1)]


def test_settlement_odd_chip_to_the_eldest_holder_as_an_option() -> None:
    match = _settled({1: "Kd", 2: "Qd", 0: "Jd"}, staking="equal", stake=8, odd_chip="eldest")
    settled = wins(match.log, "settlement")
    assert [win for win in settled if win[1] == "matrimony"] == [(2, "matrimony", 2), (1, "matrimony", 1)]


def test_settlement_one_player_holding_both_cards_takes_the_whole_split_section() -> None:
    match = _settled({2: "Kd Qd"})
    assert [win for win in wins(match.log, "settlement") if win[1] == "matrimony"] == [(2, "matrimony", 6)]


def test_settlement_game_section_split_among_all_players_from_the_dealers_left() -> None:
    assert split(7, [2, 0, 1]) == [(2, 3), (0, 2), (1, 2)]


def test_no_settlement_redeal_when_the_board_is_empty() -> None:
    match = table({}, turn_up="9d", president_turnup="board")
    assert match.is_over and not of_type(match.log, "settlement_deal")


# -- conservation ---------------------------------------------------------------------------------------------------


def test_chips_are_conserved_in_every_case() -> None:
    match = OldMatch(players=4, seed=11, chips=5)
    while match.to_act is not None:
        match.apply(match.legal_moves()[-1])
        assert sum(match.chips) + sum(match.board.values()) == 20
    assert sum(match.chips) == 20 and min(match.chips) < 0
