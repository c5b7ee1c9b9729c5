"""President: one rules engine for the President family of card games.

>>> import president
>>> m = president.Match("tavern-jack", players=4, seed=1)
>>> m.phase
'play'

The engine (:class:`Match`), the rule options (:class:`Rules`, :data:`PRESETS`),
cards and moves as ints with a text notation, and the views a seat may see.
"""

from .cards import Cards, card_str, cards_str, parse_card, parse_cards
from .engine import Match
from .errors import IllegalMove
from .events import Event
from .moves import Move
from .rules import ALIASES, PRESETS, Rules, get_rules
from .view import DealResult, SeatView

__version__ = "0.1.0"

__all__ = [
    "ALIASES",
    "PRESETS",
    "Cards",
    "DealResult",
    "Event",
    "IllegalMove",
    "Match",
    "Move",
    "Rules",
    "SeatView",
    "__version__",
    "card_str",
    "cards_str",
    "get_rules",
    "parse_card",
    "parse_cards",
]
