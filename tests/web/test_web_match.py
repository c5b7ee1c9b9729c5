"""A whole three-of-clubs match against three computer players, played through the page to the end screen."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .live import LiveServer, bright_expected
from .pages import bright_cards, game_state, hand_cards, play_classic_turn, start_table, wait_for_decision


def test_three_of_clubs_match_against_three_bots_reaches_the_end_screen(page: Page, live_server: LiveServer) -> None:
    table = start_table(page, live_server, preset="three-of-clubs")
    decisions = 0
    while True:
        state = wait_for_decision(page)
        if state["phase"] == "over":
            break
        match = live_server.match(table)
        seat = int(state["seat"])
        assert match.to_act == seat
        # The page shows the seat's hand, sorted, and dims exactly the cards no legal move uses.
        assert hand_cards(page) == match.view(seat)["hand"]
        assert bright_cards(page) == bright_expected(match, seat)
        play_classic_turn(page, live_server, table)
        decisions += 1
    final = live_server.match(table)
    assert final.is_over and decisions > 20
    end = page.locator("dialog.end")
    expect(end).to_be_visible()
    names = ["Ann", "Computer 2", "Computer 3", "Computer 4"]
    winners = ", ".join(names[s] for s in final.winners)
    expect(end.locator(".winner-line")).to_have_text("You win!" if final.winners == [0] else f"{winners} wins!")
    # The score table: a row per deal with every player's title and points, then the totals.
    rows = end.locator("table.scores tbody tr")
    expect(rows).to_have_count(5 + 1)
    for result in final.deal_results:
        cells = rows.nth(result.deal - 1).locator("td .points")
        assert cells.all_text_contents() == [str(p) for p in result.points]
    totals = rows.nth(5).locator("td .points").all_text_contents()
    assert totals == [str(s) for s in final.scores]
    titles = rows.nth(0).locator("td .title-name").all_text_contents()
    order = final.deal_results[0].order
    ladder = ["President", "Vice-President", "Vice-Clochard", "Clochard"]
    assert titles == [ladder[order.index(seat)] for seat in range(4)]
    expect(end.locator("#rematch-button")).to_be_enabled()
    expect(end.locator("#replay-button")).to_be_visible()
    assert game_state(page)["phase"] == "over"
