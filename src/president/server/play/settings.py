"""The settings of one table: rules and house rules, seats, match length, timers.

Rule options come from clients as JSON, so each is checked here for its type and a
sane range before the engine sees it (an exchange of thirty cards would make the
list of legal gifts explode, for instance).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ...engine import Match
from ...rule_codes import encode
from ...rules import TABLE_OPTIONS, check_options, get_rules
from ...secret_deals import DealSecret
from ..errors import ProtocolError
from ..protocol import MODERN_MAX_PLAYERS, CreateTableRequest
from .games import GAMES, MODERN_GAME, Game, TableMatch
from .oldgame import OLD_GAME, OLD_PLAYERS, OldTableMatch, check_old_options

BOT_SPEEDS: dict[str, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.25}
"""How long the computer players of a table take over a move, as a share of the server's ``bot_delay``."""

RULE_OPTIONS = TABLE_OPTIONS
"""The house-rule options a table may set (match length has fields of its own), from the rules' declaration."""


def check_rule_options(raw: dict[str, Any]) -> dict[str, Any]:
    """The options in engine form (tuples), or :class:`ProtocolError` ``bad_rules`` naming the first bad one.

    Each option is checked against its declaration in :mod:`president.rules` (type and range) before the
    engine sees it: an exchange of thirty cards would make the list of legal gifts explode, for instance.
    """
    try:
        return check_options(raw)
    except ValueError as exc:
        raise ProtocolError("bad_rules", str(exc)) from None


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
    game: str = MODERN_GAME
    """``president`` (the modern game, under ``rules``) or ``old-president`` (seed 000, ``rules`` is the same)."""
    bot_speed: str = "normal"
    """How fast the computer players move: ``slow``, ``normal`` or ``fast`` (see :data:`BOT_SPEEDS`)."""
    explain_now: bool = False
    """Practice: the computer players say why at once, during the deal, not only once it is over (their reasons
    show their cards, so the table's matches are not rated)."""
    duplicate: bool = False
    """Duplicate dealing (a table of a duplicate tournament): seat ``i`` gets the same cards for each deal at every
    table dealing from the same secret."""

    def bot_delay(self, base: float) -> float:
        """The seconds a computer player waits before its move at this table, from the server's ``bot_delay``."""
        return base * BOT_SPEEDS[self.bot_speed]

    @property
    def is_old(self) -> bool:
        """A table of the old President."""
        return self.game == OLD_GAME

    @property
    def kind(self) -> Game:
        """The game of this table: its bots, and how they are asked for a move."""
        return GAMES[self.game]

    @classmethod
    def from_request(cls, request: CreateTableRequest) -> TableSettings:
        """Checked settings from a create request (``ProtocolError`` ``bad_rules`` when they cannot be played)."""
        if request.game == OLD_GAME:
            return cls._old_from_request(request)
        if request.players > MODERN_MAX_PLAYERS:
            raise ProtocolError("bad_rules", f"the climbing game seats at most {MODERN_MAX_PLAYERS} players")
        try:
            rules = get_rules(request.rules)
        except ValueError as exc:
            raise ProtocolError("bad_rules", str(exc)) from None
        settings = cls(
            rules=rules.name, players=request.players, options=dict(request.options), deals=request.deals,
            target_score=request.target_score, turn_seconds=request.turn_seconds,
            grace_seconds=request.grace_seconds, public=request.public, bot_speed=request.bot_speed,
            explain_now=request.explain_now,
        )
        settings.new_match(0)
        return settings

    @classmethod
    def _old_from_request(cls, request: CreateTableRequest) -> TableSettings:
        low, high = OLD_PLAYERS
        if not low <= request.players <= high:
            raise ProtocolError("bad_rules", f"the old President is for {low} to {high} players")
        if request.target_score is not None:
            raise ProtocolError("bad_rules", "the old President is played for a number of deals, not a score")
        if request.explain_now:
            raise ProtocolError("bad_rules", "the old President's computer players do not say why: explain_now is "
                                "for the climbing game")
        settings = cls(
            rules=OLD_GAME, players=request.players, options=check_old_options(request.options),
            deals=request.deals, turn_seconds=request.turn_seconds, grace_seconds=request.grace_seconds,
            public=request.public, game=OLD_GAME, bot_speed=request.bot_speed,
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

    def code(self) -> str | None:
        """The rule code of the table's rules and match length (None for the old game)."""
        return self._code

    @cached_property
    def _code(self) -> str | None:
        # Worked out once per settings (encoding takes longer than the rest of a snapshot's table info).
        if self.is_old:
            return None
        try:
            return encode(get_rules(self.rules, **self.match_options()))
        except (ValueError, TypeError):
            return None

    def new_match(self, seed: int, secret: DealSecret | None = None) -> TableMatch:
        """A new match under these settings (``ProtocolError`` ``bad_rules`` when impossible): the climbing game
        and the old game deal from ``secret`` when given (docs/verify.md), else from ``seed``."""
        if self.is_old:
            try:
                return OldTableMatch.new(self.players, seed, self.deals, check_old_options(self.options), secret)
            except ValueError as exc:
                raise ProtocolError("bad_rules", str(exc)) from None
        try:
            # Rules first: Match's own ``first_leader`` keyword is a seat, not the rule option.
            rules = get_rules(self.rules, **self.match_options())
            if secret is not None:
                return Match(rules, self.players, deal_secret=secret, duplicate=self.duplicate)
            return Match(rules, self.players, seed, duplicate=self.duplicate)
        except (ValueError, TypeError) as exc:
            raise ProtocolError("bad_rules", str(exc)) from None

    def to_json(self) -> dict[str, Any]:
        """JSON form (stored with the table)."""
        return {
            "rules": self.rules, "players": self.players, "options": self.options, "deals": self.deals,
            "target_score": self.target_score, "turn_seconds": self.turn_seconds,
            "grace_seconds": self.grace_seconds, "public": self.public, "game": self.game,
            "bot_speed": self.bot_speed, **({"duplicate": True} if self.duplicate else {}),
            **({"explain_now": True} if self.explain_now else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        """Settings from :meth:`to_json` output (a table stored before bot speeds moves at the normal one)."""
        return cls(**data)
