"""What a player reads and hears at the table besides the cards: the log of the deal, the rules, the turn cue."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect

from .live import LiveServer
from .pages import pile_cards, play_classic_turn, start_table, wait_for_decision

LOGGED_MOVES = "els => els.map(e => ({seat: Number(e.dataset.seat), move: e.dataset.move}))"


def test_the_log_lists_the_deal_and_keeps_the_cleared_trick_until_the_next_lead_on_a_phone_in_french(
        new_context: Callable[..., BrowserContext], live_server: LiveServer) -> None:
    page = new_context(phone=True, locale="fr-FR").new_page()
    table = start_table(page, live_server)
    panel = page.locator("#log-panel")
    expect(panel).not_to_have_attribute("open", "")
    panel.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(panel.locator(".log-list")).to_be_visible()
    expect(panel.locator(".log-title")).to_have_text("Journal")
    box = panel.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 391
    led_after_a_trick = False
    for _ in range(40):
        state = wait_for_decision(page)
        if state["phase"] == "over" or int(state["deal"]) > 1:
            break
        seat = int(state["seat"])
        history = live_server.match(table).view(seat)["history"]
        logged = page.eval_on_selector_all(".log-list li[data-move]", LOGGED_MOVES)
        assert logged == [{"seat": h["seat"], "move": h["move"]} for h in history]
        if history and not pile_cards(page):
            expect(page.locator("#last-trick")).to_contain_text("Dernier pli")
            play_classic_turn(page, live_server, table)
            expect(page.locator("#last-trick")).to_be_hidden()
            led_after_a_trick = True
            break
        play_classic_turn(page, live_server, table)
    assert led_after_a_trick, "the seat never led after a cleared trick"
    page.reload()
    wait_for_decision(page)
    history = live_server.match(table).view(seat)["history"]
    logged = page.eval_on_selector_all(".log-list li[data-move]", LOGGED_MOVES)
    assert logged == [{"seat": h["seat"], "move": h["move"]} for h in history]
