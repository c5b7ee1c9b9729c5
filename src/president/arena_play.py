"""Playing the arena's matches: one deck seed, replayed once per rotation of the players through the seats.

This module is what the worker processes run; it knows nothing of statistics or
output. Everything random is derived from the arena seed and the match index
(see :func:`derive_seed`), so a match plays the same way in any process.
"""

from __future__ import annotations

import hashlib
import random
import time
from typing import NamedTuple

from .engine import Match
from .errors import IllegalMove
from .players import make_bot
from .rules import Rules


class MatchTask(NamedTuple):
    """What a worker needs to play match number ``match`` of an arena."""

    rules: Rules
    players: int
    bots: tuple[str, ...]
    """Registry name of each player's bot, by player."""
    seed: int
    """The arena seed."""
    match: int
    """The match index, from 0."""
    timing: bool = False
    """Measure each player's thinking time per decision (decisions with a choice only)."""


class DealRecord(NamedTuple):
    """One deal of the arena, by player (not by seat)."""

    match: int
    rotation: int
    """Player ``p`` sat at seat ``(p + rotation) % players``."""
    deal: int
    """The deal number within the match, from 1."""
    places: tuple[int, ...]
    """The finishing place of each player (0 = first)."""
    points: tuple[int, ...]
    """The points of each player in this deal."""


class MatchOutcome(NamedTuple):
    """Every rotation of one match seed."""

    match: int
    deals: tuple[DealRecord, ...]
    """The deals in order: rotation 0 first, deal 1 first."""
    wins: tuple[float, ...]
    """Match wins of each player summed over the rotations; a shared win counts 1/k to each of k winners."""
    times: tuple[tuple[float, ...], ...] = ()
    """With timing on: each player's seconds per decision that had more than one legal move."""


def derive_seed(*parts: int) -> int:
    """A 63-bit seed determined by ``parts`` alone (same value in every process and Python version)."""
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def seat_of(player: int, rotation: int, players: int) -> int:
    """The seat of ``player`` in rotation ``rotation``."""
    return (player + rotation) % players


def play_rotation(
    task: MatchTask, rotation: int, times: list[list[float]] | None = None,
) -> tuple[list[DealRecord], list[float]]:
    """Play the match of ``task`` with the players rotated by ``rotation``; its deals and each player's wins.

    Bots that see every hand (``sees_all``, the measuring ceiling) get views with
    ``reveal=True``; the others never do. With ``times``, each player's thinking
    time is appended to ``times[player]`` for every decision with a choice.
    """
    n = task.players
    game = Match(task.rules, n, seed=derive_seed(task.seed, task.match))
    player_at = [0] * n
    for player in range(n):
        player_at[seat_of(player, rotation, n)] = player
    bots = [make_bot(task.bots[player_at[seat]]) for seat in range(n)]
    rngs = [random.Random(derive_seed(task.seed, task.match, rotation, seat)) for seat in range(n)]
    reveal = [bool(getattr(bot, "sees_all", False)) for bot in bots]
    while True:
        seat = game.to_act
        if seat is None:
            break
        view = game.seat_view(seat, reveal=reveal[seat])
        if times is not None and len(view.legal_masks()) > 1:
            start = time.perf_counter()
            move = bots[seat].choose(view, rngs[seat])
            times[player_at[seat]].append(time.perf_counter() - start)
        else:
            move = bots[seat].choose(view, rngs[seat])
        try:
            value = game.verify(move)
        except IllegalMove as exc:
            raise IllegalMove(
                f"bot {bots[seat].name!r} at seat {seat} (match {task.match}, rotation {rotation}) "
                f"played {move!r}: {exc}"
            ) from None
        game.apply_fast(value)
    deals = []
    for result in game.deal_results:
        places = [0] * n
        points = [0] * n
        for place, seat in enumerate(result.order):
            places[player_at[seat]] = place
            points[player_at[seat]] = result.points[seat]
        deals.append(DealRecord(task.match, rotation, result.deal, tuple(places), tuple(points)))
    wins = [0.0] * n
    for seat in game.winners:
        wins[player_at[seat]] += 1 / len(game.winners)
    return deals, wins


def play_match(task: MatchTask) -> MatchOutcome:
    """Play match ``task.match`` once per rotation, so that every player plays every hand from every seat."""
    deals: list[DealRecord] = []
    wins = [0.0] * task.players
    times: list[list[float]] | None = [[] for _ in range(task.players)] if task.timing else None
    for rotation in range(task.players):
        rotation_deals, rotation_wins = play_rotation(task, rotation, times)
        deals.extend(rotation_deals)
        wins = [w + r for w, r in zip(wins, rotation_wins, strict=True)]
    return MatchOutcome(task.match, tuple(deals), tuple(wins), tuple(map(tuple, times or ())))
