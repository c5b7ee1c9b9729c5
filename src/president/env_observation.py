"""The observation of the RL environments: its layout and an encoder of many seats' views at once.

One seat's observation is a flat ``float32`` array of what that seat may see,
the facts :meth:`Match.seat_view` gives it (see ``docs/env.md`` for its slices).
:class:`ObservationEncoder` writes the rows of a batch together: every 0/1 entry
of a row is one bit of a Python int, the ints of all rows become one buffer that
numpy unpacks at once, and the few fractional entries (cards left, scores, the
deal number) are computed for the whole batch. The single environment encodes one
row (:meth:`ObservationEncoder.encode_one`), the vector environment all its games
(:meth:`ObservationEncoder.encode`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .cards import DECK_MASKS
from .engine import PHASES, Match
from .moves import CARDS_MASK, DISCARD_FLAG, NAME_FLAG, SALVAGE_FLAG, represented
from .rules import Rules

CARD_SLOTS = 54
"""Card-indexed slices have one entry per card number (52 cards and the two jokers)."""

_ALL = (1 << CARD_SLOTS) - 1


def takes_from_pile(rules: Rules) -> bool:
    """Whether ``rules`` may owe takes from the discard pile (``salvage 9d`` moves): salvage, Satan, chestnut
    picking or Galaxy Express 999."""
    return rules.salvage or rules.satan or rules.chestnut_picking or rules.galaxy_express


def observation_layout(players: int, owes: bool = False, names: bool = False,
                       salvages: bool = False) -> dict[str, slice]:
    """The named slices of the observation at a table of ``players``, in order (``owes``: the rules may owe a
    pass-on or a discard after a play, ``names``: a name after a play of queens, ``salvages``: a take from the
    discard pile (salvage, Satan, chestnut picking, Galaxy Express 999); any of them and the ``owed`` slice ends the
    row, one entry longer for a name and one for a take)."""
    n = players
    sizes = [
        ("hand", CARD_SLOTS), ("played", CARD_SLOTS), ("table", CARD_SLOTS), ("table_stands_for", CARD_SLOTS),
        ("table_owner", n), ("cards_left", n), ("passed", n), ("finished", n), ("titles", n * n),
        ("scores", n), ("revolution", 1), ("eleven_back", 1), ("lock", 4), ("leading", 1), ("phase", 2),
        ("given", CARD_SLOTS), ("received", CARD_SLOTS), ("must_contain", CARD_SLOTS), ("deal", 1),
        ("backwards", 1),
    ]
    if owes or names or salvages:
        sizes.append(("owed", 8 + names + salvages))
    out = {}
    start = 0
    for name, size in sizes:
        out[name] = slice(start, start + size)
        start += size
    return out


class ObservationEncoder:
    """Writes the observations of seats of ``rules`` at a table of ``players`` into rows of an array."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.layout = observation_layout(players, rules.seven_pass or rules.ten_discard or rules.galaxy_express,
                                         rules.queen_bomber, takes_from_pile(rules))
        self._owed_at = self.layout["owed"].start if "owed" in self.layout else -1
        self.size = max(part.stop for part in self.layout.values())
        self._bytes = -(-self.size // 8)
        self._most = -(-DECK_MASKS[rules.jokers].bit_count() // players)
        self._deals = rules.deals or 0
        at = {name: part.start for name, part in self.layout.items()}
        self._at = at
        self._starts = tuple(at[name] for name in (
            "hand", "played", "table", "given", "received", "lock", "revolution", "eleven_back", "table_stands_for",
            "table_owner", "passed", "leading", "must_contain", "finished", "backwards"))
        # By the engine's phase number (its index in PHASES: exchange, play, over).
        self._phase_bits = [{"exchange": 1 << at["phase"], "play": 1 << (at["phase"] + 1)}.get(name, 0)
                            for name in PHASES]
        # Seat-indexed slices start with the observing seat: entry k is seat (seat + k) % players.
        self._orders = [[(seat + k) % players for k in range(players)] for seat in range(players)]
        # A mask of seats as bits by relative seat (bit k: seat (seat + k) % players), by observing seat and mask.
        full = (1 << players) - 1
        self._rotations = [[(seats >> seat | seats << (players - seat)) & full for seats in range(1 << players)]
                           for seat in range(players)]
        self._titles: dict[tuple[int, tuple[int, ...]], int] = {}

    def _title_bits(self, seat: int, order: tuple[int, ...]) -> int:
        """The ``titles`` one-hots of the last deal's finishing ``order`` as seen from ``seat``."""
        key = (seat, order)
        bits = self._titles.get(key)
        if bits is None:
            n, start = self.players, self._at["titles"]
            bits = sum(1 << (start + k * n + order.index(other)) for k, other in enumerate(self._orders[seat]))
            self._titles[key] = bits
        return bits

    def _row(self, match: Match, seat: int) -> tuple[bytes, list[int], list[int]]:
        """The 0/1 entries of ``seat``'s row as bytes, and its cards left and scores from that seat round.

        It reads what :meth:`Match.seat_view` would give that seat (its own hand and
        the public facts, nothing of another hand) straight from the match, without
        building the view: a view costs more than the rest of the row.
        """
        (hand_at, played_at, table_at, given_at, received_at, lock_at, revolution_at, back_at, stands_at, owner_at,
         passed_at, leading_at, must_at, finished_at, backwards_at) = self._starts
        n = self.players
        hands = match.hands
        held = 0
        for other in hands:
            held |= other
        table = match._table
        bits = (hands[seat] << hand_at | (match._dealt & ~held & ~match._dead) << played_at
                | (table & CARDS_MASK) << table_at | match._given[seat] << given_at
                | match._received[seat] << received_at | (match._lock & 15) << lock_at
                | match._rev << revolution_at | match._back << back_at | self._phase_bits[match._phase]
                | match._backwards << backwards_at)
        if table:
            bits |= (represented(table) & _ALL) << stands_at | 1 << (owner_at + (match._owner - seat) % n)
            passed = match._passed_mask()
            if passed:
                bits |= self._rotations[seat][passed] << passed_at
        elif match.to_act == seat:
            bits |= 1 << leading_at | match._must_contain << must_at
        if match._owed and match.to_act == seat:
            # What this seat owes now: the count (1 to 4) one-hot, a pass-on's first, then a discard's; then a name.
            flag, count, _to, _option = match._owed[0]
            if flag == NAME_FLAG:
                bits |= 1 << (self._owed_at + 8)
            elif flag == SALVAGE_FLAG:
                bits |= 1 << (self._owed_at + 8 + self.rules.queen_bomber)
            else:
                bits |= 1 << (self._owed_at + (4 if flag == DISCARD_FLAG else 0)
                              + min(count, hands[seat].bit_count()) - 1)
        done = match._finished + match._bottom
        if done:
            out_seats = 0
            for other in done:
                out_seats |= 1 << other
            bits |= self._rotations[seat][out_seats] << finished_at
        results = match._results
        if results:
            order = results[-1].order
            bits |= self._titles.get((seat, order)) or self._title_bits(seat, order)
        left = [hand.bit_count() for hand in hands]
        points = match._scores
        return bits.to_bytes(self._bytes, "little"), left[seat:] + left[:seat], points[seat:] + points[:seat]

    def _deal_share(self, deal_number: int) -> float:
        return min(1.0, deal_number / self._deals) if self._deals else 1.0

    def encode_one(self, match: Match, seat: int) -> np.ndarray:
        """The observation of ``seat`` in ``match`` (a new array)."""
        word, left, points = self._row(match, seat)
        out = np.unpackbits(np.frombuffer(word, np.uint8), count=self.size, bitorder="little").astype(np.float32)
        at, n, most = self._at, self.players, self._most
        top = max(max(points), 1)
        out[at["cards_left"]:at["cards_left"] + n] = [min(1.0, count / most) for count in left]
        out[at["scores"]:at["scores"] + n] = [max(0.0, score / top) for score in points]
        out[at["deal"]] = self._deal_share(match.deal_number)
        return out

    def encode(self, matches: Sequence[Match], seats: Sequence[int]) -> np.ndarray:
        """The observation of ``seats[i]`` in ``matches[i]``, one row each (a new array of ``(rows, size)``)."""
        row = self._row
        rows = [row(match, seat) for match, seat in zip(matches, seats, strict=True)]
        words, left, points = zip(*rows, strict=True) if rows else ((), (), ())
        raw = np.frombuffer(b"".join(words), np.uint8).reshape(len(rows), self._bytes)
        out = np.unpackbits(raw, axis=1, count=self.size, bitorder="little").astype(np.float32)
        at, n = self._at, self.players
        left_share = np.array(left, np.float64) / self._most
        points_share = np.array(points, np.float64)
        top = np.maximum(points_share.max(axis=1, keepdims=True), 1.0)
        out[:, at["cards_left"]:at["cards_left"] + n] = np.minimum(left_share, 1.0)
        out[:, at["scores"]:at["scores"] + n] = np.maximum(points_share / top, 0.0)
        deal_numbers = np.array([match.deal_number for match in matches], np.float64)
        out[:, at["deal"]] = np.minimum(deal_numbers / self._deals, 1.0) if self._deals else 1.0
        return out
