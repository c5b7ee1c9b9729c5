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

from ..bots.house_classic import house_match_choice
from ..cards import DECK_MASKS
from ..engine import Match, PlayoutPolicy
from ..rules import Rules
from ..search.expert import LEVELS, SearchBot, noisy_classic_policy
from ..search.kinds import distinct_moves
from .bot import shipped_house_model, shipped_model
from .features import HOUSE, feature_parts
from .model import Network, load_model


@dataclass(frozen=True, slots=True)
class PlayoutPosition:
    """The searching seat's decision in a playout, with the fields :func:`move_features` reads.

    Built from the guessed deal but holding only what the seat may know: its
    hand, the cards out of play, the table, the others' card counts; under house
    rules also the suit lock, the 11-back, the table's owner and the move the
    ``classic`` player would make (:func:`house_position_key`).
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
    lock: int = 0
    owner: int = -1
    classic_move: int | None = None

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

    @classmethod
    def from_house_key(cls, sim: Match, key: tuple[Any, ...]) -> PlayoutPosition:
        """The position whose key is ``key`` (from :func:`house_position_key`) in ``sim``, a house-rule match
        where the seat is to act."""
        seat, hand, played, table_move, counts, revolution, must, lock, eleven_back, owner = key
        table = sim.table_mask
        return cls(
            rules=sim.rules, seat=seat, players=sim.players, hand=hand, played=played, table=table,
            table_rank=(table.bit_length() - 1) >> 2 if table else -1, table_count=table.bit_count(),
            counts=counts, revolution=revolution, must_contain=must, eleven_back=eleven_back, table_move=table_move,
            lock=lock, owner=owner, classic_move=house_match_choice(sim, seat, sim.legal_masks()),
        )

    def key(self) -> tuple[Any, ...]:
        """Everything the features read that may differ between two positions of one search (seed rules)."""
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


def house_position_key(sim: Match, seat: int) -> tuple[Any, ...]:
    """:func:`position_key` under house rules: with the table's move, the suit lock, the 11-back and the owner."""
    hands = sim.hands
    everyone = 0
    for hand in hands:
        everyone |= hand
    table = sim.table_mask
    return (seat, hands[seat], DECK_MASKS[sim.rules.jokers] & ~everyone, sim.table_move if table else 0,
            tuple(hand.bit_count() for hand in hands), sim.revolution, sim.must_contain, sim.lock, sim.eleven_back,
            sim.table_owner if table and sim.table_owner is not None else -1)


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
    house = net.layout == HOUSE
    keyed = house_position_key if house else position_key
    build = PlayoutPosition.from_house_key if house else PlayoutPosition.from_key
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
            key = keyed(sim, seat)
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
                position, move_rows = feature_parts(build(sims[k], key), moves, net.layout)
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

HOUSE_POLICY = ("daifugo", 5)
"""The rules and table size the house-rule policy (:func:`~president.learned.bot.shipped_house_model`) was trained
at: there the seat's own moves in the playouts follow it; under other house rules they stay plain."""

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
    ``house_net``, a network of the house layout, plays the seat's own moves
    under the rules and table size of :data:`HOUSE_POLICY` (None: the plain
    playouts there); the other seats then play as in the plain playouts (the
    search's models of them, with ``epsilon``).
    """

    def __init__(self, net: Network, batch_worlds: int = 8, others_epsilon: float = OTHERS_EPSILON,
                 house_net: Network | None = None, **params: Any) -> None:
        super().__init__(**params)
        if self.nested:
            raise ValueError("the learned playouts do not nest searches")
        if not 0.0 <= others_epsilon <= 1.0:
            raise ValueError(f"others_epsilon must be between 0 and 1, not {others_epsilon}")
        if house_net is not None and house_net.layout != HOUSE:
            raise ValueError(f"the house-rule playouts need a network of the {HOUSE} layout, not {house_net.layout}")
        self.net = net
        self.house_net = house_net
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
        if not bases:
            return []
        first = bases[0]
        if first.phase == "exchange":
            return super().play_worlds(bases, candidates, seat, points, policy, rng, paired)
        if first.rules.house:
            if self.house_net is None or (first.rules.name, first.players) != HOUSE_POLICY:
                return super().play_worlds(bases, candidates, seat, points, policy, rng, paired)
            net = self.house_net
        elif first.players != POLICY_PLAYERS:
            return super().play_worlds(bases, candidates, seat, points, policy, rng, paired)
        else:
            net = self.net
            rules = first.rules
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
        orders = play_together(sims, seat, net, policy, rng, self.known)
        width = len(candidates)
        return [[points[orders[w * width + i].index(seat)] for i in range(width)] for w in range(len(bases))]


def learned_playout_bot(name: str = "expert", model: str | Path | None = None,
                        house_model: str | Path | None = None, house: bool = True,
                        **params: Any) -> LearnedPlayoutSearch:
    """The ``expert`` search whose own moves in the playouts follow the learned policy.

    ``house_model`` is the policy of :data:`HOUSE_POLICY` (default: the shipped one); ``house=False`` keeps the
    plain playouts under house rules.
    """
    net = shipped_model() if model is None else load_model(model)
    house_net = None if not house else shipped_house_model() if house_model is None else load_model(house_model)
    return LearnedPlayoutSearch(net, name=name, house_net=house_net, **(LEVELS["expert"] | params))
