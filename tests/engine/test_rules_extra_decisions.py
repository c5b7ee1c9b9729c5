"""Extra decisions inside a turn, clause by clause: the 7-pass (``seven_pass``), the 10-discard (``ten_discard``) and
the Q-bomber (``queen_bomber``)."""

from __future__ import annotations

import random

import pytest

from president import Match
from president.bots.classic import ClassicBot
from president.bots.house_classic import classic_owed
from president.cards import parse_cards
from president.errors import IllegalMove
from president.moves import DISCARD_FLAG, Move
from president.owed import NAME_MOVES, owed_draw, owed_moves

from .driving import legal_texts, play, snapshot


def deal(hands: list[str], leader: int = 0, **options: object) -> Match:
    return Match.from_hands("tavern-jack", hands, leader=leader, seven_pass=True, ten_discard=True, **options)


FOUR = ["7c 7d 10h 3c 4d 9h", "5c 6c 8c", "5d 6d Kd", "5h 6h Ks"]
"""Seat 0 holds a pair of 7s, a 10 and three low cards; the others three cards each."""


# ---------------------------------------------------------------- 7-pass

def test_a_play_of_sevens_owes_as_many_cards_to_the_next_player() -> None:
    m = deal(FOUR)
    events = play(m, (0, "7c 7d"))
    assert m.to_act == 0 and m.table == "7c 7d"
    assert [(e.kind, e.to, e.data) for e in events][-1] == (
        "owe", 1, {"move": "pass-on", "count": 2, "option": "seven_pass"})
    assert len(m.legal_moves()) == 6  # every two of the four cards left
    assert all(move.is_pass_on and move.cards.bit_count() == 2 for move in m.legal_moves())
    play(m, (0, "pass-on 3c 9h"))
    assert m.hand(0) == "4d 10h" and m.hand(1) == "3c 5c 6c 8c 9h"
    # The trick goes on as the play left it: the next player answers the 7s.
    assert m.to_act == 1 and m.table == "7c 7d"


def test_the_pass_on_goes_the_way_play_goes() -> None:
    m = deal(["7c 9c 3c 4d", "5c 6c 8c", "5d 6d Kd", "5h 6h Ks"], nine_reverse=True)
    play(m, (0, "9c"))
    assert m.backwards and m.to_act == 3
    play(m, (3, "Ks"), (2, "pass"), (1, "pass"), (0, "pass"), (3, "5h"), (2, "6d"), (1, "8c"), (0, "pass"),
         (3, "pass"), (2, "pass"))
    assert m.to_act == 1 and m.table == ""
    play(m, (1, "5c"), (0, "7c"))
    # Counter-clockwise, the next player after seat 0 is seat 3.
    assert m.view(0)["owed"] == [{"move": "pass-on", "count": 1, "to": 3, "option": "seven_pass"}]
    play(m, (0, "pass-on 3c"))
    assert m.hand(3) == "3c 6h" and m.to_act == 3


def test_a_player_holding_fewer_cards_than_he_owes_gives_them_all_and_goes_out() -> None:
    m = deal(["7c 7d 7h 3c", "5c 6c 8c", "5d 6d Kd", "5h 6h Ks"])
    play(m, (0, "7c 7d 7h"))
    assert legal_texts(m) == {"pass-on 3c"}
    events = play(m, (0, "pass-on 3c"))
    assert m.finished == [0] and m.to_act == 1 and m.hand(1) == "3c 5c 6c 8c"
    assert [e.kind for e in events] == ["passed_on", "out"]


def test_a_player_who_goes_out_with_the_play_owes_nothing() -> None:
    m = deal(["7c 7d", "5c 6c 8c", "5d 6d Kd", "5h 6h Ks"])
    events = play(m, (0, "7c 7d"))
    assert m.finished == [0] and m.to_act == 1 and "owe" not in [e.kind for e in events]
    assert not any(move.is_pass_on for move in m.legal_moves())


def test_a_joker_standing_for_a_seven_counts_and_a_lone_joker_does_not() -> None:
    m = deal(["7c BJ 3c 4d 5s", "5c 6c 8c", "5d 6d Kd", "5h 6h Ks"], jokers=1, wild_jokers=True)
    play(m, (0, "7c BJ=7d"))
    assert m.view(0)["owed"] == [{"move": "pass-on", "count": 2, "to": 1, "option": "seven_pass"}]
    m = deal(["BJ 3c 4d", "5c 6c 8c", "5d 6d Kd", "5h 6h Ks"], jokers=1, wild_jokers=True)
    play(m, (0, "BJ"))
    assert m.to_act == 1 and m.view(1)["owed"] == []


# ---------------------------------------------------------------- 10-discard

def test_a_play_of_tens_owes_a_public_discard() -> None:
    m = deal(FOUR)
    play(m, (0, "10h"))
    assert m.view(2)["owed"] == [{"move": "discard", "count": 1, "to": None, "option": "ten_discard"}]
    assert m.view(2)["legal_moves"] == [] and len(m.view(0)["legal_moves"]) == 5
    events = play(m, (0, "discard 3c"))
    assert [e.to_dict(2) for e in events] == [
        {"type": "discard", "seat": 0, "cards": ["3c"], "option": "ten_discard"}]
    assert m.hand(0) == "4d 7c 7d 9h" and m.to_act == 1
    assert m.seat_view(3).played == parse_cards("3c 10h")  # the discard is seen by all


def test_a_run_with_a_seven_and_a_ten_owes_the_pass_on_first_then_the_discard_and_an_eight_still_cuts() -> None:
    m = deal(["7c 8c 9c 10c 3c 4d Ah", "5c 6c Kc", "5d 6d Kd", "5h 6h Ks"], runs=True, eight_cut=True)
    events = play(m, (0, "7c 8c 9c 10c"))
    # The cut is decided by the play: the trick is over and seat 0 will lead again, once he has settled.
    assert [e.kind for e in events] == ["play", "trick_cleared", "owe"]
    assert m.table == "" and m.to_act == 0
    events = play(m, (0, "3c"))  # bare cards mean the move owed
    assert [e.kind for e in events] == ["passed_on", "owe"] and m.hand(1) == "3c 5c 6c Kc"
    play(m, (0, "discard Ah"))
    assert m.to_act == 0 and m.table == "" and m.hand(0) == "4d"
    assert not any(move.is_discard for move in m.legal_moves())


def test_without_the_options_sevens_and_tens_are_ordinary_cards() -> None:
    m = Match.from_hands("tavern-jack", FOUR, leader=0)
    play(m, (0, "7c 7d"))
    assert m.to_act == 1 and m.hand(1) == "5c 6c 8c"


# ---------------------------------------------------------------- moves, notation, record

def test_owed_moves_are_written_and_parsed() -> None:
    assert str(Move.parse("pass-on 9d 5c")) == "pass-on 5c 9d" and Move.parse("discard 4h").is_discard
    with pytest.raises(IllegalMove, match="no cards given"):
        Move.parse("discard")
    with pytest.raises(IllegalMove, match="only in a play"):
        Move.parse("pass-on RJ=5c")


def test_bad_owed_moves_are_refused_and_change_nothing() -> None:
    m = deal(FOUR)
    with pytest.raises(IllegalMove, match="nothing is owed now"):
        m.apply("discard 3c")
    play(m, (0, "7c 7d"))
    before = snapshot(m)
    for text, reason in (("pass", "cannot pass now"), ("3c", "exactly 2 cards, not 1"),
                         ("discard 3c 4d", "owe a pass-on of 2 cards first"), ("5c 6c", "do not hold 5c 6c"),
                         ("give 3c 4d", "owe a pass-on")):
        with pytest.raises(IllegalMove, match=reason):
            m.apply(text)
        assert snapshot(m) == before


def test_a_match_with_owed_moves_replays_from_its_record() -> None:
    m = Match("tavern-jack", 4, seed=5, deals=2, seven_pass=True, ten_discard=True, runs=True)
    rng = random.Random(5)
    owed = 0
    while not m.is_over:
        move = rng.choice(m.legal_moves())
        owed += move.is_pass_on or move.is_discard
        m.apply(move)
    again = Match.replay(m.record())
    assert owed and again.scores == m.scores and again.moves == m.moves
    assert "pass-on " in m.record() and "discard " in m.record()


# ---------------------------------------------------------------- hidden information

@pytest.mark.parametrize("seed", range(3))
def test_the_passed_cards_never_reach_a_third_seat(seed: int) -> None:
    m = Match("tavern-jack", 4, seed=seed, deals=2, seven_pass=True, ten_discard=True)
    rng = random.Random(seed)
    passed = 0
    while not m.is_over:
        move = rng.choice(m.legal_moves())
        seat = m.to_act
        events = m.apply(move)
        for event in events:
            if event.kind == "passed_on":
                passed += 1
                for other in range(4):
                    seen = event.to_dict(other)
                    assert ("cards" in seen) == (other in (seat, event.to)), seen
                assert "cards" not in event.to_dict(None)
                for other in range(4):
                    if other not in (seat, event.to):
                        assert "pass-on" not in str(m.view(other)) and "pass-on" not in str(m.view(None))
    assert passed


def test_a_playout_draws_the_owed_move_a_pick_from_the_list_would() -> None:
    rng = random.Random(3)
    for _ in range(300):
        hand, count, draw = rng.getrandbits(54) & rng.getrandbits(54) | 1, rng.randint(1, 4), rng.random()
        moves = owed_moves(hand, DISCARD_FLAG, count)
        assert owed_draw(hand, DISCARD_FLAG, count, draw) == moves[int(draw * len(moves))]


# ---------------------------------------------------------------- Q-bomber

def bomber(hands: list[str], leader: int = 0, **options: object) -> Match:
    return Match.from_hands("tavern-jack", hands, leader=leader, queen_bomber=True, **options)


ALL_NAMES = {f"name {r}" for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")}
BOMB = ["Qc Qd 5c 9h Ah", "5d 9c Kd", "5h 6h Ks", "5s 9d 9s"]
"""Seat 0 holds a pair of queens; every seat holds a 5, three hold 9s."""


def test_a_play_of_queens_owes_one_name_of_any_of_the_13_ranks() -> None:
    m = bomber(BOMB)
    events = play(m, (0, "Qc Qd"))
    assert [(e.kind, e.data) for e in events][-1] == ("owe", {"move": "name", "count": 1, "option": "queen_bomber"})
    assert m.to_act == 0 and m.view(2)["owed"] == [{"move": "name", "count": 1, "to": None, "option": "queen_bomber"}]
    # One name for the pair; every rank may be named, held or not (who holds what is hidden).
    assert legal_texts(m) == ALL_NAMES


def test_every_player_from_the_next_round_to_the_bomber_discards_the_rank_face_up() -> None:
    m = bomber(BOMB)
    play(m, (0, "Qc Qd"))
    events = play(m, (0, "name 5"))
    assert [e.to_dict(None) for e in events] == [
        {"type": "name", "seat": 0, "rank": "5", "option": "queen_bomber"},
        {"type": "discard", "seat": 1, "cards": ["5d"], "option": "queen_bomber"},
        {"type": "discard", "seat": 2, "cards": ["5h"], "option": "queen_bomber"},
        {"type": "discard", "seat": 3, "cards": ["5s"], "option": "queen_bomber"},
        {"type": "discard", "seat": 0, "cards": ["5c"], "option": "queen_bomber"}]
    assert [m.hand(s) for s in range(4)] == ["9h Ah", "9c Kd", "6h Ks", "9d 9s"]
    assert m.seat_view(2).played == parse_cards("Qc Qd 5c 5d 5h 5s")  # seen by all
    # The trick goes on as the play left it.
    assert m.to_act == 1 and m.table == "Qc Qd"


def test_players_left_without_cards_go_out_in_the_order_of_the_discards() -> None:
    m = bomber(["Qc 3c 4c", "9c", "Kd", "9d 9s"], leader=0)
    play(m, (0, "Qc"))
    events = play(m, (0, "name 9"))
    assert [e.seat for e in events if e.kind == "out"] == [1, 3]
    assert m.finished == [1, 3] and m.to_act == 2 and m.table == "Qc"


def test_the_bomber_going_out_by_his_own_name_ends_a_deal_of_two() -> None:
    m = bomber(["Qc 9c", "3d 4d"], leader=0)
    play(m, (0, "Qc"), (0, "name 9"))
    assert m.deal_results[-1].order == (0, 1)


def test_a_player_who_goes_out_with_his_queens_names_nothing() -> None:
    m = bomber(["Qc Qd", "5c 6c 8c", "5d 6d Kd", "5h 6h Ks"])
    events = play(m, (0, "Qc Qd"))
    assert m.finished == [0] and m.to_act == 1 and "owe" not in [e.kind for e in events]


def test_a_joker_standing_for_a_queen_counts_and_no_joker_is_of_a_rank_named() -> None:
    m = bomber(["10c Jc BJ 3c 4d", "5c 6c 8c", "5d 6d Kd", "5h 6h Ks"], jokers=1, wild_jokers=True, runs=True)
    play(m, (0, "10c Jc BJ=Qc"))
    assert m.view(0)["owed"] == [{"move": "name", "count": 1, "to": None, "option": "queen_bomber"}]
    m = bomber(["BJ 9c 3c 4d", "5c 6c 8c", "5d 6d Kd", "Qh 6h Ks"], jokers=1, wild_jokers=True)
    play(m, (0, "BJ"))
    assert m.to_act == 1 and m.view(1)["owed"] == []


def test_a_run_with_a_ten_and_a_queen_owes_the_discard_then_the_name() -> None:
    m = bomber(["10c Jc Qc 3c 5d 4h", "5c 6c Kc", "5h 6d Kd", "5s 6h Ks"], runs=True, ten_discard=True)
    play(m, (0, "10c Jc Qc"), (0, "discard 4h"))
    assert legal_texts(m) == ALL_NAMES
    play(m, (0, "name 5"))
    assert [m.hand(s) for s in range(4)] == ["3c", "6c Kc", "6d Kd", "6h Ks"] and m.to_act == 1


def test_without_the_option_queens_are_ordinary_cards() -> None:
    m = Match.from_hands("tavern-jack", BOMB, leader=0)
    play(m, (0, "Qc Qd"))
    assert m.to_act == 1 and m.hand(1) == "5d 9c Kd"


def test_names_are_written_parsed_and_bad_ones_refused_changing_nothing() -> None:
    assert str(Move.parse("name q")) == "name Q" and Move.parse("NAME 10").is_name
    with pytest.raises(IllegalMove, match="no rank given"):
        Move.parse("name")
    with pytest.raises(IllegalMove, match="'Z' is not a rank"):
        Move.parse("name Z")
    m = bomber(BOMB)
    with pytest.raises(IllegalMove, match="'name' follows only a play of queens"):
        m.apply("name 5")
    play(m, (0, "Qc Qd"))
    before = snapshot(m)
    for text, reason in (("pass", "owe a name first"), ("5c", "owe a name first"), ("discard 5c", "owe a name"),
                         ("11", "not a rank")):
        with pytest.raises(IllegalMove, match=reason):
            m.apply(text)
        assert snapshot(m) == before
    play(m, (0, "k"))  # a bare rank means the name owed
    assert m.hand(1) == "5d 9c" and m.hand(2) == "5h 6h"


def test_a_match_with_names_replays_from_its_record_and_classic_plays_it() -> None:
    m = Match("tavern-jack", 4, seed=7, deals=2, queen_bomber=True, runs=True)
    rng = random.Random(7)
    named = 0
    while not m.is_over:
        move = rng.choice(m.legal_moves())
        named += move.is_name
        m.apply(move)
    again = Match.replay(m.record())
    assert named and again.scores == m.scores and again.moves == m.moves and "name " in m.record()


def test_classic_names_the_rank_that_costs_the_others_most_and_itself_least() -> None:
    rules = bomber(["Qc 2c Ah 5c 6c", "5d 9c Kd", "5h 6h Ks", "5s 9d 9s"]).rules
    hand = parse_cards("2c Ah 5c 6c")
    # Nothing seen: the others may hold three 2s, it loses one.
    assert str(classic_owed(NAME_MOVES, hand, rules, False)) == "name 2"
    # Every other 2 seen played: naming 2s would cost it its own; the aces are the others' best cards now.
    unseen = parse_cards("3c 3d 3h 3s 5d 5h 5s 6d 6h 6s Ac Ad As Kc Kd Kh Ks")
    assert str(classic_owed(NAME_MOVES, hand, rules, False, unseen)) == "name A"
    # The others hold no 5 any more: naming the 5s sheds its own weak 5 for nothing.
    assert str(classic_owed(NAME_MOVES, hand, rules, False, unseen & ~parse_cards("5d 5h 5s"))) == "name 5"
    # Three weak 4s of its own against one the others may hold: it sheds them.
    assert str(classic_owed(NAME_MOVES, parse_cards("4c 4d 4h Ac 9c"), rules, False)) == "name 4"
    assert str(classic_owed(NAME_MOVES, hand, rules, True)) == "name 3"  # in a revolution the 3s are the best
    assert str(classic_owed(NAME_MOVES, parse_cards("9c 9h"), rules, False)) == "name 9"  # it goes out


def test_classic_says_why_it_names_a_rank_from_the_cards_it_has_seen() -> None:
    m = bomber(["Qc 2c Ah 5c 6c", "5d 9c 2d", "5h 6h 2h", "5s 9d 2s"])
    m.apply("Qc")
    decision = ClassicBot().decide(m.seat_view(0), random.Random(0))
    assert str(Move(decision.move)) == "name 2"
    assert decision.why.key == "classic.owed.name_strong"
    assert dict(decision.why.params) == {"move": "name 2", "rank": "2", "mine": 1, "others": 3}
    m.apply("name 2")
    assert m.hand(0) == "5c 6c Ah" and m.hand(1) == "5d 9c"
