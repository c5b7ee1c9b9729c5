"""Seeded shuffles that depend only on (seed, purpose): the same deck on every machine and version.

A deck order is drawn from a BLAKE2b digest of the seed and the deal number,
read as a 512-bit number and spent digit by digit in the mixed radix of a
Fisher–Yates shuffle. No generator state is kept, so a copy of a match deals
the same future decks as the original without copying any generator.
"""

from __future__ import annotations

import hashlib


def seeded_int(seed: int, *parts: object) -> int:
    """A 512-bit number drawn from ``seed`` and the ``parts`` (stable across runs and platforms)."""
    text = "/".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, person=b"president-deal").digest(), "big")


def _plan(length: int) -> tuple[tuple[int, int, int], ...]:
    """Groups of consecutive Fisher–Yates radices whose product fits in 62 bits: ``(first, last, product)``."""
    groups = []
    i = length - 1
    while i > 0:
        product, j = 1, i
        while j > 0 and product * (j + 1) < 1 << 62:
            product *= j + 1
            j -= 1
        groups.append((i, j, product))
        i = j
    return tuple(groups)


_PLANS: dict[int, tuple[tuple[int, int, int], ...]] = {}


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
    x = seeded_int(seed, *parts)
    for first, last, product in plan:
        x, chunk = divmod(x, product)
        for i in range(first, last, -1):
            chunk, j = divmod(chunk, i + 1)
            out[i], out[j] = out[j], out[i]
    return out


def seeded_below(bound: int, seed: int, *parts: object) -> int:
    """A number from 0 to ``bound - 1`` drawn from ``seed`` and ``parts``."""
    return seeded_int(seed, *parts) % bound
