"""The learned policy under house rules: the house feature layout, its model files, training and the playouts."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from president import Match
from president.cards import RANK_MASKS
from president.cli import main
from president.learned.bot import LearnedBot, shipped_house_model, shipped_model
from president.learned.features import (
    FEATURES,
    HOUSE,
    HOUSE_MOVE_SIZE,
    HOUSE_POSITION_SIZE,
    MOVE_SIZE,
    POSITION_SIZE,
    SEED,
    layout_width,
    move_features,
)
from president.learned.model import PolicyNet, load_model
from president.learned.playouts import LearnedPlayoutSearch, PlayoutPosition, house_position_key
from president.learned.reinforce import reinforce
from president.learned.teacher import Examples
from president.learned.train import train
from president.players import make_bot
from president.plays import EIGHT_RANK
from president.search.kinds import distinct_moves


def _daifugo_views(seed: int, deals: int = 2) -> list[tuple[Match, int]]:
    """Copies of a classic daifugo match of five at its play decisions with a choice, over its first deals."""
    match = Match("daifugo", players=5, seed=seed)
    bot = make_bot("classic")
    rng = random.Random(seed)
    out = []
    while match.to_act is not None and match.deal_number <= deals:
        view = match.seat_view(match.to_act)
        if view.phase == "play" and len(distinct_moves(view.legal_masks(), view.rules)) > 1:
            out.append((match.copy(), match.to_act))
        match.apply_fast(bot.choose(view, rng))
    return out


def test_the_house_layout_adds_the_house_state_and_keeps_the_seed_numbers() -> None:
    assert layout_width(SEED) == FEATURES
    assert layout_width(HOUSE) == FEATURES + HOUSE_POSITION_SIZE + HOUSE_MOVE_SIZE
    with pytest.raises(ValueError, match="unknown feature layout"):
        layout_width("nope")
    cuts = 0
    for match, seat in _daifugo_views(seed=3):
        view = match.seat_view(seat)
        moves = distinct_moves(view.legal_masks(), view.rules)
        seed_rows, house_rows = move_features(view, moves), move_features(view, moves, HOUSE)
        assert house_rows.shape == (len(moves), layout_width(HOUSE))
        assert np.array_equal(house_rows[:, :POSITION_SIZE], seed_rows[:, :POSITION_SIZE])
        start = POSITION_SIZE + HOUSE_POSITION_SIZE
        assert np.array_equal(house_rows[:, start:start + MOVE_SIZE], seed_rows[:, POSITION_SIZE:])
        position = house_rows[0, POSITION_SIZE:start]
        assert position[0] == float(view.revolution) and position[2] == float(bool(view.lock))
        for move, row in zip(moves, house_rows[:, start + MOVE_SIZE:], strict=True):
            if move & RANK_MASKS[EIGHT_RANK]:
                assert row[2] == 1.0  # a play holding an 8 ends the trick
                cuts += 1
            assert row[6] == float((move & ((1 << 60) - 1)).bit_count() == view.hand.bit_count())
    assert cuts > 3


def test_a_playout_position_under_house_rules_reads_as_the_seats_own_view() -> None:
    checked = 0
    for match, seat in _daifugo_views(seed=4):
        view = match.seat_view(seat)
        moves = distinct_moves(view.legal_masks(), view.rules)
        sim = Match.from_view(view, list(match.hands))
        position = PlayoutPosition.from_house_key(sim, house_position_key(sim, seat))
        assert np.array_equal(move_features(position, moves, HOUSE), move_features(view, moves, HOUSE))
        checked += 1
    assert checked > 20


def test_a_model_file_says_its_layout_and_the_seed_files_stay_as_they_were(tmp_path: Path) -> None:
    house, seed = PolicyNet.initial(1, hidden=8, layout=HOUSE), PolicyNet.initial(1, hidden=8)
    house.save(tmp_path / "house.npz")
    seed.save(tmp_path / "seed.npz")
    assert load_model(tmp_path / "house.npz").layout == HOUSE
    with np.load(tmp_path / "seed.npz") as data:
        assert "layout" not in data.files  # a seed model's file is written as before layouts
    assert load_model(tmp_path / "seed.npz").layout == SEED and shipped_model().layout == SEED
    weights = {k: np.asarray(v) for k, v in house.weights().items()}
    np.savez(tmp_path / "odd.npz", format=np.array(1), layout=np.array("future"), **weights)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="does not know"):
        load_model(tmp_path / "odd.npz")
    with pytest.raises(ValueError, match="features"):
        PolicyNet(weights)  # house weights read as the seed layout


def test_the_shipped_daifugo_model_is_small_and_plays_daifugo() -> None:
    net = shipped_house_model()
    assert net.layout == HOUSE
    path = Path(__file__).parent.parent / "src/president/learned/models/daifugo.npz"
    assert path.stat().st_size < 200_000
    bot = LearnedBot(model=net)
    for match, seat in _daifugo_views(seed=6, deals=1)[:10]:
        view = match.seat_view(seat)
        assert bot.choose(view, random.Random(0)) in view.legal_masks()


def test_training_on_daifugo_examples_and_its_policy_gradient_at_five_players() -> None:
    parts = []
    values = np.random.default_rng(0)
    for match, seat in _daifugo_views(seed=7, deals=1):
        view = match.seat_view(seat)
        moves = distinct_moves(view.legal_masks(), view.rules)
        parts.append((move_features(view, moves, HOUSE), values.random(len(moves)).astype(np.float32), 0))
    examples = Examples.join(parts)
    examples.players = 5
    net, _, report = train(["daifugo"], examples=examples, epochs=3, players=5)
    assert isinstance(net, PolicyNet) and net.layout == HOUSE and net.w1.shape == (layout_width(HOUSE), 64)
    assert report.after["agreement"] >= 0.0
    before = net.w1.copy()
    played, _ = reinforce(net, ["daifugo"], seed=1, deals=4, batch=2, temperature=10.0, players=5)
    assert played == 4 and not np.array_equal(before, net.w1)
    with pytest.raises(ValueError, match="played at 5 players, not 4"):
        train(["daifugo"], examples=examples, epochs=1)
    with pytest.raises(ValueError, match="not both"):
        train(["daifugo", "tavern-jack"], examples=examples, epochs=1, players=5)


def test_train_command_refuses_a_table_size_the_rules_do_not_allow(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.npz"
    assert main(["train", "--rules", "daifugo", "--players", "9", "--out", str(out), "--quiet"]) == 2
    assert "3 to 7 players, not 9" in capsys.readouterr().err
    assert main(["train", "--rules", "daifugo,tavern-jack", "--out", str(out), "--quiet"]) == 2
    assert "not both" in capsys.readouterr().err
    assert not out.exists()


class _Counting:
    """A house-layout network that counts the decisions it scores."""

    layout = HOUSE

    def __init__(self) -> None:
        self.net = PolicyNet.initial(2, hidden=8, layout=HOUSE)
        self.rows = 0

    def scores_in_parts(self, positions: np.ndarray, moves: np.ndarray, owners: np.ndarray) -> np.ndarray:
        self.rows += len(moves)
        return self.net.scores_in_parts(positions, moves, owners)


def test_under_daifugo_at_five_the_seats_own_playout_moves_follow_the_house_policy() -> None:
    counting = _Counting()
    search = LearnedPlayoutSearch(shipped_model(), house_net=counting, worlds=4, min_worlds=4,  # type: ignore[arg-type]
                                  infer=0.0)
    for decisions, asked in ((_four_views(), False), (_daifugo_views(seed=8, deals=1)[:4], True)):
        counting.rows = 0
        for match, seat in decisions:
            view = match.seat_view(seat)
            assert search.choose(view, random.Random(1)) in view.legal_masks()
        assert (counting.rows > 0) == asked
    with pytest.raises(ValueError, match="house layout"):
        LearnedPlayoutSearch(shipped_model(), house_net=shipped_model())
    assert make_bot("expert").house_net is shipped_house_model()  # type: ignore[attr-defined]
    assert make_bot("expert", house=False).house_net is None  # type: ignore[attr-defined]


def _four_views() -> list[tuple[Match, int]]:
    """A few decisions of daifugo at a table of four (the house policy was trained at five)."""
    match = Match("daifugo", players=4, seed=9)
    bot = make_bot("classic")
    rng = random.Random(9)
    out = []
    while len(out) < 3:
        view = match.seat_view(match.to_act)  # type: ignore[arg-type]
        if view.phase == "play" and len(distinct_moves(view.legal_masks(), view.rules)) > 1:
            out.append((match.copy(), view.seat))
        match.apply_fast(bot.choose(view, rng))
    return out
