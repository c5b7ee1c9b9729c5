"""Computer players for the old game. A bot sees only the view of its own seat.

``careful`` starts sequences that it knows will stop with its own card (so it keeps the lead and sheds
cards), plays its trump honours and the President in sequence while they still pay, and otherwise starts
from its longest run and its lowest cards, which nobody else's sequence is likely to reach.
``random`` plays any legal card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from president.old.cards import (
    ACE,
    JACK,
    KING,
    MISSING,
    PRESIDENT,
    QUEEN,
    SUIT_LETTERS,
    Card,
    parse_card,
    rank_of,
    suit_of,
)


class OldBot(Protocol):
    """What every bot of the old game provides."""

    name: str

    def choose(self, view: Mapping[str, Any], rng: random.Random) -> str:
        """The move to make (a card's text) given the view of the seat to act."""
        ...


def _legal(view: Mapping[str, Any]) -> list[str]:
    moves = list(view["legal_moves"])
    if not moves:
        raise ValueError("there is no move to choose: it is not this seat's turn")
    return moves


class RandomBot:
    """Plays a legal card chosen at random."""

    name = "random"

    def choose(self, view: Mapping[str, Any], rng: random.Random) -> str:
        """A random legal move."""
        return rng.choice(_legal(view))


class CarefulBot:
    """Keeps the lead with sequences that stop safely and cashes its trump honours in sequence."""

    name = "careful"

    def choose(self, view: Mapping[str, Any], rng: random.Random) -> str:
        """The best start of a sequence by (stops safely, chips it wins, cards it sheds, low first)."""
        moves = _legal(view)
        if len(moves) == 1:
            return moves[0]
        hand = {parse_card(text) for text in view["hand"]}
        gone = {parse_card(text) for _, text in view["played"]} | {MISSING}
        if view["turned_up"] is not None:
            gone.add(parse_card(view["turned_up"]))
        trumps = None if view["trumps"] is None else SUIT_LETTERS.index(view["trumps"])
        board: Mapping[str, int] = view["board"]

        def score(text: str) -> tuple[bool, int, int, int]:
            run = _run_from(parse_card(text), hand)
            top = run[-1]
            safe = rank_of(top) == KING or top + 1 in gone
            return safe, _chips_won(run, trumps, board), len(run), -rank_of(run[0])

        return max(moves, key=score)


def _run_from(card: Card, hand: set[Card]) -> list[Card]:
    """``card`` and the cards above it in the same suit that ``hand`` holds without a gap."""
    run = [card]
    while rank_of(run[-1]) < KING and run[-1] + 1 in hand:
        run.append(run[-1] + 1)
    return run


_HONOURS = {ACE: "ace", JACK: "jack", QUEEN: "queen", KING: "king"}


def _chips_won(run: list[Card], trumps: int | None, board: Mapping[str, int]) -> int:
    """The chips on the board that playing ``run`` in one go would win."""
    won = board["president"] if PRESIDENT in run else 0
    for index, card in enumerate(run):
        if suit_of(card) != trumps or rank_of(card) not in _HONOURS:
            continue
        won += board[_HONOURS[rank_of(card)]]
        if index and rank_of(card) == QUEEN:
            won += board["intrigue"]
        if index and rank_of(card) == KING:
            won += board["matrimony"]
    return won


BOTS: dict[str, Callable[[], OldBot]] = {"careful": CarefulBot, "random": RandomBot}
"""The bots of the old game by name."""


def make_bot(name: str) -> OldBot:
    """A new bot of the given name; ``ValueError`` listing the names if there is none."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"no bot called {name!r}: choose from {', '.join(sorted(BOTS))}") from None
