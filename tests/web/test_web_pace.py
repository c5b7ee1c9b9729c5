"""The pace of a table: the computer players' speed, and the turn timer on the server's clock with the tab title."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect

from .live import LiveServer
from .pages import play_classic_turn, start_table, table_id, wait_for_decision


def test_the_bot_speed_is_chosen_on_the_start_page_and_changed_at_the_table_on_a_phone_by_keyboard(
        new_context: Callable[..., BrowserContext], live_server: LiveServer) -> None:
    page = new_context(phone=True, locale="ru-RU").new_page()
    page.goto(live_server.url)
    page.check("#preset-tavern-jack")
    expect(page.locator("label[for=bot-speed]")).to_contain_text("Скорость компьютера")
    page.select_option("#bot-speed", "fast")
    page.fill("#player-name", "Ann")
    page.click("#play-bots")
    page.wait_for_selector(".game")
    table = table_id(page)
    assert live_server.table(table).settings.bot_speed == "fast"
    button = page.locator("#speed-button")
    expect(button).to_have_text("Компьютер: быстро")
    # The bar is drawn anew as the bots play: measure in the page, in one go, whichever bar is there.
    page.wait_for_function("""() => {
        const r = document.querySelector("#speed-button")?.getBoundingClientRect();
        return !!r && r.width > 0 && r.left >= 0 && r.right <= 391;
    }""")
    button.focus()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("data-speed", "slow")
    expect(button).to_be_focused()
    assert live_server.table(table).settings.bot_speed == "slow"
    page.goto(live_server.url)  # the start page remembers the choice
    expect(page.locator("#bot-speed")).to_have_value("fast")


def test_the_turn_timer_counts_on_the_servers_clock_and_the_tab_title_marks_the_turn(
        new_context: Callable[..., BrowserContext], live_server: LiveServer) -> None:
    page = new_context().new_page()
    # This computer's clock is an hour ahead of the server's: a countdown on it would show 0:00 at once.
    page.add_init_script("{ const real = Date.now; Date.now = () => real() + 3600 * 1000; }")
    page.goto(live_server.url)
    page.select_option("#timer", "90")
    table = start_table(page, live_server)
    state = wait_for_decision(page)
    assert state["myTurn"] == "true"
    expect(page).to_have_title("▶ President")
    timer = page.locator(".me-area .timer")
    expect(timer).to_contain_text("1:")
    seconds = timer.text_content() or ""
    minutes, secs = seconds.strip().split(":")
    assert 80 <= int(minutes) * 60 + int(secs) <= 90
    for _ in range(3):
        play_classic_turn(page, live_server, table)
        # Whatever the moment, the title marks the turn exactly when it is this seat's.
        assert page.evaluate("() => document.title.startsWith('▶')"
                             " === (document.querySelector('.game').dataset.myTurn === 'true')")
        wait_for_decision(page)
        expect(page).to_have_title("▶ President")
