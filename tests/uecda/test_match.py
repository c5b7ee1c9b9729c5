"""Our client against our server over sockets: a full match, hostile clients, a golden transcript."""

from __future__ import annotations

import io
import os
import random
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from president import Match
from president.cards import parse_cards
from president.moves import GIVE_FLAG
from president.players import make_bot
from president.uecda.client import ClientError, ClientResult, _Game, _gift, connect, play_match
from president.uecda.protocol import GRID_BYTES, State, empty_grid, handshake_grid, pack_grid, unpack_grid
from president.uecda.server import MatchResult, UecdaServer, serve

GOLDEN = Path(__file__).parent.parent / "data" / "uecda_transcript.txt"


def run_clients(targets: list[Callable[[], object]]) -> list[threading.Thread]:
    threads = [threading.Thread(target=t, daemon=True) for t in targets]
    for t in threads:
        t.start()
    return threads


def test_client_against_server_full_match_over_loopback() -> None:
    ports: list[int] = []
    ready = threading.Event()
    results: dict[int, ClientResult] = {}
    box: list[MatchResult] = []
    log = io.StringIO()
    games = io.StringIO()

    def server() -> None:
        box.append(serve(["classic", "random", "external", "external", "external"], 4, port=0, wait=20, seed=5,
                         block=2, timeout=20, log=log, game_log=games,
                         ready=lambda p: (ports.append(p), ready.set())))

    server_thread = threading.Thread(target=server, daemon=True)
    server_thread.start()
    assert ready.wait(10)

    def client(i: int) -> None:
        with connect("127.0.0.1", ports[0], 20) as sock:
            result = play_match(sock, make_bot("classic"), f"ours{i}", seed=i, timeout=20)
            results[result.player] = result

    clients = []
    for i in range(3):  # one after another, so that the player numbers follow
        t = run_clients([lambda i=i: client(i)])[0]
        clients.append(t)
        while len(log.getvalue().splitlines()) < i + 2 and t.is_alive():
            t.join(0.01)
    server_thread.join(60)
    for t in clients:
        t.join(10)
    assert not server_thread.is_alive()
    (result,) = box
    assert len(result.points) == 4
    assert all(sorted(g) == [1, 2, 3, 4, 5] for g in result.points)
    assert set(results) == {2, 3, 4}
    for player, seen in results.items():
        assert seen.points == [g[player] for g in result.points]
        assert seen.rejected == 0
    assert result.names[2:] == ["ours0", "ours1", "ours2"]
    records = games.getvalue().split("\n\n")
    played = [r for r in records if r.strip()]
    assert len(played) == 4
    for text in played:
        match = Match.replay(text)  # every game is a legal record of our rules
        assert match.is_over


class Scripted:
    """A raw client that follows the message flow and answers its turns with ``answer(state)``."""

    def __init__(self, sock: socket.socket, answer: Callable[[State], bytes | None], stop_after: int = -1) -> None:
        self.sock = sock
        self.answer = answer
        self.stop_after = stop_after

    def read(self, size: int) -> bytes:
        data = b""
        while len(data) < size:
            chunk = self.sock.recv(size - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def run(self) -> None:
        try:
            self.sock.sendall(pack_grid(handshake_grid("hostile")))
            self.read(4)
            turns = 0
            while True:
                deal = State.read(unpack_grid(self.read(GRID_BYTES)))
                if deal.give_count:
                    reply = self.answer(deal)
                    if reply is not None:
                        self.sock.sendall(reply)
                while True:
                    state = State.read(unpack_grid(self.read(GRID_BYTES)))
                    if state.my_turn:
                        turns += 1
                        if turns == self.stop_after:
                            self.sock.close()
                            return
                        reply = self.answer(state)
                        if reply is None:
                            self.read(1 << 20)  # stall: wait for the server to give up on us
                        else:
                            self.sock.sendall(reply)
                        self.read(4)
                    self.read(GRID_BYTES)
                    word = int.from_bytes(self.read(4), "big")
                    if word == 2:
                        return
                    if word == 1:
                        break
        except (EOFError, OSError):
            return


def garbage(state: State) -> bytes:
    table = empty_grid()
    table[0] = [7] * 15
    return pack_grid(table)


def match_with(answer: Callable[[State], bytes | None], fill: str | None, stop_after: int = -1,
               games: int = 3, game_log: io.StringIO | None = None) -> tuple[MatchResult, str]:
    log = io.StringIO()
    server = UecdaServer(["classic", "classic", "classic", "classic", "external"], games, seed=2, block=2,
                         timeout=0.5, fill=fill, log=log, game_log=game_log)
    mine, theirs = socket.socketpair()
    hostile = run_clients([Scripted(theirs, answer, stop_after).run])[0]
    assert server.add_client(mine) == 4
    result = server.run()
    hostile.join(10)
    theirs.close()
    return result, log.getvalue()


def test_garbage_plays_count_as_passes() -> None:
    games = io.StringIO()
    result, log = match_with(garbage, fill="classic", game_log=games)
    assert len(result.points) == 3
    assert all(sorted(g) == [1, 2, 3, 4, 5] for g in result.points)
    # A pass when leading is beyond the engine's rules: the record stops there, and still parses.
    assert "# the engine's rules stop here" in games.getvalue()
    for text in filter(str.strip, games.getvalue().split("\n\n")):
        Match.replay(text)
    assert "sent an undecodable play" in log and ": a pass" in log
    assert result.ended_early is None


def test_silent_client_is_replaced_by_the_fill_bot() -> None:
    result, log = match_with(lambda state: None, fill="classic")
    assert len(result.points) == 3
    assert "no answer before the timeout: the classic bot plays for it from now on" in log


def test_client_leaving_mid_game_ends_the_match_when_there_is_no_fill() -> None:
    result, log = match_with(garbage, fill=None, stop_after=3)
    assert result.ended_early is not None and "closed" in result.ended_early
    assert "the match ends" in log
    assert len(result.points) < 3


def test_client_errors_clearly_on_refused_connection_and_closed_socket() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ClientError, match="cannot connect"):
        connect("127.0.0.1", port, 2)
    mine, theirs = socket.socketpair()
    theirs.close()
    with pytest.raises(ClientError, match=r"closed|connection"):
        play_match(mine, make_bot("random"), "x", timeout=2)
    mine.close()
    mine, theirs = socket.socketpair()
    theirs.sendall((20070).to_bytes(4, "big"))  # a player number no server sends
    with pytest.raises(ClientError, match="undecodable"):
        play_match(mine, make_bot("random"), "x", timeout=2)
    mine.close()
    theirs.close()


def test_golden_transcript_of_one_seeded_game() -> None:
    lines: list[str] = []
    server = UecdaServer(["external"] * 5, 1, seed=7, timeout=20, transcript=lines.append, log=io.StringIO())
    pairs = [socket.socketpair() for _ in range(5)]
    threads = []
    for i, (mine, theirs) in enumerate(pairs):
        threads += run_clients([lambda s=theirs, i=i: play_match(s, make_bot("classic"), f"c{i}", seed=i,
                                                                 timeout=20)])
        assert server.add_client(mine) == i
    server.run()
    for t in threads:
        t.join(10)
    text = "\n".join(lines) + "\n"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text()


def test_search_bots_give_back_cards_in_the_exchange_from_a_proper_view() -> None:
    # All five seats in-process; game 2 has an exchange where the Daifugō and the Fugō choose their returns.
    log = io.StringIO()
    server = UecdaServer(["easy", "classic", "easy", "classic", "classic"], 3, seed=4, block=100, log=log)
    result = server.run()
    assert "failed to choose a gift" not in log.getvalue()
    assert len(result.points) == 3 and all(sorted(game) == [1, 2, 3, 4, 5] for game in result.points)


def test_a_client_bot_chooses_its_return_from_a_view_with_the_last_games_order() -> None:
    seen: list[Any] = []

    class Giver:
        name = "giver"

        def choose(self, view: Any, rng: Any) -> int:
            seen.append(view)
            return (view.hand & -view.hand) | GIVE_FLAG

    hand = parse_cards("3c Kd 2s")
    game = _Game(0, State(), hand)
    cards = _gift(Giver(), game, 1, 1, random.Random(1))  # the Fugō (class 1) gives one card back
    (view,) = seen
    assert cards == parse_cards("3c") and view.give_count == 1 and view.phase == "exchange"
    assert view.deal_results[-1].order[1] == view.seat == 0


def test_the_engine_clears_its_trick_when_the_uecda_table_clears() -> None:
    # Player 0 was asked to beat his own cards (everyone else had passed), did so with his last card and went
    # out. On the UECda server those who passed stay out of the trick, so the table clears at once; the engine,
    # where his play was a lead, still holds it. The others pass in the engine too, and its record stays legal.
    from president.uecda.server import _Game

    server = UecdaServer(["classic"] * 5, 1, seed=1, log=io.StringIO())
    server.order = [0, 1, 2, 3, 4]
    game = _Game(server, 1)
    hands = ["4h", "3d 5c 9d", "6c 7c 10d", "Jd Qd Kd", "5d 6d 7d"]
    game.engine = Match.from_hands(server.rules, hands, leader=0)
    game.record_text = None
    game.apply(0, game.engine.legal_moves()[0])  # 4h, his last card: the engine's table now holds it
    assert game.engine.table_mask and game.engine.to_act == 1
    game.sync(1, set(), 0)
    assert not game.engine.table_mask
    assert game.engine.to_act == 1
    assert game.record_text is None  # no copy of the position was needed
    Match.replay(game.engine.record())


def test_deal_messages_carry_the_official_cells() -> None:
    # Game 2 has an exchange. As on the official server: [5][1] is 2 − class sent as at least 0, [5][3] is 6,
    # [5][4] is 0, and the counts are those dealt (before the tribute moves cards).
    lines: list[str] = []
    server = UecdaServer(["external"] * 5, 2, seed=3, timeout=20, transcript=lines.append, log=io.StringIO())
    pairs = [socket.socketpair() for _ in range(5)]
    threads = []
    for i, (mine, theirs) in enumerate(pairs):
        threads += run_clients([lambda s=theirs, i=i: play_match(s, make_bot("classic"), f"c{i}", seed=i,
                                                                 timeout=20)])
        assert server.add_client(mine) == i
    server.run()
    for t in threads:
        t.join(10)
    deals = [line.split() for line in lines if " deal " in line]
    assert len(deals) == 10
    for _, player, _, cards, five, six in deals[5:]:
        cells = [int(v) for v in five.split(",")]
        counts_classes_seats = [int(v) for v in six.split(",")]
        counts, classes = counts_classes_seats[:5], counts_classes_seats[5:10]
        me = int(player[1:])
        assert cells[0] == 1 and cells[3] == 6 and cells[4] == 0
        assert cells[1] == {0: 2, 1: 1}.get(classes[me], 0)
        assert sorted(counts) == [10, 10, 11, 11, 11]
        held = sum(row.count("1") + row.count("2") for row in cards.split("/"))
        # The Daifugō and the Fugō already hold their tribute; the poor see their hand before it is taken.
        assert held == counts[me] + {0: 2, 1: 1}.get(classes[me], 0)


def test_an_adapting_client_finds_the_sample_clients_model() -> None:
    server = UecdaServer(["external"] + ["uecda-default"] * 4, 4, seed=3, timeout=20, log=io.StringIO())
    mine, theirs = socket.socketpair()
    box: list[ClientResult] = []
    thread = run_clients([lambda: box.append(play_match(theirs, make_bot("classic"), "adapt", seed=1, timeout=20,
                                                        adapt=True))])[0]
    assert server.add_client(mine) == 0
    server.run()
    thread.join(10)
    assert box and box[0].models == {p: "uecda-default" for p in range(1, 5)}


@pytest.mark.parametrize("games", [None, 5])
def test_the_client_tells_its_bot_the_games_left_in_the_block_and_who_led(games: int | None) -> None:
    from president.search.place_chain import games_ahead
    from president.search.sampler import knowledge

    seen: list[tuple[str, int | None]] = []
    exchanges: list[int] = []
    classic = make_bot("classic")

    class Recorder:
        name = "recorder"

        def choose(self, view: Any, rng: Any) -> int:
            seen.append((view.phase, games_ahead(view.rules, view.deal_number)))
            if view.history:
                assert view.leader == view.history[0][0]  # nobody here passes when leading
            if view.phase == "play" and view.deal_results:
                # After an exchange: what the seat gave and got, as far as it can tell, and where those cards are.
                order = view.deal_results[-1].order
                place = order.index(view.seat)
                count = {0: 2, 1: 1, 3: 1, 4: 2}.get(place, 0)
                assert view.given.bit_count() == count
                assert view.received.bit_count() == (count if place >= 3 else 0)
                if place >= 3:  # the tribute: the poor's highest cards
                    kept = view.hand & ~view.received
                    assert kept < (view.given & -view.given)
                know = knowledge(view)
                if count:
                    partner = order[4 - place]
                    assert know.must[partner] & view.given == view.given & ~view.played
                exchanges.append(place)
            return classic.choose(view, rng)

    server = UecdaServer(["external"] + ["uecda-default"] * 4, 5, seed=3, block=3, timeout=20, log=io.StringIO())
    mine, theirs = socket.socketpair()
    thread = run_clients([lambda: play_match(theirs, Recorder(), "rec", seed=1, timeout=20, block=3, games=games,
                                             on_game=lambda n, _: seen.append(("end", n)))])[0]
    assert server.add_client(mine) == 0
    server.run()
    thread.join(10)
    per_game: list[set[int | None]] = [set()]
    for phase, ahead in seen:
        if phase == "end":
            per_game.append(set())
        else:
            per_game[-1].add(ahead)
    # Blocks of three games: games 1-3, then 4-5 (the match ends after 5 when the client knows it).
    assert per_game[:5] == [{2}, {1}, {0}, {2 if games is None else 1}, {1 if games is None else 0}]
    assert set(exchanges) & {0, 1, 3, 4}  # games 2, 3 and 5 begin with an exchange, one that involved the client
