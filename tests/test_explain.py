"""Every computer player says why it plays, from its own decision data: the explanations are checked against what
the bots compute (the move, the branch of the rule, the measured values)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from president.bots.classic import ClassicBot, classic_move
from president.bots.classic_reasons import classic_move_why, house_classic_move_why
from president.bots.house_classic import house_classic_move
from president.bots.styles import StyledBot, high_cards
from president.cards import parse_cards
from president.engine import Match
from president.explain import TEMPLATES, Decision, Explanation
from president.moves import CARDS_MASK, GIVE_FLAG, move_str
from president.players import bot_names, decide, make_bot
from president.plays import reverses, shape_of
from president.rules import get_rules
from president.search.expert import SearchBot, place_values
from president.search.kinds import distinct_moves

FIXED = {"worlds": 12, "min_worlds": 12, "seconds": 1e9}
"""A search budget of a fixed number of guessed deals: the same decision again for the same random generator."""


def _random_hand(rng: random.Random, size: int) -> int:
    cards = rng.sample(range(52), size)
    return sum(1 << c for c in cards)


@pytest.mark.parametrize("seed", range(4))
def test_classic_reasons_walk_the_same_branches_as_the_policy(seed: int) -> None:
    rng = random.Random(seed)
    keys: set[str] = set()
    for _ in range(20_000):
        hand = _random_hand(rng, rng.randint(1, 13))
        if rng.random() < 0.2:
            hand |= 15 << (4 * rng.randrange(13))  # four of a kind, for the revolution's branches
        count = rng.choice((0, 0, 1, 2, 3, 4))
        must = 1 if not count and hand & 1 and rng.random() < 0.5 else 0
        args = (hand, rng.randrange(13), count, rng.random() < 0.3, rng.random() < 0.5, rng.choice((2, 3, 4, 4)),
                rng.random() < 0.6, must)
        move, key = classic_move_why(*args)
        assert move == classic_move(*args)
        assert key in TEMPLATES
        assert (move == 0) == key.startswith("classic.pass"), (args, key)
        keys.add(key)
    # Every branch of the seed-rule policy shows up in so many positions.
    assert {"classic.lead.lowest", "classic.lead.split", "classic.lead.top_only", "classic.lead.revolution",
            "classic.beat.exact", "classic.beat.break", "classic.beat.endgame", "classic.beat.counter",
            "classic.pass.keep", "classic.pass.none", "classic.pass.counter_hurts"} <= keys


def _play_house(rules_name: str, seed: int, deals: int = 2) -> list[tuple[Match, int]]:
    """Positions of a match of classic players under ``rules_name``, each with the seat to act."""
    match = Match(get_rules(rules_name), 4, seed=seed)
    bot = ClassicBot()
    out = []
    while match.to_act is not None and match.deal_number <= deals:
        seat = match.to_act
        view = match.seat_view(seat)
        if view.phase == "play":
            out.append((match.copy(), seat))
        match.apply(bot.choose(view, random.Random(0)))
    return out


@pytest.mark.parametrize("rules_name", ["tavern-jack", "daifugo"])
def test_house_classic_reasons_walk_the_same_branches(rules_name: str) -> None:
    seen: set[str] = set()
    for seed in range(6):
        for match, seat in _play_house(rules_name, seed):
            view = match.seat_view(seat)
            table = shape_of(view.table_move, view.rules.wild_jokers) if view.table else None
            args = (view.legal_masks(), view.hand, view.rules, view.revolution != view.eleven_back, table)
            move, key = house_classic_move_why(*args)
            assert move == house_classic_move(*args)
            assert (move == 0) == key.startswith("classic.pass")
            if key == "classic.out":
                assert move & CARDS_MASK == view.hand
            if key == "classic.beat.exact":
                cards = move & CARDS_MASK
                # It breaks no set: every rank it takes from, it takes whole.
                for rank in range(13):
                    nib = 15 << (4 * rank)
                    assert not cards & nib or (view.hand & nib) == (cards & nib)
            seen.add(key)
    assert {"classic.lead.lowest", "classic.beat.exact", "classic.pass.none", "classic.out"} <= seen


def test_classic_reasons_follow_the_omen_and_the_great_revolution() -> None:
    rules = get_rules("tavern-jack", omen=True, great_revolution=True, revolution=True)
    bot = ClassicBot()
    seen: set[str] = set()
    for seed in range(14, 20):
        match = Match(rules, 4, seed=seed)
        while match.to_act is not None and match.deal_number <= 3:
            view = match.seat_view(match.to_act)
            decision = bot.decide(view, random.Random(0))
            assert decision.move == bot.choose(view, random.Random(0)), decision.why.text()
            if decision.why.key == "classic.great_revolution":
                assert decision.move & CARDS_MASK == 15 << (4 * 12)  # the four 2s
            if view.omen:
                assert decision.why.key != "classic.lead.revolution"
            seen.add(decision.why.key)
            match.apply(decision.move)
    assert "classic.great_revolution" in seen


def _bots_decide_agree(names: list[str], rules_name: str, seed: int, deals: int = 5) -> dict[str, int]:
    """Play ``deals`` deals, every move by ``decide``; re-decide each with ``choose`` on the same generator."""
    match = Match(get_rules(rules_name), 4, seed=seed)
    bots = [make_bot(n, **FIXED) if n.split("+")[0] in ("easy", "normal", "hard", "expert") else make_bot(n)
            for n in names]
    keys: dict[str, int] = {}
    ply = 0
    while match.to_act is not None and match.deal_number <= deals:
        seat = match.to_act
        view = match.seat_view(seat)
        decision = decide(bots[seat], view, random.Random(ply))
        assert isinstance(decision, Decision)
        assert decision.move == bots[seat].choose(view, random.Random(ply)), (names[seat], decision.why.text())
        text = decision.why.text()
        assert text and "{" not in text
        if decision.move and "move" in decision.why.params and decision.why.key != "style.hoarder.keep":
            assert decision.why.params["move"] == move_str(decision.move & ~GIVE_FLAG if
                                                           decision.why.key == "classic.gift.weakest" else
                                                           decision.move)
        keys[decision.why.key] = keys.get(decision.why.key, 0) + 1
        match.apply(decision.move)
        ply += 1
    assert match.deal_number > deals or match.to_act is None
    return keys


def test_every_move_of_a_five_deal_match_is_explained() -> None:
    keys = _bots_decide_agree(["classic", "easy+rebel", "learned+hoarder", "normal+bold"], "three-of-clubs", 1)
    assert sum(keys.values()) > 100
    assert any(k.startswith("classic.") for k in keys) and "search.best" in keys and "learned.best" in keys


def test_every_move_is_explained_under_house_rules_at_every_offered_level() -> None:
    names = [n for n in bot_names() if n != "random"]
    keys = _bots_decide_agree((names * 2)[:4], "tavern-jack", 2, deals=2)
    keys |= _bots_decide_agree((names * 2)[4:8], "daifugo", 3, deals=2)
    assert "search.best" in keys


def test_search_quotes_its_own_measured_values() -> None:
    bot = SearchBot("normal", **FIXED, infer=0.25)
    match = Match(get_rules("three-of-clubs"), 4, seed=7)
    checked = 0
    ply = 0
    while match.to_act is not None and checked < 12:
        seat = match.to_act
        view = match.seat_view(seat)
        decision = bot.decide(view, random.Random(ply))
        if decision.why.key == "search.best":
            candidates = distinct_moves(view.legal_masks(), view.rules) if view.phase == "play" else None
            if candidates is not None:
                per_world: list[list[float]] = []
                values = bot.evaluate(view, candidates, random.Random(ply), per_world=per_world)
                ranked = sorted(range(len(candidates)), key=lambda i: (-values[i], i))
                params = decision.why.params
                assert decision.move == candidates[ranked[0]]
                assert params["value"] == round(values[ranked[0]], 2)
                assert params["rival"] == move_str(candidates[ranked[1]])
                assert params["rival_value"] == round(values[ranked[1]], 2)
                assert params["worlds"] == len(per_world) == FIXED["worlds"]
                first = place_values(view)[0]
                wins = sum(w[ranked[0]] == first for w in per_world) / len(per_world)
                assert params["win"] == round(100 * wins)
                checked += 1
        match.apply(decision.move)
        ply += 1
    assert checked >= 5


def test_search_states_the_guess_of_the_hidden_hands_it_counted_in_its_own_deals() -> None:
    bot = SearchBot("normal", **FIXED, infer=0.25)
    match = Match(get_rules("three-of-clubs"), 4, seed=0)
    checked = ply = 0
    while match.to_act is not None and checked < 3:
        view = match.seat_view(match.to_act)
        decision = bot.decide(view, random.Random(ply))
        if decision.why.key == "search.guess":
            params = decision.why.params
            candidates = distinct_moves(view.legal_masks(), view.rules)
            per_world: list[list[float]] = []
            hands: list[list[int]] = []
            values = bot.evaluate(view, candidates, random.Random(ply), per_world=per_world, hands_seen=hands)
            ranked = sorted(range(len(candidates)), key=lambda i: (-values[i], i))
            chosen, rival = ranked[0], ranked[1]
            card = parse_cards(params["card"])
            assert not card & (view.hand | view.played)  # a hidden card, not one it sees
            held = [i for i, deal in enumerate(hands) if deal[params["holder"]] & card]
            assert params["share"] == round(100 * len(held) / len(hands)) >= 50
            assert params["holder"] != view.seat
            edge = [w[chosen] - w[rival] for w in per_world]
            # The choice rests on the guess: better where the card lies there, no better elsewhere.
            assert sum(edge[i] for i in held) > 0 >= sum(e for i, e in enumerate(edge) if i not in held)
            assert f"with seat {params['holder']} in {params['share']} %" in decision.why.text()
            names = ["Ana", "Boris", "Chloé", "Duarte"]
            assert f"with {names[params['holder']]} in" in decision.why.text(names)
            checked += 1
        match.apply(decision.move)
        ply += 1
    assert checked == 3


def test_a_slip_of_the_easy_level_names_the_classic_reason() -> None:
    bot = SearchBot("easy", **FIXED, blunder=1.0)
    match = Match(get_rules("three-of-clubs"), 4, seed=4)
    match.apply(ClassicBot().choose(match.seat_view(match.to_act or 0), random.Random(0)))
    for _ in range(30):
        seat = match.to_act
        assert seat is not None
        view = match.seat_view(seat)
        decision = bot.decide(view, random.Random(1))
        if decision.why.key == "search.slip":
            assert decision.why.cause is not None and decision.why.cause.key.startswith("classic.")
            assert decision.move == ClassicBot().choose(view, random.Random(0))
            assert decision.why.cause.text() in decision.why.text()
            return
        match.apply(decision.move)
    pytest.fail("no slip in 30 moves with a blunder rate of 1")


def _style_overrules(style: str, rules_name: str, seeds: range) -> list[tuple[object, Decision, Decision]]:
    styled = StyledBot(ClassicBot(), style)
    plain = ClassicBot()
    out = []
    for seed in seeds:
        match = Match(get_rules(rules_name), 4, seed=seed)
        while match.to_act is not None and match.deal_number <= 2:
            seat = match.to_act
            view = match.seat_view(seat)
            mine = styled.decide(view, random.Random(0))
            theirs = plain.decide(view, random.Random(0))
            if mine.why.key.startswith("style."):
                out.append((view, mine, theirs))
            match.apply(mine.move)
    return out


def test_the_rebel_starts_every_revolution_it_can() -> None:
    found = _style_overrules("rebel", "revolution", range(40))
    assert found
    for view, mine, _ in found:
        shape = shape_of(mine.move, view.rules.wild_jokers)  # type: ignore[attr-defined]
        assert shape is not None and reverses(shape, view.rules)  # type: ignore[attr-defined]


def test_the_hoarder_keeps_the_high_cards_the_classic_player_would_spend() -> None:
    found = _style_overrules("hoarder", "three-of-clubs", range(10))
    assert found
    for view, mine, theirs in found:
        high = high_cards(view)  # type: ignore[arg-type]
        assert theirs.move & high and not mine.move & high
        assert mine.why.params["wanted"] == move_str(theirs.move)


def test_the_bold_player_answers_where_the_classic_player_passes() -> None:
    found = _style_overrules("bold", "three-of-clubs", range(10))
    answers = [(v, m, t) for v, m, t in found if m.why.key == "style.bold.answer"]
    leads = [(v, m, t) for v, m, t in found if m.why.key == "style.bold.lead"]
    assert answers and leads
    for _view, mine, theirs in answers:
        assert theirs.move == 0 and mine.move != 0
    for _view, mine, theirs in leads:
        assert (mine.move & CARDS_MASK).bit_count() > (theirs.move & CARDS_MASK).bit_count()


def test_styles_are_named_and_unknown_ones_refused() -> None:
    assert make_bot("hard+rebel").name == "hard+rebel"
    assert make_bot("classic", style="bold").name == "classic+bold"
    with pytest.raises(ValueError, match="unknown style 'shy'"):
        make_bot("classic+shy")
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nobody+rebel")


def test_explanations_travel_as_key_and_parameters() -> None:
    why = Explanation("search.slip", {}, Explanation("classic.lead.lowest", {"move": "3c 3d"}))
    data = json.loads(json.dumps(why.to_dict()))
    assert Explanation.from_dict(data) == why
    assert why.text().endswith("leads its lowest combination first: 3c 3d")
    with pytest.raises(ValueError, match=r"unknown explanation key .made\.up."):
        Explanation.from_dict({"key": "made.up", "params": {}})


def test_the_browser_speaks_every_explanation_in_four_languages() -> None:
    i18n = (Path(__file__).parents[1] / "src/president/web/js/i18n.js").read_text(encoding="utf-8")
    for key in TEMPLATES:
        placeholders = set(re.findall(r"\{(\w+)\}", TEMPLATES[key]))
        found = re.findall(r'"why\.' + re.escape(key) + r'":\s*"([^"]*)"', i18n)
        assert len(found) == 4, key
        for text in found:
            assert set(re.findall(r"\{(\w+)\}", text)) == placeholders, (key, text)
