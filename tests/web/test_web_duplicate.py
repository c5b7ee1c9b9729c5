"""A duplicate event in the browser: two people and fourteen computer players at four tables of four play the
same five deals; the event's page then shows each deal against the field and the luck-adjusted score."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from playwright.sync_api import BrowserContext, expect

from .axe import violations
from .live import LiveServer, SeatSocket
from .pages import table_id

pytestmark = pytest.mark.timeout(180)


def _signed(x: float) -> str:
    text = str(abs(x)).removesuffix(".0")
    return f"+{text}" if x > 0 else f"−{text}" if x < 0 else "0"


def test_two_people_and_fourteen_bots_play_a_duplicate_event_and_see_the_field_and_the_adjusted_score(
    new_context: Callable[..., BrowserContext], live_server: LiveServer,
) -> None:
    ann = new_context().new_page()
    ann.goto(f"{live_server.url}?tournaments=")
    ann.fill("#tour-name", "Same cards")
    ann.select_option("#tour-format", "duplicate")
    ann.select_option("#tour-rules", "tavern-jack")
    ann.select_option("#tour-rounds", "1")
    ann.select_option("#tour-seats", "4")
    ann.select_option("#tour-deals", "5")
    ann.click("#tour-create")
    expect(ann.locator(".tournament")).to_have_attribute("data-status", "registering")
    event = ann.url.split("tournament=")[1]
    ann.fill("#tour-player-name", "Ann")
    ann.click("#tour-enter")
    expect(ann.locator("#tour-entered")).to_be_visible()
    host = ann.evaluate(f"JSON.parse(localStorage.getItem('president.tournament.{event}')).host_key")
    api = f"{live_server.url}api/tournaments/{event}"
    for bot in ("classic", "random") * 2:
        assert httpx.post(f"{api}/bots", json={"host_key": host, "bot": bot}).status_code == 200
    bob = new_context(locale="pt-BR").new_page()
    bob.goto(f"{live_server.url}?tournament={event}")
    bob.fill("#tour-player-name", "Bob")
    bob.click("#tour-enter")
    expect(bob.locator("#tour-entered")).to_be_visible()
    for bot in ("classic", "random") * 5:
        assert httpx.post(f"{api}/bots", json={"host_key": host, "bot": bot}).status_code == 200
    expect(ann.locator("#tour-standings tbody tr")).to_have_count(16)
    ann.click("#tour-start")
    # Groups of four in entry order: Ann at seat 1 of table 1, Bob at seat 2 of table 2.
    seats = []
    for page in (ann, bob):
        page.click("#tour-go")
        page.wait_for_selector(".game")
        table = table_id(page)
        token = page.evaluate(f"JSON.parse(localStorage.getItem('president.seat.{table}')).token")
        seats.append(SeatSocket(live_server, table, token))
    assert [s.seat for s in seats] == [0, 1]
    info = httpx.get(api).json()
    assert [len(b["seats"]) for b in info["played"][0]["boards"]] == [4, 4, 4, 4]
    # The page has shown the way to the table; the turns at it are the table's tests' to check: the people's
    # seats play over sockets of their own while the pages wait on the event's page.
    for page in (ann, bob):
        page.goto(f"{live_server.url}?tournament={event}")
    with ThreadPoolExecutor(2) as pool:
        made = list(pool.map(SeatSocket.play_to_the_end, seats))
    assert all(moves > 10 for moves in made)
    for page in (ann, bob):
        expect(page.locator(".tournament")).to_have_attribute("data-status", "finished", timeout=30000)
    rows = ann.locator(".tour-field tbody tr")
    expect(rows).to_have_count(5 * 4 * 4)
    # Par comes from the analysis workers: the page keeps reading the event until every deal has it.
    expect(ann.locator(".tour-field td.par", has_text="being computed")).to_have_count(0, timeout=60000)
    field = httpx.get(api).json()["field"]
    (round_one,) = field["rounds"]
    assert [d["deal"] for d in round_one["deals"]] == [1, 2, 3, 4, 5]
    ann_entry = 0
    mine = [(d["deal"], row) for d in round_one["deals"] for s in d["seats"] for row in s["results"]
            if row["entry"] == ann_entry]
    assert len(mine) == 5 and all(row["of"] == 4 for _, row in mine)
    shown = ann.locator(".tour-field tbody tr.mine")
    expect(shown).to_have_count(5)
    for (deal, row), line in zip(sorted(mine, key=lambda m: m[0]), sorted(
            shown.all(), key=lambda el: int(el.get_attribute("data-deal") or 0)), strict=True):
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(row["place"], "th")
        expect(line.locator("td.field-place")).to_have_text(f"{row['place']}{suffix} of 4 with these cards")
        expect(line.locator("td.adjusted")).to_have_text(_signed(row["adjusted"]))
        assert line.get_attribute("data-deal") == str(deal)
    last = sorted(mine, key=lambda m: m[0])[-1][1]
    expect(ann.locator("#tour-your-field")).to_contain_text(f"Deal 5: {last['place']}")
    expect(ann.locator("#tour-your-field")).to_contain_text(f"adjusted {_signed(last['adjusted'])}")
    totals = ann.locator("#tour-field-totals tbody tr")
    expect(totals).to_have_count(16)
    top = field["totals"][0]
    expect(totals.first.locator("td.adjusted")).to_have_text(_signed(top["adjusted"]))
    # Bob reads it in Portuguese.
    expect(bob.locator("#tour-field-title")).to_have_text("Contra o campo")
    expect(bob.locator(".tour-field tbody tr.mine td.field-place").first).to_contain_text("com estas cartas")
    # The tables of the field pass the accessibility scan as the rest of the app does.
    assert violations(ann) == []
