"""The straight lanes of a match: tables a match chooses once from its rules, so that common moves cost little.

A match plays every move by the one definition of a trick (:meth:`president.engine.Match._play`
and :func:`president.plays.plays`). Most moves, though, do nothing but change the cards to
beat: a pass, or a set of one rank that starts no revolution, cuts nothing and reverses
nothing. For those the match takes a *straight lane*, precomputed here from the options:

* ``beats[reversed order][move]``: for every set of one rank of real cards, the mask of
  the cards whose sets of its size may answer it by rank and the byte tables of its size
  (the few other answers, :func:`president.plays.extra_answers`, are added where
  :attr:`Lanes.extra` says so), or a beat mask of -1
  when the play triggers a rule (a revolution, an 8-cut, 11-back, a bomb) and must go
  through the definition; :data:`CUT` marks an 8-cut, a bomb or a play nothing could answer
  (``unbeatable_clears``, on an unlocked trick) that does nothing else (random playouts
  clear the trick for it, the public path takes the definition for its events);
* ``leads_by_byte``: the byte lookups of the leads of a hand without wild jokers (with runs,
  :func:`president.plays.run_leads` adds them);
* ``open_answers``: whether a straight play may answer any play on the table with no
  further look (not under the suit lock, the stair lock or the skip, whose effects depend
  on the play answered, nor where the table may hold a run or a lone joker);
* ``stairs``: under the stair lock, by order, the cards of the next rank up from each rank (``climbs``: the same by
  the set on the table);
* ``extra_cards``, ``sandstorms``, ``bomb_ranks``: what a hand must hold for the answers some rules add to a set
  (:func:`president.plays.extra_answers`) to find anything, so that most hands skip the call;
* ``lead_locks``, ``unbeatable_locked``: whether a lead locks the trick (``suit_lock_at_once``), and whether
  a straight play on a locked trick must still be asked whether anything could answer it
  (``unbeatable_clears``: a lock leaves fewer answers).

Nothing here says what a rule does; a test plays every option with the lanes on and
off and compares whole states after every move.
"""

from __future__ import annotations

from .cards import JOKER_RANK, JOKERS, NUM_RANKS, TWO_RANK
from .movegen import ANSWERS_BY_COUNT, BEAT_MASKS, LEADS_BY_SIZE, ByteLookups
from .moves import move_of
from .plays import (
    EIGHT_RANK,
    JACK_RANK,
    NINE_RANK,
    SIX_RANK,
    STAIR_MASKS,
    THREE_RANK,
    ExtraAnswers,
    bomb_ranks,
    extra_answer_cards,
    extra_answers_for,
    sandstorm_hands,
    shape_of,
    unbeatable,
)
from .rules import Rules
from .turn_order import FIVE_RANK, QUEEN_RANK, SEVEN_RANK, TEN_RANK

LaneEntry = tuple[int, ByteLookups | None]
"""What a straight play leaves on the table: the mask of the cards that may answer it (-1: not a straight play)
and the byte lookups of its size (None: its answers come from :func:`~president.plays.plays`)."""

_NO_LANE: LaneEntry = (-1, ANSWERS_BY_COUNT[0])
CUT = -2
"""The beat mask of a set that only cuts the trick (8s, a bomb, a play nothing could answer; no revolution): its
player leads again."""


class Lanes:
    """The straight lanes of one rule set (see the module's text); one object shared by every match of it."""

    __slots__ = ("answered", "beats", "bomb_ranks", "bombs", "climbs", "cuts", "emperors", "extra", "extra_cards",
                 "high", "lead_locks", "leads_by_byte", "on", "open_answers", "owes", "plain", "run_probe", "runs",
                 "sandstorms", "stairs", "steers", "turns", "unbeatable_locked", "wild")

    beats: tuple[dict[int, LaneEntry], dict[int, LaneEntry]]
    """By reversed order (False, True): every set of one rank of real cards, and what it leaves on the table."""
    leads_by_byte: ByteLookups | None
    """The leads of a hand without wild jokers by bytes of the hand (runs not included); None: the lanes are off."""
    runs: bool
    """Whether leads include runs."""
    emperors: bool
    """Whether leads include emperors (the ``emperor`` rule): a hand's leads then come from
    :func:`~president.plays.plays`."""
    run_probe: int
    """A shift such that a hand whose real cards ``r`` give ``r & r >> 4 & r >> run_probe == 0`` holds no run
    (no three cards of a suit in a row, or two where a run may be of two)."""
    on: bool
    """Whether the lanes are on (off: every move through the definition, for the test that holds them to it)."""
    bombs: bool
    """Whether bombs may answer anything."""
    extra: ExtraAnswers | None
    """Where a set may have answers beyond the sets of its size by rank (bombs, a sandstorm, the card one rank
    down): :func:`~president.plays.extra_answers` made for these rules, which the answers from the byte tables get
    added; None: no such answer."""
    extra_cards: tuple[dict[int, int], dict[int, int]]
    """By reversed order (False, True): for every set of one rank of real cards on the table, the cards without which
    :attr:`extra` finds nothing for a hand whose 3s make no sandstorm (:func:`~president.plays.extra_answer_cards`;
    a table not listed: -1)."""
    climbs: tuple[dict[int, int], dict[int, int]]
    """By reversed order (False, True): for every set of one rank of real cards on the table, the cards whose sets
    answering it may form the stair lock (the next rank up; 0 without the stair lock; a table not listed: -1)."""
    sandstorms: tuple[bool, ...]
    """By the 3s of a hand: whether they make a sandstorm (:func:`~president.plays.sandstorm_hands`)."""
    bomb_ranks: int
    """The lowest card of each rank whose four cards are a bomb (:func:`~president.plays.bomb_ranks`)."""
    stairs: tuple[tuple[int, ...], tuple[int, ...]]
    """By reversed order (False, True) and rank: the cards that alone may answer a set of that rank while the stair
    lock holds (:data:`~president.plays.STAIR_MASKS`)."""
    open_answers: bool
    """Whether a straight play may answer any play on the table with no further look (no suit lock, no stair lock,
    no skip, no runs, no wild jokers, no 3 of spades beating a joker)."""
    wild: int
    """The jokers that are wild (a hand holding one takes the definition's path)."""
    high: bool
    """Whether plain jokers stay on top during a revolution."""
    answered: bool
    """Whether what a play answers changes what it does (the suit lock, the skip, a lone joker under the 3 of
    spades or wild)."""
    cuts: bool
    """Whether a play may end the trick at once (8-cut, bombs, the 3 of spades on a lone joker, ambulance …)."""
    turns: bool
    """Whether a play may start a revolution (four of a kind, a long run, a coup, an omen, a great revolution)."""
    plain: bool
    """Whether the rules are the seed rules' trick (sets of one rank, no house rule): playouts take the kernel."""
    steers: bool
    """Whether a play may change who plays next beyond the trick's course (5-skip, 9-reverse, 6-reverse)."""
    owes: bool
    """Whether a play may owe its player a further move (7-pass, 10-discard, Q-bomber: :mod:`president.owed`)."""
    lead_locks: bool
    """Whether a lead locks the trick to its suits (``suit_lock_at_once``: the public path announces it through the
    definition)."""
    unbeatable_locked: bool
    """Whether a straight play on a locked trick may be one nothing could answer (``unbeatable_clears`` with the suit
    or stair lock): :func:`~president.plays.unbeatable` is asked with the lock (unlocked, :attr:`beats` says it)."""

    def __init__(self, rules: Rules, on: bool = True) -> None:
        self.high = rules.joker_in_revolution == "highest"
        self.wild = JOKERS if rules.wild_jokers else 0
        self.plain = on and not rules.house
        self.answered = (rules.suit_lock or rules.skip_on_equal or rules.wild_jokers or rules.spade3_beats_joker
                         or rules.stair_lock)
        self.cuts = (rules.eight_cut or rules.quad_bomb or rules.two_bomb or rules.wild_jokers
                     or rules.spade3_beats_joker or rules.nine_pair_cut or rules.six_pair_cut or rules.spade3_cut)
        self.turns = rules.revolution or rules.coup or rules.omen or rules.great_revolution or rules.emperor
        self.bombs = rules.quad_bomb or rules.two_bomb
        self.extra = extra_answers_for(rules)
        self.sandstorms = sandstorm_hands(rules)
        self.bomb_ranks = bomb_ranks(rules)
        self.extra_cards = tuple({move_of(sub << (4 * rank)): extra_answer_cards(sub << (4 * rank), backwards, rules)
                                  for rank in range(JOKER_RANK) for sub in range(1, 16)}
                                 for backwards in (False, True))  # type: ignore[assignment]
        self.stairs = (STAIR_MASKS[False, self.high], STAIR_MASKS[True, self.high])
        self.climbs = tuple({move_of(sub << (4 * rank)): self.stairs[backwards][rank] if rules.stair_lock else 0
                             for rank in range(JOKER_RANK) for sub in range(1, 16)}
                            for backwards in (False, True))  # type: ignore[assignment]
        self.steers = rules.five_skip or rules.nine_reverse or rules.six_reverse
        self.owes = (rules.seven_pass or rules.ten_discard or rules.queen_bomber or rules.satan
                     or rules.chestnut_picking or rules.galaxy_express)
        self.on = on
        self.lead_locks = rules.suit_lock_at_once
        self.unbeatable_locked = rules.unbeatable_clears and (rules.suit_lock or rules.stair_lock)
        self.open_answers = not (rules.suit_lock or rules.skip_on_equal or rules.runs or rules.wild_jokers
                                 or rules.spade3_beats_joker or rules.stair_lock or rules.four_stop)
        self.leads_by_byte = LEADS_BY_SIZE[min(rules.max_set, 4)] if on else None
        self.runs = rules.runs
        self.emperors = rules.emperor
        self.run_probe = 8 if rules.run_min >= 3 else 4
        most = min(rules.max_set, 4)

        def steers(rank: int) -> bool:
            """Whether a set of this rank changes who plays next or owes a further move, now or when its trick ends
            (it then goes through the definition)."""
            return ((rules.five_skip and rank == FIVE_RANK) or (rules.nine_reverse and rank == NINE_RANK)
                    or (rules.six_reverse and rank == SIX_RANK) or (rules.seven_pass and rank == SEVEN_RANK)
                    or (rules.ten_discard and rank == TEN_RANK) or (rules.queen_bomber and rank == QUEEN_RANK)
                    or (rules.salvage and rank == THREE_RANK) or (rules.satan and rank == SIX_RANK)
                    or ((rules.chestnut_picking or rules.galaxy_express) and rank == NINE_RANK)
                    or (rules.lucky_seven and rank == SEVEN_RANK))

        by_order: list[dict[int, LaneEntry]] = []
        for backwards in (False, True):
            entries: dict[int, LaneEntry] = {}
            for rank in range(NUM_RANKS):
                for sub in range(1, 16):
                    move = move_of(sub << (4 * rank))
                    size = sub.bit_count()
                    bomb = ((rules.quad_bomb and size >= 4 and rank < JOKER_RANK)
                            or (rules.two_bomb and rank == TWO_RANK))
                    turns = ((rules.revolution and size >= 4) or (rules.coup and rank == NINE_RANK and size == 3)
                             or (rules.omen and rank == SIX_RANK and size == 3)
                             or (rules.great_revolution and rank == TWO_RANK and size >= 4))
                    # Ambulance, rokurokubi and the lone 3 of spades: cuts that say which rule fired.
                    other_cut = ((rules.nine_pair_cut and rank == NINE_RANK
                                  and (size == 2 or (size > 2 and rules.nine_cut_many)))
                                 or (rules.six_pair_cut and rank == SIX_RANK and size == 2)
                                 or (rules.spade3_cut and rank == 0 and sub == 8))
                    straight = (
                        on and not bomb and size <= most and not turns and not other_cut
                        and not (rank == JOKER_RANK and (rules.wild_jokers or (rules.spade3_beats_joker and size == 1)))
                        and not (rules.eight_cut and rank == EIGHT_RANK)
                        and not (rules.eleven_back and rank == JACK_RANK)
                        and not steers(rank)
                    )
                    # A bomb whose lead or leader depends on the trick (bomb_lead_plain, bomb_passes_lead) is
                    # played by the definition.
                    plain_cut = bomb and not (rules.bomb_lead_plain or rules.bomb_passes_lead)
                    # An 8-cut that waits for a 4-stop (four_stop) is played by the definition.
                    eight = rules.eight_cut and rank == EIGHT_RANK and not rules.four_stop
                    cut = (on and size <= most and (eight or plain_cut)
                           and not turns and not other_cut and not (rules.eleven_back and rank == JACK_RANK)
                           and not steers(rank))
                    if cut:
                        entries[move] = (CUT, None)
                    elif straight:
                        # Only a sandstorm answers a sandstorm (it is among the extra answers).
                        sandstorm = rules.sandstorm and rank == THREE_RANK and size == 3
                        beat = 0 if sandstorm else BEAT_MASKS[backwards, self.high, rank, rules.equal_answers]
                        beat |= self.wild
                        if (rules.unbeatable_clears and shape_of(move, rules.wild_jokers) is not None
                                and unbeatable(move, backwards, 0, rules)):
                            entries[move] = (CUT, None)  # nothing could answer it: it clears the trick
                        else:
                            entries[move] = (beat, ANSWERS_BY_COUNT[size])
                    else:
                        entries[move] = _NO_LANE
            by_order.append(entries)
        self.beats = (by_order[0], by_order[1])


_LANES: dict[tuple[int, bool], tuple[Rules, Lanes]] = {}


def lanes_for(rules: Rules, on: bool = True) -> Lanes:
    """The lanes of ``rules`` (made once per rules object; ``on=False``: every move through the definition)."""
    key = (id(rules), on)
    entry = _LANES.get(key)
    if entry is None or entry[0] is not rules:
        if len(_LANES) >= 256:  # rules made on the fly must not pile up
            _LANES.clear()
        entry = _LANES[key] = (rules, Lanes(rules, on))
    return entry[1]
