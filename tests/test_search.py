"""The search bots: the sampler of hidden hands, nested playouts, and decisions on built positions."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from president import Match, Move
from president.bots.classic import classic_move
from president.cards import parse_cards
from president.players import bot_names, make_bot
from president.rules import get_rules
from president.search import expert
from president.search.expert import SearchBot, place_values
from president.search.inference import HistoryModel, history_weight
from president.search.kinds import distinct_moves, move_kind
from president.search.sampler import knowledge, sample_hands

TABLES = [("tavern-jack", 3), ("tavern-jack", 4), ("race-to-11", 5), ("revolution", 4), ("revolution", 6),
          ("three-of-clubs", 4), ("daifugo", 5), ("daifugo", 4)]


def _views_along_a_match(preset: str, players: int, seed: int, stride: int) -> list[tuple[Match, int]]:
    """Copies of a classic match at every ``stride``-th decision (two deals, so the exchange is in it)."""
    match = Match(preset, players=players, seed=seed, deals=2)
    bot = make_bot("classic")
    rng = random.Random(seed)
    out = []
    step = 0
    while match.to_act is not None:
        if step % stride == 0:
            out.append((match.copy(), match.to_act))
        match.apply(bot.choose(match.seat_view(match.to_act), rng))
        step += 1
    return out


@settings(max_examples=25, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10_000), draw_seed=st.integers(0, 10_000))
def test_sampled_hands_agree_with_everything_the_seat_knows(table: tuple[str, int], seed: int, draw_seed: int) -> None:
    rng = random.Random(draw_seed)
    for match, seat in _views_along_a_match(*table, seed=seed, stride=7):
        view = match.seat_view(seat)
        know = knowledge(view)
        for other in range(match.players):
            # The knowledge is sound: the true hands satisfy it ...
            assert match.hands[other] & ~know.allowed[other] == 0
            assert know.must[other] & ~match.hands[other] == 0
        guess = sample_hands(know, rng)
        # ... and every guess satisfies it too, with the right counts and the right cards in play.
        assert guess[seat] == match.hands[seat]
        seen = 0
        for other in range(match.players):
            assert guess[other].bit_count() == match.hands[other].bit_count()
            assert guess[other] & seen == 0
            assert guess[other] & ~know.allowed[other] == 0 and know.must[other] & ~guess[other] == 0
            seen |= guess[other]
        assert seen == sum(match.hands)


@settings(max_examples=20, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10_000), draw_seed=st.integers(0, 10_000))
@example(table=("daifugo", 5), seed=509, draw_seed=0)  # a guess gives the 3 of diamonds away from the leader
def test_the_fast_history_model_weighs_every_guess_as_the_plain_replay_does(
        table: tuple[str, int], seed: int, draw_seed: int) -> None:
    rng = random.Random(draw_seed)
    checked = 0
    for match, seat in _views_along_a_match(*table, seed, stride=3):
        view = match.seat_view(seat)
        if view.phase != "play" or not view.history:
            continue
        know = knowledge(view)
        guesses = [sample_hands(know, rng) for _ in range(4)] + [list(match.hands)]
        model = HistoryModel(view, guesses[0], 0.25)
        for hands in guesses + guesses[:2]:  # the repeats are answered from the kept factors
            assert model.weight(hands) == pytest.approx(history_weight(view, hands, 0.25), rel=1e-12)
            checked += 1
    assert checked


def test_under_house_rules_the_plays_seen_make_the_true_hands_likelier_than_guesses() -> None:
    # A table of classic players under the UECda rules: their plays tell the search about their hands.
    rng = random.Random(5)
    gains = []
    for match, seat in _views_along_a_match("daifugo", 5, seed=11, stride=4):
        view = match.seat_view(seat)
        if view.phase != "play" or len(view.history) < 6:
            continue
        know = knowledge(view)
        model = HistoryModel(view, list(match.hands), 0.25)
        truth = math.log(model.weight(list(match.hands)))
        guesses = [math.log(model.weight(sample_hands(know, rng))) for _ in range(20)]
        gains.append(truth - sum(guesses) / len(guesses))
    assert len(gains) > 20
    assert sum(gains) / len(gains) > 1.0
    assert sum(g > 0 for g in gains) > 0.8 * len(gains)


def test_the_president_knows_the_beggar_holds_nothing_above_his_gift() -> None:
    match = Match("tavern-jack", players=4, seed=3)
    bot = make_bot("classic")
    rng = random.Random(0)
    while match.deal_number < 2:
        match.apply(bot.choose(match.seat_view(match.to_act), rng))
    president = match.deal_results[-1].order[0]
    beggar = match.deal_results[-1].order[-1]
    view = match.seat_view(president)
    lowest_gift = view.received & -view.received
    know = knowledge(view)
    # Only cards below the lowest card given, or the ones given back, can be in the Beggar's hand.
    assert know.allowed[beggar] & ~(lowest_gift - 1) & ~view.given == 0
    for _ in range(50):
        guess = sample_hands(know, rng)
        assert guess[beggar] & ~(lowest_gift - 1) & ~view.given == 0
        assert guess[beggar] & view.given == view.given


def test_playout_until_stops_where_stepping_the_same_policy_stops() -> None:
    def policy(seat: int, hand: int, rank: int, count: int, rev: bool, must: int, rng: random.Random) -> int:
        return classic_move(hand, rank, count, rev, False, 4, False, must)

    for seed in range(20):
        start = Match("tavern-jack", players=4, seed=seed, deals=1)
        start.apply_fast(start.legal_masks()[0])
        target = (start.to_act + 2) % 4
        fast = start.copy()
        order = fast.playout_until(target, policy, random.Random(0))
        slow = start.copy()
        while not slow.is_over and slow.to_act != target:
            view = slow.seat_view(slow.to_act)
            slow.apply_fast(policy(view.seat, view.hand, view.table_rank, view.table_count, False,
                                   view.must_contain, random.Random(0)))
        if order is not None:
            assert slow.is_over and slow.deal_results[-1].order == order
            continue
        assert fast.to_act == slow.to_act == target
        assert fast.hands == slow.hands and fast.table == slow.table and fast.finished == slow.finished
        assert sorted(fast.legal_masks()) == sorted(slow.legal_masks())


def test_distinct_moves_keep_one_move_per_rank_and_size() -> None:
    moves = [Move.parse(t) for t in ("7c", "7h", "7c 7h", "7c 7s", "9d", "pass")]
    assert [str(m) for m in distinct_moves(moves)] == ["7c", "7c 7h", "9d", "pass"]


def test_place_values_add_the_next_deals_edge_except_in_the_last_deal() -> None:
    match = Match("three-of-clubs", players=4, seed=1)
    first = place_values(match.seat_view(0))
    assert first[0] - first[1] > 1 and list(first) == sorted(first, reverse=True)[:2] + list(first[2:])
    single = Match("three-of-clubs", players=4, seed=1, deals=1)
    assert place_values(single.seat_view(0)) == (3.0, 2.0, 1.0, 0.0)


def test_search_leads_the_pair_nobody_can_beat_and_wins() -> None:
    # Leading the kings clears the trick (no one has a pair), then the 4 goes out: first place for sure.
    # The classic lead, the 4, hands the lead to singles the kings cannot answer.
    hands = ["Kc Kd 4h", "Ac 2s 5d 9c", "As 3d 6d 9d", "Ah 7c 8c 9h"]
    match = Match.from_hands("tavern-jack", hands, leader=0)
    bot = SearchBot(worlds=60, seconds=10.0, min_worlds=60)
    move = bot.choose(match.seat_view(0), random.Random(1))
    assert move == parse_cards("Kc Kd")
    classic = make_bot("classic").choose(match.seat_view(0), random.Random(1))
    assert classic == parse_cards("4h")


def test_a_search_stops_at_its_time_cap_after_its_minimum_of_deals() -> None:
    match = Match("tavern-jack", players=4, seed=2)
    bot = SearchBot(worlds=10_000, seconds=0.0, min_worlds=3)
    seat = match.to_act
    assert seat is not None
    bot.choose(match.seat_view(seat), random.Random(0))
    assert bot.last_worlds == 3


def test_the_cheater_needs_every_hand_and_is_not_offered() -> None:
    assert "cheater" not in bot_names() and "cheater" in bot_names(offered_only=False)
    match = Match("tavern-jack", players=4, seed=2)
    seat = match.to_act
    assert seat is not None
    cheater = make_bot("cheater")
    with pytest.raises(ValueError, match="reveal"):
        cheater.choose(match.seat_view(seat), random.Random(0))
    move = cheater.choose(match.seat_view(seat, reveal=True), random.Random(0))
    assert match.is_legal(move)


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_every_level_is_registered_and_plays_legal_moves_in_every_preset(level: str) -> None:
    bot = make_bot(level)
    assert isinstance(bot, SearchBot)
    bot.seconds = 0.002
    bot.min_worlds = 2
    for preset, players in TABLES[::2]:
        match = Match(preset, players=players, seed=4, deals=2)
        rng = random.Random(0)
        classic = make_bot("classic")
        steps = 0
        while match.to_act is not None and steps < 120:
            seat = match.to_act
            chooser = bot if seat == 0 else classic
            match.apply(chooser.choose(match.seat_view(seat), rng))
            steps += 1


def test_batched_guesses_shrink_to_what_fits_before_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [100.0]
    batches: list[int] = []

    class Batched(SearchBot):
        """Every guessed deal takes 1/64 s on the fake clock (binary fractions: no rounding)."""

        def play_worlds(self, bases, candidates, seat, points, policy, rng, paired):  # type: ignore[no-untyped-def]
            batches.append(len(bases))
            clock[0] += len(bases) / 64
            return [[0.0] * len(candidates) for _ in bases]

    monkeypatch.setattr(expert.time, "perf_counter", lambda: clock[0])
    match = Match("tavern-jack", players=4, seed=2)
    view = match.seat_view(match.to_act)  # type: ignore[arg-type]
    moves = distinct_moves(view.legal_masks())
    bot = Batched(worlds=1000, seconds=10 / 64, min_worlds=2, infer=0.0)
    bot.batch_worlds = 8
    bot.evaluate(view, moves, random.Random(0))
    # 8 deals take 8/64 s, 2 more fit in the 2/64 s left; at the deadline one more look, then time is up.
    assert batches == [8, 2, 1] and bot.last_worlds == 11
    batches.clear()
    bot.min_worlds = 20
    bot.evaluate(view, moves, random.Random(0))
    assert batches == [8, 8, 4] and bot.last_worlds == 20  # the minimum is reached, however late
    batches.clear()
    bot.evaluate(view, moves, random.Random(0), worlds=30)  # a fixed number of deals: full batches, no clock
    assert batches == [8, 8, 8, 6]


def test_move_kinds_under_house_rules_tell_suits_apart_only_under_the_lock() -> None:
    plain = Match("daifugo", 5, seed=1, suit_lock=False).rules
    locked = Match("daifugo", 5, seed=1).rules
    hearts, spades = Move.parse("5h 6h 7h"), Move.parse("5s 6s 7s")
    assert move_kind(hearts, plain) == move_kind(spades, plain)
    assert move_kind(hearts, locked) != move_kind(spades, locked)
    assert move_kind(Move.parse("5h 5s"), locked) != move_kind(Move.parse("5h RJ=5s"), locked)  # a joker spent
    gift = Move.parse("give 3c 4d")
    assert move_kind(gift, locked) == move_kind(gift, None)  # gifts are told apart as under the seed rules


def test_the_leader_of_a_daifugo_deal_is_known_to_hold_the_three_of_diamonds_until_he_plays_it() -> None:
    hands = [parse_cards("4h 5h 6c"), parse_cards("3d 9h 9d Ks"), parse_cards("6h 8d"), parse_cards("7c Jc"),
             parse_cards("Jd Qd")]
    match = Match.from_hands(get_rules("daifugo"), hands)
    assert match.to_act == 1
    match.apply(int(Move.parse("9d 9h")))  # he leads a pair and keeps the ♦3
    know = knowledge(match.seat_view(2))
    assert know.must[1] == parse_cards("3d") and not know.unknown & parse_cards("3d")
    rng = random.Random(0)
    assert all(sample_hands(know, rng)[1] & parse_cards("3d") for _ in range(20))
    assert knowledge(match.seat_view(1)).must[1] == match.hands[1]  # his own view: his hand, nothing more
