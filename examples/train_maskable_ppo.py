#!/usr/bin/env python3
"""Train a masked-action policy for one seat of President with sb3-contrib's MaskablePPO.

The learner plays seat 0 of :class:`president.env.SingleAgentEnv` against registry
bots; MaskablePPO reads the legal actions from the environment's ``action_masks()``,
so the policy never picks an illegal move. Every ``--eval-every`` steps the policy
(greedy: the likeliest legal action) plays the same seeded matches against
``random`` and against ``classic`` opponents, and the mean points per deal of
its seat are printed: the learning curve. Needs ``pip install 'president[train]'``.

    python examples/train_maskable_ppo.py --steps 200000 --eval-every 20000 --csv curve.csv
"""

from __future__ import annotations

import argparse
import csv
import sys
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from president.env import SingleAgentEnv


class FlatObservation(gym.ObservationWrapper[np.ndarray, int, dict[str, Any]]):
    """The observation array alone (the mask goes to MaskablePPO through ``action_masks()``)."""

    def __init__(self, env: SingleAgentEnv) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]

    def observation(self, observation: dict[str, Any]) -> np.ndarray:
        """The flat observation of the learner's seat."""
        return np.asarray(observation["observation"])

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions."""
        return np.asarray(self.env.unwrapped.action_masks(), dtype=bool)  # type: ignore[attr-defined]


def make_env(rules: str, opponents: str, seed: int) -> FlatObservation:
    """The learner at seat 0 of ``rules`` at four players, the other seats played by ``opponents``."""
    environment = FlatObservation(SingleAgentEnv(rules=rules, players=4, opponents=opponents))
    environment.reset(seed=seed)
    return environment


def evaluate(model: MaskablePPO, rules: str, opponents: str, matches: int, seed: int) -> float:
    """Mean points per deal of the learner's seat over ``matches`` seeded matches, greedy play."""
    environment = make_env(rules, opponents, seed)
    points = 0.0
    deals = 0
    for match in range(matches):
        observation, info = environment.reset(seed=seed * 100_003 + match)
        points += info["reward_before_first_turn"]
        done = False
        while not done:
            action, _ = model.predict(observation, action_masks=environment.action_masks(), deterministic=True)
            observation, reward, done, _, _ = environment.step(int(action))
            points += float(reward)
        match_state = environment.unwrapped.inner.match  # type: ignore[attr-defined]
        deals += len(match_state.deal_results)
    return points / deals


def baseline(rules: str, opponents: str, matches: int, seed: int) -> float:
    """Mean points per deal of a seat choosing uniformly among its legal actions, on the same matches."""
    environment = make_env(rules, opponents, seed)
    rng = np.random.default_rng(seed)
    points = 0.0
    deals = 0
    for match in range(matches):
        _, info = environment.reset(seed=seed * 100_003 + match)
        points += info["reward_before_first_turn"]
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(environment.action_masks())))
            _, reward, done, _, _ = environment.step(action)
            points += float(reward)
        deals += len(environment.unwrapped.inner.match.deal_results)  # type: ignore[attr-defined]
    return points / deals


class Curve(BaseCallback):
    """Evaluates the policy every ``every`` steps against each opponent and records the rows."""

    def __init__(self, every: int, rules: str, matches: int, seed: int, echo: bool) -> None:
        super().__init__()
        self.every, self.rules, self.matches, self.seed, self.echo = every, rules, matches, seed, echo
        self.rows: list[dict[str, float]] = []
        self._next = every

    def record(self) -> None:
        """Evaluate now and keep the row."""
        row = {"steps": float(self.num_timesteps)}
        for opponents in ("random", "classic"):
            row[opponents] = evaluate(self.model, self.rules, opponents, self.matches, self.seed)  # type: ignore[arg-type]
        self.rows.append(row)
        if self.echo:
            print(f"{int(row['steps']):>9,}  vs random {row['random']:.3f}  vs classic {row['classic']:.3f}",
                  flush=True)

    def _on_step(self) -> bool:
        if self.num_timesteps >= self._next:
            self._next += self.every
            self.record()
        return True


def train(steps: int, rules: str = "tavern-jack", opponents: str = "random", seed: int = 0,
          n_steps: int = 1024, batch_size: int = 256, hidden: int = 128, learning_rate: float = 3e-4,
          curve: Curve | None = None) -> MaskablePPO:
    """Train MaskablePPO for ``steps`` learner decisions against ``opponents`` (one thread, seeded)."""
    torch.set_num_threads(1)
    model = MaskablePPO(
        "MlpPolicy", make_env(rules, opponents, seed), n_steps=n_steps, batch_size=batch_size,
        learning_rate=learning_rate, gamma=0.99, ent_coef=0.01, seed=seed, device="cpu",
        policy_kwargs={"net_arch": [hidden, hidden]}, verbose=0,
    )
    model.learn(total_timesteps=steps, callback=curve)
    return model


def main() -> int:
    """Train, printing the curve; write it as CSV with ``--csv``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=200_000, help="learner decisions to train on")
    parser.add_argument("--rules", default="tavern-jack")
    parser.add_argument("--opponents", default="random", help="registry bot at the other seats while training")
    parser.add_argument("--eval-every", type=int, default=20_000)
    parser.add_argument("--eval-matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--csv", metavar="FILE", help="write the curve here")
    parser.add_argument("--save", metavar="FILE.zip", help="save the trained model")
    args = parser.parse_args()
    print(f"a random seat scores {baseline(args.rules, 'random', args.eval_matches, args.seed):.3f} a deal against "
          f"random, {baseline(args.rules, 'classic', args.eval_matches, args.seed):.3f} against classic", flush=True)
    curve = Curve(args.eval_every, args.rules, args.eval_matches, args.seed, echo=True)
    model = train(args.steps, args.rules, args.opponents, args.seed, curve=curve)
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, ["steps", "random", "classic"])
            writer.writeheader()
            writer.writerows(curve.rows)
    if args.save:
        model.save(args.save)
    return 0


if __name__ == "__main__":
    sys.exit(main())
