"""The straight lanes and the playout kernel are held to the definition of the trick.

A match takes straight lanes (precomputed from its rules) for passes and for plays
that trigger no rule; :func:`~president.engine.without_lanes` makes a copy that plays
every move by the definition. Both are driven with the same recorded choices, over
every seed preset with sampled options and over every house rule (alone and in
combinations, and the ``daifugo`` preset), and their whole states are compared after
every move: through ``apply`` (with its events), ``apply_fast``, and the playouts
(``playout`` and ``playout_until``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from president import Match
from president.cards import BLACK_JOKER, JOKERS, RED_JOKER
from president.engine import without_lanes
from president.plays import RUN, _segments, _suit_runs, plays, run_moves, run_piece, shape_of
from president.rules import get_rules

from .driving import snapshot
from .spec import PRESET_NAMES

FAST_OPTIONS: list[dict[str, Any]] = [
    {},
    {"pass_lockout": True},
    {"revolution": True, "jokers": 2},
    {"revolution": True, "jokers": 2, "joker_in_revolution": "highest", "pass_lockout": True},
    {"max_set": 3, "revolution": True},
    {"max_set": 2, "jokers": 2},
    {"lead_card_must_play": False, "first_leader": "holder", "first_lead_card": 5},
]


def general(match: Match) -> Match:
    """The same match played by the definition of the trick, without the straight lanes."""
    return without_lanes(match)


def _state(match: Match, whole: bool = True) -> dict[str, Any]:
    """The match's observable state; without ``whole``, the views leave out the deal's history and the move log is
    left out: both only grow move by move, so comparing them whole once a trick is cleared checks every entry."""
    if whole:
        out = snapshot(match)
    else:
        out = {"phase": match.phase, "to_act": match.to_act, "hands": list(match.hands), "table": match.table_mask,
               "owner": match.table_owner, "revolution": match.revolution, "finished": match.finished,
               "scores": match.scores, "deal_number": match.deal_number, "deal_results": match.deal_results,
               "titles": match.titles, "winners": match.winners,
               "views": [match.view(s, history=False) for s in range(match.players)]}
    out["lock"], out["back"], out["legal"] = match.lock, match.eleven_back, sorted(match.legal_masks())
    return out


HOUSE_OPTIONS: list[dict[str, Any]] = [
    {"jokers": 1},
    {"eight_cut": True},
    {"eleven_back": True, "revolution": True},
    {"suit_lock": True},
    {"equal_answers": True, "skip_on_equal": True},
    {"runs": True, "suit_lock": True, "revolution": True, "run_revolution": 4},
    {"jokers": 2, "wild_jokers": True, "runs": True, "run_answer": "above", "joker_run_ends": True},
    {"jokers": 1, "wild_jokers": True, "spade3_beats_joker": True, "max_set": 5, "suit_lock": True},
    {"jokers": 2, "wild_jokers": True, "spade3_beats_joker": True, "equal_answers": True},
    {"quad_bomb": True, "two_bomb": True, "revolution": True},
    {"jokers": 2, "spade3_beats_joker": True, "revolution": True, "forbidden_finish": ("spade3",)},
    {"forbidden_finish": ("2", "8", "joker"), "jokers": 2, "eight_cut": True, "capital_fall": True},
    {"lead_card_every_deal": True, "first_lead_card": 1, "first_leader": "holder", "lead_card_must_play": False,
     "exchange_block": 2, "equal_answers": True, "eleven_back": True, "pass_lockout": True},
    {"nine_pair_cut": True, "six_pair_cut": True, "spade3_cut": True, "eight_cut": True, "two_bomb": True},
    {"coup": True, "omen": True, "great_revolution": True, "revolution": True, "forbidden_finish": ("2",),
     "capital_fall": True},
    {"great_revolution": True, "quad_bomb": True, "eleven_back": True, "eleven_back_once": True,
     "eleven_back_odd": True, "equal_answers": True},
    {"sandstorm": True, "down_number": True, "stair_lock": True, "suit_lock": True},
    {"jokers": 2, "wild_jokers": True, "wild_joker_pair": True, "sandstorm": True, "runs": True},
    {"jokers": 2, "wild_jokers": True, "wild_joker_pair": True, "runs": True, "suit_lock": True, "revolution": True},
    {"jokers": 2, "wild_jokers": True, "wild_joker_pair": True, "equal_answers": True, "quad_bomb": True},
    {"five_skip": True, "nine_reverse": True, "six_reverse": True},
    {"five_skip": True, "nine_reverse": True, "pass_lockout": True, "eight_cut": True, "gekokujo": True,
     "tenpen_chii": True, "equal_answers": True, "skip_on_equal": True},
    {"jokers": 2, "wild_jokers": True, "runs": True, "five_skip": True, "six_reverse": True, "capital_fall": True,
     "gekokujo": True, "quad_bomb": True},
    {"jokers": 2, "wild_jokers": True, "real_cards_fire": True, "eight_cut": True, "eleven_back": True,
     "revolution": True, "revolution_forbidden": "3", "forbidden_finish": ("2",), "capital_fall": True,
     "capital_fall_by_last": True, "eight_out_no_cut": True, "twos_no_revolution": True},
    {"quad_bomb": True, "two_bomb": True, "bomb_passes_lead": True, "bomb_lead_plain": True, "suit_lock": True,
     "suit_lock_at_once": True, "jokers": 1, "joker_keeps_lock": True, "spade3_beats_joker": True,
     "unbeatable_clears": True, "spade3_kept": True, "next_ace": True},
    {"jokers": 2, "wild_jokers": True, "suit_lock": True, "joker_starts_no_lock": True, "eight_cut": True,
     "eight_out_no_cut": True},
    {"seven_pass": True, "ten_discard": True},
    {"seven_pass": True, "ten_discard": True, "quad_bomb": True, "bomb_passes_lead": True, "next_ace": True,
     "eight_cut": True, "eight_out_no_cut": True, "unbeatable_clears": True, "revolution": True},
    {"seven_pass": True, "ten_discard": True, "runs": True, "eight_cut": True, "five_skip": True, "nine_reverse": True,
     "pass_lockout": True, "capital_fall": True, "jokers": 1, "wild_jokers": True},
    {"eight_cut": True, "four_stop": True},
    {"emperor": True},
    {"emperor": True, "revolution": True, "runs": True, "suit_lock": True, "eight_cut": True, "eleven_back": True,
     "quad_bomb": True, "sandstorm": True, "jokers": 1, "wild_jokers": True, "equal_answers": True,
     "skip_on_equal": True, "five_skip": True},
    {"eight_cut": True, "four_stop": True, "suit_lock": True, "stair_lock": True, "quad_bomb": True, "runs": True,
     "pass_lockout": True, "jokers": 2, "wild_jokers": True, "unbeatable_clears": True, "seven_pass": True},
    {"queen_bomber": True},
    {"salvage": True, "spade3_cut": True, "pass_lockout": True},
    {"salvage": True, "runs": True, "eight_cut": True, "seven_pass": True, "queen_bomber": True, "jokers": 2,
     "wild_jokers": True, "revolution": True, "unbeatable_clears": True, "next_ace": True, "eleven_back": True},
    {"queen_bomber": True, "seven_pass": True, "ten_discard": True, "runs": True, "eight_cut": True,
     "capital_fall": True, "gekokujo": True, "jokers": 1, "wild_jokers": True},
    {"satan": True, "chestnut_picking": True, "galaxy_express": True, "nine_pair_cut": True, "nine_cut_many": True},
    {"lucky_seven": True, "seven_pass": True, "capital_fall": True, "gekokujo": True, "pass_lockout": True},
    {"lucky_seven": True, "salvage": True, "unbeatable_clears": True, "jokers": 1, "wild_jokers": True},
    {"satan": True, "chestnut_picking": True, "galaxy_express": True, "salvage": True, "runs": True,
     "nine_pair_cut": True, "coup": True, "omen": True, "queen_bomber": True, "jokers": 1, "wild_jokers": True,
     "pass_lockout": True},
]
"""House rules alone and together: the lanes must skip only what each of them leaves untouched."""

CASES = [(preset, options) for preset in PRESET_NAMES for options in FAST_OPTIONS]
CASES += [(preset, options) for preset in ("tavern-jack", "three-of-clubs") for options in HOUSE_OPTIONS]
CASES += [("daifugo", {})]


@pytest.mark.parametrize(("preset", "options"), CASES)
def test_apply_agrees_with_the_definition_move_by_move(preset: str, options: dict[str, Any]) -> None:
    for seed in range(3):
        players = {"race-to-11": 5, "daifugo": 5}.get(preset, 4)
        fast = Match(preset, players, seed=seed, deals=3, **options)
        slow = general(fast)
        rng = random.Random(seed)
        while not fast.is_over:
            moves = fast.legal_moves()
            assert sorted(moves) == sorted(slow.legal_moves())
            move = moves[rng.randrange(len(moves))]
            if rng.random() < 0.5:
                assert fast.apply(move) == slow.apply(move)
            else:
                fast.apply_fast(move)
                slow.apply_fast(move)
            whole = not fast.table_mask or fast.is_over
            assert _state(fast, whole) == _state(slow, whole)


def replaying(choices: list[int]) -> Any:
    """A playout policy that makes the recorded ``choices`` in turn, by the kernel's or the steps' interface."""
    picks = iter(choices)

    def policy(*_: Any) -> int:
        return int(next(picks))

    policy.house = policy  # type: ignore[attr-defined]
    return policy


@pytest.mark.parametrize(("preset", "options"), CASES[::2])
def test_playouts_agree_with_the_definition(preset: str, options: dict[str, Any]) -> None:
    for seed in range(6):
        players = {"race-to-11": 6, "daifugo": 5}.get(preset, 4)
        start = Match(preset, players, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 40)):
            moves = start.legal_moves()
            start.apply(moves[rng.randrange(len(moves))])
        if start.phase != "play":
            continue
        players_seat = (start.to_act + 1) % players  # type: ignore[operator]
        # Random choices made on the fast engine, move by move, to the seat's next turn.
        choices: list[int] = []
        probe = start.copy()
        chooser = random.Random(seed)
        while probe.to_act != players_seat and probe.deal_number == start.deal_number and not probe.is_over:
            moves = sorted(probe.legal_masks())
            choices.append(moves[chooser.randrange(len(moves))])
            probe.apply_fast(choices[-1])
        seat = players_seat
        a = start.copy()
        b = general(start)
        end_a = a.playout_until(seat, replaying(choices), random.Random(0))
        end_b = b.playout_until(seat, replaying(choices), random.Random(0))
        assert end_a == end_b
        if end_a is None:
            for name in ("hands", "table_mask", "table_owner", "to_act", "revolution", "finished", "backwards"):
                assert getattr(a, name) == getattr(b, name), name
            assert sorted(a.legal_masks()) == sorted(b.legal_masks())
            assert a.seat_view(seat).passed == b.seat_view(seat).passed


def test_copy_carries_every_field() -> None:
    match = Match("daifugo", 5, seed=3)
    rng = random.Random(1)
    for _ in range(30):
        moves = match.legal_moves()
        match.apply(moves[rng.randrange(len(moves))])
    other = match.copy()
    for name in Match.__slots__:
        if name not in ("_events", "_legal"):
            assert getattr(other, name) == getattr(match, name), name
    assert other.hands is not match.hands


@pytest.mark.parametrize(("preset", "options"), CASES[1::2])
def test_random_playouts_agree_with_the_definition(preset: str, options: dict[str, Any]) -> None:
    """The random playout generates its moves itself: replay its draws on the definition, move by move."""
    for seed in range(5):
        players = {"race-to-11": 6, "daifugo": 5}.get(preset, 4)
        start = Match(preset, players, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 30)):
            start.apply(start.legal_moves()[rng.randrange(len(start.legal_moves()))])
        if start.phase != "play":
            continue
        order = start.copy().playout("random", random.Random(seed))
        # The same draws: a draw for every decision but one whose only legal move is the pass.
        shadow, slow, draws = start.copy(), general(start), random.Random(seed)
        while not slow.is_over and slow.deal_number == start.deal_number:
            moves = shadow.legal_moves()
            forced = len(moves) == 1 and not moves[0]
            move = 0 if forced else moves[int(draws.random() * len(moves))]
            assert move in slow.legal_moves()
            shadow.apply_fast(move)
            slow.apply(move)
        assert slow.deal_results[len(start.deal_results)].order == order


def test_the_shortcuts_of_plays_agree_with_the_general_path() -> None:
    """Leads and answers, with and without wild jokers and a lock: the same moves in the same order."""
    rng = random.Random(7)
    checked = 0
    for seed in range(60):
        options = {"jokers": rng.choice((0, 1, 2)), "equal_answers": rng.random() < 0.5,
                   "revolution": True, "runs": rng.random() < 0.5,
                   "quad_bomb": rng.random() < 0.3, "two_bomb": rng.random() < 0.3,
                   "sandstorm": rng.random() < 0.2, "down_number": rng.random() < 0.2}
        options["wild_jokers"] = bool(options["jokers"]) and rng.random() < 0.6
        options["wild_joker_pair"] = options["wild_jokers"] and options["jokers"] == 2 and rng.random() < 0.5
        options["joker_in_revolution"] = rng.choice(("lowest", "highest"))
        if options["runs"]:
            options["run_answer"] = rng.choice(("lowest", "above"))
            options["joker_run_ends"] = options["wild_jokers"] and rng.random() < 0.5
        match = Match("tavern-jack", 4, seed=seed, **options)
        while not match.is_over and match.deal_number == 1:
            for backwards in (False, True):
                for lock in ((0, 1 << rng.randrange(4)) if match.table_mask else (0,)):
                    args = (match.hands[match.to_act], match.rules, match.table_move, backwards, lock)
                    assert plays(*args) == plays(*args, shortcut=False)
                    checked += 1
            moves = match.legal_moves()
            match.apply(moves[rng.randrange(len(moves))])
    assert checked > 1000


@pytest.mark.parametrize("run_answer", ["lowest", "above"])
@pytest.mark.parametrize("wild", [False, True])
def test_the_answers_to_a_run_agree_with_the_general_path(run_answer: str, wild: bool) -> None:
    """Answers to a run, with and without wild jokers, jokers past the ends, equal answers, either order and a lock:
    the same moves in the same order as the general path."""
    rng = random.Random(run_answer + str(wild))
    compared = found = with_jokers = 0
    while compared < 400:
        options: dict[str, Any] = {"runs": True, "run_answer": run_answer, "run_min": rng.choice((3, 3, 4)),
                                   "equal_answers": rng.random() < 0.5, "revolution": True,
                                   "joker_in_revolution": rng.choice(("lowest", "highest"))}
        if wild:
            options.update(jokers=2, wild_jokers=True, joker_run_ends=rng.random() < 0.5)
        rules = get_rules("tavern-jack", **options)
        deck = list(range(52)) + ([BLACK_JOKER, RED_JOKER] if wild else [])
        rng.shuffle(deck)
        mine, theirs = sum(1 << c for c in deck[:20]), sum(1 << c for c in deck[20:40])
        tables = [m for m in plays(theirs, rules) if shape_of(m, wild).kind == RUN]  # type: ignore[union-attr]
        if not tables:
            continue
        table = rng.choice(tables)
        for backwards in (False, True):
            for lock in (0, shape_of(table, wild).suits):  # type: ignore[union-attr]
                answers = plays(mine, rules, table, backwards, lock)
                assert answers == plays(mine, rules, table, backwards, lock, shortcut=False)
                found += len(answers)
                compared += 1
                with_jokers += bool(answers and mine & JOKERS)
    assert found > 100
    assert with_jokers > 50 if wild else not with_jokers


@given(st.integers(0, 3), st.integers(0, (1 << 13) - 1),
       st.sampled_from([(), (BLACK_JOKER,), (RED_JOKER,), (BLACK_JOKER, RED_JOKER)]), st.integers(2, 6),
       st.booleans())
def test_the_moves_of_runs_are_those_of_the_runs_with_their_shapes(
    suit: int, ranks: int, jokers: tuple[int, ...], run_min: int, ends: bool,
) -> None:
    """A lead's runs are built without their shapes, and a suit's runs and pieces from its segments: the same moves
    (and shapes), in the same order."""
    whole = run_piece(suit, ranks, jokers, run_min, ends)
    assert run_moves(suit, ranks, jokers, run_min, ends) == whole.moves
    parts = [run_piece(suit, part, jokers, run_min, ends) for part in _segments(ranks, len(jokers))]
    for size, pairs in whole.by_size.items():
        assert sorted(pair for part in parts for pair in part.by_size.get(size, ())) == list(pairs)
    assert sum(len(part.moves) for part in parts) == len(whole.moves)
    hand = sum(1 << (4 * rank + suit) for rank in range(13) if ranks >> rank & 1) | sum(1 << j for j in jokers)
    rules = get_rules("tavern-jack", jokers=2, wild_jokers=True, runs=True, run_min=run_min, joker_run_ends=ends) \
        if jokers or ends else get_rules("tavern-jack", runs=True, run_min=run_min)
    assert _suit_runs(hand, suit, rules) == whole.moves
