"""Post-game analysis: verdicts from the deciding seat's view, deterministic for a seed, and the command."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from president import Match
from president.analysis import VERDICTS, analyse, verdict
from president.cli import main
from president.players import make_bot


def classic_match(seed: int, deals: int = 2) -> str:
    match = Match("three-of-clubs", 4, seed=seed, deals=deals)
    bot, rng = make_bot("classic"), random.Random(seed)
    while not match.is_over:
        match.apply(bot.choose(match.seat_view(match.to_act), rng))  # type: ignore[arg-type]
    return match.record()


def test_passing_up_the_winning_card_is_a_blunder_and_the_better_move_is_named() -> None:
    match = Match.from_hands("tavern-jack", ["Kc 9d", "2s", "4h 5h 6c"], leader=0)
    match.apply("Kc")
    match.apply("pass")  # seat 1 could go out first with its 2; now seat 0 will lead 9d and go out first
    result = analyse(match.record(), seats=[1], worlds=20)
    (decision,) = result.decisions
    assert decision.verdict == "blunder" and decision.played == "pass" and decision.best == "2s"
    assert decision.loss >= VERDICTS[0][1] and decision.best_value > decision.played_value


def test_each_decision_says_why_the_search_prefers_its_first_move_with_the_measured_values() -> None:
    match = Match.from_hands("tavern-jack", ["Kc 9d", "2s", "4h 5h 6c"], leader=0)
    match.apply("Kc")
    match.apply("pass")
    (decision,) = analyse(match.record(), seats=[1], worlds=20).decisions
    assert decision.why is not None and decision.why.key == "search.best"
    params = decision.why.params
    (first, first_value), (second, second_value) = decision.candidates[:2]
    assert (params["move"], params["rival"]) == (first, second) == ("2s", "pass")
    assert (params["value"], params["rival_value"]) == (round(first_value, 2), round(second_value, 2))
    # Going out with the 2 wins every guessed deal; passing lets seat 0 go out first in every one.
    assert (params["win"], params["rival_win"], params["worlds"]) == (100, 0, 20)
    data = json.loads(json.dumps(analyse(match.record(), seats=[1], worlds=20).to_dict()))
    assert data["decisions"][0]["why"]["key"] == "search.best"
    assert data["decisions"][0]["why"]["text"].startswith("2s: first in 100 % of 20 guessed deals")


def test_the_verdicts_do_not_depend_on_the_hidden_cards() -> None:
    # Seat 1's view is the same in both deals: only where 9d and Jh (hidden from it) lie differs.
    first = Match.from_hands("tavern-jack", ["3c 9d Qs", "5c 6d 2s", "4h Jh Kd"], leader=0)
    second = Match.from_hands("tavern-jack", ["3c Jh Qs", "5c 6d 2s", "4h 9d Kd"], leader=0)
    for match in (first, second):
        match.apply("3c")
        match.apply("6d")
    judged = [analyse(m.record(), seats=[1], worlds=30, seed=4).decisions[0] for m in (first, second)]
    assert judged[0].candidates == judged[1].candidates


def test_an_analysis_is_the_same_for_a_seed_whatever_the_workers() -> None:
    record = classic_match(3, deals=1)
    one = analyse(record, seats=[2], worlds=12, seed=9, workers=1)
    two = analyse(record, seats=[2], worlds=12, seed=9, workers=2)
    assert one == two and one.decisions
    assert all(d.seat == 2 and abs(d.loss - max(0.0, d.best_value - d.played_value)) < 2e-4 for d in one.decisions)
    # A mark is earned by the loss less its uncertainty: never more severe than the loss alone would give.
    severity = {name: rank for rank, (name, _) in enumerate(reversed(VERDICTS), 1)} | {None: 0}
    assert all(severity[d.verdict] <= severity[verdict(d.loss)] for d in one.decisions)


def test_the_command_prints_json_and_refuses_what_it_cannot_read(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "match.txt"
    path.write_text(classic_match(5, deals=1))
    assert main(["analyse", str(path), "--seat", "0", "--worlds", "8", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seats"] == [0] and out["summary"][0]["decisions"] == len(out["decisions"]) > 0
    assert main(["analyse", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["analyse", str(path), "--seat", "7"]) == 2
    assert "no seat 7" in capsys.readouterr().err


def test_passing_on_the_winning_card_is_a_blunder_and_the_weak_card_is_named() -> None:
    match = Match.from_hands("tavern-jack", ["7c 2s 3c", "5h 6h", "4d 8d"], leader=0, seven_pass=True)
    match.apply("7c")
    match.apply("pass-on 2s")  # seat 1 now beats anything with the 2 seat 0 needed to go out first
    decisions = [d for d in analyse(match.record(), seats=[0], worlds=20).decisions if d.played.startswith("pass-on")]
    assert [(d.played, d.best, d.verdict) for d in decisions] == [("pass-on 2s", "pass-on 3c", "blunder")]


def test_a_salvage_is_weighed_against_the_other_cards_of_the_pile() -> None:
    match = Match.from_hands("tavern-jack", ["3s 4s 9d 5h", "4c 6c Ac", "4d 6d 7d", "4h 6h 7h"], leader=0,
                             salvage=True, spade3_cut=True)
    for text in ("4s", "pass", "pass", "pass", "9d", "pass", "pass", "pass", "3s", "salvage 4s"):
        match.apply(text)
    bot, rng = make_bot("classic"), random.Random(1)
    while not match.is_over:
        match.apply(bot.choose(match.seat_view(match.to_act), rng))  # type: ignore[arg-type]
    decisions = [d for d in analyse(match.record(), seats=[0], worlds=20).decisions if d.played.startswith("salvage")]
    # Taking the 4 back instead of the 9 leaves seat 0 a card nearly anything beats: the 9 is the better card.
    assert (decisions[0].played, decisions[0].best) == ("salvage 4s", "salvage 9d")
