"""Driving the app the way a person does: the start screen, the cards of the hand, the buttons."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page

from .live import LiveServer, classic_move

GAME = ".game"


def start_table(page: Page, server: LiveServer, *, preset: str = "three-of-clubs", name: str = "Ann",
                friends: int | None = None) -> str:
    """Fill in the start screen and create a table: against the computer, or with seats for friends.

    Returns the table id (from the address the page goes to).
    """
    page.goto(server.url)
    page.check(f"#preset-{preset}")
    page.fill("#player-name", name)
    if friends is None:
        page.click("#play-bots")
        page.wait_for_selector(GAME)
    else:
        page.select_option("#friends", str(friends))
        page.click("#invite-friends")
        page.wait_for_selector(".waiting")
    return table_id(page)


def visible_box(page: Page, selector: str) -> dict[str, float]:
    """The box of the element ``selector`` finds, measured in the page in one go once it is shown.

    The table draws its bar, hand and chat anew as the bots play, so a box measured from a
    locator may belong to an element just replaced (Playwright then gives None).
    """
    handle = page.wait_for_function("""sel => {
        const r = document.querySelector(sel)?.getBoundingClientRect();
        return r && r.width > 0 && r.height > 0 ? {x: r.x, y: r.y, width: r.width, height: r.height} : null;
    }""", arg=selector)
    box: dict[str, float] = handle.json_value()
    return box


def table_id(page: Page) -> str:
    """The id of the table the page shows."""
    return parse_qs(urlparse(page.url).query)["table"][0]


def game_state(page: Page) -> dict[str, str]:
    """The data attributes of the game screen: seq, phase, to-act, seat, deal, my-turn."""
    data: dict[str, str] = page.eval_on_selector(GAME, "el => ({...el.dataset})")
    return data


def until(page: Page, condition: str, arg: object = None, timeout: float = 15000) -> Any:
    """Wait until the JavaScript function ``condition`` (given ``arg``) returns something true; returns that.

    The page checks it at once and then after each change of its document (a MutationObserver), so the wait asks
    the browser for no frames and ends as soon as the page has changed, unlike Playwright's ``wait_for_function``,
    which checks on every animation frame.
    """
    script = f"""([arg, ms]) => new Promise((resolve, reject) => {{
        const condition = {condition};
        let timer = null;
        const observer = new MutationObserver(() => check());
        const check = () => {{
            const value = condition(arg);
            if (!value) return false;
            observer.disconnect();
            clearTimeout(timer);
            resolve(value);
            return true;
        }};
        if (check()) return;
        timer = setTimeout(() => {{
            observer.disconnect();
            reject(new Error(`Timeout ${{ms}} ms exceeded waiting for ${{condition}}`));
        }}, ms);
        observer.observe(document, {{subtree: true, childList: true, attributes: true, characterData: true}});
    }})"""
    return page.evaluate(script, [arg, timeout])


LANGUAGES = ("en", "ru", "fr", "pt")


def in_languages(page: Page, modules: dict[str, str], each: str, params: str = "arg", arg: object = None,
                 after: str = "", languages: tuple[str, ...] = LANGUAGES) -> Any:
    """Run the page's own modules in each language and return what ``each`` gave in each, keyed by language.

    ``modules`` names the modules to import (``{"prompt": "prompt"}`` binds ``prompt`` to ``/js/prompt.js``);
    ``i18n`` and ``name`` (seat number to ``Seat N``) are always bound. ``each`` is the body of a function run once
    per language (it returns that language's value); ``params`` is how the script names ``arg`` (a name or a
    destructuring pattern); ``after`` runs once more in English, and may add keys to ``out``.
    """
    imports = "".join(f"const {name} = await import('/js/{module}.js');\n" for name, module in modules.items())
    script = f"""async ({params}) => {{
        {imports}
        const i18n = await import('/js/i18n.js');
        const name = (seat) => `Seat ${{seat}}`;
        const out = {{}};
        for (const lang of {list(languages)!r}) {{
          i18n.setLang(lang);
          out[lang] = (() => {{ {each} }})();
        }}
        i18n.setLang('en');
        {after}
        return out;
    }}"""
    return page.evaluate(script, arg)


def wait_for_decision(page: Page, timeout: float = 15000) -> dict[str, str]:
    """Wait until it is this page's seat to act or the match is over; returns the game state.

    The summary at the end of a deal is closed on the way, as a player would.
    """
    while True:
        state: dict[str, str] | str = until(page, """() => {
            if (document.querySelector('dialog.deal-summary[open]')) return 'summary';
            const g = document.querySelector('.game');
            return g && (g.dataset.myTurn === 'true' || g.dataset.phase === 'over') ? {...g.dataset} : null;
        }""", timeout=timeout)
        if not isinstance(state, str):
            return state
        page.click("#summary-continue")


def wait_past(page: Page, seq: str) -> None:
    """Wait until the page has seen a move after move number ``seq``."""
    until(page, "seq => document.querySelector('.game')?.dataset.seq !== seq", seq)


def hand_cards(page: Page) -> list[str]:
    """The cards of the hand in display order."""
    cards: list[str] = page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)")
    return cards


def bright_cards(page: Page) -> set[str]:
    """The cards of the hand that are not dimmed."""
    cards: list[str] = page.eval_on_selector_all(".hand .card:not(.dim)", "els => els.map(e => e.dataset.card)")
    return set(cards)


def pile_cards(page: Page) -> list[str]:
    """The cards in the centre of the table."""
    cards: list[str] = page.eval_on_selector_all(".pile:not(.ghost) .card-face",
                                                 "els => els.map(e => e.dataset.card)")
    return cards


def tap_card(page: Page, card: str) -> None:
    """Click (or tap) a card of the hand on its corner: the part of each card that the fan leaves visible."""
    corner = page.locator(f'.hand .card[data-card="{card}"] .corner').first
    if (page.viewport_size or {"width": 1280})["width"] < 500:
        corner.tap()
    else:
        corner.click()


def play_move(page: Page, move: str) -> None:
    """Make ``move`` through the page: select its cards and press Play (or Give), or press Pass."""
    seq = game_state(page)["seq"]
    if move == "pass":
        page.click("#pass-button")
    else:
        for card in move.removeprefix("give ").split():
            tap_card(page, card)
        page.click("#play-button")
    wait_past(page, seq)


def play_classic_turn(page: Page, server: LiveServer, table: str) -> str:
    """Make the classic computer player's move for the page's seat, through the page; returns it."""
    state = game_state(page)
    seat = int(state["seat"])
    move = classic_move(server.match(table), seat)
    play_move(page, move)
    return move


def play_until_deal(page: Page, server: LiveServer, table: str, deal: int) -> dict[str, str]:
    """Play the page's seat with the classic player until deal ``deal`` has begun and the seat has a decision."""
    while True:
        state = wait_for_decision(page)
        if int(state["deal"]) >= deal or state["phase"] == "over":
            return state
        play_classic_turn(page, server, table)
