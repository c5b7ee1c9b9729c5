"""House rules in the browser: every table option on the start page, the daifugo joker chooser, the lock badge."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from president.engine import Match

from .live import LiveServer, first_match_of
from .pages import game_state, in_languages, start_table, tap_card, wait_for_decision, wait_past

LIST_KINDS = ("ints", "card")
"""Option kinds the start page leaves to the preset (lists of numbers, a card)."""


def test_start_page_offers_every_option_grouped_and_the_table_gets_the_chosen_ones(
    page: Page, live_server: LiveServer
) -> None:
    specs: list[dict[str, Any]] = httpx.get(f"{live_server.url}api/options").json()
    page.goto(live_server.url)
    page.check("#preset-tavern-jack")
    expect(page.locator("label[for=preset-daifugo] .preset-name")).to_have_text("Daifugō")
    more = page.locator("#more-rules")
    expect(more).not_to_have_attribute("open", "")
    page.click("#more-rules summary")
    shown = {spec["name"] for spec in specs if spec["kind"] not in LIST_KINDS}
    assert len(shown) >= 20
    for spec in specs:
        control = page.locator(f'[data-option="{spec["name"]}"]')
        expect(control).to_have_count(0 if spec["kind"] in LIST_KINDS else 1)
    # Outside the collapsible section: the few common ones; inside it, each option under its group's heading.
    main = set(page.eval_on_selector_all(".house-rules > [data-option]", "els => els.map(e => e.dataset.option)"))
    assert main == {"pass_lockout", "revolution", "jokers", "max_set", "joker_in_revolution", "tie_break"}
    for spec in specs:
        if spec["name"] in shown - main:
            expect(page.locator(f'.option-group[data-group="{spec["group"]}"] [data-option="{spec["name"]}"]')) \
                .to_have_count(1)
    expect(page.locator(".option-group h3")).to_have_text(
        ["Players and leaders", "What may be played", "Cards that reverse, cut and bomb",
         "Exchange, finishing and points"])
    # tavern-jack has no joker: what needs one is greyed.
    expect(page.locator("#opt-wild_jokers")).to_be_disabled()
    expect(page.locator("#opt-run_min")).to_be_disabled()
    page.check("#opt-eight_cut")
    page.check("#opt-runs")
    expect(page.locator("#opt-run_min")).to_be_enabled()
    page.check("#opt-forbidden_finish-8")
    expect(page.locator("#more-rules summary")).to_have_text("More house rules (3)")
    page.select_option("#lang-select", "fr")
    expect(page.locator("#more-rules summary")).to_contain_text("Plus de règles maison")
    expect(page.locator("[data-option=eight_cut]")).to_have_text("Un 8 termine le pli")
    page.select_option("#lang-select", "en")
    page.fill("#player-name", "Ann")
    page.click("#play-bots")
    page.wait_for_selector(".game")
    table = page.url.split("table=")[1]
    info = httpx.get(f"{live_server.url}api/tables/{table}").json()
    # Only what differs from the preset is sent.
    assert info["rules"] == "tavern-jack"
    assert info["options"] == {"eight_cut": True, "runs": True, "forbidden_finish": ["8"]}
    rules = live_server.match(table).rules
    assert rules.eight_cut and rules.runs and rules.forbidden_finish == ("8",)


def ambiguous_joker_lead(match: Match) -> bool:
    """Seat 0 leads the first deal holding the joker and a card it may pair with it in several ways."""
    if match.to_act != 0 or match.phase != "play":
        return False
    return bool(joker_pairs(match.view(0)["legal_moves"]))


def joker_pairs(moves: list[str]) -> dict[str, list[str]]:
    """For each card that makes a pair with the joker, the moves of that pair (one per stand-in)."""
    pairs: dict[str, list[str]] = {}
    for move in moves:
        cards = move.split()
        if len(cards) == 2 and cards[1].startswith("RJ="):
            pairs.setdefault(cards[0], []).append(move)
    return {card: found for card, found in pairs.items() if len(found) > 1}


def daifugo_server_seed() -> int:
    for server_seed in range(400):
        if ambiguous_joker_lead(first_match_of(server_seed, "daifugo", 5)):
            return server_seed
    raise AssertionError("no server seed found")


def test_joker_pair_asks_what_the_joker_stands_for_and_plays_the_chosen_move(
    page: Page, server_factory: Callable[..., LiveServer]
) -> None:
    server = server_factory(seed=daifugo_server_seed())
    table = start_table(page, server, preset="daifugo")
    state = wait_for_decision(page)
    match = server.match(table)
    assert match.players == 5 and state["seat"] == "0"
    card, moves = sorted(joker_pairs(match.view(0)["legal_moves"]).items())[0]
    play = page.locator("#play-button")
    tap_card(page, card)
    tap_card(page, "RJ")
    expect(play).to_be_enabled()
    expect(page.locator(".joker-chooser")).to_have_count(0)
    play.click()
    buttons = page.locator(".joker-chooser button[data-move]")
    expect(buttons).to_have_count(len(moves))
    assert sorted(buttons.evaluate_all("els => els.map(e => e.dataset.move)")) == sorted(moves)
    chosen = moves[-1]
    stand = chosen.split("=")[1]
    symbol = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[stand[-1]]
    button = page.locator(f'.joker-chooser button[data-move="{chosen}"]')
    expect(button).to_have_text(f"Red joker = {stand[:-1]}{symbol}")
    # Cancel keeps the selection and asks again on the next Play.
    page.click("#joker-cancel")
    expect(page.locator(".joker-chooser")).to_have_count(0)
    play.click()
    seq = game_state(page)["seq"]
    button.click()
    wait_past(page, seq)
    first = server.match(table).moves[0]
    assert first[0] == 0 and str(first[1]) == chosen


def lock_position() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A daifugo view just after a play locked the trick, and the events of that play."""
    rng = random.Random(3)
    for seed in range(200):
        match = Match("daifugo", 5, seed)
        while match.to_act is not None and match.deal_number == 1:
            events = match.apply(rng.choice(match.legal_moves()))
            said = [e.to_dict(None) for e in events]
            if any(e["type"] == "lock" for e in said) and match.to_act is not None:
                return match.view(match.to_act), said
    raise AssertionError("no lock found")


def test_lock_badge_stand_ins_and_house_rule_events_are_shown(page: Page, live_server: LiveServer) -> None:
    view, events = lock_position()
    assert view["lock"]
    page.goto(live_server.url)
    page.wait_for_selector("#more-rules")
    shown = in_languages(
        page, {"seats": "seats", "ev": "events"},
        """const el = seats.centre(view, 'Ann');
           return {lock: el.querySelector('.lock-badge')?.textContent,
                   stands: el.querySelector('.stands')?.textContent || '',
                   lines: events.map((e) => ev.ruleLine(e, name)).filter(Boolean)};""",
        "[view, events]", [view, events], languages=("en", "fr"),
        after="""const joker = {...view, table: ['5h', 'RJ'], table_move: '5h RJ=5c', lock: '', eleven_back: true};
            const el = seats.centre(joker, 'Ann');
            out.joker = {stands: el.querySelector('.stands')?.textContent, lock: !!el.querySelector('.lock-badge'),
                         back: el.querySelector('.eleven-back-badge')?.textContent};
            const past = {...joker, table: ['3c', '4c', 'RJ'], table_move: '3c 4c RJ=-c', eleven_back: false};
            out.past = seats.centre(past, 'Ann').querySelector('.stands')?.textContent;
            out.played = ev.eventLine({type: 'play', seat: 2, cards: ['7c', '7d', '7h', '7s', 'RJ'],
                                       stands: {RJ: '7'}}, name);
            out.above = ev.standsText({BJ: '+s'});
            i18n.setLang('ru');
            out.ru = [ev.standText('RJ', '-c'), ev.standText('BJ', '+s'), ev.standText('RJ', 'Q'),
                      ev.standText('RJ', '5c')];
            i18n.setLang('en');
            out.cuts = ['eight', 'spade3', 'bomb'].map((cut) =>
              ev.ruleLine({type: 'trick_cleared', leader: 1, cut}, name));
            out.others = [ev.ruleLine({type: 'skip', seat: 2}, name), ev.ruleLine({type: 'fall', seat: 0}, name),
                          ev.ruleLine({type: 'out', seat: 3, place: 5, forbidden: true}, name),
                          ev.ruleLine({type: 'out', seat: 3, place: 1}, name)];""",
    )
    lock = next(e for e in events if e["type"] == "lock")
    assert shown["en"]["lock"] == f"Locked: {view['lock']}"
    assert shown["fr"]["lock"] == f"Verrouillé : {view['lock']}"
    assert f"Seat {lock['seat']} locks the trick to {lock['suits']}" in shown["en"]["lines"]
    assert f"Seat {lock['seat']} verrouille le pli sur {lock['suits']}" in shown["fr"]["lines"]
    assert shown["joker"] == {"stands": "Red joker = 5♣", "lock": False,
                              "back": "11-back: order reversed until the trick ends"}
    assert shown["past"] == "Red joker = ♣ below the 3"
    assert shown["played"] == "Seat 2: 7♣ 7♦ 7♥ 7♠ Red joker (Red joker = a fifth 7)"
    assert shown["above"] == ["Black joker = ♠ above the 2"]
    assert shown["ru"] == ["Красный джокер = ♣ ниже тройки", "Чёрный джокер = ♠ выше двойки",
                           "Красный джокер = пятая карта Q", "Красный джокер = 5♣"]
    assert shown["cuts"] == ["8-cut: Seat 1 leads", "The 3♠ beats the joker: Seat 1 leads", "Bomb! Seat 1 leads"]
    assert shown["others"] == ["Seat 2 is skipped", "Seat 0 falls from power and finishes last",
                               "Seat 3 went out on a forbidden card: placed 5th", ""]


def test_selection_module_matches_joker_moves_by_their_cards(page: Page, live_server: LiveServer) -> None:
    rng = random.Random(7)
    cases: list[dict[str, Any]] = []
    for seed in range(8):
        match = Match("daifugo", 5, seed)
        for _ in range(60):
            if match.to_act is None:
                break
            view = match.view(match.to_act)
            moves = [m for m in view["legal_moves"] if m != "pass" and not m.startswith("give ")]
            if moves:
                move = rng.choice(moves)
                cards = sorted(c.split("=")[0] for c in move.split())
                same = sorted(m for m in moves if sorted(c.split("=")[0] for c in m.split()) == cards)
                cases.append({"view": view, "selected": cards, "moves": same})
            match.apply(rng.choice(match.legal_moves()))
    assert sum(len(c["moves"]) > 1 for c in cases) >= 5
    page.goto(live_server.url)
    results = page.evaluate(
        """async (cases) => {
            const sel = await import('/js/selection.js');
            return cases.map(c => {
                const verdict = sel.assess(c.view, c.selected, {runs: true});
                return {ok: verdict.ok, moves: verdict.ok ? [...verdict.moves].sort() : [],
                        bright: c.selected.every(card => sel.brightCards(c.view, c.selected).has(card))};
            });
        }""",
        cases,
    )
    for case, got in zip(cases, results, strict=True):
        assert got == {"ok": True, "moves": case["moves"], "bright": True}, case["selected"]
