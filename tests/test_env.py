"""The PettingZoo environment president_v0 and its Gymnasium single-agent wrapper."""

from __future__ import annotations

import functools
import random
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from president import Match
from president.env import SingleAgentEnv, action_table, env, raw_env
from president.moves import DISCARD_FLAG, NAME_FLAG, SALVAGE_FLAG, Move, represented
from president.rules import get_rules

TABLES = [("tavern-jack", 4), ("race-to-11", 5), ("revolution", 4), ("three-of-clubs", 4), ("daifugo", 5)]


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_the_pettingzoo_api_and_seed_tests_pass(rules: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's advice to prefer Box observations: ours is a Dict, as chess
        api_test(env(rules=rules, players=players), num_cycles=60)
        seed_test(functools.partial(env, rules=rules, players=players), num_cycles=40)


def test_every_legal_move_has_one_action_and_converts_both_ways() -> None:
    e = raw_env(rules="daifugo", players=5)
    assert len(set(e.actions)) == len(e.actions)
    rng = random.Random(2)
    match = Match("daifugo", 5, seed=2, deals=3)
    while not match.is_over:
        for move in match.legal_moves():
            assert e.action_to_move(e.move_to_action(move)) == move
        match.apply(rng.choice(match.legal_moves()))
    assert e.move_to_action("5h 5s RJ=5c") == e.action_index[int(match.parse_move("5h 5s RJ=5c"))]
    with pytest.raises(ValueError, match="not a move of daifugo"):
        e.move_to_action(1 << 70)


def test_the_action_table_sizes_are_documented() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "env.md").read_text()
    for rules, players in TABLES:
        match = re.search(rf"\| `{rules}` \| {players} \| ([\d,]+) \|", text)
        assert match, f"docs/env.md lists no action count for {rules} at {players}"
        assert int(match.group(1).replace(",", "")) == len(action_table(get_rules(rules), players))


def test_an_observation_holds_nothing_of_the_other_hands() -> None:
    e = raw_env(rules="tavern-jack", players=4)
    e.reset(seed=5)
    match = e.match
    assert match is not None
    rng = random.Random(5)
    for _ in range(40):
        match.apply(rng.choice(match.legal_moves()))
    seen = e.observe("player_0")
    # Swap one card between two other hands: seat 0 cannot tell the difference.
    a, b = match.hands[1], match.hands[2]
    x, y = a & -a, b & -b
    match.hands[1], match.hands[2] = a ^ x | y, b ^ y | x
    match._legal = ()  # the hands were changed behind the engine's back: forget its cached moves
    again = e.observe("player_0")
    assert np.array_equal(seen["observation"], again["observation"])
    hand = e.observation_slices()["hand"]
    assert np.flatnonzero(seen["observation"][hand]).tolist() == [c for c in range(54) if match.hands[0] >> c & 1]


@pytest.mark.parametrize("reward", ["deal", "match"])
def test_rewards_add_up_to_the_scores_or_the_win(reward: str) -> None:
    e = env(rules="three-of-clubs", players=4, reward=reward)
    e.reset(seed=4)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(4)
    for agent in e.agent_iter():
        observation, rewarded, termination, truncation, _ = e.last()
        totals[agent] += rewarded
        if termination or truncation:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    match = e.unwrapped.match
    if reward == "deal":
        assert [totals[a] for a in e.possible_agents] == [float(s) for s in match.scores]
    else:
        assert sum(totals.values()) == pytest.approx(1.0)
        assert all(totals[f"player_{s}"] > 0 for s in match.winners)


def test_an_illegal_action_ends_the_game_with_a_penalty() -> None:
    e = env(rules="tavern-jack", players=4)
    e.reset(seed=1)
    mask = e.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(illegal)
    assert all(e.terminations.values()) and min(e.rewards.values()) == -1


def test_the_single_agent_wrapper_plays_a_match_against_bots() -> None:
    single = SingleAgentEnv(rules="tavern-jack", players=4, opponents="classic", seat=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(single, skip_render_check=True)
    single.reset(seed=8)
    rng = np.random.default_rng(8)
    total, done = 0.0, False
    while not done:
        _, rewarded, done, _, _ = single.step(int(rng.choice(np.flatnonzero(single.action_masks()))))
        total += rewarded
    assert single.inner.match is not None and total == single.inner.match.scores[1]


def test_ansi_render_shows_the_table() -> None:
    e = raw_env(rules="tavern-jack", players=4, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and "player_0" in text and "table: (empty)" in text


def expected_observation(e: raw_env, seat: int) -> np.ndarray:
    """The observation written slice by slice from the seat's view, the plain way."""
    match = e.match
    assert match is not None
    view = match.seat_view(seat)
    n = e.players
    order = [(seat + k) % n for k in range(n)]
    s = e.observation_slices()
    out = np.zeros(max(p.stop for p in s.values()), np.float32)

    def cards(name: str, mask: int) -> None:
        for card in range(54):
            out[s[name].start + card] = mask >> card & 1

    for name, mask in (("hand", view.hand), ("played", view.played), ("table", view.table), ("given", view.given),
                       ("received", view.received), ("must_contain", view.must_contain)):
        cards(name, mask)
    if view.table:
        cards("table_stands_for", represented(match.table_move))
        out[s["table_owner"].start + order.index(view.owner)] = 1
    most = -(-(52 + match.rules.jokers) // n)
    for k, other in enumerate(order):
        out[s["cards_left"].start + k] = min(1, view.counts[other] / most)
        out[s["passed"].start + k] = view.passed >> other & 1
        out[s["finished"].start + k] = other in view.finished or other in view.bottom
        out[s["scores"].start + k] = max(0, view.scores[other] / max(max(view.scores), 1))
        if view.deal_results:
            out[s["titles"].start + k * n + view.deal_results[-1].order.index(other)] = 1
    out[s["revolution"].start] = view.revolution
    out[s["eleven_back"].start] = view.eleven_back
    out[s["backwards"].start] = view.backwards
    for suit in range(4):
        out[s["lock"].start + suit] = view.lock >> suit & 1
    out[s["leading"].start] = not view.table and view.to_act == seat
    if view.owed and view.to_act == seat:
        flag, count, _to, _option = view.owed[0]
        if flag == NAME_FLAG:
            out[s["owed"].start + 8] = 1
        elif flag == SALVAGE_FLAG:
            out[s["owed"].stop - 1] = 1
        else:
            out[s["owed"].start + (4 if flag == DISCARD_FLAG else 0) + min(count, view.counts[seat]) - 1] = 1
    if view.phase != "over":
        out[s["phase"].start + (view.phase == "play")] = 1
    deals = match.rules.deals
    out[s["deal"].start] = min(1, view.deal_number / deals) if deals else 1
    return out


@pytest.mark.parametrize(("rules", "players", "options"), [
    ("revolution", 4, {}), ("daifugo", 5, {}), ("race-to-11", 5, {}),
    ("tavern-jack", 4, {"nine_reverse": True, "six_reverse": True, "five_skip": True}),
    ("tavern-jack", 4, {"seven_pass": True, "ten_discard": True, "runs": True, "max_set": 2}),
    ("tavern-jack", 4, {"queen_bomber": True, "ten_discard": True, "max_set": 2}),
])
def test_observations_hold_each_slice_as_documented(rules: str, players: int, options: dict[str, bool]) -> None:
    e = raw_env(rules=rules, players=players, deals=3, **options)
    e.reset(seed=11)
    match = e.match
    assert match is not None
    rng = random.Random(11)
    while not match.is_over:
        for seat in range(players):
            assert np.array_equal(e.observe(f"player_{seat}")["observation"], expected_observation(e, seat))
        match.apply(rng.choice(match.legal_moves()))


def test_pettingzoo_makes_the_environment_from_its_registry() -> None:
    import pettingzoo

    from president.env import ENV_ID

    made = pettingzoo.make("aec", ENV_ID, rules="daifugo", players=5)
    made.reset(seed=3)
    assert made.unwrapped.rules.name == "daifugo" and made.num_agents == 5
    plain = env(rules="daifugo", players=5)
    plain.reset(seed=3)
    observation, *_ = made.last()
    assert np.array_equal(observation["observation"], plain.last()[0]["observation"])


def test_a_reset_without_seed_continues_the_seeded_sequence_of_matches() -> None:
    def matches_after(seed: int, env_: SingleAgentEnv | raw_env, count: int) -> list[str]:
        env_.reset(seed=seed)
        seen = []
        for _ in range(count):
            env_.reset()
            match = env_.inner.match if isinstance(env_, SingleAgentEnv) else env_.match
            assert match is not None
            seen.append(str(match.hands))
        return seen

    for make in (lambda: SingleAgentEnv(rules="tavern-jack", players=4), lambda: raw_env(rules="tavern-jack")):
        first, again, other = matches_after(3, make(), 3), matches_after(3, make(), 3), matches_after(4, make(), 3)
        assert first == again
        assert len(set(first)) == 3 and not set(first) & set(other)


def play_checking_masks(e: raw_env, seed: int, owed_flag: bool = False, owed_observation: bool = False) -> list[Move]:
    """Play ``e``'s match out from ``reset(seed)`` with random legal moves, checking at each turn that the action
    mask offers exactly the legal moves (and, if asked, that the observation's last owed bit says whether a move is
    owed, and that an owing seat's observation is the one written out by hand); the moves made."""
    e.reset(seed=seed)
    match = e.match
    assert match is not None
    rng = random.Random(seed)
    made: list[Move] = []
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        observed = e.observe(f"player_{seat}")
        mask = observed["action_mask"]
        assert sorted(e.action_to_move(int(i)) for i in np.flatnonzero(mask)) == sorted(match.legal_moves())
        if owed_flag:
            assert observed["observation"][e.observation_slices()["owed"].stop - 1] == bool(match.owed)
        if owed_observation and match.owed:
            assert np.array_equal(observed["observation"], expected_observation(e, seat))
        move = rng.choice(match.legal_moves())
        made.append(move)
        match.apply(move)
    return made


def test_the_action_table_holds_every_pass_on_and_discard_a_play_may_owe() -> None:
    e = raw_env(rules="tavern-jack", players=4, seven_pass=True, ten_discard=True, max_set=2)
    plain = raw_env(rules="tavern-jack", players=4, max_set=2)
    assert len(e.actions) == len(plain.actions) + 2 * (52 + 52 * 51 // 2)
    assert e.observation_slices()["owed"].stop == plain.observation_slices()["backwards"].stop + 8
    assert "owed" not in plain.observation_slices()
    assert e.action_to_move(e.move_to_action("pass-on 3c 2s")) == Move.parse("pass-on 2s 3c")
    moves = play_checking_masks(e, 2)
    assert any(move.is_pass_on or move.is_discard for move in moves)


def test_the_action_table_holds_the_13_names_of_the_q_bomber_and_the_mask_offers_them_when_owed() -> None:
    e = raw_env(rules="tavern-jack", players=4, queen_bomber=True)
    plain = raw_env(rules="tavern-jack", players=4)
    assert [str(m) for m in e.actions[len(plain.actions):]] == [f"name {r}" for r in (
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")]
    assert e.observation_slices()["owed"].stop == plain.observation_slices()["backwards"].stop + 9
    moves = play_checking_masks(e, 4, owed_flag=True)
    assert any(move.is_name for move in moves)


def test_the_action_table_holds_a_salvage_of_each_card_and_the_mask_offers_the_pile_when_owed() -> None:
    e = raw_env(rules="tavern-jack", players=4, salvage=True, spade3_cut=True, runs=True)
    plain = raw_env(rules="tavern-jack", players=4, spade3_cut=True, runs=True)
    added = [str(m) for m in e.actions[len(plain.actions):]]
    assert len(added) == 52 and added[0] == "salvage 3c" and added[-1] == "salvage 2s"
    assert e.observation_slices()["owed"].stop == plain.observation_slices()["backwards"].stop + 9
    moves = play_checking_masks(e, 6, owed_flag=True, owed_observation=True)
    assert any(move.is_salvage for move in moves)


def test_the_takes_after_a_play_are_the_salvages_of_the_table_one_card_a_move() -> None:
    e = raw_env(rules="tavern-jack", players=4, satan=True, chestnut_picking=True, galaxy_express=True)
    plain = raw_env(rules="tavern-jack", players=4)
    added = [str(m) for m in e.actions[len(plain.actions):]]
    # Galaxy Express 999's discard of two (every choice of two cards), then a take of each card.
    assert len(added) == 52 * 51 // 2 + 52 and added[0] == "discard 3c 3d" and added[-1] == "salvage 2s"
    assert e.observation_slices()["owed"].stop == plain.observation_slices()["backwards"].stop + 9
    e.reset(seed=0)
    match = e.match
    assert match is not None
    rng = random.Random(0)
    taken = set()
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        observed = e.observe(f"player_{seat}")
        mask = observed["action_mask"]
        assert sorted(e.action_to_move(int(i)) for i in np.flatnonzero(mask)) == sorted(match.legal_moves())
        if match.owed:
            assert np.array_equal(observed["observation"], expected_observation(e, seat))
            if match.owed[0][0] == SALVAGE_FLAG:
                taken.add(match.owed[0][3])
        moves = match.legal_moves()
        match.apply(max(moves, key=lambda m: m.cards.bit_count()) if rng.random() < 0.7 else rng.choice(moves))
    assert taken == {"satan", "chestnut_picking", "galaxy_express"}
