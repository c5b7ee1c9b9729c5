"""The old President (seed 000) in the browser: a whole short game against bots (a reload in the middle, its
replay stepped through at the end), one with a friend, and the open record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import BrowserContext, Page, expect

from president.old import OldMatch, card_text
from president.server.play.oldgame import OldTableMatch

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


REPLAY_STATE = """() => {
  const g = document.querySelector('.old-replay');
  const cards = (root, sel) => [...root.querySelectorAll(sel)].map((c) => c.dataset.card);
  return {
    step: Number(g.dataset.step),
    chips: [...g.querySelectorAll('.old-player .chips')].map((e) => Number(e.dataset.chips)),
    hands: [...g.querySelectorAll('.old-player')].map((p) => cards(p, '.open-hand [data-card]')),
    board: Object.fromEntries([...g.querySelectorAll('.old-board .section')].map(
      (s) => [s.dataset.section, Number(s.querySelector('.section-chips').dataset.chips)])),
    dummy: cards(g, '.dummy-open [data-card]'),
    sequence: cards(g, '.seq-card'),
    played: cards(g, '.played-open [data-card]'),
    lines: [...g.querySelectorAll('#replay-caption li')].map((li) => li.textContent),
  };
}"""


def chips_rows(page: Page) -> list[list[str]]:
    """The chips table as the page shows it (opened with C, closed again)."""
    page.keyboard.press("c")
    table = page.locator("dialog.scores table.old-chips")
    expect(table).to_be_visible()
    rows = [row.locator("th, td").all_text_contents() for row in table.locator("tbody tr").all()]
    page.keyboard.press("Escape")
    expect(table).to_have_count(0)
    return rows


def reload_keeps_the_chips_and_the_log(page: Page) -> None:
    """Reload the page mid-game: the chips table per deal and the table's log come back the same."""
    before_rows, before_log = chips_rows(page), page.locator(".old-log li").all_text_contents()
    assert len(before_rows) >= 2 and len(before_log) >= 10
    # Without the open record, each stopped sequence is one line, its cards face down.
    assert any(line.endswith(", now face down.") and " led a sequence of " in line for line in before_log)
    page.reload()
    page.wait_for_selector(OLD_GAME)
    page.wait_for_function(TURN)
    assert page.locator(".old-log li").all_text_contents() == before_log
    assert chips_rows(page) == before_rows


def step_through_replay(page: Page, server: LiveServer, match_id: int) -> None:
    """Step through the replay with the keyboard: each step shows its cards and chips, and those of the record."""
    record = httpx.get(f"{server.url}api/matches/{match_id}/record").text
    steps = httpx.get(f"{server.url}api/matches/{match_id}/steps").json()["steps"]
    # The record replayed by the engine, card by card: the chips, the board and every hand after each move.
    engine, moves = OldMatch.from_record(record)
    truth: dict[int, dict[str, Any]] = {}
    for number, (_, move) in enumerate(moves):
        engine.apply(move)
        truth[number] = {"chips": engine.chips, "board": engine.board,
                         "hands": [sorted(card_text(c) for c in engine.hand(s)) for s in range(engine.players)]}
    page.wait_for_selector(".old-replay")
    expect(page.locator("#replay-step")).to_have_text(f"Step 1 of {len(steps)}")
    compared = 0
    for i, step in enumerate(steps):
        if i:
            page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => document.querySelector('.old-replay')?.dataset.step === '{i}'")
        shown = page.evaluate(REPLAY_STATE)
        assert shown["chips"] == step["chips"] and shown["board"] == step["board"]
        assert [sorted(hand) for hand in shown["hands"]] == [sorted(hand) for hand in step["hands"]]
        assert sorted(shown["dummy"]) == sorted(step["dummy"])
        assert shown["sequence"] == [card for _, card in step["sequence"]]
        assert sorted(shown["played"]) == sorted(card for _, card in step["played"])
        assert len(shown["lines"]) == sum(1 for e in step["events"] if e["type"] not in ("stake", "deal", "deal_end"))
        if step["index"] is not None and step["phase"] in ("lead", "continue"):
            known = truth[step["index"]]
            assert shown["chips"] == known["chips"] and shown["board"] == known["board"]
            assert [sorted(hand) for hand in shown["hands"]] == known["hands"]
            compared += 1
    assert compared >= 10 and steps[-1]["phase"] == "over"
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"() => document.querySelector('.old-replay').dataset.step === '{len(steps) - 2}'")
    assert page.evaluate(REPLAY_STATE)["chips"] == steps[-2]["chips"]


def test_a_whole_old_game_against_bots_in_the_browser(page: Page, server_factory: Callable[..., LiveServer]) -> None:
    server = server_factory(seed=14)
    choose_old_game(page, server, players=3, deals=2)
    page.select_option("#bot-level", "careful")
    page.click("#play-bots")
    page.wait_for_selector(OLD_GAME)
    table = table_id(page)
    expect(page.locator(".old-board .section")).to_have_count(8)
    expect(page.locator(".old-board [data-section=matrimony] .section-name")).to_have_text("Matrimony")
    leads = 0
    reloaded = False
    while True:
        page.wait_for_function(TURN)
        if page.eval_on_selector(OLD_GAME, "el => el.dataset.phase") == "over":
            break
        match = old_match(server, table)
        view = match.view(0)
        if view["deal"] == 2 and not reloaded:
            reload_keeps_the_chips_and_the_log(page)
            reloaded = True
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
    assert reloaded
    # The packs check out against the commitments the page kept during play.
    end.locator("#verify-deals-button").click()
    checked = page.locator("dialog.verify")
    expect(checked.locator("#verify-summary")).to_have_text("Every deal is the one committed to before it was played.")
    expect(checked).to_contain_text(f"Compared with the {final.match.dealings} commitments this page saw during play.")
    page.keyboard.press("Escape")
    # The replay, from the end screen once the game is stored.
    end.locator("#replay-button").click()
    match_id = server.table(table).last_match_id
    assert match_id is not None
    step_through_replay(page, server, match_id)


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
    # The replay from the list of finished games, on the phone and in Russian.
    match_id = server.table(table).last_match_id
    bea.goto(server.url)
    link = bea.locator(f".lobby a[href='?replay={match_id}']")
    link.focus()
    bea.keyboard.press("Enter")
    bea.wait_for_selector(".old-replay")
    expect(bea.locator(".old-replay .old-board [data-section=matrimony] .section-name")).to_have_text(
        "Матримониальность")
    steps = int(bea.eval_on_selector(".old-replay", "el => el.dataset.steps"))
    expect(bea.locator("#replay-step")).to_have_text(f"Шаг 1 из {steps}")
    expect(bea.locator(".old-replay .old-player .open-hand").first.locator("[data-card]").first).to_be_visible()
    bea.locator("#replay-last").click()
    expect(bea.locator(".old-replay")).to_have_attribute("data-phase", "over")
    assert bea.locator(".old-replay .old-player .chips").evaluate_all(
        "els => els.map(e => e.dataset.chips)") == chips
    width = bea.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert width <= 0, f"the replay is {width}px wider than the phone"


def test_the_open_record_keeps_the_played_cards_face_up(page: Page,
                                                        server_factory: Callable[..., LiveServer]) -> None:
    server = server_factory(seed=21)
    choose_old_game(page, server, players=3, deals=1)
    box = page.locator("#old-open_record")
    expect(box).not_to_be_checked()
    expect(page.locator("#old-open_record-help")).to_contain_text("face down")
    box.check()
    page.click("#play-bots")
    page.wait_for_selector(OLD_GAME)
    table = table_id(page)
    assert server.table(table).settings.options["open_record"] is True
    stopped = 0
    while stopped < 2:
        page.wait_for_function(TURN)
        if page.eval_on_selector(OLD_GAME, "el => el.dataset.phase") == "over":
            break
        match = old_match(server, table).match
        played, sequence = match.played, match.view(None, open_record=False)["sequence"]
        if len(played) > len(sequence):
            # Cards of stopped sequences: turned face down by the seed's rule, face up with the open record.
            stopped += 1
            shown = page.locator(".old-sequence .seq-card").evaluate_all("els => els.map(e => e.dataset.card)")
            assert shown == [card_text(card) for _, card in played]
            expect(page.locator(".old-sequence .face-down")).to_have_count(0)
        lead(page, server, table, hint=False)
    assert stopped >= 1
    log = page.locator(".old-log li").all_text_contents()
    assert not any("face down" in line for line in log) and any(": the " in line for line in log)
