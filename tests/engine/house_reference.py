"""A plain, independent model of one deal under house rules, written from the rule texts of the options.

It shares nothing with the engine's rules code (``president.plays`` and
``president.engine``): it lists every combination the 52 cards can stand for (each
set of one rank, each run of one suit), asks which of them the hand can make (with
jokers for the cards it lacks, or in place of cards it keeps), and keeps those the
rules allow on the table. Turns go round seat by seat. Only the notation of a move
(``president.moves.with_stands``) is shared, to compare moves with the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations, permutations

from president import Match, Rules
from president.moves import CARDS_MASK, DISCARD_FLAG, NAME_FLAG, PASS_ON_FLAG, SALVAGE_FLAG, stands_of, with_stands

JOKER_CARDS = (52, 53)
_REST = (frozenset(range(52)), frozenset(range(52)) | {53}, frozenset(range(54)))
"""The deck by number of jokers (one joker is the red one): what the unbeatable_clears rule asks to answer a play."""
_UNBEATABLE: dict[tuple[object, ...], bool] = {}
Play = tuple[frozenset[int], tuple[tuple[int, int], ...]]
"""A move: the cards that leave the hand, and ``(joker, card it stands for)`` pairs. The pass is empty."""
PASS: Play = (frozenset(), ())


BELOW, ABOVE, FIFTH, SIXTH = 64, 68, 72, 85
"""What only a joker can stand for (the numbers of ``president.moves``): the card of a suit below the 3 or above
the 2 (the ends of a run), a fifth or sixth card of a rank."""


def rank(card: int) -> int:
    """0 is the 3 … 12 the 2; the jokers are 13; -1 below the 3 and 13 above the 2 closing a run."""
    if card < BELOW:
        return card // 4
    if card < ABOVE:
        return -1
    if card < FIFTH:
        return 13
    return (card - FIFTH) % 13


def suit(card: int) -> int | None:
    """Clubs, diamonds, hearts, spades: 0 … 3; none for a fifth or sixth card."""
    if card >= FIFTH:
        return None
    return card % 4


def _card(r: int, s: int) -> int:
    return BELOW + s if r < 0 else ABOVE + s if r > 12 else 4 * r + s


def _combinations_of_the_deck(rules: Rules) -> list[frozenset[int]]:
    """Every set of one rank and (with runs) every run of one suit that the 52 cards make, with the jokers' own:
    five and six of a kind, runs past the 3 or the 2."""
    out = []
    for r in range(13):
        cards = [4 * r + s for s in range(4)]
        for size in range(1, 5):
            out.extend(frozenset(c) for c in combinations(cards, size))
        if rules.wild_jokers:
            out.append(frozenset([*cards, FIFTH + r]))
            out.append(frozenset([*cards, FIFTH + r, SIXTH + r]))
    if rules.runs:
        first, last = (-1, 13) if rules.joker_run_ends else (0, 12)
        for s in range(4):
            for low in range(first, last + 1):
                for high in range(low + rules.run_min - 1, last + 1):
                    out.append(frozenset(_card(r, s) for r in range(low, high + 1)))
    if rules.emperor:
        # Four ranks in a row, one card of each suit: every order of the four suits.
        for low in range(10):
            for order in permutations(range(4)):
                out.append(frozenset(4 * (low + i) + s for i, s in enumerate(order)))
    return out


def _is_emperor(cards: frozenset[int]) -> bool:
    """Four real cards of four ranks in a row and of the four suits."""
    ranks = sorted(rank(c) for c in cards)
    return (len(cards) == 4 and all(c < 52 for c in cards) and {suit(c) for c in cards} == {0, 1, 2, 3}
            and ranks == list(range(ranks[0], ranks[0] + 4)))


@dataclass(frozen=True)
class Stands:
    """What a play stands for."""

    cards: frozenset[int]
    kind: str
    """``set``, ``run``, ``emperor``, ``joker`` (a lone wild joker) or ``plain`` (plain jokers played together)."""

    @property
    def ranks(self) -> list[int]:
        return sorted(rank(c) for c in self.cards)

    @property
    def suits(self) -> frozenset[int]:
        if self.kind not in ("set", "run", "emperor"):
            return frozenset()
        return frozenset(s for s in map(suit, self.cards) if s is not None)


def stands_for(play: Play, rules: Rules) -> Stands:
    """What a (legal-looking) play stands for."""
    cards, stands = play
    jokers = cards & set(JOKER_CARDS)
    if not rules.wild_jokers and jokers:
        return Stands(cards, "plain")
    if jokers and not stands and len(cards) == 1:
        return Stands(cards, "joker")
    if jokers and not stands:
        return Stands(cards, "plain")  # the two wild jokers as a pair of their own (wild_joker_pair)
    shown = (cards - jokers) | {c for _, c in stands}
    kinds = {rank(c) for c in shown}
    if not stands and _is_emperor(frozenset(shown)):
        return Stands(frozenset(shown), "emperor")
    return Stands(frozenset(shown), "set" if len(kinds) == 1 else "run")


def _sandstorm(them: Stands) -> bool:
    """Three 3s."""
    return them.kind == "set" and them.ranks == [0, 0, 0]


def _alone_joker(them: Stands) -> bool:
    """A joker played alone: wild, or a plain joker as a single."""
    return them.kind == "joker" or (them.kind == "plain" and len(them.cards) == 1)


@dataclass(frozen=True)
class HouseDeal:
    """One deal in progress under house rules."""

    rules: Rules
    hands: tuple[frozenset[int], ...]
    to_act: int
    table: Play = PASS
    owner: int = -1
    passed: frozenset[int] = frozenset()
    finished: tuple[int, ...] = ()
    bottom: tuple[int, ...] = ()
    revolution: bool = False
    back: bool = False
    lock: frozenset[int] = frozenset()
    stair: bool = False
    """Whether the stair lock holds: each answer must be the next rank up."""
    waits: bool = False
    """Whether an 8-cut waits for the others to pass (4-stop): only a pair of 4s may answer it."""
    calm: bool = False
    """Whether an omen has ended the revolutions of this deal."""
    must_contain: int | None = None
    president: int | None = None
    """The previous deal's President (for the capital fall), if any."""
    previous: tuple[int, ...] = ()
    """The previous deal's finishing order (for gekokujo), if any."""
    backwards: bool = False
    """Whether play goes counter-clockwise (9-reverse, 6-reverse)."""
    overturned: bool = False
    """Whether gekokujo decided the deal: its order is the previous one reversed."""
    owes: tuple[tuple[str, int, int, str], ...] = ()
    """What the seat to act owes for its play: ``("pass-on", "discard", "name" or "salvage", how many, to whom, the
    rule)``, the first one first (7-pass: a card per 7 to the next player; 10-discard: a card per 10, face up;
    Satan, chestnut picking: cards taken back from the pile, one at a time; Galaxy Express 999: two discarded, then
    two taken; Q-bomber: one rank named, which every player discards; salvage: a card back when the trick ends on
    3s). A take's "to whom" holds the cards of the play that owes it, which it may not take back."""
    resume: int = -1
    """While something is owed: who acts once it is settled."""
    seen: frozenset[int] = frozenset()
    """Every card that left a hand face up this deal (played or discarded) and was not taken back: the discard pile
    and the table."""
    over: bool = False

    @property
    def pile(self) -> frozenset[int]:
        """The discard pile (salvage): the cards seen that are not on the table."""
        return self.seen - self.table[0]

    @property
    def players(self) -> int:
        return len(self.hands)

    def holders(self) -> list[int]:
        return [s for s in range(self.players) if self.hands[s]]

    # ------------------------------------------------------------ what may be played

    def _power(self, r: int) -> int:
        backwards = self.revolution != self.back
        if r == 13:
            return -100 if backwards and self.rules.joker_in_revolution == "lowest" else 100
        return -r if backwards else r

    def _makes(self, hand: frozenset[int]) -> list[Play]:
        """Every play the hand can make, whatever the table."""
        rules = self.rules
        out: list[Play] = []
        jokers = sorted(hand & set(JOKER_CARDS))
        if not rules.wild_jokers:
            for size in (1, 2):
                out.extend((frozenset(j), ()) for j in combinations(jokers, size))
        else:
            out.extend((frozenset({j}), ()) for j in jokers)
            if rules.wild_joker_pair and len(jokers) == 2:
                out.append((frozenset(jokers), ()))
        wild = jokers if rules.wild_jokers else []
        for shown in _combinations_of_the_deck(rules):
            lacking = sorted(shown - hand)
            if len(lacking) > len(wild) or (lacking and _is_emperor(shown)):
                continue
            kept = sorted(shown & hand)
            for extra in range(len(wild) - len(lacking) + 1):
                for replaced in combinations(kept, 0 if _is_emperor(shown) else extra):
                    standing = sorted([*lacking, *replaced])
                    if len(standing) == len(shown) and (len({rank(c) for c in shown}) != 1 or len(shown) < 2):
                        continue  # jokers alone make only sets of two or more
                    real = frozenset(shown) - set(standing)
                    for used in combinations(wild, len(standing)):
                        out.append((real | set(used), tuple(zip(used, standing, strict=True))))
        return out

    def _allowed(self, play: Play) -> bool:
        rules = self.rules
        cards, _ = play
        me = stands_for(play, rules)
        if me.kind == "set" and len(me.cards) > rules.max_set:
            return False
        if me.kind == "plain" and len(cards) > rules.max_set:
            return False
        if not self.table[0]:
            return self.must_contain is None or self.must_contain in cards
        them = stands_for(self.table, rules)
        if self.waits:
            return me.kind == "set" and len(me.cards) == 2 and set(me.ranks) == {1}
        if rules.sandstorm and _sandstorm(them):
            return _sandstorm(me)
        if rules.sandstorm and _sandstorm(me):
            return True
        if me.kind == "set" and rules.two_bomb and set(me.ranks) == {12}:
            return True
        if me.kind == "set" and rules.quad_bomb and len(me.cards) >= 4:
            return True
        if rules.spade3_beats_joker and cards == {3} and not play[1] and _alone_joker(them):
            return not self.lock or self.lock == {3}  # a lock kept past the joker binds the 3 of spades
        if them.kind == "joker":
            return False
        if me.kind == "joker":
            return them.kind in ("set", "plain") and len(them.cards) == 1
        my_kind = "set" if me.kind == "plain" else me.kind
        their_kind = "set" if them.kind == "plain" else them.kind
        if my_kind != their_kind or len(me.cards) != len(them.cards):
            return False
        if self.lock and me.suits != self.lock:
            return False
        if my_kind == "run" and rules.run_answer == "above":
            backwards = self.revolution != self.back
            if backwards:
                return max(me.ranks) < min(them.ranks)
            return min(me.ranks) > max(them.ranks)
        mine, theirs = self._power(min(me.ranks)), self._power(min(them.ranks))
        if self.stair:
            return mine == theirs + 1 and 13 not in me.ranks and 13 not in them.ranks
        if (rules.down_number and len(me.cards) == 1 and me.kind == them.kind == "set" and me.suits == them.suits
                and me.ranks[0] == them.ranks[0] + (1 if self.revolution != self.back else -1)):
            return True
        return mine > theirs or (mine == theirs and rules.equal_answers)

    def legal_moves(self) -> list[Play]:
        """Every legal move of the seat to act, the pass included when a trick is open."""
        if self.over:
            return []
        if self.owes and self.owes[0][0] == "name":
            # A name is written as the four cards of the rank named.
            return [(frozenset(range(4 * r, 4 * r + 4)), ()) for r in range(13)]
        if self.owes:
            hand = sorted(self._salvageable(self.owes) if self.owes[0][0] == "salvage" else self.hands[self.to_act])
            count = 1 if self.owes[0][0] == "salvage" else self.owes[0][1]  # a take is one card at a time
            return [(frozenset(c), ()) for c in combinations(hand, min(count, len(hand)))]
        found = {self._key(p): p for p in self._makes(self.hands[self.to_act]) if self._allowed(p)}
        moves = list(found.values())
        if self.table[0]:
            moves.append(PASS)
        return moves

    @staticmethod
    def _key(play: Play) -> tuple[frozenset[int], frozenset[tuple[int, int]]]:
        return play[0], frozenset(play[1])

    # ------------------------------------------------------------ what a move does

    def after(self, play: Play) -> HouseDeal:
        """The deal after the seat to act makes ``play`` (legal): a move of the trick, or what it owes."""
        if self.owes:
            return self._settle(play[0])
        seat = self.to_act
        state = replace(self._after_play(play), seen=self.seen | play[0])
        me = stands_for(play, self.rules)
        shows = [rank(c) for c in me.cards] if me.kind in ("set", "run", "emperor") else []
        owes = []
        if self.rules.seven_pass and 4 in shows:
            owes.append(("pass-on", shows.count(4), "seven_pass"))
        if self.rules.ten_discard and 7 in shows:
            owes.append(("discard", shows.count(7), "ten_discard"))
        if self.rules.satan and me.kind == "set" and shows == [3, 3, 3]:
            owes.append(("salvage", 1, "satan"))
        if self.rules.chestnut_picking and 6 in shows:
            owes.append(("salvage", shows.count(6), "chestnut_picking"))
        if self.rules.galaxy_express and me.kind == "set" and shows == [6, 6, 6] and len(state.hands[seat]) >= 2:
            owes += [("discard", 2, "galaxy_express"), ("salvage", 2, "galaxy_express")]
        if self.rules.queen_bomber and 9 in shows:
            owes.append(("name", 1, "queen_bomber"))
        # The trick ended on this move: with the play on it (this one, or the one everybody passed on) holding a 3,
        # its player, still in, takes a card back from the pile once all else is settled.
        last, owner = (play, seat) if play[0] else (self.table, self.owner)
        kept = sum(1 << c for c in last[0])
        if not state.table[0] and not state.over and state.hands[owner] and self._salvages(last):
            if owner == seat:
                owes.append(("salvage", 1, "salvage"))
            else:
                due = state._due((("salvage", 1, kept, "salvage"),))
                return replace(state, owes=due, resume=state.to_act, to_act=owner) if due else state
        if not owes or state.over or not state.hands[seat]:
            return state
        receiver = state._clockwise(seat, set(state.holders()) - {seat})
        # What the play owes never takes back its own cards (a take's third place holds them).
        due = state._due(tuple((kind, n, kept if kind == "salvage" else receiver, rule) for kind, n, rule in owes))
        return replace(state, owes=due, resume=state.to_act, to_act=seat) if due else state

    def _salvageable(self, owes: tuple[tuple[str, int, int, str], ...]) -> frozenset[int]:
        """The cards a salvage first in ``owes`` may take: the pile but the cards of the play that owes it."""
        return frozenset(c for c in self.pile if not owes[0][2] >> c & 1)

    def _due(self, owes: tuple[tuple[str, int, int, str], ...]) -> tuple[tuple[str, int, int, str], ...]:
        """``owes`` without the takes first in it with nothing to take."""
        while owes and owes[0][0] == "salvage" and not self._salvageable(owes):
            owes = owes[1:]
        return owes

    def _salvages(self, play: Play) -> bool:
        """Whether a trick ending with ``play`` on the table owes a salvage: a 3 in it, a joker standing for one too
        (a lone joker holds no rank)."""
        me = stands_for(play, self.rules)
        return self.rules.salvage and me.kind in ("set", "run", "emperor") and any(rank(c) == 0 for c in me.cards)

    def _settle(self, cards: frozenset[int]) -> HouseDeal:
        """The seat to act passes on or discards ``cards``; once all is settled, the trick goes on."""
        seat = self.to_act
        kind, count, receiver, rule = self.owes[0]
        rest = self.owes[1:]
        hands = list(self.hands)
        if kind == "name":
            # Round from the next player to the bomber himself, each discards the rank; the emptied go out in turn.
            order = []
            at = seat
            for _ in range(self.players - 1):
                at = (at + (-1 if self.backwards else 1)) % self.players
                order.append(at)
            outs = [at for at in (*order, seat) if hands[at] and not hands[at] - cards]
            for at in range(self.players):
                hands[at] = hands[at] - cards
        elif kind == "salvage":
            hands[seat] = hands[seat] | cards
            outs = []
            if count > 1:
                rest = ((kind, count - 1, receiver, rule), *rest)
        else:
            hands[seat] = hands[seat] - cards
            if kind == "pass-on":
                hands[receiver] = hands[receiver] | cards
            # Galaxy Express 999 gives two back at once: no one goes out on its discard.
            outs = [] if hands[seat] or rule == "galaxy_express" else [seat]
        # What was discarded joins the pile; what was salvaged leaves it.
        seen = self.seen - cards if kind == "salvage" else self.seen | (cards if kind != "pass-on" else frozenset())
        if kind == "name":
            seen = self.seen | (cards & frozenset().union(*self.hands))
        state = replace(self, hands=tuple(hands), owes=rest if hands[seat] or rule == "galaxy_express" else (),
                        seen=seen)
        state = replace(state, owes=state._due(state.owes))
        if state.owes:
            return state
        state = replace(state, resume=-1, to_act=self.resume)
        if not outs:
            return state
        # Out by losing his last cards: a place from the top, whatever the play before.
        for at in outs:
            if not state.overturned and at not in state.bottom:
                state = state._goes_out(at, PASS, stands_for(PASS, self.rules), None, True)
        holders = set(state.holders())
        if len(holders) <= 1 or state.overturned:
            return replace(state, over=True, table=PASS, passed=frozenset())
        if self.resume in holders:
            return state
        waiting = holders - state.passed - {state.owner} if state.table[0] else set()
        if waiting:
            return replace(state, to_act=state._clockwise(seat, waiting))
        if state.table[0]:
            state = state._lucky()
            holders = set(state.holders())
            if len(holders) <= 1 or state.overturned:
                return replace(state, over=True, table=PASS, passed=frozenset())
        cleared = replace(state, table=PASS, passed=frozenset(), lock=frozenset(), stair=False, waits=False,
                          back=False, to_act=state._clockwise(seat, holders))
        if state.table[0] and seat in holders and self._salvages(state.table):
            due = cleared._due((("salvage", 1, sum(1 << c for c in state.table[0]), "salvage"),))
            if due:
                return replace(cleared, owes=due, resume=cleared.to_act, to_act=seat)
        return cleared

    def _after_play(self, play: Play) -> HouseDeal:
        """The deal after the seat to act makes the play or pass ``play``, before anything it owes."""
        rules = self.rules
        seat = self.to_act
        if not play[0]:
            return replace(self, passed=self.passed | {seat})._next_turn(seat)
        hands = list(self.hands)
        hands[seat] = hands[seat] - play[0]
        me = stands_for(play, rules)
        them = stands_for(self.table, rules) if self.table[0] else None
        state = replace(self, hands=tuple(hands), table=play, owner=seat, must_contain=None,
                        passed=self.passed if rules.pass_lockout else frozenset())
        # Under joker_starts_no_lock, no lock starts when this play or the one it answers holds a joker.
        starts = not (rules.joker_starts_no_lock and (play[0] | self.table[0]) & set(JOKER_CARDS))
        if self.waits:
            state = replace(state, waits=False, lock=frozenset(), stair=False)  # the 4s stop the cut, unlocked
        elif me.kind == "joker":
            if not rules.joker_keeps_lock:
                state = replace(state, lock=frozenset(), stair=False)
        elif them is None:
            if rules.suit_lock and rules.suit_lock_at_once and starts and me.suits:
                state = replace(state, lock=me.suits)
        elif them.kind != "joker":
            if rules.suit_lock and not self.lock and me.suits and me.suits == them.suits and starts:
                state = replace(state, lock=me.suits)
            if (rules.stair_lock and not self.stair and me.kind == them.kind == "set"
                    and len(me.cards) == len(them.cards) and 13 not in me.ranks and 13 not in them.ranks
                    and self._power(me.ranks[0]) == self._power(them.ranks[0]) + 1):
                state = replace(state, stair=True)
        shows = {rank(c) for c in me.cards} if me.kind in ("set", "run", "emperor") else set()
        real = {c for c in play[0] if c not in JOKER_CARDS}
        # The ranks that fire a card's rule (under real_cards_fire: those of real cards only).
        fire = {rank(c) for c in real} if rules.real_cards_fire and play[1] else shows
        size = len(me.cards)
        long_run = me.kind == "run" and rules.run_revolution and size >= rules.run_revolution
        why = None
        if me.kind == "set" and size >= 4:
            why = ("great" if rules.great_revolution and shows == {12}
                   else None if rules.twos_no_revolution and shows == {12}
                   else "four" if rules.revolution else None)
        elif me.kind == "set" and size == 3:
            why = "coup" if rules.coup and shows == {6} else "omen" if rules.omen and shows == {3} else None
        elif long_run and rules.revolution:
            why = "run"
        elif me.kind == "emperor":
            why = "emperor"
        if why and not self.calm:
            state = replace(state, revolution=not state.revolution, calm=why == "omen")
            if why == "great":
                hands[seat] = frozenset()  # out at once, the rest of the hand discarded
                state = replace(state, hands=tuple(hands))
        jacks = sum(1 for c in me.cards if rank(c) == 8) if me.kind in ("set", "run", "emperor") else 0
        if rules.real_cards_fire and play[1]:
            jacks = sum(1 for c in real if rank(c) == 8)
        if (rules.eleven_back and (jacks % 2 == 1 if rules.eleven_back_odd else jacks > 0)
                and not (rules.eleven_back_once and state.back)):
            state = replace(state, back=not state.back)
        # 9-reverse and 6-reverse: each turns play round once; 5-skip: one seat skipped per 5.
        for on, reversing_rank in ((rules.nine_reverse, 6), (rules.six_reverse, 3)):
            if on and reversing_rank in shows:
                state = replace(state, backwards=not state.backwards)
        counted = rules.five_skip and me.kind in ("set", "run", "emperor")
        fives = sum(1 for c in me.cards if rank(c) == 2) if counted else 0
        eight = rules.eight_cut and 5 in fire and not (rules.eight_out_no_cut and not hands[seat])
        cut = (
            (rules.nine_pair_cut and me.kind == "set" and (size == 2 or (size > 2 and rules.nine_cut_many))
             and shows == {6})
            or (rules.six_pair_cut and me.kind == "set" and size == 2 and shows == {3})
            or (rules.spade3_cut and me.kind == "set" and me.cards == {3})
            or (eight and not rules.four_stop)
            or (rules.spade3_beats_joker and them is not None and _alone_joker(them) and play[0] == {3})
        )
        bomb = not (rules.bomb_lead_plain and them is None) and (
            (rules.quad_bomb and me.kind == "set" and len(me.cards) >= 4)
            or (rules.two_bomb and me.kind == "set" and shows == {12}))
        cut = cut or bomb
        if eight and not cut and rules.four_stop:
            state = replace(state, waits=True)  # the 8-cut waits: a pair of 4s may stop it
        if not cut and rules.unbeatable_clears:
            cut = state._unbeatable()
        equal = (
            them is not None and me.kind == them.kind and me.kind in ("set", "run", "emperor", "plain")
            and len(me.cards) == len(them.cards) and not (me.kind == "run" and rules.run_answer == "above")
            and self._power(min(me.ranks)) == self._power(min(them.ranks))
        )
        if not hands[seat]:
            state = state._goes_out(seat, play, me, them, why == "great" and not self.calm)
            if len(state.holders()) <= 1 or state.overturned:
                return replace(state, over=True, table=PASS, passed=frozenset())
        if cut:
            state = state._lucky()
            if len(state.holders()) <= 1 or state.overturned:
                return replace(state, over=True, table=PASS, passed=frozenset())
            holders = state.holders()
            leader = seat if seat in holders else state._clockwise(seat, set(holders))
            if bomb and rules.bomb_passes_lead:
                leader = state._clockwise(seat, set(holders) - {seat})
            return replace(state, table=PASS, passed=frozenset(), lock=frozenset(), stair=False, waits=False,
                           back=False, to_act=leader)
        skips = (1 if rules.skip_on_equal and equal else 0) + fives
        for _ in range(skips):
            waiting = set(state.holders()) - state.passed - {seat}
            if waiting:
                state = replace(state, passed=state.passed | {state._clockwise(seat, waiting)})
        return state._next_turn(seat)

    def _lucky(self) -> HouseDeal:
        """The trick ends with the play on the table: under lucky_seven, when it is three 7s (a joker standing for
        one counts) and their player still holds cards, he goes out at once, the rest of his hand discarded."""
        if not (self.rules.lucky_seven and self.table[0] and self.hands[self.owner]):
            return self
        me = stands_for(self.table, self.rules)
        if not (me.kind == "set" and len(me.cards) == 3 and {rank(c) for c in me.cards} == {4}):
            return self
        hands = list(self.hands)
        hands[self.owner] = frozenset()
        return replace(self, hands=tuple(hands))._goes_out(self.owner, PASS, stands_for(PASS, self.rules), None, True)

    def _unbeatable(self) -> bool:
        """Whether no play of the rest of the deck may answer the play on the table (unbeatable_clears)."""
        key = (self.rules, self._key(self.table), self.revolution != self.back, self.lock, self.stair, self.waits)
        if key not in _UNBEATABLE:
            rest = _REST[self.rules.jokers] - self.table[0]
            _UNBEATABLE[key] = not any(self._allowed(p) for p in self._makes(rest))
        return _UNBEATABLE[key]

    def _goes_out(self, seat: int, play: Play, me: Stands, them: Stands | None, great: bool) -> HouseDeal:
        rules = self.rules
        banned = () if great else rules.forbidden_finish
        shows = {rank(c) for c in me.cards} if me.kind in ("set", "run", "emperor") else set()
        if rules.real_cards_fire and play[1]:
            shows = {rank(c) for c in play[0] if c not in JOKER_CARDS}
        top = 0 if self.revolution and rules.revolution_forbidden == "3" else 12
        forbidden = (
            ("2" in banned and top in shows) or ("joker" in banned and bool(play[0] & set(JOKER_CARDS)))
            or ("8" in banned and 5 in shows)
            or ("spade3" in banned and self.rules.spade3_beats_joker and them is not None and _alone_joker(them)
                and play[0] == {3})
        )
        if forbidden:
            return replace(self, bottom=(*self.bottom, seat))
        state = replace(self, finished=(*self.finished, seat))
        if self.rules.gekokujo and len(state.finished) == 1 and self.previous and self.previous[-1] == seat:
            return replace(state, overturned=True)
        president = self.president
        if (self.rules.capital_fall and len(state.finished) == 1 and president is not None and president != seat
                and president not in state.finished and president not in state.bottom
                and (not self.rules.capital_fall_by_last or (self.previous and self.previous[-1] == seat))):
            hands = list(state.hands)
            hands[president] = frozenset()
            state = replace(state, hands=tuple(hands), bottom=(*state.bottom, president))
        return state

    def order(self) -> tuple[int, ...]:
        """The finishing order of a finished deal."""
        if self.overturned:
            return self.previous[::-1]
        return (*self.finished, *self.holders(), *reversed(self.bottom))

    def _clockwise(self, seat: int, eligible: set[int]) -> int:
        """The first seat of ``eligible`` after ``seat`` in the direction of play (clockwise unless reversed)."""
        way = -1 if self.backwards else 1
        for step in range(1, self.players + 1):
            candidate = (seat + way * step) % self.players
            if candidate in eligible:
                return candidate
        raise AssertionError("nobody can act")

    def _next_turn(self, seat: int) -> HouseDeal:
        holders = set(self.holders())
        if holders - {self.owner} <= self.passed:
            state = self._lucky()
            holders = set(state.holders())
            if len(holders) <= 1 or state.overturned:
                return replace(state, over=True, table=PASS, passed=frozenset())
            leader = self.owner if self.owner in holders else self._clockwise(self.owner, holders)
            return replace(state, table=PASS, passed=frozenset(), lock=frozenset(), stair=False, waits=False,
                           back=False, to_act=leader)
        return replace(self, to_act=self._clockwise(seat, holders - self.passed))


def play_of(value: int) -> Play:
    """The reference form of an engine move."""
    cards = value & CARDS_MASK
    return frozenset(c for c in range(54) if cards >> c & 1), tuple(sorted(stands_of(value).items()))


def value_of(play: Play) -> int:
    """The engine's int of a reference move."""
    return with_stands(sum(1 << c for c in play[0]), dict(play[1]))


def from_match(match: Match) -> HouseDeal:
    """The model of the deal ``match`` is playing (in the play phase), from its public state."""
    assert match.phase == "play" and match.to_act is not None
    view = match.seat_view(match.to_act)
    table = play_of(match.table_move) if match.table_mask else PASS
    results = match.deal_results
    president = results[-1].order[0] if results and not match.single_deal else None
    return HouseDeal(
        rules=match.rules,
        hands=tuple(frozenset(c for c in range(54) if h >> c & 1) for h in match.hands),
        to_act=match.to_act,
        table=table,
        owner=match.table_owner if match.table_owner is not None else -1,
        passed=frozenset(s for s in range(match.players) if view.passed >> s & 1),
        finished=tuple(match.finished),
        bottom=tuple(view.bottom),
        revolution=match.revolution,
        back=match.eleven_back,
        lock=frozenset(s for s in range(4) if match.lock >> s & 1),
        stair=bool(match.lock & 16),
        waits=bool(match.lock & 32),
        calm=view.omen,
        must_contain=view.must_contain.bit_length() - 1 if view.must_contain else None,
        president=president,
        previous=results[-1].order if results and not match.single_deal else (),
        backwards=match.backwards,
        owes=tuple(({PASS_ON_FLAG: "pass-on", DISCARD_FLAG: "discard", NAME_FLAG: "name",
                     SALVAGE_FLAG: "salvage"}[flag], n, to, rule) for flag, n, to, rule in view.owed),
        resume=view.resume,
        seen=frozenset(c for c in range(54) if view.played >> c & 1),
    )


OWED_FLAG = {"pass-on": PASS_ON_FLAG, "discard": DISCARD_FLAG, "name": NAME_FLAG, "salvage": SALVAGE_FLAG}
"""The engine's flag of each kind of owed move (notation shared, as for the plays)."""


def owed_value_of(deal: HouseDeal, play: Play) -> int:
    """The engine's int of a reference move of ``deal``: a play, or the pass-on or discard it owes."""
    return value_of(play) | (OWED_FLAG[deal.owes[0][0]] if deal.owes else 0)
