"""The seed's computer players: the :class:`Bot` interface, ``random`` and ``classic`` (and ``classic`` under
house rules). The registry of every bot by name is :mod:`president.players`."""

from .base import Bot
from .classic import ClassicBot
from .random_bot import RandomBot

__all__ = ["Bot", "ClassicBot", "RandomBot"]
