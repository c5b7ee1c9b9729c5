"""The old President (seed 000) in the browser: a whole short game against bots, and one with a friend."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from president.server.oldgame import OldTableMatch

from .live import LiveServer
from .pages import table_id

OLD_GAME = ".game.old"
TURN = ("() => { const g = document.querySelector('.game.old');"
        " return g && (g.dataset.myTurn === 'true' || g.dataset.phase === 'over'); }")


def old_match(server: LiveServer, table: str) -> OldTableMatch:
    """The server's match of an old-President table."""
    match = server.table(table).match
    assert isinstance(match, OldTableMatch)
    return match


def choose_old_game(page: Page, server: LiveServer, players: int, deals: int) -> None:
    """Open the start page and choose the old game with its options."""
    page.goto(server.url)
    page.check("#preset-old-president")
    page.select_option("#players", str(players))
    page.select_option("#match-deals", str(deals))
    page.select_option("#old-staking", "equal")
    page.select_option("#old-stake", "16")
    page.fill("#player-name", "Ann")


def lead(page: Page, server: LiveServer, table: str, hint: bool) -> None:
    """Start a sequence on this page: with the hint and the keyboard, or by clicking the first card."""
    state = page.eval_on_selector(OLD_GAME, "el => ({...el.dataset})")
    match = old_match(server, table)
    seat = int(state["seat"])
    assert match.to_act == seat and not match.forced
    shown = page.locator(".old-hand button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(match.view(seat)["hand"])
    if hint:
        page.keyboard.press("h")
        hinted = page.locator(".old-hand button.card.hinted")
        expect(hinted).to_have_count(1)
        card = hinted.get_attribute("data-card")
        assert card in shown
        expect(page.locator("#old-prompt")).to_contain_text("careful bot")
        page.keyboard.press("Enter")  # the hinted card has the focus
    else:
        page.locator(".old-hand button.card").first.click()
    page.wait_for_function("seq => document.querySelector('.game.old')?.dataset.seq !== seq", arg=state["seq"])


def test_a_whole_old_game_against_bots_in_the_browser(page: Page, server_factory: Callable[..., LiveServer]) -> None:
    server = server_factory(seed=13)
    choose_old_game(page, server, players=3, deals=2)
    page.select_option("#bot-level", "careful")
    page.click("#play-bots")
    page.wait_for_selector(OLD_GAME)
    table = table_id(page)
    expect(page.locator(".old-board .section")).to_have_count(8)
    expect(page.locator(".old-board [data-section=matrimony] .section-name")).to_have_text("Matrimony")
    leads = 0
    while True:
        page.wait_for_function(TURN)
        if page.eval_on_selector(OLD_GAME, "el => el.dataset.phase") == "over":
            break
        match = old_match(server, table)
        view = match.view(0)
        expect(page.locator(".old-dummy .trumps")).to_have_attribute("data-trumps", view["trumps"] or "")
        expect(page.locator(".old-dummy .label")).to_contain_text(str(view["dummy_count"]))
        # Only the sequence under way lies face up: a stopped sequence is turned face down.
        expect(page.locator(".old-sequence .seq-card")).to_have_count(len(view["played"]))
        for name, chips in view["board"].items():
            expect(page.locator(f".old-board [data-section={name}] .section-chips")).to_have_text(str(chips))
        lead(page, server, table, hint=leads % 2 == 0)
        leads += 1
    final = old_match(server, table)
    assert final.is_over and leads >= 2
    end = page.locator("dialog.end")
    expect(end).to_be_visible()
    rows = end.locator("table.old-chips tbody tr")
    expect(rows).to_have_count(2 + 1)
    assert rows.nth(2).locator("td").all_text_contents() == [str(c) for c in final.match.chips]
    settlement = final.view(0)["settlement"]
    if settlement is not None:
        expect(end.locator(".settle-hand")).to_have_count(3)
    log = page.locator(".old-log li").all_text_contents()
    assert log[-1] == "The game is over."
    assert any("wins" in line or "takes" in line or "pays" in line for line in log)


def test_a_friend_joins_an_old_game_by_the_invite_link(new_context: Callable[..., BrowserContext],
                                                       server_factory: Callable[..., LiveServer]) -> None:
    server = server_factory(seed=5)
    ann = new_context().new_page()
    bea = new_context(phone=True, locale="ru-RU").new_page()
    choose_old_game(ann, server, players=3, deals=1)
    ann.select_option("#friends", "1")
    ann.click("#invite-friends")
    ann.wait_for_selector(".waiting")
    table = table_id(ann)
    bea.goto(ann.locator("#invite-link").input_value())
    bea.fill("#join-name", "Bea")
    bea.click("#join-button")
    bea.wait_for_selector(".waiting")
    expect(ann.locator("#start-match")).to_be_enabled()
    ann.click("#start-match")
    for page in (ann, bea):
        page.wait_for_selector(OLD_GAME)
    expect(bea.locator(".old-board [data-section=matrimony] .section-name")).to_have_text("Матримониальность")
    expect(bea.locator(".old-board [data-section=game] .section-name")).to_have_text("Партия")
    leads = {"Ann": 0, "Bea": 0}
    while not old_match(server, table).is_over:
        match = old_match(server, table)
        seat = match.to_act
        if seat in (0, 1) and not match.forced:
            page, name = (ann, "Ann") if seat == 0 else (bea, "Bea")
            page.wait_for_function(TURN)
            if old_match(server, table).to_act == seat:
                lead(page, server, table, hint=False)
                leads[name] += 1
        else:
            ann.wait_for_timeout(20)
    for page in (ann, bea):
        expect(page.locator("dialog.end")).to_be_visible()
    assert leads["Ann"] + leads["Bea"] >= 1
    chips = [str(c) for c in old_match(server, table).match.chips]
    assert bea.locator("dialog.end table.old-chips tr.total td").all_text_contents() == chips
