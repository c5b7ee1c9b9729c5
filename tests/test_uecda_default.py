"""The ``uecda-default`` bot, our model of the UECda sample client, clause by clause; the search's opponent models."""

from __future__ import annotations

import random

import pytest

from president import Match
from president.bots.uecda_default import UecdaDefaultBot, sample_choice, sample_gift
from president.cards import parse_cards
from president.commands.uecda import client_bot
from president.moves import CARDS_MASK, PASS, Move, move_str
from president.players import make_bot
from president.rules import get_rules
from president.search.expert import SearchBot
from president.search.inference import HistoryModel
from president.search.opponents import (
    ADAPT_AFTER,
    NOISE_FLOOR,
    UECDA_DEFAULT,
    ModelTally,
    register_model,
    seat_models,
    with_opponents,
)


def choice(hand: str, table: str = "", revolution: bool = False, lock: bool = False) -> str:
    return move_str(sample_choice(parse_cards(hand), int(Move.parse(table)) if table else 0, revolution, lock))


@pytest.mark.parametrize(("hand", "expected"), [
    ("5s 6s 7s 9h", "5s 6s 7s"),                       # the longest run first
    ("5s 6s 7s 9h RJ", "5s 6s 7s RJ=4s"),              # the joker extends it, from its lowest start
    ("3c 4c 5c 6c 9h 9d 9s", "3c 4c 5c 6c"),           # a run before a bigger set
    ("5s 5h 9h 9c 9d Kd", "9c 9d 9h"),                 # else the biggest set, not the lowest
    ("5s 9h Kd RJ", "5s RJ=5h"),                       # the joker makes the lowest card a pair
    ("4c 9h Kd", "4c"),                                # else the lowest card
    ("RJ", "RJ"),                                      # else the joker alone
])
def test_a_lead(hand: str, expected: str) -> None:
    assert choice(hand) == expected


def test_in_a_revolution_it_leads_the_highest() -> None:
    assert choice("4c 9h Kd", revolution=True) == "Kd"
    assert choice("4c 4d 9h 9d Kd", revolution=True) == "9d 9h"


@pytest.mark.parametrize(("hand", "table", "expected"), [
    ("4c 5s 9h Kd", "6d", "9h"),                       # the lowest card above the table
    ("4c 5s 9h 9d Kd Ks", "6d", "pass"),               # it breaks no pair for a single
    ("7c 8c 9c Jh", "6d", "Jh"),                       # nor a run
    ("4c 7c 7d RJ", "6d", "RJ"),                       # with no loose card above, the joker alone
    ("9h 9d Kd Ks", "6d 6c", "9d 9h"),                 # the lowest pair above
    ("9h 9d 9s Kd Ks", "6d 6c", "Kd Ks"),              # never a card of a triple for a pair
    ("4c 5s 9h Kd RJ", "6d 6c", "9h RJ=9s"),           # one card and the joker, in its first free row
    ("5c 6c 7c 8c 9c", "3d 4d 5d", "7c 8c 9c"),        # the top of a longer run
    ("4c 5s 9h Kd", "Ad", "pass"),
])
def test_an_answer(hand: str, table: str, expected: str) -> None:
    assert choice(hand, table) == expected


def test_an_answer_keeps_to_the_lock_and_in_a_revolution_goes_below() -> None:
    assert choice("9h Jd Kc", "6d", lock=True) == "Jd"
    assert choice("4s 5s 9h Kd", "6d", revolution=True) == "5s"


def test_it_gives_back_its_lowest_cards_spade_first_never_the_joker() -> None:
    assert move_str(sample_gift(parse_cards("3c 3s 4d 5h RJ"), 2)) == "3c 3s"
    assert move_str(sample_gift(parse_cards("8c 9d RJ"), 1)) == "8c"


def test_a_choice_the_rules_refuse_is_a_pass() -> None:
    # Its joker goes below its 7c 8c, as the 6c, so its run does not lie wholly above 4d 5d 6d.
    hand = parse_cards("7c 8c RJ 9h")
    table = Move.parse("4d 5d 6d")
    match = Match.from_hands(get_rules("daifugo"), [parse_cards("4d 5d 6d 2s"), hand, parse_cards("3h"),
                                                    parse_cards("3s"), parse_cards("3d")], leader=0)
    match.apply(int(table))
    view = match.seat_view(1)
    assert choice("7c 8c RJ 9h", "4d 5d 6d") == "7c 8c RJ=6c"
    assert sample_choice(hand, int(table), False, False) not in view.legal_masks()
    assert int(Move.parse("7c 8c RJ=9c")) in view.legal_masks()
    assert UecdaDefaultBot().choose(view, random.Random(0)) == PASS


def test_it_plays_daifugo_deals_with_legal_moves() -> None:
    rng = random.Random(3)
    bot = make_bot("uecda-default")
    for seed in range(3):
        match = Match("daifugo", 5, seed=seed)
        while not match.deal_results:
            seat = match.to_act
            assert seat is not None
            move = bot.choose(match.seat_view(seat), rng)
            assert move in match.seat_view(seat).legal_masks()
            match.apply(move)


def test_the_playouts_play_each_other_seat_by_its_model() -> None:
    calls: list[int] = []

    def base(*args: object) -> int:
        return 0

    def house(match: Match, seat: int, moves: object, rng: random.Random) -> int:
        calls.append(seat)
        return 0

    base.house = house  # type: ignore[attr-defined]
    hands = [parse_cards("3h 4h"), parse_cards("5s 9h Kd"), parse_cards("6c 8d"), parse_cards("7c"),
             parse_cards("Jd")]
    match = Match.from_hands(get_rules("daifugo"), hands, leader=1)
    policy = with_opponents(base, 0, seat_models(("classic", UECDA_DEFAULT, "classic", "classic", "classic"), 5))
    rng = random.Random(0)
    moves = match.legal_masks()
    assert policy.house(match, 1, moves, rng) == int(Move.parse("5s"))  # type: ignore[attr-defined]
    assert policy.house(match, 2, moves, rng) == 0 and calls == [2]  # type: ignore[attr-defined]
    # A registered model (a learned policy, say) plays its seat the same way.
    register_model("test-strongest", lambda m, seat, legal: max(legal, key=lambda mv: mv & CARDS_MASK))
    policy = with_opponents(base, 0, seat_models(("classic", "test-strongest", "classic", "classic", "classic"), 5))
    assert policy.house(match, 1, moves, rng) == int(Move.parse("Kd"))  # type: ignore[attr-defined]
    assert SearchBot(opponents="test-strongest").opponents == "test-strongest"
    with pytest.raises(ValueError, match="built-in"):
        register_model(UECDA_DEFAULT, lambda m, seat, legal: None)


def test_the_inference_weighs_a_seat_by_its_model() -> None:
    # Seat 1 led 9h 9d while holding 4c: the sample client leads its biggest set, classic its lowest card.
    rules = get_rules("daifugo")
    hands = [parse_cards("3h 3d Qs"), parse_cards("4c 9h 9d Ks"), parse_cards("6c 8d"), parse_cards("7c Jc"),
             parse_cards("Jd Qd")]
    match = Match.from_hands(rules, hands, leader=1)
    match.apply(int(Move.parse("9d 9h")))
    view = match.seat_view(2)
    now = list(match.hands)
    plain = HistoryModel(view, now, 0.1)
    modelled = HistoryModel(view, now, 0.1, seat_models(UECDA_DEFAULT, 5))
    assert modelled.seat_factor(1, now[1]) > 0.9 > plain.seat_factor(1, now[1])


def test_the_opponents_option_reaches_the_search_and_refuses_unknown_models() -> None:
    bot = client_bot("expert-plain", worlds=10, opponents="uecda-default")
    assert isinstance(bot, SearchBot) and bot.opponents == "uecda-default"
    with pytest.raises(ValueError, match="--opponents nobody: the models are classic, uecda-default"):
        client_bot("expert-plain", opponents="nobody")
    with pytest.raises(ValueError, match="unknown opponent model 'nobody'"):
        SearchBot(opponents=["classic", "nobody"])


@pytest.mark.parametrize("name", ["classic", "uecda-default"])
def test_the_tally_finds_the_model_each_player_follows(name: str) -> None:
    bot = make_bot(name)
    rng = random.Random(5)
    tally = ModelTally()
    for seed in range(4):
        match = Match("daifugo", 5, seed=seed)
        while match.phase != "play":
            seat = match.to_act
            assert seat is not None
            match.apply(bot.choose(match.seat_view(seat), rng))
        start = match.copy()
        history = []
        while not match.deal_results:
            seat = match.to_act
            assert seat is not None
            move = bot.choose(match.seat_view(seat), rng)
            history.append((seat, move))
            match.apply(move)
        tally.observe(start, history, [10, 11, 12, 13, 14], me=0)
    assert 10 not in tally.scored and min(tally.scored.values()) >= ADAPT_AFTER
    other = "classic" if name == "uecda-default" else "uecda-default"
    for player in (11, 12, 13, 14):
        assert tally.agreed[player][name] == tally.scored[player]
        assert tally.best(player) == name
        # The model that never missed is trusted almost fully; the other keeps at most the search's own noise.
        missed = tally.scored[player] - tally.agreed[player][other]
        assert tally.noise(player, name, 0.25) == pytest.approx(max(NOISE_FLOOR, 1 / (tally.scored[player] + 2)))
        assert tally.noise(player, other, 0.25) == min(0.25, (missed + 1) / (tally.scored[player] + 2))
    assert tally.noise(99, name, 0.25) == 0.25  # a player never scored


def test_each_seat_is_weighed_with_its_own_noise() -> None:
    rules = get_rules("daifugo")
    hands = [parse_cards("3h 3d Qs"), parse_cards("4c 9h 9d Ks"), parse_cards("6c 8d"), parse_cards("7c Jc"),
             parse_cards("Jd Qd")]
    match = Match.from_hands(rules, hands, leader=1)
    match.apply(int(Move.parse("9d 9h")))  # not what classic leads: it weighs the true hands by the noise
    view = match.seat_view(2)
    now = list(match.hands)
    mixed = HistoryModel(view, now, (0.25, 0.01, 0.25, 0.25, 0.25))
    assert mixed.seat_factor(1, now[1]) == HistoryModel(view, now, 0.01).seat_factor(1, now[1])
    assert mixed.seat_factor(1, now[1]) < HistoryModel(view, now, 0.25).seat_factor(1, now[1]) / 10
