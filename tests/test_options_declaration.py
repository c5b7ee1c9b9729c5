"""The options are declared once: the docs table, the CLI explanation and records derive from the declaration."""

from __future__ import annotations

from pathlib import Path

import pytest

from president import Match
from president.rules import OPTIONS, PRESETS, check_options, get_rules
from repo_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


def test_the_docs_table_is_the_declaration() -> None:
    module = load_script("scripts/options_table.py")
    assert module.table() in (ROOT / "docs" / "rules.md").read_text(), "run scripts/options_table.py --write"


def test_every_option_is_explained_by_the_rules_command() -> None:
    text = get_rules("daifugo").explain()
    for option in OPTIONS:
        assert f"  {option.name} = " in text and option.description in text


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_passes_its_own_declaration(preset: str) -> None:
    rules = PRESETS[preset]
    values = {o.name: getattr(rules, o.name) for o in OPTIONS if o.table}
    assert check_options({k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}) == values


def test_house_options_survive_the_record() -> None:
    m = Match("tavern-jack", 4, seed=5, eight_cut=True, forbidden_finish=["2", "8"], run_min=4, runs=True)
    for _ in range(20):
        m.apply(m.legal_moves()[0])
    again = Match.replay(m.record())
    assert again.rules == m.rules and again.rules.forbidden_finish == ("2", "8") and again.hands == m.hands


def test_a_record_with_a_bad_option_is_refused_with_the_reason() -> None:
    text = Match("tavern-jack", 4, seed=1, eight_cut=True).record().replace('\\"eight_cut\\":true',
                                                                          '\\"eight_cut\\":\\"yes\\"')
    with pytest.raises(ValueError, match="eight_cut must be true or false"):
        Match.replay(text)
