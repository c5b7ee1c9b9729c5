"""Turn order and after the deal, clause by clause: 5-skip, 9-reverse, 6-reverse, gekokujo and tenpen-chii."""

from __future__ import annotations

import random

from president import Match
from president.turn_order import spared_by_tenpen_chii

from .driving import play


def deal(hands: list[str], leader: int = 0, preset: str = "tavern-jack", **options: object) -> Match:
    return Match.from_hands(preset, hands, leader=leader, **options)


FOUR = ["5c 5d 5h 9c 3c", "Kd 4d", "Qd 4h", "Jd 4s"]
"""Four hands: seat 0 holds three 5s and a 9; the others a high card and a 4 each."""


# ---------------------------------------------------------------- 5-skip

def test_a_five_skips_the_next_player() -> None:
    m = deal(FOUR, five_skip=True)
    events = play(m, (0, "5c"))
    assert m.to_act == 2
    assert [(e.kind, e.seat, e.data) for e in events] == [
        ("play", 0, {}), ("skip", 1, {"option": "five_skip"})]
    assert m.seat_view(2).passed == 1 << 1


def test_each_five_of_a_play_skips_one_more_player() -> None:
    m = deal(FOUR, five_skip=True)
    events = play(m, (0, "5c 5d"))
    assert m.to_act == 3 and [e.seat for e in events if e.kind == "skip"] == [1, 2]


def test_skipping_everyone_ends_the_trick_and_the_player_leads_again() -> None:
    m = deal(FOUR, five_skip=True)
    events = play(m, (0, "5c 5d 5h"))
    assert m.table == "" and m.to_act == 0
    assert [e.kind for e in events] == ["play", "skip", "skip", "skip", "trick_cleared"]


def test_a_skipped_player_may_answer_the_next_play_without_the_lockout() -> None:
    m = deal(FOUR, five_skip=True)
    play(m, (0, "5c"), (2, "Qd"))
    assert m.to_act == 3
    play(m, (3, "pass"))
    assert m.to_act == 0
    play(m, (0, "pass"))
    assert m.to_act == 1 and m.is_legal("Kd")


def test_under_the_lockout_a_skipped_player_stays_out_of_the_trick() -> None:
    m = deal(FOUR, five_skip=True, pass_lockout=True)
    play(m, (0, "5c"), (2, "Qd"), (3, "pass"), (0, "pass"))
    assert m.table == "" and m.to_act == 2


def test_a_joker_standing_for_a_five_skips_and_a_lone_joker_does_not() -> None:
    m = deal(["5c BJ 3c", "Kd 4d", "Qd 4h", "Jd 4s"], jokers=1, wild_jokers=True, five_skip=True)
    play(m, (0, "5c BJ=5d"))
    assert m.to_act == 3
    m = deal(["BJ 3c", "Kd 4d", "Qd 4h", "Jd 4s"], jokers=1, wild_jokers=True, five_skip=True)
    play(m, (0, "BJ"))
    assert m.to_act == 1


def test_without_five_skip_a_five_is_an_ordinary_card() -> None:
    m = deal(FOUR)
    play(m, (0, "5c 5d"))
    assert m.to_act == 1 and m.table == "5c 5d"


# ---------------------------------------------------------------- 9-reverse and 6-reverse

def test_a_nine_reverses_the_direction_of_play() -> None:
    m = deal(FOUR, nine_reverse=True)
    assert m.view(0)["direction"] == "clockwise"
    events = play(m, (0, "9c"))
    assert m.to_act == 3 and m.backwards
    assert m.view(1)["direction"] == "counterclockwise" and m.view(None)["direction"] == "counterclockwise"
    assert [(e.kind, e.data) for e in events] == [
        ("play", {}), ("reverse", {"option": "nine_reverse", "backwards": True})]
    play(m, (3, "Jd"), (2, "Qd"), (1, "Kd"))
    assert m.to_act == 0


def test_the_direction_lasts_past_the_trick_and_passes_follow_it() -> None:
    m = deal(FOUR, nine_reverse=True)
    play(m, (0, "9c"), (3, "pass"), (2, "pass"), (1, "pass"))
    assert m.table == "" and m.to_act == 0 and m.backwards
    play(m, (0, "3c"))
    assert m.to_act == 3


def test_a_second_nine_turns_play_back() -> None:
    m = deal(["9c 3c", "Kd 4d 4c", "Qd 9s", "Jd 4s"], nine_reverse=True)
    play(m, (0, "3c"), (1, "4d"), (2, "9s"))
    assert m.to_act == 1 and m.backwards
    play(m, (1, "Kd"))
    assert m.to_act == 0
    play(m, (0, "pass"), (3, "pass"), (2, "pass"))
    assert m.table == "" and m.to_act == 1


def test_when_the_player_goes_out_on_a_nine_the_next_leader_is_in_the_new_direction() -> None:
    m = deal(["9c", "Kd 4d", "Qd 4h", "Jd 4s"], nine_reverse=True)
    play(m, (0, "9c"), (3, "pass"), (2, "pass"), (1, "pass"))
    assert m.finished == [0] and m.table == "" and m.to_act == 3


def test_a_six_reverses_under_six_reverse_only() -> None:
    m = deal(["6c 3c", "Kd 4d", "Qd 4h", "Jd 4s"], six_reverse=True)
    events = play(m, (0, "6c"))
    assert m.to_act == 3 and [e.data for e in events if e.kind == "reverse"] == [
        {"option": "six_reverse", "backwards": True}]
    m = deal(["6c 3c", "Kd 4d", "Qd 4h", "Jd 4s"], nine_reverse=True)
    play(m, (0, "6c"))
    assert m.to_act == 1 and not m.backwards


def test_a_run_holding_a_six_and_a_nine_reverses_twice() -> None:
    m = deal(["6h 7h 8h 9h 3c", "Kd 4d", "Qd 4h", "Jd 4s"], runs=True, six_reverse=True, nine_reverse=True)
    events = play(m, (0, "6h 7h 8h 9h"))
    assert [e.data["option"] for e in events if e.kind == "reverse"] == ["nine_reverse", "six_reverse"]
    assert not m.backwards and m.to_act == 1


def test_a_reverse_and_a_skip_in_one_play_skip_in_the_new_direction() -> None:
    m = deal(["5h 6h 7h 9c", "Kd 4d", "Qd 4h", "Jd 4s"], runs=True, six_reverse=True, five_skip=True)
    events = play(m, (0, "5h 6h 7h"))
    assert [e.kind for e in events] == ["play", "reverse", "skip"]
    assert events[2].seat == 3 and m.to_act == 2


def test_every_deal_starts_clockwise() -> None:
    for seed in range(20):
        m = Match("tavern-jack", 4, seed=seed, deals=3, nine_reverse=True, six_reverse=True)
        rng = random.Random(seed)
        ended_backwards = False
        while not m.is_over:
            deal_number = m.deal_number
            backwards = m.backwards
            m.apply(m.legal_moves()[rng.randrange(len(m.legal_moves()))])
            if m.deal_number != deal_number and not m.is_over:
                assert not m.backwards
                ended_backwards = ended_backwards or backwards
        if ended_backwards:
            return
    raise AssertionError("no deal ended with play reversed")


def test_the_direction_survives_a_copy_a_record_and_a_view() -> None:
    m = deal(FOUR, nine_reverse=True)
    play(m, (0, "9c"))
    assert m.copy().backwards
    again = Match.replay(m.record())
    assert again.backwards and again.to_act == 3
    view = m.seat_view(3)
    guess = Match.from_view(view, list(m.hands))
    assert guess.backwards and guess.to_act == 3
    play(guess, (3, "pass"))
    assert guess.to_act == 2


# ---------------------------------------------------------------- gekokujo

def _second_deal_first_out(seed: int, **options: object) -> tuple[Match, tuple[int, ...]] | None:
    """Play deal 1 of a match at random, then deal 2 until someone goes out: the match and deal 1's order, when
    the last player of deal 1 went out first."""
    m = Match("tavern-jack", 4, seed=seed, deals=3, **options)
    rng = random.Random(seed)
    while m.deal_number == 1:
        m.apply(m.legal_moves()[rng.randrange(len(m.legal_moves()))])
    previous = m.deal_results[0].order
    while m.deal_number == 2:
        moves = m.legal_moves()
        move = moves[rng.randrange(len(moves))]
        seat = m.to_act
        events = m.apply(move)
        if any(e.kind == "out" for e in events):
            return (m, previous) if seat == previous[-1] and len(m.deal_results) == 2 else None
    return None


def test_the_last_player_going_out_first_reverses_every_title() -> None:
    for seed in range(200):
        found = _second_deal_first_out(seed, gekokujo=True)
        if found is None:
            continue
        m, previous = found
        assert m.deal_results[1].order == previous[::-1]
        assert m.titles[previous[0]] == "beggar" and m.titles[previous[-1]] == "president"
        events = [e for e in m.events() if e.kind == "gekokujo"]
        assert events and events[0].data == {"option": "gekokujo", "order": list(previous[::-1])}
        return
    raise AssertionError("no seed where the last player went out first")


def test_without_gekokujo_the_others_play_on() -> None:
    for seed in range(200):
        m = Match("tavern-jack", 4, seed=seed, deals=3)
        rng = random.Random(seed)
        while m.deal_number == 1:
            m.apply(m.legal_moves()[rng.randrange(len(m.legal_moves()))])
        last = m.deal_results[0].order[-1]
        while not m.finished:
            m.apply(m.legal_moves()[rng.randrange(len(m.legal_moves()))])
        if m.finished == [last]:
            assert m.deal_number == 2 and m.phase == "play"
            return
    raise AssertionError("no seed where the last player went out first")


# ---------------------------------------------------------------- tenpen-chii

def test_nothing_above_a_ten_is_what_spares_a_player() -> None:
    on = Match("tavern-jack", 4, seed=1, tenpen_chii=True).rules
    assert spared_by_tenpen_chii(0xFFFFFFFF, on)  # every card from the 3 to the 10
    assert not spared_by_tenpen_chii(1 << 32, on)  # the jack of clubs
    assert not spared_by_tenpen_chii(1 << 53, Match("revolution", 4, seed=1, tenpen_chii=True).rules)
    assert not spared_by_tenpen_chii(3, Match("tavern-jack", 4, seed=1).rules)


def test_a_poor_player_with_nothing_above_ten_is_spared_the_exchange() -> None:
    checked = 0
    for seed in range(400):
        m = Match("tavern-jack", 6, seed=seed, deals=2, tenpen_chii=True)
        rng = random.Random(seed)
        while m.deal_number == 1:
            m.apply(m.legal_moves()[rng.randrange(len(m.legal_moves()))])
        dealt = [e for e in m.events() if e.kind in ("gift", "spared")]
        deal2 = dealt[-2:] if len(dealt) >= 2 else dealt
        order = m.deal_results[0].order
        spared = [e for e in deal2 if e.kind == "spared"]
        if not spared:
            continue
        event = spared[0]
        assert event.data == {"option": "tenpen_chii"} and event.seat in (order[-1], order[-2])
        assert m.received[event.to] == 0 and not m.hands[event.seat] >> 32
        if m.phase == "exchange":
            assert m.to_act != event.to
        checked += 1
        if checked >= 2:
            return
    raise AssertionError("too few seeds where a poor player held nothing above a 10")
