"""Deals depend only on the seed: the same hands on every machine and in every version, and fair."""

from __future__ import annotations

from collections import Counter

import pytest

from president import Match
from president.shuffle import deal_hands, first_leader, seeded_below, shuffled

# Deals of the first version of the engine; a record made then must replay to the same match now.
KNOWN_DEALS = [
    ("tavern-jack", 4, 1, 3, [
        "3d 3s 4c 4d 5c 6h 7c 8s 9s 10c Kc Ac 2h", "4h 6c 8c 8d 9c 10h Jc Jd Js Qh Kd As 2c",
        "4s 5d 5s 6s 7s 9d 9h 10s Qd Kh Ah 2d 2s", "3c 3h 5h 6d 7d 7h 8h 10d Jh Qc Qs Ks Ad",
    ]),
    ("revolution", 5, 7, 2, [
        "3c 6h 6s 7s 9d 10c 10d Js Qc Ad 2s", "3h 3s 6d 7c 8c 8d 9s 10h Jh Ks", "5s 7h 10s Qh Qs Kc Ac Ah As 2c BJ",
        "3d 4h 4s 5c 5h 9h Jc Kd Kh 2h RJ", "4c 4d 5d 6c 7d 8h 8s 9c Jd Qd 2d",
    ]),
    ("race-to-11", 6, 12345, 5, [
        "3c 3d 7c 8c 10c 10s Js Ah 2s", "4h 5s 8h 9s Jd Qh Ac 2d 2h", "5c 5h 6c 6d 6h 8s 9c Qd Ks",
        "3s 6s 9h 10h Jc Qs Ad As", "4d 4s 5d 7s 9d Kd Kh 2c", "3h 4c 7d 7h 8d 10d Jh Qc Kc",
    ]),
]


@pytest.mark.parametrize(("preset", "players", "seed", "leader", "hands"), KNOWN_DEALS)
def test_a_seed_deals_the_same_hands_as_it_always_has(
    preset: str, players: int, seed: int, leader: int, hands: list[str]
) -> None:
    match = Match(preset, players=players, seed=seed)
    assert match.leader == leader
    assert [match.hand(s) for s in range(players)] == hands


@pytest.mark.parametrize("size", [52, 54])
def test_dealing_is_the_shuffled_deck_given_one_card_at_a_time_from_the_first_seat(size: int) -> None:
    deck = list(range(size))
    for seed in range(200):
        players, first, deal = 3 + seed % 6, seed % 3, 1 + seed % 4
        order = shuffled(deck, seed, "deal", deal)
        expected = [0] * players
        for position, card in enumerate(order):
            expected[(first + position) % players] |= 1 << card
        assert deal_hands([1 << card for card in deck], players, first, seed, deal) == expected


def test_the_first_leader_is_the_generic_draw_of_the_seed() -> None:
    for seed in range(500):
        for players in (3, 4, 7):
            assert first_leader(seed, players) == seeded_below(players, seed, "leader")


def test_every_card_lands_in_every_position_about_equally_often() -> None:
    deck = list(range(54))
    draws = 5400
    places = [Counter() for _ in range(3)]
    for seed in range(draws):
        order = shuffled(deck, seed, "deal", 1)
        for card, counter in zip((0, 27, 53), places, strict=True):
            counter[order.index(card)] += 1
    for counter in places:
        # 100 expected per position; a chi-square with 53 degrees of freedom stays under 100 but for 1 in 20,000.
        chi_square = sum((counter[p] - 100) ** 2 / 100 for p in range(54))
        assert chi_square < 100, chi_square
