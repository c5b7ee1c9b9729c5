"""What one seat may see of a match: :class:`SeatView`, and its JSON form.

A view holds the seat's own hand and only public facts about the others (card
counts, the plays on the table, titles, points). Bots receive a view and nothing
else; the server sends its ``to_dict()``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import card_str, cards_list
from .movegen import ORDER, PASS_MOVE, gift_moves
from .moves import OWED_WORDS, PASS_ON_FLAG, SALVAGE_FLAG, Move, move_of, move_str
from .owed import owed_moves, owed_source
from .plays import EIGHT_WAITS, STAIR, plays, suits_text
from .rules import Rules


class DealResult(NamedTuple):
    """The outcome of one finished deal."""

    deal: int
    """The deal number, from 1."""
    order: tuple[int, ...]
    """Seats in finishing order, the last player included."""
    points: tuple[int, ...]
    """Points scored in this deal, by seat."""

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"deal": self.deal, "order": list(self.order), "points": list(self.points)}


class SeatView:
    """Everything seat ``seat`` may know at one moment. Card sets are int masks.

    ``history`` lists the public actions of the current deal as ``(seat, move)``
    pairs (plays and passes; the exchange is private and lives in ``given`` and
    ``received``). ``played`` is the mask of every card played this deal.

    The engine makes a spectator's view (:meth:`~president.engine.Match.view` of ``None``) from the public
    facts alone: no hand, gift, card to give back or legal move goes in it.
    """

    __slots__ = (
        "all_hands", "backwards", "bottom", "counts", "deal_number", "deal_results", "eleven_back", "finished",
        "give_count", "given", "hand", "history", "leader", "lock", "must_contain", "omen", "owed", "owner", "passed",
        "phase", "played", "players", "received", "resume", "revolution", "rules", "scores", "seat", "table",
        "table_count",
        "table_move", "table_rank", "titles", "to_act", "winners",
    )

    def __init__(self, **fields: Any) -> None:
        raise NotImplementedError  # replaced below by _init_function, from __slots__

    rules: Rules
    players: int
    seat: int
    """The seat whose view this is (-1 in the view the engine makes for a spectator, who has no seat)."""
    phase: str
    to_act: int | None
    deal_number: int
    leader: int
    hand: int
    counts: list[int]
    table: int
    table_rank: int
    table_count: int
    owner: int
    passed: int
    revolution: bool
    backwards: bool
    """True while the direction of play is reversed: the next player is the seat before, ``seat - 1`` (9-reverse)."""
    table_move: int
    """The move on the table with what its jokers stand for (``table`` is its cards)."""
    lock: int
    """The suits the trick is locked to, as a 4-bit mask (0: none), with :data:`~president.plays.STAIR` (16) while
    the stair lock holds, and :data:`~president.plays.EIGHT_WAITS` (32) while an 8-cut waits for a 4-stop."""
    eleven_back: bool
    """True while a jack has reversed the order until the trick clears."""
    omen: bool
    """True once an omen (three 6s, the ``omen`` rule) has ended the revolutions of this deal."""
    must_contain: int
    finished: list[int]
    bottom: list[int]
    """Seats put at the bottom of this deal (a forbidden finish, a capital fall), the first one placed last."""
    titles: list[str | None]
    scores: list[int]
    deal_results: list[DealResult]
    history: list[tuple[int, int]]
    played: int
    given: int
    received: int
    give_count: int
    owed: tuple[tuple[int, int, int], ...]
    """What the seat to act owes for the play it just made (public: everyone saw the 7s or 10s): ``(kind flag,
    count, receiver)`` each, the one to settle now first (:data:`~president.moves.PASS_ON_FLAG`,
    :data:`~president.moves.DISCARD_FLAG`, :data:`~president.moves.NAME_FLAG`, :data:`~president.moves.SALVAGE_FLAG`;
    see :mod:`president.owed`); empty when nothing is owed. A salvage's receiver is the mask of the cards of the play
    that owes it, which it may not take back."""
    resume: int
    """While something is owed: the seat to act once it is settled (-1 otherwise)."""
    winners: list[int]
    all_hands: list[int] | None
    """Every hand, only in a view made with ``reveal=True`` (for the cheater bot and analysis); else None."""

    def legal_masks(self) -> list[Move]:
        """The legal moves as ints when this seat is to act (else an empty list)."""
        if self.to_act != self.seat:
            return []
        if self.phase == "exchange":
            return list(gift_moves(self.hand, self.give_count))
        if self.owed:
            flag, count, to = self.owed[0]
            return list(owed_moves(owed_source(flag, self.hand, self.pile & ~to), flag, count))
        found = list(plays(self.hand, self.rules, self.table_move, self.revolution != self.eleven_back, self.lock,
                           0 if self.table else self.must_contain))
        if self.table:
            found.append(PASS_MOVE)
        return found

    @property
    def pile(self) -> int:
        """The discard pile: every card played this deal that is not on the table and no hand holds again (public;
        a salvage takes its cards from it)."""
        return self.played & ~self.table

    @property
    def salvageable(self) -> int:
        """The cards of the pile a salvage owed now may take (not those of the play that owes it); 0 when no salvage
        is owed."""
        if not self.owed or self.owed[0][0] != SALVAGE_FLAG:
            return 0
        return self.pile & ~self.owed[0][2]

    def rank_order(self) -> tuple[int, ...]:
        """The ranks (0 is the 3 … 12 the 2, 13 the jokers) from the weakest to the strongest in the current trick's
        order: reversed by a revolution, and again by 11-back; plain jokers as the rules place them."""
        return ORDER[self.revolution != self.eleven_back, self.rules.joker_in_revolution == "highest"]

    def legal_moves(self) -> list[Move]:
        """The legal moves when this seat is to act (else an empty list)."""
        return [move_of(m) for m in self.legal_masks()]

    def _owed_json(self) -> list[dict[str, Any]]:
        """What the seat to act owes, as ``to_dict`` lists it (the count the hand can pay first)."""
        out = []
        for i, (flag, count, to) in enumerate(self.owed):
            if i == 0 and self.to_act is not None:
                count = min(count, (self.pile & ~to).bit_count() if flag == SALVAGE_FLAG else self.counts[self.to_act])
            out.append({"move": OWED_WORDS[flag], "count": count, "to": to if flag == PASS_ON_FLAG else None})
        return out

    def to_dict(self, history: bool = True) -> dict[str, Any]:
        """JSON-ready form: cards as canonical text, nothing this seat may not see.

        ``history=False`` leaves the deal's ``history`` out (a client that keeps it from the updates).
        """
        out = {
            "rules": self.rules.name,
            "players": self.players,
            "seat": self.seat,
            "phase": self.phase,
            "to_act": self.to_act,
            "deal_number": self.deal_number,
            "leader": self.leader,
            "hand": cards_list(self.hand),
            "counts": list(self.counts),
            "table": cards_list(self.table),
            "table_move": move_str(self.table_move) if self.table else "",
            "lock": suits_text(self.lock),
            "stair_lock": bool(self.lock & STAIR),
            "eight_cut_waits": bool(self.lock & EIGHT_WAITS),
            "eleven_back": self.eleven_back,
            "omen": self.omen,
            "table_owner": self.owner if self.table else None,
            "passed": [s for s in range(self.players) if self.passed >> s & 1],
            "revolution": self.revolution,
            "direction": "counterclockwise" if self.backwards else "clockwise",
            "rank_order": list(self.rank_order()),
            "must_contain": card_str(self.must_contain.bit_length() - 1) if self.must_contain else None,
            "finished": list(self.finished),
            "bottom": list(self.bottom),
            "titles": list(self.titles),
            "title_names": [self.rules.title_name(t) if t else None for t in self.titles],
            "scores": list(self.scores),
            "deal_results": [r.to_dict() for r in self.deal_results],
        }
        if history:
            out["history"] = [{"seat": s, "move": move_str(m)} for s, m in self.history]
        out.update({
            "played": cards_list(self.played),
            "pile": cards_list(self.pile),
            "given": cards_list(self.given),
            "received": cards_list(self.received),
            "give_count": self.give_count,
            "owed": self._owed_json(),
            "legal_moves": [move_str(m) for m in self.legal_masks()],
            "winners": list(self.winners),
        })
        return out


_VIEW_DEFAULTS: dict[str, str] = {"table_move": "table", "lock": "0", "eleven_back": "False", "bottom": "[]",
                                 "omen": "False", "backwards": "False", "owed": "()", "resume": "-1"}
"""Fields a view may be made without (views made before the house rules): what they default to."""


def _init_function() -> Any:
    """``SeatView.__init__`` written out from ``__slots__``: every field a keyword, each assigned once."""
    names = SeatView.__slots__
    params = ", ".join(f"{n}=None" for n in names)
    lines = [f"def __init__(self, *, {params}):"]
    for name in names:
        default = _VIEW_DEFAULTS.get(name)
        lines.append(f"    self.{name} = {name}" if default is None else
                     f"    self.{name} = {default} if {name} is None else {name}")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)
    function = namespace["__init__"]
    function.__doc__ = "A view with the given fields (every field a keyword; missing ones are None)."
    return function


SeatView.__init__ = _init_function()  # type: ignore[method-assign]
