"""Property tests over random matches of every preset and table size, checked against the reference model.

Every random match is played move by move next to :mod:`.reference`, the plain
model written from the rule texts: both must offer the same legal moves and
reach the same position after each move. Along the way: cards are conserved,
exactly one seat is to act, every deal ends, titles and points follow the
finishing order, illegal moves change nothing, and a record replays the match.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from president import IllegalMove, Match
from president.moves import GIVE_FLAG

from .driving import snapshot
from .invariants import check_hidden_information, check_position, deck_of
from .reference import RefDeal, from_match, mask_of, strongest
from .spec import (
    PRESET_NAMES,
    RACE_TARGET,
    TABLE_SIZES,
    exchange_counts,
    later_leader,
    match_length,
    points_table,
    title_keys,
)

TABLES = [(preset, players) for preset in PRESET_NAMES for players in TABLE_SIZES[preset]]
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def engine_int(move: frozenset[int], deal: RefDeal) -> int:
    """The engine's int for a reference move in this deal."""
    return mask_of(move) | (GIVE_FLAG if deal.phase == "exchange" else 0)


def check_same_position(match: Match, deal: RefDeal) -> None:
    """The engine and the reference model agree on everything public and private."""
    assert match.phase == deal.phase
    assert match.to_act == deal.to_act
    assert match.hands == [mask_of(h) for h in deal.hands]
    assert match.table_mask == mask_of(deal.table)
    assert match.table_owner == (deal.owner if deal.table else None)
    assert match.finished == list(deal.finished)
    assert match.revolution == deal.reversed_order
    if deal.phase == "play":
        assert match.seat_view(0).passed == mask_of(deal.passed)


def check_new_deal(match: Match, preset: str) -> None:
    """Dealing, the leader and the automatic gifts of a deal that has just begun."""
    n = match.players
    views = [match.seat_view(s) for s in range(n)]
    dealt = [match.hands[s] & ~views[s].received | views[s].given for s in range(n)]
    if match.deal_number == 1:
        assert all(v.given == v.received == 0 for v in views)
        if preset == "three-of-clubs":
            assert match.hands[match.leader] & 1 and views[match.leader].must_contain == 1
        first = match.leader
    else:
        order = match.deal_results[-1].order
        first = later_leader(preset, order)
        assert match.leader == first
        pairs = list(enumerate(exchange_counts(preset, n)))
        involved = set()
        for i, count in pairs:
            receiver, giver = order[i], order[n - 1 - i]
            involved |= {receiver, giver}
            gift = mask_of(strongest([c for c in range(54) if dealt[giver] >> c & 1], count))
            assert views[giver].given == gift and views[receiver].received == gift
        assert all(views[s].given == views[s].received == 0 for s in range(n) if s not in involved)
        assert match.phase == "exchange" and match.to_act == order[0]
    if preset != "three-of-clubs" or match.deal_number > 1:
        counts = [dealt[(first + i) % n].bit_count() for i in range(n)]
        assert counts == sorted(counts, reverse=True) and counts[0] - counts[-1] <= 1, "dealt one at a time"


def check_deal_end(match: Match, deal: RefDeal, preset: str, totals: list[int]) -> None:
    """The finishing order, points, titles and totals of the deal that has just ended."""
    assert deal.over, "the engine ended a deal the reference model would continue"
    n = match.players
    result = match.deal_results[-1]
    assert result.order == deal.finished
    points = points_table(preset, n)
    titles = title_keys(preset, n)
    for place, seat in enumerate(result.order):
        assert result.points[seat] == points[place]
        assert match.titles[seat] == titles[place]
        totals[seat] += points[place]
    assert match.scores == totals


def check_match_end(match: Match, preset: str) -> None:
    """The match ended when its preset says, with the winners its tie rule gives."""
    scores = match.scores
    best = max(scores)
    tied = [s for s in range(match.players) if scores[s] == best]
    length = match_length(preset)
    if length is not None:
        assert match.deal_number == len(match.deal_results) == length
    else:
        assert best >= RACE_TARGET and len(tied) == 1
    if preset == "three-of-clubs":
        assert match.winners == [min(tied, key=match.deal_results[-1].order.index)]
    else:
        assert match.winners == tied


def illegal_candidates(match: Match, rng: random.Random) -> list[Any]:
    """Moves that may or may not be legal: random cards of the hand, cards of others, passes, gifts."""
    seat = match.to_act
    assert seat is not None
    hand = match.hands[seat]
    cards = [c for c in range(54) if hand >> c & 1]
    others = [c for c in range(54) if (sum(match.hands) & ~hand) >> c & 1]
    picks = [mask_of(rng.sample(cards, min(len(cards), k))) for k in (1, 2, 3, 5)]
    candidates: list[Any] = [0, "pass", *picks, *(p | GIVE_FLAG for p in picks)]
    if others:
        candidates.append(mask_of(rng.sample(others, 1)))
    return candidates


def check_illegal_moves_change_nothing(match: Match, rng: random.Random) -> None:
    """Each candidate is either legal or refused with IllegalMove, leaving the match exactly as it was."""
    legal = set(match.legal_masks())
    before = snapshot(match)
    for move in illegal_candidates(match, rng):
        value = match.parse_move(move) if isinstance(move, str) else move
        if match.phase == "exchange" and value:
            value |= GIVE_FLAG  # bare cards during the exchange mean a gift, as in the text notation
        if value in legal:
            continue
        with pytest.raises(IllegalMove):
            match.apply(move)
        assert not match.is_legal(move)
    assert snapshot(match) == before


def play_checked(preset: str, players: int, seed: int, policy_seed: int) -> Match:
    """Play a whole match next to the reference model, checking every position; return it."""
    match = Match(preset, players=players, seed=seed)
    rng = random.Random(policy_seed)
    deck = deck_of(match)
    bound = deck.bit_count() * players + 2
    totals = [0] * players
    deal = from_match(match)
    check_new_deal(match, preset)
    number, decisions = match.deal_number, 0
    while not match.is_over:
        check_position(match, deck, every_seat=decisions % 5 == 0)
        moves = deal.legal_moves()
        assert sorted(engine_int(m, deal) for m in moves) == sorted(match.legal_masks())
        if rng.random() < 0.04:
            check_illegal_moves_change_nothing(match, rng)
        if decisions % 23 == 0:
            check_hidden_information(match)
        move = moves[rng.randrange(len(moves))]
        match.apply(engine_int(move, deal))
        deal = deal.after(move)
        decisions += 1
        assert decisions <= bound, "a deal that does not end"
        if match.deal_number == number and not match.is_over:
            check_same_position(match, deal)
            continue
        check_deal_end(match, deal, preset, totals)
        if not match.is_over:
            assert match.deal_number == number + 1
            number, decisions = match.deal_number, 0
            check_new_deal(match, preset)
            deal = from_match(match)
    check_position(match, deck)
    check_match_end(match, preset)
    return match


@settings(max_examples=20)
@given(table=st.sampled_from(TABLES), seed=seeds, policy_seed=seeds)
def test_random_matches_follow_the_rules_from_first_deal_to_last(
    table: tuple[str, int], seed: int, policy_seed: int
) -> None:
    match = play_checked(*table, seed, policy_seed)
    again = Match.replay(match.record())
    assert snapshot(again) == snapshot(match)


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_every_preset_and_table_size_plays_by_the_rules(preset: str, players: int) -> None:
    play_checked(preset, players, seed=1000 + players, policy_seed=players)


@settings(max_examples=30)
@given(table=st.sampled_from(TABLES), seed=seeds, policy_seed=seeds)
def test_the_same_seed_and_moves_give_the_same_match(table: tuple[str, int], seed: int, policy_seed: int) -> None:
    preset, players = table
    first, second = Match(preset, players=players, seed=seed), Match(preset, players=players, seed=seed)
    rng = random.Random(policy_seed)
    while not first.is_over:
        moves = sorted(first.legal_masks())
        move = moves[rng.randrange(len(moves))]
        first.apply(move)
        second.apply_fast(move)
    assert second.is_over
    assert first.record() == second.record()
    assert snapshot(first) == snapshot(second)


@settings(max_examples=60)
@given(
    table=st.sampled_from(TABLES),
    seed=seeds,
    steps=st.integers(min_value=0, max_value=150),
    move=st.one_of(
        st.integers(min_value=0, max_value=(1 << 54) - 1),
        st.integers(min_value=0, max_value=(1 << 54) - 1).map(lambda m: m | GIVE_FLAG),
        st.text(max_size=12),
    ),
)
def test_an_illegal_move_leaves_the_match_unchanged(table: tuple[str, int], seed: int, steps: int, move: Any) -> None:
    preset, players = table
    match = Match(preset, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = sorted(match.legal_masks())
        match.apply_fast(moves[rng.randrange(len(moves))])
    seat = match.to_act
    assert seat is not None
    candidates = [move, move & (match.hands[seat] | GIVE_FLAG) if isinstance(move, int) else move]
    for candidate in candidates:
        before = snapshot(match)
        try:
            value = match.verify(candidate)
        except IllegalMove:
            assert snapshot(match) == before
            with pytest.raises(IllegalMove):
                match.apply(candidate)
            assert snapshot(match) == before
            continue
        assert value in match.legal_masks(), f"verify accepted {candidate!r}, which is not a legal move"


hands_and_options = st.fixed_dictionaries(
    {
        "preset": st.sampled_from(PRESET_NAMES),
        "players": st.integers(min_value=2, max_value=6),
        "per_hand": st.integers(min_value=1, max_value=9),
        "deck_seed": seeds,
        "leader": st.integers(min_value=0, max_value=5),
        "options": st.fixed_dictionaries(
            {},
            optional={
                "pass_lockout": st.booleans(),
                "revolution": st.booleans(),
                "max_set": st.integers(min_value=1, max_value=4),
                "joker_in_revolution": st.sampled_from(["lowest", "highest"]),
                "jokers": st.sampled_from([0, 2]),
            },
        ),
    }
)


@settings(max_examples=150)
@given(case=hands_and_options, policy_seed=seeds)
def test_single_deals_under_any_combination_of_options_match_the_reference_model(
    case: dict[str, Any], policy_seed: int
) -> None:
    match_options: dict[str, Any] = case["options"]
    players: int = case["players"]
    jokers = match_options.get("jokers", 2 if case["preset"] == "revolution" else 0)
    deck = list(range(52 + jokers))
    random.Random(case["deck_seed"]).shuffle(deck)
    hands = [mask_of(deck[i * case["per_hand"]:(i + 1) * case["per_hand"]]) for i in range(players)]
    match = Match.from_hands(case["preset"], hands, leader=case["leader"] % players, **match_options)
    deal = from_match(match)
    rng = random.Random(policy_seed)
    total = sum(hands)
    while not match.is_over:
        moves = deal.legal_moves()
        assert sorted(engine_int(m, deal) for m in moves) == sorted(match.legal_masks())
        move = moves[rng.randrange(len(moves))]
        match.apply(engine_int(move, deal))
        deal = deal.after(move)
        if not match.is_over:
            check_same_position(match, deal)
            assert sum(match.hands) | match.seat_view(0).played == total
    assert deal.over and match.deal_results[-1].order == deal.finished
    assert match.winners == [deal.finished[0]]
