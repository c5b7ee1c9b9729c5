"""The games a table can play, and what a table asks of a match of either of them.

A table knows a match only through :class:`TableMatch`: the modern climbing game's
:class:`~president.engine.Match` implements it as it is, and the old President's
:class:`~president.old.match.OldMatch` through :class:`~president.server.play.oldgame.OldTableMatch`. Each
engine makes its own views, a spectator's included, so no hidden card passes through the server on its way to a
spectator. What differs between the games outside a match (which bots a seat may be given, which one fills seats
and stands in, how a bot is asked for a move, what a hint is) is a :class:`Game`, chosen by the table's settings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self

from ...old.bots import BOTS
from ...players import bot_names
from ...view import SeatView
from ..config import ServerConfig
from ..protocol import EVENT_TYPES, OLD_EVENT_TYPES
from .bot_pool import BotRunner, Reason, choose, decide_move, known_bot, reason_later
from .move_random import move_random
from .oldgame import OLD_BOTS, OLD_DEFAULT_BOT, OLD_GAME

MODERN_GAME = "president"
"""The ``game`` of a table of the modern climbing game (the default)."""

HINT_BOT = "classic"
"""The bot whose move a player of the climbing game is given as a hint (the computer players of seed 004)."""


class GameEvent(Protocol):
    """One thing a move caused, as each seat (or a spectator) may see it."""

    def to_dict(self, for_seat: int | None = -1) -> dict[str, Any]:
        """JSON form for ``for_seat`` (None: a spectator): cards it may not see are left out."""


class TableMatch(Protocol):
    """A match in play at a table, whichever game: the only authority on its rules and its hidden cards.

    A move goes in as the client's text: :meth:`verify` turns it into the game's own form (or refuses it with
    :class:`~president.errors.IllegalMove`), :meth:`apply` plays it, :meth:`move_text` writes it for storage.
    """

    @property
    def to_act(self) -> int | None:
        """The seat whose move is awaited, or None once the match is over."""

    @property
    def players(self) -> int:
        """The number of seats."""

    @property
    def is_over(self) -> bool:
        """True once the match is over."""

    @property
    def deal_number(self) -> int:
        """The number of the deal in play (from 1)."""

    @property
    def scores(self) -> list[int]:
        """Each seat's score (the old game: chips won or lost)."""

    @property
    def winners(self) -> list[int]:
        """The winning seats once the match is over, else []."""

    def verify(self, move: Any) -> Any:
        """The move (text, or the game's form) in the game's form if the seat to act may make it;
        ``IllegalMove`` otherwise."""

    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` (text or the game's form) may be made now."""

    def legal_masks(self) -> Sequence[Any]:
        """The legal moves of the seat to act, in the game's form."""

    def parse_move(self, text: str) -> Any:
        """A stored move (its :meth:`move_text`) in the game's form, to replay it."""

    def move_text(self, move: Any) -> str:
        """A move in the game's form as text, for storage and the record."""

    def apply(self, move: Any) -> Sequence[GameEvent]:
        """Make ``move`` for the seat to act; the events it caused."""

    def copy(self) -> Self:
        """An independent copy."""

    def view(self, seat: int | None, history: bool = True) -> dict[str, Any]:
        """What ``seat`` may see, as JSON (None: a spectator, who sees no hand); ``history=False`` leaves out the
        past of the deal a client keeps by itself."""

    def snapshot_view(self, seat: int | None, history: bool = True) -> dict[str, Any]:
        """The view a client rebuilds its whole screen from (after hello, sync or a new match)."""

    def history_since(self, before: Self) -> tuple[int, list[dict[str, Any]]] | None:
        """How the view's ``history`` changed since ``before``: where the new entries start, and the entries;
        None when this game's views keep no history."""

    def forced_move(self) -> Any | None:
        """The move the seat to act has no choice about (the table makes it), or None."""

    def bot_view(self, seat: int) -> Any:
        """What a bot of this game decides from, for ``seat`` (its own cards and the public facts)."""

    def record(self) -> str:
        """The match as text, for storage and replays."""


class Game(Protocol):
    """What a table needs to know of its game outside a match: its bots, and how they are asked for a move."""

    name: str
    """The ``game`` of the table's settings."""
    event_types: tuple[str, ...]
    """Every kind of event a match of this game emits (the protocol's one list of them)."""
    analysable: bool
    """Whether a finished match of this game can be analysed (``POST /api/matches/{id}/analysis``)."""

    def bots(self) -> list[str]:
        """The bots a seat of this game may be given."""

    def known_bot(self, name: str) -> bool:
        """Whether a seat of this game may be given the bot ``name``."""

    def fill_bot(self, config: ServerConfig) -> str:
        """The bot ``fill`` puts in open seats when none is named."""

    def stand_in(self, config: ServerConfig) -> str:
        """The bot that plays for a person away or out of time."""

    async def bot_move(self, runner: BotRunner, name: str, view: Any, seed: int, ply: int, table: str,
                       owner: str = "") -> tuple[Any, Reason]:
        """The move of bot ``name`` from ``view`` (a :meth:`TableMatch.bot_view`), drawn from the match seed and
        the move number so that it does not depend on timing, and why the bot made it (an explanation's JSON
        form, a function that works it out from the same view when asked, or None); ``owner`` is the address that
        created the table (the bot pool is shared between addresses first)."""

    def hint_why(self, view: Any, seed: int, ply: int) -> dict[str, Any] | None:
        """Why the hint's bot would make the hint's move (an explanation's JSON form), or None."""

    def hint(self, view: Any, seed: int, ply: int) -> Any:
        """The move a player is given as a hint, from the player's own bot view."""

    hint_refusal: str
    """Why a hint is refused when it is asked for out of turn."""


class ModernGame:
    """The modern climbing game: the registry's bots, the heavy ones in the bot pool's worker processes."""

    name = MODERN_GAME
    event_types = EVENT_TYPES
    analysable = True
    hint_refusal = "a hint is given on your turn"

    def bots(self) -> list[str]:
        """The registry's bots offered to players."""
        return bot_names()

    def known_bot(self, name: str) -> bool:
        """A bot of the registry offered to players."""
        return known_bot(name)

    def fill_bot(self, config: ServerConfig) -> str:
        """The server's default bot."""
        return config.default_bot

    def stand_in(self, config: ServerConfig) -> str:
        """The server's stand-in bot."""
        return config.stand_in_bot

    async def bot_move(self, runner: BotRunner, name: str, view: SeatView, seed: int, ply: int, table: str,
                       owner: str = "") -> tuple[int, Reason]:
        """Quick bots answer at once in the event loop, and say why only when asked; the others think in the
        pool's worker processes, which say why with the move."""
        if runner.is_inline(name):
            move = choose(name, view, seed, ply)
            return move, reason_later(name, seed, ply, move)
        return await runner.decide_later(name, view, seed, ply, table=table, owner=owner)

    def hint(self, view: SeatView, seed: int, ply: int) -> int:
        """The move of the :data:`HINT_BOT`."""
        return choose(HINT_BOT, view, seed, ply)

    def hint_why(self, view: SeatView, seed: int, ply: int) -> dict[str, Any] | None:
        """Why the :data:`HINT_BOT` would make its move (from the player's own view: nothing hidden)."""
        return decide_move(HINT_BOT, view, seed, ply)[1]


class OldGame:
    """The old President: its own bots, which remember every card announced in the deal; all quick."""

    name = OLD_GAME
    event_types = OLD_EVENT_TYPES
    analysable = False
    hint_refusal = "a hint is given when you start a sequence"

    def bots(self) -> list[str]:
        """The bots of the old game."""
        return list(OLD_BOTS)

    def known_bot(self, name: str) -> bool:
        """A bot of the old game."""
        return name in OLD_BOTS

    def fill_bot(self, config: ServerConfig) -> str:
        """The careful bot."""
        return OLD_DEFAULT_BOT

    def stand_in(self, config: ServerConfig) -> str:
        """The careful bot."""
        return OLD_DEFAULT_BOT

    async def bot_move(self, runner: BotRunner, name: str, view: dict[str, Any], seed: int, ply: int,
                       table: str, owner: str = "") -> tuple[str, Reason]:
        """The bot's card, chosen at once (the old game's bots do not say why)."""
        return self.hint(view, seed, ply, name), None

    def hint_why(self, view: dict[str, Any], seed: int, ply: int) -> dict[str, Any] | None:
        """None: the old game's bots do not say why."""
        return None

    def hint(self, view: dict[str, Any], seed: int, ply: int, name: str = OLD_DEFAULT_BOT) -> str:
        """The card the bot ``name`` (the careful one for a hint) would start a sequence with."""
        factory = BOTS.get(name, BOTS[OLD_DEFAULT_BOT])
        return factory().choose(view, move_random(seed, ply))


GAMES: dict[str, Game] = {MODERN_GAME: ModernGame(), OLD_GAME: OldGame()}
"""Every game a table may play, by its ``game`` name."""
