"""Statistics of the arena: a mean per deal with its 95% interval, computed over independent matches.

Deals of one match are not independent (the same decks are replayed with the
players rotated, and the exchange ties each deal to the one before), so the
sampling unit is the match: match ``m`` gives a player ``points[m]`` points over
``deals[m]`` deals, all seatings together. The mean per deal is the ratio
``sum(points) / sum(deals)``; its standard error is the usual one of a ratio
estimator over the matches, and the interval uses Student's t with
``matches - 1`` degrees of freedom.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist
from typing import NamedTuple

_T975_SMALL = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060)
"""Exact 97.5% quantiles of Student's t for 1 to 8 degrees of freedom."""


def t_quantile_975(dof: int) -> float:
    """The 97.5% quantile of Student's t with ``dof`` degrees of freedom (within 1e-3 of the exact value)."""
    if dof < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    if dof <= len(_T975_SMALL):
        return _T975_SMALL[dof - 1]
    z = NormalDist().inv_cdf(0.975)
    # Cornish-Fisher expansion of t in powers of 1/dof.
    z3, z5, z7 = z**3, z**5, z**7
    return (
        z
        + (z3 + z) / (4 * dof)
        + (5 * z5 + 16 * z3 + 3 * z) / (96 * dof**2)
        + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * dof**3)
    )


class Interval(NamedTuple):
    """A mean with its 95% confidence interval (``low`` and ``high`` are None with fewer than 2 matches)."""

    mean: float
    low: float | None
    high: float | None

    @property
    def half_width(self) -> float | None:
        """Half the width of the interval, or None."""
        if self.low is None or self.high is None:
            return None
        return (self.high - self.low) / 2


def ratio_interval(points: Sequence[float], deals: Sequence[int]) -> Interval:
    """Mean points per deal over matches with ``points[m]`` points in ``deals[m]`` deals, and its 95% interval."""
    if len(points) != len(deals):
        raise ValueError("points and deals must have one entry per match")
    total_deals = sum(deals)
    if not total_deals:
        raise ValueError("no deals")
    mean = sum(points) / total_deals
    matches = len(points)
    if matches < 2:
        return Interval(mean, None, None)
    mean_deals = total_deals / matches
    spread = sum((p - mean * d) ** 2 for p, d in zip(points, deals, strict=True))
    error = math.sqrt(spread / (matches * (matches - 1))) / mean_deals
    half = t_quantile_975(matches - 1) * error
    return Interval(mean, mean - half, mean + half)
