"""Balance labels: figures measured by classic bots that follow from the arena's deals and reproduce."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from president.balance import SHIPPED, balance_for_code, figures_key, measure
from president.cli import main
from president.rule_codes import decode
from president.rules import PRESETS, get_rules


def test_a_fixed_seed_gives_the_same_figures_and_each_share_lies_in_0_1() -> None:
    rules = get_rules("tavern-jack", eight_cut=True)
    first = measure(rules, deals=30, seed=7)
    assert measure(rules, deals=30, seed=7) == first
    assert first["deals"] == 30 and first["code"] == "r1.tavern-jack.eight_cut"
    assert 0 <= first["president_keeps"] <= 1 and 0 <= first["last_climbs"] <= 1
    # Ten deals a match: every deal but each match's first follows a deal, and each of those had an exchange.
    assert first["followed_deals"] == 27 and first["exchange_deals"] == 27
    assert first["deal_moves"] >= 13  # at least one play per card of the smallest hand's owner


def test_a_rule_set_without_exchange_shows_an_exchange_worth_0() -> None:
    figures = measure(get_rules("tavern-jack", exchange=()), deals=20, seed=3)
    assert figures["exchange_worth"] == 0 and figures["exchange_deals"] == 0 and figures["followed_deals"] == 18


def test_the_figures_count_the_deals_the_matches_played() -> None:
    import random
    from itertools import pairwise

    from president import Match
    from president.arena_play import derive_seed
    from president.players import make_bot

    rules = get_rules("tavern-jack", exchange=(), deals=10)
    figures = measure(rules, deals=10, seed=5)
    match = Match(rules, 4, seed=derive_seed(5, 0))
    rng = random.Random(derive_seed(5, 0, 1))
    bots = [make_bot("classic") for _ in range(4)]
    plays = 0
    while match.to_act is not None:
        plays += match.phase == "play"
        match.apply(match.verify(bots[match.to_act].choose(match.seat_view(match.to_act), rng)))
    orders = [r.order for r in match.deal_results]
    kept = sum(b[0] == a[0] for a, b in pairwise(orders))
    climbed = sum(b.index(a[-1]) < 3 for a, b in pairwise(orders))
    assert figures["president_keeps"] == round(kept / 9, 4) and figures["last_climbs"] == round(climbed / 9, 4)
    assert figures["deal_moves"] == round(plays / 10, 4)


def test_the_shipped_figures_are_every_presets_and_reproduce() -> None:
    shipped = json.loads(SHIPPED.read_text())
    codes = {f["code"] for f in shipped.values()}
    assert codes == {f"r1.{name}" for name in PRESETS}
    key, figures = min(shipped.items())
    assert key == figures_key(figures["code"], figures["players"], figures["deals"], figures["seed"])
    assert balance_for_code(figures["code"]) == figures
    again = measure(decode(figures["code"]), players=figures["players"], deals=figures["deals"], seed=figures["seed"])
    assert again == figures


def test_the_command_measures_once_then_reads_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    code = "r1.tavern-jack.eleven_back"
    assert main(["rules", code, "--balance", "--deals", "12", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)["balance"]
    cached = list((tmp_path / "president" / "balance").glob("*.json"))
    assert [p.name for p in cached] == [f"{figures_key(code, 4, 12, 1)}.json"]
    cached[0].write_text(json.dumps({**figures, "deal_moves": -1}))
    assert main(["rules", code, "--balance", "--deals", "12"]) == 0
    out = capsys.readouterr().out
    assert "A deal lasts:                  -1.0 moves" in out and "The President keeps the title" in out
