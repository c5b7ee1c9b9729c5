"""Helpers shared by the tests of the old game."""

from __future__ import annotations

from typing import Any

from president.old import Event, OldMatch, stack_deck


def table(hands: dict[int, str], dummy: str = "", turn_up: str = "5c", players: int = 3, dealer: int = 0,
          later: list[list[int]] | None = None, **options: Any) -> OldMatch:
    """A one-deal match (unless ``deals`` says otherwise) whose first deal gives these cards to these seats."""
    deck = stack_deck(players, dealer, {seat: cards.split() for seat, cards in hands.items()}, dummy.split(),
                      turn_up)
    options.setdefault("deals", 1)
    return OldMatch(players=players, first_dealer=dealer, decks=[deck, *(later or [])], **options)


def plays(events: list[Event]) -> list[tuple[int | None, str]]:
    """The (seat, card) of every play event."""
    return [(event.seat, event.data["card"]) for event in events if event.type == "play"]


def wins(events: list[Event], reason: str | None = None) -> list[tuple[int | None, str, int]]:
    """The (seat, section, chips) of every win event, optionally of one reason only."""
    return [(event.seat, event.data["section"], event.data["chips"]) for event in events
            if event.type == "win" and (reason is None or event.data["reason"] == reason)]


def of_type(events: list[Event], kind: str) -> list[Event]:
    """The events of one type."""
    return [event for event in events if event.type == kind]
