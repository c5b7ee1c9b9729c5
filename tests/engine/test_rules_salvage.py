"""The salvage (``salvage``), clause by clause: a trick that ends with a play holding a 3 on the table owes its player
one card back from the discard pile (``salvage 5c``), a move whose choices come from the public pile, but not from the
play that owes it."""

from __future__ import annotations

import random

import pytest

from president import Match
from president.bots.classic import ClassicBot
from president.bots.house_classic import classic_owed
from president.cards import parse_cards
from president.errors import IllegalMove
from president.moves import SALVAGE_FLAG, Move
from president.owed import owed_draw, owed_moves

from .driving import legal_texts, play, snapshot


def deal(hands: list[str], leader: int = 0, **options: object) -> Match:
    return Match.from_hands("tavern-jack", hands, leader=leader, salvage=True, **options)


HANDS = ["3c 5s 9d Kd", "4c 6c Ac", "4d 6d", "4h 6h"]
"""Seat 0 holds a 3 and three cards above it; the others low cards and an ace."""
FIRST_TRICKS = ((0, "5s"), (1, "6c"), (2, "pass"), (3, "pass"), (0, "9d"), (1, "pass"), (2, "pass"), (3, "pass"))
"""Two tricks without a 3 that seat 0 takes: the pile then holds 5s 6c 9d, and seat 0 leads."""
OWED = {"move": "salvage", "count": 1, "option": "salvage"}


def test_a_trick_that_ends_on_a_three_owes_its_player_a_card_of_the_pile() -> None:
    m = deal(HANDS)
    events = play(m, *FIRST_TRICKS)
    assert "owe" not in [e.kind for e in events] and m.to_act == 0
    events = play(m, (0, "3c"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert [e.kind for e in events][-2:] == ["trick_cleared", "owe"] and events[-1].data == OWED
    assert m.to_act == 0 and m.table == ""
    # The pile is every card played but not held: the 3 itself is in it, but he cannot take his own 3 back.
    assert m.seat_view(2).pile == parse_cards("3c 5s 6c 9d") and m.view(None)["pile"] == ["3c", "5s", "6c", "9d"]
    assert m.view(1)["owed"] == [{"move": "salvage", "count": 1, "to": None, "option": "salvage"}]
    assert legal_texts(m) == {"salvage 5s", "salvage 6c", "salvage 9d"}
    assert m.view(0)["legal_moves"] == ["salvage 5s", "salvage 6c", "salvage 9d"]
    events = play(m, (0, "salvage 9d"))
    assert [e.to_dict(s) for e in events for s in (None, 2)] == [
        {"type": "salvage", "seat": 0, "cards": ["9d"], "option": "salvage"}] * 2  # public, as the pile is
    # He took the trick: he leads the next one, with the card back in his hand.
    assert m.hand(0) == "9d Kd" and m.to_act == 0 and not m.owed
    assert m.view(3)["pile"] == ["3c", "5s", "6c"]


def test_a_trick_that_ends_without_a_three_owes_nothing_and_neither_does_a_three_beaten() -> None:
    m = deal(HANDS)
    play(m, *FIRST_TRICKS)
    events = play(m, (0, "3c"), (1, "4c"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert "owe" not in [e.kind for e in events] and m.to_act == 1


def test_a_cut_by_a_three_owes_at_once_and_its_player_leads_after() -> None:
    m = deal(["3s 9d Kd", "4c 6c Ac", "4d 6d", "4h 6h"], spade3_cut=True)
    play(m, (0, "9d"), (1, "pass"), (2, "pass"), (3, "pass"))
    events = play(m, (0, "3s"))
    assert [e.kind for e in events] == ["play", "trick_cleared", "owe"]
    assert legal_texts(m) == {"salvage 9d"}
    play(m, (0, "9d"))  # bare cards mean the move owed
    assert m.hand(0) == "9d Kd" and m.to_act == 0 and m.table == ""


def test_a_pile_holding_only_the_play_that_owes_owes_nothing() -> None:
    # Else the lone 3 of spades would cut, come back and cut again for ever.
    m = deal(["3s 9d Kd", "4c 6c Ac", "4d 6d", "4h 6h"], spade3_cut=True)
    events = play(m, (0, "3s"))
    assert [e.kind for e in events] == ["play", "trick_cleared"] and m.to_act == 0 and not m.owed
    assert m.view(0)["pile"] == ["3s"] and not any(move.is_salvage for move in m.legal_moves())


def test_a_run_holding_a_three_counts_and_owes_after_its_pass_on() -> None:
    m = deal(["3h 4h 5h 6h 7h 8h 9c Kd Ac", "4c 6c", "4d 6d", "5c 6s"], runs=True, eight_cut=True, seven_pass=True)
    play(m, (0, "9c"), (1, "pass"), (2, "pass"), (3, "pass"))
    events = play(m, (0, "3h 4h 5h 6h 7h 8h"))
    # The 8 cuts; the 7 owes its pass-on first, then the trick's end on a 3 the salvage.
    assert [e.kind for e in events] == ["play", "trick_cleared", "owe"] and events[-1].data["move"] == "pass-on"
    events = play(m, (0, "pass-on Kd"))
    assert [e.kind for e in events] == ["passed_on", "owe"] and events[-1].data == OWED
    assert legal_texts(m) == {"salvage 9c"}  # none of the run's own cards
    play(m, (0, "salvage 9c"))
    assert m.hand(0) == "9c Ac" and m.to_act == 0


def test_a_joker_standing_for_a_three_counts_and_a_lone_joker_does_not() -> None:
    m = deal(["3c BJ 9d Kd", "4c 6c Ac", "4d 6d", "4h 6h"], jokers=1, wild_jokers=True)
    play(m, (0, "9d"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "3c BJ=3d"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert legal_texts(m) == {"salvage 9d"}
    m = deal(["3c BJ 9d Kd", "4c 6c Ac", "4d 6d", "4h 6h"], jokers=1, wild_jokers=True)
    events = play(m, (0, "9d"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "BJ"), (1, "pass"), (2, "pass"),
                  (3, "pass"))
    assert "owe" not in [e.kind for e in events] and m.to_act == 0 and not m.owed


def test_a_player_who_went_out_with_the_three_takes_nothing() -> None:
    m = deal(["3c", "4c 6c Ac", "4d 6d", "4h 6h"])
    events = play(m, (0, "3c"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert m.finished == [0] and "owe" not in [e.kind for e in events] and m.to_act == 1


def test_without_the_option_a_three_is_an_ordinary_card() -> None:
    m = Match.from_hands("tavern-jack", HANDS, leader=0)
    play(m, *FIRST_TRICKS, (0, "3c"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert m.to_act == 0 and not m.owed and all(not move.is_salvage for move in m.legal_moves())


# ---------------------------------------------------------------- moves, notation, record

def test_salvage_moves_are_written_and_parsed() -> None:
    move = Move.parse("salvage 9d")
    assert str(move) == "salvage 9d" and move.is_salvage and move == Move.salvage(parse_cards("9d"))
    with pytest.raises(IllegalMove, match="no cards given"):
        Move.parse("salvage")


def test_bad_salvages_are_refused_and_change_nothing() -> None:
    m = deal(HANDS)
    play(m, *FIRST_TRICKS)
    with pytest.raises(IllegalMove, match="'salvage' follows only a trick that ends with 3s"):
        m.apply("salvage 5s")
    play(m, (0, "3c"), (1, "pass"), (2, "pass"), (3, "pass"))
    before = snapshot(m)
    for text, reason in (("pass", "owe a salvage first"), ("Kd", "Kd is not in the discard pile: 3c 5s 6c 9d"),
                         ("salvage 4h", "not in the discard pile"),
                         ("3c", "3c: the cards of the play that owes the salvage cannot be taken back; take one of "
                                "5s 6c 9d"), ("5s 9d", "exactly 1 card, not 2"),
                         ("discard Kd", "owe a salvage first"), ("Kd RJ=Kc", "owe a salvage")):
        with pytest.raises(IllegalMove, match=reason):
            m.apply(text)
        assert snapshot(m) == before


def test_a_match_with_salvages_replays_from_its_record_and_its_pile_stays_whole() -> None:
    m = Match("tavern-jack", 4, seed=2, deals=3, salvage=True, runs=True, spade3_cut=True)
    rng = random.Random(2)
    salvaged = 0
    while not m.is_over:
        move = rng.choice(m.legal_moves())
        if move.is_salvage:
            salvaged += 1
            view = m.seat_view(m.to_act)  # type: ignore[arg-type]
            assert not view.table and move.cards & view.pile == move.cards
        m.apply(move)
        if m.phase == "play":
            view = m.seat_view(0)
            # Every card of the deal is in a hand, on the table or in the pile, once.
            assert sum(m.counts()) + view.table.bit_count() + view.pile.bit_count() == 52
    again = Match.replay(m.record())
    assert salvaged and again.scores == m.scores and again.moves == m.moves and "salvage " in m.record()


def test_a_playout_draws_the_salvage_a_pick_from_the_list_would() -> None:
    rng = random.Random(4)
    for _ in range(200):
        pile, draw = rng.getrandbits(54) | 1, rng.random()
        moves = owed_moves(pile, SALVAGE_FLAG, 1)
        assert len(moves) == pile.bit_count()
        assert owed_draw(pile, SALVAGE_FLAG, 1, draw) == moves[int(draw * len(moves))]
    m = Match("tavern-jack", 4, seed=1, salvage=True, spade3_cut=True)
    order = m.copy().playout("random", random.Random(1))
    assert sorted(order) == [0, 1, 2, 3]


# ---------------------------------------------------------------- the classic bot

def test_classic_takes_back_the_strongest_card_of_the_pile_and_says_so() -> None:
    rules = deal(HANDS).rules
    pile = owed_moves(parse_cards("3c 5s 9d Ac 2h"), SALVAGE_FLAG, 1)
    assert str(classic_owed(pile, parse_cards("Kd"), rules, False)) == "salvage 2h"
    assert str(classic_owed(pile, parse_cards("Kd"), rules, True)) == "salvage 3c"  # in a revolution, the 3
    # Between cards as strong, the one that joins its rank in the hand.
    twins = owed_moves(parse_cards("9c 9d"), SALVAGE_FLAG, 1)
    assert str(classic_owed(twins, parse_cards("9h Kd"), rules, False)) == "salvage 9c"
    jokers = deal(HANDS, jokers=2, wild_jokers=True).rules
    assert str(classic_owed(owed_moves(parse_cards("2h RJ"), SALVAGE_FLAG, 1), 0, jokers, True)) == "salvage RJ"
    m = deal(HANDS)
    play(m, *FIRST_TRICKS, (0, "3c"), (1, "pass"), (2, "pass"), (3, "pass"))
    decision = ClassicBot().decide(m.seat_view(0), random.Random(0))
    assert str(Move(decision.move)) == "salvage 9d" and decision.why.key == "classic.owed.salvage"
    assert dict(decision.why.params) == {"move": "salvage 9d"}
