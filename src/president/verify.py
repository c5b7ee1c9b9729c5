"""Checking the deals of a finished match against the commitments shown before them (``docs/verify.md``).

:func:`verify_record` reads a record of a match dealt from a secret, recomputes the commitment of every
deal from the secret shown at the end, and replays the moves on the deals the secret gives: a server that
had dealt other cards than the committed ones leaves either a commitment that does not match or a move
that cannot be played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import cards_str
from .engine import Match
from .errors import IllegalMove
from .record import read_record
from .secret_deals import DealSecret


class NotVerifiable(ValueError):
    """The record cannot be checked at all (not a record, not dealt from a secret, not over)."""


@dataclass(frozen=True)
class DealCheck:
    """One deal: the commitment shown before it, the one its secret gives, and the hands it dealt."""

    number: int
    first: int
    """The seat the cards were dealt from (card ``k`` of the shuffled deck to seat ``first + k``)."""
    shown: str | None
    """The commitment the record says was shown (None when the record lacks it)."""
    computed: str
    hands: tuple[int, ...]
    """The hands by seat as the match dealt them (card masks)."""
    recomputed: tuple[int, ...]
    """The hands by seat as :mod:`president.secret_deals` deals them from the secret and ``first``."""

    @property
    def ok(self) -> bool:
        """True when the commitment shown is the one the secret gives and the hands are the ones it deals."""
        return self.shown == self.computed and self.hands == self.recomputed

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the hands as card texts by seat."""
        return {"deal": self.number, "first": self.first, "shown": self.shown, "computed": self.computed,
                "ok": self.ok, "hands": [cards_str(h).split() for h in self.hands]}


@dataclass(frozen=True)
class Verification:
    """What :func:`verify_record` found: every deal's check, and the problems (none when the deals are fair)."""

    table: str
    secret: str
    players: int
    jokers: int
    deals: tuple[DealCheck, ...]
    problems: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        """True when every commitment matches and the moves replay on the committed deals."""
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, as the browser's check reads it."""
        return {"table": self.table, "secret": self.secret, "players": self.players, "jokers": self.jokers,
                "ok": self.ok, "problems": list(self.problems), "deals": [d.to_dict() for d in self.deals]}


def _dealt_hands(match: Match) -> tuple[int, ...]:
    """The hands as dealt, at the start of a deal: the automatic gifts of the exchange taken back."""
    views = [match.seat_view(s) for s in range(match.players)]
    return tuple(v.hand & ~v.received | v.given for v in views)


def verify_record(text: str) -> Verification:
    """Check the deals of the finished match in record ``text``.

    Raises :class:`NotVerifiable` when the record cannot be checked; a record that can be checked but fails
    gives a :class:`Verification` whose ``problems`` say what is wrong.
    """
    try:
        data = read_record(text)
    except (ValueError, KeyError) as exc:
        raise NotVerifiable(f"not a match record: {exc}") from None
    if data.table is None:
        raise NotVerifiable("this match was not dealt from a committed secret (its record has no [Table] and "
                            "[Commitments] headers): there is nothing to check its deals against")
    if data.secret is None:
        raise NotVerifiable("the record has no [Secret] header: the secret is shown only when the match is over")
    try:
        secret = DealSecret.from_hex(data.secret, data.table)
    except ValueError as exc:
        raise NotVerifiable(f"the record's secret or table cannot be read: {exc}") from None
    match = Match(data.rules, data.players, deal_secret=secret, first_leader=data.first_leader,
                  duplicate=data.duplicate)
    problems: list[str] = []
    first = secret.first_leader(data.players) if data.first_leader is None else data.first_leader
    if data.duplicate:  # duplicate dealing: every deal from seat 0, so that each seat's cards are the same anywhere
        first = 0
    dealt = [(first, _dealt_hands(match))]
    for number, seat, move_text in data.moves:
        if match.is_over:
            problems.append(f"line {number}: a move after the end of the match")
            break
        deal = match.deal_number
        try:
            if match.to_act != seat:
                raise IllegalMove(f"seat {seat} moves but seat {match.to_act} is to act")
            match.apply(match.parse_move(move_text))
        except IllegalMove as exc:
            problems.append(f"line {number}: the move cannot be played on the deal the secret gives ({exc})")
            break
        if match.deal_number != deal and not match.is_over:
            order = match.deal_results[-1].order
            later = 0 if data.duplicate else order[-1] if data.rules.later_leader == "last" else order[0]
            dealt.append((later, _dealt_hands(match)))
    replayed = not problems
    if replayed and not match.is_over:
        problems.append("the moves end before the match does")
    deck = [1 << card for card in range(52)] + [1 << card for card in (52, 53)[2 - data.rules.jokers:]]
    checks = []
    for n, (first, hands) in enumerate(dealt, 1):
        shown = data.commitments[n - 1] if n <= len(data.commitments) else None
        check = DealCheck(n, first, shown, secret.commitment(n), hands,
                          tuple(secret.deal_hands(deck, data.players, first, n)))
        checks.append(check)
        if shown is None:
            problems.append(f"deal {n}: the record shows no commitment for it")
        elif shown != check.computed:
            problems.append(f"deal {n}: the commitment shown, {shown}, is not the one the secret gives, "
                            f"{check.computed}")
        if hands != check.recomputed:
            problems.append(f"deal {n}: the hands dealt are not the ones the secret deals")
    if replayed and len(data.commitments) > len(dealt):
        problems.append(f"the record shows {len(data.commitments)} commitments for {len(dealt)} deals")
    return Verification(data.table, secret.hex, data.players, data.rules.jokers, tuple(checks), tuple(problems))
