"""What a play is and what it beats, under every rule option: the one definition of a legal play.

A play is an int move (see :mod:`president.moves`): the mask of the cards played,
with the card each wild joker stands for. Its :class:`Shape` says what it stands
for: a set of one rank, a run of one suit, or a lone wild joker. :func:`answer_problem`
says whether a play may answer the play on the table (and if not, why, in a
sentence for the player); :func:`plays` lists every legal play of a hand. What a
play does to the trick is said by the predicates below (:func:`lock_after`,
:func:`reverses`, :func:`flips_for_the_trick`, :func:`cut_by`, :func:`forbidden_finish`),
which the match (:meth:`president.engine.Match._play`), the bots and the UECda
server ask.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import chain, combinations, permutations
from typing import NamedTuple

from .cards import (
    BLACK_JOKER,
    DECK_MASKS,
    JOKER_RANK,
    JOKERS,
    NUM_RANKS,
    RANK_MASKS,
    RED_JOKER,
    SUIT_SYMBOLS,
    TWO_RANK,
)
from .movegen import ANSWERS_BY_COUNT, BEAT_MASKS, LEADS_BY_SIZE, SHIFTED_SUBSETS, STRENGTH, ByteLookups
from .moves import (
    ABOVE_TWO,
    BELOW_THREE,
    CARDS_MASK,
    FIFTH,
    SIXTH,
    STAND_SHIFT,
    STANDS_MASK,
    Move,
    move_of,
    represented,
    represented_str,
    stand_rank_suit,
    with_stands,
)
from .rules import Rules

SET, RUN, LONE_JOKER, EMPEROR = 0, 1, 2, 3
"""The kinds of a play (an emperor: four cards of consecutive ranks, one of each suit, under the ``emperor``
rule)."""
THREE_RANK = 0
FOUR_RANK = 1
SIX_RANK = 3
EIGHT_RANK = 5
NINE_RANK = 6
JACK_RANK = 8
SPADE_THREE = 3
"""The card number of the 3 of spades."""
STAIR = 16
"""The bit of a trick's lock (above its four suit bits) that says the stair lock holds: each answer must be the next
rank up (the ``stair_lock`` rule)."""
EIGHT_WAITS = 32
"""The bit of a trick's lock that says an 8-cut waits for the others to pass (the ``four_stop`` rule): only a pair of
4s may answer, and it stops the cut."""
CUT_WORDS: dict[str, str] = {
    "eight_cut": "eight", "spade3_beats_joker": "spade3", "spade3_cut": "spade3_alone", "quad_bomb": "bomb",
    "two_bomb": "bomb", "nine_pair_cut": "nine_pair", "nine_cut_many": "nine_many",
    "six_pair_cut": "six_pair", "unbeatable_clears": "unbeatable",
}
"""By the option that cut a trick (:func:`cut_rule`): the short word a ``trick_cleared`` event gives as ``cut``."""
_SET_NAMES = {1: "single card", 2: "pair", 3: "three of a kind", 4: "four of a kind", 5: "five of a kind",
              6: "six of a kind"}


class Shape(NamedTuple):
    """What a play stands for."""

    kind: int
    """:data:`SET`, :data:`RUN`, :data:`LONE_JOKER` or :data:`EMPEROR`."""
    size: int
    rank: int
    """The rank of a set, the lowest rank of a run or an emperor, :data:`~president.cards.JOKER_RANK` for a lone
    joker."""
    top: int
    """The highest rank of a run or an emperor (the rank of a set)."""
    suits: int
    """The suits of the cards it stands for, as a 4-bit mask (0 for a lone joker or plain jokers)."""
    cards: int
    """The cards it stands for (a plain joker stands for itself)."""

    def name(self) -> str:
        """``pair``, ``run of 4``, ``lone joker`` …"""
        if self.kind == RUN:
            return f"run of {self.size}"
        if self.kind == LONE_JOKER:
            return "lone joker"
        if self.kind == EMPEROR:
            return "emperor"
        return _SET_NAMES.get(self.size, f"set of {self.size}")


_SHAPES: dict[tuple[int, bool], Shape | None] = {}


def shape_of(value: int, wild: bool) -> Shape | None:
    """The shape of a play, or None when its cards make no combination (``wild``: jokers are wild)."""
    key = (value, wild)
    try:
        return _SHAPES[key]
    except KeyError:
        pass
    shape = _shape(value, wild)
    if len(_SHAPES) > 200_000:
        _SHAPES.clear()
    _SHAPES[key] = shape
    return shape


def _shape(value: int, wild: bool) -> Shape | None:
    cards = value & CARDS_MASK
    rep = represented(value)
    size = rep.bit_count()
    if not size:
        return None
    if rep & JOKERS:
        if rep & ~JOKERS:
            return None  # a joker mixed with cards must say what it stands for
        if wild:
            if size == 1:
                return Shape(LONE_JOKER, 1, JOKER_RANK, JOKER_RANK, 0, rep)
            # Two wild jokers saying nothing: a pair of their own (allowed only under ``wild_joker_pair``).
            return Shape(SET, 2, JOKER_RANK, JOKER_RANK, 0, rep)
        return Shape(SET, size, JOKER_RANK, JOKER_RANK, 0, rep)
    if cards & JOKERS and not wild:
        return None
    ranks = set()
    suits = extras = 0
    for c in _cards(rep):
        rank, suit = stand_rank_suit(c)
        ranks.add(rank)
        if suit < 0:
            extras |= 1 << (c >= SIXTH)
        else:
            suits |= 1 << suit
    if extras:
        # A fifth (and sixth) card stands beside all four suits of its rank, the sixth only beside the fifth.
        if len(ranks) != 1 or suits != 15 or extras == 2:
            return None
        rank = ranks.pop()
        return Shape(SET, size, rank, rank, suits, rep)
    if len(ranks) == 1:
        rank = ranks.pop()
        return Shape(SET, size, rank, rank, suits, rep)
    low, high = min(ranks), max(ranks)
    if suits.bit_count() == 1 and high - low + 1 == size == len(ranks):
        return Shape(RUN, size, low, high, suits, rep)
    if suits == 15 and size == 4 == len(ranks) and high - low == 3 and cards == rep:
        # One real card of each suit in four ranks in a row (no joker stands in an emperor).
        return Shape(EMPEROR, 4, low, high, 15, rep)
    return None


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def strength(rank: int, reversed_order: bool, rules: Rules) -> int:
    """How strong a rank is in the current order: higher beats lower (from :data:`~president.movegen.STRENGTH`).

    Rank -1 is a joker closing a run below the 3 (the ``joker_run_ends`` rule): below every rank, or above every
    rank 3 … 2 when the order is reversed.
    """
    if rank < 0:
        return NUM_RANKS - 1 if reversed_order else -1
    return STRENGTH[reversed_order, rules.joker_in_revolution == "highest"][rank]


_AT_LEAST: dict[tuple[bool, bool, int], tuple[int, ...]] = {
    (backwards, high, table): tuple(r for r in range(13) if power[r] >= power[table])
    for (backwards, high), power in STRENGTH.items()
    for table in range(14)
}
"""``_AT_LEAST[(reversed order, jokers_stay_high, table rank)]``: the ranks 3 … 2 at least as strong."""


def suits_text(suits: int) -> str:
    """``♥`` or ``♣♥`` for a suit mask."""
    return _SUITS_TEXT[suits & 15]


_SUITS_TEXT: tuple[str, ...] = tuple("".join(SUIT_SYMBOLS[s] for s in range(4) if mask >> s & 1) for mask in range(16))
"""The text of each mask of the four suits (every view writes the suits its trick is locked to)."""


def play_problem(shape: Shape | None, rules: Rules) -> str | None:
    """Why a play can never be made under ``rules`` (None when its shape is allowed)."""
    if shape is None:
        if rules.runs:
            return ("cards played together must be a set of one rank or a run of one suit "
                    "(a joker says what it stands for: RJ=5c)")
        return "cards played together must all have the same rank"
    if shape.kind == EMPEROR and not rules.emperor:
        return play_problem(None, rules)
    if shape.kind == SET and shape.rank == JOKER_RANK and rules.wild_jokers and not rules.wild_joker_pair:
        return "say what each wild joker stands for, such as 'BJ=5c RJ=5d' (they are no pair of their own here)"
    if shape.kind == SET and shape.size > rules.max_set:
        return f"at most {rules.max_set} cards of one rank may be played together in {rules.name}"
    if shape.kind == RUN:
        if not rules.runs:
            return "cards played together must all have the same rank (runs are not played here)"
        if shape.size < rules.run_min:
            return f"a run needs at least {rules.run_min} cards"
        if (shape.rank < 0 or shape.top > TWO_RANK) and not rules.joker_run_ends:
            return f"a run ends at the 3 and at the 2 in {rules.name}: a joker cannot go below the 3 or above the 2"
    return None


(_OK, _NO_JOKER_ANSWER, _ONLY_SPADE3, _JOKER_ON_SINGLES, _SHAPE, _LOCKED, _NOT_ABOVE, _NOT_HIGHER, _ONLY_SANDSTORM,
 _STAIR, _ONLY_FOUR_STOP) = range(11)


def is_sandstorm(shape: Shape) -> bool:
    """Whether a play is three 3s (a sandstorm, under the ``sandstorm`` rule)."""
    return shape.kind == SET and shape.size == 3 and shape.rank == THREE_RANK


def is_four_stop(shape: Shape) -> bool:
    """Whether a play is a pair of 4s (it stops a waiting 8-cut, under the ``four_stop`` rule)."""
    return shape.kind == SET and shape.size == 2 and shape.rank == FOUR_RANK


def is_lone_joker(shape: Shape) -> bool:
    """Whether a play is one joker alone: a wild joker, or a plain joker played as a single."""
    return shape.kind == LONE_JOKER or (shape.kind == SET and shape.rank == JOKER_RANK and shape.size == 1)


def spade3_on_joker(shape: Shape, before: Shape | None, rules: Rules) -> bool:
    """Whether a play is the 3 of spades alone on a lone joker under ``spade3_beats_joker`` (it beats the joker and
    ends the trick)."""
    return (rules.spade3_beats_joker and before is not None and shape.cards == 1 << SPADE_THREE
            and shape.kind == SET and is_lone_joker(before))


def _answer_code(shape: Shape, table: Shape, reversed_order: bool, lock: int, rules: Rules) -> int:
    """0 when the play of ``shape`` may answer ``table``, else the code of the reason (see :func:`answer_problem`)."""
    if lock & EIGHT_WAITS:
        return _OK if is_four_stop(shape) else _ONLY_FOUR_STOP
    if rules.sandstorm:
        if is_sandstorm(table):
            return _OK if is_sandstorm(shape) else _ONLY_SANDSTORM
        if is_sandstorm(shape):
            return _OK
    if spade3_on_joker(shape, table, rules):
        # Only a lock kept past the joker (``joker_keeps_lock``) binds the 3 of spades.
        return _LOCKED if lock & 15 and lock & 15 != 1 << 3 else _OK
    if shape.kind == SET:
        if rules.two_bomb and shape.rank == TWO_RANK:
            return _OK
        if rules.quad_bomb and shape.size >= 4 and shape.rank != JOKER_RANK:
            return _OK
    if table.kind == LONE_JOKER:
        if rules.spade3_beats_joker:
            return _OK if shape.cards == 1 << SPADE_THREE and shape.kind == SET else _ONLY_SPADE3
        return _NO_JOKER_ANSWER
    if shape.kind == LONE_JOKER:
        return _OK if table.kind == SET and table.size == 1 else _JOKER_ON_SINGLES
    if shape.kind != table.kind or shape.size != table.size:
        return _SHAPE
    if lock & 15 and shape.suits != lock & 15:
        return _LOCKED
    if shape.kind == RUN and rules.run_answer == "above":
        # The play's weakest card must beat the table's strongest (ranks -1 and 13: a joker past a run's end).
        above = shape.top < table.rank if reversed_order else shape.rank > table.top
        return _OK if above else _NOT_ABOVE
    mine = strength(shape.rank, reversed_order, rules)
    theirs = strength(table.rank, reversed_order, rules)
    if lock & STAIR:
        return _OK if mine == theirs + 1 and shape.rank < JOKER_RANK else _STAIR
    if rules.down_number and is_down_number(shape, table, reversed_order):
        return _OK
    return _OK if mine > theirs or (mine == theirs and rules.equal_answers) else _NOT_HIGHER


def is_down_number(shape: Shape, table: Shape, reversed_order: bool) -> bool:
    """Whether a single answers a single as the card of its suit one rank below it (above it in a reversed order):
    what the ``down_number`` rule allows."""
    return (shape.kind == table.kind == SET and shape.size == table.size == 1 and table.rank < JOKER_RANK
            and bool(table.suits) and shape.suits == table.suits
            and shape.rank == table.rank + (1 if reversed_order else -1))


def answer_problem(shape: Shape, table: Shape, reversed_order: bool, lock: int, rules: Rules) -> str | None:
    """Why the play of ``shape`` may not answer ``table`` now (None when it may).

    ``reversed_order`` is the order of the trick (a revolution, or 11-back, or both
    cancelling); ``lock`` the suits the trick is locked to (0 for none), with :data:`STAIR`
    when the stair lock holds and :data:`EIGHT_WAITS` while an 8-cut waits.
    """
    code = _answer_code(shape, table, reversed_order, lock, rules)
    if code == _OK:
        return None
    mine, theirs = represented_str(shape.cards), represented_str(table.cards)
    what = "lower" if reversed_order else "higher"
    return {
        _NO_JOKER_ANSWER: "nothing beats a lone joker",
        _ONLY_SPADE3: "only the 3 of spades beats a lone joker",
        _JOKER_ON_SINGLES: f"a lone joker only answers a single card, not a {table.name()}",
        _SHAPE: f"{_a(table.name())} can only be beaten by {_a(table.name())}, not by {_a(shape.name())}",
        _LOCKED: f"the trick is locked to {suits_text(lock)}: play {suits_text(lock)}",
        _ONLY_SANDSTORM: "only a sandstorm (three 3s) answers a sandstorm",
        _ONLY_FOUR_STOP: "the 8-cut waits: only a pair of 4s stops it (or pass, and the 8 ends the trick)",
        _STAIR: f"the trick is stair-locked: play the {table.name()} of the next rank "
        + ("down" if reversed_order else "up") + f" from {theirs}",
        _NOT_ABOVE: f"{mine} does not beat {theirs}: play a run wholly {'below' if reversed_order else 'above'} it",
        _NOT_HIGHER: f"{mine} does not beat {theirs}: play a "
        + (f"run starting {what}" if table.kind == RUN else f"{what} {table.name()}"),
    }[code]


def _a(name: str) -> str:
    """``a pair``, ``an emperor``."""
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def is_equal_answer(shape: Shape, table: Shape, reversed_order: bool, rules: Rules) -> bool:
    """Whether ``shape`` answers ``table`` at the same strength (for the skip rule)."""
    if shape.kind == RUN and rules.run_answer == "above":
        return False
    return (shape.kind == table.kind and shape.size == table.size and shape.kind != LONE_JOKER
            and strength(shape.rank, reversed_order, rules) == strength(table.rank, reversed_order, rules))


# ----------------------------------------------------------------- what a play does to the trick


def lock_after(shape: Shape, before: Shape | None, lock: int, rules: Rules, reversed_order: bool = False,
               jokers: bool = False) -> int:
    """The lock of the trick once ``shape`` answers ``before`` (None: it leads) in ``reversed_order``: the suits it
    is locked to (the ``suit_lock`` rule), with :data:`STAIR` when the stair lock holds (the ``stair_lock`` rule);
    0: none. ``jokers``: the play or the one it answers holds a wild joker.

    Two plays in a row with the same suits lock the trick to them (the lead alone, under ``suit_lock_at_once``;
    neither holding a joker, under ``joker_starts_no_lock``); a set answered by a set of the next rank up (3 … 2,
    jokers apart) locks it to climbing one rank at a time; a lone joker unlocks both (unless ``joker_keeps_lock``).
    """
    if not (rules.suit_lock or rules.stair_lock):
        return 0
    if shape.kind == LONE_JOKER:
        return lock if rules.joker_keeps_lock else 0
    starts = not (jokers and rules.joker_starts_no_lock)
    if before is None:
        if rules.suit_lock_at_once and starts and not lock & 15:
            lock |= shape.suits
        return lock
    if before.kind == LONE_JOKER:
        return lock
    if (rules.suit_lock and not lock & 15 and before.suits and starts
            and shape.suits == before.suits):
        lock |= shape.suits
    if (rules.stair_lock and not lock & STAIR and shape.kind == before.kind == SET and shape.size == before.size
            and shape.rank < JOKER_RANK and before.rank < JOKER_RANK
            and strength(shape.rank, reversed_order, rules) == strength(before.rank, reversed_order, rules) + 1):
        lock |= STAIR
    return lock


def revolution_by(shape: Shape, rules: Rules) -> str | None:
    """The option by which a play starts or ends a revolution, or None: ``great_revolution`` (four 2s),
    ``revolution`` (four or more of a kind), ``run_revolution`` (a long enough run), ``coup`` (three 9s), ``omen``
    (three 6s), ``emperor`` (an emperor). Whether it happens is the match's to say (not after an omen)."""
    if shape.kind == SET:
        if shape.size >= 4:
            if rules.great_revolution and shape.rank == TWO_RANK:
                return "great_revolution"
            if rules.twos_no_revolution and shape.rank == TWO_RANK:
                return None
            return "revolution" if rules.revolution else None
        if shape.size == 3:
            if rules.coup and shape.rank == NINE_RANK:
                return "coup"
            if rules.omen and shape.rank == SIX_RANK:
                return "omen"
        return None
    if (shape.kind == RUN and rules.revolution and rules.run_revolution
            and shape.size >= rules.run_revolution):
        return "run_revolution"
    if shape.kind == EMPEROR:
        return "emperor"  # an emperor is played only under its rule
    return None


def reverses(shape: Shape, rules: Rules) -> bool:
    """Whether a play starts or ends a revolution (see :func:`revolution_by`)."""
    return revolution_by(shape, rules) is not None


def flips_for_the_trick(shape: Shape, rules: Rules, value: int = 0) -> bool:
    """Whether a play reverses the order until the trick clears (a jack, under the ``eleven_back`` rule; an odd
    number of jacks under ``eleven_back_odd``; real jacks of the move ``value`` only, under ``real_cards_fire``)."""
    if not rules.eleven_back or shape.kind == LONE_JOKER:
        return False
    if rules.real_cards_fire and value & STANDS_MASK:
        jacks = value & RANK_MASKS[JACK_RANK]
        return bool(jacks) and (not rules.eleven_back_odd or jacks.bit_count() % 2 == 1)
    if rules.eleven_back_odd:
        if shape.kind == SET:
            return shape.rank == JACK_RANK and shape.size % 2 == 1
        return bool(shape.cards & RANK_MASKS[JACK_RANK])  # a run holds one jack at most
    return bool(shape.cards & RANK_MASKS[JACK_RANK])


def fired_cards(shape: Shape, value: int, rules: Rules) -> int:
    """The cards of a play that fire a card's rule: what it stands for, or its real cards alone under
    ``real_cards_fire`` (``value`` is the move)."""
    if rules.real_cards_fire and value & STANDS_MASK:
        return value & CARDS_MASK & ~JOKERS
    return shape.cards


def cut_rule(shape: Shape, before: Shape | None, rules: Rules, value: int = 0, lead: bool = False,
             out: bool = False) -> str | None:
    """The option by which a play ends the trick at once (``eight_cut``, ``spade3_beats_joker``, ``quad_bomb`` …),
    or None. ``value`` is the move (for ``real_cards_fire``), ``lead`` whether it leads the trick (for
    ``bomb_lead_plain``), ``out`` whether its player goes out with it (for ``eight_out_no_cut``)."""
    eight = (rules.eight_cut and shape.kind != LONE_JOKER
             and bool((fired_cards(shape, value, rules) if rules.real_cards_fire else shape.cards)
                      & RANK_MASKS[EIGHT_RANK])
             and not (out and rules.eight_out_no_cut))
    if eight and not rules.four_stop:
        return "eight_cut"
    if spade3_on_joker(shape, before, rules):
        return "spade3_beats_joker"
    if shape.kind == SET and shape.rank < JOKER_RANK:
        bombs = not (lead and rules.bomb_lead_plain)
        if bombs and rules.quad_bomb and shape.size >= 4:
            return "quad_bomb"
        if bombs and rules.two_bomb and shape.rank == TWO_RANK:
            return "two_bomb"
        if rules.nine_cut_many and shape.size > 2 and shape.rank == NINE_RANK:
            return "nine_cut_many"
        if shape.size == 2:
            if rules.nine_pair_cut and shape.rank == NINE_RANK:
                return "nine_pair_cut"
            if rules.six_pair_cut and shape.rank == SIX_RANK:
                return "six_pair_cut"
        if rules.spade3_cut and shape.cards == 1 << SPADE_THREE:
            return "spade3_cut"
    # Under four_stop a bomb of 8s still cuts as a bomb; an 8-cut alone waits (see EIGHT_WAITS).
    return "eight_cut" if eight else None


def unbeatable(value: int, reversed_order: bool, lock: int, rules: Rules) -> bool:
    """Whether no play the rest of the deck could make answers the move ``value`` on a trick of ``reversed_order``
    and ``lock`` (the ``unbeatable_clears`` rule: a lone 2 without jokers, a lone joker without the 3 of spades …).
    Asked of the whole deck, not of the hands still held, so that it tells nothing hidden."""
    key = (value, reversed_order, lock)
    entry = _UNBEATABLE.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_UNBEATABLE) >= 64:
            _UNBEATABLE.clear()
        entry = _UNBEATABLE[id(rules)] = (rules, {})
    known = entry[1]
    found = known.get(key)
    if found is None:
        rest = DECK_MASKS[rules.jokers] & ~(value & CARDS_MASK)
        found = known[key] = not plays(rest, rules, value, reversed_order, lock)
    return found


_UNBEATABLE: dict[int, tuple[Rules, dict[tuple[int, bool, int], bool]]] = {}
"""By rule set (its id, beside the rules themselves), then by (move, reversed order, lock): whether the move is
unbeatable (see :func:`unbeatable`)."""


def cut_by(shape: Shape, before: Shape | None, rules: Rules) -> str | None:
    """Why a play ends the trick at once, as the word of :data:`CUT_WORDS` (``eight``, ``spade3``, ``bomb``,
    ``nine_pair``, ``nine_many``, ``six_pair``, ``spade3_alone``), or None."""
    rule = cut_rule(shape, before, rules)
    return None if rule is None else CUT_WORDS[rule]


def forbidden_finish(value: int, shape: Shape, before: Shape | None, rules: Rules, revolution: bool = False) -> bool:
    """Whether going out with the play ``value`` (of ``shape``, answering ``before``; during a ``revolution``) is a
    forbidden finish."""
    banned = rules.forbidden_finish
    if not banned:
        return False
    cards = fired_cards(shape, value, rules)
    top = THREE_RANK if revolution and rules.revolution_forbidden == "3" else TWO_RANK
    return (
        ("2" in banned and shape.kind != LONE_JOKER and bool(cards & RANK_MASKS[top]))
        or ("joker" in banned and bool(value & JOKERS))
        or ("8" in banned and shape.kind != LONE_JOKER and bool(cards & RANK_MASKS[EIGHT_RANK]))
        or ("spade3" in banned and spade3_on_joker(shape, before, rules))
    )


class Piece(NamedTuple):
    """The plays of one rank (or the runs of one suit) that some cards make."""

    by_size: dict[int, tuple[tuple[Move, Shape], ...]]
    """``(move, shape)`` pairs by the number of cards they stand for."""
    moves: tuple[Move, ...]
    """Every one of those moves, in increasing int order."""
    moves_by_size: dict[int, tuple[Move, ...]]
    """The moves of ``by_size`` alone."""


_SET_PIECES: dict[tuple[int, int, tuple[int, ...], int], Piece] = {}
_RUN_PIECES: dict[tuple[int, int, tuple[int, ...], int, bool], Piece] = {}


def _by_size(pairs: list[tuple[int, Shape]]) -> Piece:
    out: dict[int, list[tuple[Move, Shape]]] = {}
    for move, shape in sorted(pairs):
        out.setdefault(shape.size, []).append((move_of(move), shape))
    return Piece({size: tuple(found) for size, found in out.items()}, tuple(move_of(m) for m, _ in sorted(pairs)),
                 {size: tuple(move for move, _ in found) for size, found in out.items()})


def set_piece(rank: int, nibble: int, jokers: tuple[int, ...], max_set: int) -> Piece:
    """The sets of ``rank`` from the cards of ``nibble`` and the wild ``jokers`` held, up to ``max_set`` cards.

    A wild joker in a set may stand for any suit missing from the set, so each
    choice is its own move (the suits matter under the suit lock); two jokers
    standing together take the lower suit for the black joker. Beside all four
    suits, a joker stands for a fifth card (and the red one for a sixth).
    """
    key = (rank, nibble, jokers, max_set)
    piece = _SET_PIECES.get(key)
    if piece is not None:
        return piece
    base = rank * 4
    pairs = []
    for sub in range(16):
        if sub & nibble != sub:
            continue
        real = sub.bit_count()
        mask = sub << base
        if 1 <= real <= max_set:
            pairs.append((mask, Shape(SET, real, rank, rank, sub, mask)))
        free = [s for s in range(4) if not sub >> s & 1]
        for k in range(1, len(jokers) + 1):
            if real + k > max_set or real + k < 2:
                continue
            for used in combinations(jokers, k):
                played = mask | sum(1 << j for j in used)
                if k > len(free):
                    # The first jokers complete the four suits, the others are a fifth and a sixth card.
                    stands = {j: base + s for j, s in zip(used, free, strict=False)}
                    extra = used[len(free):]
                    stands.update({j: FIFTH + i * (SIXTH - FIFTH) + rank for i, j in enumerate(extra)})
                    beyond = sum(1 << stands[j] for j in extra)
                    pairs.append((with_stands(played, stands), Shape(SET, real + k, rank, rank, 15,
                                                                       15 << base | beyond)))
                    continue
                for suits in combinations(free, k):
                    stands = {j: base + s for j, s in zip(used, suits, strict=True)}
                    shown = sub | sum(1 << s for s in suits)
                    pairs.append((with_stands(played, stands), Shape(SET, real + k, rank, rank, shown,
                                                                     shown << base)))
    piece = _SET_PIECES[key] = _by_size(pairs)
    return piece


def run_piece(suit: int, ranks: int, jokers: tuple[int, ...], run_min: int, ends: bool = False) -> Piece:
    """The runs of ``suit`` from the ranks held in it (a 13-bit mask) and the wild ``jokers`` held.

    Jokers fill the missing cards of a run, and may also stand for cards held;
    a run holds at least one real card. With ``ends`` (the ``joker_run_ends``
    rule) a joker may also close a run below the 3 or above the 2 (ranks -1 and 13).
    """
    key = (suit, ranks, jokers, run_min, ends)
    piece = _RUN_PIECES.get(key)
    if piece is not None:
        return piece
    pairs: list[tuple[int, Shape]] = []
    for low, high, cards, missing, fills in _runs(suit, ranks, len(jokers), run_min, ends):
        shape = Shape(RUN, high - low + 1, low, high, 1 << suit, cards | sum(1 << c for c in missing))
        if not missing:
            pairs.append((cards, shape))
        for real, stand in fills:
            for used in combinations(jokers, len(stand)):
                stands = dict(zip(used, stand, strict=True))
                pairs.append((with_stands(real | sum(1 << j for j in used), stands), shape))
    if len(_RUN_PIECES) >= 100_000:
        _RUN_PIECES.clear()
    piece = _RUN_PIECES[key] = _by_size(pairs)
    return piece


def run_moves(suit: int, ranks: int, jokers: tuple[int, ...], run_min: int, ends: bool = False) -> tuple[Move, ...]:
    """The moves of :func:`run_piece` (the same, in the same order) without their shapes: what a lead needs."""
    values: list[int] = []
    shifts = [STAND_SHIFT[joker] for joker in jokers]
    joker_bits = [1 << joker for joker in jokers]
    for _low, _high, cards, missing, fills in _runs(suit, ranks, len(jokers), run_min, ends):
        if not missing:
            values.append(cards)
        for real, stand in fills:
            for used in combinations(range(len(jokers)), len(stand)):
                value = real
                for at, card in zip(used, stand, strict=True):
                    value |= joker_bits[at] | (card + 1) << shifts[at]
                values.append(value)
    values.sort()
    return tuple(move_of(value) for value in values)


def _runs(suit: int, ranks: int, jokers: int, run_min: int, ends: bool) -> Iterator[
        tuple[int, int, int, list[int], Iterator[tuple[int, list[int]]]]]:
    """Every stretch of ranks ``low`` … ``high`` of ``suit`` that ``jokers`` wild jokers can make a run of, with the
    real cards held in it, the cards missing from it, and the ways the jokers fill it (``(real cards kept, cards
    the jokers stand for)``; with no card missing, the run of real cards alone is not among them)."""
    first, last = (-1, 13) if ends and jokers else (0, 12)
    for low in range(first, last - run_min + 2):
        missing: list[int] = []
        held: list[int] = []
        cards = 0
        for high in range(low, last + 1):
            if 0 <= high <= 12 and ranks >> high & 1:
                held.append(high * 4 + suit)
                cards |= 1 << (high * 4 + suit)
            else:
                missing.append(BELOW_THREE + suit if high < 0 else ABOVE_TWO + suit if high > 12 else high * 4 + suit)
                if len(missing) > jokers:
                    break
            if high - low + 1 < run_min or not held:
                continue
            yield low, high, cards, missing, _fills(tuple(held), tuple(missing), cards, jokers)


def _fills(held: tuple[int, ...], missing: tuple[int, ...], cards: int, jokers: int) -> Iterator[
        tuple[int, list[int]]]:
    """The ways ``jokers`` wild jokers fill a run: every missing card, and as many held cards as they have left."""
    for extra in range(jokers - len(missing) + 1):
        if not missing and not extra:
            continue
        for kept_out in combinations(held, extra):
            if len(kept_out) == len(held):
                continue
            real = cards
            for card in kept_out:
                real &= ~(1 << card)
            yield real, sorted(missing + kept_out)


def _wild(hand: int, rules: Rules) -> tuple[int, ...]:
    """The wild jokers ``hand`` holds."""
    return _JOKERS_HELD[hand >> BLACK_JOKER & 3] if rules.wild_jokers else ()


_JOKERS_HELD = tuple(tuple(j for j in (BLACK_JOKER, RED_JOKER) if held >> (j - BLACK_JOKER) & 1) for held in range(4))
"""By the two joker bits of a hand: the jokers it holds."""


def _joker_plays(hand: int, rules: Rules) -> list[tuple[Move, Shape]]:
    """Jokers played as themselves: a lone wild joker, or plain jokers as a set of their own rank."""
    if not hand & JOKERS:
        return []
    if rules.wild_jokers:
        found = [(move_of(1 << j), Shape(LONE_JOKER, 1, JOKER_RANK, JOKER_RANK, 0, 1 << j))
                 for j in (BLACK_JOKER, RED_JOKER) if hand >> j & 1]
        if rules.wild_joker_pair and hand & JOKERS == JOKERS and rules.max_set >= 2:
            found.append((move_of(JOKERS), Shape(SET, 2, JOKER_RANK, JOKER_RANK, 0, JOKERS)))
        return found
    nibble = hand >> (4 * JOKER_RANK) & 3
    return [(move_of(sub << 52), Shape(SET, sub.bit_count(), JOKER_RANK, JOKER_RANK, 0, sub << 52))
            for sub in (1, 2, 3) if sub & nibble == sub and sub.bit_count() <= rules.max_set]


_SUIT_BYTES = tuple(tuple((b >> suit & 1) | (b >> (suit + 4) & 1) << 1 for b in range(256)) for suit in range(4))
"""``_SUIT_BYTES[suit][byte]``: which of the two ranks of a hand byte hold the suit (2 bits)."""


def _suit_ranks(hand: int, suit: int) -> int:
    """The ranks of ``hand`` (a 13-bit mask) that hold a card of ``suit``."""
    table = _SUIT_BYTES[suit]
    b6, b5, b4, b3, b2, b1, b0 = (hand & 0xFFFFFFFFFFFFF).to_bytes(7)
    return (table[b0] | table[b1] << 2 | table[b2] << 4 | table[b3] << 6 | table[b4] << 8 | table[b5] << 10
            | table[b6] << 12)


def _pieces(hand: int, rules: Rules) -> tuple[list[Piece], list[Piece]]:
    jokers = _wild(hand, rules)
    sets = [set_piece(rank, hand >> (4 * rank) & 15, jokers, rules.max_set) for rank in range(13)]
    ends = rules.joker_run_ends
    runs = [run_piece(suit, _suit_ranks(hand, suit), jokers, rules.run_min, ends) for suit in range(4)] \
        if rules.runs else []
    return sets, runs


_NO_RUNS: tuple[Move, ...] = ()
_REAL_CARDS_END = 1 << 52
"""Moves below it are real cards only (no joker, no card a joker stands for)."""
_REAL_CARDS = _REAL_CARDS_END - 1


def run_leads(hand: int, rules: Rules) -> tuple[Move, ...]:
    """The runs of a hand that holds no wild joker, suit by suit (as :func:`candidate_plays` lists them)."""
    real = hand & _REAL_CARDS
    # Bit 4r+s of ``chain`` is set when the hand holds the card of suit s in ranks r … r+run_min-1.
    chain = real
    for step in range(1, rules.run_min):
        chain &= real >> (4 * step)
        if not chain:
            return _NO_RUNS
    out = _NO_RUNS
    chain |= chain >> 32
    chain |= chain >> 16
    chain |= chain >> 8
    suits = (chain | chain >> 4) & 15
    for suit in range(4):
        if suits >> suit & 1:
            out += _suit_runs(real, suit, rules)
    return out


def _suit_runs(hand: int, suit: int, rules: Rules) -> tuple[Move, ...]:
    """The runs of one suit that ``hand`` makes with its cards of the suit and the wild jokers it holds, as
    :func:`run_piece` lists them (cached by those cards)."""
    key = (rules.run_min, rules.joker_run_ends, rules.wild_jokers)
    cache = _SUIT_RUNS.get(key)
    if cache is None:
        cache = _SUIT_RUNS[key] = {}
    cards = hand & (_SUIT_CARDS[suit] | JOKERS if rules.wild_jokers else _SUIT_CARDS[suit]) | suit << 56
    runs = cache.get(cards)
    if runs is None:
        if len(cache) >= 100_000:
            cache.clear()
        jokers = _wild(hand, rules)
        parts = [_segment_runs(suit, part, jokers, rules.run_min, rules.joker_run_ends)
                 for part in _segments(_suit_ranks(hand, suit), len(jokers))]
        runs = cache[cards] = parts[0] if len(parts) == 1 else tuple(sorted(chain.from_iterable(parts)))
    return runs


def _segments(ranks: int, jokers: int) -> tuple[int, ...]:
    """The ranks held in a suit (a 13-bit mask) cut where more ranks in a row are missing than ``jokers`` can fill:
    no run reaches across such a gap, so the runs of the suit are those of its segments together (cached)."""
    key = ranks | jokers << 13
    found = _SEGMENTS.get(key)
    if found is None:
        found = _SEGMENTS[key] = _cut_segments(ranks, jokers)
    return found


def _cut_segments(ranks: int, jokers: int) -> tuple[int, ...]:
    parts: list[int] = []
    part = 0
    last = -100
    for rank in range(13):
        if ranks >> rank & 1:
            if part and rank - last - 1 > jokers:
                parts.append(part)
                part = 0
            part |= 1 << rank
            last = rank
    if part:
        parts.append(part)
    return tuple(parts)


_SEGMENTS: dict[int, tuple[int, ...]] = {}
"""By a suit's ranks and (above them) the wild jokers held: its segments (at most 2**15 entries)."""


def _segment_runs(suit: int, ranks: int, jokers: tuple[int, ...], run_min: int, ends: bool) -> tuple[Move, ...]:
    """:func:`run_moves` of one segment, cached (segments repeat far more than whole suits)."""
    key = (suit, ranks, jokers, run_min, ends)
    runs = _SEGMENT_RUNS.get(key)
    if runs is None:
        if len(_SEGMENT_RUNS) >= 100_000:
            _SEGMENT_RUNS.clear()
        runs = _SEGMENT_RUNS[key] = run_moves(suit, ranks, jokers, run_min, ends)
    return runs


_SEGMENT_RUNS: dict[tuple[int, int, tuple[int, ...], int, bool], tuple[Move, ...]] = {}


_SUIT_CARDS = tuple(sum(1 << (4 * rank + suit) for rank in range(13)) for suit in range(4))
"""The 3 … 2 of each suit."""
_SUIT_RUNS: dict[tuple[int, bool, bool], dict[int, tuple[Move, ...]]] = {}
"""By the rules' shortest run, ``joker_run_ends`` and ``wild_jokers``: the runs a suit's cards and the wild jokers
make, by those cards and the suit (above the cards)."""


def _joker_set_bytes(jokers: tuple[int, ...], max_set: int) -> ByteLookups:
    """Seven tables by a byte of the real cards of a hand: the sets of its two ranks with the wild ``jokers``, as
    :func:`set_piece` lists them (made once per choice of jokers and largest set)."""
    key = (jokers, max_set)
    tables = _JOKER_SET_BYTES.get(key)
    if tables is None:
        tables = _JOKER_SET_BYTES[key] = tuple(
            tuple(set_piece(2 * i, byte & 15, jokers, max_set).moves
                  + (set_piece(2 * i + 1, byte >> 4, jokers, max_set).moves if 2 * i + 1 < JOKER_RANK else ())
                  for byte in range(256))
            for i in range(7))
    return tables


_JOKER_SET_BYTES: dict[tuple[tuple[int, ...], int], ByteLookups] = {}


def _wild_leads(hand: int, jokers: tuple[int, ...], rules: Rules) -> tuple[Move, ...]:
    """The leads of a hand holding wild ``jokers``, in the order of :func:`candidate_plays`."""
    t0, t1, t2, t3, t4, t5, t6 = _joker_set_bytes(jokers, rules.max_set)
    b6, b5, b4, b3, b2, b1, b0 = (hand & _REAL_CARDS).to_bytes(7)
    leads = t0[b0] + t1[b1] + t2[b2] + t3[b3] + t4[b4] + t5[b5] + t6[b6] + _LONE_JOKERS[hand >> BLACK_JOKER & 3]
    if rules.runs:
        # _suit_runs() of each suit, its cache found once.
        cache = _SUIT_RUNS.get((rules.run_min, rules.joker_run_ends, True))
        held = hand & JOKERS
        for suit in range(4):
            runs = cache.get(hand & _SUIT_CARDS[suit] | held | suit << 56) if cache is not None else None
            leads += _suit_runs(hand, suit, rules) if runs is None else runs
    return leads


_LONE_JOKERS = tuple(tuple(move_of(1 << j) for j in (BLACK_JOKER, RED_JOKER) if held >> (j - BLACK_JOKER) & 1)
                     for held in range(4))
"""By the two joker bits of a hand: its wild jokers played alone."""


def _wild_set_answers(hand: int, jokers: tuple[int, ...], table: Shape, reversed_order: bool,
                      rules: Rules) -> tuple[Move, ...]:
    """The answers of a hand holding wild ``jokers`` to a set, on an unlocked trick without bombs, in the order of
    the general path of :func:`plays`: the sets of its size rank by rank, then a lone joker on a single."""
    allowed = _STRONGER_PAIRS[reversed_order, rules.joker_in_revolution == "highest", table.rank,
                              rules.equal_answers]
    key = (jokers, rules.max_set, table.size)
    tables = _JOKER_ANSWER_BYTES.get(key)
    if tables is None:
        tables = _JOKER_ANSWER_BYTES[key] = _joker_answer_bytes(*key)
    t0, t1, t2, t3, t4, t5, t6 = tables
    a0, a1, a2, a3, a4, a5, a6 = allowed
    b6, b5, b4, b3, b2, b1, b0 = (hand & _REAL_CARDS).to_bytes(7)
    out = t0[a0][b0] + t1[a1][b1] + t2[a2][b2] + t3[a3][b3] + t4[a4][b4] + t5[a5][b5] + t6[a6][b6]
    if table.size == 1:
        out += _LONE_JOKERS[hand >> BLACK_JOKER & 3]
    return out


def _joker_answer_bytes(jokers: tuple[int, ...], max_set: int, size: int) -> tuple[
        tuple[tuple[tuple[Move, ...], ...], ...], ...]:
    """By byte of a hand's real cards (two ranks), by which of the two ranks may answer (2 bits), and by the byte:
    the sets of ``size`` cards of those ranks with the wild ``jokers``, as :func:`set_piece` lists them."""
    def sets(rank: int, nibble: int) -> tuple[Move, ...]:
        if rank >= JOKER_RANK:
            return ()
        return set_piece(rank, nibble, jokers, max_set).moves_by_size.get(size, ())
    return tuple(
        tuple(tuple((sets(2 * i, byte & 15) if allowed & 1 else ())
                    + (sets(2 * i + 1, byte >> 4) if allowed & 2 else ())
                    for byte in range(256))
              for allowed in range(4))
        for i in range(7))


_JOKER_ANSWER_BYTES: dict[tuple[tuple[int, ...], int, int], tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...]] = {}
_STRONGER_PAIRS: dict[tuple[bool, bool, int, bool], tuple[int, ...]] = {
    (backwards, high, table, equal): tuple(
        sum(1 << k for k in (0, 1)
            if 2 * i + k in _AT_LEAST[backwards, high, table] and (equal or 2 * i + k != table))
        for i in range(7))
    for (backwards, high, table) in _AT_LEAST
    for equal in (False, True)
}
"""By (reversed order, jokers stay high, table rank, equal answers) and byte of a hand: which of its two ranks may
answer a set of the table's rank (bit 0 the lower rank)."""


_LEADS: dict[tuple[int, int], tuple[Rules, tuple[Move, ...]]] = {}


def candidate_plays(hand: int, rules: Rules) -> tuple[Move, ...]:
    """Every play the cards of ``hand`` can make under ``rules``, whatever is on the table.

    In a fixed order: the sets rank by rank (3 first), the jokers played as
    themselves, then the runs suit by suit; within each, increasing int order.
    """
    key = (hand, id(rules))
    entry = _LEADS.get(key)
    if entry is not None and entry[0] is rules:
        return entry[1]
    sets, runs = _pieces(hand, rules)
    leads: tuple[Move, ...] = ()
    for piece in sets:
        leads += piece.moves
    leads += tuple(move for move, _ in _joker_plays(hand, rules))
    for piece in runs:
        leads += piece.moves
    if rules.emperor:
        leads += emperors(hand)
    if len(_LEADS) > 50_000:
        _LEADS.clear()
    _LEADS[key] = (rules, leads)
    return leads


def plays(
    hand: int, rules: Rules, table: int = 0, reversed_order: bool = False, lock: int = 0, must_contain: int = 0,
    shortcut: bool = True,
) -> tuple[Move, ...]:
    """Every legal play of ``hand`` (no pass), as shared :class:`Move` objects, in a fixed order.

    Leading, the order of :func:`candidate_plays`; answering, rank by rank (3
    first, each rank in increasing int order), then the jokers, the runs, the bombs.

    ``table`` is the move on the table (0 when leading), ``reversed_order`` the
    order of the trick, ``lock`` the locked suits, ``must_contain`` a card mask
    the lead must hold. ``shortcut=False`` never takes the fast engine's tables (for
    the test that holds them to the general path); nor does a hand holding both jokers under ``wild_joker_pair``.
    """
    # The two wild jokers as a pair of their own are in no shortcut's tables.
    shortcut = shortcut and not (rules.wild_joker_pair and hand & JOKERS == JOKERS)
    if not table:
        if shortcut and not (rules.wild_jokers and hand & JOKERS):
            t0, t1, t2, t3, t4, t5, t6 = LEADS_BY_SIZE[min(rules.max_set, 4)]
            b6, b5, b4, b3, b2, b1, b0 = hand.to_bytes(7)
            leads = t0[b0] + t1[b1] + t2[b2] + t3[b3] + t4[b4] + t5[b5] + t6[b6]
            if rules.runs:
                leads += run_leads(hand, rules)
            if rules.emperor:
                leads += emperors(hand)
        elif shortcut:
            leads = _wild_leads(hand, _wild(hand, rules), rules)
            if rules.emperor:
                leads += emperors(hand)
        else:
            leads = candidate_plays(hand, rules)
        if must_contain:
            return tuple(m for m in leads if m & must_contain)
        return leads
    if lock & EIGHT_WAITS:
        # A waiting 8-cut: only a pair of 4s answers it, whatever the 8s are (see _answer_code).
        return set_piece(FOUR_RANK, hand >> 4 & 15, _wild(hand, rules), rules.max_set).moves_by_size.get(2, ())
    wild = rules.wild_jokers
    table_shape = shape_of(table, wild)
    assert table_shape is not None
    kind, size = table_shape.kind, table_shape.size
    candidates: list[tuple[Move, Shape]] = []
    if kind == LONE_JOKER:
        if hand >> SPADE_THREE & 1:
            candidates.append((move_of(1 << SPADE_THREE), Shape(SET, 1, 0, 0, 8, 1 << SPADE_THREE)))
    elif kind == SET:
        jokers = _wild(hand, rules)
        spade3 = rules.spade3_beats_joker and size == 1 and table_shape.rank == JOKER_RANK
        if spade3 and hand >> SPADE_THREE & 1 and SPADE_THREE >> 2 not in _AT_LEAST[
                reversed_order, rules.joker_in_revolution == "highest", JOKER_RANK]:
            # The 3 of spades beats a plain lone joker (it is no stronger rank here).
            candidates.append((move_of(1 << SPADE_THREE), Shape(SET, 1, 0, 0, 8, 1 << SPADE_THREE)))
        if (shortcut and not jokers and not lock & 15 and size <= 4 and not spade3
                and not (lock and (rules.quad_bomb or rules.two_bomb))):
            beat = table_beat(table, table_shape, reversed_order, lock, rules)
            found = _plain_set_answers(hand, size, beat)
            extra = extra_answers(hand, table, reversed_order, lock, rules)
            return tuple(dict.fromkeys(found + extra)) if extra else found
        if shortcut and jokers and not lock and not (rules.quad_bomb or rules.two_bomb or rules.answers_beyond_rank):
            return _wild_set_answers(hand, jokers, table_shape, reversed_order, rules)
        # Only a rank at least as strong as the table's can answer it (bombs are added below).
        for rank in _AT_LEAST[reversed_order, rules.joker_in_revolution == "highest", table_shape.rank]:
            nibble = hand >> (rank << 2) & 15
            if nibble or jokers:
                candidates += set_piece(rank, nibble, jokers, rules.max_set).by_size.get(size, ())
        candidates += _joker_plays(hand, rules)
        if rules.down_number and size == 1 and table_shape.rank < JOKER_RANK:
            down = table_shape.rank + (1 if reversed_order else -1)
            if 0 <= down < JOKER_RANK:
                candidates += set_piece(down, hand >> (4 * down) & 15, (), rules.max_set).by_size.get(1, ())
    elif kind == EMPEROR:
        candidates += [(move, shape_of(move, wild)) for move in emperors(hand)]  # type: ignore[misc]
    elif kind == RUN:
        jokers = _wild(hand, rules)
        if shortcut and not lock and not (rules.quad_bomb or rules.two_bomb or rules.sandstorm):
            return _run_answers(hand, jokers, table_shape, reversed_order, rules)
        for suit in range(4):
            if not lock & 15 or lock & 15 == 1 << suit:
                for part in _segments(_suit_ranks(hand, suit), len(jokers)):
                    candidates += run_piece(suit, part, jokers, rules.run_min, rules.joker_run_ends).by_size.get(
                        size, ())
    if rules.sandstorm:
        # Three 3s answer anything (see is_sandstorm).
        candidates += set_piece(THREE_RANK, hand & 15, _wild(hand, rules), rules.max_set).by_size.get(3, ())
    if rules.quad_bomb or rules.two_bomb:
        jokers = _wild(hand, rules)
        for rank in range(13):
            for count, pairs in set_piece(rank, hand >> (4 * rank) & 15, jokers, rules.max_set).by_size.items():
                if (rules.quad_bomb and count >= 4) or (rules.two_bomb and rank == TWO_RANK):
                    candidates += pairs
        return tuple(dict.fromkeys(m for m, shape in candidates
                                   if not _answer_code(shape, table_shape, reversed_order, lock, rules)))
    if rules.sandstorm or rules.down_number:
        return tuple(dict.fromkeys(m for m, shape in candidates
                                   if not _answer_code(shape, table_shape, reversed_order, lock, rules)))
    return tuple([m for m, shape in candidates if not _answer_code(shape, table_shape, reversed_order, lock, rules)])


def emperors(hand: int) -> tuple[Move, ...]:
    """The emperors the real cards of ``hand`` make (four ranks in a row, one card of each suit), the lowest ranks
    first, each window in increasing int order."""
    held = (hand | hand >> 1 | hand >> 2 | hand >> 3) & _RANK_LOW_BITS
    starts = held & held >> 4 & held >> 8 & held >> 12  # bit 4r: the ranks r … r+3 all held
    out: tuple[Move, ...] = ()
    while starts:
        bit = starts & -starts
        starts ^= bit
        low = (bit.bit_length() - 1) >> 2
        window = hand >> (4 * low) & 0xFFFF
        found = _EMPERORS.get(window)
        if found is None:
            found = _EMPERORS[window] = tuple(sorted(
                sum(1 << (4 * i + suit) for i, suit in enumerate(order))
                for order in permutations(range(4)) if all(window >> (4 * i + suit) & 1
                                                            for i, suit in enumerate(order))))
        if found:
            out += tuple(move_of(cards << (4 * low)) for cards in found)
    return out


_EMPERORS: dict[int, tuple[int, ...]] = {}
"""By the cards of four ranks in a row (16 bits): the emperors they make, as masks of those 16 bits."""


def _run_answers(hand: int, jokers: tuple[int, ...], table: Shape, reversed_order: bool,
                 rules: Rules) -> tuple[Move, ...]:
    """The answers of ``hand`` to a run on an unlocked trick without bombs, in the order of the general path of
    :func:`plays`: suit by suit, segment by segment, from each suit's runs of the table's size (cached by the
    suit's cards) filtered by the rule of :func:`answer_problem`."""
    size = table.size
    key = (rules.run_min, rules.joker_run_ends, rules.wild_jokers, size)
    cache = _RUN_ANSWERS.get(key)
    if cache is None:
        cache = _RUN_ANSWERS[key] = {}
    if rules.run_answer == "above":
        limit = table.rank if reversed_order else table.top
    else:
        theirs = strength(table.rank, reversed_order, rules)
        order = STRENGTH[reversed_order, rules.joker_in_revolution == "highest"]
    kept = JOKERS if rules.wild_jokers else 0
    out: list[Move] = []
    for suit in range(4):
        cards = hand & (_SUIT_CARDS[suit] | kept) | suit << 56
        runs = cache.get(cards)
        if runs is None:
            if len(cache) >= 100_000:
                cache.clear()
            runs = cache[cards] = tuple(
                run for part in _segments(_suit_ranks(hand, suit), len(jokers))
                for run in _segment_run_answers(suit, part, jokers, rules.run_min, rules.joker_run_ends, size))
        if rules.run_answer == "above":
            if reversed_order:
                out += [move for move, _low, top in runs if top < limit]
            else:
                out += [move for move, low, _top in runs if low > limit]
        else:
            for move, low, _top in runs:
                mine = (NUM_RANKS - 1 if reversed_order else -1) if low < 0 else order[low]
                if mine > theirs or (mine == theirs and rules.equal_answers):
                    out.append(move)
    return tuple(out)


def _segment_run_answers(suit: int, ranks: int, jokers: tuple[int, ...], run_min: int, ends: bool,
                         size: int) -> tuple[tuple[Move, int, int], ...]:
    """The runs of ``size`` of one segment as (move, lowest rank, highest rank), cached (segments repeat far more
    than whole suits)."""
    key = (suit, ranks, jokers, run_min, ends, size)
    runs = _SEGMENT_RUN_ANSWERS.get(key)
    if runs is None:
        if len(_SEGMENT_RUN_ANSWERS) >= 100_000:
            _SEGMENT_RUN_ANSWERS.clear()
        runs = _SEGMENT_RUN_ANSWERS[key] = tuple(
            (move, shape.rank, shape.top)
            for move, shape in run_piece(suit, ranks, jokers, run_min, ends).by_size.get(size, ()))
    return runs


_SEGMENT_RUN_ANSWERS: dict[tuple[int, int, tuple[int, ...], int, bool, int], tuple[tuple[Move, int, int], ...]] = {}


_RUN_ANSWERS: dict[tuple[int, bool, bool, int], dict[int, tuple[tuple[Move, int, int], ...]]] = {}
"""By (shortest run, jokers past the ends, wild jokers, run size) and a suit's cards (its wild jokers and suit
number included): the suit's runs of that size as (move, lowest rank, highest rank)."""


def plain_bombs(hand: int, rules: Rules) -> tuple[Move, ...]:
    """The bombs of a hand without wild jokers, rank by rank and size by size (as the general path of
    :func:`plays` lists them)."""
    bombs = hand & RANK_MASKS[TWO_RANK] if rules.two_bomb else 0
    if rules.quad_bomb:
        bombs |= (hand & hand >> 1 & hand >> 2 & hand >> 3 & _RANK_LOW_BITS) * 15
    if not bombs:
        return ()
    key = (rules.quad_bomb, rules.two_bomb, rules.max_set)
    cache = _BOMBS.get(key)
    if cache is None:
        cache = _BOMBS[key] = {}
    out = cache.get(bombs)
    if out is None:
        out = cache[bombs] = _bombs_of(bombs, rules)
    return out


_RANK_LOW_BITS = sum(1 << (4 * rank) for rank in range(13))
"""The lowest card of each rank 3 … 2."""
_BOMBS: dict[tuple[bool, bool, int], dict[int, tuple[Move, ...]]] = {}
"""By the bomb rules and the largest set: the bombs of the cards of a hand that make bombs."""


def _bombs_of(hand: int, rules: Rules) -> tuple[Move, ...]:
    out: tuple[Move, ...] = ()
    for rank in range(13):
        nibble = hand >> (4 * rank) & 15
        two = rules.two_bomb and rank == TWO_RANK
        if nibble and (two or (rules.quad_bomb and nibble == 15)):
            for count, pairs in set_piece(rank, nibble, (), rules.max_set).by_size.items():
                if two or count >= 4:
                    out += tuple(move for move, _ in pairs)
    return out


def _plain_set_answers(hand: int, size: int, beat: int) -> tuple[Move, ...]:
    """The answers of ``size`` cards of one rank among the cards of ``hand & beat`` (a hand without wild jokers).

    The same moves, in the same order, as the general path of :func:`plays` lists the sets
    of one rank (a test holds it to that path), from the fast engine's byte tables.
    """
    h = hand & beat
    if not h:
        return ()
    t0, t1, t2, t3, t4, t5, t6 = ANSWERS_BY_COUNT[size]
    b6, b5, b4, b3, b2, b1, b0 = h.to_bytes(7)
    return t0[b0] + t1[b1] + t2[b2] + t3[b3] + t4[b4] + t5[b5] + t6[b6]


def _stair_masks(backwards: bool, high: bool) -> tuple[int, ...]:
    power = STRENGTH[backwards, high]
    return tuple(sum(15 << (4 * r) for r in range(JOKER_RANK) if power[r] == power[rank] + 1)
                 for rank in range(NUM_RANKS))


STAIR_MASKS: dict[tuple[bool, bool], tuple[int, ...]] = {
    (backwards, high): _stair_masks(backwards, high) for backwards in (False, True) for high in (False, True)}
"""``STAIR_MASKS[(reversed order, jokers_stay_high)][rank]``: the cards of the next rank up from ``rank`` (a rank
3 … 2; 0 for none): what alone may answer a set of ``rank`` while the stair lock holds."""

_SANDSTORMS: tuple[tuple[Move, ...], ...] = tuple(
    tuple(move_of(sub) for sub in range(1, 16) if sub & nibble == sub and sub.bit_count() == 3) for nibble in range(16))
"""By the 3s of a hand (its lowest nibble): the sandstorms they make, in increasing int order."""

_DOWN_CARDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(card + (4 if backwards else -4) if 0 <= (card >> 2) + (1 if backwards else -1) < JOKER_RANK else -1
          for card in range(52))
    for backwards in (False, True))
"""``_DOWN_CARDS[reversed order][card]``: the card that answers the single ``card`` under the ``down_number`` rule
(-1: none)."""


def is_sandstorm_move(value: int, rules: Rules) -> bool:
    """Whether the play ``value`` is a sandstorm under ``rules`` (see :func:`is_sandstorm`)."""
    if not rules.sandstorm:
        return False
    if value < 16:
        return value.bit_count() == 3
    if value < _REAL_CARDS_END:
        return False
    shape = shape_of(value, rules.wild_jokers)
    return shape is not None and is_sandstorm(shape)


def table_beat(table: int, shape: Shape, reversed_order: bool, lock: int, rules: Rules) -> int:
    """The cards whose sets of the table's size may answer the set ``table`` (of ``shape``) by rank, on a trick
    without the suit lock: stronger ranks (or as strong, with equal answers), the next rank up while the stair lock
    holds, none on a sandstorm; the other answers are :func:`extra_answers`."""
    if is_sandstorm_move(table, rules):
        return 0
    high = rules.joker_in_revolution == "highest"
    if lock & STAIR:
        return STAIR_MASKS[reversed_order, high][shape.rank]
    return BEAT_MASKS[reversed_order, high, shape.rank, rules.equal_answers]


ExtraAnswers = Callable[[int, int, bool, int], tuple[Move, ...]]
"""``extra(hand, table, reversed_order, lock)``: what :func:`extra_answers` says, for the rules it was made for."""


def extra_answers(hand: int, table: int, reversed_order: bool, lock: int, rules: Rules) -> tuple[Move, ...]:
    """The answers of a hand without wild jokers to the set ``table``, on a trick without the suit lock, beyond the
    sets of its size by rank (:func:`table_beat`): the card one rank down (``down_number``), sandstorms, bombs. In
    the order of the general path of :func:`plays`, which lists them after those sets (some may be among them)."""
    extra = extra_answers_for(rules)
    return extra(hand, table, reversed_order, lock) if extra is not None else ()


def extra_answers_for(rules: Rules) -> ExtraAnswers | None:
    """:func:`extra_answers` made once for ``rules`` (None: these rules add no answer), for the fast engine."""
    entry = _EXTRA.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_EXTRA) >= 256:  # rules made on the fly must not pile up
            _EXTRA.clear()
        entry = _EXTRA[id(rules)] = (rules, _make_extra_answers(rules))
    return entry[1]


_EXTRA: dict[int, tuple[Rules, ExtraAnswers | None]] = {}


def _make_extra_answers(rules: Rules) -> ExtraAnswers | None:
    sandstorm, down_number, two_bomb = rules.sandstorm, rules.down_number, rules.two_bomb
    bombs = rules.quad_bomb or two_bomb
    if not (sandstorm or down_number):
        if not bombs:
            return None

        # plain_bombs() written out with its cache found once: most hands hold no bomb.
        twos_mask = RANK_MASKS[TWO_RANK] if two_bomb else 0
        quad = rules.quad_bomb
        cache = _BOMBS.setdefault((quad, two_bomb, rules.max_set), {})

        def only_bombs(hand: int, table: int, reversed_order: bool, lock: int) -> tuple[Move, ...]:
            cards = hand & twos_mask
            if quad:
                cards |= (hand & hand >> 1 & hand >> 2 & hand >> 3 & _RANK_LOW_BITS) * 15
            if not cards:
                return ()
            out = cache.get(cards)
            if out is None:
                out = cache[cards] = _bombs_of(cards, rules)
            return out
        return only_bombs
    sandstorms = _SANDSTORMS if rules.max_set >= 3 else ((),) * 16
    twos = SHIFTED_SUBSETS[TWO_RANK]

    def extra(hand: int, table: int, reversed_order: bool, lock: int) -> tuple[Move, ...]:
        out: tuple[Move, ...] = ()
        threes: tuple[Move, ...] = ()
        if sandstorm:
            threes = sandstorms[hand & 15]
            if (table.bit_count() == 3 and table < 16) if table < _REAL_CARDS_END else is_sandstorm_move(table, rules):
                return threes  # only a sandstorm answers a sandstorm
        if down_number and not table & (table - 1) and table < _REAL_CARDS_END:
            down = _DOWN_CARDS[reversed_order][table.bit_length() - 1]
            if two_bomb and down >> 2 == TWO_RANK:
                out = twos[hand >> (4 * TWO_RANK) & 15][1]  # the 2s looked at there are bombs
            elif down >= 0 and hand >> down & 1 and not lock & STAIR:
                out = _SINGLES[down]
        if threes:
            out += threes
        if bombs:
            out += plain_bombs(hand, rules)
        return out
    return extra


def extra_answer_cards(table: int, reversed_order: bool, rules: Rules) -> int:
    """The cards of a hand without which :func:`extra_answers` finds nothing to the set ``table`` of real cards, but
    for sandstorms and four of a kind (see :func:`sandstorm_hands` and :func:`bomb_ranks`): the card one rank down,
    the 2s that are bombs."""
    cards = RANK_MASKS[TWO_RANK] if rules.two_bomb else 0
    if rules.down_number and not table & (table - 1) and table < _REAL_CARDS_END:
        down = _DOWN_CARDS[reversed_order][table.bit_length() - 1]
        if down >= 0:
            cards |= 1 << down
    return cards


def bomb_ranks(rules: Rules) -> int:
    """The lowest card of each rank whose four cards are a bomb (``quad_bomb``): a hand ``h`` holds one when
    ``h & h >> 1 & h >> 2 & h >> 3 & bomb_ranks(rules)``."""
    return _RANK_LOW_BITS if rules.quad_bomb else 0


def sandstorm_hands(rules: Rules) -> tuple[bool, ...]:
    """By the 3s of a hand (its lowest nibble): whether they make a sandstorm, an answer to anything under the
    ``sandstorm`` rule."""
    return tuple(rules.sandstorm and rules.max_set >= 3 and bool(_SANDSTORMS[nibble]) for nibble in range(16))


_SINGLES = tuple((move_of(1 << card),) for card in range(52))
"""By card: the play of that card alone."""
