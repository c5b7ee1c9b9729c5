"""Rule codes: short, versioned, case-blind texts that give back the exact rule set, and say what is wrong."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from president import Match
from president.cli import main
from president.rule_codes import RuleCodeError, decode, encode, explain, explain_text
from president.rules import OPTIONS, PRESETS, OptionSpec, Rules, get_rules


def _values(spec: OptionSpec) -> st.SearchStrategy[Any]:
    """Every value the declaration allows, drawn from the declaration alone (new options are covered too)."""
    low = spec.low if spec.low is not None else 0
    high = spec.high if spec.high is not None else 60
    if spec.kind == "flag":
        return st.booleans()
    if spec.kind == "int":
        return st.integers(low, high)
    if spec.kind == "count":
        return st.none() | st.integers(low, high)
    if spec.kind == "card":
        return st.none() | st.integers(0, 53)
    if spec.kind == "choice":
        return st.sampled_from(spec.choices)
    if spec.kind == "ints":
        lists = st.lists(st.integers(low, high), max_size=spec.most or 4).map(tuple)
        return st.none() | lists if spec.default is None else lists
    if spec.kind == "choices":
        return st.lists(st.sampled_from(spec.choices), unique=True).map(tuple)
    raise AssertionError(f"no strategy for the kind {spec.kind}")


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    base = draw(st.sampled_from([*PRESETS.values(), Rules()]))
    names = draw(st.lists(st.sampled_from([s.name for s in OPTIONS]), unique=True, max_size=6))
    changes = {s.name: draw(_values(s)) for s in OPTIONS if s.name in names}
    try:
        return base.replace(**changes)
    except ValueError:
        assume(False)
        raise


@settings(max_examples=300, deadline=None)
@given(rule_sets())
def test_a_code_reads_back_to_the_same_rules(rules: Rules) -> None:
    code = encode(rules)
    assert re.fullmatch(r"[a-z0-9._~-]+", code), code
    again = decode(code)
    assert again == rules
    assert decode(code.upper()) == rules
    assert encode(again) == code


def test_a_preset_code_is_its_name_and_each_change_is_one_part() -> None:
    assert encode(PRESETS["daifugo"]) == "r1.daifugo"
    assert encode(get_rules("daifugo", eight_cut=False, jokers=2)) == "r1.daifugo.eight_cut~0.jokers~2"
    assert encode(get_rules("tavern-jack", eight_cut=True, points=(3, -1))) == "r1.tavern-jack.eight_cut.points~3-m1"
    assert decode("r1.uecda") == PRESETS["daifugo"]


def test_an_option_at_its_preset_value_adds_nothing_to_the_code() -> None:
    rules = get_rules("revolution", jokers=PRESETS["revolution"].jokers, eight_cut=False)
    assert encode(rules) == "r1.revolution"


@pytest.mark.parametrize(("code", "message"), [
    ("", "a rule code is needed"),
    ("r9.daifugo", "version 'r9' is not known"),
    ("r1", "the preset is missing"),
    ("r1.poker", "part 2 'poker' is not a preset"),
    ("r1.daifugo.no_such_rule", "part 3 'no_such_rule': 'no_such_rule' is not a rule option"),
    ("r1.daifugo.eight_cut~2", "part 3 'eight_cut~2': a flag is 1 .on. or 0 .off."),
    ("r1.daifugo.jokers~7", "part 3 'jokers~7': jokers must be a whole number from 0 to 2"),
    ("r1.daifugo.jokers~1.jokers~1", "part 4 'jokers~1': jokers is given twice"),
    ("r1.daifugo.run_answer~sideways", "run_answer must be one of lowest, above"),
    ("r1.tavern-jack.wild_jokers", "wild_jokers needs jokers"),
    ("r1.daifugo.points~x", "part 3 'points~x': 'x' is not a whole number"),
    ("r1.daifugo.eight cut", "is not NAME~VALUE"),
])
def test_a_bad_code_is_refused_naming_the_bad_part(code: str, message: str) -> None:
    with pytest.raises(RuleCodeError, match=message):
        decode(code)


def test_the_explanation_lists_only_the_changed_options_in_words() -> None:
    info = explain("R1.Daifugo.eight_cut~0.jokers~2")
    assert info["code"] == "r1.daifugo.eight_cut~0.jokers~2" and info["preset"] == "daifugo"
    assert [c["option"] for c in info["changes"]] == [s.name for s in OPTIONS if s.name in ("eight_cut", "jokers")]
    eight = next(c for c in info["changes"] if c["option"] == "eight_cut")
    assert (eight["value_words"], eight["was_words"]) == ("off", "on")
    assert {s["option"] for s in info["settings"]} == {s.name for s in OPTIONS}
    assert [s["option"] for s in info["settings"] if s["differs"]] == [c["option"] for c in info["changes"]]
    text = explain_text("r1.daifugo.eight_cut~0")
    assert "Preset: daifugo" in text and "Not played: a play containing an 8 ends the trick" in text


def test_the_rules_command_explains_a_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "r1.tavern-jack.eight_cut"]) == 0
    out = capsys.readouterr().out
    assert "Preset: tavern-jack" in out and "eight_cut: A play containing an 8 ends the trick" in out
    assert main(["rules", "r1.tavern-jack.eight_cut", "--json"]) == 0
    import json
    assert json.loads(capsys.readouterr().out)["changes"][0]["option"] == "eight_cut"
    assert main(["rules", "r1.tavern-jack.eight_cut~x"]) == 2
    assert "part 3 'eight_cut~x'" in capsys.readouterr().err


def test_a_record_carries_the_code_and_may_name_its_rules_by_the_code_alone() -> None:
    match = Match("tavern-jack", 4, seed=3, eight_cut=True, jokers=1)
    record = match.record()
    assert '[Code "r1.tavern-jack.eight_cut.jokers~1"]' in record
    only_code = "\n".join(line for line in record.splitlines() if not line.startswith(("[Rules", "[Options")))
    assert Match.replay(only_code).rules == match.rules


def test_a_record_whose_code_disagrees_with_its_options_is_refused() -> None:
    record = Match("tavern-jack", 4, seed=3, eight_cut=True).record().replace(
        "r1.tavern-jack.eight_cut", "r1.tavern-jack.eleven_back")
    with pytest.raises(ValueError, match=r"disagrees with \[Rules\] and \[Options\] on eight_cut, eleven_back"):
        Match.replay(record)
