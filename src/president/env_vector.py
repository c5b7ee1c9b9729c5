"""Many games of ``president_v0`` stepped together: :class:`VectorEnv`, batched as numpy arrays.

::

    import numpy as np
    from president.env_vector import VectorEnv

    games = VectorEnv(num_envs=64, rules="tavern-jack", players=4)
    observations, infos = games.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(1000):
        actions = [rng.choice(np.flatnonzero(row)) for row in observations["action_mask"]]
        observations, rewards, terminations, truncations, infos = games.step(actions)

It follows Gymnasium's vector API (``reset``/``step``, ``num_envs``, the single
and batched spaces, ``metadata["autoreset_mode"]``, next-step autoreset). Each
game is a turn-based match: its row of the batch is the observation and action
mask of the seat to act, exactly what ``raw_env.observe`` gives that seat, and
``infos["seat"]`` says which seat it is. Because every seat of a game scores,
``rewards`` has one column per seat: shape ``(num_envs, players)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymVectorEnv
from gymnasium.vector.utils import batch_space

from .engine import Match
from .env import action_table
from .env_observation import ObservationEncoder
from .moves import Move
from .rules import get_rules


class VectorEnv(GymVectorEnv[dict[str, np.ndarray], np.ndarray, np.ndarray]):
    """``num_envs`` matches of one rule set, each stepped once per :meth:`step` by its seat to act.

    ``rules``, ``players``, ``reward`` and the house-rule ``options`` are those of
    :class:`president.env.raw_env`. Observations are ``{"observation": float32
    (num_envs, size), "action_mask": int8 (num_envs, actions)}``; ``actions`` are
    indices into the same action table as the single environment's.

    Autoreset is next-step (Gymnasium's default): the step that ends a match
    returns ``terminations[i] = True`` with the final observation of the seat that
    moved last (an all-zero mask); the next step ignores that game's action, starts
    its next match and returns its first observation with zero rewards.

    Seeding: ``reset(seed=s)`` makes every match of every game reproducible. Each
    new match of game ``i`` takes its seed from one generator seeded by ``s``;
    ``match_seeds[i]`` is the seed of game ``i``'s current match, and
    ``raw_env.reset(seed=match_seeds[i])`` starts the same match.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 - Gymnasium's name

    def __init__(self, num_envs: int, rules: str = "tavern-jack", players: int = 4, reward: str = "deal",
                 **options: Any) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        self.rules = get_rules(rules, **options)
        if not self.rules.min_players <= players <= self.rules.max_players:
            raise ValueError(f"{self.rules.name} is played by {self.rules.min_players} to "
                             f"{self.rules.max_players} players, not {players}")
        if reward not in ("deal", "match"):
            raise ValueError(f"reward must be 'deal' or 'match', not {reward!r}")
        self.num_envs = num_envs
        self.players = players
        self.reward_mode = reward
        self.actions = action_table(self.rules, players)
        self.action_index = {int(move): index for index, move in enumerate(self.actions)}
        self._encoder = ObservationEncoder(self.rules, players)
        size, count = self._encoder.size, len(self.actions)
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (count,), np.int8),
        })
        self.single_action_space = spaces.Discrete(count)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.matches: list[Match] = []
        self.match_seeds = np.zeros(num_envs, np.int64)
        self._seeds = np.random.default_rng()
        self._deals_seen = [0] * num_envs
        self._deal_now = [0] * num_envs
        self._done = [False] * num_envs
        self._seat = [0] * num_envs

    def observation_slices(self) -> dict[str, slice]:
        """The named slices of an observation row (see ``raw_env.observation_slices``)."""
        return dict(self._encoder.layout)

    def action_to_move(self, action: int) -> int:
        """The move of an action index."""
        return int(self.actions[action])

    def _new_match(self, game: int) -> None:
        seed = int(self._seeds.integers(2**62))
        self.match_seeds[game] = seed
        match = Match(self.rules, self.players, seed)
        if game < len(self.matches):
            self.matches[game] = match
        else:
            self.matches.append(match)
        self._deals_seen[game] = 0
        self._deal_now[game] = match.deal_number
        self._done[game] = False
        self._seat[game] = match.to_act or 0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a new match in every game; ``seed`` fixes them all and every match after them."""
        self._seeds = np.random.default_rng(seed)
        for game in range(self.num_envs):
            self._new_match(game)
        return self._observe(), {"seat": np.array(self._seat)}

    def step(self, actions: Sequence[int] | np.ndarray
             ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action of each game's seat to act; observations, rewards by seat, terminations, truncations, infos.

        Raises ``ValueError`` and changes nothing when an action is outside the
        action table or not legal in its game (games being reset ignore theirs).
        """
        if not self.matches:
            raise ValueError("call reset() first")
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,):
            raise ValueError(f"give one action per game: shape ({self.num_envs},), not {chosen.shape}")
        if chosen.dtype.kind not in "iu":
            raise ValueError(f"actions must be integers, not {chosen.dtype}")
        table, done, matches = self.actions, self._done, self.matches
        moves: list[Move | None] = []
        for game, (action, match) in enumerate(zip(chosen.tolist(), matches, strict=True)):
            if done[game]:
                moves.append(None)
                continue
            if not 0 <= action < len(table):
                raise ValueError(f"game {game}: action must be an index from 0 to {len(table) - 1}, not {action}")
            move = table[action]
            if move not in match.legal_moves():
                raise ValueError(f"game {game}: action {action} ({move}) is not legal for seat {match.to_act}")
            moves.append(move)
        rewards = np.zeros((self.num_envs, self.players), np.float32)
        terminations = np.zeros(self.num_envs, np.bool_)
        seats, deal_now = self._seat, self._deal_now
        for game, move in enumerate(moves):
            match = matches[game]
            if move is None:
                self._new_match(game)
                continue
            match.apply(move)
            to_act = match.to_act
            if to_act is not None:
                seats[game] = to_act
                if match.deal_number == deal_now[game]:
                    continue
            # A deal ended (or the match): its points, and the end of the match.
            self._score(game, match, rewards[game])
            terminations[game] = to_act is None
        truncations = np.zeros(self.num_envs, np.bool_)
        return self._observe(), rewards, terminations, truncations, {"seat": np.array(seats)}

    def _score(self, game: int, match: Match, rewards: np.ndarray) -> None:
        """Add the points of the deals that ``game`` ended to its ``rewards`` row; mark a match that ended."""
        self._deal_now[game] = match.deal_number
        results = match.deal_results
        if self.reward_mode == "deal":
            for result in results[self._deals_seen[game]:]:
                rewards += result.points
        self._deals_seen[game] = len(results)
        if match.is_over:
            if self.reward_mode == "match":
                for seat in match.winners:
                    rewards[seat] += 1.0 / len(match.winners)
            self._done[game] = True

    def _observe(self) -> dict[str, np.ndarray]:
        """Every game's observation and mask for its seat in ``_seat`` (the seat to act, or the last mover)."""
        observations = self._encoder.encode(self.matches, self._seat)
        width = len(self.actions)
        mask = np.zeros((self.num_envs, width), np.int8)
        index = self.action_index
        flat: list[int] = []
        for game, (match, over) in enumerate(zip(self.matches, self._done, strict=True)):
            if not over:
                base = game * width
                flat += [base + index[move] for move in match.legal_moves()]
        mask.reshape(-1)[flat] = 1
        return {"observation": observations, "action_mask": mask}

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""
