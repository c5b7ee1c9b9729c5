"""The replay viewer: the steps it rebuilds from a record match the engine, and it steps through a match."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from president.cards import cards_list
from president.engine import Match
from president.rules import get_rules

from .live import LiveServer, classic_move

CASES = [("tavern-jack", 3), ("tavern-jack", 5), ("race-to-11", 4), ("revolution", 6), ("revolution", 4),
         ("three-of-clubs", 4)]


def _state(match: Match, hands: list[list[str]] | None = None, table: list[str] | None = None,
           finished: list[int] | None = None) -> dict[str, Any]:
    return {
        "hands": hands if hands is not None else [cards_list(h) for h in match.hands],
        "table": sorted(table if table is not None else match.view(0)["table"]),
        "finished": finished if finished is not None else list(match.finished),
        "scores": list(match.scores),
    }


def expected_frames(match: Match, rng: random.Random) -> list[dict[str, Any]]:
    """Play a match at random and note the state before each deal's first play and after each play or pass."""
    frames = []
    started = 0
    while match.to_act is not None:
        if match.phase == "play" and started != match.deal_number:
            started = match.deal_number
            frames.append(_state(match))
        seat = match.to_act
        move = rng.choice(match.legal_moves())
        hands = [cards_list(h) for h in match.hands]
        events = match.apply(move)
        if str(move).startswith("give"):
            continue
        over = [e for e in events if e.kind == "deal_over"]
        if over:
            played = set(str(move).split())
            hands[seat] = [c for c in hands[seat] if c not in played]
            order = over[0].data["order"]
            frames.append(_state(match, hands=hands, table=[], finished=order[:-1]))
        else:
            frames.append(_state(match))
    return frames


def test_replay_steps_rebuilt_from_records_match_the_engine(page: Page, live_server: LiveServer) -> None:
    cases = []
    for number, (preset, players) in enumerate(CASES):
        match = Match(preset, players, seed=100 + number, deals=2)
        frames = expected_frames(match, random.Random(number))
        rules = get_rules(preset)
        options = {"jokers": rules.jokers, "pass_lockout": rules.pass_lockout, "revolution": rules.revolution,
                   "points": list(rules.points) if rules.points is not None else None, "players": players}
        cases.append({"record": match.record(), "rules": options, "frames": frames})
    page.goto(live_server.url)
    got = page.evaluate(
        """async (cases) => {
            const log = await import('/js/replaylog.js');
            return cases.map(c => log.buildFrames(log.parseRecord(c.record), c.rules).map(f => ({
                hands: f.hands, table: [...f.table].sort(), finished: f.finished, scores: f.scores})));
        }""",
        cases,
    )
    for case, frames in zip(cases, got, strict=True):
        assert len(frames) == len(case["frames"])
        for step, (mine, engine) in enumerate(zip(frames, case["frames"], strict=True)):
            assert mine == engine, f"{case['rules']} step {step}: {json.dumps(mine)} != {json.dumps(engine)}"


def finish_a_match(server: LiveServer) -> int:
    """Create a one-deal table with three computer players and play the person's seat over the WebSocket."""
    return finish_a_table(server)[2]


def finish_a_table(server: LiveServer) -> tuple[str, str, int]:
    """As :func:`finish_a_match`: the table id, the person's seat token (seat 0) and the finished match's id."""
    made = httpx.post(f"{server.url}api/tables", json={
        "rules": "tavern-jack", "players": 4, "seats": [None, "classic", "classic", "classic"], "deals": 1,
        "name": "Ann"}).json()
    table = made["table"]["id"]
    with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:
        ws.send(json.dumps({"type": "hello", "table": table, "token": made["token"]}))
        ws.send(json.dumps({"type": "start"}))
        while True:
            message = json.loads(ws.recv(timeout=10))
            view = message.get("view")
            if message["type"] == "table" and message["table"]["match_id"]:
                return table, made["token"], int(message["table"]["match_id"])
            if view and view["to_act"] == 0 and message.get("seq") == len(server.match(table).moves):
                ws.send(json.dumps({"type": "move", "move": classic_move(server.match(table), 0),
                                    "seq": message["seq"]}))


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
