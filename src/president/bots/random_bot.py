"""The ``random`` bot: a uniformly random legal move."""

from __future__ import annotations

import random

from ..view import SeatView


class RandomBot:
    """Plays a uniformly random legal move (gifts included)."""

    name = "random"

    def choose(self, view: SeatView, rng: random.Random) -> int:
        """A uniformly random legal move of ``view``."""
        moves = view.legal_masks()
        if not moves:
            raise ValueError(f"seat {view.seat} is not to act")
        return moves[rng.randrange(len(moves))]
