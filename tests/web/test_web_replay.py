"""The replay viewer: the server's steps agree with the engine, and the viewer steps through them."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from president.engine import Match

from .live import LiveServer, classic_move


def finish_a_match(server: LiveServer) -> int:
    """Create a one-deal table with three computer players and play the person's seat over the WebSocket."""
    return finish_a_table(server)[2]


def finish_a_table(server: LiveServer, rules: str = "tavern-jack", players: int = 4, client: httpx.Client | None = None,
                   **settings: Any) -> tuple[str, str, int]:
    """As :func:`finish_a_match`: the table id, the person's seat token (seat 0) and the finished match's id.

    ``settings`` go into the table's creation (``options``, ``deals`` …); one deal by default. ``client`` creates
    the table (one signed in to an account seats the account); by default a guest does.
    """
    made = (client or httpx).post(f"{server.url}api/tables", json={
        "rules": rules, "players": players, "seats": [None] + ["classic"] * (players - 1), "deals": 1,
        "name": "Ann", **settings}).json()
    table = made["table"]["id"]
    with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:
        ws.send(json.dumps({"type": "hello", "table": table, "token": made["token"]}))
        ws.send(json.dumps({"type": "start"}))
        sent = ""
        while True:
            message = json.loads(ws.recv(timeout=10))
            view = message.get("view")
            if message["type"] == "table" and message["table"]["match_id"]:
                return table, made["token"], int(message["table"]["match_id"])
            if message["type"] == "error" and message["code"] == "rate_limited":
                time.sleep(0.5)  # the bots move at once: a long match outruns the rate limit of a connection
                ws.send(sent)
            if view and view["to_act"] == 0 and message.get("seq") == len(server.match(table).moves):
                sent = json.dumps({"type": "move", "move": classic_move(server.match(table), 0),
                                   "seq": message["seq"]})
                ws.send(sent)


def test_replay_viewer_steps_through_a_finished_match(page: Page, live_server: LiveServer) -> None:
    match_id = finish_a_match(live_server)
    record = httpx.get(f"{live_server.url}api/matches/{match_id}/record").text
    match = Match.replay(record)
    plays = [move for _, move in match.moves if not str(move).startswith("give")]
    page.goto(f"{live_server.url}?replay={match_id}")
    view = page.locator(".replay-view")
    expect(view).to_have_attribute("data-steps", str(len(plays) + 1))
    expect(page.locator("#replay-step")).to_have_text(f"Move 1 of {len(plays) + 1}")
    first_seat, first_move = match.moves[0]
    page.click("#replay-next")
    expect(view).to_have_attribute("data-step", "1")
    expect(page.locator("#replay-caption")).to_contain_text("Ann" if first_seat == 0 else f"Computer {first_seat + 1}")
    if str(first_move) != "pass":
        cards = page.eval_on_selector_all(".replay-view .pile .card-face", "els => els.map(e => e.dataset.card)")
        assert sorted(cards) == sorted(str(first_move).split())
    page.keyboard.press("End")
    expect(view).to_have_attribute("data-step", str(len(plays)))
    expect(page.locator("#replay-caption")).to_contain_text("Deal 1 is over")
    page.click("#scores-button")
    totals = page.locator("dialog.scores tr.total td .points").all_text_contents()
    assert totals == [str(s) for s in match.scores]
    page.keyboard.press("Escape")
    page.click("#replay-prev")
    expect(view).to_have_attribute("data-step", str(len(plays) - 1))


def test_the_viewer_shows_the_servers_steps_of_a_daifugo_match(page: Page, live_server: LiveServer) -> None:
    _table, _token, match_id = finish_a_table(live_server, "daifugo", 5, deals=2, options={"eleven_back": True})
    record = httpx.get(f"{live_server.url}api/matches/{match_id}/record").text
    match = Match.replay(record)
    assert match.rules.eleven_back  # the house rule is kept with the match
    reply = httpx.get(f"{live_server.url}api/matches/{match_id}/steps")
    assert reply.headers["content-encoding"] == "gzip"
    steps = reply.json()["steps"]
    assert [e for s in steps for e in s["events"]] == [e.to_dict() for e in match.events()]
    kinds = [{e["type"] for e in s["events"]} for s in steps]
    page.goto(f"{live_server.url}?replay={match_id}")
    view = page.locator(".replay-view")
    expect(view).to_have_attribute("data-steps", str(len(steps)))
    # The felt takes the width of the page (no column is kept for a log the replay does not have).
    page.wait_for_function("() => document.querySelector('.replay-view .felt')?.getBoundingClientRect().width > 900")
    # A step of each kind the house rules add, and the start of the second deal with its gifts.
    wanted = [next(i for i, s in enumerate(steps) if s["lock"])]
    wanted += [next(i for i, k in enumerate(kinds) if kind in k) for kind in ("gift", "deal_over")]
    cut = next((i for i, s in enumerate(steps) if any(e.get("cut") for e in s["events"])), None)
    for index in [*wanted, *([cut] if cut is not None else [])]:
        page.locator("#replay-slider").fill(str(index))
        expect(view).to_have_attribute("data-step", str(index))
        step = steps[index]
        for seat in range(5):
            shown = page.eval_on_selector_all(f'.replay-view .seat-panel[data-seat="{seat}"] .card-face',
                                              "els => els.map(e => e.dataset.card)")
            assert sorted(shown) == sorted(step["hands"][seat]), f"step {index}, seat {seat}"
        pile = page.eval_on_selector_all(".replay-view .pile .card-face", "els => els.map(e => e.dataset.card)")
        assert sorted(pile) == sorted(step["table"])
        caption = page.locator("#replay-caption")
        if step["lock"]:
            expect(page.locator(".replay-view .lock-badge")).to_contain_text(step["lock"])
        if "gift" in kinds[index]:
            expect(caption).to_contain_text("Deal 2")
            expect(page.locator(".replay-view .card-face.received")).not_to_have_count(0)
        if "deal_over" in kinds[index]:
            expect(caption).to_contain_text("Deal 1 is over")
            last = next(seat for seat in range(5) if step["hands"][seat])
            expect(page.locator(f'.replay-view .seat-panel[data-seat="{last}"] .last-action')).to_contain_text("5th")
