"""The bot interface.

A bot sees exactly what one seat may see — a :class:`~president.view.SeatView` —
and a random generator handed in from outside; it returns a move (an int, see
:mod:`president.moves`), including its gift during the exchange. The registry of
bots by name is :mod:`president.players`.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ..view import SeatView


@runtime_checkable
class Bot(Protocol):
    """A computer player."""

    name: str
    """The registry name of the bot (``random``, ``classic`` …)."""

    def choose(self, view: SeatView, rng: random.Random) -> int:
        """Return a legal move for ``view.seat``, which is to act."""
        ...
