"""Styles apart from strength: a personality laid over any computer player.

A :class:`StyledBot` asks the player beneath it (any level) for its move, then
lets its style overrule it in the few positions the style cares about; elsewhere
the move and the explanation are the player's own. The styles:

* ``rebel`` loves revolutions: it plays a move that reverses the order whenever
  it has one, before asking the player beneath.
* ``hoarder`` keeps its high cards (the ace and above in the order in force, and
  the jokers): when the player beneath would spend one while two or more other
  ranks remain in the hand, it passes instead, or leads its lowest combination
  without high cards.
* ``bold`` plays fast and big: it never passes when it can answer (it answers
  with the cheapest move), and it leads its biggest combination when the player
  beneath would lead a smaller one, high cards apart.

``benchmarks/bot_styles.py`` measures each style against its plain level
(revolutions, high cards kept, passes, cards per play).
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import JOKERS, RANK_MASKS, RANK_NAMES
from ..explain import Decision, Explanation
from ..moves import CARDS_MASK, move_str
from ..plays import reverses, shape_of, strength
from ..view import SeatView
from .base import Bot

STYLES: dict[str, str] = {
    "rebel": "loves revolutions: starts one whenever it can",
    "hoarder": "keeps its high cards (aces, 2s, jokers) for the very end",
    "bold": "plays fast and big: answers whenever it can and leads its biggest combination",
}
"""The styles by name, with what each does (the browser names and describes them in its four languages)."""

_ACE = 11


def high_cards(view: SeatView) -> int:
    """The high cards of the seat's hand: the jokers and the ranks at least as strong as the ace in the order in
    force."""
    rules = view.rules
    reversed_order = view.revolution != view.eleven_back
    ace = strength(_ACE, False, rules)
    mask = view.hand & JOKERS
    for rank in range(13):
        if strength(rank, reversed_order, rules) >= ace:
            mask |= view.hand & RANK_MASKS[rank]
    return mask


def _ranks(cards: int) -> int:
    return sum(1 for rank in range(13) if cards & RANK_MASKS[rank]) + (1 if cards & JOKERS else 0)


def _high_text(cards: int) -> str:
    ranks = [RANK_NAMES[r] for r in range(13) if cards & RANK_MASKS[r]]
    return ", ".join(ranks + (["Jk"] if cards & JOKERS else []))


class StyledBot:
    """A computer player with a style (see the module's text): ``inner`` decides, the style may overrule it."""

    def __init__(self, inner: Bot, style: str) -> None:
        if style not in STYLES:
            raise ValueError(f"unknown style {style!r}; the styles are: {', '.join(STYLES)}")
        self.inner = inner
        self.style = style
        self.name = f"{inner.name}+{style}"
        self.sees_all = bool(getattr(inner, "sees_all", False))

    def choose(self, view: SeatView, rng: random.Random) -> int:
        """The styled move for ``view.seat``, which is to act."""
        return self._decide(view, rng, False).move

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        """The move :meth:`choose` makes with the same ``rng``, and why: the style's reason where it overruled
        the player beneath, that player's own otherwise."""
        return self._decide(view, rng, True)

    def _inner(self, view: SeatView, rng: random.Random, explain: bool) -> Decision:
        decide = getattr(self.inner, "decide", None)
        if explain and decide is not None:
            result: Decision = decide(view, rng)
            return result
        return Decision(self.inner.choose(view, rng), _UNASKED)

    def _decide(self, view: SeatView, rng: random.Random, explain: bool) -> Decision:
        if view.to_act != view.seat:
            raise ValueError(f"seat {view.seat} is not to act")
        if view.phase == "exchange" or view.owed:
            return self._inner(view, rng, explain)
        moves = view.legal_masks()
        plays = [m for m in moves if m]
        wild = view.rules.wild_jokers
        table: dict[str, Any] = {"table": move_str(view.table_move)} if view.table else {}
        if self.style == "rebel":
            for move in plays:
                shape = shape_of(move, wild)
                if shape is not None and reverses(shape, view.rules):
                    return Decision(move, Explanation("style.rebel.revolution", {"move": move_str(move)}))
            return self._inner(view, rng, explain)
        chosen = self._inner(view, rng, explain)
        if self.style == "hoarder":
            high = high_cards(view)
            spent = chosen.move & CARDS_MASK & high
            if spent and _ranks(view.hand & ~high) >= 2:
                if view.table and 0 in moves:
                    keep = 0
                else:
                    low = [m for m in plays if not m & high]
                    if not low:
                        return chosen
                    keep = low[0]
                return Decision(keep, Explanation("style.hoarder.keep", {
                    "move": move_str(keep), "wanted": move_str(chosen.move), "top": _high_text(spent)}))
            return chosen
        # bold
        if view.table:
            if chosen.move == 0 and plays:
                return Decision(plays[0], Explanation("style.bold.answer", {"move": move_str(plays[0]), **table}))
            return chosen
        size = (chosen.move & CARDS_MASK).bit_count()
        high = high_cards(view)
        biggest = max(plays, key=lambda m: ((m & CARDS_MASK).bit_count() if not m & high else 0, -plays.index(m)))
        if (biggest & CARDS_MASK).bit_count() > size and not biggest & high:
            return Decision(biggest, Explanation("style.bold.lead", {"move": move_str(biggest)}))
        return chosen


_UNASKED = Explanation("search.only")
"""The placeholder reason of :meth:`StyledBot.choose`, which is not asked why (its text is never made)."""


__all__ = ["STYLES", "StyledBot", "high_cards"]
