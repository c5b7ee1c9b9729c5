"""Strength and locks of issue 32, clause by clause: sandstorm (three 3s), down number, stair lock, and the two wild
jokers as a pair of their own (``wild_joker_pair``)."""

from __future__ import annotations

import pytest

from president import IllegalMove, Match

from .driving import legal_texts, play


def deal(hands: list[str], leader: int = 0, **options: object) -> Match:
    return Match.from_hands("tavern-jack", hands, leader=leader, **options)


# ---------------------------------------------------------------- sandstorm: three 3s

def test_sandstorm_three_threes_answer_any_play() -> None:
    for table in ("2c", "Ac Ad", "Kc Kd Kh", "7c 7d 7h 7s"):
        m = deal([f"{table} 9c", "3c 3d 3h 5c", "4c Jd"], sandstorm=True)
        play(m, (0, table))
        assert "3c 3d 3h" in legal_texts(m), table


def test_sandstorm_answers_a_run_and_a_lone_joker() -> None:
    m = deal(["5h 6h 7h 9c", "3c 3d 3h 4c", "Kc"], sandstorm=True, runs=True)
    play(m, (0, "5h 6h 7h"))
    assert "3c 3d 3h" in legal_texts(m)
    m = deal(["RJ 9c", "3c 3d 3h 4c", "Kc"], sandstorm=True, jokers=1, wild_jokers=True)
    play(m, (0, "RJ"))
    assert legal_texts(m) == {"3c 3d 3h", "pass"}


def test_sandstorm_only_a_sandstorm_answers_it_not_even_a_bomb() -> None:
    m = deal(["3c 3d 3h 9c", "2c 2d 2h 2s 5c", "4c Jd"], sandstorm=True, quad_bomb=True, two_bomb=True)
    play(m, (0, "3c 3d 3h"))
    assert legal_texts(m) == {"pass"}
    with pytest.raises(IllegalMove, match="only a sandstorm"):
        m.apply("2c 2d 2h 2s")


def test_without_sandstorm_three_threes_are_the_lowest_three_of_a_kind() -> None:
    m = deal(["Kc Kd Kh 9c", "3c 3d 3h 5c", "4c Jd"])
    play(m, (0, "Kc Kd Kh"))
    assert legal_texts(m) == {"pass"}


# ---------------------------------------------------------------- down number

def test_down_number_a_single_may_be_answered_by_the_card_of_its_suit_one_rank_below() -> None:
    m = deal(["9h Kc", "8h 8c 5h 10c", "4c Jd"], down_number=True)
    play(m, (0, "9h"))
    assert legal_texts(m) == {"8h", "10c", "pass"}
    play(m, (1, "8h"))
    assert m.table == "8h" and m.to_act == 2
    # The next answer is measured against the 8.
    assert legal_texts(m) == {"Jd", "pass"}


def test_down_number_is_mirrored_during_a_revolution() -> None:
    m = deal(["7c 7d 7h 7s 9h Kc", "10h 8h 3c", "4c Jd"], down_number=True, revolution=True)
    play(m, (0, "7c 7d 7h 7s"), (1, "pass"), (2, "pass"), (0, "9h"))
    assert legal_texts(m) == {"10h", "8h", "3c", "pass"}


def test_down_number_is_for_singles_only() -> None:
    m = deal(["9h 9s Kc", "8h 8s 5h", "4c Jd"], down_number=True)
    play(m, (0, "9h 9s"))
    assert legal_texts(m) == {"pass"}


def test_without_down_number_a_lower_card_never_answers() -> None:
    m = deal(["9h Kc", "8h 10c", "4c Jd"])
    play(m, (0, "9h"))
    assert legal_texts(m) == {"10c", "pass"}


# ---------------------------------------------------------------- stair lock

def test_stair_lock_consecutive_ranks_lock_the_next_answer_to_the_next_rank() -> None:
    m = deal(["5c Kc", "6d 9c 2c", "7h 8h Ac"], stair_lock=True)
    play(m, (0, "5c"))
    events = play(m, (1, "6d"))
    assert events[-1].kind == "lock" and events[-1].data == {"suits": "", "stair": True, "option": "stair_lock"}
    assert m.view(2)["stair_lock"] is True
    assert legal_texts(m) == {"7h", "pass"}
    with pytest.raises(IllegalMove, match="stair-locked"):
        m.apply("Ac")
    play(m, (2, "7h"))
    assert legal_texts(m) == {"pass"}  # Kc is no 8


def test_stair_lock_holds_for_sets_and_ends_with_the_trick() -> None:
    m = deal(["5c 5d Kc", "6c 6d 9c", "7c 7h 8c 8h"], stair_lock=True)
    play(m, (0, "5c 5d"), (1, "6c 6d"))
    assert legal_texts(m) == {"7c 7h", "pass"}
    play(m, (2, "7c 7h"), (0, "pass"), (1, "pass"))
    assert m.table == "" and m.lock == 0
    play(m, (2, "8c 8h"))
    assert m.lock == 0


def test_stair_lock_needs_two_plays_a_jump_does_not_lock() -> None:
    m = deal(["5c Kc", "7d 9c", "8h 10h Ac"], stair_lock=True)
    play(m, (0, "5c"), (1, "7d"))
    assert m.lock == 0 and legal_texts(m) == {"8h", "10h", "Ac", "pass"}


def test_stair_lock_climbs_down_during_a_revolution() -> None:
    m = deal(["4c 4d 4h 4s 9h Kc", "8d 5c", "7h 3c Ac"], stair_lock=True, revolution=True)
    play(m, (0, "4c 4d 4h 4s"), (1, "pass"), (2, "pass"), (0, "9h"), (1, "8d"))
    assert m.lock & 16 and legal_texts(m) == {"7h", "pass"}


def test_stair_and_suit_lock_together() -> None:
    m = deal(["5c Kc", "6c 6d 9c", "7c 7h Ac"], stair_lock=True, suit_lock=True)
    play(m, (0, "5c"), (1, "6c"))
    assert m.lock == 16 | 1 and legal_texts(m) == {"7c", "pass"}


# ---------------------------------------------------------------- the wild jokers as a pair

JOKERS = {"jokers": 2, "wild_jokers": True}


def test_wild_joker_pair_two_jokers_beat_a_pair_of_twos() -> None:
    m = deal(["2c 2d 9c", "BJ RJ 5c", "4c Jd"], wild_joker_pair=True, **JOKERS)
    play(m, (0, "2c 2d"))
    assert "BJ RJ" in legal_texts(m)
    play(m, (1, "BJ RJ"))
    assert m.table == "BJ RJ" and legal_texts(m) == {"pass"}


def test_without_wild_joker_pair_two_wild_jokers_must_stand_for_a_rank() -> None:
    m = deal(["2c 2d 9c", "BJ RJ 5c", "4c Jd"], **JOKERS)
    play(m, (0, "2c 2d"))
    assert legal_texts(m) == {"pass"}
    with pytest.raises(IllegalMove, match="no pair of their own"):
        m.apply("BJ RJ")


def test_the_joker_pair_may_be_led_and_only_a_higher_pair_answers_it() -> None:
    m = deal(["BJ RJ 9c", "2c 2d 5c", "4c Jd"], wild_joker_pair=True, **JOKERS)
    assert "BJ RJ" in legal_texts(m)
    play(m, (0, "BJ RJ"))
    assert legal_texts(m) == {"pass"}


def test_the_joker_pair_is_the_lowest_pair_during_a_revolution_unless_jokers_stay_high() -> None:
    for where, answers in (("lowest", True), ("highest", False)):
        m = deal(["7c 7d 7h 7s BJ RJ 9c", "2c 2d 5c", "4c Jd"], wild_joker_pair=True, revolution=True,
                 joker_in_revolution=where, **JOKERS)
        play(m, (0, "7c 7d 7h 7s"), (1, "pass"), (2, "pass"), (0, "BJ RJ"))
        assert ("2c 2d" in legal_texts(m)) is answers, where


def test_wild_joker_pair_needs_wild_jokers() -> None:
    with pytest.raises(ValueError, match="wild_joker_pair needs wild_jokers"):
        Match("tavern-jack", 4, seed=1, jokers=2, wild_joker_pair=True)


def test_the_joker_pair_is_no_play_where_pairs_are_not_allowed() -> None:
    m = deal(["BJ RJ 9c", "2c 5c", "4c Jd"], wild_joker_pair=True, max_set=1, **JOKERS)
    assert "BJ RJ" not in legal_texts(m)
    with pytest.raises(IllegalMove, match="at most 1 card"):
        m.apply("BJ RJ")
