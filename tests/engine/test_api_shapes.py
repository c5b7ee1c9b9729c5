"""The shapes the fast public API promises: a cached tuple of legal moves, shared immutable events."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from president import Match
from president.engine import _PLANS
from president.errors import IllegalMove
from president.events import Event
from president.moves import Move
from president.rules import get_rules

from .spec import PRESET_NAMES


def test_legal_moves_is_one_tuple_until_the_next_move_and_legal_masks_a_fresh_list() -> None:
    match = Match("tavern-jack", players=4, seed=3)
    first = match.legal_moves()
    assert isinstance(first, tuple) and all(type(m) is Move for m in first)
    assert match.legal_moves() is first
    masks = match.legal_masks()
    masks.clear()
    assert match.legal_masks() == list(first), "changing the list from legal_masks changed the match"
    match.apply(first[0])
    assert match.legal_moves() is not first


def test_events_of_the_same_pass_are_equal_and_reading_them_gives_fresh_events() -> None:
    one = Match("tavern-jack", players=4, seed=5)
    two = Match("tavern-jack", players=4, seed=5)
    for match in (one, two):
        match.apply(min(m for m in match.legal_moves() if m))
    first, second = one.apply("pass"), two.apply("pass")
    assert first == second and [e.kind for e in first] == ["pass"]
    event = first[0]
    event.data["note"] = "changed by a caller"
    event.seat = 99
    assert first[0].seat == second[0].seat != 99 and "note" not in second[0].data


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_value_equal_to_a_legal_move_but_not_an_int_is_refused(preset: str) -> None:
    match = Match(preset, players=4, seed=11)
    while not match.is_over and Move(1) not in match.legal_moves():
        match.apply(random.Random(len(match.moves)).choice(match.legal_moves()))
    if match.is_over:
        pytest.skip("the three of clubs alone was never legal in this match")
    before = match.record()
    for garbage in (True, 1.0):
        with pytest.raises(IllegalMove):
            match.apply(garbage)  # type: ignore[arg-type]
    assert match.record() == before


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_passed_seats_of_a_view_follow_the_rule_on_passing(preset: str) -> None:
    match = Match(preset, players=5 if preset != "three-of-clubs" else 4, seed=21)
    rng = random.Random(21)
    seen_passes = False
    while not match.is_over and match.deal_number == 1:
        seat = match.to_act
        assert seat is not None
        passed_before = match.seat_view(seat).passed
        move = rng.choice(match.legal_moves())
        had_table = match.table_mask != 0
        match.apply(move)
        view = match.seat_view(seat)
        if move == 0 and view.table:
            seen_passes = True
            assert view.passed >> seat & 1, "a seat that has just passed must be among the passed seats"
            assert view.passed & passed_before == passed_before
        if not view.table:
            assert view.passed == 0, "a cleared trick has no passed seats"
        if move and had_table and view.table and not match.rules.pass_lockout:
            assert view.passed == 0, "without the lockout a play wipes the passes"
    assert seen_passes


def test_matches_of_rules_made_on_the_fly_do_not_pile_up_cached_plans() -> None:
    base = get_rules("tavern-jack")
    for deals in range(1, 600):
        Match(base, players=4, seed=deals, deals=deals)
    assert len(_PLANS) <= 256


def test_the_events_of_a_move_are_a_sequence_of_event_objects() -> None:
    match = four_hands_match()
    events = match.apply("3c")
    assert isinstance(events, Sequence) and len(events) == 1
    assert [type(e) for e in list(events)] == [Event] and events[-1].kind == "play"
    assert [e.kind for e in events[0:1]] == ["play"]
    assert events.to_list() == [{"type": "play", "seat": 0, "cards": ["3c"]}]
    last = match.apply("4c")
    assert [e.kind for e in last] == ["play", "out"] and last[1].data == {"place": 1}


def four_hands_match() -> Match:
    return Match.from_hands("tavern-jack", ["3c 5c 6c", "4c", "7c 8c", "9c 10c"], leader=0)
