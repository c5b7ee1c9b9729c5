"""The emperor (``emperor``), clause by clause: "a run of the four suits" (four cards of consecutive ranks, one card
of each suit) "does what a revolution does"."""

from __future__ import annotations

import pytest

from president import IllegalMove, Match

from .driving import play


def deal(hands: list[str], leader: int = 0, **options: object) -> Match:
    return Match.from_hands("tavern-jack", hands, leader=leader, emperor=True, **options)


def texts(m: Match) -> set[str]:
    return {m.move_text(move) for move in m.legal_moves()}


def test_four_consecutive_ranks_one_of_each_suit_are_one_move() -> None:
    m = deal(["5c 6d 7h 8s Kd", "9c 9d Ah", "4c 4h Jd"])
    assert "5c 6d 7h 8s" in texts(m)


def test_every_order_of_the_suits_makes_an_emperor_and_a_rank_may_offer_several_cards() -> None:
    m = deal(["5c 5h 6d 7h 8s Kd", "9c 9d Ah", "4c 4h Jd"])
    assert {"5c 6d 7h 8s", "5h 6d 7h 8s"} - texts(m) == {"5h 6d 7h 8s"}  # 7h cannot serve twice
    m = deal(["5c 5h 6d 7c 8s Kd", "9c 9d Ah", "4c 4h Jd"])
    assert {"5c 6d 7c 8s", "5h 6d 7c 8s"} & texts(m) == {"5h 6d 7c 8s"}


def test_the_emperor_starts_a_revolution_and_a_second_one_ends_it() -> None:
    m = deal(["5c 6d 7h 8s Kd", "9c 10d Jh Qs Ah", "4c 4h Jd"])
    events = play(m, (0, "5c 6d 7h 8s"))
    assert m.revolution
    assert [e.data for e in events if e.kind == "revolution"] == [{"on": True, "option": "emperor"}]
    # In the reversed order a higher emperor is one starting lower: 9 … Q does not answer 5 … 8.
    assert texts(m) == {"pass"}


def test_an_emperor_is_answered_only_by_a_higher_emperor() -> None:
    m = deal(["5c 6d 7h 8s Kd", "3c 4d 5h 6s Ah", "9c 9d 9h 9s Jd"], revolution=True)
    play(m, (0, "5c 6d 7h 8s"))
    assert m.revolution
    assert texts(m) == {"3c 4d 5h 6s", "pass"}  # lower is higher now
    play(m, (1, "3c 4d 5h 6s"))
    assert not m.revolution
    with pytest.raises(IllegalMove, match="an emperor can only be beaten by an emperor, not by a four of a kind"):
        m.apply("9c 9d 9h 9s")


def test_no_joker_stands_in_an_emperor() -> None:
    m = deal(["5c 6d 7h RJ Kd", "9c 9d Ah", "4c 4h Jd"], jokers=1, wild_jokers=True)
    assert not any(len(t.split()) == 4 for t in texts(m))
    with pytest.raises(IllegalMove):
        m.apply("5c 6d 7h RJ=8s")


def test_without_the_option_the_four_cards_are_no_move() -> None:
    m = Match.from_hands("tavern-jack", ["5c 6d 7h 8s Kd", "9c 9d Ah", "4c 4h Jd"], leader=0)
    with pytest.raises(IllegalMove, match="same rank"):
        m.apply("5c 6d 7h 8s")


def test_an_emperor_holding_an_eight_cuts_under_the_eight_cut() -> None:
    m = deal(["5c 6d 7h 8s Kd", "9c 10d Jh Qs Ah", "4c 4h Jd"], eight_cut=True)
    play(m, (0, "5c 6d 7h 8s"))
    assert m.revolution and m.table == "" and m.to_act == 0


def test_no_emperor_after_an_omen() -> None:
    m = deal(["6c 6d 6h 9c 10d Jh Qs", "3c Ah", "4c 4h Jd"], omen=True)
    play(m, (0, "6c 6d 6h"), (1, "pass"), (2, "pass"))
    assert m.revolution and m.omen
    play(m, (0, "9c 10d Jh Qs"))
    assert m.revolution  # an ordinary play now
