"""The lucky seven (``lucky_seven``), clause by clause: a trick that ends with a play of three 7s on the table puts
their player out at once, in the next place from the top, the rest of his hand discarded unseen."""

from __future__ import annotations

import random

from president import Match

from .driving import play


def deal(hands: list[str], **options: object) -> Match:
    return Match.from_hands("tavern-jack", hands, leader=0, lucky_seven=True, **options)


HANDS = ["7c 7d 7h 4s Kd", "4c 6c Ac", "4d 6d 2s", "4h 6h 2h"]
"""Seat 0 holds three 7s and two more cards."""
SEVENS = 0xF << 16
"""The four 7s."""


def test_a_trick_that_ends_on_three_sevens_puts_their_player_out_at_once() -> None:
    m = deal(HANDS)
    play(m, (0, "7c 7d 7h"), (1, "pass"), (2, "pass"))
    assert m.finished == []  # not before the trick ends
    events = play(m, (3, "pass"))
    assert [e.to_dict(None) for e in events] == [
        {"type": "pass", "seat": 3}, {"type": "out", "seat": 0, "place": 1, "option": "lucky_seven"},
        {"type": "trick_cleared", "leader": 1}]
    # His other cards are out of the deal unseen: not in the pile, in no hand.
    assert m.finished == [0] and m.hand(0) == "" and m.to_act == 1 and m.view(2)["pile"] == ["7c", "7d", "7h"]


def test_three_sevens_beaten_or_another_number_of_sevens_do_nothing() -> None:
    m = deal(HANDS)
    events = play(m, (0, "7c 7d 7h"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert "out" in [e.kind for e in events]
    m = deal(["7c 7d 7h 4s Kd", "4c 6c Ac", "4d 9c 9d 9h", "4h 6h 2h"])
    play(m, (0, "7c 7d 7h"), (1, "pass"), (2, "9c 9d 9h"), (3, "pass"), (0, "pass"), (1, "pass"))
    assert m.finished == [] and m.to_act == 2 and m.hand(0) == "4s Kd"
    m = deal(["7c 7d 4s Kd", "4c 6c Ac", "4d 6d 2s", "4h 6h 2h"])
    play(m, (0, "7c 7d"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert m.finished == [] and m.to_act == 0


def test_a_joker_standing_for_a_seven_counts_and_going_out_with_the_sevens_is_a_plain_finish() -> None:
    m = deal(["7c 7d RJ 4s", "4c 6c Ac", "4d 6d 2s", "4h 6h 2h"], jokers=1, wild_jokers=True)
    play(m, (0, "7c 7d RJ=7h"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert m.finished == [0] and m.hand(0) == ""
    m = deal(["7c 7d 7h", "4c 6c Ac", "4d 6d 2s", "4h 6h 2h"])
    events = play(m, (0, "7c 7d 7h"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert [e.data.get("option") for e in events if e.kind == "out"] == [None] and m.to_act == 1


def test_a_lucky_seven_that_leaves_one_player_ends_the_deal() -> None:
    m = deal(["7c 7d 7h Kd", "4c"])
    events = play(m, (0, "7c 7d 7h"), (1, "pass"))
    assert m.is_over and m.deal_results[-1].order == (0, 1)
    assert [e.kind for e in events] == ["play", "pass", "out", "deal_over", "match_over"]


def test_a_lucky_seven_settles_its_seven_pass_first_and_a_match_replays() -> None:
    m = deal(HANDS, seven_pass=True)
    play(m, (0, "7c 7d 7h"), (0, "pass-on 4s Kd"))
    assert m.hand(0) == "" and m.finished == [0]  # the pass-on of his last cards put him out first, plainly
    m = Match("tavern-jack", 4, seed=3, deals=3, lucky_seven=True, seven_pass=True, runs=True)
    rng = random.Random(3)
    lucky = 0
    while not m.is_over:
        # Three 7s whenever they can be played, and many passes, so that tricks end on them.
        moves = m.legal_moves()
        sevens = [x for x in moves if x.cards.bit_count() == 3 and x.cards & SEVENS == x.cards]
        events = m.apply(sevens[0] if sevens else 0 if 0 in moves and rng.random() < 0.6 else rng.choice(moves))
        lucky += sum(e.kind == "out" and e.data.get("option") == "lucky_seven" for e in events)
    again = Match.replay(m.record())
    assert lucky and again.scores == m.scores and again.moves == m.moves
    m = Match("tavern-jack", 4, seed=2, lucky_seven=True)
    assert sorted(m.copy().playout("random", random.Random(2))) == [0, 1, 2, 3]
