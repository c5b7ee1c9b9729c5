"""Table chat: who reads which channel, the caps, the rate limit, and lines kept across a restart and in the replay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter
from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from president.server import create_app
from president.server.protocol import CHAT_MAX_CHARS, ServerMessage

from .support import create_table, hello, join, make_config, receive, send, until

pytestmark = pytest.mark.timeout(60)

SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def next_of(ws: Socket, *kinds: str) -> dict[str, Any]:
    """The next message whose type is one of ``kinds`` (others, such as table changes, are skipped)."""
    while True:
        message = receive(ws)
        SERVER_MESSAGE.validate_python(message)
        if message["type"] in kinds:
            return message


def two_players_and_a_spectator(client: TestClient) -> tuple[str, list[str]]:
    table_id = create_table(client, players=3, seats=[None, None, "classic"])["table"]["id"]
    return table_id, [join(client, table_id, "Ann")["token"], join(client, table_id, "Bo")["token"]]


def test_players_chat_reaches_everyone_and_spectators_chat_never_reaches_players(client: TestClient) -> None:
    table_id, tokens = two_players_and_a_spectator(client)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b, \
            client.websocket_connect("/ws") as w:
        hello(a, table_id, tokens[0])
        hello(b, table_id, tokens[1])
        send(w, {"type": "hello", "table": table_id, "spectate": True, "name": "Watcher"})
        assert receive(w)["type"] == "snapshot"

        send(a, {"type": "chat", "text": "  hello   there "})
        for ws in (a, b, w):
            line = next_of(ws, "chat")
            assert (line["channel"], line["seat"], line["name"], line["text"]) == ("players", 0, "Ann", "hello there")
            assert line["phrase"] is None and line["match_no"] == 1 and line["ply"] == 0

        send(w, {"type": "chat", "phrase": "gg"})
        heard = next_of(w, "chat")
        assert (heard["channel"], heard["seat"], heard["name"], heard["phrase"]) == ("spectators", None, "Watcher",
                                                                                     "gg")
        # The players' next message is the answer to their ping, not the spectator's line.
        for ws in (a, b):
            send(ws, {"type": "ping"})
            assert next_of(ws, "chat", "pong")["type"] == "pong"

        send(b, {"type": "chat", "phrase": "wp"})
        assert next_of(a, "chat")["phrase"] == "wp"
        assert next_of(w, "chat")["phrase"] == "wp"


@pytest.mark.parametrize("message", [
    {"type": "chat", "text": "x" * (CHAT_MAX_CHARS + 1)},
    {"type": "chat", "text": "two\u0000parts"},
    {"type": "chat", "text": "   "},
    {"type": "chat", "phrase": "go away"},
    {"type": "chat", "text": "hi", "phrase": "hi"},
    {"type": "chat"},
    {"type": "chat", "text": "hi", "seat": 1},
])
def test_bad_chat_lines_are_refused_and_reach_nobody(client: TestClient, message: dict[str, Any]) -> None:
    table_id, tokens = two_players_and_a_spectator(client)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        hello(a, table_id, tokens[0])
        hello(b, table_id, tokens[1])
        send(a, message)
        error = next_of(a, "error", "chat")
        assert (error["type"], error["code"]) == ("error", "bad_message")
        send(b, {"type": "ping"})
        assert next_of(b, "chat", "pong")["type"] == "pong"


def test_the_longest_line_passes_and_html_comes_back_as_plain_text(client: TestClient) -> None:
    table_id, tokens = two_players_and_a_spectator(client)
    text = "<b>" + "y" * (CHAT_MAX_CHARS - 7) + "</b>"
    with client.websocket_connect("/ws") as a:
        hello(a, table_id, tokens[0])
        send(a, {"type": "chat", "text": text})
        assert next_of(a, "chat")["text"] == text


def test_the_chat_rate_limit_is_per_seat(tmp_path: Path) -> None:
    config = make_config(tmp_path, chat_per_minute=1.0, chat_burst=2)
    with TestClient(create_app(config)) as client:
        table_id, tokens = two_players_and_a_spectator(client)
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as a2, \
                client.websocket_connect("/ws") as b:
            hello(a, table_id, tokens[0])
            hello(a2, table_id, tokens[0])  # a second tab of the same seat shares its limit
            hello(b, table_id, tokens[1])
            send(a, {"type": "chat", "text": "one"})
            send(a2, {"type": "chat", "text": "two"})
            assert next_of(a, "chat")["text"] == "one"
            assert next_of(a, "chat")["text"] == "two"
            send(a, {"type": "chat", "text": "three"})
            error = next_of(a, "error", "chat")
            assert (error["type"], error["code"]) == ("error", "rate_limited")
            send(b, {"type": "chat", "text": "mine"})
            assert [next_of(b, "chat")["text"] for _ in range(3)] == ["one", "two", "mine"]


def test_chat_is_kept_across_a_restart_and_shown_with_the_finished_match(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        made = create_table(client, players=3, seats=[None, "classic", "classic"], deals=1, name="Ann")
        table_id, token = made["table"]["id"], made["token"]
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as w:
            hello(a, table_id, token)
            send(w, {"type": "hello", "table": table_id, "spectate": True, "name": "Kim"})
            assert receive(w)["type"] == "snapshot"
            send(a, {"type": "chat", "phrase": "hi"})
            next_of(a, "chat")
            send(w, {"type": "chat", "text": "go Ann"})
            next_of(w, "chat")
            next_of(w, "chat")
    with TestClient(create_app(make_config(tmp_path))) as client:
        with client.websocket_connect("/ws") as a:
            hello(a, table_id, token)
            history = next_of(a, "chat_history")["lines"]
            assert [(x["channel"], x["phrase"]) for x in history] == [("players", "hi")]
            send(a, {"type": "start"})
            view = until(a, "snapshot")
            while view["view"]["phase"] != "over":
                if view["view"]["to_act"] == 0:
                    send(a, {"type": "move", "move": view["view"]["legal_moves"][-1], "seq": view["seq"]})
                view = next_of(a, "update")
            send(a, {"type": "chat", "phrase": "gg"})
            assert next_of(a, "chat")["ply"] == view["seq"]
        with client.websocket_connect("/ws") as w:
            hello(w, table_id)
            history = next_of(w, "chat_history")["lines"]
            assert [(x["channel"], x["text"] or x["phrase"]) for x in history] == [
                ("players", "hi"), ("spectators", "go Ann"), ("players", "gg")]
        match_id = client.get(f"/api/tables/{table_id}").json()["match_id"]
        kept = client.get(f"/api/matches/{match_id}/chat").json()
        assert [x["phrase"] for x in kept["players"]] == ["hi", "gg"]
        assert [x["text"] for x in kept["spectators"]] == ["go Ann"]
        assert client.get("/api/matches/99999/chat").status_code == 404
