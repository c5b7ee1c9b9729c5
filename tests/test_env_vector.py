"""The vector environment: many games of president_v0 stepped together, equal game for game to the single one."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from president.env import raw_env
from president.env_vector import VectorEnv


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly drawn legal action per row (0 for a row with none: a game about to be reset)."""
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks])


@pytest.mark.parametrize(("rules", "players"), [("tavern-jack", 4), ("daifugo", 5), ("race-to-11", 5)])
def test_every_game_equals_the_single_environment_step_for_step(rules: str, players: int) -> None:
    games = VectorEnv(5, rules=rules, players=players, deals=2)
    singles = [raw_env(rules=rules, players=players, deals=2) for _ in range(5)]
    observations, infos = games.reset(seed=7)
    for single, seed in zip(singles, games.match_seeds, strict=True):
        single.reset(seed=int(seed))
    rng = np.random.default_rng(7)
    ended = 0
    for _ in range(400):
        for game, single in enumerate(singles):
            agent = single.agent_selection
            assert infos["seat"][game] == single.agent_name_mapping[agent]
            expected = single.observe(agent)
            assert np.array_equal(observations["observation"][game], expected["observation"])
            assert np.array_equal(observations["action_mask"][game], expected["action_mask"])
        actions = random_legal(observations["action_mask"], rng)
        resetting = [all(single.terminations.values()) for single in singles]
        observations, rewards, terminations, truncations, infos = games.step(actions)
        assert not truncations.any()
        for game, single in enumerate(singles):
            if resetting[game]:
                single.reset(seed=int(games.match_seeds[game]))
                assert not rewards[game].any() and not terminations[game]
                continue
            single.step(int(actions[game]))
            assert list(rewards[game]) == [single.rewards[agent] for agent in single.possible_agents]
            assert terminations[game] == all(single.terminations.values())
            ended += int(terminations[game])
    assert ended >= 3, "the run should see matches end and games start again"


def test_the_same_seed_gives_the_same_games_and_another_seed_others() -> None:
    def run(seed: int) -> list[bytes]:
        games = VectorEnv(4, rules="revolution", players=4, deals=1)
        observations, _ = games.reset(seed=seed)
        rng = np.random.default_rng(0)
        out = [observations["observation"].tobytes()]
        for _ in range(150):
            observations, *_ = games.step(random_legal(observations["action_mask"], rng))
            out.append(observations["observation"].tobytes())
        return out

    assert run(3) == run(3)
    assert run(3)[0] != run(4)[0]


def test_a_bad_action_is_refused_and_changes_nothing() -> None:
    games = VectorEnv(3, rules="tavern-jack", players=4)
    twin = VectorEnv(3, rules="tavern-jack", players=4)
    observations, _ = games.reset(seed=2)
    twin.reset(seed=2)
    legal = random_legal(observations["action_mask"], np.random.default_rng(2))
    illegal = legal.copy()
    illegal[1] = int(np.flatnonzero(observations["action_mask"][1] == 0)[0])
    with pytest.raises(ValueError, match=r"game 1: action .* is not legal"):
        games.step(illegal)
    outside = legal.copy()
    outside[2] = len(games.actions)
    with pytest.raises(ValueError, match="game 2: action must be an index"):
        games.step(outside)
    with pytest.raises(ValueError, match="one action per game"):
        games.step(legal[:2])
    with pytest.raises(ValueError, match="integers"):
        games.step(legal.astype(float))
    after, *_ = games.step(legal)
    expected, *_ = twin.step(legal)
    assert np.array_equal(after["observation"], expected["observation"])
    assert np.array_equal(after["action_mask"], expected["action_mask"])


def test_gymnasium_vector_conventions() -> None:
    games = VectorEnv(8, rules="three-of-clubs", players=4, reward="match", deals=1)
    assert games.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert games.action_space.shape == (8,)
    observations, _ = games.reset(seed=5)
    assert games.observation_space.contains(observations)
    assert observations["observation"].shape == (8, 425)
    rng = np.random.default_rng(5)
    wins = np.zeros(8)
    finished = 0
    for _ in range(300):
        observations, rewards, terminations, _, _ = games.step(random_legal(observations["action_mask"], rng))
        wins += rewards.sum(axis=1)
        finished += int(terminations.sum())
        ends = np.flatnonzero(terminations)
        assert not observations["action_mask"][ends].any(), "a finished game offers no action"
    assert finished > 0
    assert wins.sum() == pytest.approx(finished), "each finished match shares one win among its winners"


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        VectorEnv(0)
    with pytest.raises(ValueError, match="played by"):
        VectorEnv(2, rules="three-of-clubs", players=7)
    with pytest.raises(ValueError, match="reward"):
        VectorEnv(2, reward="score")
    with pytest.raises(ValueError, match="reset"):
        VectorEnv(2).step([0, 0])
