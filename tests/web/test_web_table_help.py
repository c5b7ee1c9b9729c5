"""What a player reads and hears at the table besides the cards: the log of the deal, the rules, the turn cue."""

from __future__ import annotations

from collections.abc import Callable

import httpx
from playwright.sync_api import BrowserContext, expect

from .live import LiveServer
from .pages import pile_cards, play_classic_turn, start_table, wait_for_decision

LOGGED_MOVES = "els => els.map(e => ({seat: Number(e.dataset.seat), move: e.dataset.move}))"


def test_the_log_lists_the_deal_and_keeps_the_cleared_trick_until_the_next_lead_on_a_phone_in_french(
        new_context: Callable[..., BrowserContext], live_server: LiveServer) -> None:
    page = new_context(phone=True, locale="fr-FR").new_page()
    table = start_table(page, live_server)
    panel = page.locator("#log-panel")
    expect(panel).not_to_have_attribute("open", "")
    panel.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(panel.locator(".log-list")).to_be_visible()
    expect(panel.locator(".log-title")).to_have_text("Journal")
    box = panel.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 391
    led_after_a_trick = False
    for _ in range(40):
        state = wait_for_decision(page)
        if state["phase"] == "over" or int(state["deal"]) > 1:
            break
        seat = int(state["seat"])
        history = live_server.match(table).view(seat)["history"]
        logged = page.eval_on_selector_all(".log-list li[data-move]", LOGGED_MOVES)
        assert logged == [{"seat": h["seat"], "move": h["move"]} for h in history]
        if history and not pile_cards(page):
            last_trick = page.locator("#last-trick")
            expect(last_trick).to_contain_text("Dernier pli")
            before = last_trick.inner_text()
            play_classic_turn(page, live_server, table)
            # The lead hides the cleared trick; should everyone pass at once, the new lead's trick replaces it.
            page.wait_for_function("before => { const e = document.querySelector('#last-trick');"
                                   " return e.hidden || e.offsetParent === null || e.innerText !== before; }",
                                   arg=before)
            led_after_a_trick = True
            break
        play_classic_turn(page, live_server, table)
    assert led_after_a_trick, "the seat never led after a cleared trick"
    page.reload()
    wait_for_decision(page)
    history = live_server.match(table).view(seat)["history"]
    logged = page.eval_on_selector_all(".log-list li[data-move]", LOGGED_MOVES)
    assert logged == [{"seat": h["seat"], "move": h["move"]} for h in history]


def test_the_rules_page_and_the_table_rules_say_every_setting_with_its_source_in_portuguese(
        new_context: Callable[..., BrowserContext], live_server: LiveServer) -> None:
    page = new_context(locale="pt-BR").new_page()
    presets = {p["name"]: p for p in httpx.get(f"{live_server.url}api/presets").json()}
    specs = httpx.get(f"{live_server.url}api/options").json()
    daifugo = presets["daifugo"]
    assert daifugo["sources"]
    page.goto(live_server.url)
    page.check("#preset-daifugo")
    page.click("#rules-link")
    expect(page.locator("#rules-heading")).to_contain_text("Regras")
    assert "rules=daifugo" in page.url
    rows = page.locator(".rules-view .rule")
    assert rows.count() == len(specs) + 3
    for spec in specs:
        row = page.locator(f'.rule[data-rule="{spec["name"]}"]')
        if spec["kind"] == "flag":
            expect(row.locator(".rule-value")).to_have_text("sim" if daifugo["options"][spec["name"]] else "não")
        source = daifugo["sources"].get(spec["name"])
        if source:
            expect(row.locator(".rule-source q")).to_have_text(source)
        else:
            expect(row.locator(".rule-source")).to_have_count(0)
    page.select_option("#rules-preset", "race-to-11")
    expect(page.locator('.rule[data-rule="length"] .rule-value')).to_have_text("até alguém ter 11 pontos")

    page.click("#rules-back")
    page.check("#preset-three-of-clubs")
    assert presets["three-of-clubs"]["options"]["revolution"] is False
    page.check('[data-option="revolution"] input')
    page.fill("#player-name", "Ana")
    page.click("#play-bots")
    page.wait_for_selector(".game")
    page.keyboard.press("r")
    dialog = page.locator("dialog.rules[open]")
    expect(dialog).to_contain_text("Regras")
    changed = dialog.locator(".rule.changed")
    expect(changed).to_have_count(1)
    expect(changed).to_have_attribute("data-rule", "revolution")
    expect(changed.locator(".rule-value")).to_have_text("sim")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)


FAKE_AUDIO = """() => {
  window.notes = 0;
  const param = { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} };
  const node = () => ({ connect: (to) => to, type: "", frequency: param, gain: param,
    start: () => { window.notes += 1; }, stop() {} });
  window.AudioContext = class { constructor() { this.currentTime = 0; this.state = "running"; this.destination = {}; }
    createOscillator() { return node(); } createGain() { return node(); } resume() {} };
}"""


def test_a_soft_sound_when_the_turn_comes_until_muted_and_the_mute_is_remembered(
        new_context: Callable[..., BrowserContext], live_server: LiveServer) -> None:
    page = new_context(locale="ru-RU").new_page()
    page.add_init_script(f"({FAKE_AUDIO})()")
    table = start_table(page, live_server)
    wait_for_decision(page)
    page.evaluate("window.notes = 0")
    play_classic_turn(page, live_server, table)
    state = wait_for_decision(page)
    assert state["phase"] == "over" or page.evaluate("window.notes") > 0
    button = page.locator("#sound-button")
    expect(button).to_have_attribute("aria-label", "Выключить звук своего хода")
    button.focus()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-pressed", "true")
    page.reload()
    wait_for_decision(page)
    expect(page.locator("#sound-button")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('president.sound')") == "off"
    play_classic_turn(page, live_server, table)
    wait_for_decision(page)
    assert page.evaluate("window.notes") == 0
