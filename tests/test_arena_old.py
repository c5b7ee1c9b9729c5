"""``president arena --rules old-president``: the stops game in the arena, counted in chips."""

from __future__ import annotations

import json

import pytest

from president.cli import main


def test_the_old_game_arena_reports_chips_that_sum_to_zero(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["arena", "--rules", "old-president", "--bots", "careful,random,random,random",
                   "--deals", "12", "--seed", "3", "--json"])
    assert status == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rules"] == "old-president" and report["games"] == 3 and report["players"] == 4
    chips = report["mean_chips_per_game"]
    # Chips only move between players: one careful seat and three random seats per game net to zero.
    assert chips["careful"] + 3 * chips["random"] == pytest.approx(0.0, abs=1e-9)


def test_the_old_game_arena_names_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["arena", "--rules", "old-president", "--bots", "careful,nobody", "--deals", "4"])
    assert status == 2
    assert "nobody" in capsys.readouterr().err
