"""Analysing a finished match from the end screen and the replay: progress, marks, accuracy, keyboard, phone."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page, expect

from president.record import read_record

from .live import LiveServer
from .test_web_replay import finish_a_match, finish_a_table

ANALYSIS_SECONDS = 60_000
"""How long the page may take to show a finished analysis (ms): a worker process with 2 guessed deals a decision."""


@pytest.fixture(scope="module")
def live_server(server_factory: Callable[..., LiveServer]) -> LiveServer:
    """A server of its own: the tables finished here do not count against the shared server's quota."""
    return server_factory(seed=18)


def test_the_end_screen_analyses_the_match_and_the_replay_marks_its_decisions(page: Page,
                                                                              live_server: LiveServer) -> None:
    table, token, match_id = finish_a_table(live_server)
    page.goto(live_server.url)
    page.evaluate("([key, entry]) => localStorage.setItem(key, entry)",
                  [f"president.seat.{table}", json.dumps({"token": token, "seat": 0, "name": "Ann"})])
    page.goto(f"{live_server.url}?table={table}")
    end = page.locator("dialog.end")
    expect(end).to_be_visible()
    end.locator("#analyse-end-button").click()
    expect(page.locator(".replay-view")).to_be_visible()
    assert f"replay={match_id}" in page.url
    expect(page.locator("#accuracy-button")).to_be_visible(timeout=ANALYSIS_SECONDS)

    analysis = httpx.get(f"{live_server.url}api/matches/{match_id}/analysis").json()["analysis"]
    record = httpx.get(f"{live_server.url}api/matches/{match_id}/record").text
    moves = read_record(record).moves
    marked = [d for d in analysis["decisions"] if d["verdict"] and not d["played"].startswith("give")]
    assert marked, "two guessed deals a decision mark some decision of a whole deal"
    first = marked[0]
    assert moves[first["index"]][1:] == (first["seat"], first["played"])

    page.keyboard.press("m")
    verdict = page.locator(f"#replay-verdicts .verdict[data-index='{first['index']}']")
    expect(verdict).to_have_attribute("data-verdict", first["verdict"])
    mark = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}[first["verdict"]]
    expect(verdict.locator(".mark-label")).to_have_text(f"{mark} {first['verdict'].capitalize()}")
    expect(verdict).to_contain_text("points lost)")
    shown = re.search(r"\(([\d.]+) points lost\)", verdict.inner_text())
    assert shown and abs(float(shown.group(1)) - first["loss"]) <= 0.0051  # two decimals, however halves round
    expect(page.locator(f".seat-panel[data-seat='{first['seat']}'] .last-action .mark")).to_have_text(f" {mark}")
    step = int(page.locator(".replay-view").get_attribute("data-step") or "0")
    assert step >= 1
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("m")
    expect(page.locator(".replay-view")).to_have_attribute("data-step", str(step))

    page.click("#accuracy-button")
    rows = page.locator("dialog.accuracy tbody tr")
    expect(rows).to_have_count(4)
    for summary in analysis["summary"]:
        row = page.locator(f"dialog.accuracy tbody tr[data-seat='{summary['seat']}']")
        expect(row.locator(".match-accuracy")).to_have_text(f"{round(summary['accuracy'] * 100)}%")
        expect(row.locator(".deal-accuracy")).to_have_text(f"{round(summary['by_deal']['1'] * 100)}%")
    page.keyboard.press("Escape")


def test_a_stored_analysis_shows_at_once_on_a_phone_in_another_language(
        new_context: Callable[..., BrowserContext], live_server: LiveServer) -> None:
    match_id = finish_a_match(live_server)
    page = new_context(phone=True, locale="fr-FR").new_page()
    page.goto(f"{live_server.url}?replay={match_id}")
    page.click("#analyse-button")
    expect(page.locator("#analysis-progress").or_(page.locator("#accuracy-button"))).to_be_visible()
    expect(page.locator("#accuracy-button")).to_have_text("Précision", timeout=ANALYSIS_SECONDS)
    page.reload()
    expect(page.locator("#accuracy-button")).to_be_visible()
    expect(page.locator("#analyse-button")).to_have_count(0)
    if page.locator("#mark-next").count():
        page.tap("#mark-next")
        expect(page.locator("#replay-verdicts .verdict")).not_to_have_count(0)
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width}"
