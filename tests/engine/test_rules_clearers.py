"""Trick clearers of issue 32, clause by clause: ambulance (``nine_pair_cut``), rokurokubi (``six_pair_cut``), the
lone 3 of spades (``spade3_cut``), and the rule each cut names in its event."""

from __future__ import annotations

import pytest

from president import Match

from .driving import play


def deal(hands: list[str], leader: int = 0, **options: object) -> Match:
    return Match.from_hands("tavern-jack", hands, leader=leader, **options)


# ---------------------------------------------------------------- ambulance: a pair of 9s

def test_ambulance_a_pair_of_nines_ends_the_trick_and_the_same_player_leads() -> None:
    m = deal(["9c 9d Kc", "10c 10d Ah", "4c 4h Jd"], nine_pair_cut=True)
    events = play(m, (0, "9c 9d"))
    assert m.table == "" and m.to_act == 0
    assert [e.kind for e in events] == ["play", "trick_cleared"]
    assert events[1].data == {"leader": 0, "cut": "nine_pair", "option": "nine_pair_cut"}


def test_ambulance_a_pair_of_nines_answering_a_pair_also_clears() -> None:
    m = deal(["5c 5d Kc", "9c 9h Ah", "4c 4h Jd"], nine_pair_cut=True)
    play(m, (0, "5c 5d"), (1, "9c 9h"))
    assert m.table == "" and m.to_act == 1


def test_ambulance_is_a_pair_only_one_or_three_nines_do_not_clear() -> None:
    m = deal(["9c Kc", "10c Ah", "4c Jd"], nine_pair_cut=True)
    play(m, (0, "9c"))
    assert m.table == "9c" and m.to_act == 1
    m = deal(["9c 9d 9h Kc", "10c Ah", "4c Jd"], nine_pair_cut=True)
    play(m, (0, "9c 9d 9h"))
    assert m.table == "9c 9d 9h"


def test_without_ambulance_a_pair_of_nines_is_an_ordinary_pair() -> None:
    m = deal(["9c 9d Kc", "10c 10d Ah", "4c 4h Jd"])
    play(m, (0, "9c 9d"))
    assert m.table == "9c 9d" and m.to_act == 1


def test_ambulance_counts_a_wild_joker_standing_for_a_nine() -> None:
    m = deal(["9c RJ Kc", "10c 10d Ah", "4c 4h Jd"], nine_pair_cut=True, jokers=1, wild_jokers=True)
    play(m, (0, "9c RJ=9d"))
    assert m.table == "" and m.to_act == 0


def test_nine_cut_many_three_or_four_nines_clear_too_and_name_their_rule() -> None:
    for nines in ("9c 9d 9h", "9c 9d 9h 9s"):
        m = deal([f"{nines} Kc", "10c Ah", "4c Jd"], nine_pair_cut=True, nine_cut_many=True)
        events = play(m, (0, nines))
        assert m.table == "" and m.to_act == 0
        assert events[-1].data == {"leader": 0, "cut": "nine_many", "option": "nine_cut_many"}
    m = deal(["9c 9d Kc", "10c Ah", "4c Jd"], nine_pair_cut=True, nine_cut_many=True)
    assert play(m, (0, "9c 9d"))[-1].data["option"] == "nine_pair_cut"
    # A single 9 does nothing; four 9s under quad_bomb are a bomb first.
    m = deal(["9c Kc", "10c Ah", "4c Jd"], nine_pair_cut=True, nine_cut_many=True)
    assert play(m, (0, "9c")) and m.table == "9c"
    m = deal(["9c 9d 9h 9s Kc", "10c Ah", "4c Jd"], nine_pair_cut=True, nine_cut_many=True, quad_bomb=True)
    assert play(m, (0, "9c 9d 9h 9s"))[-1].data["option"] == "quad_bomb"
    with pytest.raises(ValueError, match="nine_cut_many needs nine_pair_cut"):
        deal(["9c", "10c"], nine_cut_many=True)


# ---------------------------------------------------------------- rokurokubi: a pair of 6s

def test_rokurokubi_a_pair_of_sixes_ends_the_trick() -> None:
    m = deal(["6c 6d Kc", "10c 10d Ah", "4c 4h Jd"], six_pair_cut=True)
    events = play(m, (0, "6c 6d"))
    assert m.table == "" and m.to_act == 0
    assert events[-1].data == {"leader": 0, "cut": "six_pair", "option": "six_pair_cut"}


def test_rokurokubi_going_out_on_the_pair_gives_the_lead_to_the_next_player() -> None:
    m = deal(["6c 6d", "10c 10d Ah", "4c 4h Jd"], six_pair_cut=True)
    play(m, (0, "6c 6d"))
    assert m.finished == [0] and m.to_act == 1 and m.table == ""


# ---------------------------------------------------------------- the lone 3 of spades

def test_spade3_cut_a_lone_three_of_spades_led_ends_the_trick() -> None:
    m = deal(["3s 5c Kc", "10c Ah", "4c Jd"], spade3_cut=True)
    events = play(m, (0, "3s"))
    assert m.table == "" and m.to_act == 0
    assert events[-1].data == {"leader": 0, "cut": "spade3_alone", "option": "spade3_cut"}


def test_spade3_cut_also_when_it_answers_during_a_revolution() -> None:
    m = deal(["7c 7d 7h 7s 3s 2c Kc", "4c 9h", "5d Jd"], spade3_cut=True, revolution=True)
    play(m, (0, "7c 7d 7h 7s"), (1, "pass"), (2, "pass"))
    play(m, (0, "2c"), (1, "4c"))
    # The order is reversed: the 3 is the strongest card, and the lone 3 of spades clears.
    play(m, (2, "pass"), (0, "3s"))
    assert m.table == "" and m.to_act == 0


def test_spade3_cut_needs_the_three_of_spades_itself_alone() -> None:
    m = deal(["3c 3s Kc", "10c Ah", "4c Jd"], spade3_cut=True)
    play(m, (0, "3c"))
    assert m.table == "3c"
    m = deal(["3c 3s Kc", "10c 10d Ah", "4c Jd"], spade3_cut=True)
    play(m, (0, "3c 3s"))
    assert m.table == "3c 3s"


def test_spade3_cut_is_no_answer_by_itself_a_three_still_has_to_beat_the_table() -> None:
    m = deal(["5c Kc", "3s Ah", "4c Jd"], spade3_cut=True)
    play(m, (0, "5c"))
    assert not m.is_legal("3s")


# ---------------------------------------------------------------- every cut names its rule

@pytest.mark.parametrize(("options", "lead", "cut", "option"), [
    ({"eight_cut": True}, "8c", "eight", "eight_cut"),
    ({"quad_bomb": True}, "5c 5d 5h 5s", "bomb", "quad_bomb"),
    ({"two_bomb": True}, "2c", "bomb", "two_bomb"),
])
def test_the_older_cuts_name_their_rule_too(options: dict[str, object], lead: str, cut: str, option: str) -> None:
    m = deal([f"{lead} Kc", "10c Ah", "4c Jd"], **options)
    events = play(m, (0, lead))
    assert events[-1].kind == "trick_cleared" and events[-1].data == {"leader": 0, "cut": cut, "option": option}
