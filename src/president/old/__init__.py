"""The 19th-century stops game President (seed 000): a 51-card pack, a staking board and suit sequences.

``OldMatch`` is the engine, ``bots`` the computer players, ``cli`` terminal play and ``arena`` bot matches.
"""

from __future__ import annotations

from president.old.board import SECTIONS
from president.old.cards import DECK, MISSING, PRESIDENT, Card, card_name, card_text, parse_card
from president.old.deal import stack_deck
from president.old.match import GAME_NAME, OldMatch
from president.old.moves import Event, Play
from president.old.options import OldOptions

__all__ = [
    "DECK",
    "GAME_NAME",
    "MISSING",
    "PRESIDENT",
    "SECTIONS",
    "Card",
    "Event",
    "OldMatch",
    "OldOptions",
    "Play",
    "card_name",
    "card_text",
    "parse_card",
    "stack_deck",
]
