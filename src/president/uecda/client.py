"""A UECda client: one of our bots plays a match on a UECda server (the official one or ours).

The client follows the server's messages and keeps what a seat may know (its hand,
the counts, the cards on the table, who passed, the cards played) as a
:class:`~president.view.SeatView` for the bot. Asked to beat its own cards (everyone
else passed) it passes, so that it leads the next trick. Every read has a timeout;
a refused connection, a closed socket or a message it cannot decode raise
:class:`ClientError`.
"""

from __future__ import annotations

import dataclasses
import random
import socket
from dataclasses import dataclass, field

from ..bots import Bot
from ..cards import DECK_MASKS, JOKERS
from ..engine import Match
from ..moves import CARDS_MASK, GIVE_FLAG, PASS
from ..plays import shape_of
from ..rules import Rules
from ..search.opponents import ModelTally, seat_models
from ..view import DealResult, SeatView
from .protocol import (
    ACCEPTED,
    GAME_GOES_ON,
    GAME_OVER,
    GRID_BYTES,
    MATCH_OVER,
    REJECTED,
    ConnectionLost,
    Grid,
    ProtocolError,
    State,
    grid_hand,
    grid_play,
    hand_grid,
    handshake_grid,
    pack_grid,
    play_grid,
    read_exactly,
    unpack_grid,
    unpack_int,
)
from .server import POINTS, gift_view, uecda_rules

PLAYERS = 5


class ClientError(Exception):
    """The match cannot go on: no server, a closed connection, a timeout or an undecodable message."""


@dataclass
class ClientResult:
    """What the client saw of the match."""

    player: int
    points: list[int] = field(default_factory=list)
    """Points per game (the server does not say them: from the order the players went out, corrected by the
    classes of the next game when a stall ranked the last players at random)."""
    rejected: int = 0
    """Plays of cards the server refused (answer 8); a pass on a live table is answered 8 too, and not counted."""
    models: dict[int, str] = field(default_factory=dict)
    """With ``adapt``: the model of each other player after the last game (see :class:`ModelTally`)."""

    @property
    def total(self) -> int:
        """Total points."""
        return sum(self.points)


class _Connection:
    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    def read(self, size: int) -> bytes:
        try:
            return read_exactly(self.sock, size)
        except ConnectionLost as exc:
            reason = {"timeout": "the server sent nothing before the timeout",
                      "closed": "the server closed the connection"}
            raise ClientError(reason.get(exc.kind, str(exc))) from None

    def grid(self) -> Grid:
        grid = unpack_grid(self.read(GRID_BYTES))
        if not all(0 <= v <= 2 for row in grid[:5] for v in row):
            raise ClientError("undecodable message: a grid of cards holds values other than 0, 1 and 2")
        return grid

    def int(self) -> int:
        return unpack_int(self.read(4))

    def send(self, grid: Grid) -> None:
        try:
            self.sock.sendall(pack_grid(grid))
        except OSError as exc:
            raise ClientError(f"connection error: {exc}") from None


def game_rules(left: int, number: int = 1) -> Rules:
    """The rules a bot sees game ``number`` (1: a game of play, 2: its exchange) under, with ``left`` games after it
    that its places carry into: the server's rules with a match that ends then (each UECda game is one deal to the
    engine, its first, so the match's length is what tells the bot how far its place reaches)."""
    return dataclasses.replace(uecda_rules(), deals=number + max(0, left))


class _Game:
    """What the client knows of the game under way, by seat (the turn order of ``[6][10..14]``)."""

    def __init__(self, me: int, state: State, hand: int) -> None:
        self.me = me
        self.rules = uecda_rules()
        """The rules the bot sees the game under (:func:`game_rules`)."""
        self.leader = -1
        """The seat that led the game (-1 until its first turn)."""
        self.last: DealResult | None = None
        """The last game's order (by seat) when this game began with an exchange, else None."""
        self.given = 0
        """The cards this player gave in the exchange (the tribute taken from him, or those he gave back)."""
        self.received = 0
        """The cards this player received in the exchange, where he can tell (the poor: those given back)."""
        self.order = list(state.seats)
        if any(state.classes) and len(set(state.classes)) == PLAYERS == len(set(self.order)):
            order = tuple(self.seat(state.classes.index(place)) for place in range(PLAYERS))
            self.last = DealResult(1, order, tuple(POINTS[order.index(s)] for s in range(PLAYERS)))
        self.hand = hand
        self.counts = list(state.counts)
        self.table = 0
        self.owner = -1
        self.passed = 0
        self.played = 0
        self.finished: list[int] = []
        self.history: list[tuple[int, int]] = []
        self.revolution = False
        self.lock = False

    def seat(self, player: int) -> int:
        return self.order.index(player)

    def update(self, state: State) -> None:
        if set(state.seats) == set(range(PLAYERS)):
            self.order = list(state.seats)
        self.counts = list(state.counts)
        self.revolution, self.lock = state.revolution, state.lock
        if self.leader < 0 and 0 <= state.turn < PLAYERS:
            self.leader = self.seat(state.turn)
        if state.table_empty:
            self.table, self.owner, self.passed = 0, -1, 0

    def moved(self, player: int, table: int) -> None:
        """The cards on the table after ``player`` moved: a play if they changed, else a pass."""
        seat = self.seat(player)
        if table and table != self.table:
            self.table, self.owner = table, seat
            self.played |= table & CARDS_MASK
            self.history.append((seat, table))
        elif self.table:
            self.passed |= 1 << seat
            self.history.append((seat, PASS))
        for p in range(PLAYERS):
            if self.counts[p] == 0 and p not in self.finished:
                self.finished.append(p)

    def view(self, give: int = 0) -> SeatView:
        seat = self.seat(self.me)
        table = self.table & CARDS_MASK
        shape = shape_of(self.table, True) if table else None
        counts = [self.counts[p] for p in self.order]
        counts[seat] = self.hand.bit_count()
        return SeatView(
            rules=self.rules, players=PLAYERS, seat=seat, phase="exchange" if give else "play", to_act=seat,
            deal_number=1 if self.last is None else 2, leader=self.leader if self.leader >= 0 else seat,
            hand=self.hand, counts=counts, table=table,
            table_rank=(table.bit_length() - 1) >> 2 if table else -1, table_count=table.bit_count(),
            owner=self.owner, passed=self.passed if table else 0, revolution=self.revolution,
            table_move=self.table, lock=shape.suits if shape is not None and self.lock else 0,
            eleven_back=False, must_contain=0, finished=[self.seat(p) for p in self.finished], bottom=[],
            titles=[None] * PLAYERS, scores=[0] * PLAYERS, deal_results=[] if self.last is None else [self.last],
            history=list(self.history), played=self.played & ~self.hand, given=self.given, received=self.received,
            give_count=give, winners=[], all_hands=None,
        )


def _choose(bot: Bot, view: SeatView, rng: random.Random) -> int:
    """The bot's move if it is legal in ``view``, else a pass (or the weakest cards of a gift)."""
    try:
        move = bot.choose(view, rng)
    except Exception:  # a search bot may fail on a position a UECda server allows and we do not
        move = -1
    if move in view.legal_masks():
        return move
    return PASS


def _gift(bot: Bot, game: _Game, count: int, klass: int | None, rng: random.Random, left: int = 99) -> int:
    """The cards the bot gives back (from a view with the last game's order), else its weakest cards."""
    view = gift_view(game.hand, count, klass, game_rules(left, 2))
    try:
        move = bot.choose(view, rng)
    except Exception:
        move = 0
    cards = move & CARDS_MASK if move & GIVE_FLAG else 0
    if cards & ~game.hand or cards.bit_count() != count:
        from ..cards import lowest_cards

        cards = lowest_cards(game.hand & ~JOKERS, count)
    return cards


def play_match(
    sock: socket.socket,
    bot: Bot,
    name: str,
    *,
    seed: int | None = None,
    timeout: float = 60.0,
    on_game: object = None,
    adapt: bool = False,
    block: int = 100,
    games: int | None = None,
) -> ClientResult:
    """Play a whole match on the connected ``sock`` with ``bot``; the points per game.

    A search bot's inference weighs each other player's plays with the noise its model has shown over the games
    before (:meth:`ModelTally.noise`). With ``adapt``, its model of each other player (its ``opponents``) is, at
    each decision, the one that has agreed most with that player's plays in the games before (:class:`ModelTally`).
    ``block`` is the server's exchange block (a block's first game has no exchange; the client sees it by its
    classes, all 0) and ``games`` the match's length if known: the bot's places are worth the games they reach
    before either ends.

    Raises :class:`ClientError` when the server stops following the protocol.
    """
    rng = random.Random(seed)
    sock.settimeout(timeout)
    conn = _Connection(sock)
    conn.send(handshake_grid(name))
    me = conn.int()
    if not 0 <= me < PLAYERS:
        raise ClientError(f"undecodable message: player number {me}")
    result = ClientResult(me)
    searches = hasattr(bot, "opponents")
    tally = ModelTally() if searches or adapt else None
    in_block = 0
    try:
        while True:
            deal = conn.grid()
            state = State.read(deal)
            if result.points and len(set(state.classes)) == PLAYERS:
                result.points[-1] = POINTS[state.classes[me]]
            in_block = 1 if not any(state.classes) else in_block + 1
            left = block - in_block
            if games is not None:
                left = min(left, games - len(result.points) - 1)
            dealt = grid_hand(deal)
            klass = state.classes[me]
            game = _Game(me, state, dealt)
            game.rules = game_rules(left, 1 if game.last is None else 2)
            start_hand = 0
            if state.give_count > 0:
                game.given = _gift(bot, game, state.give_count, state.classes[me], rng, left)
                conn.send(hand_grid(game.given))
            while True:
                turn = conn.grid()
                state = State.read(turn)
                game.hand = grid_hand(turn)
                if not start_hand:
                    start_hand = game.hand
                    if game.last is not None and klass >= PLAYERS - 2:
                        # The poor saw their hand before the tribute: what left it is the tribute, what came back the
                        # gift of the rich.
                        game.given, game.received = dealt & ~start_hand, start_hand & ~dealt
                game.update(state)
                if state.my_turn:
                    if game.table and game.owner == game.seat(me):
                        move = PASS
                    else:
                        if tally is not None and searches:
                            _fit(bot, tally, game.order, me, adapt)
                        move = _choose(bot, game.view(), rng)
                    conn.send(play_grid(move, game.revolution))
                    answer = conn.int()
                    if answer not in (ACCEPTED, REJECTED):
                        raise ClientError(f"undecodable message: answer {answer} to a play (expected 8 or 9)")
                    if answer == REJECTED and move != PASS:
                        result.rejected += 1
                stage = conn.grid()
                state = State.read(stage)
                game.counts = list(state.counts)
                game.revolution, game.lock = state.revolution, state.lock
                game.moved(state.turn, grid_play(stage))
                word = conn.int()
                if word == GAME_GOES_ON:
                    continue
                if word not in (GAME_OVER, MATCH_OVER):
                    raise ClientError(f"undecodable message: {word} after a turn (expected 0, 1 or 2)")
                order = game.finished + [p for p in range(PLAYERS) if p not in game.finished]
                if tally is not None:
                    _observe(tally, game, start_hand)
                    if adapt:
                        result.models = {p: tally.best(p) for p in range(PLAYERS) if p != me}
                result.points.append(POINTS[order.index(me)])
                if callable(on_game):
                    on_game(len(result.points), result.points[-1])
                if word == MATCH_OVER:
                    return result
                break
    except ProtocolError as exc:
        raise ClientError(f"undecodable message: {exc}") from None


def _fit(bot: Bot, tally: ModelTally, order: list[int], me: int, adapt: bool) -> None:
    """Set a search bot's model of each other player (with ``adapt``) and its inference's noise per seat."""
    if adapt:
        bot.opponents = tuple(tally.best(p) if p != me else "classic"  # type: ignore[attr-defined]
                              for p in order)
    models = seat_models(bot.opponents, PLAYERS)  # type: ignore[attr-defined]
    base = bot.infer  # type: ignore[attr-defined]
    bot.seat_infer = tuple(base if p == me else tally.noise(p, models[s], base)  # type: ignore[attr-defined]
                           for s, p in enumerate(order))


def _observe(tally: ModelTally, game: _Game, start_hand: int) -> None:
    """Put the other players' plays of the game just over to the models (every hand is known once it is over)."""
    seat = game.seat(game.me)
    hands = [0] * PLAYERS
    for who, move in game.history:
        hands[who] |= move & CARDS_MASK
    hands[seat] = start_hand
    holding = [s for s in range(PLAYERS) if s != seat and game.order[s] not in game.finished]
    if len(holding) > 1 or not game.history:
        return  # a stalled game: the cards left are not known
    if holding:
        everyone = 0
        for hand in hands:
            everyone |= hand
        hands[holding[0]] |= DECK_MASKS[1] & ~everyone
    try:
        match = Match.from_hands(uecda_rules(), hands, leader=game.history[0][0])
    except ValueError:
        return
    tally.observe(match, game.history, game.order, seat)


def connect(host: str, port: int, timeout: float) -> socket.socket:
    """A connection to a UECda server; :class:`ClientError` when none answers."""
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except OSError as exc:
        raise ClientError(f"cannot connect to {host}:{port}: {exc.strerror or exc}") from None
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # small messages, each awaited by the other side
    return sock
