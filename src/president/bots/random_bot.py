"""The ``random`` bot: a uniformly random legal move."""

from __future__ import annotations

import random

from ..explain import Decision, Explanation
from ..moves import move_str
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

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        """The move :meth:`choose` makes with the same ``rng``: a random pick, and among how many."""
        move = self.choose(view, rng)
        return Decision(move, Explanation("random.pick", {"move": move_str(move), "count": len(view.legal_masks())}))
