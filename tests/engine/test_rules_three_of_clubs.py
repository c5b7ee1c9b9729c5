"""Preset ``three-of-clubs``: one test per clause of seed 004 (the rules part of the text)."""

from __future__ import annotations

import pytest

from president import IllegalMove, Match, get_rules, parse_card
from president.cards import highest_cards
from president.moves import GIVE_FLAG

from .driving import (
    finish_deal,
    finished_match,
    legal_texts,
    play,
    play_match,
    play_to_deal,
    pre_exchange_hands,
    random_policy,
)
from .spec import TITLE_NAMES

PRESET = "three-of-clubs"
THREE_OF_CLUBS = 1 << parse_card("3c")


def test_three_of_clubs_is_played_by_four_players() -> None:
    rules = get_rules(PRESET)
    assert (rules.min_players, rules.max_players) == (4, 4)
    for players in (3, 5):
        with pytest.raises(ValueError):
            Match(PRESET, players=players, seed=0)


def test_three_of_clubs_deals_52_cards_13_each() -> None:
    for seed in range(5):
        match = Match(PRESET, players=4, seed=seed)
        assert match.counts() == [13, 13, 13, 13] and sum(match.hands) == (1 << 52) - 1


def test_three_of_clubs_the_holder_of_the_three_of_clubs_leads_the_first_deal() -> None:
    for seed in range(12):
        match = Match(PRESET, players=4, seed=seed)
        holder = next(s for s in range(4) if match.hands[s] & THREE_OF_CLUBS)
        assert match.to_act == match.leader == holder


def test_three_of_clubs_the_first_lead_must_contain_the_three_of_clubs() -> None:
    match = Match(PRESET, players=4, seed=7)
    assert match.legal_masks() and all(m & THREE_OF_CLUBS for m in match.legal_masks())
    other = match.hands[match.leader] & ~THREE_OF_CLUBS
    card = other & -other
    with pytest.raises(IllegalMove, match="3c"):
        match.apply(card)
    assert match.seat_view(match.leader).must_contain == THREE_OF_CLUBS
    assert match.view(match.leader)["must_contain"] == "3c"


def test_three_of_clubs_the_first_lead_may_be_a_pair_or_three_holding_the_three_of_clubs() -> None:
    match = Match.from_hands(PRESET, ["3c 3d 3h 9s", "4c", "5c", "6c"])
    assert match.to_act == 0
    assert legal_texts(match) == {"3c", "3c 3d", "3c 3h", "3c 3d 3h"}


def test_three_of_clubs_only_the_first_lead_of_the_match_must_contain_it() -> None:
    match = Match.from_hands(PRESET, ["4d 3c 9s", "5c 6d", "7c 8d", "Jh Qh"])
    play(match, (0, "3c"), (1, "5c"), (2, "7c"), (3, "Jh"), (0, "pass"), (1, "pass"), (2, "pass"))
    assert match.to_act == 3 and legal_texts(match) == {"Qh"}
    play(match, (3, "Qh"), (0, "pass"), (1, "pass"), (2, "pass"))
    assert match.to_act == 0 and legal_texts(match) == {"4d", "9s"}


def test_three_of_clubs_later_deals_have_no_card_the_lead_must_contain() -> None:
    match = Match(PRESET, players=4, seed=3)
    play_to_deal(match, 2)
    while match.phase == "exchange":
        match.apply(min(match.legal_masks()))
    hand = match.hands[match.leader]
    assert {m.bit_count() for m in match.legal_masks()} <= {1, 2, 3}
    assert len(match.legal_masks()) > 1 and any(m & hand & ~THREE_OF_CLUBS for m in match.legal_masks())
    assert match.seat_view(match.leader).must_contain == 0


def test_three_of_clubs_leads_are_a_single_a_pair_or_three_of_a_kind_never_four() -> None:
    match = Match.from_hands(PRESET, ["9c 9d 9h 9s", "4c", "5c", "6c"], leader=0)
    assert {len(t.split()) for t in legal_texts(match)} == {1, 2, 3}
    with pytest.raises(IllegalMove, match="at most 3"):
        match.apply("9c 9d 9h 9s")


def test_three_of_clubs_three_of_four_cards_of_a_rank_may_be_played() -> None:
    match = Match.from_hands(PRESET, ["9c 9d 9h 9s", "4c", "5c", "6c"], leader=0)
    play(match, (0, "9c 9d 9s"))
    assert match.hand(0) == "9h"


def test_three_of_clubs_the_next_player_plays_as_many_cards_of_a_higher_value_or_passes() -> None:
    match = Match.from_hands(PRESET, ["5c 5d 3c", "5h 5s 6c 6d 6h Ks", "4c", "4d"], leader=0)
    play(match, (0, "5c 5d"))
    assert legal_texts(match) == {"6c 6d", "6c 6h", "6d 6h", "pass"}


def test_three_of_clubs_suits_do_not_count() -> None:
    match = Match.from_hands(PRESET, ["7s 3c", "7c 8c", "4d", "4h"], leader=0)
    play(match, (0, "7s"))
    assert legal_texts(match) == {"8c", "pass"}, "the 7 of clubs is neither higher nor lower than the 7 of spades"


def test_three_of_clubs_a_player_who_passes_may_still_play_later_in_the_same_trick() -> None:
    match = Match.from_hands(PRESET, ["3c 4c", "5c Kc", "6c 7c", "8c 9c"], leader=0)
    play(match, (0, "4c"), (1, "pass"), (2, "6c"), (3, "8c"), (0, "pass"))
    assert match.to_act == 1 and "Kc" in legal_texts(match)


def test_three_of_clubs_when_all_other_players_still_in_pass_the_last_player_leads_anew() -> None:
    match = Match.from_hands(PRESET, ["3c 4c", "5c Kc", "6c 7c", "8c 9c"], leader=0)
    events = play(match, (0, "4c"), (1, "Kc"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert events[-1].kind == "trick_cleared" and match.to_act == 1


def test_three_of_clubs_a_player_out_on_the_last_play_passes_the_lead_to_the_next_player_still_in() -> None:
    match = Match.from_hands(PRESET, ["3c 4c", "Ac", "6c 7c", "8c 9c"], leader=0)
    play(match, (0, "4c"), (1, "Ac"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert match.finished == [1] and match.to_act == 2


def test_three_of_clubs_titles_president_vice_president_vice_clochard_clochard() -> None:
    match = Match(PRESET, players=4, seed=2)
    finish_deal(match, random_policy(2))
    order = match.deal_results[0].order
    rules = get_rules(PRESET)
    assert tuple(rules.title_name(match.titles[s] or "") for s in order) == TITLE_NAMES[PRESET][4]


def test_three_of_clubs_from_deal_two_the_clochard_gives_his_two_strongest_to_the_president() -> None:
    match = Match(PRESET, players=4, seed=15)
    play_to_deal(match, 2)
    order = match.deal_results[-1].order
    president, clochard = order[0], order[-1]
    gift = highest_cards(pre_exchange_hands(match)[clochard], 2)
    assert match.seat_view(clochard).given == gift == match.seat_view(president).received
    assert match.to_act == president
    back = max(match.legal_masks())
    assert back.bit_count() == 3, "two cards of his choice, plus the gift flag"
    match.apply(back)
    assert match.hands[clochard] & back & ~GIVE_FLAG == back & ~GIVE_FLAG


def test_three_of_clubs_the_vice_clochard_gives_his_strongest_to_the_vice_president_who_returns_one() -> None:
    match = Match(PRESET, players=4, seed=16)
    play_to_deal(match, 2)
    order = match.deal_results[-1].order
    vice_president, vice_clochard = order[1], order[2]
    gift = highest_cards(pre_exchange_hands(match)[vice_clochard], 1)
    assert match.seat_view(vice_clochard).given == gift == match.seat_view(vice_president).received
    match.apply(min(match.legal_masks()))
    assert match.to_act == vice_president
    hand = match.hands[vice_president]
    assert {m & ~GIVE_FLAG for m in match.legal_masks()} == {1 << c for c in range(52) if hand >> c & 1}
    match.apply(min(match.legal_masks()))
    assert match.phase == "play"


def test_three_of_clubs_the_clochard_leads_the_first_trick_of_later_deals() -> None:
    match = Match(PRESET, players=4, seed=5)
    policy = random_policy(5)
    for number in range(2, 6):
        play_to_deal(match, number, policy)
        clochard = match.deal_results[-1].order[-1]
        while match.phase == "exchange":
            match.apply(min(match.legal_masks()))
        assert match.to_act == clochard


def test_three_of_clubs_each_deal_gives_3_2_1_0_points() -> None:
    match = Match(PRESET, players=4, seed=9)
    for _ in range(3):
        finish_deal(match, random_policy(9))
        result = match.deal_results[-1]
        assert [result.points[s] for s in result.order] == [3, 2, 1, 0]


@pytest.mark.parametrize(("deals", "expected"), [(None, 5), (10, 10)])
def test_three_of_clubs_a_match_is_five_deals_or_ten_with_the_option(deals: int | None, expected: int) -> None:
    match = Match(PRESET, players=4, seed=11, deals=deals)
    play_match(match, random_policy(11))
    assert match.deal_number == len(match.deal_results) == expected
    best = max(match.scores)
    assert match.winners[0] in [s for s in range(4) if match.scores[s] == best] and len(match.winners) == 1


def test_three_of_clubs_a_tie_goes_to_the_player_ranked_better_in_the_last_deal() -> None:
    match = finished_match(PRESET, 4, lambda m: m.scores.count(max(m.scores)) > 1)
    best = max(match.scores)
    tied = [s for s in range(4) if match.scores[s] == best]
    last_order = match.deal_results[-1].order
    assert match.winners == [min(tied, key=last_order.index)]
