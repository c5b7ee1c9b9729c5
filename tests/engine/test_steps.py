"""The steps of a replay (president.steps) agree with the engine: its events, and the table after each move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from president import Match
from president.cards import cards_list
from president.steps import match_steps

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("tavern-jack", 4, {}),
    ("revolution", 5, {}),
    ("three-of-clubs", 4, {}),
    ("daifugo", 5, {}),
    ("tavern-jack", 5, {"eight_cut": True, "eleven_back": True, "capital_fall": True, "forbidden_finish": ["2"]}),
]


def _played(number: int, preset: str, players: int, options: dict[str, Any]) -> Match:
    match = Match(preset, players, seed=40 + number, deals=3, **options)
    rng = random.Random(number)
    while match.to_act is not None:
        match.apply(rng.choice(match.legal_moves()))
    return match


@pytest.mark.parametrize(("number", "case"), list(enumerate(CASES)))
def test_steps_are_the_engines_operations_and_states(number: int, case: tuple[str, int, dict[str, Any]]) -> None:
    preset, players, options = case
    match = _played(number, preset, players, options)
    record = match.record()
    got = match_steps(record)
    steps = got["steps"]
    events = [e for step in steps for e in step["events"]]
    assert events == [e.to_dict() for e in match.events()]
    moves = [step for step in steps if step["index"] is not None]
    assert [(s["index"], s["seat"]) for s in moves] == [(i, seat) for i, (seat, _) in enumerate(match.moves)]
    assert sum(step["index"] is None for step in steps) == len(match.deal_results)
    after = Match.replay(record, moves=0)
    for step, (_seat, move) in zip(moves, match.moves, strict=True):
        before = after.copy()
        after.apply(move)
        kinds = [e["type"] for e in step["events"]]
        if "deal_over" in kinds:
            # The deal as it ended: the mover's cards are gone, the last player keeps his.
            hands = [cards_list(h) for h in before.hands]
            played = set(step["events"][0].get("cards", []))
            hands[step["seat"]] = [c for c in hands[step["seat"]] if c not in played]
            for fall in (e for e in step["events"] if e["type"] == "fall"):
                hands[fall["seat"]] = []
            over = next(e for e in step["events"] if e["type"] == "deal_over")
            assert step["hands"] == hands
            assert step["places"] == [over["order"].index(s) + 1 for s in range(players)]
            assert step["scores"] == over["scores"] and step["table"] == []
        else:
            assert step["hands"] == [cards_list(h) for h in after.hands]
            assert step["table"] == cards_list(after.table_mask)
            assert step["scores"] == after.scores and step["to_act"] == after.to_act
            assert step["revolution"] == after.revolution
    assert got["results"] == [r.to_dict() for r in match.deal_results]
    assert got["winners"] == match.winners


def test_a_record_that_does_not_replay_is_refused() -> None:
    record = _played(0, "tavern-jack", 4, {}).record().replace("\n0 ", "\n1 ", 1)
    with pytest.raises(ValueError):
        match_steps(record)
