"""The browser app under the server's Content-Security-Policy: the page, a table and a few turns break no rule of
it (a violation is an event in the page even when nothing visibly fails)."""

from __future__ import annotations

from playwright.sync_api import Page

from .live import LiveServer
from .pages import play_classic_turn, start_table, wait_for_decision

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
    event => window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
"""


def test_the_app_plays_without_violating_its_content_security_policy(page: Page, live_server: LiveServer) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    answer = page.request.get(live_server.url)
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    table = start_table(page, live_server, preset="three-of-clubs")
    for _ in range(3):
        if wait_for_decision(page)["phase"] == "over":
            break
        play_classic_turn(page, live_server, table)
    assert page.evaluate("window.__violations") == []
