"""Fair play on the server: resigning and the stand-in's share (rated last), matches left and the wait after many,
blocks, reports, server-wide mutes, guests' quick phrases, the leaderboard's threshold and repeated groups."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from president.cli import main
from president.server import ServerConfig, create_app
from president.server.edge.hub import Hub
from president.server.store.fair_play import GROUP_FREE_MATCHES, group_key, weight_after
from president.server.store.moderation import collusion, reports
from president.server.store.ratings import rating_scores, weigh
from president.server.store.schema import MatchRow
from president.server.store.storage import FinishedMatch, Storage, StoredSeat, StoredTable

from .support import hello, make_config, receive, send

pytestmark = pytest.mark.timeout(120)

PASSWORD = "correct horse battery"


def sign_in(client: TestClient, name: str) -> None:
    """Sign ``client`` in as ``name`` (registering the account the first time)."""
    client.cookies.clear()
    made = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    if made.status_code != 201:
        assert client.post("/api/login", json={"name": name, "password": PASSWORD}).status_code == 200


def next_of(ws: Socket, *kinds: str) -> dict[str, Any]:
    while (message := receive(ws))["type"] not in kinds:
        pass
    return message


def watch_to_the_end(ws: Socket) -> dict[str, Any]:
    """Read until the match is over; the last update."""
    while True:
        message = next_of(ws, "update", "snapshot")
        if message["view"] is not None and message["view"]["phase"] == "over":
            return message


def stored_matches(config_url: str) -> list[Any]:
    storage = Storage(config_url)
    try:
        with storage.engine.connect() as db:
            return list(db.execute(select(MatchRow.leavers, MatchRow.rated).order_by(MatchRow.id)))
    finally:
        storage.close()


# ----------------------------------------------------------------- the rules of the rating, as functions


def test_a_leaver_is_rated_below_everyone_and_the_others_keep_their_order() -> None:
    assert rating_scores([30, 10, 20], []) == [30, 10, 20]
    assert rating_scores([30, 10, 20], [0]) == [9, 10, 20]
    assert rating_scores([30, 10, 20, 5], [0, 2]) == [4, 10, 4, 5]


def test_repeated_groups_weigh_less_and_a_weight_moves_a_rating_part_way() -> None:
    assert [weight_after(n) for n in range(GROUP_FREE_MATCHES)] == [1.0] * GROUP_FREE_MATCHES
    assert weight_after(GROUP_FREE_MATCHES) == pytest.approx(GROUP_FREE_MATCHES / (GROUP_FREE_MATCHES + 1))
    assert weight_after(49) == pytest.approx(0.1)
    assert weigh((25.0, 8.0), (29.0, 7.0), 0.5) == (27.0, 7.5)
    assert group_key([7, None, 3]) == "3,7"
    assert group_key([7, None, None]) is None and group_key([1, 2, 3, 4, 5]) is None


# ----------------------------------------------------------------- leaving


def test_a_player_who_resigns_watches_the_stand_in_finish_and_is_rated_last(tmp_path: Path) -> None:
    config = make_config(tmp_path)
    with TestClient(create_app(config)) as client:
        sign_in(client, "Lea")
        created = client.post("/api/tables", json={"name": "Lea", "players": 3, "deals": 2,
                                                   "seats": [None, "random", "random"]})
        table_id, token = created.json()["table"]["id"], created.json()["token"]
        with client.websocket_connect("/ws") as ws:
            hello(ws, table_id, token)
            send(ws, {"type": "start"})
            assert next_of(ws, "snapshot")["view"]["phase"] != "over"
            send(ws, {"type": "leave"})
            changed = next_of(ws, "table")["table"]["seats"][0]
            assert changed["left"] is True and changed["away"] is True and changed["name"] == "Lea"
            assert next_of(ws, "snapshot")["seat"] is None  # the person watches now
            watch_to_the_end(ws)
            send(ws, {"type": "move", "move": "pass"})
            assert next_of(ws, "error")["code"] == "not_seated"
        (match,) = stored_matches(config.database_url)
        assert match.leavers == [0] and match.rated is True
        profile = client.get("/api/players/Lea").json()
        assert profile["matches_left"] == 1
        board = client.get("/api/ratings", params={"family": "tavern-jack"}).json()["ratings"]
        assert board[-1]["name"] == "Lea" and board[-1]["rating"] < min(line["rating"] for line in board[:-1])


def test_a_drop_the_stand_in_covers_for_most_of_the_match_counts_as_leaving(tmp_path: Path) -> None:
    config = make_config(tmp_path)
    with TestClient(create_app(config)) as client:
        sign_in(client, "Mo")
        created = client.post("/api/tables", json={"name": "Mo", "players": 3, "deals": 1,
                                                   "seats": [None, None, "random"], "grace_seconds": 0}).json()
        table_id = created["table"]["id"]
        sign_in(client, "Ned")
        ned = client.post(f"/api/tables/{table_id}/join", json={"name": "Ned"}).json()["token"]
        with client.websocket_connect("/ws") as a:
            hello(a, table_id, created["token"])
            with client.websocket_connect("/ws") as b:
                hello(b, table_id, ned)
                send(a, {"type": "start"})
                next_of(b, "snapshot")
            # Ned is gone before his first move: after no grace at all the stand-in makes all his decisions.
            last = next_of(a, "snapshot")
            while last["view"]["phase"] != "over":
                view = last["view"]
                if view["to_act"] == 0 and view["legal_moves"]:
                    send(a, {"type": "move", "move": view["legal_moves"][0], "seq": last["seq"]})
                last = next_of(a, "update")
        (match,) = stored_matches(config.database_url)
        assert match.rated is True and match.leavers == [1]
        assert client.get("/api/players/Ned").json()["matches_left"] == 1
        assert client.get("/api/players/Mo").json()["matches_left"] == 0


def test_who_left_often_waits_before_a_public_table_but_not_a_private_one(tmp_path: Path) -> None:
    config = make_config(tmp_path, leave_limit=1, leave_wait_minutes=30.0)
    with TestClient(create_app(config)) as client:
        sign_in(client, "Oz")
        created = client.post("/api/tables", json={"name": "Oz", "players": 3, "deals": 1,
                                                   "seats": [None, "random", "random"]}).json()
        with client.websocket_connect("/ws") as ws:
            hello(ws, created["table"]["id"], created["token"])
            send(ws, {"type": "start"})
            next_of(ws, "snapshot")
            send(ws, {"type": "leave"})
            watch_to_the_end(ws)
        tables = len(client.app.state.hub.tables)  # type: ignore[attr-defined]
        refused = client.post("/api/tables", json={"name": "Oz", "players": 3})
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "leave_wait"
        assert len(client.app.state.hub.tables) == tables  # type: ignore[attr-defined]  # no table made for nothing
        assert "30 minutes" in refused.json()["error"]["message"]
        private = client.post("/api/tables", json={"name": "Oz", "players": 3, "public": False})
        assert private.status_code == 201
        client.cookies.clear()  # a guest is not held to the account's record
        guest = client.post("/api/tables", json={"players": 3, "name": "Pip"})
        assert guest.status_code == 201


# ----------------------------------------------------------------- chat and people


def test_a_blocked_players_chat_is_hidden_from_the_blocker_and_they_never_share_a_public_table(
        client: TestClient) -> None:
    sign_in(client, "Bea")
    sign_in(client, "Cal")
    sign_in(client, "Bea")
    assert client.post("/api/me/blocks", json={"name": "cal"}).json() == {"blocked": ["Cal"]}
    assert client.post("/api/me/blocks", json={"name": "Bea"}).status_code == 422
    assert client.post("/api/me/blocks", json={"name": "nobody here"}).status_code == 404
    public = client.post("/api/tables", json={"name": "Bea", "players": 3}).json()
    private = client.post("/api/tables", json={"name": "Bea", "players": 3, "public": False}).json()
    sign_in(client, "Cal")
    refused = client.post(f"/api/tables/{public['table']['id']}/join", json={"name": "Cal"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "blocked"
    cal = client.post(f"/api/tables/{private['table']['id']}/join", json={"name": "Cal"}).json()["token"]
    client.cookies.clear()
    dan = client.post(f"/api/tables/{private['table']['id']}/join", json={"name": "Dan"}).json()["token"]
    with client.websocket_connect("/ws") as b, client.websocket_connect("/ws") as c, \
            client.websocket_connect("/ws") as d:
        hello(b, private["table"]["id"], private["token"])
        hello(c, private["table"]["id"], cal)
        hello(d, private["table"]["id"], dan)
        send(c, {"type": "chat", "text": "from Cal"})
        assert next_of(d, "chat")["text"] == "from Cal"
        assert next_of(c, "chat")["text"] == "from Cal"
        send(d, {"type": "chat", "text": "from Dan"})
        assert next_of(b, "chat")["text"] == "from Dan"  # Bea never got Cal's line: Dan's is her next
    with client.websocket_connect("/ws") as b:  # nor in the history
        hello(b, private["table"]["id"], private["token"])
        assert [x["text"] for x in next_of(b, "chat_history")["lines"]] == ["from Dan"]
    sign_in(client, "Bea")
    assert client.delete("/api/me/blocks/Cal").json() == {"blocked": []}
    client.cookies.clear()
    assert client.get("/api/me/blocks").status_code == 401


def test_a_report_keeps_the_tables_last_lines_for_the_operator(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    config = make_config(tmp_path, report_chat_lines=2)
    with TestClient(create_app(config)) as client:
        sign_in(client, "Eve")
        created = client.post("/api/tables", json={"name": "Eve", "players": 3, "public": False}).json()
        client.cookies.clear()
        fox = client.post(f"/api/tables/{created['table']['id']}/join", json={"name": "Fox"}).json()["token"]
        with client.websocket_connect("/ws") as e, client.websocket_connect("/ws") as f:
            hello(e, created["table"]["id"], created["token"])
            hello(f, created["table"]["id"], fox)
            for text in ("one", "two", "you are bad"):
                send(f, {"type": "chat", "text": text})
                next_of(e, "chat")
        assert client.post("/api/reports", json={"name": "Fox", "message": "rude"}).status_code == 401
        sign_in(client, "Eve")
        made = client.post("/api/reports", json={"name": "Fox", "table": created["table"]["id"],
                                                 "message": "insults"})
        assert made.status_code == 201
    storage = Storage(config.database_url)
    try:
        (report,) = reports(storage)
    finally:
        storage.close()
    assert (report["reporter"], report["reported"], report["message"]) == ("Eve", "Fox", "insults")
    assert [x["text"] for x in report["chat"]] == ["two", "you are bad"]
    assert main(["admin", "--database", config.database_url, "reports"]) == 0
    shown = capsys.readouterr().out
    assert "insults" in shown and "you are bad" in shown and "Eve" in shown


def test_an_operator_mutes_an_account_at_every_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = make_config(tmp_path)
    with TestClient(create_app(config)) as client:
        sign_in(client, "Gil")
        created = client.post("/api/tables", json={"name": "Gil", "players": 3, "public": False}).json()
        assert main(["admin", "--database", config.database_url, "mute", "GIL"]) == 0
        assert "Gil is muted" in capsys.readouterr().out
        assert main(["admin", "--database", config.database_url, "mute", "nobody"]) == 1
        with client.websocket_connect("/ws") as ws:
            hello(ws, created["table"]["id"], created["token"])
            send(ws, {"type": "chat", "phrase": "hi"})
            assert next_of(ws, "error", "chat")["code"] == "muted"
            assert main(["admin", "--database", config.database_url, "unmute", "Gil"]) == 0
            send(ws, {"type": "chat", "phrase": "hi"})
            assert next_of(ws, "error", "chat")["phrase"] == "hi"


def test_guests_may_be_held_to_quick_phrases(tmp_path: Path) -> None:
    config = make_config(tmp_path, chat_guests_phrases_only=True)
    with TestClient(create_app(config)) as client:
        sign_in(client, "Hope")
        created = client.post("/api/tables", json={"name": "Hope", "players": 3, "public": False}).json()
        client.cookies.clear()
        guest = client.post(f"/api/tables/{created['table']['id']}/join", json={"name": "Ike"}).json()["token"]
        with client.websocket_connect("/ws") as h, client.websocket_connect("/ws") as i:
            hello(h, created["table"]["id"], created["token"])
            hello(i, created["table"]["id"], guest)
            send(i, {"type": "chat", "text": "free text"})
            assert next_of(i, "error", "chat")["code"] == "phrases_only"
            send(i, {"type": "chat", "phrase": "gg"})
            assert next_of(h, "chat")["phrase"] == "gg"
            assert next_of(i, "chat")["phrase"] == "gg"
            send(h, {"type": "chat", "text": "signed in, I may write"})
            assert next_of(i, "chat")["text"] == "signed in, I may write"


# ----------------------------------------------------------------- ratings that mean something


def test_the_leaderboard_lists_only_who_played_enough(tmp_path: Path) -> None:
    config = make_config(tmp_path, leaderboard_min_matches=2)
    with TestClient(create_app(config)) as client:
        sign_in(client, "Jan")
        for _ in range(2):
            created = client.post("/api/tables", json={"name": "Jan", "players": 3, "deals": 1,
                                                       "seats": [None, "random", "random"]}).json()
            with client.websocket_connect("/ws") as ws:
                hello(ws, created["table"]["id"], created["token"])
                send(ws, {"type": "start"})
                last = next_of(ws, "snapshot")
                while last["view"]["phase"] != "over":
                    if last["view"]["to_act"] == 0 and last["view"]["legal_moves"]:
                        send(ws, {"type": "move", "move": last["view"]["legal_moves"][0], "seq": last["seq"]})
                    last = next_of(ws, "update")
            board = client.get("/api/ratings", params={"family": "tavern-jack"}).json()
            assert board["min_matches"] == 2
            if _ == 0:
                assert board["ratings"] == []
        assert {line["name"] for line in board["ratings"]} == {"Jan", "random"}
        line = next(x for x in board["ratings"] if x["name"] == "Jan")
        assert line["sigma"] < 25 / 3 and line["bot"] is False
        assert next(x for x in board["ratings"] if x["name"] == "random")["bot"] is True
        (rating,) = client.get("/api/players/Jan").json()["ratings"]
        assert rating["sigma"] == line["sigma"]


def test_a_group_that_plays_together_again_and_again_counts_less_and_is_flagged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = make_config(tmp_path)
    with TestClient(create_app(config)) as client:
        ids = []
        for name in ("Kai", "Lou", "Max"):
            sign_in(client, name)
        client.cookies.clear()
    storage = Storage(config.database_url)
    try:
        from president.server.store.accounts import find_account
        for name in ("Kai", "Lou", "Max"):
            found = find_account(storage, name)
            assert found is not None
            ids.append(found[0].id)
        storage.create_table(StoredTable(id="t1", settings={}, status="playing", match_no=0, seed=1, created_at=0.0,
                                         updated_at=0.0, seats=[StoredSeat(0), StoredSeat(1), StoredSeat(2)]))
        for n in range(GROUP_FREE_MATCHES + 2):
            storage.finish_match("t1", n + 1, 0, 0, "pass", FinishedMatch(
                rules="tavern-jack", players=3, record="", names=["Kai", "Lou", "Max"], bots=[None] * 3,
                scores=[3, 2, 1], winners=[0], accounts=list(ids)))
        assert collusion(storage) == [{"accounts": ["Kai", "Lou", "Max"], "matches": GROUP_FREE_MATCHES + 2,
                                       "last": pytest.approx(collusion(storage)[0]["last"]),
                                       "next_weight": round(weight_after(GROUP_FREE_MATCHES + 2), 3)}]
        with storage.engine.connect() as db:
            weights = [w for (w,) in db.execute(select(MatchRow.weight).order_by(MatchRow.id))]
    finally:
        storage.close()
    assert weights == [1.0] * GROUP_FREE_MATCHES + [pytest.approx(weight_after(GROUP_FREE_MATCHES)),
                                                     pytest.approx(weight_after(GROUP_FREE_MATCHES + 1))]
    assert main(["admin", "--database", config.database_url, "collusion"]) == 0
    assert "Kai, Lou, Max" in capsys.readouterr().out


async def taken_over(config: ServerConfig, table_id: str) -> list[tuple[bool, int, int]]:
    """Take the table over as another process of a cluster does: by seat, resigned, decisions and the stand-in's."""
    hub = Hub(config)
    try:
        assert await hub.take_over([table_id]) == {table_id}
        return [(seat.left, seat.decisions, seat.stand_ins) for seat in hub.tables[table_id].seats]
    finally:
        hub.close()


def test_a_resignation_and_a_stand_ins_share_outlive_a_restart(tmp_path: Path) -> None:
    """Lea resigns and Ned's stand-in makes most of his decisions before the server restarts; Ned comes back and
    plays the rest himself after it: both still count as leaving, and Lea may only watch."""
    config = make_config(tmp_path)
    with TestClient(create_app(config)) as client:
        sign_in(client, "Mo")
        created = client.post("/api/tables", json={"name": "Mo", "players": 3, "deals": 1, "public": False,
                                                   "seats": [None, None, None], "grace_seconds": 0}).json()
        table_id, tokens = created["table"]["id"], [created["token"]]
        for name in ("Lea", "Ned"):
            sign_in(client, name)
            tokens.append(client.post(f"/api/tables/{table_id}/join", json={"name": name}).json()["token"])
        with client.websocket_connect("/ws") as mo:
            hello(mo, table_id, tokens[0])
            with client.websocket_connect("/ws") as lea, client.websocket_connect("/ws") as ned:
                hello(lea, table_id, tokens[1])
                hello(ned, table_id, tokens[2])
                send(mo, {"type": "start"})
                next_of(ned, "snapshot")
                next_of(lea, "snapshot")
                send(lea, {"type": "leave"})
                next_of(lea, "table")
            # Ned is gone: the stand-in decides for him (and for Lea) while Mo passes when he may.
            stand_in = 0
            last = next_of(mo, "snapshot")
            while True:
                view = last["view"]
                assert view["phase"] != "over"
                if view["to_act"] == 0 and view["legal_moves"]:
                    if stand_in >= 6 and view["counts"][2] <= 3:
                        break  # the server stops on Mo's turn, Ned's seat nearly out of cards
                    move = "pass" if "pass" in view["legal_moves"] else view["legal_moves"][0]
                    send(mo, {"type": "move", "move": move, "seq": last["seq"]})
                last = next_of(mo, "update")
                stand_in += last["seat"] == 2 and last["by"] == "stand-in"
    mo_seat, lea_seat, ned_seat = asyncio.run(taken_over(config, table_id))  # another process's view of it
    assert not mo_seat[0] and mo_seat[2] == 0 and lea_seat[0] and ned_seat == (False, stand_in, stand_in)
    own = 0
    with TestClient(create_app(config)) as client:
        with client.websocket_connect("/ws") as lea:
            assert hello(lea, table_id, tokens[1])["seat"] is None  # who resigned still only watches
        with client.websocket_connect("/ws") as mo, client.websocket_connect("/ws") as ned:
            last = {0: hello(mo, table_id, tokens[0]), 2: hello(ned, table_id, tokens[2])}
            sockets = {0: mo, 2: ned}
            while last[2]["view"]["phase"] != "over":
                view = last[2]["view"]
                to_act = view["to_act"]
                if to_act in sockets and last[to_act]["view"]["legal_moves"] and last[to_act]["seq"] == last[2]["seq"]:
                    moves = last[to_act]["view"]["legal_moves"]
                    plays = [m for m in moves if m != "pass"]
                    move = (plays or moves)[-1] if to_act == 2 else "pass" if "pass" in moves else moves[0]
                    send(sockets[to_act], {"type": "move", "move": move, "seq": last[to_act]["seq"]})
                    own += to_act == 2
                for seat, ws in sockets.items():
                    last[seat] = next_of(ws, "update")
        assert 0 < own < stand_in  # after the restart Ned made fewer decisions himself than the stand-in had made
        (match,) = stored_matches(config.database_url)
        assert match.rated is True and match.leavers == [1, 2]
        board = {line["name"]: line["rating"] for line in
                 client.get("/api/ratings", params={"family": "tavern-jack"}).json()["ratings"]}
        assert board["Mo"] > board["Lea"] and board["Mo"] > board["Ned"]


def test_reports_are_limited_per_account_and_per_address_and_bounded_in_size(tmp_path: Path) -> None:
    config = make_config(tmp_path, reports_per_account=2, reports_per_address=4)
    with TestClient(create_app(config)) as client:
        sign_in(client, "Fox")
        sign_in(client, "Eve")
        answers = [client.post("/api/reports", json={"name": "Fox", "message": f"rude {n}"}) for n in range(3)]
        assert [a.status_code for a in answers] == [201, 201, 429]
        assert answers[2].json()["error"]["code"] == "too_many_reports"
        too_long = client.post("/api/reports", json={"name": "Fox", "message": "x" * 1001})
        assert too_long.status_code == 422 and too_long.json()["error"]["code"] == "bad_request"
        sign_in(client, "Gus")  # another account from the same address: the address's count goes on
        answers = [client.post("/api/reports", json={"name": "Fox", "message": f"rude {n}"}) for n in range(2)]
        assert [a.status_code for a in answers] == [201, 429]
    storage = Storage(config.database_url)
    try:
        kept = reports(storage)
    finally:
        storage.close()
    assert sorted((r["reporter"], r["message"]) for r in kept) == [("Eve", "rude 0"), ("Eve", "rude 1"),
                                                                    ("Gus", "rude 0")]
