"""Preset ``tavern-jack``: one test per clause of seed 001, and its worked examples."""

from __future__ import annotations

from math import comb

import pytest

from president import IllegalMove, Match, get_rules, parse_cards
from president.cards import cards_str, highest_cards, lowest_cards
from president.moves import GIVE_FLAG

from .driving import (
    exchange_position,
    finish_deal,
    finished_match,
    legal_texts,
    play,
    play_match,
    play_to_deal,
    pre_exchange_hands,
    random_policy,
    seats_named,
)
from .spec import TITLE_NAMES

PRESET = "tavern-jack"
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]


def test_tavern_jack_is_played_by_three_to_six_players() -> None:
    rules = get_rules(PRESET)
    assert (rules.min_players, rules.max_players) == (3, 6)
    for players in (2, 7):
        with pytest.raises(ValueError):
            Match(PRESET, players=players, seed=0)


@pytest.mark.parametrize("players", range(3, 7))
def test_tavern_jack_deals_the_52_cards_without_jokers(players: int) -> None:
    match = Match(PRESET, players=players, seed=players)
    hands = match.hands
    assert sum(h.bit_count() for h in hands) == 52
    assert sum(hands) == (1 << 52) - 1, "every card of the 52 exactly once, no joker"


@pytest.mark.parametrize(
    ("players", "counts"),
    [(3, [18, 17, 17]), (4, [13, 13, 13, 13]), (5, [11, 11, 10, 10, 10]), (6, [9, 9, 9, 9, 8, 8])],
)
def test_tavern_jack_deals_one_at_a_time_starting_with_the_first_leader(players: int, counts: list[int]) -> None:
    for seed in range(8):
        match = Match(PRESET, players=players, seed=seed)
        leader = match.leader
        assert match.to_act == leader
        assert [match.hands[(leader + i) % players].bit_count() for i in range(players)] == counts


def test_tavern_jack_three_players_deal_18_17_17() -> None:
    match = Match(PRESET, players=3, seed=11, first_leader=1)
    assert match.counts() == [17, 18, 17]


def test_tavern_jack_first_leader_of_a_match_is_drawn_from_the_seed() -> None:
    leaders = {seed: Match(PRESET, players=4, seed=seed).leader for seed in range(40)}
    assert set(leaders.values()) == {0, 1, 2, 3}, "over many matches every seat leads first"
    assert all(Match(PRESET, players=4, seed=seed).leader == leader for seed, leader in leaders.items())


def test_tavern_jack_first_leader_may_be_given() -> None:
    for seat in range(5):
        match = Match(PRESET, players=5, seed=3, first_leader=seat)
        assert match.leader == match.to_act == seat
        assert match.hands[seat].bit_count() == 11


@pytest.mark.parametrize("rank", range(13))
def test_tavern_jack_three_is_the_lowest_card_and_two_the_highest(rank: int) -> None:
    one_of_each = " ".join(name + "d" for name in RANKS)
    match = Match.from_hands(PRESET, [RANKS[rank] + "c 3h", one_of_each, "4s", "5s"], leader=0)
    play(match, (0, RANKS[rank] + "c"))
    expected = {name + "d" for name in RANKS[rank + 1:]} | {"pass"}
    assert legal_texts(match) == expected


def test_tavern_jack_a_lead_is_one_card_or_a_pair_three_or_four_of_one_rank() -> None:
    match = Match.from_hands(PRESET, ["9c 9d 9h 9s", "4s", "5s"], leader=0)
    sizes = {len(text.split()) for text in legal_texts(match)}
    assert sizes == {1, 2, 3, 4}
    play(match, (0, "9c 9d 9h 9s"))
    assert match.table == "9c 9d 9h 9s"


def test_tavern_jack_two_eights_are_beaten_by_two_nines_not_by_a_single_ace_or_three_kings() -> None:
    match = Match.from_hands(PRESET, ["8c 8d 3c", "9c 9d Ah Kc Kd Ks", "4s"], leader=0)
    play(match, (0, "8c 8d"))
    assert match.is_legal("9c 9d")
    for text in ("Ah", "Kc Kd Ks"):
        with pytest.raises(IllegalMove):
            match.apply(text)
    play(match, (1, "9c 9d"))
    assert match.table == "9c 9d"


def test_tavern_jack_the_same_card_is_not_enough_a_seven_needs_at_least_an_eight() -> None:
    match = Match.from_hands(PRESET, ["7c 3c", "7d 8h", "4s"], leader=0)
    play(match, (0, "7c"))
    assert legal_texts(match) == {"8h", "pass"}
    with pytest.raises(IllegalMove, match="does not beat"):
        match.apply("7d")


def test_tavern_jack_a_pass_is_always_allowed_when_cards_are_on_the_table() -> None:
    match = Match.from_hands(PRESET, ["3c 4c", "2s Ac", "5s 6s"], leader=0)
    play(match, (0, "3c"))
    assert {"2s", "Ac", "pass"} == legal_texts(match)
    play(match, (1, "pass"))
    assert match.to_act == 2


def test_tavern_jack_a_player_who_passed_may_play_again_in_the_same_trick() -> None:
    match = Match.from_hands(PRESET, ["3c 4c", "5c 9c", "6c 7c"], leader=0)
    play(match, (0, "3c"), (1, "pass"), (2, "6c"), (0, "pass"))
    assert match.to_act == 1 and "9c" in legal_texts(match)
    play(match, (1, "9c"))
    assert match.table_owner == 1


@pytest.mark.parametrize("lead", ["2c", "2c 2s"])
def test_tavern_jack_a_two_cannot_be_beaten(lead: str) -> None:
    match = Match.from_hands(PRESET, ["2c 2s 3c", "2d 2h Ac Ad", "4s 4h"], leader=0)
    play(match, (0, lead))
    assert legal_texts(match) == {"pass"}
    with pytest.raises(IllegalMove, match="beat"):
        match.apply("2d" if lead == "2c" else "2d 2h")


def test_tavern_jack_after_a_two_the_others_pass_in_turn_before_the_trick_is_cleared() -> None:
    match = Match.from_hands(PRESET, ["2c 3c", "Ac Ad", "4s 4h", "5s 5h"], leader=0)
    play(match, (0, "2c"))
    for seat in (1, 2, 3):
        assert match.to_act == seat and match.table == "2c"
        play(match, (seat, "pass"))
    assert match.table == "" and match.to_act == 0


def test_tavern_jack_has_no_revolution() -> None:
    match = Match.from_hands(PRESET, ["5c 5d 5h 5s 3c", "4d 6d", "4h 7h"], leader=0)
    play(match, (0, "5c 5d 5h 5s"), (1, "pass"), (2, "pass"))
    assert not match.revolution
    play(match, (0, "3c"))
    assert legal_texts(match) == {"4d", "6d", "pass"}


def test_tavern_jack_only_cards_of_one_rank_no_runs() -> None:
    match = Match.from_hands(PRESET, ["5c 6c 7c", "4d", "4h"], leader=0)
    with pytest.raises(IllegalMove, match="same rank"):
        match.apply("5c 6c 7c")


@pytest.mark.parametrize("last", ["2s", "2c 2s"])
def test_tavern_jack_any_card_may_finish_even_a_two(last: str) -> None:
    match = Match.from_hands(PRESET, [last, "4d 5d", "4h 5h"], leader=0)
    play(match, (0, last))
    assert match.finished == [0]


def test_tavern_jack_a_deal_ends_when_one_player_holds_cards_and_he_is_the_beggar() -> None:
    match = Match(PRESET, players=4, seed=9)
    finish_deal(match)
    order = match.deal_results[0].order
    assert match.titles[order[-1]] == "beggar"
    assert get_rules(PRESET).title_name("beggar") == "Beggar"


# ------------------------------------------------------------------ titles, points, match length


@pytest.mark.parametrize("players", range(3, 7))
def test_tavern_jack_titles_depend_on_the_table_size_exactly_as_listed(players: int) -> None:
    match = Match(PRESET, players=players, seed=players)
    finish_deal(match, random_policy(players))
    order = match.deal_results[0].order
    rules = get_rules(PRESET)
    names = tuple(rules.title_name(t) for t in (match.titles[s] for s in order) if t is not None)
    assert names == TITLE_NAMES[PRESET][players]


@pytest.mark.parametrize("players", range(3, 7))
def test_tavern_jack_points_are_the_number_of_players_finishing_below_you(players: int) -> None:
    match = Match(PRESET, players=players, seed=players)
    finish_deal(match, random_policy(players))
    result = match.deal_results[0]
    for place, seat in enumerate(result.order):
        assert result.points[seat] == players - 1 - place
    assert result.points[result.order[-1]] == 0


def test_tavern_jack_a_match_is_five_deals_and_the_most_points_win() -> None:
    match = Match(PRESET, players=4, seed=12)
    play_match(match, random_policy(12))
    assert match.deal_number == 5 and len(match.deal_results) == 5
    assert match.scores == [sum(r.points[s] for r in match.deal_results) for s in range(4)]
    best = max(match.scores)
    assert match.winners == [s for s in range(4) if match.scores[s] == best]


def test_tavern_jack_a_tie_at_the_top_shares_the_win() -> None:
    match = finished_match(PRESET, 3, lambda m: m.scores.count(max(m.scores)) > 1)
    best = max(match.scores)
    assert match.winners == [s for s in range(3) if match.scores[s] == best]
    assert len(match.winners) > 1


# ------------------------------------------------------------------ later deals and the exchange


def test_tavern_jack_later_deals_are_led_by_the_previous_beggar() -> None:
    match = Match(PRESET, players=5, seed=6)
    policy = random_policy(6)
    for deal in range(2, 6):
        play_to_deal(match, deal, policy)
        beggar = match.deal_results[-1].order[-1]
        assert match.leader == beggar
        while match.phase == "exchange":
            match.apply(min(match.legal_masks()))
        assert match.to_act == beggar


def test_tavern_jack_later_deals_are_dealt_one_at_a_time_from_the_beggar() -> None:
    match = Match(PRESET, players=3, seed=2)
    play_to_deal(match, 2)
    beggar = match.deal_results[-1].order[-1]
    dealt = pre_exchange_hands(match)
    assert dealt[beggar].bit_count() == 18
    assert sorted(h.bit_count() for h in dealt) == [17, 17, 18]


def test_tavern_jack_there_is_no_exchange_before_the_second_deal() -> None:
    match = Match(PRESET, players=4, seed=1)
    assert match.phase == "play"
    assert all(match.seat_view(s).received == match.seat_view(s).given == 0 for s in range(4))


@pytest.mark.parametrize("players", range(3, 7))
def test_tavern_jack_the_beggar_automatically_gives_his_two_highest_cards_to_the_president(players: int) -> None:
    match = Match(PRESET, players=players, seed=40 + players)
    play_to_deal(match, 2)
    order = match.deal_results[-1].order
    president, beggar = order[0], order[-1]
    dealt = pre_exchange_hands(match)
    gift = highest_cards(dealt[beggar], 2)
    assert match.seat_view(beggar).given == gift
    assert match.seat_view(president).received == gift
    assert match.hands[president] & gift == gift and match.hands[beggar] & gift == 0
    assert match.phase == "exchange" and match.to_act == president


def test_tavern_jack_the_president_returns_any_two_cards_of_his_choice() -> None:
    match = Match(PRESET, players=4, seed=31)
    play_to_deal(match, 2)
    order = match.deal_results[-1].order
    president, beggar = order[0], order[-1]
    hand = match.hands[president]
    moves = match.legal_masks()
    assert len(moves) == comb(hand.bit_count(), 2)
    assert {m & ~GIVE_FLAG for m in moves} == {
        (1 << a) | (1 << b) for a in range(52) for b in range(a) if hand >> a & 1 and hand >> b & 1
    }
    back = highest_cards(hand, 2)
    match.apply(back | GIVE_FLAG)
    assert match.hands[beggar] & back == back
    assert match.seat_view(beggar).received == back


@pytest.mark.parametrize("players", range(4, 7))
def test_tavern_jack_vice_beggar_and_vice_president_exchange_one_card_the_same_way(players: int) -> None:
    match = Match(PRESET, players=players, seed=50 + players)
    play_to_deal(match, 2)
    order = match.deal_results[-1].order
    vice_president, vice_beggar = order[1], order[-2]
    dealt = pre_exchange_hands(match)
    gift = highest_cards(dealt[vice_beggar], 1)
    assert match.seat_view(vice_beggar).given == gift
    assert match.seat_view(vice_president).received == gift
    match.apply(min(match.legal_masks()))
    assert match.phase == "exchange" and match.to_act == vice_president
    assert all(m.bit_count() == 2 for m in match.legal_masks()), "one card plus the gift flag"
    match.apply(min(match.legal_masks()))
    assert match.phase == "play"


def test_tavern_jack_with_three_players_only_beggar_and_president_exchange() -> None:
    match = Match(PRESET, players=3, seed=8)
    play_to_deal(match, 2)
    citizen = match.deal_results[-1].order[1]
    assert match.seat_view(citizen).given == match.seat_view(citizen).received == 0
    match.apply(min(match.legal_masks()))
    assert match.phase == "play"


@pytest.mark.parametrize("players", [5, 6])
def test_tavern_jack_citizens_do_not_exchange(players: int) -> None:
    match = Match(PRESET, players=players, seed=players)
    play_to_deal(match, 2)
    order = match.deal_results[-1].order
    dealt = pre_exchange_hands(match)
    while match.phase == "exchange":
        match.apply(min(match.legal_masks()))
    for seat in order[2:-2]:
        assert match.hands[seat] == dealt[seat]
        assert match.seat_view(seat).given == match.seat_view(seat).received == 0


# ------------------------------------------------------------------ worked examples of seed 001


def test_tavern_jack_example_four_player_trick_of_anna_ben_jem_and_dana() -> None:
    seat = seats_named("Anna", "Ben", "Jem", "Dana")
    anna, ben, jem, dana = seat["Anna"], seat["Ben"], seat["Jem"], seat["Dana"]
    match = Match.from_hands(PRESET, ["6h 6s 3d 8c", "9c 9d 4d 7s", "Ac Ad 4c 10h", "Kc Kd 2h 5s"], leader=anna)
    play(match, (anna, "6h 6s"), (ben, "9c 9d"))
    assert match.is_legal("Ac Ad"), "Jem could play his aces but keeps them"
    play(match, (jem, "pass"), (dana, "Kc Kd"), (anna, "pass"), (ben, "pass"))
    assert match.to_act == jem, "his earlier pass does not matter"
    play(match, (jem, "Ac Ad"))
    assert legal_texts(match) == {"pass"}, "only two 2s could beat the aces; a single 2 cannot"
    with pytest.raises(IllegalMove):
        match.apply("2h")
    events = play(match, (dana, "pass"), (anna, "pass"), (ben, "pass"))
    assert events[-1].kind == "trick_cleared" and events[-1].data["leader"] == jem
    assert match.to_act == jem and match.table == ""
    play(match, (jem, "4c"))
    assert match.table == "4c" and match.table_owner == jem


def test_tavern_jack_example_dana_the_beggar_gives_anna_the_president_her_two_and_her_ace() -> None:
    twos, aces = parse_cards("2c 2d 2h 2s"), parse_cards("Ac Ad Ah As")

    def one_two_and_an_ace(match: Match, dealt: list[int]) -> bool:
        beggar = match.deal_results[-1].order[-1]
        return (dealt[beggar] & twos).bit_count() == 1 and bool(dealt[beggar] & aces)

    match = exchange_position(PRESET, 4, one_two_and_an_ace)
    order = match.deal_results[-1].order
    anna, dana = order[0], order[-1]
    dealt = pre_exchange_hands(match)
    her_aces = dealt[dana] & aces
    best_ace = 1 << (her_aces.bit_length() - 1)
    gift = match.seat_view(dana).given
    assert gift == (dealt[dana] & twos) | best_ace, f"gave {cards_str(gift)}"
    assert match.to_act == anna
    returned = lowest_cards(match.hands[anna], 2)
    match.apply(cards_str(returned))
    assert match.hands[dana] & returned == returned and match.hands[anna] & returned == 0
    assert match.hands[anna] & gift == gift
    assert match.phase == "exchange" and match.to_act == order[1], "then the vice-president gives back"
