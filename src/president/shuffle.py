"""Seeded shuffles that depend only on (seed, purpose): the same deck on every machine and version.

A deck order is drawn from a BLAKE2b digest of the seed and the deal number,
read as a 512-bit number and spent digit by digit in the mixed radix of a
Fisher–Yates shuffle. No generator state is kept, so a copy of a match deals
the same future decks as the original without copying any generator.
"""

from __future__ import annotations

from hashlib import blake2b

_PERSON = b"president-deal"


def seeded_int(seed: int, *parts: object) -> int:
    """A 512-bit number drawn from ``seed`` and the ``parts`` (stable across runs and platforms)."""
    text = "/".join(map(str, (seed, *parts))).encode()
    return int.from_bytes(blake2b(text, person=_PERSON).digest(), "big")


def _plan(length: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Groups of consecutive Fisher–Yates positions whose radices multiply to under 2**62.

    Each group is ``(product of the radices, ((position, radix), ...) from the highest position)``;
    position ``i`` has radix ``i + 1``.
    """
    groups = []
    i = length - 1
    while i > 0:
        product, j = 1, i
        while j > 0 and product * (j + 1) < 1 << 62:
            product *= j + 1
            j -= 1
        groups.append((product, tuple((k, k + 1) for k in range(i, j, -1))))
        i = j
    return tuple(groups)


_PLANS: dict[int, tuple[tuple[int, tuple[tuple[int, int], ...]], ...]] = {}


def shuffled(items: list[int], seed: int, *parts: object) -> list[int]:
    """A copy of ``items`` in an order drawn from ``seed`` and ``parts``.

    Every order is equally likely up to a bias below 2**-250 for decks of up to
    54 cards (the digest holds 512 bits; 54! needs 238). The digits of the big
    number are taken a machine word at a time: one division of the big number per
    group of radices, then small divisions, which give the same digits.
    """
    out = list(items)
    plan = _PLANS.get(len(out))
    if plan is None:
        plan = _PLANS[len(out)] = _plan(len(out))
    _shuffle(out, plan, seeded_int(seed, *parts))
    return out


def _shuffle(out: list[int], plan: tuple[tuple[int, tuple[tuple[int, int], ...]], ...], x: int) -> None:
    for product, steps in plan:
        x, chunk = divmod(x, product)
        for i, radix in steps:
            j = chunk % radix
            chunk //= radix
            out[i], out[j] = out[j], out[i]


def deal_hands(deck: list[int], players: int, first: int, seed: int, deal_number: int) -> list[int]:
    """The hands, as card masks by seat, of deal ``deal_number`` of the match with this ``seed``.

    ``deck`` holds the cards as one-bit masks (``1 << card``) in deck order. It is shuffled as
    :func:`shuffled` shuffles the card numbers (``seed, "deal", deal_number``) and dealt one card
    at a time from seat ``first``: card ``k`` of the shuffled deck goes to seat ``first + k``.
    """
    order = list(deck)
    plan = _PLANS.get(len(order))
    if plan is None:
        plan = _PLANS[len(order)] = _plan(len(order))
    digest = blake2b(f"{seed}/deal/{deal_number}".encode(), person=_PERSON).digest()
    _shuffle(order, plan, int.from_bytes(digest, "big"))
    by_position = [sum(order[k::players]) for k in range(players)]  # the masks are disjoint: sum is union
    cut = players - first
    return by_position[cut:] + by_position[:cut]


def first_leader(seed: int, players: int) -> int:
    """The seat that leads the first deal of the match with this ``seed`` when the rules draw it.

    The same number as ``seeded_below(players, seed, "leader")``, without the generic text building.
    """
    return int.from_bytes(blake2b(f"{seed}/leader".encode(), person=_PERSON).digest(), "big") % players


def seeded_below(bound: int, seed: int, *parts: object) -> int:
    """A number from 0 to ``bound - 1`` drawn from ``seed`` and ``parts``."""
    return seeded_int(seed, *parts) % bound
