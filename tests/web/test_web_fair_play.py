"""Fair play in the browser: resigning with its cost said first, links never clickable in chat, reporting a line,
the leaderboard's σ and the profile's matches left."""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from president.server.store.moderation import reports
from president.server.store.storage import Storage

from .live import LiveServer
from .test_web_accounts import register


def until(condition: Callable[[], bool], seconds: float = 60.0) -> None:
    """Wait until ``condition()`` holds (checked every 50 ms), failing after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true in time"
        time.sleep(0.05)


def test_resigning_says_what_it_costs_and_hands_the_seat_to_the_stand_in(page: Page,
                                                                         live_server: LiveServer) -> None:
    register(page, live_server, "Rae")
    page.check("#preset-tavern-jack")
    page.click("#play-bots")
    page.wait_for_selector(".game")
    table_id = page.url.split("table=")[1].split("&")[0]
    page.click("#leave-button")
    expect(page.locator("#leave-resign-cost")).to_contain_text("the computer plays your seat to the end")
    expect(page.locator("#leave-resign-rated")).to_contain_text("last in every deal still to play")
    page.click("#leave-resign")
    expect(page.locator("#toast", has_text="You resigned")).to_be_visible()
    table = live_server.table(table_id)
    until(lambda: table.seats[0].left)
    # Once the stand-in has finished the match, the profile counts it as left.
    until(lambda: table.status == "finished")
    page.goto(f"{live_server.url}?player=Rae")
    expect(page.locator("#matches-left")).to_have_text("Left before the end: 1 match")
    page.goto(f"{live_server.url}?ratings=tavern-jack")
    expect(page.locator('#ratings-table tr[data-name="Rae"] .rating-sigma')).to_contain_text("±")
    expect(page.locator("#ratings-min")).to_contain_text("1 or more rated matches")


def test_a_link_in_chat_is_only_text_and_a_line_can_be_reported(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    ann = new_context().new_page()
    register(ann, live_server, "Uma")
    ann.check("#preset-three-of-clubs")
    ann.select_option("#friends", "1")
    ann.click("#invite-friends")
    ann.wait_for_selector(".waiting")
    table = ann.url.split("table=")[1].split("&")[0]
    bea = new_context(locale="pt-BR").new_page()
    bea.goto(f"{live_server.url}?table={table}")
    bea.fill("#join-name", "Vic")
    bea.click("#join-button")
    expect(bea.locator(".waiting")).to_be_visible()
    bea.click("#chat-panel summary")
    bea.fill("#chat-input", "free cards at https://example.com/win and www.example.org")
    bea.press("#chat-input", "Enter")
    ann.click("#chat-panel summary")
    line = ann.locator(".chat-line", has_text="https://example.com/win")
    expect(line).to_have_count(1)
    assert ann.locator(".chat-lines a").count() == 0 and bea.locator(".chat-lines a").count() == 0
    expect(line.locator(".chat-block")).to_have_count(0)  # a guest has no account to block
    ann.once("dialog", lambda dialog: dialog.accept("spam links"))
    line.locator(".chat-report").click()
    expect(ann.locator("#toast", has_text="the report was sent")).to_be_visible()
    storage = Storage(live_server.config.database_url)
    try:
        found = [r for r in reports(storage) if r["reporter"] == "Uma"]
    finally:
        storage.close()
    assert found and found[0]["reported"] == "Vic" and found[0]["message"] == "spam links"
    assert any("example.com/win" in (x["text"] or "") for x in found[0]["chat"])
    # A guest who reports is asked to sign in, in his language.
    bea.once("dialog", lambda dialog: dialog.accept("rude"))
    ann.fill("#chat-input", "hello")
    ann.press("#chat-input", "Enter")
    bea.locator(".chat-line", has_text="hello").locator(".chat-report").click()
    expect(bea.locator("#toast", has_text="Entre")).to_be_visible()
