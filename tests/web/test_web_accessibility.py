"""Every screen of the app passes an automated accessibility scan (axe-core, WCAG 2.1 AA), on a desktop and a
phone: names and roles of the controls, and a contrast of at least 4.5:1 for every text (issue 34, defect 8)."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page

from .axe import violations
from .live import LiveServer
from .pages import start_table, wait_for_decision
from .test_web_layout import finish_an_old_game
from .test_web_replay import finish_a_table


@pytest.fixture(scope="module")
def finished(live_server: LiveServer) -> dict[str, str]:
    """A finished match (its table and Ann's token), a finished old game, and an account with a profile."""
    table, token, match = finish_a_table(live_server)
    old = finish_an_old_game(live_server)
    httpx.post(f"{live_server.url}api/accounts", json={"name": "Scanned", "password": "a long password"})
    return {"table": table, "token": token, "match": str(match), "old": str(old)}


def scan_every_screen(page: Page, server: LiveServer, finished: dict[str, str]) -> dict[str, list[str]]:
    """Visit every screen of the app and scan each; returns what failed, screen by screen."""
    found: dict[str, list[str]] = {}

    def scan(screen: str) -> None:
        found[screen] = violations(page)

    for screen, query in [("start", ""), ("rules page", "?rules=daifugo"), ("sign in", "?login"),
                          ("leaderboard", "?ratings="), ("tournaments", "?tournaments="),
                          ("deal of the day", "?daily="),
                          ("profile", "?player=Scanned"), ("replay", f"?replay={finished['match']}"),
                          ("old replay", f"?replay={finished['old']}"), ("join", f"?table={finished['table']}")]:
        page.goto(server.url + query, wait_until="networkidle")
        scan(screen)
    page.evaluate("([key, entry]) => localStorage.setItem(key, entry)",
                  [f"president.seat.{finished['table']}",
                   json.dumps({"token": finished["token"], "seat": 0, "name": "Ann"})])
    page.goto(f"{server.url}?table={finished['table']}")
    page.wait_for_selector("dialog.end")
    scan("end of the match")
    start_table(page, server, friends=1)
    scan("waiting room")
    start_table(page, server)
    wait_for_decision(page)
    scan("table")
    for button, dialog in [("#rules-button", "rules"), ("#scores-button", "scores"), ("#leave-button", "leave")]:
        page.click(button)
        page.wait_for_selector(f"dialog.{dialog}")
        scan(f"table's {dialog}")
        page.keyboard.press("Escape")
    page.goto(server.url, wait_until="networkidle")
    page.wait_for_selector(".yours")
    scan("start with a game to resume")
    page.check("#preset-old-president")
    page.fill("#player-name", "Ann")
    page.click("#play-bots")
    page.wait_for_selector(".game.old")
    scan("old game")
    return {screen: lines for screen, lines in found.items() if lines}


def report(found: dict[str, list[str]]) -> str:
    """The failures of a scan, one line each under its screen."""
    return "\n".join(f"{screen}: {line}" for screen, lines in found.items() for line in lines)


def test_every_screen_passes_the_scan_at_1280x800_in_english(
        new_context: Callable[..., BrowserContext], live_server: LiveServer, finished: dict[str, str]) -> None:
    page = new_context().new_page()
    found = scan_every_screen(page, live_server, finished)
    assert found == {}, report(found)


def test_every_screen_passes_the_scan_on_a_390x844_phone_in_french(
        new_context: Callable[..., BrowserContext], live_server: LiveServer, finished: dict[str, str]) -> None:
    page = new_context(phone=True, locale="fr-FR").new_page()
    found = scan_every_screen(page, live_server, finished)
    assert found == {}, report(found)
