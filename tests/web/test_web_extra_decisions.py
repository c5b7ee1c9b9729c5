"""Extra decisions inside a turn in the browser: the prompt and button of a pass-on or a discard (the exchange's
choose-N-cards prompt), and what the 7-pass and 10-discard did, in the four languages."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from president.cards import RANK_NAMES, parse_cards
from president.engine import Match

from .live import LiveServer
from .pages import game_state, hand_cards, play_classic_turn, play_move, table_id, wait_for_decision, wait_past


def test_the_owed_pass_on_and_discard_are_asked_and_told(page: Page, live_server: LiveServer) -> None:
    match = Match.from_hands("tavern-jack", ["7c 7d 10h 3c 4d 9h", "5c 6c 8c", "5d 6d Kd"], leader=0,
                             seven_pass=True, ten_discard=True)
    match.apply("7c 7d")
    owing, watching = match.view(0), match.view(2)
    events = match.apply("pass-on 3c 9h")
    passed = [e.to_dict(seat) for seat in (0, 2) for e in events]
    discarding = Match.from_hands("tavern-jack", ["10h 3c 4d", "5c 6c 8c"], leader=0, ten_discard=True)
    discarding.apply("10h")
    discards = discarding.view(0)
    discarded = [e.to_dict(1) for e in discarding.apply("discard 4d")]
    page.goto(live_server.url)
    page.wait_for_selector("#more-rules")
    shown = page.evaluate(
        """async ([owing, watching, discards, events]) => {
            const prompt = await import('/js/prompt.js');
            const sel = await import('/js/selection.js');
            const ev = await import('/js/events.js');
            const i18n = await import('/js/i18n.js');
            const name = (seat) => `Seat ${seat}`;
            const out = {};
            for (const lang of ['en', 'ru', 'fr', 'pt']) {
              i18n.setLang(lang);
              out[lang] = {ask: prompt.owedPrompt(owing, name), wait: prompt.owedPrompt(watching, name),
                           discard: prompt.owedPrompt(discards, name),
                           button: i18n.t(`game.${prompt.playButton(owing, true)}`),
                           one: i18n.t(sel.assess(owing, ['3c']).reason.key, sel.assess(owing, ['3c']).reason.params),
                           lines: events.map((e) => ev.ruleLine(e, name))};
            }
            i18n.setLang('en');
            out.two = sel.assess(owing, ['9h', '3c']);
            out.watcherButton = prompt.playButton(watching, false);
            out.discardButton = prompt.playButton(discards, true);
            return out;
        }""",
        [owing, watching, discards, passed + discarded],
    )
    assert shown["en"] == {
        "ask": "7-pass: choose 2 cards to pass on to Seat 1.", "wait": "Seat 0 chooses the cards the play owes.",
        "discard": "10-discard: choose 1 card to discard, face up.", "button": "Pass on",
        "one": "Choose 2 cards (1 chosen).",
        "lines": ["7-pass: Seat 0 passes 3♣ 9♥ to Seat 1", "7-pass: Seat 0 passes 2 cards to Seat 1",
                  "10-discard: Seat 0 discards 4♦"]}
    assert shown["two"] == {"ok": True, "move": "pass-on 3c 9h", "moves": ["pass-on 3c 9h"]}
    assert shown["watcherButton"] is None and shown["discardButton"] == "discard"
    for lang in ("ru", "fr", "pt"):
        for key in ("ask", "wait", "discard", "button", "one"):
            assert shown[lang][key] and shown[lang][key] != shown["en"][key], (lang, key)
        assert all(shown[lang]["lines"]) and shown[lang]["lines"] != shown["en"]["lines"]


def test_the_q_bombers_name_is_asked_and_told(page: Page, live_server: LiveServer) -> None:
    match = Match.from_hands("tavern-jack", ["Qc 5c 9h", "5d 6c 8c", "5h 6d Kd"], leader=0, queen_bomber=True)
    match.apply("Qc")
    owing, watching = match.view(0), match.view(2)
    events = [e.to_dict(2) for e in match.apply("name 5")]
    page.goto(live_server.url)
    page.wait_for_selector("#more-rules")
    shown = page.evaluate(
        """async ([owing, watching, events]) => {
            const prompt = await import('/js/prompt.js');
            const ev = await import('/js/events.js');
            const i18n = await import('/js/i18n.js');
            const name = (seat) => `Seat ${seat}`;
            const out = {};
            for (const lang of ['en', 'ru', 'fr', 'pt']) {
              i18n.setLang(lang);
              out[lang] = {ask: prompt.owedPrompt(owing, name), wait: prompt.owedPrompt(watching, name),
                           rule: i18n.t('opt.queen_bomber'), queen: i18n.rankText('Q'),
                           lines: events.map((e) => ev.ruleLine(e, name))};
            }
            i18n.setLang('en');
            out.button = prompt.playButton(owing, true);
            return out;
        }""",
        [owing, watching, events],
    )
    assert shown["en"]["ask"] == ("Q-bomber: name a rank; every player, you too, discards every card of it, "
                                  "face up.")
    assert shown["en"]["wait"] == "Seat 0 names the rank every player discards."
    assert shown["en"]["lines"] == ["Q-bomber: Seat 0 names the 5s", "Q-bomber: Seat 1 discards 5♦",
                                    "Q-bomber: Seat 2 discards 5♥", "Q-bomber: Seat 0 discards 5♣"]
    assert shown["button"] is None  # the 13 rank buttons stand for the Play button
    assert len(owing["legal_moves"]) == 13 and owing["legal_moves"][0] == "name 3"
    for lang in ("ru", "fr", "pt"):
        for key in ("ask", "wait", "rule", "queen"):
            assert shown[lang][key] and shown[lang][key] != shown["en"][key], (lang, key)
        assert all(shown[lang]["lines"]) and shown[lang]["lines"] != shown["en"]["lines"]


def queens_to_play(match: Match, seat: int) -> str | None:
    """A legal play of the seat made of queens only, leaving it other cards (so that it owes a name), or None."""
    hand = match.view(seat)["hand"]
    for move in match.view(seat)["legal_moves"]:
        cards = move.split()
        if move != "pass" and all(card[:-1] == "Q" for card in cards) and len(cards) < len(hand):
            return str(move)
    return None


def test_a_person_plays_queens_at_a_live_table_names_a_rank_and_every_hand_loses_it(
    page: Page, live_server: LiveServer
) -> None:
    page.goto(live_server.url)
    page.check("#preset-tavern-jack")
    page.click("#more-rules summary")
    page.check("#opt-queen_bomber")
    page.fill("#player-name", "Ann")
    page.click("#play-bots")
    page.wait_for_selector(".game")
    table = table_id(page)
    assert live_server.match(table).rules.queen_bomber
    for _ in range(200):  # the seat plays as classic until it plays queens and owes a name
        state = wait_for_decision(page)
        assert state["phase"] != "over", "the match ended before the seat could play queens"
        seat = int(state["seat"])
        owed = live_server.match(table).view(seat)["owed"]
        if owed and owed[0]["move"] == "name":
            break
        queens = queens_to_play(live_server.match(table), seat)
        if queens:
            play_move(page, queens)
        else:
            play_classic_turn(page, live_server, table)
    else:
        raise AssertionError("the seat never held queens to play")
    buttons = page.locator(".rank-chooser button[data-move]")
    expect(buttons).to_have_count(13)
    assert buttons.evaluate_all("els => els.map(e => e.dataset.move)") == [f"name {r}" for r in RANK_NAMES[:13]]
    expect(buttons.first).to_have_text("3")
    match = live_server.match(table)
    others = [match.view(other)["hand"] for other in range(match.players) if other != seat]
    named = next(r for r in RANK_NAMES[:13] if r != "Q" and any(card[:-1] == r for hand in others for card in hand))
    seq = game_state(page)["seq"]
    page.click(f'.rank-chooser button[data-move="name {named}"]')
    wait_past(page, seq)
    expect(page.locator(".rank-chooser")).to_have_count(0)
    after = live_server.match(table)
    assert any(s == seat and str(m) == f"name {named}" for s, m in after.moves)
    rank_cards = parse_cards(" ".join(f"{named}{suit}" for suit in "cdhs"))
    assert all(not held & rank_cards for held in after.hands)
    assert not [card for card in hand_cards(page) if card[:-1] == named]


def test_the_salvage_is_asked_from_the_pile_and_told(page: Page, live_server: LiveServer) -> None:
    match = Match.from_hands("tavern-jack", ["3s 9d 5h Kd", "4c 6c Ac", "4d 6d"], leader=0, salvage=True,
                             spade3_cut=True)
    for text in ("9d", "pass", "pass", "5h", "pass", "pass", "3s"):
        match.apply(text)
    owing, watching = match.view(0), match.view(2)
    events = [e.to_dict(2) for e in match.apply("salvage 9d")]
    page.goto(live_server.url)
    page.wait_for_selector("#more-rules")
    shown = page.evaluate(
        """async ([owing, watching, events]) => {
            const prompt = await import('/js/prompt.js');
            const sel = await import('/js/selection.js');
            const ev = await import('/js/events.js');
            const an = await import('/js/analysis.js');
            const i18n = await import('/js/i18n.js');
            const name = (seat) => `Seat ${seat}`;
            const out = {};
            for (const lang of ['en', 'ru', 'fr', 'pt']) {
              i18n.setLang(lang);
              out[lang] = {ask: prompt.owedPrompt(owing, name), wait: prompt.owedPrompt(watching, name),
                           rule: i18n.t('opt.salvage'), group: i18n.t('game.salvageGroup'),
                           why: i18n.t('why.salvage', {name: 'Seat 0'}),
                           lines: events.map((e) => ev.ruleLine(e, name))};
            }
            i18n.setLang('en');
            out.button = prompt.playButton(owing, true);
            out.handMoves = sel.parseMoves(owing);
            out.analysed = an.moveText('salvage 9d');
            out.reason = i18n.whyText({key: 'classic.owed.salvage', params: {move: 'salvage 9d'}});
            return out;
        }""",
        [owing, watching, events],
    )
    assert owing["legal_moves"] == ["salvage 5h", "salvage 9d"] and owing["pile"] == ["3s", "5h", "9d"]
    assert shown["en"]["ask"] == ("Salvage: the trick ended on your 3s; take one card of the discard pile back "
                                  "into your hand.")
    assert shown["en"]["wait"] == "Seat 0 takes a card back from the discard pile."
    assert shown["en"]["lines"] == ["Salvage: Seat 0 takes 9♦ back from the discard pile"]
    # The pile's buttons stand for the Play button; the hand offers none of its cards.
    assert shown["button"] is None and shown["handMoves"] == [] and shown["analysed"] == "9♦"
    assert shown["reason"] == "takes back the strongest card of the discard pile: 9♦"
    for lang in ("ru", "fr", "pt"):
        for key in ("ask", "wait", "rule", "group", "why"):
            assert shown[lang][key] and shown[lang][key] != shown["en"][key], (lang, key)
        assert all(shown[lang]["lines"]) and shown[lang]["lines"] != shown["en"]["lines"]
