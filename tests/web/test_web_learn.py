"""Learn to play: a guided first deal against the computer, with a lesson on each of the player's turns."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect

from .live import LiveServer, classic_move
from .pages import game_state, play_classic_turn, table_id, wait_for_decision

SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def shown(move: str) -> str:
    """A move as the page writes it: 10♥ 10♣."""
    return " ".join(card[:-1] + SUITS[card[-1]] for card in move.removeprefix("give ").split())


def test_a_guided_first_deal_explains_each_turn_and_ends_with_an_invitation_on_a_phone_in_portuguese(
        new_context: Callable[..., BrowserContext], live_server: LiveServer) -> None:
    page = new_context(phone=True, locale="pt-BR").new_page()
    page.goto(live_server.url, wait_until="networkidle")  # the lobby has come: no later drawing replaces the button
    page.check("#preset-three-of-clubs")
    button = page.locator("#learn-button")
    expect(button).to_have_text("Aprender a jogar")
    box = button.bounding_box()
    assert box and box["y"] + box["height"] <= 844, "the button is on the first screen of a phone"
    button.click()  # no name needed
    page.wait_for_selector(".game")
    table = table_id(page)
    settings = live_server.table(table).settings
    assert (settings.deals, settings.bot_speed, settings.rules) == (1, "slow", "three-of-clubs")
    assert settings.explain_now  # a practice table: the computer players say why during the deal
    expect(page.locator("#practice-badge")).to_have_text("Treino")
    wait_for_decision(page)
    lesson = page.locator("#lesson")
    hint = classic_move(live_server.match(table), int(game_state(page)["seat"]))
    # The hint says why, as the classic player's own branch words it (in Portuguese).
    expect(lesson.locator("#lesson-hint")).to_contain_text(
        "O computador passaria: passa" if hint == "pass" else f"O computador jogaria {shown(hint)}: ")
    view = live_server.match(table).view(int(game_state(page)["seat"]))
    news = lesson.locator(".lesson-news")
    first = view["history"][0] if view["history"] else None
    expect(news).to_contain_text(f"Computador {first['seat'] + 1}: {shown(first['move'])}" if first
                                 else "a mão acabou de começar")
    expect(lesson.locator(".lesson-legal")).to_contain_text("Na mesa" if view["table"] else "Você começa")
    lesson_box, card_box = lesson.bounding_box(), page.locator(".hand .card").first.bounding_box()
    assert lesson_box and card_box and lesson_box["y"] + lesson_box["height"] <= card_box["y"]
    assert card_box["y"] + card_box["height"] <= 844, "the hand stays on the screen under the lesson"
    page.locator("#lesson-hide").focus()
    page.keyboard.press("Enter")
    expect(lesson).to_have_count(0)
    expect(page.locator(".hand .card").first).to_be_focused()  # the keyboard goes on with the cards
    play_classic_turn(page, live_server, table)
    state = wait_for_decision(page)
    if state["phase"] != "over":
        expect(lesson).to_be_visible()
        expect(news).not_to_contain_text("a mão acabou de começar")
        expect(news).to_contain_text("Computador")
        hint = classic_move(live_server.match(table), int(state["seat"]))
        expect(lesson.locator("#lesson-hint")).to_contain_text("passaria" if hint == "pass" else shown(hint))
        page.click("#lesson-stop")
        expect(lesson).to_have_count(0)
    while state["phase"] != "over":
        expect(lesson).to_have_count(0)  # no more lessons once stopped
        play_classic_turn(page, live_server, table)
        state = wait_for_decision(page)
    invitation = page.locator("#lesson-end")
    expect(invitation).to_contain_text("Essa foi a sua primeira mão!")
    page.click("#learn-play-normal")
    expect(page.locator("#play-bots")).to_be_visible()
