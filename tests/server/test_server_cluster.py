"""Two ``president serve`` processes on one PostgreSQL and one Redis serve as one: clients on either play one table,
and when the process that plays it is killed the other takes it over from the move log, losing nothing."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from president import Match
from president.server.build import build_hub
from president.server.cluster.placement import ClusterPlacement
from president.server.errors import ProtocolError
from president.server.play.tournaments import AddBotRequest, CreateTournamentRequest, HostRequest
from president.server.protocol import CreateTableRequest

from .services import Postgres, Redis, free_port
from .support import cards_in, make_config, play

pytestmark = [pytest.mark.timeout(120), pytest.mark.skipif(sys.platform != "linux", reason="SIGKILL, services")]

LEASE = 2.0


class Member:
    """One server process of the cluster, logging to a file."""

    def __init__(self, tmp_path: Path, name: str, database: str, redis: str) -> None:
        self.port = free_port()
        self.log = tmp_path / f"{name}.log"
        with self.log.open("a") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "president.cli", "serve", "--port", str(self.port), "--database", database,
                 "--redis", redis, "--lease-seconds", str(LEASE), "--bot-delay", "0", "--rate-limit", "1000",
                 "--address-rate", "1000", "--bot-workers", "0", "--log-level", "info"],
                stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PRESIDENT_DATA": str(tmp_path / name)})
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", trust_env=False, timeout=10)

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 60
        while True:
            assert self.process.poll() is None, self.log.read_text()
            with contextlib.suppress(httpx.TransportError):
                if self.http.get("/api/health").status_code == 200:
                    return
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        self.http.close()


@pytest.fixture
def members(tmp_path: Path, database_url: str, redis_url: str) -> Iterator[tuple[Member, Member]]:
    """Two members of a cluster on a fresh database."""
    pair = (Member(tmp_path, "one", database_url, redis_url), Member(tmp_path, "two", database_url, redis_url))
    try:
        for member in pair:
            member.wait_ready()
        yield pair
    finally:
        for member in pair:
            member.kill()


class Client:
    """One WebSocket connection to a member."""

    def __init__(self, port: int, hello: dict[str, Any], kind: str = "hello") -> None:
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{port}/ws", proxy=None, open_timeout=10, legacy=True)
        self.ws.send(json.dumps({"type": kind, **hello}))
        self.last: dict[str, Any] = {}
        self.seen: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def next(self, timeout: float = 15) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.seen.append(message)
        if message["type"] in ("snapshot", "update"):
            self.last = message
        return message

    def wait(self, kind: str, seq: int | None = None) -> dict[str, Any]:
        while True:
            message = self.next()
            if message["type"] == kind and (seq is None or message.get("seq") == seq):
                return message

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()


def seat(port: int, table_id: str, token: str) -> Client:
    """A seat's connection, once its snapshot came."""
    client = Client(port, {"table": table_id, "token": token})
    client.wait("snapshot")
    return client


def reconnect(port: int, table_id: str, token: str, seconds: float = 30) -> Client:
    """Connect again until the table answers (it may be moving to another process meanwhile)."""
    deadline = time.monotonic() + seconds
    while True:
        client = None
        try:
            client = Client(port, {"table": table_id, "token": token})
            message = client.next(timeout=LEASE * 3)
            if message["type"] == "snapshot":
                return client
            assert message["type"] == "error" and message["code"] in ("table_moving", "no_table"), message
        except (ConnectionClosed, TimeoutError, OSError):
            pass
        if client is not None:
            client.close()
        assert time.monotonic() < deadline, "the table did not come back"
        time.sleep(0.2)


def test_clients_on_two_processes_play_one_table_through_restarts_of_redis_and_postgresql_and_a_kill(
        members: tuple[Member, Member], redis_server: Redis, postgres_server: Postgres) -> None:
    one, two = members
    made = one.http.post("/api/tables", json={"players": 3, "name": "Ann",
                                              "seats": [None, None, "classic"], "deals": 1}).json()
    assert "table" in made, made
    table_id, ann_token = made["table"]["id"], made["token"]
    # The second process asks the first, which plays the table, for the seat.
    joined = two.http.post(f"/api/tables/{table_id}/join", json={"name": "Bob", "seat": 1})
    assert joined.status_code == 200, joined.text
    bob_token = joined.json()["token"]
    taken = two.http.post(f"/api/tables/{table_id}/join", json={"name": "Cy", "seat": 1})
    assert taken.status_code == 400 and taken.json()["error"]["code"] == "seat_taken"
    assert two.http.get(f"/api/tables/{table_id}").json()["seats"][1]["name"] == "Bob"

    # A wrong token is refused through the relay as it is at home; the right one opens Bob's seat.
    wrong = Client(two.port, {"table": table_id, "token": ann_token[:-2] + "xx"})
    assert wrong.wait("error")["code"] == "bad_token"
    wrong.close()
    clients = {0: seat(one.port, table_id, ann_token), 1: seat(two.port, table_id, bob_token)}
    watcher = Client(two.port, {"table": table_id, "spectate": True})
    watcher.wait("snapshot")
    clients[1].send({"type": "start"})  # from the second process
    for client in clients.values():
        client.wait("snapshot")
    watched = watcher.wait("snapshot")
    # Over the relay, Bob sees his own hand and no card of another; the spectator sees no card at all.
    hand = clients[1].last["view"]["hand"]
    assert cards_in(clients[1].last["view"]) == cards_in(hand) and len(hand) > 5
    assert not cards_in(watched["view"]) & cards_in(clients[0].last["view"]["hand"])
    assert not cards_in(watched["view"]) & cards_in(hand)

    play(clients, 4)

    # Redis restarts: what it carried meanwhile is lost, so Bob's relayed connection is closed and he reconnects.
    mark = clients[1].last["seq"]
    redis_server.stop()
    redis_server.start()
    with pytest.raises((ConnectionClosed, TimeoutError)):
        while True:
            clients[1].next(timeout=LEASE * 5)
    clients[1].close()
    clients[1] = reconnect(two.port, table_id, bob_token)
    assert clients[1].last["seq"] == clients[0].last["seq"] >= mark

    # PostgreSQL restarts: the connections it dropped are replaced, the next moves are stored as if nothing happened.
    postgres_server.stop()
    postgres_server.start()
    play(clients, 3)
    before = {s: c.last for s, c in clients.items()}
    assert before[0]["seq"] == before[1]["seq"] >= 7
    assert before[0]["view"]["to_act"] in clients

    # The process that plays the table dies; the other takes the table over from the move log.
    one.kill()
    with pytest.raises((ConnectionClosed, TimeoutError)):
        while True:  # Bob's connection is closed by his process (1012): the table moves
            clients[1].next(timeout=LEASE * 5)
    for client in (*clients.values(), watcher):
        client.close()
    clients = {0: reconnect(two.port, table_id, ann_token), 1: reconnect(two.port, table_id, bob_token)}
    for s, client in clients.items():
        assert client.last["seq"] == before[s]["seq"], "an acknowledged move was lost"
        assert client.last["view"] == before[s]["view"]
    assert two.http.get("/api/health").json()["tables"] == 1

    play(clients, None)
    status = two.http.get(f"/api/tables/{table_id}").json()
    assert status["status"] == "finished" and status["match_id"] is not None
    record = two.http.get(f"/api/matches/{status['match_id']}/record")
    assert record.status_code == 200
    replayed = Match.replay(record.text)
    assert replayed.is_over and len(replayed.moves) > before[0]["seq"]
    for client in clients.values():
        client.close()


def test_a_bot_account_listening_on_one_process_is_invited_to_a_table_of_the_other(
        members: tuple[Member, Member]) -> None:
    one, two = members
    assert two.http.post("/api/accounts", json={"name": "Robo", "password": "a long enough secret"}).status_code == 201
    bot_token = two.http.post("/api/me/bot-token").json()["token"]
    made = one.http.post("/api/tables", json={"players": 3, "name": "Ann", "seats": [None, None, "classic"],
                                              "deals": 1}).json()
    table_id = made["table"]["id"]
    host = seat(one.port, table_id, made["token"])
    host.send({"type": "invite", "seat": 1, "account": "Robo"})
    assert host.wait("error")["code"] == "bot_offline"  # it listens nowhere yet

    listener = Client(two.port, {"token": bot_token}, kind="listen")
    assert listener.next() == {"type": "listening", "account": "Robo"}
    host.send({"type": "invite", "seat": 1, "account": "Robo"})
    invitation = listener.wait("invitation")
    assert (invitation["table"], invitation["seat"], invitation["from"]) == (table_id, 1, "Ann")
    # A challenge made on the first process reaches the bot on the second too.
    challenge = one.http.post("/api/tables", json={"players": 3, "name": "Cy", "invite": "robo",
                                                   "seats": [None, None, "classic"], "deals": 1})
    assert challenge.status_code == 201, challenge.text
    assert listener.wait("invitation")["table"] == challenge.json()["table"]["id"]

    # The bot says hello through its own process, which relays it to the table's.
    clients = {0: host, 1: seat(two.port, table_id, invitation["token"])}
    assert clients[1].last["seat"] == 1 and clients[1].last["table"]["seats"][1]["name"] == "Robo"
    host.send({"type": "start"})
    for client in clients.values():
        client.wait("snapshot")
    play(clients, None)
    status = one.http.get(f"/api/tables/{table_id}").json()
    assert status["status"] == "finished" and status["seats"][1]["account"] is True
    for client in (*clients.values(), listener):
        client.close()


def test_a_replaced_api_token_closes_its_listeners_on_the_other_process(members: tuple[Member, Member]) -> None:
    one, two = members
    assert one.http.post("/api/accounts", json={"name": "Robo", "password": "a long enough secret"}).status_code == 201
    old = one.http.post("/api/me/bot-token").json()["token"]
    listener = Client(two.port, {"token": old}, kind="listen")
    assert listener.next() == {"type": "listening", "account": "Robo"}
    new = one.http.post("/api/me/bot-token").json()["token"]
    with pytest.raises(ConnectionClosed):
        while True:
            listener.next()
    assert any(m["type"] == "error" and m["code"] == "bad_token" for m in listener.seen)
    one.http.cookies.clear()
    made = one.http.post("/api/tables", json={"players": 3, "name": "Ann"}).json()
    host = seat(one.port, made["table"]["id"], made["token"])
    host.send({"type": "invite", "seat": 1, "account": "Robo"})
    assert host.wait("error")["code"] == "bot_offline"
    renewed = Client(two.port, {"token": new}, kind="listen")
    assert renewed.next() == {"type": "listening", "account": "Robo"}
    host.send({"type": "invite", "seat": 1, "account": "Robo"})
    assert renewed.wait("invitation")["seat"] == 1
    for client in (host, renewed):
        client.close()


def test_several_workers_need_postgresql_and_redis(tmp_path: Path) -> None:
    for extra in ([], ["--redis", "redis://127.0.0.1:1/0"]):
        done = subprocess.run([sys.executable, "-m", "president.cli", "serve", "--workers", "2", *extra],
                              capture_output=True, text=True, timeout=60,
                              env={**os.environ, "PRESIDENT_DATA": str(tmp_path)})
        assert done.returncode == 2
        assert "--database postgresql" in done.stderr and "--redis" in done.stderr
    assert not any(tmp_path.iterdir()), "nothing is made when the command is refused"


def test_a_tournament_created_on_one_process_is_entered_and_played_through_the_other_which_takes_it_over(
        members: tuple[Member, Member]) -> None:
    one, two = members
    made = one.http.post("/api/tournaments", json={"name": "Cup", "rounds": 2, "seats": 3, "deals": 1,
                                                   "turn_seconds": 30, "grace_seconds": 3})
    assert made.status_code == 201, made.text
    tid, host_key = made.json()["tournament"]["id"], made.json()["host_key"]
    # Every change reaches the process that holds the event, whichever process it is asked of.
    person = two.http.post(f"/api/tournaments/{tid}/join", json={"name": "Ann"})
    assert person.status_code == 200, person.text
    for number in (1, 2):
        added = two.http.post(f"/api/tournaments/{tid}/bots", json={"host_key": host_key, "bot": "classic"})
        assert added.status_code == 200 and added.json()["entry"] == number, added.text
    refused = two.http.post(f"/api/tournaments/{tid}/start", json={"host_key": "not the key"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "bad_token", refused.text
    assert [e["name"] for e in one.http.get(f"/api/tournaments/{tid}").json()["entries"]] == [
        "Ann", "classic 2", "classic 3"]
    assert [t["id"] for t in two.http.get("/api/tournaments").json()] == [tid]
    started = two.http.post(f"/api/tournaments/{tid}/start", json={"host_key": host_key})
    assert started.status_code == 200, started.text
    board = started.json()["tournament"]["played"][0]["boards"][0]
    mine = [s["entry"] for s in board["seats"]].index(person.json()["entry"])

    # The person plays the round table (held by the first process) through the second one.
    client = seat(two.port, board["table"], person.json()["key"])
    assert client.last["seat"] == mine
    while client.last["view"]["phase"] != "over":
        view = client.last["view"]
        if view["to_act"] == mine:
            client.send({"type": "move", "move": view["legal_moves"][-1], "seq": client.last["seq"]})
        client.wait("update", client.last["seq"] + 1)
    client.close()

    deadline = time.monotonic() + 20
    while (info := two.http.get(f"/api/tournaments/{tid}").json())["round"] != 2:
        assert time.monotonic() < deadline, info
        time.sleep(0.1)
    # Round 2 waits for the person (away: the stand-in plays after the grace period); the standings of round 1
    # are the same from both processes.
    assert info == one.http.get(f"/api/tournaments/{tid}").json()
    assert info["played"][0]["boards"][0]["scores"] is not None and info["played"][1]["boards"][0]["scores"] is None
    assert sorted(row["name"] for row in info["standings"]) == ["Ann", "classic 2", "classic 3"]

    # The holder dies: the other process takes the event and its round table over and finishes it.
    one.kill()
    deadline = time.monotonic() + 30
    while (info := two.http.get(f"/api/tournaments/{tid}").json())["status"] != "finished":
        assert time.monotonic() < deadline, info
        time.sleep(0.2)
    assert [[b["scores"] is not None for b in r["boards"]] for r in info["played"]] == [[True], [True]]
    assert [row["played"] for row in info["standings"]] == [2, 2, 2]


def test_a_table_made_while_the_leases_are_renewed_is_kept(tmp_path: Path, database_url: str,
                                                           redis_url: str) -> None:
    """The renewal answers with the tables held when its statement ran: a table made meanwhile is not lost."""
    config = make_config(tmp_path, database_url=database_url, redis_url=redis_url)

    async def scenario() -> None:
        hub = build_hub(config)
        await hub.restore()
        try:
            cluster = hub.placement
            assert isinstance(cluster, ClusterPlacement)
            leases = cluster.leases
            renewed = threading.Event()
            real = leases.heartbeat

            def slow_heartbeat() -> set[str]:
                held = real()
                renewed.set()
                time.sleep(0.5)  # the answer comes back late, as on a busy database
                return held

            leases.heartbeat = slow_heartbeat  # type: ignore[method-assign]
            renewal = asyncio.create_task(cluster.renew())
            assert await asyncio.to_thread(renewed.wait, 10)
            table, _, _ = await hub.create_table(CreateTableRequest(players=3, name="Ann"))
            await renewal
            assert hub.tables.get(table.id) is table and not table.closed
            leases.heartbeat = real  # type: ignore[method-assign]
            await cluster.renew()
            assert hub.tables.get(table.id) is table
        finally:
            await hub.leave()
            hub.close()

    asyncio.run(scenario())


def test_an_address_keeps_to_its_quotas_whichever_process_it_reaches(tmp_path: Path, database_url: str,
                                                                     redis_url: str) -> None:
    """Open tables, the pace of creations and running tournaments are counted over every process."""
    config = make_config(tmp_path, database_url=database_url, redis_url=redis_url, client_tables=2,
                         client_creations_per_minute=2, client_tournaments=1, empty_table_minutes=1)

    async def scenario() -> None:
        one, two = build_hub(config), build_hub(config)
        await one.restore()
        await two.restore()
        try:
            made = [await one.create_table(CreateTableRequest(players=3), client="10.0.0.1"),
                    await two.create_table(CreateTableRequest(players=3), client="10.0.0.1")]
            with pytest.raises(ProtocolError, match="still open"):
                await one.create_table(CreateTableRequest(players=3), client="10.0.0.1")
            await two.create_table(CreateTableRequest(players=3), client="10.0.0.2")  # another address
            for hub in (one, two):
                for table in hub.tables.values():
                    if table.empty_since is not None:
                        table.empty_since -= 61
                await hub.sweep()
            assert not any(t.id in one.tables or t.id in two.tables for t, _, _ in made)
            with pytest.raises(ProtocolError, match="too fast"):  # both closed, but the burst is spent
                await two.create_table(CreateTableRequest(players=3), client="10.0.0.1")

            await one.tournaments.create(CreateTournamentRequest(name="First"), client="10.0.0.1")
            with pytest.raises(ProtocolError, match="still running"):
                await two.tournaments.create(CreateTournamentRequest(name="Second"), client="10.0.0.1")
            await two.tournaments.create(CreateTournamentRequest(name="Other"), client="10.0.0.2")
        finally:
            for hub in (one, two):
                await hub.leave()
                hub.close()

    asyncio.run(scenario())


def test_an_addresss_websockets_messages_and_round_tables_are_counted_over_every_process(
        tmp_path: Path, database_url: str, redis_url: str) -> None:
    """The connections an address holds, the rate of its messages and the round tables of its events are the same
    count on every process."""
    config = make_config(tmp_path, database_url=database_url, redis_url=redis_url, websockets_per_address=3,
                         address_rate_per_second=0.01, address_rate_burst=20, client_tables=1,
                         client_event_tables=3)

    async def scenario() -> None:
        one, two = build_hub(config), build_hub(config)
        await one.restore()
        await two.restore()
        try:
            assert [await one.admit("10.0.0.5"), await one.admit("10.0.0.5"), await two.admit("10.0.0.5")] == [
                True, True, True]
            assert not await two.admit("10.0.0.5") and not await one.admit("10.0.0.5")
            assert await one.admit("10.0.0.6")  # another address
            await one.release("10.0.0.5")
            assert await two.admit("10.0.0.5")
            for hub in (one, two):  # the heartbeats rewrite the counts: they stay what they were
                await hub.placement.chores()
            assert not await one.admit("10.0.0.5")

            first, second = one.connection("10.0.0.7:1", "10.0.0.7"), two.connection("10.0.0.7:2", "10.0.0.7")
            for _ in range(20):
                one.handle(first, '{"type": "ping"}')
            assert {json.loads(m)["code"] for m in first.pending()} == {"hello_first"}  # let through, not joined
            await asyncio.gather(*one._reports)
            for _ in range(10):  # the other process hears of it when it counts its own messages in
                two.handle(second, '{"type": "ping"}')
            await asyncio.gather(*two._reports)
            two.handle(second, '{"type": "ping"}')  # its own bucket alone would let 10 more through
            assert [json.loads(m)["code"] for m in second.pending()] == ["hello_first"] * 10 + ["rate_limited"]

            event, key = await one.tournaments.create(CreateTournamentRequest(name="Cup", seats=3, rounds=1),
                                                      client="10.0.0.8")
            for _ in range(6):
                await one.tournaments.add_bot(event.id, AddBotRequest(host_key=key, bot="random"))
            await one.tournaments.start(event.id, HostRequest(host_key=key))
            with pytest.raises(ProtocolError, match=r"still open \(2\)"):
                await two.create_table(CreateTableRequest(players=3), client="10.0.0.8")
        finally:
            for hub in (one, two):
                await hub.leave()
                hub.close()

    asyncio.run(scenario())


def test_the_spectators_of_a_table_are_counted_where_it_is_played(tmp_path: Path, database_url: str,
                                                                   redis_url: str) -> None:
    """A spectator relayed from another process takes a place at the table as one connected where it is played."""
    config = make_config(tmp_path, database_url=database_url, redis_url=redis_url, spectators_per_table=1)

    async def replies(conn: Any) -> list[dict[str, Any]]:
        for _ in range(200):
            found = [json.loads(m) for m in conn.pending()]
            if found:
                return found
            await asyncio.sleep(0.05)
        return []

    async def scenario() -> None:
        one, two = build_hub(config), build_hub(config)
        await one.restore()
        await two.restore()
        try:
            table, _, _ = await one.create_table(CreateTableRequest(players=3))
            hello = json.dumps({"type": "hello", "table": table.id, "spectate": True})
            here, there = one.connection("10.0.0.9:1", "10.0.0.9"), two.connection("10.0.0.9:2", "10.0.0.9")
            one.handle(here, hello)
            assert [m["type"] for m in await replies(here)] == ["snapshot"]
            task = two.handle(there, hello)
            if task is not None:
                await task
            refused = await replies(there)
            assert [(m["type"], m.get("code")) for m in refused] == [("error", "too_many_spectators")], refused
            assert len(table.spectators) == 1
        finally:
            for hub in (one, two):
                await hub.leave()
                hub.close()

    asyncio.run(scenario())
