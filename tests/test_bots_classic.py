"""The classic bot, sentence by sentence of seed 004, on hands built for each sentence."""

from __future__ import annotations

import random

import pytest

from president import Match
from president.bots import ClassicBot
from president.bots.classic import classic_gift, classic_move, flip_gain
from president.cards import cards_str, parse_cards
from president.moves import GIVE_FLAG, move_str
from president.players import make_bot

BOT = ClassicBot()


def answer(rules: str, table: str, hand: str, opponent_extra: str = "6s") -> str:
    """What the classic bot (seat 1) plays when seat 0 has just led ``table``."""
    match = Match.from_hands(rules, [f"{table} {opponent_extra}", hand], leader=0)
    match.apply(table)
    assert match.to_act == 1
    return move_str(BOT.choose(match.seat_view(1), random.Random(0)))


def lead(rules: str, hand: str, opponent: str = "6s 7s") -> str:
    """What the classic bot (seat 0) leads with ``hand``."""
    match = Match.from_hands(rules, [hand, opponent], leader=0)
    return move_str(BOT.choose(match.seat_view(0), random.Random(0)))


# --- "ils entament leur plus petite combinaison"


def test_leads_its_smallest_combination_whole() -> None:
    assert lead("tavern-jack", "4c 4d 6h 9s Kd 2c") == "4c 4d"


def test_leads_its_smallest_card_when_it_is_single() -> None:
    assert lead("tavern-jack", "Kd 5h 9s 9c") == "5h"


def test_first_lead_of_three_of_clubs_contains_the_three_of_clubs() -> None:
    match = Match.from_hands("three-of-clubs", ["3d 3c 8h Qs", "4s 5s", "6s 7s", "9s 10s"])
    assert match.to_act == 0
    assert move_str(BOT.choose(match.seat_view(0), random.Random(0))) == "3c 3d"


def test_three_of_clubs_leads_three_of_its_four_threes() -> None:
    match = Match.from_hands("three-of-clubs", ["3d 3c 3h 3s 8h", "4s 5s", "6s 7s", "9s 10s"])
    assert move_str(BOT.choose(match.seat_view(0), random.Random(0))) == "3c 3d 3h"


# --- "ils battent avec la combinaison la moins chère de la bonne taille"


def test_beats_a_pair_with_its_cheapest_pair() -> None:
    assert answer("tavern-jack", "7c 7h", "5c 9c Jc Jd Kc Ks 2c") == "Jc Jd"


def test_beats_a_single_with_its_cheapest_higher_single() -> None:
    assert answer("tavern-jack", "8h", "5c 10d Qc Ad") == "10d"


# --- "sans casser leurs grosses combinaisons quand c'est possible"


def test_does_not_break_a_three_of_a_kind_when_a_single_beats() -> None:
    assert answer("tavern-jack", "8c", "9c 9d 9h Jc Kd") == "Jc"


def test_does_not_break_a_pair_when_a_higher_single_beats() -> None:
    assert answer("tavern-jack", "8c", "4c 9c 9d Qs") == "Qs"


def test_breaks_the_cheapest_set_when_nothing_else_beats() -> None:
    assert answer("tavern-jack", "8c", "4c 9c 9d Jc Jd Js") == "9c"


# --- "ils gardent leurs 2 pour la fin"


def test_passes_rather_than_spend_a_2_before_the_end() -> None:
    assert answer("tavern-jack", "Ac", "2c 5d 9h") == "pass"


def test_does_not_lead_a_2_while_it_has_other_cards() -> None:
    assert lead("tavern-jack", "2c 2d 5d Kh") == "5d"


def test_spends_its_2_at_the_end() -> None:
    assert answer("tavern-jack", "Ac", "2c 5d") == "2c"


def test_spends_a_pair_of_2s_at_the_end() -> None:
    assert answer("tavern-jack", "Ac Ad", "2c 2h 5d 5s") == "2c 2h"


def test_leads_its_2s_when_nothing_else_is_left() -> None:
    assert lead("tavern-jack", "2c 2h") == "2c 2h"


def test_jokers_are_kept_for_the_end_like_2s() -> None:
    assert answer("revolution", "Ac", "BJ 5d 9h") == "pass"
    assert answer("revolution", "Ac", "RJ 5d") == "RJ"
    assert answer("revolution", "2c", "2d RJ 5d") == "RJ"


# --- "et rendent leurs cartes les plus faibles"


def test_classic_gift_is_the_weakest_cards() -> None:
    hand = parse_cards("3h 3c 5d 9s Kc 2s")
    assert cards_str(classic_gift(hand, 2)) == "3c 3h"
    assert cards_str(classic_gift(hand, 1)) == "3c"


def test_gives_back_its_weakest_cards_in_a_real_exchange() -> None:
    match = Match("three-of-clubs", 4, seed=7)
    bots = [make_bot("classic") for _ in range(4)]
    rng = random.Random(7)
    while match.phase != "exchange":
        seat = match.to_act
        assert seat is not None
        match.apply_fast(bots[seat].choose(match.seat_view(seat), rng))
    checked = 0
    while match.phase == "exchange":
        seat = match.to_act
        assert seat is not None
        view = match.seat_view(seat)
        move = bots[seat].choose(view, rng)
        weakest = sorted(c for c in range(54) if view.hand >> c & 1)[: view.give_count]
        assert move == sum(1 << c for c in weakest) | GIVE_FLAG
        match.apply(move)
        checked += 1
    assert checked == 2


# --- revolutions change "small" and "strong"


def test_under_a_revolution_the_cheapest_beat_is_the_next_rank_down() -> None:
    match = Match.from_hands("revolution", ["5c 5d 5h 5s Kc 6s", "3c 4d 9h Qs 2c"], leader=0)
    match.apply("5c 5d 5h 5s")
    assert match.revolution
    assert move_str(BOT.choose(match.seat_view(1), random.Random(0))) == "pass"
    match.apply("pass")
    match.apply("Kc")
    assert move_str(BOT.choose(match.seat_view(1), random.Random(0))) == "Qs"


def test_under_a_revolution_the_3_is_kept_for_the_end() -> None:
    match = Match.from_hands("revolution", ["5c 5d 5h 5s 4c 6s", "3c 9h Qs"], leader=0)
    match.apply("5c 5d 5h 5s")
    match.apply("pass")
    match.apply("4c")
    assert move_str(BOT.choose(match.seat_view(1), random.Random(0))) == "pass"


def test_starts_a_revolution_with_a_weak_hand() -> None:
    assert lead("revolution", "4c 4d 4h 4s 5c 6d 7h") == "4c 4d 4h 4s"


def test_keeps_the_order_with_a_strong_hand() -> None:
    assert lead("revolution", "4c 4d 4h 4s Kc Ad 2h") == "4c 4d 4h"


def test_leads_its_highest_plain_card_once_the_order_is_reversed() -> None:
    match = Match.from_hands("revolution", ["4c 4d 4h 4s 5c 6d 7h", "Ks 9s"], leader=0)
    match.apply("4c 4d 4h 4s")
    match.apply("pass")
    assert match.to_act == 0 and match.revolution
    assert move_str(BOT.choose(match.seat_view(0), random.Random(0))) == "7h"


def test_answers_a_revolution_only_when_reversing_back_helps() -> None:
    weak_after_flip = "6c 6d 6h 6s 3c 4d"
    strong_after_flip = "6c 6d 6h 6s Kc Ad"
    assert answer("revolution", "7c 7d 7h 7s", weak_after_flip, "Js") == "pass"
    assert answer("revolution", "7c 7d 7h 7s", strong_after_flip, "Js") == "6c 6d 6h 6s"


def test_flip_gain_counts_places_moved_up() -> None:
    # Normal order: Jk 2 A ... 3 from the top; reversed (jokers lowest): 3 K ... 2 Jk from the top.
    assert flip_gain(parse_cards("3c")) == 13
    assert flip_gain(parse_cards("2c")) == -11
    assert flip_gain(parse_cards("3c 2c")) == 2
    assert flip_gain(parse_cards("3c"), revolution=True) == -13
    assert flip_gain(parse_cards("RJ"), jokers_high=True) == 0
    assert flip_gain(0) == 0


# --- the pure function and the bot agree


@pytest.mark.parametrize("rules", ["tavern-jack", "revolution", "three-of-clubs", "race-to-11"])
def test_bot_is_the_pure_function_of_its_view(rules: str) -> None:
    match = Match(rules, 4, seed=3)
    rng = random.Random(3)
    while match.to_act is not None:
        seat = match.to_act
        view = match.seat_view(seat)
        move = BOT.choose(view, rng)
        if view.phase == "play":
            assert move == classic_move(
                view.hand, view.table_rank, view.table_count, view.revolution,
                view.rules.joker_in_revolution == "highest", view.rules.max_set, view.rules.revolution,
                view.must_contain,
            )
        assert move in match.legal_masks()
        match.apply_fast(move)


def test_bot_refuses_a_view_where_it_is_not_to_act() -> None:
    match = Match.from_hands("tavern-jack", ["4c", "5c"], leader=0)
    with pytest.raises(ValueError, match="not to act"):
        BOT.choose(match.seat_view(1), random.Random(0))


# --- the house rules of issue 32


ISSUE_32 = [
    {"nine_pair_cut": True, "six_pair_cut": True, "spade3_cut": True, "coup": True, "omen": True,
     "great_revolution": True, "revolution": True},
    {"sandstorm": True, "down_number": True, "stair_lock": True, "suit_lock": True},
    {"jokers": 2, "wild_jokers": True, "wild_joker_pair": True, "eleven_back": True, "eleven_back_once": True,
     "eleven_back_odd": True, "runs": True},
]


@pytest.mark.parametrize("options", ISSUE_32)
def test_plays_only_legal_moves_under_the_rules_of_issue_32(options: dict[str, object]) -> None:
    for seed in range(3):
        match = Match("tavern-jack", 4, seed=seed, deals=2, **options)
        rng = random.Random(seed)
        while match.to_act is not None:
            move = BOT.choose(match.seat_view(match.to_act), rng)
            assert move in match.legal_masks()
            match.apply_fast(move)
        assert len(match.deal_results) == 2


def test_plays_four_2s_under_the_great_revolution_to_go_out_at_once() -> None:
    match = Match.from_hands("tavern-jack", ["2c 2d 2h 2s 4c 7d 9h", "5c 6d"], leader=0, great_revolution=True)
    assert move_str(BOT.choose(match.seat_view(0), random.Random(0))) == "2c 2d 2h 2s"
    match = Match.from_hands("tavern-jack", ["2c 2d 2h 2s 4c 7d 9h", "5c 6d"], leader=0)
    assert move_str(BOT.choose(match.seat_view(0), random.Random(0))) != "2c 2d 2h 2s"


@pytest.mark.parametrize("options", [
    {"five_skip": True, "nine_reverse": True, "six_reverse": True},
    {"gekokujo": True, "tenpen_chii": True, "five_skip": True, "pass_lockout": True},
])
def test_classic_plays_whole_matches_under_the_turn_order_rules(options: dict[str, bool]) -> None:
    """Every move legal, every match ended; a 5 or a 9 is no card the bot keeps back (it leads its smallest)."""
    for seed in range(3):
        match = Match("tavern-jack", 4, seed=seed, **options)
        assert match.rules.house
        rng = random.Random(seed)
        while match.to_act is not None:
            move = BOT.choose(match.seat_view(match.to_act), rng)
            assert move in match.legal_masks()
            match.apply(move)
        assert match.winners
    match = Match.from_hands("tavern-jack", ["5c 9d Kh", "3c 4d", "6h 7h"], leader=0, **options)
    assert move_str(BOT.choose(match.seat_view(0), random.Random(0))) == "5c"


def test_classic_passes_on_and_discards_its_weakest_cards_that_break_no_set() -> None:
    hands = ["7c 7d 10h 3c 4d 4h 9h Ks", "5c 6c 8c", "5d 6d Kd", "5h 6h Qs"]
    match = Match.from_hands("tavern-jack", hands, leader=0, seven_pass=True, ten_discard=True)
    match.apply("7c 7d")
    # The 3 and the 9 rather than the pair of 4s, which it keeps whole.
    assert move_str(BOT.choose(match.seat_view(0), random.Random(0))) == "pass-on 3c 9h"
    match = Match.from_hands("tavern-jack", hands, leader=0, seven_pass=True, ten_discard=True, revolution=True)
    match.apply("10h")
    assert move_str(BOT.choose(match.seat_view(0), random.Random(0))) == "discard 3c"
    for seed in range(2):
        match = Match("tavern-jack", 4, seed=seed, deals=2, seven_pass=True, ten_discard=True, runs=True)
        rng = random.Random(seed)
        while match.to_act is not None:
            move = BOT.choose(match.seat_view(match.to_act), rng)
            assert move in match.legal_masks()
            match.apply(move)


def decided(hands: list[str], moves: list[str], **options: object) -> tuple[str, str]:
    """The classic move of the seat to act after ``moves`` (tavern-jack, seat 0 leads), and its reason's key."""
    match = Match.from_hands("tavern-jack", hands, leader=0, **options)
    for move in moves:
        match.apply(move)
    decision = BOT.decide(match.seat_view(match.to_act or 0), random.Random(0))
    return move_str(decision.move), decision.why.key


def test_an_ambulance_or_rokurokubi_pair_answers_first_to_take_the_lead() -> None:
    hands = ["4c 4d 3s 8h", "9c 9d Kc Kd 5c 7d", "10c 10d Jc"]
    assert decided(hands, ["4c 4d"], nine_pair_cut=True) == ("9c 9d", "classic.beat.clear")
    assert decided(hands, ["4c 4d"]) == ("9c 9d", "classic.beat.exact")  # its cheapest pair anyway
    hands = ["4c 4d 3s 8h", "6c 6d Kc Kd 5c 7d", "10c 10d Jc"]
    assert decided(hands, ["4c 4d"], six_pair_cut=True) == ("6c 6d", "classic.beat.clear")
    hands = ["4c 4d 3s 8h", "9c 9d 5c 5d 7d", "10c 10d Jc"]
    assert decided(hands, ["4c 4d"], nine_pair_cut=True) == ("9c 9d", "classic.beat.clear")  # before the 5s
    assert decided(hands, ["4c 4d"]) == ("5c 5d", "classic.beat.exact")
    # Leading, the pair goes in its turn; with one combination left beside it, first: it leads again and goes out.
    assert decided(["9c 9d 5c 7d", "Kc Kd"], [], nine_pair_cut=True) == ("5c", "classic.lead.lowest")
    assert decided(["9c 9d Ac Ad", "Kc Kd"], [], nine_pair_cut=True) == ("9c 9d", "classic.lead.clear")


def test_a_sandstorm_is_kept_for_a_play_nothing_else_beats() -> None:
    hands = ["2c 2d 4s 8h", "3c 3d 3h 5c 7d Kc", "10c 10d Jc"]
    assert decided(hands, [], sandstorm=True)[0] == "4s"
    assert decided(["3c 3d 3h 5c 7d Kc", "8h 9h"], [], sandstorm=True) == ("5c", "classic.lead.lowest")
    assert decided(["3c 3d 3h 5c 7d Kc", "8h 9h"], []) == ("3c 3d 3h", "classic.lead.lowest")
    assert decided(hands, ["2c 2d"], sandstorm=True) == ("3c 3d 3h", "classic.beat.clear")
    assert decided(hands, ["2c 2d"]) == ("pass", "classic.pass.none")
    assert decided(hands, ["4s"], sandstorm=True) == ("5c", "classic.beat.exact")
