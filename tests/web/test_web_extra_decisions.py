"""Extra decisions inside a turn in the browser: the prompt and button of a pass-on or a discard (the exchange's
choose-N-cards prompt), and what the 7-pass and 10-discard did, in the four languages."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from president.cards import RANK_NAMES, parse_cards
from president.engine import Match

from .live import LiveServer, first_match_of
from .pages import game_state, hand_cards, in_languages, play_move, table_id, wait_for_decision, wait_past


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
    shown = in_languages(
        page, {"prompt": "prompt", "sel": "selection", "ev": "events"},
        """return {ask: prompt.owedPrompt(owing, name), wait: prompt.owedPrompt(watching, name),
                   discard: prompt.owedPrompt(discards, name),
                   button: i18n.t(`game.${prompt.playButton(owing, true)}`),
                   one: i18n.t(sel.assess(owing, ['3c']).reason.key, sel.assess(owing, ['3c']).reason.params),
                   lines: events.map((e) => ev.ruleLine(e, name))};""",
        "[owing, watching, discards, events]", [owing, watching, discards, passed + discarded],
        after="""out.two = sel.assess(owing, ['9h', '3c']);
                 out.watcherButton = prompt.playButton(watching, false);
                 out.discardButton = prompt.playButton(discards, true);""",
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
    shown = in_languages(
        page, {"prompt": "prompt", "ev": "events"},
        """return {ask: prompt.owedPrompt(owing, name), wait: prompt.owedPrompt(watching, name),
                   rule: i18n.t('opt.queen_bomber'), queen: i18n.rankText('Q'),
                   lines: events.map((e) => ev.ruleLine(e, name))};""",
        "[owing, watching, events]", [owing, watching, events],
        after="out.button = prompt.playButton(owing, true);",
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


def leads_with_queens_first(server_seed: int) -> bool:
    """Whether a fresh server of this seed deals its first tavern-jack table of four so that seat 0, the person,
    leads the first trick holding a play of queens that leaves it other cards."""
    match = first_match_of(server_seed, "tavern-jack", 4)
    return match.to_act == 0 and queens_to_play(match, 0) is not None


def test_a_person_plays_queens_at_a_live_table_names_a_rank_and_every_hand_loses_it(
    page: Page, server_factory: Callable[..., LiveServer]
) -> None:
    server = server_factory(seed=next(seed for seed in range(400) if leads_with_queens_first(seed)))
    page.goto(server.url)
    page.check("#preset-tavern-jack")
    page.click("#more-rules summary")
    page.check("#opt-queen_bomber")
    page.fill("#player-name", "Ann")
    page.click("#play-bots")
    page.wait_for_selector(".game")
    table = table_id(page)
    assert server.match(table).rules.queen_bomber
    state = wait_for_decision(page)
    seat = int(state["seat"])
    assert seat == 0 and state["phase"] != "over"
    queens = queens_to_play(server.match(table), seat)
    assert queens is not None, "the seeded deal lets the person lead with queens"
    play_move(page, queens)
    wait_for_decision(page)
    owed = server.match(table).view(seat)["owed"]
    assert owed and owed[0]["move"] == "name", owed
    buttons = page.locator(".rank-chooser button[data-move]")
    expect(buttons).to_have_count(13)
    assert buttons.evaluate_all("els => els.map(e => e.dataset.move)") == [f"name {r}" for r in RANK_NAMES[:13]]
    expect(buttons.first).to_have_text("3")
    match = server.match(table)
    others = [match.view(other)["hand"] for other in range(match.players) if other != seat]
    named = next(r for r in RANK_NAMES[:13] if r != "Q" and any(card[:-1] == r for hand in others for card in hand))
    seq = game_state(page)["seq"]
    page.click(f'.rank-chooser button[data-move="name {named}"]')
    wait_past(page, seq)
    expect(page.locator(".rank-chooser")).to_have_count(0)
    after = server.match(table)
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
    shown = in_languages(
        page, {"prompt": "prompt", "sel": "selection", "ev": "events", "an": "analysis"},
        """return {ask: prompt.owedPrompt(owing, name), wait: prompt.owedPrompt(watching, name),
                   rule: i18n.t('opt.salvage'), group: i18n.t('game.salvageGroup'),
                   why: i18n.t('why.salvage', {name: 'Seat 0'}),
                   lines: events.map((e) => ev.ruleLine(e, name))};""",
        "[owing, watching, events]", [owing, watching, events],
        after="""out.button = prompt.playButton(owing, true);
                 out.handMoves = sel.parseMoves(owing);
                 out.analysed = an.moveText('salvage 9d');
                 out.reason = i18n.whyText({key: 'classic.owed.salvage', params: {move: 'salvage 9d'}});""",
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


def three_nines_to_lead(server_seed: int) -> str | None:
    """The three 9s the person (seat 0) may lead first at a fresh server of this seed's first tavern-jack table of
    four, keeping at least three other cards, or None."""
    match = first_match_of(server_seed, "tavern-jack", 4)
    if match.to_act != 0 or len(match.view(0)["hand"]) < 6:
        return None
    return next((str(m) for m in match.view(0)["legal_moves"] if m.count("9") == 3 and len(m.split()) == 3), None)


def test_a_person_leads_three_nines_at_a_live_table_discards_two_and_takes_them_from_the_pile_buttons(
    page: Page, server_factory: Callable[..., LiveServer]
) -> None:
    server_seed = next(seed for seed in range(400) if three_nines_to_lead(seed))
    nines = three_nines_to_lead(server_seed)
    assert nines is not None
    server = server_factory(seed=server_seed)
    page.goto(server.url)
    page.check("#preset-tavern-jack")
    page.click("#more-rules summary")
    page.check("#opt-galaxy_express")
    page.fill("#player-name", "Ann")
    page.click("#play-bots")
    page.wait_for_selector(".game")
    table = table_id(page)
    assert wait_for_decision(page)["seat"] == "0" and server.match(table).rules.galaxy_express
    play_move(page, nines)
    wait_for_decision(page)
    expect(page.locator("#prompt")).to_contain_text("Galaxy Express 999: choose 2 cards to discard, face up")
    out = [card for card in hand_cards(page) if card[:-1] != "9"][:2]
    play_move(page, " ".join(out))  # the Play button discards them now
    wait_for_decision(page)
    # The pile is the two cards just discarded (the 9s are on the table): a button for each, the prompt names the rule.
    expect(page.locator("#prompt")).to_contain_text("Galaxy Express 999: take 2 cards of the discard pile back")
    buttons = page.locator(".pile-chooser button[data-move]")
    expect(buttons).to_have_count(2)
    assert sorted(buttons.evaluate_all("els => els.map(e => e.dataset.move)")) == sorted(f"salvage {c}" for c in out)
    for left in (2, 1):
        expect(buttons).to_have_count(left)
        seq = game_state(page)["seq"]
        buttons.first.click()
        wait_past(page, seq)
    expect(page.locator(".pile-chooser")).to_have_count(0)
    match = server.match(table)
    taken = parse_cards(" ".join(out))
    assert sum(m.cards for s, m in match.moves if s == 0 and m.is_salvage) == taken and match.hands[0] & taken == taken
    assert all(card in hand_cards(page) for card in out)
    # The words of the new rules, in the four languages: the prompts, the lines of the events, the rules' texts.
    owing = {"seat": 0, "to_act": 0, "owed": [{"move": "salvage", "count": 2, "to": None, "option": "satan"}]}
    said = in_languages(
        page, {"prompt": "prompt", "ev": "events"},
        """const texts = [];
           for (const option of ['satan', 'chestnut_picking', 'galaxy_express']) {
             owing.owed[0].option = option;
             texts.push(prompt.owedPrompt(owing, name), i18n.t(`opt.${option}`),
                        i18n.t(`why.${option}`, {name: 'Seat 0'}),
                        ev.ruleLine({type: 'salvage', seat: 0, cards: ['9d'], option}, name));
           }
           texts.push(ev.ruleLine({type: 'discard', seat: 0, cards: ['9d'], option: 'galaxy_express'}, name),
                      ev.ruleLine({type: 'out', seat: 0, place: 1, option: 'lucky_seven'}, name),
                      i18n.t('opt.lucky_seven'), i18n.t('why.lucky_seven', {name: 'Seat 0'}));
           return texts;""",
        "owing", owing,
    )
    assert said["en"][0] == "Satan: you played three 6s; take one card of the discard pile back into your hand."
    assert said["en"][12] == "Galaxy Express 999: Seat 0 discards 9♦"
    assert said["en"][13] == "Lucky seven: the trick ended on the three 7s of Seat 0, who goes out at once: placed 1st"
    for lang in ("ru", "fr", "pt"):
        assert all(said[lang]) and len(set(said[lang])) == len(said[lang]) == len(said["en"])
        assert said[lang][0] != said["en"][0] and said[lang][7] != said["en"][7], lang
