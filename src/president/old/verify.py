"""Checking the packs of a finished match of the old President against the commitments shown before them.

The old game deals from a secret as the climbing game does (``docs/verify.md``, *The old President*): pack ``n``
is the 51 cards in card order shuffled by :meth:`~president.secret_deals.DealSecret.deal_order` for deal ``n``,
then dealt as :func:`president.old.deal.deal` deals. :func:`verify_old_record` recomputes every commitment and
replays the moves on the packs the secret gives; :func:`check_record` checks a record of either game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from president.errors import IllegalMove
from president.old.cards import DECK, sort_key
from president.old.cards import card_text as old_card_text
from president.old.deal import deal
from president.old.match import GAME_NAME, OldMatch
from president.old.record import read_record
from president.secret_deals import DealSecret
from president.verify import NotVerifiable, Verification, verify_record


def _texts(cards: list[int]) -> list[str]:
    return [old_card_text(card) for card in sorted(cards, key=sort_key)]


@dataclass(frozen=True)
class OldDealCheck:
    """One pack: the commitment shown before it, the one its secret gives, and what it dealt."""

    number: int
    dealer: int
    first: int
    """The seat dealt to first (the dealer's left)."""
    redeal: bool
    """The settlement redeal (no dummy, every card to a player)."""
    shown: str | None
    computed: str
    hands: tuple[tuple[str, ...], ...]
    dummy: tuple[str, ...]
    turned_up: str | None

    @property
    def ok(self) -> bool:
        """True when the commitment shown is the one the secret gives."""
        return self.shown == self.computed

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, cards as text (hands, the dummy and the turned-up card)."""
        return {"deal": self.number, "dealer": self.dealer, "first": self.first, "redeal": self.redeal,
                "shown": self.shown, "computed": self.computed, "ok": self.ok,
                "hands": [list(h) for h in self.hands], "dummy": list(self.dummy), "turned_up": self.turned_up}


@dataclass(frozen=True)
class OldVerification:
    """What :func:`verify_old_record` found: every pack's check, and the problems (none when the packs are fair)."""

    table: str
    secret: str
    players: int
    deals: tuple[OldDealCheck, ...]
    problems: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        """True when every commitment matches and the moves replay on the committed packs."""
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, as the browser's check reads it (``game`` says which dealing to recompute)."""
        return {"game": GAME_NAME, "table": self.table, "secret": self.secret, "players": self.players,
                "ok": self.ok, "problems": list(self.problems), "deals": [d.to_dict() for d in self.deals]}


def verify_old_record(text: str) -> OldVerification:
    """Check the packs of the finished old-game match in record ``text``.

    Raises :class:`~president.verify.NotVerifiable` when the record cannot be checked.
    """
    try:
        tags, _ = read_record(text)
    except ValueError as exc:
        raise NotVerifiable(f"not a record of the old President: {exc}") from None
    if "Table" not in tags:
        raise NotVerifiable("this match was not dealt from a committed secret (its record has no [Table] and "
                            "[Commitments] tags): there is nothing to check its deals against")
    if "Secret" not in tags:
        raise NotVerifiable("the record has no [Secret] tag: the secret is shown only when the match is over")
    try:
        secret = DealSecret.from_hex(tags["Secret"], tags["Table"])
        match, moves = OldMatch.from_record(text)
    except ValueError as exc:
        raise NotVerifiable(f"the record cannot be read: {exc}") from None
    problems: list[str] = []
    for number, (deal_number, move) in enumerate(moves, 1):
        if match.is_over:
            problems.append(f"move {number} ({move}): a move after the end of the match")
            break
        try:
            match.check_deal(deal_number, move)
            match.apply(move)
        except (IllegalMove, ValueError) as exc:
            problems.append(f"move {number} ({move}, deal {deal_number}): it cannot be played on the pack the "
                            f"secret gives ({exc})")
            break
    if not problems and not match.is_over:
        problems.append("the moves end before the match does")
    shown = tags.get("Commitments", "").split()
    players = match.players
    dealers = [(e.seat, e.type == "settlement_deal") for e in match.log if e.type in ("deal_start", "settlement_deal")]
    checks = []
    for n, (dealer, redeal) in enumerate(dealers, 1):
        assert dealer is not None
        hands, dummy, turned = deal(secret.deal_order(DECK, n), players, dealer, dummy=not redeal)
        check = OldDealCheck(n, dealer, (dealer + 1) % players, redeal, shown[n - 1] if n <= len(shown) else None,
                             secret.commitment(n), tuple(tuple(_texts(h)) for h in hands), tuple(_texts(dummy)),
                             None if turned is None else old_card_text(turned))
        checks.append(check)
        if check.shown is None:
            problems.append(f"deal {n}: the record shows no commitment for it")
        elif not check.ok:
            problems.append(f"deal {n}: the commitment shown, {check.shown}, is not the one the secret gives, "
                            f"{check.computed}")
    if match.is_over and len(shown) > len(dealers):
        problems.append(f"the record shows {len(shown)} commitments for {len(dealers)} packs")
    return OldVerification(secret.table, secret.hex, players, tuple(checks), tuple(problems))


def check_record(text: str) -> Verification | OldVerification:
    """Check the deals of a finished match of either game (the old President's records say ``[Game
    "old-president"]``); :class:`~president.verify.NotVerifiable` when it cannot be checked."""
    try:
        tags, _ = read_record(text)
    except ValueError:
        tags = {}
    if tags.get("Game") == GAME_NAME:
        return verify_old_record(text)
    return verify_record(text)
