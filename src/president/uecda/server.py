"""A UECda match server on the engine's ``daifugo`` rules: UECda programs and our bots at one table.

The engine plays each game (a single deal made with :meth:`Match.from_hands`); this
module adds what the official server (tndhms 0.29) does differently from a table of
people, without changing the engine's rules:

* **The last player is asked again.** When everyone else has passed, the player who
  played last sees his own cards on the table and may beat them; the table clears
  only when he passes too, and he then leads. In the engine the trick has already
  cleared with him to lead, so his pass changes nothing there; should he beat his
  own cards, the play is checked here against the cards on the table and the lock,
  and reaches the engine as his lead, which the others (all passed) then pass.
* **A pass is allowed when leading**, and an illegal or undecodable play counts as a
  pass (answer 8). A player who passed sits out until the table clears. When the
  engine cannot follow (a pass on an empty table), the game goes on from a copy of
  the position (:meth:`Match.from_view`) and the game's record stops there, the
  rest of the moves written as comments.
* **Twenty passes in a row** end the game: the players still holding cards are
  ranked at random.
* Passes only the UECda rules imply (a player who already passed this trick) are
  made for him in the engine, so the record stays a legal record of our rules.

The server uses the ``daifugo`` preset, whose ``pass_lockout`` keeps a passed
player out of the trick as the official server does. Bot seats play in-process; the
other seats are TCP connections. A silent or vanished client is given a bot
(``fill``) or ends the match, with a line on the log.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import socket
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..bots import Bot
from ..cards import DECK_MASKS, highest_cards, lowest_cards
from ..engine import Match
from ..errors import IllegalMove
from ..moves import CARDS_MASK, GIVE_FLAG, PASS, move_str
from ..players import make_bot
from ..plays import answer_problem, cut_by, lock_after, play_problem, shape_of
from ..rules import Rules, get_rules
from ..view import DealResult, SeatView
from .protocol import (
    ACCEPTED,
    GAME_GOES_ON,
    GAME_OVER,
    GRID_BYTES,
    MATCH_OVER,
    PROTOCOL_VERSION,
    REJECTED,
    ConnectionLost,
    Grid,
    ProtocolError,
    State,
    grid_hand,
    grid_play,
    hand_grid,
    handshake_name,
    pack_grid,
    pack_int,
    play_grid,
    read_exactly,
    unpack_grid,
)

PLAYERS = 5
STALL_PASSES = 20
"""Passes in a row that end a game, the players left ranked at random."""
POINTS = (5, 4, 3, 2, 1)
DEAL_TURN = 6
"""``[5][3]`` of the deal messages: the official server writes 6 there (no one's turn)."""


def give_count(klass: int) -> int:
    """``[5][1]`` of a deal message with an exchange for a player of class ``klass`` (0 Daifugō … 4 Daihinmin).

    The official server writes 2 − class there and sends negative cells as 0: 2 for the Daifugō, 1 for the
    Fugō, 0 for the others.
    """
    return max(0, 2 - klass)


def uecda_rules() -> Rules:
    """The rules of the server: the ``daifugo`` preset (a pass keeps the player out of the trick)."""
    return get_rules("daifugo")


class PlayerGone(Exception):
    """A client stopped answering (timeout) or closed its connection."""


def _read_exact(sock: socket.socket, size: int) -> bytes:
    try:
        return read_exactly(sock, size)
    except ConnectionLost as exc:
        reason = {"timeout": "no answer before the timeout", "closed": "the connection was closed"}
        raise PlayerGone(reason.get(exc.kind, str(exc))) from None


Transcript = Callable[[str], None]
"""Receives one line per message (``> p2 …`` sent to player 2, ``< p2 …`` read from him)."""


def table_text(table: Grid) -> str:
    """A table on one line: rows 0–4 as digits (cells of 0–9), then the state cells of rows 5 and 6."""
    cards = "/".join("".join(str(v) if 0 <= v <= 9 else "?" for v in row) for row in table[:5])
    state = ",".join(str(v) for v in table[5][:8])
    six = ",".join(str(v) for v in table[6])
    return f"{cards} {state} {six}"


class Remote:
    """A TCP client in a seat."""

    def __init__(self, sock: socket.socket, player: int, timeout: float, transcript: Transcript | None) -> None:
        self.sock = sock
        self.player = player
        self.timeout = timeout
        self.transcript = transcript
        self.name = ""
        sock.settimeout(timeout)
        if sock.family in (socket.AF_INET, socket.AF_INET6):
            # Small messages answered one by one: without this, each waits for the peer's delayed ACK.
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send_table(self, table: Grid, kind: str) -> None:
        """Send a table; a broken connection raises :class:`PlayerGone`."""
        if self.transcript:
            self.transcript(f"> p{self.player} {kind} {table_text(table)}")
        try:
            self.sock.sendall(pack_grid(table))
        except OSError as exc:
            raise PlayerGone(f"connection error: {exc}") from None

    def send_int(self, value: int, kind: str) -> None:
        """Send one int; a broken connection raises :class:`PlayerGone`."""
        if self.transcript:
            self.transcript(f"> p{self.player} {kind} {value}")
        try:
            self.sock.sendall(pack_int(value))
        except OSError as exc:
            raise PlayerGone(f"connection error: {exc}") from None

    def read_grid(self, kind: str) -> Grid:
        """Read one table (480 bytes) within the timeout."""
        table = unpack_grid(_read_exact(self.sock, GRID_BYTES))
        if self.transcript:
            self.transcript(f"< p{self.player} {kind} {table_text(table)}")
        return table

    def handshake(self) -> None:
        """Read the client's name table and answer its player number."""
        table = self.read_grid("hello")
        if table[0][0] not in (PROTOCOL_VERSION, 20060):
            raise ProtocolError(f"protocol version {table[0][0]}, expected {PROTOCOL_VERSION}")
        self.name = handshake_name(table) or f"player{self.player}"
        self.send_int(self.player, "number")

    def close(self) -> None:
        """Close the connection."""
        with contextlib.suppress(OSError):
            self.sock.close()


@dataclass
class Seat:
    """One player of the match: a bot in-process, or a remote client (which may be replaced by a bot)."""

    player: int
    name: str
    bot: Bot | None = None
    remote: Remote | None = None
    rng: random.Random = field(default_factory=random.Random)


@dataclass
class MatchResult:
    """Points per player per game, and who the players were."""

    names: list[str]
    points: list[list[int]] = field(default_factory=list)
    """``points[g][p]``: the points of player ``p`` in game ``g + 1``."""
    seconds: float = 0.0
    ended_early: str | None = None
    """Why the match stopped before its last game (a client gone with ``fill`` off), or None."""

    def totals(self) -> list[int]:
        """Total points per player."""
        return [sum(g[p] for g in self.points) for p in range(len(self.names))]

    def interval(self, player: int) -> tuple[float, float]:
        """Mean points per game of ``player`` and the half-width of its 95% interval (normal approximation)."""
        values = [g[player] for g in self.points]
        if not values:
            return 0.0, 0.0
        mean = statistics.fmean(values)
        if len(values) < 2:
            return mean, math.inf
        return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"names": self.names, "games": len(self.points), "points": self.points, "totals": self.totals(),
                "mean": [self.interval(p)[0] for p in range(len(self.names))],
                "ci95": [self.interval(p)[1] for p in range(len(self.names))],
                "seconds": self.seconds, "ended_early": self.ended_early}

    def table(self) -> str:
        """The results as text: one line per player."""
        lines = [f"{'player':<16} {'total':>6} {'per game':>9} {'95% ±':>7}"]
        for p, name in enumerate(self.names):
            mean, half = self.interval(p)
            lines.append(f"{p} {name:<14} {self.totals()[p]:>6} {mean:>9.3f} {half:>7.3f}")
        lines.append(f"{len(self.points)} games")
        return "\n".join(lines)


class UecdaServer:
    """A UECda match: 5 players, ``games`` games, the official server's message flow and rules.

    ``seats`` names each player (by player number): a bot of the registry, or ``external``
    for a TCP client; externals get the numbers left, in order of connection. ``fill`` is the
    bot that takes over a client that fails (None: the match ends then).
    """

    def __init__(
        self,
        seats: Sequence[str],
        games: int = 100,
        *,
        seed: int | None = None,
        block: int = 100,
        seat_change: int = 3,
        timeout: float = 30.0,
        fill: str | None = "classic",
        log: TextIO | None = None,
        game_log: TextIO | None = None,
        transcript: Transcript | None = None,
    ) -> None:
        if len(seats) != PLAYERS:
            raise ValueError(f"a UECda match has {PLAYERS} players, got {len(seats)} seats")
        self.rules = uecda_rules()
        self.games = games
        self.block = max(1, block)
        self.seat_change = max(1, seat_change)
        self.timeout = timeout
        self.fill = fill
        self.log = log if log is not None else sys.stderr
        self.game_log = game_log
        self.transcript = transcript
        self.rng = random.Random(seed)
        self.seats: list[Seat] = []
        for p, kind in enumerate(seats):
            seat = Seat(p, kind, rng=random.Random(self.rng.getrandbits(64)))
            if kind != "external":
                seat.bot = make_bot(kind)
            self.seats.append(seat)
        self.order = list(range(PLAYERS))
        """``order[s]``: the player in seat ``s`` (turn order)."""
        self.classes: list[int] | None = None
        """``classes[p]``: the class of player ``p`` in the last game (0 Daifugō … 4 Daihinmin)."""
        self.result = MatchResult([s.name for s in self.seats])

    # ----------------------------------------------------------------- connections

    def externals(self) -> list[int]:
        """The players waiting for a client."""
        return [s.player for s in self.seats if s.bot is None and s.remote is None]

    def add_client(self, sock: socket.socket) -> int:
        """Seat a connected client in the next free external seat after its handshake; its player number."""
        free = self.externals()
        if not free:
            raise ValueError("every external seat is taken")
        remote = Remote(sock, free[0], self.timeout, self.transcript)
        remote.handshake()
        seat = self.seats[free[0]]
        seat.remote = remote
        seat.name = remote.name
        self.result.names[seat.player] = remote.name
        self.say(f"player {seat.player} is {remote.name!r}")
        return seat.player

    def accept_clients(self, listener: socket.socket, wait: float) -> None:
        """Accept clients on ``listener`` until every external seat is taken; ``TimeoutError`` after ``wait`` s."""
        listener.settimeout(wait)
        while self.externals():
            try:
                sock, address = listener.accept()
            except TimeoutError:
                raise TimeoutError(f"{len(self.externals())} external seat(s) still empty after {wait:g} s "
                                   "waiting for UECda clients") from None
            try:
                self.add_client(sock)
            except (PlayerGone, ProtocolError) as exc:
                self.say(f"a client from {address[0]} failed its handshake: {exc}")
                sock.close()

    def say(self, text: str) -> None:
        """A line on the server's log."""
        print(f"uecda server: {text}", file=self.log, flush=True)

    def _drop(self, seat: Seat, why: str) -> None:
        """A client failed: give its seat to the fill bot, or end the match."""
        assert seat.remote is not None
        seat.remote.close()
        seat.remote = None
        if self.fill is None:
            self.say(f"player {seat.player} ({seat.name}) {why}: the match ends")
            self.result.ended_early = f"player {seat.player} ({seat.name}) {why}"
            raise _MatchEnds
        seat.bot = make_bot(self.fill)
        self.say(f"player {seat.player} ({seat.name}) {why}: the {self.fill} bot plays for it from now on")

    def _send(self, seat: Seat, what: Grid | int, kind: str) -> None:
        if seat.remote is None:
            return
        try:
            if isinstance(what, int):
                seat.remote.send_int(what, kind)
            else:
                seat.remote.send_table(what, kind)
        except PlayerGone as exc:
            self._drop(seat, str(exc))

    # ----------------------------------------------------------------- the match

    def run(self) -> MatchResult:
        """Play every game (clients must be seated first) and return the results."""
        import time

        if self.externals():
            raise ValueError(f"players {self.externals()} have no client yet")
        start = time.perf_counter()
        try:
            for number in range(1, self.games + 1):
                points = _Game(self, number).play()
                self.result.points.append(points)
        except _MatchEnds:
            pass
        finally:
            self.result.seconds = time.perf_counter() - start
            for seat in self.seats:
                if seat.remote is not None:
                    seat.remote.close()
        return self.result


class _MatchEnds(Exception):
    pass


class _Game:
    """One game of the match."""

    def __init__(self, server: UecdaServer, number: int) -> None:
        self.server = server
        self.number = number
        self.first_of_block = (number - 1) % server.block == 0
        self.last = number == server.games
        self.off_engine: list[str] = []
        """Moves after the engine's record stopped (comment lines of the game log)."""

    # -------------------------------------------------- helpers

    def seat_of(self, player: int) -> int:
        return self.server.order.index(player)

    def state(self, hands: list[int], **cells: Any) -> State:
        """The state cells with the counts, classes and seats of the moment (hands by player)."""
        classes = self.server.classes
        return State(counts=[h.bit_count() for h in hands],
                     classes=[0] * PLAYERS if classes is None or self.first_of_block else list(classes),
                     seats=list(self.server.order), **cells)

    def broadcast(self, what: Grid | int, kind: str) -> None:
        for seat in self.server.seats:
            self.server._send(seat, what, kind)

    # -------------------------------------------------- dealing and the exchange

    def deal(self) -> list[int]:
        """Hands by player: shuffled and dealt one at a time from the Daifugō's seat (random without one)."""
        server = self.server
        rng = server.rng
        if (self.number - 1) % server.seat_change == 0:
            rng.shuffle(server.order)
        deck = [c for c in range(54) if DECK_MASKS[1] >> c & 1]
        rng.shuffle(deck)
        if server.classes is None or self.first_of_block:
            start = rng.randrange(PLAYERS)
        else:
            start = self.seat_of(server.classes.index(0))
        hands = [0] * PLAYERS
        for i, card in enumerate(deck):
            hands[server.order[(start + i) % PLAYERS]] |= 1 << card
        return hands

    def exchange(self, hands: list[int]) -> None:
        """Send the hands; the tribute of the poor, then the gifts back of the rich (changes ``hands``)."""
        server = self.server
        classes = server.classes
        # As the official server: [5][3] = 6 and [5][4] = 0 in the deal, the counts as dealt (before the tribute).
        dealt = list(hands)
        if classes is None or self.first_of_block:
            for seat in server.seats:
                cells = self.state(dealt, exchange=True, turn=DEAL_TURN, table_empty=False)
                server._send(seat, cells.write(hand_grid(hands[seat.player])), "deal")
            return
        by_class = [classes.index(c) for c in range(PLAYERS)]
        for rich, poor, count in ((by_class[0], by_class[4], 2), (by_class[1], by_class[3], 1)):
            tribute = highest_cards(hands[poor], count)
            hands[poor] ^= tribute
            hands[rich] |= tribute
        for seat in server.seats:
            p = seat.player
            shown = dealt[p] if classes[p] >= 3 else hands[p]
            cells = self.state(dealt, exchange=True, give_count=give_count(classes[p]), turn=DEAL_TURN,
                               table_empty=False)
            server._send(seat, cells.write(hand_grid(shown)), "deal")
        for rich, poor, count in ((by_class[0], by_class[4], 2), (by_class[1], by_class[3], 1)):
            gift = self.ask_gift(server.seats[rich], hands[rich], count)
            hands[rich] ^= gift
            hands[poor] |= gift

    def ask_gift(self, seat: Seat, hand: int, count: int) -> int:
        """The cards ``seat`` gives back: its choice if valid, else its strongest ``count`` cards."""
        cards = None
        if seat.remote is not None:
            try:
                table = seat.remote.read_grid("gift")
                cards = grid_hand(table)
            except ProtocolError as exc:
                self.server.say(f"player {seat.player} ({seat.name}) sent an undecodable gift: {exc}")
            except PlayerGone as exc:
                self.server._drop(seat, str(exc))
        if seat.bot is not None and cards is None:
            cards = self.bot_gift(seat, hand, count)
        if cards is None or cards & ~hand or cards.bit_count() != count:
            if seat.remote is not None:
                self.server.say(f"player {seat.player} ({seat.name}) gave back an invalid set: "
                                "its strongest cards are given instead")
            return highest_cards(hand, count)
        return cards

    def bot_gift(self, seat: Seat, hand: int, count: int) -> int:
        assert seat.bot is not None
        classes = self.server.classes
        view = gift_view(hand, count, None if classes is None else classes[seat.player])
        try:
            move = seat.bot.choose(view, seat.rng)
        except Exception as exc:  # a bot's bug must not end the match
            self.server.say(f"bot {seat.name} failed to choose a gift: {exc!r}")
            return lowest_cards(hand, count)
        return move & CARDS_MASK

    # -------------------------------------------------- play

    def play(self) -> list[int]:
        """Play the game; the points by player."""
        server = self.server
        hands = self.deal()
        self.exchange(hands)
        order = server.order
        seat_hands = [hands[p] for p in order]
        self.engine: Match = Match.from_hands(server.rules, seat_hands)
        self.record_text: str | None = None
        # The 3♦ holder leads (the engine agrees: the preset's lead card).
        now = order[self.engine.to_act]  # type: ignore[index]
        last = now
        table = 0          # the move on the UECda table (0: empty)
        lock = 0           # the suits the UECda table is locked to
        passed: set[int] = set()
        finished: list[int] = []
        in_a_row = 0
        while True:
            self.sync(now, passed, table)
            again = bool(table) and not self.engine.table_mask
            turn = self.state(self.hands(), turn=now, table_empty=not table,
                              revolution=self.engine.revolution, lock=bool(lock))
            for each in server.seats:
                cells = State(**{**turn.__dict__, "my_turn": each.player == now})
                server._send(each, cells.write(hand_grid(self.hand(each.player))), "hand")
            move, why = self.ask_play(server.seats[now], table, lock, again)
            accepted = move is not None and move != PASS
            self.reply(server.seats[now], ACCEPTED if accepted or (move == PASS and not table) else REJECTED)
            cut = False
            if why:
                server.say(f"game {self.number}: player {now} ({server.seats[now].name}) {why}: a pass")
            if accepted:
                assert move is not None
                shape = shape_of(move, True)
                before = shape_of(table, True) if table else None
                assert shape is not None
                lock = lock_after(shape, before, lock, server.rules)
                cut = cut_by(shape, before, server.rules) is not None
                self.apply(now, move)
                table, last, in_a_row = move, now, 0
                if not self.hand(now):
                    finished.append(now)
            else:
                passed.add(now)
                self.note(now, PASS)
                if self.engine.table_mask and self.engine.to_act == self.seat_of(now):
                    self.engine.apply(PASS)
                in_a_row += 1
            stage = State(turn=now, table_empty=not table, revolution=self.engine.revolution, lock=bool(lock),
                          counts=[self.hand(p).bit_count() for p in range(PLAYERS)],
                          classes=turn.classes, seats=list(order))
            shown = stage.write(play_grid(table, self.engine.revolution))
            self.broadcast(shown, "table")
            remaining = [p for p in order if self.hand(p)]
            if in_a_row >= STALL_PASSES and len(remaining) > 1:
                server.rng.shuffle(remaining)
                server.say(f"game {self.number}: {STALL_PASSES} passes in a row: players {remaining} "
                           "are ranked at random")
                self.off_engine.append(f"stall: {STALL_PASSES} passes in a row, ranked at random: {remaining}")
                finished += remaining
                remaining = []
            if len(remaining) <= 1:
                finished += remaining
                self.broadcast(MATCH_OVER if self.last else GAME_OVER, "end")
                break
            self.broadcast(GAME_GOES_ON, "end")
            if cut or len(passed) >= len(remaining):
                # The table clears: the last to play leads, or the next seat holding cards.
                table, lock, passed = 0, 0, set()
                seat = self.seat_of(last)
                while not self.hand(order[seat]):
                    seat = (seat + 1) % PLAYERS
                last = order[seat]
            else:
                seat = (self.seat_of(now) + 1) % PLAYERS
                while not self.hand(order[seat]) or order[seat] in passed:
                    seat = (seat + 1) % PLAYERS
            now = order[seat]
        server.classes = [finished.index(p) for p in range(PLAYERS)]
        self.write_log(finished)
        return [POINTS[finished.index(p)] for p in range(PLAYERS)]

    def hands(self) -> list[int]:
        """Hands by player."""
        return [self.hand(p) for p in range(PLAYERS)]

    def hand(self, player: int) -> int:
        return self.engine.hands[self.seat_of(player)]

    def reply(self, seat: Seat, value: int) -> None:
        self.server._send(seat, value, "reply")

    def ask_play(self, seat: Seat, table: int, lock: int, again: bool) -> tuple[int | None, str | None]:
        """The play of ``seat`` (0: a pass) if legal, else None and why."""
        server = self.server
        move: int | None = None
        if seat.remote is not None:
            try:
                move = grid_play(seat.remote.read_grid("play"))
            except ProtocolError as exc:
                return None, f"sent an undecodable play ({exc})"
            except PlayerGone as exc:
                server._drop(seat, str(exc))
        if move is None:
            assert seat.bot is not None
            if again:
                return PASS, None  # our bots do not beat their own cards: they lead after the pass
            try:
                move = seat.bot.choose(self.engine.seat_view(self.engine.to_act), seat.rng)  # type: ignore[arg-type]
            except Exception as exc:  # a bot's bug must not end the match
                return None, f"bot failed ({exc!r})"
        if move == PASS:
            return PASS, None
        problem = self.problem(seat.player, move, table, lock, again)
        if problem:
            return None, f"played {move_str(move)}, which is illegal ({problem})"
        return move, None

    def problem(self, player: int, move: int, table: int, lock: int, again: bool) -> str | None:
        """Why ``move`` is not legal for ``player`` now, or None."""
        if move & GIVE_FLAG:
            return "a gift is no play"
        if move & CARDS_MASK & ~self.hand(player):
            return "cards not in the hand"
        if again:
            shape = shape_of(move, True)
            problem = play_problem(shape, self.engine.rules)
            if problem:
                return problem
            assert shape is not None
            before = shape_of(table, True)
            assert before is not None
            problem = answer_problem(shape, before, self.engine.revolution, lock, self.engine.rules)
            if problem:
                return problem
        try:
            self.engine.verify(move)
        except IllegalMove as exc:
            return str(exc)
        return None

    def apply(self, player: int, move: int) -> None:
        self.note(player, move)
        self.engine.apply(move)

    def note(self, player: int, move: int) -> None:
        if self.record_text is not None:
            self.off_engine.append(f"{self.seat_of(player)} {move_str(move)}")

    def sync(self, now: int, passed: set[int], table: int) -> None:
        """Bring the engine to ``now``'s turn: passes for those the UECda rules keep out, or a copy of the position."""
        engine = self.engine
        target = self.seat_of(now)
        order = self.server.order
        while engine.to_act != target and engine.table_mask and order[engine.to_act] in passed:  # type: ignore[index]
            self.note(order[engine.to_act], PASS)  # type: ignore[index]
            engine.apply(PASS)
        # The UECda table cleared (everyone left had passed, the last player among them) while the engine still
        # holds cards: its trick began with the last player beating his own cards, and those who had passed
        # before are out of it on the UECda server. They pass in the engine too, which clears its trick.
        for _ in range(PLAYERS):
            if table or not engine.table_mask or engine.to_act is None:
                break
            self.note(order[engine.to_act], PASS)
            engine.apply(PASS)
        if engine.to_act == target:
            return
        if self.record_text is None:
            self.record_text = engine.record()
            self.off_engine.append(f"the engine's rules stop here: seat {engine.to_act} was to act, "
                                   f"the UECda rules give the turn to seat {target}")
        view = engine.seat_view(target)
        view.to_act = view.leader = target
        if not table:
            view.passed = 0
            view.table = view.table_move = 0
            view.table_rank, view.table_count = -1, 0
        self.engine = Match.from_view(view, list(engine.hands))

    def write_log(self, finished: list[int]) -> None:
        out = self.server.game_log
        if out is None:
            return
        names = " ".join(f"{s}={self.server.seats[p].name}" for s, p in enumerate(self.server.order))
        out.write(f"# game {self.number}: seats {names}\n")
        out.write(self.record_text if self.record_text is not None else self.engine.record())
        for line in self.off_engine:
            out.write(f"# {line}\n")
        out.write("# order: " + " ".join(str(self.seat_of(p)) for p in finished) + "\n\n")
        out.flush()


def serve(
    seats: Sequence[str],
    games: int,
    *,
    host: str = "127.0.0.1",
    port: int = 42485,
    wait: float = 60.0,
    ready: Callable[[int], None] | None = None,
    **options: Any,
) -> MatchResult:
    """Listen on ``host:port``, seat the external clients, play the match (options of :class:`UecdaServer`).

    ``ready`` is called with the port once the server listens (port 0 picks a free one).
    """
    server = UecdaServer(seats, games, **options)
    with socket.create_server((host, port)) as listener:
        bound = listener.getsockname()[1]
        if server.externals():
            server.say(f"waiting up to {wait:g} s for {len(server.externals())} UECda client(s) on "
                       f"{host}:{bound}")
        if ready is not None:
            ready(bound)
        server.accept_clients(listener, wait)
    return server.run()


def gift_view(hand: int, count: int, klass: int | None, rules: Rules | None = None) -> SeatView:
    """The view a bot chooses its exchange return from: its ``hand``, the other cards dealt round the others, and
    the last game's order with this player (seat 0 of the view) at its class (0 Daifugō … 4 Daihinmin).

    The search bots weigh a return by what the coming game is worth to each place, so they need that order;
    ``rules`` (the server's by default) may end the match where the block ends, for the games the places reach.
    """
    others = [c for c in range(54) if DECK_MASKS[1] >> c & 1 and not hand >> c & 1]
    fake = [hand] + [sum(1 << c for c in others[i::PLAYERS - 1]) for i in range(PLAYERS - 1)]
    view = Match.from_hands(rules or uecda_rules(), fake, leader=0).seat_view(0)
    view.phase, view.give_count, view.to_act = "exchange", count, 0
    if klass is not None:
        rest = iter(range(1, PLAYERS))
        order = tuple(0 if place == klass else next(rest) for place in range(PLAYERS))
        view.deal_number = 2
        view.deal_results = [DealResult(1, order, tuple(POINTS[order.index(s)] for s in range(PLAYERS)))]
    return view


def results_json(result: MatchResult) -> str:
    """The results as JSON text."""
    return json.dumps(result.to_dict(), indent=2)


__all__ = ["MatchResult", "PlayerGone", "UecdaServer", "gift_view", "give_count", "results_json", "serve",
           "uecda_rules"]
