"""Preset ``revolution``: one test per clause of seed 003, its examples, and the revolution itself."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from president import Event, IllegalMove, Match, get_rules
from president.cards import cards_str, highest_cards
from president.moves import GIVE_FLAG

from .driving import (
    finish_deal,
    legal_texts,
    lowest,
    play,
    play_match,
    play_to_deal,
    pre_exchange_hands,
    random_policy,
)
from .spec import TITLE_NAMES

PRESET = "revolution"
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]


def deal(hands: list[str], **options: object) -> Match:
    """A single deal of the preset, seat 0 leading."""
    return Match.from_hands(PRESET, hands, leader=0, **options)


def test_revolution_is_played_by_four_to_eight_players() -> None:
    rules = get_rules(PRESET)
    assert (rules.min_players, rules.max_players) == (4, 8)
    for players in (3, 9):
        with pytest.raises(ValueError):
            Match(PRESET, players=players, seed=0)


@pytest.mark.parametrize(("players", "counts"), [(4, [14, 14, 13, 13]), (8, [7, 7, 7, 7, 7, 7, 6, 6])])
def test_revolution_deals_52_cards_and_two_jokers_one_at_a_time(players: int, counts: list[int]) -> None:
    match = Match(PRESET, players=players, seed=5)
    assert sum(match.hands) == (1 << 54) - 1
    leader = match.leader
    assert [match.hands[(leader + i) % players].bit_count() for i in range(players)] == counts


def test_revolution_the_joker_ranks_above_the_two() -> None:
    match = deal(["2c 3c", "RJ 4d", "5s", "6s"])
    play(match, (0, "2c"))
    assert legal_texts(match) == {"RJ", "pass"}
    play(match, (1, "RJ"))
    assert match.to_act == 2 and legal_texts(match) == {"pass"}


def test_revolution_two_jokers_make_a_pair_above_the_twos() -> None:
    match = deal(["2c 2d 3c", "BJ RJ 4d", "5s", "6s"])
    play(match, (0, "2c 2d"))
    assert legal_texts(match) == {"BJ RJ", "pass"}


@pytest.mark.parametrize("rank", range(13))
def test_revolution_order_from_the_three_up_to_the_two_then_the_joker(rank: int) -> None:
    one_of_each = " ".join(name + "d" for name in RANKS) + " BJ"
    match = deal([RANKS[rank] + "c 3h", one_of_each, "4s", "5s"])
    play(match, (0, RANKS[rank] + "c"))
    assert legal_texts(match) == {name + "d" for name in RANKS[rank + 1:]} | {"BJ", "pass"}


def test_revolution_example_one_five_led_means_single_cards_until_the_pile_ends() -> None:
    match = deal(["5c 3c", "6c 6d 9h", "7c 7d 8h", "Kc Kd Jh"])
    play(match, (0, "5c"))
    for seat in (1, 2, 3):
        assert all(len(t.split()) == 1 for t in legal_texts(match) - {"pass"})
        play(match, (seat, min(legal_texts(match) - {"pass"}, key=lambda t: RANKS.index(t[:-1]))))
    assert match.table_owner == 3


def test_revolution_example_two_nines_led_means_pairs_until_the_pile_ends() -> None:
    match = deal(["9c 9d 3c", "10c 10d 4h", "Jc Jd Jh", "Kc 5d"])
    play(match, (0, "9c 9d"))
    assert legal_texts(match) == {"10c 10d", "pass"}
    play(match, (1, "10c 10d"))
    assert legal_texts(match) == {"Jc Jd", "Jc Jh", "Jd Jh", "pass"}
    with pytest.raises(IllegalMove):
        match.apply("Jc Jd Jh")
    play(match, (2, "Jc Jh"))
    assert legal_texts(match) == {"pass"}, "a single king does not answer a pair"


def test_revolution_a_pass_takes_you_out_of_the_pile_until_it_is_cleared() -> None:
    match = deal(["3c 9c 4d", "5c Qc 4h", "6c 10c Ks", "7c Jc Kc"])
    play(match, (0, "3c"), (1, "pass"), (2, "6c"), (3, "7c"), (0, "9c"))
    assert match.to_act == 2, "seat 1 passed in this pile: he is skipped although Qc would beat"
    events = play(match, (2, "10c"), (3, "Jc"), (0, "pass"), (2, "pass"))
    assert [e.seat for e in events if e.kind in ("play", "pass")] == [2, 3, 0, 2]
    assert events[-1].kind == "trick_cleared" and match.to_act == 3
    play(match, (3, "Kc"), (0, "pass"))
    assert match.to_act == 1, "a new pile: seat 1 is asked again"


def test_revolution_without_the_lockout_the_same_pass_would_not_skip_the_seat() -> None:
    match = deal(["3c 9c 4d", "5c Qc 4h", "6c 10c Ks", "7c Jc Kc"], pass_lockout=False)
    play(match, (0, "3c"), (1, "pass"), (2, "6c"), (3, "7c"), (0, "9c"))
    assert match.to_act == 1


def test_revolution_the_pile_is_cleared_when_all_the_others_have_passed() -> None:
    match = deal(["3c 9c", "5c Qc", "6c 10c", "7c Jc"])
    play(match, (0, "9c"), (1, "Qc"), (2, "pass"), (3, "pass"))
    assert match.to_act == 0
    events = play(match, (0, "pass"))
    assert events[-1].kind == "trick_cleared" and match.to_act == 1 and match.table == ""


def test_revolution_after_a_last_card_nobody_plays_the_next_player_clockwise_starts() -> None:
    match = deal(["Kc", "3c 4c", "3d 4d", "3h 4h"])
    play(match, (0, "Kc"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert match.finished == [0] and match.to_act == 1


def test_revolution_the_deal_goes_on_until_one_player_holds_cards() -> None:
    match = deal(["3c", "4c", "5c", "6c 7c"])
    play(match, (0, "3c"), (1, "4c"), (2, "5c"))
    assert match.is_over and match.deal_results[-1].order == (0, 1, 2, 3)


# ------------------------------------------------------------------ the revolution


def revolution_on(hands: list[str], four: str, **options: object) -> Match:
    """Seat 0 plays ``four`` (a revolution); everyone passes; seat 0 leads the next pile."""
    match = deal(hands, **options)
    events = play(match, (0, four))
    assert [e.kind for e in events] == ["play", "revolution"] and events[1].data == {"on": True, "option": "revolution"}
    assert match.revolution
    play(match, (1, "pass"), (2, "pass"), (3, "pass"))
    assert match.to_act == 0 and match.table == ""
    return match


@pytest.mark.parametrize("lead", ["3", "5", "9", "A", "2"])
def test_revolution_four_of_a_kind_reverses_the_order_of_all_ranks(lead: str) -> None:
    others = [r for r in RANKS if r != "4"]
    match = revolution_on(
        [f"4c 4d 4h 4s {lead}c 6h", " ".join(r + "d" for r in others if r != "4"), "5s", "6s"], "4c 4d 4h 4s"
    )
    play(match, (0, lead + "c"))
    stronger_now = {r + "d" for r in others if RANKS.index(r) < RANKS.index(lead)}
    assert legal_texts(match) == stronger_now | {"pass"}


def test_revolution_example_order_after_a_revolution_is_2_a_k_down_to_3() -> None:
    match = revolution_on(["4c 4d 4h 4s 2c Kc Jc 9c 6c 3c", "Ad Qd 10d 8d 5d", "5s 7s", "6s 7h"], "4c 4d 4h 4s")
    chain = ["2c", "Ad", "Kc", "Qd", "Jc", "10d", "9c", "8d", "6c", "5d", "3c"]
    play(match, (0, "2c"))
    assert legal_texts(match) == {"Ad", "Qd", "10d", "8d", "5d", "pass"}, "the 2 is now the weakest card"
    play(match, (1, "Ad"), (2, "pass"), (3, "pass"))
    for i, card in enumerate(chain[2:], 2):
        seat = i % 2
        beaten = RANKS.index(chain[i - 1][:-1])
        lower_in_normal_order = {c for c in match.hand(seat).split() if RANKS.index(c[:-1]) < beaten}
        assert legal_texts(match) == lower_in_normal_order | {"pass"}, f"answers to {chain[i - 1]}"
        play(match, (seat, card))
    assert match.finished == [1, 0]


def test_revolution_takes_effect_at_once_only_a_four_higher_in_the_new_order_beats_it() -> None:
    match = deal(["9c 9d 9h 9s 3c", "8c 8d 8h 8s 10c 10d 10h 10s", "5s", "6s"])
    play(match, (0, "9c 9d 9h 9s"))
    assert match.revolution
    assert legal_texts(match) == {"8c 8d 8h 8s", "pass"}, "the tens are lower now; the eights higher"
    with pytest.raises(IllegalMove):
        match.apply("10c 10d 10h 10s")


def test_revolution_a_second_four_of_a_kind_restores_the_order() -> None:
    match = deal(["9c 9d 9h 9s 3c", "8c 8d 8h 8s 10c", "5s Js", "6s"])
    play(match, (0, "9c 9d 9h 9s"))
    events = play(match, (1, "8c 8d 8h 8s"))
    assert [e.kind for e in events] == ["play", "revolution"]
    assert events[1].data == {"on": False, "option": "revolution"}
    assert not match.revolution
    play(match, (2, "pass"), (3, "pass"), (0, "pass"), (1, "10c"))
    assert legal_texts(match) == {"Js", "pass"}, "normal order again: the jack beats the ten"


def test_revolution_every_four_of_a_kind_is_a_revolution_even_as_a_lead() -> None:
    match = revolution_on(["4c 4d 4h 4s 7c 7d 7h 7s 3c", "5d", "6d", "8d"], "4c 4d 4h 4s")
    play(match, (0, "7c 7d 7h 7s"))
    assert not match.revolution


def test_revolution_jokers_are_the_lowest_cards_during_a_revolution() -> None:
    match = revolution_on(["4c 4d 4h 4s 2c 3h", "BJ 5d", "RJ 6d", "7s"], "4c 4d 4h 4s")
    play(match, (0, "2c"))
    assert legal_texts(match) == {"5d", "pass"}


def test_revolution_option_keeps_the_jokers_highest_during_a_revolution() -> None:
    match = revolution_on(
        ["4c 4d 4h 4s 2c 3h", "BJ 5d", "RJ 6d", "7s"], "4c 4d 4h 4s", joker_in_revolution="highest"
    )
    play(match, (0, "2c"))
    assert legal_texts(match) == {"BJ", "5d", "pass"}
    play(match, (1, "BJ"))
    assert legal_texts(match) == {"pass"}, "one joker does not beat the other"


def biggest(match: Match) -> int:
    """Play the largest set (lowest among equals): leads four of a kind whenever it can."""
    plays = [m for m in match.legal_masks() if m]
    return max(plays, key=lambda m: (m.bit_count(), -m)) if plays else 0


def test_revolution_a_new_deal_starts_in_the_normal_order() -> None:
    for seed in range(400):
        match = Match(PRESET, players=4, seed=seed)
        on = False
        events: Sequence[Event] = []
        while match.deal_number == 1:
            events = match.apply(biggest(match))
            on = next((e.data["on"] for e in reversed(events) if e.kind == "revolution"), on)
        if on:
            break
    else:
        raise AssertionError("no seed ends deal 1 during a revolution")
    assert "deal_over" in [e.kind for e in events]
    assert match.deal_number == 2 and not match.revolution
    order = match.deal_results[-1].order
    dealt = pre_exchange_hands(match)
    assert match.seat_view(order[-1]).given == highest_cards(dealt[order[-1]], 2), "gifts use the normal order"


# ------------------------------------------------------------------ titles, exchange, points, match length


@pytest.mark.parametrize("players", [4, 5, 8])
def test_revolution_titles_president_prime_minister_citizens_peasant_beggar(players: int) -> None:
    match = Match(PRESET, players=players, seed=players)
    finish_deal(match, random_policy(players))
    rules = get_rules(PRESET)
    order = match.deal_results[0].order
    assert tuple(rules.title_name(match.titles[s] or "") for s in order) == TITLE_NAMES[PRESET][players]


@pytest.mark.parametrize("players", range(4, 9))
def test_revolution_the_beggar_gives_his_two_highest_to_the_president_who_returns_two(players: int) -> None:
    match = Match(PRESET, players=players, seed=players)
    play_to_deal(match, 2)
    order = match.deal_results[-1].order
    president, beggar = order[0], order[-1]
    gift = highest_cards(pre_exchange_hands(match)[beggar], 2)
    assert match.seat_view(beggar).given == gift == match.seat_view(president).received
    assert match.to_act == president and all(m.bit_count() == 3 for m in match.legal_masks())
    back = min(match.legal_masks())
    match.apply(back)
    assert match.hands[beggar] & back & ~GIVE_FLAG == back & ~GIVE_FLAG


@pytest.mark.parametrize("players", range(4, 9))
def test_revolution_the_peasant_gives_his_highest_to_the_prime_minister_who_returns_one(players: int) -> None:
    match = Match(PRESET, players=players, seed=10 + players)
    play_to_deal(match, 2)
    order = match.deal_results[-1].order
    minister, peasant = order[1], order[-2]
    gift = highest_cards(pre_exchange_hands(match)[peasant], 1)
    assert match.seat_view(peasant).given == gift == match.seat_view(minister).received
    match.apply(min(match.legal_masks()))
    assert match.to_act == minister and all(m.bit_count() == 2 for m in match.legal_masks())
    back = max(match.legal_masks())
    match.apply(back)
    assert match.hands[peasant] & back & ~GIVE_FLAG and match.phase == "play"


def test_revolution_citizens_do_not_exchange() -> None:
    match = Match(PRESET, players=7, seed=3)
    play_to_deal(match, 2)
    dealt = pre_exchange_hands(match)
    while match.phase == "exchange":
        match.apply(min(match.legal_masks()))
    for seat in match.deal_results[-1].order[2:-2]:
        assert match.hands[seat] == dealt[seat]


def test_revolution_a_joker_is_the_first_card_the_beggar_must_give() -> None:
    jokers = (1 << 52) | (1 << 53)
    for seed in range(300):
        match = Match(PRESET, players=5, seed=seed)
        play_to_deal(match, 2)
        beggar = match.deal_results[-1].order[-1]
        if pre_exchange_hands(match)[beggar] & jokers:
            break
    given = match.seat_view(beggar).given
    assert given & jokers, f"gave {cards_str(given)}"


def test_revolution_the_beggar_leads_the_next_deal() -> None:
    match = Match(PRESET, players=6, seed=1)
    policy = random_policy(1)
    for number in range(2, 6):
        play_to_deal(match, number, policy)
        beggar = match.deal_results[-1].order[-1]
        while match.phase == "exchange":
            match.apply(min(match.legal_masks()))
        assert match.to_act == match.leader == beggar


@pytest.mark.parametrize("players", [4, 8])
def test_revolution_points_by_place_one_per_player_finishing_below(players: int) -> None:
    match = Match(PRESET, players=players, seed=2)
    finish_deal(match, random_policy(2))
    result = match.deal_results[0]
    assert [result.points[s] for s in result.order] == list(range(players - 1, -1, -1))


@pytest.mark.parametrize(("deals", "expected"), [(None, 5), (3, 3), (7, 7)])
def test_revolution_five_deals_by_default_and_configurable(deals: int | None, expected: int) -> None:
    match = Match(PRESET, players=4, seed=6, deals=deals)
    play_match(match, lowest)
    assert match.deal_number == len(match.deal_results) == expected
