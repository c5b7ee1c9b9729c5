"""Every offered bot, under every preset: only legal moves, and only the view of its own seat.

The fast bots play thousands of deals. The search bots take a good part of a
second per decision by design, so here each makes a few decisions per preset from
positions reached by random play (their own tests go further).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from president import PRESETS, Match, SeatView
from president.bots import Bot
from president.players import bot_names, make_bot

FAST_BOTS = ("random", "classic")
DEALS_PER_PRESET = 500
"""Deals per preset for each fast bot (2000 per bot over the four presets)."""
SLOW_DECISIONS = 2
"""Decisions per preset for every other offered bot."""
SLOW_BOTS = [name for name in bot_names() if name not in FAST_BOTS]


def hide_and_shuffle(match: Match, seat: int, rng: random.Random) -> Match:
    """A copy of ``match`` where the cards ``seat`` cannot see are dealt anew among the other seats."""
    other = match.copy()
    hidden = [c for s in range(match.players) if s != seat for c in range(54) if match.hands[s] >> c & 1]
    rng.shuffle(hidden)
    for s in range(match.players):
        if s == seat:
            continue
        count = match.hands[s].bit_count()
        other.hands[s] = sum(1 << c for c in hidden[:count])
        hidden = hidden[count:]
    return other


def view_fields(view: SeatView) -> dict[str, object]:
    """Every field of a view."""
    return {name: getattr(view, name) for name in SeatView.__slots__}


class Spy:
    """Wraps a bot and checks that what it receives is the view of the seat to act, and nothing more."""

    def __init__(self, bot: Bot, match: Match) -> None:
        self.bot = bot
        self.name = bot.name
        self.match = match
        self.calls = 0

    def choose(self, view: SeatView, rng: random.Random) -> int:
        """Check the view, then ask the wrapped bot."""
        assert type(view) is SeatView
        assert view.seat == self.match.to_act == view.to_act
        assert view.hand == self.match.hands[view.seat]
        if self.calls % 50 == 0:
            assert not any(isinstance(v, Match) for v in view_fields(view).values())
        self.calls += 1
        return self.bot.choose(view, rng)


def test_the_fast_bots_are_offered() -> None:
    assert set(FAST_BOTS) <= set(bot_names())


@pytest.mark.parametrize("rules", sorted(PRESETS))
@pytest.mark.parametrize("name", FAST_BOTS)
def test_bot_plays_only_legal_moves_in_every_preset(name: str, rules: str) -> None:
    preset = PRESETS[rules]
    rng = random.Random(f"{name}/{rules}")
    deals = 0
    seed = 0
    while deals < DEALS_PER_PRESET:
        players = rng.randint(preset.min_players, preset.max_players)
        match = Match(rules, players, seed=seed)
        seed += 1
        spies = [Spy(make_bot(name), match) for _ in range(players)]
        while match.to_act is not None:
            seat = match.to_act
            legal = match.legal_masks()
            move = spies[seat].choose(match.seat_view(seat), rng)
            assert move in legal, f"{name} played an illegal move in {rules} (seed {seed - 1}): {move}"
            match.apply_fast(move)
        deals += match.deal_number
        assert sum(s.calls for s in spies) == len(match.moves)
    assert deals >= DEALS_PER_PRESET


@pytest.mark.parametrize("rules", sorted(PRESETS))
@pytest.mark.parametrize("name", SLOW_BOTS)
def test_slow_bot_makes_legal_decisions_from_its_view(name: str, rules: str) -> None:
    preset = PRESETS[rules]
    rng = random.Random(f"{name}/{rules}")
    driver = make_bot("random")
    for decision in range(SLOW_DECISIONS):
        match = Match(rules, preset.max_players if decision % 2 else preset.min_players, seed=decision)
        for _ in range(rng.randrange(40)):
            seat = match.to_act
            assert seat is not None
            match.apply_fast(driver.choose(match.seat_view(seat), rng))
            if match.deal_number > 1 and match.phase == "exchange":
                break
        seat = match.to_act
        assert seat is not None
        spy = Spy(make_bot(name), match)
        move = spy.choose(match.seat_view(seat), random.Random(decision))
        assert move in match.legal_masks(), f"{name} played an illegal move in {rules}: {move}"


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(FAST_BOTS),
    rules=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 200),
)
def test_decisions_do_not_depend_on_the_cards_a_seat_cannot_see(name: str, rules: str, seed: int, steps: int) -> None:
    preset = PRESETS[rules]
    match = Match(rules, preset.min_players, seed=seed, deals=2)
    rng = random.Random(seed)
    driver = make_bot("random")
    for _ in range(steps):
        seat = match.to_act
        if seat is None:
            break
        match.apply_fast(driver.choose(match.seat_view(seat), rng))
    seat = match.to_act
    if seat is None:
        return
    twin = hide_and_shuffle(match, seat, random.Random(seed + 1))
    view, twin_view = match.seat_view(seat), twin.seat_view(seat)
    assert view_fields(view) == view_fields(twin_view)
    bot = make_bot(name)
    assert bot.choose(view, random.Random(seed)) == bot.choose(twin_view, random.Random(seed))


@pytest.mark.parametrize("name", bot_names())
def test_every_bot_settles_every_owed_move_with_a_legal_move(name: str) -> None:
    bot = make_bot(name)
    for text in ("7c 7d", "10h"):
        match = Match.from_hands("tavern-jack", ["7c 7d 10h 3c 4d 9h Ks", "5c 6c 8c", "5d 6d Kd", "5h 6h Qs"],
                                 leader=0, seven_pass=True, ten_discard=True)
        match.apply(text)
        move = Spy(bot, match).choose(match.seat_view(0), random.Random(0))
        assert move in match.legal_masks(), f"{name} owes a move after {text}, not {move}"
    match = Match.from_hands("tavern-jack", ["Qc Qd 3c 4d 9h", "5c 6c 8c", "5d 6d Kd", "5h 6h Qs"], leader=0,
                             queen_bomber=True)
    match.apply("Qc Qd")
    move = Spy(bot, match).choose(match.seat_view(0), random.Random(0))
    assert move in match.legal_masks(), f"{name} owes a name after Qc Qd, not {move}"
    match = Match.from_hands("tavern-jack", ["3s 4d 9h Kc", "5c 6c 8c", "5d 6d Kd", "5h 6h Qs"], leader=0,
                             salvage=True, spade3_cut=True)
    for text in ("9h", "pass", "pass", "pass", "3s"):
        match.apply(text)
    move = Spy(bot, match).choose(match.seat_view(0), random.Random(0))
    assert move in match.legal_masks(), f"{name} owes a salvage after 3s, not {move}"
    # Three 9s under chestnut picking and Galaxy Express 999: a take, a discard of two, then two more takes.
    match = Match.from_hands("tavern-jack", ["9c 9d 9h 4d 6h Kc", "5c 6c 8c", "5d 6d Kd", "5h 6s Qs"], leader=0,
                             chestnut_picking=True, galaxy_express=True)
    for text in ("4d", "pass", "pass", "pass", "9c 9d 9h"):
        match.apply(text)
    settled = 0
    while match.owed:
        move = Spy(bot, match).choose(match.seat_view(0), random.Random(0))
        assert move in match.legal_masks(), f"{name} owes {match.owed[0]} after three 9s, not {move}"
        match.apply(move)
        settled += 1
    assert settled == 4 and match.to_act == 1
