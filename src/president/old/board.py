"""The staking board: its eight sections, the two ways of staking, and sharing out chips."""

from __future__ import annotations

from collections.abc import Sequence

SECTIONS: tuple[str, ...] = ("ace", "jack", "intrigue", "queen", "matrimony", "king", "president", "game")
"""The sections of the board, in the order they are shown."""

FIXED_STAKES: dict[str, int] = {
    "ace": 1, "jack": 1, "intrigue": 2, "queen": 1, "matrimony": 2, "king": 1, "president": 4, "game": 1,
}
"""Staking method (b): four on president, two on matrimony and intrigue, one on every other section."""

STAKINGS = ("fixed", "equal")
"""The two staking methods: ``fixed`` is :data:`FIXED_STAKES`, ``equal`` spreads an agreed amount evenly."""


def stakes(staking: str, stake: int) -> dict[str, int]:
    """The chips one player puts on each section at the start of a deal.

    ``equal`` spreads ``stake`` chips evenly over the eight sections (``stake`` must be a positive multiple of
    eight); ``fixed`` ignores ``stake`` and uses :data:`FIXED_STAKES`.
    """
    if staking == "fixed":
        return dict(FIXED_STAKES)
    if staking == "equal":
        if stake <= 0 or stake % len(SECTIONS):
            raise ValueError(f"an equal stake is spread over {len(SECTIONS)} sections, so it must be a "
                             f"positive multiple of {len(SECTIONS)}, not {stake}")
        return {section: stake // len(SECTIONS) for section in SECTIONS}
    raise ValueError(f"staking must be one of {', '.join(STAKINGS)}, not {staking!r}")


def split(chips: int, takers: Sequence[int]) -> list[tuple[int, int]]:
    """Share ``chips`` among ``takers`` (seats, in order of priority) as evenly as chips allow.

    Each taker gets the same whole number of chips and the odd chips go one each to the first takers. A seat
    named twice receives both shares, so one player holding both cards of a split takes the whole section.
    Returns ``(seat, chips)`` pairs in order, one per distinct seat, leaving out nobody.
    """
    if not takers:
        raise ValueError("chips cannot be shared among nobody")
    share, odd = divmod(chips, len(takers))
    totals: dict[int, int] = {}
    for index, seat in enumerate(takers):
        totals[seat] = totals.get(seat, 0) + share + (1 if index < odd else 0)
    return list(totals.items())
