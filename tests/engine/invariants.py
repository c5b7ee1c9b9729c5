"""Facts that hold in every position of every match; each raises AssertionError naming what broke."""

from __future__ import annotations

from typing import Any

from president import Match, parse_card
from president.moves import GIVE_FLAG

from .spec import DECK_SIZE


def deck_of(match: Match) -> int:
    """The mask of the cards dealt in this match (from the spec's deck size)."""
    return (1 << DECK_SIZE.get(match.rules.name, 52 + match.rules.jokers)) - 1


def check_cards_conserved(match: Match, deck: int) -> None:
    """The hands and the cards played this deal are disjoint and together make the deck."""
    seen = 0
    for seat, hand in enumerate(match.hands):
        assert hand & seen == 0, f"seat {seat} holds a card another seat holds"
        seen |= hand
    played = match.seat_view(0).played
    assert played & seen == 0, "a played card is still in a hand"
    assert seen | played == deck, "cards were lost or created"


def check_one_seat_to_act(match: Match, every_seat: bool = True) -> None:
    """Until the end exactly one seat is to act and has moves; afterwards nobody.

    With ``every_seat=False`` only the view of the seat to act is compared with the engine.
    """
    seats = range(match.players) if every_seat or match.to_act is None else [match.to_act]
    views = [match.seat_view(s) for s in seats]
    if match.is_over:
        assert match.to_act is None and match.phase == "over" and match.legal_masks() == []
        assert all(v.to_act is None and v.legal_masks() == [] for v in views)
        return
    seat = match.to_act
    assert seat is not None and 0 <= seat < match.players
    assert match.hands[seat], "a seat without cards is asked to act"
    engine = sorted(match.legal_masks())
    assert engine and len(set(engine)) == len(engine), "no moves, or a move listed twice"
    for view in views:
        assert view.to_act == seat
        if view.seat == seat:
            assert sorted(view.legal_masks()) == engine, "the view computes other moves than the engine"
        else:
            assert view.legal_masks() == []


def strings_in(value: Any) -> list[str]:
    """Every string inside a JSON-like value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return [s for item in value for s in strings_in(item)]
    return []


_TOKEN_CARDS: dict[str, int] = {}


def cards_in(value: Any) -> int:
    """Every card named anywhere in a JSON-like value (in strings such as '7c', '7c 7h', 'give 3c')."""
    mask = 0
    for token in {t for s in strings_in(value) for t in s.split()}:
        card = _TOKEN_CARDS.get(token)
        if card is None:
            try:
                card = 1 << parse_card(token)
            except ValueError:
                card = 0
            _TOKEN_CARDS[token] = card
        mask |= card
    return mask


def check_hidden_information(match: Match) -> None:
    """No view shows a card of another hand, except cards its seat exchanged with that hand."""
    for seat in range(match.players):
        view = match.seat_view(seat)
        assert view.hand == match.hands[seat]
        shown = cards_in(match.view(seat))
        exchanged = view.given | view.received
        for other in range(match.players):
            if other != seat:
                leak = shown & match.hands[other] & ~exchanged
                assert not leak, f"seat {seat} sees cards of seat {other}"
        assert view.given & ~GIVE_FLAG == view.given


def check_position(match: Match, deck: int, every_seat: bool = True) -> None:
    """All the per-position invariants (see :func:`check_one_seat_to_act` for ``every_seat``)."""
    check_cards_conserved(match, deck)
    check_one_seat_to_act(match, every_seat)
