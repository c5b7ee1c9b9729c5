"""The learned policy: its features, its model file, its training, the ``learned`` bot and ``expert-learned``."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from president import PRESETS, Match
from president.cli import main
from president.learned.bot import LearnedBot, shipped_model
from president.learned.features import FEATURES, POSITION_SIZE, move_features
from president.learned.model import Ensemble, PolicyNet, load_model
from president.learned.teacher import Examples, generate
from president.learned.train import train
from president.players import bot_names, make_bot
from president.search.expert import SearchBot
from president.search.kinds import distinct_moves


def _play_views(preset: str, players: int, seed: int) -> list[tuple[Match, int]]:
    """Copies of a classic match at each decision of the play phase with more than one distinct move."""
    match = Match(preset, players=players, seed=seed)
    bot = make_bot("classic")
    rng = random.Random(seed)
    out = []
    while match.to_act is not None:
        view = match.seat_view(match.to_act)
        if view.phase == "play" and len(distinct_moves(view.legal_masks(), view.rules)) > 1:
            out.append((match.copy(), match.to_act))
        match.apply_fast(bot.choose(view, rng))
    return out


def test_features_are_one_row_per_candidate_from_the_seats_view_only() -> None:
    for match, seat in _play_views("three-of-clubs", 4, seed=2)[:30]:
        view = match.seat_view(seat)
        moves = distinct_moves(view.legal_masks(), view.rules)
        rows = move_features(view, moves)
        assert rows.shape == (len(moves), FEATURES)
        assert np.all(rows >= 0) and np.all(rows <= 1.5)
        # The position part is the same for every candidate; the move part tells them apart.
        assert np.all(rows[:, :POSITION_SIZE] == rows[0, :POSITION_SIZE])
        assert len({row[POSITION_SIZE:].tobytes() for row in rows}) == len(moves)
        # Dealing the unseen cards differently among the others changes nothing.
        others = [s for s in range(4) if s != seat and match.hands[s]]
        if len(others) >= 2:
            swapped = match.copy()
            a, b = others[:2]
            x, y = swapped.hands[a] & -swapped.hands[a], swapped.hands[b] & -swapped.hands[b]
            swapped.hands[a] ^= x | y
            swapped.hands[b] ^= x | y
            assert np.array_equal(move_features(swapped.seat_view(seat), moves), rows)


def test_a_model_file_reads_back_the_same_policy(tmp_path: Path) -> None:
    net = PolicyNet.initial(seed=5, hidden=16)
    path = tmp_path / "model.npz"
    net.save(path)
    again = load_model(path)
    match, seat = _play_views("tavern-jack", 4, seed=3)[0]
    view = match.seat_view(seat)
    rows = move_features(view, distinct_moves(view.legal_masks(), view.rules))
    assert np.array_equal(again.scores(rows), net.scores(rows))
    assert abs(float(again.probabilities(rows).sum()) - 1) < 1e-5


def test_a_file_that_is_not_a_model_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a model")
    with pytest.raises(ValueError, match="not a president policy model"):
        load_model(bad)
    other = tmp_path / "other.npz"
    np.savez(other, w1=np.zeros((3, 3)))
    with pytest.raises(ValueError, match="not a president policy model"):
        load_model(other)


def test_training_learns_to_rank_moves_as_the_search_does_on_held_out_decisions() -> None:
    _net, examples, report = train(["three-of-clubs"], seed=4, decisions=120, worlds=4, epochs=25, hidden=32, infer=0)
    assert len(examples) == 120 and report.held_out == 12
    assert report.after["regret"] < report.before["regret"]
    assert report.after["agreement"] > report.before["agreement"]


def test_training_is_reproducible_from_its_seed() -> None:
    first, examples, _ = train(["tavern-jack"], seed=7, decisions=30, worlds=4, epochs=3, hidden=8, infer=0)
    second, _, _ = train(["tavern-jack"], seed=7, decisions=30, worlds=4, epochs=3, hidden=8, infer=0)
    for name, weight in first.weights().items():
        assert np.array_equal(weight, second.weights()[name])
    # The examples do not depend on the number of processes making them.
    assert np.array_equal(generate(["tavern-jack"], 7, 30, 4, workers=2, infer=0).values, examples.values)


def test_examples_file_round_trip(tmp_path: Path) -> None:
    examples = generate(["three-of-clubs", "tavern-jack"], 2, 30, 4, infer=0)
    path = tmp_path / "examples.npz"
    examples.save(str(path))
    again = Examples.load(str(path))
    assert np.array_equal(again.rows, examples.rows) and np.array_equal(again.starts, examples.starts)
    assert (again.rules, again.seed) == (("three-of-clubs", "tavern-jack"), 2)
    # The positions replay from the examples alone, so that other features can be computed for them.
    assert np.array_equal(examples.refeatured().rows, examples.rows)
    # Examples of features of another version are computed anew on reading; without their run, refused.
    np.savez(path, rows=examples.rows[:, :10], values=examples.values, starts=examples.starts,
             played=examples.played, source_rules=np.array(examples.rules), source_seed=np.array(2))
    assert np.array_equal(Examples.load(str(path)).rows, examples.rows)
    np.savez(path, rows=examples.rows[:, :10], values=examples.values, starts=examples.starts)
    with pytest.raises(ValueError, match="features"):
        Examples.load(str(path))
    # Values from another run do not replay.
    other = generate(["tavern-jack"], 5, 30, 4, infer=0)
    with pytest.raises(ValueError, match="does not replay"):
        Examples(other.rows, other.values, other.starts, other.played, ("three-of-clubs",), 2).refeatured()


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_the_learned_bot_plays_only_legal_moves_in_every_preset(rules: str) -> None:
    preset = PRESETS[rules]
    bot = LearnedBot()
    rng = random.Random(rules)
    for seed in range(3):
        players = rng.randint(preset.min_players, preset.max_players)
        match = Match(rules, players, seed=seed, deals=2)
        while match.to_act is not None:
            view = match.seat_view(match.to_act)
            move = bot.choose(view, rng)
            assert move in view.legal_masks()
            match.apply(move)


def test_the_learned_bot_is_deterministic_and_the_registry_makes_it() -> None:
    assert "learned" in bot_names()

    def moves(temperature: float) -> list[int]:
        match = Match("tavern-jack", 4, seed=11)
        bots = [make_bot("learned", temperature=temperature), make_bot("classic"), make_bot("classic"),
                make_bot("classic")]
        rng = random.Random(3)
        while match.to_act is not None:
            match.apply_fast(bots[match.to_act].choose(match.seat_view(match.to_act), rng))
        return [m for _, m in match.moves]

    assert moves(0.0) == moves(0.0)
    assert moves(0.5) == moves(0.5)


def test_the_shipped_model_is_small_and_loads() -> None:
    from importlib import resources

    shipped = resources.files("president.learned").joinpath("models", "policy.npz")
    assert len(shipped.read_bytes()) < 400_000
    assert shipped_model().w1.shape[0] == FEATURES


def test_the_prior_keeps_only_its_best_moves_for_the_search() -> None:
    match, seat = next((m, s) for m, s in _play_views("three-of-clubs", 4, seed=5)
                       if len(distinct_moves(m.seat_view(s).legal_masks())) >= 3)
    view = match.seat_view(seat)
    candidates = distinct_moves(view.legal_masks())
    favourite = candidates[-1]

    def prior(_view: object, moves: object) -> list[float]:
        return [1.0 if m == favourite else 0.0 for m in moves]  # type: ignore[attr-defined]

    bot = SearchBot(worlds=4, min_worlds=4, prior=prior, prior_top=1)
    assert bot.choose(view, random.Random(1)) == favourite
    learned = make_bot("expert-learned", worlds=6, min_worlds=6)
    assert learned.choose(view, random.Random(1)) in view.legal_masks()


def test_train_command_writes_a_model_and_refuses_house_and_seed_rules_together(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    examples, more = tmp_path / "examples.npz", tmp_path / "more.npz"
    generate(["three-of-clubs"], 3, 20, 4, infer=0).save(str(examples))
    generate(["tavern-jack"], 4, 15, 4, infer=0).save(str(more))
    out = tmp_path / "policy.npz"
    assert main(["train", "--examples", str(examples), "--examples", str(more), "--epochs", "2", "--reinforce", "5",
                 "--out", str(out), "--quiet"]) == 0
    assert load_model(out).w1.shape == (FEATURES, 64)
    assert "35 decisions judged" in capsys.readouterr().out
    several = tmp_path / "several.npz"
    assert main(["train", "--examples", str(examples), "--epochs", "1", "--fits", "3", "--out", str(several),
                 "--quiet"]) == 0
    loaded = load_model(several)
    assert isinstance(loaded, Ensemble) and len(loaded.members) == 3
    capsys.readouterr()
    assert main(["train", "--rules", "daifugo,three-of-clubs", "--out", str(tmp_path / "x.npz"), "--quiet"]) == 2
    assert "house rules or on seed rules" in capsys.readouterr().err
    assert not (tmp_path / "x.npz").exists()


def test_the_policy_gradient_plays_deals_and_moves_the_weights() -> None:
    from president.learned.model import loss_and_grads
    from president.learned.reinforce import reinforce

    net = PolicyNet.initial(seed=2, hidden=8)
    before = {k: v.copy() for k, v in net.weights().items()}
    played, mean = reinforce(net, ["three-of-clubs"], seed=3, deals=20, batch=5)
    assert played >= 20 and 0 <= mean <= 3
    assert any(not np.array_equal(before[k], v) for k, v in net.weights().items())
    # A decision weighted 0 contributes nothing to the gradient.
    rows = np.random.default_rng(0).random((5, FEATURES)).astype(np.float32)
    starts = np.array([0, 2, 5])
    target = np.array([1, 0, 0, 1, 0], dtype=np.float32)
    _, only_first = loss_and_grads(net, rows[:2], target[:2], np.array([0, 2]), 0.0)
    _, weighted = loss_and_grads(net, rows, target, starts, 0.0, np.array([2.0, 0.0], dtype=np.float32))
    assert np.allclose(weighted["w3"], only_first["w3"])


def _rows(preset: str = "three-of-clubs", seed: int = 4) -> np.ndarray:
    match, seat = next((m, s) for m, s in _play_views(preset, 4, seed=seed)
                       if len(distinct_moves(m.seat_view(s).legal_masks())) >= 3)
    view = match.seat_view(seat)
    return move_features(view, distinct_moves(view.legal_masks(), view.rules))


def test_an_ensemble_scores_by_the_mean_of_its_networks_and_reads_back(tmp_path: Path) -> None:
    nets = [PolicyNet.initial(seed=s, hidden=8) for s in (1, 2, 3)]
    ensemble = Ensemble(nets)
    rows = _rows()
    mean = np.mean([n.scores(rows) for n in nets], axis=0)
    assert np.allclose(ensemble.scores(rows), mean, atol=1e-6)
    assert not np.allclose(nets[0].scores(rows), mean)
    path = tmp_path / "ensemble.npz"
    ensemble.save(path)
    again = load_model(path)
    assert isinstance(again, Ensemble) and len(again.members) == 3
    assert np.allclose(again.scores(rows), mean, atol=1e-6)
    assert LearnedBot(model=path).net.scores(rows).shape == (len(rows),)
    with pytest.raises(ValueError, match="same layout"):
        Ensemble([PolicyNet.initial(seed=1, hidden=8), PolicyNet.initial(seed=1, hidden=4)])


def test_a_file_of_one_network_in_the_first_format_still_loads(tmp_path: Path) -> None:
    net = PolicyNet.initial(seed=6, hidden=8)
    path = tmp_path / "old.npz"
    np.savez_compressed(path, format=np.array(1), **net.weights())  # type: ignore[arg-type]
    old = load_model(path)
    assert isinstance(old, PolicyNet)
    assert np.array_equal(old.scores(_rows()), net.scores(_rows()))
    broken = tmp_path / "broken.npz"
    np.savez(broken, format=np.array(2), w1=np.zeros((2, FEATURES, 8)), b1=np.zeros((1, 8)),
             w2=np.zeros((2, 8, 8)), b2=np.zeros((2, 8)), w3=np.zeros((2, 8)))
    with pytest.raises(ValueError, match="do not match"):
        load_model(broken)


def test_training_several_fits_keeps_them_together_and_the_first_is_the_single_fit() -> None:
    examples = generate(["three-of-clubs"], 3, 30, 4, infer=0)
    single, _, _ = train(seed=5, examples=examples, epochs=2, hidden=8)
    both, _, report = train(seed=5, examples=examples, epochs=2, hidden=8, fits=2)
    assert isinstance(single, PolicyNet) and isinstance(both, Ensemble) and report.epochs == 2
    for name, weight in single.weights().items():
        assert np.array_equal(weight, both.members[0].weights()[name])
    assert not np.array_equal(both.members[0].w1, both.members[1].w1)
    with pytest.raises(ValueError, match="one network"):
        train(seed=5, examples=examples, epochs=1, hidden=8, fits=2, reinforce_deals=5)


def test_the_duplicate_advantage_is_the_gain_over_the_greedy_policy_on_the_same_deal() -> None:
    from president.learned.reinforce import duplicate_advantage, greedy, play_deal
    from president.rules import get_rules

    net = PolicyNet.initial(seed=8, hidden=8)
    rules = get_rules("tavern-jack")
    rng = random.Random(1)
    gains = []
    for seed in range(6):
        match = Match(rules, 4, seed=seed)
        start = match.copy()
        first: list[tuple[np.ndarray, int]] = []
        points = play_deal(match, seed % 4, lambda rows: 0, rng, first)
        assert first and (match.deal_number == 2 or match.to_act is None)
        # The same moves in the seat: no advantage; the greedy policy: the difference in points on the same cards.
        assert duplicate_advantage(start.copy(), seed % 4, points, lambda rows: 0, rng) == 0
        greedy_points = play_deal(start.copy(), seed % 4, greedy(net), rng)
        gains.append(duplicate_advantage(start, seed % 4, points, greedy(net), rng))
        assert gains[-1] == points - greedy_points
    assert any(gains)


def test_the_policy_gradient_does_not_move_a_policy_that_plays_as_its_baseline() -> None:
    from president.learned.reinforce import reinforce

    net = PolicyNet.initial(seed=2, hidden=8)
    before = {k: v.copy() for k, v in net.weights().items()}
    # Drawn at a near-zero temperature, the moves are the greedy ones: every duplicate advantage is 0.
    reinforce(net, ["three-of-clubs"], seed=3, deals=10, batch=5, temperature=1e-6)
    assert all(np.array_equal(before[k], v) for k, v in net.weights().items())
    reinforce(net, ["three-of-clubs"], seed=3, deals=10, batch=5, temperature=1.0, anchor=0.5)
    assert any(not np.array_equal(before[k], v) for k, v in net.weights().items())
    with pytest.raises(ValueError, match="baseline"):
        reinforce(net, ["three-of-clubs"], seed=3, deals=1, baseline="median")


def test_the_policy_gradient_is_reproducible_from_its_seed() -> None:
    from president.learned.reinforce import reinforce

    runs = []
    for _ in range(2):
        net = PolicyNet.initial(seed=4, hidden=8)
        reinforce(net, ["three-of-clubs", "tavern-jack"], seed=9, deals=12, batch=4, temperature=1.0)
        runs.append(net.weights())
    assert all(np.array_equal(runs[0][k], runs[1][k]) for k in runs[0])


def test_train_start_continues_a_model_by_the_policy_gradient(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    first, again, out = tmp_path / "first.npz", tmp_path / "again.npz", tmp_path / "out.npz"
    PolicyNet.initial(seed=3, hidden=8).save(first)
    for path in (out, again):
        assert main(["train", "--start", str(first), "--reinforce", "40", "--seed", "2", "--out", str(path),
                     "--quiet"]) == 0
    assert "40 deals of policy gradient" in capsys.readouterr().out
    continued, start = load_model(out), load_model(first)
    assert isinstance(continued, PolicyNet) and isinstance(start, PolicyNet)
    assert not np.array_equal(continued.w1, start.w1)
    assert out.read_bytes() == again.read_bytes()
    Ensemble([start, start]).save(tmp_path / "two.npz")
    for extra in (["--reinforce", "0"], ["--reinforce", "5", "--fits", "2"], ["--reinforce", "5", "--start",
                                                                                str(tmp_path / "two.npz")]):
        assert main(["train", "--start", str(first), *extra, "--out", str(tmp_path / "x.npz"), "--quiet"]) == 2
    assert not (tmp_path / "x.npz").exists()


def test_train_passes_the_policy_gradient_settings_and_refuses_bad_ones(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from president.learned.reinforce import reinforce

    first = tmp_path / "first.npz"
    PolicyNet.initial(seed=3, hidden=8).save(first)
    settings = ["--rate", "0.01", "--batch", "8", "--pg-temperature", "1.0", "--baseline", "mean", "--anchor", "0.2"]
    assert main(["train", "--start", str(first), "--reinforce", "16", "--seed", "2", *settings,
                 "--out", str(tmp_path / "cli.npz"), "--quiet"]) == 0
    by_hand = PolicyNet.initial(seed=3, hidden=8)
    reinforce(by_hand, ["three-of-clubs", "tavern-jack"], seed=2, deals=16, rate=0.01, batch=8, temperature=1.0,
              baseline="mean", anchor=0.2)
    from_cli = load_model(tmp_path / "cli.npz")
    assert isinstance(from_cli, PolicyNet)
    assert all(np.array_equal(from_cli.weights()[k], v) for k, v in by_hand.weights().items())
    capsys.readouterr()
    for bad, says in ((["--rate", "0"], "rate"), (["--batch", "0"], "batch"), (["--pg-temperature", "-1"],
                                                                                 "temperature"),
                      (["--anchor", "-0.5"], "anchor")):
        assert main(["train", "--start", str(first), "--reinforce", "5", *bad, "--out", str(tmp_path / "x.npz"),
                     "--quiet"]) == 2
        assert says in capsys.readouterr().err
    assert not (tmp_path / "x.npz").exists()


@pytest.mark.parametrize("preset", ["three-of-clubs", "tavern-jack", "daifugo"])
def test_the_fast_move_numbers_equal_the_general_ones(preset: str) -> None:
    from president.learned.features import _position, _spread_move_row, classic_kind, feature_rows, move_rank_size
    from president.moves import CARDS_MASK

    checked = 0
    for match, seat in _play_views(preset, 4 if preset != "daifugo" else 5, seed=6)[:60]:
        view = match.seat_view(seat)
        moves = [m for m in distinct_moves(view.legal_masks(), view.rules) if m & CARDS_MASK]
        _, hand_counts, unseen_counts, place = _position(view)
        by_place = [place.index(p) for p in range(len(place))]
        for move, row in zip(moves, feature_rows(view, moves), strict=True):
            rank, size = move_rank_size(move, view.rules.house, view.rules.wild_jokers)
            general = _spread_move_row(move, rank, size, view, hand_counts, unseen_counts, place, by_place,
                                       classic_kind(view))
            assert row[POSITION_SIZE:] == general
            checked += 1
    assert checked > 100
