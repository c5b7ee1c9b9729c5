"""Copies and rollouts: a copy is equal and independent; a rollout leaves the match as it was."""

from __future__ import annotations

import random

import pytest

from president import Match
from president.moves import GIVE_FLAG

from .driving import lowest, play_to_deal, play_until, random_policy, snapshot
from .spec import PRESET_NAMES


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_copy_is_equal_and_then_independent(preset: str) -> None:
    match = Match(preset, players=4, seed=31)
    play_to_deal(match, 2, random_policy(31))
    match.apply(min(match.legal_masks()))
    before = snapshot(match)
    twin = match.copy()
    assert snapshot(twin) == before
    play_until(twin, lambda m: m.deal_number == 3, lowest)
    assert snapshot(match) == before, "playing the copy changed the original"
    play_until(match, lambda m: m.deal_number == 3, lowest)
    assert snapshot(match) == snapshot(twin)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_rollout_finishes_the_deal_without_changing_the_match(preset: str) -> None:
    match = Match(preset, players=5 if preset != "three-of-clubs" else 4, seed=8)
    for _ in range(25):
        match.apply(lowest(match))
    before = snapshot(match)
    done = match.finished
    order = match.rollout("random", random.Random(1))
    assert snapshot(match) == before
    assert sorted(order) == list(range(match.players))
    assert list(order[: len(done)]) == done, "players already out keep their places"
    assert match.rollout("random", random.Random(1)) == order


def test_a_rollout_of_a_finished_match_is_refused() -> None:
    match = Match.from_hands("tavern-jack", ["3c", "4c"], leader=0)
    match.apply("3c")
    assert match.is_over
    with pytest.raises(ValueError):
        match.rollout()


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_history_of_copies_that_go_their_own_ways_stays_each_ones_own(preset: str) -> None:
    match = Match(preset, players=4, seed=5)
    rng = random.Random(5)
    matches = [match]
    for step in range(1500):
        if all(m.to_act is None for m in matches):
            break
        m = rng.choice([m for m in matches if m.to_act is not None])
        if step % 150 == 0:
            matches.append(m.copy())
        m.apply(rng.choice(m.legal_masks()))
        for other in rng.sample(matches, min(3, len(matches))):
            history = other.seat_view(0).history
            deal_start = other._deal_start  # the walk over the whole deal, as it was made before the memo
            walked = []
            node = other._log
            while node is not deal_start and node is not None:
                walked.append((node[1], node[2]))
                node = node[0]
            assert history == [(s, v) for s, v in reversed(walked) if not v & GIVE_FLAG]
    assert max(m.deal_number for m in matches) >= 3, "the copies went through several deals"
