"""Helpers that drive matches: simple policies, playing up to a point, and comparable snapshots."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from president import Event, Match

Chooser = Callable[[Match], int]
"""Chooses a legal move (an int) for the seat to act."""


def lowest(match: Match) -> int:
    """Play the lowest legal cards (never pass when a play exists); give back the lowest cards."""
    return min((m for m in match.legal_masks() if m), default=0)


def random_policy(seed: int) -> Chooser:
    """A policy choosing uniformly among the legal moves, from its own seeded generator."""
    rng = random.Random(seed)

    def choose(match: Match) -> int:
        moves = sorted(match.legal_masks())
        return moves[rng.randrange(len(moves))]

    return choose


def play_until(match: Match, stop: Callable[[Match], bool], policy: Chooser = lowest, limit: int = 20_000) -> None:
    """Apply ``policy`` moves until ``stop(match)`` holds; fail if that takes more than ``limit`` moves."""
    for _ in range(limit):
        if stop(match):
            return
        if match.is_over:
            raise AssertionError("the match ended before the awaited position")
        match.apply_fast(policy(match))
    raise AssertionError(f"no such position within {limit} moves")


def play_to_deal(match: Match, deal: int, policy: Chooser = lowest) -> None:
    """Play until deal number ``deal`` has just been dealt (its exchange, if any, not yet made)."""
    play_until(match, lambda m: m.deal_number >= deal, policy)
    assert match.deal_number == deal


def finish_deal(match: Match, policy: Chooser = lowest) -> None:
    """Play the current deal to its end."""
    done = len(match.deal_results) + 1
    play_until(match, lambda m: len(m.deal_results) >= done, policy)


def play_match(match: Match, policy: Chooser = lowest) -> None:
    """Play the match to its end."""
    play_until(match, lambda m: m.is_over, policy, limit=200_000)


def snapshot(match: Match) -> dict[str, Any]:
    """Everything observable about a match, in a form that compares with ``==``."""
    return {
        "phase": match.phase,
        "to_act": match.to_act,
        "hands": list(match.hands),
        "table": match.table_mask,
        "owner": match.table_owner,
        "revolution": match.revolution,
        "finished": match.finished,
        "scores": match.scores,
        "deal_number": match.deal_number,
        "deal_results": match.deal_results,
        "titles": match.titles,
        "winners": match.winners,
        "moves": match.moves,
        "legal": sorted(match.legal_masks()),
        "views": [match.view(s) for s in range(match.players)],
    }


def seats_named(*names: str) -> dict[str, int]:
    """Seat numbers for the players of a worked example, in clockwise order."""
    return {name: seat for seat, name in enumerate(names)}


def play(match: Match, *moves: tuple[int, str]) -> list[Event]:
    """Apply moves given as ``(seat, text)``, checking that each seat is the one to act; return the events."""
    events: list[Event] = []
    for seat, text in moves:
        assert match.to_act == seat, f"seat {match.to_act} is to act, not seat {seat} (before {text!r})"
        events.extend(match.apply(text))
    return events


def legal_texts(match: Match) -> set[str]:
    """The legal moves of the seat to act, as text."""
    return {str(m) for m in match.legal_moves()}


def pre_exchange_hands(match: Match) -> list[int]:
    """The hands as dealt, before the automatic gifts (valid while nobody has given back yet)."""
    views = [match.seat_view(s) for s in range(match.players)]
    return [match.hands[s] & ~views[s].received | views[s].given for s in range(match.players)]


def exchange_position(
    preset: str, players: int, want: Callable[[Match, list[int]], bool], seeds: range = range(600)
) -> Match:
    """The first seeded match whose deal-2 exchange satisfies ``want(match, dealt_hands)``, at that exchange."""
    for seed in seeds:
        match = Match(preset, players=players, seed=seed)
        play_to_deal(match, 2)
        if want(match, pre_exchange_hands(match)):
            return match
    raise AssertionError("no seed gives the wanted exchange")


def finished_match(
    preset: str, players: int, want: Callable[[Match], bool], seeds: range = range(600), **options: Any
) -> Match:
    """The first seeded match, played to its end with random moves, for which ``want(match)`` holds."""
    for seed in seeds:
        match = Match(preset, players=players, seed=seed, **options)
        play_match(match, random_policy(seed))
        if want(match):
            return match
    raise AssertionError("no seed gives the wanted match")
