"""What one seat may see of a match: :class:`SeatView`, and its JSON form.

A view holds the seat's own hand and only public facts about the others (card
counts, the plays on the table, titles, points). Bots receive a view and nothing
else; the server sends its ``to_dict()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .cards import card_str, cards_list
from .movegen import ORDER, PASS_MOVE, gift_moves
from .moves import OWED_WORDS, PASS_ON_FLAG, SALVAGE_FLAG, Move, move_of, move_str
from .owed import Owed, owed_moves, owed_source
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
    owed: tuple[Owed, ...]
    """What the seat to act owes for the play it just made (public: everyone saw the 7s or 10s): ``(kind flag,
    count, receiver, option)`` each, the one to settle now first (:data:`~president.moves.PASS_ON_FLAG`,
    :data:`~president.moves.DISCARD_FLAG`, :data:`~president.moves.NAME_FLAG`, :data:`~president.moves.SALVAGE_FLAG`;
    see :data:`president.owed.Owed`); empty when nothing is owed. A take's receiver is the mask of the cards of the
    play that owes it, which it may not take back; ``option`` names the rule that owes it."""
    resume: int
    """While something is owed: the seat to act once it is settled (-1 otherwise)."""
    winners: list[int]
    all_hands: list[int] | None
    """Every hand, only in a view made with ``reveal=True`` (for the cheater bot and analysis); else None."""

    def legal_masks(self) -> list[Move]:
        """The legal moves as ints when this seat is to act (else an empty list)."""
        if self.to_act != self.seat:
            return []
        return seat_legal_masks(self.rules, self.phase, self.hand, self.give_count, self.owed, self.table,
                                self.table_move, self.revolution != self.eleven_back, self.lock, self.must_contain,
                                self.pile)

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

    def to_dict(self, history: bool = True) -> dict[str, Any]:
        """JSON-ready form: cards as canonical text, nothing this seat may not see.

        ``history=False`` leaves the deal's ``history`` out (a client that keeps it from the updates).
        """
        return view_json(self.rules, self.players, self.seat, self.phase, self.to_act, self.deal_number, self.leader,
                         self.hand, self.counts, self.table, self.table_move, self.lock, self.eleven_back, self.omen,
                         self.owner, self.passed, self.revolution, self.backwards, self.must_contain, self.finished,
                         self.bottom, self.titles, self.scores, self.deal_results,
                         self.history if history else None, self.played, self.given, self.received,
                         self.give_count, self.owed, self.legal_masks(), self.winners)


def seat_legal_masks(rules: Rules, phase: str, hand: int, give_count: int, owed: tuple[Owed, ...],
                     table: int, table_move: int, reversed_order: bool, lock: int, must_contain: int,
                     pile: int) -> list[Move]:
    """The legal moves as ints of the seat to act, from what its view holds (``table``: the cards on the table,
    ``table_move``: the move that put them there; ``reversed_order``: a revolution or 11-back, not both;
    ``pile``: the public discard pile, which a salvage takes from)."""
    if phase == "exchange":
        return list(gift_moves(hand, give_count))
    if owed:
        flag, count, to, _option = owed[0]
        return list(owed_moves(owed_source(flag, hand, pile & ~to), flag, count))
    found = list(plays(hand, rules, table_move, reversed_order, lock, 0 if table else must_contain))
    if table:
        found.append(PASS_MOVE)
    return found


def view_json(rules: Rules, players: int, seat: int, phase: str, to_act: int | None, deal_number: int, leader: int,
              hand: int, counts: Sequence[int], table: int, table_move: int, lock: int, eleven_back: bool,
              omen: bool, owner: int, passed: int, revolution: bool, backwards: bool, must_contain: int,
              finished: Sequence[int], bottom: Sequence[int], titles: Sequence[str | None], scores: Sequence[int],
              deal_results: Sequence[DealResult], history: Sequence[tuple[int, int]] | None, played: int,
              given: int, received: int, give_count: int, owed: tuple[Owed, ...],
              legal: Sequence[Move], winners: Sequence[int]) -> dict[str, Any]:
    """A view's JSON form (:meth:`SeatView.to_dict`), from its fields one by one: the engine writes a player's
    view with it straight from the match, without a :class:`SeatView` between (``history`` None: left out;
    ``legal``: the seat's legal moves, empty unless it is to act). The lists are copied."""
    out = {
        "rules": rules.name,
        "players": players,
        "seat": seat,
        "phase": phase,
        "to_act": to_act,
        "deal_number": deal_number,
        "leader": leader,
        "hand": cards_list(hand),
        "counts": list(counts),
        "table": cards_list(table),
        "table_move": move_str(table_move) if table else "",
        "lock": suits_text(lock),
        "stair_lock": bool(lock & STAIR),
        "eight_cut_waits": bool(lock & EIGHT_WAITS),
        "eleven_back": eleven_back,
        "omen": omen,
        "table_owner": owner if table else None,
        "passed": [s for s in range(players) if passed >> s & 1],
        "revolution": revolution,
        "direction": "counterclockwise" if backwards else "clockwise",
        "rank_order": list(ORDER[revolution != eleven_back, rules.joker_in_revolution == "highest"]),
        "must_contain": card_str(must_contain.bit_length() - 1) if must_contain else None,
        "finished": list(finished),
        "bottom": list(bottom),
        "titles": list(titles),
        "title_names": [rules.title_name(t) if t else None for t in titles],
        "scores": list(scores),
        "deal_results": [r.to_dict() for r in deal_results],
    }
    if history is not None:
        out["history"] = [{"seat": s, "move": move_str(m)} for s, m in history]
    pile = played & ~table
    owed_json = []
    for i, (flag, count, to, option) in enumerate(owed):
        if i == 0 and to_act is not None:
            count = min(count, (pile & ~to).bit_count() if flag == SALVAGE_FLAG else counts[to_act])
        owed_json.append({"move": OWED_WORDS[flag], "count": count, "to": to if flag == PASS_ON_FLAG else None,
                          "option": option})
    out.update({
        "played": cards_list(played),
        "pile": cards_list(pile),
        "given": cards_list(given),
        "received": cards_list(received),
        "give_count": give_count,
        "owed": owed_json,
        "legal_moves": [move_str(m) for m in legal],
        "winners": list(winners),
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
