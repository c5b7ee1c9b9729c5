"""Revolutions and 11-back of issue 32, clause by clause: coup (three 9s), omen (three 6s, then no revolution for the
rest of the deal), great revolution (four 2s, and out at once), and the two 11-back variants."""

from __future__ import annotations

from president import Match

from .driving import play, random_policy


def deal(hands: list[str], leader: int = 0, **options: object) -> Match:
    return Match.from_hands("tavern-jack", hands, leader=leader, **options)


# ---------------------------------------------------------------- coup: three 9s

def test_coup_three_nines_start_a_revolution_named_by_its_rule() -> None:
    m = deal(["9c 9d 9h 5c Kc", "10c 10d 10h 4c", "3c 3d 3h Jd"], coup=True)
    events = play(m, (0, "9c 9d 9h"))
    assert m.revolution
    assert events[-1].kind == "revolution" and events[-1].data == {"on": True, "option": "coup"}
    # Reversed: three 10s no longer beat three 9s, three 3s do.
    assert not m.is_legal("10c 10d 10h")
    play(m, (1, "pass"), (2, "3c 3d 3h"))


def test_coup_works_without_the_four_of_a_kind_revolution() -> None:
    m = deal(["9c 9d 9h 5c Kc", "7c 7d 7h 7s 4c", "3c Jd"], coup=True)
    play(m, (0, "9c 9d 9h"))
    assert m.revolution
    m.apply("pass")
    play(m, (2, "pass"), (0, "5c"))
    assert m.is_legal("4c") and not m.is_legal("7c")  # the coup holds after the trick


def test_a_second_coup_ends_the_revolution() -> None:
    m = deal(["9c 9d 9h 5c Kc", "9s BJ RJ 4c", "Jd"], coup=True, jokers=2, wild_jokers=True, equal_answers=True)
    play(m, (0, "9c 9d 9h"))
    assert m.revolution
    nines = [move for move in m.legal_moves() if m.move_text(move).startswith("9s BJ")]
    assert nines  # three 9s made with the two jokers answer three 9s at the same rank
    m.apply(nines[0])
    assert not m.revolution


def test_without_coup_three_nines_are_an_ordinary_set() -> None:
    m = deal(["9c 9d 9h 5c", "10c 10d 10h 4c", "Jd"], revolution=True)
    play(m, (0, "9c 9d 9h"))
    assert not m.revolution and m.is_legal("10c 10d 10h")


# ---------------------------------------------------------------- omen: three 6s

def test_omen_three_sixes_start_a_revolution_and_no_revolution_follows_in_the_deal() -> None:
    m = deal(["6c 6d 6h Kc Qc", "8c 8d 8h 8s 4c 4d", "3c Jd"], omen=True, revolution=True)
    events = play(m, (0, "6c 6d 6h"))
    assert m.revolution and events[-1].data == {"on": True, "option": "omen"}
    assert m.seat_view(1).omen and m.view(1)["omen"] is True
    play(m, (1, "pass"), (2, "pass"))
    play(m, (0, "Kc"), (1, "4c"), (2, "pass"), (0, "pass"))
    # Four 8s would be a counter-revolution, but the omen has ended revolutions for this deal.
    events = play(m, (1, "8c 8d 8h 8s"))
    assert m.revolution and not [e for e in events if e.kind == "revolution"]


def test_the_omen_lasts_only_to_the_end_of_the_deal() -> None:
    found = 0
    for seed in range(40):
        m = Match("tavern-jack", 4, seed=seed, deals=2, omen=True)
        policy = random_policy(seed)
        fired = False
        while m.deal_number == 1:
            omens = [move for move in m.legal_moves() if m.move_text(move).count("6") == 3]
            events = m.apply(omens[0] if omens and not fired else policy(m))
            fired = fired or any(e.kind == "revolution" for e in events)
            if fired and m.deal_number == 1:
                assert m.seat_view(0).omen
        if fired:
            found += 1
            assert not m.seat_view(0).omen and not m.revolution
    assert found


def test_without_omen_three_sixes_are_an_ordinary_set() -> None:
    m = deal(["6c 6d 6h Kc", "8c 8d 8h 4c", "3c Jd"], revolution=True)
    play(m, (0, "6c 6d 6h"))
    assert not m.revolution and not m.seat_view(1).omen


# ---------------------------------------------------------------- great revolution: four 2s

def test_great_revolution_four_twos_reverse_and_their_player_goes_out_at_once() -> None:
    m = deal(["2c 2d 2h 2s 5c 9d", "3c 3d 3h 3s Kc", "4c 4d 4h 4s Jd", "Ac"], great_revolution=True)
    events = play(m, (0, "2c 2d 2h 2s"))
    assert [e.kind for e in events] == ["play", "revolution", "out"]
    assert events[1].data == {"on": True, "option": "great_revolution"}
    assert events[2].data == {"place": 1, "option": "great_revolution"}
    assert m.revolution and m.finished == [0] and m.hands[0] == 0
    # The rest of the hand is discarded unseen: not among the played cards anyone sees.
    assert m.seat_view(1).played == Match.from_hands("tavern-jack", ["2c 2d 2h 2s", "Kc"]).hands[0]
    # The trick goes on in the new order: four 3s are now the strongest set and answer the 2s.
    assert m.to_act == 1 and m.is_legal("3c 3d 3h 3s")


def test_great_revolution_is_never_a_forbidden_finish() -> None:
    m = deal(["2c 2d 2h 2s", "3c Kc", "4c Jd"], great_revolution=True, forbidden_finish=("2",))
    play(m, (0, "2c 2d 2h 2s"))
    assert m.finished == [0] and not m.seat_view(0).bottom


def test_after_an_omen_four_twos_are_no_great_revolution() -> None:
    m = deal(["6c 6d 6h 2c 2d 2h 2s 5c", "Kc", "Jd"], omen=True, great_revolution=True, revolution=True)
    play(m, (0, "6c 6d 6h"), (1, "pass"), (2, "pass"))
    play(m, (0, "2c 2d 2h 2s"))
    assert m.finished == [] and m.hand(0) == "5c" and m.revolution


# ---------------------------------------------------------------- 11-back variants

def test_eleven_back_a_second_jack_cancels_it_unless_eleven_back_once() -> None:
    for once, back in ((False, False), (True, True)):
        m = deal(["Jc 3c", "Jd 4c", "5c Kc"], eleven_back=True, equal_answers=True, eleven_back_once=once)
        play(m, (0, "Jc"))
        assert m.eleven_back
        play(m, (1, "Jd"))
        assert m.eleven_back is back, once


def test_eleven_back_once_ends_with_the_trick() -> None:
    m = deal(["Jc 3c", "Jd 4c", "5c Kc"], eleven_back=True, equal_answers=True, eleven_back_once=True)
    play(m, (0, "Jc"), (1, "Jd"), (2, "pass"), (0, "pass"))
    assert m.table == "" and not m.eleven_back


def test_eleven_back_odd_a_pair_of_jacks_does_not_reverse_but_one_or_three_do() -> None:
    for lead, back in (("Jc", True), ("Jc Jd", False), ("Jc Jd Jh", True), ("Jc Jd Jh Js", False)):
        m = deal([f"{lead} 3c", "Kc", "Ac"], eleven_back=True, eleven_back_odd=True)
        play(m, (0, lead))
        assert m.eleven_back is back, lead
    m = deal(["Jc Jd 3c", "Kc", "Ac"], eleven_back=True)
    play(m, (0, "Jc Jd"))
    assert m.eleven_back
