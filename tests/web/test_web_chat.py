"""The table chat in the browser: two people talk, HTML stays text, phrases in the reader's language, mutes, phones."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
from playwright.sync_api import BrowserContext, expect
from websockets.sync.client import connect

from .live import LiveServer
from .pages import start_table, visible_box

ATTACK = '<img src=x onerror="window.hacked=1"><b>bold</b>'


def test_two_browsers_chat_safely_and_a_mute_is_remembered(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    ann = new_context().new_page()
    table = start_table(ann, live_server, name="Ann", friends=1)
    bea = new_context(phone=True, locale="fr-FR").new_page()
    errors: list[str] = []
    for page in (ann, bea):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    bea.goto(f"{live_server.url}?table={table}")
    bea.fill("#join-name", "Bea")
    bea.click("#join-button")
    expect(bea.locator(".waiting")).to_be_visible()

    # Ann types by keyboard only: open the panel, type, Enter.
    ann.locator("#chat-panel summary").focus()
    ann.keyboard.press("Enter")
    ann.keyboard.press("Tab")
    ann.locator("#chat-input").focus()
    ann.keyboard.type(ATTACK)
    ann.keyboard.press("Enter")
    expect(ann.locator("#chat-input")).to_have_value("")
    expect(ann.locator("#chat-input")).to_be_focused()

    # Bea sees the unread count on her phone, opens the chat and reads the line as plain text.
    expect(bea.locator("#chat-panel .chat-unread")).to_be_visible()
    bea.click("#chat-panel summary")
    line = bea.locator(".chat-line").last
    expect(line.locator(".chat-who")).to_have_text("Ann")
    expect(line.locator(".chat-text")).to_have_text(ATTACK)
    assert bea.locator(".chat-lines img, .chat-lines b").count() == 0
    assert bea.evaluate("window.hacked") is None
    box = visible_box(bea, "#chat-send")
    assert box["x"] + box["width"] <= 390

    # A quick phrase goes as an id and is shown in each reader's language.
    bea.click('.chat-phrase[data-phrase="gg"]')
    expect(bea.locator(".chat-line").last.locator(".chat-text")).to_have_text("Bonne partie")
    expect(ann.locator(".chat-line").last.locator(".chat-text")).to_have_text("Good game")

    # Ann mutes Bea: Bea's lines go, and stay gone after a reload.
    ann.locator(".chat-line").last.locator(".chat-mute").click()
    expect(ann.locator(".chat-line", has_text="Good game")).to_have_count(0)
    bea.fill("#chat-input", "still there?")
    bea.press("#chat-input", "Enter")
    expect(bea.locator(".chat-line", has_text="still there?")).to_have_count(1)
    ann.reload()
    ann.wait_for_selector(".waiting")
    ann.click("#chat-panel summary")
    expect(ann.locator(".chat-line", has_text=ATTACK)).to_have_count(1)
    expect(ann.locator(".chat-line", has_text="still there?")).to_have_count(0)
    expect(ann.locator(".chat-unmute")).to_have_text("Bea ✕")
    assert errors == []


def test_the_chat_is_off_against_the_computer_until_turned_on(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = new_context().new_page()
    start_table(page, live_server, name="Solo")
    page.click("#chat-panel summary")
    expect(page.locator("#chat-input")).to_have_count(0)
    page.click(".chat-toggle-on")
    page.fill("#chat-input", "talking to myself")
    page.press("#chat-input", "Enter")
    expect(page.locator(".chat-line .chat-text")).to_have_text("talking to myself")


def test_the_replay_shows_what_was_said_up_to_each_step(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    made = httpx.post(f"{live_server.url}api/tables", json={
        "rules": "tavern-jack", "players": 3, "seats": [None, "random", "random"], "deals": 1, "turn_seconds": 0.01,
        "name": "Ann"}).json()
    table = made["table"]["id"]
    port = live_server.url.rsplit(":", 1)[1].strip("/")
    with connect(f"ws://127.0.0.1:{port}/ws", proxy=None) as ws:
        ws.send(json.dumps({"type": "hello", "table": table, "token": made["token"]}))
        ws.send(json.dumps({"type": "chat", "text": "good luck <all>"}))
        ws.send(json.dumps({"type": "start"}))
        while True:
            message = json.loads(ws.recv(timeout=20))
            if message["type"] == "table" and message["table"]["status"] == "finished":
                break
        ws.send(json.dumps({"type": "chat", "phrase": "gg"}))
        while json.loads(ws.recv(timeout=20)).get("phrase") != "gg":
            pass
    match_id = httpx.get(f"{live_server.url}api/tables/{table}").json()["match_id"]
    page = new_context(locale="pt-BR").new_page()
    page.goto(f"{live_server.url}?replay={match_id}")
    expect(page.locator("#replay-chat .chat-text")).to_have_text(["good luck <all>"])
    page.click("#replay-last")
    expect(page.locator("#replay-chat .chat-text")).to_have_text(["good luck <all>", "Bom jogo"])


def test_a_watcher_whose_saved_name_looks_like_an_accounts_watches_as_spectator(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    assert httpx.post(f"{live_server.url}api/accounts", json={"name": "Owner", "password": "a long password"},
                      trust_env=False).status_code == 201
    host = new_context().new_page()
    table = start_table(host, live_server, name="Host", friends=1)
    watcher = new_context().new_page()
    watcher.goto(live_server.url)
    watcher.evaluate("localStorage.setItem('president.name', JSON.stringify('0wner'))")
    watcher.goto(f"{live_server.url}?table={table}")
    watcher.click("#watch-button")
    expect(watcher.locator(".game.spectating, .waiting")).to_be_visible()
    watcher.click("#chat-panel summary")
    watcher.click('.chat-phrase[data-phrase="hi"]')
    expect(watcher.locator(".chat-line").last.locator(".chat-who")).to_have_text("Spectator")
