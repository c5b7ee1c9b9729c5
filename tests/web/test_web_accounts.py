"""Accounts in the browser: register, play a rated match against the computer, find it on the profile and the
leaderboard; sign out and in again on a phone, by keyboard, in another language."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from .live import LiveServer
from .pages import play_classic_turn, start_table, table_id, wait_for_decision

PASSWORD = "a good long password"


@pytest.fixture(scope="module")
def live_server(server_factory: Callable[..., LiveServer]) -> LiveServer:
    """A server of these tests' own: the tables they make do not shift the deals of the shared server's tests."""
    return server_factory(seed=19)


def register(page: Page, server: LiveServer, name: str) -> None:
    page.goto(server.url)
    page.click("#login-link")
    page.fill("#login-name", name)
    page.fill("#login-password", PASSWORD)
    page.click("#register-submit")
    expect(page.locator("#me-link")).to_have_text(name, timeout=15000)


def test_register_play_a_rated_match_then_profile_and_leaderboard_show_it(page: Page,
                                                                           live_server: LiveServer) -> None:
    register(page, live_server, "Zoe")
    # Signed in, the start page plays under the account's name: no name to type.
    expect(page.locator("#signed-in-note")).to_contain_text("Zoe")
    expect(page.locator("#player-name")).to_be_hidden()
    page.check("#preset-tavern-jack")
    page.select_option("#match-deals", "1")
    page.click("#play-bots")
    page.wait_for_selector(".game")
    table = table_id(page)
    assert live_server.table(table).seats[0].name == "Zoe"
    while wait_for_decision(page)["phase"] != "over":
        play_classic_turn(page, live_server, table)
    expect(page.locator("dialog.end")).to_be_visible()
    page.keyboard.press("Escape")
    page.click("#me-link")
    matches = page.locator("#profile-matches li")
    expect(matches).to_have_count(1)
    expect(matches.first).to_contain_text("rated")
    rating = page.locator('.profile-rating[data-family="tavern-jack"]')
    expect(rating).to_contain_text("provisional")
    expect(rating.locator(".rating-history li")).to_have_count(1)
    # Each match of the profile opens in the replay viewer.
    match_id = matches.first.get_attribute("data-match")
    matches.first.get_by_role("link").click()
    expect(page).to_have_url(f"{live_server.url}?replay={match_id}")
    page.go_back()
    page.click("#ratings-link")
    expect(page.locator("#ratings-family")).to_have_value("tavern-jack")  # the family with ratings, at once
    row = page.locator('#ratings-table tr[data-name="Zoe"]')
    expect(row).to_be_visible()
    expect(row.locator(".rating-value")).to_contain_text("?")  # provisional, marked
    expect(page.locator('#ratings-table tr[data-name="classic"] .badge')).to_have_text("bot")
    page.select_option("#ratings-family", "race-to-11")
    expect(page).to_have_url(f"{live_server.url}?ratings=race-to-11")
    expect(page.locator("#ratings-table")).to_have_count(0)
    page.go_back()
    page.locator('#ratings-table tr[data-name="Zoe"]').get_by_role("link", name="Zoe").click()
    expect(page.locator("h1")).to_contain_text("Zoe")


def test_sign_out_and_in_on_a_phone_by_keyboard_in_russian(new_context: Callable[..., BrowserContext],
                                                           live_server: LiveServer) -> None:
    page = new_context(phone=True).new_page()
    register(page, live_server, "Yan")
    page.select_option("#lang-select", "ru")
    expect(page.locator("#logout-button")).to_have_text("Выйти")
    page.click("#logout-button")
    expect(page.locator("#login-link")).to_have_text("Войти")
    page.click("#login-link")
    page.focus("#login-name")
    page.keyboard.type("yan")
    page.keyboard.press("Tab")
    page.keyboard.type("not the password")
    page.keyboard.press("Enter")
    expect(page.locator("#login-error")).to_have_text("Такого имени с таким паролем нет.")
    page.fill("#login-password", "")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page.locator("#me-link")).to_have_text("Yan")
    # Everything fits the phone's width.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


def test_a_host_invites_a_listening_bot_account_from_the_waiting_room(page: Page, live_server: LiveServer) -> None:
    import json

    import httpx
    from websockets.sync.client import connect

    with httpx.Client(base_url=live_server.url, trust_env=False, timeout=10) as http:
        assert http.post("api/accounts", json={"name": "Botty", "password": PASSWORD}).status_code == 201
        token = http.post("api/me/bot-token").json()["token"]
    with connect(f"ws://127.0.0.1:{live_server.port}/ws", proxy=None, open_timeout=10) as listener:
        listener.send(json.dumps({"type": "listen", "token": token}))
        assert json.loads(listener.recv(timeout=10))["type"] == "listening"
        start_table(page, live_server, preset="tavern-jack", name="Host", friends=1)
        page.fill("#invite-bot-name", "Nobody")
        page.keyboard.press("Enter")
        expect(page.locator("#toast")).to_contain_text("no bot account")
        page.fill("#invite-bot-name", "botty")
        page.click("#invite-bot")
        invitation = json.loads(listener.recv(timeout=10))
        assert invitation["type"] == "invitation" and invitation["from"] == "Host"
        expect(page.locator(".waiting .seat-list")).to_contain_text("Botty")
        # A challenge from the bot's profile: a new table with the bot seated at once.
        page.goto(f"{live_server.url}?player=Botty")
        page.click("#challenge-bot")
        page.wait_for_selector(".waiting")
        challenge = json.loads(listener.recv(timeout=10))
        assert challenge["type"] == "invitation" and challenge["table"] == table_id(page)
        expect(page.locator(".waiting .seat-list")).to_contain_text("Botty")


def test_signed_in_on_another_device_the_invite_link_gives_the_seat_back(
        page: Page, new_context: Callable[..., BrowserContext], live_server: LiveServer) -> None:
    register(page, live_server, "Wes")
    page.check("#preset-tavern-jack")
    page.click("#play-bots")
    page.wait_for_selector(".game")
    table = table_id(page)
    other = new_context(phone=True).new_page()
    other.goto(live_server.url)
    other.click("#login-link")
    other.fill("#login-name", "wes")
    other.fill("#login-password", PASSWORD)
    other.click("#login-submit")
    expect(other.locator("#me-link")).to_have_text("Wes")
    other.goto(f"{live_server.url}?table={table}")
    other.wait_for_selector(".game")
    assert other.eval_on_selector(".game", "el => el.dataset.seat") == "0"


def test_sign_in_clicked_while_the_start_page_still_loads_keeps_the_sign_in_form(
        page: Page, live_server: LiveServer) -> None:
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/api/options", hold)  # the start page waits for it: a slow connection
    page.goto(live_server.url)
    page.click("#login-link")
    page.fill("#login-name", "Vic")
    assert len(held) == 1
    with page.expect_response("**/api/matches*"):  # the start page's last load, after the held one
        held[0].continue_()
    page.evaluate("() => new Promise((done) => setTimeout(done, 100))")
    # What the start page drew once it had loaded went nowhere: the form and what was typed into it stay.
    expect(page.locator("#login-name")).to_have_value("Vic")
    expect(page.locator("#play-bots")).to_have_count(0)
    expect(page).to_have_url(f"{live_server.url}?login=")


def test_the_owner_changes_the_password_and_signs_out_everywhere_in_french(
        page: Page, new_context: Callable[..., BrowserContext], live_server: LiveServer) -> None:
    register(page, live_server, "Vic")
    phone = new_context(phone=True).new_page()
    phone.goto(live_server.url)
    phone.click("#login-link")
    phone.fill("#login-name", "vic")
    phone.fill("#login-password", PASSWORD)
    phone.click("#login-submit")
    expect(phone.locator("#me-link")).to_have_text("Vic")
    page.select_option("#lang-select", "fr")
    page.click("#me-link")
    expect(page.locator("#security-title")).to_have_text("Votre compte")
    page.fill("#current-password", "not the password")
    page.fill("#new-password", "a new long password")
    page.click("#password-submit")
    expect(page.locator("#password-error")).to_have_text("Ce n’est pas votre mot de passe actuel.")
    page.fill("#current-password", PASSWORD)
    page.fill("#new-password", "a new long password")
    page.click("#password-submit")
    expect(page.locator("#toast")).to_contain_text("Votre mot de passe est changé")
    phone.reload()  # the phone's session ended with the change
    expect(phone.locator("#login-link")).to_be_visible()
    phone.click("#login-link")
    phone.fill("#login-name", "vic")
    phone.fill("#login-password", "a new long password")
    phone.click("#login-submit")
    expect(phone.locator("#me-link")).to_have_text("Vic")
    phone.click("#me-link")
    phone.click("#sign-out-everywhere")
    expect(phone.locator("#login-link")).to_be_visible()
    page.reload()
    expect(page.locator("#login-link")).to_be_visible()
    expect(page.locator("#security-title")).to_have_count(0)  # someone else's profile shows no account section
