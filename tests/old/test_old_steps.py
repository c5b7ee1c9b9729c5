"""The steps of a finished old game for the replay viewer: each card, each stop, each win, the settlement."""

from __future__ import annotations

import random
from typing import Any

import pytest
from old_helpers import table

from president.old import DECK, OldMatch, card_text, stack_deck
from president.old.bots import BOTS
from president.old.steps import old_steps


def _played(seed: int, auto_play: bool, players: int = 4, deals: int = 2, **options: Any) -> OldMatch:
    """A whole game of careful bots."""
    match = OldMatch(players=players, seed=seed, deals=deals, auto_play=auto_play, **options)
    rng = random.Random(seed)
    while match.to_act is not None:
        match.apply(BOTS["careful"]().choose(match.view(match.to_act, open_record=True), rng))
    return match


@pytest.mark.parametrize("auto_play", [True, False])
def test_the_steps_hold_every_event_and_one_step_per_card(auto_play: bool) -> None:
    match = _played(3, auto_play, staking="equal", stake=16)
    got = old_steps(match.record())
    steps = got["steps"]
    assert [event for step in steps for event in step["events"]] == [event.to_dict() for event in match.log]
    cards = [step for step in steps if step["seat"] is not None]
    assert all([e["type"] for e in step["events"]].count("play") == 1 for step in cards)
    assert len(cards) == sum(1 for event in match.log if event.type == "play")
    assert got["chips"] == match.chips and got["chips_by_deal"] == match.view(None)["chips_by_deal"]
    assert got["game"] == "old-president" and got["options"]["auto_play"] is auto_play
    assert steps[-1]["phase"] == "over" and got["winners"] == [match.chips.index(max(match.chips))]
    if not auto_play:
        assert [step["index"] for step in cards] == list(range(len(match.moves)))


def test_a_record_made_with_auto_play_gives_the_same_steps_card_by_card() -> None:
    on, off = old_steps(_played(8, True).record()), old_steps(_played(8, False).record())
    assert len(on["steps"]) == len(off["steps"])
    for a, b in zip(on["steps"], off["steps"], strict=True):
        assert {**a, "index": None} == {**b, "index": None}
    leads = [step for step in on["steps"] if step["seat"] is not None and step["events"][0]["lead"]]
    assert all(step["index"] is not None for step in leads)


@pytest.mark.parametrize(("seed", "players"), [(5, 3), (6, 5), (7, 7), (8, 10)])
def test_every_card_is_shown_somewhere_and_the_chips_are_conserved_at_each_step(seed: int, players: int) -> None:
    match = _played(seed, False, players=players, deals=3)
    start = players * match.options.chips
    for step in old_steps(match.record())["steps"]:
        assert sum(step["chips"]) + sum(step["board"].values()) == start
        if step["phase"] == "over":
            continue
        shown = [card for hand in step["hands"] for card in hand] + step["dummy"] + [step["turned_up"]]
        shown += [card for _, card in step["played"]]
        assert sorted(shown) == sorted(card_text(card) for card in DECK)
        for seat, card in step["played"]:
            assert all(card not in hand for hand in step["hands"]) and 0 <= seat < players


def test_a_step_shows_the_sections_a_card_won_and_why_its_sequence_stopped() -> None:
    # Seat 1 leads the 10h, seat 2 follows with the Jh and the Qh (hearts are trumps: jack, queen, intrigue);
    # the Kh is in the dummy, so the sequence stops there and seat 2 starts the next one.
    match = table({1: "10h", 2: "Jh Qh"}, dummy="Kh", turn_up="5h", auto_play=False)
    for move in ("10h", "Jh", "Qh"):
        match.apply(move)
    with pytest.raises(ValueError, match="not over"):
        old_steps(match.record())
    while match.to_act is not None:
        match.apply(match.legal_moves()[0])
    steps = old_steps(match.record())["steps"]
    assert steps[0]["index"] is None and steps[0]["turned_up"] == "5h" and "Kh" in steps[0]["dummy"]
    jack, queen = steps[2], steps[3]
    assert jack["stopped"] is None and jack["to_act"] == 2 and jack["next_card"] == "Qh"
    assert [(e["type"], e.get("section")) for e in queen["events"]] == [
        ("play", None), ("win", "queen"), ("win", "intrigue"), ("sequence_end", None)]
    assert queen["stopped"] == {"reason": "dummy", "next": "Kh"} and queen["to_act"] == 2
    assert queen["sequence"] == [[1, "10h"], [2, "Jh"], [2, "Qh"]] and "Qh" not in queen["hands"][2]
    assert queen["chips"][2] == jack["chips"][2] + queen["events"][1]["chips"] + queen["events"][2]["chips"]


def test_a_turned_up_president_and_the_settlement_have_steps_of_their_own() -> None:
    redeal = stack_deck(3, 1, {0: ["Ad", "Jd"], 1: ["Qd"], 2: ["Kd"]}, dummy=False)
    match = table({}, turn_up="9d", later=[redeal])
    steps = old_steps(match.record())["steps"]
    assert len(steps) == 2
    deal, settlement = steps
    assert deal["turned_up"] == "9d" and deal["phase"] == "between"
    assert [e["section"] for e in deal["events"] if e["type"] == "win"] == ["president", "game"]
    assert sum(len(hand) for hand in deal["hands"]) + len(deal["dummy"]) == 50
    assert settlement["events"][0]["type"] == "settlement_deal" and settlement["phase"] == "over"
    assert settlement["settlement"] == settlement["events"][0]["hands"]
    assert not any(settlement["board"].values())


def test_a_record_that_does_not_replay_is_refused() -> None:
    with pytest.raises(ValueError):
        old_steps('[Game "old-president"]\n[Players "3"]\n\n1. Zz\n')
