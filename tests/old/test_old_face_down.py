"""Seed 000: "all the cards already played in the sequence are turned face down" when a sequence stops.

A view shows face up only the cards of the sequence under way; the option ``open_record`` keeps the deal's
cards face up, and a finished game shows everything.
"""

from __future__ import annotations

from old_helpers import table

from president.old import OldMatch, card_text


def _face_up(match: OldMatch, seat: int | None = None) -> list[str]:
    return [card for _, card in match.view(seat)["played"]]


def test_the_cards_of_a_sequence_under_way_are_face_up() -> None:
    match = table({1: "3h", 2: "4h", 0: "5h"}, dummy="6h", auto_play=False)
    match.apply("3h")
    match.apply("4h")
    assert _face_up(match) == ["3h", "4h"]
    assert match.view(0)["face_down"] == 0


def test_a_stopped_sequence_is_turned_face_down() -> None:
    match = table({1: "3h 2c", 2: "4h", 0: "5h"}, dummy="6h")
    match.apply("3h")
    assert [card_text(card) for _, card in match.played] == ["3h", "4h", "5h"]
    for seat in (None, 0, 1, 2):
        assert _face_up(match, seat) == []
        assert match.view(seat)["face_down"] == 3


def test_only_the_new_sequence_is_face_up_after_a_stop() -> None:
    match = table({1: "3h 2c", 2: "4h", 0: "5h 9s 10c"}, dummy="6h 10s", auto_play=False)
    for card in ("3h", "4h", "5h", "9s"):
        match.apply(card)
    assert _face_up(match) == []  # 9s stopped at once: the 10s is in the dummy
    assert match.view(1)["face_down"] == 4
    match.apply("10c")
    assert _face_up(match) == ["10c"]
    assert match.view(1)["face_down"] == 4


def test_the_open_record_option_keeps_every_card_of_the_deal_face_up() -> None:
    match = table({1: "3h 2c", 2: "4h", 0: "5h"}, dummy="6h", open_record=True)
    match.apply("3h")
    assert _face_up(match) == ["3h", "4h", "5h"]
    assert match.view(2)["face_down"] == 0
    assert match.view(2)["options"]["open_record"] is True


def test_a_caller_may_ask_for_the_remembered_record() -> None:
    match = table({1: "3h 2c", 2: "4h", 0: "5h"}, dummy="6h")
    match.apply("3h")
    assert [card for _, card in match.view(1, open_record=True)["played"]] == ["3h", "4h", "5h"]
    assert _face_up(match, 1) == []


def test_a_finished_game_shows_every_card_of_its_last_deal() -> None:
    match = OldMatch(players=3, seed=4, deals=1)
    while match.to_act is not None:
        match.apply(match.legal_moves()[0])
    view = match.view(None)
    assert match.played
    assert view["played"] == [[seat, card_text(card)] for seat, card in match.played]
    assert view["face_down"] == 0


def test_the_open_record_option_survives_the_record() -> None:
    match = OldMatch(players=3, seed=2, open_record=True)
    match.apply(match.legal_moves()[0])
    text = match.record()
    assert '[OpenRecord "yes"]' in text
    again = OldMatch.replay(text)
    assert again.options.open_record and again.view(0) == match.view(0)
    assert "OpenRecord" not in OldMatch(players=3, seed=2).record()
