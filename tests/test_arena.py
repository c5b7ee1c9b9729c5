"""The arena: duplicate deals, worker-independent results, statistics and the ``arena`` command."""

from __future__ import annotations

import csv
import io
import json
import math
import os
from collections import Counter
from pathlib import Path

import pytest

from president.arena import ArenaResult, player_labels, run_arena
from president.arena_output import plain_table
from president.arena_play import derive_seed, seat_of
from president.arena_stats import ratio_interval, t_quantile_975
from president.cli import main

CLASSIC_VS_RANDOM = ["classic", "random", "random", "random"]


@pytest.fixture(scope="module")
def tavern() -> ArenaResult:
    """A small arena shared by several tests."""
    return run_arena("tavern-jack", 4, CLASSIC_VS_RANDOM, deals=400, seed=5)


# --- duplicate deals


@pytest.mark.parametrize("rules", ["tavern-jack", "race-to-11"])
def test_results_are_identical_with_one_and_two_workers(rules: str) -> None:
    one = run_arena(rules, 4, CLASSIC_VS_RANDOM, deals=80, seed=11, workers=1)
    two = run_arena(rules, 4, CLASSIC_VS_RANDOM, deals=80, seed=11, workers=2)
    assert one.records == two.records
    assert one.to_dict() == two.to_dict()


def test_identical_deterministic_players_score_exactly_par() -> None:
    # Every player meets every deck from every seat, so equal players cannot differ at all.
    result = run_arena("three-of-clubs", 4, ["classic"] * 4, deals=60, seed=2)
    for stats in result.stats:
        assert stats.mean == pytest.approx(result.par)
        assert stats.low == pytest.approx(result.par) and stats.high == pytest.approx(result.par)


def test_equal_players_still_score_par_in_a_play_to_a_score_rule_set() -> None:
    result = run_arena("race-to-11", 5, ["classic"] * 5, deals=60, seed=4)
    assert [s.mean for s in result.stats] == pytest.approx([result.par] * 5)


def test_every_player_sits_in_every_seat_equally(tavern: ArenaResult) -> None:
    buffer = io.StringIO()
    tavern.write_csv(buffer)
    rows = list(csv.DictReader(io.StringIO(buffer.getvalue())))
    seats = Counter((row["player"], row["seat"]) for row in rows)
    assert len(seats) == 16
    assert len(set(seats.values())) == 1


def test_the_seats_rotate() -> None:
    assert [seat_of(p, 1, 4) for p in range(4)] == [1, 2, 3, 0]
    assert sorted(seat_of(0, r, 4) for r in range(4)) == [0, 1, 2, 3]


def test_a_different_seed_plays_different_decks() -> None:
    a = run_arena("tavern-jack", 4, CLASSIC_VS_RANDOM, deals=20, seed=1, ratings=False)
    b = run_arena("tavern-jack", 4, CLASSIC_VS_RANDOM, deals=20, seed=2, ratings=False)
    assert a.records != b.records
    assert derive_seed(1, 0) != derive_seed(2, 0) and derive_seed(1, 0) == derive_seed(1, 0)


# --- how many deals


def test_deals_are_rounded_up_to_whole_matches_times_rotations() -> None:
    result = run_arena("tavern-jack", 4, CLASSIC_VS_RANDOM, deals=21, seed=1, ratings=False)
    assert (result.matches, result.deals) == (2, 40)
    assert "rounded up" in result.describe()


def test_a_play_to_a_score_rule_set_plays_the_fewest_matches_that_reach_the_deals() -> None:
    result = run_arena("race-to-11", 4, CLASSIC_VS_RANDOM, deals=100, seed=3, ratings=False)
    per_match = Counter(rec.match for rec in result.records)
    assert sorted(per_match) == list(range(result.matches))
    assert result.deals == sum(per_match.values()) >= 100
    assert result.deals - per_match[result.matches - 1] < 100
    keys = [(rec.match, rec.rotation, rec.deal) for rec in result.records]
    assert keys == sorted(keys)


# --- what is reported


def test_classic_clearly_beats_random(tavern: ArenaResult) -> None:
    classic = tavern.stats[0]
    assert classic.low is not None and classic.low > tavern.par
    assert all(s.high is not None and s.high < tavern.par for s in tavern.stats[1:])
    assert all(classic.mu is not None and s.mu is not None and classic.mu > s.mu for s in tavern.stats[1:])


def test_shares_and_totals_add_up(tavern: ArenaResult) -> None:
    assert sum(s.mean for s in tavern.stats) == pytest.approx(sum((3, 2, 1, 0)))
    for stats in tavern.stats:
        assert sum(stats.titles.values()) == pytest.approx(1)
        assert sum(stats.places) == pytest.approx(1)
        assert list(stats.titles) == ["president", "vice-president", "vice-beggar", "beggar"]
        assert stats.deals == tavern.deals == 400
    assert sum(s.wins for s in tavern.stats) == pytest.approx(tavern.matches * 4)


def test_the_same_bot_twice_makes_separate_players() -> None:
    assert player_labels(["classic", "random", "random", "random"]) == ("classic", "random", "random#2", "random#3")
    assert player_labels(["random", "classic", "random"]) == ("random", "classic", "random#2")


def test_csv_has_one_row_per_player_and_deal(tavern: ArenaResult, tmp_path: Path) -> None:
    path = tmp_path / "deals.csv"
    tavern.write_csv(path)
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == tavern.deals * 4
    assert list(rows[0]) == ["match", "rotation", "deal", "player", "bot", "seat", "place", "title", "points"]
    points = {"1": "3", "2": "2", "3": "1", "4": "0"}
    assert all(points[row["place"]] == row["points"] for row in rows)
    by_player: Counter[str] = Counter()
    for row in rows:
        by_player[row["player"]] += int(row["points"])
    assert [by_player[s.label] for s in tavern.stats] == [s.points for s in tavern.stats]


def test_json_form_has_every_player(tavern: ArenaResult) -> None:
    data = json.loads(tavern.to_json())
    assert data["deals"] == 400 and data["par"] == 1.5 and data["rotations"] == 4
    assert [r["label"] for r in data["results"]] == ["classic", "random", "random#2", "random#3"]
    low, high = data["results"][0]["ci95"]
    assert low < data["results"][0]["mean"] < high


def test_plain_table_names_every_player_and_title(tavern: ArenaResult) -> None:
    text = plain_table(tavern)
    for label in ("classic", "random#3", "Vice-Beggar", "par: 1.5"):
        assert label in text


# --- the interval


def test_ratio_interval_by_hand() -> None:
    interval = ratio_interval([10, 14], [5, 5])
    assert interval.mean == pytest.approx(2.4)
    # residuals -2 and +2: standard error sqrt(8 / 2) / 5 = 0.4, times t(1 dof) = 12.7062
    assert interval.half_width == pytest.approx(0.4 * 12.7062)


def test_ratio_interval_weights_matches_by_their_deals() -> None:
    interval = ratio_interval([3, 30], [1, 10])
    assert interval.mean == pytest.approx(3.0)
    assert interval.half_width == pytest.approx(0.0)


def test_one_match_has_no_interval() -> None:
    interval = ratio_interval([7], [4])
    assert interval.mean == 1.75 and interval.low is None and interval.half_width is None


@pytest.mark.parametrize(("dof", "exact"), [(1, 12.7062), (5, 2.5706), (9, 2.2622), (10, 2.2281), (30, 2.0423),
                                            (100, 1.9840), (10**6, 1.9600)])
def test_t_quantile(dof: int, exact: float) -> None:
    assert math.isclose(t_quantile_975(dof), exact, abs_tol=1e-3)


# --- errors


@pytest.mark.parametrize(("bots", "players", "message"), [
    (["classic", "nobody", "random", "random"], 4, "unknown bot"),
    (["classic", "random"], 4, "one bot per player"),
    (["classic", "random"], None, "players"),
])
def test_bad_arguments_are_refused(bots: list[str], players: int | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        run_arena("three-of-clubs", players, bots, deals=10, seed=1)


# --- the command


def test_arena_command_json_prints_json_only(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["arena", "--rules", "three-of-clubs", "--bots", "classic,random,random,random",
                   "--deals", "20", "--seed", "1", "--json"])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "three-of-clubs" and data["deals"] == 20


def test_arena_command_writes_table_csv_and_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv_path, png_path = tmp_path / "d.csv", tmp_path / "p.png"
    status = main(["arena", "--players", "4", "--deals", "20", "--no-ratings",
                   "--out", str(csv_path), "--plot", str(png_path)])
    assert status == 0
    out = capsys.readouterr().out
    assert "classic" in out and "random#3" in out and "n/a" in out
    assert csv_path.read_text(encoding="utf-8").count("\n") == 1 + 20 * 4
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_arena_command_reports_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "classic,ghost,random,random", "--deals", "4"]) == 2
    assert "unknown bot 'ghost'" in capsys.readouterr().err


def test_arena_command_plays_the_rules_of_a_rule_code(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["arena", "--rules", "R1.tavern-jack.queen_bomber.jokers~1", "--bots", "classic,random,random",
                   "--deals", "15", "--no-ratings"])
    assert status == 0
    assert "15 deals of r1.tavern-jack.jokers~1.queen_bomber:" in capsys.readouterr().out
    assert main(["arena", "--rules", "r1.tavern-jack.queen_bomber", "--bots", "classic,random,random",
                 "--deals", "15", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "tavern-jack" and data["rule_code"] == "r1.tavern-jack.queen_bomber"


@pytest.mark.parametrize(("code", "message"), [
    ("r1.tavern-jack.queen_bomber~2", "part 3 'queen_bomber~2': a flag is 1 (on) or 0 (off)"),
    ("r1.tavern-jack.ghost", "'ghost' is not a rule option"),
    ("r1.tavernjack", "part 2 'tavernjack' is not a preset"),
])
def test_arena_command_refuses_a_bad_rule_code_before_playing(
        code: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--rules", code, "--deals", "4"]) == 2
    out = capsys.readouterr()
    assert message in out.err and out.out == ""


def test_arena_workers_keep_numerical_libraries_to_one_thread_unless_told_otherwise(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from president.arena import _one_thread_each

    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    _one_thread_each()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "1"
    assert os.environ["OMP_NUM_THREADS"] == "3"
