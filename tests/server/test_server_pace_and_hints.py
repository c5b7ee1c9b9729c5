"""The computer players' speed of a table (chosen at creation, changed by a seated person, kept, applied), and the
hint of the classic computer player on a person's turn."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from starlette.testclient import TestClient

from president.bots import ClassicBot
from president.engine import Match
from president.explain import Explanation
from president.moves import move_str
from president.server import Hub, create_app
from president.server.play.bot_pool import choose, decide_move
from president.server.play.settings import TableSettings
from president.server.protocol import CreateTableRequest

from .support import create_table, hello, join, make_config, play_until_turn_or_over, receive, send, until


def test_a_table_is_made_with_a_speed_that_a_seated_person_changes_and_the_server_keeps(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        made = create_table(client, players=3, seats=[None, "classic", None], name="Ann", bot_speed="slow")
        table_id = made["table"]["id"]
        assert made["table"]["bot_speed"] == "slow"
        assert create_table(client, players=3)["table"]["bot_speed"] == "normal"
        refused = client.post("/api/tables", json={"players": 3, "bot_speed": "ludicrous"})
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "bad_request"
        with client.websocket_connect("/ws") as ann, client.websocket_connect("/ws") as watcher:
            hello(ann, table_id, made["token"])
            hello(watcher, table_id)
            send(watcher, {"type": "speed", "speed": "fast"})
            assert until(watcher, "error")["code"] == "not_seated"
            send(ann, {"type": "speed", "speed": "turbo"})
            assert until(ann, "error")["code"] == "bad_message"
            send(ann, {"type": "speed", "speed": "fast"})
            assert until(ann, "table")["table"]["bot_speed"] == "fast"
            assert until(watcher, "table")["table"]["bot_speed"] == "fast"
    with TestClient(create_app(make_config(tmp_path))) as client:
        assert client.get(f"/api/tables/{table_id}").json()["bot_speed"] == "fast"


def test_the_bots_wait_the_servers_delay_scaled_by_the_tables_speed(tmp_path: Path) -> None:
    config = make_config(tmp_path, bot_delay=10.0)

    async def planned(speed: str) -> float:
        hub = Hub(config)
        table, _, _ = await hub.create_table(CreateTableRequest(players=3, seats=["random"] * 3, bot_speed=speed))
        await table.start()
        loop = asyncio.get_running_loop()
        assert table._timer is not None
        wait = table._timer.when() - loop.time()
        hub.close()
        return wait

    waits = {speed: asyncio.run(planned(speed)) for speed in ("slow", "normal", "fast")}
    assert 19 < waits["slow"] <= 20 and 9 < waits["normal"] <= 10 and 2 < waits["fast"] <= 2.5
    assert TableSettings.from_json({"rules": "tavern-jack", "players": 4}).bot_speed == "normal"


def test_a_person_asks_on_his_turn_what_the_classic_player_would_do(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        made = create_table(client, rules="daifugo", players=4, seats=[None, "random", "random", "random"],
                            name="Ann")
        table = client.app.state.hub.tables[made["table"]["id"]]  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as ann:
            hello(ann, table.id, made["token"])
            send(ann, {"type": "hint"})
            assert until(ann, "error")["code"] == "not_started"
            send(ann, {"type": "start"})
            last = until(ann, "snapshot")
            for _ in range(3):
                last = play_until_turn_or_over(ann, 0, last)
                if last["view"]["phase"] == "over":
                    break
                send(ann, {"type": "hint"})
                hint = until(ann, "hint")
                expected, why = decide_move("classic", table.match.seat_view(0), table.seed, table.ply)
                assert expected == choose("classic", table.match.seat_view(0), table.seed, table.ply)
                assert why is not None
                assert hint == {"type": "hint", "move": move_str(expected), "seq": last["seq"],
                                "why": {**why, "text": Explanation.from_dict(why).text()}}
                assert hint["move"] in last["view"]["legal_moves"]
                send(ann, {"type": "move", "move": hint["move"], "seq": last["seq"]})
                last = until(ann, "update", seq=last["seq"] + 1)


def test_a_hint_asked_out_of_turn_is_refused(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        made = create_table(client, players=3, seats=[None, None, "random"], name="Ann")
        table_id = made["table"]["id"]
        bob = join(client, table_id, "Bob", seat=1)
        with client.websocket_connect("/ws") as ann, client.websocket_connect("/ws") as bob_ws:
            hello(ann, table_id, made["token"])
            hello(bob_ws, table_id, bob["token"])
            send(ann, {"type": "start"})
            view = until(ann, "snapshot")["view"]
            while view["to_act"] not in (0, 1):
                message = receive(ann)
                if message["type"] in ("update", "snapshot"):
                    view = message["view"]
            # The person to act does not move, so the other one cannot come to act meanwhile.
            waiting = bob_ws if view["to_act"] == 0 else ann
            send(waiting, {"type": "hint"})
            answer = receive(waiting)
            while answer["type"] not in ("error", "hint"):
                answer = receive(waiting)
            assert answer["type"] == "error" and answer["code"] == "not_your_turn"


def test_every_bot_move_of_a_match_is_explained_once_its_deal_is_over(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        made = create_table(client, rules="three-of-clubs", players=4, seats=[None, "classic", "classic", "classic"],
                            name="Ann")
        table = client.app.state.hub.tables[made["table"]["id"]]  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as ann:
            hello(ann, table.id, made["token"])
            send(ann, {"type": "start"})
            last = until(ann, "snapshot")
            bot_moves: list[int] = []
            asked_early = False
            while last["view"]["phase"] != "over":
                message = receive(ann)
                if message["type"] not in ("update", "snapshot"):
                    continue
                last = message
                if message["type"] == "update" and message["by"] == "bot":
                    bot_moves.append(message["seq"] - 1)
                    if not asked_early and last["view"]["phase"] != "over":
                        # A reason told during the deal would show the bot's cards.
                        send(ann, {"type": "why", "seq": message["seq"] - 1})
                        error = until(ann, "error")
                        assert error["code"] == "why_later"
                        asked_early = True
                if last["view"]["to_act"] == 0 and last["view"]["phase"] != "over":
                    send(ann, {"type": "hint"})
                    hint = until(ann, "hint")
                    send(ann, {"type": "move", "move": hint["move"], "seq": hint["seq"]})
            assert asked_early and len(bot_moves) > 50
            record = table.match.record()
            for seq in bot_moves:
                send(ann, {"type": "why", "seq": seq})
                answer = until(ann, "why", seq=seq)
                position = Match.replay(record, moves=seq)
                seat = position.to_act
                assert seat == answer["seat"]
                decision = ClassicBot().decide(position.seat_view(seat), random.Random(0))
                assert answer["move"] == move_str(decision.move)
                assert answer["why"] == {**decision.why.to_dict(), "text": decision.why.text()}
            send(ann, {"type": "why", "seq": 0 if 0 not in bot_moves else max(bot_moves) + 1})
            assert until(ann, "error")["code"] == "no_reason"


def test_a_practice_table_explains_bot_moves_at_once_and_its_matches_are_not_rated(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        made = create_table(client, rules="three-of-clubs", players=4, seats=[None, "classic", "classic", "classic"],
                            name="Ann", deals=1, explain_now=True)
        assert made["table"]["explain_now"] is True
        assert create_table(client, players=3)["table"]["explain_now"] is False
        refused = client.post("/api/tables", json={"game": "old-president", "players": 4, "explain_now": True})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_rules"
        assert "explain_now" in refused.json()["error"]["message"]
        table = client.app.state.hub.tables[made["table"]["id"]]  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as ann:
            hello(ann, table.id, made["token"])
            send(ann, {"type": "start"})
            last = until(ann, "snapshot")
            answer = None
            while last["view"]["phase"] != "over":
                message = receive(ann)
                if message["type"] not in ("update", "snapshot"):
                    continue
                last = message
                if answer is None and message["type"] == "update" and message["by"] == "bot" \
                        and last["view"]["phase"] == "play":
                    send(ann, {"type": "why", "seq": message["seq"] - 1})
                    while answer is None:  # told during the deal; the bots play on meanwhile
                        message = receive(ann)
                        if message["type"] in ("update", "snapshot"):
                            last = message
                        assert message["type"] != "error", message
                        answer = message if message["type"] == "why" else None
                if last["view"]["to_act"] == 0 and last["view"]["phase"] != "over":
                    send(ann, {"type": "hint"})
                    hint = until(ann, "hint")
                    send(ann, {"type": "move", "move": hint["move"], "seq": hint["seq"]})
            assert answer is not None
            position = Match.replay(table.match.record(), moves=answer["seq"])
            decision = ClassicBot().decide(position.seat_view(answer["seat"]), random.Random(0))
            assert answer["why"] == {**decision.why.to_dict(), "text": decision.why.text()}
            assert table._finished(table.match).practice
    assert TableSettings.from_json(table.settings.to_json()).explain_now
