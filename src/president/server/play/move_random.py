"""The random generator a bot is given for one move, seeded only if the bot draws from it.

A bot's move at a table is reproducible: its generator is ``random.Random(f"{seed}/{ply}")``, the match seed and
the move number, so a table's bot moves do not depend on timing. Seeding a Mersenne Twister costs more than a quick
bot's whole move, and most moves at a busy server are made by bots that draw nothing (``classic``, the stand-in, is
deterministic). :func:`move_random` gives a generator that takes that seed when it is first used: its numbers are
exactly those of ``random.Random(f"{seed}/{ply}")``, and a bot that never draws pays nothing.
"""

from __future__ import annotations

import random
from typing import Any


class SeededOnFirstUse(random.Random):
    """A :class:`random.Random` that is seeded with ``seed`` when it first draws (or is asked its state); it is a
    plain :class:`random.Random` from then on, at no cost per draw."""

    def __init__(self, seed: int | str | None = None) -> None:
        """Keep ``seed`` for the first draw (None: seeded from the system's randomness then)."""
        self._first_seed = seed

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Seed now with ``a``, as :meth:`random.Random.seed` (the first seed is then not used)."""
        _seed_if_first(self)
        random.Random.seed(self, a, version)

    def random(self) -> float:
        """The next float in [0, 1), as the generator seeded with the first seed gives it."""
        _seed_if_first(self)
        return random.Random.random(self)

    def getrandbits(self, k: int, /) -> int:
        """``k`` random bits, as the generator seeded with the first seed gives them."""
        _seed_if_first(self)
        return random.Random.getrandbits(self, k)

    def getstate(self) -> tuple[Any, ...]:
        """The state of the generator seeded with the first seed."""
        _seed_if_first(self)
        return random.Random.getstate(self)

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Take ``state`` (the first seed is then not used)."""
        _seed_if_first(self)
        random.Random.setstate(self, state)


def _seed_if_first(rng: random.Random) -> None:
    """Seed ``rng`` with its first seed if it has not drawn yet (a method bound before the first draw, as
    :meth:`random.Random.randrange` binds ``getrandbits`` for its loop, still comes here afterwards)."""
    if type(rng) is SeededOnFirstUse:
        seed = rng.__dict__.pop("_first_seed", None)
        # The same layout: later draws run at the plain generator's speed.
        rng.__class__ = random.Random  # type: ignore[assignment]
        random.Random.seed(rng, seed)


def move_random(seed: int, ply: int) -> random.Random:
    """The generator of the bot that makes move ``ply`` of the match of ``seed``: ``random.Random(f"{seed}/{ply}")``,
    seeded when first used."""
    return SeededOnFirstUse(f"{seed}/{ply}")
