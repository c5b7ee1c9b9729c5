"""The one list of event types: what the engines emit, what the protocol declares and what its reference lists."""

from __future__ import annotations

import random
import re
from pathlib import Path

from president.engine import Match
from president.rules import PRESETS, get_rules
from president.server.play.oldgame import OldTableMatch
from president.server.protocol import EVENT_TYPES, OLD_EVENT_TYPES

PROTOCOL_DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"

EVERY_TRICK_RULE = {"equal_answers": True, "skip_on_equal": True, "suit_lock": True, "eleven_back": True,
                    "capital_fall": True, "nine_reverse": True, "gekokujo": True, "seven_pass": True,
                    "ten_discard": True, "queen_bomber": True, "eight_cut": True, "four_stop": True, "salvage": True,
                    "spade3_cut": True}
"""House rules that each add an event type of their own."""


def _modern_types() -> set[str]:
    seen: set[str] = set()
    for name in PRESETS:
        for options in ({}, EVERY_TRICK_RULE):
            rules = get_rules(name, **options)
            for seed in range(3):
                match, chooser = Match(rules, 4, seed), random.Random(seed)
                while not match.is_over:
                    seen.update(event.kind for event in match.apply(chooser.choice(match.legal_masks())))
    # A poor player dealt nothing above a 10 is rare: seeds until one is spared the exchange (tenpen-chii).
    for seed in range(400):
        match, chooser = Match("race-to-11", 7, seed, tenpen_chii=True), random.Random(seed)
        while match.deal_number == 1:
            kinds = {event.kind for event in match.apply(chooser.choice(match.legal_masks()))}
            if "spared" in kinds:
                return seen | kinds
    return seen


def _old_types() -> set[str]:
    seen: set[str] = set()
    for seed in range(5):
        match, chooser = OldTableMatch.new(4, seed, 2, {}), random.Random(seed)
        while not match.is_over:
            seen.update(event.to_dict(None)["type"] for event in match.apply(chooser.choice(match.legal_masks())))
    return seen


def test_the_climbing_game_emits_every_declared_event_type_and_no_other() -> None:
    assert _modern_types() == set(EVENT_TYPES)


def test_the_old_game_emits_every_declared_event_type_and_no_other() -> None:
    assert _old_types() == set(OLD_EVENT_TYPES)


def test_the_protocol_reference_lists_the_declared_event_types() -> None:
    text = PROTOCOL_DOC.read_text(encoding="utf-8")
    section = text.split("\n## Events\n", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"^\| `([a-z_]+)` \|", section, re.M) == list(EVENT_TYPES)
    old = re.search(r"\*\*Events\*\* are the engine's \(([^)]*)\)", text)
    assert old is not None
    assert re.findall(r"`([a-z_]+)`", old.group(1)) == list(OLD_EVENT_TYPES)
