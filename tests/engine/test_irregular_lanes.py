"""Sandstorm, down number and the stair lock on the straight lanes, held to the definition of the trick.

Their answers come from the byte tables with the few answers these rules add
(:func:`~president.plays.extra_answers`), and an answer that forms the stair lock goes
through the definition: the lanes must agree with it move by move (the legal moves in the
same order, whole states), in random playouts, and ``plays()`` with the general path under
the stair lock, which the sample of ``test_one_definition`` meets only beside the suit lock.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from president import Match
from president.engine import without_lanes
from president.plays import STAIR, plays

from .test_one_definition import _state

IRREGULAR: list[dict[str, Any]] = [
    {"sandstorm": True, "down_number": True, "stair_lock": True},
    {"stair_lock": True, "revolution": True, "eleven_back": True, "jokers": 2, "sandstorm": True,
     "unbeatable_clears": True},
    {"stair_lock": True, "down_number": True, "two_bomb": True, "quad_bomb": True, "revolution": True},
    {"stair_lock": True, "equal_answers": True, "skip_on_equal": True, "pass_lockout": True, "eight_cut": True},
]


@pytest.mark.parametrize("options", IRREGULAR)
def test_the_lanes_agree_with_the_definition(options: dict[str, Any]) -> None:
    stairs = 0
    for seed in range(3):
        fast = Match("tavern-jack", 4, seed=seed, deals=2, **options)
        slow = without_lanes(fast)
        rng = random.Random(seed)
        while not fast.is_over:
            moves = fast.legal_moves()
            assert moves == slow.legal_moves()
            move = moves[rng.randrange(len(moves))]
            if rng.random() < 0.5:
                assert fast.apply(move) == slow.apply(move)
            else:
                fast.apply_fast(move)
                slow.apply_fast(move)
            assert _state(fast) == _state(slow)
            stairs += bool(fast.lock & STAIR)
        start = Match("tavern-jack", 4, seed=seed, **options)
        for _ in range(rng.randrange(8, 30)):
            start.apply(start.legal_moves()[rng.randrange(len(start.legal_moves()))])
        if start.phase == "play":
            _random_playout_agrees(start, seed)
    assert stairs > 0 or not options.get("stair_lock")


def _random_playout_agrees(start: Match, seed: int) -> None:
    """The random playout draws its moves itself: the same draws on the definition reach the same order."""
    order = start.copy().playout("random", random.Random(seed))
    shadow, slow, draws = start.copy(), without_lanes(start), random.Random(seed)
    while not slow.is_over and slow.deal_number == start.deal_number:
        moves = shadow.legal_moves()
        assert moves == slow.legal_moves()
        move = 0 if moves == (0,) else moves[int(draws.random() * len(moves))]
        shadow.apply_fast(move)
        slow.apply(move)
    assert slow.deal_results[len(start.deal_results)].order == order


@pytest.mark.parametrize(("options", "hands", "script", "after"), [
    # A 2 on the stair from the ace: nothing may answer it on the locked trick (a joker could, unlocked), so it
    # clears the trick and its player leads again.
    ({"stair_lock": True, "jokers": 2, "unbeatable_clears": True},
     ["Kc 5c 6c", "Ac 6d 7d", "2c 7h 8h", "9d 9s 10s"], ["Kc", "Ac", "2c"], (0, 2)),
    # The 3s of a sandstorm answer a single they could not beat by rank, whatever the hand's other cards; the
    # trick goes on.
    ({"sandstorm": True, "down_number": True},
     ["5c 9c 10c", "3c 3d 3h 4s", "7h 8h 9h", "Jd Js Qs"], ["5c", "3c 3d 3h"], (0b111, 2)),
])
def test_a_rule_beyond_the_lookups_is_taken_on_the_lanes(
    options: dict[str, Any], hands: list[str], script: list[str], after: tuple[int, int],
) -> None:
    fast = Match.from_hands("tavern-jack", hands, leader=0, **options)
    slow = without_lanes(fast)
    for text in script:
        assert fast.legal_moves() == slow.legal_moves()
        move = fast.parse_move(text)
        assert move in fast.legal_moves()
        _random_playout_agrees(fast, len(text))
        assert fast.apply(move) == slow.apply(move)
        assert _state(fast) == _state(slow)
    assert (fast.table_mask, fast.to_act) == after  # (the cards on the table, the seat to act)


def test_the_answers_under_the_stair_lock_agree_with_the_general_path() -> None:
    rng = random.Random(30)
    checked = 0
    for seed in range(12):
        options = {"stair_lock": True, "revolution": True, "jokers": rng.choice((0, 2)),
                   "sandstorm": rng.random() < 0.5, "down_number": rng.random() < 0.5,
                   "two_bomb": rng.random() < 0.3, "equal_answers": rng.random() < 0.5,
                   "joker_in_revolution": rng.choice(("lowest", "highest"))}
        match = Match("tavern-jack", 4, seed=seed, **options)
        while not match.is_over and match.deal_number == 1:
            if match.table_mask:
                for backwards in (False, True):
                    for lock in (0, STAIR):
                        args = (match.hands[match.to_act], match.rules, match.table_move, backwards, lock)
                        assert plays(*args) == plays(*args, shortcut=False)
                        checked += 1
            moves = match.legal_moves()
            match.apply(moves[rng.randrange(len(moves))])
    assert checked > 500
