"""A whole deal played from a stacked pack, every chip movement worked out by hand.

Three players with 50 chips each, fixed stakes (13 a player a deal), seat 0 deals, the ace of hearts is
turned up so hearts are trumps. The hands (the dummy holds the rest):

    seat 1 (13): 2c 3c 4c  5s 6s  Jh Qh Kh  Kc  10d Jd Qd Kd
    seat 2 (13): 5c 6c  7s 8s  2h 3h 4h  8h 9h 10h  Ad 2d 3d
    seat 0 (12): Ac  4s  5h 6h  4d 5d 6d 7d  9d  10s Js Qs
    dummy  (12): 7c 8c 9c 10c Jc Qc  7h  As 2s 3s 9s Ks      turned up: Ah
"""

from __future__ import annotations

from old_helpers import of_type, plays, wins

from president.old import OldMatch, stack_deck
from president.old.cards import parse_cards

HANDS = {
    1: "2c 3c 4c 5s 6s Jh Qh Kh Kc 10d Jd Qd Kd",
    2: "5c 6c 7s 8s 2h 3h 4h 8h 9h 10h Ad 2d 3d",
    0: "Ac 4s 5h 6h 4d 5d 6d 7d 9d 10s Js Qs",
}
DUMMY = "7c 8c 9c 10c Jc Qc 7h As 2s 3s 9s Ks"


def _match() -> OldMatch:
    deck = stack_deck(3, 0, {seat: cards.split() for seat, cards in HANDS.items()}, DUMMY.split(), "Ah")
    redeal = stack_deck(3, 1, {2: ["9d"]}, dummy=False)
    return OldMatch(players=3, chips=50, staking="fixed", deals=1, decks=[deck, redeal])


def test_scripted_deal_chip_movements_checked_by_hand() -> None:
    match = _match()
    assert {seat: set(match.hand(seat)) for seat in HANDS} == {seat: set(parse_cards(cards))
                                                               for seat, cards in HANDS.items()}
    assert set(match.dummy()) == set(parse_cards(DUMMY))
    # Stakes: 13 from each, so 37 each; the board holds 3 3 6 3 6 3 12 3 = 39.
    # The turned-up ace of hearts is a trump ace: the dealer (seat 0) takes the ace section, 3 chips.
    assert match.board == {"ace": 0, "jack": 3, "intrigue": 6, "queen": 3, "matrimony": 6, "king": 3,
                           "president": 12, "game": 3}
    assert match.chips == [40, 37, 37]
    assert match.to_act == 1

    # Seat 1 starts with the 2c and runs to the 4c; seat 2 holds the 5c and 6c; the 7c is in the dummy.
    events = match.apply("2c", seat=1)
    assert plays(events) == [(1, "2c"), (1, "3c"), (1, "4c"), (2, "5c"), (2, "6c")]
    assert not wins(events) and match.to_act == 2

    # Seat 2 starts the low trumps; seat 0 follows with the 5h and 6h; the 7h is in the dummy. No honours.
    events = match.apply("2h", seat=2)
    assert plays(events) == [(2, "2h"), (2, "3h"), (2, "4h"), (0, "5h"), (0, "6h")]
    assert not wins(events) and match.to_act == 0

    # Seat 0 starts the spades: 4s, seat 1's 5s 6s, seat 2's 7s 8s, and the 9s is in the dummy.
    events = match.apply("4s", seat=0)
    assert plays(events) == [(0, "4s"), (1, "5s"), (1, "6s"), (2, "7s"), (2, "8s")]
    assert match.to_act == 2

    # Seat 2 starts the 8h: 8h 9h 10h, then seat 1 plays Jh, Qh, Kh one after the other:
    # jack 3, queen 3 and intrigue 6, king 3 and matrimony 6, 21 chips in all; 37 + 21 = 58.
    events = match.apply("8h", seat=2)
    assert plays(events) == [(2, "8h"), (2, "9h"), (2, "10h"), (1, "Jh"), (1, "Qh"), (1, "Kh")]
    assert wins(events) == [(1, "jack", 3), (1, "queen", 3), (1, "intrigue", 6), (1, "king", 3),
                            (1, "matrimony", 6)]
    assert match.chips == [40, 58, 37] and match.to_act == 1

    # Seat 1 keeps the lead with the Kc (nothing above it), then runs 10d to Kd and goes out.
    events = match.apply("Kc", seat=1)
    assert plays(events) == [(1, "Kc")] and match.to_act == 1
    events = match.apply("10d", seat=1)
    assert plays(events) == [(1, "10d"), (1, "Jd"), (1, "Qd"), (1, "Kd")]
    # Going out: the game section, 3 chips; seat 2 pays 3 chips for Ad 2d 3d; seat 0 holds the unplayed
    # President and pays nothing for his nine cards. Seat 1: 58 + 3 + 3 = 64; seat 2: 37 - 3 = 34.
    assert wins(events, "going out") == [(1, "game", 3)]
    assert [(event.seat, event.data["chips"]) for event in of_type(events, "pay")] == [(2, 3)]
    assert [(event.seat, event.data["cards"]) for event in of_type(events, "exempt")] == [(0, 9)]
    assert of_type(events, "deal_end")[0].data["chips"] == [40, 64, 34]
    # Only the president section is left (12 chips). In the settlement redeal seat 2 gets the 9d.
    assert wins(events, "settlement") == [(2, "president", 12)]
    assert match.chips == [40, 64, 46] and sum(match.chips) == 150
    assert match.is_over and match.to_act is None


def test_scripted_deal_replays_from_its_record() -> None:
    match = _match()
    for move in ("2c", "2h", "4s", "8h", "Kc", "10d"):
        match.apply(move)
    text = match.record()
    assert "1. 2c 2h 4s 8h Kc 10d" in text and "; chips 40 64 46" in text
    again = OldMatch.replay(text)
    assert again.record() == text and again.chips == [40, 64, 46]
