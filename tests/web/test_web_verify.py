"""Verify the deals in the browser: the page's WebCrypto code gives the specification's vectors and Python's deals,
and the button of the end screen and of the replay checks a finished match (and catches a changed secret)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, Route, expect
from websockets.sync.client import connect

from president.cards import cards_str
from president.secret_deals import DealSecret

from .live import LiveServer
from .pages import play_classic_turn, wait_for_decision
from .test_web_replay import finish_a_table

DOC = Path(__file__).resolve().parents[2] / "docs" / "verify.md"

COMPUTE = """async (cases) => {
    const v = await import('/js/verify.js');
    const out = [];
    for (const c of cases) {
        out.push({
            commitments: await Promise.all(c.deals.map((n) => v.commitment(c.secret, c.table, n))),
            leaders: await Promise.all(c.players.map((p) => v.firstLeader(c.secret, p))),
            orders: await Promise.all(c.decks.map((d) => v.dealOrder(c.secret, d.deal, v.deck(d.jokers)))),
            hands: await Promise.all(c.hands.map((d) => v.dealHands(c.secret, d.deal, d.jokers, d.players, d.first))),
        });
    }
    return out;
}"""


def deck(jokers: int) -> list[int]:
    return list(range(52)) + [52, 53][2 - jokers:] if jokers else list(range(52))


def numbers(hand_text: list[str]) -> list[int]:
    return sorted(c for c in range(54) if cards_str(1 << c) in hand_text)


def test_the_browser_gives_the_vectors_of_the_specification_and_pythons_deals(page: Page,
                                                                               live_server: LiveServer) -> None:
    block = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None
    vectors: dict[str, Any] = json.loads(block.group(1))
    page.goto(live_server.url)
    cases = [{
        "secret": vectors["secret"], "table": vectors["table"], "deals": [n for n, _ in vectors["commitments"]],
        "players": [p for p, _ in vectors["first_leaders"]], "decks": vectors["decks"], "hands": vectors["hands"],
    }]
    rng = random.Random(35)
    for _ in range(6):  # random secrets: the browser deals as the Python reference does
        secret = DealSecret(rng.randbytes(32), f"t{rng.randrange(10**6)}")
        cases.append({
            "secret": secret.hex, "table": secret.table, "deals": [1, rng.randrange(2, 500)],
            "players": [rng.randrange(3, 9)],
            "decks": [{"deal": rng.randrange(1, 100), "jokers": j} for j in (0, 1, 2)],
            "hands": [{"deal": rng.randrange(1, 100), "jokers": rng.randrange(3), "players": p,
                       "first": rng.randrange(p)} for p in (rng.randrange(3, 9),)],
        })
    got = page.evaluate(COMPUTE, cases)
    assert got[0]["commitments"] == [c for _, c in vectors["commitments"]]
    assert got[0]["leaders"] == [seat for _, seat in vectors["first_leaders"]]
    assert got[0]["orders"] == [d["order"] for d in vectors["decks"]]
    assert got[0]["hands"] == [[numbers(h) for h in d["hands"]] for d in vectors["hands"]]
    for case, result in zip(cases[1:], got[1:], strict=True):
        secret = DealSecret.from_hex(case["secret"], case["table"])
        assert result["commitments"] == [secret.commitment(n) for n in case["deals"]]
        assert result["leaders"] == [secret.first_leader(p) for p in case["players"]]
        assert result["orders"] == [secret.deal_order(deck(d["jokers"]), d["deal"]) for d in case["decks"]]
        assert result["hands"] == [
            [numbers(cards_str(m).split()) for m in secret.deal_hands(
                [1 << c for c in deck(d["jokers"])], d["players"], d["first"], d["deal"])]
            for d in case["hands"]]


def play_to_the_end(page: Page, server: LiveServer, deals: int) -> str:
    """A table of the page's person (seat 0) and two computer players, played through the page to the end."""
    made = httpx.post(f"{server.url}api/tables", json={
        "rules": "tavern-jack", "players": 3, "seats": [None, "classic", "classic"], "deals": deals,
        "name": "Ann"}).json()
    table = made["table"]["id"]
    page.goto(server.url)
    page.evaluate("([id, entry]) => localStorage.setItem(`president.seat.${id}`, JSON.stringify(entry))",
                  [table, {"token": made["token"], "seat": 0, "name": "Ann"}])
    page.goto(f"{server.url}?table={table}")
    page.click("#start-match")
    while wait_for_decision(page)["phase"] != "over":
        play_classic_turn(page, server, table)
    return table


def test_the_end_screen_verifies_every_deal_against_what_the_page_saw(page: Page,
                                                                      live_server: LiveServer) -> None:
    table = play_to_the_end(page, live_server, 2)
    end = page.locator("dialog.end")
    expect(end.locator("#verify-deals-button")).to_be_visible()
    end.locator("#verify-deals-button").click()
    dialog = page.locator("dialog.verify")
    expect(dialog.locator("#verify-summary")).to_have_text("Every deal is the one committed to before it was played.")
    expect(dialog.locator("tbody tr")).to_have_count(2)
    expect(dialog).to_contain_text("Compared with the 2 commitments this page saw during play")
    secret = live_server.table(table).deal_secret
    assert secret is not None
    expect(dialog.locator(".secret")).to_have_text(f"Secret: {secret.hex}")
    assert dialog.locator("td.hash").first.get_attribute("title") == secret.commitment(1)


def test_the_replay_button_catches_a_secret_changed_by_one_bit(page: Page, live_server: LiveServer) -> None:
    _table, _token, match_id = finish_a_table(live_server, "tavern-jack", 4, deals=2)
    page.goto(f"{live_server.url}?replay={match_id}")
    page.click("#verify-deals-button")
    dialog = page.locator("dialog.verify")
    expect(dialog.locator("#verify-summary")).to_have_text("Every deal is the one committed to before it was played.")
    expect(dialog).to_contain_text("Compared with the commitments kept in the match record.")
    page.keyboard.press("Escape")

    def flip_one_bit(route: Route) -> None:
        data = route.fetch().json()
        data["secret"] = f"{int(data['secret'][0], 16) ^ 1:x}{data['secret'][1:]}"
        route.fulfill(json=data)

    page.route(f"**/api/matches/{match_id}/deals", flip_one_bit)
    page.click("#verify-deals-button")
    expect(dialog.locator("#verify-summary")).to_have_text(
        "Some deals do not match their commitments: see the marked rows.")
    expect(dialog.locator("tbody tr.bad")).to_have_count(2)


def test_the_button_speaks_the_players_language(new_context: Any, live_server: LiveServer) -> None:
    _table, _token, match_id = finish_a_table(live_server, "tavern-jack", 4)
    page = new_context(locale="fr-FR").new_page()
    page.goto(f"{live_server.url}?replay={match_id}")
    expect(page.locator("#verify-deals-button")).to_have_text("Vérifier les donnes")
    page.click("#verify-deals-button")
    expect(page.locator("dialog.verify #verify-summary")).to_have_text(
        "Chaque donne est celle qui était engagée avant d'être jouée.")


OLD_COMPUTE = """async (cases) => {
    const v = await import('/js/verify.js');
    return Promise.all(cases.map(async (c) => {
        const got = await v.oldDealHands(c.secret, c.deal, c.players, c.dealer, c.redeal);
        const texts = (cards) => cards.map(v.oldCardText);
        return {hands: got.hands.map(texts), dummy: texts(got.dummy),
                turned_up: got.turnedUp === null ? null : v.oldCardText(got.turnedUp)};
    }));
}"""


def finish_an_old_table(server: LiveServer) -> int:
    """A two-deal old-President game of a person (seat 0, leading with his first card) and two bots; its match id."""
    made = httpx.post(f"{server.url}api/tables", json={
        "game": "old-president", "players": 3, "seats": [None, "careful", "careful"], "deals": 2,
        "name": "Ann"}).json()
    with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:
        ws.send(json.dumps({"type": "hello", "table": made["table"]["id"], "token": made["token"]}))
        ws.send(json.dumps({"type": "start"}))
        led = -1
        while True:
            message = json.loads(ws.recv(timeout=10))
            view = message.get("view")
            if message["type"] == "table" and message["table"]["match_id"]:
                return int(message["table"]["match_id"])
            if view and view["to_act"] == 0 and view["phase"] == "lead" and message["seq"] != led:
                led = message["seq"]
                ws.send(json.dumps({"type": "move", "move": view["legal_moves"][0], "seq": led}))


def test_the_old_games_packs_check_out_in_the_browser_and_one_bit_changed_fails(page: Page,
                                                                                 live_server: LiveServer) -> None:
    block = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None
    vectors: dict[str, Any] = json.loads(block.group(1))
    match_id = finish_an_old_table(live_server)
    page.goto(f"{live_server.url}?replay={match_id}")
    cases = [{"secret": vectors["secret"], **case} for case in vectors["old"]["deals"]]
    got = page.evaluate(OLD_COMPUTE, cases)
    assert got == [{"hands": c["hands"], "dummy": c["dummy"], "turned_up": c["turned_up"]} for c in cases]
    packs = len(httpx.get(f"{live_server.url}api/matches/{match_id}/deals").json()["deals"])
    page.click("#verify-deals-button")
    dialog = page.locator("dialog.verify")
    expect(dialog.locator("#verify-summary")).to_have_text("Every deal is the one committed to before it was played.")
    expect(dialog.locator("tbody tr")).to_have_count(packs)
    page.keyboard.press("Escape")

    def flip_one_bit(route: Route) -> None:
        data = route.fetch().json()
        data["secret"] = f"{int(data['secret'][0], 16) ^ 1:x}{data['secret'][1:]}"
        route.fulfill(json=data)

    page.route(f"**/api/matches/{match_id}/deals", flip_one_bit)
    page.click("#verify-deals-button")
    expect(dialog.locator("#verify-summary")).to_have_text(
        "Some deals do not match their commitments: see the marked rows.")
    expect(dialog.locator("tbody tr.bad")).to_have_count(packs)
