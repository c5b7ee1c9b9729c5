"""Deals anyone can check: a match's secret, the commitment published before each deal, the deals it gives.

A server that deals from a :class:`DealSecret` draws 32 random bytes when a match starts and shows,
before each deal, the SHA-256 commitment of that deal (:meth:`DealSecret.commitment`). The deal
itself is drawn from a SHA-512 digest of the same secret (:meth:`DealSecret.deal_order`), so the
commitments fix every deal before it is played, and the secret, shown when the match ends, lets
anyone recompute them. ``docs/verify.md`` specifies the algorithm for independent implementations;
this module is its reference, written as the specification reads (standard library only).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field

SECRET_BYTES = 32
"""The length of a match secret."""

_HEX = re.compile(r"[0-9a-f]{64}")
_TABLE = re.compile(r"[\x21-\x7e]{1,64}")


def _digest(name: str, text: str) -> bytes:
    return hashlib.new(name, text.encode("ascii")).digest()


@dataclass(frozen=True)
class DealSecret:
    """The randomness of a match whose deals can be checked: 32 secret bytes and the table they were drawn for.

    The repr never shows the secret; :attr:`hex` does, once it may be told.
    """

    secret: bytes = field(repr=False)
    table: str

    def __post_init__(self) -> None:
        if not isinstance(self.secret, bytes) or len(self.secret) != SECRET_BYTES:
            raise ValueError(f"a deal secret is {SECRET_BYTES} bytes")
        if not isinstance(self.table, str) or not _TABLE.fullmatch(self.table):
            raise ValueError("a table id for deal commitments is 1 to 64 printable ASCII characters without spaces, "
                             f"not {str(self.table)[:70]!r}")

    @classmethod
    def new(cls, table: str, seed: int | None = None) -> DealSecret:
        """A fresh, unpredictable secret for a match at ``table``; or, given a ``seed``, one drawn from it
        (predictable: for tests and benchmarks that fix the seed of a server)."""
        if seed is not None:
            return cls(_digest("sha256", f"president secret from seed\n{seed}"), table)
        return cls(secrets.token_bytes(SECRET_BYTES), table)

    @classmethod
    def from_hex(cls, text: str, table: str) -> DealSecret:
        """The secret written as 64 lowercase hexadecimal digits; ``ValueError`` for anything else."""
        if not isinstance(text, str) or not _HEX.fullmatch(text):
            raise ValueError("a deal secret is written as 64 lowercase hexadecimal digits")
        return cls(bytes.fromhex(text), table)

    @property
    def hex(self) -> str:
        """The secret as 64 lowercase hexadecimal digits (told only once the match is over)."""
        return self.secret.hex()

    def _text(self, purpose: str, *parts: int | str) -> str:
        return "\n".join(["president " + purpose, *map(str, parts), self.hex])

    def commitment(self, deal: int) -> str:
        """The commitment shown before deal ``deal`` (counted from 1): SHA-256, as 64 hexadecimal digits."""
        return _digest("sha256", self._text("commitment", self.table, deal)).hex()

    def commitments(self, deals: int) -> list[str]:
        """The commitments of deals 1 to ``deals``."""
        return [self.commitment(n) for n in range(1, deals + 1)]

    def first_leader(self, players: int) -> int:
        """The seat that leads the first deal when the rules draw it."""
        return int.from_bytes(_digest("sha512", self._text("leader")), "big") % players

    def deal_order(self, deck: Sequence[int], deal: int) -> list[int]:
        """``deck`` shuffled for deal ``deal``: Fisher–Yates from the last position down, each swap's partner a
        digit of the 512-bit SHA-512 number in the mixed radix of the positions."""
        x = int.from_bytes(_digest("sha512", self._text("deal", deal)), "big")
        order = list(deck)
        for i in range(len(order) - 1, 0, -1):
            x, j = divmod(x, i + 1)
            order[i], order[j] = order[j], order[i]
        return order

    def deal_hands(self, deck: Sequence[int], players: int, first: int, deal: int) -> list[int]:
        """The hands by seat of deal ``deal``, for a ``deck`` of card masks: card ``k`` of the shuffled deck goes
        to seat ``(first + k) % players``."""
        hands = [0] * players
        for k, card in enumerate(self.deal_order(deck, deal)):
            hands[(first + k) % players] |= card
        return hands
