"""Exceptions shared by every game in the package."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move that the rules do not allow, with a reason a player understands.

    Raised by ``apply`` (and by move parsing) before anything changes: the game
    is exactly as it was before the call.
    """
