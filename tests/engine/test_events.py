"""The events of every move agree with what the move did to the match (fast and full paths alike)."""

from __future__ import annotations

import random

import pytest

from president import Match
from president.events import Event, Events

from .spec import PRESET_NAMES


def _check_move(before: Match, after: Match, seat: int, move: int, kinds: list[str], events: Events) -> None:
    by_kind = {e.kind: e for e in events}
    if before.phase == "exchange":
        assert kinds[0] == "return" and by_kind["return"].seat == seat
        return
    if not move:
        assert kinds[0] == "pass" and by_kind["pass"].seat == seat
    else:
        assert kinds[0] == "play" and by_kind["play"].seat == seat and by_kind["play"].cards == move
    went_out = bool(move) and before.hands[seat] == move
    assert ("out" in kinds) == went_out
    if went_out:
        place = by_kind["out"].data["place"]
        assert place == len(before.finished) + 1
        if "deal_over" not in kinds:
            assert after.finished[place - 1] == seat
    quad = bool(move) and move.bit_count() == 4 and before.rules.revolution
    assert ("revolution" in kinds) == quad
    if quad:
        assert by_kind["revolution"].data["on"] == (not before.revolution)
    if "deal_over" in kinds:
        assert "trick_cleared" not in kinds
        assert after.is_over or after.deal_number == before.deal_number + 1
        return
    cleared = after.table_mask == 0  # a play stays on the table and a pass leaves it unless the trick ends
    assert ("trick_cleared" in kinds) == cleared
    if cleared:
        assert by_kind["trick_cleared"].data["leader"] == after.to_act


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_events_tell_what_each_move_did(preset: str) -> None:
    for seed in range(6):
        players = 4 if preset == "three-of-clubs" else 4 + seed % 3
        match = Match(preset, players=players, seed=seed)
        rng = random.Random(seed)
        seen: set[str] = set()
        while not match.is_over:
            seat = match.to_act
            assert seat is not None
            move = rng.choice(match.legal_moves())
            before = match.copy()
            events = match.apply(move)
            kinds = [e.kind for e in events]
            seen.update(kinds)
            _check_move(before, match, seat, int(move) & ((1 << 54) - 1), kinds, events)
        assert {"play", "pass", "out", "trick_cleared", "deal_over", "match_over"} <= seen


@pytest.mark.parametrize("preset", ["tavern-jack", "daifugo"])
def test_events_are_every_event_of_the_match_in_order(preset: str) -> None:
    match = Match(preset, 4 if preset != "daifugo" else 5, seed=6, deals=2)
    rng = random.Random(6)
    seen: list[Event] = []
    while not match.is_over:
        seen.extend(match.apply(rng.choice(match.legal_moves())))
    everything = match.events()
    assert everything[0].kind == "deal" and everything[0].data == {"deal": 1, "leader": everything[0].data["leader"]}
    assert everything[1:] == seen
    assert [e.kind for e in everything].count("deal") == 2 and everything[-1].kind == "match_over"
    single = Match.from_hands("tavern-jack", ["7c 7h 3d", "Js Jd Kc", "4s 5s"], leader=0)
    events = list(single.apply("7c 7h"))
    assert single.events() == [Event("deal", None, 0, None, {"deal": 1, "leader": 0}), *events]


_HOUSE_KINDS = {"lock", "revolution", "eleven_back", "skip", "fall"}


@pytest.mark.parametrize("options", [
    dict(eight_cut=True, eleven_back=True, suit_lock=True, revolution=True, equal_answers=True, skip_on_equal=True,
         capital_fall=True, forbidden_finish=["2", "8"]),
    dict(quad_bomb=True, two_bomb=True, jokers=1, spade3_beats_joker=True, forbidden_finish=["spade3", "joker"]),
    dict(runs=True, revolution=True, run_revolution=3, eight_cut=True),
])
def test_every_event_a_house_rule_causes_names_the_option_and_the_option_is_on(options: dict[str, object]) -> None:
    from president.rules import OPTION_NAMES

    named: set[str] = set()
    for seed in range(8):
        match = Match("tavern-jack", players=4 + seed % 2, seed=seed, deals=3, **options)
        rng = random.Random(seed)
        while not match.is_over:
            for event in match.apply(rng.choice(match.legal_moves())):
                caused = (event.kind in _HOUSE_KINDS or (event.kind == "trick_cleared" and "cut" in event.data)
                          or (event.kind == "out" and event.data.get("forbidden")))
                option = event.data.get("option")
                assert (option is not None) == bool(caused), event
                if option is not None:
                    assert option in OPTION_NAMES and getattr(match.rules, option), event
                    named.add(option)
    expected = {k for k, v in options.items() if v and k in {"eight_cut", "eleven_back", "suit_lock", "run_revolution",
                                                           "quad_bomb", "two_bomb", "forbidden_finish"}}
    assert expected <= named, expected - named
