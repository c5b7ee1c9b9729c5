"""The tournament pages: creating an event, and standings that follow the event live without a reload."""

from __future__ import annotations

from collections.abc import Callable

import httpx
from playwright.sync_api import BrowserContext, expect

from .live import LiveServer


def test_standings_follow_an_event_of_bots_live(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = new_context(locale="fr-FR").new_page()
    page.goto(f"{live_server.url}?tournaments=")
    page.fill("#tour-name", "Coupe")
    page.select_option("#tour-rounds", "2")
    page.select_option("#tour-seats", "3")
    page.click("#tour-create")
    expect(page.locator(".tournament")).to_have_attribute("data-status", "registering")
    expect(page.locator("#tour-status")).to_have_text("Inscriptions ouvertes")
    for _ in range(3):
        page.click("#tour-add-bot")
    expect(page.locator("#tour-standings tbody tr")).to_have_count(3)
    event = page.url.split("tournament=")[1]
    # Another host tool (here the REST API) adds a fourth bot and starts: the page follows without a reload.
    host = page.evaluate(f"JSON.parse(localStorage.getItem('president.tournament.{event}')).host_key")
    api = f"{live_server.url}api/tournaments/{event}"
    assert httpx.post(f"{api}/bots", json={"host_key": host, "bot": "random"}).status_code == 200
    assert httpx.post(f"{api}/start", json={"host_key": host}).status_code == 200
    expect(page.locator(".tournament")).to_have_attribute("data-status", "finished", timeout=30000)
    expect(page.locator("#tour-status")).to_have_text("Terminé")
    expect(page.locator(".tour-round")).to_have_count(2)
    rows = page.locator("#tour-standings tbody tr")
    expect(rows).to_have_count(4)
    final = httpx.get(api).json()["standings"]
    for row, standing in zip(rows.all(), final, strict=True):
        expect(row.locator("td").nth(0)).to_have_text(str(standing["rank"]))
        expect(row.locator("td").nth(2)).to_have_text(str(standing["points"]).removesuffix(".0"))
    # Each finished table links to its replay.
    page.locator(".tour-boards a").first.click()
    expect(page.locator(".replay-view")).to_be_visible()


def test_the_page_of_a_cancelled_event_says_so_and_stops_polling(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = new_context().new_page()
    made = httpx.post(f"{live_server.url}api/tournaments", json={"name": "Cup"}).json()
    event = made["tournament"]["id"]
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if f"api/tournaments/{event}" in request.url
            else None)
    page.goto(f"{live_server.url}?tournament={event}")
    expect(page.locator("#tour-status")).to_have_text("Open for entries")
    cancel = httpx.post(f"{live_server.url}api/tournaments/{event}/cancel", json={"host_key": made["host_key"]})
    assert cancel.status_code == 200
    expect(page.locator(".tournament")).to_have_attribute("data-status", "cancelled", timeout=10000)
    expect(page.locator("#tour-status")).to_have_text("Cancelled")
    seen = len(asked)
    page.wait_for_timeout(2500)  # longer than the page's polling period: a poll would have been made by now
    assert len(asked) == seen
