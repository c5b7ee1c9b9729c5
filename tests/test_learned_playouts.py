"""The search whose own moves in the playouts follow the learned policy (the ``expert`` bot)."""

from __future__ import annotations

import dataclasses
import logging
import random
import sys

import numpy as np
import pytest

from president import Match
from president import players as registry
from president.learned import playouts
from president.learned.bot import LearnedBot, shipped_model
from president.learned.features import POSITION_SIZE, feature_parts, move_features
from president.learned.model import Ensemble, PolicyNet
from president.learned.playouts import LearnedPlayoutSearch, PlayoutPosition, play_together, position_key
from president.players import bot_names, make_bot
from president.search.expert import LEVELS, SearchBot, noisy_classic_policy, place_values
from president.search.kinds import distinct_moves
from test_learned import _play_views


class _NoScores:
    """A policy that must not be asked (its choices are all known)."""

    layout = "seed"

    def scores(self, rows: np.ndarray) -> np.ndarray:
        raise AssertionError(f"asked to score {len(rows)} moves")


@pytest.mark.parametrize("preset", ["three-of-clubs", "tavern-jack"])
def test_a_playout_position_reads_as_the_seats_own_view(preset: str) -> None:
    checked = 0
    for match, seat in _play_views(preset, 4, seed=4):
        view = match.seat_view(seat)
        moves = distinct_moves(view.legal_masks(), view.rules)
        sim = Match.from_view(view, list(match.hands))
        position = PlayoutPosition.of(sim, seat)
        assert np.array_equal(move_features(position, moves), move_features(view, moves))
        assert position_key(sim, seat) == position.key()
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("model", ["one", "ensemble"])
def test_scores_from_the_rows_in_parts_are_the_scores_of_the_whole_rows(model: str) -> None:
    net = PolicyNet.initial(seed=3, hidden=16)
    policy = net if model == "one" else Ensemble([net, PolicyNet.initial(seed=4, hidden=16)])
    positions, moves, owners, whole = [], [], [], []
    for match, seat in _play_views("tavern-jack", 4, seed=2)[:40]:
        view = match.seat_view(seat)
        legal = distinct_moves(view.legal_masks(), view.rules)
        position, rows = feature_parts(view, legal)
        assert len(position) == POSITION_SIZE
        owners += [len(positions)] * len(rows)
        positions.append(position)
        moves += rows
        whole.append(move_features(view, legal))
    parts = policy.scores_in_parts(np.array(positions, dtype=np.float32), np.array(moves, dtype=np.float32),
                                   np.array(owners))
    expected = policy.scores(np.concatenate(whole))
    assert len(set(owners)) == 40 and parts.shape == expected.shape
    assert np.allclose(parts, expected, rtol=1e-5, atol=1e-5)


def _played_on(one: Match, seat: int, bot: LearnedBot) -> tuple[int, ...]:
    """The finishing order of ``one``'s deal played on one move at a time: ``bot`` in ``seat``, classic elsewhere."""
    classic = make_bot("classic")
    while not one.is_over:
        actor = one.to_act
        assert actor is not None
        player = bot if actor == seat else classic
        one.apply_fast(player.choose(one.seat_view(actor), random.Random(0)))
    return one.deal_results[-1].order


def test_playouts_played_together_give_the_seat_the_learned_bots_moves() -> None:
    net = shipped_model()
    bot = LearnedBot(model=net)
    sims, expected = [], []
    decisions = _play_views("three-of-clubs", 4, seed=7)[::4]
    rules = decisions[0][0].rules
    classic = noisy_classic_policy(rules.max_set, rules.revolution, rules.joker_in_revolution == "highest", 0.0)
    for match, seat in decisions:
        view = match.seat_view(seat)
        sims.append((Match.from_view(view, list(match.hands)), seat))
        expected.append(_played_on(Match.from_view(view, list(match.hands)), seat, bot))
    assert len(sims) > 10
    by_seat: dict[int, list[int]] = {}
    for k, (_, seat) in enumerate(sims):
        by_seat.setdefault(seat, []).append(k)
    for seat, ks in by_seat.items():
        known: dict[tuple[object, ...], int] = {}
        # The second time every choice of the seat comes from what the first one kept: nothing is scored.
        for scorer in (net, _NoScores()):
            orders = play_together([sims[k][0].copy() for k in ks], seat, scorer, classic, random.Random(1), known)
            assert orders == [expected[k] for k in ks]
        assert known


def test_batching_the_guessed_deals_does_not_change_the_search() -> None:
    net = shipped_model()
    match, seat = _play_views("three-of-clubs", 4, seed=3)[5]
    view = match.seat_view(seat)
    moves = distinct_moves(view.legal_masks(), view.rules)
    results = []
    for batch in (1, 5):
        search = LearnedPlayoutSearch(net, batch_worlds=batch, epsilon=0.0, infer=0.0)
        results.append(search.evaluate(view, moves, random.Random(2), worlds=10))
        assert search.last_worlds == 10
    assert results[0] == results[1]
    assert len(results[0]) == len(moves) and all(0 <= v <= 4 for v in results[0])
    with pytest.raises(ValueError, match="pair"):
        LearnedPlayoutSearch(net).evaluate(view, moves, random.Random(2), worlds=2, paired=True)
    with pytest.raises(ValueError, match="nest"):
        LearnedPlayoutSearch(net, nested=2)


def test_the_playout_search_bot_chooses_legal_moves_through_a_match() -> None:
    bot = make_bot("expert", worlds=6, min_worlds=6)
    match = Match("three-of-clubs", players=4, seed=11)
    rng = random.Random(3)
    classic = make_bot("classic")
    while match.to_act is not None and match.deal_number <= 2:
        seat = match.to_act
        view = match.seat_view(seat)
        move = (bot if seat == 0 else classic).choose(view, rng)
        assert move in view.legal_masks()
        match.apply_fast(move)
    assert match.deal_number == 3


def test_under_house_rules_at_other_table_sizes_and_in_the_exchange_the_playouts_stay_plain() -> None:
    # The policy is never asked (it would fail): the house rules' moves, the moves at a table of five (the policy
    # learned at four) and the gifts are compared by plain playouts.
    search = LearnedPlayoutSearch(_NoScores(), worlds=4, min_worlds=4)  # type: ignore[arg-type]
    classic = make_bot("classic")
    rng = random.Random(1)
    for preset, players, deals in (("daifugo", 5, 1), ("tavern-jack", 5, 1), ("three-of-clubs", 4, 3)):
        match = Match(preset, players=players, seed=5)
        searched = 0
        while match.to_act is not None and match.deal_number <= deals:
            view = match.seat_view(match.to_act)
            if (players == 5 and match.to_act == 0) or view.phase == "exchange":
                move = search.choose(view, rng)
                searched += 1
            else:
                move = classic.choose(view, rng)
            assert move in view.legal_masks()
            match.apply_fast(move)
        assert searched >= 2


def test_the_other_seats_play_classic_exactly_unless_given_noise() -> None:
    net = shipped_model()
    spread = {}
    for noise in (0.0, 0.5):
        search = LearnedPlayoutSearch(net, cheat=True, others_epsilon=noise, infer=0.0)
        values: dict[int, set[tuple[float, ...]]] = {}
        for k, (match, seat) in enumerate(_play_views("three-of-clubs", 4, seed=5)[:60:6]):
            view = match.seat_view(seat, reveal=True)
            moves = distinct_moves(view.legal_masks(), view.rules)
            per_world: list[list[float]] = []
            search.evaluate(view, moves, random.Random(k), worlds=6, per_world=per_world)
            values[k] = {tuple(v) for v in per_world}
        spread[noise] = max(len(v) for v in values.values())
    # On the true hands, with the seat following the policy and the others classic, every playout is the same.
    assert spread[0.0] == 1
    assert spread[0.5] > 1
    assert make_bot("expert").others_epsilon == 0.0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="others_epsilon"):
        LearnedPlayoutSearch(net, others_epsilon=1.5)


def test_the_playout_cheater_values_each_move_by_the_deal_played_on_with_the_true_hands() -> None:
    bot = make_bot("cheater-playouts")
    assert bot.sees_all  # type: ignore[attr-defined]
    learned = LearnedBot(model=shipped_model())
    checked = 0
    for match, seat in _play_views("tavern-jack", 4, seed=8)[:40:4]:
        view = match.seat_view(seat, reveal=True)
        points = place_values(view)
        moves = distinct_moves(view.legal_masks(), view.rules)
        values = bot.evaluate(view, moves, random.Random(0))  # type: ignore[attr-defined]
        assert bot.last_worlds == 1  # type: ignore[attr-defined]
        for move, value in zip(moves, values, strict=True):
            one = Match.from_view(view, list(match.hands))
            one.apply_fast(move)
            assert value == points[_played_on(one, seat, learned).index(seat)]
        assert moves[values.index(max(values))] == bot.choose(view, random.Random(1))
        checked += 1
    assert checked == 10
    with pytest.raises(ValueError, match="reveal"):
        bot.choose(match.seat_view(seat), random.Random(0))


def test_the_offered_expert_guides_its_playouts_by_the_policy_and_expert_plain_does_not() -> None:
    expert, plain = make_bot("expert"), make_bot("expert-plain")
    assert isinstance(expert, LearnedPlayoutSearch) and expert.name == "expert"
    assert isinstance(plain, SearchBot) and not isinstance(plain, LearnedPlayoutSearch)
    for bot in (expert, plain):
        assert (bot.worlds, bot.seconds, bot.min_worlds, bot.infer) == (  # type: ignore[attr-defined]
            LEVELS["expert"]["worlds"], LEVELS["expert"]["seconds"], LEVELS["expert"]["min_worlds"],
            LEVELS["expert"]["infer"])
    assert "expert" in bot_names() and "expert-plain" not in bot_names()
    assert "expert-plain" in bot_names(offered_only=False)


def test_without_numpy_the_expert_searches_with_classic_playouts_and_says_so(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    for module in [m for m in sys.modules if m == "numpy" or m.startswith(("numpy.", "president.learned"))]:
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setitem(sys.modules, "numpy", None)  # an import of numpy now fails
    monkeypatch.setattr(registry, "_warned_plain", False)
    with caplog.at_level(logging.WARNING, logger="president.players"):
        bot = make_bot("expert")
        again = make_bot("expert")
    assert type(bot) is SearchBot and type(again) is SearchBot and bot.name == "expert"
    assert bot.worlds == LEVELS["expert"]["worlds"] and bot.infer == LEVELS["expert"]["infer"]
    warnings = [r.getMessage() for r in caplog.records if r.name == "president.players"]
    assert len(warnings) == 1 and "numpy is not installed" in warnings[0]
    match = Match("three-of-clubs", players=4, seed=3)
    while match.phase == "exchange" or match.to_act is None:
        match.apply(make_bot("classic").choose(match.seat_view(match.to_act), random.Random(0)))  # type: ignore[arg-type]
    view = match.seat_view(match.to_act)
    bot.seconds, bot.min_worlds = 0.01, 2
    assert bot.choose(view, random.Random(0)) in view.legal_masks()


def test_the_policys_choices_are_kept_across_decisions_of_equal_rules_up_to_a_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    net = shipped_model()
    (first, seat), (second, other) = _play_views("three-of-clubs", 4, seed=6)[2:4]
    views = [first.seat_view(seat), second.seat_view(other)]
    search = LearnedPlayoutSearch(net, infer=0.0)
    search.evaluate(views[0], distinct_moves(views[0].legal_masks()), random.Random(1), worlds=4)
    kept = dict(search.known)
    assert kept
    # Another table's rules: equal, not the same object (one bot serves every table of a server).
    search._known_rules = dataclasses.replace(views[0].rules)
    search.evaluate(views[1], distinct_moves(views[1].legal_masks()), random.Random(2), worlds=4)
    assert kept.items() <= search.known.items()
    # Past the bound the choices are forgotten before the next decision adds its own.
    monkeypatch.setattr(playouts, "KNOWN_LIMIT", 0)
    fresh = LearnedPlayoutSearch(net, infer=0.0)
    for bot in (search, fresh):
        bot.evaluate(views[0], distinct_moves(views[0].legal_masks()), random.Random(3), worlds=4)
    assert search.known == fresh.known
