"""Preset ``race-to-11``: one test per clause of seed 002 (the base profile), and its worked example."""

from __future__ import annotations

import pytest

from president import IllegalMove, Match, get_rules, parse_cards
from president.cards import highest_cards
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
)
from .spec import RACE_TARGET

PRESET = "race-to-11"


def test_race_to_11_is_played_by_four_to_seven_players() -> None:
    rules = get_rules(PRESET)
    assert (rules.min_players, rules.max_players) == (4, 7)
    for players in (3, 8):
        with pytest.raises(ValueError):
            Match(PRESET, players=players, seed=0)


@pytest.mark.parametrize("players", range(4, 8))
def test_race_to_11_uses_the_52_cards_without_jokers(players: int) -> None:
    hands = Match(PRESET, players=players, seed=1).hands
    assert sum(hands) == (1 << 52) - 1 and sum(h.bit_count() for h in hands) == 52


@pytest.mark.parametrize(("players", "extra"), [(4, 0), (5, 2), (6, 4), (7, 3)])
def test_race_to_11_player_left_of_a_random_dealer_is_dealt_first_and_leads(players: int, extra: int) -> None:
    leaders = set()
    for seed in range(30):
        match = Match(PRESET, players=players, seed=seed)
        leader = match.leader
        leaders.add(leader)
        assert match.to_act == leader and match.phase == "play"
        counts = [match.hands[(leader + i) % players].bit_count() for i in range(players)]
        base = 52 // players
        assert counts == [base + 1] * extra + [base] * (players - extra)
    assert leaders == set(range(players)), "the first dealer is random"


def test_race_to_11_the_first_lead_is_any_single_or_set_of_one_rank() -> None:
    match = Match.from_hands(PRESET, ["3d 7c 7h 7d 7s", "4s", "5s", "6s"], leader=0)
    assert len(legal_texts(match)) == 1 + 15


def test_race_to_11_a_pair_is_not_beaten_by_three_cards_or_one() -> None:
    match = Match.from_hands(PRESET, ["7c 7h 3d", "Kc Kd Ks Ah", "4s", "5s"], leader=0)
    play(match, (0, "7c 7h"))
    for text in ("Kc Kd Ks", "Ah"):
        with pytest.raises(IllegalMove, match="pair"):
            match.apply(text)
    assert legal_texts(match) == {"Kc Kd", "Kc Ks", "Kd Ks", "pass"}


def test_race_to_11_an_equal_rank_does_not_beat() -> None:
    match = Match.from_hands(PRESET, ["9c 3d", "9d 4s", "5s", "6s"], leader=0)
    play(match, (0, "9c"))
    assert legal_texts(match) == {"pass"}


def test_race_to_11_part_of_a_set_may_be_played_keeping_the_rest() -> None:
    match = Match.from_hands(PRESET, ["3d 4d", "Jc Jd Js 5s", "6s", "7s"], leader=0)
    play(match, (0, "4d"), (1, "Js"))
    assert match.hand(1) == "5s Jc Jd"


def test_race_to_11_a_pass_with_an_answer_ready_does_not_forbid_coming_back() -> None:
    match = Match.from_hands(PRESET, ["3d 4d", "5c Ac", "6s 7s", "8s 9s"], leader=0)
    play(match, (0, "3d"))
    assert "Ac" in legal_texts(match)
    play(match, (1, "pass"), (2, "6s"), (3, "8s"), (0, "pass"))
    assert match.to_act == 1 and "Ac" in legal_texts(match)


def test_race_to_11_has_no_bombs_and_no_reversal_of_ranks() -> None:
    match = Match.from_hands(PRESET, ["6c 6d 6h 6s 3d", "4d 7d", "4h 8h", "4s 9s"], leader=0)
    play(match, (0, "6c 6d 6h 6s"))
    assert not match.revolution and legal_texts(match) == {"pass"}
    play(match, (1, "pass"), (2, "pass"), (3, "pass"), (0, "3d"))
    assert legal_texts(match) == {"4d", "7d", "pass"}


def test_race_to_11_an_owner_gone_out_is_followed_by_the_next_active_player_on_his_left() -> None:
    match = Match.from_hands(PRESET, ["Kc", "3c 4c", "3d 4d", "3h 4h"], leader=0)
    play(match, (0, "Kc"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert match.finished == [0] and match.to_act == 1


def test_race_to_11_play_goes_on_until_one_player_holds_cards_and_he_is_last() -> None:
    match = Match(PRESET, players=5, seed=3)
    finish_deal(match, random_policy(3))
    order = match.deal_results[0].order
    assert len(order) == 5 and sorted(order) == list(range(5))
    assert match.titles[order[-1]] == "last"


# ------------------------------------------------------------------ later deals and the exchange


@pytest.mark.parametrize("players", [5, 7])
def test_race_to_11_later_deals_are_dealt_by_the_previous_last_starting_with_the_president(players: int) -> None:
    match = Match(PRESET, players=players, seed=players)
    play_to_deal(match, 2)
    president = match.deal_results[-1].order[0]
    dealt = pre_exchange_hands(match)
    counts = [dealt[(president + i) % players].bit_count() for i in range(players)]
    assert counts == sorted(counts, reverse=True) and counts[0] == 52 // players + 1


@pytest.mark.parametrize("players", range(4, 8))
def test_race_to_11_the_last_gives_the_president_his_highest_card(players: int) -> None:
    match = Match(PRESET, players=players, seed=10 + players)
    play_to_deal(match, 2)
    order = match.deal_results[-1].order
    president, last = order[0], order[-1]
    gift = highest_cards(pre_exchange_hands(match)[last], 1)
    assert match.seat_view(last).given == gift
    assert match.seat_view(president).received == gift
    assert match.phase == "exchange" and match.to_act == president


def test_race_to_11_the_president_returns_any_one_unwanted_card() -> None:
    match = Match(PRESET, players=4, seed=14)
    play_to_deal(match, 2)
    order = match.deal_results[-1].order
    president, last = order[0], order[-1]
    hand = match.hands[president]
    assert {m & ~GIVE_FLAG for m in match.legal_masks()} == {1 << c for c in range(52) if hand >> c & 1}
    back = highest_cards(hand, 1)
    match.apply(back | GIVE_FLAG)
    assert match.hands[last] & back and not match.hands[president] & back


@pytest.mark.parametrize("players", range(4, 8))
def test_race_to_11_only_the_president_and_the_last_exchange_one_card(players: int) -> None:
    match = Match(PRESET, players=players, seed=20 + players)
    play_to_deal(match, 2)
    order = match.deal_results[-1].order
    dealt = pre_exchange_hands(match)
    match.apply(min(match.legal_masks()))
    assert match.phase == "play", "one exchange only"
    for seat in order[1:-1]:
        assert match.hands[seat] == dealt[seat]


def test_race_to_11_only_after_the_exchange_the_president_leads() -> None:
    match = Match(PRESET, players=6, seed=2)
    for deal in (2, 3):
        play_to_deal(match, deal, random_policy(deal))
        president = match.deal_results[-1].order[0]
        assert match.phase == "exchange" and match.leader == president
        match.apply(min(match.legal_masks()))
        assert match.phase == "play" and match.to_act == president


# ------------------------------------------------------------------ titles, points, the end of the series


@pytest.mark.parametrize("players", [4, 7])
def test_race_to_11_first_is_president_second_vice_president_the_others_in_order(players: int) -> None:
    match = Match(PRESET, players=players, seed=4)
    finish_deal(match, random_policy(4))
    order = match.deal_results[0].order
    titles = [match.titles[s] for s in order]
    assert titles[:2] == ["president", "vice-president"]
    assert titles[-1] == "last" and set(titles[2:-1]) <= {"citizen"}
    rules = get_rules(PRESET)
    assert [rules.title_name(t) for t in titles[:2] if t] == ["President", "Vice-President"]


@pytest.mark.parametrize("players", range(4, 8))
def test_race_to_11_two_points_to_the_first_one_to_the_second_none_to_the_others(players: int) -> None:
    match = Match(PRESET, players=players, seed=players)
    finish_deal(match, random_policy(players))
    result = match.deal_results[0]
    assert [result.points[s] for s in result.order] == [2, 1] + [0] * (players - 2)


@pytest.mark.parametrize("seed", range(6))
def test_race_to_11_the_series_ends_after_the_complete_deal_that_brings_a_total_to_11(seed: int) -> None:
    match = Match(PRESET, players=4 + seed % 4, seed=seed)
    play_match(match, random_policy(seed))
    totals = [0] * match.players
    for number, result in enumerate(match.deal_results, 1):
        totals = [t + p for t, p in zip(totals, result.points, strict=True)]
        best = max(totals)
        decided = best >= RACE_TARGET and totals.count(best) == 1
        assert decided == (number == len(match.deal_results)), f"deal {number}: totals {totals}"
    assert totals == match.scores


def test_race_to_11_the_higher_total_wins() -> None:
    match = Match(PRESET, players=5, seed=8)
    play_match(match, random_policy(8))
    best = max(match.scores)
    assert best >= RACE_TARGET
    assert match.winners == [match.scores.index(best)]


def test_race_to_11_a_tie_at_the_top_plays_on() -> None:
    def tied_at_the_target(match: Match) -> bool:
        totals = [0] * match.players
        for result in match.deal_results[:-1]:
            totals = [t + p for t, p in zip(totals, result.points, strict=True)]
            if max(totals) >= RACE_TARGET and totals.count(max(totals)) > 1:
                return True
        return False

    match = finished_match(PRESET, 4, tied_at_the_target)
    assert len(match.winners) == 1
    assert match.scores.count(max(match.scores)) == 1


def test_race_to_11_no_deal_limit_the_score_decides() -> None:
    rules = get_rules(PRESET)
    assert rules.deals is None and rules.target_score == RACE_TARGET


# ------------------------------------------------------------------ the worked example of seed 002


def example_table() -> Match:
    """7♣7♥ led by seat 0; seat 1 holds J♠J♦, K♣ and 3♦."""
    return Match.from_hands(PRESET, ["7c 7h 5s 9h", "Js Jd Kc 3d", "4s 5c 8d", "6h 9c Qd"], leader=0)


def test_race_to_11_example_seven_pair_is_answered_by_the_jacks_not_by_the_king() -> None:
    match = example_table()
    play(match, (0, "7c 7h"))
    assert match.is_legal("Js Jd")
    with pytest.raises(IllegalMove, match="pair"):
        match.apply("Kc")
    play(match, (1, "Js Jd"))
    assert match.table == "Jd Js"


def test_race_to_11_example_the_jacks_owner_may_start_again_with_a_single_three_of_diamonds() -> None:
    match = example_table()
    events = play(match, (0, "7c 7h"), (1, "Js Jd"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert events[-1].kind == "trick_cleared"
    assert match.to_act == 1 and match.table == ""
    assert "3d" in legal_texts(match), "the size of the old pair no longer counts"
    play(match, (1, "3d"))
    assert match.table == "3d"


def test_race_to_11_example_the_president_must_receive_the_two_not_an_ace() -> None:
    twos, aces = parse_cards("2c 2d 2h 2s"), parse_cards("Ac Ad Ah As")

    def last_holds_a_two_and_an_ace(match: Match, dealt: list[int]) -> bool:
        last = match.deal_results[-1].order[-1]
        return bool(dealt[last] & twos) and bool(dealt[last] & aces)

    match = exchange_position(PRESET, 4, last_holds_a_two_and_an_ace)
    order = match.deal_results[-1].order
    gift = match.seat_view(order[-1]).given
    assert gift & twos and not gift & aces
    assert gift.bit_count() == 1 and match.seat_view(order[0]).received == gift
