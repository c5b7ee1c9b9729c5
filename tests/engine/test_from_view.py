"""Match.from_view: the position a seat sees, completed with a guess of the hidden hands (for search)."""

from __future__ import annotations

import random

import pytest

from president import Match

from .spec import PRESET_NAMES


def _midgame(preset: str, seed: int, moves: int) -> Match:
    match = Match(preset, players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_moves()))
    return match


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_true_hands_rebuild_the_position_and_play_on_alike(preset: str) -> None:
    for seed in range(12):
        match = _midgame(preset, seed, 5 + 7 * seed)
        if match.is_over or match.phase != "play":
            continue
        seat = match.to_act
        assert seat is not None
        view = match.seat_view(seat)
        rebuilt = Match.from_view(view, list(match.hands))
        assert rebuilt.to_act == match.to_act and rebuilt.hands == match.hands
        assert rebuilt.seat_view(seat).passed == view.passed and rebuilt.table_mask == match.table_mask
        assert rebuilt.legal_moves() == match.legal_moves()
        rng = random.Random(seed)
        deal = match.deal_number
        while not match.is_over and match.deal_number == deal:
            move = rng.choice(match.legal_moves())
            assert move in rebuilt.legal_moves()
            match.apply(move)
            rebuilt.apply(move)
            if match.deal_number == deal:
                assert rebuilt.table_move == match.table_move
                actor = match.to_act
                if actor is not None:
                    assert rebuilt.seat_view(actor).table_move == match.seat_view(actor).table_move
        assert rebuilt.is_over and rebuilt.deal_results[-1].order == match.deal_results[deal - 1].order


def test_a_guess_that_does_not_fit_the_view_is_refused() -> None:
    match = _midgame("tavern-jack", 3, 9)
    seat = match.to_act
    assert seat is not None
    view = match.seat_view(seat)
    hands = list(match.hands)
    other = (seat + 1) % 4
    with pytest.raises(ValueError, match="expected 4 hands"):
        Match.from_view(view, hands[:3])
    swapped = list(hands)
    swapped[seat], swapped[other] = hands[other], hands[seat]
    with pytest.raises(ValueError, match="own hand"):
        Match.from_view(view, swapped)
    short = list(hands)
    short[other] &= short[other] - 1
    with pytest.raises(ValueError, match=f"seat {other} holds"):
        Match.from_view(view, short)
    third = (seat + 2) % 4
    overlapping = list(hands)
    low = hands[third] & -hands[third]
    overlapping[other] = (hands[other] & (hands[other] - 1)) | low
    with pytest.raises(ValueError, match="repeats a card"):
        Match.from_view(view, overlapping)
