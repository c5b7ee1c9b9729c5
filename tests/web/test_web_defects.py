"""The defects of issue 15 that a new player notices in the first five minutes, each seen through the page."""

from __future__ import annotations

import random
from collections.abc import Callable

import httpx
from playwright.sync_api import BrowserContext, Page, expect

from president.engine import Match
from president.players import make_bot

from .live import LiveServer, play_deal_one
from .pages import game_state, play_classic_turn, start_table, wait_for_decision

# Every 50 ms: the cards of the hand that are not fully visible, or whose corner is not what a click there hits.
SAMPLE_HAND = """() => {
  window.handSamples = [];
  setInterval(() => {
    const game = document.querySelector('.game');
    if (!game) return;
    const hidden = [...document.querySelectorAll('.hand .card')].filter((card) => {
      const box = card.querySelector('.corner').getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return Number(getComputedStyle(card).opacity) < 0.99 || !card.contains(hit);
    }).map((card) => card.dataset.card);
    window.handSamples.push({ seq: Number(game.dataset.seq), cards: document.querySelectorAll('.hand .card').length,
      hidden });
  }, 50);
}"""


def test_the_cards_of_the_hand_stay_visible_and_clickable_while_the_bots_play(
        new_context: Callable[..., BrowserContext], server_factory: Callable[..., LiveServer]) -> None:
    server = server_factory(seed=5, bot_delay=0.5)
    page = new_context(motion=True).new_page()
    page.add_init_script(f"({SAMPLE_HAND})()")
    table = start_table(page, server)
    while int(game_state(page)["seq"]) < 8:
        state = wait_for_decision(page)
        if int(state["seq"]) >= 8:
            break
        play_classic_turn(page, server, table)
    samples = page.evaluate("window.handSamples")
    # The fly-in of a new hand is over once three moves have been made; from then on every card shows.
    later = [s for s in samples if s["seq"] >= 3 and s["cards"]]
    assert later, "no sample after the first moves"
    assert [s for s in later if s["hidden"]] == []


def deal_two_exchange(rules: str, players: int, seed: int) -> Match:
    """A match whose first deal classic players played out: deal 2 in its exchange."""
    match = play_deal_one(Match(rules, players, seed))
    assert match.phase == "exchange"
    return match


def test_computer_levels_and_prompts_follow_the_language_and_the_rules(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url)
    first = Match("three-of-clubs", 4, 11)
    leader = first.to_act
    assert leader is not None
    runs = Match("daifugo", 5, 11)
    got = page.evaluate(
        """async ([view, runsView]) => {
            const seats = await import('/js/seats.js');
            const prompt = await import('/js/prompt.js');
            const i18n = await import('/js/i18n.js');
            const list = await (await fetch('/api/presets')).json();
            const presets = Object.fromEntries(list.map(p => [p.name, p.options]));
            const out = {};
            for (const lang of ['en', 'ru', 'fr', 'pt']) {
              i18n.setLang(lang);
              const panel = seats.seatPanel(view, {kind: 'bot', bot: 'classic'}, 1, 1, 4, 'Computer 2', null);
              out[lang] = {level: panel.querySelector('.seat-status').textContent,
                           lead: prompt.leadPrompt(view, presets['three-of-clubs'])};
            }
            i18n.setLang('en');
            out.runs = prompt.leadPrompt(runsView, presets['daifugo']);
            return out;
        }""",
        [first.view(leader), runs.view(runs.to_act or 0)],
    )
    assert [got[lang]["level"] for lang in ("en", "ru", "fr", "pt")] == ["classic", "классический", "classique",
                                                                        "clássico"]
    # Three-of-clubs forbids four of a kind and makes the first lead hold the 3♣.
    assert got["en"]["lead"] == "You lead: play 1 to 3 cards of one rank. Your lead must contain the 3♣."
    for lang in ("ru", "fr", "pt"):
        assert "3♣" in got[lang]["lead"] and "3" in got[lang]["lead"].split("3♣")[0]
    assert "run of 3 or more cards of one suit" in got["runs"]


def test_the_exchange_says_what_was_taken_and_offers_give_only_to_who_gives(page: Page,
                                                                           live_server: LiveServer) -> None:
    page.goto(live_server.url)
    match = deal_two_exchange("tavern-jack", 4, 3)
    order = match.deal_results[0].order
    president, vice_beggar, beggar = order[0], order[2], order[3]
    got = page.evaluate(
        """async (views) => {
            const prompt = await import('/js/prompt.js');
            return views.map(([v, myTurn]) => ({button: prompt.playButton(v, myTurn), taken: prompt.takenCards(v)}));
        }""",
        [[match.view(vice_beggar), False], [match.view(beggar), False], [match.view(president), True]],
    )
    assert got[0]["button"] is None
    assert got[1]["button"] is None and got[1]["taken"] == match.view(beggar)["given"] != []
    assert got[2] == {"button": "give", "taken": []}


def test_last_actions_and_green_outlines_after_the_trick_and_the_match(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url)
    match = Match("three-of-clubs", 4, 11)
    bot = make_bot("classic")
    rng = random.Random(0)
    # Play until a trick is cleared after a pass: the pass belongs to the cleared trick.
    while True:
        seat = match.to_act
        assert seat is not None
        match.apply(bot.choose(match.seat_view(seat), rng))
        view = match.view(0)
        if not view["table"] and any(e["move"] == "pass" for e in view["history"]):
            break
    passer = next(e["seat"] for e in reversed(view["history"]) if e["move"] == "pass")
    exchange = deal_two_exchange("three-of-clubs", 4, 11)
    over = {**exchange.view(0), "phase": "over"}
    got = page.evaluate(
        """async ([view, passer, over]) => {
            const seats = await import('/js/seats.js');
            const prompt = await import('/js/prompt.js');
            const { HandView } = await import('/js/hand.js');
            const hand = new HandView(() => {});
            document.body.append(hand.el);
            hand.update({cards: ['3c', '7h'], selected: [], bright: new Set(['3c']), received: new Set(['7h']),
                         interactive: true});
            const dim = hand.el.querySelector('[data-card="7h"]');
            return {pass: seats.lastActionText(view, passer), over: [...prompt.receivedCards(over)],
                    dimFilter: getComputedStyle(dim).filter, dimShadow: getComputedStyle(dim).boxShadow};
        }""",
        [view, passer, over],
    )
    assert got["pass"] == ""
    assert got["over"] == []
    # A received card that is dimmed keeps its bright green outline: only the face is darkened.
    assert got["dimFilter"] == "none" and "57, 211, 83" in got["dimShadow"]


def test_number_keys_move_the_focus_with_the_selection(page: Page, live_server: LiveServer) -> None:
    start_table(page, live_server)
    wait_for_decision(page)
    page.keyboard.press("3")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.index") == "4"


def test_the_stand_in_says_what_it_played_when_the_timer_runs_out(page: Page, live_server: LiveServer) -> None:
    made = httpx.post(f"{live_server.url}api/tables", json={
        "rules": "three-of-clubs", "players": 4, "seats": [None, "classic", "classic", "classic"], "name": "Ann",
        "turn_seconds": 0.5}).json()
    table = made["table"]["id"]
    page.goto(live_server.url)
    page.evaluate("""([table, token]) => {
        localStorage.setItem(`president.seat.${table}`, JSON.stringify({token, seat: 0, name: 'Ann'}));
        sessionStorage.setItem(`president.autostart.${table}`, '1');
    }""", [table, made["token"]])
    page.goto(f"{live_server.url}?table={table}")
    expect(page.locator("#toast")).to_contain_text("Time ran out: the computer")


def test_the_start_page_on_a_phone(new_context: Callable[..., BrowserContext], live_server: LiveServer) -> None:
    page = new_context(phone=True).new_page()
    page.goto(live_server.url, wait_until="networkidle")  # the lobby has come: no later drawing replaces the button
    page.check("#preset-three-of-clubs")
    play = page.locator("#play-bots")
    box = play.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844
    assert page.locator("select").filter(has=page.locator('option[value="ru"]')).count() == 1
    expect(page.locator("#bots-note")).to_have_text("You and 3 computer players. The match lasts 5 deals.")
    page.fill("#player-name", "")
    play.tap()
    expect(page.locator("#name-error")).to_have_text("Please enter your name.")
    expect(page.locator("#player-name")).to_be_focused()
    assert "Base profile" not in page.locator(".presets").inner_text()


def test_a_deal_ends_with_a_summary_of_places_points_and_the_exchange(page: Page, live_server: LiveServer) -> None:
    table = start_table(page, live_server)
    summary = page.locator("dialog.deal-summary")
    while not summary.count():
        state = game_state(page)
        assert state["deal"] == "1", "deal 2 began without a summary"
        if state["myTurn"] == "true":
            play_classic_turn(page, live_server, table)
        page.wait_for_function(
            "() => document.querySelector('dialog.deal-summary') || document.querySelector('.game').dataset.myTurn"
            " === 'true'")
    result = live_server.match(table).deal_results[0]
    names = ["Ann", "Computer 2", "Computer 3", "Computer 4"]
    rows = summary.locator("tbody tr")
    assert [rows.nth(i).locator("td").nth(1).inner_text() for i in range(4)] == [names[s] for s in result.order]
    assert [rows.nth(i).locator("td").nth(3).inner_text() for i in range(4)] == [
        str(result.points[s]) for s in result.order]
    expect(summary.locator(".exchange-list li").first).to_have_text(
        f"{names[result.order[3]]} gives 2 cards to {names[result.order[0]]}, who gives 2 back.")
    expect(summary.locator("#summary-continue")).to_be_focused()
    expect(summary.locator(".next-deal")).to_have_text("Deal 2 is under way: close this summary to play on.")
    expect(summary.locator(".countdown")).to_have_count(0)
    page.keyboard.press("Enter")
    expect(summary).to_have_count(0)
