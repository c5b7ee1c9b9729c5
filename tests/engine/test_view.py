"""What one seat may see: its own hand, public facts, and nothing of the other hands."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from president import Event, Match
from president.moves import GIVE_FLAG

from .driving import finish_deal, lowest, play, play_to_deal, random_policy
from .invariants import check_hidden_information, check_one_seat_to_act
from .spec import PRESET_NAMES, TABLE_SIZES


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_no_view_reveals_another_hand_at_any_moment_of_a_match(preset: str) -> None:
    players = TABLE_SIZES[preset][-1]
    match = Match(preset, players=players, seed=17)
    policy = random_policy(17)
    steps = 0
    while not match.is_over and match.deal_number <= 2:
        if steps % 3 == 0 or match.phase == "exchange":
            check_hidden_information(match)
        match.apply_fast(policy(match))
        steps += 1


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_view_computes_the_same_legal_moves_as_the_engine_from_what_the_seat_sees(preset: str) -> None:
    match = Match(preset, players=TABLE_SIZES[preset][0], seed=23)
    policy = random_policy(23)
    while match.deal_number <= 2 and not match.is_over:
        check_one_seat_to_act(match)
        match.apply_fast(policy(match))


def test_the_view_shows_the_own_hand_and_only_the_number_of_cards_of_the_others() -> None:
    match = Match("tavern-jack", players=4, seed=1)
    view = match.view(2)
    assert view["hand"] == match.hand(2).split()
    assert view["counts"] == match.counts()
    assert view["seat"] == 2 and view["players"] == 4 and view["rules"] == "tavern-jack"
    assert not any(key in view for key in ("hands", "seed", "deck"))


def test_the_view_is_ready_for_json() -> None:
    match = Match("revolution", players=5, seed=2)
    play_to_deal(match, 2)
    for seat in range(5):
        view = match.view(seat)
        assert json.loads(json.dumps(view)) == view


def test_only_the_seat_to_act_sees_its_legal_moves() -> None:
    match = Match("race-to-11", players=4, seed=3)
    seat = match.to_act
    for other in range(4):
        moves = match.view(other)["legal_moves"]
        assert bool(moves) == (other == seat)
    assert set(match.view(match.leader)["legal_moves"]) == {str(m) for m in match.legal_moves()}


def test_a_view_of_a_seat_that_is_not_at_the_table_is_refused() -> None:
    match = Match("tavern-jack", players=3, seed=1)
    with pytest.raises(ValueError):
        match.view(3)
    with pytest.raises(ValueError):
        match.seat_view(-1)


def test_the_view_shows_the_table_its_owner_the_passes_and_the_history_of_the_deal() -> None:
    match = Match.from_hands("tavern-jack", ["3c 9c", "5c Kc", "6c 7c", "8c 9d"], leader=0)
    play(match, (0, "3c"), (1, "5c"), (2, "pass"))
    view = match.view(3)
    assert view["table"] == ["5c"] and view["table_owner"] == 1
    assert view["passed"] == [2]
    assert view["history"] == [{"seat": 0, "move": "3c"}, {"seat": 1, "move": "5c"}, {"seat": 2, "move": "pass"}]
    assert view["played"] == ["3c", "5c"]


def test_a_seat_sees_the_cards_of_its_own_exchange_and_nobody_else_does() -> None:
    match = Match("tavern-jack", players=5, seed=4)
    play_to_deal(match, 2)
    order = match.deal_results[-1].order
    president, beggar = order[0], order[-1]
    gift = match.seat_view(beggar).given
    assert match.seat_view(president).received == gift
    for seat in order[2:-2]:
        view = match.seat_view(seat)
        assert view.given == view.received == 0
        assert not set(match.view(seat)["hand"]) & set(match.view(president)["received"])
    back = min(match.legal_masks())
    match.apply(back)
    assert match.seat_view(beggar).received == back & ~GIVE_FLAG
    assert match.seat_view(president).given == back & ~GIVE_FLAG
    check_hidden_information(match)


def test_events_of_the_exchange_show_the_cards_only_to_the_two_seats() -> None:
    match = Match("three-of-clubs", players=4, seed=6)
    events: Sequence[Event] = []
    while match.deal_number == 1:
        events = match.apply(lowest(match))
    gifts = [e for e in events if e.kind == "gift"]
    assert len(gifts) == 2
    for event in gifts:
        assert event.seat is not None and event.to is not None
        for seat in range(4):
            data = event.to_dict(for_seat=seat)
            if seat in (event.seat, event.to):
                assert data["cards"] and "count" not in data
            else:
                assert "cards" not in data and data["count"] == event.cards.bit_count()
    returned = match.apply(min(match.legal_masks()))
    assert [e.kind for e in returned] == ["return"]
    outsider = next(s for s in range(4) if s not in (returned[0].seat, returned[0].to))
    assert "cards" not in returned[0].to_dict(for_seat=outsider)
    assert "cards" not in returned[0].to_dict(for_seat=None)


def test_the_card_a_first_lead_must_contain_is_shown_only_to_the_leader() -> None:
    match = Match("three-of-clubs", players=4, seed=8)
    for seat in range(4):
        assert match.view(seat)["must_contain"] == ("3c" if seat == match.leader else None)


def test_titles_scores_and_results_are_public() -> None:
    match = Match("revolution", players=4, seed=9)
    finish_deal(match, random_policy(9))
    for seat in range(4):
        view = match.view(seat)
        assert view["titles"] == match.titles
        assert view["scores"] == match.scores
        assert view["deal_results"] == [r.to_dict() for r in match.deal_results]


def test_the_view_gives_the_order_of_the_ranks_in_the_trick_for_the_browser() -> None:
    view = Match("revolution", 4, seed=1).seat_view(0)
    assert view.to_dict()["rank_order"] == list(range(14))  # 3 … 2, then the jokers
    view.revolution = True  # plain jokers are reversed with the rest in this preset
    assert view.to_dict()["rank_order"] == [13, *range(12, -1, -1)]
    view.eleven_back = True  # 11-back reverses the revolution again for the trick
    assert view.rank_order() == tuple(range(14))
    high = Match("revolution", 4, seed=1, joker_in_revolution="highest", eleven_back=True).seat_view(0)
    high.revolution = True
    assert high.rank_order() == (*range(12, -1, -1), 13)
