"""The database as the journal: tables come back after a restart, refused writes change nothing."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert
from starlette.testclient import TestClient

from president import Match
from president.server import create_app
from president.server.edge.hub import Hub
from president.server.store.schema import MoveRow

from .support import create_table, hello, join, make_config, play_until_turn_or_over, send, until

pytestmark = pytest.mark.timeout(60)


def two_people_playing(client: TestClient, moves: int) -> tuple[str, list[str], dict[str, Any]]:
    """A 4-seat table (people at 0 and 2, bots at 1 and 3) after the people made ``moves`` moves.

    Returns the table id, the two tokens and seat 0's last update, taken when a person is to act.
    """
    table_id = create_table(client, rules="revolution", players=4, seats=[None, "classic", None, "random"],
                            deals=2)["table"]["id"]
    tokens = [join(client, table_id, "Ann")["token"], join(client, table_id, "Cy")["token"]]
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as c:
        sockets = {0: a, 2: c}
        hello(a, table_id, tokens[0])
        hello(c, table_id, tokens[1])
        send(a, {"type": "start"})
        last = {seat: until(ws, "snapshot") for seat, ws in sockets.items()}
        made = 0
        while True:
            to_act = last[0]["view"]["to_act"]
            if to_act in sockets:
                if made == moves:
                    return table_id, tokens, last[0]
                view = last[to_act]
                send(sockets[to_act], {"type": "move", "move": view["view"]["legal_moves"][-1], "seq": view["seq"]})
                made += 1
            for seat, ws in sockets.items():
                last[seat] = until(ws, "update", seq=last[seat]["seq"] + 1)


def test_a_restarted_server_brings_back_tables_seats_and_tokens(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        table_id, tokens, before = two_people_playing(client, 12)
        waiting = create_table(client, players=3, name="Wai")
    with TestClient(create_app(make_config(tmp_path))) as client:
        lobby = {t["id"]: t for t in client.get("/api/tables").json()}
        assert lobby[table_id]["status"] == "playing" and lobby[waiting["table"]["id"]]["status"] == "waiting"
        with client.websocket_connect("/ws") as a:
            after = hello(a, table_id, tokens[0])
            assert after["seq"] == before["seq"] and after["view"] == before["view"]
        with client.websocket_connect("/ws") as w:
            assert hello(w, waiting["table"]["id"], waiting["token"])["seat"] == 0
            send(w, {"type": "fill"})
            until(w, "table")
            send(w, {"type": "start"})
            assert until(w, "snapshot")["view"]["phase"] == "play"


def test_a_finished_match_is_kept_with_a_replayable_record(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        made = create_table(client, players=3, seats=[None, "classic", "classic"], deals=1, turn_seconds=0.01,
                            name="Ann")
        with client.websocket_connect("/ws") as ws:
            hello(ws, made["table"]["id"], made["token"])
            send(ws, {"type": "start"})
            final = until(ws, "table", )
            while final["table"]["status"] != "finished":
                final = until(ws, "table")
        match_id = final["table"]["match_id"]
    with TestClient(create_app(make_config(tmp_path))) as client:
        found = client.get(f"/api/matches/{match_id}").json()
        replayed = Match.replay(found["record"])
        assert replayed.is_over and replayed.scores == found["scores"] and replayed.winners == found["winners"]
        assert client.get("/api/tables/" + made["table"]["id"]).json()["status"] == "finished"
        assert client.get("/api/leaderboard").json()[0]["name"] == "Ann"
        assert client.get("/api/matches?player=Ann").json()[0]["id"] == match_id
        assert client.get("/api/matches?player=Nobody").json() == []


def test_a_move_the_database_refuses_is_not_played(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = create_table(client, players=3, seats=[None, "random", "random"], name="Ann")
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect("/ws") as ws:
        hello(ws, made["table"]["id"], made["token"])
        send(ws, {"type": "start"})
        last = play_until_turn_or_over(ws, 0, until(ws, "snapshot"))

        def broken(*_args: object) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(hub.storage, "add_move", broken)
        send(ws, {"type": "move", "move": last["view"]["legal_moves"][0], "seq": last["seq"]})
        error = until(ws, "error")
        assert error["code"] == "storage_error" and "disk" not in error["message"]
        send(ws, {"type": "sync"})
        same = until(ws, "snapshot")
        assert same["seq"] == last["seq"] and same["view"] == last["view"]
        monkeypatch.undo()
        send(ws, {"type": "move", "move": last["view"]["legal_moves"][0], "seq": last["seq"]})
        assert until(ws, "update", seq=last["seq"] + 1)["seat"] == 0


def test_a_table_whose_journal_is_damaged_is_skipped_not_fatal(tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        good = create_table(client, players=3, seats=[None, "random", "random"], name="Ann")
        bad = create_table(client, players=3, seats=[None, "random", "random"], name="Bo")
        for made in (good, bad):
            with client.websocket_connect("/ws") as ws:
                hello(ws, made["table"]["id"], made["token"])
                send(ws, {"type": "start"})
                play_until_turn_or_over(ws, 0, until(ws, "snapshot"))
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        table = hub.tables[bad["table"]["id"]]
        with hub.storage.engine.begin() as db:
            db.execute(insert(MoveRow).values(table_id=table.id, match_no=1, ply=table.ply, seat=0, move="RJ"))
    caplog.set_level(logging.ERROR, "president.server")
    with TestClient(create_app(make_config(tmp_path))) as client:
        assert client.get(f"/api/tables/{good['table']['id']}").status_code == 200
        assert client.get(f"/api/tables/{bad['table']['id']}").status_code == 404
        assert any(bad["table"]["id"] in r.getMessage() for r in caplog.records)
