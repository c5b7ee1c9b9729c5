"""The 4-stop (``four_stop``), clause by clause: "a pair of 4s answers an 8-cut and stops it". Under the option an
8-cut waits for the others to pass before it ends the trick, so that they have a turn in which to stop it."""

from __future__ import annotations

import pytest

from president import IllegalMove, Match

from .driving import play


def deal(hands: list[str], leader: int = 0, **options: object) -> Match:
    return Match.from_hands("tavern-jack", hands, leader=leader, eight_cut=True, four_stop=True, **options)


def texts(m: Match) -> list[str]:
    return [m.move_text(move) for move in m.legal_moves()]


def test_the_eight_cut_waits_the_next_player_may_only_stop_it_with_a_pair_of_fours_or_pass() -> None:
    m = deal(["8c 5d", "4c 4d 9h Kc", "7c 7d Qd"])
    events = play(m, (0, "8c"))
    assert m.table == "8c" and m.to_act == 1
    assert [e.kind for e in events] == ["play", "cut_waits"] and events[1].data == {"option": "four_stop"}
    assert texts(m) == ["4c 4d", "pass"]
    assert m.view(1)["eight_cut_waits"] is True
    with pytest.raises(IllegalMove, match="only a pair of 4s stops it"):
        m.apply("9h")
    assert m.table == "8c" and m.to_act == 1


def test_a_pair_of_fours_stops_the_cut_and_the_trick_goes_on_from_the_fours() -> None:
    m = deal(["8c 5d", "4c 4d 9h Kc", "7c 7d Qd"])
    play(m, (0, "8c"))
    events = play(m, (1, "4c 4d"))
    assert [e.kind for e in events] == ["play", "stop"] and events[1].data == {"option": "four_stop"}
    assert m.table == "4c 4d" and m.to_act == 2 and m.lock == 0
    assert texts(m) == ["7c 7d", "pass"]  # an ordinary pair answers the 4s now
    assert m.view(2)["eight_cut_waits"] is False


def test_when_everyone_passes_the_eight_ends_the_trick_and_its_player_leads() -> None:
    m = deal(["8c 5d", "4c 4d 9h Kc", "7c 7d Qd"])
    events = play(m, (0, "8c"), (1, "pass"), (2, "pass"))
    assert m.table == "" and m.to_act == 0
    assert events[-1].data == {"leader": 0, "cut": "eight", "option": "eight_cut", "waited": True}


@pytest.mark.parametrize("eights", ["8c 8d", "8c 8d 8h", "7s 8s 9s"])
def test_a_pair_of_fours_stops_any_eight_cut_whatever_its_size(eights: str) -> None:
    m = deal([f"{eights} 5d", "4c 4d 9h Kc", "7c 7d Qd"], runs=True)
    play(m, (0, eights))
    assert texts(m) == ["4c 4d", "pass"]


def test_one_four_or_three_fours_do_not_stop_the_cut() -> None:
    m = deal(["8c 5d", "4c 4d 4h Kc", "7c 7d Qd"])
    play(m, (0, "8c"))
    assert texts(m) == ["4c 4d", "4c 4h", "4d 4h", "pass"]
    for refused in ("4c", "4c 4d 4h"):
        with pytest.raises(IllegalMove, match="only a pair of 4s"):
            m.apply(refused)


def test_a_wild_joker_standing_for_a_four_makes_the_pair() -> None:
    m = deal(["8c 5d", "4c RJ Kc", "7c 7d Qd"], jokers=1, wild_jokers=True)
    play(m, (0, "8c"), (1, "4c RJ=4d"))
    assert m.table_move and m.to_act == 2


def test_the_fours_stop_the_cut_during_a_revolution_too() -> None:
    m = deal(["5c 5d 5h 5s 8c Kd", "4c 4d 9h Kc", "7c 7d Qd"], revolution=True)
    play(m, (0, "5c 5d 5h 5s"), (1, "pass"), (2, "pass"), (0, "8c"))
    assert m.revolution and texts(m) == ["4c 4d", "pass"]


def test_going_out_on_the_eight_when_all_pass_the_next_player_leads() -> None:
    m = deal(["8c", "4c 4d 9h Kc", "7c 7d Qd"])
    play(m, (0, "8c"), (1, "pass"), (2, "pass"))
    assert m.finished == [0] and m.table == "" and m.to_act == 1


def test_four_eights_under_quad_bomb_are_a_bomb_and_cut_at_once() -> None:
    m = deal(["8c 8d 8h 8s 5d", "4c 4d 9h Kc", "7c 7d Qd"], quad_bomb=True)
    events = play(m, (0, "8c 8d 8h 8s"))
    assert m.table == "" and m.to_act == 0
    assert events[-1].data["option"] == "quad_bomb"


def test_the_fours_lift_the_suit_lock() -> None:
    m = deal(["5h 8h Kd", "6h 4c 4d 9h", "7c 7d Qd"], suit_lock=True)
    play(m, (0, "5h"), (1, "6h"))
    assert m.lock  # locked to hearts
    play(m, (2, "pass"), (0, "8h"), (1, "4c 4d"))
    assert m.lock == 0 and m.table == "4c 4d"


def test_the_four_stop_needs_the_eight_cut() -> None:
    with pytest.raises(ValueError, match="four_stop needs eight_cut"):
        Match("tavern-jack", 4, seed=1, four_stop=True)


def test_without_the_four_stop_the_eight_cuts_at_once() -> None:
    m = Match.from_hands("tavern-jack", ["8c 5d", "4c 4d 9h Kc", "7c 7d Qd"], leader=0, eight_cut=True)
    play(m, (0, "8c"))
    assert m.table == "" and m.to_act == 0
