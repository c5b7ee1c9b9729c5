"""No message to a seat or a spectator names a card it may not know; no log line names a card or a token.

Many seeded matches, people (playing random legal moves from their own view) and bots
mixed, every preset, exchanges included. After each match the moves are replayed
through the engine: a message with ``seq`` n to seat s may name only cards that s held,
gave or received, or that were played, just before or after move n.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from president.moves import GIVE_FLAG
from president.server.edge.connection import Connection
from president.server.edge.hub import Hub
from president.server.play.tables import Table
from president.server.protocol import CreateTableRequest

from .support import cards_in, create_table, hello, join, make_config, mask_cards, receive, send

pytestmark = pytest.mark.timeout(120)

Messages = list[tuple[int | None, dict[str, Any]]]


class Truth:
    """What each seat may know before and after each move of a finished match, from a replay."""

    def __init__(self, table: Table) -> None:
        assert table.match is not None and table.seed is not None
        final = table.match
        match = table.settings.new_match(table.seed, table.deal_secret)
        self.players = match.players
        self.known: list[list[int]] = []
        self.hands: list[list[int]] = []
        self.public: list[int] = []
        self.plays: list[int] = [0]
        self._take(match)
        for _seat, move in final.moves:
            match.apply(move)
            self.plays.append(0 if move & GIVE_FLAG else int(move))
            self._take(match)

    def _take(self, match: Any) -> None:
        views = [match.seat_view(s) for s in range(self.players)]
        self.known.append([v.hand | v.played | v.given | v.received for v in views])
        self.hands.append([v.hand for v in views])
        self.public.append(views[0].played)

    def allowed(self, seat: int | None, message: dict[str, Any]) -> int:
        """The mask of cards ``seat`` (None: a spectator) may see in ``message``."""
        kind = message["type"]
        if kind == "table":
            return 0
        seq = message["seq"]
        steps = [seq - 1, seq] if kind == "update" else [seq]
        mask = self.plays[seq] if kind == "update" else 0
        for n in steps:
            mask |= self.public[n] if seat is None else self.known[n][seat]
        return mask

    def check(self, messages: Messages) -> int:
        """Check every message; returns how many were checked."""
        for seat, message in messages:
            named = cards_in(message)
            extra = named - mask_cards(self.allowed(seat, message))
            assert not extra, f"seat {seat} was shown {sorted(extra)} in {message['type']} {message.get('seq')}"
            view = message.get("view")
            if message["type"] in ("snapshot", "update") and view is not None:
                expected = set() if seat is None else mask_cards(self.hands[message["seq"]][seat])
                assert cards_in(view["hand"]) == expected
                if seat is None:
                    assert view["given"] == view["received"] == view["legal_moves"] == []
        return len(messages)


GAMES = [
    ("tavern-jack", 3, [None, "classic", "random"], 3, None),
    ("tavern-jack", 4, [None, None, "classic", "random"], 2, None),
    ("tavern-jack", 6, [None, "random", None, "classic", "random", None], 2, None),
    ("revolution", 4, [None, "random", "random", None], 3, None),
    ("revolution", 8, [None, "classic", "random", "classic", None, "random", "classic", "random"], 2, None),
    ("race-to-11", 5, [None, "classic", None, "random", "classic"], None, 4),
    ("three-of-clubs", 4, [None, "classic", "classic", "classic"], 3, None),
    ("three-of-clubs", 4, [None, None, None, None], 2, None),
]


async def handled(hub: Hub, conn: Connection, text: str) -> None:
    """Hand a message to the hub and wait until the change it asks for is made (or refused)."""
    task = hub.handle(conn, text)
    if task is not None:
        await task


async def play_in_process(hub: Hub, game: tuple[Any, ...], rng: random.Random) -> tuple[Table, Messages, list[str]]:
    """One match driven through the hub with in-process connections; every message kept."""
    rules, players, seats, deals, target = game
    table, _, _ = await hub.create_table(CreateTableRequest(rules=rules, players=players, seats=seats, deals=deals,
                                                            target_score=target))
    tokens = {index: (await table.join(f"P{index}", index))[1] for index, bot in enumerate(seats) if bot is None}
    conns = {index: hub.connection() for index in tokens}
    watcher = hub.connection()
    for index, conn in conns.items():
        hub.handle(conn, json.dumps({"type": "hello", "table": table.id, "token": tokens[index]}))
    hub.handle(watcher, json.dumps({"type": "hello", "table": table.id, "spectate": True}))
    await handled(hub, next(iter(conns.values())), '{"type": "start"}')
    messages: Messages = []
    latest: dict[int, dict[str, Any]] = {}
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        receivers: list[tuple[int | None, Connection]] = [*conns.items(), (None, watcher)]
        for seat, conn in receivers:
            for text in conn.pending():
                message = json.loads(text)
                assert message["type"] != "error", message
                messages.append((seat, message))
                if seat is not None and message["type"] in ("snapshot", "update") and message["view"]:
                    latest[seat] = message
        if table.status == "finished":
            break
        to_act = table.match.to_act if table.match else None
        if to_act in conns and to_act in latest and latest[to_act]["seq"] == table.ply:
            view = latest[to_act]["view"]
            move = rng.choice(view["legal_moves"])
            await handled(hub, conns[to_act], json.dumps({"type": "move", "move": move, "seq": table.ply}))
        else:
            await asyncio.sleep(0.0005)  # bots and database threads get on; a busy machine is not a failure
    assert table.status == "finished"
    return table, messages, list(tokens.values())


def secret_told_only_at_the_end(table: Table, messages: Messages) -> str:
    """Check that the deal secret of the finished match is in the messages that end it and in no other, and that
    every commitment shown is the one it gives; returns the secret."""
    secret = table.deal_secret
    assert secret is not None
    for seat, message in messages:
        ends = message["type"] == "update" and message["view"]["phase"] == "over"
        assert (secret.hex in json.dumps(message)) == ends, (seat, message["type"], message.get("seq"))
        if "commitments" in message:
            assert message["commitments"] == secret.commitments(len(message["commitments"]))
    return secret.hex


def test_no_message_shows_a_card_its_receiver_may_not_know(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="president")
    config = make_config(tmp_path)

    secrets: list[str] = []

    async def run_all() -> tuple[int, int, list[str]]:
        hub = Hub(config)
        checked = deals = 0
        tokens: list[str] = []
        try:
            for round_ in range(2):
                for number, game in enumerate(GAMES):
                    table, messages, table_tokens = await play_in_process(
                        hub, game, random.Random(round_ * 100 + number))
                    checked += Truth(table).check(messages)
                    secrets.append(secret_told_only_at_the_end(table, messages))
                    assert table.match is not None
                    deals += table.match.deal_number
                    tokens += table_tokens
        finally:
            hub.close()
        return checked, deals, tokens

    checked, deals, tokens = asyncio.run(run_all())
    assert checked > 5000 and deals >= 2 * 19
    assert any("joins seat" in r.getMessage() for r in caplog.records)
    for record in caplog.records:
        text = record.getMessage()
        assert not cards_in(text), f"a log line names cards: {text}"
        assert not any(token in text for token in tokens), "a log line holds a seat token"
        assert not any(secret in text for secret in secrets), "a log line holds a deal secret"


def test_no_message_over_real_websockets_shows_a_hidden_card(client: TestClient) -> None:
    made = create_table(client, rules="revolution", players=4, seats=[None, "classic", None, "random"], deals=2)
    table_id = made["table"]["id"]
    tokens = {0: join(client, table_id, "Ann")["token"], 2: join(client, table_id, "Cy")["token"]}
    messages: Messages = []
    rng = random.Random(5)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as c, \
            client.websocket_connect("/ws") as w:
        sockets: dict[int | None, Any] = {0: a, 2: c, None: w}
        for seat, ws in sockets.items():
            first = hello(ws, table_id, tokens[seat] if seat is not None else None)
            messages.append((seat, first))
        send(a, {"type": "start"})
        last: dict[int | None, dict[str, Any]] = {}
        for seat, ws in sockets.items():
            message = receive(ws)
            while message["type"] != "snapshot":
                messages.append((seat, message))
                message = receive(ws)
            messages.append((seat, message))
            last[seat] = message
        while last[None]["view"]["phase"] != "over":
            to_act = last[None]["view"]["to_act"]
            if to_act in tokens:
                send(sockets[to_act], {"type": "move", "move": rng.choice(last[to_act]["view"]["legal_moves"]),
                                       "seq": last[to_act]["seq"]})
            for seat, ws in sockets.items():
                message = receive(ws)
                while message["type"] != "update":
                    messages.append((seat, message))
                    message = receive(ws)
                messages.append((seat, message))
                last[seat] = message
    table = client.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
    assert Truth(table).check(messages) > 100
    secret_told_only_at_the_end(table, messages)
    assert any(e["type"] == "gift" and "count" in e for s, m in messages if s is None
               for e in m.get("events", []))
