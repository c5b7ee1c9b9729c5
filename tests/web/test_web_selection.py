"""The hand's selection rules on seeded deals: bright cards, the Play button and the reason it gives."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from president.engine import Match
from president.players import make_bot

from .live import LiveServer, bright_expected, server_seed_where
from .pages import bright_cards, pile_cards, play_classic_turn, start_table, tap_card, wait_for_decision


def holds_three_of_clubs_and_another_three(match: Match) -> bool:
    view = match.view(0)
    threes = [c for c in view["hand"] if c.startswith("3")]
    return match.to_act == 0 and "3c" in threes and len(threes) >= 2


def test_first_lead_only_threes_are_bright_and_play_needs_the_three_of_clubs(
    page: Page, server_factory: Callable[..., LiveServer]
) -> None:
    server = server_factory(seed=server_seed_where(holds_three_of_clubs_and_another_three))
    table = start_table(page, server)
    wait_for_decision(page)
    match = server.match(table)
    threes = sorted(c for c in match.view(0)["hand"] if c.startswith("3"))
    other = next(c for c in threes if c != "3c")
    # The first lead must contain the 3 of clubs: only the threes can be part of a legal move.
    assert bright_cards(page) == bright_expected(match, 0) == set(threes)
    play = page.locator("#play-button")
    expect(play).to_be_disabled()
    tap_card(page, other)
    expect(page.locator(f'.hand .card[data-card="{other}"]')).to_have_attribute("aria-pressed", "true")
    expect(play).to_be_disabled()
    expect(page.locator("#reason")).to_have_text("The first lead of the match must contain the 3♣.")
    tap_card(page, "3c")
    expect(play).to_be_enabled()
    tap_card(page, other)
    expect(play).to_be_enabled()
    # With the 3 of clubs chosen, the other threes stay bright (a pair or three of a kind with it).
    assert bright_cards(page) == set(threes)


def answer_position(match: Match) -> bool:
    """Seat 0 answers a pair in its first turn of the deal and holds a rank that can beat it."""
    bot = make_bot("classic")
    rng = random.Random(0)
    while match.to_act is not None and match.to_act != 0:
        match.apply(bot.choose(match.seat_view(match.to_act), rng))
    view = match.view(0)
    return len(view["table"]) == 2 and any(m != "pass" for m in view["legal_moves"])


def test_answer_dims_what_cannot_beat_and_play_waits_for_a_whole_pair(
    page: Page, server_factory: Callable[..., LiveServer]
) -> None:
    server = server_factory(seed=server_seed_where(answer_position))
    table = start_table(page, server)
    wait_for_decision(page)
    match = server.match(table)
    view = match.view(0)
    assert len(pile_cards(page)) == 2 and sorted(pile_cards(page)) == sorted(view["table"])
    expected = bright_expected(match, 0)
    assert bright_cards(page) == expected
    dim = set(view["hand"]) - expected
    for card in dim:
        expect(page.locator(f'.hand .card[data-card="{card}"]')).to_have_class(re.compile(r"\bdim\b"))
        expect(page.locator(f'.hand .card[data-card="{card}"]')).to_have_attribute(
            "aria-label", re.compile("not playable now$"))
    first = sorted(m for m in view["legal_moves"] if m != "pass")[0].split()
    tap_card(page, first[0])
    play = page.locator("#play-button")
    expect(play).to_be_disabled()
    expect(page.locator("#reason")).to_contain_text("select 2 cards")
    # Only the cards that complete a legal pair with the selected one stay bright.
    partners = {c for m in view["legal_moves"] if first[0] in m.split() for c in m.split()}
    assert bright_cards(page) == partners
    tap_card(page, first[1])
    expect(play).to_be_enabled()
    expect(page.locator("#pass-button")).to_be_enabled()
    if dim:
        # A dimmed card does not join the selection: the page says why instead.
        tap_card(page, sorted(dim)[0])
        expect(page.locator("#reason")).not_to_be_empty()
        expect(play).to_be_enabled()
    play_classic_turn(page, server, table)


def test_selection_module_agrees_with_the_engine_on_random_positions(page: Page, live_server: LiveServer) -> None:
    rng = random.Random(5)
    cases: list[dict[str, Any]] = []
    for preset, players in (("tavern-jack", 3), ("race-to-11", 5), ("revolution", 6), ("three-of-clubs", 4)):
        for seed in range(6):
            match = Match(preset, players, seed)
            for ply in range(150):
                if match.to_act is None:
                    break
                seat = match.to_act
                if ply % 8 == 0 or match.phase == "exchange":
                    view = match.view(seat)
                    moves = [m for m in view["legal_moves"] if m != "pass"]
                else:
                    moves = []
                if moves:
                    move = rng.choice(moves).removeprefix("give ").split()
                    selected = rng.sample(move, rng.randint(1, len(move)))
                    if rng.random() < 0.3:
                        selected.append(rng.choice(view["hand"]))
                    selected = list(dict.fromkeys(selected))
                    bright = {c for m in moves if set(selected) <= set(m.removeprefix("give ").split())
                              for c in m.removeprefix("give ").split()}
                    legal = any(sorted(selected) == sorted(m.removeprefix("give ").split()) for m in moves)
                    cases.append({"view": view, "selected": selected, "bright": sorted(bright), "legal": legal})
                match.apply(rng.choice(match.legal_moves()))
    page.goto(live_server.url)
    results = page.evaluate(
        """async (cases) => {
            const sel = await import('/js/selection.js');
            return cases.map(c => {
                const bright = [...sel.brightCards(c.view, c.selected)].sort();
                const verdict = sel.assess(c.view, c.selected);
                return {bright, legal: verdict.ok, reason: verdict.ok ? null : verdict.reason.key};
            });
        }""",
        cases,
    )
    assert len(results) == len(cases) > 200
    for case, got in zip(cases, results, strict=True):
        context = json.dumps({"hand": case["view"]["hand"], "table": case["view"]["table"],
                              "selected": case["selected"]})
        assert got["bright"] == sorted(case["bright"]), context
        assert got["legal"] == case["legal"], context
        assert got["legal"] or got["reason"].startswith("why."), context


def test_keyboard_selects_by_number_plays_with_enter_and_clears_with_escape(
    page: Page, server_factory: Callable[..., LiveServer]
) -> None:
    server = server_factory(seed=server_seed_where(holds_three_of_clubs_and_another_three))
    table = start_table(page, server)
    state = wait_for_decision(page)
    # The hand is sorted from the weakest card: the 3 of clubs comes first.
    assert page.locator(".hand .card").first.get_attribute("data-card") == "3c"
    page.keyboard.press("2")
    expect(page.locator(".hand .card").nth(1)).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(page.locator('.hand .card[aria-pressed="true"]')).to_have_count(0)
    page.keyboard.press("1")
    expect(page.locator("#play-button")).to_be_enabled()
    page.keyboard.press("Enter")
    page.wait_for_function("seq => document.querySelector('.game').dataset.seq !== seq", arg=state["seq"])
    assert str(server.match(table).moves[0][1]) == "3c"
