"""The old President (seed 000) at a server table: options checked, the match behind the table's interface.

A table of the old game holds an :class:`OldTableMatch`, which implements the table's interface to a match
(:class:`~president.server.play.games.TableMatch`) as the modern :class:`~president.engine.Match` does, so the
table keeps one path for storage, broadcast, timers and recovery. The match runs with ``auto_play`` off: every card is a
move, stored before it is broadcast. The cards that continue a sequence are forced; the table plays them
for their holders after the bot delay (``by: "forced"``), so people can follow the sequence card by card.
"""

from __future__ import annotations

import copy
from typing import Any

from ...errors import IllegalMove
from ...old.board import STAKINGS
from ...old.bots import BOTS
from ...old.match import GAME_NAME, OldMatch
from ...old.moves import Event
from ...old.options import MAX_PLAYERS, MIN_PLAYERS, ODD_CHIPS, PRESIDENT_TURNUPS
from ...secret_deals import DealSecret
from ..errors import ProtocolError

OLD_GAME = GAME_NAME
"""The ``game`` of a table of the old President."""

OLD_BOTS = tuple(sorted(BOTS))
"""The bots a seat of the old game may be given."""

OLD_BOT_TEXT = {
    "careful": "starts sequences that stop with its own card and cashes its trump honours",
    "random": "starts a sequence with any card",
}
"""A line about each bot of the old game, for the start page."""

OLD_DEFAULT_BOT = "careful"
"""The bot put in open seats by ``fill`` and standing in for a person away."""

OLD_PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
"""The table sizes of the old game."""

_CHOICES: dict[str, tuple[str, ...]] = {
    "staking": STAKINGS, "president_turnup": PRESIDENT_TURNUPS, "odd_chip": ODD_CHIPS,
}
_NUMBERS: dict[str, tuple[int, int]] = {"chips": (0, 10_000), "stake": (8, 800)}
_FLAGS = ("open_record",)

LOG_KEPT = 60
"""How many of the latest events a snapshot carries (``view["log"]``), so that a page rebuilds its log."""

_UNLOGGED = ("stake", "deal", "deal_end")
"""Events a snapshot's log leaves out: the table's log writes no line for them."""


def face_down_log(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table's log as the seed lets it be seen: the cards of a stopped sequence are turned face down.

    The plays of each sequence that has stopped become one ``face_down`` event (its first player, how many cards,
    where its first card stood); the other events stay as they were (a section won names its card: it was
    announced). The plays of the sequence under way stay face up. The web page applies the same rule.
    """
    out: list[dict[str, Any]] = []
    start: int | None = None
    for event in events:
        kind = event["type"]
        if kind == "play":
            if event.get("lead") or start is None:
                start = len(out)
            out.append(event)
        elif kind == "sequence_end" and start is not None:
            plays = [e for e in out[start:] if e["type"] == "play"]
            kept = [e for e in out[start:] if e["type"] != "play"]
            del out[start:]
            out.append({"type": "face_down", "seat": plays[0]["seat"], "count": len(plays)})
            out.extend(kept)
            out.append(event)
            start = None
        else:
            if kind == "deal_start":
                start = None
            out.append(event)
    return out


def check_old_options(raw: dict[str, Any]) -> dict[str, Any]:
    """The options of an old-game table, each checked for its type and range (``ProtocolError`` ``bad_rules``).

    ``chips`` (0 to 10 000), ``staking`` (``fixed`` or ``equal``), ``stake`` (a multiple of 8 up to 800),
    ``president_turnup`` (``sections`` or ``board``), ``odd_chip`` (``higher`` or ``eldest``) and
    ``open_record`` (true or false).
    """
    options: dict[str, Any] = {}
    for name, value in raw.items():
        if name in _CHOICES:
            if value not in _CHOICES[name]:
                raise ProtocolError("bad_rules", f"{name} must be one of {', '.join(_CHOICES[name])}")
        elif name in _NUMBERS:
            low, high = _NUMBERS[name]
            if type(value) is not int or not low <= value <= high:
                raise ProtocolError("bad_rules", f"{name} must be a whole number from {low} to {high}")
        elif name in _FLAGS:
            if type(value) is not bool:
                raise ProtocolError("bad_rules", f"{name} must be true or false")
        else:
            raise ProtocolError("bad_rules", f"the old President has no option {name[:40]!r}")
        options[name] = value
    if options.get("staking") == "equal" and options.get("stake", 8) % 8:
        raise ProtocolError("bad_rules", "an equal stake is spread over eight sections: a multiple of 8")
    return options


class OldEvent:
    """An event of the old game in the table's form: every event is public, so each seat gets it alike."""

    __slots__ = ("event",)

    def __init__(self, event: Event) -> None:
        self.event = event

    def to_dict(self, for_seat: int | None = -1) -> dict[str, Any]:
        """The event as JSON (the same for every seat and for spectators)."""
        return self.event.to_dict()


class OldTableMatch:
    """An :class:`~president.old.OldMatch` behind the interface a table uses."""

    def __init__(self, match: OldMatch) -> None:
        self.match = match

    @classmethod
    def new(cls, players: int, seed: int, deals: int | None, options: dict[str, Any],
            secret: DealSecret | None = None) -> OldTableMatch:
        """A new match, every card a move (``auto_play`` off), its packs drawn from ``secret`` when given (else
        from ``seed``); ``ValueError`` if the options cannot be played."""
        return cls(OldMatch(players=players, seed=seed, deals=deals, auto_play=False, deal_secret=secret, **options))

    @property
    def dealt(self) -> int:
        """How many packs were dealt so far: the commitments shown (docs/verify.md)."""
        return self.match.dealings

    @property
    def to_act(self) -> int | None:
        """The seat that must play a card, or None when the game is over."""
        return self.match.to_act

    @property
    def is_over(self) -> bool:
        """True once the settlement is done."""
        return self.match.is_over

    @property
    def players(self) -> int:
        """The number of players."""
        return self.match.players

    @property
    def deal_number(self) -> int:
        """The number of the deal in play."""
        return self.match.deal_number

    @property
    def forced(self) -> bool:
        """Whether the next card continues a sequence (its holder has no choice: the table plays it)."""
        return self.match.phase == "continue"

    @property
    def scores(self) -> list[int]:
        """Each seat's chips won or lost since the start."""
        start = self.match.options.chips
        return [chips - start for chips in self.match.chips]

    @property
    def winners(self) -> list[int]:
        """The seats with the most chips once the game is over, else []."""
        if not self.is_over:
            return []
        best = max(self.match.chips)
        return [seat for seat, chips in enumerate(self.match.chips) if chips == best]

    def view(self, seat: int | None, history: bool = True) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator, made by the engine without any hand); cards of stopped
        sequences are face down. The view holds no history of the deal (``history`` changes nothing)."""
        return self.match.view(seat)

    def snapshot_view(self, seat: int | None, history: bool = True) -> dict[str, Any]:
        """The view of ``seat`` with ``log``: the latest events of the table (all public), for a page that
        reconnects to rebuild its log (left out with ``history=False``); the chips after each deal are in the
        view itself (``chips_by_deal``)."""
        view = self.match.view(seat)
        if not history:
            return view
        logged = [event.to_dict() for event in self.match.log if event.type not in _UNLOGGED]
        if not self.match.options.open_record:
            logged = face_down_log(logged)
        view["log"] = logged[-LOG_KEPT:]
        return view

    def verify(self, move: str | int) -> str:
        """The move as card text if the seat to act may play it; :class:`IllegalMove` otherwise."""
        if not isinstance(move, str):
            raise IllegalMove("a move of the old President is a card such as 5h")
        return str(self.match.check(move))

    def is_legal(self, move: str | int) -> bool:
        """Whether ``move`` may be played now."""
        try:
            self.verify(move)
        except IllegalMove:
            return False
        return True

    def legal_masks(self) -> list[str]:
        """The legal moves, as card texts."""
        return [str(play) for play in self.match.legal_moves()]

    def parse_move(self, text: str) -> str:
        """A stored move (card text) as the table replays it."""
        return text

    def move_text(self, move: str) -> str:
        """A move as stored: its card text."""
        return move

    def history_since(self, before: OldTableMatch) -> None:
        """None: the views of the old game keep no history (a snapshot's ``log`` is the table's)."""
        return None

    def forced_move(self) -> str | None:
        """The card that continues the sequence (its holder has no choice), else None."""
        return self.legal_masks()[0] if self.forced else None

    def bot_view(self, seat: int) -> dict[str, Any]:
        """What a bot of the old game decides from: the seat's view with every card announced this deal."""
        return self.match.view(seat, open_record=True)

    def copy(self) -> OldTableMatch:
        """An independent copy."""
        return OldTableMatch(copy.deepcopy(self.match))

    def apply(self, move: str | int) -> list[OldEvent]:
        """Play ``move`` for the seat to act; the events it caused."""
        if not isinstance(move, str):
            raise IllegalMove("a move of the old President is a card such as 5h")
        return [OldEvent(event) for event in self.match.apply(move)]

    def record(self) -> str:
        """The game's record (``OldMatch.replay`` reads it)."""
        return self.match.record()
