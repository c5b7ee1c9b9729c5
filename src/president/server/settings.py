"""The settings of one table: rules and house rules, seats, match length, timers.

Rule options come from clients as JSON, so each is checked here for its type and a
sane range before the engine sees it (an exchange of thirty cards would make the
list of legal gifts explode, for instance).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import Match
from ..rules import get_rules
from .errors import ProtocolError
from .protocol import CreateTableRequest

_CHOICES: dict[str, tuple[str, ...]] = {
    "joker_in_revolution": ("lowest", "highest"),
    "first_leader": ("random", "holder"),
    "later_leader": ("last", "first"),
    "tie_break": ("share", "last_deal", "play_on"),
}
_FLAGS = ("pass_lockout", "revolution")
_NUMBERS: dict[str, tuple[int, int]] = {"jokers": (0, 2), "max_set": (1, 4)}
_SEQUENCES: dict[str, tuple[int, int, int]] = {"exchange": (0, 4, 4), "points": (-100, 100, 8)}
"""Each sequence option: smallest and largest item, most items."""

RULE_OPTIONS = (*_FLAGS, *_NUMBERS, *_CHOICES, *_SEQUENCES, "first_lead_card")
"""The house-rule options a table may set (match length has fields of its own)."""


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_rule_options(raw: dict[str, Any]) -> dict[str, Any]:
    """The options in engine form (tuples), or :class:`ProtocolError` ``bad_rules`` naming the first bad one."""
    out: dict[str, Any] = {}
    for name, value in raw.items():
        if name not in RULE_OPTIONS:
            raise ProtocolError("bad_rules", f"unknown rule option {name[:40]!r}; options: {', '.join(RULE_OPTIONS)}")
        if name in _FLAGS:
            if not isinstance(value, bool):
                raise ProtocolError("bad_rules", f"{name} must be true or false")
        elif name in _NUMBERS:
            low, high = _NUMBERS[name]
            if not _int(value) or not low <= value <= high:
                raise ProtocolError("bad_rules", f"{name} must be a whole number from {low} to {high}")
        elif name in _CHOICES:
            if value not in _CHOICES[name]:
                raise ProtocolError("bad_rules", f"{name} must be one of {', '.join(_CHOICES[name])}")
        elif name in _SEQUENCES:
            low, high, most = _SEQUENCES[name]
            if value is None and name == "points":
                out[name] = None
                continue
            if not isinstance(value, list) or len(value) > most or not all(
                _int(v) and low <= v <= high for v in value
            ):
                raise ProtocolError(
                    "bad_rules", f"{name} must be a list of at most {most} whole numbers from {low} to {high}"
                )
            value = tuple(value)
        elif name == "first_lead_card" and value is not None and not (_int(value) and 0 <= value <= 53):
            raise ProtocolError("bad_rules", "first_lead_card must be a card number from 0 to 53, or null")
        out[name] = value
    return out


@dataclass(frozen=True)
class TableSettings:
    """What a table was created with; stored as JSON and used to make each match."""

    rules: str
    """The canonical preset name."""
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    """House rules as JSON (lists, not tuples)."""
    deals: int | None = None
    target_score: int | None = None
    turn_seconds: float | None = None
    grace_seconds: float = 30.0
    public: bool = True

    @classmethod
    def from_request(cls, request: CreateTableRequest) -> TableSettings:
        """Checked settings from a create request (``ProtocolError`` ``bad_rules`` when they cannot be played)."""
        try:
            rules = get_rules(request.rules)
        except ValueError as exc:
            raise ProtocolError("bad_rules", str(exc)) from None
        settings = cls(
            rules=rules.name, players=request.players, options=dict(request.options), deals=request.deals,
            target_score=request.target_score, turn_seconds=request.turn_seconds,
            grace_seconds=request.grace_seconds, public=request.public,
        )
        settings.new_match(0)
        return settings

    def match_options(self) -> dict[str, Any]:
        """Keyword options for :class:`~president.engine.Match` (house rules and match length)."""
        options = check_rule_options(self.options)
        if self.target_score is not None:
            options.update(deals=self.deals, target_score=self.target_score)
        elif self.deals is not None:
            options["deals"] = self.deals
        return options

    def new_match(self, seed: int) -> Match:
        """A new match under these settings (``ProtocolError`` ``bad_rules`` when impossible)."""
        try:
            # Rules first: Match's own ``first_leader`` keyword is a seat, not the rule option.
            return Match(get_rules(self.rules, **self.match_options()), self.players, seed)
        except (ValueError, TypeError) as exc:
            raise ProtocolError("bad_rules", str(exc)) from None

    def to_json(self) -> dict[str, Any]:
        """JSON form (stored with the table)."""
        return {
            "rules": self.rules, "players": self.players, "options": self.options, "deals": self.deals,
            "target_score": self.target_score, "turn_seconds": self.turn_seconds,
            "grace_seconds": self.grace_seconds, "public": self.public,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        """Settings from :meth:`to_json` output."""
        return cls(**data)
