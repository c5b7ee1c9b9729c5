"""``benchmarks/compare_deals.py``: two arena runs on the same decks, compared deck by deck."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from president.arena import run_arena
from repo_scripts import load_script


def _run(tmp_path: Path, bot: str, deals: int, seed: int = 1) -> Path:
    path = tmp_path / f"{bot}-{deals}-{seed}.csv"
    run_arena("three-of-clubs", 4, [bot, "classic", "classic", "classic"], deals=deals, seed=seed, workers=1,
              ratings=False).write_csv(path)
    return path


def test_the_difference_is_taken_deck_by_deck_over_the_same_decks(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    tool = load_script("benchmarks/compare_deals.py")
    random_run, classic_run = _run(tmp_path, "random", 120), _run(tmp_path, "classic", 120)
    name, decks = tool.deck_means(random_run, None)
    assert name == "random" and len(decks) == 120 // 20  # five-deal matches, four seatings a deck
    # Classic against three classic players scores par on every deck: each seat's cards are played by each player.
    assert set(tool.deck_means(classic_run, None)[1].values()) == {1.5}
    result = tool.compare(decks, tool.deck_means(classic_run, None)[1])
    assert result["difference"] == pytest.approx(statistics.fmean(decks.values()) - 1.5)
    assert result["low"] < result["difference"] < result["high"] < 0
    assert tool.main([str(random_run), str(classic_run)]) == 0
    out = capsys.readouterr().out
    assert "random - classic: -" in out
    # Deal by deal of the match: the five deals, each over every deck and seating.
    by_deal = tool.deal_means(random_run, None)
    assert list(by_deal) == [1, 2, 3, 4, 5]
    assert statistics.fmean(by_deal.values()) == pytest.approx(statistics.fmean(decks.values()))
    assert set(tool.deal_means(classic_run, None).values()) == {1.5}
    assert f"1: {by_deal[1]:.3f} / 1.500" in out
    # Another number of decks, or a file that is not an arena's, is refused with the reason.
    assert tool.main([str(random_run), str(_run(tmp_path, "classic", 60))]) == 2
    assert "the same decks" in capsys.readouterr().err
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n")
    assert tool.main([str(random_run), str(other)]) == 2
    assert "not an arena's deals" in capsys.readouterr().err
