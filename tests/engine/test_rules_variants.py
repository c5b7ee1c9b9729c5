"""The variants players disagree on, as options (issue 32), clause by clause: each off by default (the rule as
before), and what it changes when on. The same options are held to the house reference model and to the straight
lanes at the end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from president import IllegalMove, Match
from president.cards import JOKERS, RANK_MASKS, parse_cards
from president.engine import without_lanes
from president.rule_codes import decode, encode
from president.rules import Rules, get_rules
from president.turn_order import gift_of

from .driving import legal_texts, play, snapshot
from .test_house_reference import check_against_model


def deal(hands: list[str], leader: int = 0, **options: object) -> Match:
    return Match.from_hands("tavern-jack", hands, leader=leader, **options)


WILD = {"jokers": 2, "wild_jokers": True}


# ---------------------------------------------------------------- the suit lock: on the lead, and the joker

def test_the_lock_starts_on_the_lead_under_suit_lock_at_once() -> None:
    m = deal(["4h 9c", "5h 6d 7h", "8h Kh Ks"], suit_lock=True, suit_lock_at_once=True)
    events = play(m, (0, "4h"))
    assert m.lock == 0b0100 and events[-1].kind == "lock" and events[-1].data["option"] == "suit_lock_at_once"
    assert legal_texts(m) == {"5h", "7h", "pass"}
    with pytest.raises(IllegalMove, match="locked to ♥"):
        m.apply("6d")


def test_without_suit_lock_at_once_the_lead_alone_locks_nothing() -> None:
    m = deal(["4h 9c", "5h 6d 7h", "8h Kh Ks"], suit_lock=True)
    play(m, (0, "4h"))
    assert m.lock == 0 and "6d" in legal_texts(m)


def test_a_lone_joker_lifts_the_lock_unless_joker_keeps_lock() -> None:
    hands = ["4h 9c", "5h 6d", "RJ Kh", "3s 3c"]
    lifted = deal(hands, suit_lock=True, spade3_beats_joker=True, **WILD)
    play(lifted, (0, "4h"), (1, "5h"), (2, "RJ"))
    assert lifted.lock == 0 and "3s" in legal_texts(lifted)
    kept = deal(hands, suit_lock=True, spade3_beats_joker=True, joker_keeps_lock=True, **WILD)
    play(kept, (0, "4h"), (1, "5h"), (2, "RJ"))
    assert kept.lock == 0b0100 and legal_texts(kept) == {"pass"}
    with pytest.raises(IllegalMove, match="locked to ♥"):
        kept.apply("3s")


def test_a_lock_of_spades_kept_past_the_joker_lets_the_spade_three_answer() -> None:
    m = deal(["4s 9c", "5s 6d", "RJ Kh", "3s 3c"], suit_lock=True, spade3_beats_joker=True, joker_keeps_lock=True,
             **WILD)
    play(m, (0, "4s"), (1, "5s"), (2, "RJ"))
    assert m.lock == 0b1000 and legal_texts(m) == {"3s", "pass"}


def test_a_play_holding_a_joker_starts_no_lock_under_joker_starts_no_lock() -> None:
    hands = ["4h 4c 9c", "5h RJ 6d", "8h 8c Kh Ks"]
    usual = deal(hands, suit_lock=True, **WILD)
    play(usual, (0, "4h 4c"), (1, "5h RJ=5c"))
    assert usual.lock == 0b0101
    without = deal(hands, suit_lock=True, joker_starts_no_lock=True, **WILD)
    play(without, (0, "4h 4c"), (1, "5h RJ=5c"))
    assert without.lock == 0 and "Kh Ks" in legal_texts(without)


def test_a_play_answering_a_joker_starts_no_lock_either() -> None:
    m = deal(["5c RJ 9c", "6c 7d", "8h Kh Ks"], suit_lock=True, joker_starts_no_lock=True, **WILD)
    play(m, (0, "5c RJ=5h"))
    assert m.lock == 0
    play(m, (1, "pass"), (2, "Kh Ks"))
    assert m.lock == 0


# ---------------------------------------------------------------- revolutions, 8s, real cards

def test_four_twos_start_no_revolution_under_twos_no_revolution() -> None:
    hands = ["2c 2d 2h 2s 9c", "5c 5d 5h 5s Kc", "3c"]
    usual = deal(hands, revolution=True)
    play(usual, (0, "2c 2d 2h 2s"))
    assert usual.revolution
    kept = deal(hands, revolution=True, twos_no_revolution=True)
    events = play(kept, (0, "2c 2d 2h 2s"))
    assert not kept.revolution and [e.kind for e in events] == ["play"]
    fives = deal(["5c 5d 5h 5s 9c", "2c Kc", "3c"], revolution=True, twos_no_revolution=True)
    play(fives, (0, "5c 5d 5h 5s"))
    assert fives.revolution  # any other four of a kind still is one


def test_twos_no_revolution_leaves_the_great_revolution() -> None:
    m = deal(["2c 2d 2h 2s 9c", "5c Kc", "3c"], revolution=True, twos_no_revolution=True, great_revolution=True)
    play(m, (0, "2c 2d 2h 2s"))
    assert m.revolution and m.finished == [0]


def test_going_out_on_an_eight_cuts_unless_eight_out_no_cut() -> None:
    hands = ["8c", "9c 3d", "10c 4d"]
    usual = deal(hands, eight_cut=True)
    play(usual, (0, "8c"))
    assert usual.table == "" and usual.to_act == 1
    kept = deal(hands, eight_cut=True, eight_out_no_cut=True)
    events = play(kept, (0, "8c"))
    assert kept.table == "8c" and kept.to_act == 1 and "trick_cleared" not in [e.kind for e in events]
    assert legal_texts(kept) == {"9c", "pass"}


def test_an_eight_that_keeps_its_player_in_still_cuts_under_eight_out_no_cut() -> None:
    m = deal(["8c 4c", "9c 3d", "10c 4d"], eight_cut=True, eight_out_no_cut=True)
    play(m, (0, "8c"))
    assert m.table == "" and m.to_act == 0


def test_a_joker_standing_for_an_eight_cuts_unless_only_real_cards_fire() -> None:
    hands = ["7h RJ 9h 4c", "10h Jh Qh 3d", "5c 5d"]
    options = {"eight_cut": True, "runs": True, **WILD}
    usual = deal(hands, **options)
    play(usual, (0, "7h RJ=8h 9h"))
    assert usual.table == "" and usual.to_act == 0
    real = deal(hands, real_cards_fire=True, **options)
    play(real, (0, "7h RJ=8h 9h"))
    assert real.table != "" and real.to_act == 1
    real = deal(["7h 8h RJ 4c", "10h Jh Qh 3d", "5c 5d"], real_cards_fire=True, **options)
    play(real, (0, "7h 8h RJ=9h"))
    assert real.table == ""  # a real 8 still cuts


def test_a_joker_standing_for_a_jack_reverses_nothing_when_only_real_cards_fire() -> None:
    hands = ["10h RJ Qh 4c", "Kh Ah 2h 3d", "5c 5d"]
    options = {"eleven_back": True, "runs": True, **WILD}
    usual = deal(hands, **options)
    play(usual, (0, "10h RJ=Jh Qh"))
    assert usual.eleven_back
    real = deal(hands, real_cards_fire=True, **options)
    play(real, (0, "10h RJ=Jh Qh"))
    assert not real.eleven_back


def test_two_real_jacks_and_a_joker_are_even_under_eleven_back_odd_and_real_cards_fire() -> None:
    hands = ["Jc Jd RJ 4c", "Kh Ah 2h 3d", "5c 5d"]
    options = {"eleven_back": True, "eleven_back_odd": True, **WILD}
    usual = deal(hands, **options)
    play(usual, (0, "Jc Jd RJ=Jh"))
    assert usual.eleven_back  # three jacks
    real = deal(hands, real_cards_fire=True, **options)
    play(real, (0, "Jc Jd RJ=Jh"))
    assert not real.eleven_back


def test_going_out_on_a_joker_standing_for_a_two_is_no_forbidden_finish_when_only_real_cards_fire() -> None:
    pair = ["Ac Ad RJ 2c", "3c 4c", "5c 6c"]
    usual = deal(pair, forbidden_finish=("2",), **WILD)
    play(usual, (0, "Ac Ad"), (1, "pass"), (2, "pass"), (0, "2c RJ=2d"))
    assert usual.seat_view(0).bottom == [0]
    real = deal(["Ac Ad RJ BJ", "3c 4c", "5c 6c"], forbidden_finish=("2",), real_cards_fire=True, **WILD)
    play(real, (0, "Ac Ad"), (1, "pass"), (2, "pass"), (0, "BJ=2c RJ=2d"))
    assert real.finished == [0] and real.seat_view(0).bottom == []


# ---------------------------------------------------------------- the forbidden card in a revolution

def test_under_a_revolution_the_forbidden_two_falls_on_the_threes_with_revolution_forbidden() -> None:
    hands = ["5c 5d 5h 5s 3c", "4c 9d", "6c 10d"]
    on = deal(hands, revolution=True, forbidden_finish=("2",), revolution_forbidden="3")
    events = play(on, (0, "5c 5d 5h 5s"), (1, "pass"), (2, "pass"), (0, "3c"))
    assert on.revolution and on.seat_view(0).bottom == [0]
    assert events[-1].data == {"place": 3, "forbidden": True, "option": "revolution_forbidden"}
    usual = deal(hands, revolution=True, forbidden_finish=("2",))
    play(usual, (0, "5c 5d 5h 5s"), (1, "pass"), (2, "pass"), (0, "3c"))
    assert usual.finished == [0]


def test_outside_a_revolution_the_twos_stay_forbidden_with_revolution_forbidden() -> None:
    m = deal(["2c", "4c 9d", "6c 10d"], revolution=True, forbidden_finish=("2",), revolution_forbidden="3")
    play(m, (0, "2c"))
    assert m.seat_view(0).bottom == [0]
    m = deal(["3c", "4c 9d", "6c 10d"], revolution=True, forbidden_finish=("2",), revolution_forbidden="3")
    play(m, (0, "3c"))
    assert m.finished == [0]


def test_revolution_forbidden_needs_the_forbidden_two() -> None:
    with pytest.raises(ValueError, match='needs "2" in forbidden_finish'):
        Rules(revolution_forbidden="3")


# ---------------------------------------------------------------- bombs: who leads, and a bomb led

def test_after_a_bomb_the_next_player_leads_under_bomb_passes_lead() -> None:
    hands = ["Ac Ad 9c", "5c 5d 5h 5s Kc", "3c 4d", "6c 7d"]
    usual = deal(hands, quad_bomb=True)
    play(usual, (0, "Ac Ad"), (1, "5c 5d 5h 5s"))
    assert usual.to_act == 1
    passed = deal(hands, quad_bomb=True, bomb_passes_lead=True)
    events = play(passed, (0, "Ac Ad"), (1, "5c 5d 5h 5s"))
    assert passed.table == "" and passed.to_act == 2
    assert events[-1].data == {"leader": 2, "cut": "bomb", "option": "bomb_passes_lead"}


def test_a_bomb_led_is_an_ordinary_set_under_bomb_lead_plain() -> None:
    hands = ["2c 9c", "2d Kc", "3c 4d"]
    usual = deal(hands, two_bomb=True)
    play(usual, (0, "2c"))
    assert usual.table == "" and usual.to_act == 0
    plain = deal(hands, two_bomb=True, bomb_lead_plain=True)
    play(plain, (0, "2c"))
    assert plain.table == "2c" and plain.to_act == 1
    play(plain, (1, "2d"))
    assert plain.table == "" and plain.to_act == 1  # answering, a 2 is still a bomb


# ---------------------------------------------------------------- an unbeatable play

def test_an_unbeatable_play_ends_the_trick_at_once_under_unbeatable_clears() -> None:
    hands = ["2c 9c", "Ad Kc", "3c 4d"]
    usual = deal(hands)
    play(usual, (0, "2c"))
    assert usual.table == "2c" and usual.to_act == 1
    clears = deal(hands, unbeatable_clears=True)
    events = play(clears, (0, "2c"))
    assert clears.table == "" and clears.to_act == 0
    assert events[-1].data == {"leader": 0, "cut": "unbeatable", "option": "unbeatable_clears"}


@pytest.mark.parametrize(("options", "lead"), [
    ({"jokers": 1}, "2c"),  # a plain joker beats a 2
    ({"equal_answers": True}, "2c"),  # another 2 answers a 2
    ({"quad_bomb": True}, "2c"),  # four of a kind answers anything
    ({"jokers": 1, "spade3_beats_joker": True}, "RJ"),  # the 3 of spades beats a lone joker
])
def test_a_play_the_deck_could_answer_leaves_the_trick_open(options: dict[str, Any], lead: str) -> None:
    m = deal([f"{lead} 9c", "Ad Kc", "3c 4d"], unbeatable_clears=True, **options)
    play(m, (0, lead))
    assert m.table == lead and m.to_act == 1


def test_unbeatable_is_asked_of_the_deck_not_of_the_hands() -> None:
    """Nobody holds the joker here, but the deck has one: the 2 is not unbeatable (nothing hidden is told)."""
    m = deal(["2c 9c", "Ad Kc", "3c 4d"], unbeatable_clears=True, jokers=1)
    play(m, (0, "2c"))
    assert m.table == "2c"


def test_a_pair_of_twos_is_unbeatable_under_a_lock_or_in_the_reversed_order() -> None:
    m = deal(["5c 5d 9c", "4c 4d Kc", "3c 3d"], unbeatable_clears=True, revolution=True)
    m._set_order(True)
    play(m, (0, "5c 5d"), (1, "4c 4d"), (2, "3c 3d"))
    assert m.table == "" and m.finished == [2] and m.to_act == 0


# ---------------------------------------------------------------- after the deal

def _second_deal(seed: int, **options: Any) -> tuple[Match, random.Random]:
    m = Match("tavern-jack", 4, seed=seed, capital_fall=True, **options)
    rng = random.Random(seed)
    while m.deal_number == 1:
        m.apply(m.legal_moves()[rng.randrange(len(m.legal_moves()))])
    while m.deal_number == 2 and not m.finished:
        m.apply(m.legal_moves()[rng.randrange(len(m.legal_moves()))])
    return m, rng


def test_capital_fall_by_last_fires_only_when_the_previous_last_goes_out_first() -> None:
    seen = set()
    for seed in range(60):
        m, _ = _second_deal(seed, capital_fall_by_last=True)
        if m.deal_number != 2:
            continue
        previous = m.deal_results[0].order
        first, president = m.finished[0], previous[0]
        if first == president:
            continue
        by_last = first == previous[-1]
        fell = m.hands[president] == 0 and m.seat_view(president).bottom == [president]
        assert fell == by_last, seed
        if fell:
            event = [e for e in m.events() if e.kind == "fall"][-1]
            assert event.data["option"] == "capital_fall_by_last"
        seen.add(by_last)
        if seen == {True, False}:
            return
    raise AssertionError(f"both cases not met: {seen}")


def test_the_spade_three_is_never_given_under_spade3_kept() -> None:
    rules = Rules(spade3_kept=True)
    hand = parse_cards("3s 3c 3d")
    assert gift_of(hand, 2, Rules()) == parse_cards("3s 3d")
    assert gift_of(hand, 2, rules) == parse_cards("3c 3d")
    assert gift_of(parse_cards("3s 4c 2d"), 2, rules) == parse_cards("4c 2d")


def test_a_match_under_spade3_kept_gives_the_same_best_cards_when_the_three_is_not_among_them() -> None:
    a = Match("tavern-jack", 4, seed=3, deals=2)
    b = Match("tavern-jack", 4, seed=3, deals=2, spade3_kept=True)
    while a.deal_number == 1:
        move = a.legal_moves()[0]
        a.apply(move)
        b.apply(move)
    assert a.received == b.received and a.hands == b.hands


# ---------------------------------------------------------------- the reference model and the lanes

VARIANT_SETS: list[dict[str, Any]] = [
    {"suit_lock": True, "suit_lock_at_once": True, "joker_keeps_lock": True, "spade3_beats_joker": True,
     "runs": True, "eight_cut": True, "eight_out_no_cut": True, "stair_lock": True, **WILD},
    {"suit_lock": True, "joker_starts_no_lock": True, "joker_keeps_lock": True, "spade3_beats_joker": True,
     "real_cards_fire": True, "eleven_back": True, "eight_cut": True, "forbidden_finish": ("2", "8"), "runs": True,
     **WILD},
    {"revolution": True, "twos_no_revolution": True, "forbidden_finish": ("2",), "revolution_forbidden": "3",
     "quad_bomb": True, "two_bomb": True, "bomb_passes_lead": True, "capital_fall": True,
     "capital_fall_by_last": True, "next_ace": True},
    {"quad_bomb": True, "bomb_lead_plain": True, "unbeatable_clears": True, "jokers": 1, "eleven_back": True,
     "revolution": True, "next_ace": True},
    {"next_ace": True, "eight_cut": True, "eight_out_no_cut": True, "two_bomb": True, "bomb_lead_plain": True},
]
"""The variants together, so that each fires many times."""


@pytest.mark.parametrize("options", VARIANT_SETS)
def test_the_variants_match_the_reference_model(options: dict[str, Any]) -> None:
    check_against_model(Match("tavern-jack", 4, seed=1, deals=2, **options), random.Random(1), options)


@pytest.mark.parametrize("options", VARIANT_SETS)
def test_the_variants_agree_with_the_definition(options: dict[str, Any]) -> None:
    """Move by move, with the straight lanes and without: the same moves, events and states."""
    fast = Match("tavern-jack", 4, seed=2, deals=2, **options)
    slow = without_lanes(fast)
    rng = random.Random(2)
    while not fast.is_over:
        moves = fast.legal_moves()
        assert sorted(moves) == sorted(slow.legal_moves())
        move = moves[rng.randrange(len(moves))]
        assert fast.apply(move) == slow.apply(move)
        assert snapshot(fast) == snapshot(slow) and fast.lock == slow.lock


@pytest.mark.parametrize("options", VARIANT_SETS)
def test_random_playouts_under_the_variants_agree_with_the_definition(options: dict[str, Any]) -> None:
    """The kernel's random playout draws its moves itself: its draws replayed on the definition end the same."""
    start = Match("tavern-jack", 4, seed=3, **options)
    while start.phase != "play":
        start.apply(start.legal_moves()[0])
    order = start.copy().playout("random", random.Random(3))
    shadow, slow, draws = start.copy(), without_lanes(start), random.Random(3)
    while not slow.is_over and slow.deal_number == start.deal_number:
        moves = shadow.legal_moves()
        move = 0 if len(moves) == 1 and not moves[0] else moves[int(draws.random() * len(moves))]
        shadow.apply_fast(move)
        slow.apply(move)
    assert slow.deal_results[0].order == order


# ---------------------------------------------------------------- the next ace

def _ace_taker(match: Match) -> int | None:
    """From the events of the first deal: who last took a trick with a set of aces on the table."""
    taker, top = None, None
    for event in match.events():
        if event.kind == "deal" and event.data["deal"] == 2:
            break
        if event.kind == "play":
            top = event
        elif event.kind == "trick_cleared" and top is not None:
            cards = parse_cards(" ".join(top.data.get("stands", {}).values())) | top.cards
            if cards & ~JOKERS and not cards & ~JOKERS & ~RANK_MASKS[11]:
                taker = top.seat
    return taker


def test_the_last_player_to_take_a_trick_with_aces_leads_the_next_deal_under_next_ace() -> None:
    differs = 0
    for seed in range(6):
        m = Match("tavern-jack", 4, seed=seed, deals=2, next_ace=True, jokers=1, wild_jokers=True)
        usual = Match("tavern-jack", 4, seed=seed, deals=2, jokers=1, wild_jokers=True)
        rng = random.Random(seed)
        while m.deal_number == 1:
            move = m.legal_moves()[rng.randrange(len(m.legal_moves()))]
            m.apply(move)
            usual.apply(move)
        taker = _ace_taker(m)
        assert taker is not None
        assert [e for e in m.events() if e.kind == "deal"][-1].data == {"deal": 2, "leader": taker,
                                                                        "option": "next_ace"}
        previous_last = [e for e in usual.events() if e.kind == "deal"][-1].data["leader"]
        assert previous_last == usual.deal_results[0].order[-1]
        differs += taker != previous_last
    assert differs


def test_next_ace_and_the_lead_card_cannot_both_choose_the_leader() -> None:
    with pytest.raises(ValueError, match="next_ace and lead_card_every_deal"):
        Rules(next_ace=True, first_lead_card=1, lead_card_every_deal=True)


def test_the_variants_travel_in_a_rule_code() -> None:
    rules = get_rules("tavern-jack", suit_lock=True, suit_lock_at_once=True, joker_keeps_lock=True,
                      joker_starts_no_lock=True, jokers=2, wild_jokers=True, real_cards_fire=True, revolution=True,
                      twos_no_revolution=True, eight_cut=True, eight_out_no_cut=True, unbeatable_clears=True,
                      quad_bomb=True, bomb_passes_lead=True, bomb_lead_plain=True, forbidden_finish=("2",),
                      revolution_forbidden="3", capital_fall=True, capital_fall_by_last=True, spade3_kept=True,
                      next_ace=True)
    code = encode(rules)
    assert "revolution_forbidden~3" in code and ".next_ace" in code
    assert decode(code) == rules and encode(get_rules("tavern-jack")) == "r1.tavern-jack"
