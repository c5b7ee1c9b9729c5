"""A PettingZoo environment for President: ``president_v0``, a thin adapter over the engine.

::

    from president.env import env
    e = env(rules="daifugo", players=5)      # or pettingzoo.make("aec", ENV_ID, rules="daifugo", players=5)
    e.reset(seed=1)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = e.action_space(agent).sample(mask)
        e.step(action)

Every seat is an agent (``player_0`` … ``player_N``) and acts in turn. An
observation holds only what that seat may see: a flat ``float32`` array whose
named slices are listed by :meth:`raw_env.observation_slices`, and an
``action_mask`` over a fixed action table that lists every move of the rule set
once (the pass, every play, every gift of the exchange); :func:`action_table`,
``env.action_to_move`` and ``env.move_to_action`` convert. Rewards are the points
of each deal as it ends (``reward="deal"``), or, with ``reward="match"``, 1 shared
among the winners when the match ends. ``render_mode="ansi"`` renders the table
as text. Importing this module registers it in PettingZoo's registry as
:data:`ENV_ID`. Needs the ``rl`` extra (numpy, gymnasium, pettingzoo).
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
import pettingzoo
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .cards import DECK_MASKS, iter_cards
from .engine import Match
from .env_observation import ObservationEncoder, takes_from_pile
from .moves import DISCARD_FLAG, GIVE_FLAG, PASS_ON_FLAG, SALVAGE_FLAG, Move, move_of, move_str
from .owed import NAME_MOVES
from .plays import candidate_plays
from .rules import Rules, get_rules


@lru_cache(maxsize=64)
def action_table(rules: Rules, players: int) -> tuple[Move, ...]:
    """Every move of ``rules`` at a table of ``players``, each once: the pass, the plays, the gifts, then the
    pass-ons, the discards, the names and the salvages.

    The plays are those the whole deck can make (every set, run, emperor and joker
    stand-in the rules allow); the gifts every choice of cards for each number of
    cards the exchange gives back at this table size; under ``seven_pass`` and
    ``ten_discard``, every choice of cards for each number a play may owe (1 to the
    most 7s or 10s a play may hold: up to 4); under ``queen_bomber``, the 13 names (``name 3`` … ``name 2``);
    under ``salvage``, ``satan``, ``chestnut_picking`` or ``galaxy_express``, a take of each card of the deck
    (``salvage 3c`` …: 52 entries, 54 with both jokers; several cards owed are taken one at a time). Galaxy Express
    999's discard of two is one of the discards of two cards (listed under it without ``ten_discard`` too).
    """
    deck = DECK_MASKS[rules.jokers]
    out: list[Move] = [move_of(0)]
    out += sorted(candidate_plays(deck, rules))
    cards = list(iter_cards(deck))
    for count in sorted(set(rules.exchange_pairs(players))):
        out += [move_of(sum(1 << c for c in chosen) | GIVE_FLAG) for chosen in combinations(cards, count)]
    most = min(4, rules.max_set)
    for flag, counts in ((PASS_ON_FLAG, range(1, most + 1) if rules.seven_pass else ()),
                         (DISCARD_FLAG, range(1, most + 1) if rules.ten_discard else
                          (2,) if rules.galaxy_express else ())):
        for count in counts:
            out += [move_of(sum(1 << c for c in chosen) | flag) for chosen in combinations(cards, count)]
    if rules.queen_bomber:
        out += NAME_MOVES
    if takes_from_pile(rules):
        out += [move_of(1 << c | SALVAGE_FLAG) for c in cards]
    return tuple(out)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name for the unwrapped class; AECEnv is untyped
    """The President AEC environment without PettingZoo's wrappers (see :func:`env`)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "president_v0", "is_parallelizable": False}

    def __init__(self, rules: str | Rules = "tavern-jack", players: int = 4, reward: str = "deal",
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.rules = get_rules(rules, **options)
        if not self.rules.min_players <= players <= self.rules.max_players:
            raise ValueError(f"{self.rules.name} is played by {self.rules.min_players} to "
                             f"{self.rules.max_players} players, not {players}")
        if reward not in ("deal", "match"):
            raise ValueError(f"reward must be 'deal' or 'match', not {reward!r}")
        if render_mode is not None and render_mode != "ansi":
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.players = players
        self.reward_mode = reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agent_name_mapping = {name: seat for seat, name in enumerate(self.possible_agents)}
        self.actions = action_table(self.rules, players)
        self.action_index = {int(move): index for index, move in enumerate(self.actions)}
        self._encoder = ObservationEncoder(self.rules, players)
        self._slices = self._encoder.layout
        size = self._encoder.size
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.actions),), np.int8),
        })
        self._action_space = spaces.Discrete(len(self.actions))
        self.match: Match | None = None
        self._seeds = np.random.default_rng()
        self._deals_seen = 0
        self._deal_seen = 0
        self._rewarded = False

    # ------------------------------------------------------------ layout

    def observation_slices(self) -> dict[str, slice]:
        """The named slices of the observation array. Seat-indexed slices start with the observing seat.

        ``hand``, ``played`` (this deal), ``table`` (the cards to beat), ``table_stands_for`` (what they stand
        for, jokers replaced), ``given`` and ``received`` (this deal's exchange) and ``must_contain`` have one
        entry per card number; ``table_owner``, ``passed`` and ``finished`` are 0/1 by seat; ``cards_left`` is
        each seat's count over the largest hand dealt; ``titles`` is a place one-hot per seat (last deal);
        ``scores`` each seat's points over the most anyone has (or 0); ``revolution``, ``eleven_back``,
        ``leading`` and ``backwards`` (the direction of play reversed) are flags, ``lock`` the locked suits
        (♣ ♦ ♥ ♠), ``phase`` exchange/play one-hot and ``deal`` the deal number over the match length (or 1);
        under ``seven_pass``, ``ten_discard``, ``galaxy_express``, ``queen_bomber`` or a rule that takes from the
        pile, ``owed`` (what the seat owes now: a count one-hot for a pass-on, then one for a discard, then under
        ``queen_bomber`` a flag for a name, then under ``salvage``, ``satan``, ``chestnut_picking`` or
        ``galaxy_express`` a flag for a take, whose choices are the ``played`` cards not on the ``table`` but those
        of the play that owes it) ends the row.
        """
        return dict(self._slices)

    # ------------------------------------------------------------ PettingZoo API

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` of ``observation`` and ``action_mask`` for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(len(action table))`` for every agent."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match; ``seed`` fixes every deal. None: the next match of the sequence the last seed began
        (Gymnasium's convention: a run seeded once is reproduced reset after reset), or a random one if never seeded.
        """
        if seed is None:
            seed = int(self._seeds.integers(2**62))
        else:
            self._seeds = np.random.default_rng(seed)
        self.match = Match(self.rules, self.players, seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._deals_seen = 0
        self._deal_seen = self.match.deal_number
        self._rewarded = False
        self.agent_selection = self.possible_agents[self.match.to_act or 0]

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an index into the action table)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self.match
        assert match is not None
        if action is None or not 0 <= int(action) < len(self.actions):
            raise ValueError(f"action must be an index from 0 to {len(self.actions) - 1}, not {action!r}")
        match.apply(self.actions[int(action)])
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        if match.deal_number != self._deal_seen or match.is_over:
            self._deal_seen = match.deal_number
            results = match.deal_results
            if self.reward_mode == "deal":
                for result in results[self._deals_seen:]:
                    for seat, points in enumerate(result.points):
                        self.rewards[self.possible_agents[seat]] += float(points)
                        self._rewarded = True
            self._deals_seen = len(results)
        if match.is_over:
            if self.reward_mode == "match":
                for seat in match.winners:
                    self.rewards[self.possible_agents[seat]] += 1.0 / len(match.winners)
                    self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[match.to_act]  # type: ignore[index]
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent``'s seat may see, and its action mask (all zeros when it is not to act)."""
        match = self.match
        assert match is not None, "call reset() first"
        seat = self.agent_name_mapping[agent]
        obs = self._encoder.encode_one(match, seat)
        mask = np.zeros(len(self.actions), np.int8)
        if match.to_act == seat:
            index = self.action_index
            for move in match.legal_moves():
                mask[index[move]] = 1
        return {"observation": obs, "action_mask": mask}

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``); None without a render mode."""
        if self.render_mode is None or self.match is None:
            return None
        match = self.match
        lines = [f"{self.rules.name}, deal {match.deal_number}, {match.phase}"]
        for seat in range(self.players):
            mark = ">" if match.to_act == seat else " "
            lines.append(f"{mark} player_{seat}: {match.hand(seat) or '-'}  ({match.scores[seat]} pts)")
        lines.append(f"  table: {move_str(match.table_move) if match.table_mask else '(empty)'}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""

    # ------------------------------------------------------------ conversions

    def action_to_move(self, action: int) -> Move:
        """The move of an action index."""
        return self.actions[action]

    def move_to_action(self, move: int | str) -> int:
        """The action index of a move (an int or move text such as ``7c 7h``, ``pass``, ``give 3c``)."""
        value = int(Move.parse(move)) if isinstance(move, str) else int(move)
        try:
            return self.action_index[value]
        except KeyError:
            raise ValueError(f"{move_str(value)} is not a move of {self.rules.name}") from None


ENV_ID = "president/president-v0"
"""The id of this environment in PettingZoo's registry: ``pettingzoo.make("aec", ENV_ID, rules=..., players=...)``."""


def env(**kwargs: Any) -> Any:
    """``president_v0`` with PettingZoo's usual wrappers: illegal moves end the game with reward -1 for the mover,
    out-of-range actions are refused, and the order of calls is enforced."""
    environment: Any = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment



class SingleAgentEnv(gym.Env[dict[str, Any], int]):
    """One seat learns, the other seats are registry bots: a Gymnasium environment over :class:`raw_env`.

    ``opponents`` is a bot name for every other seat or a list of names, one per
    other seat in seat order. Each :meth:`step` plays the learner's action, then
    the bots until the learner is to act again or the match ends; the reward is
    the learner's points of the deals that ended meanwhile (or its share of the
    win with ``reward="match"``). :meth:`action_masks` gives the current mask
    (the convention of maskable policy-gradient libraries). An illegal action ends
    the episode with reward -1, as PettingZoo's usual wrapper does.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium declares it an instance variable

    def __init__(self, rules: str | Rules = "tavern-jack", players: int = 4, opponents: str | list[str] = "classic",
                 seat: int = 0, reward: str = "deal", render_mode: str | None = None, **options: Any) -> None:
        from .players import make_bot

        self.inner = raw_env(rules=rules, players=players, reward=reward, render_mode=render_mode, **options)
        if not 0 <= seat < players:
            raise ValueError(f"seat must be from 0 to {players - 1}, not {seat}")
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"give one opponent per other seat: {players - 1}, not {len(names)}")
        others = [s for s in range(players) if s != seat]
        self.bots = {s: make_bot(name) for s, name in zip(others, names, strict=True)}
        self.seat = seat
        self.agent = self.inner.possible_agents[seat]
        self.observation_space = self.inner.observation_space(self.agent)
        self.action_space = self.inner.action_space(self.agent)
        self.render_mode = render_mode
        self._rng = random.Random(0)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new match (``seed`` fixes the deals and the bots' choices; None: the next match of the seeded sequence);
        the bots play up to the learner's turn."""
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**62))
        self.inner.reset(seed=seed)
        self._rng = random.Random(seed)
        reward, _ = self._bots_play()
        return self.inner.observe(self.agent), {"reward_before_first_turn": reward}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The learner's action, then the bots' moves; the learner's reward meanwhile."""
        match = self.inner.match
        assert match is not None, "call reset() first"
        if match.to_act != self.seat:
            raise ValueError("the match is over: call reset()")
        if not 0 <= int(action) < len(self.inner.actions) or not match.is_legal(self.inner.actions[int(action)]):
            # As PettingZoo's TerminateIllegalWrapper does: an illegal action ends the episode, reward -1.
            return self.inner.observe(self.agent), -1.0, True, False, {"illegal_action": int(action)}
        self.inner.step(int(action))
        reward = self.inner.rewards[self.agent]
        more, over = self._bots_play()
        over = over or match.is_over
        return self.inner.observe(self.agent), reward + more, over, False, {}

    def _bots_play(self) -> tuple[float, bool]:
        match = self.inner.match
        assert match is not None
        reward = 0.0
        while not match.is_over and match.to_act != self.seat:
            seat = match.to_act
            assert seat is not None
            move = self.bots[seat].choose(match.seat_view(seat), self._rng)
            self.inner.step(self.inner.action_index[int(move)])
            reward += self.inner.rewards[self.agent]
        return reward, match.is_over

    def action_masks(self) -> Any:
        """The learner's legal actions as a 0/1 array."""
        return self.inner.observe(self.agent)["action_mask"]

    def render(self) -> str | None:
        """The table as text with ``render_mode="ansi"``."""
        return self.inner.render()


if ENV_ID not in pettingzoo.aec_registry:
    pettingzoo.register("aec", ENV_ID, entry_point=f"{__name__}:env")
