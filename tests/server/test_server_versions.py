"""Versions of the protocol: version 2 sends the deal's history once, and a bot may ask for none at all."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter
from starlette.testclient import TestClient

from president.server.protocol import ServerMessage

from .support import Socket, create_table, receive, send

pytestmark = pytest.mark.timeout(60)

SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def _hello(ws: Socket, table_id: str, **fields: Any) -> dict[str, Any]:
    send(ws, {"type": "hello", "table": table_id, **fields})
    snapshot = receive(ws)
    assert snapshot["type"] == "snapshot", snapshot
    return snapshot


def _next_view(ws: Socket) -> dict[str, Any]:
    """The next snapshot or update (other messages skipped), checked against the protocol's declaration."""
    while True:
        message = receive(ws)
        if message["type"] in ("snapshot", "update"):
            SERVER_MESSAGE.validate_python(message)
            return message


def test_a_client_of_version_2_keeps_the_same_history_from_the_updates_alone(client: TestClient) -> None:
    made = create_table(client, rules="revolution", seats=[None, "classic", "random", "classic"], deals=2, name="Ann")
    table_id, token = made["table"]["id"], made["token"]
    with (client.websocket_connect("/ws") as player, client.websocket_connect("/ws") as first,
          client.websocket_connect("/ws") as second, client.websocket_connect("/ws") as bare):
        _hello(player, table_id, token=token, version=2)
        _hello(first, table_id, spectate=True)
        _hello(second, table_id, spectate=True, version=2)
        _hello(bare, table_id, spectate=True, version=2, history=False)
        send(player, {"type": "start"})
        kept: dict[str, list[dict[str, Any]]] = {}
        last: dict[str, dict[str, Any]] = {}
        moves = changed = 0
        while True:
            for name, ws in (("player", player), ("first", first), ("second", second), ("bare", bare)):
                message = _next_view(ws)
                last[name] = message
                if message["type"] == "snapshot" or name == "first":
                    kept[name] = message["view"].get("history", [])
                elif name != "bare":
                    assert "history" not in message["view"]
                    change = message["history"]
                    assert change["at"] <= len(kept[name])
                    kept[name] = kept[name][:change["at"]] + change["add"]
                    changed += bool(change["add"])
            seqs = {message["seq"] for message in last.values()}
            assert len(seqs) == 1
            assert kept["player"] == kept["first"] == kept["second"]
            assert "history" not in last["bare"]["view"] and "history" not in last["bare"]
            if last["first"]["type"] == "update":
                assert "history" in last["first"]["view"] and "history" not in last["first"]
                moves += 1
            view = last["player"]["view"]
            if view["phase"] == "over":
                break
            if view["to_act"] == 0:
                send(player, {"type": "move", "move": view["legal_moves"][0], "seq": last["player"]["seq"]})
        assert moves > 40 and changed > 40
        send(bare, {"type": "sync"})
        assert "history" not in _next_view(bare)["view"]
        send(second, {"type": "sync"})
        assert _next_view(second)["view"]["history"] == kept["first"]


@pytest.mark.parametrize("fields", [{"version": 3}, {"version": "2"}, {"history": "no"}, {"version": 0}])
def test_a_hello_naming_an_unknown_version_is_refused_and_the_client_may_try_again(
        client: TestClient, fields: dict[str, Any]) -> None:
    made = create_table(client, rules="tavern-jack", seats=[None, "classic", "classic", "classic"], name="Ann")
    with client.websocket_connect("/ws") as ws:
        send(ws, {"type": "hello", "table": made["table"]["id"], "token": made["token"], **fields})
        error = receive(ws)
        assert error["type"] == "error" and error["code"] == "bad_message", error
        assert next(iter(fields)) in error["message"]
        assert _hello(ws, made["table"]["id"], token=made["token"], version=2)["seat"] == 0
