"""Playouts in which the searching seat follows the learned policy.

The search (:class:`president.search.expert.SearchBot`) plays each candidate
move out in many guessed deals. Here the other seats keep the fast noisy
``classic`` policy, but the searching seat plays what the learned policy
prefers, so that a candidate is judged by how well the seat can go on from it,
not by how ``classic`` would go on. One network evaluation per decision would
cost more than the rest of a playout; so the playouts of a batch of guessed
deals advance together, and every decision of the seat that they reach at the
same step is scored in one evaluation.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..cards import DECK_MASKS
from ..engine import Match, PlayoutPolicy
from ..rules import Rules
from ..search.expert import LEVELS, SearchBot, noisy_classic_policy
from ..search.kinds import distinct_moves
from .bot import shipped_model
from .features import feature_parts
from .model import Network, load_model


@dataclass(frozen=True, slots=True)
class PlayoutPosition:
    """The searching seat's decision in a playout, with the fields :func:`move_features` reads.

    Built from the guessed deal but holding only what the seat may know: its
    hand, the cards out of play, the table, the others' card counts.
    """

    rules: Rules
    seat: int
    players: int
    hand: int
    played: int
    table: int
    table_rank: int
    table_count: int
    counts: tuple[int, ...]
    revolution: bool
    must_contain: int
    eleven_back: bool = False
    table_move: int = 0

    @classmethod
    def of(cls, sim: Match, seat: int) -> PlayoutPosition:
        """The position of ``seat`` in ``sim`` (seed rules: no house-rule state)."""
        return cls.from_key(sim, position_key(sim, seat))

    @classmethod
    def from_key(cls, sim: Match, key: tuple[Any, ...]) -> PlayoutPosition:
        """The position whose :meth:`key` is ``key`` (from :func:`position_key`) in ``sim``."""
        seat, hand, played, table, counts, revolution, must = key
        return cls(
            rules=sim.rules, seat=seat, players=sim.players, hand=hand, played=played, table=table,
            table_rank=(table.bit_length() - 1) >> 2 if table else -1, table_count=table.bit_count(),
            counts=counts, revolution=revolution, must_contain=must,
        )

    def key(self) -> tuple[Any, ...]:
        """Everything the features read that may differ between two positions of one search."""
        return (self.seat, self.hand, self.played, self.table, self.counts, self.revolution, self.must_contain)


def position_key(sim: Match, seat: int) -> tuple[Any, ...]:
    """:meth:`PlayoutPosition.key` of ``seat``'s position in ``sim``, without building the position."""
    hands = sim.hands
    everyone = 0
    for hand in hands:
        everyone |= hand
    return (seat, hands[seat], DECK_MASKS[sim.rules.jokers] & ~everyone, sim.table_mask,
            tuple(hand.bit_count() for hand in hands), sim.revolution, sim.must_contain)


def _finish(sim: Match, seat: int, policy: PlayoutPolicy, rng: random.Random) -> tuple[int, ...] | list[int]:
    """Play ``sim`` on until ``seat`` has a choice to make: the deal's order if it ends first, else its moves."""
    while True:
        if sim.is_over:
            return sim.deal_results[-1].order
        order = sim.playout_until(seat, policy, rng)
        if order is not None:
            return order
        moves = distinct_moves(sim.legal_masks(), sim.rules)
        if len(moves) > 1:
            return moves
        sim.apply_fast(moves[0])


Known = dict[tuple[Any, ...], int]
"""The policy's choices by position (see :func:`play_together`)."""


def play_together(sims: Sequence[Match], seat: int, net: Network, policy: PlayoutPolicy,
                  rng: random.Random, known: Known | None = None) -> list[tuple[int, ...]]:
    """Play every match of ``sims`` to the end of its deal; returns each one's finishing order.

    ``seat`` plays the move ``net`` scores best at each of its decisions with a
    choice, the other seats follow ``policy``. The decisions the playouts reach
    in the same round are scored in one evaluation of ``net``. ``known``, when
    given, keeps the choices by position (everything the features read), so
    that a position met again is not scored again.
    """
    orders: list[tuple[int, ...]] = [()] * len(sims)
    live = list(range(len(sims)))
    known = {} if known is None else known
    while live:
        going_on: list[int] = []
        scored: list[tuple[int, list[int], tuple[Any, ...]]] = []
        for k in live:
            sim = sims[k]
            result = _finish(sim, seat, policy, rng)
            if isinstance(result, tuple):
                orders[k] = result
                continue
            going_on.append(k)
            key = position_key(sim, seat)
            choice = known.get(key)
            if choice is None:
                scored.append((k, result, key))
            else:
                sim.apply_fast(result[choice])
        if scored:
            positions: list[list[float]] = []
            rows: list[list[float]] = []
            owners: list[int] = []
            for j, (k, moves, key) in enumerate(scored):
                position, move_rows = feature_parts(PlayoutPosition.from_key(sims[k], key), moves)
                positions.append(position)
                rows += move_rows
                owners += [j] * len(moves)
            scores = net.scores_in_parts(np.array(positions, dtype=np.float32), np.array(rows, dtype=np.float32),
                                         np.array(owners))
            start = 0
            for k, moves, key in scored:
                best = int(np.argmax(scores[start:start + len(moves)]))
                known[key] = best
                sims[k].apply_fast(moves[best])
                start += len(moves)
        live = going_on
    return orders


POLICY_PLAYERS = 4
"""The table size the policy was trained and measured at; at other sizes the playouts stay plain."""

OTHERS_EPSILON = 0.0
"""The noise of the other seats' moves in the learned playouts: none, they play ``classic`` exactly."""

KNOWN_LIMIT = 20_000
"""The most positions a search keeps its policy's choice for: about 6 MB (some 320 bytes a position). One bot
serves every table of a server process, so this bounds its memory whatever the tables; ten times as many positions
made the decisions no faster (91.7 against 90.9 ms with 120 guesses a decision)."""


class LearnedPlayoutSearch(SearchBot):
    """The search, with the seat's own moves in the playouts chosen by the learned policy.

    ``batch_worlds`` guessed deals are played out together (all candidates of
    each), so that the network scores many decisions at once. ``others_epsilon``
    is the noise of the other seats' ``classic`` moves in these playouts (the
    plain playouts of the exchange and of house rules keep ``epsilon``).
    """

    def __init__(self, net: Network, batch_worlds: int = 8, others_epsilon: float = OTHERS_EPSILON,
                 **params: Any) -> None:
        super().__init__(**params)
        if self.nested:
            raise ValueError("the learned playouts do not nest searches")
        if not 0.0 <= others_epsilon <= 1.0:
            raise ValueError(f"others_epsilon must be between 0 and 1, not {others_epsilon}")
        self.net = net
        self.batch_worlds = batch_worlds
        self.others_epsilon = others_epsilon
        self.known: Known = {}
        """The policy's choices by position, kept across decisions (cleared when large, or for other rules)."""
        self._known_rules: Rules | None = None

    def play_worlds(self, bases: Sequence[Match], candidates: Sequence[int], seat: int, points: Sequence[float],
                    policy: PlayoutPolicy, rng: random.Random, paired: bool) -> list[list[float]]:
        """Every candidate in every guessed deal, played out together (``paired`` is not supported).

        The gifts of the exchange are compared with the plain playouts: there are
        many of them, and the time cap must hold. So are the moves under house
        rules, and at tables of other than :data:`POLICY_PLAYERS`: the policy was
        trained on the seed rules at four players, and :class:`PlayoutPosition`
        holds none of the house rules' table state.
        """
        if paired:
            raise ValueError("the learned playouts do not pair their random draws")
        if bases and (bases[0].phase == "exchange" or bases[0].rules.house or bases[0].players != POLICY_PLAYERS):
            return super().play_worlds(bases, candidates, seat, points, policy, rng, paired)
        rules = bases[0].rules
        policy = noisy_classic_policy(rules.max_set, rules.revolution, rules.joker_in_revolution == "highest",
                                      self.others_epsilon)
        sims = []
        for base in bases:
            for move in candidates:
                sim = base.copy()
                sim.apply_fast(move)
                sims.append(sim)
        if len(self.known) > KNOWN_LIMIT or bases[0].rules != self._known_rules:
            self.known.clear()
            self._known_rules = bases[0].rules
        orders = play_together(sims, seat, self.net, policy, rng, self.known)
        width = len(candidates)
        return [[points[orders[w * width + i].index(seat)] for i in range(width)] for w in range(len(bases))]


def learned_playout_bot(name: str = "expert", model: str | Path | None = None,
                        **params: Any) -> LearnedPlayoutSearch:
    """The ``expert`` search whose own moves in the playouts follow the learned policy."""
    net = shipped_model() if model is None else load_model(model)
    return LearnedPlayoutSearch(net, name=name, **(LEVELS["expert"] | params))
