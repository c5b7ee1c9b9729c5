"""The President engine: deal → exchange → tricks → finishing order → titles → points → next deal.

:class:`Match` plays a whole match under any :class:`~president.rules.Rules`.
Seats are numbered clockwise from 0; the next player is ``seat + 1``. All
randomness comes from the seed (see :mod:`president.shuffle`), so a match is its seed and its
moves (see :meth:`Match.record`).

Inside, cards and moves are ints (see :mod:`president.cards` and
:mod:`president.moves`); events are built only by the public :meth:`Match.apply`.
What a play does is defined once, in :meth:`Match._play` with the predicates of
:mod:`president.plays`; passes and plays that trigger no rule take the straight
lanes the rules allow (:mod:`president.lanes`), held to that definition by the tests.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from .cards import (
    ALL_CARDS,
    JOKERS,
    RANK_NAMES,
    card_str,
    cards_str,
    highest_cards,
    parse_cards,
)
from .errors import IllegalMove
from .events import Event, Events, RawEvent
from .lanes import CUT, Lanes, lanes_for
from .movegen import (
    ANSWERS_BY_COUNT,
    PASS_MOVE,
    STRONGER,
    SUIT_CARDS,
    ByteLookups,
    gift_moves,
    lead_moves,
)
from .moves import (
    CARDS_MASK,
    DISCARD_FLAG,
    GIVE_FLAG,
    NAME_FLAG,
    OWED_FLAGS,
    PASS_ON_FLAG,
    SALVAGE_FLAG,
    STANDS_MASK,
    Move,
    move_of,
    move_str,
    represented,
    stand_str,
    stands_of,
)
from .owed import (
    NAME_MOVES,
    SALVAGE_OWED,
    TAKE_OPTIONS,
    Owed,
    named_rank,
    owed_by,
    owed_count,
    owed_draw,
    owed_moves,
    owed_source,
    owed_word,
    salvages,
)
from .plays import (
    CUT_WORDS,
    EIGHT_WAITS,
    SET,
    STAIR,
    Shape,
    answer_problem,
    cut_rule,
    emperors,
    flips_for_the_trick,
    forbidden_finish,
    is_equal_answer,
    is_lone_joker,
    lock_after,
    play_problem,
    plays,
    revolution_by,
    run_leads,
    shape_of,
    suits_text,
    table_beat,
    unbeatable,
)
from .record import read_record, write_record
from .rules import Rules, get_rules
from .secret_deals import DealSecret
from .shuffle import deal_hands, first_leader
from .turn_order import gekokujo_order, gift_of, lucky_seven, reversals_of, skips_of, spared_by_tenpen_chii
from .view import DealResult, SeatView, seat_legal_masks, view_json

EXCHANGE, PLAY, OVER = 0, 1, 2
ACE_RANK = 11
"""The rank of the aces (0 is the 3)."""
_DECK = [1 << card for card in range(52)]
_DECK_WITH_JOKERS = [1 << card for card in range(54)]
_DECKS = (_DECK, [*_DECK, 1 << 53], _DECK_WITH_JOKERS)
"""The deck by number of jokers (one joker is the red one)."""


def _next_seat_table(n: int, way: int = 1) -> tuple[tuple[int, ...], ...]:
    table = []
    for seat in range(n):
        row = []
        for eligible in range(1 << n):
            nxt = -1
            for step in range(1, n + 1):
                if eligible >> ((seat + way * step) % n) & 1:
                    nxt = (seat + way * step) % n
                    break
            row.append(nxt)
        table.append(tuple(row))
    return tuple(table)


NEXT_SEAT: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_next_seat_table(n) for n in range(9))
"""``NEXT_SEAT[players][seat][eligible]``: the first seat after ``seat``, clockwise, in the mask ``eligible``."""
PREVIOUS_SEAT: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_next_seat_table(n, -1) for n in range(9))
"""The same, counter-clockwise: who plays next once the direction of play is reversed."""

PlayoutPolicy = Callable[[int, int, int, int, bool, int, random.Random], int]
"""A fast playout policy: ``(seat, hand, table_rank, table_count, revolution, must_contain, rng) -> move``."""

LogNode = tuple[Any, int, int]
"""A move log entry ``(previous entry or None, seat, move)``: copies share the log."""
PHASES = ("exchange", "play", "over")
PASS_ONLY: tuple[Move, ...] = (PASS_MOVE,)
FORCED_PASS: tuple[Move, ...] = (PASS_MOVE,)
"""The moves of a seat whose one legal move is the pass (a playout draws nothing for it)."""
_NOT_STRAIGHT = (-1, None)
"""The lane entry of a play that is no set of one rank of real cards (a run, or wild jokers)."""
_REAL_CARDS_END = 1 << 52
"""Moves below it are real cards only (no joker, no card a joker stands for)."""
_REAL_CARDS = _REAL_CARDS_END - 1
_OTHERS = tuple(~(1 << seat) for seat in range(9))
"""``_OTHERS[seat]``: the mask of every seat but ``seat``."""
_OWED_BY = {"seven_pass": "a play of 7s", "ten_discard": "a play of 10s", "queen_bomber": "a play of queens",
            "salvage": "a trick that ends with 3s on the table", "satan": "a play of three 6s (Satan)",
            "chestnut_picking": "a play of 9s (chestnut picking)",
            "galaxy_express": "a play of three 9s (Galaxy Express 999)"}
"""What owes a move under each option, for the errors that name it."""
_OWED_KINDS = {PASS_ON_FLAG: ("seven_pass",), DISCARD_FLAG: ("ten_discard", "galaxy_express"),
               NAME_FLAG: ("queen_bomber",), SALVAGE_FLAG: TAKE_OPTIONS}
"""The options that may owe each kind of move."""


def _cleared(leader: int, lock: int = 0) -> RawEvent:
    if lock & EIGHT_WAITS:
        # Everyone passed on an 8 whose cut waited (the ``four_stop`` rule): the 8 cuts the trick now.
        return ("trick_cleared", None, 0, None, {"leader": leader, "cut": "eight", "option": "eight_cut",
                                                 "waited": True}, None)
    return ("trick_cleared", None, 0, None, {"leader": leader}, None)


# The events of the commonest moves never change, so each is made once and shared.
_PASS_EVENTS = tuple(Events((("pass", s, 0, None, None, None),)) for s in range(9))
_CLEAR_EVENTS = tuple(
    tuple(Events((("pass", s, 0, None, None, None), _cleared(leader))) for leader in range(9)) for s in range(9)
)
_PLAY_EVENTS: tuple[dict[int, Events], ...] = tuple(
    {
        move_of(sub << (4 * rank)): Events((("play", s, sub << (4 * rank), None, None, None),))
        for rank in range(14)
        for sub in range(1, 16)
    }
    for s in range(9)
)


_PLANS: dict[tuple[int, int], tuple[Rules, tuple[tuple[int, ...], tuple[str, ...], tuple[int, ...]]]] = {}


def _seating_plan(rules: Rules, players: int) -> tuple[tuple[int, ...], tuple[str, ...], tuple[int, ...]]:
    """Points and title keys by place, and cards exchanged by pair, at a table of ``players`` (cached)."""
    entry = _PLANS.get((id(rules), players))
    if entry is None or entry[0] is not rules:
        if len(_PLANS) >= 256:  # rules made on the fly (options on a Rules object) must not pile up
            _PLANS.clear()
        entry = (rules, (rules.points_for(players), rules.titles(players), rules.exchange_pairs(players)))
        _PLANS[(id(rules), players)] = entry
    return entry[1]


def _union(hands: list[int]) -> int:
    out = 0
    for hand in hands:
        out |= hand
    return out


class Match:
    """A match of President.

    >>> m = Match("tavern-jack", players=4, seed=1)
    >>> m.phase, m.deal_number
    ('play', 1)

    Create with a preset name (or a :class:`Rules`), the number of players and a
    seed; ``first_leader`` (a seat) fixes the first leader instead of drawing it,
    ``deals`` changes the match length, ``duplicate=True`` deals seat ``i`` the same
    cards at every match of the same seed or secret whoever leads (duplicate play:
    :mod:`president.duplicate`), and any other keyword changes a rule option
    (``first_leader="holder"`` given as text is the rule option).
    """

    __slots__ = (
        "_ace_seat",
        "_aces",
        "_active",
        "_answers",
        "_back",
        "_backwards",
        "_beat",
        "_beats",
        "_bottom",
        "_calm",
        "_dead",
        "_deal_start",
        "_deal_starts",
        "_dealt",
        "_events",
        "_extra",
        "_finished",
        "_first_leader",
        "_gift_counts",
        "_give_count",
        "_given",
        "_history_memo",
        "_initial_hands",
        "_lanes",
        "_lead_block",
        "_lead_runs",
        "_leader",
        "_leads_by_byte",
        "_legal",
        "_lock",
        "_lockout",
        "_log",
        "_lucky",
        "_must_contain",
        "_next",
        "_open",
        "_owed",
        "_owner",
        "_pending",
        "_phase",
        "_place_points",
        "_place_titles",
        "_received",
        "_results",
        "_resume",
        "_rev",
        "_salvage",
        "_scores",
        "_table",
        "_titles",
        "_waiting",
        "_wild",
        "_winners",
        "deal_number",
        "deal_secret",
        "duplicate",
        "hands",
        "players",
        "rules",
        "seed",
        "single_deal",
        "to_act",
    )

    _MOVE_BITS = GIVE_FLAG | OWED_FLAGS | ALL_CARDS | STANDS_MASK
    """The bits a move may have."""
    rules: Rules
    players: int
    seed: int
    deal_secret: DealSecret | None
    """When set, the deals (and a drawn first leader) come from this secret, not from the seed (docs/verify.md)."""
    duplicate: bool
    """Duplicate dealing: seat ``i`` gets the same cards for deal ``n`` at every table of the same seed (or secret),
    whoever leads; otherwise the deal starts from the leader, as at a real table."""
    hands: list[int]
    """The hands by seat, as card masks (read only: change them through moves)."""
    deal_number: int
    single_deal: bool
    to_act: int | None
    """The seat whose decision is awaited, or None when the match is over (read only)."""
    # Lists and tuples below are never changed in place once a copy may share them.
    _scores: list[int]
    _results: tuple[DealResult, ...]
    _titles: list[str | None]
    _winners: list[int]
    _finished: tuple[int, ...]
    _bottom: tuple[int, ...]
    _received: list[int]
    _given: list[int]
    _pending: tuple[tuple[int, int, int], ...]
    _log: LogNode | None
    _deal_start: LogNode | None
    _history_memo: tuple[LogNode | None, list[tuple[int, int]]]
    _deal_starts: tuple[LogNode | None, ...]
    _events: list[RawEvent] | None
    _legal: tuple[Move, ...]
    _table: int
    """The move on the table (with what its wild jokers stand for), 0 when a trick is open."""
    _beat: int
    """The cards that may answer the table from the byte lookups (with the wild jokers, whose holder takes the
    definition's path), or -1 when answers take the definition's path."""
    _answers: ByteLookups | None
    """The byte lookups of the answers to the table (by its size), or None when answers take the definition's path."""
    _lead_block: int
    """The cards whose presence in a hand takes its lead off the byte lookups alone: the wild jokers, or every card
    when the rules have runs or emperors (``_lead_runs``: the lookups with the runs and emperors added) or the lanes
    are off."""
    _lanes: Lanes
    _calm: bool
    """Whether an omen (the ``omen`` rule) has ended the revolutions of this deal."""
    _owed: tuple[Owed, ...]
    """What the seat to act owes for the play it just made, ``(kind flag, count, receiver, option)`` each, the one to
    settle first first (7-pass, 10-discard, Q-bomber, the takes from the pile: :mod:`president.owed`); empty when
    nothing is owed. For a take, the receiver's place holds the cards of the play that owes it (not to be taken
    back)."""
    _resume: int
    """While something is owed: the seat to act once it is settled (the trick goes on as the play left it)."""

    def __init__(
        self,
        rules: str | Rules = "tavern-jack",
        players: int = 4,
        seed: int | None = None,
        *,
        first_leader: int | str | None = None,
        deals: int | None = None,
        deal_secret: DealSecret | None = None,
        duplicate: bool = False,
        **options: Any,
    ) -> None:
        if deal_secret is not None and seed is not None:
            raise ValueError("a match deals from a seed or from a deal secret, not from both")
        if deals is not None:
            options["deals"] = deals
        if isinstance(first_leader, str):
            # The rule option of the same name ("random" or "holder"), not a seat.
            options["first_leader"] = first_leader
            first_leader = None
        self.rules = get_rules(rules, **options)
        if not isinstance(players, int) or not self.rules.min_players <= players <= self.rules.max_players:
            raise ValueError(
                f"{self.rules.name} is played by {self.rules.min_players} to {self.rules.max_players} "
                f"players, not {players!r}"
            )
        if first_leader is not None and not (isinstance(first_leader, int) and 0 <= first_leader < players):
            raise ValueError(f"first_leader must be a seat from 0 to {players - 1}, not {first_leader!r}")
        self.players = players
        self.seed = 0 if deal_secret is not None else secrets.randbits(63) if seed is None else seed
        if not isinstance(duplicate, bool):
            raise ValueError(f"duplicate is true or false, not {duplicate!r}")
        self.deal_secret = deal_secret
        self.duplicate = duplicate
        self._first_leader = first_leader
        self._initial_hands: list[int] | None = None
        self.single_deal = False
        self._setup()
        self._start_deal()

    def _setup(self, lanes: bool = True) -> None:
        n = self.players
        rules = self.rules
        self._lockout = rules.pass_lockout
        self._aces = rules.next_ace
        self._salvage = rules.salvage
        self._lucky = rules.lucky_seven
        self._ace_seat = -1
        self._next = NEXT_SEAT[n]
        self._backwards = False
        self._place_points, self._place_titles, self._gift_counts = _seating_plan(rules, n)
        self._use_lanes(lanes_for(rules, lanes))
        self._scores = [0] * n
        self._results = ()
        self.deal_number = 0
        self._titles = [None] * n
        self._winners = []
        self._log = None
        self._deal_start = None
        self._deal_starts = ()
        self._history_memo = (None, [])
        self._events = None
        self._legal = ()
        self.hands = [0] * n

    def _use_lanes(self, lanes: Lanes) -> None:
        self._lanes = lanes
        self._extra = lanes.extra
        self._leads_by_byte = lanes.leads_by_byte
        self._lead_block = (lanes.wild if lanes.leads_by_byte is not None and not lanes.runs and not lanes.emperors
                            else -1)
        self._lead_runs = lanes.leads_by_byte is not None and (lanes.runs or lanes.emperors)
        self._open = lanes.open_answers
        self._wild = lanes.wild

    @classmethod
    def from_hands(
        cls,
        rules: str | Rules,
        hands: Sequence[str | int],
        leader: int | None = None,
        **options: Any,
    ) -> Match:
        """A single deal from given hands (text such as ``"7c 7h 3d"`` or masks).

        ``leader`` leads the first trick; by default the holder of the rule set's
        first-lead card (who must then play it), else seat 0. The match is over when
        this deal ends. Hands need not hold the whole deck.
        """
        self = cls.__new__(cls)
        self.rules = get_rules(rules, **options)
        masks = [parse_cards(h) if isinstance(h, str) else int(h) for h in hands]
        n = len(masks)
        if n < 2:
            raise ValueError("a deal needs at least 2 hands")
        seen = 0
        for i, mask in enumerate(masks):
            if mask & seen:
                raise ValueError(f"hand {i} repeats a card of an earlier hand: {cards_str(mask & seen)}")
            if not mask:
                raise ValueError(f"hand {i} is empty")
            if mask & JOKERS and not self.rules.jokers:
                raise ValueError(f"{self.rules.name} is played without jokers (hand {i})")
            seen |= mask
        explicit = leader
        must = 0
        card = self.rules.first_lead_card
        if leader is None:
            leader = 0
            if self.rules.first_leader == "holder" and card is not None:
                for i, mask in enumerate(masks):
                    if mask >> card & 1:
                        leader, must = i, (1 << card if self.rules.lead_card_must_play else 0)
        elif not 0 <= leader < n:
            raise ValueError(f"leader must be a seat from 0 to {n - 1}")
        self.players = n
        self.seed = 0
        self.deal_secret = None
        self.duplicate = False
        self._first_leader = explicit
        self._initial_hands = list(masks)
        self.single_deal = True
        self._setup()
        self.deal_number = 1
        self._reset_deal(masks, leader)
        self._must_contain = must
        self._phase = PLAY
        self.to_act = leader
        return self

    @classmethod
    def from_view(cls, view: SeatView, hands: Sequence[int]) -> Match:
        """A single-deal match in the position ``view`` shows, with ``hands`` as every seat's cards.

        For search over the hidden cards: ``hands[view.seat]`` must be the seat's own
        hand and the others a guess consistent with the counts. The match ends with
        the deal; its ``deal_results`` then hold that deal's order and points.
        """
        n = view.players
        if len(hands) != n:
            raise ValueError(f"expected {n} hands, got {len(hands)}")
        if hands[view.seat] != view.hand:
            raise ValueError("hands[view.seat] must be the seat's own hand")
        seen = 0
        for s in range(n):
            if hands[s].bit_count() != view.counts[s]:
                raise ValueError(f"seat {s} holds {view.counts[s]} cards, the guess gives it {hands[s].bit_count()}")
            if hands[s] & seen:
                raise ValueError(f"hand {s} repeats a card of an earlier hand: {cards_str(hands[s] & seen)}")
            seen |= hands[s]
        if view.phase == "over":
            raise ValueError("the match is over")
        self = cls.__new__(cls)
        self.rules = view.rules
        self.players = n
        self.seed = 0
        self.deal_secret = None
        self.duplicate = False
        self._first_leader = view.leader
        self._initial_hands = list(hands)
        self.single_deal = True
        self._setup()
        self._results = tuple(view.deal_results)
        self.deal_number = 1
        self._reset_deal(list(hands), view.leader)
        self._active = sum(1 << s for s in range(n) if hands[s])
        self._finished = tuple(view.finished)
        self._bottom = tuple(view.bottom)
        self._owner = view.owner
        self._waiting = self._active & ~(1 << view.owner) & ~view.passed if view.table else 0
        self._lock = view.lock
        self._back = view.eleven_back
        self._calm = view.omen
        self._set_order(view.revolution)
        self._set_direction(view.backwards)
        self._owed, self._resume = tuple(view.owed), view.resume
        self._table = view.table_move if view.table else 0
        if self._table:
            shape = shape_of(self._table, self.rules.wild_jokers)
            assert shape is not None
            self._set_lane(shape, self._table)
        self._dealt = view.played | self._dealt
        assert view.to_act is not None
        self.to_act = view.to_act
        self._must_contain = view.must_contain
        if view.phase == "exchange":
            order = view.deal_results[-1].order
            pairs = [(order[i], order[n - 1 - i], k) for i, k in enumerate(self._gift_counts)]
            while pairs and pairs[0][0] != view.to_act:
                pairs.pop(0)
            self._pending = tuple(pairs)
            self._give_count = pairs[0][2] if pairs else 0
            self._phase = EXCHANGE
        else:
            self._phase = PLAY
        return self

    # ----------------------------------------------------------------- dealing

    def _reset_deal(self, hands: list[int], leader: int) -> None:
        n = self.players
        self.hands = hands
        self._leader = leader
        self._table = 0
        self._beat = 0
        self._answers = ANSWERS_BY_COUNT[0]
        self._lock = 0
        self._back = False
        self._calm = False
        self._owner = -1
        self._waiting = 0
        if all(hands):
            self._active = (1 << n) - 1
        else:
            self._active = sum(1 << s for s in range(n) if hands[s])
        self._dealt = sum(hands)  # the hands hold different cards
        self._finished = ()
        self._ace_seat = -1
        self._set_order(False)
        self._set_direction(False)
        self._deal_start = self._log
        self._deal_starts += (self._log,)
        self._received = [0] * n
        self._given = [0] * n
        self._pending = ()
        self._give_count = 0
        self._must_contain = 0
        self._bottom = ()
        self._dead = 0
        self._owed = ()
        self._resume = -1

    def _start_deal(self) -> None:
        n = self.players
        rules = self.rules
        deal = self.deal_number = self.deal_number + 1
        if deal == 1:
            leader = self._first_leader
            if leader is None:
                secret = self.deal_secret
                leader = first_leader(self.seed, n) if secret is None else secret.first_leader(n)
        else:
            order = self._results[-1].order
            leader = order[-1] if rules.later_leader == "last" else order[0]
            if self._ace_seat >= 0:
                leader = self._ace_seat  # next ace: the last trick taken with aces
        by_ace = deal > 1 and self._ace_seat >= 0
        dealer = 0 if self.duplicate else leader  # duplicate: the deck's positions are fixed to the seats
        if self.deal_secret is None:
            hands = deal_hands(_DECKS[rules.jokers], n, dealer, self.seed, deal)
        else:
            hands = self.deal_secret.deal_hands(_DECKS[rules.jokers], n, dealer, deal)
        must = 0
        if deal == 1 and rules.first_leader == "holder" and rules.first_lead_card is not None:
            must = 1 << rules.first_lead_card
            for leader in range(n):
                if hands[leader] & must:
                    break
            if not rules.lead_card_must_play:
                must = 0
        self._reset_deal(hands, leader)
        self._must_contain = must
        events = self._events
        if events is not None:
            data: dict[str, Any] = {"deal": deal, "leader": leader}
            if by_ace:
                data["option"] = "next_ace"
            events.append(("deal", None, 0, None, data, None))
        block = rules.exchange_block
        if deal >= 2 and not (block and (deal - 1) % block == 0):
            order = self._results[-1].order
            pending = []
            for i, count in enumerate(self._gift_counts):
                receiver, giver = order[i], order[n - 1 - i]
                if rules.tenpen_chii and spared_by_tenpen_chii(hands[giver], rules):
                    if events is not None:
                        events.append(("spared", giver, 0, receiver, {"option": "tenpen_chii"}, None))
                    continue
                gift = gift_of(hands[giver], count, rules)
                hands[giver] ^= gift
                hands[receiver] |= gift
                self._received[receiver] |= gift
                self._given[giver] |= gift
                pending.append((receiver, giver, count))
                if events is not None:
                    events.append(("gift", giver, gift, receiver, None, (giver, receiver)))
            self._pending = tuple(pending)
        if self._pending:
            self._phase = EXCHANGE
            self.to_act = self._pending[0][0]
            self._give_count = self._pending[0][2]
        else:
            self._phase = PLAY
            self.to_act = self._opening_leader() if rules.lead_card_every_deal else leader

    def _opening_leader(self) -> int:
        """Under ``lead_card_every_deal``: the holder of the lead card, who then leads (and maybe must play it)."""
        rules = self.rules
        card = 1 << rules.first_lead_card  # type: ignore[operator]
        for seat, hand in enumerate(self.hands):
            if hand & card:
                self._leader = seat
                self._must_contain = card if rules.lead_card_must_play else 0
        return self._leader

    # ----------------------------------------------------------------- queries

    @property
    def phase(self) -> str:
        """``"exchange"``, ``"play"`` or ``"over"``."""
        return PHASES[self._phase]

    @property
    def is_over(self) -> bool:
        """True when the match has ended."""
        return self._phase == OVER

    @property
    def table(self) -> str:
        """The cards to beat as text (``""`` when a trick is open)."""
        return cards_str(self._table & CARDS_MASK)

    @property
    def table_mask(self) -> int:
        """The cards to beat as a mask (0 when a trick is open)."""
        return self._table & CARDS_MASK

    @property
    def table_move(self) -> int:
        """The move on the table, with what its wild jokers stand for (0 when a trick is open)."""
        return self._table

    @property
    def lock(self) -> int:
        """The suits the trick is locked to, as a 4-bit mask (0: none; see the ``suit_lock`` rule)."""
        return self._lock

    @property
    def eleven_back(self) -> bool:
        """True while a jack has reversed the order until the trick clears (the ``eleven_back`` rule)."""
        return self._back

    @property
    def omen(self) -> bool:
        """True once an omen (three 6s, the ``omen`` rule) has ended the revolutions of this deal."""
        return self._calm

    @property
    def owed(self) -> tuple[Owed, ...]:
        """What the seat to act owes for its play, ``(kind flag, count, receiver, option)`` each, the one to settle
        first first (see :data:`president.owed.Owed`); empty when nothing is owed."""
        return self._owed

    @property
    def table_owner(self) -> int | None:
        """The seat that played the cards to beat, or None when a trick is open."""
        return self._owner if self._table else None

    @property
    def leader(self) -> int:
        """The seat that led (or leads) the first trick of the current deal."""
        return self._leader

    @property
    def revolution(self) -> bool:
        """True while a revolution has reversed the order of the ranks."""
        return self._rev

    @property
    def backwards(self) -> bool:
        """True while the direction of play is reversed (counter-clockwise: see ``nine_reverse``)."""
        return self._backwards

    @property
    def must_contain(self) -> int:
        """The card the player to act must lead (a mask; 0 when the lead is free or a play is to be beaten)."""
        return 0 if self._table else self._must_contain

    @property
    def scores(self) -> list[int]:
        """Cumulative points by seat."""
        return list(self._scores)

    @property
    def finished(self) -> list[int]:
        """Seats that have gone out in the current deal, in order."""
        return list(self._finished)

    @property
    def deal_results(self) -> list[DealResult]:
        """Every finished deal: its finishing order (last player included) and points by seat."""
        return list(self._results)

    @property
    def titles(self) -> list[str | None]:
        """Title keys by seat from the last finished deal (None before the first one ends)."""
        return list(self._titles)

    @property
    def winners(self) -> list[int]:
        """The winning seats when the match is over (several when a tie is shared), else []."""
        return list(self._winners)

    @property
    def received(self) -> list[int]:
        """Masks of the cards each seat received in this deal's exchange."""
        return list(self._received)

    def hand(self, seat: int) -> str:
        """The cards of ``seat`` as canonical text, lowest first."""
        return cards_str(self.hands[seat])

    def counts(self) -> list[int]:
        """The number of cards in each hand."""
        return [h.bit_count() for h in self.hands]

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the seat to act: plays, ``pass`` (last), the gifts of the exchange, or the pass-ons or
        discards a play owes (every choice of the cards owed).

        A tuple of :class:`~president.moves.Move` (ints: the card mask, 0 for a pass),
        the same object until the next move; empty when the match is over.
        """
        moves = self._legal
        if moves:
            return moves
        if self._owed:
            flag, count, _to, _option = self._owed[0]
            moves = owed_moves(self._owed_cards(flag), flag, count)
        elif self._table:
            hand = self.hands[self.to_act]  # type: ignore[index]
            h = hand & self._beat
            if not h and not self._extra:
                moves = PASS_ONLY
            elif self._answers is None or hand & self._wild:
                moves = plays(hand, self.rules, self._table, self._rev != self._back, self._lock) + PASS_ONLY
            else:
                # The answers some rules add (bombs, sandstorms, the card one rank down), asked only of a hand that
                # holds what they need (see Lanes.extra_cards).
                more = self._extra and (
                    hand & (lanes := self._lanes).extra_cards[self._rev != self._back].get(self._table, -1)
                    or lanes.sandstorms[hand & 15]
                    or (lanes.bomb_ranks and hand & hand >> 1 & hand >> 2 & hand >> 3 & lanes.bomb_ranks))
                if not h:
                    moves = (self._extra(hand, self._table, self._rev != self._back, self._lock)  # type: ignore[misc]
                             + PASS_ONLY if more else PASS_ONLY)
                else:
                    # The straight lane: one lookup per byte of the hand (two ranks), unrolled.
                    t0, t1, t2, t3, t4, t5, t6 = self._answers
                    b6, b5, b4, b3, b2, b1, b0 = h.to_bytes(7)
                    found = t0[b0] + t1[b1] + t2[b2] + t3[b3] + t4[b4] + t5[b5] + t6[b6]
                    if more and (extra := self._extra(  # type: ignore[misc]
                            hand, self._table, self._rev != self._back, self._lock)):
                        found = tuple(dict.fromkeys(found + extra)) if found else extra
                    moves = found + PASS_ONLY
        elif self._phase == PLAY:
            hand = self.hands[self.to_act]  # type: ignore[index]
            if self._must_contain or hand & self._lead_block:
                if self._lead_runs and not self._must_contain and not hand & self._wild:
                    t0, t1, t2, t3, t4, t5, t6 = self._leads_by_byte  # type: ignore[misc]
                    b6, b5, b4, b3, b2, b1, b0 = hand.to_bytes(7)
                    moves = t0[b0] + t1[b1] + t2[b2] + t3[b3] + t4[b4] + t5[b5] + t6[b6]
                    real = hand & _REAL_CARDS
                    if self._lanes.runs and real & real >> 4 & real >> self._lanes.run_probe:
                        moves += run_leads(hand, self.rules)
                    if self._lanes.emperors:
                        moves += emperors(hand)
                else:
                    moves = plays(hand, self.rules, 0, self._rev, 0, self._must_contain)
            else:
                t0, t1, t2, t3, t4, t5, t6 = self._leads_by_byte  # type: ignore[misc]
                b6, b5, b4, b3, b2, b1, b0 = hand.to_bytes(7)
                moves = t0[b0] + t1[b1] + t2[b2] + t3[b3] + t4[b4] + t5[b5] + t6[b6]
        elif self._phase == EXCHANGE:
            moves = tuple(gift_moves(self.hands[self.to_act], self._give_count))  # type: ignore[index]
        else:
            moves = ()
        self._legal = moves
        return moves

    def legal_masks(self) -> list[Move]:
        """The legal moves of the seat to act as a new list (see :meth:`legal_moves`)."""
        return list(self.legal_moves())

    def seat_view(self, seat: int, reveal: bool = False, history: bool = True) -> SeatView:
        """What ``seat`` may see, as a :class:`SeatView` (masks; for bots).

        ``reveal=True`` adds every hand (``all_hands``): for analysis and the
        ``cheater`` bot only, never for a player. ``history=False`` leaves the
        deal's history empty (it costs a walk over the deal's moves).
        """
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} at a table of {self.players}")
        gives = self._phase == EXCHANGE and self.to_act == seat
        return self._view(
            seat, self.hands[seat], self._given[seat], self._received[seat], self._give_count if gives else 0,
            self._must_contain if self.to_act == seat and not self._table else 0, history,
            list(self.hands) if reveal else None,
        )

    def _view(self, seat: int, hand: int, given: int, received: int, give_count: int, must_contain: int,
              history: bool, all_hands: list[int] | None) -> SeatView:
        """A view with these private facts (a seat's own, or none for a spectator) beside the public ones."""
        return SeatView(
            rules=self.rules,
            players=self.players,
            seat=seat,
            phase=PHASES[self._phase],
            to_act=self.to_act,
            deal_number=self.deal_number,
            leader=self._leader,
            hand=hand,
            counts=[h.bit_count() for h in self.hands],
            table=self._table & CARDS_MASK,
            table_rank=((self._table & CARDS_MASK).bit_length() - 1) >> 2 if self._table else -1,
            table_count=(self._table & CARDS_MASK).bit_count(),
            owner=self._owner,
            passed=self._passed_mask(),
            revolution=self._rev,
            backwards=self._backwards,
            table_move=self._table,
            lock=self._lock,
            eleven_back=self._back,
            omen=self._calm,
            must_contain=must_contain,
            finished=list(self._finished),
            bottom=list(self._bottom),
            titles=list(self._titles),
            scores=list(self._scores),
            deal_results=list(self._results),
            history=self._deal_history() if history else [],
            played=self._dealt & ~_union(self.hands) & ~self._dead,
            given=given,
            received=received,
            give_count=give_count,
            owed=self._owed,
            resume=self._resume,
            winners=list(self._winners),
            all_hands=all_hands,
        )

    def view(self, seat: int | None, history: bool = True) -> dict[str, Any]:
        """JSON-ready dict of what ``seat`` may see (its hand, counts of the others, the table …).

        ``seat=None`` is someone watching without a seat: the same fields made from the public facts alone
        (``seat`` null; ``hand``, ``given``, ``received`` and ``legal_moves`` empty, ``give_count`` 0,
        ``must_contain`` null), no seat's private facts ever read. ``history=False`` leaves out the deal's
        ``history`` (for a client that keeps it from each move's :meth:`history_since`).
        """
        if seat is None:
            out = self._view_json(-1, 0, 0, 0, 0, 0, history)
            out["seat"] = None
            return out
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} at a table of {self.players}")
        to_act = self.to_act == seat
        return self._view_json(seat, self.hands[seat], self._given[seat], self._received[seat],
                               self._give_count if to_act and self._phase == EXCHANGE else 0,
                               self._must_contain if to_act and not self._table else 0, history)

    def _view_json(self, seat: int, hand: int, given: int, received: int, give_count: int, must_contain: int,
                   history: bool) -> dict[str, Any]:
        """The JSON form of :meth:`_view`'s view, written straight from the match (a view is sent on every move)."""
        table = self._table & CARDS_MASK
        phase = PHASES[self._phase]
        played = self._dealt & ~_union(self.hands) & ~self._dead
        legal = seat_legal_masks(self.rules, phase, hand, give_count, self._owed, table, self._table,
                                 self._rev != self._back, self._lock, must_contain,
                                 played & ~table) if self.to_act == seat else []
        return view_json(self.rules, self.players, seat, phase, self.to_act, self.deal_number, self._leader, hand,
                         [h.bit_count() for h in self.hands], table, self._table, self._lock, self._back, self._calm,
                         self._owner, self._passed_mask(), self._rev, self._backwards, must_contain, self._finished,
                         self._bottom, self._titles, self._scores, self._results,
                         self._history_walk() if history else None, played,
                         given, received, give_count, self._owed, legal, self._winners)

    def snapshot_view(self, seat: int | None, history: bool = True) -> dict[str, Any]:
        """The view a client rebuilds its screen from: for this game, the same as :meth:`view`."""
        return self.view(seat, history)

    def history_since(self, before: Match) -> tuple[int, list[dict[str, Any]]]:
        """How the deal's public history changed from ``before`` (this match some moves earlier) to now: the
        position its new entries start at and those entries, as ``view``'s ``history`` lists them.

        A client holding ``before``'s history keeps its first entries up to that position and adds the new
        ones (a new deal starts again from 0). Both histories are the engine's remembered walks.
        """
        now = self._history_walk()
        start = len(before._history_walk()) if before.deal_number == self.deal_number else 0
        return start, [{"seat": s, "move": move_str(m)} for s, m in now[start:]]

    def forced_move(self) -> None:
        """The move the rules make for the seat to act, if any: never in this game (every move is chosen)."""
        return None

    def bot_view(self, seat: int) -> SeatView:
        """What a bot in ``seat`` decides from: the seat's :class:`SeatView` (its hand, the public facts)."""
        return self.seat_view(seat)

    def move_text(self, move: int) -> str:
        """``move`` in the notation of records and of the protocol (``7c 7h``, ``pass``, ``give 3c 5d``)."""
        return move_str(move)

    # ----------------------------------------------------------------- moves

    def parse_move(self, text: str) -> Move:
        """Parse move text in the context of the current phase.

        During the exchange, bare cards (``3c 5d``) mean ``give 3c 5d``; while a play owes a pass-on or a discard,
        they mean that move (``pass-on 3c 5d``, ``discard 3c``); while it owes a name, a bare rank (``7``) means
        ``name 7``.
        """
        if self._owed and self._owed[0][0] == NAME_FLAG and text.strip().lower() not in ("pass", "p"):
            try:
                return Move.parse(text)
            except IllegalMove:
                return Move.parse("name " + text)
        move = Move.parse(text)
        if move and not move & (GIVE_FLAG | OWED_FLAGS) and move < 1 << 64:
            if self._owed:
                move = move_of(move | self._owed[0][0])
            elif self._phase == EXCHANGE:
                move = move_of(move | GIVE_FLAG)
        return move

    def verify(self, move: Move | int | str) -> int:
        """Check ``move`` for the seat to act; return it as an int or raise :class:`IllegalMove`."""
        kind = type(move)
        if kind is not Move and kind is not int:
            if isinstance(move, str):
                move = self.parse_move(move)
            elif not isinstance(move, int) or isinstance(move, bool):
                raise IllegalMove(f"{move!r} is not a move: use text such as '7c 7h', 'pass' or 'give 3c'")
        value = int(move)
        if value < 0 or value & ~self._MOVE_BITS:
            raise IllegalMove(f"{move!r} is not a move: a move is a mask of cards 0 to 53, 0 for a pass")
        phase = self._phase
        if phase == OVER:
            raise IllegalMove("the match is over")
        seat: int = self.to_act  # type: ignore[assignment]
        hand = self.hands[seat]
        cards = value & CARDS_MASK
        if self._owed:
            return self._check_owed(value, hand)
        if value & OWED_FLAGS:
            flag = value & OWED_FLAGS
            owing = [_OWED_BY[o] for o in _OWED_KINDS.get(flag, ()) if getattr(self.rules, o)]
            raise IllegalMove(f"nothing is owed now: '{owed_word(flag)}' follows only "
                              f"{' or '.join(owing) or _OWED_BY[_OWED_KINDS.get(flag, ('salvage',))[0]]}")
        if phase == EXCHANGE:
            count = self._give_count
            word = "card" if count == 1 else "cards"
            if not cards:
                raise IllegalMove(f"you cannot pass during the exchange: give back {count} {word}")
            if cards & ~hand:
                raise IllegalMove(f"you do not hold {cards_str(cards & ~hand)}")
            if cards.bit_count() != count:
                raise IllegalMove(f"give back exactly {count} {word}, not {cards.bit_count()}")
            return cards | GIVE_FLAG
        if value & GIVE_FLAG:
            raise IllegalMove("the exchange is over: play cards or pass")
        if not cards:
            if not self._table:
                raise IllegalMove("you lead this trick: you must play, you cannot pass")
            return 0
        if cards & ~hand:
            raise IllegalMove(f"you do not hold {cards_str(cards & ~hand)}")
        return self._check_play(value)

    def _check_owed(self, value: int, hand: int) -> int:
        """Check a move of the seat that owes a pass-on, a discard, a name or a salvage; return it or raise."""
        flag, count, _to, option = self._owed[0]
        word = owed_word(flag)
        if flag == NAME_FLAG:
            if value not in NAME_MOVES:
                raise IllegalMove("you owe a name first: name the rank every player discards, such as 'name 7' "
                                  "(3 4 5 6 7 8 9 10 J Q K A 2)")
            return value
        if flag == SALVAGE_FLAG:
            pile = self._pile()
            choices = self._owed_cards(flag)
            count = owed_count(count, choices)
            cards = value & CARDS_MASK
            if value & ~(flag | CARDS_MASK) or not cards:
                raise IllegalMove(f"you owe a salvage first, for {_OWED_BY[option]}: take {count} "
                                  f"card{'' if count == 1 else 's'} back from the discard pile, one at a time, such "
                                  f"as 'salvage {cards_str(highest_cards(choices, 1))}' (the pile: {cards_str(pile)})")
            if cards & pile & ~choices:
                raise IllegalMove(f"{cards_str(cards & pile & ~choices)}: the cards of the play that owes the salvage "
                                  f"cannot be taken back; take one of {cards_str(choices)}")
            if cards & ~pile:
                raise IllegalMove(f"{cards_str(cards & ~pile)} {'is' if (cards & ~pile).bit_count() == 1 else 'are'} "
                                  f"not in the discard pile: {cards_str(pile)}")
            if cards.bit_count() != 1:
                raise IllegalMove(f"salvage exactly 1 card, not {cards.bit_count()}: "
                                  f"{'a' if count == 1 else f'{count} in all,'} one at a time")
            return cards | flag
        count = owed_count(count, hand)
        cards_word = "card" if count == 1 else "cards"
        cards = value & CARDS_MASK
        if value & ~(flag | CARDS_MASK):
            raise IllegalMove(f"you owe a {word} of {count} {cards_word} first, such as '{word} "
                              f"{cards_str(highest_cards(hand, count))}'")
        if not cards:
            raise IllegalMove(f"you cannot pass now: {word} {count} {cards_word} of your choice")
        if cards & ~hand:
            raise IllegalMove(f"you do not hold {cards_str(cards & ~hand)}")
        if cards.bit_count() != count:
            raise IllegalMove(f"{word} exactly {count} {cards_word}, not {cards.bit_count()}")
        return cards | flag

    def _check_play(self, value: int) -> int:
        """Check a play of held cards by the seat to act against the table; return it or raise."""
        rules = self.rules
        cards = value & CARDS_MASK
        if value & STANDS_MASK:
            stands = stands_of(value)
            if not rules.wild_jokers:
                raise IllegalMove(f"jokers are not wild in {rules.name}: play them as they are")
            if any(not cards >> joker & 1 for joker in stands):
                raise IllegalMove("only a joker you play can stand for a card")
            if represented(value).bit_count() != cards.bit_count():
                raise IllegalMove("a joker cannot stand for a card played with it")
        shape = shape_of(value, rules.wild_jokers)
        problem = play_problem(shape, rules)
        if problem is not None:
            if shape is None and cards & JOKERS and rules.wild_jokers and not value & STANDS_MASK and cards & ~JOKERS:
                problem = "say what each joker stands for, such as '5h RJ=5c'"
            raise IllegalMove(problem)
        assert shape is not None
        table = self._table
        if table:
            if not self._beat and not self._extra:
                raise IllegalMove(f"nothing beats {cards_str(table & CARDS_MASK)}: you can only pass")
            before = shape_of(table, rules.wild_jokers)
            assert before is not None
            problem = answer_problem(shape, before, self._rev != self._back, self._lock, rules)
            if problem is not None:
                raise IllegalMove(problem)
        elif self._must_contain and not cards & self._must_contain:
            when = "deal" if rules.lead_card_every_deal else "match"
            raise IllegalMove(
                f"the first lead of the {when} must contain the {card_str(self._must_contain.bit_length() - 1)}")
        if value not in self.legal_moves():
            raise IllegalMove(f"{move_str(value)} is not one of the legal ways to play these cards: "
                              + ", ".join(str(m) for m in self.legal_moves() if m & CARDS_MASK == cards))
        return value

    def is_legal(self, move: Move | int | str) -> bool:
        """Whether ``move`` is legal for the seat to act."""
        try:
            self.verify(move)
        except IllegalMove:
            return False
        return True

    def apply(self, move: Move | int | str) -> Events:
        """Apply a move of the seat to act and return the events it caused (a sequence of :class:`Event`).

        ``move`` is a :class:`~president.moves.Move` or int (from :meth:`legal_moves`)
        or move text (``"7c 7h"``, ``"pass"``, ``"give 3c"``). Raises
        :class:`IllegalMove` with a reason (and changes nothing) when the move is not legal.
        """
        if move in self._legal and ((kind := type(move)) is Move or kind is int):
            value: int = move
        else:
            value = self.verify(move)
        # A pass or a straight play takes its lane here; anything else is played by the definition (_play).
        seat: int = self.to_act  # type: ignore[assignment]
        self._legal = ()
        self._log = (self._log, seat, value)
        # A legal pass is always a play-phase pass; a value below the lowest flag (the salvage's) is a play.
        if not value:
            waiting = self._waiting & _OTHERS[seat]
            if waiting:
                self._waiting = waiting
                self.to_act = self._next[seat][waiting]
                return _PASS_EVENTS[seat]
            if self._salvage or self._lucky:
                # The trick ends on this pass: the definition asks whether it owes a salvage, or is a lucky seven.
                cleared: list[RawEvent] = [("pass", seat, 0, None, None, None)]
                self._events = cleared
                try:
                    if (kept := self._turn_after(seat, 0)) > 0:
                        self._owe(self._owner, SALVAGE_OWED, kept)
                finally:
                    self._events = None
                return Events(cleared)
            owner = self._owner
            active = self._active
            leader = owner if active >> owner & 1 else self._next[owner][active]
            if self._aces:
                self._take_with_aces(owner)
            if self._lock or self._back:
                waited = self._lock & EIGHT_WAITS
                self._clear_trick(leader)
                if waited:
                    return Events((("pass", seat, 0, None, None, None), _cleared(leader, waited)))
            else:
                self._table = 0
                self._must_contain = 0
                self.to_act = leader
            return _CLEAR_EVENTS[seat][leader]
        if value < SALVAGE_FLAG:
            try:
                beat, answers = self._beats[value]
            except KeyError:  # a run, or wild jokers: not a straight play
                beat = -1
            hands = self.hands
            hand = hands[seat] ^ value
            if hand and beat >= 0 and (self._open or not (self._table or self._lanes.lead_locks)
                                       or (beat := self._answer_lane(value, beat)) >= 0):
                # A straight play: nobody goes out, and nothing happens but a new play to beat.
                if self._lockout and self._table:
                    # Under the lockout, whoever passed on this trick stays out of it.
                    waiting = self._active & _OTHERS[seat] & (self._waiting | 1 << self._owner)
                else:
                    waiting = self._active & _OTHERS[seat]
                hands[seat] = hand
                self._table = value
                self._beat = beat
                self._answers = answers
                self._owner = seat
                if waiting:
                    self._waiting = waiting
                    self.to_act = self._next[seat][waiting]
                    return _PLAY_EVENTS[seat][value]
                if self._aces:
                    self._take_with_aces(seat)
                self._clear_trick(seat)
                return Events((("play", seat, value, None, None, None), _cleared(seat)))
        events: list[RawEvent] = []
        self._events = events
        try:
            if self._phase != PLAY:
                self._give_back(seat, value & CARDS_MASK)
            elif value & OWED_FLAGS:
                self._settle(seat, value)
            else:
                self._play(seat, value)
        finally:
            self._events = None
        return Events(events)

    def apply_fast(self, move: int) -> None:
        """Apply a move from :meth:`legal_moves` (or :meth:`legal_masks`) when its events are not wanted.

        The same path as :meth:`apply`: a move found among the legal moves just listed
        costs no further check.
        """
        self.apply(move)

    def _deal_history(self) -> list[tuple[int, int]]:
        """The deal's public history, a list of its own for the caller."""
        return self._history_walk()[:]

    def _history_walk(self) -> list[tuple[int, int]]:
        """The deal's public history, the remembered list itself: read it, never change it."""
        # The last walk is remembered (its log node and its list, never changed in place), so that the next one
        # walks only the moves made since, as long as the deal has not changed.
        memo_node, memo = self._history_memo
        newer = []
        node = self._log
        start = self._deal_start
        while node is not start and node is not None:
            if node is memo_node:
                break
            if not node[2] & (GIVE_FLAG | OWED_FLAGS):
                newer.append((node[1], node[2]))
            node = node[0]
        else:
            memo = []
        newer.reverse()
        history = memo + newer if newer else memo
        self._history_memo = (self._log, history)
        return history

    def _set_order(self, revolution: bool) -> None:
        """Set the revolution, and take the straight lanes of the order the trick now follows."""
        self._rev = revolution
        self._beats = self._lanes.beats[revolution != self._back]

    def _set_direction(self, backwards: bool) -> None:
        """Set the direction of play: who plays next, for every part of the engine that asks."""
        self._backwards = backwards
        self._next = (PREVIOUS_SEAT if backwards else NEXT_SEAT)[self.players]

    def _set_lane(self, shape: Shape, value: int = 0) -> None:
        """After ``shape`` (the move ``value``) is played, order and lock set: the cards that may answer it from the
        byte lookups, or -1. A straight play's lane is the one its lookup by move holds."""
        entry = self._beats.get(value)
        lock = self._lock
        if entry is not None and entry[0] >= 0 and not lock:
            self._beat, self._answers = entry
            return
        lanes = self._lanes
        rules = self.rules
        if (shape.kind == SET and not lock & EIGHT_WAITS and shape.size <= 4 and lanes.on
                and not (rules.spade3_beats_joker and is_lone_joker(shape))
                # The sandstorm's answers under the suit lock, and the bombs under the stair lock, keep an order of
                # their own: those come from plays().
                and not (rules.answers_beyond_rank and lock & 15) and not (lock & STAIR and lanes.bombs)):
            beat = table_beat(value, shape, self._rev != self._back, lock, rules)
            if lock & 15:
                beat &= SUIT_CARDS[lock & 15]
            self._beat = beat | lanes.wild
            self._answers = ANSWERS_BY_COUNT[shape.size]
        else:
            self._beat = -1
            self._answers = None

    def _answer_lane(self, value: int, beat: int) -> int:
        """Where straight answers are not always open (house rules): a straight answer's beat mask when it may take
        the lane, or -1 when it must go through the definition (a lead that locks the trick, the table is no plain
        set, the skip rule may apply, the answer locks the trick, or nothing could answer it on the locked trick)."""
        rules = self.rules
        if not self._table or self._beat < 0 or rules.skip_on_equal:
            return -1
        lock = self._lock
        if rules.answers_beyond_rank:
            beat, after = self._irregular_lane(value, beat, self._table, lock)
            if after != lock:
                return -1  # a new lock is the definition's to announce
        elif lock:
            beat = beat & SUIT_CARDS[lock] | self._wild
        elif rules.suit_lock:
            table = shape_of(self._table, rules.wild_jokers)
            rank = (value.bit_length() - 1) >> 2
            if table is None or table.suits == value >> (4 * rank) & 15:
                return -1
        if lock and beat >= 0 and self._lanes.unbeatable_locked and unbeatable(
                value, self._rev != self._back, lock, rules):
            return -1  # it clears the trick
        return beat

    def _irregular_lane(self, value: int, beat: int, table: int, lock: int) -> tuple[int, int]:
        """Under sandstorm, down number or stair lock: the beat mask a straight answer ``value`` to the set ``table``
        leaves (``beat``: its lane's) and the lock after it (it may form the stair), or a beat of -1 when it must go
        through the definition (it forms a suit lock, a suit lock holds, or the table holds jokers)."""
        rules = self.rules
        if lock & 15 or table >= _REAL_CARDS_END:
            return -1, lock
        rank = (value.bit_length() - 1) >> 2
        table_rank = (table.bit_length() - 1) >> 2
        if rules.suit_lock and table >> (table_rank << 2) & 15 == value >> (rank << 2) & 15:
            return -1, lock  # the answer locks the trick to its suits (see lock_after)
        if not rules.stair_lock:
            return beat, lock
        lanes = self._lanes
        order = self._rev != self._back
        if not lock and (value.bit_count() != table.bit_count()
                         or not lanes.stairs[order][table_rank] >> (rank << 2) & 15):
            return beat, lock
        # The stair holds, or this answer forms it (see lock_after): the answer is a sandstorm (its lane's beat), or
        # the next rank up, which the rank next up from it alone may answer (bombs keep their order through plays()).
        if lanes.bombs:
            return -1, lock
        if rules.sandstorm and value < 16 and value.bit_count() == 3:
            return beat, STAIR
        return lanes.stairs[order][rank] | lanes.wild, STAIR

    def _clear_trick(self, leader: int) -> None:
        self._table = 0
        self._lock = 0
        if self._back:
            self._back = False
            self._set_order(self._rev)
        self._must_contain = 0
        self.to_act = leader

    def _give_back(self, seat: int, cards: int) -> None:
        receiver, giver, _ = self._pending[0]
        self._pending = self._pending[1:]
        self.hands[receiver] ^= cards
        self.hands[giver] |= cards
        given = self._given[:]
        given[receiver] |= cards
        self._given = given
        received = self._received[:]
        received[giver] |= cards
        self._received = received
        if self._events is not None:
            self._events.append(("return", receiver, cards, giver, None, (receiver, giver)))
        if self._pending:
            self.to_act = self._pending[0][0]
            self._give_count = self._pending[0][2]
        else:
            self._phase = PLAY
            self._give_count = 0
            self.to_act = self._opening_leader() if self.rules.lead_card_every_deal else self._leader

    # ----------------------------------------------------------------- the course of a trick

    def _play(self, seat: int, value: int) -> None:
        """The one definition of what a play does, under every option: the lanes only skip what it would not do."""
        rules = self.rules
        cards = value & CARDS_MASK
        hand = self.hands[seat] ^ cards
        self.hands[seat] = hand
        shape = shape_of(value, rules.wild_jokers)
        assert shape is not None
        table = self._table
        # What was answered matters only to the lock, the skip and a lone joker's cut.
        before = shape_of(table, rules.wild_jokers) if table and self._lanes.answered else None
        # Under the lockout, whoever passed on this trick stays out of it.
        still = self._waiting | 1 << self._owner if self._lockout and table else -1
        events = self._events
        if events is not None:
            stands = stands_of(value) if value & STANDS_MASK else None
            data = {"stands": {card_str(j): stand_str(c) for j, c in stands.items()}} if stands else None
            events.append(("play", seat, cards, None, data, None))
        self._table = value
        self._owner = seat
        self._must_contain = 0
        stops = False
        if self._lock & EIGHT_WAITS:
            # A pair of 4s stops the waiting 8-cut (the ``four_stop`` rule): the trick goes on from the 4s, with no
            # lock (they start none either).
            stops = True
            self._lock = 0
            if events is not None:
                events.append(("stop", seat, 0, None, {"option": "four_stop"}, None))
        # Each rule's predicate is asked only when its option is on (a call costs more than the test).
        if (rules.suit_lock or rules.stair_lock) and not stops:
            old = self._lock
            lock = lock_after(shape, before, old, rules, self._rev != self._back, bool((value | table) & JOKERS))
            if lock != old:
                self._lock = lock
                if events is not None:
                    if lock & 15 and not old & 15:
                        started = "suit_lock_at_once" if before is None else "suit_lock"
                        events.append(("lock", seat, 0, None, {"suits": suits_text(lock), "option": started}, None))
                    if lock & STAIR and not old & STAIR:
                        events.append(("lock", seat, 0, None, {"suits": suits_text(lock), "stair": True,
                                                               "option": "stair_lock"}, None))
        skip = (rules.skip_on_equal and before is not None
                and is_equal_answer(shape, before, self._rev != self._back, rules))
        at_once = False
        if self._lanes.turns and not self._calm and (why := revolution_by(shape, rules)) is not None:
            self._set_order(not self._rev)
            self._calm = why == "omen"
            at_once = why == "great_revolution"
            if events is not None:
                events.append(("revolution", seat, 0, None, {"on": self._rev, "option": why}, None))
        if (rules.eleven_back and flips_for_the_trick(shape, rules, value)
                and not (rules.eleven_back_once and self._back)):
            self._back = not self._back
            self._set_order(self._rev)
            if events is not None:
                events.append(("eleven_back", seat, 0, None, {"on": self._back, "option": "eleven_back"}, None))
        fives = 0
        if self._lanes.steers:
            for name in reversals_of(shape, rules):
                self._set_direction(not self._backwards)
                if events is not None:
                    events.append(("reverse", seat, 0, None, {"option": name, "backwards": self._backwards}, None))
            fives = skips_of(shape, rules)
        cut = cut_rule(shape, before, rules, value, not table, not hand) if self._lanes.cuts else None
        if cut == "eight_cut" and rules.four_stop:
            # The cut waits for the others: a pair of 4s may stop it; when all pass, the trick ends as cut.
            cut = None
            self._lock |= EIGHT_WAITS
            if events is not None:
                events.append(("cut_waits", seat, 0, None, {"option": "four_stop"}, None))
        if cut is None and rules.unbeatable_clears and unbeatable(value, self._rev != self._back, self._lock, rules):
            cut = "unbeatable_clears"
        owed = owed_by(shape, rules, hand) if self._lanes.owes and hand and not at_once else ()
        if at_once and hand:
            # The great revolution: its player goes out at once, the rest of his hand discarded unseen.
            self._dead |= hand
            self.hands[seat] = hand = 0
        if not hand:
            self._go_out(seat, value, shape, before, "great_revolution" if at_once else "")
            if self._active & (self._active - 1) == 0:
                self._end_deal()
                return
        if cut and self._lucky and self._lucky_out(seat):
            return
        active = self._active
        if cut:
            option = cut
            if rules.bomb_passes_lead and cut in ("quad_bomb", "two_bomb"):
                leader = self._next[seat][active & ~(1 << seat)]
                option = "bomb_passes_lead"
            else:
                leader = seat if active >> seat & 1 else self._next[seat][active]
            if self._aces:
                self._take_with_aces(seat)
            if self._salvage and self._salvage_owed(seat, value):
                owed += SALVAGE_OWED
            self._clear_trick(leader)
            if events is not None:
                events.append(("trick_cleared", None, 0, None, {"leader": leader, "cut": CUT_WORDS[cut],
                                                                "option": option}, None))
            if owed and active >> seat & 1:
                self._owe(seat, owed, cards)
            return
        self._set_lane(shape, value)
        waiting = active & ~(1 << seat) & still
        if skip and waiting:
            skipped = self._next[seat][waiting]
            waiting &= ~(1 << skipped)
            if events is not None:
                events.append(("skip", skipped, 0, None, {"option": "skip_on_equal"}, None))
        while fives and waiting:
            fives -= 1
            skipped = self._next[seat][waiting]
            waiting &= ~(1 << skipped)
            if events is not None:
                events.append(("skip", skipped, 0, None, {"option": "five_skip"}, None))
        kept = self._turn_after(seat, waiting)
        if kept < 0 or not self._active >> seat & 1:
            return  # the trick ended on his lucky seven: he is out, the deal perhaps over, and owes nothing
        if kept:
            owed += SALVAGE_OWED
        if owed:
            self._owe(seat, owed, cards)

    def _owe(self, seat: int, owed: tuple[tuple[int, int, str], ...], kept: int = 0) -> None:
        """``seat``'s play owes ``owed`` (see :func:`president.owed.owed_by`): the trick stays as the play left it,
        and ``seat`` settles what it owes before the seat then to act plays. A pass-on goes to the next player in
        the direction of play; a take from the pile takes no card of ``kept`` (the cards of the play that owes it),
        and is owed only as far as the pile holds other cards."""
        receiver = self._next[seat][self._active & _OTHERS[seat]]
        resume: int = self.to_act  # type: ignore[assignment]
        self.to_act = seat
        self._owed = self._due(tuple((flag, count, kept if flag == SALVAGE_FLAG else receiver, option)
                                     for flag, count, option in owed))
        if not self._owed:
            self.to_act = resume
            return
        self._resume = resume
        if self._events is not None:
            self._events.append(self._owe_event(seat))

    def _owe_event(self, seat: int) -> RawEvent:
        """The event that says what ``seat`` owes first now (how many cards, or a name, and by which rule)."""
        flag, count, to, option = self._owed[0]
        return ("owe", seat, 0, to if flag == PASS_ON_FLAG else None,
                {"move": owed_word(flag), "count": owed_count(count, self._owed_cards(flag)), "option": option}, None)

    def _pile(self) -> int:
        """The discard pile: every card played in this deal that no hand holds, not on the table and not taken out
        unseen (public: every such card was seen played or discarded)."""
        return self._dealt & ~_union(self.hands) & ~self._dead & ~(self._table & CARDS_MASK)

    def _owed_cards(self, flag: int) -> int:
        """The cards the seat to act chooses from for the owed move first owed, of the kind ``flag``: its hand, or
        for a salvage the pile but the cards of the play that owes it."""
        if flag == SALVAGE_FLAG:
            return owed_source(flag, 0, self._pile() & ~self._owed[0][2])
        return self.hands[self.to_act]  # type: ignore[index]

    def _due(self, owed: tuple[Owed, ...]) -> tuple[Owed, ...]:
        """``owed`` without the takes first in it that have no card to take."""
        while owed and owed[0][0] == SALVAGE_FLAG and not self._pile() & ~owed[0][2]:
            owed = owed[1:]
        return owed

    def _lucky_out(self, owner: int) -> bool:
        """Under ``lucky_seven``, when the trick ends: if the play on the table is ``owner``'s three 7s and he still
        holds cards, he goes out at once, in the next place from the top, the rest of his hand discarded unseen (as
        by a great revolution). True when that ends the deal (it is then over, or the next one dealt)."""
        if not (self._active >> owner & 1 and lucky_seven(self._table, self.rules)):
            return False
        self._dead |= self.hands[owner]
        self.hands[owner] = 0
        self._go_out(owner, self._table, None, None, "lucky_seven")
        if self._active & (self._active - 1) == 0:
            self._end_deal()
            return True
        return False

    def _salvage_owed(self, owner: int, table: int) -> int:
        """The cards of the play ``table`` (``owner``'s) when the trick it ended owes ``owner`` a salvage (he is
        still in the deal and the play holds a 3: see :func:`president.owed.salvages`), else 0."""
        return table & CARDS_MASK if self._active >> owner & 1 and salvages(table, self.rules) else 0

    def _settle(self, seat: int, value: int) -> None:
        """``seat`` passes on or discards the cards of ``value``, or names a rank; once nothing more is owed, the seat
        the play left to act acts (or, when that seat has gone out with the cards it lost, the next one)."""
        flag, count, receiver, option = self._owed[0]
        cards = value & CARDS_MASK
        hands = self.hands
        events = self._events
        rest = self._owed[1:]
        if flag == NAME_FLAG:
            outs = self._bomb(seat, cards)
        elif flag == SALVAGE_FLAG:
            hands[seat] |= cards
            outs = ()
            if count > 1:
                # One card at a time: the rest stays owed.
                rest = ((flag, count - 1, receiver, option), *rest)
            if events is not None:
                events.append(("salvage", seat, cards, None, {"option": option}, None))
        else:
            hands[seat] ^= cards
            # Galaxy Express 999 takes two back at once: discarding his last cards for it, he stays in.
            outs = () if hands[seat] or option == "galaxy_express" else (seat,)
            if flag == PASS_ON_FLAG:
                hands[receiver] |= cards
                if events is not None:
                    events.append(("passed_on", seat, cards, receiver, {"option": "seven_pass"}, (seat, receiver)))
            elif events is not None:
                events.append(("discard", seat, cards, None, {"option": option}, None))
        self._owed = owed = self._due(rest) if hands[seat] or option == "galaxy_express" else ()
        if owed:
            if events is not None:
                events.append(self._owe_event(seat))
            return
        resume = self._resume
        self._resume = -1
        if outs:
            for out in outs:
                if self._active >> out & 1:  # not fallen already with a president gone out before him
                    self._go_out(out, value, None, None)
            active = self._active
            if active & (active - 1) == 0:
                self._end_deal()
                return
            self._waiting &= active
            if not active >> resume & 1:
                # The seat to act has gone out (the giver, or a president fallen with him): the next one acts.
                if self._table and self._waiting:
                    resume = self._next[seat][self._waiting]
                else:
                    if self._table and self._lucky and self._lucky_out(self._owner):
                        return
                    active = self._active
                    resume = self._next[seat][active]
                    if self._table:
                        lock = self._lock
                        kept = self._salvage_owed(self._owner, self._table) if self._salvage else 0
                        self._clear_trick(resume)
                        if events is not None:
                            events.append(_cleared(resume, lock))
                        if kept:
                            self.to_act = resume
                            self._owe(self._owner, SALVAGE_OWED, kept)
                            return
        self.to_act = resume

    def _bomb(self, seat: int, cards: int) -> tuple[int, ...]:
        """``seat`` names the rank of ``cards`` (the Q-bomber): every player still in, from the next one in the
        direction of play round to ``seat``, discards every card of that rank he holds, face up. Returns the seats
        left with no card, in that order (they go out in it)."""
        hands = self.hands
        events = self._events
        if events is not None:
            events.append(("name", seat, 0, None, {"rank": RANK_NAMES[named_rank(cards)],
                                                   "option": "queen_bomber"}, None))
        order = []
        others = self._active & _OTHERS[seat]
        at = seat
        while others:
            at = self._next[at][others]
            others &= ~(1 << at)
            order.append(at)
        order.append(seat)
        outs = []
        for at in order:
            lost = hands[at] & cards
            if not lost:
                continue
            hands[at] ^= lost
            if events is not None:
                events.append(("discard", at, lost, None, {"option": "queen_bomber"}, None))
            if not hands[at]:
                outs.append(at)
        return tuple(outs)

    def _go_out(self, seat: int, value: int, shape: Shape | None, before: Shape | None, at_once: str = "") -> None:
        """``seat`` has played its last card (or goes out at once by the rule ``at_once``: a great revolution, a lucky
        seven; or passed on or discarded its last
        cards, ``shape`` None): a place from the top, or the bottom for a forbidden finish."""
        self._active &= ~(1 << seat)
        events = self._events
        if (self.rules.forbidden_finish and not at_once and shape is not None
                and forbidden_finish(value, shape, before, self.rules, self._rev)):
            self._bottom += (seat,)
            if events is not None:
                why = "forbidden_finish"
                if self._rev and not forbidden_finish(value, shape, before, self.rules):
                    why = "revolution_forbidden"  # only the 3s made it forbidden
                events.append(("out", seat, 0, None, {"place": self.players + 1 - len(self._bottom),
                                                      "forbidden": True, "option": why}, None))
            return
        self._finished += (seat,)
        if events is not None:
            data: dict[str, Any] = {"place": len(self._finished)}
            if at_once:
                data["option"] = at_once
            events.append(("out", seat, 0, None, data, None))
        if self.rules.gekokujo and len(self._finished) == 1 and self._results:
            order = gekokujo_order(self._results[-1].order, seat, self.rules)
            if order is not None:
                # The deal is decided: the others hold their cards no longer.
                for other in range(self.players):
                    self._dead |= self.hands[other]
                    self.hands[other] = 0
                self._finished, self._bottom, self._active = order, (), 0
                if events is not None:
                    events.append(("gekokujo", seat, 0, None, {"option": "gekokujo", "order": list(order)}, None))
                return
        if self.rules.capital_fall and len(self._finished) == 1 and self._results:
            last_order = self._results[-1].order
            president = last_order[0]
            by_last = self.rules.capital_fall_by_last
            if president != seat and self._active >> president & 1 and (not by_last or last_order[-1] == seat):
                self._active &= ~(1 << president)
                self._dead |= self.hands[president]
                self.hands[president] = 0
                self._bottom += (president,)
                if events is not None:
                    events.append(("fall", president, 0, None,
                                   {"place": self.players + 1 - len(self._bottom),
                                    "option": "capital_fall_by_last" if by_last else "capital_fall"}, None))

    def _turn_after(self, seat: int, waiting: int) -> int:
        """Give the turn to the next seat in ``waiting``, or end the trick when nobody is waiting. Returns the cards
        of the play on the table when the trick so ended owes its owner a salvage (the caller makes him owe it),
        else 0; -1 when the trick's end ended the deal (a lucky seven)."""
        if waiting:
            self._waiting = waiting
            self.to_act = self._next[seat][waiting]
            return 0
        owner = self._owner
        if self._lucky and self._lucky_out(owner):
            return -1
        active = self._active
        leader = owner if active >> owner & 1 else self._next[owner][active]
        if self._aces:
            self._take_with_aces(owner)
        lock = self._lock
        kept = self._salvage_owed(owner, self._table) if self._salvage else 0
        self._clear_trick(leader)
        if self._events is not None:
            self._events.append(_cleared(leader, lock))
        return kept

    def _take_with_aces(self, owner: int) -> None:
        """Under ``next_ace``: the trick ends with ``owner``'s play on the table; a set of aces makes him the leader
        of the next deal (until another trick is taken with aces)."""
        shape = shape_of(self._table, self.rules.wild_jokers)
        if shape is not None and shape.kind == SET and shape.rank == ACE_RANK:
            self._ace_seat = owner

    def _passed_mask(self) -> int:
        """The seats that have passed on the cards on the table (since they were played, without lockout).

        Every seat still in the deal but the owner either waits to answer or has passed.
        """
        if not self._table:
            return 0
        return self._active & ~(1 << self._owner) & ~self._waiting

    def _end_deal(self) -> None:
        n = self.players
        active = self._active
        order = (*self._finished, active.bit_length() - 1) if active else self._finished
        if self._bottom:
            order += self._bottom[::-1]
        table = self._place_points
        names = self._place_titles
        points = [0] * n
        scores = self._scores[:]
        titles: list[str | None] = [None] * n
        for place, s in enumerate(order):
            points[s] = table[place]
            scores[s] += table[place]
            titles[s] = names[place]
        self._scores = scores
        self._titles = titles
        self._results += (DealResult(self.deal_number, order, tuple(points)),)
        self._table = self._lock = 0
        self._back = False
        events = self._events
        if events is not None:
            events.append(("deal_over", None, 0, None, {
                "deal": self.deal_number, "order": list(order), "points": points,
                "titles": list(self._titles), "scores": list(self._scores),
            }, None))
        winners = self._decide_end(order)
        if winners:
            self._winners = winners
            self._phase = OVER
            self.to_act = None
            if events is not None:
                events.append(("match_over", None, 0, None, {"winners": winners, "scores": list(self._scores)}, None))
        else:
            self._start_deal()

    def _decide_end(self, order: tuple[int, ...]) -> list[int]:
        rules = self.rules
        if self.single_deal:
            return [order[0]]
        scores = self._scores
        top = max(scores)
        if rules.deals is not None:
            done = self.deal_number >= rules.deals
        else:
            assert rules.target_score is not None
            done = top >= rules.target_score
        if not done:
            return []
        tied = [s for s in range(self.players) if scores[s] == top]
        if len(tied) == 1 or rules.tie_break == "share":
            return tied
        if rules.tie_break == "last_deal":
            return [min(tied, key=order.index)]
        return []

    # ----------------------------------------------------------------- copies and records

    def copy(self) -> Match:
        """An independent copy of the match (made by :func:`_copy_function` from ``__slots__``)."""
        raise NotImplementedError  # replaced below, once the class exists

    def rollout(self, policy: str | PlayoutPolicy = "random", rng: random.Random | None = None) -> tuple[int, ...]:
        """Play the rest of the current deal on a copy and return its finishing order.

        ``policy`` is ``"random"`` (a uniformly random legal move) or a fast policy
        function ``policy(seat, hand, table_rank, table_count, revolution,
        must_contain, rng) -> int`` returning a legal move as an int (``table_count``
        0 means the seat leads; ``must_contain`` is a card the lead must hold, or 0).
        During an exchange, gifts are random. The match itself is not changed; no
        events are built and no moves logged: this is the path for search and RL.
        """
        return self.copy().playout(policy, rng)

    def playout(self, policy: str | PlayoutPolicy = "random", rng: random.Random | None = None) -> tuple[int, ...]:
        """Like :meth:`rollout` but in place: this match is left over at the end of the deal, unlogged.

        Use it on a copy you own (search code that has just made one).
        """
        order = self._run_playout(policy, rng, -1)
        assert order is not None
        return order

    def playout_until(
        self, seat: int, policy: str | PlayoutPolicy = "random", rng: random.Random | None = None,
    ) -> tuple[int, ...] | None:
        """Play in place, like :meth:`playout`, until ``seat`` is to act in the play phase.

        Returns None when it stops there (the match is then a consistent position,
        ready for :meth:`legal_masks`, :meth:`copy` and :meth:`apply_fast`), or the
        finishing order when the deal ends first. For nested search on a copy you own.
        """
        return self._run_playout(policy, rng, seat)

    def _run_playout(
        self, policy: str | PlayoutPolicy, rng: random.Random | None, stop_at: int,
    ) -> tuple[int, ...] | None:
        if self._phase == OVER:
            raise ValueError("the match is over")
        self._legal = ()
        rng = rng or random.Random()
        while self._phase == EXCHANGE:
            gifts = gift_moves(self.hands[self.to_act], self._give_count)  # type: ignore[index]
            self._give_back(self.to_act, random_choice(gifts, rng) & CARDS_MASK)  # type: ignore[arg-type]
        if policy == "random":
            return self._playout(None, rng, stop_at)
        if not callable(policy):
            raise ValueError(f"unknown playout policy {policy!r}: use 'random' or a function")
        return self._playout(policy, rng, stop_at)

    def _playout(self, policy: PlayoutPolicy | None, rng: random.Random, stop_at: int = -1) -> tuple[int, ...] | None:
        if not self._lanes.plain:
            return self._playout_any_rules(policy, rng, stop_at)
        # The kernel of the seed rules' trick (sets of one rank, an optional revolution and lockout), from the
        # lanes' tables; a test holds it to the definition.
        rand = rng.random
        hands = self.hands
        lockout = self._lockout
        max_set = self.rules.max_set
        revolution = self.rules.revolution
        high = self._lanes.high
        rev = self._rev
        stronger = STRONGER[(rev, high)]
        table = self._table
        trank = (table.bit_length() - 1) >> 2
        tcount = table.bit_count()
        owner = self._owner
        passed = self._passed_mask() if lockout else 0
        waiting = self._waiting
        active = self._active
        seat: int = self.to_act  # type: ignore[assignment]
        must = 0 if table else self._must_contain
        finished = list(self._finished)
        assert self._leads_by_byte is not None
        l0, l1, l2, l3, l4, l5, l6 = self._leads_by_byte
        answers = ANSWERS_BY_COUNT
        nxt = self._next
        while True:
            if seat == stop_at:
                self._set_order(rev)
                self._table, self._beat = table, stronger[trank] if table else 0
                self._answers = answers[tcount]
                self._owner, self._waiting = owner, waiting
                self._active, self.to_act = active, seat
                self._finished, self._must_contain = tuple(finished), must
                return None
            hand = hands[seat]
            if policy is not None:
                move = policy(seat, hand, trank, tcount if table else 0, rev, must, rng)
                must = 0
            elif table:
                h = hand & stronger[trank]
                if h:
                    a0, a1, a2, a3, a4, a5, a6 = answers[tcount]
                    b6, b5, b4, b3, b2, b1, b0 = h.to_bytes(7)
                    moves = a0[b0] + a1[b1] + a2[b2] + a3[b3] + a4[b4] + a5[b5] + a6[b6]
                    if moves:
                        moves += PASS_ONLY
                        move = moves[int(rand() * len(moves))]
                    else:
                        move = 0  # the pass is the only legal move: no draw
                else:
                    move = 0
            elif must:
                leads = lead_moves(hand, max_set, must)
                move = leads[int(rand() * len(leads))]
                must = 0
            else:
                b6, b5, b4, b3, b2, b1, b0 = hand.to_bytes(7)
                moves = l0[b0] + l1[b1] + l2[b2] + l3[b3] + l4[b4] + l5[b5] + l6[b6]
                move = moves[int(rand() * len(moves))]
            if move:
                hand ^= move
                hands[seat] = hand
                table = move
                trank = (move.bit_length() - 1) >> 2
                tcount = move.bit_count()
                owner = seat
                if tcount == 4 and revolution:
                    rev = not rev
                    stronger = STRONGER[(rev, high)]
                if not hand:
                    active &= ~(1 << seat)
                    finished.append(seat)
                    if active & (active - 1) == 0:
                        self._phase = OVER
                        self.to_act = None
                        self._table = 0
                        self._active = active
                        self._finished = tuple(finished)
                        self._rev = rev
                        finished.append(active.bit_length() - 1)
                        return tuple(finished)
                waiting = active & ~(1 << seat) & ~passed
            else:
                waiting &= ~(1 << seat)
                if lockout:
                    passed |= 1 << seat
            if waiting:
                seat = nxt[seat][waiting]
                continue
            # Nobody else may answer: the trick is over.
            table = 0
            passed = 0
            seat = owner if active >> owner & 1 else nxt[owner][active]

    def _playout_any_rules(
        self, policy: PlayoutPolicy | None, rng: random.Random, stop_at: int,
    ) -> tuple[int, ...] | None:
        """The playout under any rules: the legal moves as :meth:`legal_moves` lists them, a move drawn at random
        (none when the pass is the only legal move) or chosen by ``policy.house``, then the straight lanes of
        :meth:`apply`, the plays :meth:`_play` would handle without a rule's effect beyond those written here (a
        cut, a lock, a skip, going out), or the definition itself. The state of the trick lives in local names
        between two plays by the definition (written back by :meth:`_store_trick` before it, and before the policy
        or the caller sees the match)."""
        house = None
        if policy is not None:
            house = getattr(policy, "house", None)
            if house is None:
                raise ValueError(f"a fast playout policy plays only the seed rule sets, not {self.rules.name}: "
                                 "give it a house(match, seat, moves, rng) attribute")
        rand = rng.random
        single = self.single_deal
        self.single_deal = True  # the playout ends with the deal
        hands = self.hands
        nxt = self._next
        lockout = self._lockout
        wild = self._wild
        rules = self.rules
        opened = self._open
        skips = rules.skip_on_equal
        locks = rules.suit_lock
        no_joker_lock = rules.joker_starts_no_lock
        aces = self._aces
        salvage = self._salvage
        lucky = self._lucky
        lead_block = self._lead_block
        lead_runs = self._lead_runs
        more = self._extra
        # The cards a hand must hold for more() to find anything, by the table (its 3s and four of a kind aside).
        extra_cards, storms, fours = self._lanes.extra_cards, self._lanes.sandstorms, self._lanes.bomb_ranks
        wants = extra_cards[self._rev != self._back]
        climbs = self._lanes.climbs
        climb = climbs[self._rev != self._back]
        irregular = rules.answers_beyond_rank
        lead_locks = self._lanes.lead_locks
        unbeatable_locked = self._lanes.unbeatable_locked
        quiet_out = not (rules.forbidden_finish or rules.capital_fall or rules.gekokujo)
        run_probe = self._lanes.run_probe if self._lanes.runs else 64  # no real cards that far up: no run
        emperor = self._lanes.emperors
        l0, l1, l2, l3, l4, l5, l6 = self._leads_by_byte or ANSWERS_BY_COUNT[0]
        if self._owed and self._settle_in_playout(house, rng, stop_at):
            self.single_deal = single
            return None
        if self._phase == OVER:
            return self._results[-1].order
        seat: int = self.to_act  # type: ignore[assignment]
        table, beat, answers, owner = self._table, self._beat, self._answers, self._owner
        waiting, active, lock, must, beats = self._waiting, self._active, self._lock, self._must_contain, self._beats
        while True:
            if seat == stop_at:
                self._store_trick(seat, table, beat, answers, owner, waiting, lock, must)
                self.single_deal = single
                return None
            hand = hands[seat]
            # The legal moves, as legal_moves() lists them (in the same order, for the same draws).
            if table:
                h = hand & beat
                if not h and not more:
                    moves = FORCED_PASS
                else:
                    if answers is None or hand & wild:
                        found = plays(hand, rules, table, self._rev != self._back, lock)
                    elif not h:
                        found = (more(hand, table, self._rev != self._back, lock)  # type: ignore[misc]
                                 if hand & wants.get(table, -1) or storms[hand & 15]
                                 or (fours and hand & hand >> 1 & hand >> 2 & hand >> 3 & fours) else ())
                    else:
                        t0, t1, t2, t3, t4, t5, t6 = answers
                        b6, b5, b4, b3, b2, b1, b0 = h.to_bytes(7)
                        found = t0[b0] + t1[b1] + t2[b2] + t3[b3] + t4[b4] + t5[b5] + t6[b6]
                        if (more and (hand & wants.get(table, -1) or storms[hand & 15]
                                      or (fours and hand & hand >> 1 & hand >> 2 & hand >> 3 & fours))
                                and (extra := more(hand, table, self._rev != self._back, lock))):
                            found = tuple(dict.fromkeys(found + extra)) if found else extra
                    moves = found + PASS_ONLY if found else FORCED_PASS
            elif must or hand & lead_block:
                if lead_runs and not must and not hand & wild:
                    b6, b5, b4, b3, b2, b1, b0 = hand.to_bytes(7)
                    moves = l0[b0] + l1[b1] + l2[b2] + l3[b3] + l4[b4] + l5[b5] + l6[b6]
                    real = hand & _REAL_CARDS
                    if real & real >> 4 & real >> run_probe:
                        moves += run_leads(hand, rules)
                    if emperor:
                        moves += emperors(hand)
                else:
                    moves = plays(hand, rules, 0, self._rev, 0, must)
            else:
                b6, b5, b4, b3, b2, b1, b0 = hand.to_bytes(7)
                moves = l0[b0] + l1[b1] + l2[b2] + l3[b3] + l4[b4] + l5[b5] + l6[b6]
            if house is not None:
                self._store_trick(seat, table, beat, answers, owner, waiting, lock, must)
                move = house(self, seat, moves, rng)
            elif moves is FORCED_PASS:
                move = 0
            else:
                move = moves[int(rand() * len(moves))]
            if move:
                straight, after = beats.get(move, _NOT_STRAIGHT)
                hand ^= move
                if straight >= 0 and not opened and (table or lead_locks):
                    # What the answer does may depend on the play it answers (see _answer_lane).
                    if not table:
                        if lead_locks:
                            # The lead locks the trick to its suits at once (see lock_after); jokers take the
                            # definition.
                            if move < _REAL_CARDS_END:
                                lock = move >> (((move.bit_length() - 1) >> 2) << 2) & 15
                                straight = straight & SUIT_CARDS[lock] | wild
                            else:
                                straight = -1
                    elif beat < 0:
                        straight = -1
                    elif irregular:
                        if lock or locks or move & climb.get(table, -1):
                            straight, lock = self._irregular_lane(move, straight, table, lock)
                    elif lock:
                        straight = straight & SUIT_CARDS[lock] | wild
                    elif locks and not (no_joker_lock and table & JOKERS):
                        suits = (table >> (((table.bit_length() - 1) >> 2) << 2) & 15 if table < _REAL_CARDS_END
                                 else shape_of(table, rules.wild_jokers).suits)  # type: ignore[union-attr]
                        if suits == move >> (((move.bit_length() - 1) >> 2) << 2) & 15:
                            # The answer locks the trick to its suits (see lock_after).
                            lock = suits
                            straight = straight & SUIT_CARDS[lock] | wild
                    if unbeatable_locked and lock and straight >= 0 and unbeatable(
                            move, self._rev != self._back, lock, rules):
                        straight = CUT  # nothing could answer it on the locked trick: it clears
                if straight == CUT and hand:
                    # An 8-cut and nothing else: the trick clears, and its player leads again.
                    hands[seat] = hand
                    owner = leader = seat
                    table = move
                elif straight < 0 or not (hand or quiet_out):
                    self._store_trick(seat, table, beat, answers, owner, waiting, lock, must)
                    self._play(seat, move)
                    if self._owed and self._settle_in_playout(house, rng, stop_at):
                        self.single_deal = single
                        return None
                    if self._phase == OVER:
                        return self._results[-1].order
                    (seat, table, beat, answers, owner, waiting, active, lock, must, beats, nxt, wants,
                     climb) = self._playout_state()
                    continue
                else:
                    # A straight play: a new play to beat, and nothing else but maybe its player going out.
                    if lockout and table:
                        waiting = active & _OTHERS[seat] & (waiting | 1 << owner)
                    else:
                        waiting = active & _OTHERS[seat]
                    if skips and waiting and table and _rank_of(move) == _rank_of(table, rules.wild_jokers):
                        # An answer of the same rank skips the next player (see is_equal_answer).
                        waiting &= _OTHERS[nxt[seat][waiting]]
                    hands[seat] = hand
                    table, beat, answers, owner = move, straight, after, seat
                    if not hand:
                        # Out, with no rule on the last play (see _go_out).
                        must = 0
                        active &= _OTHERS[seat]
                        self._active = active
                        self._finished += (seat,)
                        if not active & (active - 1):
                            self._store_trick(seat, table, beat, answers, owner, waiting, lock, must)
                            self._end_deal()
                            return self._results[-1].order
                        if waiting:
                            seat = nxt[seat][waiting]
                            continue
                        leader = nxt[seat][active]
                    else:
                        if waiting:
                            seat = nxt[seat][waiting]
                            continue
                        leader = seat
            else:
                waiting &= _OTHERS[seat]
                if waiting:
                    seat = nxt[seat][waiting]
                    continue
                leader = owner if active >> owner & 1 else nxt[owner][active]
            # Nobody else may answer: the trick is over (as _clear_trick).
            if ((salvage and self._salvage_owed(owner, table))
                    or (lucky and active >> owner & 1 and lucky_seven(table, rules))):
                # It owes a salvage, or is a lucky seven: the definition ends it.
                self._store_trick(seat, table, beat, answers, owner, 0, lock, must)
                self._active = active
                kept = self._turn_after(owner, 0)
                if kept < 0:
                    return self._results[-1].order
                if kept:
                    self._owe(owner, SALVAGE_OWED, kept)
                if self._settle_in_playout(house, rng, stop_at):
                    self.single_deal = single
                    return None
                (seat, table, beat, answers, owner, waiting, active, lock, must, beats, nxt, wants,
                 climb) = self._playout_state()
                continue
            if aces:
                self._table = table
                self._take_with_aces(owner)
            table = lock = must = 0
            if self._back:
                self._back = False
                self._set_order(self._rev)
                beats = self._beats
                wants, climb = extra_cards[self._rev], climbs[self._rev]
            seat = leader

    def _playout_state(self) -> tuple[Any, ...]:
        """The playout kernel's locals read again from the match, after the definition has moved it on (an owed
        move settled): the seat to act, the trick, who may answer, the lock, the must-contain card and the lanes
        of the current rank order."""
        reversed_order = self._rev != self._back
        return (self.to_act, self._table, self._beat, self._answers, self._owner, self._waiting, self._active,
                self._lock, self._must_contain, self._beats, self._next, self._lanes.extra_cards[reversed_order],
                self._lanes.climbs[reversed_order])

    def _settle_in_playout(self, house: Callable[..., int] | None, rng: random.Random, stop_at: int) -> bool:
        """Settle in a playout what the seat to act owes (a pass-on, a discard): each move drawn at random, or chosen
        by the policy, as any move. True when it stops first because that seat is ``stop_at``."""
        while self._owed:
            seat: int = self.to_act  # type: ignore[assignment]
            if seat == stop_at:
                return True
            flag, count, _to, _option = self._owed[0]
            cards = self._owed_cards(flag)
            if house is not None:
                self._settle(seat, house(self, seat, owed_moves(cards, flag, count), rng))
            else:
                self._settle(seat, owed_draw(cards, flag, count, rng.random()))
        return False

    def _store_trick(
        self, seat: int, table: int, beat: int, answers: ByteLookups | None, owner: int, waiting: int, lock: int,
        must: int,
    ) -> None:
        """Write back the state of the trick a playout keeps in local names."""
        self.to_act = seat
        self._table = table
        self._beat = beat
        self._answers = answers
        self._owner = owner
        self._waiting = waiting
        self._lock = lock
        self._must_contain = must

    @property
    def moves(self) -> list[tuple[int, Move]]:
        """Every move of the match so far as ``(seat, move)`` (:meth:`move_log` adds each move's deal)."""
        return [(seat, move) for seat, move, _deal in self.move_log()]

    def move_log(self) -> list[tuple[int, Move, int]]:
        """Every move of the match so far as ``(seat, move, deal number)``, from the engine's own log."""
        nodes = []
        node = self._log
        while node is not None:
            nodes.append(node)
            node = node[0]
        nodes.reverse()
        position = {id(n): i + 1 for i, n in enumerate(nodes)}
        starts = [0 if n is None else position[id(n)] for n in self._deal_starts]
        out = []
        deal = 0
        for i, n in enumerate(nodes):
            while deal < len(starts) and starts[deal] <= i:
                deal += 1
            out.append((n[1], move_of(n[2]), deal))
        return out

    def events(self) -> list[Event]:
        """Everything that has happened in the match, in order: each deal, gift, move, revolution, trick cleared,
        player out, end of deal and of the match, as :class:`~president.events.Event` objects (with every card).

        Built on demand from the move log by the engine itself (the fast paths record only the moves), so it
        costs a replay of the match; the moves and the seed are the whole truth of a match.
        """
        if self.single_deal:
            assert self._initial_hands is not None
            fresh = Match.from_hands(self.rules, self._initial_hands, leader=self._first_leader)
            out: list[Event] = [Event("deal", None, 0, None, {"deal": 1, "leader": fresh.leader})]
        else:
            fresh = Match.__new__(type(self))
            fresh.rules, fresh.players, fresh.seed = self.rules, self.players, self.seed
            fresh.deal_secret, fresh.duplicate = self.deal_secret, self.duplicate
            fresh._first_leader, fresh._initial_hands, fresh.single_deal = self._first_leader, None, False
            fresh._setup()
            events: list[RawEvent] = []
            fresh._events = events
            fresh._start_deal()
            fresh._events = None
            out = list(Events(events))
        for _seat, move, _deal in self.move_log():
            out.extend(fresh.apply(move))
        return out

    @property
    def initial_hands(self) -> list[int] | None:
        """The hands a single deal started from (:meth:`from_hands`, :meth:`from_view`), or None."""
        return None if self._initial_hands is None else list(self._initial_hands)

    @property
    def fixed_first_leader(self) -> int | None:
        """The seat given to lead the first deal, or None when the rules chose it."""
        return self._first_leader

    def record(self) -> str:
        """The match as text: rules, seed and moves. :meth:`replay` turns it back into the match.

        A match dealt from a secret writes its table and commitments instead of the seed, and its secret
        only once it is over.
        """
        secret = self.deal_secret
        dealt_from = None if secret is None else (
            secret.table, secret.commitments(self.deal_number), secret.hex if self.is_over else None)
        return write_record(self.rules, self.players, self.seed, self._initial_hands if self.single_deal else None,
                            self._first_leader, self.move_log(), self._winners if self.is_over else None,
                            dealt_from, self.duplicate)

    @classmethod
    def replay(cls, text: str, moves: int | None = None) -> Match:
        """Rebuild a match from :meth:`record` text, checking every move (or only its first ``moves`` moves).

        Raises ``ValueError`` (an :class:`IllegalMove` for a bad move) naming the line; the record of a match
        dealt from a secret replays once the match is over (before, it keeps its secret).
        """
        data = read_record(text)
        if data.hands is not None:
            match = cls.from_hands(data.rules, data.hands, leader=data.first_leader)
        elif data.table is not None:
            if data.secret is None:
                raise ValueError("the record keeps the secret its deals come from until the match is over: "
                                 "its deals cannot be replayed before")
            secret = DealSecret.from_hex(data.secret, data.table)
            match = cls(data.rules, data.players, deal_secret=secret, first_leader=data.first_leader,
                        duplicate=data.duplicate)
        else:
            assert data.seed is not None
            match = cls(data.rules, data.players, data.seed, first_leader=data.first_leader,
                        duplicate=data.duplicate)
        for number, seat, move_text in data.moves if moves is None else data.moves[:moves]:
            if match.to_act != seat:
                raise IllegalMove(f"line {number}: seat {seat} moves but seat {match.to_act} is to act")
            try:
                match.apply(match.parse_move(move_text))
            except IllegalMove as exc:
                raise IllegalMove(f"line {number}: {exc}") from None
        return match

    def __repr__(self) -> str:
        return (
            f"<Match {self.rules.name} players={self.players} deal={self.deal_number} "
            f"phase={self.phase} to_act={self.to_act}>"
        )


_COPY_FRESH: dict[str, str] = {"_events": "None", "_legal": "()"}
"""Fields a copy starts afresh: no event listener, no cached legal moves."""
_COPY_OWNED: tuple[str, ...] = ("hands",)
"""Fields changed in place by moves: a copy gets its own list. Every other field is shared (never changed in place)."""


def _copy_function(cls: type[Match]) -> Callable[[Match], Match]:
    """``copy`` written out from the one list of fields, ``__slots__`` (every field, each assigned once)."""
    lines = ["def copy(self):", "    other = new(type(self))"]
    for name in cls.__slots__:
        if name in _COPY_FRESH:
            lines.append(f"    other.{name} = {_COPY_FRESH[name]}")
        elif name in _COPY_OWNED:
            lines.append(f"    other.{name} = self.{name}[:]")
        else:
            lines.append(f"    other.{name} = self.{name}")
    lines.append("    return other")
    namespace: dict[str, Any] = {"new": object.__new__}
    exec("\n".join(lines), namespace)
    function: Callable[[Match], Match] = namespace["copy"]
    function.__doc__ = "An independent copy of the match (every field of ``__slots__``; hands copied)."
    return function


Match.copy = _copy_function(Match)  # type: ignore[method-assign,assignment]


def _rank_of(value: int, wild: bool = False) -> int:
    """The rank of a set (of real cards: from its highest bit; else from its shape)."""
    if value < _REAL_CARDS_END:
        return (value.bit_length() - 1) >> 2
    return shape_of(value, wild).rank  # type: ignore[union-attr]


def without_lanes(match: Match) -> Match:
    """A copy of ``match`` that plays every move by the definition of the trick, taking no straight lane.

    For the tests that hold the lanes and the playout kernel to the definition: both
    copies must reach the same states by the same moves.
    """
    other = match.copy()
    other._use_lanes(lanes_for(match.rules, on=False))
    other._set_order(other._rev)
    if other._table:
        other._beat = -1
        other._answers = None
    return other


def random_choice(moves: Sequence[int], rng: random.Random) -> int:
    """A uniformly random element of ``moves``."""
    return moves[int(rng.random() * len(moves))]


__all__ = ["DealResult", "Match"]
