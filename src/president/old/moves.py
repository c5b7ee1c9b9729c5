"""Moves and events of the old game.

The only move is to play a card, written as the card (``5h``, ``9d``, ``Ks``). Every change the engine makes
is reported as an :class:`Event`; events carry only public information and are JSON-ready.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from president.errors import IllegalMove
from president.old.cards import DECK, Card, card_text, parse_card


@dataclass(frozen=True, order=True)
class Play:
    """Playing one card: to start a sequence, or to continue it with the next card up."""

    card: Card

    def __post_init__(self) -> None:
        if not 0 <= self.card < 52:
            raise IllegalMove(f"{self.card} is not a card number (0 to 51)")

    def __str__(self) -> str:
        return card_text(self.card)

    @classmethod
    def parse(cls, text: str) -> Play:
        """Read a move from its notation, the card's text; raises :class:`IllegalMove` naming a bad token."""
        try:
            return cls(parse_card(text))
        except ValueError as error:
            raise IllegalMove(str(error)) from None

    @classmethod
    def coerce(cls, move: Play | str) -> Play:
        """``move`` itself if it is a :class:`Play`, else its parsed text."""
        if isinstance(move, Play):
            return move
        if isinstance(move, str):
            return cls.parse(move)
        raise IllegalMove(f"a move is a card such as 5h, not {move!r}")


ALL_PLAYS: tuple[Play, ...] = tuple(Play(card) for card in DECK)
"""Every distinct move of the game, one per card, in card order."""


@dataclass(frozen=True)
class Event:
    """Something that happened at the table.

    ``type`` is one of ``deal_start``, ``stake``, ``deal``, ``turn_up``, ``play``, ``win``, ``sequence_end``,
    ``out``, ``pay``, ``exempt``, ``deal_end``, ``settlement_deal`` and ``game_end``; ``seat`` is the player
    concerned (None when nobody in particular); ``data`` holds the details, cards written as text.
    """

    type: str
    seat: int | None
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The event as a JSON-ready dict."""
        return {"type": self.type, "seat": self.seat, **self.data}
