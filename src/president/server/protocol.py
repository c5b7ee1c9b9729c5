"""The messages of the game server, as pydantic models.

Client → server messages on the WebSocket are validated here (:func:`parse_client_message`).
Server → client messages are built as plain dicts on the hot path; their models below
document the shape, and the tests check every message sent against them.
REST request and response bodies live here too. ``docs/protocol.md`` is the reference.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Any, Literal, get_args

import orjson
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .errors import ProtocolError
from .names import skeleton

MAX_PLAYERS = 10
"""The most seats of any table (the old President seats ten; the climbing game eight)."""

MODERN_MAX_PLAYERS = 8
"""The most seats of a table of the climbing game."""

GameName = Literal["president", "old-president"]
"""The games a table may play: the modern climbing game, or the 19th-century staking game of seed 000."""


def _clean_name(value: str) -> str:
    name = " ".join(value.split())
    if not name or not skeleton(name):
        raise ValueError("a display name needs at least one visible character")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise ValueError("a display name may not hold control characters")
    return name


DisplayName = Annotated[str, Field(min_length=1, max_length=24), AfterValidator(_clean_name)]
"""A player's display name: 1 to 24 characters, spaces collapsed, no control characters, something visible (see
:func:`~president.server.names.skeleton`)."""

BotName = Annotated[str, Field(min_length=1, max_length=32)]
"""A bot registry name (``classic``, ``random`` …)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# ----------------------------------------------------------------- client → server


class Hello(_Strict):
    """First message of a connection: take a seat with its token, or watch."""

    type: Literal["hello"]
    table: str = Field(min_length=1, max_length=64)
    token: str | None = Field(default=None, min_length=1, max_length=128)
    spectate: bool = False
    name: DisplayName | None = None
    """A spectator's name in the spectators' chat (a seat speaks under its seat's name)."""
    version: Literal[1, 2] = 1
    """The protocol version the client reads (``docs/protocol.md``, *Versions*): 2 sends the deal's history in
    snapshots only, and with each update the entries its move added."""
    history: bool = True
    """False: views without the deal's history (a bot that keeps no past of the deal)."""


class MoveMessage(_Strict):
    """A move in the engine's notation: ``7c 7h``, ``pass`` or ``give 3c 5d`` (old President: a card, ``7h``)."""

    type: Literal["move"]
    move: str = Field(min_length=1, max_length=200)
    seq: int | None = Field(default=None, ge=0)
    """The number of moves the client has seen in this match; a mismatch is refused as ``stale``."""


class StartMessage(_Strict):
    """Start the match (every seat must be taken by a person or a bot)."""

    type: Literal["start"]


class RematchMessage(_Strict):
    """Start a new match at the same table with the same seats, once the match is over."""

    type: Literal["rematch"]


class SeatMessage(_Strict):
    """Before the start: put a bot in a seat no person holds, change its level, or open it (``bot: null``)."""

    type: Literal["seat"]
    seat: int = Field(ge=0, lt=MAX_PLAYERS)
    bot: BotName | None


class FillMessage(_Strict):
    """Before the start: put a bot (default level when ``bot`` is left out) in every open seat."""

    type: Literal["fill"]
    bot: BotName | None = None


BotSpeed = Literal["slow", "normal", "fast"]
"""How fast a table's computer players move."""


class SpeedMessage(_Strict):
    """Any time: change how fast the table's computer players move (a seated person only)."""

    type: Literal["speed"]
    speed: BotSpeed


class LeaveMessage(_Strict):
    """Before the start: give up one's seat (its token stops working)."""

    type: Literal["leave"]


class HintMessage(_Strict):
    """On one's own turn: the move the ``classic`` bot would make (old President: the card the ``careful`` bot
    would start a sequence with, on one's lead)."""

    type: Literal["hint"]


class SyncMessage(_Strict):
    """Ask for a fresh snapshot."""

    type: Literal["sync"]


class PingMessage(_Strict):
    """Ask for a ``pong``."""

    type: Literal["ping"]


CHAT_PHRASES = ("hi", "gg", "wp", "hurry", "thanks", "oops")
"""The quick phrases of the table chat, sent by id and shown in each reader's language."""

CHAT_MAX_CHARS = 200
"""The longest chat line, in characters."""


def _clean_chat(value: str) -> str:
    text = " ".join(value.split())
    if not text:
        raise ValueError("a chat line needs at least one visible character")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text):
        raise ValueError("a chat line may not hold control or unassigned characters")
    return text


class ChatMessage(_Strict):
    """A line of the table chat: free ``text`` or a quick ``phrase`` id, one of the two.

    Seated players speak in the players' chat, spectators in the spectators' chat.
    """

    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=CHAT_MAX_CHARS), AfterValidator(_clean_chat)] | None = None
    phrase: Literal["hi", "gg", "wp", "hurry", "thanks", "oops"] | None = None


class WhyMessage(_Strict):
    """Why a computer player made the move number ``seq`` of the match: answered once that move's deal is over
    (a reason told earlier would show the bot's cards); anyone following the table may ask."""

    type: Literal["why"]
    seq: int = Field(ge=0)


class ListenMessage(_Strict):
    """First message of a bot account's connection that waits for invitations: the account's API token."""

    type: Literal["listen"]
    token: str = Field(min_length=1, max_length=128)


class InviteMessage(_Strict):
    """Before the start: seat the bot account ``account`` (which must be listening) in a seat no person holds."""

    type: Literal["invite"]
    seat: int = Field(ge=0, lt=MAX_PLAYERS)
    account: DisplayName


ClientMessage = Annotated[
    Hello | MoveMessage | StartMessage | RematchMessage | SeatMessage | FillMessage | LeaveMessage
    | SyncMessage | PingMessage | HintMessage | ChatMessage | SpeedMessage | ListenMessage | InviteMessage
    | WhyMessage,
    Field(discriminator="type"),
]
"""Any message a client may send."""

CLIENT_TYPES = ("hello", "move", "start", "rematch", "seat", "fill", "leave", "sync", "ping", "hint", "chat", "speed",
                "listen", "invite", "why")
"""The ``type`` of each client message."""

_CLIENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def _describe(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"][1:]) or "message"
    if first["type"] == "extra_forbidden":
        return f"unknown field {where!r}"
    if first["type"] == "missing":
        return f"field {where!r} is missing"
    return f"field {where!r}: {first['msg']}"


def dumps(message: Any) -> str:
    """A server message as compact JSON text, by orjson (several times faster than the standard library, which
    writes what orjson refuses: integers beyond 64 bits, named tuples)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"))


def parse_client_message(text: str) -> Any:
    """Validate one client message; raise :class:`ProtocolError` saying what is wrong."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "the message must be a JSON object such as {\"type\": \"ping\"}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "the message needs a \"type\" field holding a string")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}; known: {', '.join(CLIENT_TYPES)}")
    try:
        return _CLIENT_ADAPTER.validate_python(data)
    except ValidationError as exc:
        raise ProtocolError("bad_message", f"{kind}: {_describe(exc)}") from None


# ----------------------------------------------------------------- server → client


class SeatInfo(BaseModel):
    """One seat as everyone may see it."""

    seat: int
    kind: Literal["open", "person", "bot"]
    name: str | None
    bot: str | None
    """The bot's registry name for a bot seat."""
    connected: bool
    """A person's seat with at least one live connection."""
    away: bool
    """A dropped person past the grace period: the stand-in bot plays for the seat."""
    account: bool = False
    """The person is a signed-in account (a player or an invited bot account): the name is the account's."""
    left: bool = False
    """The person resigned the match in play: the stand-in plays the seat to its end (a rated match rates the seat
    last)."""
    bot_account: bool = False
    """The seat is held by an invited bot account (a program, labelled as a bot)."""


class TableInfo(BaseModel):
    """A table as everyone may see it (the lobby, ``table`` messages, snapshots)."""

    id: str
    game: GameName
    """``president`` (the climbing game) or ``old-president`` (the staking game of seed 000)."""
    rules: str
    code: str | None = None
    """The rule code of the table's rules (``president.rule_codes``); None for the old game."""
    options: dict[str, Any]
    players: int
    deals: int | None
    target_score: int | None
    status: Literal["waiting", "playing", "finished"]
    match_no: int
    seats: list[SeatInfo]
    turn_seconds: float | None
    grace_seconds: float
    public: bool
    bot_speed: BotSpeed
    """How fast the computer players move: ``slow``, ``normal`` or ``fast``."""
    explain_now: bool = False
    """Practice: the computer players say why at once, during the deal (the matches are not rated)."""
    created_at: float
    match_id: int | None
    """The id of the last finished match of this table (its record), when there is one."""


class GameOut(BaseModel):
    """The table's game as a snapshot describes it."""

    name: GameName
    bots: list[str]
    """The bots a seat of this game may be given."""
    event_types: list[str]
    """Every kind of event an update of this game may hold (:data:`EVENT_TYPES` or :data:`OLD_EVENT_TYPES`)."""
    analysable: bool
    """Whether a finished match of this game can be analysed."""


class SnapshotOut(BaseModel):
    """Everything a client needs to draw the table: sent after hello, sync, start and rematch."""

    type: Literal["snapshot"]
    table: TableInfo
    seat: int | None
    """The client's seat, or None for a spectator."""
    seq: int
    """Moves made in the current match."""
    view: dict[str, Any] | None
    """The seat's view (``Match.view(seat)``) or the spectator view; None before the start. At a table of the
    old President it adds ``log``, the table's latest events, from which a client rebuilds its log."""
    deadline: float | None
    """Unix time when the turn timer runs out for the seat to act, or None."""
    now: float
    """The server's Unix time when it sent the message: a client counts the deadline down on the server's clock."""
    game: GameOut
    """What a client needs to know of the table's game."""
    commitments: list[str] | None = None
    """The SHA-256 commitments of the deals dealt so far (docs/verify.md); absent for a match dealt from its seed."""
    secret: str | None = None
    """The secret the deals come from, once the match is over (None before)."""


EventType = Literal["play", "pass", "revolution", "trick_cleared", "cut_waits", "stop", "lock", "eleven_back", "skip",
                   "reverse", "owe", "passed_on", "discard", "name", "salvage", "out", "fall", "gekokujo", "deal_over",
                   "deal", "gift", "spared", "return", "match_over"]
"""The ``type`` of an event of the climbing game (the engine's :class:`~president.events.Event` kinds)."""

OldEventType = Literal["deal_start", "stake", "deal", "turn_up", "play", "win", "sequence_end", "out", "pay",
                       "exempt", "deal_end", "settlement_deal", "game_end"]
"""The ``type`` of an event of the old President (:class:`~president.old.moves.Event`)."""

EVENT_TYPES: tuple[str, ...] = get_args(EventType)
"""Every event type of the climbing game, the list ``docs/protocol.md`` documents (a test holds both to what the
engine emits)."""

OLD_EVENT_TYPES: tuple[str, ...] = get_args(OldEventType)
"""Every event type of the old President, likewise."""


class EventOut(BaseModel):
    """One event of an ``update``: its ``type`` and the fields of that type (see ``docs/protocol.md``)."""

    model_config = ConfigDict(extra="allow")

    type: EventType | OldEventType


class HistoryChange(BaseModel):
    """What a move changed in the deal's history (version 2): keep the first ``at`` entries, then add ``add``."""

    at: int
    """How many entries of the history held before stay (0 when a new deal began)."""
    add: list[dict[str, Any]]
    """The new entries, each ``{"seat", "move"}`` as the view's ``history`` lists them."""


class UpdateOut(BaseModel):
    """One accepted move: the events it caused as this client may see them, and the new view."""

    type: Literal["update"]
    seq: int
    seat: int
    """The seat that moved."""
    by: Literal["person", "bot", "stand-in", "forced"]
    """Who made the move: the person, the seat's bot, the stand-in bot for a person, or the table playing a
    forced card for its holder (old President: the card that continues a sequence)."""
    events: list[EventOut]
    view: dict[str, Any]
    """The client's new view; without ``history`` for a client of version 2 or one that asked for no history."""
    deadline: float | None
    now: float
    """The server's Unix time when it sent the message."""
    history: HistoryChange | None = None
    """Version 2, history wanted, climbing game: what the move changed in the deal's history."""
    commitments: list[str] | None = None
    """In an update that starts a deal or ends the match: the commitments of the deals dealt so far."""
    secret: str | None = None
    """In the update that ends the match: the secret the deals come from."""


class TableOut(BaseModel):
    """The table changed (a seat was taken, a bot seated, someone dropped or came back)."""

    type: Literal["table"]
    table: TableInfo


class ErrorOut(BaseModel):
    """A refused message; nothing changed."""

    type: Literal["error"]
    code: str
    message: str
    ref: str | None = None
    """The ``type`` of the refused message, when it could be read."""


class Explained(BaseModel):
    """Why a computer player chose a move: the explanation's key (the browser's ``why.<key>`` text, the
    English of :data:`president.explain.TEMPLATES`), its parameters, the reason it rests on, and the English
    text."""

    key: str
    params: dict[str, Any]
    cause: Explained | None = None
    text: str | None = None


class HintOut(BaseModel):
    """The answer to ``hint``: the move the ``classic`` bot would make (old President: the card the ``careful``
    bot would play), for the move ``seq``, and why (None in old President)."""

    type: Literal["hint"]
    move: str
    seq: int
    why: Explained | None = None


class WhyOut(BaseModel):
    """The answer to ``why``: the move ``seq`` of the match, made by ``seat``, and why."""

    type: Literal["why"]
    seq: int
    seat: int
    move: str
    why: Explained


class PongOut(BaseModel):
    """The answer to ``ping``."""

    type: Literal["pong"]


class ChatLine(BaseModel):
    """One line of the table chat as clients receive it (``chat`` and ``chat_history``)."""

    id: int
    """Increasing with time at each table; a client drops a line whose id it has already shown."""
    channel: Literal["players", "spectators"]
    match_no: int
    """The match the line belongs to (said before the first move: the match about to start)."""
    seat: int | None
    """The speaker's seat, or None for a spectator."""
    player: str
    """The speaker's identity (a display name today; an account id once accounts exist): what mutes key on."""
    name: str
    text: str | None
    """Free text, exactly as typed (show it as text, never as HTML)."""
    phrase: str | None
    """A quick phrase id (``CHAT_PHRASES``), shown in the reader's language."""
    ply: int
    """Moves played in the match when the line was said (a replay shows the line there)."""
    at: float
    bot: bool = False
    """Said by a bot account (the browser labels it as a bot)."""


class ChatOut(ChatLine):
    """A chat line, sent to those who may read its channel."""

    type: Literal["chat"]


class ChatHistoryOut(BaseModel):
    """After hello: the chat lines of the match so far that this client may read, oldest first."""

    type: Literal["chat_history"]
    lines: list[ChatLine]


ServerMessage = Annotated[SnapshotOut | UpdateOut | TableOut | ErrorOut | PongOut | HintOut | ChatOut
                          | ChatHistoryOut | WhyOut, Field(discriminator="type")]
"""Any message the server sends."""


# ----------------------------------------------------------------- REST


class CreateTableRequest(BaseModel):
    """``POST /api/tables``: a new table."""

    model_config = ConfigDict(extra="forbid")

    game: GameName = "president"
    """The game: ``president`` (the climbing game, under ``rules``) or ``old-president`` (``rules`` is ignored,
    ``options`` are the old game's: chips, staking, stake, president_turnup, odd_chip, open_record)."""
    rules: str = Field(default="tavern-jack", max_length=40)
    """A preset name or alias."""
    options: dict[str, Any] = Field(default_factory=dict)
    """House rules: rule options that differ from the preset (see ``GET /api/presets``)."""
    players: int = Field(default=4, ge=2, le=MAX_PLAYERS, strict=True)
    seats: list[BotName | None] | None = None
    """Per seat, a bot name or None for a person; by default every seat is open for a person."""
    deals: int | None = Field(default=None, ge=1, le=100, strict=True)
    """Match length in deals (default: the preset's)."""
    target_score: int | None = Field(default=None, ge=1, le=1000, strict=True)
    """Play until a total this high instead of a number of deals."""
    turn_seconds: float | None = Field(default=None, gt=0, le=3600)
    """Seconds a person has for a move before the stand-in bot plays it; None: no timer."""
    grace_seconds: float = Field(default=30.0, ge=0, le=24 * 3600)
    """Seconds a dropped person keeps the seat before the stand-in bot plays for it."""
    public: bool = Field(default=True, strict=True)
    """Listed in the lobby (else reachable only by its link)."""
    bot_speed: BotSpeed = "normal"
    """How fast the computer players move: ``slow``, ``normal`` or ``fast`` (a seated person may change it)."""
    explain_now: bool = Field(default=False, strict=True)
    """Practice: the computer players say why at once, during the deal; the table's matches are not rated."""
    name: DisplayName | None = None
    """When given, the creator takes the first open seat under this name."""
    invite: DisplayName | None = None
    """A challenge: the bot account of this name (it must be listening) takes the next open seat at once."""


class JoinRequest(BaseModel):
    """``POST /api/tables/{id}/join``: take an open seat."""

    model_config = ConfigDict(extra="forbid")

    name: DisplayName
    seat: int | None = Field(default=None, ge=0, lt=MAX_PLAYERS, strict=True)
    """A particular open seat, or the first open one."""


class JoinResponse(BaseModel):
    """A seat taken: keep the token, it is the only key to the seat."""

    table: TableInfo
    seat: int
    token: str
    invite_url: str


class CreateTableResponse(BaseModel):
    """A new table, its invite link, and the creator's seat when a name was given."""

    table: TableInfo
    invite_url: str
    seat: int | None = None
    token: str | None = None


class LeaderboardEntry(BaseModel):
    """One player name on the leaderboard."""

    name: str
    matches: int
    wins: int
    mean_points: float


class MatchSummary(BaseModel):
    """A finished match."""

    id: int
    table: str
    match_no: int
    rules: str
    players: int
    names: list[str | None]
    """Display names by seat (None for a bot seat)."""
    bots: list[str | None]
    """Bot names by seat (None for a person)."""
    scores: list[int]
    winners: list[int]
    finished_at: float
