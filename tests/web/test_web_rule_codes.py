"""Rule sets people share, in the browser: the code of the rules chosen, links that open them, "my rules", the
differences before sitting down, the rule set's page with its balance, and what a house rule did."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import httpx
from playwright.sync_api import BrowserContext, Page, expect

from president.balance import SHIPPED

from .live import LiveServer
from .pages import game_state, play_classic_turn, table_id, wait_for_decision


def test_the_start_page_shows_the_code_of_the_rules_chosen_and_the_table_gets_that_code(
    page: Page, live_server: LiveServer
) -> None:
    page.goto(live_server.url)
    page.check("#preset-tavern-jack")
    expect(page.locator("#rules-code-link")).to_have_text("r1.tavern-jack")
    page.click("#more-rules summary")
    page.check("#opt-eight_cut")
    page.check("#opt-forbidden_finish-8")
    page.select_option("#match-deals", "3")
    code = "r1.tavern-jack.deals~3.eight_cut.forbidden_finish~8"
    expect(page.locator("#rules-code-link")).to_have_text(code)
    page.fill("#player-name", "Ann")
    page.click("#play-bots")
    page.wait_for_selector(".game")
    info = httpx.get(f"{live_server.url}api/tables/{table_id(page)}").json()
    assert info["code"] == code


def test_a_shared_link_sets_the_form_to_its_rules(page: Page, live_server: LiveServer) -> None:
    page.goto(f"{live_server.url}?play=R1.Daifugo.eight_cut~0.jokers~2")
    expect(page.locator("#shared-note")).to_have_text("Rules from a shared link: r1.daifugo.eight_cut~0.jokers~2")
    expect(page.locator("#preset-daifugo")).to_be_checked()
    expect(page.locator("#opt-eight_cut")).not_to_be_checked()
    expect(page.locator("#opt-jokers")).to_have_value("2")
    expect(page.locator("#rules-code-link")).to_have_text("r1.daifugo.eight_cut~0.jokers~2")


def test_a_shared_link_opens_a_table_with_its_rules_for_a_player_whose_name_is_known(
    page: Page, live_server: LiveServer
) -> None:
    page.goto(live_server.url)
    page.evaluate("localStorage.setItem('president.name', JSON.stringify('Ann'))")
    page.goto(f"{live_server.url}?play=r1.tavern-jack.deals~2.eight_cut")
    page.wait_for_selector(".game")
    info = httpx.get(f"{live_server.url}api/tables/{table_id(page)}").json()
    assert info["code"] == "r1.tavern-jack.deals~2.eight_cut"
    assert "play=" not in page.url  # the link is replaced by the table: going back makes no second table


def test_a_guest_keeps_my_rules_in_the_browser_and_takes_them_back(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url)
    page.check("#preset-revolution")
    expect(page.locator("#use-my-rules")).to_be_disabled()
    page.click("#more-rules summary")
    page.check("#opt-eleven_back")
    page.click("#save-my-rules")
    expect(page.locator("#toast")).to_have_text("Saved as your rules")
    assert page.evaluate("localStorage.getItem('president.myRules')") == "r1.revolution.eleven_back"
    page.reload()
    page.check("#preset-three-of-clubs")
    expect(page.locator("#rules-code-link")).to_have_text("r1.three-of-clubs")
    page.click("#use-my-rules")
    expect(page.locator("#preset-revolution")).to_be_checked()
    expect(page.locator("#rules-code-link")).to_have_text("r1.revolution.eleven_back")


def test_a_rule_sets_page_lists_its_changes_in_words_then_every_setting(page: Page, live_server: LiveServer) -> None:
    page.goto(f"{live_server.url}?rules=r1.tavern-jack.eight_cut.jokers~1")
    changes = page.locator("#rule-changes li")
    expect(changes).to_have_count(2)
    expect(page.locator('#rule-changes li[data-option="eight_cut"]')).to_have_text(
        "An 8 ends the trick (8-cut): yes (instead of no)")
    expect(page.locator("#rules-preset-line")).to_have_text("Preset: Tavern Jack")
    # The plain words come first, the table of every setting after them.
    assert page.evaluate("""() => {
        const plain = document.querySelector('#rule-changes'), table = document.querySelector('.rules-view');
        return !!(plain.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING);
    }""")
    expect(page.locator('.rules-view [data-rule="eight_cut"].changed')).to_have_count(1)
    expect(page.locator("#balance-measure")).to_be_visible()
    page.select_option("#lang-select", "fr")
    expect(page.locator('#rule-changes li[data-option="eight_cut"]')).to_contain_text("au lieu de")
    page.select_option("#lang-select", "en")
    page.click("#rules-play")
    expect(page.locator("#shared-note")).to_contain_text("r1.tavern-jack.eight_cut.jokers~1")


def test_a_presets_page_shows_its_shipped_balance_and_a_bad_code_says_what_is_wrong(
    page: Page, live_server: LiveServer
) -> None:
    shipped = {f["code"]: f for f in json.loads(SHIPPED.read_text()).values()}["r1.daifugo"]
    page.goto(f"{live_server.url}?rules=daifugo")
    expect(page.locator('[data-figure="president_keeps"]')).to_have_text(f"{round(shipped['president_keeps'] * 100)} %")
    expect(page.locator('[data-figure="deal_moves"]')).to_have_text(f"{shipped['deal_moves']:.1f}")
    expect(page.locator("#rule-changes")).to_have_count(0)  # how a deal goes is a preset's plain words
    page.goto(f"{live_server.url}?rules=r1.daifugo.jokers~9")
    expect(page.locator("#rules-error")).to_contain_text("part 3 'jokers~9'")


def test_joining_a_table_with_other_rules_shows_only_the_differences_first(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    ann = new_context().new_page()
    ann.goto(live_server.url)
    ann.check("#preset-tavern-jack")
    ann.click("#more-rules summary")
    ann.check("#opt-eight_cut")
    ann.fill("#player-name", "Ann")
    ann.select_option("#friends", "1")
    ann.click("#invite-friends")
    ann.wait_for_selector(".waiting")
    invite = ann.locator("#invite-link").input_value()
    for choice in ("#diff-not-now", "#diff-sit"):
        bea = new_context(locale="pt-BR").new_page()
        bea.goto(live_server.url)
        bea.evaluate("localStorage.setItem('president.myRules', 'r1.tavern-jack.eleven_back')")
        bea.goto(invite)
        bea.fill("#join-name", "Bea")
        bea.click("#join-button")
        items = bea.locator("#differences-list li")
        expect(items).to_have_count(2)
        expect(bea.locator('#differences-list li[data-option="eight_cut"]')).to_contain_text("(suas regras:")
        expect(bea.locator('#differences-list li[data-option="eleven_back"]')).to_be_visible()
        bea.click(choice)
        if choice == "#diff-not-now":
            bea.wait_for_selector(".start")
            info = httpx.get(f"{live_server.url}api/tables/{table_id(ann)}").json()
            assert [s["kind"] for s in info["seats"]].count("open") == 1
        else:
            bea.wait_for_selector(".waiting")
            info = httpx.get(f"{live_server.url}api/tables/{table_id(ann)}").json()
            assert "Bea" in [s["name"] for s in info["seats"]]


def test_a_house_rule_says_what_it_did_the_first_time_in_a_deal(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url)
    page.check("#preset-tavern-jack")
    page.click("#more-rules summary")
    page.check("#opt-eight_cut")
    page.select_option("#match-deals", "1")
    page.fill("#player-name", "Ann")
    page.click("#play-bots")
    page.wait_for_selector(".game")
    table = table_id(page)
    note = page.locator('#why-note [data-option="eight_cut"]')
    while not note.count():
        state = wait_for_decision(page)
        if note.count():
            break
        assert state["phase"] != "over", "no 8 was played in the deal"
        play_classic_turn(page, live_server, table)
    expect(note).to_contain_text(re.compile(r"^8-cut: the 8 ends the trick; .+ leads again\."))
    link = note.locator("a.why-link")
    expect(link).to_have_text("About this rule")
    href = link.get_attribute("href") or ""
    assert href == "?rules=r1.tavern-jack.deals~1.eight_cut#rule-eight_cut"
    assert game_state(page)["deal"] == "1"
    page.goto(f"{live_server.url}{href}")
    expect(page.locator("#rule-eight_cut")).to_be_visible()
