#!/usr/bin/env python3
"""A complete small bot for the President server: it waits for invitations and plays every table it is invited to.

It speaks the server's documented protocol (docs/protocol.md, docs/bot-api.md) and needs
nothing of the ``president`` package: only Python 3.11+ and the ``websockets`` library.

    # once: claim a name and turn it into a bot account; prints the API token
    python examples/bot.py --server http://127.0.0.1:8000 --register Robo 'a long password'
    # then, as long as the bot should be reachable:
    PRESIDENT_BOT_TOKEN=... python examples/bot.py --server http://127.0.0.1:8000

A host seated at a waiting table invites it with ``{"type": "invite", "seat": 2, "account": "Robo"}``.
Its play is deliberately plain: in the exchange it gives what the server lists first, and in
play it leads or beats with the lowest legal combination, passing only when it must. Replace
:func:`choose` with a strategy of your own.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from typing import Any

import websockets

log = logging.getLogger("bot")


def choose(view: dict[str, Any]) -> str:
    """The move to make from this seat's view: the first legal move that is not a pass, else a pass."""
    moves: list[str] = view["legal_moves"]
    for move in moves:
        if move != "pass":
            return move
    return moves[0]


async def play_table(ws_url: str, table: str, token: str) -> None:
    """Take the invited seat and play until the table is closed (a rematch is played too)."""
    async with websockets.connect(ws_url) as ws:
        # Version 2, and no history of the deal: this bot decides from the hand and the table alone.
        await ws.send(json.dumps({"type": "hello", "table": table, "token": token, "version": 2, "history": False}))
        seat = None
        async for text in ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "error":
                log.warning("table %s: %s (%s)", table, message["message"], message["code"])
                if message["code"] == "rate_limited":
                    await asyncio.sleep(1)  # the dropped message may have been a move: look again after a pause
                if message["code"] in ("stale", "not_your_turn", "illegal_move", "rate_limited"):
                    await ws.send(json.dumps({"type": "sync"}))
                continue
            if kind == "snapshot":
                seat = message["seat"]
            if kind not in ("snapshot", "update") or message["view"] is None:
                continue
            view = message["view"]
            if view["phase"] == "over":
                log.info("table %s: the match is over, scores %s", table, view["scores"])
            elif view["to_act"] == seat and view["legal_moves"]:
                move = choose(view)
                await ws.send(json.dumps({"type": "move", "move": move, "seq": message["seq"]}))


async def listen(server: str, api_token: str) -> None:
    """Wait for invitations (reconnecting after a drop) and play each table in a task of its own."""
    ws_url = server.replace("http", "ws", 1).rstrip("/") + "/ws"
    tables: set[asyncio.Task[None]] = set()
    while True:
        try:
            async with websockets.connect(ws_url) as ws:
                await ws.send(json.dumps({"type": "listen", "token": api_token}))
                async for text in ws:
                    message = json.loads(text)
                    if message["type"] == "listening":
                        log.info("listening for invitations as %s", message["account"])
                    elif message["type"] == "invitation":
                        log.info("invited by %s to seat %d of table %s", message["from"], message["seat"],
                                 message["table"])
                        task = asyncio.create_task(play_table(ws_url, message["table"], message["token"]))
                        tables.add(task)
                        task.add_done_callback(tables.discard)
                    elif message["type"] == "error":
                        log.error("%s (%s)", message["message"], message["code"])
                        if message["code"] == "bad_token":
                            return
        except (OSError, websockets.ConnectionClosed) as exc:
            log.warning("connection lost (%s); trying again in 2 s", exc)
        await asyncio.sleep(2)


def register(server: str, name: str, password: str) -> str:
    """Claim ``name`` (or sign in when it is already this bot's), make it a bot account; returns its API token."""
    def post(path: str, body: dict[str, Any] | None, cookie: str = "") -> tuple[dict[str, Any], str]:
        request = urllib.request.Request(server.rstrip("/") + path, data=json.dumps(body or {}).encode(),
                                         headers={"content-type": "application/json", "cookie": cookie})
        with urllib.request.urlopen(request) as response:
            set_cookie = response.headers.get("set-cookie", "")
            return json.loads(response.read()), set_cookie.split(";", 1)[0]

    try:
        _, cookie = post("/api/accounts", {"name": name, "password": password})
    except urllib.error.HTTPError as exc:
        if exc.code != 409:
            raise
        _, cookie = post("/api/login", {"name": name, "password": password})
    answer, _ = post("/api/me/bot-token", None, cookie)
    return str(answer["token"])


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000", help="the server's address")
    parser.add_argument("--token", default=os.environ.get("PRESIDENT_BOT_TOKEN"),
                        help="the bot account's API token (default: $PRESIDENT_BOT_TOKEN)")
    parser.add_argument("--register", nargs=2, metavar=("NAME", "PASSWORD"),
                        help="claim NAME as a bot account and print its API token")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    if args.register:
        print(register(args.server, *args.register))
        return 0
    if not args.token:
        parser.error("give the API token with --token or $PRESIDENT_BOT_TOKEN (get one with --register)")
    asyncio.run(listen(args.server, args.token))
    return 0


if __name__ == "__main__":
    sys.exit(main())
