"""Coming back to a game (reload), two people at one table, and the phone layout."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from .live import LiveServer, bright_expected, classic_move
from .pages import (
    bright_cards,
    game_state,
    hand_cards,
    pile_cards,
    play_classic_turn,
    play_move,
    start_table,
    table_id,
    wait_for_decision,
)


def test_reload_mid_trick_resumes_the_same_game(page: Page, live_server: LiveServer) -> None:
    table = start_table(page, live_server)
    while True:
        state = wait_for_decision(page)
        if state["phase"] == "play" and pile_cards(page):
            break
        play_classic_turn(page, live_server, table)
    before: dict[str, object] = {"hand": hand_cards(page), "pile": pile_cards(page), "seq": state["seq"],
                                 "deal": state["deal"]}
    page.reload()
    after_state = wait_for_decision(page)
    assert table_id(page) == table
    assert {"hand": hand_cards(page), "pile": pile_cards(page), "seq": after_state["seq"],
            "deal": after_state["deal"]} == before
    match = live_server.match(table)
    assert bright_cards(page) == bright_expected(match, 0)
    # The seat is live after the reload: a move made now is taken by the server.
    move = play_classic_turn(page, live_server, table)
    assert str(live_server.match(table).moves[int(state["seq"])][1]) == move


def test_two_browser_contexts_play_at_one_table_as_two_people(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    ann = new_context().new_page()
    table = start_table(ann, live_server, name="Ann", friends=1)
    invite = ann.locator("#invite-link").input_value()
    assert invite.endswith(f"?table={table}")
    expect(ann.locator("#start-match")).to_be_disabled()
    bea = new_context().new_page()
    bea.goto(invite)
    bea.fill("#join-name", "Bea")
    bea.click("#join-button")
    expect(bea.locator(".waiting")).to_be_visible()
    expect(ann.locator(".seat-list")).to_contain_text("Bea")
    ann.click("#start-match")
    for page in (ann, bea):
        page.wait_for_selector(".game")
    expect(ann.locator(".seat-panel", has_text="Bea")).to_have_count(1)
    expect(bea.locator(".seat-panel", has_text="Ann")).to_have_count(1)
    pages = {0: ann, 1: bea}
    people_moves = 0
    while people_moves < 6:
        live = live_server.match(table)
        assert live.to_act is not None
        mover = pages.get(live.to_act)
        if mover is None:
            # A computer seat is to act: wait for a person's turn.
            ann.wait_for_function("seq => Number(document.querySelector('.game').dataset.seq) > Number(seq)",
                                  arg=game_state(ann)["seq"])
            continue
        other = pages[1 - live.to_act]
        wait_for_decision(mover)
        play_move(mover, classic_move(live, live.to_act))
        seq = int(game_state(mover)["seq"])
        # The other person sees the move: the same moves, the same cards on the table.
        other.wait_for_function("seq => Number(document.querySelector('.game').dataset.seq) >= seq", arg=seq)
        now = live_server.match(table)
        if len(now.moves) == seq:
            assert pile_cards(other) == pile_cards(mover) == now.view(0)["table"]
        people_moves += 1
    assert ann.locator(".seat-panel[data-seat='1'] .name").text_content() == "Bea"
    assert bea.locator(".seat-panel[data-seat='0'] .name").text_content() == "Ann"


def test_phone_portrait_fits_the_hand_and_plays_by_touch(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = new_context(phone=True).new_page()
    page.goto(live_server.url)
    page.wait_for_selector("#play-bots")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    table = start_table(page, live_server)
    state = wait_for_decision(page)
    width = page.viewport_size["width"] if page.viewport_size else 390
    boxes = page.eval_on_selector_all(".hand .card, .seat-panel, #play-button, #pass-button",
                                      "els => els.map(e => { const b = e.getBoundingClientRect();"
                                      " return [b.left, b.right]; })")
    assert boxes and all(left >= -1 and right <= width + 1 for left, right in boxes)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    before = int(state["seq"])
    play_classic_turn(page, live_server, table)
    assert int(game_state(page)["seq"]) > before
