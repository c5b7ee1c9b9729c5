"""Duplicate President: the same cards at every table, each result measured against the field and against par.

Tables of a duplicate group play matches made with ``Match(..., duplicate=True)`` from one seed (or one
deal secret): seat ``i`` is dealt the same cards for deal ``n`` at every table, whoever leads. Two measures
follow from that:

- **against the field** (:func:`field_places`): a seat's points in a deal ranked among the points every
  table scored from the same seat with the same cards ("3rd of 8 with these cards");
- **against par** (:func:`par_points`): what a field of bots scores from a seat with those cards, the deal
  played from the dealt hands by the bot at every seat, once with each seat leading (no exchange), so that
  ``points - par`` counts what a player did with the cards rather than the cards themselves.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import NamedTuple

from .engine import Match
from .players import make_bot
from .rules import Rules, get_rules
from .secret_deals import DealSecret
from .shuffle import deal_hands

_DECK_BY_JOKERS: dict[int, list[int]] = {}


def _deck(jokers: int) -> list[int]:
    deck = _DECK_BY_JOKERS.get(jokers)
    if deck is None:
        deck = _DECK_BY_JOKERS[jokers] = [1 << c for c in range(52 + jokers)]
    return deck


def dealt_hands(rules: str | Rules, players: int, deal: int, *, seed: int | None = None,
                deal_secret: DealSecret | None = None) -> list[int]:
    """The hands by seat (card masks) that deal ``deal`` of a duplicate match of this seed or secret deals,
    before any exchange: the same at every table of the group."""
    if (seed is None) == (deal_secret is None):
        raise ValueError("a duplicate deal comes from a seed or from a deal secret: give exactly one")
    if not isinstance(deal, int) or deal < 1:
        raise ValueError(f"deals are counted from 1, not {deal!r}")
    jokers = get_rules(rules).jokers
    if seed is not None:
        return deal_hands(_deck(jokers), players, 0, seed, deal)
    assert deal_secret is not None
    return deal_secret.deal_hands(_deck(jokers), players, 0, deal)


class FieldPlace(NamedTuple):
    """One result ranked against the field on the same cards."""

    place: int
    """1 for the best; results that tie share the best place they cover."""
    of: int
    """How many results the field holds (this one included)."""


def field_places(points: Sequence[float]) -> list[FieldPlace]:
    """Each result's place among ``points`` (the scores of one seat and deal at every table), best first."""
    if not points:
        raise ValueError("a field holds at least one result")
    return [FieldPlace(1 + sum(other > mine for other in points), len(points)) for mine in points]


class Par(NamedTuple):
    """What a field of bots scores from each seat of one dealt deal."""

    points: tuple[float, ...]
    """Mean points by seat over the playouts."""
    playouts: int
    """How many playouts the means hold."""
    bot: str


def par_points(rules: str | Rules, hands: Sequence[int], *, bot: str = "classic", playouts: int = 8,
               seconds: float | None = None, seed: int = 0) -> Par:
    """Par for each seat of the deal dealt as ``hands``: the mean points the bot ``bot`` scores from that seat
    when it plays every seat, in up to ``playouts`` playouts (the leader turns with each playout, so every seat
    leads as often as the others; the bots draw from generators seeded by ``seed``). ``seconds`` bounds the time:
    playouts stop once it is spent, after the first of them."""
    if not isinstance(playouts, int) or playouts < 1:
        raise ValueError(f"par needs at least one playout, not {playouts!r}")
    if seconds is not None and seconds <= 0:
        raise ValueError(f"the time for par is a positive number of seconds, not {seconds!r}")
    n = len(hands)
    bots = [make_bot(bot) for _ in range(n)]
    totals = [0.0] * n
    deadline = None if seconds is None else time.monotonic() + seconds
    done = 0
    for k in range(playouts):
        if done and deadline is not None and time.monotonic() > deadline:
            break
        match = Match.from_hands(rules, list(hands), leader=k % n)
        rngs = [random.Random(seed * 1_000_003 + k * 101 + s) for s in range(n)]
        while match.to_act is not None:
            seat = match.to_act
            match.apply_fast(match.verify(bots[seat].choose(match.seat_view(seat), rngs[seat])))
        for s, value in enumerate(match.deal_results[-1].points):
            totals[s] += value
        done += 1
    return Par(tuple(t / done for t in totals), done, bot)
