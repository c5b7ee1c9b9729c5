"""Turn order in the browser: the table shows when play goes counter-clockwise and says what 5-skip, 9-reverse,
gekokujo and tenpen-chii did, in the four languages."""

from __future__ import annotations

from playwright.sync_api import Page

from president.engine import Match

from .live import LiveServer
from .pages import in_languages


def test_direction_badge_and_turn_order_events_are_shown(page: Page, live_server: LiveServer) -> None:
    match = Match.from_hands("tavern-jack", ["5c 9c 3c", "Kd 4d", "Qd 4h", "Jd 4s"], leader=0, nine_reverse=True,
                             five_skip=True)
    reversing = [e.to_dict(None) for e in match.apply("9c")]
    reversed_view = match.view(3)
    assert reversed_view["direction"] == "counterclockwise"
    skipping = [e.to_dict(None) for e in Match.from_hands(
        "tavern-jack", ["5c 9c 3c", "Kd 4d", "Qd 4h", "Jd 4s"], leader=0, five_skip=True).apply("5c")]
    clockwise_view = Match.from_hands("tavern-jack", ["5c 3c", "Kd"], leader=0).view(0)
    page.goto(live_server.url)
    page.wait_for_selector("#more-rules")
    shown = in_languages(
        page, {"seats": "seats", "ev": "events"},
        """const badge = seats.centre(backwards, 'Ann').querySelector('.direction-badge');
           return {badge: badge?.textContent, direction: badge?.dataset.direction,
                   lines: events.map((e) => ev.ruleLine(e, name)).filter(Boolean)};""",
        "[backwards, forwards, events]", [reversed_view, clockwise_view, reversing + skipping],
        after="""out.clockwise = !!seats.centre(forwards, 'Ann').querySelector('.direction-badge');
                 out.after = [ev.ruleLine({type: 'reverse', seat: 1, option: 'nine_reverse', backwards: false}, name),
                              ev.ruleLine({type: 'gekokujo', seat: 2, option: 'gekokujo', order: [2, 1, 0]}, name),
                              ev.ruleLine({type: 'spared', seat: 3, to: 0, option: 'tenpen_chii'}, name)];""",
    )
    assert shown["en"] == {"badge": "↺ Play goes counter-clockwise", "direction": "counterclockwise",
                           "lines": ["Seat 0 reverses the direction: play now goes counter-clockwise",
                                     "5-skip: Seat 1 is skipped"]}
    assert shown["fr"]["lines"][1] == "5 : Seat 1 passe son tour"
    for lang in ("ru", "fr", "pt"):
        assert shown[lang]["badge"] and shown[lang]["badge"] != shown["en"]["badge"]
        assert len(shown[lang]["lines"]) == 2 and shown[lang]["lines"][0] != shown["en"]["lines"][0]
    assert shown["clockwise"] is False
    assert shown["after"] == [
        "Seat 1 reverses the direction: play goes clockwise again",
        "Gekokujō! Seat 2, last in the previous deal, goes out first: every title is reversed",
        "Tenpen-chii: Seat 3 holds nothing above a 10 and skips the exchange",
    ]
