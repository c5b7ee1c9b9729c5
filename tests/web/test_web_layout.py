"""Issue 34, the browser's third pass: the table at every screen size, in every language.

Each test names the screen size and the language it looks at; the sizes are those a player tried: 1280×800,
1366×768, 1920×1080 and a 390×844 phone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from websockets.sync.client import connect

import president
from president.server.errors import ERROR_CODES

from .axe import violations
from .conftest import open_context
from .live import LiveServer
from .pages import game_state, play_classic_turn, start_table, visible_box, wait_for_decision
from .test_web_replay import finish_a_table

# The left edge of every cell of a table, row by row (header rows included), rounded to the pixel.
CELL_LEFTS = """table => [...table.rows].map(row => [...row.cells].map(
    cell => Math.round(cell.getBoundingClientRect().left)))"""


@pytest.fixture
def sized(browser: Browser) -> Callable[..., Page]:
    """Open pages of a given screen size and language (a phone has touch); closed after the test."""
    contexts: list[BrowserContext] = []

    def make(width: int, height: int, locale: str = "en-US", motion: bool = False) -> Page:
        context = open_context(browser, {"width": width, "height": height}, locale, motion)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def play_to_the_summary(page: Page, server: LiveServer, table: str) -> Locator:
    """Play the page's seat with the classic player until the summary of deal 1 opens; returns the dialog."""
    summary = page.locator("dialog.deal-summary")
    while not summary.count():
        assert game_state(page)["deal"] == "1", "deal 2 began without a summary"
        if game_state(page)["myTurn"] == "true":
            play_classic_turn(page, server, table)
        page.wait_for_function(
            "() => document.querySelector('dialog.deal-summary') || document.querySelector('.game').dataset.myTurn"
            " === 'true'")
    return summary


def open_finished_table(page: Page, server: LiveServer, table: str, token: str) -> Locator:
    """Open a finished table as its seat 0 (Ann); returns the end screen."""
    page.goto(server.url)
    page.evaluate("([key, entry]) => localStorage.setItem(key, entry)",
                  [f"president.seat.{table}", json.dumps({"token": token, "seat": 0, "name": "Ann"})])
    page.goto(f"{server.url}?table={table}")
    end = page.locator("dialog.end")
    expect(end).to_be_visible()
    return end


def assert_columns_line_up(table: Locator) -> None:
    """Every cell of the table starts where the cell above it starts: no row is laid out on its own."""
    rows: list[list[int]] = table.evaluate(CELL_LEFTS)
    assert len(rows) >= 2
    for row in rows[1:]:
        assert row == rows[0], f"a row's cells start at {row}, the headings at {rows[0]}"


# ---------------------------------------------------------------- defect 1: your own row in the score tables

def test_my_row_of_the_deal_summary_lines_up_at_1280x800_in_english(sized: Callable[..., Page],
                                                                   live_server: LiveServer) -> None:
    page = sized(1280, 800)
    table = start_table(page, live_server)
    summary = play_to_the_summary(page, live_server, table)
    mine = summary.locator("tbody tr.me")
    expect(mine).to_have_count(1)
    assert mine.evaluate("row => getComputedStyle(row).display") == "table-row"
    assert_columns_line_up(summary.locator("table.scores"))
    assert violations(page) == []


def test_my_column_of_the_end_screen_lines_up_at_1280x800_in_english(sized: Callable[..., Page],
                                                                    live_server: LiveServer) -> None:
    table, token, _match = finish_a_table(live_server)
    page = sized(1280, 800)
    end = open_finished_table(page, live_server, table, token)
    scores = end.locator("table.scores")
    assert scores.locator("th.me").evaluate("cell => getComputedStyle(cell).display") == "table-cell"
    assert_columns_line_up(scores)


# ---------------------------------------------------------------- defects 2 and 3: the felt at desktop sizes

# What covers what in the centre of the table: each seat panel against each thing shown in the centre.
CENTRE_COVERED = """() => {
  const box = (el) => el.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const centre = [...document.querySelectorAll('.felt .badges > *, .felt .pile:not(.ghost) .card-face, '
    + '.felt .stands, .felt .pile-slot')];
  const out = [];
  for (const panel of document.querySelectorAll('.felt .seat-panel')) {
    for (const el of centre) {
      if (meets(box(panel), box(el))) out.push(`${panel.dataset.seat}: ${el.className.baseVal ?? el.className}`);
    }
  }
  return out;
}"""

# Where the table and the hand are on the screen, and how tall the page is.
PLACES = """() => {
  const rect = (sel) => { const r = document.querySelector(sel)?.getBoundingClientRect();
    return r ? [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)] : null; };
  return {felt: rect('.felt'), hand: rect('.hand'), page: document.documentElement.scrollHeight,
          screen: innerHeight, summary: rect('#log-panel summary')[3]};
}"""


def create_table(server: LiveServer, rules: str, players: int, **settings: object) -> tuple[str, str]:
    """Create a table for Ann (seat 0) and computer players over the API: its id and Ann's seat token."""
    made = httpx.post(f"{server.url}api/tables", json={
        "rules": rules, "players": players, "seats": [None] + ["classic"] * (players - 1), "name": "Ann",
        **settings}).json()
    return str(made["table"]["id"]), str(made["token"])


def sit_at(page: Page, server: LiveServer, table: str, token: str) -> None:
    """Open a created table as its seat 0 (Ann) and start the match."""
    page.goto(server.url)
    page.evaluate("""([table, token]) => {
        localStorage.setItem(`president.seat.${table}`, JSON.stringify({token, seat: 0, name: 'Ann'}));
        sessionStorage.setItem(`president.autostart.${table}`, '1');
    }""", [table, token])
    page.goto(f"{server.url}?table={table}")
    page.wait_for_selector(".game")


def my_decisions(page: Page, server: LiveServer, table: str, count: int) -> Iterator[int]:
    """Play the page's seat with the classic player for ``count`` decisions, yielding before each one."""
    for n in range(count):
        state = wait_for_decision(page)
        if state["phase"] == "over":
            return
        yield n
        play_classic_turn(page, server, table)


def test_no_seat_covers_the_centre_at_1280x800_in_english(sized: Callable[..., Page],
                                                         live_server: LiveServer) -> None:
    table, token = create_table(live_server, "daifugo", 4, deals=1, options={"eleven_back": True})
    page = sized(1280, 800)
    sit_at(page, live_server, table, token)
    watcher = sized(1280, 800)
    watcher.goto(f"{live_server.url}?table={table}")
    watcher.click("#watch-button")
    watcher.wait_for_selector(".game.spectating")
    badges = 0
    for _ in my_decisions(page, live_server, table, 14):
        assert page.evaluate(CENTRE_COVERED) == []
        watcher.wait_for_function("seq => document.querySelector('.game')?.dataset.seq === seq",
                                  arg=game_state(page)["seq"])
        assert watcher.evaluate(CENTRE_COVERED) == []
        badges += page.locator(".felt .badges > *").count()
    assert badges, "no badge was shown in the centre: the test saw none of what it checks"


@pytest.mark.parametrize("width,height", [(1280, 800), (1366, 768)])
def test_nothing_on_the_table_moves_as_the_log_grows_in_english(width: int, height: int, sized: Callable[..., Page],
                                                                live_server: LiveServer) -> None:
    page = sized(width, height)
    table = start_table(page, live_server)
    seen = []
    for _ in my_decisions(page, live_server, table, 12):
        seen.append(page.evaluate(PLACES))
    assert len(seen) >= 8
    first = seen[0]
    for places in seen:
        assert places["felt"] == first["felt"] and places["hand"] == first["hand"], places
        assert places["page"] <= places["screen"], "the page scrolls"
    _left, top, _width, tall = first["hand"]
    assert top + tall <= height


# ---------------------------------------------------------------- defect 4: the 1800s game's face-down lines

def test_the_old_games_face_down_lines_are_filled_in_at_1280x800_in_four_languages(
        sized: Callable[..., Page], live_server: LiveServer) -> None:
    page = sized(1280, 800)
    page.goto(live_server.url)
    # Bo (seat 1) leads a sequence of three cards that stops: the log shows it as one face-down line.
    events = [{"type": "play", "seat": 1, "card": "7h", "lead": True}, {"type": "play", "seat": 2, "card": "8h"},
              {"type": "play", "seat": 0, "card": "9h"}, {"type": "sequence_end", "seat": 0, "reason": "dummy",
                                                            "card": "10h", "next": "10h"}]
    got = page.evaluate("""async (events) => {
        const old = await import('/js/old.js');
        const i18n = await import('/js/i18n.js');
        const out = {};
        for (const lang of ['en', 'ru', 'fr', 'pt']) {
          i18n.setLang(lang);
          out[lang] = {log: old.oldEventLines(old.faceDownLog(events), (seat) => ['Ann', 'Bo', 'Cy'][seat])[0],
                       board: i18n.t('old.faceDown', {n: 12})};
        }
        return out;
    }""", events)
    for lang, lines in got.items():
        assert "{" not in lines["log"] and "Bo" in lines["log"] and "3" in lines["log"], (lang, lines)
        assert "{" not in lines["board"] and "12" in lines["board"] and "Bo" not in lines["board"], (lang, lines)
    assert got["en"] == {"log": "Bo led a sequence of 3, now face down.",
                         "board": "12 cards played this deal lie face down"}


# ---------------------------------------------------------------- defects 5 and 6: wide things on a phone

def finish_an_old_game(server: LiveServer) -> int:
    """A one-deal game of the old President, Ann against two careful bots, played over the WebSocket: its id."""
    made = httpx.post(f"{server.url}api/tables", json={
        "game": "old-president", "players": 3, "seats": [None, "careful", "careful"], "name": "Ann",
        "deals": 1}).json()
    with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:
        ws.send(json.dumps({"type": "hello", "table": made["table"]["id"], "token": made["token"]}))
        ws.send(json.dumps({"type": "start"}))
        while True:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] == "table" and message["table"]["match_id"]:
                return int(message["table"]["match_id"])
            view = message.get("view")
            if view and view["to_act"] == 0 and view["phase"] == "lead" and "seq" in message:
                ws.send(json.dumps({"type": "move", "move": view["hand"][0], "seq": message["seq"]}))


def test_the_replay_button_of_an_old_game_is_on_screen_on_a_390x844_phone_in_english(
        sized: Callable[..., Page], live_server: LiveServer) -> None:
    match_id = finish_an_old_game(live_server)
    page = sized(390, 844)
    page.goto(live_server.url)
    replay = page.locator(f'.lobby a[href="?replay={match_id}"]')
    expect(replay).to_be_visible()
    expect(replay.locator("xpath=..")).to_contain_text("President, the 1800s staking game")
    box = replay.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


# How far a dialog's table reaches past the right edge of what its frame shows (0 when every column is seen).
HIDDEN_WIDTH = """wrap => {
  const table = wrap.querySelector('table');
  const frame = wrap.getBoundingClientRect(), dialog = wrap.closest('dialog').getBoundingClientRect();
  const right = Math.min(frame.right, dialog.right, innerWidth);
  return Math.max(0, Math.round(table.getBoundingClientRect().right - right), wrap.scrollWidth - wrap.clientWidth);
}"""


def test_the_five_player_end_screen_shows_every_column_on_a_390x844_phone_in_russian(
        sized: Callable[..., Page], live_server: LiveServer) -> None:
    table, token, _match = finish_a_table(live_server, "tavern-jack", 5)
    page = sized(390, 844, "ru-RU")
    end = open_finished_table(page, live_server, table, token)
    expect(end.locator("table.scores thead th")).to_have_count(6)
    assert end.locator(".score-wrap").evaluate(HIDDEN_WIDTH) == 0
    assert end.locator("td.winner").count() >= 1


def test_the_accuracy_table_shows_every_column_on_a_390x844_phone_in_portuguese(
        sized: Callable[..., Page], live_server: LiveServer) -> None:
    page = sized(390, 844, "pt-BR")
    page.goto(live_server.url)
    # An analysis of a five-deal match of five players, as the server sends it: the widest table it makes.
    decisions = [{"deal": deal, "seat": seat, "verdict": None} for deal in range(1, 6) for seat in range(5)]
    summary = [{"seat": seat, "accuracy": 0.875, "by_deal": {str(d): 0.9 for d in range(1, 6)}, "blunder": 1,
                "mistake": 2, "inaccuracy": 3} for seat in range(5)]
    page.evaluate("""async (analysis) => {
        const { accuracyTable } = await import('/js/analysis.js');
        const { openDialog } = await import('/js/ui.js');
        const names = ['Ann', 'Computador 2', 'Computador 3', 'Computador 4', 'Computador 5'];
        openDialog('accuracy', 'Precisão', accuracyTable(analysis, names));
    }""", {"decisions": decisions, "summary": summary})
    wrap = page.locator("dialog.accuracy .accuracy-wrap")
    expect(wrap.locator("thead th")).to_have_count(1 + 5 + 2)
    # The match's accuracy and the marks are seen; the deals may scroll, and then a line says so.
    for cell in ("match-accuracy", "marks"):
        for box in wrap.locator(f"td.{cell}").evaluate_all("els => els.map(e => e.getBoundingClientRect().right)"):
            assert box <= wrap.evaluate("el => el.getBoundingClientRect().right") + 0.5
    if wrap.evaluate(HIDDEN_WIDTH):
        expect(page.locator("dialog.accuracy .scroll-hint")).to_be_visible()
        expect(page.locator("dialog.accuracy .scroll-hint")).to_contain_text("Deslize")
    else:
        expect(page.locator("dialog.accuracy .scroll-hint")).to_be_hidden()


# ---------------------------------------------------------------- defect 7: the server's refusals, translated

def test_every_error_code_of_the_protocol_reads_in_each_language_at_1280x800(sized: Callable[..., Page],
                                                                            live_server: LiveServer) -> None:
    page = sized(1280, 800)
    page.goto(live_server.url)
    codes = dict(ERROR_CODES)
    got = page.evaluate("""async (codes) => {
        const i18n = await import('/js/i18n.js');
        const out = {};
        for (const lang of ['en', 'ru', 'fr', 'pt']) {
          i18n.setLang(lang);
          out[lang] = Object.fromEntries(Object.entries(codes).map(([code, message]) =>
            [code, i18n.errorText({code, message})]));
        }
        return out;
    }""", codes)
    for lang in ("ru", "fr", "pt"):
        for code, message in codes.items():
            assert got[lang][code] not in (message, "", got["en"][code]), (lang, code)
    assert got["en"] == codes


def test_a_portuguese_guest_reads_in_portuguese_that_a_name_is_an_accounts_at_1280x800(
        sized: Callable[..., Page], live_server: LiveServer) -> None:
    assert httpx.post(f"{live_server.url}api/accounts", json={"name": "Duda", "password": "senha-secreta"}
                      ).status_code == 201
    made = httpx.post(f"{live_server.url}api/tables", json={
        "rules": "three-of-clubs", "players": 4, "seats": [None, None, "classic", "classic"], "name": "Ann"}).json()
    page = sized(1280, 800, "pt-BR")
    page.goto(f"{live_server.url}?table={made['table']['id']}")
    page.fill("#join-name", "Duda")
    page.click("#join-button")
    expect(page.locator("#toast")).to_have_text(
        "Este nome pertence a uma conta: entre para jogar com ele, ou escolha outro.")


# ---------------------------------------------------------------- defect 9: computer players' names on a phone

NAMES_CUT = """() => [...document.querySelectorAll('.seat-panel .name')]
  .filter(el => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > innerWidth)
  .map(el => el.textContent)"""


@pytest.mark.parametrize("locale,players", [("ru-RU", 6), ("pt-BR", 4)])
def test_the_computer_players_names_are_whole_on_a_390x844_phone_in_russian_and_portuguese(
        locale: str, players: int, sized: Callable[..., Page], live_server: LiveServer) -> None:
    table, token = create_table(live_server, "tavern-jack", players)
    page = sized(390, 844, locale)
    sit_at(page, live_server, table, token)
    names = page.locator(".seat-panel .name")
    expect(names).to_have_count(players - 1)
    shown = names.all_inner_texts()
    assert len(set(shown)) == players - 1, f"two seats look alike: {shown}"
    assert page.evaluate(NAMES_CUT) == []
    # Each computer player's level shows under its name, at six seats too.
    levels = page.locator(".seat-panel .seat-status")
    expect(levels).to_have_count(players - 1)
    assert set(levels.all_inner_texts()) == {"классический" if locale == "ru-RU" else "clássico"}


# ---------------------------------------------------------------- defect 10: icons that need no emoji font

def test_the_sound_button_draws_its_icon_and_is_named_at_1280x800_in_english(sized: Callable[..., Page],
                                                                             live_server: LiveServer) -> None:
    page = sized(1280, 800)
    start_table(page, live_server)
    button = page.get_by_role("button", name="Mute the sound of your turn")
    expect(button).to_be_visible()
    # What the button shows is a drawing of its own, no character a font must hold.
    assert button.evaluate("b => [...b.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('')"
                           ).strip() == ""
    drawn = button.locator("svg[data-icon]")
    expect(drawn).to_have_attribute("data-icon", "sound")
    box = visible_box(page, "#sound-button svg[data-icon]")
    assert box["width"] >= 16 and box["height"] >= 16
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(page.locator("#sound-button")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#sound-button svg[data-icon]")).to_have_attribute("data-icon", "muted")


def test_no_part_of_the_app_shows_an_emoji() -> None:
    web = Path(president.__file__).parent / "web"
    for path in [web / "index.html", *(web / "js").glob("*.js")]:
        found = re.findall(r"[\U0001F000-\U0001FAFF]", path.read_text(encoding="utf-8"))
        assert found == [], f"{path.name}: {found}"


# ---------------------------------------------------------------- defect 11: the length of a match, said first

def test_the_start_page_says_how_long_a_match_lasts_at_1280x800_in_english(sized: Callable[..., Page],
                                                                          live_server: LiveServer) -> None:
    page = sized(1280, 800)
    page.goto(live_server.url, wait_until="networkidle")
    page.check("#preset-daifugo")
    expect(page.locator('label[for="preset-daifugo"] .preset-length')).to_have_text("100 deals")
    expect(page.locator("#length-note")).to_have_text("The match lasts 100 deals.")
    page.select_option("#match-deals", "10")
    expect(page.locator("#length-note")).to_have_text("The match lasts 10 deals.")
    page.check("#preset-race-to-11")
    expect(page.locator("#length-note")).to_have_text("The match ends when a player reaches 11 points.")
    expect(page.locator('label[for="preset-race-to-11"] .preset-length')).to_have_text("first to 11 points")


# ---------------------------------------------------------------- what players expect: leaving and coming back

def test_leaving_asks_first_and_the_start_page_resumes_the_game_at_1280x800_in_english(
        sized: Callable[..., Page], live_server: LiveServer) -> None:
    page = sized(1280, 800)
    table = start_table(page, live_server)
    wait_for_decision(page)
    page.click("#leave-button")
    asked = page.locator("dialog.leave")
    expect(asked).to_contain_text("30 seconds after you leave, the computer plays your seat")
    expect(asked).to_contain_text("Resume your game")
    expect(asked.locator("#leave-rated")).to_have_count(0)  # a guest's match is not rated
    expect(page.locator("#leave-stay")).to_be_focused()
    page.click("#leave-stay")
    expect(asked).to_have_count(0)
    # The title does not leave silently either.
    page.click(".brand")
    expect(asked).to_be_visible()
    assert f"table={table}" in page.url
    page.click("#leave-confirm")
    resume = page.locator(f"#resume-{table}")
    expect(resume).to_have_text("Resume your game")
    expect(page.locator(".yours")).to_contain_text("Three of Clubs")
    resume.click()
    page.wait_for_function("() => document.querySelector('.game')?.dataset.seat === '0'")
    assert f"table={table}" in page.url


# ---------------------------------------------------------------- what players expect: one name per computer player

def test_a_computer_player_has_one_name_everywhere_at_1280x800_in_russian(sized: Callable[..., Page],
                                                                        live_server: LiveServer) -> None:
    with httpx.Client() as client:
        assert client.post(f"{live_server.url}api/accounts", json={"name": "Rita", "password": "a long password"}
                           ).status_code == 201
        _table, _token, match_id = finish_a_table(live_server, client=client, name="Rita")
    page = sized(1280, 800, "ru-RU")
    page.goto(f"{live_server.url}?player=Rita")
    expect(page.locator(f'li[data-match="{match_id}"]')).to_contain_text(
        "Rita, Компьютер 2 (классический), Компьютер 3 (классический), Компьютер 4 (классический)")
    page.goto(f"{live_server.url}?ratings=tavern-jack")
    expect(page.locator('tr[data-name="classic"]')).to_contain_text("Компьютер (классический)")
    page.goto(f"{live_server.url}?replay={match_id}")
    expect(page.locator('.seat-panel[data-seat="1"] .name')).to_have_text("Компьютер 2")
    page.goto(live_server.url, wait_until="networkidle")
    expect(page.locator(".lobby")).to_contain_text("Rita, Компьютер 2, Компьютер 3, Компьютер 4")
    # A tournament's computer player: the name the server gave it reads the same way, its level beside it.
    names = page.evaluate("""async () => {
        const i18n = await import('/js/i18n.js');
        return [i18n.computerName(0, 'classic 3', 'classic'), i18n.computerName(0, 'Robo', 'classic'),
                i18n.withLevel(i18n.computerName(2), 'hard')];
    }""")
    assert names == ["Компьютер 3", "Robo", "Компьютер 2 (сильный)"]


# ---------------------------------------------------------------- what players expect: the start page

@pytest.mark.parametrize("width,height,locale", [(1280, 800, "en-US"), (390, 844, "fr-FR")])
def test_the_main_button_is_on_screen_without_scrolling(width: int, height: int, locale: str,
                                                        sized: Callable[..., Page], live_server: LiveServer) -> None:
    page = sized(width, height, locale)
    page.goto(live_server.url, wait_until="networkidle")
    page.check("#preset-daifugo")
    hit = page.evaluate("""() => {
        const box = document.querySelector('#play-bots').getBoundingClientRect();
        const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return {bottom: box.bottom, top: box.top, mine: !!at?.closest('#play-bots')};
    }""")
    assert hit["top"] >= 0 and hit["bottom"] <= height and hit["mine"], hit


# Every select of the start page whose chosen text is wider than the select shows it, and every text cut short.
OPTIONS_CUT = """() => {
  const out = [];
  const probe = document.createElement('span');
  probe.style.cssText = 'position: absolute; visibility: hidden; white-space: nowrap';
  document.body.append(probe);
  for (const select of document.querySelectorAll('.setup select')) {
    const style = getComputedStyle(select);
    probe.style.font = style.font;
    probe.textContent = select.options[select.selectedIndex]?.text || '';
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 18;
    if (probe.offsetWidth > room) out.push(`${select.id}: ${probe.textContent}`);
  }
  probe.remove();
  for (const el of document.querySelectorAll('.setup *')) {
    if (!el.children.length && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible') {
      out.push(el.textContent);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("width,height,locale", [(1280, 800, "en-US"), (1280, 800, "ru-RU"), (1280, 800, "fr-FR"),
                                                 (1280, 800, "pt-BR"), (390, 844, "ru-RU")])
def test_no_option_of_the_start_page_is_cut(width: int, height: int, locale: str, sized: Callable[..., Page],
                                            live_server: LiveServer) -> None:
    page = sized(width, height, locale)
    page.goto(live_server.url, wait_until="networkidle")
    for preset in ("daifugo", "race-to-11", "old-president"):
        page.check(f"#preset-{preset}")
        if preset != "old-president":
            page.evaluate("document.querySelector('#more-rules').open = true")
        assert page.evaluate(OPTIONS_CUT) == [], preset


# ---------------------------------------------------------------- what players expect: toasts and the summary

TOAST_COVERS = """() => {
  const toast = document.getElementById('toast').getBoundingClientRect();
  return [...document.querySelectorAll('.game .bar button, .topbar a, .topbar select')].filter((b) => {
    const r = b.getBoundingClientRect();
    return r.left < toast.right && toast.left < r.right && r.top < toast.bottom && toast.top < r.bottom;
  }).map((b) => b.id || b.textContent);
}"""


@pytest.mark.parametrize("width,height,locale", [(1280, 800, "en-US"), (390, 844, "ru-RU")])
def test_a_toast_never_covers_the_bars_buttons(width: int, height: int, locale: str, sized: Callable[..., Page],
                                               live_server: LiveServer) -> None:
    page = sized(width, height, locale)
    start_table(page, live_server)
    wait_for_decision(page)
    page.evaluate("async () => (await import('/js/ui.js')).toast('Computer 2 locks the trick to ♥♠ and the "
                  "order is reversed until the trick ends')")
    expect(page.locator("#toast.show")).to_be_visible()
    page.wait_for_function("() => getComputedStyle(document.getElementById('toast')).opacity === '1'")
    assert page.evaluate(TOAST_COVERS) == []


# ---------------------------------------------------------------- what players expect: translation slips

def test_translation_slips_at_1280x800_in_french_russian_and_portuguese(sized: Callable[..., Page],
                                                                       live_server: LiveServer) -> None:
    page = sized(1280, 800)
    page.goto(live_server.url)
    got = page.evaluate("""async () => {
        const i18n = await import('/js/i18n.js');
        const analysis = await import('/js/analysis.js');
        const decision = {verdict: 'mistake', played: '7h', best: '9h', loss: 0.4567, index: 3};
        const out = {};
        i18n.setLang('fr');
        out.frOne = i18n.t('game.received', {cards: ['7h']});
        out.frTwo = i18n.t('game.received', {cards: ['7h', '8h']});
        out.frLoss = analysis.verdictLine(decision, 'Ann').textContent;
        i18n.setLang('ru');
        out.ruStart = i18n.t('start.deals');
        out.ruTable = [i18n.t('old.deal', {n: 2, of: 4}), i18n.t('old.dealShort', {n: 2}),
                       i18n.t('old.dealStart', {n: 2, of: 4, name: 'Ann'})];
        i18n.setLang('pt');
        out.ptBot = i18n.withLevel(i18n.computerName(2), 'classic');
        i18n.setLang('en');
        out.enLoss = analysis.verdictLine(decision, 'Ann').textContent;
        return out;
    }""")
    assert got["frOne"] == "Vous avez reçu 7♥ (entourée de vert)."
    assert got["frTwo"] == "Vous avez reçu 7♥ 8♥ (entourées de vert)."
    assert "0,46" in got["frLoss"] and "0.46" in got["enLoss"]
    # The old game's deal is a «раздача» at the table as on the start page.
    assert got["ruStart"].startswith("Раздач") and all(line.startswith("Раздача") for line in got["ruTable"])
    assert got["ptBot"] == "Computador 2 (clássico)"


def test_a_french_spectator_reads_his_own_line_in_french_without_a_mute_button_at_1280x800(
        sized: Callable[..., Page], live_server: LiveServer) -> None:
    host = sized(1280, 800)
    table = start_table(host, live_server, friends=1)
    watcher = sized(1280, 800, "fr-FR")
    watcher.goto(f"{live_server.url}?table={table}")
    watcher.click("#watch-button")
    watcher.click("#chat-panel summary")
    watcher.click('.chat-phrase[data-phrase="hi"]')
    line = watcher.locator(".chat-line").last
    expect(line.locator(".chat-who")).to_have_text("Spectateur")
    expect(line.locator(".chat-mute")).to_have_count(0)


# ---------------------------------------------------------------- what players expect: the keyboard

def test_escape_gives_the_focus_back_where_it_was_at_1280x800_in_english(
        sized: Callable[..., Page], server_factory: Callable[..., LiveServer]) -> None:
    server = server_factory(seed=7, bot_delay=0.3)
    page = sized(1280, 800)
    table = start_table(page, server)
    wait_for_decision(page)
    # The rules opened from the bar while the computer players move (the bar is drawn again under the dialog).
    seq = game_state(page)["seq"]
    play_classic_turn(page, server, table)
    seq = game_state(page)["seq"]
    page.focus("#rules-button")
    page.keyboard.press("Enter")
    expect(page.locator("dialog.rules")).to_be_visible()
    page.wait_for_function("seq => document.querySelector('.game').dataset.seq !== seq", arg=seq)
    page.keyboard.press("Escape")
    expect(page.locator("dialog.rules")).to_have_count(0)
    expect(page.locator("#rules-button")).to_be_focused()
    # The scores opened with S from a card of the hand.
    wait_for_decision(page)
    page.keyboard.press("3")
    focused = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("s")
    expect(page.locator("dialog.scores")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(f'.hand .card[data-card="{focused}"]')).to_be_focused()


@pytest.mark.parametrize("width,height,locale", [(1280, 800, "en-US"), (390, 844, "pt-BR")])
def test_the_rules_page_says_how_to_play_before_its_settings(width: int, height: int, locale: str,
                                                             sized: Callable[..., Page],
                                                             live_server: LiveServer) -> None:
    page = sized(width, height, locale)
    page.goto(f"{live_server.url}?rules=daifugo")
    how = page.locator(".rules-page .how-to")
    expect(how.locator("li")).to_have_count(10)
    assert page.evaluate("""() => {
        const how = document.querySelector('.how-to'), table = document.querySelector('.rules-list');
        return !!(how.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING);
    }""")
    box = how.bounding_box()
    assert box is not None and box["y"] < height, "the plain words are on the first screen"
    english = locale == "en-US"
    expect(how).to_contain_text("A run of three or more cards" if english else "sequência de três ou mais cartas")
    expect(how).to_contain_text("sits out until the trick is over" if english else "fica de fora até o fim da vaza")
    page.select_option("#rules-preset", "tavern-jack")
    expect(how.locator("li")).to_have_count(7)
    expect(how).to_contain_text("may come back into the trick" if english else "pode voltar à vaza")


# ---------------------------------------------------------------- what players expect: clicks during the deal-in

# Freeze the deal-in of the hand 120 ms into each card's flight and say what a click hits on each card's final place
# (low on the strip of it that the fan leaves visible).
CLICK_IN_FLIGHT = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  while (!document.querySelector('.hand .card.arrive')) await frame();
  const flights = document.querySelector('.hand').getAnimations({subtree: true});
  for (const flight of flights) flight.pause();
  const out = [];
  for (const card of document.querySelectorAll('.hand .card')) {
    const own = card.getAnimations({subtree: true});
    for (const flight of own) flight.currentTime = flight.effect.getComputedTiming().endTime;
    const box = card.getBoundingClientRect();
    for (const flight of own) flight.currentTime = (flight.effect.getTiming().delay || 0) + 120;
    out.push({card: card.dataset.card, x: box.left + 20, y: box.top + box.height * 0.75});
  }
  const hits = out.map(({card, x, y}) => [card, document.elementFromPoint(x, y)?.closest('.card')?.dataset.card]);
  for (const flight of flights) flight.finish();
  return {flights: flights.length, hits};
}"""


def test_a_click_during_the_deal_in_lands_on_its_card_at_1280x800_in_english(
        sized: Callable[..., Page], live_server: LiveServer) -> None:
    page = sized(1280, 800, motion=True)
    page.goto(live_server.url, wait_until="networkidle")
    page.check("#preset-three-of-clubs")
    page.fill("#player-name", "Ann")
    page.click("#play-bots")
    got = page.evaluate(CLICK_IN_FLIGHT)
    assert got["flights"] >= 13, "the cards were not flying in"
    missed = [(card, hit) for card, hit in got["hits"] if hit != card]
    assert missed == []


# ---------------------------------------------------------------- what players expect: ratings that explain themselves

def test_a_rating_shows_its_uncertainty_one_minus_sign_and_why_it_moved_at_1280x800_in_french(
        sized: Callable[..., Page], live_server: LiveServer) -> None:
    with httpx.Client() as client:
        assert client.post(f"{live_server.url}api/accounts", json={"name": "Zoé", "password": "a long password"}
                           ).status_code == 201
        finish_a_table(live_server, client=client, name="Zoé")
    profile = httpx.get(f"{live_server.url}api/players/Zoé").json()
    rating = profile["ratings"][0]
    page = sized(1280, 800, "fr-FR")
    page.goto(f"{live_server.url}?player=Zoé")
    shown = page.locator(".profile-rating .rating-value").first
    expect(shown).to_contain_text("cote ")
    text = shown.inner_text()
    number = f"{abs(rating['rating']):.1f}".replace(".", ",")
    assert text == f"cote {'−' if rating['rating'] < 0 else ''}{number}, incertitude ±" + \
        f"{rating['sigma']:.1f}".replace(".", ","), text
    change = page.locator(".rating-history li").first.inner_text()
    assert "-" not in change.replace("Revoir", ""), change  # the minus sign is one sign, U+2212
    expect(page.locator("#rating-explain")).to_contain_text("une première partie fait baisser la cote")


# ---------------------------------------------------------------- what players expect: a guided deal stays private

def test_a_guided_deal_stays_out_of_the_finished_matches_list_at_1280x800_in_english(
        sized: Callable[..., Page], live_server: LiveServer) -> None:
    _table, _token, private = finish_a_table(live_server, public=False, name="Lea")
    _table, _token, public = finish_a_table(live_server, name="Lea")
    listed = [m["id"] for m in httpx.get(f"{live_server.url}api/matches?limit=50").json()]
    assert public in listed and private not in listed
    assert private in [m["id"] for m in httpx.get(f"{live_server.url}api/matches?player=Lea").json()]
    page = sized(1280, 800)
    page.goto(live_server.url, wait_until="networkidle")
    expect(page.locator(f'.lobby a[href="?replay={public}"]')).to_be_visible()
    expect(page.locator(f'.lobby a[href="?replay={private}"]')).to_have_count(0)
