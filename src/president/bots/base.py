"""The bot interface and the registry of bots by name.

A bot sees exactly what one seat may see — a :class:`~president.view.SeatView` —
and a random generator handed in from outside; it returns a move (an int, see
:mod:`president.moves`), including its gift during the exchange. The CLI, the
arena, the server and the RL environment all find bots here by name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..view import SeatView


@runtime_checkable
class Bot(Protocol):
    """A computer player."""

    name: str
    """The registry name of the bot (``random``, ``classic`` …)."""

    def choose(self, view: SeatView, rng: random.Random) -> int:
        """Return a legal move for ``view.seat``, which is to act."""
        ...


@dataclass(frozen=True)
class BotEntry:
    """A registered bot: how to make one, and what to say about it."""

    name: str
    factory: Callable[..., Bot]
    description: str
    offered: bool = True
    """False for bots kept from players (e.g. one that sees every hand)."""


_REGISTRY: dict[str, BotEntry] = {}


def register_bot(name: str, factory: Callable[..., Bot], description: str, *, offered: bool = True) -> None:
    """Add a bot to the registry (a name may be registered only once)."""
    if name in _REGISTRY:
        raise ValueError(f"a bot called {name!r} is already registered")
    _REGISTRY[name] = BotEntry(name, factory, description, offered)


def make_bot(name: str, **params: Any) -> Bot:
    """A new bot by registry name; raises ``ValueError`` listing the names when unknown."""
    entry = _REGISTRY.get(name)
    if entry is None:
        raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(bot_names(offered_only=False))}")
    return entry.factory(**params)


def bot_names(offered_only: bool = True) -> list[str]:
    """Registered bot names (by default only those offered to players)."""
    return [n for n, e in _REGISTRY.items() if e.offered or not offered_only]


def bot_entries() -> list[BotEntry]:
    """Every registered bot with its description."""
    return list(_REGISTRY.values())
