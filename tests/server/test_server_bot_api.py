"""Bot accounts: the API token, ``listen`` and ``invite``, and the example bot as a real process on a real server."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient
from websockets.sync.client import connect

from .support import free_port, receive, send

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "bot.py"
PASSWORD = "a long bot password"


def test_listen_needs_a_bot_token_and_invite_a_listening_bot(client: TestClient) -> None:
    assert client.post("/api/me/bot-token").status_code == 401
    client.post("/api/accounts", json={"name": "Robo", "password": PASSWORD})
    token = client.post("/api/me/bot-token").json()["token"]
    assert token.startswith("pb_"), "a token never starts with a dash a command line would read as an option"
    assert client.get("/api/me").json()["account"] == {"name": "Robo", "bot": True}
    client.cookies.clear()
    host = client.post("/api/tables", json={"name": "Ann", "players": 3}).json()
    with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as bot:
        send(ws, {"type": "hello", "table": host["table"]["id"], "token": host["token"]})
        receive(ws)
        send(ws, {"type": "invite", "seat": 1, "account": "Nobody"})
        assert receive(ws)["code"] == "no_account"
        send(ws, {"type": "invite", "seat": 1, "account": "robo"})
        assert receive(ws)["code"] == "bot_offline"
        send(bot, {"type": "listen", "token": "not a token"})
        assert receive(bot)["code"] == "bad_token"
        send(bot, {"type": "listen", "token": token})
        assert receive(bot) == {"type": "listening", "account": "Robo"}
        send(bot, {"type": "ping"})
        assert receive(bot) == {"type": "pong"}
        send(ws, {"type": "invite", "seat": 0, "account": "Robo"})
        assert receive(ws)["code"] == "seat_taken"
        send(ws, {"type": "invite", "seat": 1, "account": "Robo"})
        invitation = receive(bot)
        assert invitation["type"] == "invitation" and invitation["seat"] == 1 and invitation["from"] == "Ann"
        seats = receive(ws)["table"]["seats"]
        assert seats[1]["name"] == "Robo" and seats[1]["account"] is True and seats[1]["kind"] == "person"
        with client.websocket_connect("/ws") as seat:
            send(seat, {"type": "hello", "table": host["table"]["id"], "token": invitation["token"]})
            assert receive(seat)["seat"] == 1
    # A new token replaces the old one.
    client.post("/api/login", json={"name": "Robo", "password": PASSWORD})
    client.post("/api/me/bot-token")
    with client.websocket_connect("/ws") as bot:
        send(bot, {"type": "listen", "token": token})
        assert receive(bot)["code"] == "bad_token"


def test_a_seat_whose_invitation_was_never_handed_over_opens_again(client: TestClient) -> None:
    client.post("/api/accounts", json={"name": "Robo", "password": PASSWORD})
    token = client.post("/api/me/bot-token").json()["token"]
    client.cookies.clear()
    host = client.post("/api/tables", json={"name": "Ann", "players": 3}).json()
    table = client.app.state.hub.tables[host["table"]["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as bot:
        send(ws, {"type": "hello", "table": table.id, "token": host["token"]})
        receive(ws)
        send(bot, {"type": "listen", "token": token})
        receive(bot)
        send(ws, {"type": "invite", "seat": 1, "account": "Robo"})
        invitation = receive(bot)
        robo = table.seats[1].account_id
        assert robo is not None and receive(ws)["table"]["seats"][1]["name"] == "Robo"
        assert client.portal is not None
        client.portal.call(table.uninvite, 1, robo + 1)  # another account's: nothing changes
        assert table.seats[1].name == "Robo"
        client.portal.call(table.uninvite, 1, robo)
        assert receive(ws)["table"]["seats"][1]["kind"] == "open"
        with client.websocket_connect("/ws") as seat:
            send(seat, {"type": "hello", "table": table.id, "token": invitation["token"]})
            assert receive(seat)["code"] == "bad_token"


class Process:
    """A subprocess logging to a file, stopped at the end."""

    def __init__(self, args: list[str], log: Path) -> None:
        self.log = log
        with log.open("a") as out:
            self.process = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT,
                                            env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def stop(self) -> None:
        self.process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(10)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


@pytest.mark.timeout(240)
def test_the_example_bot_plays_a_rated_match_as_a_separate_process(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = Process([sys.executable, "-m", "president.cli", "serve", "--port", str(port), "--database",
                      f"sqlite:///{tmp_path / 'db.sqlite3'}", "--bot-delay", "0", "--log-level", "info",
                      "--leaderboard-min-matches", "0"],
                     tmp_path / "server.log")
    bot: Process | None = None
    try:
        http = httpx.Client(base_url=url, trust_env=False, timeout=10)
        deadline = time.monotonic() + 30
        while True:
            assert server.process.poll() is None, server.log.read_text()
            with contextlib.suppress(httpx.TransportError):
                if http.get("/api/health").status_code == 200:
                    break
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        token = subprocess.run([sys.executable, str(EXAMPLE), "--server", url, "--register", "Robo", PASSWORD],
                               check=True, capture_output=True, text=True, timeout=60).stdout.strip()
        bot = Process([sys.executable, str(EXAMPLE), "--server", url, "--token", token], tmp_path / "bot.log")
        assert http.post("/api/accounts", json={"name": "Ann", "password": PASSWORD}).status_code == 201
        made = http.post("/api/tables", json={"name": "Ann", "players": 3, "deals": 1,
                                              "seats": [None, None, "classic"]}).json()
        table_id = made["table"]["id"]
        with connect(f"ws://127.0.0.1:{port}/ws", proxy=None, open_timeout=10) as ws:
            seen: list[str] = []

            def next_message() -> dict[str, Any]:
                try:
                    message: dict[str, Any] = json.loads(ws.recv(timeout=60))  # generous: a loaded machine
                except TimeoutError:
                    logs = [p.log.read_text() for p in (server, bot) if p is not None]
                    raise AssertionError("no message for 60 s; the last ones: " + " | ".join(seen[-12:]) + "\n"
                                         + "\n".join(logs)) from None
                view = message.get("view") or {}
                seen.append(f"{message['type']} seq={message.get('seq')} to_act={view.get('to_act')} "
                            f"phase={view.get('phase')} code={message.get('code')}")
                return message

            ws.send(json.dumps({"type": "hello", "table": table_id, "token": made["token"]}))
            assert next_message()["type"] == "snapshot"
            # Wait for the bot process to say it listens before inviting it: asking again and again would spend
            # this connection's allowance of messages, which the moves of the match then need.
            deadline = time.monotonic() + 60
            while "listening for invitations" not in bot.log.read_text():
                assert bot.process.poll() is None and time.monotonic() < deadline, bot.log.read_text()
                time.sleep(0.1)
            while True:
                ws.send(json.dumps({"type": "invite", "seat": 1, "account": "Robo"}))
                reply = next_message()
                if reply["type"] == "table":
                    break
                assert reply["code"] == "bot_offline", reply
                assert time.monotonic() < deadline, bot.log.read_text()
                time.sleep(1)
            while not reply["table"]["seats"][1]["connected"]:  # the bot takes its seat
                reply = next_message()
            ws.send(json.dumps({"type": "start"}))
            bot_moves = 0
            while True:
                message = next_message()
                assert message["type"] != "error", message
                if message["type"] not in ("snapshot", "update"):
                    continue
                if message["type"] == "update" and message["seat"] == 1:
                    # The bot moved itself, not the stand-in (if not, the logs say why the bot was away).
                    assert message["by"] == "person", (message["by"], seen[-12:], server.log.read_text()[-4000:],
                                                       bot.log.read_text()[-4000:])
                    bot_moves += 1
                view = message["view"]
                if view["phase"] == "over":
                    break
                if view["to_act"] == 0 and view["legal_moves"]:
                    # At most 10 messages a second from a connection: the bots answer at once (no bot delay), so
                    # without a pause this client would outrun the limit, as a client of a person never does.
                    time.sleep(0.12)
                    ws.send(json.dumps({"type": "move", "move": view["legal_moves"][-1], "seq": message["seq"]}))
        assert bot_moves > 0
        profile = http.get("/api/players/Robo").json()
        assert profile["account"] == {"name": "Robo", "bot": True}
        assert profile["matches"][0]["rated"] and profile["matches"][0]["seat"] == 1
        board = http.get("/api/ratings", params={"family": "tavern-jack"}).json()["ratings"]
        assert {(line["name"], line["bot"]) for line in board} == {("Ann", False), ("Robo", True), ("classic", True)}
        assert token not in server.log.read_text() and PASSWORD not in server.log.read_text()
    finally:
        if bot is not None:
            bot.stop()
        server.stop()


def test_a_signed_in_player_challenges_a_listening_bot_account(client: TestClient) -> None:
    client.post("/api/accounts", json={"name": "Robo", "password": PASSWORD})
    token = client.post("/api/me/bot-token").json()["token"]
    client.post("/api/logout")
    client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
    body = {"name": "Ann", "players": 4, "seats": [None, None, "classic", "classic"], "deals": 1, "invite": "robo"}
    offline = client.post("/api/tables", json=body)
    assert offline.status_code == 400 and offline.json()["error"]["code"] == "bot_offline"
    assert client.get("/api/health").json()["tables"] == 0  # nothing made
    with client.websocket_connect("/ws") as bot:
        send(bot, {"type": "listen", "token": token})
        assert receive(bot)["type"] == "listening"
        full = client.post("/api/tables", json={**body, "seats": [None, "classic", "classic", "classic"]})
        assert full.json()["error"]["code"] == "no_seat"
        made = client.post("/api/tables", json=body).json()
        assert [(s["name"], s["account"]) for s in made["table"]["seats"][:2]] == [("Ann", True), ("Robo", True)]
        invitation = receive(bot)
        assert invitation["table"] == made["table"]["id"] and invitation["seat"] == 1 and invitation["from"] == "Ann"
