"""Why the computer players play what they play: a style chosen on the start screen, and the log's lines of a deal
that is over tapped for the bots' own reasons (a line of the deal in play says why only once it is over)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect

from president.explain import Explanation

from .live import LiveServer
from .pages import GAME, play_classic_turn, play_until_deal, table_id, wait_for_decision

SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def shown(text: str) -> str:
    """An English explanation as the page writes it: its cards with suit symbols."""
    return re.sub(r"\b(10|[2-9JQKA])([cdhs])\b", lambda m: m.group(1) + SUITS[m.group(2)], text)


def test_a_styled_bots_reasons_are_told_by_tapping_the_log_once_the_deal_is_over(
        new_context: Callable[..., BrowserContext], live_server: LiveServer) -> None:
    page = new_context().new_page()
    page.goto(live_server.url, wait_until="networkidle")
    page.check("#preset-tavern-jack")
    page.fill("#player-name", "Ann")
    page.select_option("#bot-level", "classic")
    page.select_option("#bot-style", "hoarder")
    page.click("#play-bots")
    page.wait_for_selector(GAME)
    table = table_id(page)
    assert [s.bot for s in live_server.table(table).seats[1:]] == ["classic+hoarder"] * 3
    expect(page.locator(".seat-panel").first).to_be_visible()
    play_until_deal(page, live_server, table, 2)
    if not page.eval_on_selector("#log-panel", "el => el.open"):
        page.click("#log-panel summary")
    lines = page.locator("#log-previous .why-line")
    expect(lines.first).to_be_visible()
    count = lines.count()
    assert count > 5
    for index in (0, count - 1):
        line = page.locator("#log-previous li.log-bot").nth(index)
        seq = int(line.get_attribute("data-seq") or -1)
        line.locator(".why-line").click()
        # A quick bot's reason is worked out when the page asks for it: read it once the server has.
        deadline = time.monotonic() + 15
        while callable(why := live_server.table(table).reasons[seq][3]) and time.monotonic() < deadline:
            time.sleep(0.02)
        expect(line.locator(".why-text")).to_have_text(shown(Explanation.from_dict(why).text()))
    # A computer player's move of the deal in play: its reason waits for the end of the deal.
    state = wait_for_decision(page)
    if state["phase"] != "over":
        play_classic_turn(page, live_server, table)
        wait_for_decision(page)
        current = page.locator("#log-panel .log-list > li.log-bot").last
        if current.count():
            current.locator(".why-line").click()
            expect(current.locator(".why-text")).to_contain_text("once the deal is over")
