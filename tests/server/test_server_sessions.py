"""Seat tokens, reconnection with a full snapshot, the grace period and the turn timer."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from president.server import create_app

from .support import create_table, hello, join, make_config, play_until_turn_or_over, receive, send, until

pytestmark = pytest.mark.timeout(60)


def test_reconnecting_with_the_token_resumes_the_seat_with_a_full_snapshot(client: TestClient) -> None:
    made = create_table(client, players=4, seats=[None, "classic", "classic", "classic"], name="Ann")
    table_id, token = made["table"]["id"], made["token"]
    with client.websocket_connect("/ws") as ws:
        hello(ws, table_id, token)
        send(ws, {"type": "start"})
        last = play_until_turn_or_over(ws, 0, until(ws, "snapshot"))
        send(ws, {"type": "move", "move": last["view"]["legal_moves"][0], "seq": last["seq"]})
        last = play_until_turn_or_over(ws, 0, until(ws, "update", seq=last["seq"] + 1))
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["connected"] is False
    with client.websocket_connect("/ws") as again:
        snapshot = hello(again, table_id, token)
        assert snapshot["seat"] == 0 and snapshot["seq"] == last["seq"] and snapshot["view"] == last["view"]
        assert snapshot["table"]["seats"][0]["connected"] is True
    with client.websocket_connect("/ws") as stranger:
        send(stranger, {"type": "hello", "table": table_id, "token": token[:-2] + "xx"})
        assert receive(stranger)["code"] == "bad_token"
        send(stranger, {"type": "move", "move": "pass"})
        assert receive(stranger)["code"] == "hello_first"
        send(stranger, {"type": "hello", "table": "elsewhere", "token": token})
        assert receive(stranger)["code"] == "no_table"


def test_a_second_hello_on_one_connection_is_refused(client: TestClient) -> None:
    made = create_table(client, players=3, name="Ann")
    with client.websocket_connect("/ws") as ws:
        hello(ws, made["table"]["id"], made["token"])
        send(ws, {"type": "hello", "table": made["table"]["id"], "spectate": True})
        assert until(ws, "error")["code"] == "already_joined"
        send(ws, {"type": "hello", "table": made["table"]["id"], "spectate": True, "token": made["token"]})
        assert until(ws, "error")["code"] == "already_joined"


def test_a_dropped_player_is_played_by_the_stand_in_after_the_grace_period(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        table_id = create_table(client, players=3, seats=[None, None, "random"], grace_seconds=0.05)["table"]["id"]
        ann, bo = join(client, table_id, "Ann"), join(client, table_id, "Bo")
        with client.websocket_connect("/ws") as a:
            hello(a, table_id, ann["token"])
            with client.websocket_connect("/ws") as b:
                hello(b, table_id, bo["token"])
                send(a, {"type": "start"})
                last = until(a, "snapshot")
            away = until(a, "table")
            while not away["table"]["seats"][1]["away"]:
                away = until(a, "table")
            stand_in: list[dict[str, Any]] = []
            while len(stand_in) < 2:
                last = play_until_turn_or_over(a, 0, last)
                send(a, {"type": "move", "move": last["view"]["legal_moves"][0], "seq": last["seq"]})
                message = until(a, "update", seq=last["seq"] + 1)
                last = message
                while last["view"]["to_act"] != 0:
                    last = until(a, "update", seq=last["seq"] + 1)
                    if last["seat"] == 1:
                        stand_in.append(last)
            assert {m["by"] for m in stand_in} == {"stand-in"}
            with client.websocket_connect("/ws") as b:
                back = hello(b, table_id, bo["token"])
                assert back["table"]["seats"][1] == {"seat": 1, "kind": "person", "name": "Bo", "bot": None,
                                                     "connected": True, "away": False, "account": False,
                                                     "left": False, "bot_account": False}
                assert back["view"]["hand"] and back["seq"] >= last["seq"]
                assert until(a, "table")["table"]["seats"][1]["away"] is False
                send(a, {"type": "sync"})
                last = until(a, "snapshot")
                while last["view"]["to_act"] != 1 and last["view"]["phase"] != "over":
                    if last["view"]["to_act"] == 0:
                        send(a, {"type": "move", "move": last["view"]["legal_moves"][0], "seq": last["seq"]})
                    last = until(a, "update", seq=last["seq"] + 1)
                assert last["view"]["phase"] != "over"
                time.sleep(0.2)
                send(b, {"type": "sync"})
                still = until(b, "snapshot")
                assert still["seq"] == last["seq"] and still["view"]["to_act"] == 1


def test_the_turn_timer_lets_the_stand_in_play_a_sleeping_player(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        made = create_table(client, players=3, seats=[None, "random", "random"], deals=1, turn_seconds=0.02,
                            name="Ann")
        with client.websocket_connect("/ws") as ws:
            hello(ws, made["table"]["id"], made["token"])
            send(ws, {"type": "start"})
            last = until(ws, "snapshot")
            mine: list[dict[str, Any]] = []
            while last["view"]["phase"] != "over":
                if last["view"]["to_act"] == 0:
                    assert last["deadline"] is not None and last["deadline"] > time.time() - 5
                else:
                    assert last["deadline"] is None
                last = until(ws, "update", seq=last["seq"] + 1)
                if last["seat"] == 0:
                    mine.append(last)
        assert mine and {m["by"] for m in mine} == {"stand-in"}
        names = client.get("/api/matches").json()[0]["names"]
        assert names == ["Ann", None, None]
