"""The exchange of deal 2 through the page: the received cards outlined in green, giving cards back."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from president.engine import Match

from .live import LiveServer, SeatSocket, play_deal_one, server_seed_where
from .pages import game_state, hand_cards, play_classic_turn, tap_card, wait_for_decision
from .test_web_layout import create_table

GREEN = "rgb(57, 211, 83)"


def place_after_deal_one(place: int) -> Callable[[Match], bool]:
    def check(match: Match) -> bool:
        return play_deal_one(match).deal_results[0].order[place] == 0

    return check


def open_at_deal_two(page: Page, server: LiveServer) -> str:
    """Ann's table of three-of-clubs against three computer players on a fresh server: deal 1 is played by a
    socket of her seat as the classic player would (the page plays turns in the tests of whole deals), then the
    page opens the table at the start of deal 2. Returns the table id."""
    table, token = create_table(server, "three-of-clubs", 4)
    seat = SeatSocket(server, table, token)
    seat.start()
    seat.play_until_deal(2)
    page.goto(server.url)
    page.evaluate("([key, entry]) => localStorage.setItem(key, entry)",
                  [f"president.seat.{table}", json.dumps({"token": token, "seat": 0, "name": "Ann"})])
    page.goto(f"{server.url}?table={table}")
    page.wait_for_selector(".game")
    return table


def outlined(page: Page) -> list[str]:
    cards: list[str] = page.eval_on_selector_all(".hand .card.received", "els => els.map(e => e.dataset.card)")
    return cards


def test_president_sees_the_received_cards_in_green_and_gives_two_back(
    page: Page, server_factory: Callable[..., LiveServer]
) -> None:
    server = server_factory(seed=server_seed_where(place_after_deal_one(0)))
    table = open_at_deal_two(page, server)
    state = wait_for_decision(page)
    assert state["phase"] == "exchange"
    match = server.match(table)
    view = match.view(0)
    assert match.titles[0] == "president" and len(view["received"]) == 2
    assert sorted(outlined(page)) == sorted(view["received"])
    shadow = page.eval_on_selector(".hand .card.received", "el => getComputedStyle(el).boxShadow")
    assert GREEN in shadow
    expect(page.locator("#prompt")).to_contain_text("You received")
    expect(page.locator("#prompt")).to_contain_text("Choose 2 cards to give back to Computer")
    give = page.locator("#play-button")
    expect(give).to_have_text("Give")
    expect(give).to_be_disabled()
    expect(page.locator("#pass-button")).to_have_count(0)
    lowest = hand_cards(page)[:2]
    tap_card(page, lowest[0])
    expect(give).to_be_disabled()
    expect(page.locator("#reason")).to_have_text("Choose 2 cards to give back (1 chosen).")
    tap_card(page, lowest[1])
    expect(give).to_be_enabled()
    seq = game_state(page)["seq"]
    give.click()
    page.wait_for_function("seq => document.querySelector('.game').dataset.seq !== seq", arg=seq)
    # The update of the gift itself has reached the page once the given cards leave the hand.
    expect(page.locator(f'.hand .card[data-card="{lowest[0]}"]')).to_have_count(0)
    # The other returns of the exchange are the computer players', made after their delay: the deal's play starts
    # once they are in.
    page.wait_for_function("() => document.querySelector('.game').dataset.phase === 'play'")
    after = server.match(table)
    assert after.phase == "play"
    assert not set(lowest) & set(after.view(0)["hand"])
    assert set(lowest) <= set(after.view(0)["given"])


def test_clochard_sees_what_the_president_gave_back_in_green_until_his_first_play(
    page: Page, server_factory: Callable[..., LiveServer]
) -> None:
    server = server_factory(seed=server_seed_where(place_after_deal_one(3)))
    table = open_at_deal_two(page, server)
    state = wait_for_decision(page)
    # The Clochard gives automatically and leads the first trick once the exchange is over.
    assert state["phase"] == "play"
    view = server.match(table).view(0)
    assert view["titles"][0] == "beggar" and len(view["received"]) == 2
    assert sorted(outlined(page)) == sorted(view["received"])
    expect(page.locator("#prompt")).to_contain_text(re.compile(r"You received .* \(outlined in green\)"))
    play_classic_turn(page, server, table)
    page.wait_for_function("() => document.querySelector('.game').dataset.myTurn === 'true'"
                           " || document.querySelector('.game').dataset.phase === 'over'")
    assert outlined(page) == []


LANGUAGES = {
    "fr": ("Président", "Clochard", "Donner", "Scores"),
    "ru": ("Президент", "Клошар", "Отдать", "Счёт"),
    "pt": ("Presidente", "Vagabundo", "Dar", "Placar"),
    "en": ("President", "Clochard", "Give", "Scores"),
}


def test_language_switch_changes_titles_and_buttons(page: Page, server_factory: Callable[..., LiveServer]) -> None:
    server = server_factory(seed=server_seed_where(place_after_deal_one(0)))
    open_at_deal_two(page, server)
    wait_for_decision(page)
    expect(page.locator(".me-info .title-name")).to_have_text("President")
    for lang, (president, clochard, give, scores) in LANGUAGES.items():
        page.select_option("#lang-select", lang)
        expect(page.locator(".me-info .title-name")).to_have_text(president)
        expect(page.locator(".seat-panel .title-name").filter(has_text=re.compile(f"^{clochard}$"))).to_have_count(1)
        expect(page.locator("#play-button")).to_have_text(give)
        expect(page.locator("#scores-button")).to_have_text(scores)
        assert page.evaluate("document.documentElement.lang") == lang
    # The choice is remembered: a reload comes back in the language chosen last.
    page.select_option("#lang-select", "ru")
    page.reload()
    expect(page.locator("#play-button")).to_have_text("Отдать")
    assert page.locator("#lang-select").input_value() == "ru"
