"""Why a computer player chose its move: an :class:`Explanation` (a key and its parameters) and a :class:`Decision`.

A bot that can say why offers ``decide(view, rng)`` beside ``choose`` and builds
the explanation from its own decision data: the branch of its rule it took, the
values its search measured. The key names the reason and the parameters fill it
in; :data:`TEMPLATES` renders it in English (the terminal, the command line, the
bot API), and the browser holds the same keys in its four languages, so that the
server sends only the key and the parameters. Parameters are JSON values: card
texts as :func:`~president.moves.move_str` writes them, numbers, and the nested
explanation ``cause`` where one reason rests on another.

>>> Explanation("classic.lead.lowest", {"move": "3c 3d"}).text()
'leads its lowest combination first: 3c 3d'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .view import SeatView

TEMPLATES: dict[str, str] = {
    "classic.gift.weakest": "gives back its weakest cards: {move}",
    "classic.owed.weakest": "gives away its weakest cards that break no set, as its play requires: {move}",
    "classic.owed.name_out": "names the {rank}s, the rank of all its cards, and goes out: {move}",
    "classic.owed.name_strong": "names the {rank}s, strong cards: the others may still hold {others} of them, it "
                                "holds {mine}: {move}",
    "classic.owed.name_weak": "names the {rank}s, weak cards: it sheds {mine} of its own, the others may hold "
                              "{others}: {move}",
    "classic.owed.salvage": "takes back the strongest card of the discard pile: {move}",
    "classic.lead.must": "leads with the card the rules require first, and the other cards of its rank: {move}",
    "classic.lead.lowest": "leads its lowest combination first: {move}",
    "classic.lead.split": "leads {move}, three of its four of a kind: a revolution would not help the rest of its "
                          "hand",
    "classic.lead.top_only": "has only its strongest cards ({top}) and one combination left, so leads {move}",
    "classic.lead.revolution": "starts a revolution with {move}: the reversed order lifts the rest of its hand",
    "classic.lead.clear": "leads {move}, which ends the trick or which nothing answers, to lead again with what "
                          "is left",
    "classic.beat.clear": "answers {table} with {move}, which ends the trick: it takes the lead",
    "classic.beat.exact": "beats {table} with {move}, the cheapest beat that breaks no set",
    "classic.beat.break": "beats {table} with {move}, the cheapest beat: it must break a set of {rank}s, nothing "
                          "of the right size beats it",
    "classic.beat.endgame": "beats {table} with {move}: it kept its strongest cards ({top}) for the end, and the "
                            "end is near",
    "classic.beat.counter": "answers the revolution with {move}, a stronger four of a kind that turns the order in "
                            "its favour",
    "classic.pass.keep": "passes: only its strongest cards ({top}) beat {table}, and it keeps them for the end",
    "classic.pass.counter_hurts": "passes: a four of a kind of its own would beat {table}, but reversing the order "
                                  "again would hurt its hand",
    "classic.pass.bad_revolution": "passes: its only beats of {table} would start a revolution that hurts its hand",
    "classic.pass.none": "passes: nothing in its hand beats {table}",
    "classic.out": "goes out with {move}",
    "classic.great_revolution": "plays {move}: four 2s make a great revolution, and it goes out at once",
    "classic.spade_three": "answers the lone joker with {move}, the only card that beats it",
    "search.best": "{move}: first in {win} % of {worlds} guessed deals, {value} points expected; next best "
                   "{rival}: first in {rival_win} %, {rival_value} points",
    "search.guess": "{move}: first in {win} % of {worlds} guessed deals, {value} points expected; next best "
                    "{rival}: first in {rival_win} %, {rival_value} points. It guessed {card} is with {holder} in "
                    "{share} % of its deals: there {move} does better, in the others {rival} does as well or better",
    "search.only": "{move}: the only move that makes a difference here",
    "search.slip": "plays as the classic player would, the slip its level makes on purpose now and then: {cause}",
    "learned.best": "{move}: the move its network rates best ({score}); next {rival} ({rival_score})",
    "learned.drawn": "{move}: drawn at random by its network's preferences ({score}); its best was {rival} "
                     "({rival_score})",
    "random.pick": "picks {move} at random among {count} legal moves",
    "style.rebel.revolution": "starts a revolution with {move}: a rebel never lets one go by",
    "style.hoarder.keep": "keeps its high cards ({top}) instead of playing {wanted}: a hoarder plays them last, "
                          "so {move}",
    "style.bold.answer": "answers {table} with {move} rather than pass: bold players keep the pace",
    "style.bold.lead": "leads {move}, its biggest combination: bold players play big",
}
"""The English text of each explanation key; ``{name}`` takes the parameter ``name``."""


@dataclass(frozen=True)
class Explanation:
    """One reason for one move: a key of :data:`TEMPLATES` and the parameters that fill it in."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    cause: Explanation | None = None
    """The reason this one rests on (the classic reason behind a level's deliberate slip), or None."""

    def text(self, names: Sequence[str] | None = None) -> str:
        """The explanation in English; a seat it names (the parameter ``holder``) by ``names``, else as "seat N"."""
        template = TEMPLATES.get(self.key)
        if template is None:
            raise KeyError(f"no text for the explanation key {self.key!r}")
        params = dict(self.params)
        if "holder" in params:
            seat = int(params["holder"])
            params["holder"] = names[seat] if names is not None and 0 <= seat < len(names) else f"seat {seat}"
        if self.cause is not None:
            params["cause"] = self.cause.text(names)
        return template.format(**params)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"key", "params"}`` and, when there is one, the ``cause`` in the same form."""
        out: dict[str, Any] = {"key": self.key, "params": dict(self.params)}
        if self.cause is not None:
            out["cause"] = self.cause.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Explanation:
        """The explanation of :meth:`to_dict`'s form; raises ``ValueError`` for an unknown key."""
        key = str(data.get("key"))
        if key not in TEMPLATES:
            raise ValueError(f"unknown explanation key {key!r}")
        cause = data.get("cause")
        return cls(key, dict(data.get("params") or {}), cls.from_dict(cause) if cause else None)


@dataclass(frozen=True)
class Decision:
    """A bot's move and why it chose it."""

    move: int
    why: Explanation


class ExplainingBot(Protocol):
    """A bot that can say why: ``decide`` returns the move ``choose`` would and its explanation."""

    name: str

    def choose(self, view: SeatView, rng: random.Random) -> int:
        """Return a legal move for ``view.seat``."""
        ...

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        """The move for ``view.seat`` and why."""
        ...


def percent(share: float) -> int:
    """A share from 0 to 1 as a whole percentage."""
    return round(100 * share)


__all__ = ["TEMPLATES", "Decision", "ExplainingBot", "Explanation", "percent"]
