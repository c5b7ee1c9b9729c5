"""The moves a play may owe inside a turn: the 7-pass (``seven_pass``), the 10-discard (``ten_discard``), the
Q-bomber (``queen_bomber``) and the salvage (``salvage``).

After a play holding N sevens, its player passes N cards of his choice on to the next
player in the current direction; after a play holding N tens, he discards N cards of his
choice, face up; after a play holding queens (one or more), he names a rank, and every
player, from the next one round to himself, discards every card of that rank he holds,
face up. A card a wild joker stands for counts as that card (as for the 8-cut); a lone
joker stands for no rank, and no joker is of a rank named. A player who went out with the play owes nothing, and
one holding fewer cards than he owes gives or discards them all. The match
(:meth:`president.engine.Match._owe`) asks these questions; the bots, the views and the
reference model ask the same ones.

The salvage is owed when a trick ends, not when a card is played: when the play left on the table holds a 3 (a 3 a
wild joker stands for too, a run holding one too; a lone joker holds none), its player, if still in the deal, takes
one card of his choice back into his hand from the discard pile: every card played in the deal that is neither on
the table nor held by anyone (the pile is public), but not a card of the play that owes it (he cannot take his own
3 back and lead it again for ever); with no other card in the pile, nothing is owed. Its choices come from that
pile, not from his hand.

Three rules owe takes from the same pile right after the play, not at the trick's end (rich-rich-daifugo's
"take back from the discard" rules): Satan (``satan``: three 6s take one card), chestnut picking
(``chestnut_picking``: one card per 9 in the play) and Galaxy Express 999 (``galaxy_express``: three 9s discard two
cards of the hand face up, then take two). The play's own cards are on the table, not in the pile, and are never
taken by what the play owes, even when it cuts the trick; a pile holding fewer cards owes what it has. Several
cards owed are taken one at a time, one ``salvage`` move each (the entry counts down), so every take is one of the
deck's cards. A player holding fewer than two cards after his three 9s owes nothing for Galaxy Express, and one who
discards his last two cards for it stays in the deal: he takes two back at once (the cards he discarded are in the
pile).
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from .cards import JOKER_RANK, RANK_MASKS
from .moves import DISCARD_FLAG, NAME_FLAG, OWED_WORDS, PASS_ON_FLAG, SALVAGE_FLAG, Move, move_of
from .plays import LONE_JOKER, NINE_RANK, SET, SIX_RANK, THREE_RANK, Shape, shape_of
from .rules import Rules
from .turn_order import QUEEN_RANK, SEVEN_RANK, TEN_RANK

TAKE_OPTIONS = ("salvage", "satan", "chestnut_picking", "galaxy_express")
"""The options that owe takes from the discard pile (``salvage 9d`` moves)."""
Owed = tuple[int, int, int, str]
"""One thing owed: ``(kind flag, count, receiver, option)``: the count of cards (or names) still owed, the seat a
pass-on goes to (for a take from the pile: the mask of the cards of the play that owes it, which it may not take),
and the option that owes it (``ten_discard`` or ``galaxy_express`` for a discard, ``salvage``, ``satan``,
``chestnut_picking`` or ``galaxy_express`` for a take)."""
NAME_MOVES: tuple[Move, ...] = tuple(move_of(RANK_MASKS[rank] | NAME_FLAG) for rank in range(JOKER_RANK))
"""The 13 names a Q-bomber may make, from the 3s up to the 2s: every rank, whether or not anyone still holds it
(which ranks the others hold is hidden)."""


def owed_by(shape: Shape, rules: Rules, held: int = 0) -> tuple[tuple[int, int, str], ...]:
    """What a play owes, in the order it is settled, as ``(flag, count, option)``: the pass-on of its 7s, the discard
    of its 10s, the takes from the pile of Satan (three 6s) and chestnut picking (a card per 9), Galaxy Express 999's
    discard of two and take of two (three 9s, when its player still holds ``held`` >= 2 cards), and last one name
    for its queens (a run may hold a 7, a 9, a 10 and a queen); empty when it owes nothing."""
    if shape.kind == LONE_JOKER:
        return ()
    out: tuple[tuple[int, int, str], ...] = ()
    cards = shape.cards
    if rules.seven_pass and (sevens := (cards & RANK_MASKS[SEVEN_RANK]).bit_count()):
        out += ((PASS_ON_FLAG, sevens, "seven_pass"),)
    if rules.ten_discard and (tens := (cards & RANK_MASKS[TEN_RANK]).bit_count()):
        out += ((DISCARD_FLAG, tens, "ten_discard"),)
    if rules.satan and shape.kind == SET and shape.size == 3 and shape.rank == SIX_RANK:
        out += ((SALVAGE_FLAG, 1, "satan"),)
    if rules.chestnut_picking and (nines := (cards & RANK_MASKS[NINE_RANK]).bit_count()):
        out += ((SALVAGE_FLAG, nines, "chestnut_picking"),)
    if (rules.galaxy_express and shape.kind == SET and shape.size == 3 and shape.rank == NINE_RANK
            and held.bit_count() >= 2):
        out += ((DISCARD_FLAG, 2, "galaxy_express"), (SALVAGE_FLAG, 2, "galaxy_express"))
    if rules.queen_bomber and cards & RANK_MASKS[QUEEN_RANK]:
        out += ((NAME_FLAG, 1, "queen_bomber"),)
    return out


SALVAGE_OWED: tuple[tuple[int, int, str], ...] = ((SALVAGE_FLAG, 1, "salvage"),)
"""What the end of a trick on 3s owes its player (as :func:`owed_by` writes it)."""


def salvages(table: int, rules: Rules) -> bool:
    """Whether a trick that ends with the move ``table`` on it owes that play's player a salvage (``rules.salvage``
    on, and the play holds a 3, a wild joker standing for one counting as one)."""
    if not rules.salvage or not table:
        return False
    shape = shape_of(table, rules.wild_jokers)
    return shape is not None and shape.kind != LONE_JOKER and bool(shape.cards & RANK_MASKS[THREE_RANK])


def owed_source(flag: int, hand: int, pile: int) -> int:
    """The cards an owed move of the kind ``flag`` chooses from: the discard pile for a salvage, else the hand."""
    return pile if flag == SALVAGE_FLAG else hand


def owed_count(count: int, hand: int) -> int:
    """How many cards a player owing ``count`` gives or discards (all of his hand when it holds fewer), or how many
    ranks he names."""
    return min(count, hand.bit_count())


def named_rank(value: int) -> int:
    """The rank a name move names (0 for the 3s … 12 for the 2s)."""
    return (value & RANK_MASKS[JOKER_RANK] - 1).bit_length() - 1 >> 2


def owed_moves(hand: int, flag: int, count: int) -> tuple[Move, ...]:
    """Every choice of ``count`` cards of ``hand`` (all of them when it holds fewer) as moves of the kind ``flag``,
    in the order of :func:`itertools.combinations` over the cards from the lowest bit up; for a name, the 13
    :data:`NAME_MOVES`. For a take, ``hand`` is the discard pile (see :func:`owed_source`), and each move takes one
    card whatever the count owed."""
    if flag == NAME_FLAG:
        return NAME_MOVES
    if flag == SALVAGE_FLAG:
        count = 1  # cards owed from the pile are taken one at a time
    held = []
    while hand:
        low = hand & -hand
        held.append(low.bit_length() - 1)
        hand ^= low
    count = min(count, len(held))
    return tuple(move_of(sum(1 << card for card in chosen) | flag) for chosen in combinations(held, count))


def owed_draw(hand: int, flag: int, count: int, draw: float) -> int:
    """The move ``owed_moves(hand, flag, count)[int(draw * len(...))]`` (``0 <= draw < 1``), found without listing
    them: the playouts' random pick, with the same draws as a pick from the list."""
    if flag == NAME_FLAG:
        return NAME_MOVES[int(draw * len(NAME_MOVES))]
    if count == 1 or flag == SALVAGE_FLAG or hand & (hand - 1) == 0:
        # One card (or a hand of one): the card at the drawn place among the held cards, from the lowest bit up.
        index = int(draw * hand.bit_count())
        while index:
            hand &= hand - 1
            index -= 1
        return hand & -hand | flag
    held = []
    while hand:
        low = hand & -hand
        held.append(low)
        hand ^= low
    n = len(held)
    k = min(count, n)
    index = int(draw * comb(n, k))
    value = flag
    at = 0
    while k:
        # The choices that take held[at] next are the first comb(n - at - 1, k - 1) of those left.
        first = comb(n - at - 1, k - 1)
        if index < first:
            value |= held[at]
            k -= 1
        else:
            index -= first
        at += 1
    return value


def owed_word(flag: int) -> str:
    """``pass-on``, ``discard``, ``name`` or ``salvage``: the notation's word for an owed move of the kind ``flag``."""
    return OWED_WORDS[flag]
