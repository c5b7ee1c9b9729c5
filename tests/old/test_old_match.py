"""The shape of the engine: moves, illegal input, views, records and replays, determinism."""

from __future__ import annotations

import json
import random

import pytest
from old_helpers import table

from president.errors import IllegalMove
from president.old import DECK, OldMatch, Play, card_text, parse_card, stack_deck
from president.old.cards import parse_cards


def _snapshot(match: OldMatch) -> tuple[str, str, list[int]]:
    return match.record(), json.dumps(match.view(None), sort_keys=True), match.hand(match.to_act or 0)


def _play_out(match: OldMatch, seed: int = 0) -> OldMatch:
    rng = random.Random(seed)
    while match.to_act is not None:
        match.apply(rng.choice(match.legal_moves()))
    return match


# -- cards and moves ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text,card", [("9d", "9d"), ("QH", "Qh"), ("10s", "10s"), ("Ts", "10s"),
                                       ("k♠", "Ks"), ("a♣", "Ac"), ("2♥", "2h"), (" jd ", "Jd")])
def test_card_text_is_read_in_every_accepted_form(text: str, card: str) -> None:
    assert card_text(parse_card(text)) == card


@pytest.mark.parametrize("token", ["", "x", "9", "d9", "11h", "0s", "9z", "Qx"])
def test_a_bad_card_token_raises_value_error_naming_it(token: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        parse_card(token)


def test_every_card_round_trips_through_its_text() -> None:
    assert [parse_card(card_text(card)) for card in DECK] == list(DECK)
    assert str(Play.parse("ts")) == "10s"


def test_legal_moves_are_the_hand_when_starting_a_sequence() -> None:
    match = OldMatch(seed=4)
    assert sorted(move.card for move in match.legal_moves()) == match.hand(1)
    assert match.phase == "lead" and match.to_act == 1


# -- illegal moves change nothing ------------------------------------------------------------------------------


@pytest.mark.parametrize("move,reason", [
    ("zz", "is not a card"),
    ("8d", "taken out of the pack"),
    ("Kd", "you do not hold the king of diamonds"),
])
def test_an_illegal_move_raises_with_a_reason_and_changes_nothing(move: str, reason: str) -> None:
    match = table({1: "2c"}, dummy="3c", auto_play=False)
    before = _snapshot(match)
    with pytest.raises(IllegalMove, match=reason):
        match.apply(move)
    assert _snapshot(match) == before


def test_a_card_already_played_cannot_be_played_again() -> None:
    match = table({1: "2c 3s"}, dummy="3c 4s")
    match.apply("2c")
    with pytest.raises(IllegalMove, match="already been played"):
        match.apply("2c")


def test_playing_out_of_turn_is_refused() -> None:
    match = OldMatch(seed=2)
    card = match.hand(2)[0]
    with pytest.raises(IllegalMove, match="not your turn: seat 1"):
        match.apply(Play(card), seat=2)


def test_the_forced_card_must_be_the_next_card_up() -> None:
    match = table({1: "2c", 2: "3c 9h"}, dummy="4c", auto_play=False)
    match.apply("2c")
    before = _snapshot(match)
    with pytest.raises(IllegalMove, match="goes on with the three of clubs"):
        match.apply("9h")
    assert _snapshot(match) == before
    match.apply("3c", seat=2)
    assert match.to_act == 2 and match.phase == "lead"


def test_no_move_once_the_game_is_over() -> None:
    match = _play_out(OldMatch(players=3, seed=1, deals=1))
    assert match.legal_moves() == [] and match.phase == "over"
    with pytest.raises(IllegalMove, match="game is over"):
        match.apply("2c")


def test_a_move_of_the_wrong_type_is_refused() -> None:
    with pytest.raises(IllegalMove):
        OldMatch().apply(7)  # type: ignore[arg-type]


def test_bad_options_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="3 to 10 players"):
        OldMatch(players=2)
    with pytest.raises(ValueError, match="staking"):
        OldMatch(staking="lavish")
    with pytest.raises(ValueError, match="51 cards"):
        OldMatch(decks=[list(DECK)[:-1]])
    with pytest.raises(ValueError, match="receives only"):
        stack_deck(3, 0, {0: [card_text(card) for card in DECK[:13]]})


# -- views -----------------------------------------------------------------------------------------------------


def test_a_view_shows_only_what_the_seat_may_see() -> None:
    match = OldMatch(players=4, seed=9)
    for _ in range(3):
        match.apply(match.legal_moves()[0])
    public = {text for _, text in match.view(None)["played"]} | {match.view(None)["turned_up"]}
    for seat in range(4):
        view = match.view(seat)
        json.dumps(view)
        assert view["hand"] == [card_text(card) for card in sorted(match.hand(seat), key=lambda c: (c // 13, c))]
        assert view["hand_counts"] == [len(match.hand(other)) for other in range(4)]
        shown = set(json.dumps(view).replace('"', " ").replace(",", " ").replace("]", " ").split())
        hidden = {card_text(card) for other in range(4) if other != seat for card in match.hand(other)}
        hidden |= {card_text(card) for card in match.dummy()}
        assert not (shown & (hidden - public))
        assert view["legal_moves"] == ([str(move) for move in match.legal_moves()] if seat == match.to_act else [])


def test_hands_and_dummy_are_revealed_when_the_deal_ends() -> None:
    match = table({1: "Qc Kc Qd Kd Ks"}, dummy="9d", turn_up="5h", players=10, deals=2,
                  later=[stack_deck(10, 1, {}, turn_up="5c")])
    for card in ("Qc", "Qd", "Ks"):
        match.apply(card)
    last = match.view(4)["last_deal"]
    assert last["winner"] == 1 and "9d" in last["dummy"] and last["hands"][1] == []
    assert sum(map(len, last["hands"])) + len(last["dummy"]) == 50 - 5


# -- records, replays and determinism --------------------------------------------------------------------------


def test_the_same_seed_and_moves_give_the_same_game() -> None:
    first, second = _play_out(OldMatch(seed=21)), _play_out(OldMatch(seed=21))
    assert first.record() == second.record() and first.chips == second.chips
    assert _play_out(OldMatch(seed=22)).record() != first.record()


@pytest.mark.parametrize("options", [
    {}, {"players": 3, "staking": "equal", "stake": 16}, {"players": 6, "auto_play": False, "deals": 2},
    {"president_turnup": "board", "odd_chip": "eldest", "first_dealer": 2},
])
def test_replay_rebuilds_the_identical_match(options: dict[str, object]) -> None:
    match = OldMatch(seed=5, **options)  # type: ignore[arg-type]
    rng = random.Random(1)
    for _ in range(12):
        if match.to_act is None:
            break
        match.apply(rng.choice(match.legal_moves()))
        again = OldMatch.replay(match.record())
        assert again.record() == match.record()
        assert all(again.view(seat) == match.view(seat) for seat in range(match.players))
        assert [event.to_dict() for event in again.log] == [event.to_dict() for event in match.log]


def test_replay_of_a_finished_match_with_stacked_decks() -> None:
    deck = stack_deck(3, 0, {1: ["Jh", "Qh"]}, turn_up="5h")
    match = _play_out(OldMatch(players=3, seed=8, decks=[deck]), seed=3)
    text = match.record()
    assert "[Deck1 " in text and text.rstrip().endswith("; chips " + " ".join(map(str, match.chips)))
    assert OldMatch.replay(text).record() == text


def test_a_broken_record_is_refused() -> None:
    match = OldMatch(seed=3)
    match.apply(match.legal_moves()[0])
    text = match.record()
    with pytest.raises(ValueError, match="recorded in deal 2"):
        OldMatch.replay(text.replace("\n1. ", "\n2. "))
    with pytest.raises(ValueError, match="neither a tag"):
        OldMatch.replay(text + "garbage\n")
    with pytest.raises(ValueError, match="not 'old-president'"):
        OldMatch.replay(text.replace("old-president", "chess"))
    with pytest.raises(IllegalMove):
        OldMatch.replay(text.replace("\n1. ", "\n1. 8d "))


def test_events_are_json_ready() -> None:
    match = _play_out(OldMatch(players=3, seed=2, deals=2))
    json.dumps([event.to_dict() for event in match.log])
    assert match.log[0].type == "deal_start" and match.log[-1].type == "game_end"


def test_hand_texts_parse_back_to_the_hand() -> None:
    match = OldMatch(seed=1)
    assert sorted(parse_cards(match.view(2)["hand"])) == match.hand(2)


def test_changing_a_view_does_not_change_the_match() -> None:
    match = _play_out(OldMatch(players=3, seed=6, deals=2))
    view = match.view(0)
    view["last_deal"]["hands"][0].append("Kd")
    view["settlement"]["awards"].clear()
    view["chips"][0] += 1000
    assert match.view(0) != view and match.view(0) == OldMatch.replay(match.record()).view(0)
