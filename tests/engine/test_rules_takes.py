"""Satan (``satan``), chestnut picking (``chestnut_picking``) and Galaxy Express 999 (``galaxy_express``), clause by
clause: takes from the discard pile owed right after the play (``salvage 5s``, one card a move), and Galaxy Express
999's discard of two before its take of two."""

from __future__ import annotations

import random

import pytest

from president import Match
from president.bots.classic import ClassicBot
from president.bots.house_classic import classic_owed
from president.cards import parse_cards
from president.errors import IllegalMove
from president.moves import DISCARD_FLAG, SALVAGE_FLAG, Move
from president.owed import owed_draw, owed_moves

from .driving import legal_texts, play, snapshot


def deal(hands: list[str], **options: object) -> Match:
    return Match.from_hands("tavern-jack", hands, leader=0, **options)


OPENING = ((0, "5s"), (1, "pass"), (2, "pass"), (3, "pass"))
"""Seat 0 leads the 5 of spades and takes the trick: the pile then holds it, and seat 0 leads again."""


def kinds(events: object) -> list[str]:
    return [e.kind for e in events]  # type: ignore[attr-defined]


# ---------------------------------------------------------------- Satan

def test_three_sixes_owe_a_card_of_the_pile_at_once_and_the_trick_goes_on() -> None:
    m = deal(["5s 6c 6d 6h Kd", "4c 7c Ac", "4d 7d", "4h 7h"], satan=True)
    play(m, *OPENING)
    events = play(m, (0, "6c 6d 6h"))
    assert kinds(events) == ["play", "owe"]
    assert events[-1].data == {"move": "salvage", "count": 1, "option": "satan"}
    # Owed now, not at the trick's end: the 6s stay on the table and their player chooses first.
    assert m.to_act == 0 and m.table == "6c 6d 6h" and legal_texts(m) == {"salvage 5s"}
    assert m.view(3)["owed"] == [{"move": "salvage", "count": 1, "to": None, "option": "satan"}]
    events = play(m, (0, "salvage 5s"))
    assert [e.to_dict(None) for e in events] == [{"type": "salvage", "seat": 0, "cards": ["5s"], "option": "satan"}]
    assert m.hand(0) == "5s Kd" and m.to_act == 1 and m.table == "6c 6d 6h"


def test_only_three_sixes_owe_and_an_empty_pile_owes_nothing() -> None:
    for sixes in ("6c 6d", "6c 6d 6h 6s"):
        m = deal([f"5s {sixes} Kd", "4c 7c Ac", "4d 7d", "4h 7h"], satan=True)
        events = play(m, *OPENING, (0, sixes))
        assert "owe" not in kinds(events) and m.to_act == 1
    m = deal(["5s 6c 6d 6h Kd", "4c 7c Ac", "4d 7d", "4h 7h"], satan=True)
    events = play(m, (0, "6c 6d 6h"))  # nothing has been played before: no pile
    assert kinds(events) == ["play"] and m.to_act == 1 and not m.owed


def test_a_joker_standing_for_a_six_counts_and_going_out_owes_nothing() -> None:
    m = deal(["5s 6c 6d RJ Kd", "4c 7c Ac", "4d 7d", "4h 7h"], satan=True, jokers=1, wild_jokers=True)
    play(m, *OPENING, (0, "6c 6d RJ=6h"))
    assert legal_texts(m) == {"salvage 5s"}
    m = deal(["5s 6c 6d 6h", "4c 7c Ac", "4d 7d", "4h 7h"], satan=True)
    events = play(m, *OPENING, (0, "6c 6d 6h"))
    assert "owe" not in kinds(events) and m.finished == [0] and m.to_act == 1


# ---------------------------------------------------------------- chestnut picking

def test_each_nine_owes_a_card_taken_one_at_a_time() -> None:
    m = deal(["5s 8s 9c 9d Kd", "4c 7c Ac", "4d 7d", "4h 7h"], chestnut_picking=True)
    play(m, *OPENING, (0, "8s"), (1, "pass"), (2, "pass"), (3, "pass"))
    events = play(m, (0, "9c 9d"))
    assert events[-1].data == {"move": "salvage", "count": 2, "option": "chestnut_picking"}
    assert legal_texts(m) == {"salvage 5s", "salvage 8s"}  # one card a move
    events = play(m, (0, "8s"))  # bare cards mean the take owed
    assert kinds(events) == ["salvage", "owe"] and events[-1].data["count"] == 1 and m.to_act == 0
    assert legal_texts(m) == {"salvage 5s"}
    play(m, (0, "salvage 5s"))
    assert m.hand(0) == "5s 8s Kd" and m.to_act == 1 and not m.owed


def test_a_pile_too_small_owes_what_it_holds_and_a_run_counts_its_nine() -> None:
    m = deal(["5s 9c 9d 9h Kd", "4c 7c Ac", "4d 7d", "4h 7h"], chestnut_picking=True)
    events = play(m, *OPENING, (0, "9c 9d 9h"))
    assert events[-1].data == {"move": "salvage", "count": 1, "option": "chestnut_picking"}
    play(m, (0, "salvage 5s"))
    assert m.to_act == 1 and not m.owed
    m = deal(["5s 7h 8h 9h Kd", "4c 7c Ac", "4d 7d", "4h 6h"], chestnut_picking=True, runs=True)
    events = play(m, *OPENING, (0, "7h 8h 9h"))
    assert events[-1].data == {"move": "salvage", "count": 1, "option": "chestnut_picking"}


def test_the_play_that_owes_is_never_taken_back_even_when_it_cuts() -> None:
    # The ambulance clears the trick: the 9s are then in the pile, but not for their own player.
    m = deal(["5s 9c 9d Kd", "4c 7c Ac", "4d 7d", "4h 7h"], chestnut_picking=True, nine_pair_cut=True)
    play(m, *OPENING)
    events = play(m, (0, "9c 9d"))
    assert kinds(events) == ["play", "trick_cleared", "owe"] and m.view(0)["pile"] == ["5s", "9c", "9d"]
    assert events[-1].data["count"] == 1 and legal_texts(m) == {"salvage 5s"}
    with pytest.raises(IllegalMove, match="the cards of the play that owes the salvage cannot be taken back"):
        m.apply("salvage 9c")
    play(m, (0, "5s"))
    assert m.to_act == 0 and m.table == ""


# ---------------------------------------------------------------- Galaxy Express 999

def test_three_nines_discard_two_then_take_two_which_may_be_the_two_discarded() -> None:
    m = deal(["5s 9c 9d 9h Qd Kd 2c", "4c 7c Ac", "4d 7d", "4h 7h"], galaxy_express=True)
    events = play(m, *OPENING, (0, "9c 9d 9h"))
    assert events[-1].data == {"move": "discard", "count": 2, "option": "galaxy_express"}
    assert m.view(1)["owed"][1] == {"move": "salvage", "count": 2, "to": None, "option": "galaxy_express"}
    events = play(m, (0, "Qd 2c"))
    assert [e.to_dict(None) for e in events] == [
        {"type": "discard", "seat": 0, "cards": ["Qd", "2c"], "option": "galaxy_express"},
        {"type": "owe", "seat": 0, "move": "salvage", "count": 2, "option": "galaxy_express"}]
    assert legal_texts(m) == {"salvage 5s", "salvage Qd", "salvage 2c"}
    play(m, (0, "salvage 2c"), (0, "salvage 5s"))
    assert m.hand(0) == "5s Kd 2c" and m.to_act == 1
    assert m.view(2)["pile"] == ["Qd"] and m.table == "9c 9d 9h"


def test_with_two_cards_left_he_discards_both_and_stays_in_with_fewer_nothing_is_owed() -> None:
    m = deal(["5s 9c 9d 9h Qd Kd", "4c 7c Ac", "4d 7d", "4h 7h"], galaxy_express=True)
    events = play(m, *OPENING, (0, "9c 9d 9h"), (0, "discard Qd Kd"))
    assert "out" not in kinds(events) and m.hand(0) == "" and m.to_act == 0
    play(m, (0, "Kd"), (0, "5s"))
    assert m.hand(0) == "5s Kd" and m.finished == [] and m.to_act == 1
    m = deal(["5s 9c 9d 9h Kd", "4c 7c Ac", "4d 7d", "4h 7h"], galaxy_express=True)
    events = play(m, *OPENING, (0, "9c 9d 9h"))
    assert "owe" not in kinds(events) and m.to_act == 1


def test_the_nine_rules_combine_in_order_with_the_coup() -> None:
    m = deal(["5s 9c 9d 9h Qd Kd 2c", "4c 7c Ac", "4d 7d", "4h 7h"], galaxy_express=True, chestnut_picking=True,
             coup=True)
    play(m, *OPENING)
    events = play(m, (0, "9c 9d 9h"))
    assert kinds(events) == ["play", "revolution", "owe"] and events[-1].data["option"] == "chestnut_picking"
    events = play(m, (0, "salvage 5s"))
    assert events[-1].data == {"move": "discard", "count": 2, "option": "galaxy_express"}
    play(m, (0, "discard 5s Qd"), (0, "salvage Qd"), (0, "salvage 5s"))
    assert m.hand(0) == "5s Qd Kd 2c" and m.to_act == 1 and m.revolution


# ---------------------------------------------------------------- errors, record, playouts, the classic bot

def test_bad_takes_are_refused_with_the_rule_named_and_change_nothing() -> None:
    m = deal(["5s 8s 9c 9d Kd", "4c 7c Ac", "4d 7d", "4h 7h"], chestnut_picking=True, satan=True)
    with pytest.raises(IllegalMove, match=r"'salvage' follows only a play of three 6s \(Satan\) or a play of 9s"):
        m.apply("salvage 5s")
    play(m, *OPENING, (0, "8s"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "9c 9d"))
    before = snapshot(m)
    for text, reason in (("pass", "owe a salvage first, for a play of 9s \\(chestnut picking\\): take 2 cards"),
                         ("5s 8s", "exactly 1 card, not 2: 2 in all, one at a time"),
                         ("Kd", "Kd is not in the discard pile: 5s 8s"), ("discard Kd", "owe a salvage first")):
        with pytest.raises(IllegalMove, match=reason):
            m.apply(text)
        assert snapshot(m) == before


def test_a_match_with_the_three_rules_replays_and_keeps_every_card_once() -> None:
    m = Match("tavern-jack", 4, seed=0, deals=3, satan=True, chestnut_picking=True, galaxy_express=True, runs=True)
    rng = random.Random(0)
    taken: set[str] = set()
    while not m.is_over:
        # Mostly the longest play, so that sets of three come often.
        moves = m.legal_moves()
        move = max(moves, key=lambda x: x.cards.bit_count()) if rng.random() < 0.7 else rng.choice(moves)
        if move.is_salvage:
            taken.add(m.owed[0][3])
        m.apply(move)
        if m.phase == "play":
            view = m.seat_view(0)
            assert sum(m.counts()) + view.table.bit_count() + view.pile.bit_count() == 52
    again = Match.replay(m.record())
    assert taken == {"satan", "chestnut_picking", "galaxy_express"}
    assert again.scores == m.scores and again.moves == m.moves


def test_a_playout_draws_one_card_of_a_take_of_several() -> None:
    rng = random.Random(5)
    for _ in range(100):
        pile, draw = rng.getrandbits(54) | 1, rng.random()
        moves = owed_moves(pile, SALVAGE_FLAG, 3)
        assert len(moves) == pile.bit_count()
        assert owed_draw(pile, SALVAGE_FLAG, 3, draw) == moves[int(draw * len(moves))]
    m = Match("tavern-jack", 4, seed=1, satan=True, chestnut_picking=True, galaxy_express=True)
    assert sorted(m.copy().playout("random", random.Random(1))) == [0, 1, 2, 3]


def test_classic_discards_its_weakest_two_and_takes_the_strongest_back() -> None:
    rules = deal(["5s", "6s"], galaxy_express=True).rules
    discards = owed_moves(parse_cards("4c 5h Kd 2c"), DISCARD_FLAG, 2)
    assert str(classic_owed(discards, parse_cards("4c 5h Kd 2c"), rules, False)) == "discard 4c 5h"
    m = deal(["5s 9c 9d 9h Qd Kd 2c", "4c 7c Ac", "4d 7d", "4h 7h"], galaxy_express=True)
    play(m, *OPENING, (0, "9c 9d 9h"))
    bot = ClassicBot()
    for expected in ("discard Qd Kd", "salvage Kd"):
        decision = bot.decide(m.seat_view(0), random.Random(0))
        assert str(Move(decision.move)) == expected
        m.apply(decision.move)
    assert ClassicBot().decide(m.seat_view(0), random.Random(0)).why.key == "classic.owed.salvage"
