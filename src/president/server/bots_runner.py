"""Bots on the server: finding them by name, and asking one for a move.

A bot seat holds a registry name (``classic``, ``random``, later the levels). The
stand-in for a person who dropped or ran out of time is the configured stand-in bot
(``classic``). A bot gets the seat's view and a generator seeded from the match seed
and the move number, so a table's bot moves do not depend on timing.
"""

from __future__ import annotations

import logging
import random

from ..bots import Bot, bot_names, make_bot
from ..engine import Match

log = logging.getLogger("president.server")

FALLBACK_BOT = "random"
"""Used when a named bot is not installed (logged once per name)."""

_warned: set[str] = set()


def known_bot(name: str) -> bool:
    """Whether ``name`` is a bot offered to players."""
    return name in bot_names()


def load_bot(name: str) -> Bot:
    """A new bot by registry name, or the fallback bot (with a warning) when it is not installed."""
    try:
        return make_bot(name)
    except ValueError:
        if name not in _warned:
            _warned.add(name)
            log.warning("bot %r is not installed; %r plays in its place", name, FALLBACK_BOT)
        return make_bot(FALLBACK_BOT)


def bot_move(bot: Bot, match: Match, seed: int, ply: int) -> int:
    """The move ``bot`` makes for the seat to act; a legal one even if the bot errs (logged)."""
    seat = match.to_act
    assert seat is not None
    rng = random.Random(f"{seed}/{ply}")
    try:
        move = bot.choose(match.seat_view(seat), rng)
        match.verify(move)
        return move
    except Exception as exc:
        log.error("bot %s failed at move %d (%s); a random legal move is played", bot.name, ply, type(exc).__name__)
        moves = match.legal_masks()
        return moves[rng.randrange(len(moves))]
