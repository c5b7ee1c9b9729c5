"""Duplicate ratings in the browser: their own tab of the ratings page, bots marked, and a section of the profile."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect

from president.server.store.accounts import find_account
from president.server.store.duplicate_ratings import rate_round

from .live import LiveServer

pytestmark = pytest.mark.timeout(60)


def test_the_duplicate_tab_ranks_by_the_adjusted_totals_and_the_profile_shows_the_rounds(
    page: Page, live_server: LiveServer,
) -> None:
    storage = live_server.app.state.hub.storage  # type: ignore[attr-defined]
    ids = {}
    for name in ("Dupa", "Dupb"):
        made = httpx.post(f"{live_server.url}api/accounts", json={"name": name, "password": "a good long password"})
        assert made.status_code == 201, made.text
        ids[name] = find_account(storage, name)[0].id  # type: ignore[index]
    # Dupa's adjusted total is the best of the round, Dupb's the worst: the tab ranks them so, the bot between.
    assert rate_round(storage, "webevent", 1, "daifugo",
                      {f"account:{ids['Dupa']}": 1.5, "bot:classic": 0.0, f"account:{ids['Dupb']}": -1.5})
    page.goto(f"{live_server.url}?ratings=daifugo&duplicate")
    rows = page.locator("#ratings-table tbody tr")
    expect(rows).to_have_count(3)
    assert [rows.nth(i).get_attribute("data-name") for i in range(3)] == ["Dupa", "classic", "Dupb"]
    expect(rows.nth(1)).to_contain_text("bot")
    expect(page.locator("#ratings-duplicate")).to_have_attribute("aria-current", "page")
    expect(page.locator("#ratings-table thead")).to_contain_text("Rounds")
    page.click("#ratings-ordinary")  # the ordinary ratings of the family hold none of them
    expect(page).to_have_url(f"{live_server.url}?ratings=daifugo")
    expect(page.locator("#ratings-table tbody tr[data-name=Dupa]")).to_have_count(0)
    page.goto(f"{live_server.url}?player=Dupb")
    section = page.locator("#duplicate-ratings")
    expect(section).to_contain_text("Duplicate ratings")
    expect(section.locator(".rating-history li")).to_have_count(1)
    expect(section.locator(".rating-history li")).to_contain_text("against par: −1.5")
    section.get_by_role("link", name="Round 1").click()
    expect(page).to_have_url(f"{live_server.url}?tournament=webevent")
