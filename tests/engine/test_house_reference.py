"""Random deals under random combinations of house rules, the engine checked against the house reference model."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from president import Match
from president.moves import represented

from .house_reference import HouseDeal, from_match, owed_value_of, play_of

FLAGS = ("eight_cut", "runs", "suit_lock", "eleven_back", "quad_bomb", "two_bomb", "equal_answers",
         "capital_fall", "pass_lockout", "revolution", "five_skip", "nine_reverse", "six_reverse", "gekokujo",
         "tenpen_chii")
NEW_FLAGS = ("nine_pair_cut", "six_pair_cut", "spade3_cut", "coup", "omen", "great_revolution", "sandstorm",
             "down_number", "stair_lock", "seven_pass", "ten_discard", "queen_bomber",
             "salvage", "satan", "chestnut_picking", "galaxy_express", "lucky_seven")
"""The rules of issue 32, each on in a quarter of the deals (so that the older rules keep coming up alone too)."""


def random_options(rng: random.Random) -> dict[str, Any]:
    options: dict[str, Any] = {flag: rng.random() < 0.5 for flag in FLAGS}
    options.update({flag: rng.random() < 0.25 for flag in NEW_FLAGS})
    options["eleven_back_once"] = options["eleven_back"] and rng.random() < 0.5
    options["eleven_back_odd"] = options["eleven_back"] and rng.random() < 0.5
    options["jokers"] = rng.choice((0, 1, 2))
    options["wild_jokers"] = bool(options["jokers"]) and rng.random() < 0.7
    options["spade3_beats_joker"] = bool(options["jokers"]) and rng.random() < 0.5
    options["wild_joker_pair"] = options["wild_jokers"] and rng.random() < 0.5
    options["skip_on_equal"] = options["equal_answers"] and rng.random() < 0.6
    options["run_answer"] = rng.choice(("lowest", "above"))
    options["run_min"] = rng.choice((2, 3, 3, 4))
    options["run_revolution"] = rng.choice((0, 5)) if options["runs"] and options["revolution"] else 0
    if options["run_revolution"] and options["run_revolution"] < options["run_min"]:
        options["run_revolution"] = 0
    options["forbidden_finish"] = tuple(c for c in ("2", "joker", "8", "spade3") if rng.random() < 0.3)
    options["max_set"] = rng.choice((3, 4, 4)) + (options["jokers"] if options["wild_jokers"] else 0)
    options["max_set"] = min(options["max_set"], 4 + (options["jokers"] if options["wild_jokers"] else 0))
    options["joker_run_ends"] = options["runs"] and options["wild_jokers"] and rng.random() < 0.5
    options["four_stop"] = options["eight_cut"] and rng.random() < 0.4
    options["nine_cut_many"] = options["nine_pair_cut"] and rng.random() < 0.5
    options["emperor"] = rng.random() < 0.25
    return options


def pick(moves: list[int], rng: random.Random) -> int:
    """A random move, favouring plays of several cards (runs, sets, jokers standing in) so that rules about
    them come up often."""
    big = [m for m in moves if (m & ((1 << 54) - 1)).bit_count() >= 2]
    if big and rng.random() < 0.7:
        return big[rng.randrange(len(big))]
    return moves[rng.randrange(len(moves))]


def state(deal: HouseDeal) -> tuple[Any, ...]:
    open_trick = bool(deal.table[0])
    return (deal.hands, deal.to_act, deal.table, deal.owner if open_trick else None,
            deal.passed & set(deal.holders()) if open_trick else frozenset(), deal.finished, deal.bottom,
            deal.revolution, deal.back, deal.lock, deal.stair, deal.waits, deal.calm, deal.backwards, deal.owes,
            deal.resume, deal.pile)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_house_rules_match_the_reference_model(seed: int) -> None:
    rng = random.Random(seed)
    options = random_options(rng)
    players = rng.choice((3, 4, 5))
    check_against_model(Match("tavern-jack", players, seed=seed, deals=3, **options), rng, options)


ISSUE_32_SETS: list[dict[str, Any]] = [
    {"sandstorm": True, "down_number": True, "stair_lock": True, "suit_lock": True, "quad_bomb": True},
    {"coup": True, "omen": True, "great_revolution": True, "revolution": True, "nine_pair_cut": True,
     "six_pair_cut": True, "spade3_cut": True, "forbidden_finish": ("2",), "capital_fall": True},
    {"jokers": 2, "wild_jokers": True, "wild_joker_pair": True, "max_set": 6, "eleven_back": True,
     "eleven_back_odd": True, "eleven_back_once": True, "stair_lock": True, "sandstorm": True, "runs": True,
     "equal_answers": True},
    {"seven_pass": True, "ten_discard": True, "runs": True, "eight_cut": True, "five_skip": True,
     "nine_reverse": True, "pass_lockout": True, "capital_fall": True, "forbidden_finish": ("8",)},
    {"queen_bomber": True, "seven_pass": True, "ten_discard": True, "runs": True, "nine_reverse": True,
     "capital_fall": True, "gekokujo": True, "revolution": True},
    {"eight_cut": True, "four_stop": True, "suit_lock": True, "stair_lock": True, "runs": True, "quad_bomb": True,
     "jokers": 1, "wild_jokers": True, "five_skip": True, "pass_lockout": True, "forbidden_finish": ("8",)},
    {"emperor": True, "revolution": True, "omen": True, "runs": True, "suit_lock": True, "eleven_back": True,
     "equal_answers": True, "skip_on_equal": True, "jokers": 2, "wild_jokers": True, "quad_bomb": True,
     "sandstorm": True, "seven_pass": True},
]
"""The rules of issue 32 together, so that each fires many times."""


@pytest.mark.parametrize("options", ISSUE_32_SETS)
@pytest.mark.parametrize("seed", range(3))
def test_the_rules_of_issue_32_match_the_reference_model(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    check_against_model(Match("tavern-jack", 4, seed=seed, deals=3, **options), rng, options)


@pytest.mark.parametrize("seed", range(8))
def test_daifugo_matches_the_reference_model(seed: int) -> None:
    rng = random.Random(seed)
    check_against_model(Match("daifugo", 5, seed=seed, deals=3), rng, {})


SALVAGE_SETS: list[dict[str, Any]] = [
    {"salvage": True, "spade3_cut": True, "runs": True, "pass_lockout": True, "eight_cut": True, "seven_pass": True,
     "ten_discard": True},
    {"salvage": True, "runs": True, "revolution": True, "jokers": 1, "wild_jokers": True, "sandstorm": True,
     "queen_bomber": True, "capital_fall": True, "next_ace": True, "five_skip": True},
]
"""The salvage beside the rules it meets most: cuts, runs, the other owed moves, wild jokers standing for a 3."""


def pick_threes(moves: list[int], rng: random.Random) -> int:
    """A random move that plays a 3 when it can and then mostly passes, so that tricks often end on 3s."""
    threes = [m for m in moves if m & 0xF and not m >> 59]
    if threes and rng.random() < 0.8:
        return threes[rng.randrange(len(threes))]
    if 0 in moves and rng.random() < 0.7:
        return 0
    return pick(moves, rng)


@pytest.mark.parametrize("options", SALVAGE_SETS)
@pytest.mark.parametrize("seed", range(2))
def test_the_salvage_matches_the_reference_model(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    match = Match("tavern-jack", 4, seed=seed, deals=3, **options)
    assert check_against_model(match, rng, options, pick_threes) >= 2


TAKE_SETS: list[dict[str, Any]] = [
    {"satan": True, "chestnut_picking": True, "galaxy_express": True, "coup": True, "omen": True, "runs": True,
     "nine_pair_cut": True, "nine_cut_many": True, "seven_pass": True, "ten_discard": True, "queen_bomber": True,
     "salvage": True},
    {"satan": True, "chestnut_picking": True, "galaxy_express": True, "jokers": 2, "wild_jokers": True,
     "unbeatable_clears": True, "eight_cut": True, "capital_fall": True, "five_skip": True, "nine_reverse": True,
     "pass_lockout": True},
]
"""Satan, chestnut picking and Galaxy Express 999 together, beside cuts, revolutions of 6s and 9s, the other owed
moves and wild jokers standing for a 6 or a 9."""


@pytest.mark.parametrize("options", TAKE_SETS)
@pytest.mark.parametrize("seed", range(2))
def test_the_takes_after_a_play_match_the_reference_model(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    match = Match("tavern-jack", 4, seed=seed, deals=3, **options)
    assert check_against_model(match, rng, options) >= 2


LUCKY_SETS: list[dict[str, Any]] = [
    {"lucky_seven": True, "seven_pass": True, "runs": True, "capital_fall": True, "gekokujo": True,
     "unbeatable_clears": True, "salvage": True},
    {"lucky_seven": True, "jokers": 2, "wild_jokers": True, "pass_lockout": True, "five_skip": True,
     "queen_bomber": True, "forbidden_finish": ("2",), "equal_answers": True, "skip_on_equal": True},
]
"""The lucky seven beside going out in other ways (the 7-pass of the last cards, the capital fall, gekokujo),
cuts, skips and a joker standing for a 7."""


def pick_sevens(moves: list[int], rng: random.Random) -> int:
    """Three 7s (or a joker standing for one) whenever they can be played, then mostly passes, so that tricks often
    end on them."""
    sevens = [m for m in moves if not m >> 59 and (shown := represented(m)).bit_count() == 3
              and shown & 0xF0000 == shown]
    if sevens and rng.random() < 0.9:
        return sevens[rng.randrange(len(sevens))]
    if 0 in moves and rng.random() < 0.6:
        return 0
    return pick(moves, rng)


@pytest.mark.parametrize("options", LUCKY_SETS)
@pytest.mark.parametrize("seed", range(4))
def test_the_lucky_seven_matches_the_reference_model(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    # A deal from hands where one seat holds three 7s, so that the rule comes up.
    deck = [card for card in range(52) if card not in (16, 17, 18)]
    rng.shuffle(deck)
    hands = [sum(1 << card for card in deck[seat::4]) for seat in range(4)]
    hands[rng.randrange(4)] |= 0x70000
    check_against_model(Match.from_hands("tavern-jack", hands, leader=0, **options), rng, options, pick_sevens, 20)


def check_against_model(match: Match, rng: random.Random, options: dict[str, Any],
                        chooser: Any = pick, least: int = 50) -> int:
    """Play ``match`` to its end with moves from ``chooser`` (random by default), checking every play-phase position
    against the model; return how many salvages were made."""
    salvaged = 0
    checked = 0
    while not match.is_over:
        if match.phase != "play":
            match.apply(rng.choice(match.legal_moves()))
            continue
        model = from_match(match)
        engine_moves = sorted(match.legal_masks())
        model_moves = sorted(owed_value_of(model, p) for p in model.legal_moves())
        assert engine_moves == model_moves, (options, match.table_move)
        move = chooser(engine_moves, rng)
        salvaged += move >> 59 & 1
        expected = model.after(play_of(move))
        deal_number = match.deal_number
        match.apply(move)
        checked += 1
        if match.deal_number != deal_number or match.is_over:
            assert expected.over and match.deal_results[-1].order == expected.order(), options
            continue
        assert state(from_match(match)) == state(expected), options
    assert checked > least
    return salvaged
